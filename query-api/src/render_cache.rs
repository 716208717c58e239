//! Rendered answers of hot per-entity reads (an expert's free slots), kept
//! while the read models stand still.
//!
//! An entry belongs to the projector checkpoint read before its rows were,
//! so it is exactly what a fresh render at that checkpoint gives. It is
//! served while the checkpoint has not moved (re-read at most every
//! [`RECHECK_AFTER`], or at once when the request names a newer
//! `X-Min-Position`) and until its own expiry, which the renderer sets to
//! when the clock alone would change the answer (the first slot falling
//! inside the booking notice, a new local day). The checkpoint read is
//! shared by every key: a miss then costs only its own rows.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use chrono::{DateTime, Utc};
use store::Position;

use crate::QueryState;
use crate::error::QueryError;

/// How long a checkpoint read stands for the current one when the request
/// does not ask for a newer position (the directory snapshot uses it too).
pub const RECHECK_AFTER: Duration = Duration::from_millis(250);

/// Entries kept at most; past that the cache starts again empty (a render
/// is cheap, the bound only keeps a crawler from growing memory).
const MAX_ENTRIES: usize = 4096;

/// Whether something read at `checkpoint`, `checked_at`, may answer now:
/// read recently, and at or after the position the request asks for. A
/// request's `X-Min-Position` only ever adds a condition: an old entry is
/// re-checked even when the caller's own position is older still (a
/// client's first read must not pin an answer made before a consultant's
/// later change).
pub fn is_fresh(checkpoint: Position, checked_at: Instant, wanted: Option<Position>) -> bool {
    checked_at.elapsed() < RECHECK_AFTER && wanted.is_none_or(|wanted| checkpoint >= wanted)
}

struct Entry {
    checkpoint: Position,
    checked_at: Instant,
    expires: DateTime<Utc>,
    body: Bytes,
}

/// A rendered body and the instant after which the clock alone changes it.
pub struct Rendered {
    pub body: Bytes,
    pub expires: DateTime<Utc>,
}

#[derive(Default)]
pub struct RenderCache {
    entries: RwLock<HashMap<String, Arc<Entry>>>,
    /// The last checkpoint read and when its read began, for every key.
    last: Mutex<Option<(Position, Instant)>>,
    /// Held while the checkpoint is read: when it goes stale under load one
    /// request reads it and the others take its answer.
    reading: tokio::sync::Mutex<()>,
}

impl RenderCache {
    /// The projector checkpoint, read again only when the last read is not
    /// fresh for this request. Rows read after it are at least that recent,
    /// so an entry is never tagged newer than what it holds.
    async fn checkpoint(
        &self,
        state: &QueryState,
        wanted: Option<Position>,
    ) -> Result<(Position, Instant), QueryError> {
        let fresh = || {
            self.last
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .filter(|(checkpoint, at)| is_fresh(*checkpoint, *at, wanted))
        };
        if let Some(last) = fresh() {
            return Ok(last);
        }
        let _reading = self.reading.lock().await;
        if let Some(last) = fresh() {
            return Ok(last);
        }
        let at = Instant::now();
        let checkpoint = projector::projections_checkpoint(&state.read).await?;
        let mut last = self.last.lock().unwrap_or_else(PoisonError::into_inner);
        if last.is_none_or(|(_, seen)| seen < at) {
            *last = Some((checkpoint, at));
        }
        Ok((checkpoint, at))
    }

    fn get(&self, key: &str) -> Option<Arc<Entry>> {
        self.entries
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(key)
            .cloned()
    }

    fn put(&self, key: String, entry: Entry) {
        let mut entries = self.entries.write().unwrap_or_else(PoisonError::into_inner);
        if entries.len() >= MAX_ENTRIES && !entries.contains_key(&key) {
            entries.clear();
        }
        entries.insert(key, Arc::new(entry));
    }

    /// The body under `key`, rendered by `render` when none may answer.
    /// Errors are never kept.
    pub async fn get_or_render<F>(
        &self,
        state: &QueryState,
        key: String,
        wanted: Option<Position>,
        render: F,
    ) -> Result<Bytes, QueryError>
    where
        F: AsyncFnOnce() -> Result<Rendered, QueryError>,
    {
        let now = state.clock.now();
        let cached = self.get(&key).filter(|e| now < e.expires);
        if let Some(entry) = &cached
            && is_fresh(entry.checkpoint, entry.checked_at, wanted)
        {
            return Ok(entry.body.clone());
        }
        let (checkpoint, checked_at) = self.checkpoint(state, wanted).await?;
        if let Some(entry) = cached
            && entry.checkpoint == checkpoint
        {
            let body = entry.body.clone();
            self.put(
                key,
                Entry {
                    checkpoint,
                    checked_at,
                    expires: entry.expires,
                    body: body.clone(),
                },
            );
            return Ok(body);
        }
        let rendered = render().await?;
        let body = rendered.body;
        self.put(
            key,
            Entry {
                checkpoint,
                checked_at,
                expires: rendered.expires,
                body: body.clone(),
            },
        );
        Ok(body)
    }
}

/// A JSON answer of `render`, kept under `key` while the read models stand
/// still (and until `expires`): hot public reads (the blog, the quote of
/// the day) cost a map lookup between two projector checkpoints.
pub async fn cached_json<T, F>(
    state: &QueryState,
    headers: &axum::http::HeaderMap,
    key: String,
    expires: DateTime<Utc>,
    render: F,
) -> Result<axum::response::Response, QueryError>
where
    T: serde::Serialize,
    F: AsyncFnOnce() -> Result<T, QueryError>,
{
    cached_json_until(state, headers, key, async || Ok((render().await?, expires))).await
}

/// [`cached_json`] for an answer that learns its own expiry as it renders
/// (the legal version in force until the next scheduled one).
pub async fn cached_json_until<T, F>(
    state: &QueryState,
    headers: &axum::http::HeaderMap,
    key: String,
    render: F,
) -> Result<axum::response::Response, QueryError>
where
    T: serde::Serialize,
    F: AsyncFnOnce() -> Result<(T, DateTime<Utc>), QueryError>,
{
    let wanted = crate::freshness::min_position(headers);
    let body = state
        .renders
        .get_or_render(state, key, wanted, async || {
            let (value, expires) = render().await?;
            let body = serde_json::to_string(&value)
                .map_err(|_| QueryError::Corrupt("an answer that does not serialise"))?;
            Ok(Rendered {
                body: body.into(),
                expires,
            })
        })
        .await?;
    Ok(crate::routes::raw_json(body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_fresh_only_while_recent_and_at_least_at_the_asked_position() {
        let at = |tx: i64| Position { tx, pos: tx };
        let now = Instant::now();
        let old = now - RECHECK_AFTER * 2;
        assert!(is_fresh(at(5), now, None));
        assert!(is_fresh(at(5), now, Some(at(5))));
        assert!(!is_fresh(at(5), now, Some(at(6))));
        assert!(!is_fresh(at(5), old, None));
        // An older asked position does not keep an old entry alive
        assert!(!is_fresh(at(5), old, Some(at(1))));
    }
}
