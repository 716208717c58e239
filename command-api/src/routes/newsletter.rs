//! The newsletter: subscribe, confirm and unsubscribe (public), delete a
//! subscriber on request (administrators).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use platform::http::ErrorEnvelope;
use platform::lang::Lang;

use super::{Committed, language};
use crate::AppState;
use crate::caller::SignedIn;
use crate::context::{Json, Result};
use crate::execute::Actor;
use crate::ids::IdempotencyKey;
use crate::newsletter::{self, NewsletterLinkBody, SubscribeBody, SubscriptionReceived};

/// Asks to subscribe: a confirmation link is mailed. The answer is the same
/// whether the address is new, waiting or already subscribed.
#[utoipa::path(post, path = "/api/public/newsletter/subscriptions", tag = "content", request_body = SubscribeBody,
    responses((status = 202, body = SubscriptionReceived), (status = 400, body = ErrorEnvelope), (status = 429, body = ErrorEnvelope)))]
pub async fn subscribe_newsletter(
    State(app): State<AppState>,
    lang: Lang,
    key: IdempotencyKey,
    Json(body): Json<SubscribeBody>,
) -> Result<Committed<SubscriptionReceived>> {
    let position = newsletter::subscribe(&app, &key.ids(None), &body, language(&lang)).await?;
    Ok(
        Committed::new(StatusCode::ACCEPTED, position)
            .body(SubscriptionReceived { received: true }),
    )
}

/// Confirms a subscription (the confirmation mail's link).
#[utoipa::path(post, path = "/api/public/newsletter/confirmation", tag = "content", request_body = NewsletterLinkBody,
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 429, body = ErrorEnvelope)))]
pub async fn confirm_newsletter(
    State(app): State<AppState>,
    key: IdempotencyKey,
    Json(body): Json<NewsletterLinkBody>,
) -> Result<Committed<()>> {
    let position = newsletter::confirm(&app, &key.ids(None), &body).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}

/// Unsubscribes (every newsletter mail's link); the address is erased.
#[utoipa::path(post, path = "/api/public/newsletter/unsubscription", tag = "content", request_body = NewsletterLinkBody,
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 429, body = ErrorEnvelope)))]
pub async fn unsubscribe_newsletter(
    State(app): State<AppState>,
    key: IdempotencyKey,
    Json(body): Json<NewsletterLinkBody>,
) -> Result<Committed<()>> {
    let position = newsletter::unsubscribe(&app, &key.ids(None), &body).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}

/// Deletes a subscriber on request (the address is erased).
#[utoipa::path(delete, path = "/api/admin-panel/newsletter-subscribers/{key}", tag = "content", security(("session" = [])),
    params(("key" = String, Path, description = "the list row's `key`")),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn delete_newsletter_subscriber(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(subscriber): Path<String>,
) -> Result<Committed<()>> {
    let ids = key.ids(Some(caller.account_id));
    let position = newsletter::delete(
        &app,
        &ids,
        Actor::from(&caller),
        caller.account_id,
        &subscriber,
    )
    .await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}
