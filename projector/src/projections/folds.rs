//! Domain states folded per stream during a batch, and the error of an event
//! a projection cannot read.

use std::collections::HashMap;
use std::sync::Arc;

use domain::codec::{self, EventSchema};
use store::{EventStore, RecordedEvent};

use crate::error::ProjectorError;

/// Stops the projector on an event it cannot decode.
pub fn unreadable(event: &RecordedEvent) -> impl Fn(codec::CodecError) -> ProjectorError + '_ {
    |e| ProjectorError::Unreadable(event.event_id, e.to_string())
}

/// Each stream's state as the domain folds it (`evolve`), kept for the rest
/// of the batch: the next event of a stream evolves the state it left instead
/// of re-reading the stream, so a replay reads each stream about once per
/// batch, not once per event.
pub struct Folds<E, S> {
    states: HashMap<String, (u64, S)>,
    evolve: fn(S, &E) -> S,
}

impl<E: EventSchema, S: Default + Clone> Folds<E, S> {
    pub fn new(evolve: fn(S, &E) -> S) -> Self {
        Folds {
            states: HashMap::new(),
            evolve,
        }
    }

    /// The state right after `event` (`decoded`): the kept fold when it is
    /// the stream's event just before, else the stream read back up to it.
    pub async fn after(
        &mut self,
        store: &Arc<dyn EventStore>,
        event: &RecordedEvent,
        decoded: &E,
    ) -> Result<S, ProjectorError> {
        let key = event.stream.to_string();
        let state = match self.states.remove(&key) {
            Some((version, before)) if version + 1 == event.stream_version => {
                (self.evolve)(before, decoded)
            }
            _ if event.stream_version == 1 => (self.evolve)(S::default(), decoded),
            _ => {
                let mut state = S::default();
                let recorded = store.read_stream(&event.stream).await?;
                for e in recorded.iter().take(event.stream_version as usize) {
                    let decoded: E = codec::decode(&e.event_type, e.schema_version, &e.payload)
                        .map_err(unreadable(e))?;
                    state = (self.evolve)(state, &decoded);
                }
                state
            }
        };
        self.states
            .insert(key, (event.stream_version, state.clone()));
        Ok(state)
    }
}
