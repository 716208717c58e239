//! Guessing and flooding (docs/rules.md "Request limits" and "Sign-in
//! throttling"): failed sign-ins slow the next attempt per account and
//! client address, never for good; each address has a budget of sign-ins;
//! `X-Forwarded-For` counts only from a trusted proxy; sessions opened at
//! once never conflict.

use domain::account::Role;
use futures::future::join_all;
use platform::config::RateLimits;
use serde_json::json;

use crate::support::{Answer, Backend, Member, TestApp, unique_email};

on_both_backends!(
    fifty_parallel_correct_sign_ins_to_one_account_all_succeed,
    failed_sign_ins_slow_the_next_attempt_from_that_address_until_the_wait_ends,
    guesses_spread_over_many_addresses_slow_the_account_but_never_lock_it,
    each_address_has_a_budget_of_sign_ins_and_a_spent_one_answers_429,
    forwarded_for_is_believed_only_from_a_trusted_proxy,
);

/// Behind a proxy on 127.0.0.1, with budgets no test reaches unless it means to.
fn behind_proxy(sign_ins_per_minute: u32) -> RateLimits {
    RateLimits {
        sign_ins_per_minute,
        trusted_proxies: vec!["127.0.0.1/32".parse().unwrap()],
        ..RateLimits::unreachable()
    }
}

async fn sign_in_from(app: &TestApp, from: &str, member: &Member, password: &str) -> Answer {
    app.post(&format!("/api/{}/sign-in", member.role.area()))
        .header("x-forwarded-for", from)
        .json(&json!({"email": member.email, "password": password}))
        .send()
        .await
}

async fn fifty_parallel_correct_sign_ins_to_one_account_all_succeed(backend: Backend) {
    let app = TestApp::start(backend).await;
    let member = app
        .register(Role::Client, &unique_email("front-desk"))
        .await;

    let answers =
        join_all((0..50).map(|_| app.sign_in(Role::Client, &member.email, &member.password))).await;

    let statuses: Vec<u16> = answers.iter().map(|a| a.status.as_u16()).collect();
    assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");
    // Fifty sessions, each its own, all recorded in the account's sign-in log.
    assert_eq!(app.count_events("SessionStarted").await, 50);
    app.session(Role::Client).await.expect(200);
}

async fn failed_sign_ins_slow_the_next_attempt_from_that_address_until_the_wait_ends(
    backend: Backend,
) {
    let app = TestApp::with(backend)
        .limits(behind_proxy(1_000))
        .start()
        .await;
    let member = app.register(Role::Client, &unique_email("guessed")).await;
    let guesser = "203.0.113.5";

    // Five free failures, and a sixth that starts a one-second wait.
    for _ in 0..6 {
        sign_in_from(&app, guesser, &member, "wrong guess")
            .await
            .expect(401);
    }
    // Even the right password waits: nothing is checked during a wait.
    let waiting = sign_in_from(&app, guesser, &member, &member.password).await;
    waiting.expect(429);
    assert_eq!(waiting.code(), "too_many_attempts");
    assert_eq!(waiting.header("retry-after"), Some("1"));
    assert!(!waiting.message().is_empty());

    // The owner elsewhere is not slowed by the guesser.
    sign_in_from(&app, "198.51.100.7", &member, &member.password)
        .await
        .expect(200);

    // The wait ends; a success clears the address's run.
    app.advance(chrono::Duration::seconds(2));
    sign_in_from(&app, guesser, &member, &member.password)
        .await
        .expect(200);
    for _ in 0..5 {
        sign_in_from(&app, guesser, &member, "wrong again")
            .await
            .expect(401);
    }
}

async fn guesses_spread_over_many_addresses_slow_the_account_but_never_lock_it(backend: Backend) {
    let app = TestApp::with(backend)
        .limits(behind_proxy(1_000))
        .start()
        .await;
    let member = app
        .register(Role::Consultant, &unique_email("targeted"))
        .await;

    // 31 guesses from 31 addresses: each address is under its own threshold,
    // the account's is passed.
    for n in 0..31 {
        sign_in_from(&app, &format!("203.0.113.{n}"), &member, "spread guess")
            .await
            .expect(401);
    }
    let slowed = sign_in_from(&app, "198.51.100.7", &member, &member.password).await;
    slowed.expect(429);
    assert_eq!(slowed.code(), "too_many_attempts");
    assert_eq!(slowed.header("retry-after"), Some("15"));

    app.advance(chrono::Duration::seconds(16));
    sign_in_from(&app, "198.51.100.7", &member, &member.password)
        .await
        .expect(200);
}

async fn each_address_has_a_budget_of_sign_ins_and_a_spent_one_answers_429(backend: Backend) {
    let app = TestApp::with(backend)
        .limits(behind_proxy(20))
        .start()
        .await;
    let member = app.register(Role::Client, &unique_email("office")).await;
    let office = "192.0.2.10";

    // Twenty colleagues behind one address sign in within the minute.
    for _ in 0..20 {
        sign_in_from(&app, office, &member, &member.password)
            .await
            .expect(200);
    }
    let spent = app
        .post("/api/client/sign-in")
        .header("x-forwarded-for", office)
        .lang("fr")
        .json(&json!({"email": member.email, "password": member.password}))
        .send()
        .await;
    spent.expect(429);
    assert_eq!(spent.code(), "too_many_requests");
    assert!(
        spent.message().starts_with("Trop de demandes"),
        "{}",
        spent.message()
    );
    let wait: u64 = spent.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=3).contains(&wait), "{wait}");
    // The other routes that hash or send share the budget; reads do not.
    app.post("/api/public/email-otp")
        .header("x-forwarded-for", office)
        .json(&json!({"email": unique_email("late"), "role": "client"}))
        .send()
        .await
        .expect(429);
    app.get("/api/public/experts")
        .header("x-forwarded-for", office)
        .send()
        .await
        .expect(200);
    // Another address has its own budget.
    sign_in_from(&app, "192.0.2.11", &member, &member.password)
        .await
        .expect(200);
}

async fn forwarded_for_is_believed_only_from_a_trusted_proxy(backend: Backend) {
    let limits = RateLimits {
        sign_ins_per_minute: 6,
        ..RateLimits::unreachable()
    };
    let app = TestApp::with(backend).limits(limits).start().await;
    let member = app.register(Role::Client, &unique_email("spoofer")).await;

    // A new made-up address each time changes nothing: the peer is counted
    // (signing up spent some of its budget too), so a 429 comes within seven.
    let mut statuses = Vec::new();
    for n in 0..7 {
        let answer = sign_in_from(&app, &format!("203.0.113.{n}"), &member, &member.password).await;
        statuses.push(answer.status.as_u16());
    }
    assert!(statuses.contains(&429), "{statuses:?}");
    assert!(
        statuses.iter().all(|s| *s == 200 || *s == 429),
        "{statuses:?}"
    );
}
