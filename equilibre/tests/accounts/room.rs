//! The video room (DESIGN §4, docs/rules.md "Video room"): the parties of a
//! confirmed booking see its room and exchange signals over a WebSocket,
//! through NATS when they reach different instances; nobody else gets in.
//!
//! The booking is an `rm_bookings` row written by the test, as the booking
//! projection writes it (docs/booking.md): the booking commands are
//! not in this branch yet, and a row lets the clock sit anywhere in the room's
//! window. The browser test books through the real API.

use std::time::Duration;

use chrono::{DateTime, SubsecRound, TimeDelta, Utc};
use domain::account::Role;
use futures::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use uuid::Uuid;

use crate::support::{Backend, Member, TestApp, unique_email};

on_both_backends!(
    the_parties_see_the_room_and_its_window_and_nobody_else_does,
    the_room_opens_ten_minutes_before_and_closes_thirty_minutes_after,
    signals_and_chat_cross_between_the_client_and_the_consultant,
    a_stranger_cannot_open_the_socket_and_the_room_closes_it_in_time,
    signals_cross_between_two_instances_over_nats,
    signing_out_closes_the_room_socket_and_relays_nothing_more,
);

/// A confirmed booking starting `starts_in` from the app's now, one hour long.
struct Booking {
    id: Uuid,
    client: Member,
    consultant: Member,
    client_token: String,
    consultant_token: String,
    starts_at: DateTime<Utc>,
}

async fn booking(app: &TestApp, starts_in: TimeDelta) -> Booking {
    let client = app
        .register(Role::Client, &unique_email("room-client"))
        .await;
    let consultant = app
        .register(Role::Consultant, &unique_email("room-consultant"))
        .await;
    let client_token = app.sign_in_as(&client).await.token("eq_client");
    let consultant_token = app.sign_in_as(&consultant).await.token("eq_consultant");
    let starts_at = (app.now() + starts_in).trunc_subsecs(0);
    let id = Uuid::now_v7();
    insert_booking(app, id, &client, &consultant, starts_at, "confirmed").await;
    app.catch_up().await;
    Booking {
        id,
        client,
        consultant,
        client_token,
        consultant_token,
        starts_at,
    }
}

/// The row the booking projection writes (docs/booking.md).
async fn insert_booking(
    app: &TestApp,
    id: Uuid,
    client: &Member,
    consultant: &Member,
    starts_at: DateTime<Utc>,
    status: &str,
) {
    let pool = &app.app.read.pool;
    let rfc = |t: DateTime<Utc>| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    sqlx::query(
        "INSERT INTO rm_bookings (id, consultant_id, client_id, status, starts_at, ends_at, duration_minutes, price_minor,
            discount_minor, total_minor, currency, free, coupon_code, card_brand, card_last4, payment_ref, refund_minor,
            cancelled_by, hold_expires_at, created_at, position)
         VALUES ($1, $2, $3, $4, $5, $6, 60, 6000, 0, 6000, 'EUR', 0, '', 'visa', '4242', 'pay_test', 0, '', '', $7, 0)",
    )
    .bind(id.to_string())
    .bind(consultant.account_id.to_string())
    .bind(client.account_id.to_string())
    .bind(status)
    .bind(rfc(starts_at))
    .bind(rfc(starts_at + TimeDelta::hours(1)))
    .bind(rfc(app.now()))
    .execute(pool)
    .await
    .expect("the booking row is written");
}

async fn get_room(app: &TestApp, area: &str, room: Uuid, token: &str) -> crate::support::Answer {
    app.bare(reqwest::Method::GET, &format!("/api/{area}/rooms/{room}"))
        .bearer(token)
        .send()
        .await
}

async fn the_parties_see_the_room_and_its_window_and_nobody_else_does(backend: Backend) {
    let app = TestApp::start(backend).await;
    let room = booking(&app, TimeDelta::minutes(5)).await;

    for (area, token) in [
        ("client", &room.client_token),
        ("consultant", &room.consultant_token),
    ] {
        let answer = get_room(&app, area, room.id, token).await;
        answer.expect(200);
        let body = answer.json();
        assert_eq!(body["room_id"], room.id.to_string());
        assert_eq!(body["open"], true);
        assert_eq!(body["state"], "open");
        assert_eq!(body["party"], area);
        assert_eq!(body["peer_name"], "Camille");
        assert_eq!(body["ice_servers"], json!([]));
        let opens_at: DateTime<Utc> = body["opens_at"].as_str().unwrap().parse().unwrap();
        let closes_at: DateTime<Utc> = body["closes_at"].as_str().unwrap().parse().unwrap();
        assert_eq!(opens_at, room.starts_at - TimeDelta::minutes(10));
        assert_eq!(closes_at, room.starts_at + TimeDelta::minutes(90));
        assert_eq!(answer.header("cache-control"), Some("no-store"));
    }

    // Another client, an administrator, and anyone asking for a room that does
    // not exist: one answer, so room ids do not leak.
    let stranger = app
        .register(Role::Client, &unique_email("room-stranger"))
        .await;
    let stranger_token = app.sign_in_as(&stranger).await.token("eq_client");
    let admin = app.create_admin(&unique_email("room-admin")).await;
    let admin_token = app.sign_in_as(&admin).await.token("eq_admin");
    for (area, token, id) in [
        ("client", &stranger_token, room.id),
        ("admin-panel", &admin_token, room.id),
        ("client", &stranger_token, Uuid::now_v7()),
        ("client", &room.client_token, Uuid::now_v7()),
    ] {
        let answer = get_room(&app, area, id, token).await;
        answer.expect(403);
        assert_eq!(answer.code(), "room_forbidden");
    }
    let english = app
        .bare(
            reqwest::Method::GET,
            &format!("/api/client/rooms/{}", room.id),
        )
        .bearer(&stranger_token)
        .lang("en")
        .send()
        .await;
    assert_eq!(
        english.message(),
        "You do not have access to this video room."
    );

    // A cancelled booking has no room, even for its parties.
    let cancelled = Uuid::now_v7();
    insert_booking(
        &app,
        cancelled,
        &room.client,
        &room.consultant,
        room.starts_at,
        "cancelled",
    )
    .await;
    let answer = get_room(&app, "client", cancelled, &room.client_token).await;
    answer.expect(409);
    assert_eq!(answer.code(), "room_closed");
}

async fn the_room_opens_ten_minutes_before_and_closes_thirty_minutes_after(backend: Backend) {
    let app = TestApp::start(backend).await;
    let room = booking(&app, TimeDelta::hours(3)).await;

    let early = get_room(&app, "client", room.id, &room.client_token).await;
    early.expect(200);
    assert_eq!(early.json()["open"], false);
    assert_eq!(early.json()["state"], "not_open");
    let refused = connect(&app, "client", room.id, &room.client_token)
        .await
        .unwrap_err();
    assert_eq!(refused, 409);

    // 10 minutes before the start: open.
    app.clock.set(room.starts_at - TimeDelta::minutes(10));
    let open = get_room(&app, "consultant", room.id, &room.consultant_token).await;
    assert_eq!(open.json()["state"], "open");

    // 30 minutes after the end: closed.
    app.clock.set(room.starts_at + TimeDelta::minutes(90));
    let closed = get_room(&app, "client", room.id, &room.client_token).await;
    closed.expect(200);
    assert_eq!(closed.json()["open"], false);
    assert_eq!(closed.json()["state"], "closed");
    let refused = connect(&app, "consultant", room.id, &room.consultant_token)
        .await
        .unwrap_err();
    assert_eq!(refused, 409);
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens the room's socket with a Bearer token; `Err(status)` when refused.
async fn connect(app: &TestApp, area: &str, room: Uuid, token: &str) -> Result<Socket, u16> {
    let url = format!(
        "{}/api/{area}/rooms/{room}/ws",
        app.address.replacen("http://", "ws://", 1)
    );
    let mut request = url.into_client_request().expect("a WebSocket request");
    request.headers_mut().insert(
        "authorization",
        format!("Bearer {token}").parse().expect("a header"),
    );
    match tokio_tungstenite::connect_async(request).await {
        Ok((socket, _)) => Ok(socket),
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            Err(response.status().as_u16())
        }
        Err(other) => panic!("the socket failed: {other}"),
    }
}

async fn send(socket: &mut Socket, message: Value) {
    socket
        .send(Message::text(message.to_string()))
        .await
        .expect("the message is sent");
}

/// The next text message (bounded wait).
async fn receive(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("a message within 10 s")
            .expect("the socket is open")
            .expect("a readable message");
        if let Message::Text(text) = message {
            return serde_json::from_str(text.as_str()).expect("JSON");
        }
    }
}

/// The close frame the server sends next: its code and reason.
async fn closing(socket: &mut Socket) -> (u16, String) {
    let frame = tokio::time::timeout(Duration::from_secs(10), socket.next())
        .await
        .expect("an answer within 10 s")
        .expect("a frame")
        .expect("a readable frame");
    match frame {
        Message::Close(Some(frame)) => (u16::from(frame.code), frame.reason.as_str().to_owned()),
        other => panic!("expected the server to close the socket, got {other:?}"),
    }
}

/// The consultant's and the client's sockets of `room`, both open.
async fn both_connected(app: &TestApp, room: &Booking) -> (Socket, Socket) {
    let consultant = connect(app, "consultant", room.id, &room.consultant_token)
        .await
        .unwrap();
    let client = connect(app, "client", room.id, &room.client_token)
        .await
        .unwrap();
    (consultant, client)
}

async fn signals_and_chat_cross_between_the_client_and_the_consultant(backend: Backend) {
    let app = TestApp::start(backend).await;
    let room = booking(&app, TimeDelta::minutes(5)).await;
    let (mut consultant, mut client) = both_connected(&app, &room).await;

    send(&mut client, json!({"type": "join"})).await;
    assert_eq!(
        receive(&mut consultant).await,
        json!({"type": "peer-joined", "reply": false, "from": "client"})
    );
    send(&mut consultant, json!({"type": "join", "reply": true})).await;
    assert_eq!(receive(&mut client).await["type"], "peer-joined");

    send(
        &mut consultant,
        json!({"type": "offer", "description": {"type": "offer", "sdp": "v=0"}}),
    )
    .await;
    let offer = receive(&mut client).await;
    assert_eq!(
        (offer["type"].as_str(), offer["from"].as_str()),
        (Some("offer"), Some("consultant"))
    );
    assert_eq!(offer["description"]["sdp"], "v=0");

    send(
        &mut client,
        json!({"type": "chat", "text": " Bonjour, je suis là "}),
    )
    .await;
    let chat = receive(&mut consultant).await;
    assert_eq!(chat["text"], "Bonjour, je suis là");
    assert_eq!(chat["from"], "client");
    assert_eq!(
        chat["at"],
        app.now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    );

    // The sender does not hear itself; leaving tells the other party.
    client.close(None).await.expect("the client leaves");
    assert_eq!(
        receive(&mut consultant).await,
        json!({"type": "peer-left", "from": "client"})
    );
}

async fn a_stranger_cannot_open_the_socket_and_the_room_closes_it_in_time(backend: Backend) {
    let app = TestApp::start(backend).await;
    let room = booking(&app, TimeDelta::minutes(5)).await;
    let stranger = app
        .register(Role::Client, &unique_email("socket-stranger"))
        .await;
    let stranger_token = app.sign_in_as(&stranger).await.token("eq_client");
    assert_eq!(
        connect(&app, "client", room.id, &stranger_token)
            .await
            .unwrap_err(),
        403
    );
    // The client's token in the consultant's area is no way in either.
    assert_eq!(
        connect(&app, "consultant", room.id, &room.client_token)
            .await
            .unwrap_err(),
        403
    );

    let mut client = connect(&app, "client", room.id, &room.client_token)
        .await
        .unwrap();
    app.clock.set(room.starts_at + TimeDelta::minutes(90));
    send(&mut client, json!({"type": "chat", "text": "still there?"})).await;
    assert_eq!(closing(&mut client).await, (4000, "room_closed".to_owned()));
}

async fn signals_cross_between_two_instances_over_nats(backend: Backend) {
    let first = TestApp::with(backend).nats().start().await;
    let second = TestApp::with(backend).nats().sharing(&first).start().await;
    let room = booking(&first, TimeDelta::minutes(5)).await;

    let mut client = connect(&first, "client", room.id, &room.client_token)
        .await
        .unwrap();
    let mut consultant = connect(&second, "consultant", room.id, &room.consultant_token)
        .await
        .unwrap();

    // The consultant's socket may still be subscribing: say hello until heard.
    let mut attempts = 0;
    let heard = loop {
        attempts += 1;
        assert!(attempts <= 20, "no signal crossed over NATS");
        send(
            &mut client,
            json!({"type": "chat", "text": "Bonjour depuis la première instance"}),
        )
        .await;
        match tokio::time::timeout(Duration::from_millis(500), receive(&mut consultant)).await {
            Ok(message) => break message,
            Err(_) => continue,
        }
    };
    assert_eq!(heard["text"], "Bonjour depuis la première instance");
    assert_eq!(heard["from"], "client");

    send(
        &mut consultant,
        json!({"type": "chat", "text": "Bien reçu"}),
    )
    .await;
    let mut answer = receive(&mut client).await;
    // Hellos that crossed twice are not repeated to the sender.
    while answer["from"] != "consultant" {
        answer = receive(&mut client).await;
    }
    assert_eq!(answer["text"], "Bien reçu");
}

async fn signing_out_closes_the_room_socket_and_relays_nothing_more(backend: Backend) {
    let app = TestApp::start(backend).await;
    let room = booking(&app, TimeDelta::minutes(5)).await;
    let (mut consultant, mut client) = both_connected(&app, &room).await;
    send(&mut client, json!({"type": "join"})).await;
    assert_eq!(receive(&mut consultant).await["type"], "peer-joined");

    // The client signs out (the session its socket was opened with).
    app.sign_out(Role::Client).await.expect(204);
    send(
        &mut client,
        json!({"type": "chat", "text": "after sign-out"}),
    )
    .await;
    assert_eq!(
        closing(&mut client).await,
        (4001, "session_ended".to_owned())
    );
    // The message sent after the sign-out never reached the consultant.
    assert_eq!(
        receive(&mut consultant).await,
        json!({"type": "peer-left", "from": "client"})
    );
    // Nor can the ended session open the room again.
    assert_eq!(
        connect(&app, "client", room.id, &room.client_token)
            .await
            .unwrap_err(),
        401
    );
}
