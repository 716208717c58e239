//! Digital products (spec §2 admin `digital-product`: add, edit, view,
//! trash): a guide, a programme or a recording sold (or given) as a file.
//! A client buys one through the payment port and downloads it from their
//! area; the file is served only to buyers.
//!
//! One stream per product, `digitalproduct-{id}`; one per purchase,
//! `purchase-{uuid v5(product, client)}`, so a client buys a product once
//! and two attempts meet the same stream. Trashed products leave the shop;
//! those who bought one keep their download.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::codec::EventSchema;
use crate::values::{Currency, Money, text};
use crate::{DomainError, FieldError, FieldErrors, RuleCode};

pub const CATEGORY: &str = "digitalproduct";
pub const PURCHASE_CATEGORY: &str = "purchase";
pub const TITLE_MAX: usize = 120;
pub const DESCRIPTION_MAX: usize = 5000;

/// The id of `client`'s purchase of `product`.
pub fn purchase_id(product_id: Uuid, client_id: Uuid) -> Uuid {
    Uuid::new_v5(&product_id, client_id.as_bytes())
}

/// A product as the editor writes it: `price` zero for a free download,
/// `file` the key of the delivered file (PDF), `cover` a picture's key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProductContent {
    pub title_fr: String,
    pub title_en: String,
    pub description_fr: String,
    pub description_en: Option<String>,
    pub price: Money,
    pub file: String,
    pub cover: Option<String>,
}

/// The editor's fields as sent.
pub struct RawProduct<'a> {
    pub title_fr: &'a str,
    pub title_en: &'a str,
    pub description_fr: &'a str,
    pub description_en: &'a str,
    pub price_minor: Option<i64>,
    pub currency: &'a str,
    pub file: &'a str,
    pub cover: &'a str,
}

impl ProductContent {
    /// Checks every field at once (whether the keys name the editor's
    /// uploads of the right kind is the caller's to check).
    pub fn parse(raw: &RawProduct<'_>) -> Result<Self, DomainError> {
        let mut errors = FieldErrors::default();
        let currency = errors.check("currency", Currency::parse(raw.currency));
        let price =
            currency.and_then(|c| errors.check("price_minor", Money::price(raw.price_minor, c)));
        let file = raw.file.trim();
        if file.is_empty() {
            errors.add("file", FieldError::new("field.required"));
        }
        let content = ProductContent {
            title_fr: errors
                .check("title_fr", text::line(raw.title_fr, TITLE_MAX))
                .unwrap_or_default(),
            title_en: errors
                .check("title_en", text::line(raw.title_en, TITLE_MAX))
                .unwrap_or_default(),
            description_fr: errors
                .check(
                    "description_fr",
                    text::paragraph(raw.description_fr, DESCRIPTION_MAX),
                )
                .unwrap_or_default(),
            description_en: errors
                .check(
                    "description_en",
                    text::optional_paragraph(raw.description_en, DESCRIPTION_MAX),
                )
                .flatten(),
            price: price.unwrap_or(Money::zero(Currency::Eur)),
            file: file.to_owned(),
            cover: Some(raw.cover.trim().to_owned()).filter(|c| !c.is_empty()),
        };
        errors.into_result()?;
        Ok(content)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum ProductEvent {
    DigitalProductAdded {
        product_id: Uuid,
        content: ProductContent,
        at: DateTime<Utc>,
    },
    DigitalProductEdited {
        product_id: Uuid,
        content: ProductContent,
        at: DateTime<Utc>,
    },
    DigitalProductTrashed {
        product_id: Uuid,
        at: DateTime<Utc>,
    },
    DigitalProductRestored {
        product_id: Uuid,
        at: DateTime<Utc>,
    },
}

impl EventSchema for ProductEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DigitalProduct {
    pub id: Option<Uuid>,
    pub content: Option<ProductContent>,
    pub trashed: bool,
}

impl DigitalProduct {
    pub fn evolve(mut self, event: &ProductEvent) -> Self {
        match event {
            ProductEvent::DigitalProductAdded {
                product_id,
                content,
                ..
            }
            | ProductEvent::DigitalProductEdited {
                product_id,
                content,
                ..
            } => {
                self.id = Some(*product_id);
                self.content = Some(content.clone());
            }
            ProductEvent::DigitalProductTrashed { .. } => self.trashed = true,
            ProductEvent::DigitalProductRestored { .. } => self.trashed = false,
        }
        self
    }

    /// In the shop: written and not trashed.
    pub fn on_sale(&self) -> Option<&ProductContent> {
        self.content.as_ref().filter(|_| !self.trashed)
    }
}

/// Adds a product (`state` new) or replaces its content; the same content
/// again records nothing; a trashed product is restored before it is edited.
pub fn write(
    state: &DigitalProduct,
    product_id: Uuid,
    content: ProductContent,
    now: DateTime<Utc>,
) -> Result<Vec<ProductEvent>, DomainError> {
    if state.trashed {
        return Err(DomainError::Rule(RuleCode::DigitalProductTrashed));
    }
    Ok(match &state.content {
        None => vec![ProductEvent::DigitalProductAdded {
            product_id,
            content,
            at: now,
        }],
        Some(current) if *current == content => Vec::new(),
        Some(_) => vec![ProductEvent::DigitalProductEdited {
            product_id,
            content,
            at: now,
        }],
    })
}

/// Moves a product to the trash (`trash`) or takes it out; twice changes nothing.
pub fn trash_or_restore(
    state: &DigitalProduct,
    trash: bool,
    now: DateTime<Utc>,
) -> Result<Vec<ProductEvent>, DomainError> {
    let product_id = state.id.ok_or(DomainError::Rule(RuleCode::NotFound))?;
    Ok(match (trash, state.trashed) {
        (true, false) => vec![ProductEvent::DigitalProductTrashed {
            product_id,
            at: now,
        }],
        (false, true) => vec![ProductEvent::DigitalProductRestored {
            product_id,
            at: now,
        }],
        _ => Vec::new(),
    })
}

/// What was paid for a product, as the payment provider reports it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProductPayment {
    pub provider_ref: String,
    pub brand: String,
    pub last4: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum PurchaseEvent {
    /// Bought (`payment` set, `amount` paid) or taken free (`payment` none).
    DigitalProductPurchased {
        purchase_id: Uuid,
        product_id: Uuid,
        client_id: Uuid,
        amount: Money,
        payment: Option<ProductPayment>,
        at: DateTime<Utc>,
    },
}

impl EventSchema for PurchaseEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Purchase {
    pub purchased_at: Option<DateTime<Utc>>,
}

impl Purchase {
    pub fn evolve(mut self, event: &PurchaseEvent) -> Self {
        let PurchaseEvent::DigitalProductPurchased { at, .. } = event;
        self.purchased_at = Some(*at);
        self
    }
}

/// Whether the client must pay for the product now: `Ok(Some(price))` to
/// pay, `Ok(None)` when already bought; a product out of the shop is not
/// found, a free one is taken with [`purchase`] directly.
pub fn price_to_pay(
    purchase: &Purchase,
    product: &DigitalProduct,
) -> Result<Option<Money>, DomainError> {
    if purchase.purchased_at.is_some() {
        return Ok(None);
    }
    let content = product
        .on_sale()
        .ok_or(DomainError::Rule(RuleCode::NotFound))?;
    if content.price.minor == 0 {
        return Err(DomainError::Rule(RuleCode::DigitalProductFree));
    }
    Ok(Some(content.price))
}

/// Records a purchase: `paid` is what the provider charged (none for a free
/// product). Bought once: a second purchase records nothing. The amount
/// paid must be the product's price now.
pub fn purchase(
    state: &Purchase,
    product: &DigitalProduct,
    client_id: Uuid,
    paid: Option<(Money, ProductPayment)>,
    now: DateTime<Utc>,
) -> Result<Vec<PurchaseEvent>, DomainError> {
    if state.purchased_at.is_some() {
        return Ok(Vec::new());
    }
    let (Some(product_id), Some(content)) = (product.id, product.on_sale()) else {
        return Err(DomainError::Rule(RuleCode::NotFound));
    };
    let (amount, payment) = match paid {
        None if content.price.minor == 0 => (content.price, None),
        Some((amount, payment)) if amount == content.price && amount.minor > 0 => {
            (amount, Some(payment))
        }
        _ => {
            return Err(DomainError::field(
                "payment_intent",
                FieldError::new("field.invalid"),
            ));
        }
    };
    Ok(vec![PurchaseEvent::DigitalProductPurchased {
        purchase_id: purchase_id(product_id, client_id),
        product_id,
        client_id,
        amount,
        payment,
        at: now,
    }])
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 27, 9, 0, 0).unwrap()
    }

    fn raw(price: i64) -> RawProduct<'static> {
        RawProduct {
            title_fr: "Guide du sommeil",
            title_en: "Sleep guide",
            description_fr: "Trente pages pour mieux dormir.",
            description_en: "",
            price_minor: Some(price),
            currency: "EUR",
            file: "subjects/a/guide.pdf",
            cover: "",
        }
    }

    fn on_sale(price: i64) -> DigitalProduct {
        let content = ProductContent::parse(&raw(price)).unwrap();
        write(
            &DigitalProduct::default(),
            Uuid::from_u128(1),
            content,
            now(),
        )
        .unwrap()
        .iter()
        .fold(DigitalProduct::default(), DigitalProduct::evolve)
    }

    fn card() -> ProductPayment {
        ProductPayment {
            provider_ref: "pi_1".into(),
            brand: "visa".into(),
            last4: "4242".into(),
        }
    }

    #[test]
    fn every_field_is_checked_at_once() {
        let refused = ProductContent::parse(&RawProduct {
            title_fr: "",
            currency: "XXX",
            file: " ",
            price_minor: Some(-1),
            ..raw(0)
        });
        let Err(DomainError::Invalid(errors)) = refused else {
            panic!("{refused:?}")
        };
        let fields: Vec<&str> = errors.0.keys().map(String::as_str).collect();
        assert_eq!(fields, ["currency", "file", "title_fr"]);
        let negative = ProductContent::parse(&RawProduct {
            price_minor: Some(-1),
            ..raw(0)
        });
        assert!(
            matches!(negative, Err(DomainError::Invalid(e)) if e.0.contains_key("price_minor"))
        );
    }

    #[test]
    fn a_client_pays_the_price_once_and_a_free_product_is_taken() {
        let client = Uuid::from_u128(7);
        let product = on_sale(1500);
        let price = Money::new(1500, Currency::Eur);
        assert_eq!(
            price_to_pay(&Purchase::default(), &product),
            Ok(Some(price))
        );
        assert!(matches!(
            purchase(&Purchase::default(), &product, client, None, now()),
            Err(DomainError::Invalid(_))
        ));
        let short = Some((Money::new(100, Currency::Eur), card()));
        assert!(purchase(&Purchase::default(), &product, client, short, now()).is_err());
        let bought = purchase(
            &Purchase::default(),
            &product,
            client,
            Some((price, card())),
            now(),
        )
        .unwrap();
        let state = bought.iter().fold(Purchase::default(), Purchase::evolve);
        assert!(
            purchase(&state, &product, client, Some((price, card())), now())
                .unwrap()
                .is_empty()
        );
        assert_eq!(price_to_pay(&state, &product), Ok(None));

        let free = on_sale(0);
        assert_eq!(
            price_to_pay(&Purchase::default(), &free),
            Err(DomainError::Rule(RuleCode::DigitalProductFree))
        );
        assert_eq!(
            purchase(&Purchase::default(), &free, client, None, now())
                .unwrap()
                .len(),
            1
        );
    }

    #[test]
    fn a_trashed_product_is_not_sold_nor_edited() {
        let product = on_sale(1500);
        let trashed = trash_or_restore(&product, true, now())
            .unwrap()
            .iter()
            .fold(product, DigitalProduct::evolve);
        assert_eq!(
            price_to_pay(&Purchase::default(), &trashed),
            Err(DomainError::Rule(RuleCode::NotFound))
        );
        let content = ProductContent::parse(&raw(900)).unwrap();
        assert_eq!(
            write(&trashed, Uuid::from_u128(1), content, now()),
            Err(DomainError::Rule(RuleCode::DigitalProductTrashed))
        );
    }
}
