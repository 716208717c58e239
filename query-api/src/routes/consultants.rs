//! The consultant's own profile (`/api/consultant/profile`) and the
//! administrators' consultant list and view, over `rm_consultants` and
//! `rm_consultant_history`. Both audiences see every field unmasked: the
//! owner and the administrators are the only ones allowed to.

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::response::IntoResponse;
use domain::reference::name_key;
use platform::http::{ErrorEnvelope, ListEnvelope};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::Row;
use sqlx::any::AnyRow;
use utoipa::ToSchema;
use uuid::Uuid;

use super::accounts::{NoStore, SignedIn};
use crate::QueryState;
use crate::error::QueryError;

/// Page sizes above this are served at this size.
const MAX_PAGE_SIZE: u32 = 100;

/// The profile with its review status and progress (docs/api.md "Profile body").
#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileBody {
    pub consultant_id: String,
    /// `registered`, `in_progress`, `submitted`, `approved`, `rejected` or `suspended`.
    pub status: String,
    pub rejection_reason: Option<String>,
    pub suspension_reason: Option<String>,
    /// Each section's name and whether it is complete.
    #[schema(value_type = Object)]
    pub sections: Value,
    /// Required sections still incomplete.
    pub missing: Vec<String>,
    /// Sections edited since approval that no administrator has reviewed.
    pub changed_since_approval: Vec<String>,
    pub submitted_at: Option<String>,
    pub approved_at: Option<String>,
    /// Prefilled from the registration until saved.
    #[schema(value_type = Option<Object>)]
    pub basic_profile: Value,
    #[schema(value_type = Option<Object>)]
    pub address: Value,
    #[schema(value_type = Vec<Object>)]
    pub degrees: Value,
    #[schema(value_type = Vec<Object>)]
    pub certificates: Value,
    #[schema(value_type = Option<Object>)]
    pub bank: Value,
    #[schema(value_type = Option<Object>)]
    pub profile_details: Value,
    #[schema(value_type = Option<Object>)]
    pub documents: Value,
}

const PROFILE_SELECT: &str =
    "SELECT consultant_id, status, rejection_reason, suspension_reason, sections,
    missing, changed_since_approval, submitted_at, approved_at, COALESCE(basic_profile, prefill),
    address, degrees, certificates, bank, profile_details, documents
    FROM rm_consultants WHERE consultant_id = $1";

fn json(raw: Option<String>) -> Value {
    raw.and_then(|r| serde_json::from_str(&r).ok())
        .unwrap_or(Value::Null)
}

fn strings(raw: String) -> Vec<String> {
    serde_json::from_str(&raw).unwrap_or_default()
}

fn profile(r: &AnyRow) -> Result<ProfileBody, sqlx::Error> {
    Ok(ProfileBody {
        consultant_id: r.try_get(0)?,
        status: r.try_get(1)?,
        rejection_reason: r.try_get(2)?,
        suspension_reason: r.try_get(3)?,
        sections: json(r.try_get(4)?),
        missing: strings(r.try_get(5)?),
        changed_since_approval: strings(r.try_get(6)?),
        submitted_at: r.try_get(7)?,
        approved_at: r.try_get(8)?,
        basic_profile: json(r.try_get(9)?),
        address: json(r.try_get(10)?),
        degrees: json(r.try_get(11)?),
        certificates: json(r.try_get(12)?),
        bank: json(r.try_get(13)?),
        profile_details: json(r.try_get(14)?),
        documents: json(r.try_get(15)?),
    })
}

pub(crate) async fn load_profile(state: &QueryState, id: Uuid) -> Result<ProfileBody, QueryError> {
    let row = sqlx::query(PROFILE_SELECT)
        .bind(id.to_string())
        .fetch_optional(&state.read.pool)
        .await?
        .ok_or(QueryError::NotFound)?;
    Ok(profile(&row)?)
}

/// The signed-in consultant's profile, every field unmasked.
#[utoipa::path(get, path = "/api/consultant/profile", tag = "consultant", security(("session" = [])),
    responses((status = 200, body = ProfileBody), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn consultant_profile(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
) -> Result<impl IntoResponse, QueryError> {
    Ok(NoStore(Json(
        load_profile(&state, caller.account_id).await?,
    )))
}

/// One line of the admin list.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConsultantRow {
    pub id: String,
    pub given_name: String,
    pub family_name: String,
    pub email: String,
    pub profession: String,
    pub status: String,
    /// Sections changed since approval await an administrator's look.
    pub has_unreviewed_changes: bool,
    pub registered_at: String,
    pub submitted_at: Option<String>,
    /// The account's status: `active` or `deactivated` (by an administrator).
    pub account_status: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ListParams {
    pub search: String,
    pub status: String,
    pub page: Option<u32>,
    pub page_size: Option<u32>,
}

/// Consultants, newest submissions first; search on names and e-mail
/// (case and accents ignored), filter by status.
#[utoipa::path(get, path = "/api/admin-panel/consultants", tag = "admin", security(("session" = [])),
    params(("search" = Option<String>, Query, description = "part of the names or e-mail, case and accents ignored"),
        ("status" = Option<String>, Query, description = "`registered`, `in_progress`, `submitted`, `approved`, `rejected` or `suspended`"),
        ("page" = Option<u32>, Query), ("page_size" = Option<u32>, Query, description = "20 by default, at most 100")),
    responses((status = 200, body = ListEnvelope<ConsultantRow>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn consultant_list(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Query(params): Query<ListParams>,
) -> Result<impl IntoResponse, QueryError> {
    let (page, page_size) =
        crate::bounds::paging(params.page, params.page_size, 20, MAX_PAGE_SIZE)?;
    let pattern = format!("%{}%", name_key(&params.search));
    let status = params.status.trim();
    // An empty status matches every row.
    let filter = "search LIKE $1 AND ($2 = '' OR status = $3)";
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM rm_consultants WHERE {filter}"
    )))
    .bind(pattern.as_str())
    .bind(status)
    .bind(status)
    .fetch_one(&state.read.pool)
    .await?;
    let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT consultant_id, given_name, family_name, email, profession, status,
            changed_since_approval, registered_at, submitted_at,
            COALESCE((SELECT a.status FROM rm_accounts a
                WHERE a.account_id = rm_consultants.consultant_id), 'active') AS account_status
         FROM rm_consultants WHERE {filter}
         ORDER BY CASE WHEN submitted_at IS NULL THEN 1 ELSE 0 END, submitted_at DESC,
            registered_at DESC, consultant_id
         LIMIT $4 OFFSET $5"
    )))
    .bind(pattern.as_str())
    .bind(status)
    .bind(status)
    .bind(i64::from(page_size))
    .bind((i64::from(page) - 1) * i64::from(page_size))
    .fetch_all(&state.read.pool)
    .await?;
    let items = rows
        .iter()
        .map(|r| {
            Ok(ConsultantRow {
                id: r.try_get(0)?,
                given_name: r.try_get(1)?,
                family_name: r.try_get(2)?,
                email: r.try_get(3)?,
                profession: r.try_get(4)?,
                status: r.try_get(5)?,
                has_unreviewed_changes: !strings(r.try_get(6)?).is_empty(),
                registered_at: r.try_get(7)?,
                submitted_at: r.try_get(8)?,
                account_status: r.try_get(9)?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(NoStore(Json(ListEnvelope {
        items,
        total: u64::try_from(total).unwrap_or_default(),
        page,
        page_size,
    })))
}

/// One event of the consultant's stream, for the audit view.
#[derive(Debug, Serialize, ToSchema)]
pub struct HistoryEntry {
    /// The event's type, `ProfileSubmitted`…
    #[serde(rename = "type")]
    pub event_type: String,
    pub at: String,
    /// The actor's role: `consultant`, `admin` or `system`.
    pub actor: Option<String>,
    pub actor_id: Option<String>,
}

/// The consultant's account as registered.
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountPart {
    pub email: String,
    pub registered_at: String,
    /// The registration profile.
    #[schema(value_type = Object)]
    pub profile: Value,
    /// `active` or `deactivated`, with when and why.
    pub account_status: String,
    pub deactivated_at: Option<String>,
    pub deactivation_reason: Option<String>,
}

#[derive(sqlx::FromRow)]
struct AccountRecord {
    email: String,
    registered_at: String,
    profile: Option<String>,
    status: Option<String>,
    deactivation_reason_key: Option<String>,
    deactivated_at: Option<String>,
}

/// What an administrator sees of a consultant.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminConsultantBody {
    #[serde(flatten)]
    pub profile: ProfileBody,
    pub account: AccountPart,
    pub history: Vec<HistoryEntry>,
}

/// A consultant's whole profile (bank unmasked), account and history.
#[utoipa::path(get, path = "/api/admin-panel/consultants/{id}", tag = "admin", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 200, body = AdminConsultantBody), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn consultant_view(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Path(id): Path<Uuid>,
) -> Result<impl IntoResponse, QueryError> {
    let profile = load_profile(&state, id).await?;
    let account: AccountRecord = sqlx::query_as(
        "SELECT c.email, c.registered_at, a.profile, a.status, a.deactivation_reason_key,
            a.deactivated_at
         FROM rm_consultants c
         LEFT JOIN rm_accounts a ON a.account_id = c.consultant_id WHERE c.consultant_id = $1",
    )
    .bind(id.to_string())
    .fetch_one(&state.read.pool)
    .await?;
    let deactivation_reason =
        super::clients::deactivation_reason(&state, id, account.deactivation_reason_key.as_deref())
            .await?;
    let account = AccountPart {
        email: account.email,
        registered_at: account.registered_at,
        profile: json(account.profile),
        account_status: account.status.unwrap_or_else(|| "active".into()),
        deactivated_at: account.deactivated_at,
        deactivation_reason,
    };
    let history = sqlx::query(
        "SELECT event_type, at, actor_role, actor_id FROM rm_consultant_history
         WHERE consultant_id = $1 ORDER BY seq",
    )
    .bind(id.to_string())
    .fetch_all(&state.read.pool)
    .await?
    .iter()
    .map(|r| {
        Ok(HistoryEntry {
            event_type: r.try_get(0)?,
            at: r.try_get(1)?,
            actor: r.try_get(2)?,
            actor_id: r.try_get(3)?,
        })
    })
    .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(NoStore(Json(AdminConsultantBody {
        profile,
        account,
        history,
    })))
}
