//! The SMTP transport (lettre), configured from one URL: `smtp://host:port`
//! (plain, e.g. a local relay), `smtp://host?tls=required` (STARTTLS),
//! `smtps://user:pass@host:465` (TLS).

use async_trait::async_trait;
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};

use super::{Mail, MailError, Mailer, build_message};

/// Sends mails through an SMTP server.
#[derive(Debug, Clone)]
pub struct SmtpMailer {
    from: Mailbox,
    transport: AsyncSmtpTransport<Tokio1Executor>,
}

impl SmtpMailer {
    /// A mailer for the server at `url`, sending as `from`.
    pub fn new(url: &str, from: Mailbox) -> Result<Self, MailError> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)?.build();
        Ok(SmtpMailer { from, transport })
    }
}

#[async_trait]
impl Mailer for SmtpMailer {
    async fn send(&self, mail: Mail) -> Result<(), MailError> {
        let message = build_message(&self.from, mail)?;
        let response = self.transport.send(message).await?;
        tracing::info!(smtp.code = %response.code(), "mail sent");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from() -> Mailbox {
        "Equilibre <no-reply@equilibre.local>".parse().unwrap()
    }

    #[test]
    fn accepts_smtp_and_smtps_urls_and_refuses_others() {
        assert!(SmtpMailer::new("smtp://127.0.0.1:1025", from()).is_ok());
        assert!(SmtpMailer::new("smtps://user:pa%40ss@smtp.example:465", from()).is_ok());
        assert!(SmtpMailer::new("smtp://smtp.example?tls=required", from()).is_ok());
        assert!(SmtpMailer::new("http://smtp.example", from()).is_err());
    }

    #[tokio::test]
    async fn a_closed_port_is_an_smtp_error() {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mailer = SmtpMailer::new(&format!("smtp://127.0.0.1:{port}"), from()).unwrap();
        let result = mailer
            .send(Mail {
                to: "a@example.org".into(),
                subject: "s".into(),
                text: "t".into(),
                html: None,
                attachments: vec![],
            })
            .await;
        assert!(matches!(result, Err(MailError::Smtp(_))));
    }
}
