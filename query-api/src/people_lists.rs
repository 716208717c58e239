//! The administrators' lists of people known only by what they sent (the
//! contact-us list, the newsletter's subscribers, the starter-kit
//! requests): newest first, searched by words (case and accents ignored,
//! every word must match the row's `search` column), in pages, and the
//! same rows as CSV streamed page by page ([`crate::csv`]).

use axum::response::Response;
use platform::http::ListEnvelope;
use sqlx::any::AnyRow;
use sqlx::{Any, FromRow, Pool};

use crate::csv::{self, Page};
use crate::error::QueryError;

/// One list: its `SELECT … FROM table`, the time column it is sorted on
/// (newest first) and the key that breaks ties.
pub struct PeopleList {
    pub select: &'static str,
    pub table: &'static str,
    pub at: &'static str,
    pub key: &'static str,
}

/// The rows a list shows: `WHERE` clauses and their values, in order.
#[derive(Clone, Default)]
pub struct Filter {
    clauses: Vec<String>,
    binds: Vec<String>,
}

impl Filter {
    /// Rows whose `search` column holds every word of `search`.
    pub fn search(search: &str) -> Result<Self, QueryError> {
        let mut filter = Filter::default();
        for pattern in crate::bounds::search_patterns(search, "search")? {
            filter.push("search LIKE", pattern);
        }
        Ok(filter)
    }

    /// Adds `{condition} $n` with `value`.
    pub fn push(&mut self, condition: &str, value: String) {
        self.binds.push(value);
        self.clauses
            .push(format!("{condition} ${}", self.binds.len()));
    }

    fn sql(&self) -> String {
        if self.clauses.is_empty() {
            String::new()
        } else {
            format!(" WHERE {}", self.clauses.join(" AND "))
        }
    }
}

impl PeopleList {
    /// One page of the rows `filter` keeps, with their count.
    pub async fn page<T>(
        &self,
        pool: &Pool<Any>,
        filter: &Filter,
        page: u32,
        page_size: u32,
    ) -> Result<ListEnvelope<T>, QueryError>
    where
        T: for<'r> FromRow<'r, AnyRow> + Send + Unpin,
    {
        let where_sql = filter.sql();
        let offset = (u64::from(page) - 1) * u64::from(page_size);
        let mut count = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(format!(
            "SELECT COUNT(*) FROM {}{where_sql}",
            self.table
        )));
        let mut rows = sqlx::query_as::<_, T>(sqlx::AssertSqlSafe(format!(
            "{}{where_sql} ORDER BY {at} DESC, {key} LIMIT {page_size} OFFSET {offset}",
            self.select,
            at = self.at,
            key = self.key,
        )));
        for bind in &filter.binds {
            count = count.bind(bind.clone());
            rows = rows.bind(bind.clone());
        }
        let total = count.fetch_one(pool).await?;
        let items = rows.fetch_all(pool).await?;
        Ok(ListEnvelope {
            items,
            total: u64::try_from(total).unwrap_or_default(),
            page,
            page_size,
        })
    }

    /// Every row `filter` keeps as CSV; `cells` gives a row's time, key and cells.
    pub fn export<T, C>(
        &'static self,
        pool: Pool<Any>,
        filter: Filter,
        filename: &str,
        header: Vec<String>,
        cells: C,
    ) -> Response
    where
        T: for<'r> FromRow<'r, AnyRow> + Send + Unpin + 'static,
        C: Fn(T) -> ((String, String), Vec<String>) + Clone + Send + Sync + 'static,
    {
        let fetch = move |after: Option<(String, String)>| {
            let pool = pool.clone();
            let mut filter = filter.clone();
            if let Some((at, key)) = after {
                let n = filter.binds.len();
                filter.clauses.push(format!(
                    "({at_col} < ${a} OR ({at_col} = ${a} AND {key_col} > ${b}))",
                    at_col = self.at,
                    key_col = self.key,
                    a = n + 1,
                    b = n + 2
                ));
                filter.binds.extend([at, key]);
            }
            let sql = format!(
                "{}{} ORDER BY {} DESC, {} LIMIT {}",
                self.select,
                filter.sql(),
                self.at,
                self.key,
                csv::PAGE
            );
            let cells = cells.clone();
            async move {
                let mut query = sqlx::query_as::<_, T>(sqlx::AssertSqlSafe(sql));
                for bind in filter.binds {
                    query = query.bind(bind);
                }
                let rows = query.fetch_all(&pool).await?;
                Ok(Page::of(rows.into_iter().map(cells).collect()))
            }
        };
        csv::export(filename, header, fetch)
    }
}
