//! GET handlers: each reads one thing and answers it.

pub mod accounts;
pub mod public;
pub mod reference;
pub mod system;
