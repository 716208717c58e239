//! Active sessions kept in memory, so a signed-in read does not pay a round
//! trip to PostgreSQL for its session check, while a revocation still takes
//! effect at once in every process (DESIGN §2):
//!
//! - this process evicts what its own appends revoke, right after commit;
//! - every other process learns it from `NOTIFY equilibre_sessions` (a
//!   trigger on `sessions`, migration 0002), delivered at commit;
//! - an entry is only kept while the listener is subscribed; when its
//!   connection drops, the cache is emptied and bypassed until it is back
//!   (notifications sent meanwhile are lost);
//! - a lookup that started before an eviction never stores what it read
//!   (the generation check), so a row read just before a revocation
//!   committed cannot outlive it.
//!
//! Only active sessions are kept; expiry is checked by the caller on the
//! record, as for a row read from the table.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, PoisonError, RwLock, Weak};
use std::time::Duration;

use sqlx::PgPool;
use sqlx::postgres::PgListener;
use tokio::sync::oneshot;
use uuid::Uuid;

use crate::{SessionRecord, SideWrite};

/// The channel the `sessions` trigger notifies, with the session id.
const CHANNEL: &str = "equilibre_sessions";
/// Sessions kept at most; past that, expired ones are dropped, then all.
const MAX_ENTRIES: usize = 100_000;
/// Wait before subscribing again after the listener failed.
const RETRY_AFTER: Duration = Duration::from_secs(1);

pub(super) struct SessionCache {
    entries: RwLock<HashMap<Uuid, SessionRecord>>,
    /// Bumped by every eviction (under the write lock).
    generation: AtomicU64,
    /// Whether notifications are being received right now.
    listening: AtomicBool,
    /// Dropped with the cache: stops the listener task.
    _stop: oneshot::Sender<()>,
}

impl SessionCache {
    /// A cache fed by a listener on `pool` (one of its connections).
    pub(super) fn start(pool: &PgPool) -> Arc<Self> {
        let (stop, stopped) = oneshot::channel();
        let cache = Arc::new(Self {
            entries: RwLock::default(),
            generation: AtomicU64::new(0),
            listening: AtomicBool::new(false),
            _stop: stop,
        });
        tokio::spawn(listen(pool.clone(), Arc::downgrade(&cache), stopped));
        cache
    }

    pub(super) fn is_listening(&self) -> bool {
        self.listening.load(Ordering::Acquire)
    }

    /// The active session under `id`, if kept and trustworthy.
    pub(super) fn get(&self, id: Uuid) -> Option<SessionRecord> {
        if !self.listening.load(Ordering::Acquire) {
            return None;
        }
        self.entries
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&id)
            .cloned()
    }

    /// The generation to hand back to [`Self::keep`] after a table read.
    pub(super) fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// Keeps an active session read from the table, unless something was
    /// evicted since `generation` was taken (it may have been this one).
    pub(super) fn keep(&self, generation: u64, record: &SessionRecord) {
        if record.revoked_at.is_some() || !self.listening.load(Ordering::Acquire) {
            return;
        }
        let mut entries = self.entries.write().unwrap_or_else(PoisonError::into_inner);
        if self.generation.load(Ordering::Acquire) != generation {
            return;
        }
        if entries.len() >= MAX_ENTRIES {
            let now = chrono::Utc::now();
            entries.retain(|_, s| s.expires_at > now);
            if entries.len() >= MAX_ENTRIES {
                entries.clear();
            }
        }
        entries.insert(record.session_id, record.clone());
    }

    /// Forgets the sessions an append of this process revoked (after commit).
    pub(super) fn forget_revoked(&self, side_writes: &[SideWrite]) {
        for side_write in side_writes {
            match side_write {
                SideWrite::RevokeSession { session_id, .. } => {
                    self.evict(|s| s.session_id == *session_id)
                }
                SideWrite::RevokeAccountSessions {
                    account_id, keep, ..
                } => self.evict(|s| s.account_id == *account_id && Some(s.session_id) != *keep),
                _ => {}
            }
        }
    }

    fn evict(&self, matches: impl Fn(&SessionRecord) -> bool) {
        let mut entries = self.entries.write().unwrap_or_else(PoisonError::into_inner);
        self.generation.fetch_add(1, Ordering::AcqRel);
        entries.retain(|_, s| !matches(s));
    }

    /// Stops trusting (or starts again): either way, nothing kept before
    /// may answer.
    fn set_listening(&self, listening: bool) {
        let mut entries = self.entries.write().unwrap_or_else(PoisonError::into_inner);
        self.generation.fetch_add(1, Ordering::AcqRel);
        entries.clear();
        self.listening.store(listening, Ordering::Release);
    }
}

/// Subscribes to [`CHANNEL`] and evicts each notified session, for as long
/// as the cache lives and the pool is open.
async fn listen(pool: PgPool, cache: Weak<SessionCache>, mut stopped: oneshot::Receiver<()>) {
    loop {
        let subscribed = async {
            let mut listener = PgListener::connect_with(&pool).await?;
            listener.listen(CHANNEL).await?;
            Ok::<_, sqlx::Error>(listener)
        };
        let mut listener = tokio::select! {
            _ = &mut stopped => return,
            subscribed = subscribed => match subscribed {
                Ok(listener) => listener,
                Err(error) => {
                    if pool.is_closed() {
                        return;
                    }
                    tracing::warn!(%error, "session cache: cannot listen; sessions are read from the table");
                    tokio::select! {
                        _ = &mut stopped => return,
                        () = tokio::time::sleep(RETRY_AFTER) => continue,
                    }
                }
            },
        };
        match cache.upgrade() {
            Some(cache) => cache.set_listening(true),
            None => return,
        }
        loop {
            let received = tokio::select! {
                _ = &mut stopped => return,
                received = listener.try_recv() => received,
            };
            let Some(cache) = cache.upgrade() else { return };
            match received {
                Ok(Some(notification)) => match notification.payload().parse::<Uuid>() {
                    Ok(id) => cache.evict(|s| s.session_id == id),
                    Err(_) => cache.set_listening(true),
                },
                // Reconnected: whatever was notified meanwhile is lost.
                Ok(None) => cache.set_listening(true),
                Err(error) => {
                    cache.set_listening(false);
                    if pool.is_closed() {
                        return;
                    }
                    tracing::warn!(%error, "session cache: listener failed; sessions are read from the table");
                    break;
                }
            }
        }
    }
}
