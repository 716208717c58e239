//! Rows written in the append's transaction: payloads, credentials, sessions.

use sqlx::SqliteConnection;

use super::codec::micros;
use crate::{Result, SideWrite, StoreError};

pub(super) async fn apply(conn: &mut SqliteConnection, side_write: &SideWrite) -> Result<()> {
    match side_write {
        SideWrite::PutPayload {
            subject,
            key,
            value,
        } => {
            let existing: Option<String> =
                sqlx::query_scalar("SELECT value FROM payloads WHERE subject = ?1 AND key = ?2")
                    .bind(subject.hyphenated())
                    .bind(key)
                    .fetch_optional(&mut *conn)
                    .await?;
            match existing {
                Some(v) if v == *value => {}
                Some(_) => {
                    return Err(StoreError::PayloadChanged {
                        subject: *subject,
                        key: key.clone(),
                    });
                }
                None => {
                    sqlx::query("INSERT INTO payloads (subject, key, value) VALUES (?1, ?2, ?3)")
                        .bind(subject.hyphenated())
                        .bind(key)
                        .bind(value)
                        .execute(&mut *conn)
                        .await?;
                }
            }
        }
        SideWrite::ForgetSubject { subject } => {
            sqlx::query("DELETE FROM payloads WHERE subject = ?1")
                .bind(subject.hyphenated())
                .execute(&mut *conn)
                .await?;
        }
        SideWrite::UpsertCredential(c) => {
            sqlx::query(
                "INSERT INTO credentials (account_id, role, login_key, password_hash) \
                 VALUES (?1, ?2, ?3, ?4) \
                 ON CONFLICT (account_id) DO UPDATE SET role = excluded.role, \
                     login_key = excluded.login_key, password_hash = excluded.password_hash",
            )
            .bind(c.account_id.hyphenated())
            .bind(&c.role)
            .bind(&c.login_key)
            .bind(&c.password_hash)
            .execute(&mut *conn)
            .await
            .map_err(|e| {
                let e = StoreError::from(e);
                if e.is_unique_violation() && e.violation_detail().contains("credentials.login_key")
                {
                    StoreError::LoginTaken {
                        role: c.role.clone(),
                    }
                } else {
                    e
                }
            })?;
        }
        SideWrite::DeleteCredential { account_id } => {
            sqlx::query("DELETE FROM credentials WHERE account_id = ?1")
                .bind(account_id.hyphenated())
                .execute(&mut *conn)
                .await?;
        }
        SideWrite::CreateSession(s) => {
            sqlx::query(
                "INSERT INTO sessions (session_id, account_id, role, created_at, expires_at, revoked_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )
            .bind(s.session_id.hyphenated())
            .bind(s.account_id.hyphenated())
            .bind(&s.role)
            .bind(micros(s.created_at))
            .bind(micros(s.expires_at))
            .bind(s.revoked_at.map(micros))
            .execute(&mut *conn)
            .await?;
        }
        SideWrite::RevokeSession { session_id, at } => {
            sqlx::query(
                "UPDATE sessions SET revoked_at = ?2 WHERE session_id = ?1 AND revoked_at IS NULL",
            )
            .bind(session_id.hyphenated())
            .bind(micros(*at))
            .execute(&mut *conn)
            .await?;
        }
        SideWrite::RevokeAccountSessions {
            account_id,
            at,
            keep,
        } => {
            sqlx::query(
                "UPDATE sessions SET revoked_at = ?2 \
                 WHERE account_id = ?1 AND revoked_at IS NULL AND (?3 IS NULL OR session_id <> ?3)",
            )
            .bind(account_id.hyphenated())
            .bind(micros(*at))
            .bind(keep.map(|id| id.hyphenated()))
            .execute(&mut *conn)
            .await?;
        }
    }
    Ok(())
}
