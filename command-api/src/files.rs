//! Uploads (DESIGN §5): the bytes are checked (type from the magic numbers,
//! size per kind, by the domain), stored under a server-made key
//! `subjects/{account id}/{uuid}.{ext}`, and recorded as a `FileUploaded`
//! event in the account's `uploads-{account id}` stream. A blob whose record
//! could not be appended is deleted: a failed upload leaves nothing behind.
//!
//! Section commands that attach a file resolve the key the client sends
//! through [`lookup`], so what a file is comes from the upload record,
//! never from the request.

use domain::FieldError;
use domain::upload::{self, UploadEvent, Uploads};
use domain::values::FileKind;
use platform::files::content;
use serde::{Deserialize, Serialize};
use store::{Position, StreamId};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppState;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, load, with_retry};
use crate::ids::Ids;

/// The 201 answer of an upload: what a section's `*_key` field takes.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Uploaded {
    /// `subjects/{account id}/{uuid}.{ext}`.
    pub key: String,
    /// Found from the bytes: `application/pdf`, `image/jpeg` or `image/png`.
    pub content_type: String,
    pub size: u64,
    /// A display name made from the kind, `resume.pdf`.
    pub name: String,
}

/// The stream of `owner`'s upload records.
pub fn uploads_stream(owner: Uuid) -> StreamId {
    StreamId::new(upload::CATEGORY, owner)
}

/// The files `owner` uploaded, by key: the [`domain::values::FileLookup`]
/// to give the domain when a section names an attachment (`*_key`).
/// The section commands (`crate::consultant::sections`) pass it to the
/// domain's `Context` as `files`.
///
/// Loaded from the `uploads-{owner}` stream, so a key the client made up, or
/// one of another account, resolves to nothing (`file.invalid`), and the
/// type and size are those found at upload.
pub async fn lookup(app: &AppState, owner: Uuid) -> Result<Uploads, CommandError> {
    Ok(
        load::<UploadEvent, _>(app, &uploads_stream(owner), Uploads::evolve)
            .await?
            .state,
    )
}

/// The field error an upload refused before the domain saw it reports.
pub fn refused(error: FieldError) -> CommandError {
    let mut errors = domain::FieldErrors::default();
    errors.add(upload::FIELD, error);
    CommandError::Domain(domain::DomainError::Invalid(errors))
}

/// Checks, stores and records one upload of `kind` by `owner`.
pub async fn upload(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    owner: Uuid,
    kind: FileKind,
    bytes: Vec<u8>,
) -> Result<(Uploaded, Position), CommandError> {
    // A retry (same Idempotency-Key) of the same bytes makes the same key and
    // event ids, so it stores and records nothing new; other bytes under a
    // reused key are another upload.
    let ids = &ids.child(&content::fingerprint(&bytes));
    let now = app.clock.now();
    let event = upload::upload(owner, kind, &content::inspect(&bytes), ids.id("file"), now)?;
    let UploadEvent::FileUploaded {
        key,
        content_type,
        size,
        name,
        ..
    } = event.clone();
    app.files
        .put(&key, bytes)
        .await
        .map_err(CommandError::internal)?;
    let stream = uploads_stream(owner);
    let appended = with_retry(|| async {
        let version = load::<UploadEvent, _>(app, &stream, Uploads::evolve)
            .await?
            .version;
        Batch::new(ids, actor, now)
            .events(stream.clone(), version, std::slice::from_ref(&event))
            .commit(app)
            .await
    })
    .await;
    match appended {
        Ok(position) => Ok((
            Uploaded {
                key,
                content_type,
                size,
                name,
            },
            position,
        )),
        Err(error) => {
            if let Err(cleanup) = app.files.delete(&key).await {
                tracing::error!(error = %cleanup, file.key = %key, "unrecorded upload not deleted");
            }
            Err(error)
        }
    }
}
