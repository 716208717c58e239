//! Files in an S3-compatible bucket (`object_store`'s `aws` module): AWS S3
//! itself, or any compatible server given as an endpoint (MinIO, Ceph, moto),
//! addressed path-style.

use async_trait::async_trait;
use futures::TryStreamExt;
use object_store::aws::{AmazonS3, AmazonS3Builder};
use object_store::path::Path;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};
use secrecy::ExposeSecret;
use uuid::Uuid;

use super::{FileError, FileStore, check_key, subject_prefix};
use crate::config::S3Settings;

pub struct S3Files {
    store: AmazonS3,
}

impl S3Files {
    pub fn new(settings: &S3Settings) -> Result<S3Files, FileError> {
        // The S3 client's TLS has no crypto provider of its own (so AWS-LC is
        // not built): it uses ring, as the process's default. Installing
        // twice is refused harmlessly.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let mut builder = AmazonS3Builder::new()
            .with_bucket_name(&settings.bucket)
            .with_region(&settings.region);
        if let Some(endpoint) = &settings.endpoint {
            builder = builder
                .with_endpoint(endpoint)
                .with_allow_http(endpoint.starts_with("http://"))
                .with_virtual_hosted_style_request(false);
        }
        if let Some(id) = &settings.access_key_id {
            builder = builder.with_access_key_id(id);
        }
        if let Some(secret) = &settings.secret_access_key {
            builder = builder.with_secret_access_key(secret.expose_secret());
        }
        Ok(S3Files {
            store: builder.build()?,
        })
    }
}

fn location(key: &str) -> Result<Path, FileError> {
    check_key(key)?;
    Path::parse(key).map_err(|_| FileError::InvalidKey)
}

#[async_trait]
impl FileStore for S3Files {
    async fn put(&self, key: &str, bytes: Vec<u8>) -> Result<(), FileError> {
        // One PUT: the object appears whole or not at all.
        self.store
            .put(&location(key)?, PutPayload::from(bytes))
            .await?;
        Ok(())
    }

    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, FileError> {
        match self.store.get(&location(key)?).await {
            Ok(found) => Ok(Some(found.bytes().await?.to_vec())),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    async fn delete(&self, key: &str) -> Result<(), FileError> {
        match self.store.delete(&location(key)?).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }

    async fn delete_subject(&self, subject: Uuid) -> Result<(), FileError> {
        for key in self.list_subject(subject).await? {
            self.delete(&key).await?;
        }
        Ok(())
    }

    async fn list_subject(&self, subject: Uuid) -> Result<Vec<String>, FileError> {
        let prefix = Path::from(subject_prefix(subject).trim_end_matches('/'));
        let mut keys: Vec<String> = self
            .store
            .list(Some(&prefix))
            .map_ok(|meta| meta.location.to_string())
            .try_collect()
            .await?;
        keys.sort();
        Ok(keys)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::testing::{MotoServer, exercise_store};

    #[tokio::test]
    async fn an_s3_compatible_bucket_keeps_deletes_and_forgets_files() {
        let moto = MotoServer::start().await;
        let settings = moto.bucket("equilibre-files").await;
        exercise_store(&S3Files::new(&settings).unwrap()).await;
    }

    #[tokio::test]
    async fn a_missing_bucket_is_an_error_not_an_empty_answer() {
        let moto = MotoServer::start().await;
        let mut settings = moto.bucket("present").await;
        settings.bucket = "absent".into();
        let files = S3Files::new(&settings).unwrap();
        assert!(files.put("subjects/x/a.pdf", vec![1]).await.is_err());
    }
}
