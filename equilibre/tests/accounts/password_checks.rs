//! Password checks run a few at a time (`platform::auth::HashPool`): an
//! ordinary peak waits its turn, a flood beyond the queue is told 503
//! `server_busy` with `Retry-After` at once, and the account still signs in
//! afterwards.

use domain::account::Role;
use futures::future::join_all;

use crate::support::{Backend, TestApp, unique_email};

on_both_backends!(
    thirty_parallel_wrong_passwords_all_wait_their_turn,
    a_flood_of_sign_ins_beyond_the_queue_is_refused_with_503_and_retry_after,
);

async fn thirty_parallel_wrong_passwords_all_wait_their_turn(backend: Backend) {
    let app = TestApp::start(backend).await;
    let member = app.register(Role::Client, &unique_email("peak")).await;

    let answers = join_all(
        (0..30).map(|_| app.sign_in(Role::Client, &member.email, "not the password at all")),
    )
    .await;

    for answer in &answers {
        answer.expect(401);
    }
    // Thirty failures make this address wait (docs/rules.md); then it signs in.
    app.advance(chrono::Duration::minutes(16));
    app.sign_in_as(&member).await;
}

async fn a_flood_of_sign_ins_beyond_the_queue_is_refused_with_503_and_retry_after(
    backend: Backend,
) {
    let app = TestApp::start(backend).await;
    let member = app.register(Role::Client, &unique_email("flood")).await;

    let answers = join_all(
        (0..300).map(|_| app.sign_in(Role::Client, &member.email, "not the password at all")),
    )
    .await;

    let busy: Vec<_> = answers.iter().filter(|a| a.status == 503).collect();
    // Late arrivals may find the address already slowed by the failures
    // counted meanwhile (429 `too_many_attempts`, before any hashing): also
    // refused without work, how many depends on the machine's speed.
    assert!(
        answers
            .iter()
            .all(|a| a.status == 401 || a.status == 503 || a.code() == "too_many_attempts"),
        "{:?}",
        answers.iter().map(|a| a.status).collect::<Vec<_>>()
    );
    // 64 wait beside those running: at least that many were checked.
    assert!(answers.iter().filter(|a| a.status == 401).count() >= 64);
    assert!(!busy.is_empty(), "a flood beyond the queue is refused");
    for answer in busy {
        assert_eq!(answer.code(), "server_busy");
        assert_eq!(answer.headers["retry-after"], "1");
        assert!(!answer.message().is_empty());
    }
    app.advance(chrono::Duration::minutes(16));
    app.sign_in_as(&member).await;
}
