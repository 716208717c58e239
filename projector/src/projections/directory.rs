//! The public expert directory (spec `/our-experts`).
//!
//! * `rm_directory_draft`: every consultant's public-facing profile as folded
//!   so far (status, payload references, topics, degrees…), listed or not: the
//!   projection's working state, never served.
//! * `rm_directory`: one row per listed consultant ([`consultant::is_listed`]),
//!   with the expert card and detail pre-rendered as JSON (the query side only
//!   concatenates them), a `sort_key` and a folded `search_text` (names,
//!   profession, bio, expertise, French and English names of the topics).
//! * `rm_directory_topic` and `rm_directory_language`: what the filters probe,
//!   keyed `(topic_id | language, consultant_id)` so their primary keys are
//!   the indexes the filters' `EXISTS` need.
//!
//! Consultant events change the draft; at the end of a batch each touched
//! consultant's rows are rendered again from the draft, `rm_accounts` (names,
//! profession, years of experience), `rm_reference` (topic names) and the
//! forgettable payloads (texts, basic details). Renaming a reference item
//! renders again the experts that use it. Forgetting the subject removes the
//! rows. Everything comes from events, so a rebuild gives the same rows.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

use domain::account::{AccountEvent, PayloadRef};
use domain::codec;
use domain::consultant::{self, Consultant, ConsultantEvent, ConsultantStatus};
use domain::reference::{ReferenceEvent, name_key};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sqlx::{Any, Row, Transaction};
use store::{EventStore, RecordedEvent};
use uuid::Uuid;

use super::Table;
use crate::error::ProjectorError;

pub const DRAFT_TABLE: Table = Table {
    name: "rm_directory_draft",
    key: "consultant_id",
    create: "CREATE TABLE IF NOT EXISTS rm_directory_draft (
        consultant_id TEXT PRIMARY KEY,
        state TEXT NOT NULL
    )",
};

pub const TABLE: Table = Table {
    name: "rm_directory",
    key: "consultant_id",
    create: "CREATE TABLE IF NOT EXISTS rm_directory (
        consultant_id TEXT PRIMARY KEY,
        sort_key TEXT NOT NULL,
        search_text TEXT NOT NULL,
        photo_key TEXT,
        card TEXT NOT NULL,
        detail TEXT NOT NULL
    )",
};

pub const TOPIC_TABLE: Table = Table {
    name: "rm_directory_topic",
    key: "topic_id, consultant_id",
    create: "CREATE TABLE IF NOT EXISTS rm_directory_topic (
        topic_id TEXT NOT NULL,
        consultant_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        PRIMARY KEY (topic_id, consultant_id)
    )",
};

pub const LANGUAGE_TABLE: Table = Table {
    name: "rm_directory_language",
    key: "language, consultant_id",
    create: "CREATE TABLE IF NOT EXISTS rm_directory_language (
        language TEXT NOT NULL,
        consultant_id TEXT NOT NULL,
        PRIMARY KEY (language, consultant_id)
    )",
};

/// Characters of the bio shown on a card.
const EXCERPT_CHARS: usize = 180;

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Diploma {
    name: String,
    school: String,
    year: i32,
}

/// The public side of a consultant's profile, folded from its stream.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct Draft {
    status: ConsultantStatus,
    basic: Option<PayloadRef>,
    texts: Option<PayloadRef>,
    keyword_ids: Vec<Uuid>,
    objective_ids: Vec<Uuid>,
    disorder_ids: Vec<Uuid>,
    specialisation_ids: Vec<Uuid>,
    photo_key: Option<String>,
    price_minor: i64,
    currency: String,
    session_minutes: i64,
    languages: Vec<String>,
    first_consultation_free: bool,
    degrees: BTreeMap<Uuid, Diploma>,
    certificates: BTreeMap<Uuid, Diploma>,
    forgotten: bool,
    /// The account is deactivated by an administrator: not listed meanwhile.
    #[serde(default)]
    deactivated: bool,
    /// Its holder asked for its erasure: not listed while it is pending.
    #[serde(default)]
    erasure_pending: bool,
}

impl Draft {
    fn listed(&self) -> bool {
        let mut profile = Consultant::default();
        profile.status = self.status;
        !self.forgotten
            && !self.deactivated
            && !self.erasure_pending
            && consultant::is_listed(&profile)
    }

    fn apply(&mut self, event: &ConsultantEvent) {
        use ConsultantEvent as E;
        // The status follows the domain's own fold.
        let mut profile = Consultant::default();
        profile.status = self.status;
        self.status = profile.evolve(event).status;
        match event {
            E::BasicProfileUpdated { profile, .. } => self.basic = Some(profile.clone()),
            E::DegreeAdded {
                degree_id,
                name,
                school,
                year,
                ..
            }
            | E::DegreeEdited {
                degree_id,
                name,
                school,
                year,
                ..
            } => {
                self.degrees
                    .insert(*degree_id, diploma(name, school, year.get()));
            }
            E::DegreeRemoved { degree_id, .. } => {
                self.degrees.remove(degree_id);
            }
            E::CertificateAdded {
                certificate_id,
                name,
                school,
                year,
                ..
            }
            | E::CertificateEdited {
                certificate_id,
                name,
                school,
                year,
                ..
            } => {
                let certificate = diploma(name, school, year.get());
                self.certificates.insert(*certificate_id, certificate);
            }
            E::CertificateRemoved { certificate_id, .. } => {
                self.certificates.remove(certificate_id);
            }
            E::ProfileDetailsUpdated {
                texts,
                keyword_ids,
                objective_ids,
                disorder_ids,
                specialisation_ids,
                photo,
                price,
                session_duration,
                languages,
                first_consultation_free,
                ..
            } => {
                self.texts = Some(texts.clone());
                self.keyword_ids = keyword_ids.clone();
                self.objective_ids = objective_ids.clone();
                self.disorder_ids = disorder_ids.clone();
                self.specialisation_ids = specialisation_ids.clone();
                self.photo_key = Some(photo.key.clone());
                self.price_minor = price.minor;
                self.currency = price.currency.code().to_owned();
                self.session_minutes = i64::from(session_duration.minutes());
                self.languages = languages.iter().map(|l| l.as_str().to_owned()).collect();
                self.first_consultation_free = *first_consultation_free;
            }
            _ => {}
        }
    }

    /// `(kind, ids)` of every topic list, in card order.
    fn topics(&self) -> [(&'static str, &[Uuid]); 4] {
        [
            ("specialisation", &self.specialisation_ids),
            ("disorder", &self.disorder_ids),
            ("keyword", &self.keyword_ids),
            ("objective", &self.objective_ids),
        ]
    }
}

fn diploma(name: &str, school: &str, year: i32) -> Diploma {
    Diploma {
        name: name.to_owned(),
        school: school.to_owned(),
        year,
    }
}

/// The folded form searched with `LIKE '%word%'`: lowercase, no accents,
/// words separated by single spaces, with a space at both ends.
pub fn search_text(parts: &[&str]) -> String {
    let words: Vec<String> = parts
        .iter()
        .map(|p| name_key(p).replace('_', " "))
        .filter(|w| !w.is_empty())
        .collect();
    format!(" {} ", words.join(" "))
}

/// The start of the bio, cut at a word boundary.
fn excerpt(bio: &str) -> String {
    if bio.chars().count() <= EXCERPT_CHARS {
        return bio.to_owned();
    }
    let cut: String = bio.chars().take(EXCERPT_CHARS).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head);
    format!("{}…", cut.trim_end())
}

/// Consultant events and forgetting gathered during a batch; rows are
/// rendered at [`Pending::flush`], after the accounts of the batch are written.
#[derive(Default)]
pub struct Pending {
    drafts: HashMap<String, Option<Draft>>,
    touched: BTreeSet<String>,
}

/// Whether events of this stream category change the directory.
pub fn interested(category: &str) -> bool {
    category == consultant::CATEGORY
}

impl Pending {
    async fn draft<'a>(
        &'a mut self,
        tx: &mut Transaction<'_, Any>,
        consultant_id: &str,
    ) -> Result<&'a mut Option<Draft>, ProjectorError> {
        if !self.drafts.contains_key(consultant_id) {
            let state: Option<String> =
                sqlx::query_scalar("SELECT state FROM rm_directory_draft WHERE consultant_id = $1")
                    .bind(consultant_id)
                    .fetch_optional(&mut **tx)
                    .await?;
            let draft = state.and_then(|s| serde_json::from_str(&s).ok());
            self.drafts.insert(consultant_id.to_owned(), draft);
        }
        Ok(self.drafts.get_mut(consultant_id).expect("just loaded"))
    }

    /// An event of a consultant stream.
    pub async fn apply(
        &mut self,
        tx: &mut Transaction<'_, Any>,
        event: &RecordedEvent,
    ) -> Result<(), ProjectorError> {
        let decoded: ConsultantEvent =
            codec::decode(&event.event_type, event.schema_version, &event.payload)
                .map_err(|e| ProjectorError::Unreadable(event.event_id, e.to_string()))?;
        let id = event.stream.entity_id().to_owned();
        self.draft(tx, &id)
            .await?
            .get_or_insert_with(Draft::default)
            .apply(&decoded);
        self.touched.insert(id);
        Ok(())
    }

    /// An event of an account stream: forgetting, deactivating or an erasure
    /// asked for unlists a consultant; reactivating or cancelling the
    /// erasure lists it again (when approved).
    pub async fn apply_account(
        &mut self,
        tx: &mut Transaction<'_, Any>,
        event: &RecordedEvent,
    ) -> Result<(), ProjectorError> {
        if !matches!(
            event.event_type.as_str(),
            "SubjectForgotten"
                | "AccountDeactivated"
                | "AccountReactivated"
                | "ErasureRequested"
                | "ErasureCancelled"
        ) {
            return Ok(());
        }
        let decoded: AccountEvent =
            codec::decode(&event.event_type, event.schema_version, &event.payload)
                .map_err(|e| ProjectorError::Unreadable(event.event_id, e.to_string()))?;
        let id = event.stream.entity_id().to_owned();
        // Only consultants who ever edited their profile have a draft.
        let Some(draft) = self.draft(tx, &id).await? else {
            return Ok(());
        };
        match decoded {
            AccountEvent::SubjectForgotten { .. } => draft.forgotten = true,
            AccountEvent::AccountDeactivated { .. } => draft.deactivated = true,
            AccountEvent::AccountReactivated { .. } => draft.deactivated = false,
            AccountEvent::ErasureRequested { .. } => draft.erasure_pending = true,
            AccountEvent::ErasureCancelled { .. } => draft.erasure_pending = false,
            _ => return Ok(()),
        }
        self.touched.insert(id);
        Ok(())
    }

    /// A reference event (already applied to `rm_reference`): a rename
    /// renders again every expert using the item.
    pub async fn apply_reference(
        &mut self,
        tx: &mut Transaction<'_, Any>,
        event: &RecordedEvent,
    ) -> Result<(), ProjectorError> {
        if event.event_type != "ReferenceItemRenamed" {
            return Ok(());
        }
        let decoded: ReferenceEvent =
            codec::decode(&event.event_type, event.schema_version, &event.payload)
                .map_err(|e| ProjectorError::Unreadable(event.event_id, e.to_string()))?;
        if let ReferenceEvent::ReferenceItemRenamed { item_id, .. } = decoded {
            let users: Vec<String> = sqlx::query_scalar(
                "SELECT consultant_id FROM rm_directory_topic WHERE topic_id = $1",
            )
            .bind(item_id.to_string())
            .fetch_all(&mut **tx)
            .await?;
            for id in users {
                self.draft(tx, &id).await?;
                self.touched.insert(id);
            }
        }
        Ok(())
    }

    /// Saves the touched drafts and renders their directory rows again.
    pub async fn flush(
        &mut self,
        tx: &mut Transaction<'_, Any>,
        store: &Arc<dyn EventStore>,
    ) -> Result<(), ProjectorError> {
        let touched = std::mem::take(&mut self.touched);
        let drafts = std::mem::take(&mut self.drafts);
        for id in touched {
            let Some(Some(draft)) = drafts.get(&id) else {
                continue;
            };
            sqlx::query(
                "INSERT INTO rm_directory_draft (consultant_id, state) VALUES ($1, $2)
                 ON CONFLICT (consultant_id) DO UPDATE SET state = excluded.state",
            )
            .bind(id.as_str())
            .bind(serde_json::to_string(draft).expect("drafts serialise"))
            .execute(&mut **tx)
            .await?;
            for table in [TABLE.name, TOPIC_TABLE.name, LANGUAGE_TABLE.name] {
                sqlx::query(sqlx::AssertSqlSafe(format!(
                    "DELETE FROM {table} WHERE consultant_id = $1"
                )))
                .bind(id.as_str())
                .execute(&mut **tx)
                .await?;
            }
            if draft.listed() {
                render(tx, store, &id, draft).await?;
            }
        }
        Ok(())
    }
}

/// Names of reference items by id.
async fn topic_names(
    tx: &mut Transaction<'_, Any>,
    ids: &[Uuid],
) -> Result<HashMap<String, (String, String)>, ProjectorError> {
    let mut names = HashMap::new();
    for id in ids {
        let row = sqlx::query("SELECT name_fr, name_en FROM rm_reference WHERE item_id = $1")
            .bind(id.to_string())
            .fetch_optional(&mut **tx)
            .await?;
        if let Some(row) = row {
            names.insert(id.to_string(), (row.try_get(0)?, row.try_get(1)?));
        }
    }
    Ok(names)
}

/// Writes a listed consultant's directory rows.
async fn render(
    tx: &mut Transaction<'_, Any>,
    store: &Arc<dyn EventStore>,
    id: &str,
    draft: &Draft,
) -> Result<(), ProjectorError> {
    let account: Option<String> = sqlx::query_scalar(
        "SELECT profile FROM rm_accounts WHERE account_id = $1 AND forgotten = 0",
    )
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?;
    let Some(account) = account else {
        return Ok(());
    };
    let account: Value = serde_json::from_str(&account).unwrap_or_default();
    let refs: Vec<(Uuid, String)> = [&draft.basic, &draft.texts]
        .into_iter()
        .map(|r| {
            r.as_ref()
                .map_or((Uuid::nil(), String::new()), |r| (r.subject, r.key.clone()))
        })
        .collect();
    let payloads = store.payloads(&refs).await?;
    let parse = |raw: &Option<String>| -> Value {
        raw.as_deref()
            .and_then(|s| serde_json::from_str(s).ok())
            .unwrap_or_default()
    };
    let basic = parse(&payloads[0]);
    let texts = parse(&payloads[1]);
    // Names as last saved in the basic profile, else as registered.
    let person = if basic.is_object() { &basic } else { &account };
    let text = |v: &Value, f: &str| v[f].as_str().unwrap_or_default().to_owned();
    let (title, given, family) = (
        text(person, "title"),
        text(person, "given_name"),
        text(person, "family_name"),
    );
    let profession = text(&account, "profession");
    let bio = text(&texts, "bio");
    let expertise = text(&texts, "expertise");
    let (bio_en, expertise_en) = (text(&texts, "bio_en"), text(&texts, "expertise_en"));

    let all_ids: Vec<Uuid> = draft
        .topics()
        .iter()
        .flat_map(|(_, ids)| ids.iter().copied())
        .collect();
    let names = topic_names(tx, &all_ids).await?;
    let named = |ids: &[Uuid]| -> Value {
        ids.iter()
            .filter_map(|id| {
                let key = id.to_string();
                names
                    .get(&key)
                    .map(|(fr, en)| json!({"id": key, "name_fr": fr, "name_en": en}))
            })
            .collect()
    };
    let mut parts = vec![
        given.as_str(),
        family.as_str(),
        profession.as_str(),
        bio.as_str(),
        expertise.as_str(),
        bio_en.as_str(),
        expertise_en.as_str(),
    ];
    let mut topic_words: Vec<&str> = Vec::new();
    for id in &all_ids {
        if let Some((fr, en)) = names.get(&id.to_string()) {
            topic_words.push(fr);
            topic_words.push(en);
        }
    }
    parts.extend(topic_words);

    let card = json!({
        "id": id,
        "title": title,
        "given_name": given,
        "family_name": family,
        "profession": profession,
        "photo_url": draft.photo_key.as_ref().map(|_| format!("/api/public/experts/{id}/photo")),
        "price": {"minor": draft.price_minor, "currency": draft.currency},
        "session_minutes": draft.session_minutes,
        "first_consultation_free": draft.first_consultation_free,
        "languages": draft.languages,
        "specialisations": named(&draft.specialisation_ids),
        "disorders": named(&draft.disorder_ids),
        "bio_excerpt": excerpt(&bio),
        // English versions, null when the expert wrote none (the page then
        // shows the French text, marked as French).
        "bio_excerpt_en": (!bio_en.is_empty()).then(|| excerpt(&bio_en)),
    });
    let mut detail = card.clone();
    let diplomas = |list: &BTreeMap<Uuid, Diploma>| -> Value {
        let mut sorted: Vec<&Diploma> = list.values().collect();
        sorted.sort_by(|a, b| b.year.cmp(&a.year).then(a.name.cmp(&b.name)));
        sorted
            .into_iter()
            .map(|d| json!({"name": d.name, "school": d.school, "year": d.year}))
            .collect()
    };
    let extra = json!({
        "years_of_experience": account["years_of_experience"],
        "bio": bio,
        "background": texts["background"],
        "expertise": texts["expertise"],
        "bio_en": texts["bio_en"],
        "background_en": texts["background_en"],
        "expertise_en": texts["expertise_en"],
        "video_url": texts["video_url"],
        "keywords": named(&draft.keyword_ids),
        "objectives": named(&draft.objective_ids),
        "degrees": diplomas(&draft.degrees),
        "certificates": diplomas(&draft.certificates),
    });
    if let (Some(detail), Some(extra)) = (detail.as_object_mut(), extra.as_object()) {
        detail.extend(extra.clone());
    }

    sqlx::query(
        "INSERT INTO rm_directory (consultant_id, sort_key, search_text, photo_key, card, detail)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(id)
    .bind(name_key(&format!("{family} {given}")))
    .bind(search_text(&parts))
    .bind(draft.photo_key.as_deref())
    .bind(card.to_string())
    .bind(detail.to_string())
    .execute(&mut **tx)
    .await?;
    let mut seen = BTreeSet::new();
    for (kind, ids) in draft.topics() {
        for topic in ids {
            if seen.insert(*topic) {
                sqlx::query(
                    "INSERT INTO rm_directory_topic (topic_id, consultant_id, kind) VALUES ($1, $2, $3)",
                )
                .bind(topic.to_string())
                .bind(id)
                .bind(kind)
                .execute(&mut **tx)
                .await?;
            }
        }
    }
    let languages: BTreeSet<&String> = draft.languages.iter().collect();
    for language in languages {
        sqlx::query("INSERT INTO rm_directory_language (language, consultant_id) VALUES ($1, $2)")
            .bind(language.as_str())
            .bind(id)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_text_is_folded_words_between_spaces() {
        assert_eq!(
            search_text(&["Élodie", "", "Anxiété sociale", "Troubles du SOMMEIL"]),
            " elodie anxiete sociale troubles du sommeil "
        );
    }

    #[test]
    fn a_long_bio_is_cut_at_a_word() {
        let bio = "mot ".repeat(100);
        let cut = excerpt(&bio);
        assert!(cut.ends_with("mot…"), "{cut}");
        assert!(cut.chars().count() <= EXCERPT_CHARS + 1);
        assert_eq!(excerpt("Court."), "Court.");
    }

    #[test]
    fn only_an_approved_profile_not_forgotten_is_listed() {
        let mut draft = Draft::default();
        assert!(!draft.listed());
        draft.apply(&ConsultantEvent::ProfileSubmitted {
            at: chrono::DateTime::UNIX_EPOCH,
        });
        draft.apply(&ConsultantEvent::ProfileApproved {
            at: chrono::DateTime::UNIX_EPOCH,
        });
        assert!(draft.listed());
        draft.apply(&ConsultantEvent::ConsultantSuspended {
            reason: "x".into(),
            at: chrono::DateTime::UNIX_EPOCH,
        });
        assert!(!draft.listed());
        draft.apply(&ConsultantEvent::ConsultantReinstated {
            at: chrono::DateTime::UNIX_EPOCH,
        });
        assert!(draft.listed());
        draft.forgotten = true;
        assert!(!draft.listed());
    }
}
