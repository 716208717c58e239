//! The reactions worker's bookkeeping (DESIGN §1 "Side effects and time").

use store::{Position, ScheduledCommand};
use uuid::Uuid;

use crate::support::*;

pub async fn a_lease_is_held_by_one_holder_until_it_expires(h: &Harness) {
    let (first, second) = (Uuid::now_v7(), Uuid::now_v7());
    let r = &h.reactor;
    assert!(
        r.acquire_lease("reactor", first, at(0), at(30))
            .await
            .unwrap()
    );
    assert!(
        !r.acquire_lease("reactor", second, at(10), at(40))
            .await
            .unwrap()
    );
    // The holder renews; the other still waits past the first expiry.
    assert!(
        r.acquire_lease("reactor", first, at(20), at(50))
            .await
            .unwrap()
    );
    assert!(
        !r.acquire_lease("reactor", second, at(35), at(65))
            .await
            .unwrap()
    );
    // Another lease name is independent.
    assert!(
        r.acquire_lease("mailer", second, at(35), at(65))
            .await
            .unwrap()
    );
    // Expired: taken over, and the old holder is now refused.
    assert!(
        r.acquire_lease("reactor", second, at(50), at(80))
            .await
            .unwrap()
    );
    assert!(
        !r.acquire_lease("reactor", first, at(60), at(90))
            .await
            .unwrap()
    );
}

pub async fn an_effect_is_recorded_only_once(h: &Harness) {
    let effect = Uuid::now_v7();
    assert!(!h.reactor.effect_done(effect).await.unwrap());
    assert!(h.reactor.record_effect(effect, at(0)).await.unwrap());
    assert!(!h.reactor.record_effect(effect, at(5)).await.unwrap());
    assert!(h.reactor.effect_done(effect).await.unwrap());
}

fn command(due: i64, kind: &str) -> ScheduledCommand {
    ScheduledCommand {
        id: Uuid::now_v7(),
        due_at: at(due),
        kind: kind.into(),
        payload: format!(r#"{{"kind":"{kind}"}}"#),
    }
}

pub async fn scheduled_commands_are_due_once_in_due_order(h: &Harness) {
    let r = &h.reactor;
    let (late, early, later) = (
        command(300, "ExpireHold"),
        command(100, "SendReminder"),
        command(900, "Close"),
    );
    for c in [&late, &early, &later] {
        r.schedule(c.clone()).await.unwrap();
    }
    // Idempotent on id: a second schedule of the same id changes nothing.
    let mut moved = early.clone();
    moved.due_at = at(5000);
    r.schedule(moved).await.unwrap();

    assert!(r.due(at(99), 10).await.unwrap().is_empty());
    assert_eq!(
        r.due(at(300), 10).await.unwrap(),
        vec![early.clone(), late.clone()]
    );
    assert_eq!(r.due(at(1000), 1).await.unwrap(), vec![early.clone()]);

    r.mark_fired(early.id, at(301)).await.unwrap();
    assert_eq!(
        r.due(at(1000), 10).await.unwrap(),
        vec![late.clone(), later.clone()]
    );
    r.mark_fired(late.id, at(302)).await.unwrap();
    r.mark_fired(later.id, at(303)).await.unwrap();
    assert!(r.due(at(10_000), 10).await.unwrap().is_empty());
}

pub async fn a_checkpoint_starts_at_zero_and_keeps_the_last_saved_position(h: &Harness) {
    let r = &h.reactor;
    assert_eq!(r.checkpoint("mailer").await.unwrap(), Position::START);
    r.save_checkpoint("mailer", Position { tx: 7, pos: 3 })
        .await
        .unwrap();
    r.save_checkpoint("mailer", Position { tx: 9, pos: 12 })
        .await
        .unwrap();
    assert_eq!(
        r.checkpoint("mailer").await.unwrap(),
        Position { tx: 9, pos: 12 }
    );
    assert_eq!(r.checkpoint("reminders").await.unwrap(), Position::START);
}
