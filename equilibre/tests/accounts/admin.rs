//! Administrators: created from the command line only, then signed in to
//! the admin panel like everyone else.

use command_api::accounts::admin::{NewAdmin, create_admin};
use command_api::error::CommandError;
use domain::account::Role;
use domain::{DomainError, RuleCode};
use secrecy::ExposeSecret;
use serde_json::json;

use crate::support::{Backend, TestApp, registration_form, unique_email};

on_both_backends!(
    an_administrator_created_from_the_command_line_signs_in_to_the_admin_panel,
    the_equilibre_admin_create_command_makes_an_account_that_signs_in,
    administrators_cannot_sign_up_through_the_api_nor_twice_from_the_command_line,
);

async fn an_administrator_created_from_the_command_line_signs_in_to_the_admin_panel(
    backend: Backend,
) {
    let app = TestApp::start(backend).await;
    let admin = app.create_admin(&unique_email("admin")).await;

    let signed_in = app
        .sign_in(Role::Admin, &admin.email, &admin.password)
        .await;
    let session = app.session(Role::Admin).await;
    let elsewhere = app
        .sign_in(Role::Client, &admin.email, &admin.password)
        .await;

    signed_in.expect(200);
    assert!(signed_in.set_cookie("eq_admin").is_some());
    assert_eq!(signed_in.json()["role"], "admin");
    session.expect(200);
    let body = session.json();
    assert_eq!(
        (
            &body["role"],
            &body["account_id"],
            &body["given_name"],
            &body["family_name"],
            &body["email"]
        ),
        (
            &json!("admin"),
            &json!(admin.account_id),
            &json!("Alice"),
            &json!("Admin"),
            &json!(admin.email)
        )
    );
    elsewhere.expect(401);
    assert_eq!(elsewhere.code(), "invalid_credentials");
}

async fn the_equilibre_admin_create_command_makes_an_account_that_signs_in(backend: Backend) {
    let app = TestApp::start(backend).await;
    let email = unique_email("cli-admin");
    let (database_url, read_database_url) = app.database.urls();

    let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_equilibre"))
        .args([
            "admin",
            "create",
            "--email",
            &email,
            "--given-name",
            "Ada",
            "--family-name",
            "Lovelace",
        ])
        .env("EQUILIBRE_DATA_DIR", app.database.dir.path().join("cli"))
        .env("DATABASE_URL", database_url)
        .env("READ_DATABASE_URL", read_database_url)
        .env("EQUILIBRE_SECRET", app.app.config.secret.expose_secret())
        .env(
            "EQUILIBRE_ADMIN_PASSWORD",
            "a passphrase typed at the console",
        )
        .env_remove("NATS_URL")
        .env_remove("SMTP_URL")
        .output()
        .await
        .expect("the equilibre binary runs");

    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("administrator created: "));
    app.sign_in(Role::Admin, &email, "a passphrase typed at the console")
        .await
        .expect(200);
    let session = app.session(Role::Admin).await;
    session.expect(200);
    assert_eq!(
        (
            &session.json()["given_name"],
            &session.json()["family_name"]
        ),
        (&json!("Ada"), &json!("Lovelace"))
    );
}

async fn administrators_cannot_sign_up_through_the_api_nor_twice_from_the_command_line(
    backend: Backend,
) {
    let app = TestApp::start(backend).await;
    let admin = app.create_admin(&unique_email("only-once")).await;
    let form = registration_form(Role::Client, &admin.email, "no proof");
    let head = app.store_head().await;

    let through_api = app
        .post("/api/admin-panel/sign-up")
        .json(&form)
        .send()
        .await;
    let again = create_admin(
        &app.app.command_state,
        NewAdmin {
            email: admin.email.to_uppercase(),
            password: "another long passphrase".into(),
            given_name: "Eve".into(),
            family_name: "Twice".into(),
        },
    )
    .await;
    let weak = create_admin(
        &app.app.command_state,
        NewAdmin {
            email: unique_email("weak"),
            password: "short".into(),
            given_name: "W".into(),
            family_name: "K".into(),
        },
    )
    .await;

    through_api.expect(404);
    assert_eq!(through_api.code(), "not_found");
    assert!(
        matches!(
            again,
            Err(CommandError::Domain(DomainError::Rule(
                RuleCode::EmailTaken
            )))
        ),
        "{again:?}"
    );
    assert!(
        matches!(&weak, Err(CommandError::Domain(DomainError::Invalid(fields))) if fields.0.contains_key("password")),
        "{weak:?}"
    );
    assert_eq!(app.store_head().await, head);
}
