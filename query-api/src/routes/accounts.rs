use axum::Json;
use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use platform::http::ErrorEnvelope;
use platform::session::{Caller, authenticate};
use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::QueryState;
use crate::error::QueryError;

/// The signed-in caller of the path's area.
pub struct SignedIn(pub Caller);

impl FromRequestParts<QueryState> for SignedIn {
    type Rejection = QueryError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &QueryState,
    ) -> Result<Self, Self::Rejection> {
        Ok(SignedIn(
            authenticate(
                parts,
                &state.keys,
                state.clock.now(),
                state.stores.events.as_ref(),
            )
            .await?,
        ))
    }
}

/// Area answers are private: never cached.
pub struct NoStore<T>(pub T);

impl<T: IntoResponse> IntoResponse for NoStore<T> {
    fn into_response(self) -> Response {
        let mut response = self.0.into_response();
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        response
    }
}

#[derive(Serialize, ToSchema)]
pub struct SessionView {
    pub role: String,
    pub account_id: Uuid,
    pub given_name: String,
    pub family_name: String,
    pub email: String,
    pub language: String,
    /// The account's IANA zone, when it has one: dates are shown in it.
    pub timezone: Option<String>,
    pub second_factor: SecondFactorView,
    /// When the account will be erased, if its holder asked for it (docs/rules.md "Erasure on request").
    pub erasure_due_at: Option<String>,
}

/// The account's second factor (docs/rules.md "Second factor").
#[derive(Serialize, ToSchema)]
pub struct SecondFactorView {
    pub enabled: bool,
    /// The role must have one (administrators): it cannot be turned off.
    pub required: bool,
    pub recovery_codes_left: i64,
}

/// Who is signed in to this area.
#[utoipa::path(get, path = "/api/{area}/session", tag = "accounts", security(("session" = [])),
    params(("area" = String, Path)), responses((status = 200, body = SessionView), (status = 401, body = ErrorEnvelope)))]
pub async fn session(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
) -> Result<impl IntoResponse, QueryError> {
    let row = sqlx::query(
        "SELECT given_name, family_name, email, language, timezone, second_factor_at, recovery_codes_left, erasure_due_at \
         FROM rm_accounts WHERE account_id = $1",
    )
    .bind(caller.account_id.to_string())
    .fetch_optional(&state.read.pool)
    .await?
    .ok_or(QueryError::NotSignedIn)?;
    Ok(NoStore(Json(SessionView {
        role: caller.role.as_str().into(),
        account_id: caller.account_id,
        given_name: row.try_get(0)?,
        family_name: row.try_get(1)?,
        email: row.try_get(2)?,
        language: row.try_get(3)?,
        timezone: row.try_get(4)?,
        second_factor: SecondFactorView {
            enabled: row.try_get::<Option<String>, _>(5)?.is_some(),
            required: state.config.admin_second_factor.requires(caller.role),
            recovery_codes_left: row.try_get(6)?,
        },
        erasure_due_at: row.try_get(7)?,
    })))
}

/// The caller's own registration data.
#[utoipa::path(get, path = "/api/{area}/my-profile", tag = "accounts", security(("session" = [])),
    params(("area" = String, Path)), responses((status = 200, description = "The profile as registered"), (status = 401, body = ErrorEnvelope)))]
pub async fn my_profile(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
) -> Result<impl IntoResponse, QueryError> {
    let profile: String =
        sqlx::query_scalar("SELECT profile FROM rm_accounts WHERE account_id = $1")
            .bind(caller.account_id.to_string())
            .fetch_optional(&state.read.pool)
            .await?
            .ok_or(QueryError::NotFound)?;
    let mut profile: serde_json::Value = serde_json::from_str(&profile).unwrap_or_default();
    profile["account_id"] = serde_json::Value::String(caller.account_id.to_string());
    profile["role"] = serde_json::Value::String(caller.role.as_str().into());
    Ok(NoStore(Json(profile)))
}
