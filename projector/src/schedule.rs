//! What a consultant offers and when, as the read models hold it: zone,
//! session length, price, free first consultation and listing
//! (`rm_consultants`), the weekly schedule (`rm_timings`), read together in
//! one statement, and the free slots that follow. Read by the query side
//! (slot list, quote, timings page, dashboards) and by the reactions that
//! share freed slots out to the waiting list, so both see the same slots.

use chrono::{DateTime, NaiveDate, Utc};
use domain::availability::{Availability, Slot, TimingRule, Timings};
use domain::booking::{HORIZON, MIN_NOTICE, Offering};
use domain::values::{Currency, Money, SessionDuration, TimeZone};
use sqlx::Row;
use sqlx::any::AnyRow;
use uuid::Uuid;

use sqlx::AnyPool;

use crate::projections::bookings::utc;

/// What a consultant offers, and their saved schedule.
pub struct Offer {
    pub timezone: Option<TimeZone>,
    pub duration: Option<SessionDuration>,
    pub price: Option<Money>,
    pub free_first: bool,
    pub listed: bool,
    pub timings: Timings,
}

impl Offer {
    /// The domain's offering, when the consultant is bookable.
    pub fn offering(&self) -> Option<Offering> {
        match (self.listed, self.timezone, self.duration, self.price) {
            (true, Some(zone), Some(duration), Some(price)) => Some(Offering {
                duration,
                price,
                free_first: self.free_first,
                zone,
            }),
            _ => None,
        }
    }
}

/// The offer's columns and tables, the consultant's id as `$1` (a macro,
/// so that both statements are whole literals at compile time).
macro_rules! offer_columns {
    () => {
        "c.timezone, c.currency, c.session_minutes, c.listed, c.forgotten,
            COALESCE(a.status, 'active'), c.price_minor, c.first_free, t.rules, t.days_off
        FROM rm_consultants c
            LEFT JOIN rm_accounts a ON a.account_id = c.consultant_id
            LEFT JOIN rm_timings t ON t.consultant_id = c.consultant_id
        WHERE c.consultant_id = $1"
    };
}

/// An unknown consultant offers nothing.
pub fn no_offer() -> Offer {
    Offer {
        timezone: None,
        duration: None,
        price: None,
        free_first: false,
        listed: false,
        timings: Timings::default(),
    }
}

/// The offer from `offer_columns!()`, read from column `at` on.
fn offer_from(row: &AnyRow, at: usize) -> Result<Offer, sqlx::Error> {
    let timezone: Option<String> = row.try_get(at)?;
    let currency: Option<String> = row.try_get(at + 1)?;
    let minutes: Option<i64> = row.try_get(at + 2)?;
    let listed: i64 = row.try_get(at + 3)?;
    let forgotten: i64 = row.try_get(at + 4)?;
    // A deactivated account offers no slot (`domain::account::ensure_bookable`).
    let account_status: String = row.try_get(at + 5)?;
    let price_minor: Option<i64> = row.try_get(at + 6)?;
    let first_free: i64 = row.try_get(at + 7)?;
    let rules: Option<String> = row.try_get(at + 8)?;
    let days_off: Option<String> = row.try_get(at + 9)?;
    let currency = currency.and_then(|c| Currency::parse(&c).ok());
    Ok(Offer {
        timezone: timezone.and_then(|z| TimeZone::parse(&z).ok()),
        duration: minutes.and_then(|m| SessionDuration::parse(Some(m)).ok()),
        price: price_minor.zip(currency).map(|(m, c)| Money::new(m, c)),
        free_first: first_free != 0,
        listed: listed != 0 && forgotten == 0 && account_status != "deactivated",
        timings: parse_timings(rules.as_deref(), days_off.as_deref()),
    })
}

/// The consultant's offer as the read models hold it (the domain's fold,
/// projected); an unknown consultant offers nothing.
pub async fn offer(pool: &AnyPool, consultant_id: Uuid) -> Result<Offer, sqlx::Error> {
    let row = sqlx::query(concat!("SELECT ", offer_columns!()))
        .bind(consultant_id.to_string())
        .fetch_optional(pool)
        .await?;
    row.map_or_else(|| Ok(no_offer()), |row| offer_from(&row, 0))
}

/// Held or confirmed booking intervals, `[start, end)` as RFC 3339 UTC texts.
pub type Taken = Vec<(String, String)>;

/// The offer and the consultant's held or confirmed intervals meeting
/// `[from, to)`, in one statement (one round trip, one connection: the
/// free-slot list's whole read).
pub async fn offer_and_taken(
    pool: &AnyPool,
    consultant_id: Uuid,
    from: &str,
    to: &str,
) -> Result<(Offer, Taken), sqlx::Error> {
    let rows = sqlx::query(concat!(
        "SELECT 'offer', ",
        offer_columns!(),
        " UNION ALL
        SELECT 'taken', b.starts_at, b.ends_at, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
        FROM rm_bookings b
        WHERE b.consultant_id = $1 AND b.status IN ('held', 'confirmed')
            AND b.ends_at > $2 AND b.starts_at < $3"
    ))
    .bind(consultant_id.to_string())
    .bind(from)
    .bind(to)
    .fetch_all(pool)
    .await?;
    let mut offer = None;
    let mut taken = Vec::new();
    for row in &rows {
        let kind: String = row.try_get(0)?;
        if kind == "offer" {
            offer = Some(offer_from(row, 1)?);
        } else {
            taken.push((row.try_get(1)?, row.try_get(2)?));
        }
    }
    Ok((offer.unwrap_or_else(no_offer), taken))
}

/// The schedule as the domain reads it (empty when never saved).
fn parse_timings(rules: Option<&str>, days_off: Option<&str>) -> Timings {
    Timings {
        rules: rules
            .and_then(|r| serde_json::from_str::<Vec<TimingRule>>(r).ok())
            .unwrap_or_default(),
        days_off: days_off
            .and_then(|d| serde_json::from_str::<Vec<NaiveDate>>(d).ok())
            .unwrap_or_default()
            .into_iter()
            .collect(),
    }
}

/// Whether `slot` meets none of `taken` (RFC 3339 UTC texts compare in order).
pub fn is_free(slot: &Slot, taken: &[(String, String)]) -> bool {
    let (start, end) = (utc(slot.start), utc(slot.end));
    !taken.iter().any(|(s, e)| *s < end && start < *e)
}

/// The free slots of `offer` over `[from, to)`, `taken` aside, computed by
/// the domain; `None` when the expert is not listed or not fully set up.
pub fn free_slots(
    offer: &Offer,
    taken: &[(String, String)],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Option<(SessionDuration, Vec<Slot>)> {
    let (true, Some(zone), Some(duration)) = (offer.listed, offer.timezone, offer.duration) else {
        return None;
    };
    let from = from.max(now + MIN_NOTICE);
    let to = to.min(now + HORIZON);
    if from >= to {
        return Some((duration, Vec::new()));
    }
    let availability: Availability = offer.timings.in_zone(zone);
    let slots = availability
        .slots(duration, from, to)
        .into_iter()
        .filter(|s| is_free(s, taken))
        .collect();
    Some((duration, slots))
}
