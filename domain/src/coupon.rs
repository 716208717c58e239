//! Coupons (DESIGN §4): created and disabled by administrators, applied by
//! clients when they book.
//!
//! * `coupon-{coupon id}` holds the coupon and its uses. A booking that
//!   redeems a coupon appends `CouponRedeemed` to it in the booking's own
//!   atomic append, with the version it read, so total and per-client use
//!   limits hold under concurrency. A hold that expires unpaid gives its
//!   use back (`CouponRedemptionReleased`); a cancelled booking keeps it.
//! * `couponcode-{uuid v5(code)}` reserves the code: two coupons cannot share
//!   one, whatever the case it was typed in.
//! * A percent discount is rounded down to the minor unit; a fixed one is in
//!   one currency and applies to prices in that currency only. A discount
//!   never exceeds the price, so a total is never below zero.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::codec::EventSchema;
use crate::values::Money;
use crate::{DomainError, FieldError, FieldErrors, RuleCode};

pub const CATEGORY: &str = "coupon";
pub const CODE_CATEGORY: &str = "couponcode";
const CODE_NAMESPACE: Uuid = Uuid::from_u128(0x5a0c_7d1e_93b4_4f2a_8e61_c0d4_27b9_f311);

/// How much a coupon takes off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Discount {
    /// 1 to 100 percent of the price.
    Percent { percent: u8 },
    /// A fixed amount, in its currency.
    Fixed { amount: Money },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum CouponEvent {
    /// A projection keeps all of it; `code` is the normalised (upper-case) code.
    /// `None` limits mean unlimited.
    CouponCreated {
        coupon_id: Uuid,
        code: String,
        discount: Discount,
        valid_from: DateTime<Utc>,
        valid_until: DateTime<Utc>,
        max_uses: Option<u32>,
        max_uses_per_client: Option<u32>,
        at: DateTime<Utc>,
    },
    CouponDisabled {
        coupon_id: Uuid,
        at: DateTime<Utc>,
    },
    /// One use, by a booking (`discount` = what it took off that booking).
    CouponRedeemed {
        coupon_id: Uuid,
        booking_id: Uuid,
        client_id: Uuid,
        discount: Money,
        at: DateTime<Utc>,
    },
    /// The booking's hold expired unpaid: the use counts no more.
    CouponRedemptionReleased {
        coupon_id: Uuid,
        booking_id: Uuid,
        at: DateTime<Utc>,
    },
}

impl EventSchema for CouponEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum CouponCodeEvent {
    CouponCodeReserved {
        code: String,
        coupon_id: Uuid,
        at: DateTime<Utc>,
    },
}

impl EventSchema for CouponCodeEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

/// A code as stored and compared: trimmed, upper case, 3 to 32 of `A-Z 0-9 - _`.
pub fn parse_code(raw: &str) -> Result<String, FieldError> {
    let code = raw.trim().to_uppercase();
    if code.is_empty() {
        return Err(FieldError::new("field.required"));
    }
    let allowed = |c: char| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-' || c == '_';
    if !(3..=32).contains(&code.chars().count()) || !code.chars().all(allowed) {
        return Err(FieldError::new("coupon_code.invalid"));
    }
    Ok(code)
}

/// The entity id of a code's reservation stream.
pub fn code_entity(code: &str) -> Uuid {
    Uuid::new_v5(&CODE_NAMESPACE, code.as_bytes())
}

/// Who holds a code, folded from its reservation stream.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CodeReservation {
    pub coupon_id: Option<Uuid>,
}

impl CodeReservation {
    pub fn evolve(mut self, event: &CouponCodeEvent) -> Self {
        let CouponCodeEvent::CouponCodeReserved { coupon_id, .. } = event;
        self.coupon_id = Some(*coupon_id);
        self
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CouponTerms {
    pub code: String,
    pub discount: Discount,
    pub valid_from: DateTime<Utc>,
    pub valid_until: DateTime<Utc>,
    pub max_uses: Option<u32>,
    pub max_uses_per_client: Option<u32>,
}

/// A coupon and its live uses, folded from its stream.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Coupon {
    pub terms: Option<CouponTerms>,
    pub disabled: bool,
    /// Booking → client of each use that still counts.
    pub uses: BTreeMap<Uuid, Uuid>,
}

impl Coupon {
    pub fn evolve(mut self, event: &CouponEvent) -> Self {
        match event {
            CouponEvent::CouponCreated {
                code,
                discount,
                valid_from,
                valid_until,
                max_uses,
                max_uses_per_client,
                ..
            } => {
                self.terms = Some(CouponTerms {
                    code: code.clone(),
                    discount: *discount,
                    valid_from: *valid_from,
                    valid_until: *valid_until,
                    max_uses: *max_uses,
                    max_uses_per_client: *max_uses_per_client,
                });
            }
            CouponEvent::CouponDisabled { .. } => self.disabled = true,
            CouponEvent::CouponRedeemed {
                booking_id,
                client_id,
                ..
            } => {
                self.uses.insert(*booking_id, *client_id);
            }
            CouponEvent::CouponRedemptionReleased { booking_id, .. } => {
                self.uses.remove(booking_id);
            }
        }
        self
    }

    /// What this coupon takes off `price` for `client_id` at `now`, or why not.
    pub fn discount_for(
        &self,
        client_id: Uuid,
        price: Money,
        now: DateTime<Utc>,
    ) -> Result<Money, DomainError> {
        let terms = self
            .terms
            .as_ref()
            .ok_or(DomainError::Rule(RuleCode::CouponUnknown))?;
        if self.disabled {
            return Err(DomainError::Rule(RuleCode::CouponDisabled));
        }
        if now < terms.valid_from {
            return Err(DomainError::Rule(RuleCode::CouponNotStarted));
        }
        if now >= terms.valid_until {
            return Err(DomainError::Rule(RuleCode::CouponExpired));
        }
        if terms
            .max_uses
            .is_some_and(|max| self.uses.len() >= max as usize)
        {
            return Err(DomainError::Rule(RuleCode::CouponUsedUp));
        }
        let by_client = self.uses.values().filter(|c| **c == client_id).count();
        if terms
            .max_uses_per_client
            .is_some_and(|max| by_client >= max as usize)
        {
            return Err(DomainError::Rule(RuleCode::CouponClientLimit));
        }
        let off = match terms.discount {
            Discount::Percent { percent } => price.minor * i64::from(percent) / 100,
            Discount::Fixed { amount } if amount.currency == price.currency => amount.minor,
            Discount::Fixed { .. } => return Err(DomainError::Rule(RuleCode::CouponCurrency)),
        };
        Ok(Money::new(off.clamp(0, price.minor), price.currency))
    }
}

/// An administrator's new coupon, as typed.
#[derive(Clone, Debug)]
pub struct CouponForm {
    pub code: String,
    /// `percent` or `fixed`.
    pub kind: String,
    pub percent: Option<i64>,
    pub amount: Option<Money>,
    pub valid_from: DateTime<Utc>,
    pub valid_until: DateTime<Utc>,
    pub max_uses: Option<i64>,
    pub max_uses_per_client: Option<i64>,
}

fn limit(errors: &mut FieldErrors, field: &str, raw: Option<i64>) -> Option<u32> {
    let value = raw?;
    match u32::try_from(value) {
        Ok(n) if n >= 1 => Some(n),
        _ => {
            errors.add(field, FieldError::new("number.min").with("min", 1));
            None
        }
    }
}

/// Creates a coupon and reserves its code; `coupon_code_taken` when another
/// coupon holds the code.
pub fn create(
    reservation: &CodeReservation,
    coupon_id: Uuid,
    form: CouponForm,
    now: DateTime<Utc>,
) -> Result<(Vec<CouponEvent>, Vec<CouponCodeEvent>), DomainError> {
    let mut errors = FieldErrors::default();
    let code = errors.check("code", parse_code(&form.code));
    let discount = match form.kind.as_str() {
        "percent" => match form.percent {
            Some(p @ 1..=100) => Some(Discount::Percent { percent: p as u8 }),
            _ => {
                errors.add(
                    "percent",
                    FieldError::new("number.range")
                        .with("min", 1)
                        .with("max", 100),
                );
                None
            }
        },
        "fixed" => match form.amount {
            Some(amount) if amount.minor > 0 => Some(Discount::Fixed { amount }),
            _ => {
                errors.add("amount", FieldError::new("amount.positive"));
                None
            }
        },
        _ => {
            errors.add("kind", FieldError::new("choice.invalid"));
            None
        }
    };
    for (field, at) in [
        ("valid_from", form.valid_from),
        ("valid_until", form.valid_until),
    ] {
        if let Err(error) = crate::values::window::check_instant(at, now) {
            errors.add(field, error);
        }
    }
    if form.valid_until <= form.valid_from {
        errors.add("valid_until", FieldError::new("date.after_start"));
    }
    let max_uses = limit(&mut errors, "max_uses", form.max_uses);
    let max_uses_per_client = limit(&mut errors, "max_uses_per_client", form.max_uses_per_client);
    let (Some(code), Some(discount)) = (code, discount) else {
        return Err(DomainError::Invalid(errors));
    };
    errors.into_result()?;
    match reservation.coupon_id {
        Some(holder) if holder == coupon_id => return Ok((Vec::new(), Vec::new())),
        Some(_) => return Err(DomainError::Rule(RuleCode::CouponCodeTaken)),
        None => {}
    }
    Ok((
        vec![CouponEvent::CouponCreated {
            coupon_id,
            code: code.clone(),
            discount,
            valid_from: form.valid_from,
            valid_until: form.valid_until,
            max_uses,
            max_uses_per_client,
            at: now,
        }],
        vec![CouponCodeEvent::CouponCodeReserved {
            code,
            coupon_id,
            at: now,
        }],
    ))
}

/// Disables a coupon (idempotent); unknown → `not_found`.
pub fn disable(
    coupon: &Coupon,
    coupon_id: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<CouponEvent>, DomainError> {
    if coupon.terms.is_none() {
        return Err(DomainError::Rule(RuleCode::NotFound));
    }
    if coupon.disabled {
        return Ok(Vec::new());
    }
    Ok(vec![CouponEvent::CouponDisabled { coupon_id, at: now }])
}

/// Gives back the use of a booking whose hold expired; nothing if it had none.
pub fn release(
    coupon: &Coupon,
    coupon_id: Uuid,
    booking_id: Uuid,
    now: DateTime<Utc>,
) -> Vec<CouponEvent> {
    if coupon.uses.contains_key(&booking_id) {
        vec![CouponEvent::CouponRedemptionReleased {
            coupon_id,
            booking_id,
            at: now,
        }]
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests;
