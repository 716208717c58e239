//! Parsed value types: once built, they are valid (STYLE 5, parse don't validate).

mod bank;
pub(crate) mod choice;
mod email;
mod file;
mod locale;
mod money;
mod password;
mod period;
mod person;
mod phone;
pub mod text;
mod web;
pub mod window;

pub use bank::{Bic, Iban, mask_iban, mask_tail};
pub use choice::{ContactMethod, Gender, Title};
pub use email::Email;
pub use file::{FileKind, FileLookup, FileRef};
/// The accepted file types, found from the bytes of an upload.
pub mod file_types {
    pub use super::file::{ICO, JPEG, PDF, PNG};
}
pub use locale::{CountryCode, Language, LanguageCode, TimeZone};
pub use money::{Currency, Money};
pub use password::Password;
pub use period::{AwardYear, SessionDuration};
pub use person::{DateOfBirth, PersonName, YearsOfExperience};
pub use phone::PhoneNumber;
pub use web::WebUrl;
