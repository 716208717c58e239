//! `rm_week_stats`: the administrators' dashboard figures per ISO week in
//! Europe/Paris (`week` = `2026-W48`), one row per (week, metric, currency):
//!
//! - `bookings_confirmed`, `bookings_cancelled`, `bookings_no_show`: bookings
//!   counted in the week of their start by their current status
//!   (`confirmed` counts confirmed and completed; held and expired bookings
//!   count nowhere), so the admin bookings list filtered to that week and
//!   status lists as many;
//! - `paid`, `refunded` (money, in `currency`, minor units, never converted):
//!   paid in the week of the confirmation carrying a payment, refunded in the
//!   week of each refund (cancellation with a refund, complaint refund). A
//!   charge that came back after the hold lapsed (`LatePaymentRefunded`) is
//!   paid and refunded in the same week: it nets to zero;
//! - `clients`, `consultants`: sign-ups in the week of their registration.
//!
//! `rm_week_stats_bookings` keeps what each booking counts as (its start's
//! week and its cell), so a status change or a reschedule moves it from one
//! cell to another by deltas. Rows whose value comes back to zero are
//! deleted: the table holds the non-zero sums only, whatever the batches.

use std::collections::BTreeMap;

use chrono::{DateTime, Datelike as _, NaiveDate, Utc};
use domain::account::{AccountEvent, Role};
use domain::booking::{BookingEvent, CATEGORY};
use domain::codec;
use domain::values::Money;
use sqlx::{Any, Row as _, Transaction};
use store::RecordedEvent;

use super::Table;
use super::folds::unreadable;
use crate::error::ProjectorError;

pub const TABLE: Table = Table {
    name: "rm_week_stats",
    key: "week, metric, currency",
    create: "CREATE TABLE IF NOT EXISTS rm_week_stats (
        week TEXT NOT NULL,
        metric TEXT NOT NULL,
        currency TEXT NOT NULL,
        value BIGINT NOT NULL,
        PRIMARY KEY (week, metric, currency)
    )",
};

pub const BOOKINGS_TABLE: Table = Table {
    name: "rm_week_stats_bookings",
    key: "booking_id",
    create: "CREATE TABLE IF NOT EXISTS rm_week_stats_bookings (
        booking_id TEXT PRIMARY KEY,
        week TEXT NOT NULL,
        cell TEXT NOT NULL
    )",
};

/// The zone whose weeks the dashboard counts in.
pub use domain::reporting::ZONE;

pub const BOOKINGS_CONFIRMED: &str = "bookings_confirmed";
pub const BOOKINGS_CANCELLED: &str = "bookings_cancelled";
pub const BOOKINGS_NO_SHOW: &str = "bookings_no_show";
pub const PAID: &str = "paid";
pub const REFUNDED: &str = "refunded";
pub const CLIENTS: &str = "clients";
pub const CONSULTANTS: &str = "consultants";

/// `2026-W48`: the ISO week of a day (sorts as text within and across years).
pub fn week_key(day: NaiveDate) -> String {
    let week = day.iso_week();
    format!("{:04}-W{:02}", week.year(), week.week())
}

/// The ISO week, in Europe/Paris, of an instant.
pub fn week_of(at: DateTime<Utc>) -> String {
    week_key(at.with_timezone(&ZONE).date_naive())
}

/// Rows per multi-row statement (3 short parameters each).
const CHUNK: usize = 128;

/// What a booking counts as: the week of its start and its cell (a metric,
/// or `""` while held or once expired).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Tally {
    week: String,
    cell: &'static str,
}

/// A booking's tally as the batch changed it: a field left `None` keeps
/// what the booking counted as before the batch.
#[derive(Clone, Debug, Default)]
struct Change {
    week: Option<String>,
    cell: Option<&'static str>,
    /// The booking's first event is in the batch: it counted nowhere before.
    new: bool,
}

/// The batch's changes, written by [`Pending::flush`] as deltas.
#[derive(Default)]
pub struct Pending {
    bookings: BTreeMap<String, Change>,
    deltas: BTreeMap<(String, &'static str, String), i64>,
}

impl Pending {
    fn add(&mut self, week: String, metric: &'static str, currency: &str, value: i64) {
        *self
            .deltas
            .entry((week, metric, currency.to_owned()))
            .or_default() += value;
    }

    fn money(&mut self, at: DateTime<Utc>, metric: &'static str, amount: &Money) {
        if amount.minor != 0 {
            self.add(week_of(at), metric, amount.currency.code(), amount.minor);
        }
    }

    fn change(&mut self, booking_id: String) -> &mut Change {
        self.bookings.entry(booking_id).or_default()
    }

    /// A booking event (other streams of the booking category are skipped).
    pub fn apply_booking(&mut self, event: &RecordedEvent) -> Result<(), ProjectorError> {
        if event.stream.category() != CATEGORY {
            return Ok(());
        }
        let decoded: BookingEvent =
            codec::decode(&event.event_type, event.schema_version, &event.payload)
                .map_err(unreadable(event))?;
        let id = event.stream.entity_id().to_owned();
        match decoded {
            BookingEvent::BookingHeld { start, .. } => {
                let change = self.change(id);
                change.week = Some(week_of(start));
                change.cell = Some("");
                change.new |= event.stream_version == 1;
            }
            BookingEvent::BookingConfirmed { payment, at, .. } => {
                self.change(id).cell = Some(BOOKINGS_CONFIRMED);
                if let Some(payment) = payment {
                    self.money(at, PAID, &payment.amount);
                }
            }
            BookingEvent::BookingExpired { .. } => self.change(id).cell = Some(""),
            BookingEvent::LatePaymentRefunded { payment, at, .. } => {
                self.money(at, PAID, &payment.amount);
                self.money(at, REFUNDED, &payment.amount);
            }
            BookingEvent::BookingCancelled { refund, at, .. } => {
                self.change(id).cell = Some(BOOKINGS_CANCELLED);
                self.money(at, REFUNDED, &refund);
            }
            BookingEvent::BookingRefunded { amount, at, .. } => {
                self.money(at, REFUNDED, &amount);
            }
            BookingEvent::BookingRescheduled { start, .. } => {
                self.change(id).week = Some(week_of(start));
            }
            BookingEvent::BookingCompleted { .. } => {
                self.change(id).cell = Some(BOOKINGS_CONFIRMED)
            }
            BookingEvent::BookingNoShow { .. } => self.change(id).cell = Some(BOOKINGS_NO_SHOW),
        }
        Ok(())
    }

    /// An account event: sign-ups of clients and consultants.
    pub fn apply_account(&mut self, event: &RecordedEvent) -> Result<(), ProjectorError> {
        if event.event_type != "AccountRegistered" {
            return Ok(());
        }
        let decoded: AccountEvent =
            codec::decode(&event.event_type, event.schema_version, &event.payload)
                .map_err(unreadable(event))?;
        if let AccountEvent::AccountRegistered {
            role,
            registered_at,
            ..
        } = decoded
        {
            let metric = match role {
                Role::Client => CLIENTS,
                Role::Consultant => CONSULTANTS,
                Role::Admin => return Ok(()),
            };
            self.add(week_of(registered_at), metric, "", 1);
        }
        Ok(())
    }

    /// Writes the batch: each touched booking's tally and the sums' deltas.
    pub async fn flush(mut self, tx: &mut Transaction<'_, Any>) -> Result<(), ProjectorError> {
        if self.bookings.is_empty() && self.deltas.is_empty() {
            return Ok(());
        }
        let known: Vec<String> = self
            .bookings
            .iter()
            .filter(|(_, c)| !c.new)
            .map(|(id, _)| id.clone())
            .collect();
        let before = load(tx, &known).await?;
        let mut rows = Vec::new();
        for (id, change) in std::mem::take(&mut self.bookings) {
            let old = before.get(&id);
            let Some(week) = change.week.or_else(|| old.map(|t| t.week.clone())) else {
                continue;
            };
            let now = Tally {
                week,
                cell: change.cell.or(old.map(|t| t.cell)).unwrap_or(""),
            };
            if old == Some(&now) {
                continue;
            }
            if let Some(old) = old.filter(|t| !t.cell.is_empty()) {
                self.add(old.week.clone(), old.cell, "", -1);
            }
            if !now.cell.is_empty() {
                self.add(now.week.clone(), now.cell, "", 1);
            }
            rows.push((id, now));
        }
        for chunk in rows.chunks(CHUNK) {
            let values = (0..chunk.len())
                .map(|i| format!("(${}, ${}, ${})", 3 * i + 1, 3 * i + 2, 3 * i + 3))
                .collect::<Vec<_>>()
                .join(", ");
            let mut query = sqlx::query(sqlx::AssertSqlSafe(format!(
                "INSERT INTO rm_week_stats_bookings (booking_id, week, cell) VALUES {values}
                 ON CONFLICT (booking_id) DO UPDATE SET week = excluded.week, cell = excluded.cell"
            )));
            for (id, tally) in chunk {
                query = query
                    .bind(id.as_str())
                    .bind(tally.week.as_str())
                    .bind(tally.cell);
            }
            query.execute(&mut **tx).await?;
        }
        let mut zeroed = false;
        for ((week, metric, currency), delta) in &self.deltas {
            if *delta == 0 {
                continue;
            }
            zeroed |= *delta < 0;
            sqlx::query(
                "INSERT INTO rm_week_stats (week, metric, currency, value) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (week, metric, currency) DO UPDATE SET value = rm_week_stats.value + excluded.value",
            )
            .bind(week.as_str())
            .bind(*metric)
            .bind(currency.as_str())
            .bind(*delta)
            .execute(&mut **tx)
            .await?;
        }
        if zeroed {
            sqlx::query("DELETE FROM rm_week_stats WHERE value = 0")
                .execute(&mut **tx)
                .await?;
        }
        Ok(())
    }
}

/// What the bookings counted as before the batch.
async fn load(
    tx: &mut Transaction<'_, Any>,
    ids: &[String],
) -> Result<BTreeMap<String, Tally>, ProjectorError> {
    let mut tallies = BTreeMap::new();
    for chunk in ids.chunks(CHUNK) {
        let list = (1..=chunk.len())
            .map(|i| format!("${i}"))
            .collect::<Vec<_>>()
            .join(", ");
        let mut query = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT booking_id, week, cell FROM rm_week_stats_bookings WHERE booking_id IN ({list})"
        )));
        for id in chunk {
            query = query.bind(id.as_str());
        }
        for row in query.fetch_all(&mut **tx).await? {
            let cell: String = row.try_get("cell")?;
            tallies.insert(
                row.try_get("booking_id")?,
                Tally {
                    week: row.try_get("week")?,
                    cell: cell_name(&cell),
                },
            );
        }
    }
    Ok(tallies)
}

/// The metric a stored cell names (`""` for none or an unknown one).
fn cell_name(raw: &str) -> &'static str {
    [BOOKINGS_CONFIRMED, BOOKINGS_CANCELLED, BOOKINGS_NO_SHOW]
        .into_iter()
        .find(|m| *m == raw)
        .unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weeks_are_iso_weeks_in_paris_time() {
        let sunday_late = "2026-11-29T23:30:00Z".parse().unwrap();
        let sunday_evening = "2026-11-29T22:30:00Z".parse().unwrap();
        assert_eq!(week_of(sunday_evening), "2026-W48");
        assert_eq!(week_of(sunday_late), "2026-W49", "00:30 on Monday in Paris");
        assert_eq!(
            week_key(NaiveDate::from_ymd_opt(2027, 1, 1).unwrap()),
            "2026-W53"
        );
        assert_eq!(
            week_key(NaiveDate::from_ymd_opt(2025, 12, 29).unwrap()),
            "2026-W01"
        );
    }
}
