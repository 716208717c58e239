//! The doorbell: "new events were appended" (DESIGN §1). Commands ring it,
//! the projector and the reactions worker wait on it. It only wakes readers
//! early; a reader that misses a ring still catches up from the store on its
//! own timer, so a lost message never loses an event.

use std::sync::Arc;

use futures::StreamExt;
use tokio::sync::watch;

/// The NATS subject the doorbell rings on.
pub const SUBJECT: &str = "equilibre.events.appended";

#[derive(Clone)]
pub struct Doorbell {
    local: Arc<watch::Sender<u64>>,
    nats: Option<async_nats::Client>,
}

impl Doorbell {
    /// In-process only (the embedded default).
    pub fn in_process() -> Self {
        Doorbell {
            local: Arc::new(watch::channel(0).0),
            nats: None,
        }
    }

    /// Rings through NATS so other processes hear it; rings heard from NATS
    /// are forwarded to this process's listeners.
    pub async fn nats(url: &str) -> Result<Self, async_nats::ConnectError> {
        let client = async_nats::connect(url).await?;
        let local = Arc::new(watch::channel(0).0);
        let forward = local.clone();
        if let Ok(mut subscriber) = client.subscribe(SUBJECT).await {
            tokio::spawn(async move {
                while subscriber.next().await.is_some() {
                    forward.send_modify(|n| *n += 1);
                }
            });
        }
        Ok(Doorbell {
            local,
            nats: Some(client),
        })
    }

    pub fn ring(&self) {
        match &self.nats {
            Some(client) => {
                let client = client.clone();
                tokio::spawn(async move {
                    if let Err(error) = client.publish(SUBJECT, bytes::Bytes::new()).await {
                        tracing::warn!(%error, "doorbell publish failed; readers catch up on their timer");
                    }
                });
                // Local listeners need not wait for the round trip.
                self.local.send_modify(|n| *n += 1);
            }
            None => self.local.send_modify(|n| *n += 1),
        }
    }

    /// A listener: `changed().await` returns after the next ring.
    pub fn listen(&self) -> watch::Receiver<u64> {
        self.local.subscribe()
    }
}
