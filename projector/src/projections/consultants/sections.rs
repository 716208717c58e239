//! Each profile section as the API shows it: the event's fields merged with
//! its payload's. When the payload is gone (the consultant was forgotten)
//! the personal fields read [`ERASED`]; [`erase`] turns a stored section into
//! exactly that, so a live projection and a rebuild agree.

use domain::account::PersonalProfile;
use domain::consultant::sections::BasicDetails;
use serde_json::{Map, Value, json};

use crate::projections::ERASED;

/// The personal fields (those read from a payload) of each section column.
pub const BASIC_PERSONAL: &[&str] = &[
    "title",
    "gender",
    "given_name",
    "family_name",
    "isd_code",
    "contact_number",
];
pub const ADDRESS_PERSONAL: &[&str] = &[
    "house_number",
    "street_name",
    "street_name_2",
    "postal_code",
];
pub const BANK_PERSONAL: &[&str] = &[
    "payment_currency",
    "tax_number",
    "bank_name",
    "agency_name",
    "agency_address",
    "swift_bic",
    "account_number",
    "branch_code",
    "iban",
    "control_key",
    "account_holder",
    "account_currency",
];
pub const DETAILS_PERSONAL: &[&str] = &[
    "bio",
    "background",
    "expertise",
    "bio_en",
    "background_en",
    "expertise_en",
    "video_url",
];
pub const DOCUMENTS_PERSONAL: &[&str] = &["id_number"];

/// The section columns and their personal fields.
pub const COLUMNS: &[(&str, &[&str])] = &[
    ("basic_profile", BASIC_PERSONAL),
    ("address", ADDRESS_PERSONAL),
    ("bank", BANK_PERSONAL),
    ("profile_details", DETAILS_PERSONAL),
    ("documents", DOCUMENTS_PERSONAL),
];

/// `public` with each personal field taken from `personal`, or erased.
pub fn merge(public: Value, personal: Option<&Value>, fields: &[&str]) -> Value {
    let mut object = match public {
        Value::Object(object) => object,
        _ => Map::new(),
    };
    for field in fields {
        let value = match personal {
            Some(personal) => personal.get(*field).cloned().unwrap_or(Value::Null),
            None => Value::String(ERASED.into()),
        };
        object.insert((*field).to_owned(), value);
    }
    Value::Object(object)
}

/// A stored section with its personal fields erased.
pub fn erase(stored: &str, fields: &[&str]) -> String {
    let value: Value = serde_json::from_str(stored).unwrap_or(Value::Null);
    merge(value, None, fields).to_string()
}

/// The basic profile's personal part as the form has it (the phone split
/// into prefix and number).
pub fn basic_personal(raw: &str) -> Option<Value> {
    let details: BasicDetails = serde_json::from_str(raw).ok()?;
    let (isd_code, contact_number) = details.phone.parts();
    Some(json!({
        "title": details.title,
        "gender": details.gender,
        "given_name": details.given_name.as_str(),
        "family_name": details.family_name.as_str(),
        "isd_code": isd_code,
        "contact_number": contact_number,
    }))
}

/// The basic profile as given at sign-up: shown until the consultant saves one.
pub fn prefill(raw: &str) -> Option<Value> {
    let profile: PersonalProfile = serde_json::from_str(raw).ok()?;
    let (isd_code, contact_number) = profile.phone.parts();
    Some(json!({
        "title": profile.title,
        "gender": profile.gender,
        "given_name": profile.given_name.as_str(),
        "family_name": profile.family_name.as_str(),
        "isd_code": isd_code,
        "contact_number": contact_number,
        "spoken_languages": profile.spoken_languages,
        "timezone": profile.timezone,
    }))
}

/// A certificate's number: the payload's, erased when it is gone, or none.
pub fn certificate_number(reference: bool, raw: Option<&str>) -> Value {
    if !reference {
        return Value::Null;
    }
    raw.and_then(|raw| serde_json::from_str::<Value>(raw).ok())
        .and_then(|v| v.get("number").cloned())
        .unwrap_or_else(|| Value::String(ERASED.into()))
}

/// A certificate list with every number erased.
pub fn erase_certificates(stored: &str) -> String {
    let mut list: Vec<Value> = serde_json::from_str(stored).unwrap_or_default();
    for certificate in &mut list {
        if certificate.get("number").is_some_and(|n| !n.is_null()) {
            certificate["number"] = Value::String(ERASED.into());
        }
    }
    Value::Array(list).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erasing_a_merged_section_gives_what_a_missing_payload_gives() {
        let public = json!({"country_id": "c", "city_id": "t"});
        let personal = json!({"house_number": "3", "street_name": "rue X", "street_name_2": null, "postal_code": "75011"});
        let live = merge(public.clone(), Some(&personal), ADDRESS_PERSONAL);
        assert_eq!(live["street_name_2"], Value::Null);
        assert_eq!(live["house_number"], "3");
        let rebuilt = merge(public, None, ADDRESS_PERSONAL).to_string();
        assert_eq!(erase(&live.to_string(), ADDRESS_PERSONAL), rebuilt);
    }

    #[test]
    fn only_certificates_with_a_number_get_it_erased() {
        let list = json!([{"id": "a", "number": "N-1"}, {"id": "b", "number": null}]).to_string();
        let erased: Value = serde_json::from_str(&erase_certificates(&list)).unwrap();
        assert_eq!(erased[0]["number"], ERASED);
        assert_eq!(erased[1]["number"], Value::Null);
        assert_eq!(certificate_number(true, None), ERASED);
        assert_eq!(certificate_number(false, None), Value::Null);
        assert_eq!(certificate_number(true, Some(r#"{"number":"N-2"}"#)), "N-2");
    }
}
