//! Text messages behind one port (DESIGN §1): an outbox log by default, a
//! provider adapter when configured. Used for mobile OTP codes and reminders.
//!
//! Numbers and texts are never logged.

mod outbox;
mod twilio;

use std::sync::Arc;

use async_trait::async_trait;

use crate::config::{Config, SmsBackend};
use crate::lang::Lang;
use crate::messages::message;

pub use outbox::OutboxSms;
pub use twilio::TwilioSms;

/// One text message.
#[derive(Clone, PartialEq, Eq)]
pub struct Sms {
    /// The recipient in E.164 (`+33612345678`).
    pub to: String,
    pub text: String,
}

impl std::fmt::Debug for Sms {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sms(..)")
    }
}

#[derive(Debug, thiserror::Error)]
pub enum SmsError {
    /// The provider refused this message (bad number, …); retrying will not help.
    #[error("sms refused: {0}")]
    Refused(String),
    /// The provider or the outbox could not be reached; retry later.
    #[error("sms transport: {0}")]
    Transport(String),
}

/// Sends text messages; implementations are cheap to share.
#[async_trait]
pub trait SmsSender: Send + Sync {
    /// Sends `sms`, returning once the provider (or outbox) has accepted it.
    async fn send(&self, sms: Sms) -> Result<(), SmsError>;
}

/// The sender the configuration asks for: Twilio when `EQUILIBRE_SMS_ACCOUNT_SID`
/// is set, else the outbox file [`Config::sms_outbox_path`].
pub fn sms_from_config(config: &Config) -> Result<Arc<dyn SmsSender>, SmsError> {
    Ok(match &config.sms {
        SmsBackend::Outbox => Arc::new(OutboxSms::new(config.sms_outbox_path())),
        SmsBackend::Twilio(settings) => Arc::new(TwilioSms::new(settings)?),
    })
}

/// The text carrying a mobile verification code (valid 10 minutes).
pub fn otp_sms(lang: Lang, code: &str) -> String {
    message(lang, "sms.otp", &[("code", code)])
}

#[cfg(test)]
mod tests {
    use secrecy::SecretString;

    use super::*;
    use crate::config::TwilioSettings;

    #[test]
    fn the_code_text_is_translated() {
        assert!(otp_sms(Lang::Fr, "123456").contains("123456"));
        assert!(otp_sms(Lang::Fr, "123456").contains("code"));
        assert_ne!(otp_sms(Lang::Fr, "1"), otp_sms(Lang::En, "1"));
    }

    #[tokio::test]
    async fn the_default_sender_is_the_outbox_in_the_data_dir() {
        let dir = tempfile::tempdir().unwrap();
        let config = Config::for_tests(dir.path());
        let sender = sms_from_config(&config).unwrap();
        sender
            .send(Sms {
                to: "+33612345678".into(),
                text: "t".into(),
            })
            .await
            .unwrap();
        assert!(dir.path().join("sms-outbox.log").exists());

        let mut config = Config::for_tests(dir.path());
        config.sms = SmsBackend::Twilio(TwilioSettings {
            api_base: "https://api.twilio.com".into(),
            account_sid: "AC1".into(),
            auth_token: SecretString::from("t"),
            from: "+15005550006".into(),
        });
        assert!(sms_from_config(&config).is_ok());
    }
}
