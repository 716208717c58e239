//! Address: country and city from the reference lists, house number,
//! street name, optional second street line, postal code.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{Context, edited};
use crate::account::PayloadRef;
use crate::consultant::{Consultant, ConsultantEvent, Section};
use crate::reference::ReferenceKind;
use crate::values::text;
use crate::{DomainError, FieldError, FieldErrors};

#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct AddressForm {
    pub country_id: Option<Uuid>,
    pub city_id: Option<Uuid>,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub house_number: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub street_name: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub street_name_2: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub postal_code: String,
}

/// The personal part, kept as a forgettable payload.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostalAddress {
    pub house_number: String,
    pub street_name: String,
    pub street_name_2: Option<String>,
    pub postal_code: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    pub postal: PostalAddress,
    pub country_id: Uuid,
    pub city_id: Uuid,
}

impl AddressForm {
    pub fn parse(&self, context: &Context<'_>) -> Result<Address, DomainError> {
        let mut e = FieldErrors::default();
        let current = context.current;
        let country_id = e.check(
            "country_id",
            self.country_id
                .ok_or_else(|| FieldError::new("field.required"))
                .and_then(|id| {
                    let held = current.country_id == Some(id);
                    context
                        .reference(ReferenceKind::Country, id, held)
                        .map(|_| id)
                        .map_err(|_| FieldError::new("country.invalid"))
                }),
        );
        let city_id = e.check(
            "city_id",
            self.city_id
                .ok_or_else(|| FieldError::new("field.required"))
                .and_then(|id| {
                    let held = current.city_id == Some(id);
                    match context.reference(ReferenceKind::City, id, held) {
                        Ok(parent) if country_id.is_none() || parent == country_id => Ok(id),
                        _ => Err(FieldError::new("city.invalid")),
                    }
                }),
        );
        let house_number = e.check("house_number", text::line(&self.house_number, 20));
        let street_name = e.check("street_name", text::line(&self.street_name, 200));
        let street_name_2 = e.check(
            "street_name_2",
            text::optional_line(&self.street_name_2, 200),
        );
        let postal_code = e.check("postal_code", text::code(&self.postal_code, 20));
        e.into_result()?;
        let parsed = (|| {
            Some(Address {
                postal: PostalAddress {
                    house_number: house_number?,
                    street_name: street_name?,
                    street_name_2: street_name_2?,
                    postal_code: postal_code?,
                },
                country_id: country_id?,
                city_id: city_id?,
            })
        })();
        Ok(parsed.expect("every field parsed"))
    }
}

/// Saves the address; `payload` holds `address.postal`.
pub fn save_address(
    consultant: &Consultant,
    address: &Address,
    payload: PayloadRef,
    now: DateTime<Utc>,
) -> Result<Vec<ConsultantEvent>, DomainError> {
    let event = ConsultantEvent::AddressUpdated {
        address: payload,
        country_id: address.country_id,
        city_id: address.city_id,
        at: now,
    };
    edited(consultant, Section::Address, vec![event], now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::consultant::testing::*;

    fn form() -> AddressForm {
        AddressForm {
            country_id: Some(FRANCE),
            city_id: Some(PARIS),
            house_number: "12 bis".into(),
            street_name: "rue des Lilas".into(),
            street_name_2: " ".into(),
            postal_code: "75011".into(),
        }
    }

    #[test]
    fn a_valid_address_keeps_its_street_details_personal() {
        let address = form().parse(&context(&Consultant::default())).unwrap();
        assert_eq!((address.country_id, address.city_id), (FRANCE, PARIS));
        assert_eq!(address.postal.street_name_2, None);
        let events = save_address(&Consultant::default(), &address, payload("a"), at(0)).unwrap();
        assert!(given(&events).is_complete(Section::Address));
    }

    #[test]
    fn the_city_must_belong_to_the_chosen_country() {
        let elsewhere = AddressForm {
            city_id: Some(MADRID),
            ..form()
        };
        let e = field_errors(elsewhere.parse(&context(&Consultant::default())));
        assert_eq!(e.0["city_id"].code, "city.invalid");
    }

    #[test]
    fn unknown_countries_and_cities_are_refused() {
        let unknown = AddressForm {
            country_id: Some(Uuid::from_u128(9)),
            city_id: Some(YOGA),
            ..form()
        };
        let e = field_errors(unknown.parse(&context(&Consultant::default())));
        assert_eq!(e.0["country_id"].code, "country.invalid");
        assert_eq!(e.0["city_id"].code, "city.invalid");
    }

    #[test]
    fn a_trashed_city_is_refused_unless_the_address_already_uses_it() {
        let trashed = AddressForm {
            city_id: Some(TRASHED_CITY),
            ..form()
        };
        let e = field_errors(trashed.parse(&context(&Consultant::default())));
        assert_eq!(e.0["city_id"].code, "city.invalid");
        let mut living_there = complete_then(&[]);
        living_there.city_id = Some(TRASHED_CITY);
        assert!(trashed.parse(&context(&living_there)).is_ok());
    }

    #[test]
    fn street_house_number_and_postal_code_are_required() {
        let e = field_errors(AddressForm::default().parse(&context(&Consultant::default())));
        let fields: Vec<&str> = e.0.keys().map(String::as_str).collect();
        assert_eq!(
            fields,
            [
                "city_id",
                "country_id",
                "house_number",
                "postal_code",
                "street_name"
            ]
        );
        let odd = AddressForm {
            postal_code: "75011#".into(),
            ..form()
        };
        assert_eq!(
            field_errors(odd.parse(&context(&Consultant::default()))).0["postal_code"].code,
            "field.invalid"
        );
    }
}
