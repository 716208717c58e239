//! The newsletter's subscribers, with double opt-in (docs/rules.md
//! "Newsletter"). One stream per address, `newsletter-{keyed hash of the
//! address}`, so every request for an address meets the same state without
//! the log holding the address. The address is a forgettable payload of the
//! subscription (a fresh subject each time someone subscribes again), shredded
//! when the person unsubscribes or an administrator deletes it on request.
//!
//! Subscribing sends a confirmation link that works for seven days; only a
//! confirmed address receives newsletters, each with its unsubscribe link.
//! Whatever the address's state, the visitor gets the same answer: a known
//! address is never revealed, and a confirmed one is not mailed again.

use chrono::{DateTime, TimeDelta, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::account::PayloadRef;
use crate::codec::EventSchema;
use crate::values::Language;
use crate::{DomainError, RuleCode};

pub const CATEGORY: &str = "newsletter";
/// How long a confirmation link works.
pub const CONFIRMATION_VALID: TimeDelta = TimeDelta::days(7);
/// Confirmation mails an address receives in a day, at most.
pub const REQUESTS_PER_DAY: usize = 3;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum NewsletterEvent {
    /// `contact` holds `{email, confirm_link, unsubscribe_link}`; a new
    /// request's link replaces the previous one.
    NewsletterSubscriptionRequested {
        subscription_id: Uuid,
        language: Language,
        contact: PayloadRef,
        token_hash: String,
        at: DateTime<Utc>,
    },
    NewsletterSubscriptionConfirmed {
        subscription_id: Uuid,
        at: DateTime<Utc>,
    },
    /// By the subscriber (their link); the caller shreds the address.
    NewsletterUnsubscribed {
        subscription_id: Uuid,
        at: DateTime<Utc>,
    },
    /// On request, by an administrator; the caller shreds the address.
    NewsletterSubscriberDeleted {
        subscription_id: Uuid,
        admin_id: Uuid,
        at: DateTime<Utc>,
    },
}

impl EventSchema for NewsletterEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Status {
    /// Never subscribed, unsubscribed or deleted: nothing is kept.
    #[default]
    None,
    Pending,
    Confirmed,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Subscription {
    pub subscription_id: Option<Uuid>,
    pub status: Status,
    token_hash: Option<String>,
    /// The times of the confirmation mails of the current subscription.
    requests: Vec<DateTime<Utc>>,
}

impl Subscription {
    pub fn evolve(mut self, event: &NewsletterEvent) -> Self {
        match event {
            NewsletterEvent::NewsletterSubscriptionRequested {
                subscription_id,
                token_hash,
                at,
                ..
            } => {
                if self.subscription_id != Some(*subscription_id) {
                    self.requests.clear();
                }
                self.subscription_id = Some(*subscription_id);
                self.status = Status::Pending;
                self.token_hash = Some(token_hash.clone());
                self.requests.push(*at);
            }
            NewsletterEvent::NewsletterSubscriptionConfirmed { .. } => {
                self.status = Status::Confirmed;
            }
            NewsletterEvent::NewsletterUnsubscribed { .. }
            | NewsletterEvent::NewsletterSubscriberDeleted { .. } => {
                // Kept: the requests' times, so unsubscribing does not reset the daily limit.
                self.status = Status::None;
                self.token_hash = None;
            }
        }
        self
    }
}

/// What a new request needs: a fresh id (used when nothing is kept for the
/// address), the payload written beside the event and its token's hash.
pub struct Request {
    pub new_subscription_id: Uuid,
    pub language: Language,
    pub payload_key: String,
    pub token_hash: String,
}

/// Asks to subscribe: a confirmation mail, unless the address is already
/// confirmed or had its [`REQUESTS_PER_DAY`] mails today (nothing then,
/// and the same answer).
pub fn request(state: &Subscription, request: Request, now: DateTime<Utc>) -> Vec<NewsletterEvent> {
    if state.status == Status::Confirmed {
        return Vec::new();
    }
    let today = state
        .requests
        .iter()
        .filter(|at| **at > now - TimeDelta::days(1))
        .count();
    if today >= REQUESTS_PER_DAY {
        return Vec::new();
    }
    let subscription_id = match (state.status, state.subscription_id) {
        (Status::Pending, Some(id)) => id,
        _ => request.new_subscription_id,
    };
    vec![NewsletterEvent::NewsletterSubscriptionRequested {
        subscription_id,
        language: request.language,
        contact: PayloadRef {
            subject: subscription_id,
            key: request.payload_key,
        },
        token_hash: request.token_hash,
        at: now,
    }]
}

/// Confirms with the link's token: the latest one, within
/// [`CONFIRMATION_VALID`]. Confirming twice changes nothing.
pub fn confirm(
    state: &Subscription,
    token_hash: &str,
    now: DateTime<Utc>,
) -> Result<Vec<NewsletterEvent>, DomainError> {
    let current = state.token_hash.as_deref() == Some(token_hash);
    let fresh = state
        .requests
        .last()
        .is_some_and(|at| *at + CONFIRMATION_VALID > now);
    match (state.status, state.subscription_id) {
        (Status::Confirmed, Some(_)) if current => Ok(Vec::new()),
        (Status::Pending, Some(subscription_id)) if current && fresh => {
            Ok(vec![NewsletterEvent::NewsletterSubscriptionConfirmed {
                subscription_id,
                at: now,
            }])
        }
        _ => Err(DomainError::Rule(RuleCode::NewsletterLinkInvalid)),
    }
}

/// Unsubscribes (the link of any newsletter mail, or of the confirmation
/// mail); twice, or for an unknown address, changes nothing.
pub fn unsubscribe(state: &Subscription, now: DateTime<Utc>) -> Vec<NewsletterEvent> {
    match (state.status, state.subscription_id) {
        (Status::Pending | Status::Confirmed, Some(subscription_id)) => {
            vec![NewsletterEvent::NewsletterUnsubscribed {
                subscription_id,
                at: now,
            }]
        }
        _ => Vec::new(),
    }
}

/// Deletes a subscriber on request (GDPR): 404 when nothing is kept.
pub fn delete(
    state: &Subscription,
    admin_id: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<NewsletterEvent>, DomainError> {
    match (state.status, state.subscription_id) {
        (Status::Pending | Status::Confirmed, Some(subscription_id)) => {
            Ok(vec![NewsletterEvent::NewsletterSubscriberDeleted {
                subscription_id,
                admin_id,
                at: now,
            }])
        }
        _ => Err(DomainError::Rule(RuleCode::NotFound)),
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn at(hours: i64) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 1, 8, 0, 0).unwrap() + TimeDelta::hours(hours)
    }

    fn asked(n: u128, token: &str) -> Request {
        Request {
            new_subscription_id: Uuid::from_u128(n),
            language: Language::Fr,
            payload_key: "contact".into(),
            token_hash: token.into(),
        }
    }

    fn given(events: &[NewsletterEvent]) -> Subscription {
        events
            .iter()
            .fold(Subscription::default(), Subscription::evolve)
    }

    #[test]
    fn given_a_request_when_its_link_is_followed_then_the_address_is_confirmed_once() {
        let requested = request(&Subscription::default(), asked(1, "t1"), at(0));
        let state = given(&requested);
        assert_eq!(state.status, Status::Pending);
        let confirmed = confirm(&state, "t1", at(1)).unwrap();
        assert_eq!(confirmed.len(), 1);
        let state = confirmed.iter().fold(state, Subscription::evolve);
        assert_eq!(state.status, Status::Confirmed);
        assert!(
            confirm(&state, "t1", at(2)).unwrap().is_empty(),
            "twice is fine"
        );
        // A confirmed address asking again gets the same answer and no mail.
        assert!(request(&state, asked(2, "t2"), at(3)).is_empty());
    }

    #[test]
    fn only_the_latest_link_works_and_only_for_seven_days() {
        let mut events = request(&Subscription::default(), asked(1, "t1"), at(0));
        let state = given(&events);
        events.extend(request(&state, asked(2, "t2"), at(1)));
        let state = given(&events);
        assert_eq!(
            state.subscription_id,
            Some(Uuid::from_u128(1)),
            "one subscription"
        );
        assert_eq!(
            confirm(&state, "t1", at(2)).unwrap_err(),
            DomainError::Rule(RuleCode::NewsletterLinkInvalid)
        );
        assert!(confirm(&state, "t2", at(2)).is_ok());
        assert!(confirm(&state, "t2", at(1) + CONFIRMATION_VALID).is_err());
        assert!(confirm(&Subscription::default(), "t2", at(2)).is_err());
    }

    #[test]
    fn an_address_gets_at_most_three_confirmation_mails_a_day() {
        let mut events = Vec::new();
        for hour in 0..REQUESTS_PER_DAY as i64 {
            let token = format!("t{hour}");
            events.extend(request(&given(&events), asked(1, &token), at(hour)));
        }
        assert_eq!(events.len(), REQUESTS_PER_DAY);
        assert!(request(&given(&events), asked(1, "t9"), at(5)).is_empty());
        assert_eq!(request(&given(&events), asked(1, "t9"), at(25)).len(), 1);
    }

    #[test]
    fn unsubscribing_or_deleting_keeps_nothing_and_a_new_subscription_starts_afresh() {
        let mut events = request(&Subscription::default(), asked(1, "t1"), at(0));
        events.extend(confirm(&given(&events), "t1", at(1)).unwrap());
        events.extend(unsubscribe(&given(&events), at(2)));
        let state = given(&events);
        assert_eq!(state.status, Status::None);
        assert!(unsubscribe(&state, at(3)).is_empty());
        assert!(
            confirm(&state, "t1", at(3)).is_err(),
            "the old link is dead"
        );
        assert_eq!(
            delete(&state, Uuid::from_u128(9), at(3)).unwrap_err(),
            DomainError::Rule(RuleCode::NotFound)
        );
        let again = request(&state, asked(2, "t2"), at(4));
        let NewsletterEvent::NewsletterSubscriptionRequested {
            subscription_id, ..
        } = &again[0]
        else {
            panic!("{again:?}")
        };
        assert_eq!(*subscription_id, Uuid::from_u128(2), "a fresh subject");
        let state = again.iter().fold(state, Subscription::evolve);
        assert_eq!(delete(&state, Uuid::from_u128(9), at(5)).unwrap().len(), 1);
    }
}
