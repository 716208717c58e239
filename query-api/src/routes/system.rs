use axum::Json;
use axum::extract::State;
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

/// Liveness plus how far the projector is behind the store.
#[utoipa::path(get, path = "/api/health", tag = "system", responses((status = 200, body = Health)))]
pub async fn health(State(state): State<QueryState>) -> Result<Json<Health>, QueryError> {
    let store_head = state.stores.events.head().await?;
    let checkpoint = projector::projections_checkpoint(&state.read).await?;
    Ok(Json(Health {
        status: "ok",
        store_head: store_head.to_string(),
        projector_checkpoint: checkpoint.to_string(),
    }))
}

/// The OpenAPI 3.1 document of both services, merged.
#[utoipa::path(get, path = "/api/openapi.json", tag = "system", responses((status = 200, description = "OpenAPI document")))]
pub async fn openapi_json(State(state): State<QueryState>) -> Json<serde_json::Value> {
    Json((*state.openapi).clone())
}
