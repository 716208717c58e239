//! Parsed value types: once built, they are valid (STYLE 5, parse don't validate).

mod choice;
mod email;
mod locale;
mod password;
mod person;
mod phone;

pub use choice::{ContactMethod, Gender, Title};
pub use email::Email;
pub use locale::{CountryCode, Language, LanguageCode, TimeZone};
pub use password::Password;
pub use person::{DateOfBirth, PersonName, YearsOfExperience};
pub use phone::PhoneNumber;
