//! Digital products (docs/api.md "Digital products"): administrators add,
//! edit, trash and restore them; a client buys one through the payment
//! port (the same intent, card form and confirmation as a booking) or takes
//! a free one; the purchase is what lets them download its file.

use domain::DomainError;
use domain::digital_product::{
    self, DigitalProduct, ProductContent, ProductEvent, ProductPayment, Purchase, PurchaseEvent,
    RawProduct,
};
use domain::values::{Currency, FileKind, FileRef, Money};
use platform::payments::{IntentRequest, IntentStatus};
use secrecy::ExposeSecret as _;
use serde::{Deserialize, Serialize};
use store::{Position, StreamId};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppState;
use crate::booking::MoneyBody;
use crate::booking::pay::{PayBody, PaymentStart, invalid_intent, payment_error};
use crate::error::CommandError;
use crate::execute::{Actor, Batch, Loaded, already_applied, decide_on, load, with_retry};
use crate::files;
use crate::ids::Ids;

/// A digital product as the editor sends it.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct DigitalProductBody {
    #[schema(max_length = 120)]
    pub title_fr: String,
    #[schema(max_length = 120)]
    pub title_en: String,
    /// Markdown.
    #[schema(max_length = 5000)]
    pub description_fr: String,
    /// Markdown; empty shows the French one.
    #[schema(max_length = 5000)]
    pub description_en: String,
    /// Minor units; 0 for a free download.
    pub price_minor: Option<i64>,
    /// ISO 4217 (`EUR`).
    #[schema(max_length = 3)]
    pub currency: String,
    /// The delivered file: its current key or an upload's
    /// (`kind=digital_product_file`, PDF).
    #[schema(max_length = 300)]
    pub file: String,
    /// `""`, the current cover, or an upload's key (`kind=catalogue_image`).
    #[schema(max_length = 300)]
    pub cover: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct DigitalProductWritten {
    pub id: Uuid,
}

pub fn product_stream(product_id: Uuid) -> StreamId {
    StreamId::new(digital_product::CATEGORY, product_id)
}

fn purchase_stream(product_id: Uuid, client_id: Uuid) -> StreamId {
    StreamId::new(
        digital_product::PURCHASE_CATEGORY,
        digital_product::purchase_id(product_id, client_id),
    )
}

async fn load_product(app: &AppState, id: Uuid) -> Result<Loaded<DigitalProduct>, CommandError> {
    load::<ProductEvent, _>(app, &product_stream(id), DigitalProduct::evolve).await
}

async fn load_purchase(
    app: &AppState,
    product_id: Uuid,
    client_id: Uuid,
) -> Result<Loaded<Purchase>, CommandError> {
    load::<PurchaseEvent, _>(
        app,
        &purchase_stream(product_id, client_id),
        Purchase::evolve,
    )
    .await
}

/// The file and the cover are the product's current ones or the editor's
/// uploads of the right kind.
async fn uploads_known(
    app: &AppState,
    admin_id: Uuid,
    product: &DigitalProduct,
    content: &ProductContent,
) -> Result<(), CommandError> {
    let current = product.content.as_ref();
    let uploads = files::lookup(app, admin_id).await?;
    if current.map(|c| c.file.as_str()) != Some(content.file.as_str()) {
        FileRef::resolve(
            &content.file,
            FileKind::DigitalProductFile,
            admin_id,
            &uploads,
        )
        .map_err(|error| DomainError::field("file", error))?;
    }
    if let Some(cover) = content.cover.as_deref()
        && current.and_then(|c| c.cover.as_deref()) != Some(cover)
    {
        FileRef::resolve(cover, FileKind::CatalogueImage, admin_id, &uploads)
            .map_err(|error| DomainError::field("cover", error))?;
    }
    Ok(())
}

/// An product that must exist: "not found" otherwise.
fn existing(state: &DigitalProduct) -> Result<(), CommandError> {
    state.id.map(|_| ()).ok_or(CommandError::NotFound)
}

/// Adds a product (`product_id` `None`) or replaces one's content.
pub async fn write(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    admin_id: Uuid,
    product_id: Option<Uuid>,
    body: DigitalProductBody,
) -> Result<(DigitalProductWritten, Option<Position>), CommandError> {
    let id = product_id.unwrap_or_else(|| ids.id("digital-product"));
    let content = ProductContent::parse(&RawProduct {
        title_fr: &body.title_fr,
        title_en: &body.title_en,
        description_fr: &body.description_fr,
        description_en: &body.description_en,
        price_minor: body.price_minor,
        currency: &body.currency,
        file: &body.file,
        cover: &body.cover,
    })?;
    // Checked against the product as it is now: only ownership and type
    // matter, which a concurrent edit cannot change.
    uploads_known(app, admin_id, &load_product(app, id).await?.state, &content).await?;
    let position = decide_on(
        app,
        ids,
        actor,
        &product_stream(id),
        DigitalProduct::evolve,
        |state| {
            if product_id.is_some() {
                existing(state)?;
            }
            Ok(digital_product::write(
                state,
                id,
                content.clone(),
                app.clock.now(),
            )?)
        },
    )
    .await?;
    Ok((DigitalProductWritten { id }, position))
}

/// Moves a product to the trash, or takes it out.
pub async fn trash_or_restore(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    product_id: Uuid,
    trash: bool,
) -> Result<Option<Position>, CommandError> {
    decide_on(
        app,
        ids,
        actor,
        &product_stream(product_id),
        DigitalProduct::evolve,
        |state| {
            existing(state)?;
            Ok(digital_product::trash_or_restore(
                state,
                trash,
                app.clock.now(),
            )?)
        },
    )
    .await
}

/// What a purchase start answers: the intent to confirm, or that the
/// product is already the client's (no `Debug`: it holds the client secret).
#[derive(Serialize, ToSchema)]
pub struct PurchaseStart {
    /// `true`: already bought, nothing to pay.
    pub purchased: bool,
    pub payment: Option<PaymentStart>,
}

/// Prepares (or gives back) the intent paying a product's price.
pub async fn start(
    app: &AppState,
    client_id: Uuid,
    product_id: Uuid,
) -> Result<PurchaseStart, CommandError> {
    let product = load_product(app, product_id).await?.state;
    let purchase = load_purchase(app, product_id, client_id).await?.state;
    let Some(price) = digital_product::price_to_pay(&purchase, &product)? else {
        return Ok(PurchaseStart {
            purchased: true,
            payment: None,
        });
    };
    let purchase_id = digital_product::purchase_id(product_id, client_id);
    let intent = app
        .payments
        .create_intent(IntentRequest {
            // The price is part of the key: a new price is a new intent.
            idempotency_key: format!("purchase-{purchase_id}-{}", price.minor),
            amount_minor: price.minor,
            currency: price.currency.code().to_owned(),
            description: format!("Equilibre digital product {product_id}"),
            reference: format!("purchase-{purchase_id}"),
        })
        .await
        .map_err(payment_error)?;
    Ok(PurchaseStart {
        purchased: false,
        payment: Some(PaymentStart {
            provider: app.payments.kind().as_str(),
            intent_id: intent.id,
            client_secret: intent.client_secret.expose_secret().to_owned(),
            publishable_key: app.payments.publishable_key(),
            amount: MoneyBody::from(price),
        }),
    })
}

/// Records the purchase once the intent the browser confirmed has paid
/// this product's price (or at once for a free product: `body` none).
pub async fn complete(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    client_id: Uuid,
    product_id: Uuid,
    body: Option<&PayBody>,
) -> Result<Option<Position>, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(Some(position));
    }
    let paid = match body {
        None => None,
        Some(body) => {
            let intent = app
                .payments
                .intent(&body.payment_intent)
                .await
                .map_err(payment_error)?;
            let purchase_id = digital_product::purchase_id(product_id, client_id);
            if intent.reference.as_deref() != Some(format!("purchase-{purchase_id}").as_str()) {
                return Err(invalid_intent());
            }
            let charge = match intent.status {
                IntentStatus::Succeeded(charge) => charge,
                IntentStatus::Declined(decline) => {
                    return Err(CommandError::Payment(decline.code()));
                }
                IntentStatus::Canceled => return Err(invalid_intent()),
                IntentStatus::Pending => return Err(CommandError::PaymentPending),
            };
            let currency =
                Currency::parse(&intent.currency.to_uppercase()).map_err(|_| invalid_intent())?;
            Some((
                Money::new(intent.amount_minor, currency),
                ProductPayment {
                    provider_ref: charge.provider_ref,
                    brand: charge.brand,
                    last4: charge.last4,
                },
            ))
        }
    };
    with_retry(|| async {
        let now = app.clock.now();
        let product = load_product(app, product_id).await?;
        let purchase = load_purchase(app, product_id, client_id).await?;
        let events = digital_product::purchase(
            &purchase.state,
            &product.state,
            client_id,
            paid.clone(),
            now,
        )?;
        if events.is_empty() {
            return Ok(None);
        }
        Batch::new(ids, actor, now)
            .events(
                purchase_stream(product_id, client_id),
                purchase.version,
                &events,
            )
            .commit(app)
            .await
            .map(Some)
    })
    .await
}
