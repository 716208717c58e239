//! `rm_bookings`: one row per booking, as the shared contract
//! (`docs/booking.md`) fixes it; other parts of the issue read it. A
//! cancellation reason is only referenced (`cancel_reason_key`, subject = the
//! client): its text stays in the forgettable payload store.
//! `rm_booking_history`: every event of a booking stream with its type, time
//! and actor (account id and role from the event metadata), for the admin's
//! audit view, with the reminders sent (`bookingreminder-{id}`).
//!
//! The row is the domain's own fold ([`Booking::evolve`]) of the stream up to
//! the event being applied, so the projection copies rather than
//! re-implements the life cycle. `position` is the global position of the
//! booking's last event.

use std::sync::Arc;

use domain::booking::{Booking, BookingEvent, CATEGORY};
use domain::codec;
use domain::reminder;
use sqlx::{Any, Transaction};
use store::{EventStore, RecordedEvent};

use super::Table;
use super::folds::unreadable;
use crate::error::ProjectorError;

pub const TABLE: Table = Table {
    name: "rm_bookings",
    key: "id",
    create: "CREATE TABLE IF NOT EXISTS rm_bookings (
        id TEXT PRIMARY KEY,
        consultant_id TEXT NOT NULL,
        client_id TEXT NOT NULL,
        status TEXT NOT NULL,
        starts_at TEXT NOT NULL,
        ends_at TEXT NOT NULL,
        duration_minutes BIGINT NOT NULL,
        price_minor BIGINT NOT NULL,
        discount_minor BIGINT NOT NULL,
        total_minor BIGINT NOT NULL,
        currency TEXT NOT NULL,
        free BIGINT NOT NULL,
        coupon_code TEXT,
        card_brand TEXT,
        card_last4 TEXT,
        payment_ref TEXT,
        refund_minor BIGINT,
        cancelled_by TEXT NOT NULL,
        hold_expires_at TEXT NOT NULL,
        created_at TEXT NOT NULL,
        position BIGINT NOT NULL,
        cancel_reason_key TEXT
    )",
};

/// Lists per party, by start.
pub const INDEXES: &[&str] = &[
    "CREATE INDEX IF NOT EXISTS rm_bookings_consultant_idx ON rm_bookings (consultant_id, starts_at)",
    "CREATE INDEX IF NOT EXISTS rm_bookings_client_idx ON rm_bookings (client_id, starts_at)",
    // The administrators' list and its CSV export (keyset on start, id).
    "CREATE INDEX IF NOT EXISTS rm_bookings_start_idx ON rm_bookings (starts_at DESC, id DESC)",
];

pub const HISTORY_TABLE: Table = Table {
    name: "rm_booking_history",
    key: "booking_id, position, event_id",
    create: "CREATE TABLE IF NOT EXISTS rm_booking_history (
        booking_id TEXT NOT NULL,
        event_id TEXT NOT NULL,
        position BIGINT NOT NULL,
        event_type TEXT NOT NULL,
        at TEXT NOT NULL,
        actor_id TEXT,
        actor_role TEXT,
        PRIMARY KEY (booking_id, event_id)
    )",
};

/// Booking streams, and reminder streams (history only).
pub fn interested(category: &str) -> bool {
    category == CATEGORY || category == reminder::CATEGORY
}

/// One line of a booking's history, from any of its streams.
async fn history(
    tx: &mut Transaction<'_, Any>,
    booking_id: &str,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    sqlx::query(
        "INSERT INTO rm_booking_history (booking_id, event_id, position, event_type, at, actor_id, actor_role)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (booking_id, event_id) DO NOTHING",
    )
    .bind(booking_id)
    .bind(event.event_id.to_string())
    .bind(event.position.pos)
    .bind(event.event_type.as_str())
    .bind(utc(event.metadata.recorded_at))
    .bind(event.metadata.actor_id.map(|a| a.to_string()))
    .bind(event.metadata.actor_role.as_deref())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Each booking folded so far in this batch.
pub type Folds = super::folds::Folds<BookingEvent, Booking>;

pub async fn apply(
    tx: &mut Transaction<'_, Any>,
    store: &Arc<dyn EventStore>,
    folds: &mut Folds,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    let id = event.stream.entity_id();
    history(tx, id, event).await?;
    if event.stream.category() == reminder::CATEGORY {
        return Ok(());
    }
    let decoded: BookingEvent =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(unreadable(event))?;

    let booking = folds.after(store, event, &decoded).await?;
    let Some(info) = booking.info() else {
        return Ok(());
    };
    let payment = info.payment.as_ref();
    sqlx::query(
        "INSERT INTO rm_bookings (id, consultant_id, client_id, status, starts_at, ends_at,
            duration_minutes, price_minor, discount_minor, total_minor, currency, free, coupon_code,
            card_brand, card_last4, payment_ref, refund_minor, cancelled_by, hold_expires_at,
            created_at, position, cancel_reason_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)
         ON CONFLICT (id) DO UPDATE SET status = excluded.status, starts_at = excluded.starts_at,
            ends_at = excluded.ends_at, card_brand = excluded.card_brand,
            card_last4 = excluded.card_last4, payment_ref = excluded.payment_ref,
            refund_minor = excluded.refund_minor, cancelled_by = excluded.cancelled_by,
            position = excluded.position, cancel_reason_key = excluded.cancel_reason_key",
    )
    .bind(info.booking_id.to_string())
    .bind(info.consultant_id.to_string())
    .bind(info.client_id.to_string())
    .bind(info.status.as_str())
    .bind(utc(info.start))
    .bind(utc(info.end))
    .bind(i64::from(info.duration_minutes))
    .bind(info.price.minor)
    .bind(info.discount.minor)
    .bind(info.total.minor)
    .bind(info.price.currency.code())
    .bind(i64::from(info.free))
    .bind(info.coupon_code.as_deref())
    .bind(payment.map(|p| p.brand.as_str()))
    .bind(payment.map(|p| p.last4.as_str()))
    .bind(payment.map(|p| p.provider_ref.as_str()))
    // Everything given back: the cancellation's refund and the complaints' refunds.
    .bind((info.refunded.minor > 0).then_some(info.refunded.minor).or(info.refund.map(|r| r.minor)))
    .bind(info.cancelled_by.map_or("", |b| b.as_str()))
    .bind(utc(info.hold_expires_at))
    .bind(utc(info.created_at))
    .bind(event.position.pos)
    .bind(info.cancel_reason.as_ref().map(|r| r.key.as_str()))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// RFC 3339 UTC with a `Z`, second precision: sortable as text.
pub fn utc(at: chrono::DateTime<chrono::Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}
