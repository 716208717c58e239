//! Password hashing with argon2id (m = 19 MiB, t = 2, p = 1), off the async
//! runtime because each hash takes tens of milliseconds, on a bounded
//! [`HashPool`].

use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};

use super::AuthError;
use super::hash_pool::HashPool;

fn argon2() -> Result<Argon2<'static>, AuthError> {
    let params = Params::new(19_456, 2, 1, None).map_err(|e| AuthError::Hash(e.to_string()))?;
    Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
}

/// The PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`) of `password`, salted.
pub fn hash_password(password: &str) -> Result<String, AuthError> {
    let hash: PasswordHash = argon2()?
        .hash_password(password.as_bytes())
        .map_err(|e| AuthError::Hash(e.to_string()))?;
    Ok(hash.to_string())
}

/// Whether `password` matches `hash`; a malformed hash never matches.
pub fn verify_password(password: &str, hash: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(hash) else {
        return false;
    };
    argon2().is_ok_and(|a| a.verify_password(password.as_bytes(), &parsed).is_ok())
}

impl HashPool {
    /// [`hash_password`] on this pool.
    pub async fn hash(&self, password: String) -> Result<String, AuthError> {
        self.run(move || hash_password(&password)).await?
    }

    /// [`verify_password`] on this pool.
    pub async fn verify(&self, password: String, hash: String) -> Result<bool, AuthError> {
        self.run(move || verify_password(&password, &hash)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_with_the_chosen_parameters_and_verifies() {
        let hash = hash_password("correct horse battery staple").unwrap();
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        assert!(verify_password("correct horse battery staple", &hash));
        assert!(!verify_password("correct horse battery stapler", &hash));
    }

    #[test]
    fn salts_differ_and_garbage_hashes_never_match() {
        assert_ne!(
            hash_password("same").unwrap(),
            hash_password("same").unwrap()
        );
        assert!(!verify_password("x", "not a hash"));
        assert!(!verify_password("x", ""));
    }

    #[tokio::test]
    async fn the_pool_hashes_and_verifies_alike() {
        let pool = HashPool::new(1, 1);
        let hash = pool.hash("twelve chars!".into()).await.unwrap();
        assert!(
            pool.verify("twelve chars!".into(), hash.clone())
                .await
                .unwrap()
        );
        assert!(!pool.verify("other".into(), hash).await.unwrap());
    }
}
