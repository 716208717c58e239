use axum::Json;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::IntoResponse;
use domain::availability::Shift;
use domain::reference_data::{self, Country, LanguageEntry};
use domain::values::SessionDuration;
use serde::Serialize;
use utoipa::ToSchema;

use crate::QueryState;
use crate::error::QueryError;

#[derive(Serialize, ToSchema)]
pub struct RegistrationOptions {
    /// The versions in force, which a sign-up accepts.
    pub terms_version: String,
    pub privacy_version: String,
    pub titles: Vec<&'static str>,
    pub genders: Vec<&'static str>,
    pub contact_methods: Vec<&'static str>,
    #[schema(value_type = Vec<Object>)]
    pub languages: &'static [LanguageEntry],
    #[schema(value_type = Vec<Object>)]
    pub countries: &'static [Country],
    #[schema(value_type = Vec<Object>)]
    pub nationalities: &'static [Country],
    pub timezones: Vec<&'static str>,
}

/// Choices and versions the sign-up form needs.
#[utoipa::path(get, path = "/api/public/registration-options", tag = "public", responses((status = 200, body = RegistrationOptions), (status = 304, description = "Not modified: `If-None-Match` names the current `ETag` (no content)")))]
pub async fn registration_options(
    State(state): State<QueryState>,
) -> Result<Json<RegistrationOptions>, QueryError> {
    use domain::values::{ContactMethod, Gender, Title};
    let in_force = super::site::in_force_versions(&state).await?;
    Ok(Json(RegistrationOptions {
        terms_version: in_force.terms,
        privacy_version: in_force.privacy,
        titles: Title::ALL.iter().map(|t| t.as_str()).collect(),
        genders: Gender::ALL.iter().map(|g| g.as_str()).collect(),
        contact_methods: ContactMethod::ALL.iter().map(|c| c.as_str()).collect(),
        languages: reference_data::languages(),
        countries: reference_data::countries(),
        nationalities: reference_data::countries(),
        timezones: chrono_tz::TZ_VARIANTS
            .iter()
            .map(|tz| tz.name())
            .filter(|n| n.contains('/') && !n.starts_with("Etc/"))
            .collect(),
    }))
}

/// The rules the app shows before a user acts, as the domain holds them, so
/// the SPA never keeps its own copy (DESIGN §4).
#[derive(Serialize, ToSchema)]
pub struct Policies {
    /// A client who cancels at least this many hours before the start is
    /// refunded in full; later, nothing.
    pub refund_window_hours: i64,
    /// The session lengths a consultant may offer, shortest first.
    pub session_durations_minutes: Vec<u16>,
    /// The local hours of each shift of a weekly schedule.
    pub shifts: Shifts,
    /// When the video room of a booking opens and closes.
    pub room: RoomPolicy,
}

/// Local `HH:MM` bounds of one shift; the night ends the next day.
#[derive(Serialize, ToSchema)]
pub struct ShiftHours {
    pub start: String,
    pub end: String,
}

#[derive(Serialize, ToSchema)]
pub struct Shifts {
    pub morning: ShiftHours,
    pub noon: ShiftHours,
    pub afternoon: ShiftHours,
    pub evening: ShiftHours,
    pub night: ShiftHours,
}

#[derive(Serialize, ToSchema)]
pub struct RoomPolicy {
    pub opens_minutes_before: i64,
    pub closes_minutes_after: i64,
}

fn shift_hours(shift: Shift) -> ShiftHours {
    let (start, end) = shift.hours();
    ShiftHours {
        start: format!("{start:02}:00"),
        end: format!("{end:02}:00"),
    }
}

/// Refund window, session lengths, shift hours and room window; the same for
/// everyone and cacheable for an hour.
#[utoipa::path(get, path = "/api/public/policies", tag = "public",
    responses((status = 200, body = Policies, headers(("cache-control" = String, description = "public, max-age=3600")))))]
pub async fn policies() -> impl IntoResponse {
    let body = Policies {
        refund_window_hours: domain::booking::FULL_REFUND_NOTICE.num_hours(),
        session_durations_minutes: SessionDuration::all()
            .map(SessionDuration::minutes)
            .collect(),
        shifts: Shifts {
            morning: shift_hours(Shift::Morning),
            noon: shift_hours(Shift::Noon),
            afternoon: shift_hours(Shift::Afternoon),
            evening: shift_hours(Shift::Evening),
            night: shift_hours(Shift::Night),
        },
        room: RoomPolicy {
            opens_minutes_before: domain::room::OPENS_BEFORE_START.num_minutes(),
            closes_minutes_after: domain::room::CLOSES_AFTER_END.num_minutes(),
        },
    };
    (
        [(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=3600"),
        )],
        Json(body),
    )
}
