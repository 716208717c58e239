//! The post form as sent, checked field by field (dotted names: `fr.title`).

use chrono::{DateTime, TimeDelta, Utc};

use super::{Author, PostContent, PostText};
use crate::reference::name_key;
use crate::values::{Language, text};
use crate::{DomainError, FieldError, FieldErrors};

pub const TITLE_MAX: usize = 150;
pub const SLUG_MAX: usize = 80;
pub const BODY_MAX: usize = 50_000;
pub const TAGS_MAX: usize = 8;
pub const TAG_MAX: usize = 40;

/// How far ahead a post may be scheduled, and how far back it may be dated
/// (an older article brought over), in years.
const YEARS_AHEAD: i32 = 2;
const YEARS_BACK: i32 = 30;

pub struct RawText<'a> {
    pub title: &'a str,
    pub slug: &'a str,
    pub body: &'a str,
    pub tags: &'a [String],
}

pub struct RawPost<'a> {
    pub fr: RawText<'a>,
    pub en: RawText<'a>,
    pub author: Author,
    pub cover: Option<&'a str>,
    pub publish_at: Option<DateTime<Utc>>,
}

/// Checks every field at once; the author and cover are checked against
/// the store by the decision ([`super::write`]).
pub fn parse(raw: &RawPost<'_>, now: DateTime<Utc>) -> Result<PostContent, DomainError> {
    let mut errors = FieldErrors::default();
    let fr = text_of(&mut errors, Language::Fr, &raw.fr);
    let en = text_of(&mut errors, Language::En, &raw.en);
    let year = TimeDelta::days(365);
    if let Some(at) = raw.publish_at
        && (at < now - year * YEARS_BACK || at > now + year * YEARS_AHEAD)
    {
        errors.add(
            "publish_at",
            FieldError::new("date.out_of_range")
                .with("back", YEARS_BACK)
                .with("ahead", YEARS_AHEAD),
        );
    }
    let cover = raw.cover.map(str::trim).filter(|c| !c.is_empty());
    errors.into_result()?;
    Ok(PostContent {
        fr,
        en,
        author: raw.author,
        cover: cover.map(str::to_owned),
        publish_at: raw.publish_at,
    })
}

fn text_of(errors: &mut FieldErrors, language: Language, raw: &RawText<'_>) -> PostText {
    let field = |name: &str| format!("{}.{name}", language.as_str());
    let title = errors
        .check(&field("title"), text::line(raw.title, TITLE_MAX))
        .unwrap_or_default();
    let slug = if raw.slug.trim().is_empty() {
        slugify(&title)
    } else {
        errors
            .check(&field("slug"), checked_slug(raw.slug))
            .unwrap_or_default()
    };
    if slug.is_empty() && !title.is_empty() {
        errors.add(&field("slug"), FieldError::new("slug.invalid"));
    }
    PostText {
        title,
        slug,
        body: errors
            .check(&field("body"), text::paragraph(raw.body, BODY_MAX))
            .unwrap_or_default(),
        tags: errors
            .check(&field("tags"), tags(raw.tags))
            .unwrap_or_default(),
    }
}

/// A slug made from a title: accents and case dropped, words joined by `-`,
/// at most [`SLUG_MAX`] characters cut at a word.
pub fn slugify(title: &str) -> String {
    let slug = name_key(title).replace('_', "-");
    if slug.len() <= SLUG_MAX {
        return slug;
    }
    let cut = &slug[..SLUG_MAX];
    cut.rfind('-').map_or(cut, |dash| &cut[..dash]).to_owned()
}

fn checked_slug(raw: &str) -> Result<String, FieldError> {
    let slug = raw.trim();
    let allowed = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
    let well_formed = slug.chars().all(allowed)
        && !slug.starts_with('-')
        && !slug.ends_with('-')
        && !slug.contains("--");
    if slug.len() > SLUG_MAX {
        Err(FieldError::new("field.too_long").with("max", SLUG_MAX))
    } else if well_formed {
        Ok(slug.to_owned())
    } else {
        Err(FieldError::new("slug.invalid"))
    }
}

/// Tags trimmed, empty ones dropped, the same tag (case aside) kept once.
fn tags(raw: &[String]) -> Result<Vec<String>, FieldError> {
    let mut tags: Vec<String> = Vec::new();
    for tag in raw.iter().filter(|t| !t.trim().is_empty()) {
        let tag = text::line(tag, TAG_MAX)?;
        if !tags.iter().any(|t| t.to_lowercase() == tag.to_lowercase()) {
            tags.push(tag);
        }
    }
    if tags.len() > TAGS_MAX {
        return Err(FieldError::new("tags.too_many").with("max", TAGS_MAX));
    }
    Ok(tags)
}
