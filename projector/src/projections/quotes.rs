//! `rm_quotes`: the quotes with both languages' text, their author and
//! whether they are in the trash; the home page's rotation is the active
//! ones in the order they were added.

use domain::codec;
use domain::quote::{self, QuoteEvent};
use domain::reference::name_key;
use sqlx::{Any, Transaction};
use store::RecordedEvent;

use super::Table;
use super::bookings::utc;
use super::folds::unreadable;
use crate::error::ProjectorError;

pub const TABLE: Table = Table {
    name: "rm_quotes",
    key: "quote_id",
    create: "CREATE TABLE IF NOT EXISTS rm_quotes (
        quote_id TEXT PRIMARY KEY,
        text_fr TEXT NOT NULL,
        text_en TEXT NOT NULL,
        author TEXT NOT NULL,
        added_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        trashed_at TEXT,
        search TEXT NOT NULL
    )",
};

pub fn interested(category: &str) -> bool {
    category == quote::CATEGORY
}

pub async fn apply(
    tx: &mut Transaction<'_, Any>,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    let decoded: QuoteEvent =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(unreadable(event))?;
    match decoded {
        QuoteEvent::QuoteAdded {
            quote_id,
            quote,
            at,
        }
        | QuoteEvent::QuoteEdited {
            quote_id,
            quote,
            at,
        } => {
            let search = name_key(&format!(
                "{} {} {}",
                quote.author, quote.text_fr, quote.text_en
            ));
            sqlx::query(
                "INSERT INTO rm_quotes (quote_id, text_fr, text_en, author, added_at, updated_at, search)
                 VALUES ($1, $2, $3, $4, $5, $5, $6)
                 ON CONFLICT (quote_id) DO UPDATE SET text_fr = excluded.text_fr,
                    text_en = excluded.text_en, author = excluded.author,
                    updated_at = excluded.updated_at, search = excluded.search",
            )
            .bind(quote_id.to_string())
            .bind(quote.text_fr)
            .bind(quote.text_en)
            .bind(quote.author)
            .bind(utc(at))
            .bind(search)
            .execute(&mut **tx)
            .await?;
        }
        QuoteEvent::QuoteTrashed { quote_id, at } => {
            sqlx::query("UPDATE rm_quotes SET trashed_at = $2 WHERE quote_id = $1")
                .bind(quote_id.to_string())
                .bind(utc(at))
                .execute(&mut **tx)
                .await?;
        }
        QuoteEvent::QuoteRestored { quote_id, .. } => {
            sqlx::query("UPDATE rm_quotes SET trashed_at = NULL WHERE quote_id = $1")
                .bind(quote_id.to_string())
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}
