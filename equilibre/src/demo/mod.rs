//! Demo data for `serve` on an empty store (unless `EQUILIBRE_DEMO=0`): one
//! account per role, the reference lists and thirty approved experts, all
//! created through the same commands as real ones; and complaints in every
//! state about past bookings (`complaints`), a dozen blog posts (`blog`) and the quotes of the day (`quotes`).

mod avatars;
mod blog;
mod catalogue;
mod complaints;
mod directory;
mod documents;
mod experts;
mod practice;
mod quotes;
mod shop;

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
    let references = reference_lists(app, admin).await?;
    let client = register(
        app,
        Role::Client,
        registration(CLIENT.0, CLIENT.1, "Camille", "Martin"),
    )
    .await?;
    practice::consent_form(app, client).await?;
    // The demo consultant starts with an empty profile, to show onboarding.
    let mut consultant = registration(CONSULTANT.0, CONSULTANT.1, "Jeanne", "Dubois");
    consultant.title = "dr".into();
    consultant.profession = "Naturopathe".into();
    consultant.years_of_experience = Some(12);
    register(app, Role::Consultant, consultant).await?;
    directory::seed_experts(app, admin, &references).await?;
    practice::welcome_coupon(app, admin).await?;
    blog::seed(app, admin).await?;
    quotes::seed(app, admin).await?;
    catalogue::seed(app, admin, &references).await?;
    shop::seed(app, admin).await?;
    complaints::seed(app, admin, &references, client).await
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
        ReferenceKind::Benefit,
        &[
            ("Sommeil", "Sleep", ""),
            ("Digestion", "Digestion", ""),
            ("Stress et anxiété", "Stress and anxiety", ""),
            ("Immunité", "Immunity", ""),
            ("Énergie", "Energy", ""),
            ("Peau", "Skin", ""),
            ("Concentration", "Focus", ""),
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
async fn reference_lists(app: &App, admin: uuid::Uuid) -> anyhow::Result<directory::ReferenceIds> {
    let mut ids_by_name = directory::ReferenceIds::new();
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
            let (added, _) = add(state, &ids(), actor, *kind, form(fr, en, code, None))
                .await
                .map_err(fail)?;
            ids_by_name.insert((*kind, *fr), added.id);
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
        ids_by_name.insert((ReferenceKind::Country, *fr), country.id);
        for city in *cities {
            let en = match *city {
                "Bruxelles" => "Brussels",
                "Genève" => "Geneva",
                "Pondichéry" => "Puducherry",
                other => other,
            };
            let (added, _) = add(
                state,
                &ids(),
                actor,
                ReferenceKind::City,
                form(city, en, "", Some(country.id)),
            )
            .await
            .map_err(fail)?;
            ids_by_name.insert((ReferenceKind::City, *city), added.id);
        }
    }
    Ok(ids_by_name)
}

/// A complete registration of an adult living in France; callers adjust it.
fn registration(
    email: &str,
    password: &str,
    given_name: &str,
    family_name: &str,
) -> RegistrationForm {
    RegistrationForm {
        title: "ms".into(),
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
        country_of_residence: "FR".into(),
        nationality: "FR".into(),
        email: email.into(),
        password: password.into(),
        accept_terms: true,
        accept_privacy: true,
        terms_version: TERMS_VERSION.into(),
        privacy_version: PRIVACY_VERSION.into(),
        ..Default::default()
    }
}

pub use practice::publish_timings;

/// A client who can book at once: signed up (its e-mail taken as verified)
/// with the demo consent form on file. The benchmark's clients.
pub async fn bookable_client(
    app: &App,
    email: &str,
    password: &str,
    given_name: &str,
    family_name: &str,
) -> anyhow::Result<uuid::Uuid> {
    let form = registration(email, password, given_name, family_name);
    let id = register(app, Role::Client, form).await?;
    practice::consent_form(app, id).await?;
    Ok(id)
}

/// Signs `form` up as `role`; returns the account id.
async fn register(app: &App, role: Role, mut form: RegistrationForm) -> anyhow::Result<uuid::Uuid> {
    let state = &app.command_state;
    let key = command_api::accounts::login_key(
        state,
        role,
        &domain::values::Email::parse(&form.email).map_err(|e| anyhow::anyhow!(e.code))?,
    );
    // The demo owns these addresses: the proof stands for a verified OTP.
    form.email_proof = state
        .keys
        .encode_email_proof(&EmailProofClaims::new(key, role, state.clock.now()))
        .context("signing")?;
    let (signed_up, _) = sign_up(state, &IdempotencyKey::none().ids(None), role, form)
        .await
        .map_err(|e| anyhow::anyhow!(crate::describe(&e)))?;
    Ok(signed_up.account_id)
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
        if app
            .config
            .admin_second_factor
            .requires(domain::account::Role::Admin)
        {
            println!(
                "              the admin's first sign-in sets up a second factor: scan the QR code with an \
                 authenticator app (or type its secret in `oathtool --totp -b SECRET`) and keep the recovery codes"
            );
        }
        println!(
            "  consultant  {url}/consultant/sign-in  {} / {}",
            CONSULTANT.0, CONSULTANT.1
        );
        println!(
            "  client      {url}/client/sign-in      {} / {}",
            CLIENT.0, CLIENT.1
        );
        println!(
            "  {} approved experts are listed at {url}/our-experts (each signs in with e.g. {} / {})",
            experts::EXPERTS.len(),
            directory::email(&experts::EXPERTS[0]),
            directory::EXPERT_PASSWORD
        );
        println!(
            "  each publishes weekday slots; the demo client's consent form is on file; coupon {} takes 10 % off",
            practice::WELCOME_COUPON
        );
        println!(
            "  complaints in every state await at {url}/admin/view-complaint-client (also by {} / {}, who writes in English)",
            complaints::ENGLISH_CLIENT.0,
            complaints::ENGLISH_CLIENT.1
        );
    }
    if matches!(app.config.sms, platform::config::SmsBackend::Outbox) {
        println!(
            "Texts (mobile sign-up codes) are appended to {}",
            app.config.sms_outbox_path().display()
        );
    }
    println!("Press Ctrl-C to stop.\n");
}
