use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{AccountEvent, PayloadRef, ReservationEvent, Role, SecondFactor};
use crate::values::Language;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct ResetRequest {
    pub request_id: Uuid,
    pub token_hash: String,
    pub expires_at: DateTime<Utc>,
    pub requested_at: DateTime<Utc>,
    pub used: bool,
}

/// What the account's decisions need to know, folded from its stream.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Account {
    pub id: Option<Uuid>,
    pub role: Option<Role>,
    pub language: Language,
    pub forgotten: bool,
    /// Deactivated by an administrator (and not reactivated since).
    pub deactivated: bool,
    pub password_changed_at: Option<DateTime<Utc>>,
    /// The enabled second factor, if any.
    pub second_factor: Option<SecondFactor>,
    /// The secret of an enrolment waiting for its first code.
    pub pending_second_factor: Option<PayloadRef>,
    pub(super) resets: Vec<ResetRequest>,
    /// The terms and privacy versions last accepted (at sign-up or since).
    pub terms_version: Option<String>,
    pub privacy_version: Option<String>,
    /// When an erasure asked for by the holder runs (until cancelled).
    pub erasure_due: Option<DateTime<Utc>>,
}

impl Account {
    pub fn exists(&self) -> bool {
        self.id.is_some() && !self.forgotten
    }

    /// Registered, not forgotten and not deactivated: may sign in, book and be booked.
    pub fn is_active(&self) -> bool {
        self.exists() && !self.deactivated
    }

    pub fn evolve(mut self, event: &AccountEvent) -> Self {
        match event {
            AccountEvent::AccountRegistered {
                account_id,
                role,
                language,
                registered_at,
                terms_version,
                privacy_version,
                ..
            } => {
                self.terms_version.clone_from(terms_version);
                self.privacy_version.clone_from(privacy_version);
                self.id = Some(*account_id);
                self.role = Some(*role);
                self.language = *language;
                self.password_changed_at = Some(*registered_at);
            }
            AccountEvent::PasswordChanged { at } => {
                self.password_changed_at = Some(*at);
            }
            AccountEvent::PasswordResetRequested {
                request_id,
                token_hash,
                expires_at,
                at,
                ..
            } => {
                self.resets.push(ResetRequest {
                    request_id: *request_id,
                    token_hash: token_hash.clone(),
                    expires_at: *expires_at,
                    requested_at: *at,
                    used: false,
                });
            }
            AccountEvent::PasswordResetCompleted { request_id, at } => {
                self.resets
                    .iter_mut()
                    .filter(|r| r.request_id == *request_id)
                    .for_each(|r| r.used = true);
                self.password_changed_at = Some(*at);
            }
            AccountEvent::SubjectForgotten { .. } => {
                self.forgotten = true;
                self.erasure_due = None;
            }
            AccountEvent::ErasureRequested { erase_at, .. } => self.erasure_due = Some(*erase_at),
            AccountEvent::ErasureCancelled { .. } => self.erasure_due = None,
            AccountEvent::AccountDeactivated { .. } => self.deactivated = true,
            AccountEvent::AccountReactivated { .. } => self.deactivated = false,
            AccountEvent::SecondFactorEnrolmentStarted { secret, .. } => {
                self.pending_second_factor = Some(secret.clone());
            }
            AccountEvent::SecondFactorEnabled { recovery_codes, at } => {
                if let Some(secret) = self.pending_second_factor.take() {
                    self.second_factor = Some(SecondFactor {
                        secret,
                        enabled_at: *at,
                        recovery_codes: recovery_codes.clone(),
                    });
                }
            }
            AccountEvent::RecoveryCodesRenewed { recovery_codes, .. } => {
                if let Some(factor) = &mut self.second_factor {
                    factor.recovery_codes = recovery_codes.clone();
                }
            }
            AccountEvent::RecoveryCodeUsed { code_hash, .. } => {
                if let Some(factor) = &mut self.second_factor {
                    factor.recovery_codes.retain(|c| c != code_hash);
                }
            }
            AccountEvent::SecondFactorDisabled { .. } => self.second_factor = None,
            AccountEvent::LegalTermsAccepted {
                terms_version,
                privacy_version,
                ..
            } => {
                self.terms_version = Some(terms_version.clone());
                self.privacy_version = Some(privacy_version.clone());
            }
            AccountEvent::SessionStarted { .. } | AccountEvent::SessionEnded { .. } => {}
        }
        self
    }
}

/// The e-mail reservation of one role: who holds the address, if anyone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EmailReservation {
    pub holder: Option<Uuid>,
}

impl EmailReservation {
    pub fn evolve(mut self, event: &ReservationEvent) -> Self {
        match event {
            ReservationEvent::EmailReserved { account_id, .. } => self.holder = Some(*account_id),
            ReservationEvent::EmailReleased { .. } => self.holder = None,
        }
        self
    }
}
