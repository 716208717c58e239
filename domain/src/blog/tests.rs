//! Given a post's past, when an editor acts, then these events (or this refusal).

use std::collections::HashMap;

use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use uuid::Uuid;

use super::*;
use crate::{DomainError, RuleCode};

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 27, 9, 0, 0).unwrap()
}

const POST: Uuid = Uuid::from_u128(1);
const OTHER: Uuid = Uuid::from_u128(2);
const ADMIN: Uuid = Uuid::from_u128(9);

fn raw<'a>(title: &'a str, tags: &'a [String], publish_at: Option<DateTime<Utc>>) -> RawPost<'a> {
    RawPost {
        fr: RawText {
            title,
            slug: "",
            body: "Un **bon** sommeil.",
            tags,
        },
        en: RawText {
            title: "Sleeping well",
            slug: "",
            body: "A **good** sleep.",
            tags,
        },
        author: Author::Editorial,
        cover: None,
        publish_at,
    }
}

fn content(title: &str, publish_at: Option<DateTime<Utc>>) -> PostContent {
    parse(&raw(title, &[], publish_at), now()).unwrap()
}

fn past(events: &[BlogEvent]) -> BlogPost {
    events.iter().fold(BlogPost::default(), BlogPost::evolve)
}

fn free() -> HashMap<SlugSlot, SlugReservation> {
    HashMap::new()
}

fn checked(slugs: &HashMap<SlugSlot, SlugReservation>) -> Checked<'_> {
    Checked {
        author_known: true,
        cover_known: true,
        slugs,
    }
}

fn written(publish_at: Option<DateTime<Utc>>) -> Vec<BlogEvent> {
    write(
        &BlogPost::default(),
        POST,
        content("Bien dormir", publish_at),
        &checked(&free()),
        ADMIN,
        now(),
    )
    .unwrap()
    .post
}

fn field_error(result: Result<impl std::fmt::Debug, DomainError>, field: &str) -> String {
    match result {
        Err(DomainError::Invalid(errors)) => errors
            .0
            .get(field)
            .unwrap_or_else(|| panic!("no error on {field}: {errors:?}"))
            .code
            .to_owned(),
        other => panic!("expected field errors, got {other:?}"),
    }
}

#[test]
fn slugs_are_made_from_titles_and_checked_when_given() {
    let post = content("Troubles du SOMMEIL : l’été, ça se prépare !", None);
    assert_eq!(post.fr.slug, "troubles-du-sommeil-l-ete-ca-se-prepare");
    assert_eq!(post.en.slug, "sleeping-well");
    assert_eq!(slugify(&"mot ".repeat(40)).len(), 79);
    let mut bad = raw("Titre", &[], None);
    bad.en.slug = "Pas-Bon";
    assert_eq!(field_error(parse(&bad, now()), "en.slug"), "slug.invalid");
    bad.en.slug = "a--b";
    assert_eq!(field_error(parse(&bad, now()), "en.slug"), "slug.invalid");
}

#[test]
fn every_field_is_bounded() {
    let long = "x".repeat(TITLE_MAX + 1);
    assert_eq!(
        field_error(parse(&raw(&long, &[], None), now()), "fr.title"),
        "field.too_long"
    );
    let tags: Vec<String> = (0..=TAGS_MAX).map(|i| format!("tag{i}")).collect();
    assert_eq!(
        field_error(parse(&raw("Titre", &tags, None), now()), "fr.tags"),
        "tags.too_many"
    );
    let too_far = now() + TimeDelta::days(731);
    assert_eq!(
        field_error(
            parse(&raw("Titre", &[], Some(too_far)), now()),
            "publish_at"
        ),
        "date.out_of_range"
    );
    let too_old = now() - TimeDelta::days(365 * 31);
    assert_eq!(
        field_error(
            parse(&raw("Titre", &[], Some(too_old)), now()),
            "publish_at"
        ),
        "date.out_of_range"
    );
}

#[test]
fn the_same_tag_twice_is_kept_once() {
    let tags = vec![
        "Sommeil".to_owned(),
        " sommeil ".to_owned(),
        String::new(),
        "Stress".to_owned(),
    ];
    assert_eq!(content_with_tags(&tags), ["Sommeil", "Stress"]);
}

fn content_with_tags(tags: &[String]) -> Vec<String> {
    parse(&raw("Titre", tags, None), now()).unwrap().fr.tags
}

#[test]
fn a_draft_is_written_and_its_slugs_reserved() {
    let decision = write(
        &BlogPost::default(),
        POST,
        content("Bien dormir", None),
        &checked(&free()),
        ADMIN,
        now(),
    )
    .unwrap();
    assert!(matches!(
        decision.post.as_slice(),
        [BlogEvent::BlogPostWritten { .. }]
    ));
    let reserved: Vec<String> = decision
        .slugs
        .iter()
        .map(|(slot, _)| slot.entity())
        .collect();
    assert_eq!(reserved, ["fr_bien-dormir", "en_sleeping-well"]);
}

#[test]
fn a_slug_held_by_another_post_is_refused_per_language() {
    let mut slugs = free();
    slugs.insert(
        SlugSlot {
            language: crate::values::Language::En,
            slug: "sleeping-well".into(),
        },
        SlugReservation {
            holder: Some(OTHER),
        },
    );
    let result = write(
        &BlogPost::default(),
        POST,
        content("Bien dormir", None),
        &checked(&slugs),
        ADMIN,
        now(),
    );
    assert_eq!(field_error(result, "en.slug"), "slug.taken");
}

#[test]
fn an_unknown_author_or_cover_is_refused() {
    let slugs = free();
    let result = write(
        &BlogPost::default(),
        POST,
        content("Bien dormir", None),
        &Checked {
            author_known: false,
            cover_known: false,
            slugs: &slugs,
        },
        ADMIN,
        now(),
    );
    assert_eq!(field_error(result, "author"), "author.unknown");
}

#[test]
fn a_date_passed_publishes_at_once_and_a_later_one_waits() {
    assert!(matches!(
        written(Some(now())).as_slice(),
        [_, BlogEvent::BlogPostPublished { .. }]
    ));
    assert_eq!(written(Some(now() + TimeDelta::hours(1))).len(), 1);
}

#[test]
fn the_scheduled_command_publishes_only_the_date_it_was_armed_for() {
    let at = now() + TimeDelta::hours(1);
    let post = past(&written(Some(at)));
    assert!(publish_due(&post, at, now()).is_empty(), "not yet");
    assert!(matches!(
        publish_due(&post, at, at).as_slice(),
        [BlogEvent::BlogPostPublished { .. }]
    ));
    let earlier = now() - TimeDelta::minutes(5);
    assert!(
        publish_due(&post, earlier, at).is_empty(),
        "an older date was moved"
    );
    let mut trashed = post.clone();
    trashed.trashed = true;
    assert!(
        publish_due(&trashed, at, at).is_empty(),
        "a trashed post waits for its restore"
    );
}

#[test]
fn moving_a_published_post_later_takes_it_back() {
    let mut history = written(Some(now()));
    let post = past(&history);
    let later = content("Bien dormir", Some(now() + TimeDelta::days(1)));
    let slugs = free();
    let decision = write(&post, POST, later, &checked(&slugs), ADMIN, now()).unwrap();
    assert!(matches!(
        decision.post.as_slice(),
        [
            BlogEvent::BlogPostEdited { .. },
            BlogEvent::BlogPostWithdrawn { .. }
        ]
    ));
    history.extend(decision.post);
    assert!(!past(&history).published);
}

#[test]
fn an_edit_that_changes_nothing_records_nothing_and_a_new_title_moves_the_slug() {
    let post = past(&written(None));
    let mut slugs = free();
    for slot in post.content.as_ref().unwrap().slugs() {
        slugs.insert(slot, SlugReservation { holder: Some(POST) });
    }
    let same = write(
        &post,
        POST,
        content("Bien dormir", None),
        &checked(&slugs),
        ADMIN,
        now(),
    )
    .unwrap();
    assert_eq!(same, BlogDecision::default());
    let renamed = write(
        &post,
        POST,
        content("Mieux dormir", None),
        &checked(&slugs),
        ADMIN,
        now(),
    )
    .unwrap();
    let moves: Vec<(String, bool)> = renamed
        .slugs
        .iter()
        .map(|(slot, e)| {
            (
                slot.entity(),
                matches!(e, SlugEvent::BlogSlugReserved { .. }),
            )
        })
        .collect();
    assert_eq!(
        moves,
        [
            ("fr_mieux-dormir".to_owned(), true),
            ("fr_bien-dormir".to_owned(), false)
        ]
    );
}

#[test]
fn trash_and_restore() {
    let mut history = written(Some(now() + TimeDelta::hours(1)));
    let post = past(&history);
    history.extend(trash(&post, ADMIN, now()).unwrap());
    let trashed = past(&history);
    assert!(
        trash(&trashed, ADMIN, now()).unwrap().is_empty(),
        "trashing twice changes nothing"
    );
    let slugs = free();
    let edit = write(
        &trashed,
        POST,
        content("Autre", None),
        &checked(&slugs),
        ADMIN,
        now(),
    );
    assert_eq!(
        edit.unwrap_err(),
        DomainError::Rule(RuleCode::BlogPostTrashed)
    );
    // Its date passed in the trash: restoring publishes it.
    let restored = restore(&trashed, ADMIN, now() + TimeDelta::hours(2)).unwrap();
    assert!(matches!(
        restored.as_slice(),
        [
            BlogEvent::BlogPostRestored { .. },
            BlogEvent::BlogPostPublished { .. }
        ]
    ));
    assert!(restore(&post, ADMIN, now()).unwrap().is_empty());
    assert_eq!(
        restore(&BlogPost::default(), ADMIN, now()).unwrap_err(),
        DomainError::Rule(RuleCode::NotFound)
    );
}
