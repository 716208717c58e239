//! `rm_accounts`: one row per account of any role, with the personal data the
//! areas show (names, e-mail, profile), replaced by [`ERASED`] when forgotten,
//! and its status (`active` or `deactivated`, with the key of the reason in
//! the payload store and the time, for administrators).
//!
//! A batch is applied through [`Pending`]: registrations and sign-ins are
//! gathered and written as a few multi-row statements (their payloads looked
//! up concurrently) instead of one statement per event. The rows are the same
//! as applying the events one by one, in order (see [`Pending::apply`]).

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

use domain::account::{AccountEvent, PayloadRef};
use domain::codec;
use sqlx::{Any, Transaction};
use store::{EventStore, RecordedEvent};

use super::{ERASED, Table};
use crate::error::ProjectorError;

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
        forgotten BIGINT NOT NULL DEFAULT 0,
        status TEXT NOT NULL DEFAULT 'active',
        deactivation_reason_key TEXT,
        deactivated_at TEXT,
        second_factor_at TEXT,
        recovery_codes_left BIGINT NOT NULL DEFAULT 0,
        erasure_due_at TEXT
    )",
};

/// Rows per multi-row INSERT (10 parameters, one profile of ~1 KB each) and
/// per sign-in UPDATE (2 short parameters each). Kept under ~16 KB per
/// statement: sqlx 0.9 leaves Nagle's algorithm on (no TCP_NODELAY), and a
/// larger message to PostgreSQL over TCP waits ~40 ms for a delayed ACK.
const INSERT_ROWS: usize = 16;
const UPDATE_ROWS: usize = 128;
/// Payloads asked per store call (keeps each query message small, as above).
const LOOKUP_CHUNK: usize = 256;

struct Registration {
    account_id: String,
    role: &'static str,
    profile: PayloadRef,
    language: &'static str,
    timezone: Option<String>,
    registered_at: String,
}

fn count(codes: &[String]) -> i64 {
    i64::try_from(codes.len()).unwrap_or(i64::MAX)
}

/// Writes of the current batch not yet sent to the read database.
///
/// Equivalence with applying each event in order: an INSERT … DO NOTHING and
/// UPDATEs of `last_sign_in_at` only interact on the same account, and only
/// when the UPDATE comes first (it must then stay a no-op on a missing row).
/// So a registration of an account with a pending sign-in flushes first, and
/// at a flush registrations are written before sign-ins; among sign-ins of one
/// account the last one wins, as it would in order. Any other write
/// (forgetting) flushes first and runs at once.
#[derive(Default)]
pub struct Pending {
    registrations: Vec<Registration>,
    registered: HashSet<String>,
    /// Account → `last_sign_in_at` of its latest sign-in in the batch.
    sign_ins: BTreeMap<String, String>,
}

impl Pending {
    pub async fn apply(
        &mut self,
        tx: &mut Transaction<'_, Any>,
        store: &Arc<dyn EventStore>,
        event: &RecordedEvent,
    ) -> Result<(), ProjectorError> {
        let decoded: AccountEvent =
            codec::decode(&event.event_type, event.schema_version, &event.payload)
                .map_err(|e| ProjectorError::Unreadable(event.event_id, e.to_string()))?;
        let account_id = event.stream.entity_id();
        match decoded {
            AccountEvent::AccountRegistered {
                role,
                profile,
                language,
                timezone,
                registered_at,
                ..
            } => {
                if self.sign_ins.contains_key(account_id) {
                    self.flush(tx, store).await?;
                }
                // A second registration of a pending account would do nothing.
                if self.registered.insert(account_id.to_owned()) {
                    self.registrations.push(Registration {
                        account_id: account_id.to_owned(),
                        role: role.as_str(),
                        profile,
                        language: language.as_str(),
                        timezone: timezone.map(|t| t.name().to_owned()),
                        registered_at: registered_at.to_rfc3339(),
                    });
                }
            }
            AccountEvent::SessionStarted { at, .. } => {
                self.sign_ins.insert(account_id.to_owned(), at.to_rfc3339());
            }
            AccountEvent::SubjectForgotten { .. } => {
                self.flush(tx, store).await?;
                sqlx::query(
                    "UPDATE rm_accounts SET given_name = $1, family_name = $1, email = $1, profile = '{}', forgotten = 1, erasure_due_at = NULL WHERE account_id = $2",
                )
                .bind(ERASED)
                .bind(account_id)
                .execute(&mut **tx)
                .await?;
            }
            AccountEvent::AccountDeactivated { reason, at } => {
                self.flush(tx, store).await?;
                // The reason stays in the payload store: only its key is kept.
                sqlx::query(
                    "UPDATE rm_accounts SET status = 'deactivated', deactivation_reason_key = $1, deactivated_at = $2 WHERE account_id = $3",
                )
                .bind(reason.key)
                .bind(at.to_rfc3339())
                .bind(account_id)
                .execute(&mut **tx)
                .await?;
            }
            AccountEvent::AccountReactivated { .. } => {
                self.flush(tx, store).await?;
                sqlx::query(
                    "UPDATE rm_accounts SET status = 'active', deactivation_reason_key = NULL, deactivated_at = NULL WHERE account_id = $1",
                )
                .bind(account_id)
                .execute(&mut **tx)
                .await?;
            }
            AccountEvent::SecondFactorEnabled { recovery_codes, at } => {
                self.flush(tx, store).await?;
                sqlx::query(
                    "UPDATE rm_accounts SET second_factor_at = $1, recovery_codes_left = $2 WHERE account_id = $3",
                )
                .bind(at.to_rfc3339())
                .bind(count(&recovery_codes))
                .bind(account_id)
                .execute(&mut **tx)
                .await?;
            }
            AccountEvent::RecoveryCodesRenewed { recovery_codes, .. } => {
                self.flush(tx, store).await?;
                sqlx::query(
                    "UPDATE rm_accounts SET recovery_codes_left = $1 WHERE account_id = $2",
                )
                .bind(count(&recovery_codes))
                .bind(account_id)
                .execute(&mut **tx)
                .await?;
            }
            AccountEvent::RecoveryCodeUsed { .. } => {
                self.flush(tx, store).await?;
                sqlx::query(
                    "UPDATE rm_accounts SET recovery_codes_left = recovery_codes_left - 1 WHERE account_id = $1 AND recovery_codes_left > 0",
                )
                .bind(account_id)
                .execute(&mut **tx)
                .await?;
            }
            AccountEvent::SecondFactorDisabled { .. } => {
                self.flush(tx, store).await?;
                sqlx::query(
                    "UPDATE rm_accounts SET second_factor_at = NULL, recovery_codes_left = 0 WHERE account_id = $1",
                )
                .bind(account_id)
                .execute(&mut **tx)
                .await?;
            }
            AccountEvent::ErasureRequested { erase_at, .. } => {
                self.flush(tx, store).await?;
                sqlx::query("UPDATE rm_accounts SET erasure_due_at = $1 WHERE account_id = $2")
                    .bind(erase_at.to_rfc3339())
                    .bind(account_id)
                    .execute(&mut **tx)
                    .await?;
            }
            AccountEvent::ErasureCancelled { .. } => {
                self.flush(tx, store).await?;
                sqlx::query("UPDATE rm_accounts SET erasure_due_at = NULL WHERE account_id = $1")
                    .bind(account_id)
                    .execute(&mut **tx)
                    .await?;
            }
            AccountEvent::SessionEnded { .. }
            | AccountEvent::LegalTermsAccepted { .. }
            | AccountEvent::SecondFactorEnrolmentStarted { .. }
            | AccountEvent::PasswordChanged { .. }
            | AccountEvent::PasswordResetRequested { .. }
            | AccountEvent::PasswordResetCompleted { .. } => {}
        }
        Ok(())
    }

    /// Writes everything pending: registrations, then sign-ins.
    pub async fn flush(
        &mut self,
        tx: &mut Transaction<'_, Any>,
        store: &Arc<dyn EventStore>,
    ) -> Result<(), ProjectorError> {
        let registrations = std::mem::take(&mut self.registrations);
        self.registered.clear();
        if !registrations.is_empty() {
            let refs: Vec<PayloadRef> = registrations.iter().map(|r| r.profile.clone()).collect();
            let personal = personal_data(store, refs).await?;
            let rows: Vec<(Registration, Personal)> =
                registrations.into_iter().zip(personal).collect();
            let mut rest = rows.as_slice();
            for size in chunk_sizes(rest.len(), INSERT_ROWS) {
                let (chunk, tail) = rest.split_at(size);
                rest = tail;
                let mut query = sqlx::query(sqlx::AssertSqlSafe(insert_sql(size)));
                for (r, (given, family, email, profile_json)) in chunk {
                    query = query
                        .bind(r.account_id.as_str())
                        .bind(r.role)
                        .bind(given.as_str())
                        .bind(family.as_str())
                        .bind(email.as_str())
                        .bind(profile_json.as_str())
                        .bind(r.language)
                        .bind(r.timezone.as_deref())
                        .bind(r.registered_at.as_str())
                        .bind(0_i64);
                }
                query.execute(&mut **tx).await?;
            }
        }
        let sign_ins: Vec<(String, String)> =
            std::mem::take(&mut self.sign_ins).into_iter().collect();
        let mut rest = sign_ins.as_slice();
        for size in chunk_sizes(rest.len(), UPDATE_ROWS) {
            let (chunk, tail) = rest.split_at(size);
            rest = tail;
            let mut query = sqlx::query(sqlx::AssertSqlSafe(sign_in_sql(size)));
            for (account_id, at) in chunk {
                query = query.bind(account_id.as_str()).bind(at.as_str());
            }
            query.execute(&mut **tx).await?;
        }
        Ok(())
    }
}

/// `INSERT … VALUES (…), (…) ON CONFLICT DO NOTHING` for `rows` accounts.
fn insert_sql(rows: usize) -> String {
    let values: Vec<String> = (0..rows)
        .map(|r| {
            let p: Vec<String> = (1..=10).map(|c| format!("${}", r * 10 + c)).collect();
            format!("({})", p.join(", "))
        })
        .collect();
    format!(
        "INSERT INTO rm_accounts (account_id, role, given_name, family_name, email, profile, language, timezone, registered_at, forgotten)
         VALUES {}
         ON CONFLICT (account_id) DO NOTHING",
        values.join(", ")
    )
}

/// One UPDATE setting each listed account's `last_sign_in_at` (parameters:
/// account, time, account, time…); missing rows stay missing, as with one
/// UPDATE per event.
fn sign_in_sql(rows: usize) -> String {
    let cases: String = (0..rows)
        .map(|r| format!(" WHEN ${} THEN ${}", 2 * r + 1, 2 * r + 2))
        .collect();
    let ids: Vec<String> = (0..rows).map(|r| format!("${}", 2 * r + 1)).collect();
    format!(
        "UPDATE rm_accounts SET last_sign_in_at = CASE account_id{cases} END WHERE account_id IN ({})",
        ids.join(", ")
    )
}

/// Splits `n` rows into chunks of at most `max` whose sizes are powers of two,
/// so a few statement texts (each prepared once per connection) serve every batch.
pub(super) fn chunk_sizes(mut n: usize, max: usize) -> Vec<usize> {
    let mut sizes = Vec::new();
    while n > 0 {
        let size = if n >= max { max } else { 1 << n.ilog2() };
        sizes.push(size);
        n -= size;
    }
    sizes
}

/// Given name, family name, e-mail, whole profile JSON.
type Personal = (String, String, String, String);

/// The personal data of each reference, in order, in one store call.
async fn personal_data(
    store: &Arc<dyn EventStore>,
    refs: Vec<PayloadRef>,
) -> Result<Vec<Personal>, ProjectorError> {
    let asked: Vec<(uuid::Uuid, String)> = refs.into_iter().map(|r| (r.subject, r.key)).collect();
    let mut out = Vec::with_capacity(asked.len());
    for chunk in asked.chunks(LOOKUP_CHUNK) {
        out.extend(store.payloads(chunk).await?.into_iter().map(personal));
    }
    Ok(out)
}

fn erased() -> Personal {
    (ERASED.into(), ERASED.into(), ERASED.into(), "{}".into())
}

/// Names, e-mail and the whole profile from the payload; the erased
/// placeholder once the subject was forgotten (live or on rebuild alike).
fn personal(raw: Option<String>) -> Personal {
    let Some(raw) = raw else {
        return erased();
    };
    let value: serde_json::Value = serde_json::from_str(&raw).unwrap_or_default();
    let text = |f: &str| value[f].as_str().unwrap_or_default().to_owned();
    (text("given_name"), text("family_name"), text("email"), raw)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_are_powers_of_two_up_to_the_maximum() {
        assert_eq!(chunk_sizes(0, 64), Vec::<usize>::new());
        assert_eq!(chunk_sizes(1, 64), vec![1]);
        assert_eq!(chunk_sizes(200, 64), vec![64, 64, 64, 8]);
        assert_eq!(chunk_sizes(7, 64), vec![4, 2, 1]);
    }

    #[test]
    fn the_sign_in_update_pairs_each_account_with_its_time() {
        assert_eq!(
            sign_in_sql(2),
            "UPDATE rm_accounts SET last_sign_in_at = CASE account_id WHEN $1 THEN $2 WHEN $3 THEN $4 END WHERE account_id IN ($1, $3)"
        );
    }
}
