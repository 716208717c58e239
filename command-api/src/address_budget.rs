//! How often one e-mail address did something a visitor can do without an
//! account (write to the team, ask for the starter kit), counted in a shared
//! throttle keyed by a hash of the address, so the count holds across
//! instances and the store never holds the address.

use chrono::TimeDelta;

use crate::AppState;
use crate::error::CommandError;

pub struct AddressBudget {
    /// Keeps each purpose's counts apart.
    pub purpose: &'static str,
    pub window: TimeDelta,
}

impl AddressBudget {
    fn key(&self, app: &AppState, normalized_email: &str) -> String {
        format!(
            "{}:{}",
            self.purpose,
            app.keys.contact_sender_key(normalized_email)
        )
    }

    /// Times the address did it within the window.
    pub async fn spent(&self, app: &AppState, normalized_email: &str) -> Result<u32, CommandError> {
        let now = app.clock.now();
        let run = app
            .stores
            .throttle
            .failures(&self.key(app, normalized_email), now - self.window)
            .await?;
        Ok(run.map_or(0, |run| run.failures))
    }

    /// Counts one more.
    pub async fn spend(&self, app: &AppState, normalized_email: &str) -> Result<(), CommandError> {
        let now = app.clock.now();
        app.stores
            .throttle
            .record_failure(&self.key(app, normalized_email), now, now - self.window)
            .await?;
        Ok(())
    }
}
