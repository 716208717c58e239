//! The projector's one error type, shared by the loop and the projections
//! (its own module, so neither depends on the other for it).

use store::StoreError;
use uuid::Uuid;

#[derive(Debug, thiserror::Error)]
pub enum ProjectorError {
    #[error("store: {0}")]
    Store(#[from] StoreError),
    #[error("read models: {0}")]
    ReadDb(#[from] sqlx::Error),
    #[error("event {0} cannot be read: {1}")]
    Unreadable(Uuid, String),
}
