//! A fresh database per test: SQLite files in a temporary directory, or a
//! PostgreSQL database of its own (`store::testing`).

use std::sync::Arc;
use std::time::Duration;

use store::Position;
use store::testing::{TempDir, TestPostgres};

use super::{Backend, PATIENCE};

/// One fresh database (and the temporary directory of the test), dropped
/// with the last app using it.
pub struct Database {
    pub backend: Backend,
    pub dir: TempDir,
    postgres: Option<(TestPostgres, sqlx::PgPool)>,
}

impl Database {
    pub async fn fresh(backend: Backend) -> Arc<Database> {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let postgres = match backend {
            Backend::Sqlite => None,
            Backend::Postgres => {
                let pg = TestPostgres::new().await;
                let pool = sqlx::postgres::PgPoolOptions::new()
                    .max_connections(2)
                    .connect_lazy(&pg.url)
                    .expect("a PostgreSQL URL");
                Some((pg, pool))
            }
        };
        Arc::new(Database {
            backend,
            dir,
            postgres,
        })
    }

    /// `(DATABASE_URL, READ_DATABASE_URL)`.
    pub fn urls(&self) -> (String, String) {
        match &self.postgres {
            Some((pg, _)) => (pg.url.clone(), pg.url.clone()),
            None => (
                sqlite_url(&self.dir.path().join("events.db")),
                sqlite_url(&self.dir.path().join("read.db")),
            ),
        }
    }

    /// Another, empty read-model database of the same backend (for rebuilds
    /// to compare with); the guard keeps a PostgreSQL one alive.
    pub async fn another_read_db(&self) -> (String, Option<TestPostgres>) {
        match self.backend {
            Backend::Sqlite => {
                let path = self
                    .dir
                    .path()
                    .join(format!("read-{}.db", uuid::Uuid::now_v7()));
                (sqlite_url(&path), None)
            }
            Backend::Postgres => {
                let pg = TestPostgres::new().await;
                (pg.url.clone(), Some(pg))
            }
        }
    }
}

fn sqlite_url(path: &std::path::Path) -> String {
    format!("sqlite://{}?mode=rwc", path.display())
}

impl Database {
    /// Waits (bounded) until `head()` of `store` covers every committed
    /// event. On PostgreSQL `read_all` and `head` stop below the oldest
    /// transaction still running anywhere in the cluster (guarantee 3), so
    /// they lag while another test creates or drops a database; SQLite
    /// readers never do.
    pub async fn settle(&self, store: &dyn store::EventStore) {
        let Some((_, pool)) = &self.postgres else {
            return;
        };
        let committed: Option<(i64, i64)> = sqlx::query_as(
            "SELECT transaction_id, global_position FROM events \
             ORDER BY transaction_id DESC, global_position DESC LIMIT 1",
        )
        .fetch_optional(pool)
        .await
        .expect("the events table");
        let Some((tx, pos)) = committed else {
            return;
        };
        let deadline = tokio::time::Instant::now() + PATIENCE;
        while store.head().await.expect("the store answers") < (Position { tx, pos }) {
            assert!(
                tokio::time::Instant::now() < deadline,
                "the store's readers never reached {tx}.{pos}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}
