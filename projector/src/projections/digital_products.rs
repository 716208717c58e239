//! Digital products' read models: `rm_digital_products` (the shop,
//! descriptions rendered to sanitised HTML once here) and `rm_purchases`
//! (who bought or took what, which lets them download it).

use domain::codec;
use domain::digital_product::{self, ProductEvent, PurchaseEvent};
use domain::markup;
use domain::reference::name_key;
use sqlx::{Any, Transaction};
use store::RecordedEvent;

use super::Table;
use super::bookings::utc;
use super::folds::unreadable;
use crate::error::ProjectorError;

pub const PRODUCTS_TABLE: Table = Table {
    name: "rm_digital_products",
    key: "product_id",
    create: "CREATE TABLE IF NOT EXISTS rm_digital_products (
        product_id TEXT PRIMARY KEY,
        title_fr TEXT NOT NULL,
        title_en TEXT NOT NULL,
        description_fr TEXT NOT NULL,
        description_en TEXT,
        html_fr TEXT NOT NULL,
        html_en TEXT NOT NULL,
        excerpt_fr TEXT NOT NULL,
        excerpt_en TEXT NOT NULL,
        price_minor BIGINT NOT NULL,
        currency TEXT NOT NULL,
        file_key TEXT NOT NULL,
        cover_key TEXT,
        trashed BIGINT NOT NULL DEFAULT 0,
        sort_key TEXT NOT NULL,
        search TEXT NOT NULL,
        added_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
    )",
};

pub const PURCHASES_TABLE: Table = Table {
    name: "rm_purchases",
    key: "purchase_id",
    create: "CREATE TABLE IF NOT EXISTS rm_purchases (
        purchase_id TEXT PRIMARY KEY,
        product_id TEXT NOT NULL,
        client_id TEXT NOT NULL,
        amount_minor BIGINT NOT NULL,
        currency TEXT NOT NULL,
        provider_ref TEXT,
        purchased_at TEXT NOT NULL
    )",
};

pub const INDEXES: &[&str] = &[
    "CREATE INDEX IF NOT EXISTS rm_digital_products_sort_idx ON rm_digital_products (trashed, sort_key)",
    "CREATE INDEX IF NOT EXISTS rm_purchases_client_idx ON rm_purchases (client_id, purchased_at)",
    "CREATE INDEX IF NOT EXISTS rm_purchases_product_idx ON rm_purchases (product_id)",
];

/// Characters of a description shown on a card.
const EXCERPT_CHARS: usize = 160;

pub fn interested(category: &str) -> bool {
    category == digital_product::CATEGORY || category == digital_product::PURCHASE_CATEGORY
}

pub async fn apply(
    tx: &mut Transaction<'_, Any>,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    if event.stream.category() == digital_product::PURCHASE_CATEGORY {
        let PurchaseEvent::DigitalProductPurchased {
            purchase_id,
            product_id,
            client_id,
            amount,
            payment,
            at,
        } = codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(unreadable(event))?;
        sqlx::query(
            "INSERT INTO rm_purchases
             (purchase_id, product_id, client_id, amount_minor, currency, provider_ref, purchased_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (purchase_id) DO NOTHING",
        )
        .bind(purchase_id.to_string())
        .bind(product_id.to_string())
        .bind(client_id.to_string())
        .bind(amount.minor)
        .bind(amount.currency.code())
        .bind(payment.map(|p| p.provider_ref))
        .bind(utc(at))
        .execute(&mut **tx)
        .await?;
        return Ok(());
    }
    let decoded: ProductEvent =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(unreadable(event))?;
    match decoded {
        ProductEvent::DigitalProductAdded {
            product_id,
            content,
            at,
        }
        | ProductEvent::DigitalProductEdited {
            product_id,
            content,
            at,
        } => {
            let english = content
                .description_en
                .as_deref()
                .unwrap_or(&content.description_fr);
            sqlx::query(
                "INSERT INTO rm_digital_products (product_id, title_fr, title_en, description_fr,
                    description_en, html_fr, html_en, excerpt_fr, excerpt_en, price_minor, currency,
                    file_key, cover_key, trashed, sort_key, search, added_at, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 0, $14, $15, $16, $16)
                 ON CONFLICT (product_id) DO UPDATE SET title_fr = excluded.title_fr,
                    title_en = excluded.title_en, description_fr = excluded.description_fr,
                    description_en = excluded.description_en, html_fr = excluded.html_fr,
                    html_en = excluded.html_en, excerpt_fr = excluded.excerpt_fr,
                    excerpt_en = excluded.excerpt_en, price_minor = excluded.price_minor,
                    currency = excluded.currency, file_key = excluded.file_key,
                    cover_key = excluded.cover_key, sort_key = excluded.sort_key,
                    search = excluded.search, updated_at = excluded.updated_at",
            )
            .bind(product_id.to_string())
            .bind(&content.title_fr)
            .bind(&content.title_en)
            .bind(&content.description_fr)
            .bind(content.description_en.clone())
            .bind(markup::render(&content.description_fr))
            .bind(markup::render(english))
            .bind(markup::excerpt(&content.description_fr, EXCERPT_CHARS))
            .bind(markup::excerpt(english, EXCERPT_CHARS))
            .bind(content.price.minor)
            .bind(content.price.currency.code())
            .bind(&content.file)
            .bind(content.cover.clone())
            .bind(name_key(&content.title_fr))
            .bind(name_key(&format!("{} {}", content.title_fr, content.title_en)))
            .bind(utc(at))
            .execute(&mut **tx)
            .await?;
        }
        ProductEvent::DigitalProductTrashed { product_id, at }
        | ProductEvent::DigitalProductRestored { product_id, at } => {
            let trashed = matches!(decoded, ProductEvent::DigitalProductTrashed { .. });
            sqlx::query(
                "UPDATE rm_digital_products SET trashed = $2, updated_at = $3 WHERE product_id = $1",
            )
            .bind(product_id.to_string())
            .bind(i64::from(trashed))
            .bind(utc(at))
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}
