//! The video room of a booking, as its parties see it before entering
//! (`/api/{client|consultant}/rooms/{room_id}`).

use axum::Json;
use axum::extract::{Path, State};
use chrono::{DateTime, Utc};
use domain::room::{self, Party, RoomFacts, RoomRefusal, Visitor};
use platform::config::IceServer;
use platform::http::ErrorEnvelope;
use serde::Serialize;
use sqlx::{AnyPool, Row};
use utoipa::ToSchema;
use uuid::Uuid;

use super::accounts::{NoStore, SignedIn};
use crate::QueryState;
use crate::error::QueryError;

#[derive(Serialize, ToSchema)]
pub struct RoomAccess {
    pub room_id: Uuid,
    pub opens_at: DateTime<Utc>,
    pub closes_at: DateTime<Utc>,
    /// Whether the parties may enter now (by the server's clock).
    pub open: bool,
    /// `not_open` (before `opens_at`), `open`, `closed` (from `closes_at`).
    pub state: &'static str,
    /// The other party's given name.
    pub peer_name: String,
    /// Who the caller is in this booking: `client` or `consultant`.
    pub party: &'static str,
    /// STUN/TURN servers for `RTCPeerConnection` (`EQUILIBRE_ICE_SERVERS`).
    pub ice_servers: Vec<IceServer>,
}

/// A booking's video room: its window, whether it is open, the other party.
#[utoipa::path(get, path = "/api/{area}/rooms/{room_id}", tag = "rooms", security(("session" = [])),
    params(("area" = String, Path, description = "client or consultant"), ("room_id" = Uuid, Path, description = "the booking's id")),
    responses((status = 200, body = RoomAccess), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope, description = "room_forbidden: not a party of this booking (or no such room)"),
        (status = 409, body = ErrorEnvelope, description = "room_closed: the booking is not confirmed")))]
pub async fn room(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
    Path((_area, room_id)): Path<(String, String)>,
) -> Result<NoStore<Json<RoomAccess>>, QueryError> {
    let room_id: Uuid = room_id
        .parse()
        .map_err(|_| QueryError::Room(RoomRefusal::Forbidden))?;
    let facts = load_facts(&state.read.pool, room_id).await?;
    let now = state.clock.now();
    let visitor = Visitor {
        account_id: caller.account_id,
        role: caller.role,
    };
    let view = room::view(facts.as_ref(), visitor, now).map_err(QueryError::Room)?;
    let facts = facts.ok_or(QueryError::Room(RoomRefusal::Forbidden))?;
    let peer = match view.party {
        Party::Client => facts.consultant_id,
        Party::Consultant => facts.client_id,
    };
    let peer_name: Option<String> =
        sqlx::query_scalar("SELECT given_name FROM rm_accounts WHERE account_id = $1")
            .bind(peer.to_string())
            .fetch_optional(&state.read.pool)
            .await?;
    let room_state = match room::enter(Some(&facts), visitor, now) {
        Ok(_) => "open",
        Err(RoomRefusal::NotOpen { .. }) => "not_open",
        Err(_) => "closed",
    };
    Ok(NoStore(Json(RoomAccess {
        room_id,
        opens_at: view.opens_at,
        closes_at: view.closes_at,
        open: view.open,
        state: room_state,
        peer_name: peer_name.unwrap_or_default(),
        party: view.party.as_str(),
        ice_servers: state.config.ice_servers.clone(),
    })))
}

/// The room facts of booking `room` from `rm_bookings` (see
/// docs/booking.md); `None` when there is no such booking.
pub async fn load_facts(pool: &AnyPool, room: Uuid) -> Result<Option<RoomFacts>, sqlx::Error> {
    let Some(row) = sqlx::query(
        "SELECT client_id, consultant_id, status, starts_at, ends_at FROM rm_bookings WHERE id = $1",
    )
    .bind(room.to_string())
    .fetch_optional(pool)
    .await?
    else {
        return Ok(None);
    };
    let id = |i: usize| -> Result<Uuid, sqlx::Error> {
        row.try_get::<String, _>(i)?
            .parse()
            .map_err(|e| sqlx::Error::Decode(Box::new(e)))
    };
    let time = |i: usize| -> Result<DateTime<Utc>, sqlx::Error> {
        DateTime::parse_from_rfc3339(&row.try_get::<String, _>(i)?)
            .map(|t| t.to_utc())
            .map_err(|e| sqlx::Error::Decode(Box::new(e)))
    };
    let status: String = row.try_get(2)?;
    Ok(Some(RoomFacts {
        client_id: id(0)?,
        consultant_id: id(1)?,
        // A completed booking keeps its room until it closes.
        confirmed: matches!(status.as_str(), "confirmed" | "completed"),
        starts_at: time(3)?,
        ends_at: time(4)?,
    }))
}
