//! Unguessable codes and tokens from the operating system's CSPRNG.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::Rng;
use rand::TryRngCore;
use rand::rngs::OsRng;

/// A 6-digit one-time code, e.g. `"042917"`.
pub fn random_otp_code() -> String {
    let code: u32 = OsRng.unwrap_err().random_range(0..1_000_000);
    format!("{code:06}")
}

/// 32 random bytes, base64url without padding (43 characters).
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    OsRng.unwrap_err().fill(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn otp_codes_are_six_digits_and_vary() {
        let codes: HashSet<String> = (0..50).map(|_| random_otp_code()).collect();
        assert!(codes.len() > 40);
        assert!(
            codes
                .iter()
                .all(|c| c.len() == 6 && c.bytes().all(|b| b.is_ascii_digit()))
        );
    }

    #[test]
    fn tokens_are_43_url_safe_characters_and_unique() {
        let (a, b) = (random_token(), random_token());
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
        assert!(
            a.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        );
    }
}
