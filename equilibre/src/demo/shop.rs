//! The demo's digital products: one sold and one free, each delivering a
//! small PDF, so the shop and a purchase can be tried from the first start.

use anyhow::anyhow;
use command_api::digital_products::{DigitalProductBody, write};
use command_api::execute::Actor;
use command_api::files;
use command_api::ids::IdempotencyKey;
use domain::account::Role;
use domain::values::FileKind;
use uuid::Uuid;

use super::documents;
use crate::App;

/// `(French title, English title, French text, English text, price in cents, PDF lines)`.
type Product = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    i64,
    &'static [&'static str],
);

const PRODUCTS: &[Product] = &[
    (
        "Programme sommeil en 7 nuits",
        "A 7-night sleep programme",
        "Un programme guidé d’une semaine : rituel du soir, respiration, journal du sommeil et conseils d’hygiène de vie, à suivre à votre rythme.",
        "A guided one-week programme: evening ritual, breathing, sleep diary and lifestyle advice, at your own pace.",
        1200,
        &[
            "Programme sommeil en 7 nuits / 7-night sleep programme",
            "Nuit 1 : un rituel du soir / Night 1: an evening ritual",
            "Document de démonstration / demo document",
        ],
    ),
    (
        "Carnet de respiration",
        "Breathing notebook",
        "Cinq exercices de respiration de deux minutes pour les moments de tension, à imprimer ou garder sur votre téléphone.",
        "Five two-minute breathing exercises for tense moments, to print or keep on your phone.",
        0,
        &[
            "Carnet de respiration / Breathing notebook",
            "Cohérence cardiaque : 5 s / 5 s / Coherent breathing: 5 s / 5 s",
            "Document de démonstration / demo document",
        ],
    ),
];

pub async fn seed(app: &App, admin: Uuid) -> anyhow::Result<()> {
    let state = &app.command_state;
    let actor = Actor {
        id: Some(admin),
        role: Role::Admin.as_str(),
    };
    let fail = |e: command_api::error::CommandError| anyhow!(crate::describe(&e));
    let ids = || IdempotencyKey::none().ids(Some(admin));
    for (title_fr, title_en, fr, en, price, lines) in PRODUCTS {
        let (file, _) = files::upload(
            state,
            &ids(),
            actor,
            admin,
            FileKind::DigitalProductFile,
            documents::pdf(lines),
        )
        .await
        .map_err(fail)?;
        let body = DigitalProductBody {
            title_fr: (*title_fr).into(),
            title_en: (*title_en).into(),
            description_fr: (*fr).into(),
            description_en: (*en).into(),
            price_minor: Some(*price),
            currency: "EUR".into(),
            file: file.key,
            cover: String::new(),
        };
        write(state, &ids(), actor, admin, None, body)
            .await
            .map_err(fail)?;
    }
    Ok(())
}
