//! How a command runs (DESIGN §1): load the streams it needs, let the domain
//! decide, append everything atomically with the expected versions, ring the
//! doorbell. A version conflict reloads and decides again, a few times.

use std::future::Future;

use chrono::{DateTime, Utc};
use domain::codec::{self, EventSchema};
use store::{
    AppendRequest, EventMetadata, ExpectedVersion, NewEvent, Position, SideWrite, StoreError,
    StreamAppend, StreamId,
};
use uuid::Uuid;

use crate::AppState;
use crate::error::CommandError;
use crate::ids::Ids;

/// How many times a command is decided again after a version conflict.
const ATTEMPTS: usize = 4;

/// A stream folded into its decision state, with the version it was read at.
pub struct Loaded<S> {
    pub state: S,
    pub version: u64,
}

/// Reads and folds a stream; events that cannot be decoded are a clear error.
pub async fn load<E: EventSchema, S: Default>(
    app: &AppState,
    stream: &StreamId,
    fold: impl Fn(S, &E) -> S,
) -> Result<Loaded<S>, CommandError> {
    load_from(app, stream, S::default(), fold).await
}

/// [`load`] for a state that does not start empty (a page's built-in text).
pub async fn load_from<E: EventSchema, S>(
    app: &AppState,
    stream: &StreamId,
    initial: S,
    fold: impl Fn(S, &E) -> S,
) -> Result<Loaded<S>, CommandError> {
    let recorded = app.stores.events.read_stream(stream).await?;
    let version = recorded.len() as u64;
    let mut state = initial;
    for event in &recorded {
        let decoded: E = codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(|e| {
                CommandError::internal(format!(
                    "event {} of {stream} unreadable: {e}",
                    event.event_id
                ))
            })?;
        state = fold(state, &decoded);
    }
    Ok(Loaded { state, version })
}

/// Who acts: an account, or an anonymous visitor (`None`).
#[derive(Clone, Copy, Debug)]
pub struct Actor {
    pub id: Option<Uuid>,
    pub role: &'static str,
}

impl Actor {
    pub const VISITOR: Actor = Actor {
        id: None,
        role: "visitor",
    };
    pub const SYSTEM: Actor = Actor {
        id: None,
        role: "system",
    };
}

/// A signed-in caller acts as their account in their role.
impl From<&platform::session::Caller> for Actor {
    fn from(caller: &platform::session::Caller) -> Self {
        Actor {
            id: Some(caller.account_id),
            role: caller.role.as_str(),
        }
    }
}

/// One atomic append being assembled.
pub struct Batch<'a> {
    ids: &'a Ids,
    metadata: EventMetadata,
    request: AppendRequest,
    count: usize,
}

impl<'a> Batch<'a> {
    pub fn new(ids: &'a Ids, actor: Actor, now: DateTime<Utc>) -> Self {
        let correlation_id = ids.id("correlation");
        Batch {
            ids,
            metadata: EventMetadata {
                actor_id: actor.id,
                actor_role: Some(actor.role.to_owned()),
                correlation_id,
                causation_id: None,
                recorded_at: now,
            },
            request: AppendRequest::default(),
            count: 0,
        }
    }

    /// Adds events to a stream read at `version` (0 = must not exist yet).
    pub fn events<E: EventSchema>(self, stream: StreamId, version: u64, events: &[E]) -> Self {
        self.append(stream, ExpectedVersion::Exact(version), events)
    }

    /// Adds events to a stream whose order against other writers does not
    /// matter (a log of sign-ins): never a conflict.
    pub fn events_in_any_order<E: EventSchema>(self, stream: StreamId, events: &[E]) -> Self {
        self.append(stream, ExpectedVersion::Any, events)
    }

    /// Appends nothing to `stream` but requires it still at `version`: the
    /// decision read it, and the batch commits only if it did not change.
    pub fn unchanged(mut self, stream: StreamId, version: u64) -> Self {
        self.request.streams.push(StreamAppend {
            stream,
            expected: ExpectedVersion::Exact(version),
            events: Vec::new(),
        });
        self
    }

    fn append<E: EventSchema>(
        mut self,
        stream: StreamId,
        expected: ExpectedVersion,
        events: &[E],
    ) -> Self {
        let events = events
            .iter()
            .map(|event| {
                let (event_type, schema_version, payload) = codec::encode(event);
                let event_id = self.ids.id(&format!("event-{}", self.count));
                self.count += 1;
                NewEvent {
                    event_id,
                    event_type,
                    schema_version,
                    payload,
                    metadata: self.metadata.clone(),
                }
            })
            .collect();
        self.request.streams.push(StreamAppend {
            stream,
            expected,
            events,
        });
        self
    }

    pub fn side(mut self, write: SideWrite) -> Self {
        self.request.side_writes.push(write);
        self
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Appends and rings the doorbell; returns the last event's position.
    pub async fn commit(self, app: &AppState) -> Result<Position, CommandError> {
        let result = app.stores.events.append(self.request).await?;
        if !result.already_applied {
            app.doorbell.ring();
        }
        Ok(result.position)
    }
}

/// When this exact command (same `Idempotency-Key`) was already applied (its
/// first event id exists), the position of its last event, so the caller
/// answers as the first time did (same `X-Event-Position`).
pub async fn already_applied(app: &AppState, ids: &Ids) -> Result<Option<Position>, CommandError> {
    if !ids.deterministic() {
        return Ok(None);
    }
    let mut last = None;
    // One append labels its events `event-0`, `event-1`, … (see `Batch::events`).
    for n in 0.. {
        match app
            .stores
            .events
            .event_position(ids.id(&format!("event-{n}")))
            .await?
        {
            Some(position) => last = last.max(Some(position)),
            None => break,
        }
    }
    Ok(last)
}

/// Runs `attempt` again while it fails on a version conflict.
pub async fn with_retry<T, F, Fut>(mut attempt: F) -> Result<T, CommandError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, CommandError>>,
{
    for _ in 1..ATTEMPTS {
        match attempt().await {
            Err(CommandError::Store(StoreError::Conflict { .. })) => continue,
            other => return other,
        }
    }
    match attempt().await {
        Err(CommandError::Store(StoreError::Conflict { .. })) => Err(CommandError::Conflict),
        other => other,
    }
}

/// The commonest command: fold one stream, let `decide` make its events,
/// append them at the version read (deciding again after a lost race);
/// `None` when it decides nothing. A command sent again with its
/// idempotency key answers the first one's position.
pub async fn decide_on<E, S>(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    stream: &StreamId,
    fold: impl Fn(S, &E) -> S,
    decide: impl Fn(&S) -> Result<Vec<E>, CommandError>,
) -> Result<Option<Position>, CommandError>
where
    E: EventSchema,
    S: Default,
{
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(Some(position));
    }
    with_retry(|| async {
        let loaded = load::<E, S>(app, stream, &fold).await?;
        let events = decide(&loaded.state)?;
        if events.is_empty() {
            return Ok(None);
        }
        Batch::new(ids, actor, app.clock.now())
            .events(stream.clone(), loaded.version, &events)
            .commit(app)
            .await
            .map(Some)
    })
    .await
}
