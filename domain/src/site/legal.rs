//! The terms and the privacy policy, versioned (docs/rules.md "Static pages
//! and legal texts"). Each document is one stream, `legal-{kind}`. A
//! version carries both languages and a date from which it is in force;
//! the version in force at a moment is the latest one dated at or before
//! it, so a version can be scheduled. A version never changes once
//! published: what a person accepted stays readable as they read it. One
//! not yet in force can be trashed (and restored while its date is ahead);
//! one in force cannot, it is a record. Before any publication the built-in
//! texts are version [`INITIAL_VERSION`], in force since 2026-01-01.

use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use serde::{Deserialize, Serialize};
use strum::{EnumIter, IntoEnumIterator};

use super::{SiteTexts, defaults};
use crate::codec::EventSchema;
use crate::{DomainError, FieldError, FieldErrors, RuleCode};

pub const CATEGORY: &str = "legal";
/// The built-in texts' version, the one accepted at sign-up before any publication.
pub const INITIAL_VERSION: &str = "2026-01";
/// How far ahead a version may be scheduled.
const DAYS_AHEAD: i64 = 366;
/// A date this close before now, typed into a form a moment ago, means now.
const GRACE: TimeDelta = TimeDelta::minutes(5);
/// Versions are named after the day they come into force, in France.
const HOME_ZONE: chrono_tz::Tz = chrono_tz::Europe::Paris;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, EnumIter)]
#[serde(rename_all = "lowercase")]
pub enum LegalKind {
    Terms,
    Privacy,
}

impl LegalKind {
    pub fn as_str(self) -> &'static str {
        match self {
            LegalKind::Terms => "terms",
            LegalKind::Privacy => "privacy",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        LegalKind::iter().find(|kind| kind.as_str() == raw)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum LegalEvent {
    LegalVersionPublished {
        kind: LegalKind,
        version: String,
        effective_at: DateTime<Utc>,
        texts: SiteTexts,
        at: DateTime<Utc>,
    },
    LegalVersionTrashed {
        kind: LegalKind,
        version: String,
        at: DateTime<Utc>,
    },
    LegalVersionRestored {
        kind: LegalKind,
        version: String,
        at: DateTime<Utc>,
    },
}

impl EventSchema for LegalEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalVersion {
    pub version: String,
    pub effective_at: DateTime<Utc>,
    pub texts: SiteTexts,
    pub trashed: bool,
}

/// A document's versions, the built-in one first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalDocument {
    pub kind: LegalKind,
    pub versions: Vec<LegalVersion>,
}

/// When the built-in version came into force.
pub fn initial_effective_at() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0)
        .single()
        .unwrap_or(DateTime::<Utc>::MIN_UTC)
}

impl LegalDocument {
    pub fn new(kind: LegalKind) -> Self {
        LegalDocument {
            kind,
            versions: vec![LegalVersion {
                version: INITIAL_VERSION.into(),
                effective_at: initial_effective_at(),
                texts: defaults::legal(kind).clone(),
                trashed: false,
            }],
        }
    }

    pub fn evolve(mut self, event: &LegalEvent) -> Self {
        match event {
            LegalEvent::LegalVersionPublished {
                version,
                effective_at,
                texts,
                ..
            } => self.versions.push(LegalVersion {
                version: version.clone(),
                effective_at: *effective_at,
                texts: texts.clone(),
                trashed: false,
            }),
            LegalEvent::LegalVersionTrashed { version, .. }
            | LegalEvent::LegalVersionRestored { version, .. } => {
                let trashed = matches!(event, LegalEvent::LegalVersionTrashed { .. });
                self.versions
                    .iter_mut()
                    .filter(|v| v.version == *version)
                    .for_each(|v| v.trashed = trashed);
            }
        }
        self
    }

    /// The version in force at `now`: the latest one dated at or before it.
    pub fn in_force(&self, now: DateTime<Utc>) -> &LegalVersion {
        in_force(
            self.versions.iter().map(|v| (v, v.effective_at, v.trashed)),
            now,
        )
        .unwrap_or(&self.versions[0])
    }

    pub fn find(&self, version: &str) -> Option<&LegalVersion> {
        self.versions.iter().find(|v| v.version == version)
    }
}

/// Of `(item, effective_at, trashed)`, the one in force at `now` (the read
/// side picks among its rows with the same rule).
pub fn in_force<T>(
    versions: impl IntoIterator<Item = (T, DateTime<Utc>, bool)>,
    now: DateTime<Utc>,
) -> Option<T> {
    versions
        .into_iter()
        .filter(|(_, at, trashed)| !trashed && *at <= now)
        .max_by_key(|(_, at, _)| *at)
        .map(|(item, _, _)| item)
}

/// Publishes a new version, in force from `effective_at` (now when `None`):
/// never backdated, at most a year ahead, and not the text of the version
/// it follows. It is named after its first day in France, `2026-12-01`
/// (`2026-12-01-2` for a second one that day).
pub fn publish(
    state: &LegalDocument,
    texts: SiteTexts,
    effective_at: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> Result<Vec<LegalEvent>, DomainError> {
    let effective_at = effective_at.unwrap_or(now);
    let refused = if effective_at < now - GRACE {
        Some(FieldError::new("date.past"))
    } else if effective_at > now + TimeDelta::days(DAYS_AHEAD) {
        Some(FieldError::new("date.too_far").with("days", DAYS_AHEAD))
    } else {
        None
    };
    if let Some(error) = refused {
        let mut errors = FieldErrors::default();
        errors.add("effective_at", error);
        return Err(DomainError::Invalid(errors));
    }
    // A "now" typed into a form a moment ago is now.
    let effective_at = effective_at.max(now);
    if state.in_force(effective_at).texts == texts {
        return Err(DomainError::Rule(RuleCode::LegalTextUnchanged));
    }
    let day = effective_at
        .with_timezone(&HOME_ZONE)
        .date_naive()
        .to_string();
    let version = std::iter::once(day.clone())
        .chain((2..).map(|n| format!("{day}-{n}")))
        .find(|name| state.find(name).is_none())
        .unwrap_or(day);
    Ok(vec![LegalEvent::LegalVersionPublished {
        kind: state.kind,
        version,
        effective_at,
        texts,
        at: now,
    }])
}

/// Trashes (or restores) a version not yet in force; one in force is a
/// record and stays. Doing it twice changes nothing.
pub fn trash_or_restore(
    state: &LegalDocument,
    version: &str,
    trash: bool,
    now: DateTime<Utc>,
) -> Result<Vec<LegalEvent>, DomainError> {
    let found = state
        .find(version)
        .ok_or(DomainError::Rule(RuleCode::NotFound))?;
    if found.trashed == trash {
        return Ok(Vec::new());
    }
    if found.effective_at <= now {
        return Err(DomainError::Rule(RuleCode::LegalVersionInForce));
    }
    let (kind, version) = (state.kind, found.version.clone());
    Ok(vec![if trash {
        LegalEvent::LegalVersionTrashed {
            kind,
            version,
            at: now,
        }
    } else {
        LegalEvent::LegalVersionRestored {
            kind,
            version,
            at: now,
        }
    }])
}

/// The terms and privacy versions in force, as sign-up and booking compare them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InForce {
    pub terms: String,
    pub privacy: String,
}

impl InForce {
    pub fn of(terms: &LegalDocument, privacy: &LegalDocument, now: DateTime<Utc>) -> Self {
        InForce {
            terms: terms.in_force(now).version.clone(),
            privacy: privacy.in_force(now).version.clone(),
        }
    }

    /// Whether a person who accepted these versions has accepted the ones in force.
    pub fn accepted_by(&self, terms: Option<&str>, privacy: Option<&str>) -> bool {
        terms == Some(self.terms.as_str()) && privacy == Some(self.privacy.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::SiteText;

    fn at(day: u32, hour: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, day, hour, 0, 0).unwrap()
    }

    fn texts(body: &str) -> SiteTexts {
        let text = SiteText {
            title: "Conditions".into(),
            description: "Les conditions.".into(),
            body: body.into(),
        };
        SiteTexts {
            fr: text.clone(),
            en: text,
        }
    }

    fn apply(state: LegalDocument, events: Vec<LegalEvent>) -> LegalDocument {
        events.iter().fold(state, LegalDocument::evolve)
    }

    #[test]
    fn the_built_in_version_is_in_force_until_a_publication() {
        let state = LegalDocument::new(LegalKind::Terms);
        assert_eq!(state.in_force(at(1, 9)).version, INITIAL_VERSION);
        assert!(!state.in_force(at(1, 9)).texts.fr.body.is_empty());
        let state = apply(
            state.clone(),
            publish(&state, texts("v2"), None, at(1, 9)).unwrap(),
        );
        assert_eq!(state.in_force(at(1, 9)).version, "2026-12-01");
        assert_eq!(state.in_force(at(1, 8)).version, INITIAL_VERSION);
    }

    #[test]
    fn a_scheduled_version_comes_into_force_on_its_date_and_names_follow_days() {
        let state = LegalDocument::new(LegalKind::Privacy);
        let state = apply(
            state.clone(),
            publish(&state, texts("v2"), Some(at(10, 0)), at(1, 9)).unwrap(),
        );
        assert_eq!(state.in_force(at(9, 22)).version, INITIAL_VERSION);
        // 00:00 UTC is 01:00 in Paris, still the 10th.
        assert_eq!(state.in_force(at(10, 0)).version, "2026-12-10");
        let state = apply(
            state.clone(),
            publish(&state, texts("v3"), Some(at(10, 12)), at(1, 9)).unwrap(),
        );
        assert_eq!(state.in_force(at(10, 13)).version, "2026-12-10-2");
        assert_eq!(
            publish(&state, texts("v3"), Some(at(11, 0)), at(1, 9)).unwrap_err(),
            DomainError::Rule(RuleCode::LegalTextUnchanged)
        );
    }

    #[test]
    fn a_version_is_never_backdated_nor_scheduled_beyond_a_year() {
        let state = LegalDocument::new(LegalKind::Terms);
        assert!(matches!(
            publish(&state, texts("v2"), Some(at(1, 8)), at(1, 9)),
            Err(DomainError::Invalid(_))
        ));
        let far = at(1, 9) + TimeDelta::days(DAYS_AHEAD + 1);
        assert!(matches!(
            publish(&state, texts("v2"), Some(far), at(1, 9)),
            Err(DomainError::Invalid(_))
        ));
        // A moment in the past is now.
        let moment_ago = at(1, 9) - TimeDelta::minutes(2);
        let events = publish(&state, texts("v2"), Some(moment_ago), at(1, 9)).unwrap();
        assert!(matches!(
            &events[0],
            LegalEvent::LegalVersionPublished { effective_at, .. } if *effective_at == at(1, 9)
        ));
    }

    #[test]
    fn only_a_version_not_yet_in_force_is_trashed_or_restored() {
        let state = LegalDocument::new(LegalKind::Terms);
        let state = apply(
            state.clone(),
            publish(&state, texts("v2"), Some(at(10, 0)), at(1, 9)).unwrap(),
        );
        let trashed = trash_or_restore(&state, "2026-12-10", true, at(2, 9)).unwrap();
        let state = apply(state, trashed);
        assert_eq!(state.in_force(at(11, 0)).version, INITIAL_VERSION);
        assert!(
            trash_or_restore(&state, "2026-12-10", true, at(2, 9))
                .unwrap()
                .is_empty()
        );
        assert_eq!(
            trash_or_restore(&state, INITIAL_VERSION, true, at(2, 9)).unwrap_err(),
            DomainError::Rule(RuleCode::LegalVersionInForce)
        );
        assert_eq!(
            trash_or_restore(&state, "2026-12-10", false, at(11, 9)).unwrap_err(),
            DomainError::Rule(RuleCode::LegalVersionInForce)
        );
        let restored = trash_or_restore(&state, "2026-12-10", false, at(3, 9)).unwrap();
        let state = apply(state, restored);
        assert_eq!(state.in_force(at(11, 0)).version, "2026-12-10");
        assert_eq!(
            trash_or_restore(&state, "1999-01-01", true, at(3, 9)).unwrap_err(),
            DomainError::Rule(RuleCode::NotFound)
        );
    }

    #[test]
    fn a_person_has_accepted_only_when_both_versions_in_force_match() {
        let terms = LegalDocument::new(LegalKind::Terms);
        let privacy = LegalDocument::new(LegalKind::Privacy);
        let in_force = InForce::of(&terms, &privacy, at(1, 9));
        assert!(in_force.accepted_by(Some(INITIAL_VERSION), Some(INITIAL_VERSION)));
        assert!(!in_force.accepted_by(Some(INITIAL_VERSION), None));
        assert!(!in_force.accepted_by(Some("2025-01"), Some(INITIAL_VERSION)));
    }
}
