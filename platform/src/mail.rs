//! Outgoing e-mail behind one trait: `.eml` files in an outbox directory by
//! default, SMTP (lettre) when `SMTP_URL` is set (DESIGN §1).
//!
//! Recipients and contents are never logged; outbox file names are random.

mod booking_templates;
mod branding;
mod complaint_templates;
mod newsletter_templates;
mod outbox;
mod receipt_templates;
mod smtp;
mod templates;
mod waiting_list_templates;

use std::sync::Arc;

use async_trait::async_trait;
use lettre::Message;
use lettre::message::header::ContentType;
use lettre::message::{Mailbox, MultiPart, SinglePart};

use crate::config::Config;

pub use booking_templates::{
    BookingFacts, BookingMailKind, booking_mail, booking_reminder_sms, local_time,
};
pub use branding::{BrandedMailer, Branding, BrandingSource};
pub use complaint_templates::{
    ComplaintAuthor, ComplaintFacts, ComplaintFavour, ComplaintMailKind, complaint_mail,
};
pub use newsletter_templates::{newsletter_confirmation_mail, newsletter_welcome_mail};
pub use outbox::OutboxMailer;
pub use receipt_templates::{ReceiptFacts, receipt_mail};
pub use smtp::SmtpMailer;
pub use templates::{
    ContactFacts, consultant_approved_mail, consultant_rejected_mail, contact_message_mail,
    erasure_code_mail, otp_mail, password_reset_mail, starter_kit_mail,
};
pub use waiting_list_templates::{FreeSlotFacts, waiting_list_slot_mail};

/// One e-mail to one recipient.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mail {
    /// Recipient address (`a@b.c` or `Name <a@b.c>`).
    pub to: String,
    /// Subject line.
    pub subject: String,
    /// Plain-text body.
    pub text: String,
    /// Optional HTML alternative.
    pub html: Option<String>,
    /// Attached files.
    pub attachments: Vec<Attachment>,
}

/// A file attached to a [`Mail`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    /// File name shown to the recipient.
    pub filename: String,
    /// MIME type, e.g. `application/pdf`.
    pub content_type: String,
    /// Content.
    pub bytes: Vec<u8>,
}

/// Why a mail was not sent.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// The sender or recipient address is not valid.
    #[error("invalid address: {0}")]
    Address(#[from] lettre::address::AddressError),
    /// An attachment's content type is not a MIME type.
    #[error("invalid attachment content type")]
    ContentType,
    /// The message could not be assembled.
    #[error("cannot build message: {0}")]
    Build(#[from] lettre::error::Error),
    /// The SMTP server or connection failed.
    #[error("smtp: {0}")]
    Smtp(#[from] lettre::transport::smtp::Error),
    /// The outbox file could not be written.
    #[error("outbox: {0}")]
    Outbox(#[from] lettre::transport::file::Error),
    /// The outbox directory could not be created.
    #[error("outbox directory: {0}")]
    OutboxDir(#[source] std::io::Error),
}

/// Sends mails; implementations are cheap to share.
#[async_trait]
pub trait Mailer: Send + Sync {
    /// Sends `mail`, returning once the transport has accepted it.
    async fn send(&self, mail: Mail) -> Result<(), MailError>;
}

/// The mailer the configuration asks for: SMTP when `SMTP_URL` is set, else
/// the outbox in `{data_dir}/outbox` (created if needed).
pub fn mailer_from_config(config: &Config) -> Result<Arc<dyn Mailer>, MailError> {
    let from: Mailbox = config.mail_from.parse()?;
    Ok(match &config.smtp_url {
        Some(url) => Arc::new(SmtpMailer::new(url, from)?),
        None => Arc::new(OutboxMailer::new(config.outbox_dir(), from)),
    })
}

/// Assembles the MIME message: plain text, or text + HTML alternative,
/// wrapped in `multipart/mixed` when there are attachments.
pub(crate) fn build_message(from: &Mailbox, mail: Mail) -> Result<Message, MailError> {
    let builder = Message::builder()
        .from(from.clone())
        .to(mail.to.parse::<Mailbox>()?)
        .subject(mail.subject)
        .message_id(None);
    let body = match mail.html {
        Some(html) => MultiPart::alternative_plain_html(mail.text, html),
        None => MultiPart::mixed().singlepart(SinglePart::plain(mail.text)),
    };
    if mail.attachments.is_empty() {
        return Ok(builder.multipart(body)?);
    }
    let mut mixed = MultiPart::mixed().multipart(body);
    for attachment in mail.attachments {
        let content_type =
            ContentType::parse(&attachment.content_type).map_err(|_| MailError::ContentType)?;
        mixed = mixed.singlepart(
            lettre::message::Attachment::new(attachment.filename)
                .body(attachment.bytes, content_type),
        );
    }
    Ok(builder.multipart(mixed)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from() -> Mailbox {
        "Equilibre <no-reply@equilibre.local>".parse().unwrap()
    }

    fn mail() -> Mail {
        Mail {
            to: "camille@example.org".into(),
            subject: "Bonjour".into(),
            text: "Texte".into(),
            html: Some("<p>Texte</p>".into()),
            attachments: vec![Attachment {
                filename: "facture.pdf".into(),
                content_type: "application/pdf".into(),
                bytes: b"%PDF-1.4".to_vec(),
            }],
        }
    }

    #[test]
    fn builds_alternative_bodies_and_attachments() {
        let raw = String::from_utf8(build_message(&from(), mail()).unwrap().formatted()).unwrap();
        for part in [
            "To: camille@example.org",
            "Message-ID: <",
            "multipart/mixed",
            "multipart/alternative",
            "text/html",
            "filename=\"facture.pdf\"",
        ] {
            assert!(raw.contains(part), "{part} missing in\n{raw}");
        }
    }

    #[test]
    fn refuses_bad_addresses_and_content_types() {
        let bad_to = Mail {
            to: "not an address".into(),
            ..mail()
        };
        assert!(matches!(
            build_message(&from(), bad_to),
            Err(MailError::Address(_))
        ));

        let mut bad_type = mail();
        bad_type.attachments[0].content_type = "pdf".into();
        assert!(matches!(
            build_message(&from(), bad_type),
            Err(MailError::ContentType)
        ));
    }

    #[test]
    fn config_without_smtp_gives_the_outbox() {
        let dir = tempfile::tempdir().unwrap();
        assert!(mailer_from_config(&Config::for_tests(dir.path())).is_ok());
        let mut config = Config::for_tests(dir.path());
        config.smtp_url = Some("smtp://127.0.0.1:1025".into());
        assert!(mailer_from_config(&config).is_ok());
    }
}
