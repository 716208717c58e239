//! An administrator deactivates or reactivates a client or consultant
//! account (`domain::account::deactivate`). The deactivation, its reason (a
//! forgettable payload) and the revocation of every session of the account
//! commit in one append, so the account's cookies stop working at once. The
//! reactions worker then cancels its upcoming bookings (platform, full refund).

use domain::DomainError;
use domain::account::{self, DeactivationReason, PayloadRef, Role};
use serde::{Deserialize, Serialize};
use store::{Position, SideWrite};
use utoipa::ToSchema;
use uuid::Uuid;

use super::{account_stream, load_account};
use crate::AppState;
use crate::caller::Caller;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, already_applied, with_retry};
use crate::ids::Ids;

/// Prefix of the payload keys of deactivation reasons (subject = the account).
pub const REASON_KEY_PREFIX: &str = "deactivation-";

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct DeactivateBody {
    /// Why the account is deactivated, 3 to 500 characters; shown to administrators only.
    #[schema(min_length = 3, max_length = 500)]
    pub reason: String,
}

/// The stored reason payload.
#[derive(Serialize, Deserialize)]
pub struct ReasonPayload {
    pub reason: String,
}

fn admin(caller: &Caller) -> Actor {
    Actor {
        id: Some(caller.account_id),
        role: caller.role.as_str(),
    }
}

/// Deactivates the client or consultant account `account_id` of `role`.
#[tracing::instrument(skip_all, fields(account.id = %account_id))]
pub async fn deactivate(
    app: &AppState,
    ids: &Ids,
    caller: &Caller,
    role: Role,
    account_id: Uuid,
    body: DeactivateBody,
) -> Result<Position, CommandError> {
    let reason =
        DeactivationReason::parse(&body.reason).map_err(|e| DomainError::field("reason", e))?;
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(position);
    }
    let reason_ref = PayloadRef {
        subject: account_id,
        key: format!("{REASON_KEY_PREFIX}{}", ids.id("deactivation")),
    };
    let value = serde_json::to_string(&ReasonPayload {
        reason: reason.as_ref().to_owned(),
    })
    .map_err(CommandError::internal)?;
    with_retry(|| async {
        let now = app.clock.now();
        let account = load_account(app, account_id).await?;
        let events = account::deactivate(&account.state, role, reason_ref.clone(), now)?;
        Batch::new(ids, admin(caller), now)
            .events(account_stream(account_id), account.version, &events)
            .side(SideWrite::PutPayload {
                subject: account_id,
                key: reason_ref.key.clone(),
                value: value.clone(),
            })
            .side(SideWrite::RevokeAccountSessions {
                account_id,
                at: now,
                keep: None,
            })
            .commit(app)
            .await
    })
    .await
}

/// Reactivates the deactivated client or consultant account `account_id`.
#[tracing::instrument(skip_all, fields(account.id = %account_id))]
pub async fn reactivate(
    app: &AppState,
    ids: &Ids,
    caller: &Caller,
    role: Role,
    account_id: Uuid,
) -> Result<Position, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(position);
    }
    with_retry(|| async {
        let now = app.clock.now();
        let account = load_account(app, account_id).await?;
        let events = account::reactivate(&account.state, role, now)?;
        Batch::new(ids, admin(caller), now)
            .events(account_stream(account_id), account.version, &events)
            .commit(app)
            .await
    })
    .await
}
