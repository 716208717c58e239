//! The route table is the OpenAPI document: every operation that declares
//! the `session` requirement refuses callers without one and callers signed
//! in to another area; every area route without it is on the public list,
//! so a new route cannot be forgotten.

use std::collections::BTreeMap;

use domain::account::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{Backend, Member, TestApp, unique_email};

on_both_backends!(
    every_session_route_refuses_strangers_and_sessions_of_other_roles,
    every_area_route_without_a_session_requirement_is_on_the_public_list,
);

/// Area routes anyone may call (`method path` as in the OpenAPI document).
const PUBLIC_AREA_ROUTES: &[&str] = &[
    "post /api/{area}/sign-up",
    "post /api/{area}/sign-in",
    // The second step of a sign-in: the signed challenge stands for the password.
    "post /api/{area}/sign-in/second-factor",
    "post /api/{area}/sign-in/enrolment",
    "post /api/{area}/forgot-password",
    "post /api/{area}/reset-password",
];

/// GET routes that need query parameters: without them, 400 `validation_failed`.
const NEEDS_QUERY: &[&str] = &["/api/client/booking-quote"];

const AREAS: [&str; 3] = ["client", "consultant", "admin-panel"];

struct Operation {
    method: Method,
    path: String,
    secured: bool,
}

impl Operation {
    fn key(&self) -> String {
        format!("{} {}", self.method.as_str().to_lowercase(), self.path)
    }

    /// The roles whose areas this path serves: all three for `{area}`.
    fn roles(&self) -> Vec<Role> {
        if self.path.contains("{area}") {
            return Role::ALL.to_vec();
        }
        let segment = self
            .path
            .strip_prefix("/api/")
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_default();
        AREAS
            .iter()
            .filter(|a| **a == segment)
            .filter_map(|a| Role::parse(a))
            .collect()
    }

    /// The path for `role`'s area, a reference list (or the terms) for `{kind}`, other
    /// parameters filled with a fresh id.
    fn concrete(&self, role: Role) -> String {
        let path = self.path.replace("{area}", role.area()).replace(
            "{kind}",
            if self.path.contains("/legal/") {
                "terms"
            } else {
                "cities"
            },
        );
        path.split('/')
            .map(|segment| {
                if segment.starts_with('{') {
                    uuid::Uuid::now_v7().to_string()
                } else {
                    segment.to_owned()
                }
            })
            .collect::<Vec<_>>()
            .join("/")
    }
}

async fn operations(app: &TestApp) -> Vec<Operation> {
    let answer = app.get("/api/openapi.json").send().await;
    answer.expect(200);
    let doc = answer.json();
    let global = doc.get("security").cloned().unwrap_or(Value::Null);
    let mut operations = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for method in [
            Method::GET,
            Method::POST,
            Method::PUT,
            Method::PATCH,
            Method::DELETE,
        ] {
            let Some(operation) = item.get(method.as_str().to_lowercase()) else {
                continue;
            };
            let security = operation.get("security").unwrap_or(&global);
            let secured = security.as_array().is_some_and(|requirements| {
                requirements.iter().any(|r| r.get("session").is_some())
            });
            operations.push(Operation {
                method,
                path: path.clone(),
                secured,
            });
        }
    }
    operations
}

/// One signed-in account per role and its session token.
async fn tokens(app: &TestApp) -> BTreeMap<&'static str, (Member, String)> {
    let members = [
        app.register(Role::Client, &unique_email("client")).await,
        app.register(Role::Consultant, &unique_email("consultant"))
            .await,
        app.create_admin(&unique_email("admin")).await,
    ];
    let mut tokens = BTreeMap::new();
    for member in members {
        let cookie = platform::auth::cookie_name(member.role);
        let signed_in = app
            .bare(
                Method::POST,
                &format!("/api/{}/sign-in", member.role.area()),
            )
            .same_origin()
            .json(&json!({"email": member.email, "password": member.password}))
            .send()
            .await;
        signed_in.expect(200);
        let token = signed_in.token(cookie);
        tokens.insert(member.role.as_str(), (member, token));
    }
    tokens
}

#[track_caller]
fn assert_refused(answer: &crate::support::Answer, allowed: &[u16], what: &str) {
    assert!(
        allowed.contains(&answer.status.as_u16()),
        "{what}: answered {} {}",
        answer.status,
        answer.text
    );
    assert_ne!(
        answer.code(),
        "csrf_rejected",
        "{what}: refused by CSRF, not by authentication"
    );
}

async fn every_session_route_refuses_strangers_and_sessions_of_other_roles(backend: Backend) {
    let app = TestApp::start(backend).await;
    let tokens = tokens(&app).await;
    let secured: Vec<Operation> = operations(&app)
        .await
        .into_iter()
        .filter(|o| o.secured)
        .collect();
    assert!(
        secured.len() >= 5,
        "too few secured operations to be the real table"
    );

    let mut checks = 0;
    for operation in &secured {
        let roles = operation.roles();
        assert!(
            !roles.is_empty(),
            "{} needs a session but belongs to no area",
            operation.key()
        );
        for role in roles {
            let path = operation.concrete(role);
            let call = || {
                app.bare(operation.method.clone(), &path)
                    .same_origin()
                    .json(&json!({}))
            };
            let what = format!("{} as {}", operation.key(), role.area());

            let stranger = call().send().await;
            assert_refused(&stranger, &[401], &format!("{what} without a session"));
            for (other_role, (_, token)) in tokens.iter().filter(|(r, _)| **r != role.as_str()) {
                let other = Role::parse(other_role).expect("a role");
                let own_cookie = platform::auth::cookie_name(other);
                let area_cookie = platform::auth::cookie_name(role);
                let bearer = call().bearer(token).send().await;
                let cookie = call()
                    .header("cookie", &format!("{own_cookie}={token}"))
                    .send()
                    .await;
                let smuggled = call()
                    .header("cookie", &format!("{area_cookie}={token}"))
                    .send()
                    .await;
                assert_refused(
                    &bearer,
                    &[401, 403],
                    &format!("{what} with a {other_role} Bearer"),
                );
                assert_refused(
                    &cookie,
                    &[401, 403],
                    &format!("{what} with a {other_role} cookie"),
                );
                assert_refused(
                    &smuggled,
                    &[401, 403],
                    &format!("{what} with a {other_role} token in the {area_cookie} cookie"),
                );
                checks += 3;
            }
            if operation.method == Method::GET {
                let (_, own) = &tokens[role.as_str()];
                let position = app.seen_position().expect("a position");
                let allowed = app
                    .bare(Method::GET, &path)
                    .bearer(own)
                    .min_position(position)
                    .send()
                    .await;
                // A fresh id (or file key) names nothing: "not found" is the right answer.
                let names_a_fresh_id = (operation.path.contains("{id}")
                    || operation.path.contains("{client_id}")
                    || operation.path.contains("{key}"))
                    && allowed.status == 404
                    && allowed.code() == "not_found"
                    // A room answers an unknown id like someone else's (ids do not leak).
                    || operation.path.contains("{room_id}")
                        && allowed.status == 403
                        && allowed.code() == "room_forbidden";
                let needs_query = NEEDS_QUERY.contains(&operation.path.as_str())
                    && allowed.status == 400
                    && allowed.code() == "validation_failed";
                assert!(
                    allowed.status.is_success() || names_a_fresh_id || needs_query,
                    "{what} with its own session: {} {}",
                    allowed.status,
                    allowed.text
                );
            }
        }
    }
    assert!(checks >= secured.len() * 2 * 3, "only {checks} checks ran");
}

async fn every_area_route_without_a_session_requirement_is_on_the_public_list(backend: Backend) {
    let app = TestApp::start(backend).await;

    let operations = operations(&app).await;

    let in_area = |o: &&Operation| {
        o.path.starts_with("/api/{area}/")
            || AREAS
                .iter()
                .any(|a| o.path.starts_with(&format!("/api/{a}/")))
    };
    for operation in operations.iter().filter(in_area).filter(|o| !o.secured) {
        assert!(
            PUBLIC_AREA_ROUTES.contains(&operation.key().as_str()),
            "{} has no session requirement and is not on the public list",
            operation.key()
        );
    }
    for public in PUBLIC_AREA_ROUTES {
        assert!(
            operations.iter().any(|o| o.key() == *public && !o.secured),
            "{public} is listed but not served"
        );
    }
}
