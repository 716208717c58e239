//! `rm_complaints`: one row per complaint (docs/complaints.md "Read
//! models"): parties, booking, type, status and outcome, times, the subject
//! (copied like names are, [`ERASED`] once the author is forgotten) and a
//! folded `search_key` (subject and both parties' names, [`name_key`]).
//! `rm_complaint_items`: what was added to a complaint over its life
//! (attachments, the statement, information requests and their answers, the
//! decision's resolution, the dismissal's reason), each with the reference
//! of its text in the forgettable store: the query side reads the texts from
//! there, so they are never copied into a read model.
//!
//! Status, outcome and open requests are the domain's own fold
//! ([`Complaint::evolve`]) of the stream up to the event being applied,
//! copied (as for bookings). The search key needs the parties' names from
//! `rm_accounts`, which the accounts projection writes at the end of the
//! batch: rows whose key must be (re)computed are noted and refreshed in
//! [`Pending::flush`], after the accounts. Names there only change when a
//! subject is forgotten, which refreshes the rows of that party too, so
//! live and rebuilt keys agree.

use std::collections::BTreeSet;
use std::sync::Arc;

use domain::account::{AccountEvent, PayloadRef};
use domain::codec;
use domain::complaint::{
    CATEGORY, Complaint, ComplaintEvent, ComplaintInfo, ComplaintStatus, InfoParty,
};
use domain::reference::name_key;
use domain::values::FileRef;
use sqlx::{Any, Transaction};
use store::{EventStore, RecordedEvent};

use super::bookings::utc;
use super::folds::unreadable;
use super::{ERASED, Table};
use crate::error::ProjectorError;

pub const TABLE: Table = Table {
    name: "rm_complaints",
    key: "id",
    create: "CREATE TABLE IF NOT EXISTS rm_complaints (
        id TEXT PRIMARY KEY,
        author_id TEXT NOT NULL,
        author_role TEXT NOT NULL,
        respondent_id TEXT,
        respondent_role TEXT,
        booking_id TEXT,
        booking_start TEXT,
        type_id TEXT NOT NULL,
        status TEXT NOT NULL,
        desired_outcome TEXT,
        favour TEXT,
        refund_minor BIGINT,
        refund_currency TEXT,
        suspend_consultant BIGINT NOT NULL DEFAULT 0,
        filed_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        closed_at TEXT,
        subject TEXT NOT NULL,
        search_key TEXT NOT NULL,
        text_subject TEXT NOT NULL,
        text_key TEXT NOT NULL,
        awaiting_complainant BIGINT NOT NULL DEFAULT 0,
        awaiting_respondent BIGINT NOT NULL DEFAULT 0,
        open_rank BIGINT NOT NULL,
        sort_at BIGINT NOT NULL,
        position BIGINT NOT NULL
    )",
};

pub const ITEMS_TABLE: Table = Table {
    name: "rm_complaint_items",
    key: "complaint_id, seq",
    create: "CREATE TABLE IF NOT EXISTS rm_complaint_items (
        complaint_id TEXT NOT NULL,
        seq BIGINT NOT NULL,
        kind TEXT NOT NULL,
        request_id TEXT,
        party TEXT,
        party_id TEXT,
        ref_subject TEXT,
        ref_key TEXT,
        file_key TEXT,
        content_type TEXT,
        size BIGINT,
        at TEXT NOT NULL,
        PRIMARY KEY (complaint_id, seq)
    )",
};

/// The admin list's default order (open first, oldest filed first, then
/// closed ones newest first: `open_rank, sort_at, id`) and each party's
/// lists (latest filed first).
pub const INDEXES: &[&str] = &[
    "CREATE INDEX IF NOT EXISTS rm_complaints_order_idx ON rm_complaints (open_rank, sort_at, id)",
    // The admin lists are always one author role, most often one status too.
    "CREATE INDEX IF NOT EXISTS rm_complaints_desk_idx ON rm_complaints (author_role, status, open_rank, sort_at, id)",
    "CREATE INDEX IF NOT EXISTS rm_complaints_author_idx ON rm_complaints (author_id, filed_at)",
    "CREATE INDEX IF NOT EXISTS rm_complaints_respondent_idx ON rm_complaints (respondent_id, filed_at)",
];

/// Complaint streams, and account streams (forgetting).
pub fn interested(category: &str) -> bool {
    category == CATEGORY || category == domain::account::ACCOUNT_CATEGORY
}

/// What the complaint's stream version makes unique among its items: the
/// event's version times this, plus the item's rank within the event.
const ITEMS_PER_EVENT: i64 = 100;

/// The batch's complaint folds, and the complaints whose search key waits
/// for the batch's account rows.
pub struct Pending {
    folds: Folds,
    search: BTreeSet<String>,
    /// Parties forgotten in the batch: every complaint of theirs is refreshed.
    forgotten: BTreeSet<String>,
}

/// An item row before it is written.
struct Item<'a> {
    kind: &'static str,
    request_id: Option<String>,
    party: Option<&'a str>,
    party_id: Option<String>,
    text: Option<&'a PayloadRef>,
    file: Option<&'a FileRef>,
}

impl<'a> Item<'a> {
    fn text(kind: &'static str, text: &'a PayloadRef) -> Self {
        Item {
            kind,
            request_id: None,
            party: None,
            party_id: None,
            text: Some(text),
            file: None,
        }
    }

    fn file(kind: &'static str, file: &'a FileRef) -> Self {
        Item {
            kind,
            request_id: None,
            party: None,
            party_id: None,
            text: None,
            file: Some(file),
        }
    }

    fn of_request(mut self, request_id: uuid::Uuid) -> Self {
        self.request_id = Some(request_id.to_string());
        self
    }
}

/// Rank of the default admin order: open complaints first.
fn open_rank(status: ComplaintStatus) -> i64 {
    if status.is_open() { 0 } else { 1 }
}

/// Open ones oldest filed first; closed ones newest filed first.
fn sort_at(status: ComplaintStatus, filed_at: chrono::DateTime<chrono::Utc>) -> i64 {
    let seconds = filed_at.timestamp();
    if status.is_open() { seconds } else { -seconds }
}

/// Each complaint folded so far in this batch.
pub type Folds = super::folds::Folds<ComplaintEvent, Complaint>;

impl Default for Pending {
    fn default() -> Self {
        Pending {
            folds: Folds::new(Complaint::evolve),
            search: BTreeSet::new(),
            forgotten: BTreeSet::new(),
        }
    }
}

impl Pending {
    pub async fn apply(
        &mut self,
        tx: &mut Transaction<'_, Any>,
        store: &Arc<dyn EventStore>,
        event: &RecordedEvent,
    ) -> Result<(), ProjectorError> {
        if event.stream.category() != CATEGORY {
            if event.event_type == "SubjectForgotten" {
                let decoded: AccountEvent =
                    codec::decode(&event.event_type, event.schema_version, &event.payload)
                        .map_err(unreadable(event))?;
                if matches!(decoded, AccountEvent::SubjectForgotten { .. }) {
                    self.forget(tx, event.stream.entity_id()).await?;
                }
            }
            return Ok(());
        }
        let decoded: ComplaintEvent =
            codec::decode(&event.event_type, event.schema_version, &event.payload)
                .map_err(unreadable(event))?;
        let id = event.stream.entity_id();
        let seq = i64::try_from(event.stream_version).unwrap_or(i64::MAX / 2) * ITEMS_PER_EVENT;
        let at = utc(event.metadata.recorded_at);
        let position = event.position.pos;
        match &decoded {
            ComplaintEvent::ComplaintFiled {
                author_id,
                author_role,
                respondent_id,
                respondent_role,
                booking_id,
                booking_start,
                complaint_type_id,
                desired_outcome,
                text,
                attachments,
                at: filed,
                ..
            } => {
                let subject = store
                    .payload(text.subject, &text.key)
                    .await?
                    .and_then(|raw| serde_json::from_str::<serde_json::Value>(&raw).ok())
                    .map(|v| v["subject"].as_str().unwrap_or_default().to_owned())
                    .unwrap_or_else(|| ERASED.to_owned());
                let filed_at = utc(*filed);
                sqlx::query(
                    "INSERT INTO rm_complaints (id, author_id, author_role, respondent_id, respondent_role,
                        booking_id, booking_start, type_id, status, desired_outcome, suspend_consultant,
                        filed_at, updated_at, subject, search_key, text_subject, text_key,
                        open_rank, sort_at, position)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'submitted', $9, 0, $10, $10, $11, $12, $13, $14, 0, 0, $15)
                     ON CONFLICT (id) DO NOTHING",
                )
                .bind(id)
                .bind(author_id.to_string())
                .bind(author_role.as_str())
                .bind(respondent_id.map(|r| r.to_string()))
                .bind(respondent_role.map(|r| r.as_str()))
                .bind(booking_id.map(|b| b.to_string()))
                .bind(booking_start.map(utc))
                .bind(complaint_type_id.to_string())
                .bind(desired_outcome.map(|d| d.as_str()))
                .bind(filed_at.as_str())
                .bind(subject.as_str())
                .bind(name_key(&subject))
                .bind(text.subject.to_string())
                .bind(text.key.as_str())
                .bind(position)
                .execute(&mut **tx)
                .await?;
                let items: Vec<Item> = attachments
                    .iter()
                    .map(|f| Item::file("attachment", f))
                    .collect();
                insert_items(tx, id, seq, &at, items).await?;
                self.search.insert(id.to_owned());
            }
            ComplaintEvent::ComplaintWithdrawn { .. }
            | ComplaintEvent::ComplaintReviewStarted { .. } => {}
            ComplaintEvent::InformationRequested {
                request_id,
                party,
                party_id,
                text,
                ..
            } => {
                let mut item = Item::text("request", text).of_request(*request_id);
                item.party = Some(party.as_str());
                item.party_id = Some(party_id.to_string());
                insert_items(tx, id, seq, &at, vec![item]).await?;
            }
            ComplaintEvent::InformationProvided {
                request_id,
                text,
                attachments,
                ..
            } => {
                let mut items = vec![Item::text("answer", text).of_request(*request_id)];
                items.extend(
                    attachments
                        .iter()
                        .map(|f| Item::file("answer_attachment", f).of_request(*request_id)),
                );
                insert_items(tx, id, seq, &at, items).await?;
            }
            ComplaintEvent::StatementSubmitted {
                text, attachments, ..
            } => {
                let mut items = vec![Item::text("statement", text)];
                items.extend(
                    attachments
                        .iter()
                        .map(|f| Item::file("statement_attachment", f)),
                );
                insert_items(tx, id, seq, &at, items).await?;
            }
            ComplaintEvent::ComplaintDecided { resolution, .. } => {
                insert_items(tx, id, seq, &at, vec![Item::text("resolution", resolution)]).await?;
            }
            ComplaintEvent::ComplaintDismissed { reason, .. } => {
                insert_items(tx, id, seq, &at, vec![Item::text("dismissal", reason)]).await?;
            }
        }
        let complaint = self.folds.after(store, event, &decoded).await?;
        if let Some(info) = complaint.info() {
            copy_fold(tx, id, info, &at, position).await?;
        }
        Ok(())
    }

    /// The author's subjects read [`ERASED`]; the party's complaints get
    /// their search key again once the batch's accounts are written.
    async fn forget(
        &mut self,
        tx: &mut Transaction<'_, Any>,
        account_id: &str,
    ) -> Result<(), ProjectorError> {
        sqlx::query("UPDATE rm_complaints SET subject = $1 WHERE author_id = $2")
            .bind(ERASED)
            .bind(account_id)
            .execute(&mut **tx)
            .await?;
        self.forgotten.insert(account_id.to_owned());
        Ok(())
    }

    /// Computes the search keys noted during the batch (call after the
    /// accounts projection wrote its rows).
    pub async fn flush(&mut self, tx: &mut Transaction<'_, Any>) -> Result<(), ProjectorError> {
        let mut ids = std::mem::take(&mut self.search);
        for party in std::mem::take(&mut self.forgotten) {
            let of_party: Vec<String> = sqlx::query_scalar(
                "SELECT id FROM rm_complaints WHERE author_id = $1 OR respondent_id = $1",
            )
            .bind(party)
            .fetch_all(&mut **tx)
            .await?;
            ids.extend(of_party);
        }
        for id in ids {
            let row: Option<SearchParts> = sqlx::query_as(
                "SELECT c.subject, a.given_name AS author_given, a.family_name AS author_family,
                    r.given_name AS respondent_given, r.family_name AS respondent_family
                 FROM rm_complaints c
                 LEFT JOIN rm_accounts a ON a.account_id = c.author_id
                 LEFT JOIN rm_accounts r ON r.account_id = c.respondent_id
                 WHERE c.id = $1",
            )
            .bind(id.as_str())
            .fetch_optional(&mut **tx)
            .await?;
            let Some(parts) = row else { continue };
            sqlx::query("UPDATE rm_complaints SET search_key = $1 WHERE id = $2")
                .bind(parts.search_key())
                .bind(id.as_str())
                .execute(&mut **tx)
                .await?;
        }
        Ok(())
    }
}

#[derive(sqlx::FromRow)]
struct SearchParts {
    subject: String,
    author_given: Option<String>,
    author_family: Option<String>,
    respondent_given: Option<String>,
    respondent_family: Option<String>,
}

impl SearchParts {
    fn search_key(&self) -> String {
        let parts = [
            Some(self.subject.as_str()),
            self.author_given.as_deref(),
            self.author_family.as_deref(),
            self.respondent_given.as_deref(),
            self.respondent_family.as_deref(),
        ];
        name_key(&parts.into_iter().flatten().collect::<Vec<_>>().join(" "))
    }
}

async fn insert_items(
    tx: &mut Transaction<'_, Any>,
    complaint_id: &str,
    seq: i64,
    at: &str,
    items: Vec<Item<'_>>,
) -> Result<(), ProjectorError> {
    for (rank, item) in (0_i64..).zip(items) {
        sqlx::query(
            "INSERT INTO rm_complaint_items (complaint_id, seq, kind, request_id, party, party_id,
                ref_subject, ref_key, file_key, content_type, size, at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
             ON CONFLICT (complaint_id, seq) DO NOTHING",
        )
        .bind(complaint_id)
        .bind(seq + rank)
        .bind(item.kind)
        .bind(item.request_id)
        .bind(item.party)
        .bind(item.party_id)
        .bind(item.text.map(|t| t.subject.to_string()))
        .bind(item.text.map(|t| t.key.as_str()))
        .bind(item.file.map(|f| f.key.as_str()))
        .bind(item.file.map(|f| f.content_type.as_str()))
        .bind(item.file.map(|f| i64::try_from(f.size).unwrap_or(i64::MAX)))
        .bind(at)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Copies the domain's fold: status, outcome, open requests per party,
/// the default order's columns; `closed_at` is when it stopped being open.
async fn copy_fold(
    tx: &mut Transaction<'_, Any>,
    id: &str,
    info: &ComplaintInfo,
    at: &str,
    position: i64,
) -> Result<(), ProjectorError> {
    let awaiting = |party: InfoParty| {
        let open = info
            .requests
            .iter()
            .filter(|r| r.party == party && !r.answered)
            .count();
        i64::try_from(open).unwrap_or(i64::MAX)
    };
    sqlx::query(
        "UPDATE rm_complaints SET status = $1, favour = $2, refund_minor = $3, refund_currency = $4,
            suspend_consultant = $5, updated_at = $6, position = $7, open_rank = $8, sort_at = $9,
            awaiting_complainant = $10, awaiting_respondent = $11,
            closed_at = CASE WHEN $8 = 1 THEN COALESCE(closed_at, $6) ELSE NULL END
         WHERE id = $12",
    )
    .bind(info.status.as_str())
    .bind(info.favour.map(|f| f.as_str()))
    .bind(info.refund.map(|m| m.minor))
    .bind(info.refund.map(|m| m.currency.code()))
    .bind(i64::from(info.suspend_consultant))
    .bind(at)
    .bind(position)
    .bind(open_rank(info.status))
    .bind(sort_at(info.status, info.filed_at))
    .bind(awaiting(InfoParty::Complainant))
    .bind(awaiting(InfoParty::Respondent))
    .bind(id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_complaints_sort_oldest_first_and_closed_ones_newest_first() {
        let early = chrono::DateTime::parse_from_rfc3339("2026-01-01T00:00:00Z")
            .unwrap()
            .with_timezone(&chrono::Utc);
        let late = early + chrono::TimeDelta::days(3);
        use ComplaintStatus::*;
        assert!(sort_at(Submitted, early) < sort_at(InReview, late));
        assert!(sort_at(Decided, late) < sort_at(Withdrawn, early));
        assert!(open_rank(InReview) < open_rank(Dismissed));
    }

    #[test]
    fn the_search_key_folds_subject_and_names() {
        let parts = SearchParts {
            subject: "Séance écourtée".into(),
            author_given: Some("Hélène".into()),
            author_family: Some("Dupré".into()),
            respondent_given: None,
            respondent_family: None,
        };
        assert_eq!(parts.search_key(), "seance_ecourtee_helene_dupre");
    }
}
