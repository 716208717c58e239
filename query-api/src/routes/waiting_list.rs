//! The administrators' waiting list, newest entry first, searched by words
//! of the address or of the expert's or speciality's name, filtered by
//! whether the entry's days are over, and the same list as CSV.

use axum::Json;
use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};
use domain::waiting_list::home_day;
use platform::http::{ErrorEnvelope, ListEnvelope};
use platform::lang::Lang;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::accounts::{NoStore, SignedIn};
use crate::QueryState;
use crate::csv;
use crate::error::QueryError;
use crate::people_lists::{Filter, PeopleList};

const MAX_PAGE_SIZE: u32 = 100;

/// A row as the read model holds it.
#[derive(sqlx::FromRow)]
struct EntryRow {
    entry_id: String,
    email: String,
    language: String,
    consultant_id: Option<String>,
    consultant_name: Option<String>,
    specialization_id: Option<String>,
    specialization_name_fr: Option<String>,
    specialization_name_en: Option<String>,
    from_day: String,
    to_day: String,
    joined_at: String,
    notified_at: Option<String>,
    notifications: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WaitingListRow {
    pub entry_id: String,
    pub email: String,
    /// The mails' language (`fr` or `en`).
    pub language: String,
    /// The expert waited for (null for a speciality).
    pub consultant_id: Option<String>,
    pub consultant_name: Option<String>,
    /// The speciality waited for (null for an expert).
    pub specialization_id: Option<String>,
    pub specialization_name_fr: Option<String>,
    pub specialization_name_en: Option<String>,
    /// First day, `YYYY-MM-DD` in France.
    pub from: String,
    /// Last day, `YYYY-MM-DD` in France.
    pub to: String,
    pub joined_at: String,
    /// The last mail, null until the first.
    pub notified_at: Option<String>,
    pub notifications: i64,
    /// `waiting` (its last day is not over) or `ended`.
    pub status: String,
}

impl EntryRow {
    fn shown(self, today: &str) -> WaitingListRow {
        let status = if self.to_day.as_str() >= today {
            "waiting"
        } else {
            "ended"
        };
        WaitingListRow {
            entry_id: self.entry_id,
            email: self.email,
            language: self.language,
            consultant_id: self.consultant_id,
            consultant_name: self.consultant_name,
            specialization_id: self.specialization_id,
            specialization_name_fr: self.specialization_name_fr,
            specialization_name_en: self.specialization_name_en,
            from: self.from_day,
            to: self.to_day,
            joined_at: self.joined_at,
            notified_at: self.notified_at,
            notifications: self.notifications,
            status: status.to_owned(),
        }
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct WaitingListParams {
    /// Words of the address, or of the expert's or speciality's name.
    #[param(max_length = 200)]
    pub search: String,
    /// `waiting` or `ended`; both when empty.
    #[param(max_length = 20)]
    pub status: String,
    pub page: Option<u32>,
    /// 20 by default, at most 100.
    pub page_size: Option<u32>,
}

static LIST: PeopleList = PeopleList {
    select: "SELECT entry_id, email, language, consultant_id, consultant_name, specialization_id,
     specialization_name_fr, specialization_name_en, from_day, to_day, joined_at, notified_at,
     notifications FROM rm_waiting_list",
    table: "rm_waiting_list",
    at: "joined_at",
    key: "entry_id",
};

/// Today in France, and the search's words and the status asked for.
fn filter(state: &QueryState, params: &WaitingListParams) -> Result<(String, Filter), QueryError> {
    let today = home_day(state.clock.now()).to_string();
    let mut filter = Filter::search(&params.search)?;
    match params.status.as_str() {
        "" => {}
        "waiting" => filter.push("to_day >=", today.clone()),
        "ended" => filter.push("to_day <", today.clone()),
        _ => return Err(QueryError::Invalid("status")),
    }
    Ok((today, filter))
}

/// Waiting-list entries, newest first.
#[utoipa::path(get, path = "/api/admin-panel/waiting-list", tag = "content", security(("session" = [])),
    params(WaitingListParams),
    responses((status = 200, body = ListEnvelope<WaitingListRow>), (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn list_waiting_list(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Query(params): Query<WaitingListParams>,
) -> Result<impl IntoResponse, QueryError> {
    let (page, page_size) =
        crate::bounds::paging(params.page, params.page_size, 20, MAX_PAGE_SIZE)?;
    let (today, filter) = filter(&state, &params)?;
    let list: ListEnvelope<EntryRow> = LIST
        .page(&state.read.pool, &filter, page, page_size)
        .await?;
    Ok(NoStore(Json(ListEnvelope {
        items: list.items.into_iter().map(|r| r.shown(&today)).collect(),
        total: list.total,
        page: list.page,
        page_size: list.page_size,
    })))
}

/// The columns, by their message key (`csv.waiting_list.{column}`).
const COLUMNS: [&str; 10] = [
    "joined_at",
    "email",
    "language",
    "expert",
    "speciality",
    "from",
    "to",
    "notified_at",
    "notifications",
    "status",
];

/// The entries, searched as the list, as CSV.
#[utoipa::path(get, path = "/api/admin-panel/waiting-list/export.csv", tag = "content", security(("session" = [])),
    params(WaitingListParams),
    responses((status = 200, description = "Every matching entry, newest first", content_type = "text/csv", body = String),
        (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn export_waiting_list(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    lang: Lang,
    Query(params): Query<WaitingListParams>,
) -> Result<Response, QueryError> {
    let (today, filter) = filter(&state, &params)?;
    let header = csv::header("csv.waiting_list", &COLUMNS, lang);
    Ok(LIST.export(
        state.read.pool.clone(),
        filter,
        "waiting-list.csv",
        header,
        move |r: EntryRow| {
            let key = (r.joined_at.clone(), r.entry_id.clone());
            let r = r.shown(&today);
            let speciality = match lang {
                Lang::Fr => r.specialization_name_fr,
                Lang::En => r.specialization_name_en,
            };
            (
                key,
                vec![
                    r.joined_at,
                    r.email,
                    r.language,
                    r.consultant_name.unwrap_or_default(),
                    speciality.unwrap_or_default(),
                    r.from,
                    r.to,
                    r.notified_at.unwrap_or_default(),
                    r.notifications.to_string(),
                    r.status,
                ],
            )
        },
    ))
}
