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
