//! The embedded mail transport: each mail becomes `{random-uuid}.eml` in a
//! directory, readable by any mail client, with no personal data in its name.

use std::path::PathBuf;

use async_trait::async_trait;
use lettre::message::Mailbox;
use lettre::{AsyncFileTransport, AsyncTransport, Tokio1Executor};

use super::{Mail, MailError, Mailer, build_message};

/// Writes mails as `.eml` files into a directory.
#[derive(Debug, Clone)]
pub struct OutboxMailer {
    dir: PathBuf,
    from: Mailbox,
    transport: AsyncFileTransport<Tokio1Executor>,
}

impl OutboxMailer {
    /// A mailer writing into `dir` (created on first send) as `from`.
    pub fn new(dir: impl Into<PathBuf>, from: Mailbox) -> Self {
        let dir = dir.into();
        OutboxMailer {
            transport: AsyncFileTransport::new(&dir),
            dir,
            from,
        }
    }

    /// The outbox directory.
    pub fn dir(&self) -> &std::path::Path {
        &self.dir
    }
}

#[async_trait]
impl Mailer for OutboxMailer {
    async fn send(&self, mail: Mail) -> Result<(), MailError> {
        let message = build_message(&self.from, mail)?;
        tokio::fs::create_dir_all(&self.dir)
            .await
            .map_err(MailError::OutboxDir)?;
        let id = self.transport.send(message).await?;
        tracing::info!(mail.id = %id, "mail written to outbox");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn writes_one_eml_file_named_without_personal_data() {
        let dir = tempfile::tempdir().unwrap();
        let outbox = dir.path().join("outbox");
        let mailer = OutboxMailer::new(
            &outbox,
            "Equilibre <no-reply@equilibre.local>".parse().unwrap(),
        );

        mailer
            .send(Mail {
                to: "camille.martin@example.org".into(),
                subject: "Code".into(),
                text: "123456".into(),
                html: None,
                attachments: vec![],
            })
            .await
            .unwrap();

        let files: Vec<_> = std::fs::read_dir(&outbox)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(files.len(), 1);
        let name = files[0].file_name().unwrap().to_str().unwrap();
        assert!(
            name.ends_with(".eml") && !name.contains("camille"),
            "{name}"
        );
        let raw = std::fs::read_to_string(&files[0]).unwrap();
        assert!(raw.contains("To: camille.martin@example.org") && raw.contains("123456"));
    }
}
