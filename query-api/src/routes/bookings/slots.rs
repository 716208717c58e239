//! Free slots of an expert and a client's quote for one of them.
//!
//! Slots are the domain's slot arithmetic ([`Availability::slots`]) over the
//! consultant's saved schedule, zone and session length (one read of
//! `rm_consultants` joined with `rm_timings`), minus the intervals of the
//! consultant's held or confirmed bookings (`rm_bookings`), from
//! [`MIN_NOTICE`] ahead. They are shown in the asked zone. The quote asks the
//! domain's own [`booking::quote`] (price, free first consultation, coupon)
//! over the read models' copy of what the hold command decides on
//! (`rm_consultants`, `rm_pairs`, `rm_coupons` and `rm_coupon_uses`), so no
//! pricing rule is repeated here and the checkout page cannot promise what
//! the command then refuses.

use axum::Json;
use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Days, NaiveDate, TimeZone as _, Utc};
use domain::DomainError;
use domain::booking::{self, HORIZON, HoldRequest, MIN_NOTICE, QuoteContext};
use domain::coupon::{self, Coupon, CouponTerms, Discount};
use domain::values::{Currency, Money, TimeZone};
use platform::auth::{Role, bearer_or_cookie};
use platform::http::{ErrorEnvelope, X_MIN_POSITION};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use store::Position;
use utoipa::ToSchema;
use uuid::Uuid;

use super::rows::{AmountView, utc};
use super::schedule::{offer, offer_and_taken};
use crate::QueryState;
use crate::error::QueryError;
use crate::render_cache::Rendered;
use crate::routes::accounts::{NoStore, SignedIn};
use crate::routes::raw_json;
use projector::schedule::free_slots;

/// At most this many days per slot query.
const MAX_DAYS: u32 = 62;

/// A typed coupon code longer than this is refused (codes have 3–32 characters).
const MAX_TYPED_COUPON: usize = 64;

/// A rendered slots answer is never kept longer than this.
const RENDER_LIFETIME: chrono::Duration = chrono::Duration::seconds(60);

/// The consultant's held or confirmed intervals meeting `[from, to)`.
async fn taken(
    state: &QueryState,
    consultant_id: Uuid,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<(String, String)>, QueryError> {
    let rows = sqlx::query(
        "SELECT starts_at, ends_at FROM rm_bookings
         WHERE consultant_id = $1 AND status IN ('held', 'confirmed') AND ends_at > $2 AND starts_at < $3",
    )
    .bind(consultant_id.to_string())
    .bind(utc(from))
    .bind(utc(to))
    .fetch_all(&state.read.pool)
    .await?;
    rows.iter()
        .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
        .collect::<Result<Vec<_>, sqlx::Error>>()
        .map_err(QueryError::from)
}

/// The zone of a signed-in client, when the request carries a client session.
pub struct ClientZone(pub Option<TimeZone>);

impl FromRequestParts<QueryState> for ClientZone {
    type Rejection = QueryError;

    async fn from_request_parts(parts: &mut Parts, state: &QueryState) -> Result<Self, QueryError> {
        let Some((token, _)) = bearer_or_cookie(parts, Role::Client) else {
            return Ok(ClientZone(None));
        };
        let Ok(claims) = state.keys.decode_session(&token, state.clock.now()) else {
            return Ok(ClientZone(None));
        };
        if claims.role != Role::Client {
            return Ok(ClientZone(None));
        }
        let zone: Option<Option<String>> =
            sqlx::query_scalar("SELECT timezone FROM rm_accounts WHERE account_id = $1")
                .bind(claims.sub.to_string())
                .fetch_optional(&state.read.pool)
                .await?;
        Ok(ClientZone(
            zone.flatten().and_then(|z| TimeZone::parse(&z).ok()),
        ))
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct SlotParams {
    /// First local day (`YYYY-MM-DD`, in `tz`); today by default.
    pub from: Option<String>,
    /// Number of days, 28 by default, at most 62.
    pub days: Option<u32>,
    /// IANA zone to show the slots in.
    pub tz: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SlotBody {
    pub start: String,
    pub end: String,
    /// `start` in `timezone`, with its offset.
    pub local_start: String,
    pub local_end: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SlotsBody {
    /// The zone of `local_start` / `local_end`.
    pub timezone: String,
    pub duration_minutes: i64,
    pub slots: Vec<SlotBody>,
}

/// A UTC interval holding local days `first_day` to `first_day + days` in
/// every zone (today in some zone when `first_day` is `None`), so the
/// bookings can be read beside the consultant's zone rather than after it.
fn days_in_any_zone(
    first_day: Option<NaiveDate>,
    days: u32,
    now: DateTime<Utc>,
) -> (DateTime<Utc>, DateTime<Utc>) {
    // Zones lie within a day of UTC either way.
    let margin = chrono::Duration::days(1);
    let span = chrono::Duration::days(i64::from(days));
    let from = first_day.map_or(now, |d| {
        d.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc()
    });
    let from = (from - margin).max(now + MIN_NOTICE);
    let to = (from + span + margin * 3).min(now + HORIZON);
    (from, to.max(from))
}

/// An expert's free slots over the asked days, in the asked zone (by
/// default the signed-in client's, else the expert's). The rendered answer
/// is kept while the read models stand still ([`RenderCache`]).
///
/// [`RenderCache`]: crate::render_cache::RenderCache
#[utoipa::path(get, path = "/api/public/experts/{id}/slots", tag = "bookings",
    params(("id" = Uuid, Path, description = "the consultant"),
        ("from" = Option<String>, Query, description = "first local day, YYYY-MM-DD (today by default)"),
        ("days" = Option<u32>, Query, description = "28 by default, at most 62"),
        ("tz" = Option<String>, Query, description = "IANA zone to show the slots in")),
    responses((status = 200, body = SlotsBody), (status = 400, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn expert_slots(
    State(state): State<QueryState>,
    ClientZone(client_zone): ClientZone,
    Path(consultant_id): Path<String>,
    Query(params): Query<SlotParams>,
    headers: HeaderMap,
) -> Result<Response, QueryError> {
    let consultant_id: Uuid = consultant_id.parse().map_err(|_| QueryError::NotFound)?;
    let asked_zone = match params.tz.as_deref().filter(|z| !z.trim().is_empty()) {
        Some(raw) => Some(TimeZone::parse(raw).map_err(|_| QueryError::Invalid("tz"))?),
        None => None,
    };
    let first_day = match params.from.as_deref().filter(|d| !d.trim().is_empty()) {
        Some(raw) => Some(
            NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d")
                .map_err(|_| QueryError::Invalid("from"))?,
        ),
        None => None,
    };
    let days = crate::bounds::within(params.days, 28, 1..=MAX_DAYS, "days")?;
    let zone = asked_zone.or(client_zone);
    let key = format!(
        "slots {consultant_id} {} {} {days}",
        zone.map_or("expert", |z| z.name()),
        first_day.map_or_else(|| "today".to_owned(), |d| d.to_string()),
    );
    let wanted = headers
        .get(X_MIN_POSITION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<Position>().ok());
    let body = state
        .renders
        .get_or_render(&state, key, wanted, async || {
            render_slots(&state, consultant_id, zone, first_day, days).await
        })
        .await?;
    Ok(raw_json(body))
}

/// The slots answer and when the clock alone would change it: the first
/// slot entering the booking notice, or a new local day when the period
/// starts today.
async fn render_slots(
    state: &QueryState,
    consultant_id: Uuid,
    zone: Option<TimeZone>,
    first_day: Option<NaiveDate>,
    days: u32,
) -> Result<Rendered, QueryError> {
    let now = state.clock.now();
    let (lo, hi) = days_in_any_zone(first_day, days, now);
    let (offer, taken) = offer_and_taken(state, consultant_id, &utc(lo), &utc(hi)).await?;
    let expert_zone = offer.timezone.ok_or(QueryError::NotFound)?;
    let zone = zone.unwrap_or(expert_zone);
    let tz = zone.tz();
    let today = now.with_timezone(&tz).date_naive();
    let first_day = first_day.unwrap_or(today);
    // Days far outside the window are refused rather than computed empty.
    if (first_day - today).num_days().abs() > domain::values::window::YEARS_AHEAD * 366 {
        return Err(QueryError::Invalid("from"));
    }
    let last_day = first_day
        .checked_add_days(Days::new(u64::from(days)))
        .ok_or(QueryError::Invalid("days"))?;
    let midnight = |day: NaiveDate| {
        tz.from_local_datetime(&day.and_hms_opt(0, 0, 0).unwrap_or_default())
            .earliest()
            .map(|t| t.with_timezone(&Utc))
    };
    let (Some(from), Some(to)) = (midnight(first_day), midnight(last_day)) else {
        return Err(QueryError::Invalid("from"));
    };
    let (duration, slots) =
        free_slots(&offer, &taken, from, to, now).ok_or(QueryError::NotFound)?;
    let mut expires = now + RENDER_LIFETIME;
    if let Some(first) = slots.first() {
        expires = expires.min(first.start - MIN_NOTICE);
    }
    if let Some(tomorrow) = today.succ_opt().and_then(midnight) {
        expires = expires.min(tomorrow);
    }
    let local = |at: DateTime<Utc>| at.with_timezone(&tz).to_rfc3339();
    let body = SlotsBody {
        timezone: zone.name().to_owned(),
        duration_minutes: i64::from(duration.minutes()),
        slots: slots
            .iter()
            .map(|s| SlotBody {
                start: utc(s.start),
                end: utc(s.end),
                local_start: local(s.start),
                local_end: local(s.end),
            })
            .collect(),
    };
    Ok(Rendered {
        // Strings and integers only: serialising cannot fail.
        body: (serde_json::to_string(&body).expect("slots serialise")).into(),
        expires,
    })
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct QuoteParams {
    pub consultant_id: String,
    /// The slot's start, RFC 3339 (or unix seconds, as in the booking page token).
    pub start: String,
    pub coupon: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct QuoteConsultant {
    pub id: String,
    pub given_name: String,
    pub family_name: String,
    pub photo_url: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct QuoteCoupon {
    pub code: String,
    pub applied: bool,
    /// Why it does not apply (`coupon_unknown`, `coupon_expired`, …).
    pub error_code: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct QuoteBody {
    pub consultant: QuoteConsultant,
    pub start: String,
    pub end: String,
    /// `start` in the client's zone.
    pub local_start: String,
    pub timezone: String,
    pub duration_minutes: i64,
    pub price: AmountView,
    pub discount: AmountView,
    pub total: AmountView,
    pub free_first_eligible: bool,
    pub consent_form_uploaded: bool,
    /// Published, far enough ahead and not held by another booking.
    pub slot_free: bool,
    pub coupon: Option<QuoteCoupon>,
    /// Why the slot cannot be booked (`slot_unavailable`, `slot_taken`), if so.
    pub error_code: Option<String>,
}

fn money(m: Money) -> AmountView {
    AmountView {
        amount_minor: m.minor,
        currency: m.currency.code().to_owned(),
    }
}

fn parse_start(raw: &str) -> Option<DateTime<Utc>> {
    let raw = raw.trim();
    if let Ok(seconds) = raw.parse::<i64>() {
        return Utc.timestamp_opt(seconds, 0).single();
    }
    DateTime::parse_from_rfc3339(raw)
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

/// The coupon a typed code names (`Coupon::default()`, "unknown", when
/// none), with its live uses, from `rm_coupons` and `rm_coupon_uses`.
async fn coupon_for(state: &QueryState, raw: &str) -> Result<(String, Coupon), QueryError> {
    let Ok(code) = coupon::parse_code(raw) else {
        return Ok((raw.trim().to_uppercase(), Coupon::default()));
    };
    let row = sqlx::query(
        "SELECT coupon_id, percent, amount_minor, currency, valid_from, valid_until, max_uses,
            max_uses_per_client, disabled
         FROM rm_coupons WHERE code = $1",
    )
    .bind(&code)
    .fetch_optional(&state.read.pool)
    .await?;
    let Some(row) = row else {
        return Ok((code, Coupon::default()));
    };
    let coupon_id: String = row.try_get(0)?;
    let percent: Option<i64> = row.try_get(1)?;
    let amount: Option<i64> = row.try_get(2)?;
    let currency: Option<String> = row.try_get(3)?;
    let instant = |raw: String| {
        DateTime::parse_from_rfc3339(&raw)
            .map(|t| t.with_timezone(&Utc))
            .map_err(|_| QueryError::Corrupt("rm_coupons date"))
    };
    let count = |raw: Option<i64>| raw.and_then(|n| u32::try_from(n).ok());
    let discount = match (
        percent,
        amount,
        currency.and_then(|c| Currency::parse(&c).ok()),
    ) {
        (Some(percent), _, _) => Discount::Percent {
            percent: u8::try_from(percent)
                .map_err(|_| QueryError::Corrupt("rm_coupons percent"))?,
        },
        (None, Some(minor), Some(currency)) => Discount::Fixed {
            amount: Money::new(minor, currency),
        },
        _ => return Err(QueryError::Corrupt("rm_coupons discount")),
    };
    let terms = CouponTerms {
        code: code.clone(),
        discount,
        valid_from: instant(row.try_get(4)?)?,
        valid_until: instant(row.try_get(5)?)?,
        max_uses: count(row.try_get(6)?),
        max_uses_per_client: count(row.try_get(7)?),
    };
    let disabled: i64 = row.try_get(8)?;
    let uses = sqlx::query("SELECT booking_id, client_id FROM rm_coupon_uses WHERE coupon_id = $1")
        .bind(&coupon_id)
        .fetch_all(&state.read.pool)
        .await?
        .iter()
        .filter_map(|r| {
            let booking: String = r.try_get(0).ok()?;
            let client: String = r.try_get(1).ok()?;
            Some((booking.parse().ok()?, client.parse().ok()?))
        })
        .collect();
    Ok((
        code,
        Coupon {
            terms: Some(terms),
            disabled: disabled != 0,
            uses,
        },
    ))
}

/// Whether the client had a confirmed booking with the consultant
/// (`rm_pairs`, the projection of the pair stream).
async fn has_booked(
    state: &QueryState,
    client_id: Uuid,
    consultant_id: Uuid,
) -> Result<bool, QueryError> {
    let row = sqlx::query("SELECT 1 FROM rm_pairs WHERE client_id = $1 AND consultant_id = $2")
        .bind(client_id.to_string())
        .bind(consultant_id.to_string())
        .fetch_optional(&state.read.pool)
        .await?;
    Ok(row.is_some())
}

/// The client's zone and whether their consent form is on file.
async fn client_side(
    state: &QueryState,
    client_id: Uuid,
) -> Result<(Option<TimeZone>, bool), QueryError> {
    let row = sqlx::query(
        "SELECT a.timezone, f.consent_form_key
         FROM rm_accounts a LEFT JOIN rm_client_files f ON f.client_id = a.account_id
         WHERE a.account_id = $1",
    )
    .bind(client_id.to_string())
    .fetch_optional(&state.read.pool)
    .await?;
    let Some(row) = row else {
        return Ok((None, false));
    };
    let zone: Option<String> = row.try_get(0)?;
    let consent: Option<String> = row.try_get(1)?;
    Ok((
        zone.and_then(|z| TimeZone::parse(&z).ok()),
        consent.is_some(),
    ))
}

/// The name and photo the expert's directory card shows.
async fn card_of(state: &QueryState, consultant_id: Uuid) -> Result<serde_json::Value, QueryError> {
    let card = sqlx::query("SELECT card FROM rm_directory WHERE consultant_id = $1")
        .bind(consultant_id.to_string())
        .fetch_optional(&state.read.pool)
        .await?;
    Ok(match card {
        Some(r) => serde_json::from_str(&r.try_get::<String, _>(0)?).unwrap_or_default(),
        None => serde_json::Value::Null,
    })
}

fn rule_code(error: &DomainError) -> String {
    match error {
        DomainError::Rule(code) => code.code().to_owned(),
        _ => "slot_unavailable".to_owned(),
    }
}

/// What the signed-in client would pay for a slot: price, free first
/// consultation, coupon, and whether the slot and the client can book.
#[utoipa::path(get, path = "/api/client/booking-quote", tag = "bookings", security(("session" = [])),
    params(("consultant_id" = Uuid, Query), ("start" = String, Query, description = "RFC 3339 or unix seconds"),
        ("coupon" = Option<String>, Query)),
    responses((status = 200, body = QuoteBody), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope)))]
pub async fn booking_quote(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
    Query(params): Query<QuoteParams>,
) -> Result<impl IntoResponse, QueryError> {
    let consultant_id: Uuid = params
        .consultant_id
        .trim()
        .parse()
        .map_err(|_| QueryError::Invalid("consultant_id"))?;
    let start = parse_start(&params.start)
        .filter(|start| domain::values::window::check_instant(*start, state.clock.now()).is_ok())
        .ok_or(QueryError::Invalid("start"))?;
    let client_id = caller.account_id;
    let typed = params.coupon.trim();
    // Longer than any code: refused rather than echoed back.
    if typed.chars().count() > MAX_TYPED_COUPON {
        return Err(QueryError::Invalid("coupon"));
    }
    let (offer, has_booked, (client_zone, consent_form_uploaded), card, coupon) = tokio::try_join!(
        offer(&state, consultant_id),
        has_booked(&state, client_id, consultant_id),
        client_side(&state, client_id),
        card_of(&state, consultant_id),
        async {
            if typed.is_empty() {
                Ok(None)
            } else {
                coupon_for(&state, typed).await.map(Some)
            }
        },
    )?;
    // Not listed, or not fully set up: nothing to quote.
    let offering = offer.offering().ok_or(QueryError::NotFound)?;
    let context = QuoteContext {
        offering: Some(offering),
        timings: &offer.timings,
        has_booked,
        coupon: None,
    };
    let request = HoldRequest {
        booking_id: Uuid::nil(),
        client_id,
        consultant_id,
        start,
        coupon_id: None,
        free: false,
    };
    let now = state.clock.now();
    // Without the coupon first: the slot's own answer and the full price.
    let base = booking::quote(&request, &context, now);
    let with_coupon = coupon.as_ref().map(|(code, c)| {
        let context = QuoteContext {
            coupon: Some(c),
            ..context
        };
        (code.clone(), booking::quote(&request, &context, now))
    });
    let shown_zone = client_zone.unwrap_or(offering.zone);
    let duration = offering.duration;
    let end = start + duration.as_duration();
    let held = !taken(&state, consultant_id, start, end).await?.is_empty();
    let (error_code, quote) = match (&base, held) {
        (Err(e), _) => (Some(rule_code(e)), None),
        (Ok(_), true) => (Some("slot_taken".to_owned()), base.as_ref().ok()),
        (Ok(q), false) => (None, Some(q)),
    };
    let price = offering.price;
    let (discount, total, coupon_body) = match &with_coupon {
        Some((code, Ok(q))) => (
            q.discount,
            q.total,
            Some(QuoteCoupon {
                code: code.clone(),
                applied: true,
                error_code: None,
            }),
        ),
        Some((code, Err(e))) => (
            Money::zero(price.currency),
            price,
            Some(QuoteCoupon {
                code: code.clone(),
                applied: false,
                error_code: Some(rule_code(e)),
            }),
        ),
        None => (Money::zero(price.currency), price, None),
    };
    let text = |field: &str| card[field].as_str().unwrap_or_default().to_owned();
    Ok(NoStore(Json(QuoteBody {
        consultant: QuoteConsultant {
            id: consultant_id.to_string(),
            given_name: text("given_name"),
            family_name: text("family_name"),
            photo_url: card["photo_url"].as_str().map(str::to_owned),
        },
        start: utc(start),
        end: utc(end),
        local_start: start.with_timezone(&shown_zone.tz()).to_rfc3339(),
        timezone: shown_zone.name().to_owned(),
        duration_minutes: i64::from(duration.minutes()),
        price: money(price),
        discount: money(discount),
        total: money(total),
        free_first_eligible: quote.is_some_and(|q| q.free_first_eligible),
        consent_form_uploaded,
        slot_free: error_code.is_none(),
        coupon: coupon_body,
        error_code,
    })))
}
