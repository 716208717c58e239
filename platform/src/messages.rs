//! Server-side texts (errors, field errors, e-mails) in French and English,
//! so every message a user reads is in the request's language.
//!
//! The catalogues are `platform/locales/{fr,en}.json`: flat, sorted by key,
//! `"code": "text"` with `{name}` placeholders. A test fails when a key is
//! missing from one of them, when placeholders differ, or when a file is not
//! sorted (regenerate with `jq -S . file`: two-space indent).

use std::collections::BTreeMap;
use std::sync::LazyLock;

use crate::lang::Lang;

type Catalogue = BTreeMap<String, String>;

const FR_JSON: &str = include_str!("../locales/fr.json");
const EN_JSON: &str = include_str!("../locales/en.json");

fn parse(json: &str) -> Catalogue {
    // The catalogues are embedded and checked by the tests below.
    serde_json::from_str(json).expect("embedded message catalogue is valid JSON")
}

static FR: LazyLock<Catalogue> = LazyLock::new(|| parse(FR_JSON));
static EN: LazyLock<Catalogue> = LazyLock::new(|| parse(EN_JSON));

fn catalogue(lang: Lang) -> &'static Catalogue {
    match lang {
        Lang::Fr => &FR,
        Lang::En => &EN,
    }
}

/// Whether a text exists for `code` (in English, hence in both).
pub fn is_known(code: &str) -> bool {
    EN.contains_key(code)
}

/// The text for `code` in `lang` (else English, else the code itself), with
/// each `{name}` replaced by its value from `args`; unknown placeholders stay.
pub fn message(lang: Lang, code: &str, args: &[(&str, &str)]) -> String {
    let template = catalogue(lang)
        .get(code)
        .or_else(|| EN.get(code))
        .map_or(code, String::as_str);
    substitute(template, args)
}

/// Replaces `{name}` placeholders in one pass (values are never re-scanned).
fn substitute(template: &str, args: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let name = &after[..close];
                match args.iter().find(|(key, _)| *key == name) {
                    Some((_, value)) => out.push_str(value),
                    None => out.push_str(&rest[open..open + close + 2]),
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    fn placeholders(text: &str) -> BTreeSet<&str> {
        text.split('{')
            .skip(1)
            .filter_map(|s| s.split_once('}').map(|(name, _)| name))
            .collect()
    }

    #[test]
    fn both_catalogues_have_the_same_keys_and_placeholders() {
        let fr: BTreeSet<_> = FR.keys().collect();
        let en: BTreeSet<_> = EN.keys().collect();
        assert_eq!(
            fr.symmetric_difference(&en).collect::<Vec<_>>(),
            Vec::<&&String>::new(),
            "keys present in only one catalogue"
        );
        for (key, fr_text) in FR.iter() {
            assert_eq!(placeholders(fr_text), placeholders(&EN[key]), "{key}");
        }
    }

    #[test]
    fn catalogue_files_are_sorted_and_canonically_formatted() {
        for (name, json, parsed) in [("fr", FR_JSON, &*FR), ("en", EN_JSON, &*EN)] {
            let canonical = serde_json::to_string_pretty(parsed).unwrap() + "\n";
            assert_eq!(json, canonical, "locales/{name}.json is not sorted (jq -S)");
        }
    }

    #[test]
    fn every_documented_error_code_has_a_text() {
        let codes = [
            "validation_failed",
            "malformed_body",
            "email_not_verified",
            "email_taken",
            "otp_invalid",
            "otp_expired",
            "otp_attempts_exhausted",
            "otp_resend_too_soon",
            "otp_send_limit",
            "invalid_credentials",
            "not_signed_in",
            "forbidden",
            "csrf_rejected",
            "wrong_password",
            "reset_token_invalid",
            "not_found",
            "conflict",
            "read_model_behind",
            "internal",
            "card_declined",
            "insufficient_funds",
            "expired_card",
            "incorrect_cvc",
            "incorrect_number",
            "payment_unavailable",
            "server_busy",
            "too_many_requests",
            "too_many_attempts",
        ];
        for code in codes {
            assert!(is_known(code), "{code}");
        }
    }

    #[test]
    fn email_not_verified_reads_exactly_as_specified() {
        assert_eq!(
            message(Lang::En, "email_not_verified", &[]),
            "Please verify your email OTP before proceeding"
        );
        assert_eq!(
            message(Lang::Fr, "email_not_verified", &[]),
            "Veuillez vérifier le code OTP de votre e-mail avant de continuer"
        );
    }

    #[test]
    fn password_too_short_mentions_twelve_characters() {
        assert!(message(Lang::En, "password.too_short", &[]).contains("at least 12 characters"));
    }

    #[test]
    fn unknown_codes_fall_back_to_the_code() {
        assert_eq!(message(Lang::Fr, "no.such.code", &[]), "no.such.code");
    }

    #[test]
    fn placeholders_are_substituted_once_and_unknown_ones_kept() {
        assert_eq!(
            message(Lang::En, "field.too_long", &[("max", "80")]),
            "This field must not exceed 80 characters."
        );
        assert_eq!(substitute("{a} {b}", &[("a", "{b}")]), "{b} {b}");
        assert_eq!(substitute("x {unclosed", &[]), "x {unclosed");
        assert_eq!(substitute("é {a}!", &[("a", "ü")]), "é ü!");
    }
}
