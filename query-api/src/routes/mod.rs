//! GET handlers: each reads one thing and answers it.

pub mod accounts;
pub mod clients;
pub mod consultants;
pub mod directory;
pub mod files;
pub mod public;
pub mod reference;
pub mod system;
