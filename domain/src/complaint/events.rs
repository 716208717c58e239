use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::account::PayloadRef;
use crate::codec::EventSchema;
use crate::values::{FileRef, Money};

/// Which side of a booking a party of a complaint is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ComplaintRole {
    Client,
    Consultant,
}

impl ComplaintRole {
    pub fn as_str(self) -> &'static str {
        match self {
            ComplaintRole::Client => "client",
            ComplaintRole::Consultant => "consultant",
        }
    }
    /// The other side of a booking.
    pub fn other(self) -> Self {
        match self {
            ComplaintRole::Client => ComplaintRole::Consultant,
            ComplaintRole::Consultant => ComplaintRole::Client,
        }
    }
}

/// In whose favour a complaint was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Favour {
    Complainant,
    Respondent,
    Neither,
}

impl Favour {
    pub fn as_str(self) -> &'static str {
        match self {
            Favour::Complainant => "complainant",
            Favour::Respondent => "respondent",
            Favour::Neither => "neither",
        }
    }
}

/// What the author would like to come of the complaint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum DesiredOutcome {
    Refund,
    Apology,
    Other,
}

impl DesiredOutcome {
    pub fn as_str(self) -> &'static str {
        match self {
            DesiredOutcome::Refund => "refund",
            DesiredOutcome::Apology => "apology",
            DesiredOutcome::Other => "other",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        [
            DesiredOutcome::Refund,
            DesiredOutcome::Apology,
            DesiredOutcome::Other,
        ]
        .into_iter()
        .find(|o| o.as_str() == raw)
    }
}

/// To whom an administrator's request for information is addressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum InfoParty {
    Complainant,
    Respondent,
}

impl InfoParty {
    pub fn as_str(self) -> &'static str {
        match self {
            InfoParty::Complainant => "complainant",
            InfoParty::Respondent => "respondent",
        }
    }
}

/// One complaint's life, `complaint-{complaint id}` (docs/complaints.md).
/// Texts are never in the events: they are payload references (subject =
/// the person the text is about or addressed to). Who did each step is in
/// the event metadata (`actor_id`, `actor_role`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum ComplaintEvent {
    /// Status `submitted`. `text` is `{subject, description}` (subject = the
    /// author); `respondent_*` and `booking_*` are `None` for a complaint
    /// about the platform itself.
    ComplaintFiled {
        complaint_id: Uuid,
        author_id: Uuid,
        author_role: ComplaintRole,
        respondent_id: Option<Uuid>,
        respondent_role: Option<ComplaintRole>,
        booking_id: Option<Uuid>,
        booking_start: Option<DateTime<Utc>>,
        complaint_type_id: Uuid,
        desired_outcome: Option<DesiredOutcome>,
        text: PayloadRef,
        attachments: Vec<FileRef>,
        at: DateTime<Utc>,
    },
    /// Status `withdrawn` (by the author).
    ComplaintWithdrawn { at: DateTime<Utc> },
    /// Status `in_review` (by an administrator).
    ComplaintReviewStarted { at: DateTime<Utc> },
    /// An administrator asks one party a question (`text`: subject = that party).
    InformationRequested {
        request_id: Uuid,
        party: InfoParty,
        party_id: Uuid,
        text: PayloadRef,
        at: DateTime<Utc>,
    },
    /// The addressed party answers request `request_id`.
    InformationProvided {
        request_id: Uuid,
        text: PayloadRef,
        attachments: Vec<FileRef>,
        at: DateTime<Utc>,
    },
    /// The respondent's one statement.
    StatementSubmitted {
        text: PayloadRef,
        attachments: Vec<FileRef>,
        at: DateTime<Utc>,
    },
    /// Status `decided`. `refund` only when the author is the client of a
    /// paid booking and the favour is the complainant's.
    ComplaintDecided {
        favour: Favour,
        resolution: PayloadRef,
        refund: Option<Money>,
        suspend_consultant: bool,
        at: DateTime<Utc>,
    },
    /// Status `dismissed`.
    ComplaintDismissed {
        reason: PayloadRef,
        at: DateTime<Utc>,
    },
}

impl EventSchema for ComplaintEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

/// Whether an author has an open complaint about a booking,
/// `complaintopen-{uuid v5(author, booking)}`: appended atomically with the
/// filing and with every closing event, so two racing filings cannot both win.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum ComplaintOpenEvent {
    OpenComplaintFiled { complaint_id: Uuid },
    OpenComplaintClosed { complaint_id: Uuid },
}

impl EventSchema for ComplaintOpenEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}
