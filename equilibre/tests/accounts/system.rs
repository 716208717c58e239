//! Health, the OpenAPI document, unknown API paths and the web app.

use domain::account::Role;
use reqwest::Method;

use crate::support::{Backend, INDEX_HTML, TestApp, unique_email};

on_both_backends!(
    health_shows_the_checkpoint_equal_to_the_store_head_after_catch_up,
    the_openapi_document_is_3_1_and_lists_every_documented_route,
    unknown_api_paths_answer_a_json_404_and_other_paths_the_web_app,
    the_policies_the_app_states_are_the_domains_and_cacheable,
    every_answer_carries_the_security_headers,
);

/// Every route of `docs/api.md`.
const DOCUMENTED: &[&str] = &[
    "get /api/health",
    "get /api/openapi.json",
    "get /api/public/web-settings",
    "get /api/public/registration-options",
    "get /api/public/policies",
    "post /api/public/email-otp",
    "post /api/public/email-otp/verify",
    "post /api/{area}/sign-up",
    "post /api/{area}/sign-in",
    "post /api/{area}/sign-out",
    "get /api/{area}/session",
    "post /api/{area}/forgot-password",
    "post /api/{area}/reset-password",
    "post /api/{area}/change-password",
    "get /api/{area}/my-profile",
    "post /api/admin-panel/accounts/{id}/forget",
    "get /api/public/reference/{kind}",
    "get /api/admin-panel/reference/{kind}",
    "get /api/admin-panel/reference/{kind}/{id}",
    "post /api/admin-panel/reference/{kind}",
    "put /api/admin-panel/reference/{kind}/{id}",
    "post /api/admin-panel/reference/{kind}/{id}/trash",
    "post /api/admin-panel/reference/{kind}/{id}/restore",
];

async fn health_shows_the_checkpoint_equal_to_the_store_head_after_catch_up(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    app.register(Role::Client, &unique_email("healthy")).await;
    app.settle().await;

    let behind = app.get("/api/health").send().await;
    app.catch_up().await;
    // An answer serves for 250 ms; `no-cache` reads the positions now.
    let caught_up = app
        .get("/api/health")
        .header("cache-control", "no-cache")
        .send()
        .await;

    behind.expect(200);
    assert_eq!(behind.json()["projector_checkpoint"], "0.0");
    assert_ne!(behind.json()["store_head"], "0.0");
    caught_up.expect(200);
    let body = caught_up.json();
    assert_eq!(body["status"], "ok");
    assert_eq!(body["store_head"], app.store_head().await.to_string());
    assert_eq!(body["projector_checkpoint"], body["store_head"]);
}

async fn the_openapi_document_is_3_1_and_lists_every_documented_route(backend: Backend) {
    let app = TestApp::start(backend).await;

    let answer = app.get("/api/openapi.json").send().await;

    answer.expect(200);
    let doc = answer.json();
    assert!(
        doc["openapi"]
            .as_str()
            .is_some_and(|v| v.starts_with("3.1")),
        "{}",
        doc["openapi"]
    );
    for route in DOCUMENTED {
        let (method, path) = route.split_once(' ').unwrap();
        assert!(
            doc["paths"][path][method].is_object(),
            "{route} is not in the OpenAPI document"
        );
    }
    assert!(doc["components"]["securitySchemes"]["session"].is_object());

    // The two services' documents are merged by schema name: a name both
    // use must describe one shape, or one service's answers are mis-described.
    let schemas = |doc: utoipa::openapi::OpenApi| {
        serde_json::to_value(doc).unwrap()["components"]["schemas"]
            .as_object()
            .cloned()
            .unwrap_or_default()
    };
    let commands = schemas(command_api::router(app.app.command_state.clone()).1);
    let queries = schemas(query_api::router(app.app.query_state.clone()).1);
    for (name, shape) in &commands {
        if let Some(other) = queries.get(name) {
            assert_eq!(shape, other, "schema {name} differs between the services");
        }
    }
}

async fn unknown_api_paths_answer_a_json_404_and_other_paths_the_web_app(backend: Backend) {
    let app = TestApp::start(backend).await;

    let unknown = app.get("/api/no/such/thing").send().await;
    let unknown_post = app
        .post("/api/client/no-such-command")
        .lang("en")
        .send()
        .await;
    let bare_api = app.bare(Method::GET, "/api").send().await;
    let deep_link = app.bare(Method::GET, "/client/dashboard").send().await;
    let root = app.bare(Method::GET, "/").send().await;
    let reset_page = app
        .bare(
            Method::GET,
            "/public/client/verify/a-token/camille%40example.org",
        )
        .send()
        .await;

    for answer in [&unknown, &unknown_post, &bare_api] {
        answer.expect(404);
        assert!(
            answer
                .header("content-type")
                .is_some_and(|t| t.starts_with("application/json")),
            "{answer:?}"
        );
        assert_eq!(answer.code(), "not_found");
    }
    assert_eq!(unknown.message(), "Ressource introuvable.");
    assert_eq!(unknown_post.message(), "Not found.");
    assert_eq!(reset_page.header("referrer-policy"), Some("no-referrer"));
    for page in [&deep_link, &root, &reset_page] {
        page.expect(200);
        assert!(
            page.header("content-type")
                .is_some_and(|t| t.starts_with("text/html")),
            "{page:?}"
        );
    }
    assert_eq!(deep_link.text, INDEX_HTML);
    assert_eq!(reset_page.text, INDEX_HTML);
    // The home page is rendered (pages::home).
    assert!(root.text.contains("data-ssr=\"home\""), "{}", root.text);
}

async fn every_answer_carries_the_security_headers(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;

    let page = app.bare(Method::GET, "/client/dashboard").send().await;
    let api = app.get("/api/public/experts").send().await;
    let refused = app.get("/api/public/experts?page=0").send().await;

    for answer in [&page, &api, &refused] {
        let csp = answer.header("content-security-policy").unwrap_or_default();
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert!(
            !csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"),
            "{csp}"
        );
        assert_eq!(answer.header("x-frame-options"), Some("DENY"));
        assert_eq!(answer.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(answer.header("referrer-policy"), Some("no-referrer"));
        let permissions = answer.header("permissions-policy").unwrap_or_default();
        assert!(permissions.contains("camera=(self)") && permissions.contains("microphone=(self)"));
        // Served over plain http here: HSTS would be ignored, so it is not sent.
        assert_eq!(answer.header("strict-transport-security"), None);
    }
    let web_policy = page.header("content-security-policy").unwrap_or_default();
    assert!(
        web_policy.starts_with("default-src 'self'; script-src 'self';"),
        "{web_policy}"
    );
    assert!(
        api.header("content-security-policy")
            .is_some_and(|p| p.starts_with("default-src 'none'"))
    );
}

async fn the_policies_the_app_states_are_the_domains_and_cacheable(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;

    let answer = app.get("/api/public/policies").send().await;

    answer.expect(200);
    assert_eq!(answer.header("cache-control"), Some("public, max-age=3600"));
    let body = answer.json();
    assert_eq!(body["refund_window_hours"], 24);
    let durations = body["session_durations_minutes"].as_array().unwrap();
    assert_eq!(durations.len(), 34);
    assert_eq!(
        (durations[0].clone(), durations[33].clone()),
        (15.into(), 180.into())
    );
    assert_eq!(
        body["shifts"]["morning"],
        serde_json::json!({"start": "06:00", "end": "12:00"})
    );
    assert_eq!(
        body["shifts"]["night"],
        serde_json::json!({"start": "22:00", "end": "06:00"})
    );
    assert_eq!(
        body["room"],
        serde_json::json!({"opens_minutes_before": 10, "closes_minutes_after": 30})
    );
}
