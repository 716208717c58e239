//! The marketplace's operating zone: administrators' figures (the dashboard's
//! ISO weeks) and the date filters of their lists count days in it, so a
//! week on the dashboard and the same days in a list hold the same rows.

use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;

pub const ZONE: Tz = chrono_tz::Europe::Paris;

/// The instant local midnight of `day` begins in [`ZONE`] (midnight always
/// exists there: Paris changes its clocks at 02:00 and 03:00).
pub fn day_start(day: NaiveDate) -> DateTime<Utc> {
    day.and_hms_opt(0, 0, 0)
        .and_then(|midnight| midnight.and_local_timezone(ZONE).earliest())
        .map_or_else(
            || day.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc(),
            |local| local.with_timezone(&Utc),
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_starts_at_paris_midnight_in_winter_and_summer() {
        let winter = NaiveDate::from_ymd_opt(2026, 11, 23).expect("a day");
        let summer = NaiveDate::from_ymd_opt(2026, 7, 6).expect("a day");
        assert_eq!(day_start(winter).to_rfc3339(), "2026-11-22T23:00:00+00:00");
        assert_eq!(day_start(summer).to_rfc3339(), "2026-07-05T22:00:00+00:00");
    }
}
