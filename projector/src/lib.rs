//! The read side's writer (DESIGN §1): folds the event log, in global order,
//! into read-model tables, and runs the reactions worker (mails, scheduled
//! commands). Rows and checkpoint commit in one transaction, so the projector
//! can stop anywhere; a rebuild replays from zero and gives identical tables.
#![forbid(unsafe_code)]

pub mod branding;
mod error;
pub mod projections;
pub mod reactions;
pub mod read_db;
pub mod schedule;

mod runner;

pub use error::ProjectorError;
pub use read_db::ReadDb;
pub use runner::{Projector, checkpoint as projections_checkpoint};
