//! The demo's lifestyle catalogue: a few Ayurveda herbs and compilations
//! with their benefit labels, so `/lifestyle-product` shows something real.

use anyhow::anyhow;
use command_api::catalogue::{CatalogueItemBody, write};
use command_api::execute::Actor;
use command_api::ids::IdempotencyKey;
use domain::account::Role;
use domain::reference::ReferenceKind;
use uuid::Uuid;

use super::directory::ReferenceIds;
use crate::App;

/// `(kind, French name, English name, latin name, French description,
/// English description, benefit labels by French name)`.
type Item = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static [&'static str],
);

const ITEMS: &[Item] = &[
    (
        "single_herb",
        "Ashwagandha",
        "Ashwagandha",
        "Withania somnifera",
        "Racine adaptogène emblématique de l’Ayurveda, traditionnellement utilisée pour aider le corps à faire face au stress et favoriser un sommeil réparateur.\n\nDemandez l’avis d’un professionnel de santé si vous êtes enceinte, allaitez ou suivez un traitement pour la thyroïde.",
        "A hallmark adaptogenic root of Ayurveda, traditionally used to help the body cope with stress and support restful sleep.\n\nAsk a health professional first if you are pregnant, breastfeeding or treated for a thyroid condition.",
        &["Stress et anxiété", "Sommeil"],
    ),
    (
        "single_herb",
        "Tulsi (basilic sacré)",
        "Tulsi (holy basil)",
        "Ocimum tenuiflorum",
        "Plante sacrée en Inde, consommée en infusion pour accompagner la résistance naturelle de l’organisme et apaiser les tensions du quotidien.",
        "A sacred plant in India, taken as an infusion to support the body’s natural resistance and ease everyday tension.",
        &["Immunité", "Stress et anxiété"],
    ),
    (
        "single_herb",
        "Brahmi",
        "Brahmi",
        "Bacopa monnieri",
        "Herbe des zones humides utilisée de longue date pour soutenir la mémoire et la concentration.",
        "A wetland herb long used to support memory and focus.",
        &["Concentration"],
    ),
    (
        "herb",
        "Curcuma",
        "Turmeric",
        "Curcuma longa",
        "Rhizome doré de la cuisine indienne, associé au poivre noir pour une meilleure assimilation ; il soutient une digestion confortable.",
        "The golden rhizome of Indian cooking, paired with black pepper for better absorption; it supports comfortable digestion.",
        &["Digestion", "Peau"],
    ),
    (
        "herb",
        "Gingembre",
        "Ginger",
        "Zingiber officinale",
        "Racine réchauffante, en infusion ou en cuisine, réputée pour faciliter la digestion et redonner de l’élan.",
        "A warming root, as an infusion or in cooking, known to ease digestion and restore vigour.",
        &["Digestion", "Énergie"],
    ),
    (
        "herb",
        "Neem",
        "Neem",
        "Azadirachta indica",
        "Arbre aux mille usages dans la tradition indienne, employé notamment pour prendre soin de la peau.",
        "A tree of a thousand uses in Indian tradition, notably used to care for the skin.",
        &["Peau"],
    ),
    (
        "compilation",
        "Triphala",
        "Triphala",
        "Emblica officinalis, Terminalia chebula, Terminalia bellirica",
        "Association classique de trois fruits (amalaki, haritaki, bibhitaki), prise le soir pour accompagner le transit et la digestion.",
        "A classic blend of three fruits (amalaki, haritaki, bibhitaki), taken in the evening to support digestion and regularity.",
        &["Digestion"],
    ),
    (
        "compilation",
        "Chyawanprash",
        "Chyawanprash",
        "",
        "Confiture d’herbes et d’amla, prise une cuillerée le matin, surtout en hiver, pour soutenir l’énergie et les défenses.",
        "A jam of herbs and amla, a spoonful in the morning, especially in winter, to support energy and resilience.",
        &["Immunité", "Énergie"],
    ),
];

pub async fn seed(app: &App, admin: Uuid, references: &ReferenceIds) -> anyhow::Result<()> {
    let actor = Actor {
        id: Some(admin),
        role: Role::Admin.as_str(),
    };
    for (kind, name_fr, name_en, latin, fr, en, benefits) in ITEMS {
        let body = CatalogueItemBody {
            kind: (*kind).into(),
            name_fr: (*name_fr).into(),
            name_en: (*name_en).into(),
            latin_name: (*latin).into(),
            description_fr: (*fr).into(),
            description_en: (*en).into(),
            benefit_ids: benefits
                .iter()
                .filter_map(|b| references.get(&(ReferenceKind::Benefit, *b)).copied())
                .collect(),
            image: String::new(),
        };
        let ids = IdempotencyKey::none().ids(Some(admin));
        write(&app.command_state, &ids, actor, admin, None, body)
            .await
            .map_err(|e| anyhow!(crate::describe(&e)))?;
    }
    Ok(())
}
