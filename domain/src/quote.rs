//! Quotes shown on the home page, one a day (spec §2 admin `add-quote`,
//! `edit-quote/{id}/…`, `view-quote`, `view-trash-quote`). Each quote is its
//! own stream, `quote-{id}`: its text in French and English and its
//! author's name. Trashed quotes leave the rotation; restoring brings them
//! back. Quotes are public writing, not personal data.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::codec::EventSchema;
use crate::values::text;
use crate::{DomainError, FieldErrors, RuleCode};

pub const CATEGORY: &str = "quote";
pub const TEXT_MAX: usize = 400;
pub const AUTHOR_MAX: usize = 100;

/// A quote as the editor writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuoteText {
    pub text_fr: String,
    pub text_en: String,
    pub author: String,
}

impl QuoteText {
    /// Checks every field at once.
    pub fn parse(text_fr: &str, text_en: &str, author: &str) -> Result<Self, DomainError> {
        let mut errors = FieldErrors::default();
        let quote = QuoteText {
            text_fr: errors
                .check("text_fr", text::paragraph(text_fr, TEXT_MAX))
                .unwrap_or_default(),
            text_en: errors
                .check("text_en", text::paragraph(text_en, TEXT_MAX))
                .unwrap_or_default(),
            author: errors
                .check("author", text::line(author, AUTHOR_MAX))
                .unwrap_or_default(),
        };
        errors.into_result()?;
        Ok(quote)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum QuoteEvent {
    QuoteAdded {
        quote_id: Uuid,
        quote: QuoteText,
        at: DateTime<Utc>,
    },
    QuoteEdited {
        quote_id: Uuid,
        quote: QuoteText,
        at: DateTime<Utc>,
    },
    QuoteTrashed {
        quote_id: Uuid,
        at: DateTime<Utc>,
    },
    QuoteRestored {
        quote_id: Uuid,
        at: DateTime<Utc>,
    },
}

impl EventSchema for QuoteEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Quote {
    pub id: Option<Uuid>,
    pub quote: Option<QuoteText>,
    pub trashed: bool,
}

impl Quote {
    pub fn evolve(mut self, event: &QuoteEvent) -> Self {
        match event {
            QuoteEvent::QuoteAdded {
                quote_id, quote, ..
            }
            | QuoteEvent::QuoteEdited {
                quote_id, quote, ..
            } => {
                self.id = Some(*quote_id);
                self.quote = Some(quote.clone());
            }
            QuoteEvent::QuoteTrashed { .. } => self.trashed = true,
            QuoteEvent::QuoteRestored { .. } => self.trashed = false,
        }
        self
    }
}

/// Adds a quote (`state` new) or replaces its text; the same text again
/// records nothing; a trashed quote is restored before it is edited.
pub fn write(
    state: &Quote,
    quote_id: Uuid,
    quote: QuoteText,
    now: DateTime<Utc>,
) -> Result<Vec<QuoteEvent>, DomainError> {
    if state.trashed {
        return Err(DomainError::Rule(RuleCode::QuoteTrashed));
    }
    Ok(match &state.quote {
        None => vec![QuoteEvent::QuoteAdded {
            quote_id,
            quote,
            at: now,
        }],
        Some(current) if *current == quote => Vec::new(),
        Some(_) => vec![QuoteEvent::QuoteEdited {
            quote_id,
            quote,
            at: now,
        }],
    })
}

/// Moves a quote to the trash (`trash`) or takes it out; doing it twice
/// changes nothing.
pub fn trash_or_restore(
    state: &Quote,
    trash: bool,
    now: DateTime<Utc>,
) -> Result<Vec<QuoteEvent>, DomainError> {
    let quote_id = state.id.ok_or(DomainError::Rule(RuleCode::NotFound))?;
    Ok(match (trash, state.trashed) {
        (true, false) => vec![QuoteEvent::QuoteTrashed { quote_id, at: now }],
        (false, true) => vec![QuoteEvent::QuoteRestored { quote_id, at: now }],
        _ => Vec::new(),
    })
}

/// Which of `count` quotes (in a stable order) is the quote of `day`: each
/// in turn, the same all day for everyone.
pub fn of_the_day(day: NaiveDate, count: usize) -> Option<usize> {
    let days = day.signed_duration_since(NaiveDate::MIN).num_days();
    (count > 0).then(|| usize::try_from(days).unwrap_or_default() % count)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 27, 9, 0, 0).unwrap()
    }

    fn text(fr: &str) -> QuoteText {
        QuoteText::parse(fr, "The body heals.", "Hippocrate").unwrap()
    }

    #[test]
    fn quotes_are_bounded_and_need_both_languages_and_an_author() {
        let refused = QuoteText::parse(&"x".repeat(TEXT_MAX + 1), " ", "");
        let Err(DomainError::Invalid(errors)) = refused else {
            panic!("{refused:?}")
        };
        let fields: Vec<&str> = errors.0.keys().map(String::as_str).collect();
        assert_eq!(fields, ["author", "text_en", "text_fr"]);
    }

    #[test]
    fn write_trash_restore() {
        let id = Uuid::from_u128(1);
        let added = write(&Quote::default(), id, text("Le corps guérit."), now()).unwrap();
        let state = added.iter().fold(Quote::default(), Quote::evolve);
        assert!(
            write(&state, id, text("Le corps guérit."), now())
                .unwrap()
                .is_empty()
        );
        assert!(matches!(
            write(&state, id, text("La nature guérit."), now())
                .unwrap()
                .as_slice(),
            [QuoteEvent::QuoteEdited { .. }]
        ));
        let trashed = trash_or_restore(&state, true, now()).unwrap();
        let state = trashed.iter().fold(state, Quote::evolve);
        assert!(trash_or_restore(&state, true, now()).unwrap().is_empty());
        assert_eq!(
            write(&state, id, text("Autre."), now()).unwrap_err(),
            DomainError::Rule(RuleCode::QuoteTrashed)
        );
        assert_eq!(trash_or_restore(&state, false, now()).unwrap().len(), 1);
        assert_eq!(
            trash_or_restore(&Quote::default(), true, now()).unwrap_err(),
            DomainError::Rule(RuleCode::NotFound)
        );
    }

    #[test]
    fn each_quote_comes_in_turn_one_a_day() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
        let next = day.succ_opt().unwrap();
        assert_eq!(of_the_day(day, 0), None);
        let today = of_the_day(day, 3).unwrap();
        assert_eq!(of_the_day(next, 3).unwrap(), (today + 1) % 3);
        assert_eq!(of_the_day(day, 1), Some(0));
    }
}
