//! Video-room signalling fan-out (DESIGN §1, §4): a message one party's
//! socket sends reaches the sockets of the other party of the same room,
//! whichever instance holds them.
//!
//! Chosen like the [`crate::doorbell`]: in-process broadcast channels by
//! default; with NATS, every signal is also published on
//! `equilibre.room.{room_id}` and each instance relays what it hears to its
//! own sockets, skipping the signals it published itself (instance id).
//! Nothing is stored: a signal for a room with no socket here is dropped.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use futures::StreamExt;
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;
use uuid::Uuid;

/// The NATS subject prefix; a room's subject is `equilibre.room.{room_id}`.
pub const SUBJECT_PREFIX: &str = "equilibre.room";

/// How many signals a slow socket may lag behind before it loses some.
const CHANNEL_CAPACITY: usize = 256;

/// One message of a room, as relayed between sockets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Signal {
    /// The socket that sent it.
    pub connection: Uuid,
    /// The sender's side of the booking (`client` or `consultant`).
    pub party: String,
    /// The JSON text for the other party's sockets.
    pub body: String,
}

#[derive(Serialize, Deserialize)]
struct Wire {
    instance: Uuid,
    room: Uuid,
    signal: Signal,
}

type Rooms = Arc<Mutex<HashMap<Uuid, broadcast::Sender<Signal>>>>;

/// The fan-out of every room of this instance.
#[derive(Clone)]
pub struct RoomHub {
    rooms: Rooms,
    nats: Option<async_nats::Client>,
    instance: Uuid,
}

impl RoomHub {
    /// In-process only (the embedded default).
    pub fn in_process() -> Self {
        RoomHub {
            rooms: Rooms::default(),
            nats: None,
            instance: Uuid::now_v7(),
        }
    }

    /// Relays through NATS as well, so sockets held by other instances hear
    /// this one's signals and the other way round.
    pub async fn nats(url: &str) -> Result<Self, async_nats::ConnectError> {
        let client = async_nats::connect(url).await?;
        let hub = RoomHub {
            rooms: Rooms::default(),
            nats: Some(client.clone()),
            instance: Uuid::now_v7(),
        };
        match client.subscribe(format!("{SUBJECT_PREFIX}.*")).await {
            Ok(mut subscriber) => {
                let (rooms, instance) = (hub.rooms.clone(), hub.instance);
                tokio::spawn(async move {
                    while let Some(message) = subscriber.next().await {
                        match serde_json::from_slice::<Wire>(&message.payload) {
                            Ok(wire) if wire.instance != instance => {
                                deliver(&rooms, wire.room, wire.signal);
                            }
                            Ok(_) => {}
                            Err(error) => tracing::warn!(%error, "unreadable room signal"),
                        }
                    }
                });
            }
            Err(error) => tracing::error!(%error, "room signals: NATS subscription failed"),
        }
        Ok(hub)
    }

    /// Joins `room`: the returned receiver hears every signal of the room
    /// (the socket filters out its own party's).
    pub fn join(&self, room: Uuid) -> Membership {
        let receiver = self
            .rooms
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(room)
            .or_insert_with(|| broadcast::channel(CHANNEL_CAPACITY).0)
            .subscribe();
        Membership {
            rooms: self.rooms.clone(),
            room,
            receiver,
        }
    }

    /// Sends `signal` to every socket of `room`, here and on other instances.
    pub async fn publish(&self, room: Uuid, signal: Signal) {
        if let Some(client) = &self.nats {
            let wire = Wire {
                instance: self.instance,
                room,
                signal: signal.clone(),
            };
            match serde_json::to_vec(&wire) {
                Ok(payload) => {
                    if let Err(error) = client
                        .publish(format!("{SUBJECT_PREFIX}.{room}"), payload.into())
                        .await
                    {
                        tracing::warn!(%error, room.id = %room, "room signal publish failed");
                    }
                }
                Err(error) => tracing::error!(%error, "room signal not serialisable"),
            }
        }
        deliver(&self.rooms, room, signal);
    }
}

fn deliver(rooms: &Rooms, room: Uuid, signal: Signal) {
    let rooms = rooms.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(sender) = rooms.get(&room) {
        // No receiver left: nobody to tell.
        let _ = sender.send(signal);
    }
}

/// A socket's place in a room; leaving (drop) forgets an empty room.
pub struct Membership {
    rooms: Rooms,
    room: Uuid,
    pub receiver: broadcast::Receiver<Signal>,
}

impl Drop for Membership {
    fn drop(&mut self) {
        let mut rooms = self.rooms.lock().unwrap_or_else(PoisonError::into_inner);
        // Our receiver still counts until this struct is gone.
        if rooms
            .get(&self.room)
            .is_some_and(|sender| sender.receiver_count() <= 1)
        {
            rooms.remove(&self.room);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signal(party: &str, body: &str) -> Signal {
        Signal {
            connection: Uuid::now_v7(),
            party: party.into(),
            body: body.into(),
        }
    }

    #[tokio::test]
    async fn a_signal_reaches_the_members_of_its_room_only() {
        let hub = RoomHub::in_process();
        let (room, other_room) = (Uuid::now_v7(), Uuid::now_v7());
        let mut member = hub.join(room);
        let mut elsewhere = hub.join(other_room);

        hub.publish(room, signal("client", "{\"type\":\"chat\"}"))
            .await;

        assert_eq!(
            member.receiver.recv().await.unwrap().body,
            "{\"type\":\"chat\"}"
        );
        assert!(elsewhere.receiver.try_recv().is_err());
    }

    #[tokio::test]
    async fn an_empty_room_is_forgotten() {
        let hub = RoomHub::in_process();
        let room = Uuid::now_v7();
        let first = hub.join(room);
        let second = hub.join(room);
        drop(first);
        assert!(hub.rooms.lock().unwrap().contains_key(&room));
        drop(second);
        assert!(!hub.rooms.lock().unwrap().contains_key(&room));
    }
}
