//! Administration of clients: the list with search and a client's profile,
//! with the account's status (`active` or `deactivated`).

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::response::IntoResponse;
use domain::reference::name_key;
use platform::http::{ErrorEnvelope, ListEnvelope};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::accounts::{NoStore, SignedIn};
use crate::QueryState;
use crate::error::QueryError;

const MAX_PAGE_SIZE: u32 = 100;

#[derive(Debug, Serialize, ToSchema)]
pub struct ClientRow {
    pub id: String,
    pub given_name: String,
    pub family_name: String,
    pub email: String,
    pub country_of_residence: Option<String>,
    pub registered_at: String,
    /// `active` or `deactivated`.
    pub account_status: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ClientParams {
    pub search: String,
    pub page: Option<u32>,
    pub page_size: Option<u32>,
}

const SELECT: &str = "SELECT account_id, given_name, family_name, email, profile, registered_at,
     status FROM rm_accounts WHERE role = 'client'";

/// A client's `rm_accounts` row as the list reads it.
#[derive(sqlx::FromRow)]
struct ClientRecord {
    account_id: String,
    given_name: String,
    family_name: String,
    email: String,
    profile: String,
    registered_at: String,
    status: String,
}

impl From<ClientRecord> for ClientRow {
    fn from(r: ClientRecord) -> Self {
        let profile: serde_json::Value = serde_json::from_str(&r.profile).unwrap_or_default();
        ClientRow {
            id: r.account_id,
            given_name: r.given_name,
            family_name: r.family_name,
            email: r.email,
            country_of_residence: profile["country_of_residence"].as_str().map(str::to_owned),
            registered_at: r.registered_at,
            account_status: r.status,
        }
    }
}

/// Whether every folded word of `search` is in the client's names or e-mail.
fn matches(client: &ClientRow, words: &[&str]) -> bool {
    let haystack = name_key(&format!(
        "{} {} {}",
        client.given_name, client.family_name, client.email
    ));
    words.iter().all(|w| haystack.contains(w))
}

/// Clients, newest first; `search` on names and e-mail, case and accents ignored.
#[utoipa::path(get, path = "/api/admin-panel/clients", tag = "admin", security(("session" = [])),
    params(("search" = Option<String>, Query, description = "words of the names or e-mail, case and accents ignored"),
        ("page" = Option<u32>, Query), ("page_size" = Option<u32>, Query, description = "20 by default, at most 100")),
    responses((status = 200, body = ListEnvelope<ClientRow>), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope)))]
pub async fn list_clients(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Query(params): Query<ClientParams>,
) -> Result<impl IntoResponse, QueryError> {
    let (page, page_size) =
        crate::bounds::paging(params.page, params.page_size, 20, MAX_PAGE_SIZE)?;
    let offset = (page as usize - 1) * page_size as usize;
    let key = name_key(&params.search);
    let words: Vec<&str> = key.split('_').filter(|w| !w.is_empty()).collect();
    // Names are folded here, not in SQL: accents are ignored alike on both
    // databases without a folded column in the shared accounts table.
    let rows: Vec<ClientRecord> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECT} ORDER BY registered_at DESC, account_id"
    )))
    .fetch_all(&state.read.pool)
    .await?;
    let mut clients = Vec::new();
    let mut total = 0_u64;
    for r in rows {
        let client = ClientRow::from(r);
        if words.is_empty() || matches(&client, &words) {
            if total as usize >= offset && clients.len() < page_size as usize {
                clients.push(client);
            }
            total += 1;
        }
    }
    Ok(NoStore(Json(ListEnvelope {
        items: clients,
        total,
        page,
        page_size,
    })))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClientDetail {
    pub id: String,
    pub email: String,
    pub registered_at: String,
    pub language: String,
    pub timezone: Option<String>,
    /// The registration profile.
    pub profile: serde_json::Value,
    /// `active` or `deactivated`, with when and why (administrators only).
    pub account_status: String,
    pub deactivated_at: Option<String>,
    pub deactivation_reason: Option<String>,
}

#[derive(sqlx::FromRow)]
struct ClientDetailRecord {
    account_id: String,
    email: String,
    registered_at: String,
    language: String,
    timezone: Option<String>,
    profile: String,
    status: String,
    deactivation_reason_key: Option<String>,
    deactivated_at: Option<String>,
}

/// One client's account and registration profile.
#[utoipa::path(get, path = "/api/admin-panel/clients/{id}", tag = "admin", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 200, body = ClientDetail), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn client_detail(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Path(id): Path<String>,
) -> Result<impl IntoResponse, QueryError> {
    let id: Uuid = id.parse().map_err(|_| QueryError::NotFound)?;
    let r: ClientDetailRecord = sqlx::query_as(
        "SELECT account_id, email, registered_at, language, timezone, profile, status,
         deactivation_reason_key, deactivated_at
         FROM rm_accounts WHERE role = 'client' AND account_id = $1",
    )
    .bind(id.to_string())
    .fetch_optional(&state.read.pool)
    .await?
    .ok_or(QueryError::NotFound)?;
    let deactivation_reason =
        deactivation_reason(&state, id, r.deactivation_reason_key.as_deref()).await?;
    Ok(NoStore(Json(ClientDetail {
        id: r.account_id,
        email: r.email,
        registered_at: r.registered_at,
        language: r.language,
        timezone: r.timezone,
        profile: serde_json::from_str(&r.profile).unwrap_or_default(),
        account_status: r.status,
        deactivated_at: r.deactivated_at,
        deactivation_reason,
    })))
}

/// The reason of an account's deactivation, read from the payload store
/// (personal text: never copied into the read models); `None` when active
/// or forgotten.
pub(crate) async fn deactivation_reason(
    state: &QueryState,
    account_id: Uuid,
    key: Option<&str>,
) -> Result<Option<String>, QueryError> {
    let Some(key) = key else {
        return Ok(None);
    };
    let payload = state.stores.events.payload(account_id, key).await?;
    Ok(payload
        .and_then(|p| serde_json::from_str::<serde_json::Value>(&p).ok())
        .and_then(|v| v["reason"].as_str().map(str::to_owned)))
}
