//! The one error envelope and the one list envelope of the API, with every
//! error text translated into the request's language.

use std::collections::BTreeMap;

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::CorrelationId;
use crate::lang::Lang;
use crate::messages::message;

/// `{"error": {...}}`: what every failed request answers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ErrorEnvelope {
    /// The error.
    pub error: ErrorBody,
}

/// A failure: a stable code, a translated message, translated field errors
/// for forms (keyed by the request's field names) and a correlation id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ErrorBody {
    /// Stable, machine-readable code, e.g. `validation_failed`.
    pub code: String,
    /// The code's text in the request's language.
    pub message: String,
    /// Field name → translated problem; absent unless a form failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, String>>,
    /// The request's correlation id, for support.
    pub correlation_id: Uuid,
}

/// One field's problem: a message code and its placeholder values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    /// Message code, e.g. `field.too_long`.
    pub code: String,
    /// Placeholder values, e.g. `("max", "80")`.
    pub args: Vec<(String, String)>,
}

/// Field name → its problem.
pub type FieldErrors = BTreeMap<String, FieldError>;

impl FieldError {
    /// A field error without placeholders.
    pub fn new(code: impl Into<String>) -> Self {
        FieldError {
            code: code.into(),
            args: Vec::new(),
        }
    }

    /// Adds a placeholder value.
    #[must_use]
    pub fn arg(mut self, name: impl Into<String>, value: impl ToString) -> Self {
        self.args.push((name.into(), value.to_string()));
        self
    }

    fn text(&self, lang: Lang) -> String {
        let args: Vec<(&str, &str)> = self
            .args
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        message(lang, &self.code, &args)
    }
}

impl From<&str> for FieldError {
    fn from(code: &str) -> Self {
        FieldError::new(code)
    }
}

impl ErrorBody {
    /// Translates `code` and every field error into `lang`.
    pub fn new(
        code: &str,
        lang: Lang,
        fields: &FieldErrors,
        correlation_id: CorrelationId,
    ) -> Self {
        let fields = (!fields.is_empty()).then(|| {
            fields
                .iter()
                .map(|(name, error)| (name.clone(), error.text(lang)))
                .collect()
        });
        ErrorBody {
            code: code.to_owned(),
            message: message(lang, code, &[]),
            fields,
            correlation_id: correlation_id.0,
        }
    }
}

/// The error envelope as a response with `status`.
pub fn error_response(
    status: StatusCode,
    code: &str,
    lang: Lang,
    fields: FieldErrors,
    correlation_id: CorrelationId,
) -> Response {
    let error = ErrorBody::new(code, lang, &fields, correlation_id);
    let mut response = (status, Json(ErrorEnvelope { error })).into_response();
    // Every 503 is a passing state (busy, read models catching up); a 429
    // whose wait is not known precisely (a code's resend delay) says a minute.
    // A failure that knows its wait sets the header itself (kept by `render_errors`).
    let retry_after = match status {
        StatusCode::SERVICE_UNAVAILABLE => Some("1"),
        StatusCode::TOO_MANY_REQUESTS => Some("60"),
        _ => None,
    };
    if let Some(seconds) = retry_after {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static(seconds));
    }
    response
}

/// `{"items": [...], "total": 120, "page": 1, "page_size": 20}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ListEnvelope<T> {
    /// This page's items.
    pub items: Vec<T>,
    /// How many items match, over all pages.
    pub total: u64,
    /// The page number, from 1.
    pub page: u32,
    /// The page size asked for.
    pub page_size: u32,
}

#[cfg(test)]
mod tests {
    use axum::body::to_bytes;
    use serde_json::{Value, json};

    use super::*;

    async fn body(response: Response) -> Value {
        serde_json::from_slice(&to_bytes(response.into_body(), 64 * 1024).await.unwrap()).unwrap()
    }

    #[tokio::test]
    async fn error_response_translates_code_and_fields() {
        let id = CorrelationId::new();
        let fields = FieldErrors::from([
            ("email".to_owned(), FieldError::new("email.invalid")),
            (
                "given_name".to_owned(),
                FieldError::new("field.too_long").arg("max", 80),
            ),
        ]);

        let response = error_response(
            StatusCode::UNPROCESSABLE_ENTITY,
            "validation_failed",
            Lang::Fr,
            fields,
            id,
        );

        assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            body(response).await,
            json!({"error": {
                "code": "validation_failed",
                "message": "Le formulaire contient des erreurs.",
                "fields": {
                    "email": "Adresse e-mail invalide.",
                    "given_name": "Ce champ ne doit pas dépasser 80 caractères."
                },
                "correlation_id": id.to_string()
            }})
        );
    }

    #[tokio::test]
    async fn fields_are_absent_when_there_are_none() {
        let response = error_response(
            StatusCode::UNAUTHORIZED,
            "not_signed_in",
            Lang::En,
            FieldErrors::new(),
            CorrelationId::new(),
        );
        let error = &body(response).await["error"];
        assert_eq!(error["message"], "Please sign in.");
        assert!(error.get("fields").is_none());
    }

    #[test]
    fn list_envelope_has_the_documented_shape() {
        let list = ListEnvelope {
            items: vec![1, 2],
            total: 120,
            page: 1,
            page_size: 20,
        };
        assert_eq!(
            serde_json::to_value(&list).unwrap(),
            json!({"items": [1, 2], "total": 120, "page": 1, "page_size": 20})
        );
    }
}
