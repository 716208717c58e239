//! The second factor (docs/rules.md "Second factor"): administrators enrol
//! an authenticator app at their first sign-in and then give a code each
//! time; clients and consultants may turn it on; a code works once, so does
//! a recovery code; wrong codes are throttled like wrong passwords; the most
//! sensitive actions ask for a current code again.

use chrono::TimeDelta;
use domain::account::{Role, SecondFactorPolicy};
use platform::auth::totp;
use serde_json::{Value, json};

use crate::support::{Answer, Backend, Member, TestApp, unique_email};

on_both_backends!(
    an_administrator_enrols_at_the_first_sign_in_then_gives_a_code_each_time,
    a_client_turns_the_factor_on_and_a_recovery_code_works_once,
    sensitive_actions_ask_for_a_current_code_and_do_nothing_without_it,
    wrong_codes_slow_the_next_attempt_like_wrong_passwords,
    a_challenge_expires_and_belongs_to_one_area,
    the_operator_removes_a_lost_factor_and_the_next_sign_in_enrols_again,
);

async fn required(backend: Backend) -> TestApp {
    TestApp::with(backend)
        .admin_second_factor(SecondFactorPolicy::Required)
        .start()
        .await
}

async fn second_step(app: &TestApp, role: Role, challenge: &str, code: &str) -> Answer {
    app.post(&format!("/api/{}/sign-in/second-factor", role.area()))
        .json(&json!({"challenge": challenge, "code": code}))
        .send()
        .await
}

fn challenge_of(answer: &Answer, step: &str) -> String {
    answer.expect(202);
    let body = answer.json();
    assert_eq!(body["second_factor"], step, "{body}");
    assert_eq!(body["expires_in_seconds"], 300);
    body["challenge"].as_str().expect("a challenge").to_owned()
}

fn code(app: &TestApp, secret: &str) -> String {
    totp::code_at(secret, app.now()).expect("a code")
}

fn codes(answer: &Answer) -> Vec<String> {
    answer.json()["recovery_codes"]
        .as_array()
        .expect("recovery codes")
        .iter()
        .map(|c| c.as_str().expect("a code").to_owned())
        .collect()
}

/// The next code of the app: the clock moves to the next 30 s step.
fn next_code(app: &TestApp, secret: &str) -> String {
    app.advance(TimeDelta::seconds(30));
    code(app, secret)
}

/// Signs in with the password and a code from the app.
async fn sign_in_with(app: &TestApp, member: &Member, secret: &str) -> Answer {
    let answer = app
        .sign_in(member.role, &member.email, &member.password)
        .await;
    let challenge = challenge_of(&answer, "code");
    second_step(app, member.role, &challenge, &next_code(app, secret)).await
}

/// An administrator who enrolled at the first sign-in; returns the secret.
async fn enrolled_admin(app: &TestApp) -> (Member, String) {
    let admin = app.create_admin(&unique_email("admin")).await;
    let answer = app
        .sign_in(Role::Admin, &admin.email, &admin.password)
        .await;
    let challenge = challenge_of(&answer, "enrol");
    let enrolment = app
        .post("/api/admin-panel/sign-in/enrolment")
        .json(&json!({ "challenge": challenge }))
        .send()
        .await;
    enrolment.expect(200);
    let secret = enrolment.json()["secret"].as_str().unwrap().to_owned();
    second_step(app, Role::Admin, &challenge, &code(app, &secret))
        .await
        .expect(200);
    (admin, secret)
}

/// A client who turned the factor on from their area; returns the secret.
async fn enrolled_client(app: &TestApp) -> (Member, String) {
    let client = app.register(Role::Client, &unique_email("client")).await;
    app.sign_in_as(&client).await;
    let enrolment = app.post("/api/client/second-factor/enrolment").send().await;
    enrolment.expect(200);
    let secret = enrolment.json()["secret"].as_str().unwrap().to_owned();
    app.post("/api/client/second-factor")
        .json(&json!({ "code": code(app, &secret) }))
        .send()
        .await
        .expect(200);
    (client, secret)
}

fn second_factor_of(session: &Answer) -> Value {
    session.expect(200);
    session.json()["second_factor"].clone()
}

async fn an_administrator_enrols_at_the_first_sign_in_then_gives_a_code_each_time(
    backend: Backend,
) {
    let app = required(backend).await;
    let admin = app.create_admin(&unique_email("admin")).await;

    // The right password alone opens nothing: no cookie, no session.
    let answer = app
        .sign_in(Role::Admin, &admin.email, &admin.password)
        .await;
    let challenge = challenge_of(&answer, "enrol");
    assert_eq!(answer.set_cookie("eq_admin"), None);
    app.session(Role::Admin).await.expect(401);
    assert_eq!(
        second_step(&app, Role::Admin, &challenge, "123456")
            .await
            .code(),
        "second_factor_not_enrolled"
    );

    let enrolment = app
        .post("/api/admin-panel/sign-in/enrolment")
        .json(&json!({ "challenge": challenge }))
        .send()
        .await;
    enrolment.expect(200);
    let body = enrolment.json();
    let secret = body["secret"].as_str().unwrap().to_owned();
    let uri = body["otpauth_uri"].as_str().unwrap();
    assert!(uri.starts_with("otpauth://totp/Equilibre:"), "{uri}");
    assert!(uri.contains(&format!("secret={secret}")), "{uri}");
    assert!(body["qr_svg"].as_str().unwrap().starts_with("<?xml"));

    // A code of another secret is refused; the app's code opens the session
    // and hands out ten recovery codes, once.
    let wrong = totp::code_at(&totp::new_secret(), app.now()).unwrap();
    let refused = second_step(&app, Role::Admin, &challenge, &wrong).await;
    refused.expect(400);
    assert_eq!(refused.code(), "second_factor_invalid");
    let opened = second_step(&app, Role::Admin, &challenge, &code(&app, &secret)).await;
    opened.expect(200);
    assert_eq!(opened.json()["role"], "admin");
    assert_eq!(codes(&opened).len(), 10);
    assert!(opened.set_cookie("eq_admin").is_some());
    let state = second_factor_of(&app.session(Role::Admin).await);
    assert_eq!(
        state,
        json!({"enabled": true, "required": true, "recovery_codes_left": 10})
    );

    // Next time: password, then a code; the code just used is refused (once).
    app.sign_out(Role::Admin).await.expect(204);
    let again = app
        .sign_in(Role::Admin, &admin.email, &admin.password)
        .await;
    let challenge = challenge_of(&again, "code");
    assert_eq!(
        second_step(&app, Role::Admin, &challenge, &code(&app, &secret))
            .await
            .code(),
        "second_factor_invalid"
    );
    let opened = second_step(&app, Role::Admin, &challenge, &next_code(&app, &secret)).await;
    opened.expect(200);
    assert!(opened.json().get("recovery_codes").is_none());

    // Administrators cannot turn it off.
    let off = app
        .call(reqwest::Method::DELETE, "/api/admin-panel/second-factor")
        .header("x-second-factor", &next_code(&app, &secret))
        .send()
        .await;
    off.expect(409);
    assert_eq!(off.code(), "second_factor_required");
    // Enrolling again while enabled is refused.
    let twice = app
        .post("/api/admin-panel/second-factor/enrolment")
        .send()
        .await;
    assert_eq!(twice.code(), "second_factor_already_enabled");
}

async fn a_client_turns_the_factor_on_and_a_recovery_code_works_once(backend: Backend) {
    let app = required(backend).await;
    let client = app.register(Role::Client, &unique_email("client")).await;
    app.sign_in_as(&client).await;
    let state = second_factor_of(&app.session(Role::Client).await);
    assert_eq!(
        state,
        json!({"enabled": false, "required": false, "recovery_codes_left": 0})
    );

    // Confirming before any enrolment, then with a wrong code: refused.
    let early = app
        .post("/api/client/second-factor")
        .json(&json!({"code": "123456"}))
        .send()
        .await;
    assert_eq!(early.code(), "second_factor_not_enrolled");
    let enrolment = app.post("/api/client/second-factor/enrolment").send().await;
    let secret = enrolment.json()["secret"].as_str().unwrap().to_owned();
    let wrong = app
        .post("/api/client/second-factor")
        .json(&json!({"code": "000000x"}))
        .send()
        .await;
    assert_eq!(wrong.code(), "second_factor_invalid");
    let on = app
        .post("/api/client/second-factor")
        .json(&json!({ "code": code(&app, &secret) }))
        .send()
        .await;
    on.expect(200);
    let recovery = codes(&on);
    assert_eq!(recovery.len(), 10);
    assert!(second_factor_of(&app.session(Role::Client).await)["enabled"] == true);

    // A recovery code, typed in capitals without its dash, stands in for a code once.
    app.sign_out(Role::Client).await.expect(204);
    let typed = recovery[3].to_uppercase().replace('-', "");
    let answer = app
        .sign_in(Role::Client, &client.email, &client.password)
        .await;
    let challenge = challenge_of(&answer, "code");
    second_step(&app, Role::Client, &challenge, &typed)
        .await
        .expect(200);
    assert_eq!(
        second_factor_of(&app.session(Role::Client).await)["recovery_codes_left"],
        9
    );
    app.sign_out(Role::Client).await.expect(204);
    let answer = app
        .sign_in(Role::Client, &client.email, &client.password)
        .await;
    let challenge = challenge_of(&answer, "code");
    assert_eq!(
        second_step(&app, Role::Client, &challenge, &recovery[3])
            .await
            .code(),
        "second_factor_invalid"
    );
    // The secret is personal data: it sits in the forgettable payload store,
    // never in an event.
    let events = app.all_events().await;
    assert!(events.iter().all(|e| !e.payload.contains(&secret)));
    assert!(
        events
            .iter()
            .all(|e| !e.payload.contains(&recovery[0].replace('-', "")))
    );
}

async fn sensitive_actions_ask_for_a_current_code_and_do_nothing_without_it(backend: Backend) {
    let app = required(backend).await;
    let client = app.register(Role::Client, &unique_email("client")).await;
    let (_, secret) = enrolled_admin(&app).await;
    let deactivate = |header: Option<String>| {
        let mut call = app
            .post(&format!(
                "/api/admin-panel/clients/{}/deactivate",
                client.account_id
            ))
            .json(&json!({"reason": "Comportement abusif répété envers les praticiens"}));
        if let Some(code) = header {
            call = call.header("x-second-factor", &code);
        }
        call.send()
    };

    let without = deactivate(None).await;
    without.expect(403);
    assert_eq!(without.code(), "reauthentication_required");
    let wrong = deactivate(Some("000000".into())).await;
    wrong.expect(400);
    assert_eq!(wrong.code(), "second_factor_invalid");
    assert_eq!(app.count_events("AccountDeactivated").await, 0);
    deactivate(Some(next_code(&app, &secret))).await.expect(204);
    assert_eq!(app.count_events("AccountDeactivated").await, 1);

    // New recovery codes need a code too; the old ones stop working.
    let renew = |header: Option<String>| {
        let mut call = app.post("/api/admin-panel/second-factor/recovery-codes");
        if let Some(code) = header {
            call = call.header("x-second-factor", &code);
        }
        call.send()
    };
    assert_eq!(renew(None).await.code(), "reauthentication_required");
    let renewed = renew(Some(next_code(&app, &secret))).await;
    renewed.expect(200);
    let fresh = codes(&renewed);
    // A recovery code works in the header as well (and only once).
    renew(Some(fresh[0].clone())).await.expect(200);
    assert_eq!(
        renew(Some(fresh[0].clone())).await.code(),
        "second_factor_invalid"
    );

    // A client turns their own factor off with a code; signing in is then
    // the password alone.
    app.sign_out(Role::Admin).await.expect(204);
    let (member, client_secret) = enrolled_client(&app).await;
    let off = app
        .call(reqwest::Method::DELETE, "/api/client/second-factor")
        .send()
        .await;
    assert_eq!(off.code(), "reauthentication_required");
    app.call(reqwest::Method::DELETE, "/api/client/second-factor")
        .header("x-second-factor", &next_code(&app, &client_secret))
        .send()
        .await
        .expect(204);
    app.sign_out(Role::Client).await.expect(204);
    app.sign_in_as(&member).await.expect(200);
}

async fn wrong_codes_slow_the_next_attempt_like_wrong_passwords(backend: Backend) {
    let app = required(backend).await;
    let (member, secret) = enrolled_client(&app).await;
    app.sign_out(Role::Client).await.expect(204);
    let answer = app
        .sign_in(Role::Client, &member.email, &member.password)
        .await;
    let challenge = challenge_of(&answer, "code");
    // Five free wrong codes from this address; the sixth makes the next
    // attempt wait (429), even with the right code (here the app's next
    // one, accepted a step early for clock drift).
    for _ in 0..6 {
        second_step(&app, Role::Client, &challenge, "000000")
            .await
            .expect(400);
    }
    let right = totp::code_at(&secret, app.now() + TimeDelta::seconds(30)).unwrap();
    let slowed = second_step(&app, Role::Client, &challenge, &right).await;
    slowed.expect(429);
    assert_eq!(slowed.code(), "too_many_attempts");
    assert!(slowed.header("retry-after").is_some());
    // After the wait, the right code opens the session.
    app.advance(TimeDelta::seconds(2));
    second_step(&app, Role::Client, &challenge, &right)
        .await
        .expect(200);
}

async fn a_challenge_expires_and_belongs_to_one_area(backend: Backend) {
    let app = required(backend).await;
    let (member, secret) = enrolled_client(&app).await;
    app.sign_out(Role::Client).await.expect(204);
    let answer = app
        .sign_in(Role::Client, &member.email, &member.password)
        .await;
    let challenge = challenge_of(&answer, "code");
    // Sent to another area, or forged: refused.
    let elsewhere = second_step(&app, Role::Consultant, &challenge, &code(&app, &secret)).await;
    assert_eq!(elsewhere.code(), "sign_in_challenge_invalid");
    let forged = second_step(&app, Role::Client, "not-a-challenge", &code(&app, &secret)).await;
    assert_eq!(forged.code(), "sign_in_challenge_invalid");
    // Five minutes later it has expired.
    app.advance(TimeDelta::minutes(6));
    let late = second_step(&app, Role::Client, &challenge, &code(&app, &secret)).await;
    late.expect(400);
    assert_eq!(late.code(), "sign_in_challenge_invalid");
    // A fresh sign-in works.
    sign_in_with(&app, &member, &secret).await.expect(200);
}

async fn the_operator_removes_a_lost_factor_and_the_next_sign_in_enrols_again(backend: Backend) {
    let app = required(backend).await;
    let (admin, _) = enrolled_admin(&app).await;
    app.session(Role::Admin).await.expect(200);

    // `equilibre admin reset-second-factor --email …`
    command_api::accounts::admin::reset_second_factor(&app.app.command_state, &admin.email)
        .await
        .expect("the factor is removed");
    app.session(Role::Admin).await.expect(401);
    let answer = app
        .sign_in(Role::Admin, &admin.email, &admin.password)
        .await;
    challenge_of(&answer, "enrol");
    // Nothing to remove twice; an unknown administrator is not found.
    assert!(
        command_api::accounts::admin::reset_second_factor(&app.app.command_state, &admin.email)
            .await
            .is_err()
    );
    assert!(
        command_api::accounts::admin::reset_second_factor(
            &app.app.command_state,
            "nobody@example.org"
        )
        .await
        .is_err()
    );
}
