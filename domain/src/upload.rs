//! Upload records (DESIGN §5). Each account has one stream of the files it
//! uploaded; sections that attach a file resolve the key through it
//! ([`Uploads`] is a [`FileLookup`]), never through what the request says.
//!
//! Forgettable-safe: an event holds the server-made key (subject id and a
//! random id), the type found from the bytes, the size, the kind and a
//! display name made from the kind (`resume.pdf`), never the sent file name.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::codec::EventSchema;
use crate::values::{FileKind, FileLookup, FileRef};
use crate::{DomainError, FieldErrors};

/// The stream category of an account's uploads: `uploads-{account id}`.
pub const CATEGORY: &str = "uploads";

/// The form field an upload's errors are reported under.
pub const FIELD: &str = "file";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum UploadEvent {
    FileUploaded {
        key: String,
        content_type: String,
        size: u64,
        kind: FileKind,
        /// Display name, `{kind}.{ext}`.
        name: String,
        at: DateTime<Utc>,
    },
}

impl EventSchema for UploadEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

/// What was found in the bytes of an upload, before it is kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inspected {
    /// `application/pdf`, `image/jpeg`, `image/png`, or `None` for anything else.
    pub content_type: Option<&'static str>,
    pub size: u64,
}

/// Decides an upload of `kind` by `owner`: the file must fit the kind
/// (size, type: [`FileRef::check`]); `random` names it. Errors are field
/// errors of [`FIELD`].
pub fn upload(
    owner: Uuid,
    kind: FileKind,
    found: &Inspected,
    random: Uuid,
    now: DateTime<Utc>,
) -> Result<UploadEvent, DomainError> {
    let content_type = found.content_type.unwrap_or("application/octet-stream");
    let extension = extension(content_type).unwrap_or("bin");
    let file = FileRef {
        key: format!("{}{random}.{extension}", FileRef::subject_prefix(owner)),
        content_type: content_type.to_owned(),
        size: found.size,
    }
    .check(kind, owner)
    .map_err(|e| {
        let mut errors = FieldErrors::default();
        errors.add(FIELD, e);
        DomainError::Invalid(errors)
    })?;
    Ok(UploadEvent::FileUploaded {
        key: file.key,
        content_type: file.content_type,
        size: file.size,
        kind,
        name: format!("{}.{extension}", kind_name(kind)),
        at: now,
    })
}

/// The usual extension of an accepted type.
pub fn extension(content_type: &str) -> Option<&'static str> {
    match content_type {
        crate::values::file_types::PDF => Some("pdf"),
        crate::values::file_types::JPEG => Some("jpg"),
        crate::values::file_types::PNG => Some("png"),
        crate::values::file_types::ICO => Some("ico"),
        _ => None,
    }
}

fn kind_name(kind: FileKind) -> &'static str {
    match kind {
        FileKind::Degree => "degree",
        FileKind::Certificate => "certificate",
        FileKind::ProfilePhoto => "profile_photo",
        FileKind::Resume => "resume",
        FileKind::Contract => "contract",
        FileKind::IdDocument => "id_document",
        FileKind::CriminalRecord => "criminal_record",
        FileKind::BankAttachment => "bank_attachment",
        FileKind::ConsentForm => "consent_form",
        FileKind::ComplaintAttachment => "complaint_attachment",
        FileKind::BlogCover => "blog_cover",
        FileKind::SiteLogo => "site_logo",
        FileKind::Favicon => "favicon",
        FileKind::CatalogueImage => "catalogue_image",
        FileKind::DigitalProductFile => "digital_product_file",
    }
}

/// An account's uploaded files by key: the lookup section commands use.
#[derive(Clone, Debug, Default)]
pub struct Uploads {
    files: HashMap<String, FileRef>,
}

impl Uploads {
    pub fn evolve(mut self, event: &UploadEvent) -> Self {
        match event {
            UploadEvent::FileUploaded {
                key,
                content_type,
                size,
                ..
            } => {
                self.files.insert(
                    key.clone(),
                    FileRef {
                        key: key.clone(),
                        content_type: content_type.clone(),
                        size: *size,
                    },
                );
            }
        }
        self
    }
}

impl FileLookup for Uploads {
    fn file(&self, key: &str) -> Option<FileRef> {
        self.files.get(key).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::file_types::{PDF, PNG};

    fn owner() -> Uuid {
        Uuid::from_u128(0xC0)
    }

    fn now() -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000, 0).unwrap()
    }

    fn found(content_type: Option<&'static str>, size: u64) -> Inspected {
        Inspected { content_type, size }
    }

    fn field_code(result: Result<UploadEvent, DomainError>) -> &'static str {
        match result {
            Err(DomainError::Invalid(errors)) => errors.0[FIELD].code,
            other => panic!("expected a field error, got {other:?}"),
        }
    }

    #[test]
    fn an_accepted_upload_is_keyed_under_its_owner_with_a_display_name_from_its_kind() {
        let random = Uuid::from_u128(7);
        let event = upload(
            owner(),
            FileKind::Resume,
            &found(Some(PDF), 10),
            random,
            now(),
        )
        .unwrap();
        assert_eq!(
            event,
            UploadEvent::FileUploaded {
                key: format!("subjects/{}/{random}.pdf", owner()),
                content_type: PDF.into(),
                size: 10,
                kind: FileKind::Resume,
                name: "resume.pdf".into(),
                at: now(),
            }
        );
        let uploads = Uploads::default().evolve(&event);
        let key = format!("subjects/{}/{random}.pdf", owner());
        assert_eq!(uploads.file(&key).unwrap().size, 10);
        assert_eq!(uploads.file("subjects/other.pdf"), None);
    }

    #[test]
    fn refusals_name_the_file_field() {
        let random = Uuid::from_u128(7);
        let resume = |f: Inspected| upload(owner(), FileKind::Resume, &f, random, now());
        assert_eq!(
            field_code(resume(found(Some(PNG), 10))),
            "file.type_not_allowed"
        );
        assert_eq!(field_code(resume(found(None, 10))), "file.type_not_allowed");
        assert_eq!(field_code(resume(found(None, 0))), "file.empty");
        assert_eq!(
            field_code(resume(found(Some(PDF), 10 * 1024 * 1024 + 1))),
            "file.too_large"
        );
    }
}
