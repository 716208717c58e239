use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{ComplaintEvent, ComplaintOpenEvent, ComplaintRole, DesiredOutcome, Favour, InfoParty};
use crate::values::Money;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ComplaintStatus {
    Submitted,
    InReview,
    Decided,
    Dismissed,
    Withdrawn,
}

impl ComplaintStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ComplaintStatus::Submitted => "submitted",
            ComplaintStatus::InReview => "in_review",
            ComplaintStatus::Decided => "decided",
            ComplaintStatus::Dismissed => "dismissed",
            ComplaintStatus::Withdrawn => "withdrawn",
        }
    }

    /// Submitted or in review: not yet decided, dismissed or withdrawn.
    pub fn is_open(self) -> bool {
        matches!(self, ComplaintStatus::Submitted | ComplaintStatus::InReview)
    }
}

/// An administrator's question to one party.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InfoRequest {
    pub request_id: Uuid,
    pub party: InfoParty,
    pub party_id: Uuid,
    pub answered: bool,
}

/// A complaint as decisions need it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComplaintInfo {
    pub complaint_id: Uuid,
    pub author_id: Uuid,
    pub author_role: ComplaintRole,
    pub respondent_id: Option<Uuid>,
    pub respondent_role: Option<ComplaintRole>,
    pub booking_id: Option<Uuid>,
    pub complaint_type_id: Uuid,
    pub desired_outcome: Option<DesiredOutcome>,
    pub status: ComplaintStatus,
    pub statement_submitted: bool,
    pub requests: Vec<InfoRequest>,
    pub favour: Option<Favour>,
    pub refund: Option<Money>,
    pub suspend_consultant: bool,
    pub filed_at: DateTime<Utc>,
}

impl ComplaintInfo {
    /// Which party `account` is: the author (complainant), the respondent, or neither.
    pub fn party_of(&self, account: Uuid) -> Option<InfoParty> {
        if account == self.author_id {
            Some(InfoParty::Complainant)
        } else if Some(account) == self.respondent_id {
            Some(InfoParty::Respondent)
        } else {
            None
        }
    }

    /// The booking's consultant, when the complaint is about a booking.
    pub fn consultant_id(&self) -> Option<Uuid> {
        if self.author_role == ComplaintRole::Consultant {
            Some(self.author_id)
        } else if self.respondent_role == Some(ComplaintRole::Consultant) {
            self.respondent_id
        } else {
            None
        }
    }

    /// The `complaintopen` entity of the complaint (only about a booking).
    pub fn open_entity(&self) -> Option<Uuid> {
        self.booking_id
            .map(|booking| super::open::open_entity(self.author_id, booking))
    }

    /// The oldest unanswered request addressed to `account`.
    pub fn pending_request_for(&self, account: Uuid) -> Option<&InfoRequest> {
        self.requests
            .iter()
            .find(|r| r.party_id == account && !r.answered)
    }
}

/// Folded from `complaint-{id}`; `None` until filed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Complaint(pub Option<ComplaintInfo>);

impl Complaint {
    pub fn info(&self) -> Option<&ComplaintInfo> {
        self.0.as_ref()
    }

    pub fn evolve(mut self, event: &ComplaintEvent) -> Self {
        if let ComplaintEvent::ComplaintFiled {
            complaint_id,
            author_id,
            author_role,
            respondent_id,
            respondent_role,
            booking_id,
            complaint_type_id,
            desired_outcome,
            at,
            ..
        } = event
        {
            self.0 = Some(ComplaintInfo {
                complaint_id: *complaint_id,
                author_id: *author_id,
                author_role: *author_role,
                respondent_id: *respondent_id,
                respondent_role: *respondent_role,
                booking_id: *booking_id,
                complaint_type_id: *complaint_type_id,
                desired_outcome: *desired_outcome,
                status: ComplaintStatus::Submitted,
                statement_submitted: false,
                requests: Vec::new(),
                favour: None,
                refund: None,
                suspend_consultant: false,
                filed_at: *at,
            });
            return self;
        }
        let Some(info) = self.0.as_mut() else {
            return self;
        };
        match event {
            ComplaintEvent::ComplaintFiled { .. } => {}
            ComplaintEvent::ComplaintWithdrawn { .. } => info.status = ComplaintStatus::Withdrawn,
            ComplaintEvent::ComplaintReviewStarted { .. } => {
                info.status = ComplaintStatus::InReview;
            }
            ComplaintEvent::InformationRequested {
                request_id,
                party,
                party_id,
                ..
            } => {
                info.status = ComplaintStatus::InReview;
                info.requests.push(InfoRequest {
                    request_id: *request_id,
                    party: *party,
                    party_id: *party_id,
                    answered: false,
                });
            }
            ComplaintEvent::InformationProvided { request_id, .. } => {
                if let Some(request) = info
                    .requests
                    .iter_mut()
                    .find(|r| r.request_id == *request_id)
                {
                    request.answered = true;
                }
            }
            ComplaintEvent::StatementSubmitted { .. } => info.statement_submitted = true,
            ComplaintEvent::ComplaintDecided {
                favour,
                refund,
                suspend_consultant,
                ..
            } => {
                info.status = ComplaintStatus::Decided;
                info.favour = Some(*favour);
                info.refund = *refund;
                info.suspend_consultant = *suspend_consultant;
            }
            ComplaintEvent::ComplaintDismissed { .. } => info.status = ComplaintStatus::Dismissed,
        }
        self
    }
}

/// An author's open complaint about one booking, folded from `complaintopen-{…}`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpenComplaint {
    pub open: Option<Uuid>,
}

impl OpenComplaint {
    pub fn evolve(mut self, event: &ComplaintOpenEvent) -> Self {
        match event {
            ComplaintOpenEvent::OpenComplaintFiled { complaint_id } => {
                self.open = Some(*complaint_id);
            }
            ComplaintOpenEvent::OpenComplaintClosed { complaint_id } => {
                if self.open == Some(*complaint_id) {
                    self.open = None;
                }
            }
        }
        self
    }
}
