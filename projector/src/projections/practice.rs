//! The consultant's practice around bookings:
//!
//! * `rm_timings`: the schedule of `timings-{consultant}` as last set (rules
//!   and days off, JSON as recorded);
//! * `rm_coupons`: every coupon with its terms and whether disabled;
//!   `rm_coupon_uses`: each live use (redeemed, not released) by booking and
//!   client, which the coupon list counts and a quote's limits read;
//! * `rm_pairs`: each (client, consultant) pair with a confirmed booking
//!   (the free first consultation of a quote);
//! * `rm_notes`: consultants' notes after a meeting. The text is a
//!   forgettable payload of the client: it shows [`ERASED`] once the client
//!   is forgotten, live (`SubjectForgotten`) and on a rebuild (payload gone).

use std::sync::Arc;

use domain::account::AccountEvent;
use domain::availability::{self, AvailabilityEvent};
use domain::booking::{self, PairEvent};
use domain::codec;
use domain::coupon::{self, CouponEvent, Discount};
use domain::note::{self, NoteEvent};
use serde_json::json;
use sqlx::{Any, Transaction};
use store::{EventStore, RecordedEvent};

use super::bookings::utc;
use super::folds::unreadable;
use super::{ERASED, Table};
use crate::error::ProjectorError;

pub const TIMINGS_TABLE: Table = Table {
    name: "rm_timings",
    key: "consultant_id",
    create: "CREATE TABLE IF NOT EXISTS rm_timings (
        consultant_id TEXT PRIMARY KEY,
        rules TEXT NOT NULL,
        days_off TEXT NOT NULL,
        updated_at TEXT NOT NULL
    )",
};

pub const COUPONS_TABLE: Table = Table {
    name: "rm_coupons",
    key: "coupon_id",
    create: "CREATE TABLE IF NOT EXISTS rm_coupons (
        coupon_id TEXT PRIMARY KEY,
        code TEXT NOT NULL,
        kind TEXT NOT NULL,
        percent BIGINT,
        amount_minor BIGINT,
        currency TEXT,
        valid_from TEXT NOT NULL,
        valid_until TEXT NOT NULL,
        max_uses BIGINT,
        max_uses_per_client BIGINT,
        disabled BIGINT NOT NULL,
        created_at TEXT NOT NULL
    )",
};

pub const COUPON_USES_TABLE: Table = Table {
    name: "rm_coupon_uses",
    key: "coupon_id, booking_id",
    create: "CREATE TABLE IF NOT EXISTS rm_coupon_uses (
        coupon_id TEXT NOT NULL,
        booking_id TEXT NOT NULL,
        client_id TEXT NOT NULL,
        PRIMARY KEY (coupon_id, booking_id)
    )",
};

pub const PAIRS_TABLE: Table = Table {
    name: "rm_pairs",
    key: "client_id, consultant_id",
    create: "CREATE TABLE IF NOT EXISTS rm_pairs (
        client_id TEXT NOT NULL,
        consultant_id TEXT NOT NULL,
        PRIMARY KEY (client_id, consultant_id)
    )",
};

/// A code is looked up as typed (codes are stored as parsed: upper case).
pub const INDEXES: &[&str] =
    &["CREATE INDEX IF NOT EXISTS rm_coupons_code_idx ON rm_coupons (code)"];

pub const NOTES_TABLE: Table = Table {
    name: "rm_notes",
    key: "note_id",
    create: "CREATE TABLE IF NOT EXISTS rm_notes (
        note_id TEXT PRIMARY KEY,
        consultant_id TEXT NOT NULL,
        client_id TEXT NOT NULL,
        booking_id TEXT,
        text TEXT NOT NULL,
        at TEXT NOT NULL
    )",
};

/// Timings, coupons, pairs, notes, and account streams (forgetting).
pub fn interested(category: &str) -> bool {
    category == availability::CATEGORY
        || category == coupon::CATEGORY
        || category == booking::pair::CATEGORY
        || category == note::CATEGORY
        || category == domain::account::ACCOUNT_CATEGORY
}

pub async fn apply(
    tx: &mut Transaction<'_, Any>,
    store: &Arc<dyn EventStore>,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    let category = event.stream.category();
    if category == availability::CATEGORY {
        timings(tx, event).await
    } else if category == coupon::CATEGORY {
        coupons(tx, event).await
    } else if category == booking::pair::CATEGORY {
        pairs(tx, event).await
    } else if category == note::CATEGORY {
        notes(tx, store, event).await
    } else if event.event_type == "SubjectForgotten" {
        let decoded: AccountEvent =
            codec::decode(&event.event_type, event.schema_version, &event.payload)
                .map_err(unreadable(event))?;
        if let AccountEvent::SubjectForgotten { .. } = decoded {
            sqlx::query("UPDATE rm_notes SET text = $1 WHERE client_id = $2")
                .bind(ERASED)
                .bind(event.stream.entity_id())
                .execute(&mut **tx)
                .await?;
        }
        Ok(())
    } else {
        Ok(())
    }
}

async fn timings(
    tx: &mut Transaction<'_, Any>,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    let AvailabilityEvent::AvailabilitySet {
        rules,
        days_off,
        at,
    } = codec::decode(&event.event_type, event.schema_version, &event.payload)
        .map_err(unreadable(event))?;
    sqlx::query(
        "INSERT INTO rm_timings (consultant_id, rules, days_off, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (consultant_id) DO UPDATE SET rules = excluded.rules,
            days_off = excluded.days_off, updated_at = excluded.updated_at",
    )
    .bind(event.stream.entity_id())
    .bind(json!(rules).to_string())
    .bind(json!(days_off).to_string())
    .bind(utc(at))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

async fn coupons(
    tx: &mut Transaction<'_, Any>,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    let decoded: CouponEvent =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(unreadable(event))?;
    let id = event.stream.entity_id();
    let query = match decoded {
        CouponEvent::CouponCreated {
            code,
            discount,
            valid_from,
            valid_until,
            max_uses,
            max_uses_per_client,
            at,
            ..
        } => {
            let (kind, percent, amount) = match discount {
                Discount::Percent { percent } => ("percent", Some(i64::from(percent)), None),
                Discount::Fixed { amount } => ("fixed", None, Some(amount)),
            };
            sqlx::query(
                "INSERT INTO rm_coupons (coupon_id, code, kind, percent, amount_minor, currency,
                    valid_from, valid_until, max_uses, max_uses_per_client, disabled, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, $11)
                 ON CONFLICT (coupon_id) DO NOTHING",
            )
            .bind(id)
            .bind(code)
            .bind(kind)
            .bind(percent)
            .bind(amount.map(|a| a.minor))
            .bind(amount.map(|a| a.currency.code()))
            .bind(utc(valid_from))
            .bind(utc(valid_until))
            .bind(max_uses.map(i64::from))
            .bind(max_uses_per_client.map(i64::from))
            .bind(utc(at))
        }
        CouponEvent::CouponDisabled { .. } => {
            sqlx::query("UPDATE rm_coupons SET disabled = 1 WHERE coupon_id = $1").bind(id)
        }
        CouponEvent::CouponRedeemed {
            booking_id,
            client_id,
            ..
        } => sqlx::query(
            "INSERT INTO rm_coupon_uses (coupon_id, booking_id, client_id) VALUES ($1, $2, $3)
                 ON CONFLICT (coupon_id, booking_id) DO UPDATE SET client_id = excluded.client_id",
        )
        .bind(id)
        .bind(booking_id.to_string())
        .bind(client_id.to_string()),
        CouponEvent::CouponRedemptionReleased { booking_id, .. } => {
            sqlx::query("DELETE FROM rm_coupon_uses WHERE coupon_id = $1 AND booking_id = $2")
                .bind(id)
                .bind(booking_id.to_string())
        }
    };
    query.execute(&mut **tx).await?;
    Ok(())
}

async fn pairs(tx: &mut Transaction<'_, Any>, event: &RecordedEvent) -> Result<(), ProjectorError> {
    let PairEvent::PairBookingConfirmed {
        client_id,
        consultant_id,
        ..
    } = codec::decode(&event.event_type, event.schema_version, &event.payload)
        .map_err(unreadable(event))?;
    sqlx::query(
        "INSERT INTO rm_pairs (client_id, consultant_id) VALUES ($1, $2)
         ON CONFLICT (client_id, consultant_id) DO NOTHING",
    )
    .bind(client_id.to_string())
    .bind(consultant_id.to_string())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

async fn notes(
    tx: &mut Transaction<'_, Any>,
    store: &Arc<dyn EventStore>,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    let NoteEvent::NoteAdded {
        note_id,
        consultant_id,
        client_id,
        booking_id,
        text,
        at,
    } = codec::decode(&event.event_type, event.schema_version, &event.payload)
        .map_err(unreadable(event))?;
    let text = store
        .payload(text.subject, &text.key)
        .await?
        .map(|raw| serde_json::from_str::<String>(&raw).unwrap_or(raw))
        .unwrap_or_else(|| ERASED.to_owned());
    sqlx::query(
        "INSERT INTO rm_notes (note_id, consultant_id, client_id, booking_id, text, at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (note_id) DO NOTHING",
    )
    .bind(note_id.to_string())
    .bind(consultant_id.to_string())
    .bind(client_id.to_string())
    .bind(booking_id.map(|b| b.to_string()))
    .bind(text)
    .bind(utc(at))
    .execute(&mut **tx)
    .await?;
    Ok(())
}
