//! Errors of the domain: a broken rule (stable code) or invalid fields.
//! Services translate the codes; the domain never formats user text.

use std::collections::BTreeMap;

use strum::{EnumIter, IntoStaticStr};

/// One invalid field: a message code from the catalogues plus its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    pub code: &'static str,
    pub args: Vec<(&'static str, String)>,
}

impl FieldError {
    pub fn new(code: &'static str) -> Self {
        Self {
            code,
            args: Vec::new(),
        }
    }
    pub fn with(mut self, name: &'static str, value: impl ToString) -> Self {
        self.args.push((name, value.to_string()));
        self
    }
}

/// Field name → first error found for it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldErrors(pub BTreeMap<String, FieldError>);

impl FieldErrors {
    pub fn add(&mut self, field: &str, error: FieldError) {
        self.0.entry(field.to_owned()).or_insert(error);
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Records the error of `result` under `field` and returns its value.
    pub fn check<T>(&mut self, field: &str, result: Result<T, FieldError>) -> Option<T> {
        result.map_err(|e| self.add(field, e)).ok()
    }
    pub fn into_result(self) -> Result<(), DomainError> {
        if self.is_empty() {
            Ok(())
        } else {
            Err(DomainError::Invalid(self))
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DomainError {
    #[error("invalid fields: {0:?}")]
    Invalid(FieldErrors),
    /// A business rule refuses the command; the code is stable (docs/api.md).
    #[error("rule refused: {0}")]
    Rule(RuleCode),
}

impl DomainError {
    pub fn field(field: &str, error: FieldError) -> Self {
        let mut errors = FieldErrors::default();
        errors.add(field, error);
        DomainError::Invalid(errors)
    }
}

/// The stable code of a broken business rule (docs/api.md). Its snake_case
/// name is both the `code` of the JSON error envelope and the key of its text
/// in `platform/locales/*.json`; its [`RuleKind`] decides the HTTP status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, IntoStaticStr, EnumIter)]
#[strum(serialize_all = "snake_case")]
pub enum RuleCode {
    AccountAlreadyDeactivated,
    AccountDeactivated,
    AccountNotDeactivated,
    BlogPostTrashed,
    BookingNotCancellable,
    BookingNotConfirmed,
    BookingNotEnded,
    BookingNotPayable,
    BookingNotReschedulable,
    CatalogueItemTrashed,
    CertificateLimitReached,
    ClientOverlap,
    ComplaintAlreadyOpen,
    ComplaintBookingNotEligible,
    ComplaintClosed,
    Conflict,
    ConsentFormMissing,
    ContactMessageLimit,
    ConsultantNotApproved,
    ConsultantNotSuspended,
    CouponClientLimit,
    CouponCodeTaken,
    CouponCurrency,
    CouponDisabled,
    CouponExpired,
    CouponNotStarted,
    CouponUnknown,
    CouponUsedUp,
    DegreeLimitReached,
    DigitalProductFree,
    DigitalProductTrashed,
    EmailTaken,
    ErasureAlreadyRequested,
    ErasureNotRequested,
    ErasurePending,
    FreeNotEligible,
    HoldExpired,
    InformationNotRequested,
    InvalidCredentials,
    LastDegreeRequired,
    LegalTextUnchanged,
    LegalVersionInForce,
    NewsletterLinkInvalid,
    NoChangesToReview,
    NoShowTooLate,
    NotFound,
    NotSignedIn,
    OtpAttemptsExhausted,
    OtpExpired,
    OtpInvalid,
    OtpResendTooSoon,
    OtpSendLimit,
    ProfileAlreadyApproved,
    ProfileAlreadySubmitted,
    ProfileNotSubmitted,
    ProfileUnchangedSinceRejection,
    ProfileUnderReview,
    QuoteTrashed,
    ReauthenticationRequired,
    ReferenceExists,
    ReferenceNotTrashed,
    ReferenceTrashed,
    RefundExceedsPaid,
    RefundNotAllowed,
    ResetTokenInvalid,
    RoomClosed,
    RoomForbidden,
    RoomNotOpen,
    SecondFactorAlreadyEnabled,
    SecondFactorInvalid,
    SecondFactorNotEnrolled,
    SecondFactorRequired,
    SignInChallengeInvalid,
    SlotTaken,
    SlotUnavailable,
    StatementAlreadySubmitted,
    TermsNotAccepted,
    WaitingListLinkInvalid,
}

/// What kind of refusal a rule code is; services map it to their protocol's
/// status (the domain knows nothing of HTTP).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleKind {
    /// The request is refused as such (400).
    Refused,
    /// The request clashes with the current state (409).
    Conflict,
    /// The caller may not do this (403).
    Forbidden,
    /// The caller is not (or wrongly) signed in (401).
    Unauthorized,
    /// No such thing, or not the caller's (404).
    NotFound,
    /// Too many attempts; try again later (429).
    TooManyRequests,
}

impl RuleCode {
    /// The stable snake_case code, also the message key of its text.
    pub fn code(self) -> &'static str {
        self.into()
    }

    /// The kind of refusal, hence the status a service answers with.
    pub fn kind(self) -> RuleKind {
        match self {
            RuleCode::CertificateLimitReached
            | RuleCode::ComplaintBookingNotEligible
            | RuleCode::CouponClientLimit
            | RuleCode::CouponCurrency
            | RuleCode::CouponDisabled
            | RuleCode::CouponExpired
            | RuleCode::CouponNotStarted
            | RuleCode::CouponUnknown
            | RuleCode::CouponUsedUp
            | RuleCode::DegreeLimitReached
            | RuleCode::NewsletterLinkInvalid
            | RuleCode::OtpAttemptsExhausted
            | RuleCode::OtpExpired
            | RuleCode::OtpInvalid
            | RuleCode::RefundExceedsPaid
            | RuleCode::RefundNotAllowed
            | RuleCode::ResetTokenInvalid
            | RuleCode::SecondFactorInvalid
            | RuleCode::SecondFactorNotEnrolled
            | RuleCode::SignInChallengeInvalid
            | RuleCode::WaitingListLinkInvalid => RuleKind::Refused,
            RuleCode::AccountAlreadyDeactivated
            | RuleCode::AccountNotDeactivated
            | RuleCode::BlogPostTrashed
            | RuleCode::BookingNotCancellable
            | RuleCode::BookingNotConfirmed
            | RuleCode::BookingNotEnded
            | RuleCode::BookingNotPayable
            | RuleCode::BookingNotReschedulable
            | RuleCode::ClientOverlap
            | RuleCode::ComplaintAlreadyOpen
            | RuleCode::ComplaintClosed
            | RuleCode::Conflict
            | RuleCode::ConsentFormMissing
            | RuleCode::ConsultantNotApproved
            | RuleCode::ConsultantNotSuspended
            | RuleCode::CouponCodeTaken
            | RuleCode::EmailTaken
            | RuleCode::ErasureAlreadyRequested
            | RuleCode::ErasureNotRequested
            | RuleCode::ErasurePending
            | RuleCode::FreeNotEligible
            | RuleCode::HoldExpired
            | RuleCode::InformationNotRequested
            | RuleCode::LastDegreeRequired
            | RuleCode::LegalTextUnchanged
            | RuleCode::LegalVersionInForce
            | RuleCode::NoChangesToReview
            | RuleCode::NoShowTooLate
            | RuleCode::ProfileAlreadyApproved
            | RuleCode::ProfileAlreadySubmitted
            | RuleCode::ProfileNotSubmitted
            | RuleCode::ProfileUnchangedSinceRejection
            | RuleCode::ProfileUnderReview
            | RuleCode::QuoteTrashed
            | RuleCode::CatalogueItemTrashed
            | RuleCode::DigitalProductFree
            | RuleCode::DigitalProductTrashed
            | RuleCode::ReferenceExists
            | RuleCode::ReferenceNotTrashed
            | RuleCode::ReferenceTrashed
            | RuleCode::RoomClosed
            | RuleCode::RoomNotOpen
            | RuleCode::SecondFactorAlreadyEnabled
            | RuleCode::SecondFactorRequired
            | RuleCode::SlotTaken
            | RuleCode::SlotUnavailable
            | RuleCode::StatementAlreadySubmitted
            | RuleCode::TermsNotAccepted => RuleKind::Conflict,
            RuleCode::InvalidCredentials | RuleCode::NotSignedIn => RuleKind::Unauthorized,
            RuleCode::NotFound => RuleKind::NotFound,
            RuleCode::ContactMessageLimit | RuleCode::OtpResendTooSoon | RuleCode::OtpSendLimit => {
                RuleKind::TooManyRequests
            }
            // Told only after the password was checked (docs/complaints.md).
            RuleCode::AccountDeactivated
            | RuleCode::ReauthenticationRequired
            | RuleCode::RoomForbidden => RuleKind::Forbidden,
        }
    }
}

impl std::fmt::Display for RuleCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use strum::IntoEnumIterator;

    use super::*;

    #[test]
    fn a_rule_code_is_its_variant_in_snake_case() {
        assert_eq!(RuleCode::EmailTaken.code(), "email_taken");
        assert_eq!(
            RuleCode::ProfileUnchangedSinceRejection.code(),
            "profile_unchanged_since_rejection"
        );
        assert_eq!(
            DomainError::Rule(RuleCode::SlotTaken).to_string(),
            "rule refused: slot_taken"
        );
    }

    #[test]
    fn every_rule_code_is_distinct_and_lowercase() {
        let codes: BTreeSet<_> = RuleCode::iter().map(RuleCode::code).collect();
        assert_eq!(codes.len(), RuleCode::iter().count());
        assert!(
            codes
                .iter()
                .all(|c| c.chars().all(|ch| ch.is_ascii_lowercase() || ch == '_'))
        );
    }

    #[test]
    fn refusals_about_the_caller_have_their_own_kinds() {
        assert_eq!(RuleCode::NotFound.kind(), RuleKind::NotFound);
        assert_eq!(RuleCode::RoomForbidden.kind(), RuleKind::Forbidden);
        assert_eq!(RuleCode::InvalidCredentials.kind(), RuleKind::Unauthorized);
        assert_eq!(RuleCode::OtpSendLimit.kind(), RuleKind::TooManyRequests);
        assert_eq!(RuleCode::SlotTaken.kind(), RuleKind::Conflict);
        assert_eq!(RuleCode::OtpInvalid.kind(), RuleKind::Refused);
    }
}
