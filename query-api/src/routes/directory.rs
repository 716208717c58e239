//! The public expert directory (`/our-experts`) and a client's favourites.
//!
//! Cards and details are pre-rendered JSON in `rm_directory` (see the
//! projector's `directory` module). The list filters an in-memory snapshot
//! of the listed experts, renewed whenever the projector checkpoint moves
//! ([`snapshot`]); the answer is the stored JSON joined, never re-serialised. Only listed experts
//! have rows, and the rows hold no bank, ID, address or contact data.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, PoisonError, RwLock};
use std::time::Instant;

use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use domain::reference::name_key;
use memchr::memmem;
use platform::http::ErrorEnvelope;
use serde::Deserialize;
use store::Position;
use uuid::Uuid;

use super::accounts::{NoStore, SignedIn};
use super::files::serve_public_image;
use super::raw_json;
use crate::QueryState;
use crate::error::QueryError;
use crate::render_cache::is_fresh;

const DEFAULT_PAGE_SIZE: u32 = 12;
const MAX_PAGE_SIZE: u32 = 48;
/// Values kept per filter and words kept from a search.
const MAX_VALUES: usize = 20;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct DirectoryParams {
    pub search: String,
    pub keywords: String,
    pub disorders: String,
    pub objectives: String,
    pub languages: String,
    pub specializations: String,
    pub page: Option<u32>,
    pub page_size: Option<u32>,
}

/// Comma-separated values, trimmed, empty ones dropped.
fn values(raw: &str) -> Vec<String> {
    raw.split(',')
        .map(|v| v.trim().to_lowercase())
        .filter(|v| !v.is_empty())
        .take(MAX_VALUES)
        .collect()
}

/// What a directory page asks for: folded search words, and filters, each a
/// list of posting keys (`kind:id`, `language:code`) of which an expert must
/// have one.
#[derive(Debug, Default, PartialEq)]
struct Criteria {
    words: Vec<String>,
    filters: Vec<Vec<String>>,
}

impl Criteria {
    fn from_params(params: &DirectoryParams) -> Criteria {
        // Each folded word of the search must appear; accents and case ignored.
        let words = name_key(&params.search)
            .split('_')
            .filter(|w| !w.is_empty())
            .take(MAX_VALUES)
            .map(str::to_owned)
            .collect();
        let filters = [
            ("keyword", &params.keywords),
            ("disorder", &params.disorders),
            ("objective", &params.objectives),
            ("specialisation", &params.specializations),
            ("language", &params.languages),
        ]
        .into_iter()
        .map(|(kind, raw)| {
            values(raw)
                .into_iter()
                .map(|v| format!("{kind}:{v}"))
                .collect::<Vec<_>>()
        })
        .filter(|keys| !keys.is_empty())
        .collect();
        Criteria { words, filters }
    }

    /// The matching experts, in display order.
    fn select<'a>(&'a self, directory: &'a Directory) -> impl Iterator<Item = &'a Expert> + 'a {
        let n = directory.experts.len();
        let mut allowed: Option<Vec<bool>> = None;
        for keys in &self.filters {
            let mut any = vec![false; n];
            for i in keys
                .iter()
                .filter_map(|k| directory.postings.get(k))
                .flatten()
            {
                any[*i] = true;
            }
            allowed = Some(match allowed {
                None => any,
                Some(before) => before.iter().zip(&any).map(|(a, b)| *a && *b).collect(),
            });
        }
        // SIMD substring search, each word's searcher built once per request.
        let finders: Vec<memmem::Finder<'a>> = self
            .words
            .iter()
            .map(|w| memmem::Finder::new(w.as_bytes()))
            .collect();
        directory
            .experts
            .iter()
            .enumerate()
            .filter(move |(i, expert)| {
                allowed.as_ref().is_none_or(|a| a[*i])
                    && finders
                        .iter()
                        .all(|f| f.find(expert.search_text.as_bytes()).is_some())
            })
            .map(|(_, expert)| expert)
    }
}

/// One listed expert as the list shows it.
#[derive(Debug, Default)]
struct Expert {
    search_text: String,
    card: String,
    /// The public profile page's JSON (shared, not copied, per answer).
    detail: axum::body::Bytes,
}

/// Every listed expert in display order, and for each posting key (`kind:id`
/// of a topic, `language:code`) the positions of the experts that have it.
#[derive(Debug, Default)]
struct Directory {
    experts: Vec<Expert>,
    postings: HashMap<String, Vec<usize>>,
    /// Consultant id → position in `experts`.
    by_id: HashMap<String, usize>,
}

/// The whole directory at one projector checkpoint, in display order.
struct Snapshot {
    checkpoint: Position,
    /// When `checkpoint` was last read from the database.
    checked_at: Instant,
    directory: Arc<Directory>,
}

/// The latest snapshot of each read database (tests open several in one
/// process). Why a snapshot: 500 listed experts fit in memory many times
/// over, and filtering them in memory costs microseconds where SQL
/// `EXISTS`/`LIKE` probes plus a count cost milliseconds per page under load.
/// Read-your-writes holds: see [`snapshot`].
static SNAPSHOTS: LazyLock<RwLock<HashMap<String, Arc<Snapshot>>>> =
    LazyLock::new(Default::default);

/// One renewal at a time: when the snapshot goes stale under load, one
/// request reads the checkpoint while the others keep answering from the
/// snapshot they have (at most one more renewal period old), instead of all
/// of them querying the database at once.
static RENEWING: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Reads every listed expert from the read models.
async fn load_directory(state: &QueryState) -> Result<Directory, QueryError> {
    let rows: Vec<(String, String, String, String)> = sqlx::query_as(
        "SELECT consultant_id, search_text, card, detail FROM rm_directory ORDER BY sort_key, consultant_id",
    )
    .fetch_all(&state.read.pool)
    .await?;
    let topics: Vec<(String, String, String)> =
        sqlx::query_as("SELECT consultant_id, kind, topic_id FROM rm_directory_topic")
            .fetch_all(&state.read.pool)
            .await?;
    let languages: Vec<(String, String)> =
        sqlx::query_as("SELECT consultant_id, language FROM rm_directory_language")
            .fetch_all(&state.read.pool)
            .await?;
    let mut directory = Directory::default();
    directory.by_id.reserve(rows.len());
    for (id, search_text, card, detail) in rows {
        directory.by_id.insert(id, directory.experts.len());
        directory.experts.push(Expert {
            search_text,
            card,
            detail: detail.into(),
        });
    }
    let index = &directory.by_id;
    let keyed = topics
        .into_iter()
        .map(|(id, kind, topic)| (id, format!("{kind}:{topic}")))
        .chain(
            languages
                .into_iter()
                .map(|(id, language)| (id, format!("language:{language}"))),
        );
    let mut postings: HashMap<String, Vec<usize>> = HashMap::new();
    for (id, key) in keyed {
        if let Some(&i) = index.get(&id) {
            postings.entry(key).or_default().push(i);
        }
    }
    directory.postings = postings;
    Ok(directory)
}

/// The directory, fresh enough for this request: a client that wrote sends
/// the position it must see (`X-Min-Position`, already awaited by the
/// freshness layer) and gets a snapshot at least that recent; any other
/// request gets one checked against the checkpoint less than
/// [`RECHECK_AFTER`](crate::render_cache::RECHECK_AFTER) ago, so a hot page costs no database read at all.
async fn snapshot(
    state: &QueryState,
    min_position: Option<Position>,
) -> Result<Arc<Snapshot>, QueryError> {
    let key = &state.config.read_database_url;
    let cached = SNAPSHOTS
        .read()
        .unwrap_or_else(PoisonError::into_inner)
        .get(key)
        .cloned();
    if let Some(cached) = &cached
        && is_fresh(cached.checkpoint, cached.checked_at, min_position)
    {
        return Ok(cached.clone());
    }
    let _renewing = match (&cached, min_position) {
        (Some(cached), None) => match RENEWING.try_lock() {
            Ok(guard) => guard,
            Err(_) => return Ok(cached.clone()),
        },
        _ => RENEWING.lock().await,
    };
    let before = projector::projections_checkpoint(&state.read).await?;
    if let Some(cached) = cached
        && cached.checkpoint == before
    {
        let renewed = Arc::new(Snapshot {
            checkpoint: before,
            checked_at: Instant::now(),
            directory: cached.directory.clone(),
        });
        SNAPSHOTS
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(key.clone(), renewed.clone());
        return Ok(renewed);
    }
    let directory = Arc::new(load_directory(state).await?);
    let snapshot = Arc::new(Snapshot {
        checkpoint: before,
        checked_at: Instant::now(),
        directory,
    });
    // Kept only if no projector commit came between the reads (the rows
    // then all belong to `before`); served either way: it is at least as
    // fresh as `before`.
    if projector::projections_checkpoint(&state.read).await? == before {
        SNAPSHOTS
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(key.clone(), snapshot.clone());
    }
    Ok(snapshot)
}

/// Listed experts matching every filter given, a page at a time.
#[utoipa::path(get, path = "/api/public/experts", tag = "directory",
    params(("search" = Option<String>, Query, description = "words in names, profession, bio, expertise and topic names (French and English), case and accents ignored"),
        ("keywords" = Option<String>, Query, description = "comma-separated ids"),
        ("disorders" = Option<String>, Query, description = "comma-separated ids"),
        ("objectives" = Option<String>, Query, description = "comma-separated ids"),
        ("languages" = Option<String>, Query, description = "comma-separated ISO 639-1 codes"),
        ("specializations" = Option<String>, Query, description = "comma-separated ids"),
        ("page" = Option<u32>, Query), ("page_size" = Option<u32>, Query, description = "12 by default, at most 48")),
    responses((status = 200, description = "List envelope of expert cards"), (status = 304, description = "Not modified: `If-None-Match` names the current `ETag` (no content)")))]
pub async fn list_experts(
    State(state): State<QueryState>,
    headers: HeaderMap,
    Query(params): Query<DirectoryParams>,
) -> Result<Response, QueryError> {
    let min_position = crate::freshness::min_position(&headers);
    let (page, page_size) = crate::bounds::paging(
        params.page,
        params.page_size,
        DEFAULT_PAGE_SIZE,
        MAX_PAGE_SIZE,
    )?;
    let criteria = Criteria::from_params(&params);
    let snapshot = snapshot(&state, min_position).await?;
    let skip = (page as usize - 1) * page_size as usize;
    let mut total = 0_usize;
    let mut cards: Vec<&str> = Vec::with_capacity(page_size as usize);
    for expert in criteria.select(&snapshot.directory) {
        if total >= skip && cards.len() < page_size as usize {
            cards.push(&expert.card);
        }
        total += 1;
    }
    Ok(raw_json(format!(
        r#"{{"items":[{}],"total":{total},"page":{page},"page_size":{page_size}}}"#,
        cards.join(",")
    )))
}

/// The directory's first `count` cards (JSON) in its own order, and how
/// many experts are listed: the rendered `/our-experts` page.
pub(crate) async fn first_cards(
    state: &QueryState,
    min_position: Option<Position>,
    count: usize,
) -> Result<(Vec<String>, usize), QueryError> {
    let snapshot = snapshot(state, min_position).await?;
    let criteria = Criteria::default();
    let cards = criteria
        .select(&snapshot.directory)
        .take(count)
        .map(|expert| expert.card.clone())
        .collect();
    Ok((cards, criteria.select(&snapshot.directory).count()))
}

/// The public profile of a listed expert.
#[utoipa::path(get, path = "/api/public/experts/{id}", tag = "directory",
    params(("id" = Uuid, Path)),
    responses((status = 200, description = "Expert detail"), (status = 304, description = "Not modified: `If-None-Match` names the current `ETag` (no content)"), (status = 404, body = ErrorEnvelope)))]
pub async fn expert_detail(
    State(state): State<QueryState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, QueryError> {
    let id: Uuid = id.parse().map_err(|_| QueryError::NotFound)?;
    let detail = listed_detail(&state, id, crate::freshness::min_position(&headers))
        .await?
        .ok_or(QueryError::NotFound)?;
    Ok(raw_json(detail))
}

/// A listed expert's detail (JSON), from the directory's snapshot: as fresh
/// as the list it was clicked in (the API's answer and the rendered page).
pub(crate) async fn listed_detail(
    state: &QueryState,
    id: Uuid,
    min_position: Option<Position>,
) -> Result<Option<axum::body::Bytes>, QueryError> {
    let snapshot = snapshot(state, min_position).await?;
    let directory = &snapshot.directory;
    Ok(directory
        .by_id
        .get(&id.to_string())
        .and_then(|&i| directory.experts.get(i))
        .map(|expert| expert.detail.clone()))
}

/// The profile photo of a listed expert.
#[utoipa::path(get, path = "/api/public/experts/{id}/photo", tag = "directory",
    params(("id" = Uuid, Path)),
    responses((status = 200, description = "The photo (JPEG or PNG)", content_type = "image/jpeg"),
        (status = 404, body = ErrorEnvelope)))]
pub async fn expert_photo(
    State(state): State<QueryState>,
    Path(id): Path<String>,
) -> Result<Response, QueryError> {
    let id: Uuid = id.parse().map_err(|_| QueryError::NotFound)?;
    let key: Option<String> =
        sqlx::query_scalar("SELECT photo_key FROM rm_directory WHERE consultant_id = $1")
            .bind(id.to_string())
            .fetch_optional(&state.read.pool)
            .await?
            .flatten();
    serve_public_image(&state, key).await
}

/// The client's favourite experts that are still listed, latest first.
#[utoipa::path(get, path = "/api/client/favourites", tag = "directory", security(("session" = [])),
    responses((status = 200, description = "`{items: [expert card]}`"), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope)))]
pub async fn favourites(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
) -> Result<impl IntoResponse, QueryError> {
    let cards: Vec<String> = sqlx::query_scalar(
        "SELECT d.card FROM rm_favourite f JOIN rm_directory d ON d.consultant_id = f.consultant_id
         WHERE f.client_id = $1 ORDER BY f.added_at DESC, f.consultant_id",
    )
    .bind(caller.account_id.to_string())
    .fetch_all(&state.read.pool)
    .await?;
    Ok(NoStore(raw_json(format!(
        r#"{{"items":[{}]}}"#,
        cards.join(",")
    ))))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Experts `0..` with their search text and posting keys.
    fn directory(experts: &[(&str, &[&str])]) -> Directory {
        let mut directory = Directory::default();
        for (i, (text, keys)) in experts.iter().enumerate() {
            directory.experts.push(Expert {
                search_text: (*text).into(),
                card: i.to_string(),
                detail: axum::body::Bytes::new(),
            });
            for key in *keys {
                directory.postings.entry((*key).into()).or_default().push(i);
            }
        }
        directory
    }

    fn selected(criteria: &Criteria, directory: &Directory) -> Vec<String> {
        criteria.select(directory).map(|e| e.card.clone()).collect()
    }

    #[test]
    fn no_parameter_selects_everyone() {
        let criteria = Criteria::from_params(&DirectoryParams::default());
        assert_eq!(criteria, Criteria::default());
        let all = directory(&[(" a ", &[]), (" b ", &["language:fr"])]);
        assert_eq!(selected(&criteria, &all), ["0", "1"]);
    }

    #[test]
    fn every_word_and_every_filter_must_match_any_of_its_values() {
        let criteria = Criteria::from_params(&DirectoryParams {
            search: "  Anxiété  SOMMEIL ".into(),
            languages: "FR, en,".into(),
            disorders: "a,b".into(),
            ..Default::default()
        });
        assert_eq!(criteria.words, ["anxiete", "sommeil"]);
        assert_eq!(
            criteria.filters,
            [
                vec!["disorder:a".to_owned(), "disorder:b".into()],
                vec!["language:fr".to_owned(), "language:en".into()]
            ]
        );
        let both = " anxiete troubles du sommeil ";
        let experts = directory(&[
            (both, &["disorder:b", "language:en"]),
            (" anxiete ", &["disorder:b", "language:en"]),
            (both, &["keyword:b", "language:en"]),
            (both, &["disorder:c", "language:en"]),
            (both, &["disorder:a", "language:de"]),
            (both, &["disorder:a", "language:fr", "language:de"]),
        ]);
        assert_eq!(selected(&criteria, &experts), ["0", "5"]);
    }
}
