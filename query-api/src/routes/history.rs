//! The administrators' audit trail of one complaint, booking, consultant or
//! client, over `rm_audit` (docs/complaints.md): every event, oldest first,
//! with who did it (name from `rm_accounts`, `[erased]` once forgotten; the
//! role as recorded, translated by the screen), when, and the names of the
//! fields it set, never their values.

use axum::Json;
use axum::extract::{Path, State};
use axum::response::IntoResponse;
use platform::http::ErrorEnvelope;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::accounts::{NoStore, SignedIn};
use super::complaints::rows::name;
use crate::QueryState;
use crate::error::QueryError;

/// Who did a step.
#[derive(Debug, Serialize, ToSchema)]
pub struct Actor {
    pub id: String,
    /// Given and family name; `[erased]` once forgotten; `null` when the
    /// account is unknown to the read models.
    pub name: Option<String>,
    /// `client`, `consultant`, `admin`, `system` or `payment_provider`.
    pub role: Option<String>,
}

/// One event of the entity's history.
#[derive(Debug, Serialize, ToSchema)]
pub struct HistoryItem {
    pub at: String,
    pub event_type: String,
    /// `null` for steps with no recorded actor.
    pub actor: Option<Actor>,
    /// The names of the fields the event set (never their values).
    pub changes: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HistoryBody {
    pub items: Vec<HistoryItem>,
}

#[derive(sqlx::FromRow)]
struct AuditRecord {
    at: String,
    event_type: String,
    actor_id: Option<String>,
    actor_role: Option<String>,
    changes: String,
    given_name: Option<String>,
    family_name: Option<String>,
}

impl AuditRecord {
    fn item(self) -> HistoryItem {
        let name = Some(name(
            self.given_name.as_deref(),
            self.family_name.as_deref(),
        ))
        .filter(|n| !n.is_empty());
        HistoryItem {
            at: self.at,
            event_type: self.event_type,
            actor: self.actor_id.map(|id| Actor {
                id,
                name,
                role: self.actor_role,
            }),
            changes: self
                .changes
                .split(',')
                .filter(|c| !c.is_empty())
                .map(str::to_owned)
                .collect(),
        }
    }
}

/// Where an entity of each kind is known: it exists when it has a row there.
fn known_sql(kind: &str) -> Option<&'static str> {
    Some(match kind {
        "complaint" => "SELECT COUNT(*) FROM rm_complaints WHERE id = $1",
        "booking" => "SELECT COUNT(*) FROM rm_bookings WHERE id = $1",
        "consultant" => {
            "SELECT COUNT(*) FROM rm_accounts WHERE account_id = $1 AND role = 'consultant'"
        }
        "client" => "SELECT COUNT(*) FROM rm_accounts WHERE account_id = $1 AND role = 'client'",
        _ => return None,
    })
}

/// Every event of a complaint, booking, consultant or client, oldest first.
#[utoipa::path(get, path = "/api/admin-panel/history/{kind}/{id}", tag = "admin", security(("session" = [])),
    params(("kind" = String, Path, description = "`complaint`, `booking`, `consultant` or `client`"), ("id" = Uuid, Path)),
    responses((status = 200, body = HistoryBody), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn entity_history(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Path((kind, id)): Path<(String, String)>,
) -> Result<impl IntoResponse, QueryError> {
    let known = known_sql(&kind).ok_or(QueryError::NotFound)?;
    let id: Uuid = id.parse().map_err(|_| QueryError::NotFound)?;
    let id = id.to_string();
    let count: i64 = sqlx::query_scalar(known)
        .bind(id.as_str())
        .fetch_one(&state.read.pool)
        .await?;
    if count == 0 {
        return Err(QueryError::NotFound);
    }
    let items = sqlx::query_as::<_, AuditRecord>(
        "SELECT h.at, h.event_type, h.actor_id, h.actor_role, h.changes, a.given_name, a.family_name
         FROM rm_audit h LEFT JOIN rm_accounts a ON a.account_id = h.actor_id
         WHERE h.entity_kind = $1 AND h.entity_id = $2 ORDER BY h.position, h.event_id",
    )
    .bind(kind.as_str())
    .bind(id.as_str())
    .fetch_all(&state.read.pool)
    .await?
    .into_iter()
    .map(AuditRecord::item)
    .collect();
    Ok(NoStore(Json(HistoryBody { items })))
}
