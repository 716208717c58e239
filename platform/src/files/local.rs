//! Files under a local directory (the embedded default).

use std::path::{Path, PathBuf};

use async_trait::async_trait;
use uuid::Uuid;

use super::{FileError, FileStore, check_key, subject_prefix};

pub struct LocalFiles {
    root: PathBuf,
}

impl LocalFiles {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        LocalFiles { root: root.into() }
    }

    fn path(&self, key: &str) -> Result<PathBuf, FileError> {
        check_key(key.trim_end_matches('/'))?;
        Ok(self.root.join(Path::new(key)))
    }
}

fn missing_is_fine(result: std::io::Result<()>) -> Result<(), FileError> {
    match result {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e.into()),
        _ => Ok(()),
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
        if let Err(e) = tokio::fs::write(&partial, bytes).await {
            tokio::fs::remove_file(&partial).await.ok();
            return Err(e.into());
        }
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

    async fn delete(&self, key: &str) -> Result<(), FileError> {
        missing_is_fine(tokio::fs::remove_file(self.path(key)?).await)
    }

    async fn delete_subject(&self, subject: Uuid) -> Result<(), FileError> {
        missing_is_fine(tokio::fs::remove_dir_all(self.path(&subject_prefix(subject))?).await)
    }

    async fn list_subject(&self, subject: Uuid) -> Result<Vec<String>, FileError> {
        let prefix = subject_prefix(subject);
        let mut entries = match tokio::fs::read_dir(self.path(&prefix)?).await {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(e.into()),
        };
        let mut keys = Vec::new();
        while let Some(entry) = entries.next_entry().await? {
            if let Some(name) = entry.file_name().to_str() {
                keys.push(format!("{prefix}{name}"));
            }
        }
        keys.sort();
        Ok(keys)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::testing::exercise_store;

    #[tokio::test]
    async fn the_local_directory_keeps_deletes_and_forgets_files() {
        let dir = tempfile::tempdir().unwrap();
        exercise_store(&LocalFiles::new(dir.path())).await;
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
            assert!(matches!(
                files.delete(key).await,
                Err(FileError::InvalidKey)
            ));
        }
    }
}
