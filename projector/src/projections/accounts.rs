//! `rm_accounts`: one row per account of any role, with the personal data the
//! areas show (names, e-mail, profile), replaced by [`ERASED`] when forgotten.

use domain::account::{AccountEvent, PayloadRef};
use domain::codec;
use sqlx::{Any, Transaction};
use store::{EventStore, RecordedEvent};

use super::{ERASED, Table};
use crate::runner::ProjectorError;

pub const TABLE: Table = Table {
    name: "rm_accounts",
    key: "account_id",
    create: "CREATE TABLE IF NOT EXISTS rm_accounts (
        account_id TEXT PRIMARY KEY,
        role TEXT NOT NULL,
        given_name TEXT NOT NULL,
        family_name TEXT NOT NULL,
        email TEXT NOT NULL,
        profile TEXT NOT NULL,
        language TEXT NOT NULL,
        timezone TEXT,
        registered_at TEXT NOT NULL,
        last_sign_in_at TEXT,
        forgotten BIGINT NOT NULL DEFAULT 0
    )",
};

pub async fn apply(tx: &mut Transaction<'_, Any>, store: &dyn EventStore, event: &RecordedEvent) -> Result<(), ProjectorError> {
    let decoded: AccountEvent = codec::decode(&event.event_type, event.schema_version, &event.payload)
        .map_err(|e| ProjectorError::Unreadable(event.event_id, e.to_string()))?;
    let account_id = event.stream.entity_id();
    match decoded {
        AccountEvent::AccountRegistered { role, profile, language, timezone, registered_at, .. } => {
            let (given, family, email, profile_json) = personal(store, &profile).await?;
            sqlx::query(
                "INSERT INTO rm_accounts (account_id, role, given_name, family_name, email, profile, language, timezone, registered_at, forgotten)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
                 ON CONFLICT (account_id) DO NOTHING",
            )
            .bind(account_id)
            .bind(role.as_str())
            .bind(given)
            .bind(family)
            .bind(email)
            .bind(profile_json)
            .bind(language.as_str())
            .bind(timezone.map(|t| t.name().to_owned()))
            .bind(registered_at.to_rfc3339())
            .bind(0_i64)
            .execute(&mut **tx)
            .await?;
        }
        AccountEvent::SessionStarted { at, .. } => {
            sqlx::query("UPDATE rm_accounts SET last_sign_in_at = $1 WHERE account_id = $2")
                .bind(at.to_rfc3339())
                .bind(account_id)
                .execute(&mut **tx)
                .await?;
        }
        AccountEvent::SubjectForgotten { .. } => {
            sqlx::query(
                "UPDATE rm_accounts SET given_name = $1, family_name = $1, email = $1, profile = '{}', forgotten = 1 WHERE account_id = $2",
            )
            .bind(ERASED)
            .bind(account_id)
            .execute(&mut **tx)
            .await?;
        }
        AccountEvent::SessionEnded { .. }
        | AccountEvent::PasswordChanged { .. }
        | AccountEvent::PasswordResetRequested { .. }
        | AccountEvent::PasswordResetCompleted { .. } => {}
    }
    Ok(())
}

/// Names, e-mail and the whole profile from the payload store; the erased
/// placeholder once the subject was forgotten (live or on rebuild alike).
async fn personal(store: &dyn EventStore, profile: &PayloadRef) -> Result<(String, String, String, String), ProjectorError> {
    let Some(raw) = store.payload(profile.subject, &profile.key).await? else {
        return Ok((ERASED.into(), ERASED.into(), ERASED.into(), "{}".into()));
    };
    let value: serde_json::Value = serde_json::from_str(&raw).unwrap_or_default();
    let text = |f: &str| value[f].as_str().unwrap_or_default().to_owned();
    Ok((text("given_name"), text("family_name"), text("email"), raw))
}

