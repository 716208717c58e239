//! The doorbell (DESIGN §1): NATS only wakes readers early; a reader that
//! never hears the ring still catches up from the store on its own timer.

use std::time::Duration;

use domain::account::Role;
use reqwest::Method;

use crate::support::{Backend, TestApp, unique_email};

on_both_backends!(
    a_write_through_one_process_is_projected_by_another_woken_over_nats,
    a_process_that_never_hears_the_ring_catches_up_on_its_own_timer,
);

async fn a_write_through_one_process_is_projected_by_another_woken_over_nats(backend: Backend) {
    let writer = TestApp::with(backend)
        .nats()
        .without_workers()
        .start()
        .await;
    let reader = TestApp::with(backend).nats().sharing(&writer).start().await;
    let mut ring = reader.app.doorbell.listen();
    ring.borrow_and_update();

    let member = writer
        .register(Role::Client, &unique_email("over-nats"))
        .await;
    let signed_in = writer.sign_in_as(&member).await;
    let position = signed_in.position().expect("a position");

    tokio::time::timeout(Duration::from_secs(5), ring.changed())
        .await
        .expect("the reader heard the writer's ring over NATS")
        .expect("the doorbell is open");
    reader.wait_for_projection(position).await;
    let read = reader
        .bare(Method::GET, "/api/client/session")
        .bearer(&signed_in.token("eq_client"))
        .min_position(position)
        .send()
        .await;
    read.expect(200);
    assert_eq!(read.json()["email"], member.email);
}

async fn a_process_that_never_hears_the_ring_catches_up_on_its_own_timer(backend: Backend) {
    // The writer rings in-process only: nothing reaches the reader over NATS.
    let writer = TestApp::with(backend).without_workers().start().await;
    let reader = TestApp::with(backend).nats().sharing(&writer).start().await;

    let member = writer
        .register(Role::Consultant, &unique_email("unheard"))
        .await;
    let signed_in = writer.sign_in_as(&member).await;
    let position = signed_in.position().expect("a position");

    reader.wait_for_projection(position).await;
    let read = reader
        .bare(Method::GET, "/api/consultant/session")
        .bearer(&signed_in.token("eq_consultant"))
        .min_position(position)
        .send()
        .await;
    read.expect(200);
    assert_eq!(read.json()["role"], "consultant");
}
