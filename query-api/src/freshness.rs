//! Read-your-writes (DESIGN §1): a GET carrying `X-Min-Position` waits, up to
//! about 2 s, until the projector has passed that position; otherwise 503
//! `read_model_behind`, which the SPA retries once.

use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use platform::http::X_MIN_POSITION;
use store::Position;

use crate::QueryState;
use crate::error::QueryError;

const MAX_WAIT: Duration = Duration::from_secs(2);
const POLL: Duration = Duration::from_millis(5);

/// The position a request asks the read models to have passed.
pub fn min_position(headers: &HeaderMap) -> Option<Position> {
    headers
        .get(X_MIN_POSITION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
}

/// Waits for `X-Min-Position`; a malformed one, or one the store never
/// issued (no waiting would help), is refused with 400 at once.
pub async fn wait_for_position(
    State(state): State<QueryState>,
    request: Request,
    next: Next,
) -> Response {
    let wanted = match request.headers().get(X_MIN_POSITION) {
        None => None,
        Some(raw) => match raw.to_str().ok().and_then(|v| v.parse().ok()) {
            Some(position) => Some(position),
            None => return QueryError::Invalid("x-min-position").into_response(),
        },
    };
    if let Some(wanted) = wanted
        && let Err(error) = wait(&state, wanted).await
    {
        return error.into_response();
    }
    next.run(request).await
}

async fn wait(state: &QueryState, wanted: Position) -> Result<(), QueryError> {
    let deadline = tokio::time::Instant::now() + MAX_WAIT;
    let mut checked_issued = false;
    loop {
        if projector::projections_checkpoint(&state.read).await? >= wanted {
            return Ok(());
        }
        if !checked_issued {
            if !state.stores.events.issued(wanted).await? {
                return Err(QueryError::Invalid("x-min-position"));
            }
            checked_issued = true;
        }
        if tokio::time::Instant::now() >= deadline {
            return Err(QueryError::ReadModelBehind);
        }
        tokio::time::sleep(POLL).await;
    }
}
