//! Documents: the filled-in contract (PDF), the identity document's number
//! and scan, and a criminal record extract.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{Context, edited};
use crate::account::PayloadRef;
use crate::consultant::{Consultant, ConsultantEvent, Section};
use crate::values::{FileKind, FileRef, text};
use crate::{DomainError, FieldErrors};

#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct DocumentsForm {
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub contract_key: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub id_number: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub id_attachment_key: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub criminal_record_key: String,
}

/// The identity document's number, kept as a forgettable payload.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IdNumber {
    pub id_number: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Documents {
    pub contract: FileRef,
    pub id_number: IdNumber,
    pub id_attachment: FileRef,
    pub criminal_record: FileRef,
}

impl DocumentsForm {
    pub fn parse(&self, context: &Context<'_>) -> Result<Documents, DomainError> {
        let mut e = FieldErrors::default();
        let contract = e.check(
            "contract_key",
            context.file(&self.contract_key, FileKind::Contract),
        );
        let id_number = e.check("id_number", text::code(&self.id_number, 50));
        let id_attachment = e.check(
            "id_attachment_key",
            context.file(&self.id_attachment_key, FileKind::IdDocument),
        );
        let criminal_record = e.check(
            "criminal_record_key",
            context.file(&self.criminal_record_key, FileKind::CriminalRecord),
        );
        e.into_result()?;
        let parsed = (|| {
            Some(Documents {
                contract: contract?,
                id_number: IdNumber {
                    id_number: id_number?,
                },
                id_attachment: id_attachment?,
                criminal_record: criminal_record?,
            })
        })();
        Ok(parsed.expect("every field parsed"))
    }
}

/// Saves the documents; `payload` holds `documents.id_number`.
pub fn save_documents(
    consultant: &Consultant,
    documents: &Documents,
    payload: PayloadRef,
    now: DateTime<Utc>,
) -> Result<Vec<ConsultantEvent>, DomainError> {
    let event = ConsultantEvent::DocumentsUpdated {
        contract: documents.contract.clone(),
        id_number: payload,
        id_attachment: documents.id_attachment.clone(),
        criminal_record: documents.criminal_record.clone(),
        at: now,
    };
    edited(consultant, Section::Documents, vec![event], now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::consultant::testing::*;

    fn form() -> DocumentsForm {
        DocumentsForm {
            contract_key: key("contract.pdf"),
            id_number: "12AB34567".into(),
            id_attachment_key: key("id.jpg"),
            criminal_record_key: key("record.pdf"),
        }
    }

    #[test]
    fn every_document_is_required() {
        let e = field_errors(DocumentsForm::default().parse(&context(&Consultant::default())));
        let fields: Vec<&str> = e.0.keys().map(String::as_str).collect();
        assert_eq!(
            fields,
            [
                "contract_key",
                "criminal_record_key",
                "id_attachment_key",
                "id_number"
            ]
        );
        let documents = form().parse(&context(&Consultant::default())).unwrap();
        let events =
            save_documents(&Consultant::default(), &documents, payload("id"), at(0)).unwrap();
        assert!(given(&events).is_complete(Section::Documents));
    }

    #[test]
    fn the_contract_must_be_a_pdf() {
        let image = DocumentsForm {
            contract_key: key("contract.jpg"),
            ..form()
        };
        let e = field_errors(image.parse(&context(&Consultant::default())));
        assert_eq!(
            e.0["contract_key"],
            crate::FieldError::new("file.type_not_allowed").with("allowed", "PDF")
        );
    }

    #[test]
    fn the_id_number_keeps_to_letters_digits_and_separators() {
        let odd = DocumentsForm {
            id_number: "12<34".into(),
            ..form()
        };
        assert_eq!(
            field_errors(odd.parse(&context(&Consultant::default()))).0["id_number"].code,
            "field.invalid"
        );
    }
}
