//! The waiting list's reactions (docs/rules.md "Waiting list"): when slots
//! may have turned up (a booking cancelled, expired or moved, new timings,
//! a new entry), the free slots of the experts concerned are shared out to
//! the entries waiting for them by `domain::waiting_list::share_out`, each
//! offer recorded on its entry's stream; each offer is then mailed.
//!
//! Free slots are those the public slot list shows ([`crate::schedule`]),
//! read once the read models cover the event that caused the round. An
//! offer's event id derives from that event and the entry, and the domain
//! refuses a second offer within a day, so a retry or a second worker
//! mails once.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{Days, NaiveDate, TimeZone as _, Utc};
use domain::availability::{self, Slot};
use domain::booking::{self, Booking, BookingEvent};
use domain::codec;
use domain::waiting_list::{
    self, Candidate, HOME_ZONE, WaitDays, WaitTarget, WaitingEntry, WaitingListEvent,
};
use platform::lang::Lang;
use platform::mail::{FreeSlotFacts, local_time, waiting_list_slot_mail};
use serde::Deserialize;
use sqlx::Row;
use store::{RecordedEvent, StreamId};
use uuid::Uuid;

use super::booking_messages::{addressee, party, send};
use super::shared::{Appends, fold_stream, read_models_cover, retry_on_conflict};
use super::{EFFECTS, ReactionError, Reactor};
use crate::ReadDb;
use crate::projections::bookings::utc;
use crate::schedule::{free_slots, offer_and_taken};

pub(super) async fn react(reactor: &Reactor, event: &RecordedEvent) -> Result<(), ReactionError> {
    match (event.stream.category(), event.event_type.as_str()) {
        (booking::CATEGORY, "BookingCancelled" | "BookingExpired" | "BookingRescheduled") => {
            let (state, _) =
                fold_stream::<BookingEvent, _>(reactor, &event.stream, Booking::evolve).await?;
            match state.info() {
                Some(info) => share(reactor, event, Freed::Experts(vec![info.consultant_id])).await,
                None => Ok(()),
            }
        }
        (availability::CATEGORY, "AvailabilitySet") => match event.stream.entity_id().parse() {
            Ok(consultant) => share(reactor, event, Freed::Experts(vec![consultant])).await,
            Err(_) => Ok(()),
        },
        (waiting_list::CATEGORY, _) => {
            let decoded: WaitingListEvent =
                codec::decode(&event.event_type, event.schema_version, &event.payload)
                    .map_err(|e| ReactionError::Unreadable(event.event_id, e.to_string()))?;
            match decoded {
                WaitingListEvent::WaitingListJoined { target, .. } => {
                    share(reactor, event, Freed::Target(target)).await
                }
                WaitingListEvent::WaitingListSlotOffered {
                    entry_id,
                    consultant_id,
                    start,
                    ..
                } => mail(reactor, event, entry_id, consultant_id, start).await,
                _ => Ok(()),
            }
        }
        _ => Ok(()),
    }
}

/// Whose slots a round looks at.
enum Freed {
    Experts(Vec<Uuid>),
    Target(WaitTarget),
}

fn read_error(e: sqlx::Error) -> ReactionError {
    ReactionError::ReadModels(e.to_string())
}

/// `$n, $n+1, …` for `count` values bound after `before` others.
fn placeholders(before: usize, count: usize) -> String {
    (before + 1..=before + count)
        .map(|n| format!("${n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The listed experts of one speciality.
async fn experts_of(read: &ReadDb, speciality: Uuid) -> Result<Vec<Uuid>, ReactionError> {
    let rows = sqlx::query(
        "SELECT consultant_id FROM rm_directory_topic
         WHERE kind = 'specialisation' AND topic_id = $1 ORDER BY consultant_id",
    )
    .bind(speciality.to_string())
    .fetch_all(&read.pool)
    .await
    .map_err(read_error)?;
    Ok(rows
        .iter()
        .filter_map(|r| r.try_get::<String, _>(0).ok()?.parse().ok())
        .collect())
}

/// The specialities of each of `experts`.
async fn specialities_of(
    read: &ReadDb,
    experts: &[Uuid],
) -> Result<BTreeMap<Uuid, BTreeSet<Uuid>>, ReactionError> {
    let sql = format!(
        "SELECT consultant_id, topic_id FROM rm_directory_topic
         WHERE kind = 'specialisation' AND consultant_id IN ({})",
        placeholders(0, experts.len())
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for expert in experts {
        query = query.bind(expert.to_string());
    }
    let mut map: BTreeMap<Uuid, BTreeSet<Uuid>> = BTreeMap::new();
    for row in query.fetch_all(&read.pool).await.map_err(read_error)? {
        let (Ok(expert), Ok(topic)) = (
            row.try_get::<String, _>(0).map(|s| s.parse::<Uuid>()),
            row.try_get::<String, _>(1).map(|s| s.parse::<Uuid>()),
        ) else {
            continue;
        };
        if let (Ok(expert), Ok(topic)) = (expert, topic) {
            map.entry(expert).or_default().insert(topic);
        }
    }
    Ok(map)
}

/// Whether any entry's days are not over yet.
async fn anyone_waits(read: &ReadDb, now: chrono::DateTime<Utc>) -> Result<bool, ReactionError> {
    let row = sqlx::query("SELECT 1 FROM rm_waiting_list WHERE to_day >= $1 LIMIT 1")
        .bind(waiting_list::home_day(now).to_string())
        .fetch_optional(&read.pool)
        .await
        .map_err(read_error)?;
    Ok(row.is_some())
}

/// An entry of the read model still waiting: its id and target.
struct Waiting {
    entry_id: Uuid,
    target: WaitTarget,
}

/// The entries whose days are not over that wait for one of `experts` or
/// one of `specialities`.
async fn waiting_for(
    read: &ReadDb,
    experts: &[Uuid],
    specialities: &BTreeSet<Uuid>,
    today: NaiveDate,
) -> Result<Vec<Waiting>, ReactionError> {
    let sql = format!(
        "SELECT entry_id, consultant_id, specialization_id FROM rm_waiting_list
         WHERE to_day >= $1 AND (consultant_id IN ({}) OR specialization_id IN ({}))",
        placeholders(1, experts.len().max(1)),
        placeholders(1 + experts.len().max(1), specialities.len().max(1)),
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(today.to_string());
    // An empty list still needs one value: a nil id matches nothing.
    let nil = [Uuid::nil()];
    for id in if experts.is_empty() {
        &nil[..]
    } else {
        experts
    } {
        query = query.bind(id.to_string());
    }
    let specialities: Vec<Uuid> = specialities.iter().copied().collect();
    for id in if specialities.is_empty() {
        &nil[..]
    } else {
        &specialities
    } {
        query = query.bind(id.to_string());
    }
    let rows = query.fetch_all(&read.pool).await.map_err(read_error)?;
    let id = |raw: Option<String>| raw.and_then(|r| r.parse::<Uuid>().ok());
    let mut entries = Vec::new();
    for row in rows {
        let entry: String = row.try_get(0).map_err(read_error)?;
        let target = match (
            id(row.try_get(1).map_err(read_error)?),
            id(row.try_get(2).map_err(read_error)?),
        ) {
            (Some(consultant_id), _) => WaitTarget::Expert { consultant_id },
            (None, Some(specialization_id)) => WaitTarget::Speciality { specialization_id },
            (None, None) => continue,
        };
        if let Ok(entry_id) = entry.parse() {
            entries.push(Waiting { entry_id, target });
        }
    }
    Ok(entries)
}

/// One round: the entries waiting for the experts concerned, their free
/// slots, shared out; each offer recorded.
async fn share(
    reactor: &Reactor,
    event: &RecordedEvent,
    freed: Freed,
) -> Result<(), ReactionError> {
    let Some(read) = &reactor.read else {
        tracing::warn!("no read models: the waiting list is not served");
        return Ok(());
    };
    let now = reactor.clock.now();
    // Most cancellations and new timings meet an empty list: say so without
    // waiting for the projector. Entries made before this event are already
    // in the list (their own round waited for them), so none is missed.
    if matches!(freed, Freed::Experts(_)) && !anyone_waits(read, now).await? {
        return Ok(());
    }
    read_models_cover(read, event).await?;
    let experts = match freed {
        Freed::Experts(experts) => experts,
        Freed::Target(WaitTarget::Expert { consultant_id }) => vec![consultant_id],
        Freed::Target(WaitTarget::Speciality { specialization_id }) => {
            experts_of(read, specialization_id).await?
        }
    };
    if experts.is_empty() {
        return Ok(());
    }
    let specialities = specialities_of(read, &experts).await?;
    let all_specialities: BTreeSet<Uuid> = specialities.values().flatten().copied().collect();
    let today = waiting_list::home_day(now);
    let waiting = waiting_for(read, &experts, &all_specialities, today).await?;
    // Each entry as its own stream holds it (the read model may lag offers).
    let mut candidates = Vec::new();
    for entry in waiting {
        let (state, _) = fold_stream::<WaitingListEvent, _>(
            reactor,
            &entry_stream(entry.entry_id),
            WaitingEntry::evolve,
        )
        .await?;
        let (waiting_list::EntryStatus::Waiting, Some(days), Some(joined_at)) =
            (state.status, state.days, state.joined_at)
        else {
            continue;
        };
        let consultants = experts
            .iter()
            .copied()
            .filter(|expert| match entry.target {
                WaitTarget::Expert { consultant_id } => consultant_id == *expert,
                WaitTarget::Speciality { specialization_id } => specialities
                    .get(expert)
                    .is_some_and(|s| s.contains(&specialization_id)),
            })
            .collect();
        candidates.push(Candidate {
            entry_id: entry.entry_id,
            joined_at,
            days,
            offered_at: state.offered_at,
            consultants,
        });
    }
    if candidates.is_empty() {
        return Ok(());
    }
    let free = free_of(read, &candidates, now).await?;
    for (entry_id, consultant_id, slot) in waiting_list::share_out(&candidates, &free, now) {
        retry_on_conflict(|| record_offer(reactor, event, entry_id, consultant_id, slot)).await?;
    }
    Ok(())
}

fn entry_stream(entry_id: Uuid) -> StreamId {
    StreamId::new(waiting_list::CATEGORY, entry_id)
}

/// The free slots of every expert some candidate waits for, over the days
/// the candidates span.
async fn free_of(
    read: &ReadDb,
    candidates: &[Candidate],
    now: chrono::DateTime<Utc>,
) -> Result<BTreeMap<Uuid, Vec<Slot>>, ReactionError> {
    let mut span: BTreeMap<Uuid, WaitDays> = BTreeMap::new();
    for candidate in candidates {
        for expert in &candidate.consultants {
            let days = span.entry(*expert).or_insert(candidate.days);
            days.from = days.from.min(candidate.days.from);
            days.to = days.to.max(candidate.days.to);
        }
    }
    let midnight = |day: NaiveDate| {
        HOME_ZONE
            .from_local_datetime(&day.and_hms_opt(0, 0, 0).unwrap_or_default())
            .earliest()
            .map(|t| t.with_timezone(&Utc))
    };
    let mut free = BTreeMap::new();
    for (expert, days) in span {
        let (Some(from), Some(to)) = (
            midnight(days.from),
            days.to.checked_add_days(Days::new(1)).and_then(midnight),
        ) else {
            continue;
        };
        let (offer, taken) = offer_and_taken(&read.pool, expert, &utc(from), &utc(to))
            .await
            .map_err(read_error)?;
        if let Some((_, slots)) = free_slots(&offer, &taken, from, to, now) {
            free.insert(expert, slots);
        }
    }
    Ok(free)
}

/// Records one offer on the entry's stream, as the domain decides it now.
async fn record_offer(
    reactor: &Reactor,
    cause: &RecordedEvent,
    entry_id: Uuid,
    consultant_id: Uuid,
    slot: Slot,
) -> Result<(), ReactionError> {
    let now = reactor.clock.now();
    let stream = entry_stream(entry_id);
    let (state, version) =
        fold_stream::<WaitingListEvent, _>(reactor, &stream, WaitingEntry::evolve).await?;
    let events = waiting_list::offer(&state, entry_id, consultant_id, slot, now);
    if events.is_empty() {
        return Ok(());
    }
    let mut appends = Appends::caused_by(
        format!("waiting-list-offer {} {entry_id}", cause.event_id),
        cause,
        now,
    );
    appends.add(stream, version, &events);
    appends.append(reactor).await
}

/// The expert's name as the directory shows it (the profile's), else the
/// account's.
async fn public_name(reactor: &Reactor, consultant_id: Uuid) -> Result<String, ReactionError> {
    if let Some(read) = &reactor.read {
        let card: Option<String> =
            sqlx::query_scalar("SELECT card FROM rm_directory WHERE consultant_id = $1")
                .bind(consultant_id.to_string())
                .fetch_optional(&read.pool)
                .await
                .map_err(read_error)?;
        let card: serde_json::Value = card
            .and_then(|c| serde_json::from_str(&c).ok())
            .unwrap_or_default();
        if let (Some(given), Some(family)) =
            (card["given_name"].as_str(), card["family_name"].as_str())
        {
            return Ok(format!("{given} {family}"));
        }
    }
    Ok(party(reactor, "consultant", consultant_id).await?.name)
}

#[derive(Deserialize)]
struct Contact {
    email: String,
    leave_link: String,
}

/// Mails one offer to the entry's address, in the entry's language, the
/// slot in France's time.
async fn mail(
    reactor: &Reactor,
    event: &RecordedEvent,
    entry_id: Uuid,
    consultant_id: Uuid,
    start: chrono::DateTime<Utc>,
) -> Result<(), ReactionError> {
    let joined = reactor
        .stores
        .events
        .read_stream(&entry_stream(entry_id))
        .await?
        .into_iter()
        .find(|e| e.event_type == "WaitingListJoined");
    let Some(joined) = joined else {
        return Ok(());
    };
    let Ok(WaitingListEvent::WaitingListJoined {
        contact, language, ..
    }) = codec::decode(&joined.event_type, joined.schema_version, &joined.payload)
    else {
        return Ok(());
    };
    let Some(raw) = reactor
        .stores
        .events
        .payload(contact.subject, &contact.key)
        .await?
    else {
        // Left or deleted since: nobody to write to.
        return Ok(());
    };
    let contact: Contact = serde_json::from_str(&raw)
        .map_err(|e| ReactionError::Unreadable(event.event_id, e.to_string()))?;
    let lang = Lang::from(language);
    let expert = public_name(reactor, consultant_id).await?;
    let when = local_time(lang, start, HOME_ZONE);
    let base = reactor.public_url.trim_end_matches('/');
    let book_link = format!("{base}/booking/{consultant_id}_{}", start.timestamp());
    let (subject, text, html) = waiting_list_slot_mail(
        lang,
        &FreeSlotFacts {
            expert: &expert,
            when: &when,
            book_link: &book_link,
            leave_link: &contact.leave_link,
        },
    );
    let effect_id = Uuid::new_v5(
        &EFFECTS,
        format!("waiting-list mail {}", event.event_id).as_bytes(),
    );
    send(
        reactor,
        effect_id,
        &addressee(contact.email, lang),
        subject,
        text,
        html,
        Vec::new(),
    )
    .await
}
