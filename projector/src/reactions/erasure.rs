//! Forgetting a subject deletes its files (DESIGN §1 guarantee 6). Done as a
//! reaction so it completes even if the process stops right after the
//! command: the worker retries until the prefix is gone (deleting is
//! idempotent).
//!
//! An erasure asked for by the account holder (`ErasureRequested`) arms a
//! command for its date; when it fires, `domain::account::erase_on_request`
//! decides on the account as it is then (cancelled, asked again for a later
//! date, or already forgotten: nothing happens), and the subject is
//! forgotten as an administrator's forgetting does: payloads and credential
//! deleted, sessions revoked, e-mail released, events kept. Its upcoming
//! bookings are then cancelled and refunded (`account_deactivation.rs`) and
//! its files deleted (below).

use chrono::{DateTime, Utc};
use domain::account::{
    self, ACCOUNT_CATEGORY, Account, AccountEvent, EmailReservation, RESERVATION_CATEGORY,
    ReservationEvent,
};
use domain::codec;
use store::{AppendRequest, RecordedEvent, ScheduledCommand, SideWrite, StreamId};
use uuid::Uuid;

use super::shared::{Appends, fold_stream, retry_on_conflict};
use super::{EFFECTS, ReactionError, Reactor};

pub(super) const ERASE_ACCOUNT: &str = "erase_account";

pub(super) async fn react(reactor: &Reactor, event: &RecordedEvent) -> Result<(), ReactionError> {
    if event.event_type != "SubjectForgotten" || event.stream.category() != ACCOUNT_CATEGORY {
        return Ok(());
    }
    let subject: Uuid = event.stream.entity_id().parse().map_err(|_| {
        ReactionError::Unreadable(event.event_id, "account stream without an id".into())
    })?;
    reactor.files.delete_subject(subject).await?;
    Ok(())
}

/// Arms the erasure of an account at the date its holder was given.
pub(super) async fn schedule_from(
    reactor: &Reactor,
    event: &RecordedEvent,
) -> Result<(), ReactionError> {
    if event.event_type != "ErasureRequested" || event.stream.category() != ACCOUNT_CATEGORY {
        return Ok(());
    }
    let AccountEvent::ErasureRequested { erase_at, .. } =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(|e| ReactionError::Unreadable(event.event_id, e.to_string()))?
    else {
        return Ok(());
    };
    reactor
        .stores
        .reactor
        .schedule(ScheduledCommand {
            id: Uuid::new_v5(&EFFECTS, format!("erase {}", event.event_id).as_bytes()),
            due_at: erase_at,
            kind: ERASE_ACCOUNT.into(),
            payload: serde_json::json!({ "account_id": event.stream.entity_id() }).to_string(),
        })
        .await?;
    Ok(())
}

/// Forgets the account if its erasure is still asked for and due.
pub(super) async fn fire(
    reactor: &Reactor,
    command: &ScheduledCommand,
) -> Result<(), ReactionError> {
    #[derive(serde::Deserialize)]
    struct Due {
        account_id: Uuid,
    }
    let Ok(Due { account_id }) = serde_json::from_str::<Due>(&command.payload) else {
        return Ok(());
    };
    retry_on_conflict(|| async {
        let now: DateTime<Utc> = reactor.clock.now();
        let stream = StreamId::new(ACCOUNT_CATEGORY, account_id);
        let (state, version) =
            fold_stream::<AccountEvent, _>(reactor, &stream, Account::evolve).await?;
        let Some((account_events, reservation_events)) = account::erase_on_request(&state, now)
        else {
            return Ok(());
        };
        // Event ids derive from the schedule id: firing twice appends once.
        let mut appends = Appends::new(format!("fired {}", command.id), command.id, None, now);
        appends.add(stream, version, &account_events);
        if let Some(credential) = reactor.stores.events.credential(account_id).await? {
            let reservation = StreamId::new(RESERVATION_CATEGORY, &credential.login_key);
            let (_, reservation_version) =
                fold_stream::<ReservationEvent, _>(reactor, &reservation, EmailReservation::evolve)
                    .await?;
            appends.add(reservation, reservation_version, &reservation_events);
        }
        reactor
            .stores
            .events
            .append(AppendRequest {
                streams: appends.streams,
                side_writes: vec![
                    SideWrite::ForgetSubject {
                        subject: account_id,
                    },
                    SideWrite::DeleteCredential { account_id },
                    SideWrite::RevokeAccountSessions {
                        account_id,
                        at: now,
                        keep: None,
                    },
                ],
            })
            .await?;
        Ok(())
    })
    .await
}
