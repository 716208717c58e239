//! What a consultant offers and when, as the read models hold it: zone,
//! session length, price, free first consultation and listing
//! (`rm_consultants`), the weekly schedule (`rm_timings`), read together in
//! one statement. Read by the slot list, the quote, the timings page and the
//! dashboards.

use chrono::NaiveDate;
use domain::availability::{TimingRule, Timings};
use domain::booking::Offering;
use domain::values::{Currency, Money, SessionDuration, TimeZone};
use sqlx::Row;
use sqlx::any::AnyRow;
use uuid::Uuid;

use crate::QueryState;
use crate::error::QueryError;

/// What a consultant offers, and their saved schedule.
pub(crate) struct Offer {
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
fn no_offer() -> Offer {
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
fn offer_from(row: &AnyRow, at: usize) -> Result<Offer, QueryError> {
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
pub(crate) async fn offer(state: &QueryState, consultant_id: Uuid) -> Result<Offer, QueryError> {
    let row = sqlx::query(concat!("SELECT ", offer_columns!()))
        .bind(consultant_id.to_string())
        .fetch_optional(&state.read.pool)
        .await?;
    row.map_or_else(|| Ok(no_offer()), |row| offer_from(&row, 0))
}

/// Held or confirmed booking intervals, `[start, end)` as RFC 3339 UTC texts.
pub(crate) type Taken = Vec<(String, String)>;

/// The offer and the consultant's held or confirmed intervals meeting
/// `[from, to)`, in one statement (one round trip, one connection: the
/// free-slot list's whole read).
pub(crate) async fn offer_and_taken(
    state: &QueryState,
    consultant_id: Uuid,
    from: &str,
    to: &str,
) -> Result<(Offer, Taken), QueryError> {
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
    .fetch_all(&state.read.pool)
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

/// The schedule as the consultant last saved it (empty when never saved).
pub(crate) async fn timings_of(
    state: &QueryState,
    consultant_id: &str,
) -> Result<(serde_json::Value, serde_json::Value), QueryError> {
    let row = sqlx::query("SELECT rules, days_off FROM rm_timings WHERE consultant_id = $1")
        .bind(consultant_id)
        .fetch_optional(&state.read.pool)
        .await?;
    let parse = |raw: String| serde_json::from_str(&raw).unwrap_or_else(|_| serde_json::json!([]));
    Ok(match row {
        Some(r) => (parse(r.try_get(0)?), parse(r.try_get(1)?)),
        None => (serde_json::json!([]), serde_json::json!([])),
    })
}
