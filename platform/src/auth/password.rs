//! Password hashing with argon2id (m = 19 MiB, t = 2, p = 1), off the async
//! runtime because each hash takes tens of milliseconds, on a bounded
//! [`HashPool`].

use std::cell::RefCell;

use argon2::password_hash::phc::{Output, ParamsString, PasswordHash, Salt};
use argon2::{Algorithm, Argon2, Block, Params, Version};

use super::AuthError;
use super::hash_pool::HashPool;

/// The largest memory cost a stored hash may ask for (4 × ours), so a
/// forged hash cannot make a check allocate without bound.
const MAX_M_COST: u32 = 4 * 19_456;

fn params() -> Result<Params, AuthError> {
    Params::new(19_456, 2, 1, None).map_err(|e| AuthError::Hash(e.to_string()))
}

thread_local! {
    /// This thread's argon2 working memory (19 MiB for our parameters),
    /// reused by every hash it runs: a burst never holds more than one per
    /// hashing thread, and nothing is left for the allocator to keep.
    static MEMORY: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
}

/// The argon2 output of `password` and `salt` under `hasher`'s parameters.
fn compute(
    hasher: &Argon2<'_>,
    params: &Params,
    password: &[u8],
    salt: &[u8],
) -> Result<Output, AuthError> {
    let failed = |e: &dyn std::fmt::Display| AuthError::Hash(e.to_string());
    let mut buffer = [0u8; Output::MAX_LENGTH];
    let out = buffer
        .get_mut(..params.output_len().unwrap_or(Params::DEFAULT_OUTPUT_LEN))
        .ok_or_else(|| AuthError::Hash("output length".into()))?;
    MEMORY
        .with_borrow_mut(|memory| {
            memory.resize(params.block_count(), Block::default());
            hasher.hash_password_into_with_memory(password, salt, out, memory.as_mut_slice())
        })
        .map_err(|e| failed(&e))?;
    Output::new(out).map_err(|e| failed(&e))
}

/// The PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`) of `password`, salted.
pub fn hash_password(password: &str) -> Result<String, AuthError> {
    let failed = |e: &dyn std::fmt::Display| AuthError::Hash(e.to_string());
    let params = params()?;
    let hasher = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
    let salt = Salt::new(&argon2::password_hash::generate_salt()).map_err(|e| failed(&e))?;
    let output = compute(&hasher, &params, password.as_bytes(), &salt)?;
    let hash = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).map_err(|e| failed(&e))?,
        salt: Some(salt),
        hash: Some(output),
    };
    Ok(hash.to_string())
}

/// Whether `password` matches `hash`; a malformed hash never matches.
pub fn verify_password(password: &str, hash: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(hash) else {
        return false;
    };
    let (Some(salt), Some(expected)) = (&parsed.salt, &parsed.hash) else {
        return false;
    };
    let Ok(algorithm) = Algorithm::try_from(parsed.algorithm.as_str()) else {
        return false;
    };
    let version = match parsed.version.map(Version::try_from) {
        None => Version::default(),
        Some(Ok(version)) => version,
        Some(Err(_)) => return false,
    };
    let Ok(params) = Params::try_from(&parsed) else {
        return false;
    };
    if params.m_cost() > MAX_M_COST {
        return false;
    }
    let hasher = Argon2::new(algorithm, version, params.clone());
    // `Output` compares in constant time.
    compute(&hasher, &params, password.as_bytes(), salt).is_ok_and(|out| &out == expected)
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
    fn hashes_agree_with_the_argon2_crates_own_hasher_both_ways() {
        use argon2::password_hash::{PasswordHasher, PasswordVerifier};
        let library = Argon2::new(Algorithm::Argon2id, Version::V0x13, params().unwrap());
        let theirs = library
            .hash_password(b"stored before this change")
            .unwrap()
            .to_string();
        assert!(verify_password("stored before this change", &theirs));
        assert!(!verify_password("stored before this chang", &theirs));
        let ours = hash_password("hashed on our threads").unwrap();
        assert!(
            library
                .verify_password(b"hashed on our threads", ours.as_str())
                .is_ok()
        );
        // Other parameters (a hash made before a change of cost) still verify.
        let cheaper = Argon2::new(
            Algorithm::Argon2id,
            Version::V0x13,
            Params::new(8_192, 1, 1, None).unwrap(),
        )
        .hash_password(b"older cost")
        .unwrap()
        .to_string();
        assert!(verify_password("older cost", &cheaper));
        let greedy = cheaper.replace("m=8192", "m=4000000");
        assert!(
            !verify_password("older cost", &greedy),
            "a forged memory cost is refused"
        );
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
