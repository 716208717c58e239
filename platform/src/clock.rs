//! An injectable clock, so that tests move time instead of sleeping.

use std::sync::{Arc, Mutex, PoisonError};

use chrono::{DateTime, TimeDelta, Utc};

/// Where the current time comes from.
pub trait Clock: Send + Sync {
    /// The current instant.
    fn now(&self) -> DateTime<Utc>;
}

/// The clock shared by a service and its workers.
pub type SharedClock = Arc<dyn Clock>;

/// The real wall clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

impl SystemClock {
    /// The system clock as a [`SharedClock`].
    pub fn shared() -> SharedClock {
        Arc::new(SystemClock)
    }
}

/// The wall clock shifted by a fixed offset: browser tests only
/// (`EQUILIBRE_CLOCK_OFFSET_SECONDS`), so a booking made hours ahead can be
/// met in its video room without waiting.
#[derive(Debug, Clone, Copy)]
pub struct OffsetClock {
    pub offset: TimeDelta,
}

impl Clock for OffsetClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now() + self.offset
    }
}

/// The clock a server runs on: the system clock, shifted when `offset_seconds`
/// is not zero.
pub fn from_offset(offset_seconds: i64) -> SharedClock {
    if offset_seconds == 0 {
        SystemClock::shared()
    } else {
        Arc::new(OffsetClock {
            offset: TimeDelta::seconds(offset_seconds),
        })
    }
}

/// A clock that only moves when told to; clones share the same time.
#[derive(Debug, Clone)]
pub struct ManualClock {
    now: Arc<Mutex<DateTime<Utc>>>,
}

impl ManualClock {
    /// A clock stopped at `start`.
    pub fn new(start: DateTime<Utc>) -> Self {
        Self {
            now: Arc::new(Mutex::new(start)),
        }
    }

    /// Sets the current time.
    pub fn set(&self, now: DateTime<Utc>) {
        *self.now.lock().unwrap_or_else(PoisonError::into_inner) = now;
    }

    /// Moves the time forward (or back, with a negative delta).
    pub fn advance(&self, by: TimeDelta) {
        let mut now = self.now.lock().unwrap_or_else(PoisonError::into_inner);
        *now += by;
    }

    /// This clock as a [`SharedClock`] that follows `set` and `advance`.
    pub fn shared(&self) -> SharedClock {
        Arc::new(self.clone())
    }
}

impl Clock for ManualClock {
    fn now(&self) -> DateTime<Utc> {
        *self.now.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manual_clock_moves_only_when_told_and_clones_share_time() {
        let start = DateTime::parse_from_rfc3339("2026-01-01T10:00:00Z")
            .unwrap()
            .to_utc();
        let clock = ManualClock::new(start);
        let shared: SharedClock = clock.shared();

        clock.advance(TimeDelta::minutes(10));
        assert_eq!(shared.now(), start + TimeDelta::minutes(10));

        clock.set(start);
        assert_eq!(shared.now(), start);
    }

    #[test]
    fn an_offset_clock_runs_ahead_of_the_wall_clock() {
        let clock = from_offset(7200);
        let ahead = clock.now() - Utc::now();
        assert!((ahead - TimeDelta::hours(2)).num_seconds().abs() < 5);
        assert!((from_offset(0).now() - Utc::now()).num_seconds().abs() < 5);
    }

    #[test]
    fn system_clock_is_close_to_now() {
        let delta = SystemClock.now() - Utc::now();
        assert!(delta.num_seconds().abs() < 5);
    }
}
