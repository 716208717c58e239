//! Ids of what a command creates. Without an `Idempotency-Key` they are fresh
//! UUIDv7; with one they are UUIDv5 of (key, route, actor, label), so a retried
//! request reproduces the same event ids and the store treats it as a no-op
//! (DESIGN §1 guarantee 2).

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use platform::http::IDEMPOTENCY_KEY;
use uuid::Uuid;

const NAMESPACE: Uuid = Uuid::from_u128(0x7c1f_52a4_9b0e_4d43_a4a3_2f5d_6a0e_1b77);

/// The request's `Idempotency-Key`, if any, scoped to its method and path.
#[derive(Clone, Debug, Default)]
pub struct IdempotencyKey(Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for IdempotencyKey {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let key = parts
            .headers
            .get(IDEMPOTENCY_KEY)
            .and_then(|v| v.to_str().ok())
            .filter(|k| !k.is_empty() && k.len() <= 200)
            .map(|k| format!("{} {} {k}", parts.method, parts.uri.path()));
        Ok(IdempotencyKey(key))
    }
}

impl IdempotencyKey {
    pub fn none() -> Self {
        IdempotencyKey(None)
    }

    /// The id generator for one command run by `actor` (or anonymous).
    pub fn ids(&self, actor: Option<Uuid>) -> Ids {
        Ids {
            seed: self
                .0
                .as_ref()
                .map(|k| format!("{k} {}", actor.unwrap_or_default())),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Ids {
    seed: Option<String>,
}

impl Ids {
    /// Fresh ids, for commands that come from the command line.
    pub fn fresh() -> Ids {
        Ids { seed: None }
    }

    /// A fresh id, or the same one for the same key and label.
    pub fn id(&self, label: &str) -> Uuid {
        match &self.seed {
            Some(seed) => Uuid::new_v5(&NAMESPACE, format!("{seed} {label}").as_bytes()),
            None => Uuid::now_v7(),
        }
    }

    /// A generator for a second command run as part of this one.
    pub fn child(&self, label: &str) -> Ids {
        Ids {
            seed: self.seed.as_ref().map(|s| format!("{s} {label}")),
        }
    }

    /// True when ids repeat across retries (an `Idempotency-Key` was sent).
    pub fn deterministic(&self) -> bool {
        self.seed.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_key_gives_the_same_ids_and_another_actor_others() {
        let key = IdempotencyKey(Some("POST /api/x k1".into()));
        let a = Uuid::from_u128(1);
        assert_eq!(
            key.ids(Some(a)).id("event-0"),
            key.ids(Some(a)).id("event-0")
        );
        assert_ne!(
            key.ids(Some(a)).id("event-0"),
            key.ids(Some(a)).id("event-1")
        );
        assert_ne!(key.ids(Some(a)).id("event-0"), key.ids(None).id("event-0"));
        assert_ne!(
            IdempotencyKey::none().ids(None).id("x"),
            IdempotencyKey::none().ids(None).id("x")
        );
    }
}
