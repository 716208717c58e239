//! Uploaded files (DESIGN §5): keys are made by the server and grouped by
//! subject (`subjects/{id}/…`), so forgetting a subject deletes one prefix.
//! The local directory is the embedded default; an S3-compatible store comes
//! with the uploads of the onboarding issue behind the same trait.

use std::path::{Component, Path, PathBuf};

use async_trait::async_trait;
use uuid::Uuid;

#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("invalid file key")]
    InvalidKey,
    #[error("file storage: {0}")]
    Io(#[from] std::io::Error),
}

/// The key prefix of everything stored for a subject.
pub fn subject_prefix(subject: Uuid) -> String {
    format!("subjects/{subject}/")
}

#[async_trait]
pub trait FileStore: Send + Sync {
    async fn put(&self, key: &str, bytes: Vec<u8>) -> Result<(), FileError>;
    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, FileError>;
    /// Deletes every file of the subject; deleting nothing is fine.
    async fn delete_subject(&self, subject: Uuid) -> Result<(), FileError>;
}

/// Files under a local directory.
pub struct LocalFiles {
    root: PathBuf,
}

impl LocalFiles {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        LocalFiles { root: root.into() }
    }

    /// Only plain relative keys: no `..`, no absolute paths.
    fn path(&self, key: &str) -> Result<PathBuf, FileError> {
        let relative = Path::new(key);
        if key.is_empty()
            || !relative
                .components()
                .all(|c| matches!(c, Component::Normal(_)))
        {
            return Err(FileError::InvalidKey);
        }
        Ok(self.root.join(relative))
    }
}

#[async_trait]
impl FileStore for LocalFiles {
    async fn put(&self, key: &str, bytes: Vec<u8>) -> Result<(), FileError> {
        let path = self.path(key)?;
        if let Some(parent) = path.parent() {
            tokio::fs::create_dir_all(parent).await?;
        }
        // Write beside, then rename: a failed write leaves nothing behind.
        let partial = path.with_extension("partial");
        tokio::fs::write(&partial, bytes).await?;
        tokio::fs::rename(&partial, &path).await?;
        Ok(())
    }

    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, FileError> {
        match tokio::fs::read(self.path(key)?).await {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    async fn delete_subject(&self, subject: Uuid) -> Result<(), FileError> {
        match tokio::fs::remove_dir_all(self.path(&subject_prefix(subject))?).await {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e.into()),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn forgetting_a_subject_deletes_its_files_only() {
        let dir = tempfile::tempdir().unwrap();
        let files = LocalFiles::new(dir.path());
        let (a, b) = (Uuid::from_u128(1), Uuid::from_u128(2));
        files
            .put(
                &format!("{}consent.pdf", subject_prefix(a)),
                b"%PDF-a".to_vec(),
            )
            .await
            .unwrap();
        files
            .put(
                &format!("{}consent.pdf", subject_prefix(b)),
                b"%PDF-b".to_vec(),
            )
            .await
            .unwrap();
        files.delete_subject(a).await.unwrap();
        assert_eq!(
            files
                .get(&format!("{}consent.pdf", subject_prefix(a)))
                .await
                .unwrap(),
            None
        );
        assert_eq!(
            files
                .get(&format!("{}consent.pdf", subject_prefix(b)))
                .await
                .unwrap()
                .unwrap(),
            b"%PDF-b"
        );
        files.delete_subject(a).await.unwrap();
    }

    #[tokio::test]
    async fn keys_cannot_escape_the_root() {
        let dir = tempfile::tempdir().unwrap();
        let files = LocalFiles::new(dir.path().join("files"));
        for key in ["../x", "/etc/passwd", "", "a/../../b"] {
            assert!(
                matches!(files.put(key, vec![1]).await, Err(FileError::InvalidKey)),
                "{key}"
            );
        }
    }
}
