//! The newsletter (docs/api.md "Newsletter"): a visitor subscribes from the
//! footer and confirms by the mailed link; every mail carries an
//! unsubscribe link; an administrator deletes a subscriber on request.

use domain::newsletter::{self, NewsletterEvent, Request, Subscription};
use domain::values::{Email, Language};
use domain::{DomainError, RuleCode};
use platform::auth::random_token;
use serde::{Deserialize, Serialize};
use store::{Position, SideWrite, StreamId};
use utoipa::ToSchema;

use crate::AppState;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, already_applied, load, with_retry};
use crate::ids::Ids;

/// `website` is a field people never see: a robot's form is answered like
/// any other and kept nowhere.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct SubscribeBody {
    #[schema(max_length = 254)]
    pub email: String,
    #[schema(max_length = 200)]
    pub website: Option<String>,
}

/// The link's two parts: the address's key and its token.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct NewsletterLinkBody {
    #[schema(max_length = 64)]
    pub key: String,
    #[schema(max_length = 128)]
    pub token: String,
}

/// The one answer to a subscription, whatever became of it.
#[derive(Debug, Serialize, ToSchema)]
pub struct SubscriptionReceived {
    pub received: bool,
}

pub fn subscription_stream(key: &str) -> StreamId {
    StreamId::new(newsletter::CATEGORY, key)
}

/// A key as the links carry it: 64 lower-case hex digits, or not one.
fn checked_key(key: &str) -> Result<&str, CommandError> {
    let well_formed = key.len() == 64 && key.bytes().all(|b| b.is_ascii_hexdigit());
    if well_formed {
        Ok(key)
    } else {
        Err(DomainError::Rule(RuleCode::NewsletterLinkInvalid).into())
    }
}

async fn decide(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    key: &str,
    decide: impl Fn(&Subscription) -> Result<(Vec<NewsletterEvent>, Option<SideWrite>), CommandError>,
) -> Result<Option<Position>, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(Some(position));
    }
    with_retry(|| async {
        let stream = subscription_stream(key);
        let loaded = load::<NewsletterEvent, _>(app, &stream, Subscription::evolve).await?;
        let (events, side) = decide(&loaded.state)?;
        if events.is_empty() {
            return Ok(None);
        }
        let mut batch =
            Batch::new(ids, actor, app.clock.now()).events(stream, loaded.version, &events);
        if let Some(side) = side {
            batch = batch.side(side);
        }
        batch.commit(app).await.map(Some)
    })
    .await
}

/// Asks to subscribe `body.email`: the reactions mail the confirmation link.
pub async fn subscribe(
    app: &AppState,
    ids: &Ids,
    body: &SubscribeBody,
    language: Language,
) -> Result<Option<Position>, CommandError> {
    let email = Email::parse(&body.email).map_err(|e| DomainError::field("email", e))?;
    if body
        .website
        .as_deref()
        .is_some_and(|w| !w.trim().is_empty())
    {
        tracing::info!("newsletter form with its hidden field filled in: not kept");
        return Ok(None);
    }
    let key = app.keys.newsletter_key(email.as_ref());
    let token = random_token();
    let base = app.config.public_url.trim_end_matches('/');
    let unsubscribe = app.keys.newsletter_unsubscribe_token(&key);
    let contact = serde_json::json!({
        "email": email.as_ref(),
        "confirm_link": format!("{base}/newsletter/confirm/{key}/{token}"),
        "unsubscribe_link": format!("{base}/newsletter/unsubscribe/{key}/{unsubscribe}"),
    })
    .to_string();
    let new_subscription_id = ids.id("newsletter-subscription");
    let payload_key = format!("newsletter-{}", ids.id("newsletter-request").simple());
    let token_hash = app.keys.reset_token_hash(&token);
    decide(app, ids, Actor::VISITOR, &key, |state| {
        let events = newsletter::request(
            state,
            Request {
                new_subscription_id,
                language,
                payload_key: payload_key.clone(),
                token_hash: token_hash.clone(),
            },
            app.clock.now(),
        );
        let side = events.first().and_then(|event| match event {
            NewsletterEvent::NewsletterSubscriptionRequested { contact: at, .. } => {
                Some(SideWrite::PutPayload {
                    subject: at.subject,
                    key: at.key.clone(),
                    value: contact.clone(),
                })
            }
            _ => None,
        });
        Ok((events, side))
    })
    .await
}

/// Confirms a subscription with the mailed link.
pub async fn confirm(
    app: &AppState,
    ids: &Ids,
    body: &NewsletterLinkBody,
) -> Result<Option<Position>, CommandError> {
    let key = checked_key(&body.key)?;
    let token_hash = app.keys.reset_token_hash(&body.token);
    decide(app, ids, Actor::VISITOR, key, |state| {
        Ok((
            newsletter::confirm(state, &token_hash, app.clock.now())?,
            None,
        ))
    })
    .await
}

/// Unsubscribes with a mail's link; the address is shredded.
pub async fn unsubscribe(
    app: &AppState,
    ids: &Ids,
    body: &NewsletterLinkBody,
) -> Result<Option<Position>, CommandError> {
    let key = checked_key(&body.key)?;
    if !app.keys.newsletter_unsubscribe_genuine(key, &body.token) {
        return Err(DomainError::Rule(RuleCode::NewsletterLinkInvalid).into());
    }
    decide(app, ids, Actor::VISITOR, key, |state| {
        let events = newsletter::unsubscribe(state, app.clock.now());
        Ok((events, forget(state)))
    })
    .await
}

/// Deletes a subscriber on request (the list's key), shredding the address.
pub async fn delete(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    admin_id: uuid::Uuid,
    key: &str,
) -> Result<Option<Position>, CommandError> {
    let key = checked_key(key).map_err(|_| CommandError::NotFound)?;
    decide(app, ids, actor, key, |state| {
        Ok((
            newsletter::delete(state, admin_id, app.clock.now())?,
            forget(state),
        ))
    })
    .await
}

fn forget(state: &Subscription) -> Option<SideWrite> {
    state
        .subscription_id
        .map(|subject| SideWrite::ForgetSubject { subject })
}
