//! The consultant's profile and its review (docs/api.md "Consultant profile"
//! and "Administration of consultants"). One application function per
//! command: each loads the consultant's stream, lets the domain decide
//! (`domain::consultant`) and appends, with the personal part of a section
//! written to the forgettable payload store in the same append.
//!
//! Functions a caller outside HTTP may use (the demo data, for one):
//! [`sections`] (`save_basic_profile`, `save_address`, `add_degree`,
//! `edit_degree`, `remove_degree`, `add_certificate`, `edit_certificate`,
//! `remove_certificate`, `save_bank`, `save_details`, `save_documents`) and
//! [`review`] (`submit`, `withdraw`, `approve`, `reject`, `suspend`,
//! `reinstate`, `mark_changes_reviewed`).

pub mod review;
pub mod sections;

use std::collections::HashMap;

use domain::RuleCode;
use domain::account::Role;
use domain::consultant::{CATEGORY, Consultant, ConsultantEvent};
use domain::reference::{ItemInfo, ReferenceKind};
use store::{Position, StreamId};
use uuid::Uuid;

use crate::AppState;
use crate::accounts::load_account;
use crate::error::CommandError;
use crate::execute::{Actor, Loaded, already_applied, load};
use crate::ids::Ids;
use crate::reference::load_item;

pub use review::{approve, mark_changes_reviewed, reinstate, reject, submit, suspend, withdraw};
pub use sections::{
    add_certificate, add_degree, edit_certificate, edit_degree, remove_certificate, remove_degree,
    save_address, save_bank, save_basic_profile, save_details, save_documents,
};

pub fn consultant_stream(id: Uuid) -> StreamId {
    StreamId::new(CATEGORY, id)
}

pub async fn load_consultant(app: &AppState, id: Uuid) -> Result<Loaded<Consultant>, CommandError> {
    load::<ConsultantEvent, _>(app, &consultant_stream(id), Consultant::evolve).await
}

/// The consultant acting on their own profile.
pub fn owner_actor(consultant_id: Uuid) -> Actor {
    Actor {
        id: Some(consultant_id),
        role: Role::Consultant.as_str(),
    }
}

/// Not found unless `id` is a consultant's account that was not forgotten.
async fn ensure_consultant(app: &AppState, id: Uuid) -> Result<(), CommandError> {
    let account = load_account(app, id).await?.state;
    if account.exists() && account.role == Some(Role::Consultant) {
        Ok(())
    } else {
        Err(CommandError::NotFound)
    }
}

/// The reference items a form names, read from their streams, answered
/// through the domain's `ReferenceLookup` (trashed items included, marked
/// inactive).
#[derive(Default)]
pub struct ReferenceItems(HashMap<(ReferenceKind, Uuid), ItemInfo>);

impl ReferenceItems {
    pub async fn load(
        app: &AppState,
        wanted: impl IntoIterator<Item = (ReferenceKind, Uuid)>,
    ) -> Result<Self, CommandError> {
        let mut items = HashMap::new();
        for (kind, id) in wanted {
            if items.contains_key(&(kind, id)) {
                continue;
            }
            if let Some(info) = load_item(app, kind, id).await?.state.info() {
                items.insert((kind, id), info);
            }
        }
        Ok(ReferenceItems(items))
    }

    pub fn item(&self, kind: ReferenceKind, id: Uuid) -> Option<ItemInfo> {
        self.0.get(&(kind, id)).copied()
    }
}

/// A refusal after a twin request with the same `Idempotency-Key` committed:
/// answer as that one did; a domain `not_found` is a 404.
async fn or_already_applied(
    app: &AppState,
    ids: &Ids,
    result: Result<Position, CommandError>,
) -> Result<Position, CommandError> {
    match result {
        Ok(position) => Ok(position),
        Err(error) => match already_applied(app, ids).await? {
            Some(position) => Ok(position),
            None => Err(match error {
                CommandError::Domain(domain::DomainError::Rule(RuleCode::NotFound)) => {
                    CommandError::NotFound
                }
                other => other,
            }),
        },
    }
}
