//! The video room of a booking (DESIGN §4): who may enter, and when.
//!
//! One room per confirmed booking; its id is the booking's id. It opens 10
//! minutes before the start and closes 30 minutes after the end, to that
//! booking's client and consultant only. Anyone else (another client, another
//! consultant, an administrator) is told `room_forbidden`, whether or not the
//! room exists, so room ids do not leak.

use chrono::{DateTime, TimeDelta, Utc};
use uuid::Uuid;

use crate::account::Role;
use crate::{DomainError, RuleCode};

/// How long before the start the room opens.
pub const OPENS_BEFORE_START: TimeDelta = TimeDelta::minutes(10);
/// How long after the end the room stays open; the booking then counts as
/// completed.
pub const CLOSES_AFTER_END: TimeDelta = TimeDelta::minutes(30);

/// When the room of a session opens and closes: the one home of that rule,
/// for the room itself, the booking rows and the completion timer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomWindow {
    pub opens_at: DateTime<Utc>,
    pub closes_at: DateTime<Utc>,
}

impl RoomWindow {
    /// The window of a session from `starts_at` to `ends_at`.
    pub fn of(starts_at: DateTime<Utc>, ends_at: DateTime<Utc>) -> Self {
        RoomWindow {
            opens_at: starts_at - OPENS_BEFORE_START,
            closes_at: ends_at + CLOSES_AFTER_END,
        }
    }

    /// Whether the window holds `now` (open from `opens_at`, closed at `closes_at`).
    pub fn contains(&self, now: DateTime<Utc>) -> bool {
        self.opens_at <= now && now < self.closes_at
    }
}

/// What the room needs to know of its booking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomFacts {
    pub client_id: Uuid,
    pub consultant_id: Uuid,
    /// Confirmed (or already completed): a held, expired or cancelled
    /// booking has no room.
    pub confirmed: bool,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
}

impl RoomFacts {
    pub fn window(&self) -> RoomWindow {
        RoomWindow::of(self.starts_at, self.ends_at)
    }
}

/// Who asks to enter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Visitor {
    pub account_id: Uuid,
    pub role: Role,
}

/// Which side of the booking a visitor is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Party {
    Client,
    Consultant,
}

/// The room as a party sees it; `open` tells whether it may enter now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomView {
    pub party: Party,
    pub opens_at: DateTime<Utc>,
    pub closes_at: DateTime<Utc>,
    pub open: bool,
}

/// Why a visitor may not enter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoomRefusal {
    /// Not a party of the booking, or no such room (same answer).
    #[error("room_forbidden")]
    Forbidden,
    /// Too early; the room opens at the given time.
    #[error("room_not_open")]
    NotOpen { opens_at: DateTime<Utc> },
    /// Too late, or the booking is not (or no longer) confirmed.
    #[error("room_closed")]
    Closed,
}

impl RoomRefusal {
    /// The stable code (docs/api.md).
    pub fn code(self) -> RuleCode {
        match self {
            RoomRefusal::Forbidden => RuleCode::RoomForbidden,
            RoomRefusal::NotOpen { .. } => RuleCode::RoomNotOpen,
            RoomRefusal::Closed => RuleCode::RoomClosed,
        }
    }
}

impl From<RoomRefusal> for DomainError {
    fn from(refusal: RoomRefusal) -> Self {
        DomainError::Rule(refusal.code())
    }
}

/// The room as `visitor` may see it: its window, whether or not it is open
/// now. Refuses non-parties (and unknown rooms) with `Forbidden`, and the
/// parties of a booking that is not confirmed with `Closed`.
pub fn view(
    facts: Option<&RoomFacts>,
    visitor: Visitor,
    now: DateTime<Utc>,
) -> Result<RoomView, RoomRefusal> {
    let facts = facts.ok_or(RoomRefusal::Forbidden)?;
    let party = match visitor.role {
        Role::Client if visitor.account_id == facts.client_id => Party::Client,
        Role::Consultant if visitor.account_id == facts.consultant_id => Party::Consultant,
        _ => return Err(RoomRefusal::Forbidden),
    };
    if !facts.confirmed {
        return Err(RoomRefusal::Closed);
    }
    let window = facts.window();
    Ok(RoomView {
        party,
        opens_at: window.opens_at,
        closes_at: window.closes_at,
        open: window.contains(now),
    })
}

/// Lets `visitor` in now, or says why not.
pub fn enter(
    facts: Option<&RoomFacts>,
    visitor: Visitor,
    now: DateTime<Utc>,
) -> Result<RoomView, RoomRefusal> {
    let room = view(facts, visitor, now)?;
    if now < room.opens_at {
        Err(RoomRefusal::NotOpen {
            opens_at: room.opens_at,
        })
    } else if now >= room.closes_at {
        Err(RoomRefusal::Closed)
    } else {
        Ok(room)
    }
}

impl Party {
    pub fn as_str(self) -> &'static str {
        match self {
            Party::Client => "client",
            Party::Consultant => "consultant",
        }
    }
}

/// The largest signalling message accepted (an SDP offer is a few KiB).
pub const MAX_SIGNAL_BYTES: usize = 64 * 1024;
/// The longest chat message, in characters.
pub const MAX_CHAT_CHARS: usize = 2000;

/// What a socket sent, turned into what the other party receives: `join`
/// becomes `peer-joined` and `leave` `peer-left`; `offer`, `answer` and
/// `ice` pass through; `chat` keeps its trimmed text (1 to
/// [`MAX_CHAT_CHARS`] characters) and gets the time. Every relayed message
/// says `from` which party it comes from. Anything else is dropped
/// (`None`): `peer-joined`/`peer-left` are the server's to say.
pub fn relay(from: Party, raw: &str, now: DateTime<Utc>) -> Option<String> {
    use serde_json::{Map, Value};
    if raw.len() > MAX_SIGNAL_BYTES {
        return None;
    }
    let Ok(Value::Object(mut message)) = serde_json::from_str::<Value>(raw) else {
        return None;
    };
    let kind = message.get("type")?.as_str()?.to_owned();
    let mut out = match kind.as_str() {
        "offer" | "answer" | "ice" => message,
        "join" => {
            let reply = message
                .remove("reply")
                .and_then(|r| r.as_bool())
                .unwrap_or(false);
            let mut out = Map::new();
            out.insert("type".into(), "peer-joined".into());
            out.insert("reply".into(), reply.into());
            out
        }
        "leave" => Map::from_iter([("type".to_owned(), Value::from("peer-left"))]),
        "chat" => {
            let text = message.get("text")?.as_str()?.trim();
            let chars = text.chars().count();
            if chars == 0 || chars > MAX_CHAT_CHARS {
                return None;
            }
            let mut out = Map::new();
            out.insert("type".into(), "chat".into());
            out.insert("text".into(), text.into());
            out.insert(
                "at".into(),
                now.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
                    .into(),
            );
            out
        }
        _ => return None,
    };
    out.insert("from".into(), from.as_str().into());
    Some(Value::Object(out).to_string())
}

/// What the server tells the other party when a socket goes away.
pub fn departure(from: Party) -> String {
    serde_json::json!({"type": "peer-left", "from": from.as_str()}).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().to_utc()
    }

    fn booking() -> RoomFacts {
        RoomFacts {
            client_id: Uuid::from_u128(1),
            consultant_id: Uuid::from_u128(2),
            confirmed: true,
            starts_at: at("2026-11-30T09:00:00Z"),
            ends_at: at("2026-11-30T10:00:00Z"),
        }
    }

    fn client() -> Visitor {
        Visitor {
            account_id: Uuid::from_u128(1),
            role: Role::Client,
        }
    }

    fn consultant() -> Visitor {
        Visitor {
            account_id: Uuid::from_u128(2),
            role: Role::Consultant,
        }
    }

    #[test]
    fn the_client_and_the_consultant_enter_from_ten_minutes_before_the_start() {
        // Given a confirmed booking from 09:00 to 10:00
        let facts = booking();
        // When each party knocks at 08:50
        for visitor in [client(), consultant()] {
            let room = enter(Some(&facts), visitor, at("2026-11-30T08:50:00Z")).unwrap();
            // Then the room is open until 10:30
            assert!(room.open);
            assert_eq!(room.opens_at, at("2026-11-30T08:50:00Z"));
            assert_eq!(room.closes_at, at("2026-11-30T10:30:00Z"));
        }
        assert_eq!(
            enter(Some(&facts), client(), at("2026-11-30T09:30:00Z"))
                .unwrap()
                .party,
            Party::Client
        );
        assert_eq!(
            enter(Some(&facts), consultant(), at("2026-11-30T10:29:59Z"))
                .unwrap()
                .party,
            Party::Consultant
        );
    }

    #[test]
    fn a_sessions_window_runs_from_ten_minutes_before_to_thirty_after() {
        // Given a session from 09:00 to 10:00
        let window = RoomWindow::of(at("2026-11-30T09:00:00Z"), at("2026-11-30T10:00:00Z"));
        // Then its room is open from 08:50 included to 10:30 excluded
        assert_eq!(window.opens_at, at("2026-11-30T08:50:00Z"));
        assert_eq!(window.closes_at, at("2026-11-30T10:30:00Z"));
        assert!(!window.contains(at("2026-11-30T08:49:59Z")));
        assert!(window.contains(at("2026-11-30T08:50:00Z")));
        assert!(window.contains(at("2026-11-30T10:29:59Z")));
        assert!(!window.contains(at("2026-11-30T10:30:00Z")));
    }

    #[test]
    fn too_early_is_refused_with_the_opening_time() {
        let refusal = enter(Some(&booking()), client(), at("2026-11-30T08:49:59Z")).unwrap_err();
        assert_eq!(
            refusal,
            RoomRefusal::NotOpen {
                opens_at: at("2026-11-30T08:50:00Z")
            }
        );
        assert_eq!(refusal.code(), RuleCode::RoomNotOpen);
    }

    #[test]
    fn thirty_minutes_after_the_end_the_room_is_closed() {
        let refusal =
            enter(Some(&booking()), consultant(), at("2026-11-30T10:30:00Z")).unwrap_err();
        assert_eq!(refusal, RoomRefusal::Closed);
        assert_eq!(refusal.code(), RuleCode::RoomClosed);
    }

    #[test]
    fn anyone_else_is_forbidden_at_any_time_even_an_administrator() {
        let facts = booking();
        let now = at("2026-11-30T09:15:00Z");
        let strangers = [
            Visitor {
                account_id: Uuid::from_u128(3),
                role: Role::Client,
            },
            Visitor {
                account_id: Uuid::from_u128(3),
                role: Role::Consultant,
            },
            Visitor {
                account_id: Uuid::from_u128(9),
                role: Role::Admin,
            },
            // The right id in the wrong area is not the party either.
            Visitor {
                account_id: Uuid::from_u128(1),
                role: Role::Consultant,
            },
        ];
        for visitor in strangers {
            assert_eq!(
                enter(Some(&facts), visitor, now),
                Err(RoomRefusal::Forbidden)
            );
            assert_eq!(
                view(Some(&facts), visitor, now),
                Err(RoomRefusal::Forbidden)
            );
        }
        // Outside the window too: a stranger never learns the room's times.
        let stranger = strangers[0];
        assert_eq!(
            enter(Some(&facts), stranger, at("2026-11-29T09:00:00Z")),
            Err(RoomRefusal::Forbidden)
        );
    }

    #[test]
    fn an_unknown_room_answers_like_a_room_of_someone_else() {
        assert_eq!(
            enter(None, client(), at("2026-11-30T09:15:00Z")),
            Err(RoomRefusal::Forbidden)
        );
    }

    #[test]
    fn a_booking_that_is_not_confirmed_has_no_open_room() {
        let facts = RoomFacts {
            confirmed: false,
            ..booking()
        };
        assert_eq!(
            enter(Some(&facts), client(), at("2026-11-30T09:15:00Z")),
            Err(RoomRefusal::Closed)
        );
    }

    #[test]
    fn the_view_shows_the_window_before_it_opens() {
        let room = view(Some(&booking()), client(), at("2026-11-30T07:00:00Z")).unwrap();
        assert!(!room.open);
        assert_eq!(room.opens_at, at("2026-11-30T08:50:00Z"));
    }

    fn relayed(from: Party, raw: &str) -> Option<serde_json::Value> {
        relay(from, raw, at("2026-11-30T09:01:02Z")).map(|s| serde_json::from_str(&s).unwrap())
    }

    #[test]
    fn chat_is_relayed_trimmed_with_its_sender_and_time() {
        let out = relayed(
            Party::Client,
            r#"{"type":"chat","text":"  Bonjour !  ","extra":1}"#,
        )
        .unwrap();
        assert_eq!(
            out,
            serde_json::json!({"type":"chat","text":"Bonjour !","at":"2026-11-30T09:01:02Z","from":"client"})
        );
        assert_eq!(
            relayed(Party::Client, r#"{"type":"chat","text":"   "}"#),
            None
        );
        let long = "a".repeat(MAX_CHAT_CHARS + 1);
        assert_eq!(
            relayed(
                Party::Client,
                &format!(r#"{{"type":"chat","text":"{long}"}}"#)
            ),
            None
        );
    }

    #[test]
    fn negotiation_passes_through_with_the_sender_set_by_the_server() {
        let out = relayed(
            Party::Consultant,
            r#"{"type":"offer","description":{"type":"offer","sdp":"v=0"},"from":"client"}"#,
        )
        .unwrap();
        assert_eq!(out["from"], "consultant");
        assert_eq!(out["description"]["sdp"], "v=0");
        assert_eq!(
            relayed(Party::Client, r#"{"type":"ice","candidate":null}"#).unwrap()["type"],
            "ice"
        );
    }

    #[test]
    fn join_and_leave_become_peer_joined_and_peer_left() {
        assert_eq!(
            relayed(Party::Client, r#"{"type":"join"}"#).unwrap(),
            serde_json::json!({"type":"peer-joined","reply":false,"from":"client"})
        );
        assert_eq!(
            relayed(Party::Consultant, r#"{"type":"join","reply":true}"#).unwrap()["reply"],
            true
        );
        assert_eq!(
            relayed(Party::Client, r#"{"type":"leave"}"#).unwrap(),
            serde_json::from_str::<serde_json::Value>(&departure(Party::Client)).unwrap()
        );
    }

    #[test]
    fn anything_else_is_dropped() {
        for raw in [
            r#"{"type":"peer-left"}"#,
            r#"{"type":"peer-joined"}"#,
            r#"{"type":"shout"}"#,
            r#"{"text":"no type"}"#,
            "[1,2]",
            "not json",
        ] {
            assert_eq!(
                relay(Party::Client, raw, at("2026-11-30T09:00:00Z")),
                None,
                "{raw}"
            );
        }
        let huge = format!(
            r#"{{"type":"offer","sdp":"{}"}}"#,
            "x".repeat(MAX_SIGNAL_BYTES)
        );
        assert_eq!(
            relay(Party::Client, &huge, at("2026-11-30T09:00:00Z")),
            None
        );
    }

    #[test]
    fn a_refusal_is_a_domain_rule_with_its_code() {
        assert_eq!(
            DomainError::from(RoomRefusal::Forbidden),
            DomainError::Rule(RuleCode::RoomForbidden)
        );
    }
}
