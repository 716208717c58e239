//! A consultant's private calendar feed: a URL with a secret token
//! (`Keys::calendar_feed_token`, an HMAC of the id with the app secret) that
//! calendar applications subscribe to, serving the consultant's confirmed
//! (and completed) bookings as iCalendar. The same UID and SEQUENCE as the
//! booking mails' attachments, so entries merge.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use platform::http::ErrorEnvelope;
use platform::ics::{self, IcsBooking, Method};
use platform::lang::Lang;
use platform::messages::message;
use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::QueryState;
use crate::error::QueryError;
use crate::routes::accounts::{NoStore, SignedIn};

#[derive(Debug, Serialize, ToSchema)]
pub struct FeedUrl {
    /// Private: whoever has it reads the consultant's bookings.
    pub url: String,
}

/// The signed-in consultant's private calendar feed URL.
#[utoipa::path(get, path = "/api/consultant/calendar-feed", tag = "bookings", security(("session" = [])),
    responses((status = 200, body = FeedUrl), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn calendar_feed(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
) -> Result<impl IntoResponse, QueryError> {
    let token = state.keys.calendar_feed_token(caller.account_id);
    let base = state.config.public_url.trim_end_matches('/');
    Ok(NoStore(Json(FeedUrl {
        url: format!("{base}/api/public/calendar/{token}.ics"),
    })))
}

fn parse(at: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(at)
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

/// The consultant's calendar (`text/calendar`); 404 for a wrong token.
#[utoipa::path(get, path = "/api/public/calendar/{file}", tag = "bookings",
    params(("file" = String, Path, description = "`{token}.ics`")),
    responses((status = 200, content_type = "text/calendar", description = "iCalendar of the confirmed bookings"),
        (status = 404, body = ErrorEnvelope)))]
pub async fn calendar_ics(
    State(state): State<QueryState>,
    Path(file): Path<String>,
) -> Result<Response, QueryError> {
    let token = file.strip_suffix(".ics").unwrap_or(&file);
    let consultant_id = state
        .keys
        .calendar_feed_owner(token)
        .ok_or(QueryError::NotFound)?;
    let language: Option<String> =
        sqlx::query_scalar("SELECT language FROM rm_accounts WHERE account_id = $1")
            .bind(consultant_id.to_string())
            .fetch_optional(&state.read.pool)
            .await?;
    let lang = match language.as_deref() {
        Some("en") => Lang::En,
        _ => Lang::Fr,
    };
    let rows = sqlx::query(
        "SELECT b.id, b.starts_at, b.ends_at, cl.given_name, cl.family_name,
            (SELECT COUNT(*) FROM rm_booking_history h WHERE h.booking_id = b.id AND h.event_type = 'BookingRescheduled'),
            (SELECT MAX(h.at) FROM rm_booking_history h WHERE h.booking_id = b.id)
         FROM rm_bookings b LEFT JOIN rm_accounts cl ON cl.account_id = b.client_id
         WHERE b.consultant_id = $1 AND b.status IN ('confirmed', 'completed')
         ORDER BY b.starts_at, b.id",
    )
    .bind(consultant_id.to_string())
    .fetch_all(&state.read.pool)
    .await?;
    let base = state.config.public_url.trim_end_matches('/');
    let mut bookings = Vec::with_capacity(rows.len());
    for r in &rows {
        let id: String = r.try_get(0)?;
        let (Ok(booking_id), Some(start), Some(end)) = (
            id.parse::<Uuid>(),
            parse(&r.try_get::<String, _>(1)?),
            parse(&r.try_get::<String, _>(2)?),
        ) else {
            continue;
        };
        let name = format!(
            "{} {}",
            r.try_get::<Option<String>, _>(3)?.unwrap_or_default(),
            r.try_get::<Option<String>, _>(4)?.unwrap_or_default()
        );
        let stamp: Option<String> = r.try_get(6)?;
        bookings.push(IcsBooking {
            booking_id,
            sequence: u32::try_from(r.try_get::<i64, _>(5)?).unwrap_or_default(),
            start,
            end,
            stamp: stamp.as_deref().and_then(parse).unwrap_or(start),
            summary: message(lang, "ics.summary", &[("name", name.trim())]),
            description: message(lang, "ics.description", &[]),
            url: Some(format!("{base}/consultant/room/{booking_id}")),
            cancelled: false,
        });
    }
    let text = ics::calendar(Method::Feed, Some("Equilibre"), &bookings);
    let mut response = text.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/calendar; charset=utf-8"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}
