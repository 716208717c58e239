//! The read-model database: SQLite file or PostgreSQL, one portable dialect
//! through sqlx's `Any` driver (TEXT and BIGINT columns, `$n` parameters,
//! `ON CONFLICT` upserts), so each projection is written once.

use sqlx::any::Any;
use sqlx::any::AnyPoolOptions;
use sqlx::{AnyConnection, AnyPool, Transaction};

use crate::projections::{INDEXES, SCHEMA};

/// Bumped whenever a table changes; a mismatch drops and rebuilds the tables.
pub const SCHEMA_VERSION: i64 = 26;

#[derive(Clone)]
pub struct ReadDb {
    pub pool: AnyPool,
    sqlite: bool,
}

impl ReadDb {
    /// Opens the read models; a SQLite path or `sqlite:` URL, or `postgres://…`.
    pub async fn connect(url: &str) -> Result<ReadDb, sqlx::Error> {
        sqlx::any::install_default_drivers();
        let url = if url.starts_with("postgres") || url.starts_with("sqlite:") {
            url.to_owned()
        } else {
            format!("sqlite://{url}?mode=rwc")
        };
        let sqlite = url.starts_with("sqlite:");
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 8 } else { 16 })
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if sqlite {
                        use sqlx::Executor;
                        conn.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=5000;").await?;
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await?;
        let db = ReadDb { pool, sqlite };
        db.ensure_schema().await?;
        Ok(db)
    }

    /// A transaction that holds the read models' write lock from its start,
    /// so projector steps (a test's catch-up beside the worker, two
    /// processes) run one after the other: SQLite's `BEGIN IMMEDIATE` (a
    /// deferred one fails at once when it upgrades to write), PostgreSQL's
    /// transaction-scoped advisory lock.
    pub async fn begin_exclusive(&self) -> Result<Transaction<'static, Any>, sqlx::Error> {
        if self.sqlite {
            return self.pool.begin_with("BEGIN IMMEDIATE").await;
        }
        let mut tx = self.pool.begin().await?;
        sqlx::query("SELECT pg_advisory_xact_lock(7412089131)")
            .execute(&mut *tx)
            .await?;
        Ok(tx)
    }

    /// [`Self::begin_exclusive`] on a given connection.
    pub async fn begin_exclusive_on<'c>(
        &self,
        conn: &'c mut AnyConnection,
    ) -> Result<Transaction<'c, Any>, sqlx::Error> {
        if self.sqlite {
            return sqlx::Connection::begin_with(conn, "BEGIN IMMEDIATE").await;
        }
        let mut tx = sqlx::Connection::begin(conn).await?;
        sqlx::query("SELECT pg_advisory_xact_lock(7412089131)")
            .execute(&mut *tx)
            .await?;
        Ok(tx)
    }

    /// Creates empty shadow copies of every table and index as temporary
    /// tables of `conn` (see `Projector::rebuild`).
    pub async fn create_shadow(&self, conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
        use sqlx::Executor;
        for table in SCHEMA {
            let create =
                table
                    .create
                    .replacen("CREATE TABLE IF NOT EXISTS", "CREATE TEMP TABLE", 1);
            conn.execute(sqlx::AssertSqlSafe(create)).await?;
        }
        for index in INDEXES.iter().flat_map(|i| i.iter()) {
            // SQLite puts an index in the schema it names; PostgreSQL beside its (temporary) table.
            let index = if self.sqlite {
                index.replacen("CREATE INDEX IF NOT EXISTS ", "CREATE INDEX temp.", 1)
            } else {
                index.replacen("CREATE INDEX IF NOT EXISTS ", "CREATE INDEX ", 1)
            };
            conn.execute(sqlx::AssertSqlSafe(index)).await?;
        }
        Ok(())
    }

    /// Replaces every live table's rows by its shadow's, inside `tx`.
    /// PostgreSQL empties the live tables with one `TRUNCATE` (no row-by-row
    /// delete, no dead rows left to vacuum); readers wait for the commit
    /// and then see the new rows, never empty tables. SQLite's unqualified
    /// `DELETE` is already a truncation.
    pub async fn swap_in_shadow(&self, tx: &mut Transaction<'_, Any>) -> Result<(), sqlx::Error> {
        let tables = SCHEMA.iter().map(|t| t.name);
        let (live, shadow) = if self.sqlite {
            ("main".to_owned(), "temp")
        } else {
            let schema: String = sqlx::query_scalar("SELECT current_schema()::text")
                .fetch_one(&mut **tx)
                .await?;
            (schema, "pg_temp")
        };
        let mut statements: Vec<String> = if self.sqlite {
            tables
                .clone()
                .map(|t| format!("DELETE FROM {live}.{t}"))
                .collect()
        } else {
            let all: Vec<String> = tables.clone().map(|t| format!("{live}.{t}")).collect();
            vec![format!("TRUNCATE {}", all.join(", "))]
        };
        statements
            .extend(tables.map(|t| format!("INSERT INTO {live}.{t} SELECT * FROM {shadow}.{t}")));
        for statement in statements {
            sqlx::query(sqlx::AssertSqlSafe(statement))
                .execute(&mut **tx)
                .await?;
        }
        Ok(())
    }

    /// Creates the tables; drops them first when their version is outdated.
    async fn ensure_schema(&self) -> Result<(), sqlx::Error> {
        sqlx::query(
            "CREATE TABLE IF NOT EXISTS rm_meta (name TEXT PRIMARY KEY, value BIGINT NOT NULL)",
        )
        .execute(&self.pool)
        .await?;
        let version: Option<i64> =
            sqlx::query_scalar("SELECT value FROM rm_meta WHERE name = 'schema_version'")
                .fetch_optional(&self.pool)
                .await?;
        if version != Some(SCHEMA_VERSION) {
            self.drop_tables().await?;
        }
        for statement in SCHEMA
            .iter()
            .map(|t| t.create)
            .chain(INDEXES.iter().flat_map(|i| i.iter().copied()))
        {
            sqlx::query(statement).execute(&self.pool).await?;
        }
        sqlx::query(
            "INSERT INTO rm_meta (name, value) VALUES ('schema_version', $1) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
        )
        .bind(SCHEMA_VERSION)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Drops every read-model table and the checkpoint (for a rebuild).
    pub async fn drop_tables(&self) -> Result<(), sqlx::Error> {
        for table in SCHEMA.iter().map(|t| t.name) {
            sqlx::query(sqlx::AssertSqlSafe(format!("DROP TABLE IF EXISTS {table}")))
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }

    pub async fn reset(&self) -> Result<(), sqlx::Error> {
        self.drop_tables().await?;
        self.ensure_schema().await
    }

    /// Every row of every table in a stable order, for comparing a live
    /// projection with a rebuild.
    pub async fn dump(&self) -> Result<Vec<(String, Vec<String>)>, sqlx::Error> {
        use sqlx::Row;
        let mut out = Vec::new();
        for table in SCHEMA.iter().filter(|t| t.name != "rm_checkpoint") {
            let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
                "SELECT * FROM {} ORDER BY {}",
                table.name, table.key
            )))
            .fetch_all(&self.pool)
            .await?;
            let rendered = rows
                .iter()
                .map(|row| {
                    (0..row.len())
                        .map(|i| {
                            row.try_get::<Option<String>, _>(i)
                                .map(|v| v.unwrap_or_else(|| "NULL".into()))
                                .or_else(|_| {
                                    row.try_get::<Option<i64>, _>(i)
                                        .map(|v| v.map_or("NULL".into(), |n| n.to_string()))
                                })
                                .unwrap_or_else(|_| "?".into())
                        })
                        .collect::<Vec<_>>()
                        .join("|")
                })
                .collect();
            out.push((table.name.to_owned(), rendered));
        }
        Ok(out)
    }
}
