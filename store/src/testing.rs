//! Helpers for tests of this and other crates (feature `testing`).
//!
//! PostgreSQL suites are required, never skipped: [`fresh_postgres_url`]
//! panics when the server is unreachable.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sqlx::{Connection, PgConnection};
pub use tempfile::TempDir;

const DEFAULT_ADMIN_URL: &str = "postgres://postgres@127.0.0.1:5432/postgres";
const PREFIX: &str = "eqtest_";
/// Test databases older than this are dropped by the next test run.
const MAX_AGE: Duration = Duration::from_secs(3600);

static SWEPT: AtomicBool = AtomicBool::new(false);

/// The server to create test databases on: `TEST_DATABASE_URL` or the local default.
pub fn admin_url() -> String {
    std::env::var("TEST_DATABASE_URL").unwrap_or_else(|_| DEFAULT_ADMIN_URL.to_owned())
}

/// Attempts within which a full server (every connection slot taken by
/// the tests running beside this one) frees one.
const FULL_SERVER_ATTEMPTS: u32 = 40;

/// Connects to the admin database; while the server answers "too many
/// clients" (SQLSTATE 53300: parallel tests' pools at the server's limit),
/// waits for one to close instead of failing the test.
async fn connect_admin(admin: &str) -> Result<PgConnection, sqlx::Error> {
    let mut attempt = 1;
    loop {
        match PgConnection::connect(admin).await {
            Err(sqlx::Error::Database(e))
                if e.code().as_deref() == Some("53300") && attempt < FULL_SERVER_ATTEMPTS =>
            {
                attempt += 1;
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
            other => return other,
        }
    }
}

/// Creates an empty database `eqtest_<unix seconds>_<uuid>` and returns its
/// URL (not migrated: connecting a store migrates it). Panics when PostgreSQL
/// is unreachable. Databases of earlier runs older than an hour are dropped
/// once per process.
pub async fn fresh_postgres_url() -> String {
    let admin = admin_url();
    let mut conn = connect_admin(&admin).await.unwrap_or_else(|e| {
        panic!(
            "PostgreSQL is unreachable at {admin} ({e}); the PostgreSQL test suites are required. \
             Start it (`pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`) \
             or point TEST_DATABASE_URL at a server."
        )
    });
    if !SWEPT.swap(true, Ordering::SeqCst) {
        sweep_old_databases(&mut conn).await;
    }
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let name = format!(
        "{PREFIX}{}_{}",
        now.as_secs(),
        uuid::Uuid::new_v4().simple()
    );
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE DATABASE \"{name}\"")))
        .execute(&mut conn)
        .await
        .unwrap_or_else(|e| panic!("cannot create test database {name} at {admin}: {e}"));
    let _ = conn.close().await;
    with_database(&admin, &name)
}

/// A fresh database that is dropped (with its connections) when this guard drops.
pub struct TestPostgres {
    pub url: String,
}

impl TestPostgres {
    pub async fn new() -> Self {
        Self {
            url: fresh_postgres_url().await,
        }
    }
}

impl Drop for TestPostgres {
    fn drop(&mut self) {
        let Some(name) = database_name(&self.url) else {
            return;
        };
        // Drop may run inside a runtime: do the async work on a thread of its own.
        let admin = admin_url();
        let _ = std::thread::spawn(move || {
            let Ok(rt) = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            else {
                return;
            };
            rt.block_on(async {
                if let Ok(mut conn) = PgConnection::connect(&admin).await {
                    drop_database(&mut conn, &name).await;
                    let _ = conn.close().await;
                }
            });
        })
        .join();
    }
}

/// A temporary directory (deleted when the guard drops) and a database file path in it.
pub fn fresh_sqlite_path() -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("cannot create a temporary directory");
    let path = dir.path().join("events.db");
    (dir, path)
}

async fn sweep_old_databases(conn: &mut PgConnection) {
    let names: Vec<String> =
        match sqlx::query_scalar("SELECT datname FROM pg_database WHERE datname LIKE 'eqtest\\_%'")
            .fetch_all(&mut *conn)
            .await
        {
            Ok(names) => names,
            Err(_) => return,
        };
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    for name in names {
        let created = name
            .strip_prefix(PREFIX)
            .and_then(|rest| rest.split('_').next())
            .and_then(|secs| secs.parse::<u64>().ok());
        if let Some(created) = created
            && now.as_secs().saturating_sub(created) > MAX_AGE.as_secs()
        {
            drop_database(conn, &name).await;
        }
    }
}

async fn drop_database(conn: &mut PgConnection, name: &str) {
    if !name.starts_with(PREFIX) || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return;
    }
    let _ = sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
        "DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"
    )))
    .execute(conn)
    .await;
}

/// `admin` with its database path replaced by `name` (query string kept).
fn with_database(admin: &str, name: &str) -> String {
    let (base, query) = match admin.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (admin, None),
    };
    let authority_start = base.find("://").map_or(0, |i| i + 3);
    let root = match base[authority_start..].find('/') {
        Some(i) => &base[..authority_start + i],
        None => base,
    };
    match query {
        Some(q) => format!("{root}/{name}?{q}"),
        None => format!("{root}/{name}"),
    }
}

fn database_name(url: &str) -> Option<String> {
    let base = url.split('?').next()?;
    let authority_start = base.find("://")? + 3;
    let path = &base[authority_start..];
    Some(path[path.find('/')? + 1..].to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_database_name_replaces_the_path_and_keeps_the_query() {
        assert_eq!(
            with_database("postgres://u:p@h:5432/postgres?sslmode=disable", "x"),
            "postgres://u:p@h:5432/x?sslmode=disable"
        );
        assert_eq!(with_database("postgres://h", "x"), "postgres://h/x");
        assert_eq!(database_name("postgres://h:1/x?a=b").as_deref(), Some("x"));
    }
}
