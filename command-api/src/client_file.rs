//! The client's file (docs/api.md "Client file"): the filled consent form,
//! the health assessment and the general information, on the client's
//! `clientfile-{client id}` stream. The answers are written to the
//! forgettable payload store in the same append as the event that
//! references them, under a key of their own (payload values never change
//! once written).

use domain::account::{PayloadRef, Role};
use domain::client_file::{
    self, CATEGORY, ClientFile, ClientFileEvent, GeneralInfoForm, HealthAssessmentForm,
};
use store::{Position, SideWrite, StreamId};
use uuid::Uuid;

use crate::AppState;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, Loaded, already_applied, load, with_retry};
use crate::ids::Ids;

pub fn client_file_stream(client_id: Uuid) -> StreamId {
    StreamId::new(CATEGORY, client_id)
}

/// The client's file as the domain sees it (what booking asks
/// `consent_form_uploaded()` of).
pub async fn load_client_file(
    app: &AppState,
    client_id: Uuid,
) -> Result<Loaded<ClientFile>, CommandError> {
    load::<ClientFileEvent, _>(app, &client_file_stream(client_id), ClientFile::evolve).await
}

fn owner(client_id: Uuid) -> Actor {
    Actor {
        id: Some(client_id),
        role: Role::Client.as_str(),
    }
}

/// Records the filled consent form: `file_key` must be a PDF the client
/// uploaded (`POST /api/client/files?kind=consent_form`). `None` when it
/// already was the client's consent form.
pub async fn upload_consent_form(
    app: &AppState,
    ids: &Ids,
    client_id: Uuid,
    file_key: &str,
) -> Result<Option<Position>, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(Some(position));
    }
    let files = crate::files::lookup(app, client_id).await?;
    with_retry(|| async {
        let now = app.clock.now();
        let file = load_client_file(app, client_id).await?;
        let events =
            client_file::upload_consent_form(&file.state, client_id, file_key, &files, now)?;
        if events.is_empty() {
            return Ok(None);
        }
        Batch::new(ids, owner(client_id), now)
            .events(client_file_stream(client_id), file.version, &events)
            .commit(app)
            .await
            .map(Some)
    })
    .await
}

/// Appends `events` with the payload `(key, value)` they reference.
async fn save_with_payload(
    app: &AppState,
    ids: &Ids,
    client_id: Uuid,
    decide: impl Fn(PayloadRef, chrono::DateTime<chrono::Utc>) -> Vec<ClientFileEvent>,
    key: &str,
    value: &str,
) -> Result<Position, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(position);
    }
    with_retry(|| async {
        let now = app.clock.now();
        let file = load_client_file(app, client_id).await?;
        let reference = PayloadRef {
            subject: client_id,
            key: key.to_owned(),
        };
        Batch::new(ids, owner(client_id), now)
            .events(
                client_file_stream(client_id),
                file.version,
                &decide(reference, now),
            )
            .side(SideWrite::PutPayload {
                subject: client_id,
                key: key.to_owned(),
                value: value.to_owned(),
            })
            .commit(app)
            .await
    })
    .await
}

/// The key of a new payload of `part`; the same again for a retried
/// request with the same `Idempotency-Key`.
fn payload_key(ids: &Ids, part: &str) -> String {
    format!("clientfile.{part}.{}", ids.id(&format!("payload-{part}")))
}

/// Saves the health assessment (answers as a payload).
pub async fn save_health_assessment(
    app: &AppState,
    ids: &Ids,
    client_id: Uuid,
    form: HealthAssessmentForm,
) -> Result<Position, CommandError> {
    let answers = form.parse()?;
    let value = serde_json::to_string(&answers).map_err(CommandError::internal)?;
    let key = payload_key(ids, "health_assessment");
    save_with_payload(
        app,
        ids,
        client_id,
        |reference, now| client_file::save_health_assessment(&answers, reference, now),
        &key,
        &value,
    )
    .await
}

/// Saves the general information (as a payload).
pub async fn save_general_info(
    app: &AppState,
    ids: &Ids,
    client_id: Uuid,
    form: GeneralInfoForm,
) -> Result<Position, CommandError> {
    let info = form.parse()?;
    let value = serde_json::to_string(&info).map_err(CommandError::internal)?;
    let key = payload_key(ids, "general_info");
    save_with_payload(
        app,
        ids,
        client_id,
        client_file::save_general_info,
        &key,
        &value,
    )
    .await
}
