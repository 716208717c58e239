//! Closed choices of the registration form (spec §3).

macro_rules! choice {
    ($(#[$m:meta])* $name:ident { $($variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum $name { $($variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
            pub fn parse(raw: &str) -> Result<Self, $crate::FieldError> {
                match raw.trim() {
                    "" => Err($crate::FieldError::new("field.required")),
                    $($text => Ok($name::$variant),)+
                    _ => Err($crate::FieldError::new("choice.invalid")),
                }
            }
        }
    };
}
pub(crate) use choice;

choice!(
    /// Mr, Ms, Dr.
    Title { Mr = "mr", Ms = "ms", Dr = "dr" }
);
choice!(Gender { Male = "male", Female = "female", Other = "other", NotDisclosing = "not_disclosing" });
choice!(
    /// Preferred type of contact; SMS and WhatsApp need a mobile number.
    ContactMethod { Email = "email", Phone = "phone", Sms = "sms", Whatsapp = "whatsapp" }
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_parse_their_own_text_only() {
        for title in Title::ALL {
            assert_eq!(Title::parse(title.as_str()), Ok(*title));
        }
        assert_eq!(Gender::parse("not_disclosing"), Ok(Gender::NotDisclosing));
        assert_eq!(
            ContactMethod::parse("fax").unwrap_err().code,
            "choice.invalid"
        );
        assert_eq!(Title::parse(" ").unwrap_err().code, "field.required");
    }
}
