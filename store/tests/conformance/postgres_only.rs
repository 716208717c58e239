//! PostgreSQL-only: positions are taken at INSERT and become visible at
//! COMMIT, so transactions commit out of order (DESIGN §1 "known traps").

use store::ExpectedVersion::Exact;
use store::postgres::PgStore;
use store::testing::TestPostgres;
use store::{EventStore, Position};

use crate::support::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reader_never_passes_an_event_whose_transaction_commits_later() {
    let db = TestPostgres::new().await;
    let store = PgStore::connect(&db.url).await.unwrap();
    let (first, second) = (event("A"), event("B"));

    // Writer A takes its position and holds its transaction open.
    let mut held = store.pool().begin().await.unwrap();
    let position_a = store
        .append_in_transaction(
            &mut held,
            &request(
                vec![to(&stream("booking"), Exact(0), vec![first.clone()])],
                vec![],
            ),
        )
        .await
        .unwrap()
        .unwrap();
    // Writer B commits a later position.
    let b = stream("booking");
    let result_b = store
        .append(request(
            vec![to(&b, Exact(0), vec![second.clone()])],
            vec![],
        ))
        .await
        .unwrap();
    assert!(result_b.position > position_a);
    assert!(
        result_b.position.pos > position_a.pos,
        "B's sequence value is the later one"
    );
    assert_eq!(
        store.read_stream(&b).await.unwrap().len(),
        1,
        "B is committed"
    );

    // The reader must not pass A: neither event is readable yet.
    assert!(
        store
            .read_all(Position::START, 100)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(store.head().await.unwrap() < position_a);

    held.commit().await.unwrap();
    let seen = read_until(&store, Position::START, 2).await;
    assert_eq!(ids(&seen), [first.event_id, second.event_id]);
    assert_eq!(seen[0].position, position_a);
    assert_eq!(seen[1].position, result_b.position);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rolled_back_append_leaves_a_hole_that_the_reader_passes() {
    let db = TestPostgres::new().await;
    let store = PgStore::connect(&db.url).await.unwrap();
    let mut abandoned = store.pool().begin().await.unwrap();
    let lost = store
        .append_in_transaction(
            &mut abandoned,
            &request(vec![to(&stream("booking"), Exact(0), events(1))], vec![]),
        )
        .await
        .unwrap()
        .unwrap();
    let kept = event("Kept");
    let result = store
        .append(request(
            vec![to(&stream("booking"), Exact(0), vec![kept.clone()])],
            vec![],
        ))
        .await
        .unwrap();
    abandoned.rollback().await.unwrap();

    let seen = read_until(&store, Position::START, 1).await;
    assert_eq!(ids(&seen), [kept.event_id]);
    assert!(
        seen[0].position.pos > lost.pos,
        "the rolled-back position is a hole"
    );
    assert_eq!(
        wait_for_head(&store, result.position).await,
        result.position
    );
    assert!(
        store
            .read_all(result.position, 10)
            .await
            .unwrap()
            .is_empty()
    );
}

/// Sessions are kept in memory by each process (`session_cache.rs`); one
/// revoked by another process, or straight in the table, is forgotten as
/// soon as its commit is announced, never served from memory after that.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_revoked_by_another_process_is_no_longer_served_from_memory() {
    use std::time::{Duration, Instant};
    use store::{SessionRecord, SideWrite, StreamId};
    use uuid::Uuid;

    let db = TestPostgres::new().await;
    let (here, elsewhere) = (
        PgStore::connect(&db.url).await.unwrap(),
        PgStore::connect(&db.url).await.unwrap(),
    );
    let account = Uuid::now_v7();
    let sessions: Vec<SessionRecord> = (0..3)
        .map(|_| SessionRecord {
            session_id: Uuid::now_v7(),
            account_id: account,
            role: "client".into(),
            created_at: at(0),
            expires_at: at(86_400),
            revoked_at: None,
        })
        .collect();
    let s = StreamId::new("account", account);
    elsewhere
        .append(request(
            vec![to(&s, Exact(0), events(1))],
            sessions
                .iter()
                .cloned()
                .map(SideWrite::CreateSession)
                .collect(),
        ))
        .await
        .unwrap();
    for store in [&here, &elsewhere] {
        let deadline = Instant::now() + Duration::from_secs(5);
        while !store.sessions_from_memory() && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert!(
            store.sessions_from_memory(),
            "the session listener subscribes"
        );
    }
    // Both processes keep every session (read twice: the second from memory).
    for store in [&here, &elsewhere] {
        for session in &sessions {
            for _ in 0..2 {
                let read = store.session(session.session_id).await.unwrap();
                assert_eq!(read.as_ref(), Some(session));
            }
        }
    }

    // Revoked elsewhere: gone here once the notification lands.
    elsewhere
        .append(request(
            vec![to(&s, Exact(1), vec![event("SignedOut")])],
            vec![SideWrite::RevokeSession {
                session_id: sessions[0].session_id,
                at: at(10),
            }],
        ))
        .await
        .unwrap();
    let revoked_here = |id: Uuid| {
        let here = here.clone();
        async move {
            let deadline = Instant::now() + Duration::from_secs(5);
            loop {
                let read = here.session(id).await.unwrap().unwrap();
                if read.revoked_at.is_some() || Instant::now() > deadline {
                    return read;
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        }
    };
    assert_eq!(
        revoked_here(sessions[0].session_id).await.revoked_at,
        Some(at(10))
    );

    // Revoked straight in the table (an operator's SQL): the same.
    sqlx::query("UPDATE sessions SET revoked_at = now() WHERE session_id = $1")
        .bind(sessions[1].session_id)
        .execute(elsewhere.pool())
        .await
        .unwrap();
    assert!(
        revoked_here(sessions[1].session_id)
            .await
            .revoked_at
            .is_some()
    );

    // What shows the reads above came from memory: a revocation that
    // bypasses the trigger (replication role) is not seen here.
    let mut conn = elsewhere.pool().acquire().await.unwrap();
    sqlx::query("SET session_replication_role = replica")
        .execute(&mut *conn)
        .await
        .unwrap();
    sqlx::query("UPDATE sessions SET revoked_at = now() WHERE session_id = $1")
        .bind(sessions[2].session_id)
        .execute(&mut *conn)
        .await
        .unwrap();
    sqlx::query("SET session_replication_role = origin")
        .execute(&mut *conn)
        .await
        .unwrap();
    let kept = here.session(sessions[2].session_id).await.unwrap().unwrap();
    assert!(kept.is_active(at(20)));
}
