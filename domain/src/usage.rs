//! First-party usage measurement (issue 13 "Consent and analytics"): which
//! area pages signed-in people open, counted per week, only for people who
//! accepted analytics (the SPA asks nothing otherwise). Who it was is a
//! keyed hash of the account, never its id or e-mail, so the counts cannot
//! be joined back to a person without the server's secret.
//!
//! Each view is its own stream, `usageview-{id}`: views never contend.

use chrono::{DateTime, Datelike, Utc};
use serde::{Deserialize, Serialize};

use crate::account::Role;
use crate::codec::EventSchema;
use crate::{DomainError, FieldError};

pub const CATEGORY: &str = "usageview";

/// Views one account may record in an hour; more are answered alike and
/// not kept (a stuck page must not flood the log).
pub const PER_ACCOUNT_PER_HOUR: u32 = 60;

/// The pages measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum UsageView {
    Dashboard,
    Bookings,
    ComplaintsByMe,
    ComplaintsAgainstMe,
}

impl UsageView {
    pub fn as_str(self) -> &'static str {
        match self {
            UsageView::Dashboard => "dashboard",
            UsageView::Bookings => "bookings",
            UsageView::ComplaintsByMe => "complaints_by_me",
            UsageView::ComplaintsAgainstMe => "complaints_against_me",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum UsageEvent {
    PageViewed {
        /// A keyed hash of the account (the server's secret), hex.
        person: String,
        role: Role,
        view: UsageView,
        at: DateTime<Utc>,
    },
}

impl EventSchema for UsageEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

/// A view by `role`: clients and consultants have these pages (a client
/// may have complaints against them too); administrators are not measured.
pub fn view(
    person: String,
    role: Role,
    view: UsageView,
    at: DateTime<Utc>,
) -> Result<UsageEvent, DomainError> {
    if role == Role::Admin {
        return Err(DomainError::field("view", FieldError::new("field.invalid")));
    }
    Ok(UsageEvent::PageViewed {
        person,
        role,
        view,
        at,
    })
}

/// The ISO week of `at`, `2026-W48`: sorts as text.
pub fn week(at: DateTime<Utc>) -> String {
    let week = at.iso_week();
    format!("{}-W{:02}", week.year(), week.week())
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn clients_and_consultants_are_measured_administrators_are_not() {
        let at = Utc.with_ymd_and_hms(2026, 11, 27, 9, 0, 0).unwrap();
        assert!(
            view(
                "p".into(),
                Role::Consultant,
                UsageView::ComplaintsAgainstMe,
                at
            )
            .is_ok()
        );
        assert!(view("p".into(), Role::Client, UsageView::ComplaintsAgainstMe, at).is_ok());
        assert!(view("p".into(), Role::Client, UsageView::Bookings, at).is_ok());
        assert!(view("p".into(), Role::Admin, UsageView::Dashboard, at).is_err());
    }

    #[test]
    fn weeks_are_iso_weeks() {
        let monday = Utc.with_ymd_and_hms(2026, 11, 23, 0, 0, 0).unwrap();
        assert_eq!(week(monday), "2026-W48");
        assert_eq!(
            week(Utc.with_ymd_and_hms(2027, 1, 1, 12, 0, 0).unwrap()),
            "2026-W53"
        );
        assert_eq!(
            week(Utc.with_ymd_and_hms(2026, 1, 1, 12, 0, 0).unwrap()),
            "2026-W01"
        );
    }
}
