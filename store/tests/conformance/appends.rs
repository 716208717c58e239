//! Guarantees 1 (atomic multi-stream appends, typed conflicts), 2 (idempotent
//! re-appends) and 5 (set-wide uniqueness through reservation streams).

use std::sync::Arc;

use store::ExpectedVersion::{Any, Exact};
use store::{Credential, SessionRecord, SideWrite, StoreError};
use tokio::task::JoinSet;
use uuid::Uuid;

use crate::support::*;

fn side_writes(subject: Uuid, account: Uuid) -> Vec<SideWrite> {
    vec![
        SideWrite::PutPayload {
            subject,
            key: "name".into(),
            value: r#"{"first":"Ada"}"#.into(),
        },
        SideWrite::UpsertCredential(Credential {
            account_id: account,
            role: "client".into(),
            login_key: format!("key-{account}"),
            password_hash: "$argon2id$hash".into(),
        }),
        SideWrite::CreateSession(SessionRecord {
            session_id: subject,
            account_id: account,
            role: "client".into(),
            created_at: at(0),
            expires_at: at(3600),
            revoked_at: None,
        }),
    ]
}

pub async fn an_append_to_two_streams_with_one_wrong_version_writes_nothing_not_even_side_writes(
    h: &Harness,
) {
    let (a, b) = (stream("account"), stream("reservation"));
    h.events
        .append(request(vec![to(&b, Exact(0), events(1))], vec![]))
        .await
        .unwrap();
    let (subject, account) = (Uuid::now_v7(), Uuid::now_v7());

    // The wrong version on the second stream, then on the first: either way nothing is written.
    for (expected_a, expected_b, wrong) in [(Exact(0), Exact(5), &b), (Exact(3), Exact(1), &a)] {
        let attempt = request(
            vec![to(&a, expected_a, events(2)), to(&b, expected_b, events(1))],
            side_writes(subject, account),
        );
        let err = h.events.append(attempt.clone()).await.unwrap_err();
        let StoreError::Conflict {
            stream,
            expected,
            actual,
        } = err
        else {
            panic!("expected a conflict, got {err:?}");
        };
        assert_eq!(&stream, wrong);
        let wanted = if wrong == &a {
            (expected_a, 0)
        } else {
            (expected_b, 1)
        };
        assert_eq!((expected, actual), wanted);

        assert!(h.events.read_stream(&a).await.unwrap().is_empty());
        assert_eq!(h.events.read_stream(&b).await.unwrap().len(), 1);
        for e in &attempt.streams[0].events {
            assert_eq!(h.events.event_position(e.event_id).await.unwrap(), None);
        }
        assert_eq!(h.events.payload(subject, "name").await.unwrap(), None);
        assert_eq!(h.events.credential(account).await.unwrap(), None);
        assert_eq!(h.events.session(subject).await.unwrap(), None);
    }
}

pub async fn an_append_to_two_streams_commits_both_with_their_own_versions_and_side_writes(
    h: &Harness,
) {
    let (a, b) = (stream("account"), stream("reservation"));
    h.events
        .append(request(vec![to(&b, Exact(0), events(1))], vec![]))
        .await
        .unwrap();
    let (subject, account) = (Uuid::now_v7(), Uuid::now_v7());
    let req = request(
        vec![to(&a, Exact(0), events(2)), to(&b, Exact(1), events(1))],
        side_writes(subject, account),
    );
    let result = h.events.append(req.clone()).await.unwrap();
    assert!(!result.already_applied);

    let in_a = h.events.read_stream(&a).await.unwrap();
    let in_b = h.events.read_stream(&b).await.unwrap();
    assert_eq!(
        in_a.iter().map(|e| e.stream_version).collect::<Vec<_>>(),
        [1, 2]
    );
    assert_eq!(
        in_b.iter().map(|e| e.stream_version).collect::<Vec<_>>(),
        [1, 2]
    );
    assert_eq!(
        ids(&in_a),
        req.streams[0]
            .events
            .iter()
            .map(|e| e.event_id)
            .collect::<Vec<_>>()
    );
    assert_eq!(in_b[1].event_id, req.streams[1].events[0].event_id);

    // One transaction, request order, and the result names its last event.
    let positions = [in_a[0].position, in_a[1].position, in_b[1].position];
    assert!(positions.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(result.position, in_b[1].position);

    assert!(h.events.payload(subject, "name").await.unwrap().is_some());
    assert!(h.events.credential(account).await.unwrap().is_some());
    assert!(h.events.session(subject).await.unwrap().is_some());
}

pub async fn a_stale_expected_version_is_a_typed_conflict_and_never_overwrites(h: &Harness) {
    let s = stream("booking");
    let first = events(2);
    h.events
        .append(request(vec![to(&s, Exact(0), first.clone())], vec![]))
        .await
        .unwrap();

    for stale in [0, 1, 3] {
        let err = h
            .events
            .append(request(vec![to(&s, Exact(stale), events(1))], vec![]))
            .await
            .unwrap_err();
        assert!(
            matches!(err, StoreError::Conflict { ref stream, expected: Exact(e), actual: 2 } if stream == &s && e == stale),
            "{err:?}"
        );
    }
    h.events
        .append(request(vec![to(&s, Exact(2), events(1))], vec![]))
        .await
        .unwrap();
    h.events
        .append(request(vec![to(&s, Any, events(1))], vec![]))
        .await
        .unwrap();
    let stored = h.events.read_stream(&s).await.unwrap();
    assert_eq!(
        stored.iter().map(|e| e.stream_version).collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );
    assert_eq!(&ids(&stored)[..2], &[first[0].event_id, first[1].event_id]);

    // A stream with no new events still guards the append with its version.
    let other = stream("calendar");
    let err = h
        .events
        .append(request(
            vec![to(&other, Exact(0), events(1)), to(&s, Exact(3), vec![])],
            vec![],
        ))
        .await
        .unwrap_err();
    assert!(
        matches!(err, StoreError::Conflict { actual: 4, .. }),
        "{err:?}"
    );
    assert!(h.events.read_stream(&other).await.unwrap().is_empty());
    h.events
        .append(request(
            vec![to(&other, Exact(0), events(1)), to(&s, Exact(4), vec![])],
            vec![],
        ))
        .await
        .unwrap();
    assert_eq!(h.events.read_stream(&other).await.unwrap().len(), 1);
}

pub async fn resending_the_same_append_is_a_no_op_that_returns_the_original_position(h: &Harness) {
    let (a, b) = (stream("account"), stream("reservation"));
    let (subject, account) = (Uuid::now_v7(), Uuid::now_v7());
    let req = request(
        vec![to(&a, Exact(0), events(2)), to(&b, Exact(0), events(1))],
        side_writes(subject, account),
    );
    let original = h.events.append(req.clone()).await.unwrap();
    assert!(!original.already_applied);

    let again = h.events.append(req.clone()).await.unwrap();
    assert_eq!(
        (again.position, again.already_applied),
        (original.position, true)
    );

    // Also when the expected versions no longer match (the retry of a request that did land).
    let mut any = req.clone();
    any.streams.iter_mut().for_each(|s| s.expected = Any);
    let again = h.events.append(any).await.unwrap();
    assert_eq!(
        (again.position, again.already_applied),
        (original.position, true)
    );

    assert_eq!(h.events.read_stream(&a).await.unwrap().len(), 2);
    assert_eq!(h.events.read_stream(&b).await.unwrap().len(), 1);
    let last = req.streams[1].events[0].event_id;
    assert_eq!(
        h.events.event_position(last).await.unwrap(),
        Some(original.position)
    );
}

pub async fn an_append_reusing_only_some_event_ids_is_rejected_as_a_duplicate(h: &Harness) {
    let s = stream("booking");
    let first = events(2);
    h.events
        .append(request(vec![to(&s, Exact(0), first.clone())], vec![]))
        .await
        .unwrap();

    let fresh = event("Fresh");
    let err = h
        .events
        .append(request(
            vec![to(&s, Any, vec![first[1].clone(), fresh.clone()])],
            vec![],
        ))
        .await
        .unwrap_err();
    assert!(
        matches!(err, StoreError::DuplicateEvent(id) if id == first[1].event_id),
        "{err:?}"
    );
    assert_eq!(h.events.event_position(fresh.event_id).await.unwrap(), None);

    // The same id twice within one request.
    let twice = event("Twice");
    let err = h
        .events
        .append(request(
            vec![to(
                &stream("booking"),
                Exact(0),
                vec![twice.clone(), twice.clone()],
            )],
            vec![],
        ))
        .await
        .unwrap_err();
    assert!(
        matches!(err, StoreError::DuplicateEvent(id) if id == twice.event_id),
        "{err:?}"
    );
    assert_eq!(h.events.read_stream(&s).await.unwrap().len(), 2);
}

pub async fn identical_appends_racing_are_written_exactly_once(h: &Harness) {
    for expected in [Exact(0), Any] {
        let s = stream("booking");
        let req = request(vec![to(&s, expected, events(3))], vec![]);
        let mut racers = JoinSet::new();
        for _ in 0..8 {
            let (store, req) = (Arc::clone(&h.events), req.clone());
            racers.spawn(async move { store.append(req).await });
        }
        let results: Vec<_> = racers
            .join_all()
            .await
            .into_iter()
            .map(|r| r.unwrap())
            .collect();
        assert_eq!(
            results.iter().filter(|r| !r.already_applied).count(),
            1,
            "{expected:?}"
        );
        assert!(results.iter().all(|r| r.position == results[0].position));
        assert_eq!(h.events.read_stream(&s).await.unwrap().len(), 3);
    }
}

pub async fn a_reservation_stream_lets_only_one_of_racing_registrations_claim_an_email(
    h: &Harness,
) {
    // Registration = account stream + reservation stream of the e-mail's keyed hash.
    let reservation = stream("emailreservation");
    let mut racers = JoinSet::new();
    for _ in 0..10 {
        let account = Uuid::now_v7();
        let account_stream = store::StreamId::new("account", account);
        let req = request(
            vec![
                to(&account_stream, Exact(0), events(1)),
                to(&reservation, Exact(0), events(1)),
            ],
            vec![SideWrite::UpsertCredential(Credential {
                account_id: account,
                role: "client".into(),
                login_key: format!("key-{account}"),
                password_hash: "h".into(),
            })],
        );
        let store = Arc::clone(&h.events);
        racers.spawn(async move { (account, account_stream, store.append(req).await) });
    }
    let mut winners = 0;
    for (account, account_stream, result) in racers.join_all().await {
        match result {
            Ok(_) => winners += 1,
            Err(StoreError::Conflict { stream, .. }) => {
                assert_eq!(stream, reservation);
                assert!(
                    h.events
                        .read_stream(&account_stream)
                        .await
                        .unwrap()
                        .is_empty()
                );
                assert_eq!(h.events.credential(account).await.unwrap(), None);
            }
            Err(e) => panic!("unexpected {e:?}"),
        }
    }
    assert_eq!(winners, 1);
    assert_eq!(h.events.read_stream(&reservation).await.unwrap().len(), 1);
}
