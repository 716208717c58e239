//! The reactions worker (DESIGN §1 "Side effects and time"): follows the log
//! with its own checkpoint and performs side effects (mails) and scheduled
//! commands. One worker acts at a time (a lease); each effect has a
//! deterministic id recorded once done, so a restart or a second worker never
//! sends twice. A crash between sending and recording can send again: mails
//! and texts are at-least-once, never lost.

mod account_deactivation;
mod blog_publication;
mod booking;
mod booking_messages;
mod complaint_messages;
mod complaint_refunds;
mod contact_messages;
mod erasure;
mod mails;
mod newsletter_mails;
mod receipts;
mod scheduled;
mod shared;
mod starter_kits;
mod texts;
mod waiting_list;

use std::sync::Arc;
use std::time::Duration;

use chrono::TimeDelta;
use platform::clock::SharedClock;
use platform::doorbell::Doorbell;
use platform::files::FileStore;
use platform::mail::Mailer;
use platform::payments::PaymentProvider;
use platform::sms::SmsSender;
use store::{Position, StoreError, Stores};
use uuid::Uuid;

use crate::ReadDb;

const LEASE: &str = "reactions";
const LEASE_TTL: TimeDelta = TimeDelta::seconds(30);
const BATCH: usize = 500;
const IDLE_POLL: Duration = Duration::from_millis(500);

/// Namespace of effect and schedule ids derived from event ids.
pub(crate) const EFFECTS: Uuid = Uuid::from_u128(0x3d5e_0b8f_41c2_4a9e_9d7b_11f0_8a2c_5e64);

#[derive(Debug, thiserror::Error)]
pub enum ReactionError {
    #[error("store: {0}")]
    Store(#[from] StoreError),
    #[error("mail: {0}")]
    Mail(#[from] platform::mail::MailError),
    #[error("sms: {0}")]
    Sms(#[from] platform::sms::SmsError),
    #[error("files: {0}")]
    Files(#[from] platform::files::FileError),
    #[error("event {0} cannot be read: {1}")]
    Unreadable(Uuid, String),
    /// The read models have not reached this event yet; it is retried.
    #[error("read models behind event {0}")]
    ReadModelsBehind(Position),
    #[error("read models: {0}")]
    ReadModels(String),
    /// The payment provider failed; the idempotent call is retried.
    #[error("payment provider: {0}")]
    Payment(String),
}

#[derive(Clone)]
pub struct Reactor {
    pub(crate) stores: Stores,
    pub(crate) mailer: Arc<dyn Mailer>,
    pub(crate) sms: Arc<dyn SmsSender>,
    pub(crate) clock: SharedClock,
    pub(crate) files: Arc<dyn FileStore>,
    /// Base of links in messages (`EQUILIBRE_PUBLIC_URL`).
    pub(crate) public_url: String,
    /// Refunds of cancellations made by the platform.
    pub(crate) payments: Option<Arc<dyn PaymentProvider>>,
    /// The read models, to find a deactivated account's bookings.
    pub(crate) read: Option<ReadDb>,
    /// Who issues receipts (`EQUILIBRE_LEGAL_*`).
    pub(crate) receipts: receipts::ReceiptSettings,
    /// The projector [`Reactor::drain`] brings forward when a reaction waits
    /// for the read models (in [`Reactor::run`] the projector's own task does).
    drain_projector: Option<crate::Projector>,
    holder: Uuid,
}

impl Reactor {
    pub fn new(
        stores: Stores,
        mailer: Arc<dyn Mailer>,
        sms: Arc<dyn SmsSender>,
        files: Arc<dyn FileStore>,
        clock: SharedClock,
    ) -> Self {
        Reactor {
            stores,
            mailer,
            sms,
            clock,
            files,
            public_url: String::new(),
            payments: None,
            read: None,
            receipts: receipts::ReceiptSettings::default(),
            drain_projector: None,
            holder: Uuid::now_v7(),
        }
    }

    /// Where booking messages link to; `sms` replaces the sender given to
    /// [`Reactor::new`] (tests record texts this way).
    pub fn with_booking_messages(
        mut self,
        public_url: &str,
        sms: Option<Arc<dyn SmsSender>>,
    ) -> Self {
        public_url.clone_into(&mut self.public_url);
        if let Some(sms) = sms {
            self.sms = sms;
        }
        self
    }

    /// What cancelling a deactivated account's bookings needs: the read
    /// models (to list them) and the payment provider (to refund them).
    pub fn with_platform_cancellations(
        mut self,
        read: ReadDb,
        payments: Arc<dyn PaymentProvider>,
    ) -> Self {
        self.read = Some(read);
        self.payments = Some(payments);
        self
    }

    /// The projector that [`Reactor::drain`] catches up when a reaction waits
    /// for the read models (tests and the command line run no projector task).
    pub fn with_drain_projector(mut self, projector: crate::Projector) -> Self {
        self.drain_projector = Some(projector);
        self
    }

    /// Receipts name the platform as their issuer (`EQUILIBRE_LEGAL_NAME`,
    /// `EQUILIBRE_LEGAL_ADDRESS`); "Equilibre" without it.
    pub fn with_receipts(mut self, legal_name: &str, legal_address: Option<&str>) -> Self {
        self.receipts = receipts::ReceiptSettings::new(legal_name, legal_address);
        self
    }

    /// Issues the receipts one booking event calls for, as the worker does
    /// on reaching it, without the worker's lease: tests race several
    /// issuers and run it twice.
    pub async fn issue_receipts(&self, event: &store::RecordedEvent) -> Result<(), ReactionError> {
        receipts::issue(self, event).await
    }

    /// One pass: reacts to new events and fires due commands. Returns how
    /// much it did (0 also when another worker holds the lease).
    pub async fn step(&self) -> Result<usize, ReactionError> {
        let now = self.clock.now();
        if !self
            .stores
            .reactor
            .acquire_lease(LEASE, self.holder, now, now + LEASE_TTL)
            .await?
        {
            return Ok(0);
        }
        let mut done = 0;
        let from = self.stores.reactor.checkpoint(LEASE).await?;
        let events = self.stores.events.read_all(from, BATCH).await?;
        for event in &events {
            mails::react(self, event).await?;
            booking_messages::react(self, event).await?;
            receipts::react(self, event).await?;
            complaint_messages::react(self, event).await?;
            complaint_refunds::react(self, event).await?;
            contact_messages::react(self, event).await?;
            newsletter_mails::react(self, event).await?;
            starter_kits::react(self, event).await?;
            waiting_list::react(self, event).await?;
            texts::react(self, event).await?;
            erasure::react(self, event).await?;
            account_deactivation::react(self, event).await?;
            scheduled::schedule_from(self, event).await?;
            booking::schedule_from(self, event).await?;
            blog_publication::schedule_from(self, event).await?;
            erasure::schedule_from(self, event).await?;
            self.stores
                .reactor
                .save_checkpoint(LEASE, event.position)
                .await?;
            done += 1;
        }
        done += scheduled::fire_due(self).await?;
        Ok(done)
    }

    /// Runs until the task is dropped.
    pub async fn run(self, doorbell: Doorbell) {
        let mut ring = doorbell.listen();
        loop {
            match self.step().await {
                Ok(n) if n > 0 => continue,
                Ok(_) => {}
                Err(ReactionError::ReadModelsBehind(position)) => {
                    tracing::debug!(%position, "waiting for the read models");
                }
                Err(error) => tracing::error!(%error, "reaction failed; retrying"),
            }
            let _ = tokio::time::timeout(IDLE_POLL, ring.changed()).await;
        }
    }

    /// Runs effects once, for tests and the command line; a reaction that
    /// waits for the read models gets them caught up by the drain projector,
    /// when there is one.
    pub async fn drain(&self) -> Result<usize, ReactionError> {
        let mut total = 0;
        let mut waits = 0;
        loop {
            match self.step().await {
                Ok(0) => return Ok(total),
                Ok(n) => total += n,
                Err(ReactionError::ReadModelsBehind(position)) => {
                    let Some(projector) = self.drain_projector.as_ref().filter(|_| waits < 100)
                    else {
                        return Err(ReactionError::ReadModelsBehind(position));
                    };
                    waits += 1;
                    projector
                        .catch_up()
                        .await
                        .map_err(|e| ReactionError::ReadModels(e.to_string()))?;
                }
                Err(error) => return Err(error),
            }
        }
    }
}
