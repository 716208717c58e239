//! Uploaded files (DESIGN §5): keys are made by the server and grouped by
//! subject (`subjects/{id}/…`), so forgetting a subject deletes one prefix.
//! The local directory is the embedded default; an S3-compatible object
//! store (`EQUILIBRE_FILES_S3_*`, see [`crate::config`]) is the one at scale.
//! Both sit behind [`FileStore`]; [`open`] picks one from the configuration.
//! [`content`] finds a file's type from its bytes.

pub mod content;
mod local;
mod s3;
#[cfg(feature = "testing")]
pub mod testing;

use std::path::{Component, Path};
use std::sync::Arc;

use async_trait::async_trait;
use uuid::Uuid;

pub use local::LocalFiles;
pub use s3::S3Files;

use crate::config::{Config, FilesBackend};

#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("invalid file key")]
    InvalidKey,
    #[error("file storage: {0}")]
    Io(#[from] std::io::Error),
    #[error("object store: {0}")]
    ObjectStore(#[from] object_store::Error),
}

/// The key prefix of everything stored for a subject.
pub fn subject_prefix(subject: Uuid) -> String {
    format!("subjects/{subject}/")
}

/// The subject a key is stored under (`subjects/{id}/…`), if it is one.
pub fn subject_of(key: &str) -> Option<Uuid> {
    let rest = key.strip_prefix("subjects/")?;
    let (id, name) = rest.split_once('/')?;
    if name.is_empty() || check_key(key).is_err() {
        return None;
    }
    id.parse().ok()
}

#[async_trait]
pub trait FileStore: Send + Sync {
    async fn put(&self, key: &str, bytes: Vec<u8>) -> Result<(), FileError>;
    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, FileError>;
    /// Deletes one file (clean-up of an upload that could not be recorded);
    /// deleting nothing is fine.
    async fn delete(&self, key: &str) -> Result<(), FileError>;
    /// Deletes every file of the subject; deleting nothing is fine.
    async fn delete_subject(&self, subject: Uuid) -> Result<(), FileError>;
    /// The keys stored for a subject, sorted (audits and tests).
    async fn list_subject(&self, subject: Uuid) -> Result<Vec<String>, FileError>;
}

/// The file store the configuration names.
pub fn open(config: &Config) -> Result<Arc<dyn FileStore>, FileError> {
    Ok(match &config.files {
        FilesBackend::Local => Arc::new(LocalFiles::new(config.files_dir())),
        FilesBackend::S3(settings) => Arc::new(S3Files::new(settings)?),
    })
}

/// Only plain relative keys: no `..`, no absolute paths, no empty segments.
fn check_key(key: &str) -> Result<(), FileError> {
    let plain = !key.is_empty()
        && !key.contains("//")
        && !key.ends_with('/')
        && !key.contains('\\')
        && Path::new(key)
            .components()
            .all(|c| matches!(c, Component::Normal(_)));
    if plain {
        Ok(())
    } else {
        Err(FileError::InvalidKey)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_relative_keys_are_accepted() {
        for key in ["../x", "/etc/passwd", "", "a/../../b", "a//b", "a/", "a\\b"] {
            assert!(check_key(key).is_err(), "{key}");
        }
        assert!(check_key("subjects/1/a.pdf").is_ok());
    }

    #[test]
    fn the_subject_of_a_key_is_its_second_segment() {
        let id = Uuid::from_u128(5);
        assert_eq!(subject_of(&format!("subjects/{id}/a.pdf")), Some(id));
        assert_eq!(subject_of(&format!("subjects/{id}/")), None);
        assert_eq!(subject_of(&format!("subjects/{id}/../x/a.pdf")), None);
        assert_eq!(subject_of("subjects/nope/a.pdf"), None);
        assert_eq!(subject_of(&format!("other/{id}/a.pdf")), None);
    }
}
