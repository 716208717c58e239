//! Sessions (DESIGN §2): revocation takes effect at once in both services,
//! whether the token comes as a cookie or as Bearer; cookie attributes; CSRF.

use domain::account::Role;
use reqwest::Method;
use serde_json::json;

use crate::support::{Backend, Member, TestApp, unique_email};

on_both_backends!(
    a_signed_out_token_is_refused_at_once_by_both_services,
    a_password_change_revokes_every_other_session_at_once,
    a_session_ends_when_its_twelve_hours_are_over,
    the_session_cookie_is_http_only_secure_lax_and_scoped_to_the_api,
    cookie_posts_need_the_custom_header_and_our_origin_but_bearer_posts_do_not,
);

const NEW_PASSWORD: &str = "another quiet evening by the sea";

/// Asserts that `token` opens nothing, as Bearer or as the area cookie,
/// on the query side (GET session) and on the command side (POST change-password).
async fn assert_refused_everywhere(app: &TestApp, member: &Member, token: &str) {
    let area = member.role.area();
    let cookie = format!("{}={token}", platform::auth::cookie_name(member.role));
    let body = json!({"current_password": member.password, "new_password": NEW_PASSWORD});
    let answers = [
        app.bare(Method::GET, &format!("/api/{area}/session"))
            .bearer(token)
            .send()
            .await,
        app.bare(Method::GET, &format!("/api/{area}/session"))
            .header("cookie", &cookie)
            .send()
            .await,
        app.bare(Method::POST, &format!("/api/{area}/change-password"))
            .bearer(token)
            .json(&body)
            .send()
            .await,
        app.bare(Method::POST, &format!("/api/{area}/change-password"))
            .same_origin()
            .header("cookie", &cookie)
            .json(&body)
            .send()
            .await,
    ];
    for answer in answers {
        answer.expect(401);
        assert_eq!(answer.code(), "not_signed_in");
    }
}

async fn a_signed_out_token_is_refused_at_once_by_both_services(backend: Backend) {
    let app = TestApp::start(backend).await;
    let member = app.register(Role::Client, &unique_email("leaving")).await;
    let token = app.sign_in_as(&member).await.token("eq_client");
    app.session(Role::Client).await.expect(200);
    let position = app.seen_position().expect("a position");
    app.bare(Method::GET, "/api/client/session")
        .bearer(&token)
        .min_position(position)
        .send()
        .await
        .expect(200);

    let signed_out = app.sign_out(Role::Client).await;

    signed_out.expect(204);
    let cleared = signed_out
        .set_cookie("eq_client")
        .expect("the cookie is cleared");
    assert!(
        cleared.starts_with("eq_client=;")
            && cleared.contains("Max-Age=0")
            && cleared.contains("Path=/api"),
        "{cleared}"
    );
    app.session(Role::Client).await.expect(401);
    assert_refused_everywhere(&app, &member, &token).await;
}

async fn a_password_change_revokes_every_other_session_at_once(backend: Backend) {
    let app = TestApp::start(backend).await;
    let member = app.register(Role::Client, &unique_email("careful")).await;
    let first = app.sign_in_as(&member).await.token("eq_client");
    let other_device = app
        .bare(Method::POST, "/api/client/sign-in")
        .same_origin()
        .json(&json!({"email": member.email, "password": member.password}))
        .send()
        .await;
    other_device.expect(200);
    let other = other_device.token("eq_client");

    let changed = app
        .change_password(Role::Client, &member.password, NEW_PASSWORD)
        .await;

    changed.expect(204);
    let renewed = changed.token("eq_client");
    assert_ne!(renewed, first);
    assert_refused_everywhere(&app, &member, &other).await;
    assert_refused_everywhere(&app, &member, &first).await;
    let session = app.session(Role::Client).await;
    session.expect(200);
    assert_eq!(session.json()["email"], member.email);
    let old = app
        .sign_in(Role::Client, &member.email, &member.password)
        .await;
    old.expect(401);
    assert_eq!(old.code(), "invalid_credentials");
    app.sign_in(Role::Client, &member.email, NEW_PASSWORD)
        .await
        .expect(200);
}

async fn the_session_cookie_is_http_only_secure_lax_and_scoped_to_the_api(backend: Backend) {
    let app = TestApp::start(backend).await;
    let member = app
        .register(Role::Consultant, &unique_email("cookie"))
        .await;

    let signed_in = app.sign_in_as(&member).await;

    let cookie = signed_in
        .set_cookie("eq_consultant")
        .expect("a session cookie");
    let attributes: Vec<&str> = cookie.split(';').map(str::trim).collect();
    for expected in [
        "HttpOnly",
        "Secure",
        "SameSite=Lax",
        "Path=/api",
        "Max-Age=43200",
    ] {
        assert!(
            attributes.contains(&expected),
            "{expected} missing from {cookie}"
        );
    }
    assert!(signed_in.set_cookie("eq_client").is_none());
    assert!(
        !signed_in.text.contains(&signed_in.token("eq_consultant")),
        "the token is not in the body"
    );
}

async fn cookie_posts_need_the_custom_header_and_our_origin_but_bearer_posts_do_not(
    backend: Backend,
) {
    let app = TestApp::start(backend).await;
    let member = app.register(Role::Client, &unique_email("csrf")).await;
    let token = app.sign_in_as(&member).await.token("eq_client");
    let cookie = format!("eq_client={token}");
    let body = json!({"current_password": member.password, "new_password": NEW_PASSWORD});
    let change = || {
        app.bare(Method::POST, "/api/client/change-password")
            .json(&body)
    };

    let without_header = change()
        .header("cookie", &cookie)
        .header("origin", &app.address)
        .send()
        .await;
    let foreign_origin = change()
        .header("cookie", &cookie)
        .header("x-requested-with", "equilibre")
        .header("origin", "https://evil.example")
        .lang("en")
        .send()
        .await;
    let cross_site = change()
        .header("cookie", &cookie)
        .header("x-requested-with", "equilibre")
        .header("sec-fetch-site", "cross-site")
        .send()
        .await;

    for refused in [&without_header, &foreign_origin, &cross_site] {
        refused.expect(403);
        assert_eq!(refused.code(), "csrf_rejected");
    }
    assert_eq!(
        foreign_origin.message(),
        "Request refused for security reasons. Reload the page and try again."
    );
    assert_eq!(app.count_events("PasswordChanged").await, 0);

    let login_from_elsewhere = app
        .bare(Method::POST, "/api/client/sign-in")
        .header("x-requested-with", "equilibre")
        .header("origin", "https://evil.example")
        .json(&json!({"email": member.email, "password": member.password}))
        .send()
        .await;
    login_from_elsewhere.expect(403);
    assert_eq!(login_from_elsewhere.code(), "csrf_rejected");

    let bearer = change()
        .bearer(&token)
        .header("origin", "https://evil.example")
        .send()
        .await;

    bearer.expect(204);
    assert_eq!(app.count_events("PasswordChanged").await, 1);
}

async fn a_session_ends_when_its_twelve_hours_are_over(backend: Backend) {
    let app = TestApp::start(backend).await;
    let member = app
        .register(Role::Consultant, &unique_email("long-day"))
        .await;
    let token = app.sign_in_as(&member).await.token("eq_consultant");

    app.advance(chrono::TimeDelta::hours(12) - chrono::TimeDelta::seconds(1));
    let still = app.session(Role::Consultant).await;
    app.advance(chrono::TimeDelta::seconds(1));

    still.expect(200);
    assert_refused_everywhere(&app, &member, &token).await;
}
