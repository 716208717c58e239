//! The administrators' contact-us list: the contact form's messages, newest
//! first, searched by words of the sender's name, e-mail, organisation and
//! subject (case and accents ignored), and the same list as CSV.

use axum::Json;
use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};
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

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct ContactMessageRow {
    pub message_id: String,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub organisation: Option<String>,
    pub subject: String,
    pub message: String,
    /// The language the visitor wrote in (`fr` or `en`).
    pub language: String,
    pub received_at: String,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct ContactParams {
    /// Words of the sender's name, e-mail, organisation or subject.
    #[param(max_length = 200)]
    pub search: String,
    pub page: Option<u32>,
    /// 20 by default, at most 100.
    pub page_size: Option<u32>,
}

static LIST: PeopleList = PeopleList {
    select: "SELECT message_id, name, email, phone, organisation, subject, message,
     language, received_at FROM rm_contact_messages",
    table: "rm_contact_messages",
    at: "received_at",
    key: "message_id",
};

/// Contact messages, newest first.
#[utoipa::path(get, path = "/api/admin-panel/contact-messages", tag = "content", security(("session" = [])),
    params(ContactParams),
    responses((status = 200, body = ListEnvelope<ContactMessageRow>), (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn list_contact_messages(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Query(params): Query<ContactParams>,
) -> Result<impl IntoResponse, QueryError> {
    let (page, page_size) =
        crate::bounds::paging(params.page, params.page_size, 20, MAX_PAGE_SIZE)?;
    let filter = Filter::search(&params.search)?;
    let list: ListEnvelope<ContactMessageRow> = LIST
        .page(&state.read.pool, &filter, page, page_size)
        .await?;
    Ok(NoStore(Json(list)))
}

/// The columns, by their message key (`csv.contact.{column}`).
const COLUMNS: [&str; 8] = [
    "received_at",
    "name",
    "email",
    "phone",
    "organisation",
    "subject",
    "message",
    "language",
];

/// The contact-us list, searched as the list, as CSV (UTF-8 with BOM, `;`,
/// CRLF, header in the request's language), streamed page by page.
#[utoipa::path(get, path = "/api/admin-panel/contact-messages/export.csv", tag = "content", security(("session" = [])),
    params(ContactParams),
    responses((status = 200, description = "Every matching message, newest first", content_type = "text/csv", body = String),
        (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn export_contact_messages(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    lang: Lang,
    Query(params): Query<ContactParams>,
) -> Result<Response, QueryError> {
    let filter = Filter::search(&params.search)?;
    let header = csv::header("csv.contact", &COLUMNS, lang);
    Ok(LIST.export(
        state.read.pool.clone(),
        filter,
        "contact-messages.csv",
        header,
        |r: ContactMessageRow| {
            let key = (r.received_at.clone(), r.message_id.clone());
            let cells = vec![
                r.received_at,
                r.name,
                r.email,
                r.phone.unwrap_or_default(),
                r.organisation.unwrap_or_default(),
                r.subject,
                r.message,
                r.language,
            ];
            (key, cells)
        },
    ))
}
