//! Seeds what makes the demo bookable from the first start: every demo
//! expert publishes a weekly schedule, the demo client has a consent form on
//! file, and a welcome coupon exists — through the same commands as users.

use anyhow::anyhow;
use chrono::Duration;
use command_api::booking::coupons::{self, CouponBody};
use command_api::booking::timings::{self, TimingsBody};
use command_api::error::CommandError;
use command_api::execute::Actor;
use command_api::ids::{IdempotencyKey, Ids};
use command_api::{client_file, files};
use domain::account::Role;
use domain::values::FileKind;
use serde_json::json;
use uuid::Uuid;

use super::documents;
use crate::App;

/// The demo coupon, 10 % off, announced with the demo logins.
pub const WELCOME_COUPON: &str = "BIENVENUE10";

fn fail(error: CommandError) -> anyhow::Error {
    anyhow!(crate::describe(&error))
}

fn ids(actor: Uuid) -> Ids {
    IdempotencyKey::none().ids(Some(actor))
}

/// Weekday mornings and afternoons, plus Saturday morning, and some experts
/// also weekday evenings (`evenings`), in the expert's own zone.
pub async fn publish_timings(app: &App, consultant_id: Uuid, evenings: bool) -> anyhow::Result<()> {
    let mut rules = Vec::new();
    for day in ["monday", "tuesday", "wednesday", "thursday", "friday"] {
        rules.push(json!({"weekday": day, "shift": "morning"}));
        rules.push(json!({"weekday": day, "shift": "afternoon"}));
        if evenings {
            rules.push(json!({"weekday": day, "shift": "evening"}));
        }
    }
    rules.push(json!({"weekday": "saturday", "shift": "morning"}));
    let body: TimingsBody = serde_json::from_value(json!({"rules": rules, "days_off": []}))?;
    timings::set(&app.command_state, &ids(consultant_id), consultant_id, body)
        .await
        .map_err(fail)?;
    Ok(())
}

/// The demo client's filled consent form, so booking works at once.
pub async fn consent_form(app: &App, client_id: Uuid) -> anyhow::Result<()> {
    let state = &app.command_state;
    let actor = Actor {
        id: Some(client_id),
        role: Role::Client.as_str(),
    };
    let pdf = documents::pdf(&[
        "Formulaire de consentement / Consent form",
        "Camille Martin",
        "Document de démonstration / demo document",
    ]);
    let (uploaded, _) = files::upload(
        state,
        &ids(client_id),
        actor,
        client_id,
        FileKind::ConsentForm,
        pdf,
    )
    .await
    .map_err(fail)?;
    client_file::upload_consent_form(state, &ids(client_id), client_id, &uploaded.key)
        .await
        .map_err(fail)?;
    Ok(())
}

/// [`WELCOME_COUPON`]: 10 % off, for a year, once per client.
pub async fn welcome_coupon(app: &App, admin: Uuid) -> anyhow::Result<()> {
    let now = app.command_state.clock.now();
    let body = CouponBody {
        code: WELCOME_COUPON.into(),
        kind: "percent".into(),
        percent: Some(10),
        amount: None,
        valid_from: now - Duration::days(1),
        valid_until: now + Duration::days(365),
        max_uses: None,
        max_uses_per_client: Some(1),
    };
    let actor = Actor {
        id: Some(admin),
        role: Role::Admin.as_str(),
    };
    coupons::create(&app.command_state, &ids(admin), actor, body)
        .await
        .map_err(fail)?;
    Ok(())
}
