//! Guarantees 4 (metadata) and 6 (forgettable payloads).

use chrono::{TimeZone, Utc};
use store::ExpectedVersion::Exact;
use store::{EventMetadata, NewEvent, SideWrite, StoreError, StreamId};
use uuid::Uuid;

use crate::support::*;

pub async fn event_metadata_and_payload_text_round_trip_exactly(h: &Harness) {
    let s = stream("booking");
    let full = NewEvent {
        event_id: Uuid::now_v7(),
        event_type: "BookingConfirmed".into(),
        schema_version: 3,
        // Spacing, key order and non-ASCII text are kept as written.
        payload: "{\"z\": 1,  \"a\":\"Séance à 9h\\n\",\"n\":[1.50, 2e3]}".into(),
        metadata: EventMetadata {
            actor_id: Some(Uuid::now_v7()),
            actor_role: Some("consultant".into()),
            correlation_id: Uuid::now_v7(),
            causation_id: Some(Uuid::now_v7()),
            recorded_at: at(42),
        },
    };
    let mut bare = event("Bare");
    bare.metadata.actor_role = None;
    // Sub-microsecond digits are truncated on write (documented precision).
    bare.metadata.recorded_at = Utc.timestamp_opt(1_800_000_000, 123_456_789).unwrap();
    h.events
        .append(request(
            vec![to(&s, Exact(0), vec![full.clone(), bare.clone()])],
            vec![],
        ))
        .await
        .unwrap();

    let expected_bare_time = Utc.timestamp_opt(1_800_000_000, 123_456_000).unwrap();
    assert_eq!(
        store::truncate_micros(bare.metadata.recorded_at),
        expected_bare_time
    );
    let read_back = [
        h.events.read_stream(&s).await.unwrap(),
        read_until(h.events.as_ref(), store::Position::START, 2).await,
        h.events
            .events_of_entity(s.category(), s.entity_id())
            .await
            .unwrap(),
    ];
    for stored in read_back {
        assert_eq!(stored.len(), 2);
        let (one, two) = (&stored[0], &stored[1]);
        assert_eq!(one.stream, s);
        assert_eq!((one.stream_version, two.stream_version), (1, 2));
        assert_eq!(one.event_id, full.event_id);
        assert_eq!(one.event_type, full.event_type);
        assert_eq!(one.schema_version, 3);
        assert_eq!(one.payload, full.payload);
        assert_eq!(one.metadata, full.metadata);
        assert_eq!(two.metadata.actor_id, None);
        assert_eq!(two.metadata.actor_role, None);
        assert_eq!(two.metadata.causation_id, None);
        assert_eq!(two.metadata.correlation_id, bare.metadata.correlation_id);
        assert_eq!(two.metadata.recorded_at, expected_bare_time);
    }
}

pub async fn events_of_an_entity_are_found_by_category_and_entity_id(h: &Harness) {
    let entity = Uuid::now_v7();
    let booking = StreamId::new("booking", entity);
    let same_id_other_category = StreamId::new("payment", entity);
    let other_booking = stream("booking");
    for round in 0..2 {
        for s in [&booking, &same_id_other_category, &other_booking] {
            h.events
                .append(request(vec![to(s, Exact(round), events(1))], vec![]))
                .await
                .unwrap();
        }
    }
    let found = h
        .events
        .events_of_entity("booking", &entity.to_string())
        .await
        .unwrap();
    assert_eq!(found.len(), 2);
    assert!(found.iter().all(|e| e.stream == booking));
    assert!(found[0].position < found[1].position);
    assert!(
        h.events
            .events_of_entity("booking", "nobody")
            .await
            .unwrap()
            .is_empty()
    );
}

fn put(subject: Uuid, key: &str, value: &str) -> SideWrite {
    SideWrite::PutPayload {
        subject,
        key: key.into(),
        value: value.into(),
    }
}

pub async fn forgetting_a_subject_deletes_its_payloads_and_keeps_the_events(h: &Harness) {
    let (ada, bob) = (Uuid::now_v7(), Uuid::now_v7());
    let account = StreamId::new("account", ada);
    h.events
        .append(request(
            vec![to(&account, Exact(0), events(1))],
            vec![
                put(ada, "name", "Ada Lovelace"),
                put(ada, "phone", "+33600000000"),
                put(bob, "name", "Bob"),
            ],
        ))
        .await
        .unwrap();
    assert_eq!(
        h.events.payload(ada, "name").await.unwrap().as_deref(),
        Some("Ada Lovelace")
    );
    let before = h.events.read_stream(&account).await.unwrap();

    h.events
        .append(request(
            vec![to(&account, Exact(1), vec![event("SubjectForgotten")])],
            vec![SideWrite::ForgetSubject { subject: ada }],
        ))
        .await
        .unwrap();
    assert_eq!(h.events.payload(ada, "name").await.unwrap(), None);
    assert_eq!(h.events.payload(ada, "phone").await.unwrap(), None);
    assert_eq!(
        h.events.payload(bob, "name").await.unwrap().as_deref(),
        Some("Bob")
    );
    let after = h.events.read_stream(&account).await.unwrap();
    assert_eq!(after.len(), 2);
    assert_eq!(after[0], before[0], "the earlier event is untouched");
}

pub async fn payloads_are_read_in_bulk_in_the_order_asked_with_gaps_for_missing_ones(h: &Harness) {
    let (ada, bob) = (Uuid::now_v7(), Uuid::now_v7());
    h.events
        .append(request(
            vec![to(&StreamId::new("account", ada), Exact(0), events(1))],
            vec![put(ada, "name", "Ada"), put(bob, "name", "Bob")],
        ))
        .await
        .unwrap();
    let asked = vec![
        (bob, "name".to_owned()),
        (ada, "phone".to_owned()),
        (ada, "name".to_owned()),
        (bob, "name".to_owned()),
    ];
    let found = h.events.payloads(&asked).await.unwrap();
    assert_eq!(
        found,
        vec![
            Some("Bob".to_owned()),
            None,
            Some("Ada".to_owned()),
            Some("Bob".to_owned())
        ]
    );
    assert!(h.events.payloads(&[]).await.unwrap().is_empty());
}

pub async fn a_payload_key_keeps_its_first_value(h: &Harness) {
    let subject = Uuid::now_v7();
    let s = stream("account");
    h.events
        .append(request(
            vec![to(&s, Exact(0), events(1))],
            vec![put(subject, "name", "Ada")],
        ))
        .await
        .unwrap();
    // The same value again is fine (a retried command re-puts it).
    h.events
        .append(request(
            vec![to(&s, Exact(1), events(1))],
            vec![put(subject, "name", "Ada")],
        ))
        .await
        .unwrap();
    let err = h
        .events
        .append(request(
            vec![to(&s, Exact(2), events(1))],
            vec![put(subject, "name", "Eve")],
        ))
        .await
        .unwrap_err();
    assert!(
        matches!(err, StoreError::PayloadChanged { subject: s2, ref key } if s2 == subject && key == "name"),
        "{err:?}"
    );
    assert_eq!(
        h.events.read_stream(&s).await.unwrap().len(),
        2,
        "the append rolled back"
    );
    assert_eq!(
        h.events.payload(subject, "name").await.unwrap().as_deref(),
        Some("Ada")
    );
}

pub async fn a_reopened_store_keeps_its_data(h: &Harness) {
    let s = stream("booking");
    let subject = Uuid::now_v7();
    let result = h
        .events
        .append(request(
            vec![to(&s, Exact(0), events(2))],
            vec![put(subject, "name", "Ada")],
        ))
        .await
        .unwrap();
    // A second connection set on the same database (migrations run again, as a no-op).
    let again = store::connect(&h.url).await.unwrap();
    assert_eq!(
        again.events.read_stream(&s).await.unwrap(),
        h.events.read_stream(&s).await.unwrap()
    );
    assert_eq!(
        again
            .events
            .payload(subject, "name")
            .await
            .unwrap()
            .as_deref(),
        Some("Ada")
    );
    assert_eq!(
        wait_for_head(again.events.as_ref(), result.position).await,
        result.position
    );
    again
        .events
        .append(request(vec![to(&s, Exact(2), events(1))], vec![]))
        .await
        .unwrap();
    assert_eq!(h.events.read_stream(&s).await.unwrap().len(), 3);
}
