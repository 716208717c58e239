//! The video room's signalling socket (DESIGN §4): a party of the booking,
//! let in by `domain::room::enter`, exchanges JSON signals with the other
//! party through the [`RoomHub`] until it leaves or the room closes.

use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use chrono::{DateTime, Utc};
use domain::room::{self, Party, RoomFacts, Visitor};
use futures::{SinkExt, StreamExt};
use platform::room_hub::Signal;
use uuid::Uuid;

use crate::AppState;
use crate::caller::Caller;
use crate::error::CommandError;

/// The close code sent when the room's time is over.
pub const CLOSE_ROOM_CLOSED: u16 = 4000;
/// The close code sent when the caller's session ended (signed out, revoked,
/// expired, the account deactivated): the socket was opened with it.
pub const CLOSE_SESSION_ENDED: u16 = 4001;
/// How often an idle socket checks that its session still holds; every
/// message is checked before it is relayed.
const SESSION_CHECK: std::time::Duration = std::time::Duration::from_secs(2);

/// Where the command side learns a room's facts (the `rm_bookings` read
/// model, wired in by the binary).
#[async_trait::async_trait]
pub trait RoomFactsSource: Send + Sync {
    /// The facts of the booking `room`, `None` when there is no such booking.
    async fn facts(&self, room: Uuid) -> Result<Option<RoomFacts>, String>;
}

/// What a socket needs once let in.
pub struct Entry {
    pub room: Uuid,
    pub party: Party,
    pub closes_at: DateTime<Utc>,
    /// The session the socket was opened with.
    pub session_id: Uuid,
}

/// Checks the room rule for `caller` now.
#[tracing::instrument(skip_all, fields(room.id = %room))]
pub async fn enter(app: &AppState, caller: &Caller, room: Uuid) -> Result<Entry, CommandError> {
    let facts = app
        .room_facts
        .facts(room)
        .await
        .map_err(CommandError::Internal)?;
    let visitor = Visitor {
        account_id: caller.account_id,
        role: caller.role,
    };
    let view =
        room::enter(facts.as_ref(), visitor, app.clock.now()).map_err(domain::DomainError::from)?;
    Ok(Entry {
        room,
        party: view.party,
        closes_at: view.closes_at,
        session_id: caller.session_id,
    })
}

/// Why a socket stopped.
enum Stopped {
    /// The other end went away.
    Left,
    RoomClosed,
    SessionEnded,
}

/// Relays between one socket and the room until either side stops, the room
/// closes (at `closes_at` by the clock) or the caller's session ends; both
/// are checked on a timer and before every message is relayed.
pub async fn run(socket: WebSocket, app: AppState, entry: Entry) {
    let (hub, clock) = (app.rooms.clone(), app.clock.clone());
    let connection = Uuid::now_v7();
    let party = entry.party.as_str();
    let mut membership = hub.join(entry.room);
    let (mut outgoing, mut incoming) = socket.split();
    let left = (entry.closes_at - clock.now()).to_std().unwrap_or_default();
    let deadline = tokio::time::sleep(left);
    tokio::pin!(deadline);
    let mut session_check = tokio::time::interval(SESSION_CHECK);
    let signal = |body: String| Signal {
        connection,
        party: party.to_owned(),
        body,
    };
    let session_holds = || async {
        // A store that cannot answer keeps the call up rather than cut it.
        match app.stores.events.session(entry.session_id).await {
            Ok(session) => session.is_some_and(|s| s.is_active(app.clock.now())),
            Err(_) => true,
        }
    };
    let stopped = loop {
        tokio::select! {
            () = &mut deadline => break Stopped::RoomClosed,
            _ = session_check.tick() => {
                if !session_holds().await {
                    break Stopped::SessionEnded;
                }
            }
            message = incoming.next() => match message {
                Some(Ok(Message::Text(text))) => {
                    let now = clock.now();
                    if now >= entry.closes_at {
                        break Stopped::RoomClosed;
                    }
                    if !session_holds().await {
                        break Stopped::SessionEnded;
                    }
                    if let Some(body) = room::relay(entry.party, text.as_str(), now) {
                        hub.publish(entry.room, signal(body)).await;
                    }
                }
                Some(Ok(Message::Close(_)) | Err(_)) | None => break Stopped::Left,
                Some(Ok(_)) => {}
            },
            heard = membership.receiver.recv() => match heard {
                Ok(heard) if heard.party != party => {
                    if outgoing.send(Message::Text(heard.body.into())).await.is_err() {
                        break Stopped::Left;
                    }
                }
                Ok(_) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {}
                Err(tokio::sync::broadcast::error::RecvError::Closed) => break Stopped::Left,
            },
        }
    };
    let frame = match stopped {
        Stopped::Left => None,
        Stopped::RoomClosed => Some(CloseFrame {
            code: CLOSE_ROOM_CLOSED,
            reason: "room_closed".into(),
        }),
        Stopped::SessionEnded => Some(CloseFrame {
            code: CLOSE_SESSION_ENDED,
            reason: "session_ended".into(),
        }),
    };
    if let Some(frame) = frame {
        let _ = outgoing.send(Message::Close(Some(frame))).await;
    }
    drop(membership);
    hub.publish(entry.room, signal(room::departure(entry.party)))
        .await;
}

/// Shorthand for the shared source.
pub type SharedRoomFacts = Arc<dyn RoomFactsSource>;
