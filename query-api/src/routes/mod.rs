//! GET handlers: each reads one thing and answers it.

pub mod accounts;
pub mod bookings;
pub mod client_file;
pub mod clients;
pub mod consultants;
pub mod directory;
pub mod files;
pub mod public;
pub mod reference;
pub mod rooms;
pub mod system;
