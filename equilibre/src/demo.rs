//! Demo data for `serve` on an empty store (unless `EQUILIBRE_DEMO=0`):
//! one account per role, created through the same commands as real ones.

use anyhow::Context;
use command_api::accounts::admin::{NewAdmin, create_admin};
use command_api::accounts::registration::sign_up;
use command_api::execute::Actor;
use command_api::ids::IdempotencyKey;
use domain::account::{PRIVACY_VERSION, RegistrationForm, Role, TERMS_VERSION};
use domain::reference::{ReferenceForm, ReferenceKind};
use platform::auth::EmailProofClaims;

use store::Position;

use crate::App;

pub const ADMIN: (&str, &str) = ("admin@equilibre.local", "equilibre-demo-admin");
pub const CLIENT: (&str, &str) = ("client@equilibre.local", "equilibre-demo-client");
pub const CONSULTANT: (&str, &str) = ("consultant@equilibre.local", "equilibre-demo-consultant");

pub async fn seed_if_empty(app: &App) -> anyhow::Result<()> {
    if app.stores.events.head().await? != Position::START {
        return Ok(());
    }
    let state = &app.command_state;
    let new = NewAdmin {
        email: ADMIN.0.into(),
        password: ADMIN.1.into(),
        given_name: "Alice".into(),
        family_name: "Admin".into(),
    };
    let admin = create_admin(state, new)
        .await
        .map_err(|e| anyhow::anyhow!(crate::describe(&e)))?;
    reference_lists(app, admin).await?;
    member(app, Role::Client, CLIENT, "Camille", "Martin", None).await?;
    member(
        app,
        Role::Consultant,
        CONSULTANT,
        "Jeanne",
        "Dubois",
        Some(("Naturopathe", 12)),
    )
    .await?;
    Ok(())
}

/// `(name_fr, name_en, code)` of a demo item.
type Item = (&'static str, &'static str, &'static str);

/// The demo items, by list.
const REFERENCE_LISTS: &[(ReferenceKind, &[Item])] = &[
    (
        ReferenceKind::Disorder,
        &[
            ("Stress", "Stress", ""),
            ("Anxiété", "Anxiety", ""),
            ("Insomnie", "Insomnia", ""),
            ("Troubles digestifs", "Digestive troubles", ""),
            ("Fatigue chronique", "Chronic fatigue", ""),
            ("Migraines", "Migraines", ""),
            ("Dépression légère", "Mild depression", ""),
            ("Douleurs de dos", "Back pain", ""),
            ("Troubles du poids", "Weight problems", ""),
            ("Allergies", "Allergies", ""),
        ],
    ),
    (
        ReferenceKind::Keyword,
        &[
            ("Sommeil", "Sleep", ""),
            ("Méditation", "Meditation", ""),
            ("Respiration", "Breathing", ""),
            ("Alimentation", "Diet", ""),
            ("Détox", "Detox", ""),
            ("Yoga", "Yoga", ""),
            ("Gestion des émotions", "Emotional balance", ""),
            ("Plantes", "Herbal remedies", ""),
            ("Confiance en soi", "Self-confidence", ""),
            ("Burn-out", "Burnout", ""),
        ],
    ),
    (
        ReferenceKind::Objective,
        &[
            ("Mieux dormir", "Sleep better", ""),
            ("Réduire le stress", "Reduce stress", ""),
            ("Perdre du poids", "Lose weight", ""),
            ("Retrouver de l'énergie", "Regain energy", ""),
            ("Améliorer la digestion", "Improve digestion", ""),
            ("Gagner en confiance", "Gain confidence", ""),
            ("Arrêter de fumer", "Quit smoking", ""),
            ("Mieux gérer ses émotions", "Manage emotions", ""),
        ],
    ),
    (
        ReferenceKind::Specialisation,
        &[
            ("Ayurveda", "Ayurveda", ""),
            ("Homéopathie", "Homeopathy", ""),
            ("Naturopathie", "Naturopathy", ""),
            ("Hypnose", "Hypnosis", ""),
            ("PNL", "NLP", ""),
            ("Coaching", "Coaching", ""),
            ("Nutrition", "Nutrition", ""),
            ("Santé mentale", "Mental health", ""),
        ],
    ),
    (
        ReferenceKind::ComplaintType,
        &[
            ("Consultant absent", "Consultant did not show up", ""),
            ("Problème technique", "Technical problem", ""),
            ("Comportement inapproprié", "Inappropriate behaviour", ""),
            ("Consultation écourtée", "Consultation cut short", ""),
            ("Facturation", "Billing", ""),
            ("Autre", "Other", ""),
        ],
    ),
    (
        ReferenceKind::Language,
        &[
            ("Français", "French", "fr"),
            ("Anglais", "English", "en"),
            ("Espagnol", "Spanish", "es"),
            ("Allemand", "German", "de"),
            ("Italien", "Italian", "it"),
            ("Hindi", "Hindi", "hi"),
            ("Arabe", "Arabic", "ar"),
        ],
    ),
    (
        ReferenceKind::Nationality,
        &[
            ("Française", "French", "FR"),
            ("Belge", "Belgian", "BE"),
            ("Suisse", "Swiss", "CH"),
            ("Canadienne", "Canadian", "CA"),
            ("Indienne", "Indian", "IN"),
            ("Marocaine", "Moroccan", "MA"),
        ],
    ),
];

/// `(country fr, country en, ISO code, cities)` of the demo.
const COUNTRIES: &[(&str, &str, &str, &[&str])] = &[
    (
        "France",
        "France",
        "FR",
        &["Paris", "Lyon", "Marseille", "Bordeaux"],
    ),
    ("Belgique", "Belgium", "BE", &["Bruxelles", "Liège"]),
    ("Suisse", "Switzerland", "CH", &["Genève", "Lausanne"]),
    ("Canada", "Canada", "CA", &["Montréal", "Québec"]),
    (
        "Inde",
        "India",
        "IN",
        &["Kerala", "Pondichéry", "Rishikesh"],
    ),
];

/// The admin-managed reference lists, added by the demo administrator.
async fn reference_lists(app: &App, admin: uuid::Uuid) -> anyhow::Result<()> {
    use command_api::reference::add;
    let state = &app.command_state;
    let actor = Actor {
        id: Some(admin),
        role: Role::Admin.as_str(),
    };
    let form = |fr: &str, en: &str, code: &str, parent| ReferenceForm {
        name_fr: fr.into(),
        name_en: en.into(),
        parent_id: parent,
        code: code.into(),
    };
    let fail = |e: command_api::error::CommandError| anyhow::anyhow!(crate::describe(&e));
    let ids = || IdempotencyKey::none().ids(Some(admin));
    for (kind, items) in REFERENCE_LISTS {
        for (fr, en, code) in *items {
            add(state, &ids(), actor, *kind, form(fr, en, code, None))
                .await
                .map_err(fail)?;
        }
    }
    for (fr, en, code, cities) in COUNTRIES {
        let (country, _) = add(
            state,
            &ids(),
            actor,
            ReferenceKind::Country,
            form(fr, en, code, None),
        )
        .await
        .map_err(fail)?;
        for city in *cities {
            let en = match *city {
                "Bruxelles" => "Brussels",
                "Genève" => "Geneva",
                "Pondichéry" => "Puducherry",
                other => other,
            };
            add(
                state,
                &ids(),
                actor,
                ReferenceKind::City,
                form(city, en, "", Some(country.id)),
            )
            .await
            .map_err(fail)?;
        }
    }
    Ok(())
}

async fn member(
    app: &App,
    role: Role,
    (email, password): (&str, &str),
    given_name: &str,
    family_name: &str,
    practice: Option<(&str, i64)>,
) -> anyhow::Result<()> {
    let state = &app.command_state;
    let key = command_api::accounts::login_key(
        state,
        role,
        &domain::values::Email::parse(email).map_err(|e| anyhow::anyhow!(e.code))?,
    );
    // The demo owns these addresses: the proof stands for a verified OTP.
    let proof = state
        .keys
        .encode_email_proof(&EmailProofClaims::new(key, role, state.clock.now()))
        .context("signing")?;
    let form = RegistrationForm {
        title: if given_name == "Jeanne" { "dr" } else { "ms" }.into(),
        gender: "female".into(),
        family_name: family_name.into(),
        given_name: given_name.into(),
        date_of_birth: "1988-05-17".into(),
        preferred_contact: "email".into(),
        isd_code: "+33".into(),
        contact_number: "612345678".into(),
        timezone: "Europe/Paris".into(),
        correspondence_language: "fr".into(),
        spoken_languages: vec!["fr".into(), "en".into()],
        profession: practice.map(|p| p.0.to_owned()).unwrap_or_default(),
        years_of_experience: practice.map(|p| p.1),
        country_of_residence: "FR".into(),
        nationality: "FR".into(),
        email: email.into(),
        email_proof: proof,
        password: password.into(),
        accept_terms: true,
        accept_privacy: true,
        terms_version: TERMS_VERSION.into(),
        privacy_version: PRIVACY_VERSION.into(),
        ..Default::default()
    };
    sign_up(state, &IdempotencyKey::none().ids(None), role, form)
        .await
        .map_err(|e| anyhow::anyhow!(crate::describe(&e)))?;
    Ok(())
}

/// Prints where to go and how to sign in.
pub fn announce(app: &App, url: &str) {
    println!("\nEquilibre is running at {url}");
    if app.config.demo {
        println!("Demo accounts (e-mail / password):");
        println!(
            "  admin       {url}/admin/sign-in       {} / {}",
            ADMIN.0, ADMIN.1
        );
        println!(
            "  consultant  {url}/consultant/sign-in  {} / {}",
            CONSULTANT.0, CONSULTANT.1
        );
        println!(
            "  client      {url}/client/sign-in      {} / {}",
            CLIENT.0, CLIENT.1
        );
    }
    println!("Press Ctrl-C to stop.\n");
}
