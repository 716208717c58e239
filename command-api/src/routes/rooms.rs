//! The video room's WebSocket (`/api/{client|consultant}/rooms/{room_id}/ws`).

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::http::header::{HOST, ORIGIN};
use axum::response::Response;
use platform::http::ErrorEnvelope;
use uuid::Uuid;

use crate::AppState;
use crate::caller::SignedIn;
use crate::context::Result;
use crate::error::CommandError;
use crate::rooms;

/// Joins a booking's video room: a WebSocket relaying JSON signals
/// (`join`, `offer`, `answer`, `ice`, `chat`, `leave`; the other party's
/// arrive with `from`, and `peer-joined`/`peer-left`) to the other party,
/// closed with code 4000 `room_closed` when the room's time is over, 4001
/// `session_ended` when the caller's session ends (sign-out, revocation).
#[utoipa::path(get, path = "/api/{area}/rooms/{room_id}/ws", tag = "rooms", security(("session" = [])),
    params(("area" = String, Path, description = "client or consultant"), ("room_id" = Uuid, Path, description = "the booking's id")),
    responses((status = 101, description = "switching to the WebSocket"), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope, description = "room_forbidden: not a party of this booking (or no such room)"),
        (status = 409, body = ErrorEnvelope, description = "room_not_open, room_closed")))]
pub async fn room_socket(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    Path((_area, room_id)): Path<(String, String)>,
    headers: HeaderMap,
    upgrade: std::result::Result<
        WebSocketUpgrade,
        axum::extract::ws::rejection::WebSocketUpgradeRejection,
    >,
) -> Result<Response> {
    if !same_origin(&headers, app.config.public_origin()) {
        return Err(CommandError::Forbidden);
    }
    let room: Uuid = room_id
        .parse()
        .map_err(|_| domain::DomainError::from(domain::room::RoomRefusal::Forbidden))?;
    let entry = rooms::enter(&app, &caller, room).await?;
    let upgrade = upgrade.map_err(|e| CommandError::Malformed(e.to_string()))?;
    Ok(upgrade.on_upgrade(move |socket| rooms::run(socket, app, entry)))
}

/// Browsers always send `Origin` on a WebSocket: it must be ours (or the
/// `Host` it was sent to), so another site cannot open a room with the
/// visitor's cookie. Non-browser clients send none.
fn same_origin(headers: &HeaderMap, public_origin: &str) -> bool {
    let Some(origin) = headers.get(ORIGIN).and_then(|o| o.to_str().ok()) else {
        return true;
    };
    let host = headers.get(HOST).and_then(|h| h.to_str().ok());
    origin == public_origin
        || host.is_some_and(|host| {
            origin
                .strip_prefix("http://")
                .or_else(|| origin.strip_prefix("https://"))
                == Some(host)
        })
}
