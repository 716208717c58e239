//! Projections: each read-model table and the events that fill it. They only
//! copy what events (and the payloads they reference) say: no clock, no
//! random values, so a rebuild gives the same rows.

mod accounts;
mod audit;
mod blog;
pub mod bookings;
mod catalogue;
mod client_files;
mod complaints;
mod consultants;
mod contact;
mod digital_products;
pub mod directory;
mod favourites;
mod folds;
mod newsletter;
mod practice;
mod quotes;
mod receipts;
mod reference;
mod site;
mod starter_kits;
pub mod stats;
mod usage;
mod waiting_list;

use std::sync::Arc;

use sqlx::{Any, Transaction};
use store::{EventStore, RecordedEvent};

use crate::error::ProjectorError;

/// A read-model table: its name, a stable ordering key and its DDL.
pub struct Table {
    pub name: &'static str,
    pub key: &'static str,
    pub create: &'static str,
}

/// Shown in place of personal data once the subject is forgotten.
pub const ERASED: &str = "[erased]";

pub const SCHEMA: &[Table] = &[
    Table {
        name: "rm_checkpoint",
        key: "name",
        create: "CREATE TABLE IF NOT EXISTS rm_checkpoint (name TEXT PRIMARY KEY, tx BIGINT NOT NULL, pos BIGINT NOT NULL)",
    },
    accounts::TABLE,
    reference::TABLE,
    directory::DRAFT_TABLE,
    directory::TABLE,
    directory::TOPIC_TABLE,
    directory::LANGUAGE_TABLE,
    favourites::TABLE,
    consultants::TABLE,
    consultants::HISTORY_TABLE,
    bookings::TABLE,
    bookings::HISTORY_TABLE,
    practice::TIMINGS_TABLE,
    practice::COUPONS_TABLE,
    practice::COUPON_USES_TABLE,
    practice::PAIRS_TABLE,
    practice::NOTES_TABLE,
    client_files::TABLE,
    complaints::TABLE,
    complaints::ITEMS_TABLE,
    audit::TABLE,
    stats::TABLE,
    stats::BOOKINGS_TABLE,
    receipts::TABLE,
    contact::TABLE,
    blog::TABLE,
    blog::TAGS_TABLE,
    usage::TABLE,
    quotes::TABLE,
    site::PAGES_TABLE,
    site::LEGAL_TABLE,
    site::ACCEPTANCES_TABLE,
    site::SETTINGS_TABLE,
    newsletter::TABLE,
    starter_kits::TABLE,
    waiting_list::TABLE,
    catalogue::ITEMS_TABLE,
    catalogue::BENEFITS_TABLE,
    catalogue::RECOMMENDATIONS_TABLE,
    digital_products::PRODUCTS_TABLE,
    digital_products::PURCHASES_TABLE,
];

/// Indexes, created after the tables (dropped with them).
pub const INDEXES: &[&[&str]] = &[
    bookings::INDEXES,
    practice::INDEXES,
    complaints::INDEXES,
    audit::INDEXES,
    receipts::INDEXES,
    contact::INDEXES,
    blog::INDEXES,
    newsletter::INDEXES,
    starter_kits::INDEXES,
    waiting_list::INDEXES,
    catalogue::INDEXES,
    digital_products::INDEXES,
];

/// Applies a batch of events, in global order, to every projection
/// interested in them. Projections may hold writes back until the end of the
/// batch (one multi-row statement instead of one per event) as long as the
/// rows come out as if each event were applied in turn; the caller commits
/// them with the checkpoint. Each table is written by one projection only.
pub async fn apply_batch(
    tx: &mut Transaction<'_, Any>,
    store: &Arc<dyn EventStore>,
    events: &[RecordedEvent],
) -> Result<(), ProjectorError> {
    let mut accounts = accounts::Pending::default();
    let mut directory = directory::Pending::default();
    let mut consultant_folds = consultants::Folds::new(domain::consultant::Consultant::evolve);
    let mut booking_folds = bookings::Folds::new(domain::booking::Booking::evolve);
    let mut complaints = complaints::Pending::default();
    let mut audit = audit::Pending::default();
    let mut stats = stats::Pending::default();
    for event in events {
        if audit::interested(event.stream.category()) {
            audit.apply(tx, event).await?;
        }
        if complaints::interested(event.stream.category()) {
            complaints.apply(tx, store, event).await?;
        }
        if receipts::interested(event.stream.category()) {
            receipts::apply(tx, store, event).await?;
            continue;
        }
        if bookings::interested(event.stream.category()) {
            bookings::apply(tx, store, &mut booking_folds, event).await?;
            stats.apply_booking(event)?;
            continue;
        }
        if practice::interested(event.stream.category()) {
            practice::apply(tx, store, event).await?;
        }
        if consultants::interested(event.stream.category()) {
            consultants::apply(tx, store, &mut consultant_folds, event).await?;
        }
        if client_files::interested(event.stream.category()) {
            client_files::apply(tx, store, event).await?;
        }
        if event.stream.category() == domain::account::SIGN_IN_CATEGORY {
            accounts.apply(tx, store, event).await?;
        } else if event.stream.category() == domain::account::ACCOUNT_CATEGORY {
            accounts.apply(tx, store, event).await?;
            stats.apply_account(event)?;
            directory.apply_account(tx, event).await?;
            site::apply_account(tx, event).await?;
        } else if reference::interested(event.stream.category()) {
            reference::apply(tx, event).await?;
            directory.apply_reference(tx, event).await?;
        } else if directory::interested(event.stream.category()) {
            directory.apply(tx, event).await?;
        } else if favourites::interested(event.stream.category()) {
            favourites::apply(tx, event).await?;
        } else if contact::interested(event.stream.category()) {
            contact::apply(tx, store, event).await?;
        } else if blog::interested(event.stream.category()) {
            blog::apply(tx, event).await?;
        } else if usage::interested(event.stream.category()) {
            usage::apply(tx, event).await?;
        } else if quotes::interested(event.stream.category()) {
            quotes::apply(tx, event).await?;
        } else if site::interested(event.stream.category()) {
            site::apply(tx, event).await?;
        } else if newsletter::interested(event.stream.category()) {
            newsletter::apply(tx, store, event).await?;
        } else if starter_kits::interested(event.stream.category()) {
            starter_kits::apply(tx, store, event).await?;
        } else if waiting_list::interested(event.stream.category()) {
            waiting_list::apply(tx, store, event).await?;
        } else if catalogue::interested(event.stream.category()) {
            catalogue::apply(tx, event).await?;
        } else if digital_products::interested(event.stream.category()) {
            digital_products::apply(tx, event).await?;
        }
    }
    // The directory renders from the accounts' rows: accounts first.
    accounts.flush(tx, store).await?;
    // Search keys read the accounts' rows.
    complaints.flush(tx).await?;
    audit.flush(tx).await?;
    stats.flush(tx).await?;
    directory.flush(tx, store).await
}
