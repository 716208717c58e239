//! Uploaded files as the domain sees them (DESIGN §5). The application checks
//! the bytes (magic numbers) and size when the file is uploaded and stores it
//! under `subjects/{owner id}/…`; the domain receives the resulting
//! [`FileRef`] and checks that it belongs to the subject and that its type and
//! size are allowed for the use it is put to ([`FileKind`]).

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::FieldError;

pub const PDF: &str = "application/pdf";
pub const JPEG: &str = "image/jpeg";
pub const PNG: &str = "image/png";
/// Windows icon, for the favicon only.
pub const ICO: &str = "image/x-icon";

/// A stored file: server-made key, content type found from its bytes, size.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FileRef {
    pub key: String,
    pub content_type: String,
    pub size: u64,
}

/// What an uploaded file is for; each use allows its own types and size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FileKind {
    /// Degree scan: JPG or PNG (spec §5).
    Degree,
    Certificate,
    ProfilePhoto,
    /// Resume: PDF (spec §5).
    Resume,
    /// The filled-in contract: PDF (spec §2, document page).
    Contract,
    IdDocument,
    CriminalRecord,
    BankAttachment,
    /// The client's filled-in consent form: PDF (spec §1, §5).
    ConsentForm,
    /// A document attached to a complaint, a statement or an answer:
    /// PDF, JPG or PNG (docs/complaints.md).
    ComplaintAttachment,
    /// A blog post's cover: JPG or PNG, shown to every visitor.
    BlogCover,
    /// The site's logos (header, footer, e-mails): JPG or PNG, shown to everyone.
    SiteLogo,
    /// The browser tab's icon: PNG or ICO.
    Favicon,
    /// A lifestyle catalogue item's picture: JPG or PNG, shown to everyone.
    CatalogueImage,
    /// The file a digital product delivers to its buyers: PDF.
    DigitalProductFile,
}

impl FileKind {
    const MIB: u64 = 1024 * 1024;

    pub fn allowed_types(self) -> &'static [&'static str] {
        match self {
            FileKind::Degree | FileKind::ProfilePhoto | FileKind::BlogCover => &[JPEG, PNG],
            FileKind::Resume
            | FileKind::Contract
            | FileKind::ConsentForm
            | FileKind::DigitalProductFile => &[PDF],
            FileKind::Certificate
            | FileKind::IdDocument
            | FileKind::CriminalRecord
            | FileKind::BankAttachment
            | FileKind::ComplaintAttachment => &[PDF, JPEG, PNG],
            FileKind::SiteLogo | FileKind::CatalogueImage => &[JPEG, PNG],
            FileKind::Favicon => &[PNG, ICO],
        }
    }

    /// The largest file accepted: 1 MiB for a logo or icon, 2 MiB for a catalogue picture, 5 MiB for a photo or cover, 10 MiB otherwise.
    pub fn max_bytes(self) -> u64 {
        match self {
            FileKind::ProfilePhoto | FileKind::BlogCover => 5 * Self::MIB,
            FileKind::SiteLogo | FileKind::Favicon => Self::MIB,
            FileKind::CatalogueImage => 2 * Self::MIB,
            _ => 10 * Self::MIB,
        }
    }

    /// The allowed formats as users know them, `"JPG, PNG"`.
    pub fn allowed_names(self) -> String {
        self.allowed_types()
            .iter()
            .map(|t| match *t {
                PDF => "PDF",
                JPEG => "JPG",
                ICO => "ICO",
                _ => "PNG",
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Finds what the application knows of an uploaded file, by key. The
/// application fills it from its upload records, never from the request.
pub trait FileLookup {
    fn file(&self, key: &str) -> Option<FileRef>;
}

impl<F: Fn(&str) -> Option<FileRef>> FileLookup for F {
    fn file(&self, key: &str) -> Option<FileRef> {
        self(key)
    }
}

impl FileRef {
    /// The key prefix of every file of a subject, so forgetting deletes one prefix.
    pub fn subject_prefix(owner: Uuid) -> String {
        format!("subjects/{owner}/")
    }

    /// Resolves `key` through `files` and checks the file for `kind` and `owner`.
    pub fn resolve(
        key: &str,
        kind: FileKind,
        owner: Uuid,
        files: &dyn FileLookup,
    ) -> Result<FileRef, FieldError> {
        let key = key.trim();
        if key.is_empty() {
            return Err(FieldError::new("field.required"));
        }
        let file = files
            .file(key)
            .ok_or_else(|| FieldError::new("file.invalid"))?;
        file.check(kind, owner)
    }

    /// Checks ownership, size and type for `kind`.
    pub fn check(self, kind: FileKind, owner: Uuid) -> Result<FileRef, FieldError> {
        if !self.key.starts_with(&Self::subject_prefix(owner)) || self.key.contains("..") {
            return Err(FieldError::new("file.invalid"));
        }
        // Size first: an empty file has no type to speak of.
        if self.size == 0 {
            return Err(FieldError::new("file.empty"));
        }
        if self.size > kind.max_bytes() {
            return Err(
                FieldError::new("file.too_large").with("max_mb", kind.max_bytes() / FileKind::MIB)
            );
        }
        if !kind.allowed_types().contains(&self.content_type.as_str()) {
            return Err(
                FieldError::new("file.type_not_allowed").with("allowed", kind.allowed_names())
            );
        }
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owner() -> Uuid {
        Uuid::from_u128(0xC0)
    }

    fn stored(name: &str, content_type: &str) -> FileRef {
        FileRef {
            key: format!("{}{name}", FileRef::subject_prefix(owner())),
            content_type: content_type.into(),
            size: 1000,
        }
    }

    #[test]
    fn a_degree_scan_must_be_a_jpg_or_png_image() {
        assert!(
            stored("d.png", PNG)
                .check(FileKind::Degree, owner())
                .is_ok()
        );
        assert_eq!(
            stored("d.pdf", PDF)
                .check(FileKind::Degree, owner())
                .unwrap_err(),
            FieldError::new("file.type_not_allowed").with("allowed", "JPG, PNG")
        );
    }

    #[test]
    fn a_resume_and_a_contract_must_be_pdf() {
        assert!(
            stored("r.pdf", PDF)
                .check(FileKind::Resume, owner())
                .is_ok()
        );
        assert!(
            stored("c.jpg", JPEG)
                .check(FileKind::Contract, owner())
                .is_err()
        );
    }

    #[test]
    fn empty_and_oversized_files_are_refused() {
        let empty = FileRef {
            size: 0,
            ..stored("e.pdf", PDF)
        };
        assert_eq!(
            empty.check(FileKind::Resume, owner()).unwrap_err().code,
            "file.empty"
        );
        let big = FileRef {
            size: 5 * 1024 * 1024 + 1,
            ..stored("p.jpg", JPEG)
        };
        assert_eq!(
            big.check(FileKind::ProfilePhoto, owner()).unwrap_err(),
            FieldError::new("file.too_large").with("max_mb", 5)
        );
    }

    #[test]
    fn a_file_of_another_subject_is_refused() {
        let other = FileRef {
            key: format!("subjects/{}/x.pdf", Uuid::from_u128(1)),
            ..stored("x.pdf", PDF)
        };
        assert_eq!(
            other.check(FileKind::Resume, owner()).unwrap_err().code,
            "file.invalid"
        );
        let escape = stored("../../other/x.pdf", PDF);
        assert_eq!(
            escape.check(FileKind::Resume, owner()).unwrap_err().code,
            "file.invalid"
        );
    }

    #[test]
    fn a_key_the_application_does_not_know_is_refused() {
        let none = |_: &str| None;
        assert_eq!(
            FileRef::resolve("subjects/x", FileKind::Resume, owner(), &none)
                .unwrap_err()
                .code,
            "file.invalid"
        );
        assert_eq!(
            FileRef::resolve(" ", FileKind::Resume, owner(), &none)
                .unwrap_err()
                .code,
            "field.required"
        );
    }
}
