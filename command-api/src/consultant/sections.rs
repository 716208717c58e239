//! The consultant saves the sections of their profile. Each function parses
//! the form against the consultant's uploads and the reference lists (the
//! domain checks every field), writes the personal part as a payload under a
//! key of its own (payload values never change once written) and appends the
//! section's events.

use chrono::{DateTime, Utc};
use domain::account::PayloadRef;
use domain::consultant::sections::{self as rules, *};
use domain::consultant::{ConsultantEvent, Context};
use domain::reference::ReferenceKind;
use domain::values::FileLookup;
use serde::Serialize;
use store::{Position, SideWrite};
use uuid::Uuid;

use super::{ReferenceItems, consultant_stream, load_consultant, or_already_applied, owner_actor};
use crate::AppState;
use crate::error::CommandError;
use crate::execute::{Batch, already_applied, with_retry};
use crate::ids::Ids;

/// Payloads to write: `(key, JSON value)`.
type Payloads = Vec<(String, String)>;

/// A section's decision: its events and the payloads they reference.
type Decided = (Vec<ConsultantEvent>, Payloads);

/// The key of a new payload of `section`; one per command run (the same
/// again for a retried request with the same `Idempotency-Key`).
fn payload_key(ids: &Ids, section: &str) -> String {
    format!(
        "consultant.{section}.{}",
        ids.id(&format!("payload-{section}"))
    )
}

fn payload_ref(consultant_id: Uuid, key: &str) -> PayloadRef {
    PayloadRef {
        subject: consultant_id,
        key: key.to_owned(),
    }
}

fn json(value: &impl Serialize) -> Result<String, CommandError> {
    serde_json::to_string(value).map_err(CommandError::internal)
}

/// Loads what parsing needs, then decides and appends (again after a
/// version conflict).
async fn run<F>(
    app: &AppState,
    ids: &Ids,
    consultant_id: Uuid,
    references: Vec<(ReferenceKind, Uuid)>,
    decide: F,
) -> Result<Position, CommandError>
where
    F: Fn(&Context<'_>, DateTime<Utc>) -> Result<Decided, CommandError>,
{
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(position);
    }
    let files = crate::files::lookup(app, consultant_id).await?;
    let references = ReferenceItems::load(app, references).await?;
    let result = with_retry(|| async {
        let now = app.clock.now();
        let loaded = load_consultant(app, consultant_id).await?;
        // The context (not `Send`) is dropped before the append is awaited.
        let (events, payloads) = {
            let lookup = |kind: ReferenceKind, id: Uuid| references.item(kind, id);
            let context = Context {
                owner: consultant_id,
                today: now.date_naive(),
                files: &files as &dyn FileLookup,
                references: &lookup,
                current: &loaded.state,
            };
            decide(&context, now)?
        };
        let mut batch = Batch::new(ids, owner_actor(consultant_id), now).events(
            consultant_stream(consultant_id),
            loaded.version,
            &events,
        );
        for (key, value) in payloads {
            batch = batch.side(SideWrite::PutPayload {
                subject: consultant_id,
                key,
                value,
            });
        }
        batch.commit(app).await
    })
    .await;
    or_already_applied(app, ids, result).await
}

/// Title, names, gender, phone, spoken languages, time zone.
pub async fn save_basic_profile(
    app: &AppState,
    ids: &Ids,
    consultant_id: Uuid,
    form: BasicProfileForm,
) -> Result<Position, CommandError> {
    let key = payload_key(ids, "basic_profile");
    run(app, ids, consultant_id, Vec::new(), |context, now| {
        let basic = form.parse(context)?;
        let events = rules::save_basic_profile(
            context.current,
            &basic,
            payload_ref(consultant_id, &key),
            now,
        )?;
        Ok((events, vec![(key.clone(), json(&basic.details)?)]))
    })
    .await
}

/// Country and city from the reference lists, street and postal code.
pub async fn save_address(
    app: &AppState,
    ids: &Ids,
    consultant_id: Uuid,
    form: AddressForm,
) -> Result<Position, CommandError> {
    let key = payload_key(ids, "address");
    let mut references = Vec::new();
    references.extend(form.country_id.map(|id| (ReferenceKind::Country, id)));
    references.extend(form.city_id.map(|id| (ReferenceKind::City, id)));
    run(app, ids, consultant_id, references, |context, now| {
        let address = form.parse(context)?;
        let events = rules::save_address(
            context.current,
            &address,
            payload_ref(consultant_id, &key),
            now,
        )?;
        Ok((events, vec![(key.clone(), json(&address.postal)?)]))
    })
    .await
}

/// Adds a degree; returns its id.
pub async fn add_degree(
    app: &AppState,
    ids: &Ids,
    consultant_id: Uuid,
    form: DegreeForm,
) -> Result<(Uuid, Position), CommandError> {
    let degree_id = ids.id("degree");
    let position = run(app, ids, consultant_id, Vec::new(), |context, now| {
        let degree = form.parse(context)?;
        let events = rules::add_degree(context.current, degree_id, &degree, now)?;
        Ok((events, Vec::new()))
    })
    .await?;
    Ok((degree_id, position))
}

pub async fn edit_degree(
    app: &AppState,
    ids: &Ids,
    consultant_id: Uuid,
    degree_id: Uuid,
    form: DegreeForm,
) -> Result<Position, CommandError> {
    run(app, ids, consultant_id, Vec::new(), |context, now| {
        let degree = form.parse(context)?;
        let events = rules::edit_degree(context.current, degree_id, &degree, now)?;
        Ok((events, Vec::new()))
    })
    .await
}

pub async fn remove_degree(
    app: &AppState,
    ids: &Ids,
    consultant_id: Uuid,
    degree_id: Uuid,
) -> Result<Position, CommandError> {
    run(app, ids, consultant_id, Vec::new(), |context, now| {
        Ok((
            rules::remove_degree(context.current, degree_id, now)?,
            Vec::new(),
        ))
    })
    .await
}

/// A certificate's decision: its number (if any) as a payload of its own.
fn certificate_payload(
    consultant_id: Uuid,
    key: &str,
    certificate: &CertificateEntry,
) -> Result<(Option<PayloadRef>, Payloads), CommandError> {
    match &certificate.number {
        Some(number) => Ok((
            Some(payload_ref(consultant_id, key)),
            vec![(key.to_owned(), json(number)?)],
        )),
        None => Ok((None, Vec::new())),
    }
}

/// Adds a certificate; returns its id.
pub async fn add_certificate(
    app: &AppState,
    ids: &Ids,
    consultant_id: Uuid,
    form: CertificateForm,
) -> Result<(Uuid, Position), CommandError> {
    let certificate_id = ids.id("certificate");
    let key = payload_key(ids, "certificate");
    let position = run(app, ids, consultant_id, Vec::new(), |context, now| {
        let certificate = form.parse(context)?;
        let (number, payloads) = certificate_payload(consultant_id, &key, &certificate)?;
        let events =
            rules::add_certificate(context.current, certificate_id, &certificate, number, now)?;
        Ok((events, payloads))
    })
    .await?;
    Ok((certificate_id, position))
}

pub async fn edit_certificate(
    app: &AppState,
    ids: &Ids,
    consultant_id: Uuid,
    certificate_id: Uuid,
    form: CertificateForm,
) -> Result<Position, CommandError> {
    let key = payload_key(ids, "certificate");
    run(app, ids, consultant_id, Vec::new(), |context, now| {
        let certificate = form.parse(context)?;
        let (number, payloads) = certificate_payload(consultant_id, &key, &certificate)?;
        let events =
            rules::edit_certificate(context.current, certificate_id, &certificate, number, now)?;
        Ok((events, payloads))
    })
    .await
}

pub async fn remove_certificate(
    app: &AppState,
    ids: &Ids,
    consultant_id: Uuid,
    certificate_id: Uuid,
) -> Result<Position, CommandError> {
    run(app, ids, consultant_id, Vec::new(), |context, now| {
        Ok((
            rules::remove_certificate(context.current, certificate_id, now)?,
            Vec::new(),
        ))
    })
    .await
}

/// Every bank field (one payload) and the bank's attachment.
pub async fn save_bank(
    app: &AppState,
    ids: &Ids,
    consultant_id: Uuid,
    form: BankForm,
) -> Result<Position, CommandError> {
    let key = payload_key(ids, "bank");
    run(app, ids, consultant_id, Vec::new(), |context, now| {
        let bank = form.parse(context)?;
        let events = rules::save_bank_details(
            context.current,
            &bank,
            payload_ref(consultant_id, &key),
            now,
        )?;
        Ok((events, vec![(key.clone(), json(&bank.details)?)]))
    })
    .await
}

/// What the directory shows: texts (one payload), topics, photo, resume,
/// price, session duration, languages, first consultation free.
pub async fn save_details(
    app: &AppState,
    ids: &Ids,
    consultant_id: Uuid,
    form: ProfileDetailsForm,
) -> Result<Position, CommandError> {
    let key = payload_key(ids, "profile_details");
    let references: Vec<(ReferenceKind, Uuid)> = [
        (ReferenceKind::Keyword, &form.keyword_ids),
        (ReferenceKind::Objective, &form.objective_ids),
        (ReferenceKind::Disorder, &form.disorder_ids),
        (ReferenceKind::Specialisation, &form.specialisation_ids),
    ]
    .into_iter()
    .flat_map(|(kind, list)| list.iter().map(move |id| (kind, *id)))
    .collect();
    run(app, ids, consultant_id, references, |context, now| {
        let details = form.parse(context)?;
        let events = rules::save_profile_details(
            context.current,
            &details,
            payload_ref(consultant_id, &key),
            now,
        )?;
        Ok((events, vec![(key.clone(), json(&details.texts)?)]))
    })
    .await
}

/// The filled-in contract, the ID document and its number, the criminal record.
pub async fn save_documents(
    app: &AppState,
    ids: &Ids,
    consultant_id: Uuid,
    form: DocumentsForm,
) -> Result<Position, CommandError> {
    let key = payload_key(ids, "documents");
    run(app, ids, consultant_id, Vec::new(), |context, now| {
        let documents = form.parse(context)?;
        let events = rules::save_documents(
            context.current,
            &documents,
            payload_ref(consultant_id, &key),
            now,
        )?;
        Ok((events, vec![(key.clone(), json(&documents.id_number)?)]))
    })
    .await
}
