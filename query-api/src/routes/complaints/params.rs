//! The complaint lists' query parameters, checked (a value out of range or
//! unknown answers 400 `validation_failed` on its field) and turned into a
//! `WHERE` clause over `rm_complaints c`.

use chrono::{NaiveDate, SecondsFormat, TimeDelta};
use domain::reference::name_key;
use domain::reporting::day_start;
use serde::Deserialize;
use utoipa::IntoParams;
use uuid::Uuid;

use crate::error::QueryError;

pub const STATUSES: [&str; 5] = [
    "submitted",
    "in_review",
    "decided",
    "dismissed",
    "withdrawn",
];
pub use crate::bounds::MAX_PAGE;
pub const MAX_PAGE_SIZE: u32 = 100;
const MAX_Q: usize = 200;
/// Words of `q` used (each must match).
const MAX_WORDS: usize = 8;

/// Parameters of the complaint lists: a party's (`scope`, `status`, pages)
/// and the administrators' (every filter but `scope`), and of the export.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct ListParams {
    /// Parties: `by_me` (default: complaints the caller filed) or `against_me`.
    pub scope: String,
    /// One or more of `submitted`, `in_review`, `decided`, `dismissed`, `withdrawn`, comma-separated.
    pub status: String,
    /// Administrators: the complaint type's id.
    pub type_id: String,
    /// Administrators: `client` or `consultant`, who filed.
    pub author_role: String,
    /// Administrators: complaints this account filed or answers.
    pub party_id: String,
    /// Administrators: complaints about this booking.
    pub booking_id: String,
    /// Administrators: filed on or after this day (`YYYY-MM-DD`, in the marketplace's zone, Europe/Paris).
    pub from: String,
    /// Administrators: filed on or before this day (`YYYY-MM-DD`, in the marketplace's zone, Europe/Paris).
    pub to: String,
    /// Administrators: words of the subject or of either party's name, case
    /// and accents ignored (at most 200 characters).
    pub q: String,
    /// From 1, at most 10000.
    pub page: String,
    /// 20 by default, 1 to 100.
    pub page_size: String,
}

/// A parameter bound to the query.
#[derive(Clone, Debug)]
pub enum Bind {
    Text(String),
    Int(i64),
}

/// A `WHERE` clause with its parameters, numbered in order.
#[derive(Default)]
pub struct Filter {
    clauses: Vec<String>,
    pub binds: Vec<Bind>,
}

impl Filter {
    /// Adds `clause`, each `?` standing for the same next parameter.
    pub fn add(&mut self, clause: &str, value: Bind) {
        self.binds.push(value);
        self.clauses
            .push(clause.replace('?', &format!("${}", self.binds.len())));
    }

    pub fn add_text(&mut self, clause: &str, value: impl Into<String>) {
        self.add(clause, Bind::Text(value.into()));
    }

    /// A clause with no parameter.
    pub fn push(&mut self, clause: String) {
        self.clauses.push(clause);
    }

    pub fn sql(&self) -> String {
        if self.clauses.is_empty() {
            String::new()
        } else {
            format!(" WHERE {}", self.clauses.join(" AND "))
        }
    }

    /// The next parameter's number.
    pub fn next(&self) -> usize {
        self.binds.len() + 1
    }
}

/// Binds `binds` in order.
pub fn bind_all<'q, O>(
    mut query: sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments>,
    binds: &'q [Bind],
) -> sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments> {
    for bind in binds {
        query = match bind {
            Bind::Text(text) => query.bind(text.as_str()),
            Bind::Int(n) => query.bind(*n),
        };
    }
    query
}

/// Page number and size; empty means 1 and 20.
pub fn paging(page: &str, page_size: &str) -> Result<(u32, u32), QueryError> {
    let number = |raw: &str, default: u32, max: u32, field: &'static str| {
        let raw = raw.trim();
        if raw.is_empty() {
            return Ok(default);
        }
        raw.parse::<u32>()
            .ok()
            .filter(|n| (1..=max).contains(n))
            .ok_or(QueryError::Invalid(field))
    };
    Ok((
        number(page, 1, MAX_PAGE, "page")?,
        number(page_size, 20, MAX_PAGE_SIZE, "page_size")?,
    ))
}

fn uuid(raw: &str, field: &'static str) -> Result<Option<String>, QueryError> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(None);
    }
    raw.parse::<Uuid>()
        .map(|id| Some(id.to_string()))
        .map_err(|_| QueryError::Invalid(field))
}

fn day(raw: &str, field: &'static str) -> Result<Option<NaiveDate>, QueryError> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(None);
    }
    NaiveDate::parse_from_str(raw, "%Y-%m-%d")
        .map(Some)
        .map_err(|_| QueryError::Invalid(field))
}

/// `status IN (…)` for a comma-separated list of known statuses.
fn statuses(filter: &mut Filter, raw: &str) -> Result<(), QueryError> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(());
    }
    let mut wanted = Vec::new();
    for status in raw.split(',').map(str::trim) {
        let known = STATUSES
            .iter()
            .find(|s| **s == status)
            .ok_or(QueryError::Invalid("status"))?;
        wanted.push(format!("'{known}'"));
    }
    filter.push(format!("c.status IN ({})", wanted.join(", ")));
    Ok(())
}

impl ListParams {
    /// The administrators' filters.
    pub fn admin_filter(&self) -> Result<Filter, QueryError> {
        let mut filter = Filter::default();
        statuses(&mut filter, &self.status)?;
        if let Some(id) = uuid(&self.type_id, "type_id")? {
            filter.add_text("c.type_id = ?", id);
        }
        match self.author_role.trim() {
            "" => {}
            role @ ("client" | "consultant") => filter.add_text("c.author_role = ?", role),
            _ => return Err(QueryError::Invalid("author_role")),
        }
        if let Some(id) = uuid(&self.party_id, "party_id")? {
            filter.add_text("(c.author_id = ? OR c.respondent_id = ?)", id);
        }
        if let Some(id) = uuid(&self.booking_id, "booking_id")? {
            filter.add_text("c.booking_id = ?", id);
        }
        let (from, to) = (day(&self.from, "from")?, day(&self.to, "to")?);
        if let (Some(from), Some(to)) = (from, to)
            && from > to
        {
            return Err(QueryError::Invalid("to"));
        }
        if let Some(from) = from {
            filter.add_text(
                "c.filed_at >= ?",
                day_start(from).to_rfc3339_opts(SecondsFormat::Secs, true),
            );
        }
        if let Some(to) = to.and_then(|t| t.checked_add_signed(TimeDelta::days(1))) {
            filter.add_text(
                "c.filed_at < ?",
                day_start(to).to_rfc3339_opts(SecondsFormat::Secs, true),
            );
        }
        if self.q.chars().count() > MAX_Q {
            return Err(QueryError::Invalid("q"));
        }
        for word in name_key(&self.q)
            .split('_')
            .filter(|w| !w.is_empty())
            .take(MAX_WORDS)
        {
            filter.add_text("c.search_key LIKE ?", format!("%{word}%"));
        }
        Ok(filter)
    }
}

/// Whose complaints a party lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    ByMe,
    AgainstMe,
}

impl ListParams {
    /// The party's own complaints (`scope`) with `status`.
    pub fn party_filter(&self, caller: Uuid) -> Result<Filter, QueryError> {
        let mut filter = Filter::default();
        let scope = match self.scope.trim() {
            "" | "by_me" => Scope::ByMe,
            "against_me" => Scope::AgainstMe,
            _ => return Err(QueryError::Invalid("scope")),
        };
        let column = match scope {
            Scope::ByMe => "c.author_id = ?",
            Scope::AgainstMe => "c.respondent_id = ?",
        };
        filter.add_text(column, caller.to_string());
        statuses(&mut filter, &self.status)?;
        Ok(filter)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paging_defaults_and_bounds() {
        assert_eq!(paging("", "").unwrap(), (1, 20));
        assert_eq!(paging("3", "100").unwrap(), (3, 100));
        assert!(matches!(paging("0", ""), Err(QueryError::Invalid("page"))));
        assert!(matches!(paging("x", ""), Err(QueryError::Invalid("page"))));
        assert!(matches!(
            paging("10001", ""),
            Err(QueryError::Invalid("page"))
        ));
        assert!(matches!(
            paging("", "101"),
            Err(QueryError::Invalid("page_size"))
        ));
        assert!(matches!(
            paging("", "-1"),
            Err(QueryError::Invalid("page_size"))
        ));
    }

    #[test]
    fn unknown_filters_are_refused_on_their_field() {
        let refused = |params: ListParams| params.admin_filter().err();
        assert!(matches!(
            refused(ListParams {
                status: "open".into(),
                ..ListParams::default()
            }),
            Some(QueryError::Invalid("status"))
        ));
        assert!(matches!(
            refused(ListParams {
                author_role: "admin".into(),
                ..ListParams::default()
            }),
            Some(QueryError::Invalid("author_role"))
        ));
        assert!(matches!(
            refused(ListParams {
                party_id: "42".into(),
                ..ListParams::default()
            }),
            Some(QueryError::Invalid("party_id"))
        ));
        assert!(matches!(
            refused(ListParams {
                from: "2026-02-30".into(),
                ..ListParams::default()
            }),
            Some(QueryError::Invalid("from"))
        ));
        assert!(matches!(
            refused(ListParams {
                from: "2026-03-02".into(),
                to: "2026-03-01".into(),
                ..ListParams::default()
            }),
            Some(QueryError::Invalid("to"))
        ));
        assert!(matches!(
            refused(ListParams {
                q: "x".repeat(201),
                ..ListParams::default()
            }),
            Some(QueryError::Invalid("q"))
        ));
    }

    #[test]
    fn the_search_matches_each_folded_word() {
        let filter = ListParams {
            q: "  Hélène  DUPRÉ ".into(),
            to: "2026-03-31".into(),
            ..ListParams::default()
        }
        .admin_filter()
        .unwrap();
        assert_eq!(
            filter.sql(),
            " WHERE c.filed_at < $1 AND c.search_key LIKE $2 AND c.search_key LIKE $3"
        );
        let texts: Vec<String> = filter
            .binds
            .iter()
            .map(|b| match b {
                Bind::Text(t) => t.clone(),
                Bind::Int(n) => n.to_string(),
            })
            .collect();
        assert_eq!(texts, ["2026-03-31T22:00:00Z", "%helene%", "%dupre%"]);
    }
}
