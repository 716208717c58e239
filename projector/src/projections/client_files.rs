//! `rm_client_files`: one row per client who filled something in: the
//! consent form's key and time, the health assessment's answers (payload
//! resolved) with the consent to share them with booked experts, and the
//! general information (payload resolved).
//!
//! Once the client is forgotten (or when a rebuild finds the payload gone)
//! every answer reads [`ERASED`]; both ways write the same object
//! ([`erased`]), so a live projection and a rebuild agree.

use std::sync::Arc;

use domain::account::{AccountEvent, PayloadRef};
use domain::client_file::{CATEGORY, ClientFileEvent, GeneralInfo, HealthAnswers};
use domain::codec;
use serde_json::{Map, Value, json};
use sqlx::{Any, Transaction};
use store::{EventStore, RecordedEvent};

use super::{ERASED, Table};
use crate::error::ProjectorError;

pub const TABLE: Table = Table {
    name: "rm_client_files",
    key: "client_id",
    create: "CREATE TABLE IF NOT EXISTS rm_client_files (
        client_id TEXT PRIMARY KEY,
        consent_form_key TEXT,
        consent_form_at TEXT,
        health_assessment TEXT,
        share_with_experts BIGINT NOT NULL DEFAULT 0,
        health_saved_at TEXT,
        general_info TEXT,
        general_saved_at TEXT
    )",
};

/// Client file streams, and account streams (forgetting).
pub fn interested(category: &str) -> bool {
    category == CATEGORY || category == domain::account::ACCOUNT_CATEGORY
}

pub async fn apply(
    tx: &mut Transaction<'_, Any>,
    store: &Arc<dyn EventStore>,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    let id = event.stream.entity_id();
    if event.stream.category() != CATEGORY {
        if event.event_type != "SubjectForgotten" {
            return Ok(());
        }
        let decoded: AccountEvent = decode(event)?;
        if matches!(decoded, AccountEvent::SubjectForgotten { .. }) {
            forget(tx, id).await?;
        }
        return Ok(());
    }
    sqlx::query(
        "INSERT INTO rm_client_files (client_id) VALUES ($1) ON CONFLICT (client_id) DO NOTHING",
    )
    .bind(id)
    .execute(&mut **tx)
    .await?;
    match decode::<ClientFileEvent>(event)? {
        ClientFileEvent::ConsentFormUploaded { file_key, at } => {
            sqlx::query(
                "UPDATE rm_client_files SET consent_form_key = $1, consent_form_at = $2 WHERE client_id = $3",
            )
            .bind(file_key)
            .bind(at.to_rfc3339())
            .bind(id)
            .execute(&mut **tx)
            .await?;
        }
        ClientFileEvent::HealthAssessmentSaved {
            answers,
            share_with_experts,
            at,
        } => {
            let shown = match payload(store, &answers).await? {
                Some(raw) => health_answers(&raw),
                None => erased(HealthAnswers::FIELDS),
            };
            sqlx::query(
                "UPDATE rm_client_files SET health_assessment = $1, share_with_experts = $2,
                    health_saved_at = $3 WHERE client_id = $4",
            )
            .bind(shown.to_string())
            .bind(i64::from(share_with_experts))
            .bind(at.to_rfc3339())
            .bind(id)
            .execute(&mut **tx)
            .await?;
        }
        ClientFileEvent::GeneralInfoSaved { info, at } => {
            let shown = match payload(store, &info).await? {
                Some(raw) => general_info(&raw),
                None => erased(GeneralInfo::FIELDS),
            };
            sqlx::query(
                "UPDATE rm_client_files SET general_info = $1, general_saved_at = $2 WHERE client_id = $3",
            )
            .bind(shown.to_string())
            .bind(at.to_rfc3339())
            .bind(id)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}

fn decode<E: codec::EventSchema>(event: &RecordedEvent) -> Result<E, ProjectorError> {
    codec::decode(&event.event_type, event.schema_version, &event.payload)
        .map_err(|e| ProjectorError::Unreadable(event.event_id, e.to_string()))
}

async fn payload(
    store: &Arc<dyn EventStore>,
    reference: &PayloadRef,
) -> Result<Option<String>, ProjectorError> {
    Ok(store.payload(reference.subject, &reference.key).await?)
}

/// Every field of `fields` reading [`ERASED`].
fn erased(fields: &[&str]) -> Value {
    Value::Object(
        fields
            .iter()
            .map(|f| ((*f).to_owned(), Value::String(ERASED.into())))
            .collect::<Map<String, Value>>(),
    )
}

/// The answers as the form names them (absent answers as empty text).
fn health_answers(raw: &str) -> Value {
    let Ok(a) = serde_json::from_str::<HealthAnswers>(raw) else {
        return erased(HealthAnswers::FIELDS);
    };
    let text = |t: Option<String>| t.unwrap_or_default();
    json!({
        "reason": a.reason,
        "current_treatments": text(a.current_treatments),
        "allergies": text(a.allergies),
        "medical_history": text(a.medical_history),
        "pregnancy": a.pregnancy.as_str(),
        "sleep": a.sleep.as_str(),
        "stress": a.stress.as_str(),
        "diet": a.diet.as_str(),
        "lifestyle_notes": text(a.lifestyle_notes),
    })
}

/// The general information as the form names them (the phone split into
/// prefix and number).
fn general_info(raw: &str) -> Value {
    let Ok(g) = serde_json::from_str::<GeneralInfo>(raw) else {
        return erased(GeneralInfo::FIELDS);
    };
    let (isd_code, number) = g
        .emergency_contact_phone
        .map(|p| p.parts())
        .unwrap_or_default();
    json!({
        "occupation": g.occupation.unwrap_or_default(),
        "height_cm": g.height_cm,
        "weight_kg": g.weight_kg,
        "emergency_contact_name": g.emergency_contact_name.unwrap_or_default(),
        "emergency_contact_isd_code": isd_code,
        "emergency_contact_number": number,
        "referral_source": g.referral_source.map(|r| r.as_str()).unwrap_or_default(),
    })
}

/// Erases the answers of a forgotten client (what a rebuild shows without
/// the payloads).
async fn forget(tx: &mut Transaction<'_, Any>, id: &str) -> Result<(), ProjectorError> {
    sqlx::query(
        "UPDATE rm_client_files SET
            health_assessment = CASE WHEN health_assessment IS NULL THEN NULL ELSE $1 END,
            general_info = CASE WHEN general_info IS NULL THEN NULL ELSE $2 END
         WHERE client_id = $3",
    )
    .bind(erased(HealthAnswers::FIELDS).to_string())
    .bind(erased(GeneralInfo::FIELDS).to_string())
    .bind(id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unreadable_answers_read_as_erased_like_forgotten_ones() {
        assert_eq!(health_answers("{"), erased(HealthAnswers::FIELDS));
        assert_eq!(general_info("null"), erased(GeneralInfo::FIELDS));
        assert_eq!(erased(&["a"]), json!({"a": ERASED}));
    }
}
