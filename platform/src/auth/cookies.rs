//! Session cookies (one per area: HttpOnly, Secure, SameSite=Lax,
//! `Path=/api`) and reading a token from a Bearer header or that cookie.

use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use chrono::TimeDelta;

use super::Role;

/// Where a request's token came from; cookie requests are subject to CSRF
/// checks, Bearer requests are not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenSource {
    /// `Authorization: Bearer …`.
    Bearer,
    /// The role's session cookie.
    Cookie,
}

fn base(role: Role, value: String, secure: bool) -> Cookie<'static> {
    Cookie::build((super::cookie_name(role), value))
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Lax)
        .path("/api")
        .build()
}

/// The session cookie of `role` holding `token`, expiring after `max_age`.
pub fn session_cookie(
    role: Role,
    token: String,
    max_age: TimeDelta,
    secure: bool,
) -> Cookie<'static> {
    let mut cookie = base(role, token, secure);
    cookie.set_max_age(cookie::time::Duration::seconds(max_age.num_seconds()));
    cookie
}

/// A cookie that removes `role`'s session cookie (same name, path and flags).
pub fn clear_session_cookie(role: Role, secure: bool) -> Cookie<'static> {
    let mut cookie = base(role, String::new(), secure);
    cookie.make_removal();
    cookie
}

/// The token of `role` in a request: `Authorization: Bearer` first, else the
/// role's cookie (other roles' cookies are ignored).
pub fn bearer_or_cookie(parts: &Parts, role: Role) -> Option<(String, TokenSource)> {
    let bearer = parts
        .headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, token)| token.trim())
        .filter(|token| !token.is_empty());
    if let Some(token) = bearer {
        return Some((token.to_owned(), TokenSource::Bearer));
    }
    CookieJar::from_headers(&parts.headers)
        .get(super::cookie_name(role))
        .map(|c| c.value().to_owned())
        .filter(|token| !token.is_empty())
        .map(|token| (token, TokenSource::Cookie))
}

#[cfg(test)]
mod tests {
    use axum::http::Request;

    use super::*;

    fn parts(headers: &[(&str, &str)]) -> Parts {
        let mut request = Request::builder();
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request.body(()).unwrap().into_parts().0
    }

    #[test]
    fn session_cookie_has_the_documented_attributes() {
        let cookie = session_cookie(Role::Consultant, "tok".into(), TimeDelta::hours(12), true);
        let text = cookie.to_string();
        for part in [
            "eq_consultant=tok",
            "HttpOnly",
            "Secure",
            "SameSite=Lax",
            "Path=/api",
            "Max-Age=43200",
        ] {
            assert!(text.contains(part), "{text} lacks {part}");
        }
        assert!(
            !session_cookie(Role::Client, "t".into(), TimeDelta::hours(1), false)
                .to_string()
                .contains("Secure")
        );
    }

    #[test]
    fn clearing_expires_the_same_cookie() {
        let text = clear_session_cookie(Role::Admin, true).to_string();
        assert!(text.starts_with("eq_admin=;"), "{text}");
        assert!(
            text.contains("Max-Age=0") && text.contains("Path=/api"),
            "{text}"
        );
    }

    #[test]
    fn bearer_wins_over_the_cookie() {
        let p = parts(&[("authorization", "Bearer abc"), ("cookie", "eq_client=def")]);
        assert_eq!(
            bearer_or_cookie(&p, Role::Client),
            Some(("abc".into(), TokenSource::Bearer))
        );
    }

    #[test]
    fn only_the_roles_own_cookie_counts() {
        let p = parts(&[("cookie", "eq_admin=adm; eq_client=cli")]);
        assert_eq!(
            bearer_or_cookie(&p, Role::Client),
            Some(("cli".into(), TokenSource::Cookie))
        );
        assert_eq!(bearer_or_cookie(&p, Role::Consultant), None);
        assert_eq!(
            bearer_or_cookie(&parts(&[("authorization", "Basic x")]), Role::Client),
            None
        );
    }
}
