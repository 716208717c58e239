//! A client's favourite experts (spec §2 client `favorite` page).
//!
//! One stream per client, `favourites-{client id}`. Adding and removing are
//! idempotent: adding an expert already marked, or removing one that is not,
//! records nothing. Only an expert listed in the directory
//! ([`consultant::is_listed`]) can be added, so a client cannot mark a profile
//! it could not have seen; an expert suspended later stays in the stream but
//! drops out of the favourites page, which shows listed experts only.

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::codec::EventSchema;
use crate::consultant::{self, Consultant};
use crate::{DomainError, RuleCode};

pub const CATEGORY: &str = "favourites";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum FavouriteEvent {
    FavouriteAdded {
        consultant_id: Uuid,
        at: DateTime<Utc>,
    },
    FavouriteRemoved {
        consultant_id: Uuid,
        at: DateTime<Utc>,
    },
}

impl EventSchema for FavouriteEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

/// The experts a client marked, folded from its stream.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Favourites {
    pub consultants: BTreeSet<Uuid>,
}

impl Favourites {
    pub fn evolve(mut self, event: &FavouriteEvent) -> Self {
        match event {
            FavouriteEvent::FavouriteAdded { consultant_id, .. } => {
                self.consultants.insert(*consultant_id);
            }
            FavouriteEvent::FavouriteRemoved { consultant_id, .. } => {
                self.consultants.remove(consultant_id);
            }
        }
        self
    }
}

/// Marks `consultant_id` (whose profile is `expert`) as a favourite; an
/// expert who is not listed is "not found", as in the directory.
pub fn add(
    favourites: &Favourites,
    consultant_id: Uuid,
    expert: &Consultant,
    now: DateTime<Utc>,
) -> Result<Vec<FavouriteEvent>, DomainError> {
    if favourites.consultants.contains(&consultant_id) {
        return Ok(Vec::new());
    }
    if !consultant::is_listed(expert) {
        return Err(DomainError::Rule(RuleCode::NotFound));
    }
    Ok(vec![FavouriteEvent::FavouriteAdded {
        consultant_id,
        at: now,
    }])
}

/// Unmarks `consultant_id`, whatever the expert's status.
pub fn remove(
    favourites: &Favourites,
    consultant_id: Uuid,
    now: DateTime<Utc>,
) -> Vec<FavouriteEvent> {
    if favourites.consultants.contains(&consultant_id) {
        vec![FavouriteEvent::FavouriteRemoved {
            consultant_id,
            at: now,
        }]
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::consultant::ConsultantEvent;

    const EXPERT: Uuid = Uuid::from_u128(0xE0);
    const OTHER: Uuid = Uuid::from_u128(0xE1);

    fn at(minute: u32) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(&format!("2026-03-02T09:{minute:02}:00Z"))
            .unwrap()
            .with_timezone(&Utc)
    }

    fn given(events: &[FavouriteEvent]) -> Favourites {
        events
            .iter()
            .fold(Favourites::default(), Favourites::evolve)
    }

    fn expert(events: &[ConsultantEvent]) -> Consultant {
        events
            .iter()
            .fold(Consultant::default(), Consultant::evolve)
    }

    fn approved() -> Consultant {
        expert(&[
            ConsultantEvent::ProfileSubmitted { at: at(0) },
            ConsultantEvent::ProfileApproved { at: at(1) },
        ])
    }

    fn added(consultant_id: Uuid, minute: u32) -> FavouriteEvent {
        FavouriteEvent::FavouriteAdded {
            consultant_id,
            at: at(minute),
        }
    }

    #[test]
    fn a_listed_expert_is_added() {
        let events = add(&given(&[]), EXPERT, &approved(), at(5)).unwrap();
        assert_eq!(events, vec![added(EXPERT, 5)]);
        assert!(given(&events).consultants.contains(&EXPERT));
    }

    #[test]
    fn adding_an_expert_already_marked_records_nothing() {
        let favourites = given(&[added(EXPERT, 2)]);
        assert_eq!(add(&favourites, EXPERT, &approved(), at(5)), Ok(vec![]));
    }

    #[test]
    fn an_expert_who_is_not_listed_cannot_be_added() {
        let submitted = expert(&[ConsultantEvent::ProfileSubmitted { at: at(0) }]);
        let suspended = expert(&[
            ConsultantEvent::ProfileSubmitted { at: at(0) },
            ConsultantEvent::ProfileApproved { at: at(1) },
            ConsultantEvent::ConsultantSuspended {
                reason: "Plaintes".into(),
                at: at(2),
            },
        ]);
        for profile in [Consultant::default(), submitted, suspended] {
            assert_eq!(
                add(&given(&[]), EXPERT, &profile, at(5)),
                Err(DomainError::Rule(RuleCode::NotFound))
            );
        }
    }

    #[test]
    fn a_marked_expert_is_removed_and_others_stay() {
        let favourites = given(&[added(EXPERT, 1), added(OTHER, 2)]);
        let events = remove(&favourites, EXPERT, at(5));
        assert_eq!(
            events,
            vec![FavouriteEvent::FavouriteRemoved {
                consultant_id: EXPERT,
                at: at(5)
            }]
        );
        let after = events.iter().fold(favourites, Favourites::evolve);
        assert_eq!(after.consultants, BTreeSet::from([OTHER]));
    }

    #[test]
    fn removing_an_expert_not_marked_records_nothing() {
        let favourites = given(&[added(EXPERT, 1), added(OTHER, 2)]);
        let removed = remove(&favourites, EXPERT, at(3));
        let favourites = removed.iter().fold(favourites, Favourites::evolve);
        assert!(remove(&favourites, EXPERT, at(5)).is_empty());
        assert!(remove(&given(&[]), OTHER, at(5)).is_empty());
    }

    #[test]
    fn a_suspended_expert_can_still_be_removed() {
        let favourites = given(&[added(EXPERT, 1)]);
        assert_eq!(remove(&favourites, EXPERT, at(5)).len(), 1);
    }
}
