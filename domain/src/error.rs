//! Errors of the domain: a broken rule (stable code) or invalid fields.
//! Services translate the codes; the domain never formats user text.

use std::collections::BTreeMap;

/// One invalid field: a message code from the catalogues plus its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    pub code: &'static str,
    pub args: Vec<(&'static str, String)>,
}

impl FieldError {
    pub fn new(code: &'static str) -> Self {
        Self {
            code,
            args: Vec::new(),
        }
    }
    pub fn with(mut self, name: &'static str, value: impl ToString) -> Self {
        self.args.push((name, value.to_string()));
        self
    }
}

/// Field name → first error found for it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldErrors(pub BTreeMap<String, FieldError>);

impl FieldErrors {
    pub fn add(&mut self, field: &str, error: FieldError) {
        self.0.entry(field.to_owned()).or_insert(error);
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Records the error of `result` under `field` and returns its value.
    pub fn check<T>(&mut self, field: &str, result: Result<T, FieldError>) -> Option<T> {
        result.map_err(|e| self.add(field, e)).ok()
    }
    pub fn into_result(self) -> Result<(), DomainError> {
        if self.is_empty() {
            Ok(())
        } else {
            Err(DomainError::Invalid(self))
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DomainError {
    #[error("invalid fields: {0:?}")]
    Invalid(FieldErrors),
    /// A business rule refuses the command; the code is stable (docs/api.md).
    #[error("rule refused: {0}")]
    Rule(&'static str),
}

impl DomainError {
    pub fn field(field: &str, error: FieldError) -> Self {
        let mut errors = FieldErrors::default();
        errors.add(field, error);
        DomainError::Invalid(errors)
    }
}
