//! E-mail OTP rules (DESIGN §2), by moving the clock: 10 minutes of
//! validity, 5 attempts, resend after 60 s, at most 5 sends an hour.

use chrono::TimeDelta;
use domain::account::Role;
use serde_json::json;

use crate::support::{Backend, TestApp, unique_email};

on_both_backends!(
    a_code_expires_after_ten_minutes,
    five_wrong_codes_exhaust_a_code_even_for_the_right_one,
    a_new_code_is_refused_before_sixty_seconds_and_replaces_the_old_one_after,
    at_most_five_codes_are_sent_an_hour_whichever_process_sends_them,
);

fn wrong(code: &str) -> String {
    format!(
        "{:06}",
        (code.parse::<u32>().expect("six digits") + 1) % 1_000_000
    )
}

async fn a_code_expires_after_ten_minutes(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (on_time, late) = (unique_email("on-time"), unique_email("late"));
    app.request_otp(&on_time, Role::Client).await.expect(202);
    let answer = app.request_otp(&late, Role::Client).await;
    answer.expect(202);
    let (on_time_code, late_code) = (
        app.otp_code(&on_time, Role::Client).await,
        app.otp_code(&late, Role::Client).await,
    );

    app.advance(TimeDelta::seconds(9 * 60 + 59));
    let accepted = app.verify_otp(&on_time, Role::Client, &on_time_code).await;
    app.advance(TimeDelta::seconds(1));
    let expired = app.verify_otp(&late, Role::Client, &late_code).await;

    assert_eq!(
        answer.json(),
        json!({"resend_after_seconds": 60, "expires_in_seconds": 600})
    );
    accepted.expect(200);
    expired.expect(400);
    assert_eq!(expired.code(), "otp_expired");
    assert_eq!(
        expired.message(),
        "Le code a expiré. Demandez-en un nouveau."
    );
}

async fn five_wrong_codes_exhaust_a_code_even_for_the_right_one(backend: Backend) {
    let app = TestApp::start(backend).await;
    let email = unique_email("guesser");
    app.request_otp(&email, Role::Client).await.expect(202);
    let code = app.otp_code(&email, Role::Client).await;

    for attempt in 1..=5 {
        let refused = app.verify_otp(&email, Role::Client, &wrong(&code)).await;
        refused.expect(400);
        assert_eq!(
            refused.field("code").as_deref(),
            Some("Le code est incorrect."),
            "attempt {attempt}"
        );
    }
    let exhausted = app
        .post("/api/public/email-otp/verify")
        .lang("en")
        .json(&json!({"email": email, "role": "client", "code": code}))
        .send()
        .await;

    exhausted.expect(400);
    assert_eq!(exhausted.code(), "otp_attempts_exhausted");
    assert_eq!(
        exhausted.message(),
        "Too many attempts. Please request a new code."
    );
    assert_eq!(app.count_events("OtpAttemptFailed").await, 5);
    assert_eq!(app.count_events("OtpVerified").await, 0);

    app.advance(TimeDelta::seconds(60));
    app.request_otp(&email, Role::Client).await.expect(202);
    let fresh = app.otp_code(&email, Role::Client).await;
    app.verify_otp(&email, Role::Client, &fresh)
        .await
        .expect(200);
}

async fn a_new_code_is_refused_before_sixty_seconds_and_replaces_the_old_one_after(
    backend: Backend,
) {
    let app = TestApp::start(backend).await;
    let email = unique_email("impatient");
    app.request_otp(&email, Role::Consultant).await.expect(202);
    let first = app.otp_code(&email, Role::Consultant).await;

    app.advance(TimeDelta::seconds(59));
    let too_soon = app.request_otp(&email, Role::Consultant).await;
    app.advance(TimeDelta::seconds(1));
    let allowed = app.request_otp(&email, Role::Consultant).await;

    too_soon.expect(429);
    assert_eq!(too_soon.code(), "otp_resend_too_soon");
    allowed.expect(202);
    let second = app.otp_code(&email, Role::Consultant).await;
    if second != first {
        app.verify_otp(&email, Role::Consultant, &first)
            .await
            .expect(400);
    }
    app.verify_otp(&email, Role::Consultant, &second)
        .await
        .expect(200);
    assert_eq!(app.count_events("OtpIssued").await, 2);
}

async fn at_most_five_codes_are_sent_an_hour_whichever_process_sends_them(backend: Backend) {
    let app = TestApp::start(backend).await;
    let other_process = TestApp::with(backend)
        .sharing(&app)
        .without_workers()
        .start()
        .await;
    let email = unique_email("eager");
    for _ in 0..5 {
        app.request_otp(&email, Role::Client).await.expect(202);
        app.advance(TimeDelta::seconds(60));
    }

    let sixth = app.request_otp(&email, Role::Client).await;
    let elsewhere = other_process.request_otp(&email, Role::Client).await;
    app.advance(TimeDelta::seconds(3600 + 1 - 5 * 60));
    let next_hour = other_process.request_otp(&email, Role::Client).await;

    sixth.expect(429);
    assert_eq!(sixth.code(), "otp_send_limit");
    assert_eq!(
        sixth.message(),
        "Trop de codes demandés. Réessayez dans une heure."
    );
    elsewhere.expect(429);
    assert_eq!(elsewhere.code(), "otp_send_limit");
    next_hour.expect(202);
    assert_eq!(app.count_events("OtpIssued").await, 6);
}
