//! The window of instants a command or a query may name: nothing the
//! product plans lies more than five years ahead or ten years back, so a
//! date outside it is a typing or a forging mistake, refused at the edge
//! (docs/rules.md "Bounds").

use chrono::{DateTime, TimeDelta, Utc};

use crate::FieldError;

/// How far back a date may lie (reports, exports, history filters).
pub const YEARS_BACK: i64 = 10;
/// How far ahead a date may lie (coupons, schedules; bookings have their own horizon).
pub const YEARS_AHEAD: i64 = 5;

/// `Ok` when `at` lies within the window around `now`; else `date.out_of_range`.
pub fn check_instant(at: DateTime<Utc>, now: DateTime<Utc>) -> Result<(), FieldError> {
    let earliest = now - TimeDelta::days(YEARS_BACK * 366);
    let latest = now + TimeDelta::days(YEARS_AHEAD * 366);
    if (earliest..=latest).contains(&at) {
        Ok(())
    } else {
        Err(FieldError::new("date.out_of_range")
            .with("back", YEARS_BACK)
            .with("ahead", YEARS_AHEAD))
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn dates_within_ten_years_back_and_five_ahead_pass() {
        let now = Utc.with_ymd_and_hms(2026, 11, 26, 12, 0, 0).unwrap();
        assert!(check_instant(now, now).is_ok());
        assert!(check_instant(Utc.with_ymd_and_hms(2031, 11, 1, 0, 0, 0).unwrap(), now).is_ok());
        assert!(check_instant(Utc.with_ymd_and_hms(2016, 12, 1, 0, 0, 0).unwrap(), now).is_ok());
        for far in [
            Utc.with_ymd_and_hms(2032, 1, 1, 0, 0, 0).unwrap(),
            Utc.with_ymd_and_hms(2015, 1, 1, 0, 0, 0).unwrap(),
            DateTime::<Utc>::MAX_UTC,
            DateTime::<Utc>::MIN_UTC,
        ] {
            assert_eq!(
                check_instant(far, now).unwrap_err().code,
                "date.out_of_range"
            );
        }
    }
}
