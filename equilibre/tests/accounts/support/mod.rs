//! The harness: the real app (`App::open_with`) served on 127.0.0.1:0 over a
//! fresh database per test, SQLite or PostgreSQL, a manual clock that tests
//! move instead of sleeping, optional real SMTP (maildev) and NATS.
//!
//! `on_both_backends!(a, b)` turns `async fn a(backend: Backend)` into
//! `sqlite::a` and `postgres::a` tests. PostgreSQL is required: an
//! unreachable server fails the test (`store::testing`), it never skips.

mod accounts;
mod app;
mod consultants;
mod database;
mod fixtures;
mod http;
mod markup;
mod texts;

use std::time::Duration;

pub use accounts::{Member, code_in, registration_form, unique_email};
pub use app::{INDEX_HTML, STRIPE_WEBHOOK_SECRET, TestApp};
pub use consultants::ExpertProfile;
pub use database::Database;
pub use fixtures::{PDF, PNG};
pub use http::Answer;
pub use markup::{XSS_PAYLOADS, assert_inert};
pub use texts::code_in_text;

/// Generates one test per backend from `async fn name(backend: Backend)`.
macro_rules! on_both_backends {
    ($($name:ident),+ $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name($crate::support::Backend::Sqlite).await;
                }
            )+
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name($crate::support::Backend::Postgres).await;
                }
            )+
        }
    };
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// How long bounded polling loops wait before failing.
pub const PATIENCE: Duration = Duration::from_secs(15);
