//! How failed sign-ins slow the next attempt (docs/rules.md "Sign-in
//! throttling").
//!
//! Two counters per login: one per client address (someone guessing from one
//! place) and one for the account (guesses spread over many addresses). Past a
//! few free failures each one makes the next attempt wait, doubling up to a
//! cap, and the wait always ends: a stranger can slow an account, never lock
//! its owner out for good (the address counter is the owner's own; a success
//! clears it, and the password-reset mail is never throttled by it).

use chrono::{DateTime, Duration, Utc};

/// One counter's rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FailurePolicy {
    /// Failures within the window that cost nothing.
    pub free: u32,
    /// The wait after the first failure past `free`; it doubles with each one.
    pub first_wait: Duration,
    /// The longest wait.
    pub max_wait: Duration,
    /// Failures older than this (since the first of the run) are forgotten.
    pub window: Duration,
}

/// Per account and client address: five tries, then 1 s, 2 s, 4 s … 15 min.
pub const PER_ADDRESS: FailurePolicy = FailurePolicy {
    free: 5,
    first_wait: Duration::seconds(1),
    max_wait: Duration::minutes(15),
    window: Duration::hours(1),
};

/// Per account, over all addresses: only a spread-out attack reaches it, and
/// it slows that attack (15 s, 30 s … 5 min) without stopping the owner long.
pub const PER_ACCOUNT: FailurePolicy = FailurePolicy {
    free: 30,
    first_wait: Duration::seconds(15),
    max_wait: Duration::minutes(5),
    window: Duration::hours(1),
};

impl FailurePolicy {
    /// The wait that follows the `failures`-th failure of the window.
    pub fn wait_after(&self, failures: u32) -> Duration {
        let Some(past) = failures.checked_sub(self.free).filter(|n| *n > 0) else {
            return Duration::zero();
        };
        // 2^20 × the first wait is beyond any cap: stop doubling there.
        let factor = 1i32 << (past - 1).min(20);
        (self.first_wait * factor).min(self.max_wait)
    }

    /// When the next attempt may come, if it must wait at `now`.
    pub fn retry_at(
        &self,
        failures: u32,
        last_failure: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Option<DateTime<Utc>> {
        let at = last_failure + self.wait_after(failures);
        (at > now).then_some(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_failures_are_free_then_each_doubles_the_wait_up_to_the_cap() {
        let waits: Vec<i64> = (1..=8)
            .map(|n| PER_ADDRESS.wait_after(n).num_seconds())
            .collect();
        assert_eq!(waits, [0, 0, 0, 0, 0, 1, 2, 4]);
        assert_eq!(PER_ADDRESS.wait_after(30), Duration::minutes(15));
        assert_eq!(PER_ADDRESS.wait_after(u32::MAX), Duration::minutes(15));
        assert_eq!(PER_ACCOUNT.wait_after(31), Duration::seconds(15));
        assert_eq!(PER_ACCOUNT.wait_after(40), Duration::minutes(5));
    }

    #[test]
    fn a_wait_ends() {
        let last = DateTime::parse_from_rfc3339("2026-11-26T10:00:00Z")
            .unwrap()
            .with_timezone(&Utc);
        assert_eq!(PER_ADDRESS.retry_at(3, last, last), None);
        let at = PER_ADDRESS.retry_at(7, last, last).unwrap();
        assert_eq!(at, last + Duration::seconds(2));
        assert_eq!(PER_ADDRESS.retry_at(7, last, at), None);
    }
}
