use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::state::{Complaint, ComplaintInfo, ComplaintStatus, OpenComplaint};
use super::{ComplaintEvent, ComplaintOpenEvent, ComplaintRole, DesiredOutcome, Favour, InfoParty};
use crate::account::PayloadRef;
use crate::booking::{BookingInfo, BookingStatus, check_refund};
use crate::reference::ItemInfo;
use crate::values::{FileKind, FileLookup, FileRef, Money, text};
use crate::{DomainError, FieldError, FieldErrors, RuleCode};

/// Bounds of the texts, in characters (docs/complaints.md).
pub const SUBJECT_CHARS: (usize, usize) = (3, 200);
pub const DESCRIPTION_CHARS: (usize, usize) = (10, 5000);
pub const STATEMENT_CHARS: (usize, usize) = (10, 5000);
pub const ANSWER_CHARS: (usize, usize) = (3, 5000);
pub const QUESTION_CHARS: (usize, usize) = (3, 2000);
pub const RESOLUTION_CHARS: (usize, usize) = (3, 5000);
pub const REASON_CHARS: (usize, usize) = (3, 2000);
/// At most this many attachments to a complaint, a statement or an answer.
pub const MAX_ATTACHMENTS: usize = 5;

/// Events of one decision: the complaint's and, for a complaint about a
/// booking, its author's `complaintopen` stream's (appended together).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ComplaintDecision {
    pub complaint: Vec<ComplaintEvent>,
    pub open: Vec<ComplaintOpenEvent>,
}

// Where each text lives in the forgettable payload store. The filing's text
// is the JSON object `{subject, description}`; every other text a JSON string.

/// The filing's `{subject, description}`, subject = the author.
pub fn text_ref(complaint_id: Uuid, author_id: Uuid) -> PayloadRef {
    PayloadRef {
        subject: author_id,
        key: format!("complaint-{complaint_id}"),
    }
}

/// The respondent's statement, subject = the respondent.
pub fn statement_ref(complaint_id: Uuid, respondent_id: Uuid) -> PayloadRef {
    PayloadRef {
        subject: respondent_id,
        key: format!("complaint-{complaint_id}-statement"),
    }
}

/// An administrator's question, subject = the party asked.
pub fn question_ref(complaint_id: Uuid, request_id: Uuid, party_id: Uuid) -> PayloadRef {
    PayloadRef {
        subject: party_id,
        key: format!("complaint-{complaint_id}-request-{request_id}"),
    }
}

/// A party's answer, subject = that party.
pub fn answer_ref(complaint_id: Uuid, request_id: Uuid, party_id: Uuid) -> PayloadRef {
    PayloadRef {
        subject: party_id,
        key: format!("complaint-{complaint_id}-answer-{request_id}"),
    }
}

/// The decision's resolution, subject = the author.
pub fn resolution_ref(complaint_id: Uuid, author_id: Uuid) -> PayloadRef {
    PayloadRef {
        subject: author_id,
        key: format!("complaint-{complaint_id}-resolution"),
    }
}

/// The dismissal's reason, subject = the author.
pub fn dismissal_ref(complaint_id: Uuid, author_id: Uuid) -> PayloadRef {
    PayloadRef {
        subject: author_id,
        key: format!("complaint-{complaint_id}-dismissal"),
    }
}

fn bounded(raw: &str, (min, max): (usize, usize), multi_line: bool) -> Result<String, FieldError> {
    let text = if multi_line {
        text::paragraph(raw, max)?
    } else {
        text::line(raw, max)?
    };
    if text.chars().count() < min {
        return Err(FieldError::new("field.too_short").with("min", min));
    }
    Ok(text)
}

/// A multi-line text of `field` within `bounds`.
pub fn parse_text(field: &str, raw: &str, bounds: (usize, usize)) -> Result<String, DomainError> {
    bounded(raw, bounds, true).map_err(|e| DomainError::field(field, e))
}

/// Attachments named by their upload keys: at most [`MAX_ATTACHMENTS`],
/// each uploaded by `owner` and fit for [`FileKind::ComplaintAttachment`]
/// (type and size as found at upload). A key named twice counts once.
pub fn parse_attachments(
    keys: &[String],
    owner: Uuid,
    files: &dyn FileLookup,
) -> Result<Vec<FileRef>, FieldError> {
    let mut unique: Vec<&str> = Vec::new();
    for key in keys {
        let key = key.trim();
        if !unique.contains(&key) {
            unique.push(key);
        }
    }
    if unique.len() > MAX_ATTACHMENTS {
        return Err(FieldError::new("list.too_many").with("max", MAX_ATTACHMENTS));
    }
    unique
        .into_iter()
        .map(|key| FileRef::resolve(key, FileKind::ComplaintAttachment, owner, files))
        .collect()
}

/// A filing's checked fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Filing {
    pub subject: String,
    pub description: String,
    pub desired_outcome: Option<DesiredOutcome>,
    pub attachments: Vec<FileRef>,
}

/// Checks a filing's fields; `complaint_type` is the chosen type as loaded
/// (`None` when unknown): it must not be in the trash.
pub fn parse_filing(
    subject: &str,
    description: &str,
    desired_outcome: Option<&str>,
    attachment_keys: &[String],
    complaint_type: Option<ItemInfo>,
    author_id: Uuid,
    files: &dyn FileLookup,
) -> Result<Filing, DomainError> {
    let mut errors = FieldErrors::default();
    if !complaint_type.is_some_and(|t| t.active) {
        errors.add("complaint_type_id", FieldError::new("reference.invalid"));
    }
    let subject = errors.check("subject", bounded(subject, SUBJECT_CHARS, false));
    let description = errors.check("description", bounded(description, DESCRIPTION_CHARS, true));
    let desired_outcome = errors.check(
        "desired_outcome",
        desired_outcome
            .map(str::trim)
            .filter(|raw| !raw.is_empty())
            .map(|raw| DesiredOutcome::parse(raw).ok_or_else(|| FieldError::new("field.invalid")))
            .transpose(),
    );
    let attachments = errors.check(
        "attachments",
        parse_attachments(attachment_keys, author_id, files),
    );
    errors.into_result()?;
    Ok(Filing {
        subject: subject.unwrap_or_default(),
        description: description.unwrap_or_default(),
        desired_outcome: desired_outcome.flatten(),
        attachments: attachments.unwrap_or_default(),
    })
}

/// What a filing is decided against, as the command loaded it.
pub struct FilingContext<'a> {
    pub complaint_id: Uuid,
    pub author_id: Uuid,
    pub author_role: ComplaintRole,
    pub complaint_type_id: Uuid,
    /// The named booking (`None` for a complaint about the platform); the
    /// inner `None` when no such booking exists.
    pub booking: Option<Option<&'a BookingInfo>>,
    /// The author's `complaintopen` stream for that booking.
    pub open: &'a OpenComplaint,
}

/// Files a complaint (docs/rules.md "Complaints"): about one of the
/// author's own bookings that was confirmed (the respondent is its other
/// party), or about the platform (no booking, no respondent). One open
/// complaint per author and booking.
pub fn file(
    context: &FilingContext<'_>,
    filing: Filing,
    now: DateTime<Utc>,
) -> Result<ComplaintDecision, DomainError> {
    let Filing {
        attachments,
        desired_outcome,
        ..
    } = filing;
    let mut decision = ComplaintDecision::default();
    let (respondent, booking) = match context.booking {
        None => (None, None),
        Some(booking) => {
            let info = booking.ok_or(DomainError::Rule(RuleCode::NotFound))?;
            let respondent = match context.author_role {
                ComplaintRole::Client if info.client_id == context.author_id => info.consultant_id,
                ComplaintRole::Consultant if info.consultant_id == context.author_id => {
                    info.client_id
                }
                _ => return Err(DomainError::Rule(RuleCode::NotFound)),
            };
            let eligible = match info.status {
                BookingStatus::Confirmed | BookingStatus::Completed | BookingStatus::NoShow => true,
                BookingStatus::Cancelled => info.was_confirmed,
                BookingStatus::Held | BookingStatus::Expired => false,
            };
            if !eligible {
                return Err(DomainError::Rule(RuleCode::ComplaintBookingNotEligible));
            }
            if context.open.open.is_some() {
                return Err(DomainError::Rule(RuleCode::ComplaintAlreadyOpen));
            }
            decision.open.push(ComplaintOpenEvent::OpenComplaintFiled {
                complaint_id: context.complaint_id,
            });
            (Some(respondent), Some(info))
        }
    };
    decision.complaint.push(ComplaintEvent::ComplaintFiled {
        complaint_id: context.complaint_id,
        author_id: context.author_id,
        author_role: context.author_role,
        respondent_id: respondent,
        respondent_role: respondent.map(|_| context.author_role.other()),
        booking_id: booking.map(|b| b.booking_id),
        booking_start: booking.map(|b| b.start),
        complaint_type_id: context.complaint_type_id,
        desired_outcome,
        text: text_ref(context.complaint_id, context.author_id),
        attachments,
        at: now,
    });
    Ok(decision)
}

fn existing(complaint: &Complaint) -> Result<&ComplaintInfo, DomainError> {
    complaint
        .info()
        .ok_or(DomainError::Rule(RuleCode::NotFound))
}

/// The complaint if `caller` is one of its parties (else not found, as for anyone else).
pub fn visible_to(complaint: &Complaint, caller: Uuid) -> Result<&ComplaintInfo, DomainError> {
    let info = existing(complaint)?;
    info.party_of(caller)
        .map(|_| info)
        .ok_or(DomainError::Rule(RuleCode::NotFound))
}

fn open(info: &ComplaintInfo) -> Result<(), DomainError> {
    if info.status.is_open() {
        Ok(())
    } else {
        Err(DomainError::Rule(RuleCode::ComplaintClosed))
    }
}

/// The closing of the author's open complaint about the booking, if any.
fn close(info: &ComplaintInfo) -> Vec<ComplaintOpenEvent> {
    info.booking_id
        .map(|_| ComplaintOpenEvent::OpenComplaintClosed {
            complaint_id: info.complaint_id,
        })
        .into_iter()
        .collect()
}

/// Deciding, dismissing or asking straight from `submitted` starts the review.
fn start_if_submitted(info: &ComplaintInfo, now: DateTime<Utc>, events: &mut Vec<ComplaintEvent>) {
    if info.status == ComplaintStatus::Submitted {
        events.push(ComplaintEvent::ComplaintReviewStarted { at: now });
    }
}

/// The author withdraws the complaint, until it is decided or dismissed.
pub fn withdraw(
    complaint: &Complaint,
    caller: Uuid,
    now: DateTime<Utc>,
) -> Result<ComplaintDecision, DomainError> {
    let info = visible_to(complaint, caller)?;
    if info.author_id != caller {
        return Err(DomainError::Rule(RuleCode::NotFound));
    }
    open(info)?;
    Ok(ComplaintDecision {
        complaint: vec![ComplaintEvent::ComplaintWithdrawn { at: now }],
        open: close(info),
    })
}

/// An administrator starts the review (submitted → in review); again is a no-op.
pub fn start_review(
    complaint: &Complaint,
    now: DateTime<Utc>,
) -> Result<Vec<ComplaintEvent>, DomainError> {
    let info = existing(complaint)?;
    open(info)?;
    let mut events = Vec::new();
    start_if_submitted(info, now, &mut events);
    Ok(events)
}

/// An administrator asks one party a question; the text is stored under
/// [`question_ref`]. The respondent can be asked only when there is one.
pub fn request_information(
    complaint: &Complaint,
    request_id: Uuid,
    party: InfoParty,
    now: DateTime<Utc>,
) -> Result<Vec<ComplaintEvent>, DomainError> {
    let info = existing(complaint)?;
    open(info)?;
    let party_id = match party {
        InfoParty::Complainant => info.author_id,
        InfoParty::Respondent => info
            .respondent_id
            .ok_or_else(|| DomainError::field("party", FieldError::new("field.invalid")))?,
    };
    let mut events = Vec::new();
    start_if_submitted(info, now, &mut events);
    events.push(ComplaintEvent::InformationRequested {
        request_id,
        party,
        party_id,
        text: question_ref(info.complaint_id, request_id, party_id),
        at: now,
    });
    Ok(events)
}

/// The party a request was addressed to answers it, once, while the
/// complaint is open; the text is stored under [`answer_ref`].
pub fn provide_information(
    complaint: &Complaint,
    caller: Uuid,
    request_id: Uuid,
    attachments: Vec<FileRef>,
    now: DateTime<Utc>,
) -> Result<Vec<ComplaintEvent>, DomainError> {
    let info = visible_to(complaint, caller)?;
    open(info)?;
    let pending = info
        .requests
        .iter()
        .any(|r| r.request_id == request_id && r.party_id == caller && !r.answered);
    if !pending {
        return Err(DomainError::Rule(RuleCode::InformationNotRequested));
    }
    Ok(vec![ComplaintEvent::InformationProvided {
        request_id,
        text: answer_ref(info.complaint_id, request_id, caller),
        attachments,
        at: now,
    }])
}

/// The respondent's one statement, while the complaint is open; the text
/// is stored under [`statement_ref`].
pub fn submit_statement(
    complaint: &Complaint,
    caller: Uuid,
    attachments: Vec<FileRef>,
    now: DateTime<Utc>,
) -> Result<Vec<ComplaintEvent>, DomainError> {
    let info = visible_to(complaint, caller)?;
    if info.respondent_id != Some(caller) {
        return Err(DomainError::Rule(RuleCode::NotFound));
    }
    open(info)?;
    if info.statement_submitted {
        return Err(DomainError::Rule(RuleCode::StatementAlreadySubmitted));
    }
    Ok(vec![ComplaintEvent::StatementSubmitted {
        text: statement_ref(info.complaint_id, caller),
        attachments,
        at: now,
    }])
}

/// An administrator's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub favour: Favour,
    /// Minor units, in the booking's currency.
    pub refund_minor: Option<i64>,
    pub suspend_consultant: bool,
}

/// Decides an open complaint; the resolution is stored under
/// [`resolution_ref`]. A refund only for a decision in favour of an author
/// who is the client of a paid booking (`booking`, as loaded), within what
/// was paid less what was already refunded. Suspending needs a consultant
/// among the parties (the command suspends through `domain::consultant`).
pub fn decide(
    complaint: &Complaint,
    verdict: Verdict,
    booking: Option<&BookingInfo>,
    now: DateTime<Utc>,
) -> Result<ComplaintDecision, DomainError> {
    let info = existing(complaint)?;
    open(info)?;
    if verdict.suspend_consultant && info.consultant_id().is_none() {
        return Err(DomainError::field(
            "suspend_consultant",
            FieldError::new("field.invalid"),
        ));
    }
    let refund = match verdict.refund_minor {
        None => None,
        Some(minor) => {
            if minor <= 0 {
                return Err(DomainError::field(
                    "refund.amount_minor",
                    FieldError::new("field.invalid"),
                ));
            }
            let booking = booking
                .filter(|b| {
                    verdict.favour == Favour::Complainant
                        && info.author_role == ComplaintRole::Client
                        && info.booking_id == Some(b.booking_id)
                        && b.client_id == info.author_id
                        && b.paid().minor > 0
                })
                .ok_or(DomainError::Rule(RuleCode::RefundNotAllowed))?;
            let amount = Money {
                minor,
                currency: booking.paid().currency,
            };
            check_refund(booking, amount)?;
            Some(amount)
        }
    };
    let mut events = Vec::new();
    start_if_submitted(info, now, &mut events);
    events.push(ComplaintEvent::ComplaintDecided {
        favour: verdict.favour,
        resolution: resolution_ref(info.complaint_id, info.author_id),
        refund,
        suspend_consultant: verdict.suspend_consultant,
        at: now,
    });
    Ok(ComplaintDecision {
        complaint: events,
        open: close(info),
    })
}

/// Dismisses an open complaint; the reason is stored under [`dismissal_ref`].
pub fn dismiss(
    complaint: &Complaint,
    now: DateTime<Utc>,
) -> Result<ComplaintDecision, DomainError> {
    let info = existing(complaint)?;
    open(info)?;
    let mut events = Vec::new();
    start_if_submitted(info, now, &mut events);
    events.push(ComplaintEvent::ComplaintDismissed {
        reason: dismissal_ref(info.complaint_id, info.author_id),
        at: now,
    });
    Ok(ComplaintDecision {
        complaint: events,
        open: close(info),
    })
}
