//! Guarantee 3: a reader following the global position never skips an event
//! and never sees one twice, under concurrent writers.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use store::ExpectedVersion::{Any, Exact};
use store::{Position, StoreError};
use tokio::task::JoinSet;
use uuid::Uuid;

use crate::support::*;

const SOLO_WRITERS: usize = 8;
const APPENDS_EACH: usize = 20;
const CONTENDERS: usize = 4;

pub async fn a_follower_of_the_global_order_sees_every_committed_event_once_and_in_order(
    h: &Harness,
) {
    // Solo writers: each append is 1-3 events, every third one across two streams.
    let solo_total: usize = (0..APPENDS_EACH)
        .map(|i| 1 + i % 3 + usize::from(i % 3 == 0))
        .sum::<usize>()
        * SOLO_WRITERS;
    let total = solo_total + CONTENDERS * APPENDS_EACH;

    let follower = {
        let store = Arc::clone(&h.events);
        tokio::spawn(async move { read_until(store.as_ref(), Position::START, total).await })
    };

    let mut writers = JoinSet::new();
    for _ in 0..SOLO_WRITERS {
        let store = Arc::clone(&h.events);
        writers.spawn(async move {
            let mut written = Vec::new();
            for i in 0..APPENDS_EACH {
                let mut streams = vec![to(&stream("booking"), Exact(0), events(1 + i % 3))];
                if i % 3 == 0 {
                    streams.push(to(&stream("calendar"), Any, events(1)));
                }
                let req = request(streams, vec![]);
                store
                    .append(req.clone())
                    .await
                    .expect("a solo append never conflicts");
                written.extend(
                    req.streams
                        .iter()
                        .flat_map(|s| s.events.iter().map(|e| e.event_id)),
                );
            }
            (written, 0)
        });
    }
    // Contenders: all start believing the shared stream is empty, so at least
    // three of the four first attempts must get a typed conflict.
    let shared = stream("calendar");
    for _ in 0..CONTENDERS {
        let (store, shared) = (Arc::clone(&h.events), shared.clone());
        writers.spawn(async move {
            let (mut written, mut conflicts, mut version) = (Vec::new(), 0, 0);
            for _ in 0..APPENDS_EACH {
                let e = event("SlotTaken");
                loop {
                    match store
                        .append(request(
                            vec![to(&shared, Exact(version), vec![e.clone()])],
                            vec![],
                        ))
                        .await
                    {
                        Ok(_) => {
                            version += 1;
                            break;
                        }
                        Err(StoreError::Conflict { actual, .. }) => {
                            conflicts += 1;
                            version = actual;
                        }
                        Err(other) => panic!("a contended append failed with {other:?}"),
                    }
                }
                written.push(e.event_id);
            }
            (written, conflicts)
        });
    }
    let mut committed = HashSet::new();
    let mut conflicts = 0;
    for (written, c) in writers.join_all().await {
        conflicts += c;
        committed.extend(written);
    }
    assert_eq!(committed.len(), total);
    assert!(conflicts >= CONTENDERS - 1, "conflicts: {conflicts}");

    let seen = follower.await.unwrap();
    let seen_ids: HashSet<Uuid> = seen.iter().map(|e| e.event_id).collect();
    assert_eq!(seen.len(), total, "no event seen twice");
    assert_eq!(seen_ids, committed, "every committed event seen");
    let last = seen.last().unwrap().position;
    assert!(h.events.read_all(last, 100).await.unwrap().is_empty());

    // Within each stream the global order is the stream order, with no gaps.
    let mut versions: HashMap<_, u64> = HashMap::new();
    for e in &seen {
        let v = versions.entry(e.stream.clone()).or_default();
        assert_eq!(e.stream_version, *v + 1, "stream {}", e.stream);
        *v += 1;
    }
    assert_eq!(versions[&shared], (CONTENDERS * APPENDS_EACH) as u64);
}

pub async fn reading_the_log_in_pages_returns_each_event_once_in_append_order(h: &Harness) {
    assert_eq!(h.events.head().await.unwrap(), Position::START);
    assert!(
        h.events
            .read_all(Position::START, 10)
            .await
            .unwrap()
            .is_empty()
    );

    let s = stream("booking");
    let mut appended = Vec::new();
    let mut last = Position::START;
    for _ in 0..10 {
        let e = event("Step");
        let result = h
            .events
            .append(request(vec![to(&s, Any, vec![e.clone()])], vec![]))
            .await
            .unwrap();
        assert!(result.position > last);
        last = result.position;
        assert_eq!(
            h.events.event_position(e.event_id).await.unwrap(),
            Some(result.position)
        );
        appended.push(e.event_id);
    }
    assert_eq!(wait_for_head(h.events.as_ref(), last).await, last);

    let mut read = Vec::new();
    let mut after = Position::START;
    loop {
        let page = h.events.read_all(after, 3).await.unwrap();
        if page.is_empty() {
            break;
        }
        assert!(page.len() <= 3);
        after = page.last().unwrap().position;
        read.extend(ids(&page));
    }
    assert_eq!(read, appended);
    assert_eq!(after, last);
}

pub async fn fifty_racing_appends_queue_and_all_succeed(h: &Harness) {
    let shared = stream("calendar");
    let mut racers = JoinSet::new();
    for _ in 0..50 {
        let (store, shared) = (Arc::clone(&h.events), shared.clone());
        racers.spawn(async move {
            let req = request(
                vec![
                    to(&stream("booking"), Exact(0), events(1)),
                    to(&shared, Any, events(1)),
                ],
                vec![],
            );
            store.append(req).await
        });
    }
    for result in racers.join_all().await {
        result.expect("no append fails busy");
    }
    let stored = h.events.read_stream(&shared).await.unwrap();
    assert_eq!(
        stored.iter().map(|e| e.stream_version).collect::<Vec<_>>(),
        (1..=50).collect::<Vec<_>>()
    );
}
