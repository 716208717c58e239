//! The event-store conformance suite: every case runs against SQLite and
//! PostgreSQL (DESIGN §1: one test suite for both backends). PostgreSQL is
//! required; the suite panics when it is unreachable.

mod appends;
mod data;
mod identity;
mod order;
mod postgres_only;
mod reactor;
mod sqlite_only;
mod support;
mod throttle;

/// Generates `sqlite::<case>` and `postgres::<case>` tests for each case
/// (an `async fn(&Harness)` in one of the case modules).
macro_rules! conformance {
    ($($module:ident :: $case:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $case() {
                    let harness = crate::support::sqlite().await;
                    crate::$module::$case(&harness).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $case() {
                    let harness = crate::support::postgres().await;
                    crate::$module::$case(&harness).await;
                }
            )*
        }
    };
}

conformance! {
    appends::an_append_to_two_streams_with_one_wrong_version_writes_nothing_not_even_side_writes,
    appends::an_append_to_two_streams_commits_both_with_their_own_versions_and_side_writes,
    appends::a_stale_expected_version_is_a_typed_conflict_and_never_overwrites,
    appends::resending_the_same_append_is_a_no_op_that_returns_the_original_position,
    appends::an_append_reusing_only_some_event_ids_is_rejected_as_a_duplicate,
    appends::identical_appends_racing_are_written_exactly_once,
    appends::a_reservation_stream_lets_only_one_of_racing_registrations_claim_an_email,
    order::a_follower_of_the_global_order_sees_every_committed_event_once_and_in_order,
    order::reading_the_log_in_pages_returns_each_event_once_in_append_order,
    order::fifty_racing_appends_queue_and_all_succeed,
    data::event_metadata_and_payload_text_round_trip_exactly,
    data::events_of_an_entity_are_found_by_category_and_entity_id,
    data::forgetting_a_subject_deletes_its_payloads_and_keeps_the_events,
    data::a_payload_key_keeps_its_first_value,
    data::payloads_are_read_in_bulk_in_the_order_asked_with_gaps_for_missing_ones,
    identity::revoking_a_session_or_all_sessions_of_an_account_takes_effect_at_once,
    identity::a_login_key_is_unique_per_role,
    data::a_reopened_store_keeps_its_data,
    reactor::a_lease_is_held_by_one_holder_until_it_expires,
    reactor::an_effect_is_recorded_only_once,
    reactor::scheduled_commands_are_due_once_in_due_order,
    reactor::a_checkpoint_starts_at_zero_and_keeps_the_last_saved_position,
    throttle::failures_count_up_within_a_window_and_start_again_after_it,
    throttle::racing_failures_are_all_counted,
    throttle::a_code_step_is_claimed_once_even_by_racing_instances,
}
