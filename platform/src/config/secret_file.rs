//! The generated secret kept in the data directory, so that restarts without
//! `EQUILIBRE_SECRET` keep sessions and keyed hashes valid.

use std::io::{ErrorKind, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngCore;
use secrecy::SecretString;

use super::{ConfigError, MIN_SECRET_LEN};

/// Reads the secret at `path`, or creates it (32 random bytes, mode 0600).
pub(super) fn load_or_create(path: &Path) -> Result<SecretString, ConfigError> {
    let failed = |source| ConfigError::SecretFile {
        path: path.to_path_buf(),
        source,
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(failed)?;
    }
    match read(path) {
        Err(e) if e.kind() == ErrorKind::NotFound => {}
        other => return other.map_err(failed),
    }
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let secret = URL_SAFE_NO_PAD.encode(bytes);
    let created = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path);
    match created {
        Ok(mut file) => {
            file.write_all(secret.as_bytes()).map_err(failed)?;
            file.sync_all().map_err(failed)?;
            Ok(SecretString::from(secret))
        }
        // Another process created it first: use theirs.
        Err(e) if e.kind() == ErrorKind::AlreadyExists => read(path).map_err(failed),
        Err(e) => Err(failed(e)),
    }
}

fn read(path: &Path) -> std::io::Result<SecretString> {
    let text = std::fs::read_to_string(path)?;
    let text = text.trim();
    if text.len() < MIN_SECRET_LEN {
        return Err(std::io::Error::new(
            ErrorKind::InvalidData,
            "secret shorter than 32 characters",
        ));
    }
    Ok(SecretString::from(text))
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use secrecy::ExposeSecret;

    use super::*;

    #[test]
    fn creates_a_private_secret_once_and_reads_it_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nested/secret.key");

        let first = load_or_create(&path).unwrap();
        let again = load_or_create(&path).unwrap();

        assert_eq!(first.expose_secret(), again.expose_secret());
        assert!(first.expose_secret().len() >= MIN_SECRET_LEN);
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    #[test]
    fn refuses_a_short_secret_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("secret.key");
        std::fs::write(&path, "short").unwrap();
        assert!(matches!(
            load_or_create(&path),
            Err(ConfigError::SecretFile { .. })
        ));
    }
}
