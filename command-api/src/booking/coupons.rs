//! Administrators' coupons: create (code reserved in the same append) and disable.

use chrono::{DateTime, Utc};
use domain::coupon::{self, CodeReservation, CouponCodeEvent, CouponForm};
use domain::values::{Currency, Money};
use domain::{DomainError, FieldError};
use serde::Deserialize;
use store::{Position, StreamId};
use utoipa::ToSchema;
use uuid::Uuid;

use super::{coupon_stream, load_coupon};
use crate::AppState;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, already_applied, load, with_retry};
use crate::ids::Ids;

#[derive(Debug, Deserialize, ToSchema)]
pub struct MoneyInput {
    pub amount_minor: i64,
    pub currency: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CouponBody {
    pub code: String,
    /// `percent` or `fixed`.
    pub kind: String,
    #[serde(default)]
    pub percent: Option<i64>,
    #[serde(default)]
    pub amount: Option<MoneyInput>,
    pub valid_from: DateTime<Utc>,
    pub valid_until: DateTime<Utc>,
    #[serde(default)]
    pub max_uses: Option<i64>,
    #[serde(default)]
    pub max_uses_per_client: Option<i64>,
}

impl CouponBody {
    fn form(self) -> Result<CouponForm, DomainError> {
        let amount = match self.amount {
            Some(money) => {
                let currency = Currency::parse(&money.currency)
                    .map_err(|e| DomainError::field("amount.currency", e))?;
                Some(Money::new(money.amount_minor, currency))
            }
            None => None,
        };
        Ok(CouponForm {
            code: self.code,
            kind: self.kind,
            percent: self.percent,
            amount,
            valid_from: self.valid_from,
            valid_until: self.valid_until,
            max_uses: self.max_uses,
            max_uses_per_client: self.max_uses_per_client,
        })
    }
}

/// Creates a coupon; `coupon_code_taken` when the code is another coupon's.
pub async fn create(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    body: CouponBody,
) -> Result<(Uuid, Position), CommandError> {
    let coupon_id = ids.id("coupon");
    if let Some(position) = already_applied(app, ids).await? {
        return Ok((coupon_id, position));
    }
    let form = body.form()?;
    let code =
        coupon::parse_code(&form.code).map_err(|e: FieldError| DomainError::field("code", e))?;
    let code_stream = StreamId::new(coupon::CODE_CATEGORY, coupon::code_entity(&code));
    let position = with_retry(|| async {
        let now = app.clock.now();
        let reservation =
            load::<CouponCodeEvent, _>(app, &code_stream, CodeReservation::evolve).await?;
        let (events, reserved) = coupon::create(&reservation.state, coupon_id, form.clone(), now)?;
        Batch::new(ids, actor, now)
            .events(coupon_stream(coupon_id), 0, &events)
            .events(code_stream.clone(), reservation.version, &reserved)
            .commit(app)
            .await
    })
    .await?;
    Ok((coupon_id, position))
}

/// Disables a coupon (idempotent: `None` when it already was).
pub async fn disable(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    coupon_id: Uuid,
) -> Result<Option<Position>, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(Some(position));
    }
    with_retry(|| async {
        let now = app.clock.now();
        let coupon = load_coupon(app, coupon_id).await?;
        let events = coupon::disable(&coupon.state, coupon_id, now)?;
        if events.is_empty() {
            return Ok(None);
        }
        Batch::new(ids, actor, now)
            .events(coupon_stream(coupon_id), coupon.version, &events)
            .commit(app)
            .await
            .map(Some)
    })
    .await
}
