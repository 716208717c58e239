//! Sign-in throttling per account (rules in `domain::account::throttle`):
//! the counters live in the store's database, so every instance sees the
//! same failures.

use std::net::IpAddr;

use domain::account::Role;
use domain::account::throttle::{FailurePolicy, PER_ACCOUNT, PER_ADDRESS};

use crate::AppState;
use crate::error::CommandError;

/// The two counters of one sign-in: the account's, and the account's from
/// this client address. Keys hold the login key (a keyed hash), never the
/// e-mail.
pub struct SignInCounters {
    account: String,
    address: String,
}

impl SignInCounters {
    pub fn new(role: Role, login_key: &str, client: IpAddr) -> Self {
        let account = format!("sign-in:{}:{login_key}", role.as_str());
        let address = format!("{account}:{client}");
        SignInCounters { account, address }
    }

    fn each(&self) -> [(&str, FailurePolicy); 2] {
        [
            (self.address.as_str(), PER_ADDRESS),
            (self.account.as_str(), PER_ACCOUNT),
        ]
    }

    /// Refuses with the wait when either counter asks for one; nothing is
    /// checked or counted then.
    pub async fn check(&self, app: &AppState) -> Result<(), CommandError> {
        let now = app.clock.now();
        let mut wait = chrono::Duration::zero();
        for (key, policy) in self.each() {
            let run = app
                .stores
                .throttle
                .failures(key, now - policy.window)
                .await?;
            if let Some(at) = run.and_then(|r| policy.retry_at(r.failures, r.last_at, now)) {
                wait = wait.max(at - now);
            }
        }
        match wait.to_std() {
            Ok(wait) if !wait.is_zero() => Err(CommandError::Throttled(wait)),
            _ => Ok(()),
        }
    }

    /// Counts a wrong password on both counters.
    pub async fn failed(&self, app: &AppState) -> Result<(), CommandError> {
        let now = app.clock.now();
        for (key, policy) in self.each() {
            app.stores
                .throttle
                .record_failure(key, now, now - policy.window)
                .await?;
        }
        Ok(())
    }

    /// A success clears this address's run (the owner is back); the
    /// account-wide run ends with its window, so an attack spread over many
    /// addresses stays slowed.
    pub async fn succeeded(&self, app: &AppState) -> Result<(), CommandError> {
        Ok(app.stores.throttle.clear_failures(&self.address).await?)
    }
}
