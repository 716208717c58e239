//! Read-your-writes (DESIGN §1): a GET that names a position the read
//! models have not reached waits about 2 s, then answers 503.

use std::time::{Duration, Instant};

use domain::account::Role;

use crate::support::{Backend, TestApp, unique_email};

on_both_backends!(
    a_read_beyond_the_checkpoint_waits_then_answers_503_until_the_projector_catches_up
);

async fn a_read_beyond_the_checkpoint_waits_then_answers_503_until_the_projector_catches_up(
    backend: Backend,
) {
    let app = TestApp::with(backend).without_workers().start().await;
    let member = app.register(Role::Client, &unique_email("reader")).await;
    let position = app
        .sign_in_as(&member)
        .await
        .position()
        .expect("a position");

    let started = Instant::now();
    let behind = app
        .get("/api/client/session")
        .min_position(position)
        .send_once()
        .await;
    let waited = started.elapsed();
    app.catch_up().await;
    let fresh = app
        .get("/api/client/session")
        .min_position(position)
        .send()
        .await;

    behind.expect(503);
    assert_eq!(behind.code(), "read_model_behind");
    assert_eq!(
        behind.message(),
        "Les données sont en cours de mise à jour. Réessayez dans un instant."
    );
    assert!(
        waited >= Duration::from_millis(1900) && waited < Duration::from_secs(6),
        "waited {waited:?}"
    );
    fresh.expect(200);
    assert_eq!(fresh.json()["given_name"], "Camille");
    // The zone the SPA shows this account's dates in.
    assert_eq!(fresh.json()["timezone"], "Europe/Paris");
}
