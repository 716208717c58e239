//! `data.json`: one JSON document of everything held about the person,
//! read through the query side's own reads (bookings, complaints, client
//! file, consultant profile) and written section by section, lists a page at
//! a time, so the document is never whole in memory.
//!
//! Exactly the person's own data: a consultant's bookings name the client
//! only as the consultant's records do (no card, coupon, contact or health
//! data); nobody's notes about a client (a consultant's working notes are
//! theirs and the administrators'); in a complaint, the person's own texts,
//! the questions put to them and their answers, and the decision — never
//! the other party's name, filing or statement.

use std::str::FromStr;

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use domain::account::{AccountEvent, Role};
use futures::io::{AsyncWrite, AsyncWriteExt};
use platform::lang::Lang;
use serde::Serialize;
use serde_json::Value;
use sqlx::Row;
use store::StreamId;
use uuid::Uuid;

use super::Failure;
use crate::QueryState;
use crate::error::QueryError;
use crate::routes::bookings::rows::{self, AmountView, BookingView, Card, Viewer};
use crate::routes::client_file::{self, ConsentFormRecord, GeneralInfoBody, HealthAssessmentBody};
use crate::routes::complaints::detail::{self, Attachment, ComplaintDetail};
use crate::routes::complaints::rows::{ComplaintRecord, Standing, Viewer as ComplaintViewer};

/// What `format` says: bumped when a field changes meaning or goes away.
pub const FORMAT: &str = "equilibre-my-data/1";
/// Rows read per page (bookings, complaints, sign-ins).
const PAGE: i64 = 200;

/// Whose archive it is: the account as `rm_accounts` holds it.
pub struct Subject {
    pub account_id: Uuid,
    pub role: Role,
    /// The account's language of correspondence (the README's).
    pub lang: Lang,
    /// The account's zone (dates of the archive's name and entries).
    pub zone: Tz,
    pub account: AccountSection,
}

/// The account: names, e-mail and everything given at sign-up (`profile`:
/// title, gender, birth date, phones, WhatsApp, languages, country,
/// nationality, zone, profession…).
#[derive(Debug, Serialize)]
pub struct AccountSection {
    pub id: String,
    /// `client` or `consultant`.
    pub role: String,
    pub given_name: String,
    pub family_name: String,
    pub email: String,
    pub language: String,
    pub timezone: Option<String>,
    pub registered_at: String,
    pub last_sign_in_at: Option<String>,
    /// `active` or `deactivated`.
    pub status: String,
    pub second_factor_enabled: bool,
    pub profile: Value,
}

impl Subject {
    /// The caller's account; 404 once forgotten (it cannot sign in then).
    pub async fn load(state: &QueryState, id: Uuid, role: Role) -> Result<Subject, QueryError> {
        let row = sqlx::query(
            "SELECT given_name, family_name, email, profile, language, timezone, registered_at,
                last_sign_in_at, status, second_factor_at, forgotten
             FROM rm_accounts WHERE account_id = $1",
        )
        .bind(id.to_string())
        .fetch_optional(&state.read.pool)
        .await?
        .ok_or(QueryError::NotFound)?;
        if row.try_get::<i64, _>(10)? != 0 {
            return Err(QueryError::NotFound);
        }
        let language: String = row.try_get(4)?;
        let timezone: Option<String> = row.try_get(5)?;
        let profile: String = row.try_get(3)?;
        Ok(Subject {
            account_id: id,
            role,
            lang: Lang::from_str(&language).unwrap_or_default(),
            zone: timezone
                .as_deref()
                .and_then(|z| Tz::from_str(z).ok())
                .unwrap_or(chrono_tz::Europe::Paris),
            account: AccountSection {
                id: id.to_string(),
                role: role.as_str().to_owned(),
                given_name: row.try_get(0)?,
                family_name: row.try_get(1)?,
                email: row.try_get(2)?,
                language,
                timezone,
                registered_at: same_format(row.try_get(6)?),
                last_sign_in_at: row.try_get::<Option<String>, _>(7)?.map(same_format),
                status: row.try_get(8)?,
                second_factor_enabled: row.try_get::<Option<String>, _>(9)?.is_some(),
                profile: serde_json::from_str(&profile).unwrap_or(Value::Null),
            },
        })
    }

    pub fn local(&self, at: DateTime<Utc>) -> DateTime<Tz> {
        at.with_timezone(&self.zone)
    }

    /// Where the archive puts the stored file `key`, if it is this
    /// person's (`subjects/{id}/…` → `files/…`).
    pub fn archive_path(&self, key: &str) -> Option<String> {
        let rest = key.strip_prefix(&platform::files::subject_prefix(self.account_id))?;
        let segments: Vec<String> = rest
            .split('/')
            .map(|segment| {
                segment
                    .chars()
                    .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
                    .collect::<String>()
            })
            .filter(|segment| !segment.is_empty() && !segment.starts_with('.'))
            .collect();
        (!segments.is_empty()).then(|| format!("files/{}", segments.join("/")))
    }
}

/// An RFC 3339 time as every time of the document reads
/// (`2026-11-28T09:30:00Z`); as it is when it does not parse.
fn same_format(at: String) -> String {
    DateTime::parse_from_rfc3339(&at)
        .map(|t| rows::utc(t.with_timezone(&Utc)))
        .unwrap_or(at)
}

/// A stored file of the person and its place in the archive.
#[derive(Debug, Clone, Serialize)]
pub struct ArchivedFile {
    /// `files/…` in this archive.
    pub path: String,
    /// The key the app knows it by (the upload's answer, `file_key` fields).
    pub key: String,
}

/// The person's stored files (uploads: documents, photos, the consent
/// form, complaint attachments), sorted.
pub async fn archived_files(
    state: &QueryState,
    subject: &Subject,
) -> Result<Vec<ArchivedFile>, QueryError> {
    Ok(state
        .files
        .list_subject(subject.account_id)
        .await?
        .into_iter()
        .filter_map(|key| {
            subject
                .archive_path(&key)
                .map(|path| ArchivedFile { path, key })
        })
        .collect())
}

/// Where the archive holds the stored file `key`, if it holds it.
fn archived<'a>(files: &'a [ArchivedFile], key: &str) -> Option<&'a str> {
    files.iter().find(|f| f.key == key).map(|f| f.path.as_str())
}

/// Writes the document into `out` (the `data.json` entry).
pub async fn write<W: AsyncWrite + Unpin>(
    state: &QueryState,
    subject: &Subject,
    now: DateTime<Utc>,
    files: &[ArchivedFile],
    out: &mut W,
) -> Result<(), Failure> {
    let mut doc = Doc::open(out).await?;
    doc.field("format", &FORMAT).await?;
    doc.field("generated_at", &rows::utc(now)).await?;
    doc.field("account", &subject.account).await?;
    match subject.role {
        Role::Consultant => {
            let profile = crate::routes::consultants::load_profile(state, subject.account_id).await;
            match profile {
                Ok(mut profile) => {
                    profile.submitted_at = profile.submitted_at.map(same_format);
                    profile.approved_at = profile.approved_at.map(same_format);
                    doc.field("consultant_profile", &profile).await?;
                }
                // Registered, never started its profile.
                Err(QueryError::NotFound) => doc.field("consultant_profile", &Value::Null).await?,
                Err(other) => return Err(other.into()),
            }
        }
        Role::Client => {
            let section = client_file_section(state, subject, files).await?;
            doc.field("client_file", &section).await?;
        }
        Role::Admin => {}
    }
    doc.field("consents", &consents(state, subject).await?)
        .await?;

    doc.begin_array("bookings").await?;
    let mut after = (String::new(), String::new());
    loop {
        let page = bookings_page(state, subject, &after, now).await?;
        let full = page.len() == PAGE as usize;
        for booking in &page {
            doc.item(booking).await?;
        }
        match page.last() {
            Some(last) if full => after = (last.start.clone(), last.id.clone()),
            _ => break,
        }
    }
    doc.end_array().await?;

    for (name, standing) in [
        ("complaints_filed", Standing::Author),
        ("complaints_about_you", Standing::Respondent),
    ] {
        doc.begin_array(name).await?;
        let mut after = (String::new(), String::new());
        loop {
            let records = complaints_page(state, subject, standing, &after).await?;
            let full = records.len() == PAGE as usize;
            let last = records.last().map(|r| (r.filed_at.clone(), r.id.clone()));
            for record in records {
                doc.item(&complaint(state, subject, files, record).await?)
                    .await?;
            }
            match last {
                Some(last) if full => after = last,
                _ => break,
            }
        }
        doc.end_array().await?;
    }

    doc.begin_array("sign_ins").await?;
    let mut after = -1_i64;
    loop {
        let page = sign_ins_page(state, subject, after).await?;
        let full = page.len() == PAGE as usize;
        for (_, sign_in) in &page {
            doc.item(sign_in).await?;
        }
        match page.last() {
            Some((position, _)) if full => after = *position,
            _ => break,
        }
    }
    doc.end_array().await?;

    doc.field("files", &files).await?;
    doc.close().await?;
    Ok(())
}

/// A JSON object written a member at a time, arrays an item at a time,
/// indented like `serde_json`'s pretty printer.
struct Doc<'a, W> {
    out: &'a mut W,
    members: usize,
    items: usize,
}

/// `value` pretty-printed, its lines after the first indented by `depth`
/// (a JSON text holds no raw line break inside a string).
fn indented<T: Serialize + ?Sized>(value: &T, depth: usize) -> Result<Vec<u8>, serde_json::Error> {
    let text = serde_json::to_string_pretty(value)?;
    Ok(text
        .replace('\n', &format!("\n{}", " ".repeat(depth)))
        .into_bytes())
}

impl<'a, W: AsyncWrite + Unpin> Doc<'a, W> {
    async fn open(out: &'a mut W) -> std::io::Result<Doc<'a, W>> {
        out.write_all(b"{").await?;
        Ok(Doc {
            out,
            members: 0,
            items: 0,
        })
    }

    async fn key(&mut self, name: &str) -> Result<(), Failure> {
        let separator = if self.members == 0 { "\n  " } else { ",\n  " };
        self.members += 1;
        let key = format!("{separator}{}: ", serde_json::to_string(name)?);
        self.out.write_all(key.as_bytes()).await?;
        Ok(())
    }

    async fn field<T: Serialize + ?Sized>(&mut self, name: &str, value: &T) -> Result<(), Failure> {
        self.key(name).await?;
        self.out.write_all(&indented(value, 2)?).await?;
        Ok(())
    }

    async fn begin_array(&mut self, name: &str) -> Result<(), Failure> {
        self.key(name).await?;
        self.items = 0;
        self.out.write_all(b"[").await?;
        Ok(())
    }

    async fn item<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Failure> {
        let separator: &[u8] = if self.items == 0 {
            b"\n    "
        } else {
            b",\n    "
        };
        self.items += 1;
        self.out.write_all(separator).await?;
        self.out.write_all(&indented(value, 4)?).await?;
        Ok(())
    }

    async fn end_array(&mut self) -> Result<(), Failure> {
        let end: &[u8] = if self.items == 0 { b"]" } else { b"\n  ]" };
        self.out.write_all(end).await?;
        Ok(())
    }

    async fn close(self) -> Result<(), Failure> {
        self.out.write_all(b"\n}\n").await?;
        Ok(())
    }
}

/// The consent form as the client's page shows it, with its file's place
/// in the archive.
#[derive(Debug, Serialize)]
pub struct ConsentFormSection {
    #[serde(flatten)]
    pub record: ConsentFormRecord,
    /// `files/…` in this archive.
    pub file: Option<String>,
}

/// The client's file: consent form, health assessment, general information.
#[derive(Debug, Serialize)]
pub struct ClientFileSection {
    pub consent_form: ConsentFormSection,
    pub health_assessment: HealthAssessmentBody,
    pub general_info: GeneralInfoBody,
}

async fn client_file_section(
    state: &QueryState,
    subject: &Subject,
    files: &[ArchivedFile],
) -> Result<ClientFileSection, QueryError> {
    let id = subject.account_id;
    let mut record = client_file::consent_form(client_file::file_row(state, id).await?);
    record.uploaded_at = record.uploaded_at.map(same_format);
    let file = record
        .file_key
        .as_deref()
        .and_then(|key| archived(files, key))
        .map(str::to_owned);
    let mut health_assessment = client_file::health(id, client_file::file_row(state, id).await?);
    health_assessment.saved_at = health_assessment.saved_at.map(same_format);
    let mut general_info = client_file::general(id, client_file::file_row(state, id).await?);
    general_info.saved_at = general_info.saved_at.map(same_format);
    Ok(ClientFileSection {
        consent_form: ConsentFormSection { record, file },
        health_assessment,
        general_info,
    })
}

/// Terms and privacy versions accepted, at sign-up and later.
#[derive(Debug, Serialize)]
pub struct LegalAcceptance {
    pub terms_version: String,
    pub privacy_version: String,
    pub accepted_at: String,
    /// `sign_up` or `later`.
    pub when: &'static str,
}

/// The consent to let booked experts read the health answers.
#[derive(Debug, Serialize)]
pub struct SharingConsent {
    pub share_with_experts: bool,
    /// When the answers (and this choice) were last saved.
    pub recorded_at: Option<String>,
}

/// The newsletter subscription of the account's address, if any.
#[derive(Debug, Serialize)]
pub struct NewsletterConsent {
    pub email: String,
    /// `pending` (confirmation link not followed yet) or `confirmed`.
    pub status: String,
    pub language: String,
    pub requested_at: String,
    pub confirmed_at: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct ConsentsSection {
    pub legal_terms: Vec<LegalAcceptance>,
    /// Clients only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub health_answers_shared_with_experts: Option<SharingConsent>,
    pub newsletter: Option<NewsletterConsent>,
}

async fn consents(state: &QueryState, subject: &Subject) -> Result<ConsentsSection, QueryError> {
    // The versions are in the account's own events (a few: its sign-ins
    // are in another stream); only these two event types carry them.
    let events = state
        .stores
        .events
        .read_stream(&StreamId::new(
            domain::account::ACCOUNT_CATEGORY,
            subject.account_id,
        ))
        .await?;
    let mut legal_terms = Vec::new();
    for event in events.iter().filter(|e| {
        matches!(
            e.event_type.as_str(),
            "AccountRegistered" | "LegalTermsAccepted"
        )
    }) {
        let decoded: AccountEvent =
            domain::codec::decode(&event.event_type, event.schema_version, &event.payload)
                .map_err(|e| {
                    QueryError::Projector(projector::ProjectorError::Unreadable(
                        event.event_id,
                        e.to_string(),
                    ))
                })?;
        match decoded {
            AccountEvent::AccountRegistered {
                terms_version: Some(terms_version),
                privacy_version: Some(privacy_version),
                registered_at,
                ..
            } => legal_terms.push(LegalAcceptance {
                terms_version,
                privacy_version,
                accepted_at: rows::utc(registered_at),
                when: "sign_up",
            }),
            AccountEvent::LegalTermsAccepted {
                terms_version,
                privacy_version,
                at,
            } => legal_terms.push(LegalAcceptance {
                terms_version,
                privacy_version,
                accepted_at: rows::utc(at),
                when: "later",
            }),
            _ => {}
        }
    }
    let sharing = if subject.role == Role::Client {
        let health = client_file::health(
            subject.account_id,
            client_file::file_row(state, subject.account_id).await?,
        );
        Some(SharingConsent {
            share_with_experts: health.share_with_experts,
            recorded_at: health.saved_at.map(same_format),
        })
    } else {
        None
    };
    let key = state
        .keys
        .newsletter_key(&subject.account.email.trim().to_lowercase());
    let newsletter = sqlx::query(
        "SELECT email, status, language, requested_at, confirmed_at
         FROM rm_newsletter_subscribers WHERE subscriber_key = $1",
    )
    .bind(key)
    .fetch_optional(&state.read.pool)
    .await?
    .map(|r| -> Result<NewsletterConsent, sqlx::Error> {
        Ok(NewsletterConsent {
            email: r.try_get(0)?,
            status: r.try_get(1)?,
            language: r.try_get(2)?,
            requested_at: r.try_get(3)?,
            confirmed_at: r.try_get(4)?,
        })
    })
    .transpose()?;
    Ok(ConsentsSection {
        legal_terms,
        health_answers_shared_with_experts: sharing,
        newsletter,
    })
}

/// The other party of a booking as the archive names it.
#[derive(Debug, Serialize)]
pub struct Counterpart {
    /// The consultant's id (for a client); absent for a consultant's client.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// `null` while the consultant's records do not show the client's name
    /// (no confirmed booking), `[erased]` once the client is forgotten.
    pub name: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct ReceiptSection {
    /// `2026-000001`.
    pub number: String,
    /// `payment` (an invoice) or `refund` (a credit note).
    pub kind: String,
    pub amount: AmountView,
    pub issued_at: String,
}

/// One booking, as client or as consultant.
#[derive(Debug, Serialize)]
pub struct BookingSection {
    pub id: String,
    /// `held`, `confirmed`, `expired`, `cancelled`, `completed` or `no_show`.
    pub status: String,
    pub start: String,
    pub end: String,
    pub duration_minutes: i64,
    /// For a client: the consultant booked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub consultant: Option<Counterpart>,
    /// For a consultant: the client, by name only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub client: Option<Counterpart>,
    pub price: AmountView,
    pub discount: AmountView,
    pub total: AmountView,
    pub free: bool,
    /// The client's own coupon and card (clients only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub coupon_code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<Card>,
    /// Refunded so far (cancellation, complaint decisions).
    pub refund: Option<AmountView>,
    /// `client`, `consultant`, `admin`, `platform`, or empty.
    pub cancelled_by: String,
    pub created_at: String,
    /// Invoices and credit notes of the money moved.
    pub receipts: Vec<ReceiptSection>,
}

impl BookingSection {
    fn of(view: BookingView, role: Role) -> BookingSection {
        let client = role == Role::Client;
        BookingSection {
            consultant: client.then(|| Counterpart {
                id: Some(view.consultant.id.clone()),
                name: view.consultant.name.clone(),
            }),
            client: (!client).then(|| Counterpart {
                id: None,
                name: view.client.name.clone(),
            }),
            coupon_code: if client { view.coupon_code } else { None },
            card: if client { view.card } else { None },
            receipts: view
                .receipts
                .into_iter()
                .map(|r| ReceiptSection {
                    number: r.number,
                    kind: r.kind,
                    amount: r.amount,
                    issued_at: r.issued_at,
                })
                .collect(),
            id: view.id,
            status: view.status,
            start: view.start,
            end: view.end,
            duration_minutes: view.duration_minutes,
            price: view.price,
            discount: view.discount,
            total: view.total,
            free: view.free,
            refund: view.refund,
            cancelled_by: view.cancelled_by,
            created_at: view.created_at,
        }
    }
}

/// The person's bookings after `(start, id)`, oldest first: the booking
/// rows of the areas (`rows::SELECT`), with their receipts.
async fn bookings_page(
    state: &QueryState,
    subject: &Subject,
    after: &(String, String),
    now: DateTime<Utc>,
) -> Result<Vec<BookingSection>, QueryError> {
    let (column, viewer) = match subject.role {
        Role::Consultant => ("b.consultant_id", Viewer::Consultant),
        _ => ("b.client_id", Viewer::Client),
    };
    let sql = format!(
        "{} WHERE {column} = $1 AND (b.starts_at, b.id) > ($2, $3)
         ORDER BY b.starts_at, b.id LIMIT {PAGE}",
        rows::SELECT
    );
    let found = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(subject.account_id.to_string())
        .bind(after.0.as_str())
        .bind(after.1.as_str())
        .fetch_all(&state.read.pool)
        .await?;
    let mut views = found
        .iter()
        .map(|r| BookingView::from_row(r, viewer, now))
        .collect::<Result<Vec<_>, _>>()?;
    crate::routes::receipts::attach(state, viewer, &mut views).await?;
    Ok(views
        .into_iter()
        .map(|view| BookingSection::of(view, subject.role))
        .collect())
}

/// The person's complaints in `standing` after `(filed_at, id)`, oldest first.
async fn complaints_page(
    state: &QueryState,
    subject: &Subject,
    standing: Standing,
    after: &(String, String),
) -> Result<Vec<ComplaintRecord>, QueryError> {
    let column = match standing {
        Standing::Respondent => "c.respondent_id",
        _ => "c.author_id",
    };
    let sql = format!(
        "{} WHERE {column} = $1 AND (c.filed_at, c.id) > ($2, $3)
         ORDER BY c.filed_at, c.id LIMIT {PAGE}",
        crate::routes::complaints::rows::SELECT
    );
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(subject.account_id.to_string())
        .bind(after.0.as_str())
        .bind(after.1.as_str())
        .fetch_all(&state.read.pool)
        .await?)
}

#[derive(Debug, Serialize)]
pub struct TextSection {
    pub text: String,
    pub at: String,
    /// `files/…` in this archive.
    pub attachments: Vec<String>,
}

#[derive(Debug, Serialize)]
pub struct RequestSection {
    /// An administrator's question to the person.
    pub question: String,
    pub asked_at: String,
    pub answer: Option<TextSection>,
}

#[derive(Debug, Serialize)]
pub struct DecisionSection {
    /// `complainant`, `respondent` or `neither`.
    pub favour: String,
    pub resolution: String,
    pub refund: Option<AmountView>,
    /// The consultant's own suspension (consultants only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suspend_consultant: Option<bool>,
    pub at: String,
}

#[derive(Debug, Serialize)]
pub struct DismissalSection {
    pub reason: String,
    pub at: String,
}

/// A complaint the person filed or that was filed about them.
#[derive(Debug, Serialize)]
pub struct ComplaintSection {
    pub id: String,
    /// `author` or `respondent`.
    pub your_part: &'static str,
    /// The other party's role (`client` or `consultant`), `null` for a
    /// complaint about the platform.
    pub other_party_role: Option<String>,
    /// `submitted`, `in_review`, `decided`, `dismissed` or `withdrawn`.
    pub status: String,
    /// The complaint type, in the account's language.
    #[serde(rename = "type")]
    pub complaint_type: String,
    pub booking_id: Option<String>,
    pub booking_start: Option<String>,
    pub desired_outcome: Option<String>,
    pub filed_at: String,
    pub updated_at: String,
    pub closed_at: Option<String>,
    /// The author's own filing (authors only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subject: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attachments: Option<Vec<String>>,
    /// The respondent's own statement (respondents only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub statement: Option<TextSection>,
    pub information_requests: Vec<RequestSection>,
    pub decision: Option<DecisionSection>,
    pub dismissal: Option<DismissalSection>,
}

/// One complaint as its party reads it (`detail::detail`), keeping only
/// what is the person's: see the module's comment.
async fn complaint(
    state: &QueryState,
    subject: &Subject,
    files: &[ArchivedFile],
    record: ComplaintRecord,
) -> Result<ComplaintSection, QueryError> {
    let viewer = ComplaintViewer::Party(subject.account_id);
    let standing = record.standing(viewer).ok_or(QueryError::NotFound)?;
    let author = standing == Standing::Author;
    let other_party_role = if author {
        record.respondent_role.clone()
    } else {
        Some(record.author_role.clone())
    };
    let (complaint_type, booking_start) =
        (record.type_name(subject.lang), record.booking_start.clone());
    let ComplaintDetail {
        row,
        description,
        attachments,
        statement,
        information_requests,
        decision,
        dismissal,
        ..
    } = detail::detail(state, record, standing, viewer, subject.lang).await?;
    let paths = |attachments: Vec<Attachment>| -> Vec<String> {
        attachments
            .iter()
            .filter_map(|a| archived(files, &a.key).map(str::to_owned))
            .collect()
    };
    Ok(ComplaintSection {
        id: row.id,
        your_part: if author { "author" } else { "respondent" },
        other_party_role,
        status: row.status,
        complaint_type,
        booking_id: row.booking.map(|b| b.id),
        booking_start,
        desired_outcome: row.desired_outcome,
        filed_at: row.filed_at,
        updated_at: row.updated_at,
        closed_at: row.closed_at,
        subject: author.then_some(row.subject),
        description: author.then_some(description),
        attachments: author.then(|| paths(attachments)),
        statement: if author {
            None
        } else {
            statement.map(|s| TextSection {
                text: s.text,
                at: s.at,
                attachments: paths(s.attachments),
            })
        },
        // Already only the requests addressed to the person (`detail::visible`).
        information_requests: information_requests
            .into_iter()
            .map(|r| RequestSection {
                question: r.text,
                asked_at: r.asked_at,
                answer: r.answer.map(|a| TextSection {
                    text: a.text,
                    at: a.at,
                    attachments: paths(a.attachments),
                }),
            })
            .collect(),
        decision: decision.map(|d| DecisionSection {
            favour: d.favour,
            resolution: d.resolution,
            refund: d.refund,
            suspend_consultant: (subject.role == Role::Consultant).then_some(d.suspend_consultant),
            at: d.at,
        }),
        dismissal: dismissal.map(|d| DismissalSection {
            reason: d.reason,
            at: d.at,
        }),
    })
}

/// One sign-in: when the session started.
#[derive(Debug, Serialize)]
pub struct SignInSection {
    pub at: String,
}

/// The account's sign-ins after `position`, oldest first, from the audit
/// trail (`rm_audit` keeps every event of `signins-{account}` under the
/// account; no address is ever recorded).
async fn sign_ins_page(
    state: &QueryState,
    subject: &Subject,
    after: i64,
) -> Result<Vec<(i64, SignInSection)>, QueryError> {
    let found = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT position, at FROM rm_audit
         WHERE entity_kind = $1 AND entity_id = $2 AND position > $3 AND event_type = 'SessionStarted'
         ORDER BY position LIMIT {PAGE}"
    )))
    .bind(subject.role.as_str())
    .bind(subject.account_id.to_string())
    .bind(after)
    .fetch_all(&state.read.pool)
    .await?;
    Ok(found
        .iter()
        .map(|r| Ok((r.try_get(0)?, SignInSection { at: r.try_get(1)? })))
        .collect::<Result<Vec<_>, sqlx::Error>>()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_document_is_json_whatever_is_streamed_into_it() {
        let mut out: Vec<u8> = Vec::new();
        let mut cursor = futures::io::Cursor::new(&mut out);
        let mut doc = Doc::open(&mut cursor).await.expect("opened");
        doc.field("format", &FORMAT).await.expect("a field");
        doc.field(
            "nested",
            &serde_json::json!({"text": "deux\nlignes", "list": [1, 2]}),
        )
        .await
        .expect("a field");
        doc.begin_array("empty").await.expect("an array");
        doc.end_array().await.expect("closed");
        doc.begin_array("items").await.expect("an array");
        for n in 0..3 {
            doc.item(&serde_json::json!({"n": n}))
                .await
                .expect("an item");
        }
        doc.end_array().await.expect("closed");
        doc.close().await.expect("closed");
        let parsed: Value = serde_json::from_slice(&out).expect("valid JSON");
        assert_eq!(
            parsed,
            serde_json::json!({
                "format": FORMAT,
                "nested": {"text": "deux\nlignes", "list": [1, 2]},
                "empty": [],
                "items": [{"n": 0}, {"n": 1}, {"n": 2}],
            })
        );
        let text = String::from_utf8(out).expect("UTF-8");
        assert!(
            text.contains("\n  \"items\": [\n    {\n      \"n\": 0\n    },"),
            "{text}"
        );
    }
}
