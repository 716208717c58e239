//! The complaint row of the contract (docs/complaints.md "Shapes"), read
//! from `rm_complaints` joined with the type's names and the parties'
//! names (never their contact data).

use platform::lang::Lang;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::routes::bookings::rows::AmountView;

/// Columns of [`ComplaintRecord`]; `c` is `rm_complaints`.
pub const SELECT: &str =
    "SELECT c.id, c.author_id, c.author_role, c.respondent_id, c.respondent_role,
        c.booking_id, c.booking_start, c.type_id, c.status, c.desired_outcome, c.favour,
        c.refund_minor, c.refund_currency, c.suspend_consultant, c.filed_at, c.updated_at,
        c.closed_at, c.subject, c.text_subject, c.text_key, c.awaiting_complainant,
        c.awaiting_respondent, c.open_rank, c.sort_at,
        t.name_fr AS type_name_fr, t.name_en AS type_name_en,
        a.given_name AS author_given, a.family_name AS author_family,
        r.given_name AS respondent_given, r.family_name AS respondent_family
     FROM rm_complaints c
     LEFT JOIN rm_reference t ON t.item_id = c.type_id
     LEFT JOIN rm_accounts a ON a.account_id = c.author_id
     LEFT JOIN rm_accounts r ON r.account_id = c.respondent_id";

/// `FROM` of the counts (the filters only read `c`).
pub const FROM: &str = "FROM rm_complaints c";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ComplaintRecord {
    pub id: String,
    pub author_id: String,
    pub author_role: String,
    pub respondent_id: Option<String>,
    pub respondent_role: Option<String>,
    pub booking_id: Option<String>,
    pub booking_start: Option<String>,
    pub type_id: String,
    pub status: String,
    pub desired_outcome: Option<String>,
    pub favour: Option<String>,
    pub refund_minor: Option<i64>,
    pub refund_currency: Option<String>,
    pub suspend_consultant: i64,
    pub filed_at: String,
    pub updated_at: String,
    pub closed_at: Option<String>,
    pub subject: String,
    pub text_subject: String,
    pub text_key: String,
    pub awaiting_complainant: i64,
    pub awaiting_respondent: i64,
    pub open_rank: i64,
    pub sort_at: i64,
    pub type_name_fr: Option<String>,
    pub type_name_en: Option<String>,
    pub author_given: Option<String>,
    pub author_family: Option<String>,
    pub respondent_given: Option<String>,
    pub respondent_family: Option<String>,
}

/// Who reads a complaint: one of its parties, or an administrator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    Party(Uuid),
    Admin,
}

/// How the caller stands in a complaint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    Author,
    Respondent,
    Admin,
}

impl ComplaintRecord {
    /// The caller's standing, `None` when it is not a party.
    pub fn standing(&self, viewer: Viewer) -> Option<Standing> {
        match viewer {
            Viewer::Admin => Some(Standing::Admin),
            Viewer::Party(id) if self.author_id == id.to_string() => Some(Standing::Author),
            Viewer::Party(id) if self.respondent_id.as_deref() == Some(&id.to_string()) => {
                Some(Standing::Respondent)
            }
            Viewer::Party(_) => None,
        }
    }

    pub fn is_open(&self) -> bool {
        self.open_rank == 0
    }

    pub fn type_name(&self, lang: Lang) -> String {
        let (first, second) = match lang {
            Lang::Fr => (&self.type_name_fr, &self.type_name_en),
            Lang::En => (&self.type_name_en, &self.type_name_fr),
        };
        first.clone().or_else(|| second.clone()).unwrap_or_default()
    }

    pub fn author_name(&self) -> String {
        name(self.author_given.as_deref(), self.author_family.as_deref())
    }

    pub fn respondent_name(&self) -> String {
        name(
            self.respondent_given.as_deref(),
            self.respondent_family.as_deref(),
        )
    }

    pub fn row(&self, viewer: Viewer, lang: Lang) -> ComplaintRow {
        let awaiting = self.is_open()
            && match self.standing(viewer) {
                Some(Standing::Author) => self.awaiting_complainant > 0,
                Some(Standing::Respondent) => self.awaiting_respondent > 0,
                _ => self.awaiting_complainant + self.awaiting_respondent > 0,
            };
        ComplaintRow {
            id: self.id.clone(),
            status: self.status.clone(),
            complaint_type: TypeRef {
                id: self.type_id.clone(),
                name: self.type_name(lang),
            },
            subject: self.subject.clone(),
            author: ComplaintParty {
                id: self.author_id.clone(),
                name: self.author_name(),
                role: self.author_role.clone(),
            },
            respondent: self.respondent_id.clone().map(|id| ComplaintParty {
                id,
                name: self.respondent_name(),
                role: self.respondent_role.clone().unwrap_or_default(),
            }),
            booking: self.booking_id.clone().map(|id| BookingRef {
                id,
                start: self.booking_start.clone(),
            }),
            desired_outcome: self.desired_outcome.clone(),
            favour: self.favour.clone(),
            filed_at: self.filed_at.clone(),
            updated_at: self.updated_at.clone(),
            closed_at: self.closed_at.clone(),
            awaiting_information: awaiting,
        }
    }

    pub fn refund(&self) -> Option<AmountView> {
        self.refund_minor
            .zip(self.refund_currency.clone())
            .map(|(amount_minor, currency)| AmountView {
                amount_minor,
                currency,
            })
    }
}

/// "Given Family"; `[erased]` once forgotten (both names read so).
pub fn name(given: Option<&str>, family: Option<&str>) -> String {
    match (given, family) {
        (Some(given), Some(family)) if given == family => given.to_owned(),
        (given, family) => format!(
            "{} {}",
            given.unwrap_or_default(),
            family.unwrap_or_default()
        )
        .trim()
        .to_owned(),
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TypeRef {
    pub id: String,
    /// In the request's language.
    pub name: String,
}

/// A party: its name only, never its contact data.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ComplaintParty {
    pub id: String,
    pub name: String,
    /// `client` or `consultant`.
    pub role: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BookingRef {
    pub id: String,
    pub start: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ComplaintRow {
    pub id: String,
    /// `submitted`, `in_review`, `decided`, `dismissed` or `withdrawn`.
    pub status: String,
    #[serde(rename = "type")]
    pub complaint_type: TypeRef,
    pub subject: String,
    pub author: ComplaintParty,
    /// `null` for a complaint about the platform.
    pub respondent: Option<ComplaintParty>,
    pub booking: Option<BookingRef>,
    /// `refund`, `apology` or `other`.
    pub desired_outcome: Option<String>,
    /// `complainant`, `respondent` or `neither`, once decided.
    pub favour: Option<String>,
    pub filed_at: String,
    pub updated_at: String,
    pub closed_at: Option<String>,
    /// An information request awaits an answer (for a party: addressed to it).
    pub awaiting_information: bool,
}
