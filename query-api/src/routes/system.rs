use std::collections::HashMap;
use std::sync::{LazyLock, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, header};
use axum::response::Response;
use serde::Serialize;
use utoipa::ToSchema;

use crate::QueryState;
use crate::error::QueryError;

#[derive(Serialize, ToSchema)]
pub struct Health {
    pub status: &'static str,
    /// Last position a reader may see in the event store (`tx.pos`).
    pub store_head: String,
    /// Position the read models reflect (`tx.pos`).
    pub projector_checkpoint: String,
}

/// How long one answer of `/api/health` serves: a load balancer (or a
/// flood) asking many times a second costs two database reads per period,
/// not per request; the positions it shows are at most this old.
const HEALTH_REUSE: Duration = Duration::from_millis(250);

/// The last answer per read database (tests open several in one process).
static LAST_HEALTH: LazyLock<Mutex<HashMap<String, (Instant, Bytes)>>> =
    LazyLock::new(Default::default);

/// Liveness plus how far the projector is behind the store (positions at
/// most 250 ms old; `Cache-Control: no-cache` reads them now).
#[utoipa::path(get, path = "/api/health", tag = "system", responses((status = 200, body = Health)))]
pub async fn health(
    State(state): State<QueryState>,
    headers: HeaderMap,
) -> Result<Response, QueryError> {
    let key = &state.config.read_database_url;
    // `Cache-Control: no-cache` asks for positions read now.
    let fresh = headers
        .get(header::CACHE_CONTROL)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("no-cache"));
    let reusable = LAST_HEALTH
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(key)
        .filter(|(at, _)| !fresh && at.elapsed() < HEALTH_REUSE)
        .map(|(_, body)| body.clone());
    if let Some(body) = reusable {
        return Ok(super::raw_json(body));
    }
    let store_head = state.stores.events.head().await?;
    let checkpoint = projector::projections_checkpoint(&state.read).await?;
    let body = Bytes::from(
        serde_json::json!({
            "status": "ok",
            "store_head": store_head.to_string(),
            "projector_checkpoint": checkpoint.to_string(),
        })
        .to_string(),
    );
    LAST_HEALTH
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(key.clone(), (Instant::now(), body.clone()));
    Ok(super::raw_json(body))
}

/// The OpenAPI 3.1 document of both services, merged.
#[utoipa::path(get, path = "/api/openapi.json", tag = "system", responses((status = 200, description = "OpenAPI document")))]
pub async fn openapi_json(State(state): State<QueryState>) -> Json<serde_json::Value> {
    Json((*state.openapi).clone())
}
