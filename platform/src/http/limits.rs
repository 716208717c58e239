//! Who is asking, and how often (docs/rules.md "Request limits").
//!
//! The client address is the connection's peer, or, only when the peer is a
//! configured trusted proxy, the nearest address in `X-Forwarded-For` that is
//! not itself a trusted proxy (a client cannot pick its own address by
//! sending the header). Each address has two budgets kept in this process
//! (GCRA, `governor`): every API request, and a tighter one for the routes
//! that cost a password hash or send a message. A spent budget answers 429
//! `too_many_requests` with `Retry-After`, before any work is done.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;
use governor::clock::Clock as _;
use governor::middleware::NoOpMiddleware;
use governor::nanos::Nanos;
use governor::state::keyed::DefaultKeyedStateStore;
use governor::{Quota, RateLimiter};
use ipnet::IpNet;

use super::{FieldErrors, PendingError};
use crate::clock::SharedClock;
use crate::config::RateLimits;

/// The process's clock as the budgets read it: nanoseconds since the epoch.
#[derive(Clone)]
struct BudgetClock(SharedClock);

impl governor::clock::Clock for BudgetClock {
    type Instant = Nanos;

    fn now(&self) -> Nanos {
        let nanos = self.0.now().timestamp_nanos_opt().unwrap_or_default();
        Nanos::from(u64::try_from(nanos).unwrap_or_default())
    }
}

type Budget =
    RateLimiter<IpAddr, DefaultKeyedStateStore<IpAddr>, BudgetClock, NoOpMiddleware<Nanos>>;

/// The request's client address, set by [`admit`] (unspecified when a
/// router is used without it, as in unit tests).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(parts
            .extensions
            .get::<ClientAddr>()
            .copied()
            .unwrap_or(ClientAddr(IpAddr::V4(Ipv4Addr::UNSPECIFIED))))
    }
}

/// Budgets per client address, shared by every router of the process.
pub struct AddressLimits {
    trusted: Vec<IpNet>,
    requests: Option<Budget>,
    sign_ins: Option<Budget>,
}

impl AddressLimits {
    pub fn new(limits: &RateLimits, clock: SharedClock) -> Self {
        let budget = |quota| RateLimiter::dashmap_with_clock(quota, BudgetClock(clock.clone()));
        // Bursts of ten seconds' worth of requests: a page load asks for a
        // dozen things at once.
        let requests = NonZeroU32::new(limits.requests_per_second).map(|rate| {
            let burst = rate.saturating_mul(NonZeroU32::new(10).unwrap_or(NonZeroU32::MIN));
            budget(Quota::per_second(rate).allow_burst(burst))
        });
        let sign_ins =
            NonZeroU32::new(limits.sign_ins_per_minute).map(|rate| budget(Quota::per_minute(rate)));
        AddressLimits {
            trusted: limits.trusted_proxies.clone(),
            requests,
            sign_ins,
        }
    }

    /// The client's address: see the module's comment.
    pub fn client_addr(&self, peer: Option<IpAddr>, headers: &HeaderMap) -> IpAddr {
        let Some(peer) = peer else {
            return IpAddr::V4(Ipv4Addr::UNSPECIFIED);
        };
        if !self.is_trusted(peer) {
            return peer;
        }
        // Proxies append the address they saw: read from the right, skipping
        // our own proxies; the first other address is the client.
        let forwarded = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(str::trim)
            .collect::<Vec<_>>();
        for hop in forwarded.into_iter().rev() {
            match hop.parse::<IpAddr>() {
                Ok(addr) if self.is_trusted(addr) => continue,
                Ok(addr) => return addr,
                // Garbage from the left of the chain: stop at the last good hop.
                Err(_) => break,
            }
        }
        peer
    }

    fn is_trusted(&self, addr: IpAddr) -> bool {
        let addr = canonical(addr);
        self.trusted.iter().any(|net| net.contains(&addr))
    }

    /// `Err(wait)` when `addr` spent its request budget.
    pub fn check_request(&self, addr: IpAddr) -> Result<(), Duration> {
        check(self.requests.as_ref(), addr)
    }

    /// `Err(wait)` when `addr` spent its sign-in budget.
    pub fn check_sign_in(&self, addr: IpAddr) -> Result<(), Duration> {
        check(self.sign_ins.as_ref(), addr)
    }

    /// Forgets addresses whose budgets are full again, every minute, so the
    /// tables hold only recent callers.
    pub fn spawn_cleanup(self: &Arc<Self>) {
        let limits = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(60));
            loop {
                tick.tick().await;
                let Some(limits) = limits.upgrade() else {
                    return;
                };
                for limiter in [&limits.requests, &limits.sign_ins].into_iter().flatten() {
                    limiter.retain_recent();
                    limiter.shrink_to_fit();
                }
            }
        });
    }
}

/// IPv4 addresses seen through an IPv6 socket count as IPv4.
fn canonical(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(addr, IpAddr::V4),
        v4 => v4,
    }
}

fn check(limiter: Option<&Budget>, addr: IpAddr) -> Result<(), Duration> {
    let Some(limiter) = limiter else {
        return Ok(());
    };
    limiter
        .check_key(&canonical(addr))
        .map_err(|not_until| not_until.wait_time_from(limiter.clock().now()))
}

/// Sets [`ClientAddr`] and spends one of the address's API requests.
pub async fn admit(
    State(limits): State<Arc<AddressLimits>>,
    mut request: Request,
    next: Next,
) -> Response {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|info| info.0.ip());
    let addr = limits.client_addr(peer, request.headers());
    request.extensions_mut().insert(ClientAddr(addr));
    if let Err(wait) = limits.check_request(addr) {
        return too_many_requests(wait);
    }
    next.run(request).await
}

/// Spends one of the address's sign-in attempts (routes that hash a password
/// or send a message); runs after [`admit`].
pub async fn limit_sign_ins(
    State(limits): State<Arc<AddressLimits>>,
    request: Request,
    next: Next,
) -> Response {
    let addr = request
        .extensions()
        .get::<ClientAddr>()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |a| a.0);
    if let Err(wait) = limits.check_sign_in(addr) {
        return too_many_requests(wait);
    }
    next.run(request).await
}

/// 429 `too_many_requests` with `Retry-After` in whole seconds (at least 1).
pub fn too_many_requests(wait: Duration) -> Response {
    let mut response = PendingError::response(
        StatusCode::TOO_MANY_REQUESTS,
        "too_many_requests",
        FieldErrors::new(),
    );
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, retry_after(wait));
    response
}

/// A `Retry-After` value: whole seconds, rounded up, at least 1.
pub fn retry_after(wait: Duration) -> HeaderValue {
    let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    HeaderValue::from(seconds.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;
    use chrono::Utc;

    fn limits(trusted: &[&str]) -> AddressLimits {
        limits_at(trusted, &ManualClock::new(Utc::now()))
    }

    fn limits_at(trusted: &[&str], clock: &ManualClock) -> AddressLimits {
        AddressLimits::new(
            &RateLimits {
                requests_per_second: 1,
                sign_ins_per_minute: 3,
                trusted_proxies: trusted.iter().map(|s| s.parse().unwrap()).collect(),
            },
            clock.shared(),
        )
    }

    fn forwarded(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", HeaderValue::from_str(value).unwrap());
        headers
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn forwarded_for_counts_only_from_a_trusted_proxy() {
        let untrusted = limits(&[]);
        let spoofed = forwarded("203.0.113.7");
        assert_eq!(
            untrusted.client_addr(Some(ip("198.51.100.1")), &spoofed),
            ip("198.51.100.1")
        );

        let behind_proxy = limits(&["10.0.0.0/8"]);
        // The client claimed 1.2.3.4; our proxies saw 203.0.113.7.
        let chain = forwarded("1.2.3.4, 203.0.113.7, 10.0.0.5");
        assert_eq!(
            behind_proxy.client_addr(Some(ip("10.0.0.2")), &chain),
            ip("203.0.113.7")
        );
        // Only proxies in the chain: the nearest one is all we know.
        assert_eq!(
            behind_proxy.client_addr(Some(ip("10.0.0.2")), &forwarded("10.0.0.9")),
            ip("10.0.0.2")
        );
        assert_eq!(
            behind_proxy.client_addr(Some(ip("10.0.0.2")), &forwarded("junk, 203.0.113.8")),
            ip("203.0.113.8")
        );
        // An IPv4 proxy seen through an IPv6 socket is still trusted.
        assert_eq!(
            behind_proxy.client_addr(Some(ip("::ffff:10.0.0.2")), &forwarded("203.0.113.9")),
            ip("203.0.113.9")
        );
    }

    #[test]
    fn each_address_has_its_own_budget_and_a_spent_one_says_how_long_to_wait() {
        let limits = limits(&[]);
        let (a, b) = (ip("198.51.100.1"), ip("198.51.100.2"));
        for _ in 0..3 {
            assert!(limits.check_sign_in(a).is_ok());
        }
        let wait = limits.check_sign_in(a).unwrap_err();
        // Three a minute: the next one comes 20 s after the first (the clock stood still).
        assert_eq!(wait, Duration::from_secs(20));
        assert!(limits.check_sign_in(b).is_ok());
        assert_eq!(retry_after(wait), HeaderValue::from(20));
        // Part of a second counts as a whole one.
        assert_eq!(
            retry_after(wait + Duration::from_millis(1)),
            HeaderValue::from(21)
        );
    }

    #[test]
    fn budgets_refill_by_the_process_clock() {
        let clock = ManualClock::new(Utc::now());
        let limits = limits_at(&[], &clock);
        let a = ip("198.51.100.1");
        for _ in 0..3 {
            assert!(limits.check_sign_in(a).is_ok());
        }
        assert!(limits.check_sign_in(a).is_err());
        // However long the calls take, nothing refills until the clock moves.
        std::thread::sleep(Duration::from_millis(30));
        assert!(limits.check_sign_in(a).is_err());
        clock.advance(chrono::TimeDelta::seconds(20));
        assert!(limits.check_sign_in(a).is_ok());
        assert!(limits.check_sign_in(a).is_err());
    }

    #[test]
    fn a_limit_of_zero_is_off() {
        let off = AddressLimits::new(
            &RateLimits {
                requests_per_second: 0,
                sign_ins_per_minute: 0,
                trusted_proxies: Vec::new(),
            },
            crate::clock::SystemClock::shared(),
        );
        for _ in 0..1000 {
            assert!(off.check_request(ip("198.51.100.1")).is_ok());
            assert!(off.check_sign_in(ip("198.51.100.1")).is_ok());
        }
    }
}
