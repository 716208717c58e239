//! The video room's signalling socket (DESIGN §4): a party of the booking,
//! let in by `domain::room::enter`, exchanges JSON signals with the other
//! party through the [`RoomHub`] until it leaves or the room closes.

use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use chrono::{DateTime, Utc};
use domain::room::{self, Party, RoomFacts, Visitor};
use futures::{SinkExt, StreamExt};
use platform::clock::SharedClock;
use platform::room_hub::{RoomHub, Signal};
use uuid::Uuid;

use crate::AppState;
use crate::caller::Caller;
use crate::error::CommandError;

/// The close code sent when the room's time is over.
pub const CLOSE_ROOM_CLOSED: u16 = 4000;

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
    })
}

/// Relays between one socket and the room until either side stops or the
/// room closes (at `closes_at` by the clock, checked on a timer and on every
/// message).
pub async fn run(socket: WebSocket, hub: RoomHub, clock: SharedClock, entry: Entry) {
    let connection = Uuid::now_v7();
    let party = entry.party.as_str();
    let mut membership = hub.join(entry.room);
    let (mut outgoing, mut incoming) = socket.split();
    let left = (entry.closes_at - clock.now()).to_std().unwrap_or_default();
    let deadline = tokio::time::sleep(left);
    tokio::pin!(deadline);
    let signal = |body: String| Signal {
        connection,
        party: party.to_owned(),
        body,
    };
    let closed = loop {
        tokio::select! {
            () = &mut deadline => break true,
            message = incoming.next() => match message {
                Some(Ok(Message::Text(text))) => {
                    let now = clock.now();
                    if now >= entry.closes_at {
                        break true;
                    }
                    if let Some(body) = room::relay(entry.party, text.as_str(), now) {
                        hub.publish(entry.room, signal(body)).await;
                    }
                }
                Some(Ok(Message::Close(_)) | Err(_)) | None => break false,
                Some(Ok(_)) => {}
            },
            heard = membership.receiver.recv() => match heard {
                Ok(heard) if heard.party != party => {
                    if outgoing.send(Message::Text(heard.body.into())).await.is_err() {
                        break false;
                    }
                }
                Ok(_) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {}
                Err(tokio::sync::broadcast::error::RecvError::Closed) => break false,
            },
        }
    };
    if closed {
        let frame = CloseFrame {
            code: CLOSE_ROOM_CLOSED,
            reason: "room_closed".into(),
        };
        let _ = outgoing.send(Message::Close(Some(frame))).await;
    }
    drop(membership);
    hub.publish(entry.room, signal(room::departure(entry.party)))
        .await;
}

/// Shorthand for the shared source.
pub type SharedRoomFacts = Arc<dyn RoomFactsSource>;
