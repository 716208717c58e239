//! The accounts foundation end to end: the real app on port 0 with a fresh
//! database per test, each test run on SQLite and on PostgreSQL.

#[macro_use]
mod support;

mod admin;
mod consultant_profile;
mod directory;
mod doorbell;
mod files;
mod forget;
mod idempotency;
mod otp;
mod passwords;
mod projector;
mod reactions;
mod read_your_writes;
mod reference;
mod route_table;
mod sessions;
mod sign_up;
mod sign_up_refusals;
mod system;
