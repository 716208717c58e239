//! The reactions worker (DESIGN §1 "Side effects and time"): one worker acts
//! at a time, effects have deterministic ids so nothing is sent twice, and
//! scheduled commands fire when the clock passes their due time.

use chrono::TimeDelta;
use domain::account::Role;
use store::Position;

use crate::support::{Backend, TestApp, unique_email};

on_both_backends!(
    two_reactors_stepping_at_once_send_each_otp_mail_exactly_once,
    the_otp_mail_payload_is_erased_only_once_the_code_has_expired,
);

async fn two_reactors_stepping_at_once_send_each_otp_mail_exactly_once(backend: Backend) {
    let app = TestApp::with(backend)
        .smtp()
        .without_workers()
        .start()
        .await;
    let emails: Vec<String> = (0..4).map(|i| unique_email(&format!("once{i}"))).collect();
    for email in &emails {
        app.request_otp(email, Role::Client).await.expect(202);
    }
    let (first, second) = (app.app.reactor(), app.app.reactor());
    app.settle().await;

    let (a, b) = tokio::join!(
        tokio::spawn(async move { first.drain().await }),
        tokio::spawn(async move { second.drain().await })
    );
    let (a, b) = (a.unwrap().unwrap(), b.unwrap().unwrap());
    // The lease expires; a third worker takes over, even from the start of the log.
    app.advance(TimeDelta::seconds(31));
    app.app
        .stores
        .reactor
        .save_checkpoint("reactions", Position::START)
        .await
        .unwrap();
    let third = app.app.reactor();
    let replayed = third.drain().await.unwrap();
    // A marker mail sent last: once maildev has it, any duplicate is there too.
    let marker = unique_email("marker");
    app.request_otp(&marker, Role::Client).await.expect(202);
    app.settle().await;
    third.drain().await.unwrap();
    app.maildev().wait_for_recipient(&marker).await;

    assert!(a == 0 || b == 0, "both workers acted: {a} and {b}");
    assert!(a + b >= emails.len() && replayed > 0);
    for email in &emails {
        let mails = app.mails_to(email).await;
        assert_eq!(mails.len(), 1, "{email} got {} mails", mails.len());
        assert_eq!(
            crate::support::code_in(&mails[0]),
            app.otp_code(email, Role::Client).await
        );
    }
}

async fn the_otp_mail_payload_is_erased_only_once_the_code_has_expired(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let email = unique_email("ephemeral");
    app.request_otp(&email, Role::Client).await.expect(202);
    let (otp_id, stream) = app.latest_otp(&email, Role::Client).await;
    let payload = || async { app.app.stores.events.payload(otp_id, "mail").await.unwrap() };
    let erased = || async {
        let events = app.app.stores.events.read_stream(&stream).await.unwrap();
        events
            .iter()
            .filter(|e| e.event_type == "OtpMailErased" && e.payload.contains(&otp_id.to_string()))
            .count()
    };

    app.drain_reactions().await;
    app.advance(TimeDelta::minutes(10) - TimeDelta::seconds(1));
    app.drain_reactions().await;
    let before_expiry = (payload().await, erased().await);
    app.advance(TimeDelta::seconds(2));
    app.drain_reactions().await;
    app.drain_reactions().await;

    assert!(
        before_expiry.0.is_some_and(|p| p.contains(&email)),
        "the payload is kept until expiry"
    );
    assert_eq!(before_expiry.1, 0);
    assert_eq!(payload().await, None);
    assert_eq!(erased().await, 1, "OtpMailErased is recorded once");
    assert!(
        app.all_events()
            .await
            .iter()
            .all(|e| !e.payload.contains(&email)),
        "no address in any event"
    );
}
