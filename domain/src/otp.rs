//! One-time codes for sign-up (DESIGN §2): 6 digits, valid 10 minutes,
//! 5 attempts, resend after 60 s, at most 5 sends an hour. The same rules for
//! every [`Channel`]: a code mailed to an e-mail address or texted to a
//! mobile number. One stream per role and address or number (`otp-{keyed
//! hash}`), so the counters live in the store.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use crate::account::PayloadRef;
use crate::codec::EventSchema;
use crate::values::Language;
use crate::{DomainError, RuleCode};

pub const CATEGORY: &str = "otp";
pub const VALIDITY: Duration = Duration::minutes(10);
pub const MAX_ATTEMPTS: u32 = 5;
pub const RESEND_AFTER: Duration = Duration::seconds(60);
pub const MAX_SENDS_PER_HOUR: usize = 5;

/// Where a code is sent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Channel {
    /// Mailed to an e-mail address (payload `{email, code}`).
    #[default]
    Email,
    /// Texted to a mobile number in E.164 (payload `{phone, code}`).
    Mobile,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum OtpEvent {
    /// Schema 2 added `language` (schema 1 codes were always mailed in
    /// French); schema 3 added `channel` (earlier codes were all mailed).
    OtpIssued {
        otp_id: Uuid,
        code_hash: String,
        /// The address or number and the code for the message, forgettable
        /// (named `mail` since schema 1, whatever the channel).
        mail: PayloadRef,
        language: Language,
        channel: Channel,
        issued_at: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    },
    OtpAttemptFailed {
        otp_id: Uuid,
        at: DateTime<Utc>,
    },
    OtpVerified {
        otp_id: Uuid,
        at: DateTime<Utc>,
    },
    /// The sent code and address or number were deleted once the code expired.
    OtpMailErased {
        otp_id: Uuid,
        at: DateTime<Utc>,
    },
}

impl EventSchema for OtpEvent {
    fn schema_version(event_type: &str) -> i32 {
        if event_type == "OtpIssued" { 3 } else { 1 }
    }
    fn upcast(event_type: &str, version: i32, mut payload: Value) -> Value {
        if event_type == "OtpIssued" && version < 2 {
            payload["language"] = Value::String("fr".into());
        }
        if event_type == "OtpIssued" && version < 3 {
            payload["channel"] = Value::String("email".into());
        }
        payload
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Current {
    otp_id: Uuid,
    code_hash: String,
    expires_at: DateTime<Utc>,
    failed_attempts: u32,
    verified: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Otp {
    sends: Vec<DateTime<Utc>>,
    current: Option<Current>,
}

impl Otp {
    pub fn evolve(mut self, event: &OtpEvent) -> Self {
        match event {
            OtpEvent::OtpIssued {
                otp_id,
                code_hash,
                issued_at,
                expires_at,
                ..
            } => {
                self.sends.push(*issued_at);
                self.current = Some(Current {
                    otp_id: *otp_id,
                    code_hash: code_hash.clone(),
                    expires_at: *expires_at,
                    failed_attempts: 0,
                    verified: false,
                });
            }
            OtpEvent::OtpAttemptFailed { otp_id, .. } => {
                if let Some(c) = self.current.as_mut().filter(|c| c.otp_id == *otp_id) {
                    c.failed_attempts += 1;
                }
            }
            OtpEvent::OtpVerified { otp_id, .. } => {
                if let Some(c) = self.current.as_mut().filter(|c| c.otp_id == *otp_id) {
                    c.verified = true;
                }
            }
            OtpEvent::OtpMailErased { .. } => {}
        }
        self
    }

    /// Seconds until another code may be sent (0 when it may now).
    pub fn resend_wait(&self, now: DateTime<Utc>) -> i64 {
        self.sends
            .last()
            .map_or(0, |last| (*last + RESEND_AFTER - now).num_seconds().max(0))
    }
}

pub struct NewCode {
    pub otp_id: Uuid,
    pub code_hash: String,
    pub mail: PayloadRef,
    pub language: Language,
    pub channel: Channel,
}

/// Issues a new code, replacing any earlier one.
pub fn request(otp: &Otp, code: NewCode, now: DateTime<Utc>) -> Result<Vec<OtpEvent>, DomainError> {
    if otp.resend_wait(now) > 0 {
        return Err(DomainError::Rule(RuleCode::OtpResendTooSoon));
    }
    if otp
        .sends
        .iter()
        .filter(|sent| now - **sent < Duration::hours(1))
        .count()
        >= MAX_SENDS_PER_HOUR
    {
        return Err(DomainError::Rule(RuleCode::OtpSendLimit));
    }
    Ok(vec![OtpEvent::OtpIssued {
        otp_id: code.otp_id,
        code_hash: code.code_hash,
        mail: code.mail,
        language: code.language,
        channel: code.channel,
        issued_at: now,
        expires_at: now + VALIDITY,
    }])
}

/// Data minimisation: the mail payload of a code is erased when it expires.
/// Scheduled by the reactions worker from `OtpIssued`.
pub fn erase_mail(otp_id: Uuid, now: DateTime<Utc>) -> Vec<OtpEvent> {
    vec![OtpEvent::OtpMailErased { otp_id, at: now }]
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verification {
    Verified,
    /// The code was wrong; the failed attempt is recorded by the events.
    WrongCode,
}

/// Checks a code. `hash` computes the keyed hash of the submitted code for a
/// given code id (the domain never sees the key).
pub fn verify(
    otp: &Otp,
    hash: impl Fn(Uuid) -> String,
    now: DateTime<Utc>,
) -> Result<(Vec<OtpEvent>, Verification), DomainError> {
    let Some(current) = &otp.current else {
        return Err(DomainError::Rule(RuleCode::OtpInvalid));
    };
    let matches = hash(current.otp_id) == current.code_hash;
    if current.verified {
        // A repeated click with the right code is answered the same way.
        return if matches {
            Ok((vec![], Verification::Verified))
        } else {
            Err(DomainError::Rule(RuleCode::OtpInvalid))
        };
    }
    if now >= current.expires_at {
        return Err(DomainError::Rule(RuleCode::OtpExpired));
    }
    if current.failed_attempts >= MAX_ATTEMPTS {
        return Err(DomainError::Rule(RuleCode::OtpAttemptsExhausted));
    }
    if matches {
        Ok((
            vec![OtpEvent::OtpVerified {
                otp_id: current.otp_id,
                at: now,
            }],
            Verification::Verified,
        ))
    } else {
        Ok((
            vec![OtpEvent::OtpAttemptFailed {
                otp_id: current.otp_id,
                at: now,
            }],
            Verification::WrongCode,
        ))
    }
}

/// Checks a code that confirms one action (an erasure): once verified it is
/// spent, so it cannot confirm the action again after it was undone.
pub fn verify_unspent(
    otp: &Otp,
    hash: impl Fn(Uuid) -> String,
    now: DateTime<Utc>,
) -> Result<(Vec<OtpEvent>, Verification), DomainError> {
    if otp.current.as_ref().is_some_and(|c| c.verified) {
        return Err(DomainError::Rule(RuleCode::OtpInvalid));
    }
    verify(otp, hash, now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec;

    #[test]
    fn a_spent_code_confirms_nothing_more() {
        let issued = request(&Otp::default(), code(1), at(0)).unwrap();
        let otp = issued.iter().fold(Otp::default(), Otp::evolve);
        let right = |_: Uuid| "h1".to_owned();
        let (events, outcome) = verify_unspent(&otp, right, at(5)).unwrap();
        assert_eq!(outcome, Verification::Verified);
        let spent = events.iter().fold(otp, Otp::evolve);
        assert_eq!(
            verify_unspent(&spent, right, at(6)).unwrap_err(),
            DomainError::Rule(RuleCode::OtpInvalid)
        );
        assert!(verify(&spent, right, at(6)).is_ok(), "sign-up's retry");
    }

    fn at(seconds: i64) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-11-22T10:00:00Z")
            .unwrap()
            .with_timezone(&Utc)
            + Duration::seconds(seconds)
    }

    fn code(n: u128) -> NewCode {
        NewCode {
            otp_id: Uuid::from_u128(n),
            code_hash: format!("h{n}"),
            mail: PayloadRef {
                subject: Uuid::from_u128(n),
                key: "otp".into(),
            },
            language: Language::Fr,
            channel: Channel::Mobile,
        }
    }

    fn given(events: &[OtpEvent]) -> Otp {
        events.iter().fold(Otp::default(), Otp::evolve)
    }

    fn issued(n: u128, seconds: i64) -> OtpEvent {
        request(&Otp::default(), code(n), at(seconds))
            .unwrap()
            .remove(0)
    }

    #[test]
    fn the_right_code_within_ten_minutes_verifies() {
        let otp = given(&[issued(1, 0)]);
        let (events, outcome) = verify(&otp, |id| format!("h{}", id.as_u128()), at(599)).unwrap();
        assert_eq!(outcome, Verification::Verified);
        assert_eq!(
            events,
            vec![OtpEvent::OtpVerified {
                otp_id: Uuid::from_u128(1),
                at: at(599)
            }]
        );
    }

    #[test]
    fn a_code_expires_after_ten_minutes() {
        let otp = given(&[issued(1, 0)]);
        assert_eq!(
            verify(&otp, |_| "h1".into(), at(600)).unwrap_err(),
            DomainError::Rule(RuleCode::OtpExpired)
        );
    }

    #[test]
    fn a_wrong_code_is_recorded_and_the_sixth_attempt_is_refused() {
        let mut events = vec![issued(1, 0)];
        for i in 0..MAX_ATTEMPTS {
            let (new, outcome) =
                verify(&given(&events), |_| "wrong".into(), at(10 + i as i64)).unwrap();
            assert_eq!(outcome, Verification::WrongCode);
            events.extend(new);
        }
        let refused = verify(&given(&events), |_| "h1".into(), at(30));
        assert_eq!(
            refused.unwrap_err(),
            DomainError::Rule(RuleCode::OtpAttemptsExhausted)
        );
    }

    #[test]
    fn a_new_code_may_be_sent_only_after_sixty_seconds() {
        let otp = given(&[issued(1, 0)]);
        assert_eq!(otp.resend_wait(at(45)), 15);
        assert_eq!(
            request(&otp, code(2), at(59)).unwrap_err(),
            DomainError::Rule(RuleCode::OtpResendTooSoon)
        );
        assert!(request(&otp, code(2), at(60)).is_ok());
    }

    #[test]
    fn a_new_code_replaces_the_old_one_and_resets_attempts() {
        let otp = given(&[
            issued(1, 0),
            OtpEvent::OtpAttemptFailed {
                otp_id: Uuid::from_u128(1),
                at: at(1),
            },
            issued(2, 61),
        ]);
        assert_eq!(
            verify(&otp, |id| format!("h{}", id.as_u128()), at(62))
                .unwrap()
                .1,
            Verification::Verified
        );
        assert_eq!(
            verify(&otp, |_| "h1".into(), at(62)).unwrap().1,
            Verification::WrongCode
        );
    }

    #[test]
    fn at_most_five_codes_an_hour() {
        let events: Vec<_> = (0..5).map(|i| issued(i, i as i64 * 60)).collect();
        let otp = given(&events);
        assert_eq!(
            request(&otp, code(9), at(5 * 60)).unwrap_err(),
            DomainError::Rule(RuleCode::OtpSendLimit)
        );
        assert!(request(&otp, code(9), at(3600)).is_ok());
    }

    #[test]
    fn a_mobile_code_carries_its_channel_and_follows_the_same_limits() {
        let otp = given(&[issued(1, 0)]);
        assert!(matches!(
            issued(1, 0),
            OtpEvent::OtpIssued {
                channel: Channel::Mobile,
                ..
            }
        ));
        assert_eq!(
            request(&otp, code(2), at(10)).unwrap_err(),
            DomainError::Rule(RuleCode::OtpResendTooSoon)
        );
    }

    #[test]
    fn schema_two_codes_are_upcast_to_the_email_channel() {
        let v2 = r#"{"otp_id":"00000000-0000-0000-0000-000000000001","code_hash":"h","mail":{"subject":"00000000-0000-0000-0000-000000000001","key":"otp"},"language":"en","issued_at":"2026-11-22T10:00:00Z","expires_at":"2026-11-22T10:10:00Z"}"#;
        let event: OtpEvent = codec::decode("OtpIssued", 2, v2).unwrap();
        assert!(matches!(
            event,
            OtpEvent::OtpIssued {
                language: Language::En,
                channel: Channel::Email,
                ..
            }
        ));
    }

    #[test]
    fn schema_one_codes_are_upcast_to_french() {
        let v1 = r#"{"otp_id":"00000000-0000-0000-0000-000000000001","code_hash":"h","mail":{"subject":"00000000-0000-0000-0000-000000000001","key":"otp"},"issued_at":"2026-11-22T10:00:00Z","expires_at":"2026-11-22T10:10:00Z"}"#;
        let event: OtpEvent = codec::decode("OtpIssued", 1, v1).unwrap();
        assert!(matches!(
            event,
            OtpEvent::OtpIssued {
                language: Language::Fr,
                ..
            }
        ));
        let (tag, version, _) = codec::encode(&event);
        assert_eq!((tag.as_str(), version), ("OtpIssued", 3));
    }
}
