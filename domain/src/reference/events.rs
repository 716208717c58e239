use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::ReferenceKind;
use crate::codec::EventSchema;

/// Events of one reference item's stream. Every event names the item and its
/// set, so a projection only copies fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum ReferenceEvent {
    ReferenceItemAdded {
        item_id: Uuid,
        kind: ReferenceKind,
        name_fr: String,
        name_en: String,
        /// The country of a city; `None` for every other kind.
        parent: Option<Uuid>,
        /// ISO code of a language, country or nationality, when given.
        code: Option<String>,
        at: DateTime<Utc>,
    },
    ReferenceItemRenamed {
        item_id: Uuid,
        kind: ReferenceKind,
        name_fr: String,
        name_en: String,
        code: Option<String>,
        at: DateTime<Utc>,
    },
    ReferenceItemTrashed {
        item_id: Uuid,
        kind: ReferenceKind,
        at: DateTime<Utc>,
    },
    ReferenceItemRestored {
        item_id: Uuid,
        kind: ReferenceKind,
        at: DateTime<Utc>,
    },
}

impl EventSchema for ReferenceEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}
