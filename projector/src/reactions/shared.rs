//! What the reactions that decide and append share: folding a stream,
//! retrying on a version conflict, waiting for the read models, and one
//! append whose event ids derive from a label (so a retry or a second worker
//! appends once).

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, Utc};
use domain::booking::CalendarEvent;
use domain::booking::calendar;
use domain::codec::{self, EventSchema};
use store::{
    AppendRequest, EventMetadata, ExpectedVersion, NewEvent, RecordedEvent, StoreError,
    StreamAppend, StreamId,
};
use uuid::Uuid;

use super::{EFFECTS, ReactionError, Reactor};
use crate::ReadDb;

/// A stream folded into its state, with its version (the events read).
pub(super) async fn fold_stream<E: EventSchema, S: Default>(
    reactor: &Reactor,
    stream: &StreamId,
    fold: impl Fn(S, &E) -> S,
) -> Result<(S, u64), ReactionError> {
    let recorded = reactor.stores.events.read_stream(stream).await?;
    let mut state = S::default();
    for event in &recorded {
        let decoded: E = codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(|e| ReactionError::Unreadable(event.event_id, e.to_string()))?;
        state = fold(state, &decoded);
    }
    Ok((state, recorded.len() as u64))
}

/// Runs `once`, deciding again on fresh streams after a version conflict
/// (up to three more times).
pub(super) async fn retry_on_conflict<F, Fut>(mut once: F) -> Result<(), ReactionError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<(), ReactionError>>,
{
    let mut attempts = 0;
    loop {
        match once().await {
            Err(ReactionError::Store(StoreError::Conflict { .. })) if attempts < 3 => attempts += 1,
            other => return other,
        }
    }
}

/// Fails with [`ReactionError::ReadModelsBehind`] (retried) until the read
/// models cover `event`.
pub(super) async fn read_models_cover(
    read: &ReadDb,
    event: &RecordedEvent,
) -> Result<(), ReactionError> {
    if crate::projections_checkpoint(read)
        .await
        .map_err(|e| ReactionError::ReadModels(e.to_string()))?
        < event.position
    {
        return Err(ReactionError::ReadModelsBehind(event.position));
    }
    Ok(())
}

/// Metadata of an event the platform appends on its own (no actor).
pub(super) fn system_metadata(
    correlation_id: Uuid,
    causation_id: Option<Uuid>,
    recorded_at: DateTime<Utc>,
) -> EventMetadata {
    EventMetadata {
        actor_id: None,
        actor_role: Some("system".into()),
        correlation_id,
        causation_id,
        recorded_at,
    }
}

/// The events of one append, by stream with the version they expect; the
/// n-th event's id derives from `"{label} {n}"`.
pub(super) struct Appends {
    label: String,
    correlation_id: Uuid,
    causation_id: Option<Uuid>,
    now: DateTime<Utc>,
    pub(super) streams: Vec<StreamAppend>,
    count: usize,
}

impl Appends {
    pub(super) fn new(
        label: String,
        correlation_id: Uuid,
        causation_id: Option<Uuid>,
        now: DateTime<Utc>,
    ) -> Self {
        Appends {
            label,
            correlation_id,
            causation_id,
            now,
            streams: Vec::new(),
            count: 0,
        }
    }

    /// Appends caused by a recorded event (same correlation, caused by it).
    pub(super) fn caused_by(label: String, cause: &RecordedEvent, now: DateTime<Utc>) -> Self {
        Self::new(
            label,
            cause.metadata.correlation_id,
            Some(cause.event_id),
            now,
        )
    }

    pub(super) fn add<E: EventSchema>(&mut self, stream: StreamId, version: u64, events: &[E]) {
        if events.is_empty() {
            return;
        }
        let events = events
            .iter()
            .map(|event| {
                let (event_type, schema_version, payload) = codec::encode(event);
                let event_id = Uuid::new_v5(
                    &EFFECTS,
                    format!("{} {}", self.label, self.count).as_bytes(),
                );
                self.count += 1;
                NewEvent {
                    event_id,
                    event_type,
                    schema_version,
                    payload,
                    metadata: system_metadata(self.correlation_id, self.causation_id, self.now),
                }
            })
            .collect();
        self.streams.push(StreamAppend {
            stream,
            expected: ExpectedVersion::Exact(version),
            events,
        });
    }

    /// The calendar day streams of a booking decision, at their current
    /// versions.
    pub(super) async fn add_days(
        &mut self,
        reactor: &Reactor,
        consultant: (Uuid, &BTreeMap<NaiveDate, Vec<CalendarEvent>>),
        client: (Uuid, &BTreeMap<NaiveDate, Vec<CalendarEvent>>),
    ) -> Result<(), ReactionError> {
        for (category, (party, days)) in [
            (calendar::CONSULTANT_CATEGORY, consultant),
            (calendar::CLIENT_CATEGORY, client),
        ] {
            for (day, events) in days {
                let stream = StreamId::new(category, calendar::day_entity(party, *day));
                let length = reactor.stores.events.read_stream(&stream).await?.len() as u64;
                self.add(stream, length, events);
            }
        }
        Ok(())
    }

    /// Appends everything together.
    pub(super) async fn append(self, reactor: &Reactor) -> Result<(), ReactionError> {
        reactor
            .stores
            .events
            .append(AppendRequest {
                streams: self.streams,
                side_writes: Vec::new(),
            })
            .await?;
        Ok(())
    }
}

#[derive(sqlx::FromRow)]
struct AdminRow {
    account_id: String,
}

/// The active administrators, once the read models cover `event`.
pub(super) async fn administrators(
    reactor: &Reactor,
    event: &RecordedEvent,
) -> Result<Vec<Uuid>, ReactionError> {
    let Some(read) = &reactor.read else {
        tracing::warn!("no read models: administrators are not told");
        return Ok(Vec::new());
    };
    let read_error = |e: sqlx::Error| ReactionError::ReadModels(e.to_string());
    read_models_cover(read, event).await?;
    let rows: Vec<AdminRow> = sqlx::query_as(
        "SELECT account_id FROM rm_accounts
         WHERE role = 'admin' AND status = 'active' AND forgotten = 0 ORDER BY account_id",
    )
    .fetch_all(&read.pool)
    .await
    .map_err(read_error)?;
    Ok(rows
        .iter()
        .filter_map(|row| row.account_id.parse().ok())
        .collect())
}
