//! The lifestyle catalogue's read models: `rm_catalogue_items` (one row per
//! item, descriptions rendered to sanitised HTML once here),
//! `rm_catalogue_benefits` (an item's benefit labels, in order, for the
//! filters) and `rm_recommendations` (the items an expert recommends, in
//! order). The search column holds the names, the latin name and the
//! benefit labels' names as they were when the item was last written.

use domain::catalogue::{self, CatalogueEvent, ItemContent, RecommendationEvent};
use domain::codec;
use domain::markup;
use domain::reference::name_key;
use sqlx::{Any, Row, Transaction};
use store::RecordedEvent;

use super::Table;
use super::bookings::utc;
use super::folds::unreadable;
use crate::error::ProjectorError;

pub const ITEMS_TABLE: Table = Table {
    name: "rm_catalogue_items",
    key: "item_id",
    create: "CREATE TABLE IF NOT EXISTS rm_catalogue_items (
        item_id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        name_fr TEXT NOT NULL,
        name_en TEXT NOT NULL,
        latin_name TEXT,
        description_fr TEXT NOT NULL,
        description_en TEXT,
        html_fr TEXT NOT NULL,
        html_en TEXT NOT NULL,
        excerpt_fr TEXT NOT NULL,
        excerpt_en TEXT NOT NULL,
        image_key TEXT,
        trashed BIGINT NOT NULL DEFAULT 0,
        sort_key TEXT NOT NULL,
        search TEXT NOT NULL,
        added_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
    )",
};

pub const BENEFITS_TABLE: Table = Table {
    name: "rm_catalogue_benefits",
    key: "item_id, position",
    create: "CREATE TABLE IF NOT EXISTS rm_catalogue_benefits (
        item_id TEXT NOT NULL,
        position BIGINT NOT NULL,
        benefit_id TEXT NOT NULL,
        PRIMARY KEY (item_id, position)
    )",
};

pub const RECOMMENDATIONS_TABLE: Table = Table {
    name: "rm_recommendations",
    key: "consultant_id, position",
    create: "CREATE TABLE IF NOT EXISTS rm_recommendations (
        consultant_id TEXT NOT NULL,
        position BIGINT NOT NULL,
        item_id TEXT NOT NULL,
        PRIMARY KEY (consultant_id, position)
    )",
};

pub const INDEXES: &[&str] = &[
    "CREATE INDEX IF NOT EXISTS rm_catalogue_items_sort_idx ON rm_catalogue_items (trashed, sort_key)",
    "CREATE INDEX IF NOT EXISTS rm_catalogue_benefits_benefit_idx ON rm_catalogue_benefits (benefit_id)",
    "CREATE INDEX IF NOT EXISTS rm_recommendations_item_idx ON rm_recommendations (item_id)",
];

/// Characters of a description shown on a card.
const EXCERPT_CHARS: usize = 160;

pub fn interested(category: &str) -> bool {
    category == catalogue::CATEGORY || category == catalogue::RECOMMENDATIONS_CATEGORY
}

pub async fn apply(
    tx: &mut Transaction<'_, Any>,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    if event.stream.category() == catalogue::RECOMMENDATIONS_CATEGORY {
        let RecommendationEvent::RecommendationsSet {
            consultant_id,
            item_ids,
            ..
        } = codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(unreadable(event))?;
        sqlx::query("DELETE FROM rm_recommendations WHERE consultant_id = $1")
            .bind(consultant_id.to_string())
            .execute(&mut **tx)
            .await?;
        for (position, item_id) in item_ids.iter().enumerate() {
            sqlx::query(
                "INSERT INTO rm_recommendations (consultant_id, position, item_id) VALUES ($1, $2, $3)",
            )
            .bind(consultant_id.to_string())
            .bind(i64::try_from(position).unwrap_or_default())
            .bind(item_id.to_string())
            .execute(&mut **tx)
            .await?;
        }
        return Ok(());
    }
    let decoded: CatalogueEvent =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(unreadable(event))?;
    match decoded {
        CatalogueEvent::CatalogueItemAdded {
            item_id,
            content,
            at,
        }
        | CatalogueEvent::CatalogueItemEdited {
            item_id,
            content,
            at,
        } => write(tx, &item_id.to_string(), &content, &utc(at)).await?,
        CatalogueEvent::CatalogueItemTrashed { item_id, at }
        | CatalogueEvent::CatalogueItemRestored { item_id, at } => {
            let trashed = matches!(decoded, CatalogueEvent::CatalogueItemTrashed { .. });
            sqlx::query(
                "UPDATE rm_catalogue_items SET trashed = $2, updated_at = $3 WHERE item_id = $1",
            )
            .bind(item_id.to_string())
            .bind(i64::from(trashed))
            .bind(utc(at))
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}

async fn write(
    tx: &mut Transaction<'_, Any>,
    item_id: &str,
    content: &ItemContent,
    at: &str,
) -> Result<(), ProjectorError> {
    let mut benefit_names = String::new();
    for id in &content.benefit_ids {
        if let Some(row) =
            sqlx::query("SELECT name_fr, name_en FROM rm_reference WHERE item_id = $1")
                .bind(id.to_string())
                .fetch_optional(&mut **tx)
                .await?
        {
            let (fr, en): (String, String) = (row.try_get(0)?, row.try_get(1)?);
            benefit_names.push_str(&format!(" {fr} {en}"));
        }
    }
    let english = content
        .description_en
        .as_deref()
        .unwrap_or(&content.description_fr);
    let search = name_key(&format!(
        "{} {} {}{benefit_names}",
        content.name_fr,
        content.name_en,
        content.latin_name.as_deref().unwrap_or_default()
    ));
    sqlx::query(
        "INSERT INTO rm_catalogue_items (item_id, kind, name_fr, name_en, latin_name, description_fr,
            description_en, html_fr, html_en, excerpt_fr, excerpt_en, image_key, trashed, sort_key,
            search, added_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 0, $13, $14, $15, $15)
         ON CONFLICT (item_id) DO UPDATE SET kind = excluded.kind, name_fr = excluded.name_fr,
            name_en = excluded.name_en, latin_name = excluded.latin_name,
            description_fr = excluded.description_fr, description_en = excluded.description_en,
            html_fr = excluded.html_fr, html_en = excluded.html_en,
            excerpt_fr = excluded.excerpt_fr, excerpt_en = excluded.excerpt_en,
            image_key = excluded.image_key, sort_key = excluded.sort_key,
            search = excluded.search, updated_at = excluded.updated_at",
    )
    .bind(item_id)
    .bind(content.kind.as_str())
    .bind(&content.name_fr)
    .bind(&content.name_en)
    .bind(content.latin_name.clone())
    .bind(&content.description_fr)
    .bind(content.description_en.clone())
    .bind(markup::render(&content.description_fr))
    .bind(markup::render(english))
    .bind(markup::excerpt(&content.description_fr, EXCERPT_CHARS))
    .bind(markup::excerpt(english, EXCERPT_CHARS))
    .bind(content.image.clone())
    .bind(name_key(&content.name_fr))
    .bind(search)
    .bind(at)
    .execute(&mut **tx)
    .await?;
    sqlx::query("DELETE FROM rm_catalogue_benefits WHERE item_id = $1")
        .bind(item_id)
        .execute(&mut **tx)
        .await?;
    for (position, id) in content.benefit_ids.iter().enumerate() {
        sqlx::query(
            "INSERT INTO rm_catalogue_benefits (item_id, position, benefit_id) VALUES ($1, $2, $3)",
        )
        .bind(item_id)
        .bind(i64::try_from(position).unwrap_or_default())
        .bind(id.to_string())
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
