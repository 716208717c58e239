//! Booking commands (docs/booking.md): hold a slot, pay, cancel,
//! reschedule, report a no-show, and what bookings need around them
//! (timings, coupons, notes). Each loads the streams the domain decides on
//! (`domain::booking`), then appends the decision to all of them at once with
//! the versions it read, so two bookings that collide on a calendar day,
//! a coupon or a (client, consultant) pair cannot both pass (DESIGN §4).

pub mod coupons;
pub mod lifecycle;
pub mod notes;
pub mod pay;
pub mod reserve;
pub mod timings;

use std::collections::BTreeMap;

pub use crate::client_file::load_client_file;
use chrono::{DateTime, NaiveDate, Utc};
use domain::availability::{self, AvailabilityEvent, Timings};
use domain::booking::calendar::{self, Calendar, Calendars};
use domain::booking::pair::{self, Pair};
use domain::booking::{
    self, Booking, BookingEvent, BookingInfo, CalendarEvent, Decision, PairEvent,
};
use domain::coupon::{self, Coupon, CouponEvent};
use domain::room::RoomWindow;
use domain::values::Money;
use serde::Serialize;
use store::StreamId;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppState;
use crate::error::CommandError;
use crate::execute::{Batch, Loaded, load};

/// Attempts of a booking command on hot streams: a loser of a race on a
/// calendar day, a coupon or a pair decides again on what the winner wrote,
/// and a coupon with N uses left can make a command lose at most N times.
const HOT_ATTEMPTS: usize = 12;

/// Like `execute::with_retry`, with more attempts (see [`HOT_ATTEMPTS`]).
pub async fn with_hot_retry<T, F, Fut>(mut attempt: F) -> Result<T, CommandError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, CommandError>>,
{
    for _ in 1..HOT_ATTEMPTS {
        match attempt().await {
            Err(CommandError::Store(store::StoreError::Conflict { .. })) => continue,
            other => return other,
        }
    }
    match attempt().await {
        Err(CommandError::Store(store::StoreError::Conflict { .. })) => Err(CommandError::Conflict),
        other => other,
    }
}

pub fn booking_stream(id: Uuid) -> StreamId {
    StreamId::new(booking::CATEGORY, id)
}

pub fn timings_stream(consultant_id: Uuid) -> StreamId {
    StreamId::new(availability::CATEGORY, consultant_id)
}

pub fn pair_stream(client_id: Uuid, consultant_id: Uuid) -> StreamId {
    StreamId::new(pair::CATEGORY, pair::pair_entity(client_id, consultant_id))
}

pub fn coupon_stream(coupon_id: Uuid) -> StreamId {
    StreamId::new(coupon::CATEGORY, coupon_id)
}

fn day_stream(category: &'static str, party: Uuid, day: NaiveDate) -> StreamId {
    StreamId::new(category, calendar::day_entity(party, day))
}

pub async fn load_booking(app: &AppState, id: Uuid) -> Result<Loaded<Booking>, CommandError> {
    load::<BookingEvent, _>(app, &booking_stream(id), Booking::evolve).await
}

pub async fn load_timings(
    app: &AppState,
    consultant_id: Uuid,
) -> Result<Loaded<Timings>, CommandError> {
    load::<AvailabilityEvent, _>(app, &timings_stream(consultant_id), Timings::evolve).await
}

pub async fn load_pair(
    app: &AppState,
    client_id: Uuid,
    consultant_id: Uuid,
) -> Result<Loaded<Pair>, CommandError> {
    load::<PairEvent, _>(app, &pair_stream(client_id, consultant_id), Pair::evolve).await
}

pub async fn load_coupon(app: &AppState, coupon_id: Uuid) -> Result<Loaded<Coupon>, CommandError> {
    load::<CouponEvent, _>(app, &coupon_stream(coupon_id), Coupon::evolve).await
}

/// One party's calendar days, with the versions they were read at.
pub struct Days {
    category: &'static str,
    party: Uuid,
    pub calendars: Calendars,
    versions: BTreeMap<NaiveDate, u64>,
}

impl Days {
    pub async fn load(
        app: &AppState,
        category: &'static str,
        party: Uuid,
        days: &[NaiveDate],
    ) -> Result<Days, CommandError> {
        let mut loaded = Days {
            category,
            party,
            calendars: Calendars::new(),
            versions: BTreeMap::new(),
        };
        for day in days {
            let stream = day_stream(category, party, *day);
            let day_state = load::<CalendarEvent, _>(app, &stream, Calendar::evolve).await?;
            loaded.calendars.insert(*day, day_state.state);
            loaded.versions.insert(*day, day_state.version);
        }
        Ok(loaded)
    }

    pub async fn consultant(
        app: &AppState,
        id: Uuid,
        days: &[NaiveDate],
    ) -> Result<Days, CommandError> {
        Days::load(app, calendar::CONSULTANT_CATEGORY, id, days).await
    }

    pub async fn client(
        app: &AppState,
        id: Uuid,
        days: &[NaiveDate],
    ) -> Result<Days, CommandError> {
        Days::load(app, calendar::CLIENT_CATEGORY, id, days).await
    }

    /// Adds a decision's events for these days; every day was loaded first.
    fn append<'a>(
        &self,
        mut batch: Batch<'a>,
        events: &BTreeMap<NaiveDate, Vec<CalendarEvent>>,
    ) -> Result<Batch<'a>, CommandError> {
        for (day, events) in events {
            let version = self.versions.get(day).copied().ok_or_else(|| {
                CommandError::internal(format!("calendar day {day} decided on without being read"))
            })?;
            batch = batch.events(day_stream(self.category, self.party, *day), version, events);
        }
        Ok(batch)
    }
}

/// Adds a booking decision's events for the booking and both parties' days.
pub fn append_decision<'a>(
    batch: Batch<'a>,
    booking_id: Uuid,
    booking_version: u64,
    decision: &Decision,
    consultant_days: &Days,
    client_days: &Days,
) -> Result<Batch<'a>, CommandError> {
    let batch = batch.events(
        booking_stream(booking_id),
        booking_version,
        &decision.booking,
    );
    let batch = consultant_days.append(batch, &decision.consultant_days)?;
    client_days.append(batch, &decision.client_days)
}

/// Money on the wire.
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
pub struct MoneyBody {
    pub amount_minor: i64,
    pub currency: &'static str,
}

impl From<Money> for MoneyBody {
    fn from(money: Money) -> Self {
        MoneyBody {
            amount_minor: money.minor,
            currency: money.currency.code(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PartyRef {
    pub id: Uuid,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CardBody {
    pub brand: String,
    pub last4: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RoomBody {
    pub id: Uuid,
    pub opens_at: DateTime<Utc>,
    pub closes_at: DateTime<Utc>,
}

/// The booking as the command side knows it after a command: the contract's
/// booking row without the parties' names (the query side adds them).
#[derive(Debug, Serialize, ToSchema)]
pub struct BookingRow {
    pub id: Uuid,
    pub status: &'static str,
    pub consultant: PartyRef,
    pub client: PartyRef,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub duration_minutes: u16,
    pub price: MoneyBody,
    pub discount: MoneyBody,
    pub total: MoneyBody,
    pub free: bool,
    pub coupon_code: Option<String>,
    pub card: Option<CardBody>,
    pub refund: Option<MoneyBody>,
    pub cancelled_by: Option<&'static str>,
    pub hold_expires_at: DateTime<Utc>,
    pub room: RoomBody,
    pub created_at: DateTime<Utc>,
}

impl From<&BookingInfo> for BookingRow {
    fn from(info: &BookingInfo) -> Self {
        let window = RoomWindow::of(info.start, info.end);
        BookingRow {
            id: info.booking_id,
            status: info.status.as_str(),
            consultant: PartyRef {
                id: info.consultant_id,
            },
            client: PartyRef { id: info.client_id },
            start: info.start,
            end: info.end,
            duration_minutes: info.duration_minutes,
            price: info.price.into(),
            discount: info.discount.into(),
            total: info.total.into(),
            free: info.free,
            coupon_code: info.coupon_code.clone(),
            card: info.payment.as_ref().map(|p| CardBody {
                brand: p.brand.clone(),
                last4: p.last4.clone(),
            }),
            refund: info.refund.map(MoneyBody::from),
            cancelled_by: info.cancelled_by.map(|b| b.as_str()),
            hold_expires_at: info.hold_expires_at,
            room: RoomBody {
                id: info.booking_id,
                opens_at: window.opens_at,
                closes_at: window.closes_at,
            },
            created_at: info.created_at,
        }
    }
}

/// The row of a booking as stored now.
pub async fn row(app: &AppState, booking_id: Uuid) -> Result<BookingRow, CommandError> {
    let booking = load_booking(app, booking_id).await?.state;
    booking
        .info()
        .map(BookingRow::from)
        .ok_or(CommandError::NotFound)
}
