//! Bounds of query parameters: a value out of range is refused with 400 on
//! its field, never silently clamped (docs/api.md "Errors").

use std::ops::RangeInclusive;

use crate::error::QueryError;

/// The last page anyone may ask for (deeper lists are filtered, not paged).
pub const MAX_PAGE: u32 = 10_000;

/// `value`, or `default` when absent; refused when outside `range`.
pub fn within(
    value: Option<u32>,
    default: u32,
    range: RangeInclusive<u32>,
    field: &'static str,
) -> Result<u32, QueryError> {
    let value = value.unwrap_or(default);
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(QueryError::Invalid(field))
    }
}

/// `(page, page_size)`: pages from 1 to [`MAX_PAGE`], sizes from 1 to `max_size`.
pub fn paging(
    page: Option<u32>,
    page_size: Option<u32>,
    default_size: u32,
    max_size: u32,
) -> Result<(u32, u32), QueryError> {
    Ok((
        within(page, 1, 1..=MAX_PAGE, "page")?,
        within(page_size, default_size, 1..=max_size, "page_size")?,
    ))
}

/// The longest search text of a list, in characters.
pub const MAX_SEARCH: usize = 200;
/// Words of a search taken into account (each narrows the list).
const MAX_WORDS: usize = 8;

/// `LIKE` patterns, one per word of `search` folded as the lists' search
/// columns are (`name_key`: case and accents ignored); refused on `field`
/// beyond [`MAX_SEARCH`] characters.
pub fn search_patterns(search: &str, field: &'static str) -> Result<Vec<String>, QueryError> {
    if search.chars().count() > MAX_SEARCH {
        return Err(QueryError::Invalid(field));
    }
    Ok(domain::reference::name_key(search)
        .split('_')
        .filter(|w| !w.is_empty())
        .take(MAX_WORDS)
        .map(|w| format!("%{w}%"))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_apply_and_values_outside_the_range_are_refused() {
        assert_eq!(paging(None, None, 20, 100).unwrap(), (1, 20));
        assert_eq!(paging(Some(3), Some(100), 20, 100).unwrap(), (3, 100));
        assert!(matches!(
            paging(Some(0), None, 20, 100),
            Err(QueryError::Invalid("page"))
        ));
        assert!(matches!(
            paging(Some(MAX_PAGE + 1), None, 20, 100),
            Err(QueryError::Invalid("page"))
        ));
        assert!(matches!(
            paging(None, Some(0), 20, 100),
            Err(QueryError::Invalid("page_size"))
        ));
        assert!(matches!(
            paging(None, Some(101), 20, 100),
            Err(QueryError::Invalid("page_size"))
        ));
        assert!(matches!(
            within(Some(63), 28, 1..=62, "days"),
            Err(QueryError::Invalid("days"))
        ));
    }

    #[test]
    fn searches_are_folded_words_and_bounded() {
        assert_eq!(
            search_patterns("  Élodie  DURAND ", "search").unwrap(),
            ["%elodie%", "%durand%"]
        );
        assert!(search_patterns("", "search").unwrap().is_empty());
        assert!(matches!(
            search_patterns(&"x".repeat(MAX_SEARCH + 1), "q"),
            Err(QueryError::Invalid("q"))
        ));
    }
}
