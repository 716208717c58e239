//! Events to and from the store's `(type, schema version, JSON text)`.
//!
//! Event enums are internally tagged by `type`; the tag becomes the stored
//! event type and the rest the payload. Old schema versions are upcast here,
//! on read, never edited in the store (STYLE 4).

use serde::{Serialize, de::DeserializeOwned};
use serde_json::Value;

/// Implemented by each aggregate's event enum.
pub trait EventSchema: Serialize + DeserializeOwned {
    /// Current schema version of an event type.
    fn schema_version(event_type: &str) -> i32;
    /// Rewrites a payload of an older `version` into the current shape.
    fn upcast(_event_type: &str, _version: i32, payload: Value) -> Value {
        payload
    }
}

#[derive(Debug, thiserror::Error)]
pub enum CodecError {
    #[error("event payload is not valid JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("event serialised without a type tag")]
    MissingTag,
}

/// `(event_type, schema_version, payload)` of one event.
pub fn encode<E: EventSchema>(event: &E) -> (String, i32, String) {
    let mut value = serde_json::to_value(event).expect("events serialise");
    let tag = value
        .as_object_mut()
        .and_then(|o| o.remove("type"))
        .and_then(|t| t.as_str().map(str::to_owned))
        .expect("event enums are tagged with `type`");
    let version = E::schema_version(&tag);
    (tag, version, value.to_string())
}

pub fn decode<E: EventSchema>(
    event_type: &str,
    version: i32,
    payload: &str,
) -> Result<E, CodecError> {
    let value: Value = serde_json::from_str(payload)?;
    let mut value = if version < E::schema_version(event_type) {
        E::upcast(event_type, version, value)
    } else {
        value
    };
    let object = value.as_object_mut().ok_or(CodecError::MissingTag)?;
    object.insert("type".into(), Value::String(event_type.to_owned()));
    Ok(serde_json::from_value(value)?)
}
