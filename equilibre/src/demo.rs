//! Demo data for `serve` on an empty store (unless `EQUILIBRE_DEMO=0`):
//! one account per role, created through the same commands as real ones.

use anyhow::Context;
use command_api::accounts::admin::{NewAdmin, create_admin};
use command_api::accounts::registration::sign_up;
use command_api::ids::IdempotencyKey;
use domain::account::{PRIVACY_VERSION, RegistrationForm, Role, TERMS_VERSION};
use platform::auth::EmailProofClaims;

use store::Position;

use crate::App;

pub const ADMIN: (&str, &str) = ("admin@equilibre.local", "equilibre-demo-admin");
pub const CLIENT: (&str, &str) = ("client@equilibre.local", "equilibre-demo-client");
pub const CONSULTANT: (&str, &str) = ("consultant@equilibre.local", "equilibre-demo-consultant");

pub async fn seed_if_empty(app: &App) -> anyhow::Result<()> {
    if app.stores.events.head().await? != Position::START {
        return Ok(());
    }
    let state = &app.command_state;
    let new = NewAdmin {
        email: ADMIN.0.into(),
        password: ADMIN.1.into(),
        given_name: "Alice".into(),
        family_name: "Admin".into(),
    };
    create_admin(state, new)
        .await
        .map_err(|e| anyhow::anyhow!(crate::describe(&e)))?;
    member(app, Role::Client, CLIENT, "Camille", "Martin", None).await?;
    member(
        app,
        Role::Consultant,
        CONSULTANT,
        "Jeanne",
        "Dubois",
        Some(("Naturopathe", 12)),
    )
    .await?;
    Ok(())
}

async fn member(
    app: &App,
    role: Role,
    (email, password): (&str, &str),
    given_name: &str,
    family_name: &str,
    practice: Option<(&str, i64)>,
) -> anyhow::Result<()> {
    let state = &app.command_state;
    let key = command_api::accounts::login_key(
        state,
        role,
        &domain::values::Email::parse(email).map_err(|e| anyhow::anyhow!(e.code))?,
    );
    // The demo owns these addresses: the proof stands for a verified OTP.
    let proof = state
        .keys
        .encode_email_proof(&EmailProofClaims::new(key, role, state.clock.now()))
        .context("signing")?;
    let form = RegistrationForm {
        title: if given_name == "Jeanne" { "dr" } else { "ms" }.into(),
        gender: "female".into(),
        family_name: family_name.into(),
        given_name: given_name.into(),
        date_of_birth: "1988-05-17".into(),
        preferred_contact: "email".into(),
        isd_code: "+33".into(),
        contact_number: "612345678".into(),
        timezone: "Europe/Paris".into(),
        correspondence_language: "fr".into(),
        spoken_languages: vec!["fr".into(), "en".into()],
        profession: practice.map(|p| p.0.to_owned()).unwrap_or_default(),
        years_of_experience: practice.map(|p| p.1),
        country_of_residence: "FR".into(),
        nationality: "FR".into(),
        email: email.into(),
        email_proof: proof,
        password: password.into(),
        accept_terms: true,
        accept_privacy: true,
        terms_version: TERMS_VERSION.into(),
        privacy_version: PRIVACY_VERSION.into(),
        ..Default::default()
    };
    sign_up(state, &IdempotencyKey::none().ids(None), role, form)
        .await
        .map_err(|e| anyhow::anyhow!(crate::describe(&e)))?;
    Ok(())
}

/// Prints where to go and how to sign in.
pub fn announce(app: &App, url: &str) {
    println!("\nEquilibre is running at {url}");
    if app.config.demo {
        println!("Demo accounts (e-mail / password):");
        println!(
            "  admin       {url}/admin/sign-in       {} / {}",
            ADMIN.0, ADMIN.1
        );
        println!(
            "  consultant  {url}/consultant/sign-in  {} / {}",
            CONSULTANT.0, CONSULTANT.1
        );
        println!(
            "  client      {url}/client/sign-in      {} / {}",
            CLIENT.0, CLIENT.1
        );
    }
    println!("Press Ctrl-C to stop.\n");
}
