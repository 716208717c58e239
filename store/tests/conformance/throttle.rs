//! Failure counters behind sign-in throttling: shared by every instance, so
//! they live in the store's database and count racing failures exactly.

use crate::support::*;

pub async fn failures_count_up_within_a_window_and_start_again_after_it(h: &Harness) {
    let key = "sign-in:client:ada";
    assert_eq!(h.throttle.failures(key, at(0)).await.unwrap(), None);

    for n in 1..=3 {
        let count = h
            .throttle
            .record_failure(key, at(n * 10), at(0))
            .await
            .unwrap();
        assert_eq!(count.failures, n as u32);
        assert_eq!(count.last_at, at(n * 10));
    }
    let seen = h.throttle.failures(key, at(0)).await.unwrap().unwrap();
    assert_eq!((seen.failures, seen.last_at), (3, at(30)));
    // Another key is another counter.
    assert_eq!(
        h.throttle
            .failures("sign-in:client:bob", at(0))
            .await
            .unwrap(),
        None
    );

    // A run that began before the window is over: it counts from 1 again.
    assert_eq!(h.throttle.failures(key, at(11)).await.unwrap(), None);
    let restarted = h
        .throttle
        .record_failure(key, at(100), at(50))
        .await
        .unwrap();
    assert_eq!(restarted.failures, 1);

    h.throttle.clear_failures(key).await.unwrap();
    assert_eq!(h.throttle.failures(key, at(0)).await.unwrap(), None);
}

pub async fn racing_failures_are_all_counted(h: &Harness) {
    let key = "sign-in:client:racing";
    let mut attempts = tokio::task::JoinSet::new();
    for _ in 0..20 {
        let throttle = h.throttle.clone();
        attempts.spawn(async move { throttle.record_failure(key, at(5), at(0)).await });
    }
    while let Some(result) = attempts.join_next().await {
        result.unwrap().unwrap();
    }
    let seen = h.throttle.failures(key, at(0)).await.unwrap().unwrap();
    assert_eq!(seen.failures, 20);
}

pub async fn a_code_step_is_claimed_once_even_by_racing_instances(h: &Harness) {
    let key = "totp:ada";
    let mut claims = tokio::task::JoinSet::new();
    for _ in 0..10 {
        let throttle = h.throttle.clone();
        claims.spawn(async move { throttle.claim_step(key, 100).await });
    }
    let mut won = 0;
    while let Some(result) = claims.join_next().await {
        won += usize::from(result.unwrap().unwrap());
    }
    assert_eq!(won, 1, "one of ten racing uses of a code is accepted");
    // An earlier step is refused too (its code is older than one used);
    // the next step is accepted; another key is independent.
    assert!(!h.throttle.claim_step(key, 99).await.unwrap());
    assert!(h.throttle.claim_step(key, 101).await.unwrap());
    assert!(h.throttle.claim_step("totp:bob", 100).await.unwrap());
}
