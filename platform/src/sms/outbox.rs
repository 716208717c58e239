//! The embedded SMS transport: each message becomes one JSON line
//! (`{"id", "to", "text"}`) appended to `{data_dir}/sms-outbox.log`, which
//! tests and the demo read back. Nothing else records the number or text.

use std::path::{Path, PathBuf};

use async_trait::async_trait;
use tokio::io::AsyncWriteExt;
use tokio::sync::Mutex;
use uuid::Uuid;

use super::{Sms, SmsError, SmsSender};

/// Appends messages to a JSON-lines file.
#[derive(Debug)]
pub struct OutboxSms {
    path: PathBuf,
    /// One writer at a time, so lines never interleave.
    lock: Mutex<()>,
}

impl OutboxSms {
    /// An outbox appending to `path` (its directory is created on first send).
    pub fn new(path: impl Into<PathBuf>) -> Self {
        OutboxSms {
            path: path.into(),
            lock: Mutex::new(()),
        }
    }

    /// The outbox file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

#[async_trait]
impl SmsSender for OutboxSms {
    async fn send(&self, sms: Sms) -> Result<(), SmsError> {
        let id = Uuid::new_v4();
        let mut line = serde_json::json!({ "id": id, "to": sms.to, "text": sms.text }).to_string();
        line.push('\n');
        let transport = |e: std::io::Error| SmsError::Transport(format!("outbox: {e}"));
        let _guard = self.lock.lock().await;
        if let Some(dir) = self.path.parent() {
            tokio::fs::create_dir_all(dir).await.map_err(transport)?;
        }
        let mut file = tokio::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.path)
            .await
            .map_err(transport)?;
        file.write_all(line.as_bytes()).await.map_err(transport)?;
        file.flush().await.map_err(transport)?;
        tracing::info!(sms.id = %id, "sms written to outbox");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn appends_one_json_line_per_message() {
        let dir = tempfile::tempdir().unwrap();
        let outbox = OutboxSms::new(dir.path().join("data").join("sms-outbox.log"));
        for text in ["Code 123456", "Code 654321"] {
            outbox
                .send(Sms {
                    to: "+33612345678".into(),
                    text: text.into(),
                })
                .await
                .unwrap();
        }

        let raw = std::fs::read_to_string(outbox.path()).unwrap();
        let lines: Vec<serde_json::Value> = raw
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0]["to"], "+33612345678");
        assert_eq!(lines[0]["text"], "Code 123456");
        assert_eq!(lines[1]["text"], "Code 654321");
        assert_ne!(lines[0]["id"], lines[1]["id"]);
    }
}
