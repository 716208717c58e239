//! Time-based one-time codes (RFC 6238 through `totp-rs`: SHA-1, 6 digits,
//! 30 s, what every authenticator app reads from a QR code) and recovery
//! codes. The rules (who must have one, codes used once) are the domain's and
//! `docs/rules.md` "Second factor"; this is the arithmetic.

use chrono::{DateTime, Utc};
use qrcode::QrCode;
use qrcode::render::svg;
use rand::rngs::OsRng;
use rand::{Rng, TryRngCore};
use totp_rs::{Algorithm, Secret, TOTP};

/// Seconds per code.
pub const STEP_SECONDS: i64 = 30;
/// Codes of one step before and after now are accepted (clocks drift).
const DRIFT_STEPS: i64 = 1;
/// How many recovery codes an enrolment or a renewal hands out.
pub const RECOVERY_CODE_COUNT: usize = 10;
/// Letters and digits that cannot be mistaken for one another.
const RECOVERY_ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_LENGTH: usize = 10;

/// A new random secret (160 bits, RFC 4226's recommendation), base32.
pub fn new_secret() -> String {
    Secret::generate_secret().to_encoded().to_string()
}

fn totp(secret_base32: &str, issuer: &str, account_name: &str) -> Option<TOTP> {
    let bytes = Secret::Encoded(secret_base32.to_owned()).to_bytes().ok()?;
    // `:` separates issuer and account in the label; neither may hold one.
    TOTP::new(
        Algorithm::SHA1,
        6,
        0,
        STEP_SECONDS as u64,
        bytes,
        Some(issuer.replace(':', " ")),
        account_name.replace(':', " "),
    )
    .ok()
}

/// The `otpauth://totp/…` URI an authenticator app reads.
pub fn otpauth_uri(secret_base32: &str, issuer: &str, account_name: &str) -> Option<String> {
    totp(secret_base32, issuer, account_name).map(|t| t.get_url())
}

/// The URI as a QR code, an SVG document (black on white, quiet zone kept).
pub fn qr_svg(uri: &str) -> Option<String> {
    let code = QrCode::new(uri.as_bytes()).ok()?;
    Some(
        code.render::<svg::Color<'_>>()
            .min_dimensions(200, 200)
            .dark_color(svg::Color("#000000"))
            .light_color(svg::Color("#ffffff"))
            .build(),
    )
}

/// The time step of `code` if it is the code of `secret` at now or one step
/// around it (compared in constant time), else `None`. The caller records
/// the step so that a code is used once.
pub fn matching_step(secret_base32: &str, code: &str, now: DateTime<Utc>) -> Option<i64> {
    let totp = totp(secret_base32, "x", "x")?;
    let current = now.timestamp().div_euclid(STEP_SECONDS);
    (current - DRIFT_STEPS..=current + DRIFT_STEPS)
        .find(|step| u64::try_from(step * STEP_SECONDS).is_ok_and(|time| totp.check(code, time)))
}

/// The code of `secret` at `at` (what the person's app shows; for tests and
/// the demo's instructions).
pub fn code_at(secret_base32: &str, at: DateTime<Utc>) -> Option<String> {
    let totp = totp(secret_base32, "x", "x")?;
    u64::try_from(at.timestamp())
        .ok()
        .map(|time| totp.generate(time))
}

/// Fresh recovery codes, shown once as `xxxxx-xxxxx` (about 49 bits each).
pub fn new_recovery_codes() -> Vec<String> {
    let mut rng = OsRng.unwrap_err();
    (0..RECOVERY_CODE_COUNT)
        .map(|_| {
            let raw: String = (0..RECOVERY_LENGTH)
                .map(|_| {
                    char::from(RECOVERY_ALPHABET[rng.random_range(0..RECOVERY_ALPHABET.len())])
                })
                .collect();
            format!("{}-{}", &raw[..5], &raw[5..])
        })
        .collect()
}

/// What a person typed where a code is asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SecondFactorCode {
    /// Six digits from the authenticator app.
    Totp(String),
    /// A recovery code, normalised (lower case, no dash or space).
    Recovery(String),
}

impl SecondFactorCode {
    /// `None` when it can be neither (the answer is then "invalid code").
    pub fn parse(raw: &str) -> Option<Self> {
        let compact: String = raw
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .collect::<String>()
            .to_ascii_lowercase();
        if compact.len() == 6 && compact.bytes().all(|b| b.is_ascii_digit()) {
            Some(SecondFactorCode::Totp(compact))
        } else if compact.len() == RECOVERY_LENGTH
            && compact.bytes().all(|b| RECOVERY_ALPHABET.contains(&b))
        {
            Some(SecondFactorCode::Recovery(compact))
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeDelta;

    use super::*;

    fn at(seconds: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_770_000_000 + seconds, 0).unwrap()
    }

    #[test]
    fn a_code_matches_its_step_and_one_step_either_side_only() {
        let secret = new_secret();
        let code = code_at(&secret, at(0)).unwrap();
        let step = at(0).timestamp() / STEP_SECONDS;
        assert_eq!(matching_step(&secret, &code, at(0)), Some(step));
        assert_eq!(matching_step(&secret, &code, at(30)), Some(step));
        assert_eq!(matching_step(&secret, &code, at(-30)), Some(step));
        assert_eq!(matching_step(&secret, &code, at(90)), None);
        assert_eq!(matching_step(&new_secret(), &code, at(0)), None);
    }

    #[test]
    fn the_rfc_6238_test_vector_holds() {
        // RFC 6238 appendix B, SHA-1, secret "12345678901234567890", T = 59 s.
        let secret = Secret::Raw(b"12345678901234567890".to_vec())
            .to_encoded()
            .to_string();
        let t = DateTime::from_timestamp(59, 0).unwrap();
        assert_eq!(code_at(&secret, t).unwrap(), "287082");
        assert!(matching_step(&secret, "287082", t + TimeDelta::seconds(1)).is_some());
    }

    #[test]
    fn the_uri_and_qr_code_name_the_issuer_and_account() {
        let uri = otpauth_uri(&new_secret(), "Équilibre", "ada@example.org").unwrap();
        assert!(uri.starts_with("otpauth://totp/%C3%89quilibre:ada%40example.org?secret="));
        let svg = qr_svg(&uri).unwrap();
        assert!(svg.contains("<svg") && svg.contains("#000000"));
    }

    #[test]
    fn recovery_codes_are_distinct_readable_and_parse_back() {
        let codes = new_recovery_codes();
        assert_eq!(codes.len(), RECOVERY_CODE_COUNT);
        let distinct: std::collections::BTreeSet<_> = codes.iter().collect();
        assert_eq!(distinct.len(), RECOVERY_CODE_COUNT);
        let typed = codes[0].to_uppercase().replace('-', " ");
        assert_eq!(
            SecondFactorCode::parse(&typed),
            Some(SecondFactorCode::Recovery(codes[0].replace('-', "")))
        );
        assert_eq!(
            SecondFactorCode::parse(" 123 456 "),
            Some(SecondFactorCode::Totp("123456".into()))
        );
        assert_eq!(SecondFactorCode::parse("12345"), None);
        assert_eq!(SecondFactorCode::parse("abcde-fghi1"), None);
    }
}
