//! The booking row of the contract (`docs/booking.md`), read from
//! `rm_bookings` joined with the parties' accounts.

use chrono::{DateTime, Utc};
use domain::room::RoomWindow;
use serde::Serialize;
use sqlx::Row;
use sqlx::any::AnyRow;
use utoipa::ToSchema;

/// Statuses under which a consultant "has booked" a client (contract).
pub const BOOKED: &str = "('confirmed', 'completed', 'no_show')";

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AmountView {
    pub amount_minor: i64,
    pub currency: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Party {
    pub id: String,
    /// `null` when the caller may not see it (a consultant sees a client's
    /// name once the client has booked them).
    pub name: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Card {
    pub brand: String,
    pub last4: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Room {
    pub id: String,
    pub opens_at: String,
    pub closes_at: String,
    /// The booking is confirmed and now is between `opens_at` and `closes_at`.
    pub open: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BookingView {
    pub id: String,
    /// `held`, `confirmed`, `expired`, `cancelled`, `completed` or `no_show`.
    pub status: String,
    pub consultant: Party,
    pub client: Party,
    pub start: String,
    pub end: String,
    pub duration_minutes: i64,
    pub price: AmountView,
    pub discount: AmountView,
    pub total: AmountView,
    pub free: bool,
    pub coupon_code: Option<String>,
    pub card: Option<Card>,
    pub refund: Option<AmountView>,
    /// `client`, `consultant`, `admin`, or empty.
    pub cancelled_by: String,
    pub hold_expires_at: String,
    pub room: Room,
    pub created_at: String,
    /// The receipts of the money moved (payment, refunds), in number order,
    /// each with its PDF's path in the caller's area.
    pub receipts: Vec<crate::routes::receipts::ReceiptLink>,
}

/// Columns [`BookingView::from_row`] reads, in order; `b` is `rm_bookings`.
pub const SELECT: &str =
    "SELECT b.id, b.status, b.consultant_id, b.client_id, b.starts_at, b.ends_at,
        b.duration_minutes, b.price_minor, b.discount_minor, b.total_minor, b.currency, b.free,
        b.coupon_code, b.card_brand, b.card_last4, b.refund_minor, b.cancelled_by,
        b.hold_expires_at, b.created_at,
        co.given_name, co.family_name, cl.given_name, cl.family_name,
        (SELECT COUNT(*) FROM rm_bookings h WHERE h.consultant_id = b.consultant_id
            AND h.client_id = b.client_id AND h.status IN ('confirmed', 'completed', 'no_show'))
     FROM rm_bookings b
     LEFT JOIN rm_accounts co ON co.account_id = b.consultant_id
     LEFT JOIN rm_accounts cl ON cl.account_id = b.client_id";

fn name(given: Option<String>, family: Option<String>) -> Option<String> {
    let name = format!(
        "{} {}",
        given.unwrap_or_default(),
        family.unwrap_or_default()
    );
    let name = name.trim();
    (!name.is_empty()).then(|| name.to_owned())
}

fn parse(at: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(at)
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

pub fn utc(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// Who reads a row: a consultant sees a client's name only once booked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    Client,
    Consultant,
    Admin,
}

impl BookingView {
    pub fn from_row(r: &AnyRow, viewer: Viewer, now: DateTime<Utc>) -> Result<Self, sqlx::Error> {
        let currency: String = r.try_get(10)?;
        let money = |amount_minor: i64| AmountView {
            amount_minor,
            currency: currency.clone(),
        };
        let id: String = r.try_get(0)?;
        let status: String = r.try_get(1)?;
        let start: String = r.try_get(4)?;
        let end: String = r.try_get(5)?;
        let window = parse(&start)
            .zip(parse(&end))
            .map(|(start, end)| RoomWindow::of(start, end));
        let open = status == "confirmed" && window.is_some_and(|w| w.contains(now));
        let booked: i64 = r.try_get(23)?;
        let client_name = match viewer {
            Viewer::Consultant if booked == 0 => None,
            _ => name(r.try_get(21)?, r.try_get(22)?),
        };
        let brand: Option<String> = r.try_get(13)?;
        let last4: Option<String> = r.try_get(14)?;
        Ok(BookingView {
            status,
            consultant: Party {
                id: r.try_get(2)?,
                name: name(r.try_get(19)?, r.try_get(20)?),
            },
            client: Party {
                id: r.try_get(3)?,
                name: client_name,
            },
            duration_minutes: r.try_get(6)?,
            price: money(r.try_get(7)?),
            discount: money(r.try_get(8)?),
            total: money(r.try_get(9)?),
            free: r.try_get::<i64, _>(11)? != 0,
            coupon_code: r.try_get(12)?,
            card: brand.zip(last4).map(|(brand, last4)| Card { brand, last4 }),
            refund: r.try_get::<Option<i64>, _>(15)?.map(money),
            cancelled_by: r.try_get(16)?,
            hold_expires_at: r.try_get(17)?,
            created_at: r.try_get(18)?,
            room: Room {
                id: id.clone(),
                opens_at: window.map(|w| utc(w.opens_at)).unwrap_or_default(),
                closes_at: window.map(|w| utc(w.closes_at)).unwrap_or_default(),
                open,
            },
            id,
            start,
            end,
            receipts: Vec::new(),
        })
    }
}
