//! Parsing and printing of single configuration values, kept apart so that
//! `config.rs` reads as the list of variables.

use std::path::Path;

use super::{ConfigError, invalid};

pub(super) fn sqlite_url(dir: &Path, file: &str) -> String {
    format!("sqlite://{}?mode=rwc", dir.join(file).display())
}

pub(super) fn is_postgres(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

pub(super) fn check_db_url(var: &'static str, url: &str) -> Result<(), ConfigError> {
    if is_postgres(url) || url.starts_with("sqlite:") {
        Ok(())
    } else {
        Err(invalid(var, "expected sqlite:… or postgres://…"))
    }
}

pub(super) fn parse_bool(
    var: &'static str,
    value: Option<String>,
    default: bool,
) -> Result<bool, ConfigError> {
    let Some(value) = value else {
        return Ok(default);
    };
    match value.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        _ => Err(invalid(var, "expected true or false")),
    }
}

/// `scheme://user:pass@host/…` → `scheme://user:***@host/…`.
pub(super) fn redact_url(url: &str) -> String {
    let Some(start) = url.find("://").map(|i| i + 3) else {
        return url.to_owned();
    };
    let authority_end = url[start..].find('/').map_or(url.len(), |i| start + i);
    match url[start..authority_end].rfind('@') {
        Some(at) => {
            let userinfo = &url[start..start + at];
            let user = userinfo.split(':').next().unwrap_or("");
            format!("{}{user}:***{}", &url[..start], &url[start + at..])
        }
        None => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn booleans_accept_the_usual_spellings() {
        for yes in ["1", "true", "YES", " on "] {
            assert!(parse_bool("X", Some(yes.into()), false).unwrap());
        }
        for no in ["0", "False", "no", "off"] {
            assert!(!parse_bool("X", Some(no.into()), true).unwrap());
        }
        assert!(parse_bool("X", None, true).unwrap());
        assert!(parse_bool("X", Some("2".into()), true).is_err());
    }

    #[test]
    fn urls_lose_their_password_only() {
        assert_eq!(redact_url("smtps://u:p@h:465"), "smtps://u:***@h:465");
        assert_eq!(redact_url("postgres://u@h/db"), "postgres://u:***@h/db");
        assert_eq!(redact_url("nats://h:4222"), "nats://h:4222");
        assert_eq!(
            redact_url("sqlite://./data/a@b.db"),
            "sqlite://./data/a@b.db"
        );
    }

    #[test]
    fn sqlite_urls_create_missing_files() {
        assert_eq!(
            sqlite_url(Path::new("/d"), "x.db"),
            "sqlite:///d/x.db?mode=rwc"
        );
        assert!(check_db_url("X", "sqlite::memory:").is_ok());
        assert!(is_postgres("postgresql://h/db"));
    }
}
