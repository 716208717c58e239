//! `rm_consultants`: one row per consultant account with what the profile
//! screens and the admin list and view show: review status and reasons, the
//! progress per section, each section's data (payloads resolved), degrees
//! and certificates, and what booking reads (zone, session length, whether
//! listed); `rm_consultant_history`: the consultant stream's events
//! (type, time, actor) for the admin's audit view.
//!
//! Status, progress and missing sections are the domain's own
//! ([`Consultant::evolve`], [`completeness`], [`missing_sections`]) folded
//! from the stream up to the event being applied, so the projection copies
//! rather than re-implements the rules. Personal data is erased on
//! `SubjectForgotten` exactly as a rebuild without the payloads shows it
//! ([`sections::erase`]).

mod sections;

use std::sync::Arc;

use domain::account::{AccountEvent, PayloadRef, Role};
use domain::codec;
use domain::consultant::{
    self, CATEGORY, Consultant, ConsultantEvent, completeness, missing_sections,
};
use domain::reference::name_key;
use serde_json::{Map, Value, json};
use sqlx::{Any, Row, Transaction};
use store::{EventStore, RecordedEvent};

use super::folds::unreadable;
use super::{ERASED, Table};
use crate::error::ProjectorError;

pub const TABLE: Table = Table {
    name: "rm_consultants",
    key: "consultant_id",
    create: "CREATE TABLE IF NOT EXISTS rm_consultants (
        consultant_id TEXT PRIMARY KEY,
        status TEXT NOT NULL,
        given_name TEXT NOT NULL,
        family_name TEXT NOT NULL,
        email TEXT NOT NULL,
        profession TEXT NOT NULL,
        search TEXT NOT NULL,
        registered_at TEXT NOT NULL,
        submitted_at TEXT,
        approved_at TEXT,
        rejection_reason TEXT,
        suspension_reason TEXT,
        sections TEXT NOT NULL,
        missing TEXT NOT NULL,
        changed_since_approval TEXT NOT NULL,
        prefill TEXT,
        basic_profile TEXT,
        address TEXT,
        bank TEXT,
        profile_details TEXT,
        documents TEXT,
        degrees TEXT NOT NULL,
        certificates TEXT NOT NULL,
        forgotten BIGINT NOT NULL DEFAULT 0,
        timezone TEXT,
        session_minutes BIGINT,
        listed BIGINT NOT NULL DEFAULT 0,
        price_minor BIGINT,
        currency TEXT,
        first_free BIGINT NOT NULL DEFAULT 0
    )",
};

pub const HISTORY_TABLE: Table = Table {
    name: "rm_consultant_history",
    key: "consultant_id, seq",
    create: "CREATE TABLE IF NOT EXISTS rm_consultant_history (
        consultant_id TEXT NOT NULL,
        seq BIGINT NOT NULL,
        event_type TEXT NOT NULL,
        at TEXT NOT NULL,
        actor_id TEXT,
        actor_role TEXT,
        PRIMARY KEY (consultant_id, seq)
    )",
};

/// Consultant streams, and account streams (registration, forgetting).
pub fn interested(category: &str) -> bool {
    category == CATEGORY || category == domain::account::ACCOUNT_CATEGORY
}

pub async fn apply(
    tx: &mut Transaction<'_, Any>,
    store: &Arc<dyn EventStore>,
    folds: &mut Folds,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    if event.stream.category() == CATEGORY {
        return apply_consultant(tx, store, folds, event).await;
    }
    match event.event_type.as_str() {
        "AccountRegistered" | "SubjectForgotten" => {}
        _ => return Ok(()),
    }
    let decoded: AccountEvent =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(unreadable(event))?;
    let id = event.stream.entity_id();
    match decoded {
        AccountEvent::AccountRegistered {
            role: Role::Consultant,
            profile,
            registered_at,
            ..
        } => registered(tx, store, id, &profile, &registered_at.to_rfc3339()).await,
        AccountEvent::SubjectForgotten { .. } => forget(tx, id).await,
        _ => Ok(()),
    }
}

/// The folded-name search key over names and e-mail.
fn search(given: &str, family: &str, email: &str) -> String {
    name_key(&format!("{given} {family} {email}"))
}

async fn payload(
    store: &Arc<dyn EventStore>,
    reference: &PayloadRef,
) -> Result<Option<String>, ProjectorError> {
    Ok(store.payload(reference.subject, &reference.key).await?)
}

async fn registered(
    tx: &mut Transaction<'_, Any>,
    store: &Arc<dyn EventStore>,
    id: &str,
    profile: &PayloadRef,
    registered_at: &str,
) -> Result<(), ProjectorError> {
    let raw = payload(store, profile).await?;
    let value: Value = raw
        .as_deref()
        .and_then(|r| serde_json::from_str(r).ok())
        .unwrap_or(Value::Null);
    let text = |field: &str| match &raw {
        Some(_) => value[field].as_str().unwrap_or_default().to_owned(),
        None => ERASED.to_owned(),
    };
    let (given, family, email, profession) = (
        text("given_name"),
        text("family_name"),
        text("email"),
        text("profession"),
    );
    let prefill = raw.as_deref().and_then(sections::prefill);
    let empty = empty_progress();
    sqlx::query(
        "INSERT INTO rm_consultants (consultant_id, status, given_name, family_name, email, profession, search,
            registered_at, sections, missing, changed_since_approval, prefill, degrees, certificates, forgotten)
         VALUES ($1, 'registered', $2, $3, $4, $5, $6, $7, $8, $9, '[]', $10, '[]', '[]', 0)
         ON CONFLICT (consultant_id) DO UPDATE SET given_name = excluded.given_name,
            family_name = excluded.family_name, email = excluded.email, profession = excluded.profession,
            search = excluded.search, registered_at = excluded.registered_at, prefill = excluded.prefill",
    )
    .bind(id)
    .bind(given.as_str())
    .bind(family.as_str())
    .bind(email.as_str())
    .bind(profession.as_str())
    .bind(search(&given, &family, &email))
    .bind(registered_at)
    .bind(empty.0)
    .bind(empty.1)
    .bind(prefill.map(|p| p.to_string()))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Progress of a consultant with nothing saved (`sections`, `missing`).
fn empty_progress() -> (String, String) {
    progress(&Consultant::default())
}

fn progress(consultant: &Consultant) -> (String, String) {
    let sections: Map<String, Value> = completeness(consultant)
        .into_iter()
        .map(|(s, done)| (s.as_str().to_owned(), Value::Bool(done)))
        .collect();
    let missing: Vec<&str> = missing_sections(consultant)
        .into_iter()
        .map(|s| s.as_str())
        .collect();
    (
        Value::Object(sections).to_string(),
        json!(missing).to_string(),
    )
}

/// Erases every personal field of the consultant's row.
async fn forget(tx: &mut Transaction<'_, Any>, id: &str) -> Result<(), ProjectorError> {
    let Some(row) = sqlx::query(
        "SELECT basic_profile, address, bank, profile_details, documents, certificates
         FROM rm_consultants WHERE consultant_id = $1",
    )
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?
    else {
        return Ok(());
    };
    let mut erased: Vec<Option<String>> = Vec::new();
    for (i, (_, fields)) in sections::COLUMNS.iter().enumerate() {
        let stored: Option<String> = row.try_get(i)?;
        erased.push(stored.map(|s| sections::erase(&s, fields)));
    }
    let certificates: String = row.try_get(5)?;
    sqlx::query(
        "UPDATE rm_consultants SET given_name = $1, family_name = $1, email = $1, profession = $1,
            search = $2, prefill = NULL, basic_profile = $3, address = $4, bank = $5,
            profile_details = $6, documents = $7, certificates = $8, forgotten = 1
         WHERE consultant_id = $9",
    )
    .bind(ERASED)
    .bind(search(ERASED, ERASED, ERASED))
    .bind(erased[0].clone())
    .bind(erased[1].clone())
    .bind(erased[2].clone())
    .bind(erased[3].clone())
    .bind(erased[4].clone())
    .bind(sections::erase_certificates(&certificates))
    .bind(id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Consultants folded so far in this batch.
pub type Folds = super::folds::Folds<ConsultantEvent, Consultant>;

fn time(at: Option<chrono::DateTime<chrono::Utc>>) -> Option<String> {
    at.map(|t| t.to_rfc3339())
}

async fn apply_consultant(
    tx: &mut Transaction<'_, Any>,
    store: &Arc<dyn EventStore>,
    folds: &mut Folds,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    let decoded: ConsultantEvent =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(unreadable(event))?;
    let id = event.stream.entity_id();
    let recorded_at = event.metadata.recorded_at.to_rfc3339();
    // A consultant stream without a registration (not made by sign-up) still gets a row.
    let empty = empty_progress();
    sqlx::query(
        "INSERT INTO rm_consultants (consultant_id, status, given_name, family_name, email, profession, search,
            registered_at, sections, missing, changed_since_approval, degrees, certificates, forgotten)
         VALUES ($1, 'registered', '', '', '', '', '', $2, $3, $4, '[]', '[]', '[]', 0)
         ON CONFLICT (consultant_id) DO NOTHING",
    )
    .bind(id)
    .bind(recorded_at.as_str())
    .bind(empty.0)
    .bind(empty.1)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "INSERT INTO rm_consultant_history (consultant_id, seq, event_type, at, actor_id, actor_role)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (consultant_id, seq) DO NOTHING",
    )
    .bind(id)
    .bind(i64::try_from(event.stream_version).unwrap_or(i64::MAX))
    .bind(event.event_type.as_str())
    .bind(recorded_at.as_str())
    .bind(event.metadata.actor_id.map(|a| a.to_string()))
    .bind(event.metadata.actor_role.as_deref())
    .execute(&mut **tx)
    .await?;

    let consultant = folds.after(store, event, &decoded).await?;
    section(tx, store, id, decoded).await?;

    let (sections, missing) = progress(&consultant);
    let changed: Vec<&str> = consultant
        .changed_since_approval
        .iter()
        .map(|s| s.as_str())
        .collect();
    sqlx::query(
        "UPDATE rm_consultants SET status = $1, rejection_reason = $2, suspension_reason = $3,
            sections = $4, missing = $5, changed_since_approval = $6, submitted_at = $7, approved_at = $8,
            timezone = $9, session_minutes = $10, listed = $11, price_minor = $12, currency = $13,
            first_free = $14
         WHERE consultant_id = $15",
    )
    .bind(consultant.status.as_str())
    .bind(consultant.rejection_reason.clone())
    .bind(consultant.suspension_reason.clone())
    .bind(sections)
    .bind(missing)
    .bind(json!(changed).to_string())
    .bind(time(consultant.submitted_at))
    .bind(time(consultant.approved_at))
    .bind(consultant.timezone.map(|z| z.name().to_owned()))
    .bind(
        consultant
            .details
            .as_ref()
            .map(|d| i64::from(d.session_duration.minutes())),
    )
    .bind(i64::from(consultant::is_listed(&consultant)))
    .bind(consultant.details.as_ref().map(|d| d.price.minor))
    .bind(consultant.details.as_ref().map(|d| d.price.currency.code()))
    .bind(i64::from(
        consultant
            .details
            .as_ref()
            .is_some_and(|d| d.first_consultation_free),
    ))
    .bind(id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

async fn set_column(
    tx: &mut Transaction<'_, Any>,
    id: &str,
    column: &'static str,
    value: Value,
) -> Result<(), ProjectorError> {
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "UPDATE rm_consultants SET {column} = $1 WHERE consultant_id = $2"
    )))
    .bind(value.to_string())
    .bind(id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

async fn list(
    tx: &mut Transaction<'_, Any>,
    id: &str,
    column: &'static str,
) -> Result<Vec<Value>, ProjectorError> {
    let stored: Option<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT {column} FROM rm_consultants WHERE consultant_id = $1"
    )))
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(stored
        .and_then(|s| serde_json::from_str(&s).ok())
        .unwrap_or_default())
}

/// Puts `entry` in place of the one with the same id, or at the end.
fn upsert(list: &mut Vec<Value>, entry: Value) {
    match list.iter_mut().find(|e| e["id"] == entry["id"]) {
        Some(existing) => *existing = entry,
        None => list.push(entry),
    }
}

/// Copies a section's event (and payload) into its column.
async fn section(
    tx: &mut Transaction<'_, Any>,
    store: &Arc<dyn EventStore>,
    id: &str,
    event: ConsultantEvent,
) -> Result<(), ProjectorError> {
    use ConsultantEvent as E;
    use sections::*;
    match event {
        E::BasicProfileUpdated {
            profile,
            spoken_languages,
            timezone,
            ..
        } => {
            let personal = payload(store, &profile)
                .await?
                .and_then(|raw| basic_personal(&raw));
            let public = json!({"spoken_languages": spoken_languages, "timezone": timezone});
            let merged = merge(public, personal.as_ref(), BASIC_PERSONAL);
            let name = |f: &str| merged[f].as_str().unwrap_or(ERASED).to_owned();
            let (given, family) = (name("given_name"), name("family_name"));
            let email: String =
                sqlx::query_scalar("SELECT email FROM rm_consultants WHERE consultant_id = $1")
                    .bind(id)
                    .fetch_one(&mut **tx)
                    .await?;
            sqlx::query(
                "UPDATE rm_consultants SET basic_profile = $1, given_name = $2, family_name = $3, search = $4
                 WHERE consultant_id = $5",
            )
            .bind(merged.to_string())
            .bind(given.as_str())
            .bind(family.as_str())
            .bind(search(&given, &family, &email))
            .bind(id)
            .execute(&mut **tx)
            .await?;
        }
        E::AddressUpdated {
            address,
            country_id,
            city_id,
            ..
        } => {
            let personal = personal_json(store, &address).await?;
            let public = json!({"country_id": country_id, "city_id": city_id});
            let merged = merge(public, personal.as_ref(), ADDRESS_PERSONAL);
            set_column(tx, id, "address", merged).await?;
        }
        E::DegreeAdded {
            degree_id,
            name,
            school,
            year,
            attachment,
            ..
        }
        | E::DegreeEdited {
            degree_id,
            name,
            school,
            year,
            attachment,
            ..
        } => {
            let mut degrees = list(tx, id, "degrees").await?;
            let entry = json!({"id": degree_id, "name": name, "school": school, "year": year,
                "attachment_key": file_key(&attachment), "attachment": attachment});
            upsert(&mut degrees, entry);
            set_column(tx, id, "degrees", Value::Array(degrees)).await?;
        }
        E::DegreeRemoved { degree_id, .. } => {
            let mut degrees = list(tx, id, "degrees").await?;
            degrees.retain(|d| d["id"] != json!(degree_id));
            set_column(tx, id, "degrees", Value::Array(degrees)).await?;
        }
        E::CertificateAdded {
            certificate_id,
            name,
            school,
            year,
            number,
            attachment,
            ..
        }
        | E::CertificateEdited {
            certificate_id,
            name,
            school,
            year,
            number,
            attachment,
            ..
        } => {
            let raw = match &number {
                Some(reference) => payload(store, reference).await?,
                None => None,
            };
            let number = certificate_number(number.is_some(), raw.as_deref());
            let mut certificates = list(tx, id, "certificates").await?;
            let entry = json!({"id": certificate_id, "name": name, "school": school, "year": year,
                "number": number, "attachment_key": file_key(&attachment), "attachment": attachment});
            upsert(&mut certificates, entry);
            set_column(tx, id, "certificates", Value::Array(certificates)).await?;
        }
        E::CertificateRemoved { certificate_id, .. } => {
            let mut certificates = list(tx, id, "certificates").await?;
            certificates.retain(|c| c["id"] != json!(certificate_id));
            set_column(tx, id, "certificates", Value::Array(certificates)).await?;
        }
        E::BankDetailsUpdated {
            details,
            attachment,
            ..
        } => {
            let personal = personal_json(store, &details).await?;
            let merged = merge(
                json!({"attachment_key": file_key(&attachment), "attachment": attachment}),
                personal.as_ref(),
                BANK_PERSONAL,
            );
            set_column(tx, id, "bank", merged).await?;
        }
        E::ProfileDetailsUpdated {
            texts,
            keyword_ids,
            objective_ids,
            disorder_ids,
            specialisation_ids,
            photo,
            resume,
            price,
            session_duration,
            languages,
            first_consultation_free,
            ..
        } => {
            let personal = personal_json(store, &texts).await?;
            let public = json!({
                "keyword_ids": keyword_ids, "objective_ids": objective_ids,
                "disorder_ids": disorder_ids, "specialisation_ids": specialisation_ids,
                "photo_key": file_key(&photo), "resume_key": file_key(&resume),
                "photo": photo, "resume": resume,
                "price_minor": price.minor, "currency": price.currency,
                "session_minutes": session_duration.minutes(), "languages": languages,
                "first_consultation_free": first_consultation_free,
            });
            let merged = merge(public, personal.as_ref(), DETAILS_PERSONAL);
            set_column(tx, id, "profile_details", merged).await?;
        }
        E::DocumentsUpdated {
            contract,
            id_number,
            id_attachment,
            criminal_record,
            ..
        } => {
            let personal = personal_json(store, &id_number).await?;
            let public = json!({"contract": contract, "id_attachment": id_attachment,
                "criminal_record": criminal_record, "contract_key": file_key(&contract),
                "id_attachment_key": file_key(&id_attachment),
                "criminal_record_key": file_key(&criminal_record)});
            let merged = merge(public, personal.as_ref(), DOCUMENTS_PERSONAL);
            set_column(tx, id, "documents", merged).await?;
        }
        E::ProfileEditingStarted { .. }
        | E::ApprovedProfileChanged { .. }
        | E::ProfileChangesReviewed { .. }
        | E::ProfileSubmitted { .. }
        | E::SubmissionWithdrawn { .. }
        | E::ProfileApproved { .. }
        | E::ProfileRejected { .. }
        | E::ConsultantSuspended { .. }
        | E::ConsultantReinstated { .. } => {}
    }
    Ok(())
}

/// A payload read as JSON; `None` once forgotten.
async fn personal_json(
    store: &Arc<dyn EventStore>,
    reference: &PayloadRef,
) -> Result<Option<Value>, ProjectorError> {
    Ok(payload(store, reference)
        .await?
        .and_then(|raw| serde_json::from_str(&raw).ok()))
}

/// The key of a stored file (or `null`), under the name the section's write
/// takes (`photo_key`, `attachment_key`…): a section read is accepted back.
fn file_key(file: &impl serde::Serialize) -> Value {
    json!(file)["key"].clone()
}
