//! Typed configuration, read once at start-up from environment variables,
//! so every knob is documented in one place and secrets never print.
//!
//! | variable | default | meaning |
//! |---|---|---|
//! | `EQUILIBRE_BIND` | `127.0.0.1:8080` | address the HTTP server listens on |
//! | `EQUILIBRE_DATA_DIR` | `./data` | SQLite files, mail outbox, generated secret |
//! | `DATABASE_URL` | `sqlite://{data_dir}/events.db?mode=rwc` | event store; `postgres://…` for PostgreSQL |
//! | `READ_DATABASE_URL` | `sqlite://{data_dir}/read.db?mode=rwc` if `DATABASE_URL` is SQLite, else `DATABASE_URL` | read models |
//! | `NATS_URL` | unset (in-process notifications) | e.g. `nats://127.0.0.1:4222` |
//! | `SMTP_URL` | unset (`.eml` files in `{data_dir}/outbox`) | `smtp://host:port`, `smtps://user:pass@host:port`, `smtp://host?tls=required` |
//! | `EQUILIBRE_PUBLIC_URL` | `http://{bind}` | the origin users reach (links in mails, CSRF origin) |
//! | `EQUILIBRE_SECRET` | generated once into `{data_dir}/secret.key` (mode 0600) | signing and keyed-hash secret, at least 32 characters |
//! | `EQUILIBRE_DEMO` | `true` | seed demo data into an empty store; `0`/`false` disables |
//! | `EQUILIBRE_STATIC_DIR` | `frontend/dist` | the built SPA |
//! | `EQUILIBRE_MAIL_FROM` | `Equilibre <no-reply@equilibre.local>` | sender of every mail |
//! | `EQUILIBRE_LEGAL_NAME` | `Equilibre` | the platform's legal name, printed on receipts as their issuer ("au nom et pour le compte de" the consultant) |
//! | `EQUILIBRE_LEGAL_ADDRESS` | unset | the platform's registered address, printed on receipts under its name (one line) |
//! | `EQUILIBRE_SESSION_HOURS` | `12` | session lifetime |
//! | `EQUILIBRE_COOKIE_SECURE` | `true` | `Secure` on session cookies (browsers accept it on `http://127.0.0.1` and `localhost`) |
//! | `EQUILIBRE_API_KEY` | unset | the app identifier of spec's API-key header; never a credential |
//! | `EQUILIBRE_FILES_S3_BUCKET` | unset (uploads in `{data_dir}/files`) | keep uploads in this S3-compatible bucket instead |
//! | `EQUILIBRE_FILES_S3_ENDPOINT` | unset (AWS S3) | an S3-compatible server, `http(s)://host:port`, addressed path-style |
//! | `EQUILIBRE_FILES_S3_REGION` | `us-east-1` | the bucket's region |
//! | `EQUILIBRE_FILES_S3_ACCESS_KEY_ID` | unset (the AWS environment or instance credentials) | access key id |
//! | `EQUILIBRE_FILES_S3_SECRET_ACCESS_KEY` | unset | secret access key (never printed) |
//! | `EQUILIBRE_SMS_ACCOUNT_SID` | unset (texts appended to `{data_dir}/sms-outbox.log`) | send texts through Twilio's Messages API with this account |
//! | `EQUILIBRE_SMS_AUTH_TOKEN` | required with the account SID | Twilio auth token (never printed) |
//! | `EQUILIBRE_SMS_FROM` | required with the account SID | sender number (E.164) or messaging sender id |
//! | `EQUILIBRE_SMS_API_BASE` | `https://api.twilio.com` | the provider's API origin (tests point it at a stub) |
//! | `EQUILIBRE_STRIPE_SECRET_KEY` | unset (the sandbox provider) | charge cards through Stripe with this secret key (`sk_…`, never printed) |
//! | `EQUILIBRE_STRIPE_PUBLISHABLE_KEY` | required with the secret key | the publishable key (`pk_…`) Stripe.js uses in the browser's payment step |
//! | `EQUILIBRE_STRIPE_WEBHOOK_SECRET` | unset (webhooks refused) | the webhook endpoint's signing secret (`whsec_…`, never printed) |
//! | `EQUILIBRE_STRIPE_API_BASE` | `https://api.stripe.com` | Stripe's API origin (tests point it at a stub) |
//! | `EQUILIBRE_REQUESTS_PER_SECOND` | `150` | API requests per client address and second, bursts of ten seconds' worth; `0` = no limit |
//! | `EQUILIBRE_SIGN_INS_PER_MINUTE` | `30` | sign-in, sign-up, password and code requests per client address and minute; `0` = no limit |
//! | `EQUILIBRE_ADMIN_SECOND_FACTOR` | `required` | `required`: administrators sign in with a code from an authenticator app (TOTP), enrolled at their first sign-in; `offered`: only if they turn it on (test benches) |
//! | `EQUILIBRE_TRUSTED_PROXIES` | unset | comma-separated addresses or networks of the gateways whose `X-Forwarded-For` names the client |
//! | `EQUILIBRE_ICE_SERVERS` | empty (no STUN/TURN: peers on one network or loopback only) | STUN/TURN servers handed to the video room's browsers: a JSON array `[{"urls":"turn:turn.example:3478","username":"u","credential":"p"}]` or a comma list of URLs `stun:stun.example:3478,turn:…` (credentials are given to signed-in parties; never printed) |
//! | `EQUILIBRE_PIXEL_SCRIPT_URL` | empty (no pixel) | the advertising pixel's script, loaded only in browsers whose visitor consented to advertising: `https://…` (or `http://` on a loopback address, for tests); its origin is then admitted by the web pages' Content-Security-Policy |
//! | `EQUILIBRE_PIXEL_ID` | required with the script URL | the pixel's id (1–64 of `A-Z a-z 0-9 _ -`) |
//! | `EQUILIBRE_CLOCK_OFFSET_SECONDS` | `0` | **browser tests only**: the server's clock runs this many seconds ahead (negative: behind) of the wall clock, so a booking made ≥ 2 h ahead can be met in its video room (the reactions worker keeps the wall clock); never set it in production |
//!
//! Booleans accept `1/0`, `true/false`, `yes/no`, `on/off`.

mod secret_file;
mod values;

use std::fmt;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use chrono::TimeDelta;
use domain::account::SecondFactorPolicy;
use secrecy::{ExposeSecret, SecretString};

use values::{check_db_url, is_postgres, parse_bool, redact_url, sqlite_url};

/// A variable that cannot be used as given, or the secret file that failed.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The variable's value is not acceptable.
    #[error("{var}: {reason}")]
    Invalid {
        /// The environment variable.
        var: &'static str,
        /// Why it was refused (never the value itself).
        reason: String,
    },
    /// The generated secret could not be read or written.
    #[error("secret file {path}: {source}")]
    SecretFile {
        /// The file.
        path: PathBuf,
        /// The I/O failure.
        source: std::io::Error,
    },
}

fn invalid(var: &'static str, reason: impl Into<String>) -> ConfigError {
    ConfigError::Invalid {
        var,
        reason: reason.into(),
    }
}

/// The service configuration (see the table in the module documentation).
#[derive(Clone)]
pub struct Config {
    /// `EQUILIBRE_BIND`.
    pub bind: SocketAddr,
    /// `EQUILIBRE_DATA_DIR`.
    pub data_dir: PathBuf,
    /// `DATABASE_URL`: the event store.
    pub database_url: String,
    /// `READ_DATABASE_URL`: the read models.
    pub read_database_url: String,
    /// `NATS_URL`.
    pub nats_url: Option<String>,
    /// `SMTP_URL`; `None` writes `.eml` files into [`Config::outbox_dir`].
    pub smtp_url: Option<String>,
    /// `EQUILIBRE_PUBLIC_URL`, without a trailing slash.
    pub public_url: String,
    /// `EQUILIBRE_SECRET`.
    pub secret: SecretString,
    /// `EQUILIBRE_DEMO`.
    pub demo: bool,
    /// `EQUILIBRE_STATIC_DIR`.
    pub static_dir: PathBuf,
    /// `EQUILIBRE_MAIL_FROM`.
    pub mail_from: String,
    /// `EQUILIBRE_LEGAL_NAME`: who issues receipts on the consultants' behalf.
    pub legal_name: String,
    /// `EQUILIBRE_LEGAL_ADDRESS`.
    pub legal_address: Option<String>,
    /// `EQUILIBRE_SESSION_HOURS`.
    pub session_hours: u32,
    /// `EQUILIBRE_COOKIE_SECURE`.
    pub cookie_secure: bool,
    /// `EQUILIBRE_API_KEY`.
    pub api_key: Option<String>,
    /// Where uploads are kept: `EQUILIBRE_FILES_S3_*`, else the local directory.
    pub files: FilesBackend,
    /// How texts are sent: `EQUILIBRE_SMS_*`, else the outbox file.
    pub sms: SmsBackend,
    /// `EQUILIBRE_STRIPE_*`: Stripe instead of the sandbox payment provider.
    pub stripe: StripeSettings,
    /// `EQUILIBRE_ICE_SERVERS`.
    pub ice_servers: Vec<IceServer>,
    /// `EQUILIBRE_PIXEL_*`: the advertising pixel, if any.
    pub pixel: Option<PixelSettings>,
    /// `EQUILIBRE_CLOCK_OFFSET_SECONDS` (browser tests only).
    pub clock_offset_seconds: i64,
    /// Requests allowed per client address (docs/rules.md "Request limits").
    pub limits: RateLimits,
    /// `EQUILIBRE_ADMIN_SECOND_FACTOR` (docs/rules.md "Second factor").
    pub admin_second_factor: SecondFactorPolicy,
}

/// Per-address request limits and the proxies whose `X-Forwarded-For` is
/// believed. A limit of 0 is off (benchmarks; never in production).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RateLimits {
    /// Any API request, per second, with bursts of ten seconds' worth
    /// (`EQUILIBRE_REQUESTS_PER_SECOND`, default 150: an office of a few dozen people behind one address browses freely).
    pub requests_per_second: u32,
    /// Sign-in, sign-up, password reset and one-time codes, per minute
    /// (`EQUILIBRE_SIGN_INS_PER_MINUTE`, default 30: an office or a family
    /// behind one address still signs in).
    pub sign_ins_per_minute: u32,
    /// Addresses or networks of the proxies in front
    /// (`EQUILIBRE_TRUSTED_PROXIES`, comma-separated, e.g. `127.0.0.1,10.0.0.0/8`).
    pub trusted_proxies: Vec<ipnet::IpNet>,
}

impl Default for RateLimits {
    fn default() -> Self {
        RateLimits {
            requests_per_second: 150,
            sign_ins_per_minute: 30,
            trusted_proxies: Vec::new(),
        }
    }
}

impl RateLimits {
    /// Limits too high to reach: for tests that do not test them.
    pub fn unreachable() -> Self {
        RateLimits {
            requests_per_second: 1_000_000,
            sign_ins_per_minute: 1_000_000,
            trusted_proxies: Vec::new(),
        }
    }
}

fn rate_limits(var: &impl Fn(&str) -> Option<String>) -> Result<RateLimits, ConfigError> {
    let defaults = RateLimits::default();
    let number = |name: &'static str, default: u32| match var(name) {
        Some(v) => v
            .trim()
            .parse::<u32>()
            .map_err(|_| invalid(name, "expected a whole number (0 = no limit)")),
        None => Ok(default),
    };
    let trusted_proxies = match var("EQUILIBRE_TRUSTED_PROXIES") {
        Some(list) => list
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| {
                s.parse::<ipnet::IpNet>()
                    .or_else(|_| s.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
                    .map_err(|_| {
                        invalid(
                            "EQUILIBRE_TRUSTED_PROXIES",
                            format!("{s}: expected an address or a network"),
                        )
                    })
            })
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    Ok(RateLimits {
        requests_per_second: number(
            "EQUILIBRE_REQUESTS_PER_SECOND",
            defaults.requests_per_second,
        )?,
        sign_ins_per_minute: number(
            "EQUILIBRE_SIGN_INS_PER_MINUTE",
            defaults.sign_ins_per_minute,
        )?,
        trusted_proxies,
    })
}

/// How text messages are sent (see [`crate::sms::sms_from_config`]).
#[derive(Clone, Debug, Default)]
pub enum SmsBackend {
    /// [`Config::sms_outbox_path`].
    #[default]
    Outbox,
    Twilio(TwilioSettings),
}

/// A Twilio account (`EQUILIBRE_SMS_*`); `Debug` hides the token.
#[derive(Clone, Debug)]
pub struct TwilioSettings {
    /// Without a trailing slash.
    pub api_base: String,
    pub account_sid: String,
    pub auth_token: SecretString,
    pub from: String,
}

/// Stripe (`EQUILIBRE_STRIPE_*`); `Debug` hides the secrets.
#[derive(Clone, Debug)]
pub struct StripeSettings {
    /// `None`: the sandbox provider takes payments.
    pub secret_key: Option<SecretString>,
    /// `pk_…`, handed to Stripe.js in the browser (public by design).
    pub publishable_key: Option<String>,
    /// `None`: the webhook endpoint refuses every call.
    pub webhook_secret: Option<SecretString>,
    /// Without a trailing slash.
    pub api_base: String,
}

impl Default for StripeSettings {
    fn default() -> Self {
        StripeSettings {
            secret_key: None,
            publishable_key: None,
            webhook_secret: None,
            api_base: "https://api.stripe.com".into(),
        }
    }
}

fn api_base(
    var: &impl Fn(&str) -> Option<String>,
    name: &'static str,
    default: &str,
) -> Result<String, ConfigError> {
    let base = var(name).map_or_else(
        || default.to_owned(),
        |b| b.trim().trim_end_matches('/').to_owned(),
    );
    if !base.starts_with("http://") && !base.starts_with("https://") {
        return Err(invalid(name, "expected http(s)://host[:port]"));
    }
    Ok(base)
}

/// The advertising pixel (docs/rules.md "Consent and analytics").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PixelSettings {
    pub script_url: String,
    pub id: String,
    /// `scheme://host[:port]` of the script, for the Content-Security-Policy.
    pub origin: String,
}

fn pixel_settings(
    var: &impl Fn(&str) -> Option<String>,
) -> Result<Option<PixelSettings>, ConfigError> {
    const URL: &str = "EQUILIBRE_PIXEL_SCRIPT_URL";
    const ID: &str = "EQUILIBRE_PIXEL_ID";
    let (script_url, id) = (
        var(URL)
            .map(|u| u.trim().to_owned())
            .filter(|u| !u.is_empty()),
        var(ID)
            .map(|i| i.trim().to_owned())
            .filter(|i| !i.is_empty()),
    );
    let (script_url, id) = match (script_url, id) {
        (None, None) => return Ok(None),
        (Some(url), Some(id)) => (url, id),
        (Some(_), None) => return Err(invalid(ID, "required with EQUILIBRE_PIXEL_SCRIPT_URL")),
        (None, Some(_)) => return Err(invalid(URL, "required with EQUILIBRE_PIXEL_ID")),
    };
    let parsed =
        url::Url::parse(&script_url).map_err(|_| invalid(URL, "expected https://host/path"))?;
    let loopback = matches!(parsed.host(), Some(url::Host::Domain("localhost")))
        || matches!(parsed.host(), Some(url::Host::Ipv4(ip)) if ip.is_loopback())
        || matches!(parsed.host(), Some(url::Host::Ipv6(ip)) if ip.is_loopback());
    if !(parsed.scheme() == "https" || (parsed.scheme() == "http" && loopback)) {
        return Err(invalid(
            URL,
            "expected https:// (http:// only on a loopback address)",
        ));
    }
    let valid_id = id.len() <= 64
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'));
    if !valid_id {
        return Err(invalid(ID, "expected 1 to 64 of A-Z a-z 0-9 _ -"));
    }
    Ok(Some(PixelSettings {
        origin: parsed.origin().ascii_serialization(),
        script_url,
        id,
    }))
}

fn sms_backend(var: &impl Fn(&str) -> Option<String>) -> Result<SmsBackend, ConfigError> {
    let api_base = api_base(var, "EQUILIBRE_SMS_API_BASE", "https://api.twilio.com")?;
    let Some(account_sid) = var("EQUILIBRE_SMS_ACCOUNT_SID") else {
        return Ok(SmsBackend::Outbox);
    };
    let required = |name: &'static str| {
        var(name).ok_or_else(|| invalid(name, "required with EQUILIBRE_SMS_ACCOUNT_SID"))
    };
    Ok(SmsBackend::Twilio(TwilioSettings {
        api_base,
        account_sid: account_sid.trim().to_owned(),
        auth_token: SecretString::from(required("EQUILIBRE_SMS_AUTH_TOKEN")?),
        from: required("EQUILIBRE_SMS_FROM")?.trim().to_owned(),
    }))
}

fn stripe_settings(var: &impl Fn(&str) -> Option<String>) -> Result<StripeSettings, ConfigError> {
    let secret_key = var("EQUILIBRE_STRIPE_SECRET_KEY").map(|k| SecretString::from(k.trim()));
    let publishable_key = var("EQUILIBRE_STRIPE_PUBLISHABLE_KEY").map(|k| k.trim().to_owned());
    if secret_key.is_some()
        && !publishable_key
            .as_ref()
            .is_some_and(|k| k.starts_with("pk_"))
    {
        return Err(invalid(
            "EQUILIBRE_STRIPE_PUBLISHABLE_KEY",
            "required with EQUILIBRE_STRIPE_SECRET_KEY (pk_…)",
        ));
    }
    Ok(StripeSettings {
        secret_key,
        publishable_key,
        webhook_secret: var("EQUILIBRE_STRIPE_WEBHOOK_SECRET")
            .map(|k| SecretString::from(k.trim())),
        api_base: api_base(var, "EQUILIBRE_STRIPE_API_BASE", "https://api.stripe.com")?,
    })
}

/// A STUN/TURN server for the video room (`EQUILIBRE_ICE_SERVERS`), in the
/// shape of the browser's `RTCIceServer`.
#[derive(Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct IceServer {
    pub urls: IceUrls,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credential: Option<String>,
}

/// One URL or several, as `RTCIceServer.urls` accepts.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum IceUrls {
    One(String),
    Many(Vec<String>),
}

impl fmt::Debug for IceServer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IceServer")
            .field("urls", &self.urls)
            .field("username", &self.username.as_ref().map(|_| "[set]"))
            .field(
                "credential",
                &self.credential.as_ref().map(|_| "[REDACTED]"),
            )
            .finish()
    }
}

fn ice_servers(value: Option<String>) -> Result<Vec<IceServer>, ConfigError> {
    const VAR: &str = "EQUILIBRE_ICE_SERVERS";
    let Some(value) = value else {
        return Ok(Vec::new());
    };
    let value = value.trim();
    let servers: Vec<IceServer> = if value.starts_with('[') {
        serde_json::from_str(value).map_err(|e| {
            invalid(
                VAR,
                format!("not a JSON array of {{urls, username?, credential?}}: {e}"),
            )
        })?
    } else {
        value
            .split(',')
            .map(str::trim)
            .filter(|url| !url.is_empty())
            .map(|url| IceServer {
                urls: IceUrls::One(url.to_owned()),
                username: None,
                credential: None,
            })
            .collect()
    };
    let urls = servers.iter().flat_map(|s| match &s.urls {
        IceUrls::One(url) => vec![url.as_str()],
        IceUrls::Many(urls) => urls.iter().map(String::as_str).collect(),
    });
    for url in urls {
        if !["stun:", "stuns:", "turn:", "turns:"]
            .iter()
            .any(|scheme| url.starts_with(scheme))
        {
            return Err(invalid(
                VAR,
                "each URL starts with stun:, stuns:, turn: or turns:",
            ));
        }
    }
    Ok(servers)
}

/// Where uploaded files are kept (see [`crate::files::open`]).
#[derive(Clone, Debug, Default)]
pub enum FilesBackend {
    /// [`Config::files_dir`].
    #[default]
    Local,
    S3(S3Settings),
}

/// An S3-compatible bucket (`EQUILIBRE_FILES_S3_*`); `Debug` hides the secret.
#[derive(Clone, Debug)]
pub struct S3Settings {
    pub bucket: String,
    /// `None`: AWS S3 itself.
    pub endpoint: Option<String>,
    pub region: String,
    pub access_key_id: Option<String>,
    pub secret_access_key: Option<SecretString>,
}

fn files_backend(var: impl Fn(&str) -> Option<String>) -> Result<FilesBackend, ConfigError> {
    let Some(bucket) = var("EQUILIBRE_FILES_S3_BUCKET") else {
        return Ok(FilesBackend::Local);
    };
    let endpoint =
        var("EQUILIBRE_FILES_S3_ENDPOINT").map(|e| e.trim().trim_end_matches('/').to_owned());
    if let Some(e) = &endpoint
        && !e.starts_with("http://")
        && !e.starts_with("https://")
    {
        return Err(invalid(
            "EQUILIBRE_FILES_S3_ENDPOINT",
            "expected http(s)://host[:port]",
        ));
    }
    Ok(FilesBackend::S3(S3Settings {
        bucket: bucket.trim().to_owned(),
        endpoint,
        region: var("EQUILIBRE_FILES_S3_REGION").unwrap_or_else(|| "us-east-1".into()),
        access_key_id: var("EQUILIBRE_FILES_S3_ACCESS_KEY_ID"),
        secret_access_key: var("EQUILIBRE_FILES_S3_SECRET_ACCESS_KEY").map(SecretString::from),
    }))
}

/// The shortest accepted `EQUILIBRE_SECRET`.
pub const MIN_SECRET_LEN: usize = 32;

impl Config {
    /// Reads the process environment; creates the data directory and the
    /// secret file when needed.
    pub fn from_env() -> Result<Config, ConfigError> {
        Config::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads variables through `lookup` (empty values count as unset).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let var = |name: &str| lookup(name).filter(|v| !v.trim().is_empty());

        let bind: SocketAddr = match var("EQUILIBRE_BIND") {
            Some(v) => v
                .parse()
                .map_err(|_| invalid("EQUILIBRE_BIND", "expected host:port"))?,
            None => SocketAddr::from(([127, 0, 0, 1], 8080)),
        };
        let data_dir = PathBuf::from(var("EQUILIBRE_DATA_DIR").unwrap_or_else(|| "./data".into()));
        let database_url =
            var("DATABASE_URL").unwrap_or_else(|| sqlite_url(&data_dir, "events.db"));
        check_db_url("DATABASE_URL", &database_url)?;
        let read_database_url = match var("READ_DATABASE_URL") {
            Some(v) => v,
            None if is_postgres(&database_url) => database_url.clone(),
            None => sqlite_url(&data_dir, "read.db"),
        };
        check_db_url("READ_DATABASE_URL", &read_database_url)?;
        let smtp_url = var("SMTP_URL");
        if let Some(url) = &smtp_url {
            lettre::AsyncSmtpTransport::<lettre::Tokio1Executor>::from_url(url)
                .map_err(|e| invalid("SMTP_URL", e.to_string()))?;
        }
        let public_url = var("EQUILIBRE_PUBLIC_URL")
            .unwrap_or_else(|| format!("http://{bind}"))
            .trim_end_matches('/')
            .to_owned();
        if !public_url.starts_with("http://") && !public_url.starts_with("https://") {
            return Err(invalid(
                "EQUILIBRE_PUBLIC_URL",
                "expected http(s)://host[:port]",
            ));
        }
        let mail_from = var("EQUILIBRE_MAIL_FROM")
            .unwrap_or_else(|| "Equilibre <no-reply@equilibre.local>".into());
        mail_from
            .parse::<lettre::message::Mailbox>()
            .map_err(|e| invalid("EQUILIBRE_MAIL_FROM", e.to_string()))?;
        let session_hours = match var("EQUILIBRE_SESSION_HOURS") {
            Some(v) => v
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|h| (1..=24 * 90).contains(h))
                .ok_or_else(|| invalid("EQUILIBRE_SESSION_HOURS", "expected 1 to 2160"))?,
            None => 12,
        };
        let secret = match var("EQUILIBRE_SECRET") {
            Some(s) if s.len() < MIN_SECRET_LEN => {
                return Err(invalid("EQUILIBRE_SECRET", "at least 32 characters"));
            }
            Some(s) => SecretString::from(s),
            None => secret_file::load_or_create(&data_dir.join("secret.key"))?,
        };

        Ok(Config {
            bind,
            data_dir: data_dir.clone(),
            database_url,
            read_database_url,
            nats_url: var("NATS_URL"),
            smtp_url,
            public_url,
            secret,
            demo: parse_bool("EQUILIBRE_DEMO", var("EQUILIBRE_DEMO"), true)?,
            static_dir: var("EQUILIBRE_STATIC_DIR")
                .map_or_else(|| PathBuf::from("frontend/dist"), PathBuf::from),
            mail_from,
            legal_name: var("EQUILIBRE_LEGAL_NAME")
                .map_or_else(|| "Equilibre".to_owned(), |n| n.trim().to_owned()),
            legal_address: var("EQUILIBRE_LEGAL_ADDRESS").map(|a| a.trim().to_owned()),
            session_hours,
            cookie_secure: parse_bool(
                "EQUILIBRE_COOKIE_SECURE",
                var("EQUILIBRE_COOKIE_SECURE"),
                true,
            )?,
            api_key: var("EQUILIBRE_API_KEY"),
            sms: sms_backend(&var)?,
            stripe: stripe_settings(&var)?,
            files: files_backend(var)?,
            ice_servers: ice_servers(var("EQUILIBRE_ICE_SERVERS"))?,
            pixel: pixel_settings(&var)?,
            clock_offset_seconds: match var("EQUILIBRE_CLOCK_OFFSET_SECONDS") {
                Some(v) => v.trim().parse().map_err(|_| {
                    invalid(
                        "EQUILIBRE_CLOCK_OFFSET_SECONDS",
                        "expected a whole number of seconds",
                    )
                })?,
                None => 0,
            },
            limits: rate_limits(&var)?,
            admin_second_factor: match var("EQUILIBRE_ADMIN_SECOND_FACTOR").as_deref() {
                None | Some("required") => SecondFactorPolicy::Required,
                Some("offered") => SecondFactorPolicy::Offered,
                Some(_) => {
                    return Err(invalid(
                        "EQUILIBRE_ADMIN_SECOND_FACTOR",
                        "expected required or offered",
                    ));
                }
            },
        })
    }

    /// A configuration for tests: SQLite files and outbox in `data_dir`,
    /// a fixed secret, no demo data, bound to an ephemeral port.
    pub fn for_tests(data_dir: impl AsRef<Path>) -> Config {
        let data_dir = data_dir.as_ref().to_path_buf();
        Config {
            bind: SocketAddr::from(([127, 0, 0, 1], 0)),
            database_url: sqlite_url(&data_dir, "events.db"),
            read_database_url: sqlite_url(&data_dir, "read.db"),
            data_dir,
            nats_url: None,
            smtp_url: None,
            public_url: "http://127.0.0.1".into(),
            secret: SecretString::from("test-secret-test-secret-test-secret-0123"),
            demo: false,
            static_dir: PathBuf::from("frontend/dist"),
            mail_from: "Equilibre <no-reply@equilibre.local>".into(),
            legal_name: "Equilibre".into(),
            legal_address: None,
            session_hours: 12,
            cookie_secure: true,
            api_key: None,
            files: FilesBackend::Local,
            sms: SmsBackend::Outbox,
            stripe: StripeSettings::default(),
            ice_servers: Vec::new(),
            pixel: None,
            clock_offset_seconds: 0,
            limits: RateLimits::unreachable(),
            // Tests of other features sign administrators in with a password
            // only; the second factor's own tests ask for `Required`.
            admin_second_factor: SecondFactorPolicy::Offered,
        }
    }

    /// Where texts go when no SMS provider is configured: one JSON line each.
    pub fn sms_outbox_path(&self) -> PathBuf {
        self.data_dir.join("sms-outbox.log")
    }

    /// Where `.eml` files go when no SMTP server is configured.
    pub fn outbox_dir(&self) -> PathBuf {
        self.data_dir.join("outbox")
    }

    /// Where uploaded files live with the local file store.
    pub fn files_dir(&self) -> PathBuf {
        self.data_dir.join("files")
    }

    /// The session lifetime.
    pub fn session_ttl(&self) -> TimeDelta {
        TimeDelta::hours(i64::from(self.session_hours))
    }

    /// Whether the event store is PostgreSQL (else SQLite).
    pub fn uses_postgres(&self) -> bool {
        is_postgres(&self.database_url)
    }

    /// The public origin (`scheme://host[:port]`), as browsers send in `Origin`.
    pub fn public_origin(&self) -> &str {
        let after_scheme = self.public_url.find("://").map_or(0, |i| i + 3);
        let end = self.public_url[after_scheme..]
            .find('/')
            .map_or(self.public_url.len(), |i| after_scheme + i);
        &self.public_url[..end]
    }
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("bind", &self.bind)
            .field("data_dir", &self.data_dir)
            .field("database_url", &redact_url(&self.database_url))
            .field("read_database_url", &redact_url(&self.read_database_url))
            .field("nats_url", &self.nats_url.as_deref().map(redact_url))
            .field("smtp_url", &self.smtp_url.as_deref().map(redact_url))
            .field("public_url", &self.public_url)
            .field("secret", &"[REDACTED]")
            .field("demo", &self.demo)
            .field("static_dir", &self.static_dir)
            .field("mail_from", &self.mail_from)
            .field("legal_name", &self.legal_name)
            .field("legal_address", &self.legal_address)
            .field("session_hours", &self.session_hours)
            .field("cookie_secure", &self.cookie_secure)
            .field("api_key", &self.api_key.as_ref().map(|_| "[set]"))
            .field("files", &self.files)
            .field("sms", &self.sms)
            .field("stripe", &self.stripe)
            .field("ice_servers", &self.ice_servers)
            .field("clock_offset_seconds", &self.clock_offset_seconds)
            .field("limits", &self.limits)
            .field("admin_second_factor", &self.admin_second_factor)
            .finish()
    }
}

/// Exposes the secret's bytes for key derivation (see [`crate::auth::Keys`]).
pub(crate) fn secret_bytes(secret: &SecretString) -> &[u8] {
    secret.expose_secret().as_bytes()
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let vars: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        Config::from_lookup(move |name| vars.get(name).cloned())
    }

    const SECRET: &str = "0123456789abcdef0123456789abcdef";

    #[test]
    fn defaults_use_sqlite_files_in_the_data_dir_and_generate_a_secret() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().to_str().unwrap();
        let c = config(&[("EQUILIBRE_DATA_DIR", data)]).unwrap();

        assert_eq!(c.bind.to_string(), "127.0.0.1:8080");
        assert_eq!(
            c.database_url,
            format!("sqlite://{data}/events.db?mode=rwc")
        );
        assert_eq!(
            c.read_database_url,
            format!("sqlite://{data}/read.db?mode=rwc")
        );
        assert_eq!(c.public_url, "http://127.0.0.1:8080");
        assert!(c.demo && c.cookie_secure && !c.uses_postgres());
        assert_eq!(c.session_ttl(), TimeDelta::hours(12));
        assert_eq!(c.outbox_dir(), dir.path().join("outbox"));
        assert!(dir.path().join("secret.key").exists());
        let again = config(&[("EQUILIBRE_DATA_DIR", data)]).unwrap();
        assert_eq!(c.secret.expose_secret(), again.secret.expose_secret());
    }

    #[test]
    fn ice_servers_are_read_from_json_or_a_comma_list_and_hide_credentials() {
        let c = config(&[("EQUILIBRE_SECRET", SECRET)]).unwrap();
        assert!(c.ice_servers.is_empty());
        assert_eq!(c.clock_offset_seconds, 0);

        let c = config(&[
            ("EQUILIBRE_SECRET", SECRET),
            (
                "EQUILIBRE_ICE_SERVERS",
                "stun:stun.example:3478, turns:turn.example:5349",
            ),
        ])
        .unwrap();
        assert_eq!(
            c.ice_servers
                .iter()
                .map(|s| s.urls.clone())
                .collect::<Vec<_>>(),
            [
                IceUrls::One("stun:stun.example:3478".into()),
                IceUrls::One("turns:turn.example:5349".into())
            ]
        );

        let json =
            r#"[{"urls":["turn:turn.example:3478"],"username":"eq","credential":"hunter2"}]"#;
        let c = config(&[
            ("EQUILIBRE_SECRET", SECRET),
            ("EQUILIBRE_ICE_SERVERS", json),
        ])
        .unwrap();
        assert_eq!(c.ice_servers[0].credential.as_deref(), Some("hunter2"));
        assert!(!format!("{c:?}").contains("hunter2"));

        for bad in ["http://stun.example", "[{\"url\":1}]"] {
            let err = config(&[("EQUILIBRE_SECRET", SECRET), ("EQUILIBRE_ICE_SERVERS", bad)])
                .unwrap_err();
            assert!(
                err.to_string().starts_with("EQUILIBRE_ICE_SERVERS"),
                "{err}"
            );
        }
        let c = config(&[
            ("EQUILIBRE_SECRET", SECRET),
            ("EQUILIBRE_CLOCK_OFFSET_SECONDS", "-7200"),
        ])
        .unwrap();
        assert_eq!(c.clock_offset_seconds, -7200);
    }

    #[test]
    fn postgres_database_url_is_reused_for_read_models() {
        let url = "postgres://eq:pw@127.0.0.1/equilibre";
        let c = config(&[("DATABASE_URL", url), ("EQUILIBRE_SECRET", SECRET)]).unwrap();
        assert!(c.uses_postgres());
        assert_eq!(c.read_database_url, url);
    }

    #[test]
    fn explicit_values_are_read_and_validated() {
        let c = config(&[
            ("EQUILIBRE_SECRET", SECRET),
            ("EQUILIBRE_BIND", "0.0.0.0:9000"),
            ("EQUILIBRE_PUBLIC_URL", "https://equilibre.example/"),
            ("EQUILIBRE_DEMO", "0"),
            ("EQUILIBRE_COOKIE_SECURE", "false"),
            ("EQUILIBRE_SESSION_HOURS", "2"),
            ("SMTP_URL", "smtp://127.0.0.1:1025"),
        ])
        .unwrap();
        assert_eq!(c.public_url, "https://equilibre.example");
        assert_eq!(c.public_origin(), "https://equilibre.example");
        assert!(!c.demo && !c.cookie_secure);
        assert_eq!(c.session_ttl(), TimeDelta::hours(2));

        for (var, value) in [
            ("EQUILIBRE_SECRET", "short"),
            ("EQUILIBRE_BIND", "nowhere"),
            ("EQUILIBRE_DEMO", "maybe"),
            ("EQUILIBRE_SESSION_HOURS", "0"),
            ("DATABASE_URL", "mysql://x"),
            ("SMTP_URL", "ftp://x"),
            ("EQUILIBRE_MAIL_FROM", "not an address"),
            ("EQUILIBRE_PUBLIC_URL", "example.org"),
        ] {
            let mut vars = vec![(var, value)];
            if var != "EQUILIBRE_SECRET" {
                vars.push(("EQUILIBRE_SECRET", SECRET));
            }
            let err = config(&vars).unwrap_err();
            assert!(err.to_string().starts_with(var), "{var}: {err}");
        }
    }

    #[test]
    fn debug_never_prints_secrets_or_url_passwords() {
        let mut c = Config::for_tests("/tmp/x");
        c.database_url = "postgres://eq:hunter2@db/equilibre".into();
        c.smtp_url = Some("smtps://mailer:hunter3@smtp.example:465".into());
        c.api_key = Some("app-key".into());
        let printed = format!("{c:?}");
        assert!(!printed.contains("hunter2") && !printed.contains("hunter3"));
        assert!(!printed.contains(c.secret.expose_secret()));
        assert!(!printed.contains("app-key"));
        assert!(printed.contains("postgres://eq:***@db/equilibre"));
    }

    #[test]
    fn uploads_go_to_the_local_directory_unless_a_bucket_is_named() {
        let local = config(&[("EQUILIBRE_SECRET", SECRET)]).unwrap();
        assert!(matches!(local.files, FilesBackend::Local));
        let c = config(&[
            ("EQUILIBRE_SECRET", SECRET),
            ("EQUILIBRE_FILES_S3_BUCKET", "uploads"),
            ("EQUILIBRE_FILES_S3_ENDPOINT", "http://127.0.0.1:9000/"),
            ("EQUILIBRE_FILES_S3_ACCESS_KEY_ID", "key-id"),
            ("EQUILIBRE_FILES_S3_SECRET_ACCESS_KEY", "hunter4"),
        ])
        .unwrap();
        let FilesBackend::S3(s3) = &c.files else {
            panic!("expected S3, got {:?}", c.files);
        };
        assert_eq!(s3.bucket, "uploads");
        assert_eq!(s3.endpoint.as_deref(), Some("http://127.0.0.1:9000"));
        assert_eq!(s3.region, "us-east-1");
        assert!(!format!("{c:?}").contains("hunter4"));
        let err = config(&[
            ("EQUILIBRE_SECRET", SECRET),
            ("EQUILIBRE_FILES_S3_BUCKET", "uploads"),
            ("EQUILIBRE_FILES_S3_ENDPOINT", "127.0.0.1:9000"),
        ])
        .unwrap_err();
        assert!(err.to_string().starts_with("EQUILIBRE_FILES_S3_ENDPOINT"));
    }

    #[test]
    fn texts_go_to_the_outbox_unless_a_twilio_account_is_named() {
        let c = config(&[("EQUILIBRE_SECRET", SECRET)]).unwrap();
        assert!(matches!(c.sms, SmsBackend::Outbox));
        assert!(c.sms_outbox_path().ends_with("sms-outbox.log"));
        let c = config(&[
            ("EQUILIBRE_SECRET", SECRET),
            ("EQUILIBRE_SMS_ACCOUNT_SID", "AC123"),
            ("EQUILIBRE_SMS_AUTH_TOKEN", "hunter5"),
            ("EQUILIBRE_SMS_FROM", "+15005550006"),
            ("EQUILIBRE_SMS_API_BASE", "http://127.0.0.1:9/"),
        ])
        .unwrap();
        let SmsBackend::Twilio(twilio) = &c.sms else {
            panic!("expected Twilio, got {:?}", c.sms);
        };
        assert_eq!(twilio.api_base, "http://127.0.0.1:9");
        assert_eq!(twilio.from, "+15005550006");
        assert!(!format!("{c:?}").contains("hunter5"));
        let err = config(&[
            ("EQUILIBRE_SECRET", SECRET),
            ("EQUILIBRE_SMS_ACCOUNT_SID", "AC123"),
            ("EQUILIBRE_SMS_FROM", "+15005550006"),
        ])
        .unwrap_err();
        assert!(err.to_string().starts_with("EQUILIBRE_SMS_AUTH_TOKEN"));
    }

    #[test]
    fn stripe_stays_off_unless_a_secret_key_is_given() {
        let c = config(&[("EQUILIBRE_SECRET", SECRET)]).unwrap();
        assert!(c.stripe.secret_key.is_none() && c.stripe.webhook_secret.is_none());
        assert_eq!(c.stripe.api_base, "https://api.stripe.com");
        let c = config(&[
            ("EQUILIBRE_SECRET", SECRET),
            ("EQUILIBRE_STRIPE_SECRET_KEY", "sk_test_hunter6"),
            ("EQUILIBRE_STRIPE_PUBLISHABLE_KEY", "pk_test_public"),
            ("EQUILIBRE_STRIPE_WEBHOOK_SECRET", "whsec_hunter7"),
            ("EQUILIBRE_STRIPE_API_BASE", "http://127.0.0.1:12111"),
        ])
        .unwrap();
        assert_eq!(
            c.stripe
                .secret_key
                .as_ref()
                .map(ExposeSecret::expose_secret),
            Some("sk_test_hunter6")
        );
        assert_eq!(c.stripe.api_base, "http://127.0.0.1:12111");
        let printed = format!("{c:?}");
        assert!(!printed.contains("hunter6") && !printed.contains("hunter7"));
        let err = config(&[
            ("EQUILIBRE_SECRET", SECRET),
            ("EQUILIBRE_STRIPE_API_BASE", "api.stripe.com"),
        ])
        .unwrap_err();
        assert!(err.to_string().starts_with("EQUILIBRE_STRIPE_API_BASE"));
        let err = config(&[
            ("EQUILIBRE_SECRET", SECRET),
            ("EQUILIBRE_STRIPE_SECRET_KEY", "sk_test_hunter6"),
        ])
        .unwrap_err();
        assert!(
            err.to_string()
                .starts_with("EQUILIBRE_STRIPE_PUBLISHABLE_KEY")
        );
    }

    #[test]
    fn request_limits_have_defaults_and_read_trusted_proxies() {
        let defaults = config(&[("EQUILIBRE_SECRET", SECRET)]).unwrap();
        assert_eq!(defaults.limits, RateLimits::default());
        let set = config(&[
            ("EQUILIBRE_SECRET", SECRET),
            ("EQUILIBRE_REQUESTS_PER_SECOND", "0"),
            ("EQUILIBRE_SIGN_INS_PER_MINUTE", "20"),
            ("EQUILIBRE_TRUSTED_PROXIES", "127.0.0.1, 10.0.0.0/8,::1"),
        ])
        .unwrap();
        assert_eq!(set.limits.requests_per_second, 0);
        assert_eq!(set.limits.sign_ins_per_minute, 20);
        let proxies: Vec<String> = set
            .limits
            .trusted_proxies
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(proxies, ["127.0.0.1/32", "10.0.0.0/8", "::1/128"]);
        let wrong = config(&[
            ("EQUILIBRE_SECRET", SECRET),
            ("EQUILIBRE_TRUSTED_PROXIES", "proxy.local"),
        ]);
        assert!(
            wrong
                .unwrap_err()
                .to_string()
                .contains("EQUILIBRE_TRUSTED_PROXIES")
        );
    }

    #[test]
    fn the_pixel_is_off_by_default_and_checked_when_configured() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().to_str().unwrap();
        let with = |url: &str, id: &str| {
            config(&[
                ("EQUILIBRE_DATA_DIR", data),
                ("EQUILIBRE_SECRET", SECRET),
                ("EQUILIBRE_PIXEL_SCRIPT_URL", url),
                ("EQUILIBRE_PIXEL_ID", id),
            ])
        };
        assert_eq!(with("", "").unwrap().pixel, None);
        let pixel = with(
            "https://connect.pixel.example/en_US/fbevents.js",
            "1234567890",
        )
        .unwrap()
        .pixel
        .expect("configured");
        assert_eq!(pixel.origin, "https://connect.pixel.example");
        assert_eq!(pixel.id, "1234567890");
        assert!(
            with("http://127.0.0.1:9000/pixel.js", "e2e-pixel").is_ok(),
            "a local stand-in"
        );
        for (url, id) in [
            ("http://pixel.example/p.js", "1"),
            ("javascript:alert(1)", "1"),
            ("https://pixel.example/p.js", ""),
            ("", "1"),
            ("https://pixel.example/p.js", "bad id!"),
        ] {
            assert!(with(url, id).is_err(), "{url} {id}");
        }
    }

    #[test]
    fn public_origin_drops_the_path() {
        let mut c = Config::for_tests("/tmp/x");
        c.public_url = "http://127.0.0.1:8080/app".into();
        assert_eq!(c.public_origin(), "http://127.0.0.1:8080");
    }
}
