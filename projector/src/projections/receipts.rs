//! `rm_receipts`: one row per receipt (`ReceiptIssued` of the year streams
//! `receipts-{year}`), with what lists filter on (parties, booking, date,
//! number) and, in `document`, the whole receipt as its PDF prints it
//! (`domain::receipt::Receipt` as JSON): the event's numbers and amounts and
//! the snapshot read from its payload (subject = the receipt itself, never
//! forgotten with the client: invoices are kept ten years). Rows come from
//! the event and that immutable payload only, so a rebuild gives the same.

use std::sync::Arc;

use domain::codec;
use domain::receipt::{self, Receipt, ReceiptDocument, ReceiptEvent};
use sqlx::{Any, Transaction};
use store::{EventStore, RecordedEvent};

use super::Table;
use super::folds::unreadable;
use crate::error::ProjectorError;

pub const TABLE: Table = Table {
    name: "rm_receipts",
    key: "id",
    create: "CREATE TABLE IF NOT EXISTS rm_receipts (
        id TEXT PRIMARY KEY,
        number TEXT NOT NULL,
        year BIGINT NOT NULL,
        sequence BIGINT NOT NULL,
        kind TEXT NOT NULL,
        booking_id TEXT NOT NULL,
        client_id TEXT NOT NULL,
        consultant_id TEXT NOT NULL,
        amount_minor BIGINT NOT NULL,
        currency TEXT NOT NULL,
        refers_to TEXT,
        issued_at TEXT NOT NULL,
        seller_name TEXT NOT NULL,
        buyer_name TEXT NOT NULL,
        document TEXT NOT NULL,
        position BIGINT NOT NULL
    )",
};

/// A booking's receipts; the accountant's list by date.
pub const INDEXES: &[&str] = &[
    "CREATE INDEX IF NOT EXISTS rm_receipts_booking_idx ON rm_receipts (booking_id, year, sequence)",
    "CREATE INDEX IF NOT EXISTS rm_receipts_issued_idx ON rm_receipts (issued_at, year, sequence)",
];

pub fn interested(category: &str) -> bool {
    category == receipt::CATEGORY
}

pub async fn apply(
    tx: &mut Transaction<'_, Any>,
    store: &Arc<dyn EventStore>,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    let ReceiptEvent::ReceiptIssued {
        receipt_id,
        number,
        sequence,
        kind,
        booking_id,
        client_id,
        consultant_id,
        amount,
        vat,
        refers_to,
        issued_at,
        document,
        ..
    } = codec::decode(&event.event_type, event.schema_version, &event.payload)
        .map_err(unreadable(event))?;
    let raw = store.payload(document.subject, &document.key).await?;
    let Some(document) = raw.and_then(|r| serde_json::from_str::<ReceiptDocument>(&r).ok()) else {
        // Shredded once its retention ended (it is appended with the event):
        // nothing left to print, so no row, live or rebuilt.
        tracing::warn!(receipt.id = %receipt_id, "receipt without its document");
        return Ok(());
    };
    let receipt = Receipt {
        receipt_id,
        number,
        kind,
        booking_id,
        amount,
        vat,
        refers_to,
        issued_at,
        document,
    };
    let json = serde_json::to_string(&receipt)
        .map_err(|e| ProjectorError::Unreadable(event.event_id, e.to_string()))?;
    sqlx::query(
        "INSERT INTO rm_receipts (id, number, year, sequence, kind, booking_id, client_id,
            consultant_id, amount_minor, currency, refers_to, issued_at, seller_name, buyer_name,
            document, position)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
         ON CONFLICT (id) DO NOTHING",
    )
    .bind(receipt.receipt_id.to_string())
    .bind(receipt.number.as_str())
    .bind(i64::from(receipt::year_of(receipt.issued_at)))
    .bind(i64::try_from(sequence).unwrap_or(i64::MAX))
    .bind(receipt.kind.as_str())
    .bind(receipt.booking_id.to_string())
    .bind(client_id.to_string())
    .bind(consultant_id.to_string())
    .bind(receipt.amount.minor)
    .bind(receipt.amount.currency.code())
    .bind(receipt.refers_to.as_deref())
    .bind(super::bookings::utc(receipt.issued_at))
    .bind(receipt.document.seller.name.as_str())
    .bind(receipt.document.buyer.name.as_str())
    .bind(json)
    .bind(event.position.pos)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
