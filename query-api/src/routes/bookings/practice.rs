//! A consultant's schedule and notes, administrators' coupons.

use axum::Json;
use axum::extract::{Query, State};
use axum::response::IntoResponse;
use platform::http::{ErrorEnvelope, ListEnvelope};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;

use super::rows::{AmountView, Party};
use super::schedule::{offer, timings_of};
use crate::QueryState;
use crate::error::QueryError;
use crate::routes::accounts::{NoStore, SignedIn};

#[derive(Debug, Serialize, ToSchema)]
pub struct TimingsView {
    /// The consultant's IANA zone, in which the rules are written.
    pub timezone: Option<String>,
    pub duration_minutes: Option<i64>,
    /// `{weekday, shift}` or `{weekday, start, end}` as last saved.
    pub rules: serde_json::Value,
    /// Local dates (`YYYY-MM-DD`).
    pub days_off: serde_json::Value,
}

/// The signed-in consultant's weekly availability, zone and session length.
#[utoipa::path(get, path = "/api/consultant/timings", tag = "bookings", security(("session" = [])),
    responses((status = 200, body = TimingsView), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn timings(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
) -> Result<impl IntoResponse, QueryError> {
    let id = caller.account_id.to_string();
    let (rules, days_off) = timings_of(&state, &id).await?;
    let offer = offer(&state, caller.account_id).await?;
    Ok(NoStore(Json(TimingsView {
        timezone: offer.timezone.map(|z| z.name().to_owned()),
        duration_minutes: offer.duration.map(|d| i64::from(d.minutes())),
        rules,
        days_off,
    })))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NoteRow {
    pub id: String,
    pub booking_id: Option<String>,
    pub consultant_id: String,
    pub client: Party,
    /// `[erased]` once the client is forgotten.
    pub text: String,
    pub at: String,
}

pub(crate) enum NoteScope {
    Booking(String),
    Consultant {
        consultant_id: String,
        client_id: Option<String>,
        booking_id: Option<String>,
        limit: i64,
    },
}

pub(crate) async fn notes(
    state: &QueryState,
    scope: &NoteScope,
) -> Result<Vec<NoteRow>, QueryError> {
    const SELECT: &str =
        "SELECT n.note_id, n.booking_id, n.consultant_id, n.client_id, n.text, n.at,
            a.given_name, a.family_name
         FROM rm_notes n LEFT JOIN rm_accounts a ON a.account_id = n.client_id";
    let rows = match scope {
        NoteScope::Booking(id) => {
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "{SELECT} WHERE n.booking_id = $1 ORDER BY n.at DESC, n.note_id"
            )))
            .bind(id.as_str())
            .fetch_all(&state.read.pool)
            .await?
        }
        NoteScope::Consultant {
            consultant_id,
            client_id,
            booking_id,
            limit,
        } => {
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "{SELECT} WHERE n.consultant_id = $1 AND ($2 = '' OR n.client_id = $3)
                    AND ($4 = '' OR n.booking_id = $5)
                 ORDER BY n.at DESC, n.note_id LIMIT $6"
            )))
            .bind(consultant_id.as_str())
            .bind(client_id.as_deref().unwrap_or_default())
            .bind(client_id.as_deref().unwrap_or_default())
            .bind(booking_id.as_deref().unwrap_or_default())
            .bind(booking_id.as_deref().unwrap_or_default())
            .bind(*limit)
            .fetch_all(&state.read.pool)
            .await?
        }
    };
    rows.iter()
        .map(|r| {
            let given: Option<String> = r.try_get(6)?;
            let family: Option<String> = r.try_get(7)?;
            Ok(NoteRow {
                id: r.try_get(0)?,
                booking_id: r.try_get(1)?,
                consultant_id: r.try_get(2)?,
                client: Party {
                    id: r.try_get(3)?,
                    name: given.map(|g| format!("{g} {}", family.unwrap_or_default())),
                },
                text: r.try_get(4)?,
                at: r.try_get(5)?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()
        .map_err(QueryError::from)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct NoteParams {
    pub client_id: String,
    pub booking_id: String,
}

/// The signed-in consultant's notes, newest first, optionally about one
/// client or one booking.
#[utoipa::path(get, path = "/api/consultant/notes", tag = "bookings", security(("session" = [])),
    params(("client_id" = Option<String>, Query), ("booking_id" = Option<String>, Query)),
    responses((status = 200, description = "`{items: [note]}`"), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn consultant_notes(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
    Query(params): Query<NoteParams>,
) -> Result<impl IntoResponse, QueryError> {
    let some = |s: &str| (!s.trim().is_empty()).then(|| s.trim().to_owned());
    let items = notes(
        &state,
        &NoteScope::Consultant {
            consultant_id: caller.account_id.to_string(),
            client_id: some(&params.client_id),
            booking_id: some(&params.booking_id),
            limit: 500,
        },
    )
    .await?;
    Ok(NoStore(Json(serde_json::json!({ "items": items }))))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CouponRow {
    pub id: String,
    pub code: String,
    /// `percent` or `fixed`.
    pub kind: String,
    pub percent: Option<i64>,
    pub amount: Option<AmountView>,
    pub valid_from: String,
    pub valid_until: String,
    pub max_uses: Option<i64>,
    pub max_uses_per_client: Option<i64>,
    pub disabled: bool,
    /// Uses that still count (a cancelled or expired booking gives its use back).
    pub uses: i64,
    pub created_at: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct PageParams {
    pub page: Option<u32>,
    pub page_size: Option<u32>,
}

/// Coupons, newest first, with their use counts.
#[utoipa::path(get, path = "/api/admin-panel/coupons", tag = "admin", security(("session" = [])),
    params(("page" = Option<u32>, Query), ("page_size" = Option<u32>, Query, description = "20 by default, at most 100")),
    responses((status = 200, body = ListEnvelope<CouponRow>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn coupons(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Query(params): Query<PageParams>,
) -> Result<impl IntoResponse, QueryError> {
    let (page, page_size) = crate::bounds::paging(params.page, params.page_size, 20, 100)?;
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM rm_coupons")
        .fetch_one(&state.read.pool)
        .await?;
    let rows = sqlx::query(
        "SELECT coupon_id, code, kind, percent, amount_minor, currency, valid_from, valid_until,
            max_uses, max_uses_per_client, disabled,
            (SELECT COUNT(*) FROM rm_coupon_uses u WHERE u.coupon_id = c.coupon_id), created_at
         FROM rm_coupons c ORDER BY created_at DESC, coupon_id LIMIT $1 OFFSET $2",
    )
    .bind(i64::from(page_size))
    .bind((i64::from(page) - 1) * i64::from(page_size))
    .fetch_all(&state.read.pool)
    .await?;
    let items = rows
        .iter()
        .map(|r| {
            let amount: Option<i64> = r.try_get(4)?;
            let currency: Option<String> = r.try_get(5)?;
            Ok(CouponRow {
                id: r.try_get(0)?,
                code: r.try_get(1)?,
                kind: r.try_get(2)?,
                percent: r.try_get(3)?,
                amount: amount
                    .zip(currency)
                    .map(|(amount_minor, currency)| AmountView {
                        amount_minor,
                        currency,
                    }),
                valid_from: r.try_get(6)?,
                valid_until: r.try_get(7)?,
                max_uses: r.try_get(8)?,
                max_uses_per_client: r.try_get(9)?,
                disabled: r.try_get::<i64, _>(10)? != 0,
                uses: r.try_get(11)?,
                created_at: r.try_get(12)?,
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
