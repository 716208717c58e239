use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::FieldError;

/// A year a degree or certificate was obtained: from 1950 to this year.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AwardYear(i32);

impl AwardYear {
    pub const MIN: i32 = 1950;

    pub fn parse(raw: Option<i64>, today: NaiveDate) -> Result<Self, FieldError> {
        let raw = raw.ok_or_else(|| FieldError::new("field.required"))?;
        let max = today.year();
        match i32::try_from(raw) {
            Ok(year) if (Self::MIN..=max).contains(&year) => Ok(Self(year)),
            _ => Err(FieldError::new("year.out_of_range")
                .with("min", Self::MIN)
                .with("max", max)),
        }
    }
    pub fn get(self) -> i32 {
        self.0
    }
}

/// How long one consultation lasts: 15 to 180 minutes, in 5-minute steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SessionDuration(u16);

impl SessionDuration {
    pub const MIN: u16 = 15;
    pub const MAX: u16 = 180;
    pub const STEP: u16 = 5;

    pub fn parse(minutes: Option<i64>) -> Result<Self, FieldError> {
        let minutes = minutes.ok_or_else(|| FieldError::new("field.required"))?;
        match u16::try_from(minutes) {
            Ok(m) if (Self::MIN..=Self::MAX).contains(&m) && m % Self::STEP == 0 => Ok(Self(m)),
            _ => Err(FieldError::new("duration.invalid")
                .with("min", Self::MIN)
                .with("max", Self::MAX)
                .with("step", Self::STEP)),
        }
    }
    pub fn minutes(self) -> u16 {
        self.0
    }
    /// Every allowed length, shortest first.
    pub fn all() -> impl Iterator<Item = SessionDuration> {
        (Self::MIN..=Self::MAX)
            .step_by(usize::from(Self::STEP))
            .map(Self)
    }
    pub fn as_duration(self) -> chrono::Duration {
        chrono::Duration::minutes(i64::from(self.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 3, 1).unwrap()
    }

    #[test]
    fn every_session_length_from_15_to_180_minutes_in_steps_of_5_is_offered() {
        let all: Vec<u16> = SessionDuration::all()
            .map(SessionDuration::minutes)
            .collect();
        assert_eq!(all.len(), 34);
        assert_eq!(all.first(), Some(&15));
        assert_eq!(all.last(), Some(&180));
        assert!(
            all.iter()
                .all(|m| SessionDuration::parse(Some(i64::from(*m))).is_ok())
        );
    }

    #[test]
    fn award_years_run_from_1950_to_this_year() {
        assert_eq!(AwardYear::parse(Some(1950), today()).unwrap().get(), 1950);
        assert_eq!(AwardYear::parse(Some(2026), today()).unwrap().get(), 2026);
        assert_eq!(
            AwardYear::parse(Some(2027), today()).unwrap_err(),
            FieldError::new("year.out_of_range")
                .with("min", 1950)
                .with("max", 2026)
        );
        assert!(AwardYear::parse(Some(1949), today()).is_err());
        assert!(AwardYear::parse(Some(i64::MAX), today()).is_err());
        assert_eq!(
            AwardYear::parse(None, today()).unwrap_err().code,
            "field.required"
        );
    }

    #[test]
    fn sessions_last_15_to_180_minutes_in_steps_of_5() {
        assert_eq!(SessionDuration::parse(Some(15)).unwrap().minutes(), 15);
        assert_eq!(SessionDuration::parse(Some(180)).unwrap().minutes(), 180);
        for bad in [10, 47, 185, -15, 0] {
            assert_eq!(
                SessionDuration::parse(Some(bad)).unwrap_err().code,
                "duration.invalid",
                "{bad}"
            );
        }
        assert_eq!(
            SessionDuration::parse(None).unwrap_err().code,
            "field.required"
        );
    }
}
