//! Rows written in the append's transaction: payloads, credentials, sessions.

use sqlx::PgConnection;

use crate::common::truncate_micros;
use crate::{Result, SideWrite, StoreError};

pub(super) async fn apply(conn: &mut PgConnection, side_write: &SideWrite) -> Result<()> {
    match side_write {
        SideWrite::PutPayload {
            subject,
            key,
            value,
        } => {
            let done = sqlx::query(
                "INSERT INTO payloads (subject, key, value) VALUES ($1, $2, $3) \
                 ON CONFLICT (subject, key) DO NOTHING",
            )
            .bind(subject)
            .bind(key)
            .bind(value)
            .execute(&mut *conn)
            .await?;
            if done.rows_affected() == 0 {
                let existing: Option<String> = sqlx::query_scalar(
                    "SELECT value FROM payloads WHERE subject = $1 AND key = $2",
                )
                .bind(subject)
                .bind(key)
                .fetch_optional(&mut *conn)
                .await?;
                if existing.as_deref() != Some(value.as_str()) {
                    return Err(StoreError::PayloadChanged {
                        subject: *subject,
                        key: key.clone(),
                    });
                }
            }
        }
        SideWrite::ForgetSubject { subject } => {
            sqlx::query("DELETE FROM payloads WHERE subject = $1")
                .bind(subject)
                .execute(&mut *conn)
                .await?;
        }
        SideWrite::UpsertCredential(c) => {
            sqlx::query(
                "INSERT INTO credentials (account_id, role, login_key, password_hash) \
                 VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (account_id) DO UPDATE SET role = EXCLUDED.role, \
                     login_key = EXCLUDED.login_key, password_hash = EXCLUDED.password_hash",
            )
            .bind(c.account_id)
            .bind(&c.role)
            .bind(&c.login_key)
            .bind(&c.password_hash)
            .execute(&mut *conn)
            .await
            .map_err(|e| login_taken(e.into(), &c.role))?;
        }
        SideWrite::DeleteCredential { account_id } => {
            sqlx::query("DELETE FROM credentials WHERE account_id = $1")
                .bind(account_id)
                .execute(&mut *conn)
                .await?;
        }
        SideWrite::CreateSession(s) => {
            sqlx::query(
                "INSERT INTO sessions (session_id, account_id, role, created_at, expires_at, revoked_at) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(s.session_id)
            .bind(s.account_id)
            .bind(&s.role)
            .bind(truncate_micros(s.created_at))
            .bind(truncate_micros(s.expires_at))
            .bind(s.revoked_at.map(truncate_micros))
            .execute(&mut *conn)
            .await?;
        }
        SideWrite::RevokeSession { session_id, at } => {
            sqlx::query(
                "UPDATE sessions SET revoked_at = $2 WHERE session_id = $1 AND revoked_at IS NULL",
            )
            .bind(session_id)
            .bind(truncate_micros(*at))
            .execute(&mut *conn)
            .await?;
        }
        SideWrite::RevokeAccountSessions {
            account_id,
            at,
            keep,
        } => {
            sqlx::query(
                "UPDATE sessions SET revoked_at = $2 \
                 WHERE account_id = $1 AND revoked_at IS NULL \
                   AND ($3::uuid IS NULL OR session_id <> $3)",
            )
            .bind(account_id)
            .bind(truncate_micros(*at))
            .bind(keep)
            .execute(&mut *conn)
            .await?;
        }
    }
    Ok(())
}

fn login_taken(e: StoreError, role: &str) -> StoreError {
    if e.is_unique_violation() && e.violation_detail() == "credentials_role_login_key_key" {
        StoreError::LoginTaken {
            role: role.to_owned(),
        }
    } else {
        e
    }
}
