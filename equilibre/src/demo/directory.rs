//! Seeds the demo directory: each expert of [`EXPERTS`] signs up, uploads
//! their documents, fills every profile section and submits, and the demo
//! administrator approves them — through the same commands as real users.

use std::collections::HashMap;

use anyhow::{Context, anyhow};
use command_api::AppState;
use command_api::consultant;
use command_api::execute::Actor;
use command_api::files::upload;
use command_api::ids::{IdempotencyKey, Ids};
use domain::account::Role;
use domain::consultant::sections::{
    AddressForm, BankForm, BasicProfileForm, CertificateForm, DegreeForm, DocumentsForm,
    ProfileDetailsForm,
};
use domain::reference::{ReferenceKind, name_key};
use domain::values::{Email, FileKind};
use uuid::Uuid;

use super::experts::{EXPERTS, Expert};
use super::{avatars, documents};
use crate::App;

/// Reference item ids of the demo lists, by kind and French name.
pub type ReferenceIds = HashMap<(ReferenceKind, &'static str), Uuid>;

/// Demo experts share one password; only the three demo logins are announced.
pub const EXPERT_PASSWORD: &str = "equilibre-demo-expert";

pub async fn seed_experts(app: &App, admin: Uuid, references: &ReferenceIds) -> anyhow::Result<()> {
    for expert in EXPERTS {
        seed_expert(app, admin, references, expert).await?;
    }
    Ok(())
}

fn fail(error: command_api::error::CommandError) -> anyhow::Error {
    anyhow!(crate::describe(&error))
}

fn ids(actor: Uuid) -> Ids {
    IdempotencyKey::none().ids(Some(actor))
}

/// The e-mail of a demo expert: `claire.fontaine@experts.equilibre.local`
/// (names folded as reference names are: no accents, no case).
pub fn email(expert: &Expert) -> String {
    let part = |name: &str| name_key(name).replace('_', "-");
    format!(
        "{}.{}@experts.equilibre.local",
        part(expert.given_name),
        part(expert.family_name)
    )
}

/// A demo expert's account id (the account [`email`] names).
pub async fn account_id(app: &App, expert: &Expert) -> anyhow::Result<Uuid> {
    let email = Email::parse(&email(expert)).map_err(|e| anyhow!(e.code))?;
    let key = command_api::accounts::login_key(&app.command_state, Role::Consultant, &email);
    let credential = app
        .stores
        .events
        .credential_by_login(Role::Consultant.as_str(), &key)
        .await?
        .with_context(|| format!("demo expert {}", expert.family_name))?;
    Ok(credential.account_id)
}

/// A title inside a sentence: lower case but for acronyms ("Praticienne
/// PNL" → "praticienne PNL").
fn in_sentence(title: &str) -> String {
    title
        .split(' ')
        .map(|word| {
            if word.chars().count() > 1 && word.chars().all(|c| c.is_uppercase()) {
                word.to_owned()
            } else {
                word.to_lowercase()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn reference(
    references: &ReferenceIds,
    kind: ReferenceKind,
    names: &[&'static str],
) -> anyhow::Result<Vec<Uuid>> {
    names
        .iter()
        .map(|name| {
            references
                .get(&(kind, *name))
                .copied()
                .ok_or_else(|| anyhow!("demo reference {kind:?} {name} is missing"))
        })
        .collect()
}

async fn seed_expert(
    app: &App,
    admin: Uuid,
    references: &ReferenceIds,
    expert: &Expert,
) -> anyhow::Result<()> {
    let state: &AppState = &app.command_state;
    let mut form = super::registration(
        &email(expert),
        EXPERT_PASSWORD,
        expert.given_name,
        expert.family_name,
    );
    form.title = expert.title.into();
    form.gender = expert.gender.into();
    form.profession = expert.profession.into();
    form.years_of_experience = Some(expert.years);
    form.timezone = expert.timezone.into();
    form.correspondence_language = expert.correspondence.into();
    form.spoken_languages = expert.languages.iter().map(|l| (*l).to_owned()).collect();
    form.country_of_residence = expert.country.into();
    form.nationality = expert.country.into();
    let id = super::register(app, Role::Consultant, form).await?;
    let actor = consultant::owner_actor(id);
    let file = |kind: FileKind, bytes: Vec<u8>| async move {
        upload(state, &ids(id), actor, id, kind, bytes)
            .await
            .map(|(uploaded, _)| uploaded.key)
            .map_err(fail)
    };
    let name = format!("{} {}", expert.given_name, expert.family_name);
    let pdf =
        |title: &str| documents::pdf(&[title, &name, "Document de démonstration / demo document"]);

    consultant::save_basic_profile(
        state,
        &ids(id),
        id,
        BasicProfileForm {
            title: expert.title.into(),
            gender: expert.gender.into(),
            given_name: expert.given_name.into(),
            family_name: expert.family_name.into(),
            isd_code: "+33".into(),
            contact_number: "612345678".into(),
            spoken_languages: expert.languages.iter().map(|l| (*l).to_owned()).collect(),
            timezone: expert.timezone.into(),
        },
    )
    .await
    .map_err(fail)?;

    let (country, city) = super::COUNTRIES
        .iter()
        .find(|(_, _, code, _)| *code == expert.country)
        .map(|(fr, _, _, _)| (*fr, expert.city))
        .ok_or_else(|| anyhow!("demo country {} is missing", expert.country))?;
    consultant::save_address(
        state,
        &ids(id),
        id,
        AddressForm {
            country_id: reference(references, ReferenceKind::Country, &[country])?
                .first()
                .copied(),
            city_id: reference(references, ReferenceKind::City, &[city])?
                .first()
                .copied(),
            house_number: "12".into(),
            street_name: "rue de la Paix".into(),
            street_name_2: String::new(),
            postal_code: "75002".into(),
        },
    )
    .await
    .map_err(fail)?;

    let degree_scan = file(
        FileKind::Degree,
        avatars::portrait(&format!("{name} diplôme")),
    )
    .await?;
    consultant::add_degree(
        state,
        &ids(id),
        id,
        DegreeForm {
            name: format!("Diplôme de {}", in_sentence(expert.profession)),
            school: "Institut européen des médecines douces".into(),
            year: Some(2025 - expert.years),
            attachment_key: degree_scan,
        },
    )
    .await
    .map_err(fail)?;
    let certificate = file(FileKind::Certificate, pdf("Certificat")).await?;
    consultant::add_certificate(
        state,
        &ids(id),
        id,
        CertificateForm {
            name: format!(
                "Certification en {}",
                in_sentence(expert.specialisations[0])
            ),
            school: "Fédération française des praticiens".into(),
            year: Some(2025 - expert.years / 2),
            number: String::new(),
            attachment_key: certificate,
        },
    )
    .await
    .map_err(fail)?;

    let bank_attachment = file(FileKind::BankAttachment, pdf("RIB")).await?;
    consultant::save_bank(
        state,
        &ids(id),
        id,
        BankForm {
            payment_currency: "EUR".into(),
            tax_number: "0".into(),
            bank_name: "Banque de démonstration".into(),
            agency_name: String::new(),
            agency_address: String::new(),
            swift_bic: "BNPAFRPPXXX".into(),
            account_number: String::new(),
            branch_code: String::new(),
            iban: "FR7630006000011234567890189".into(),
            control_key: String::new(),
            account_holder: name.clone(),
            account_currency: "EUR".into(),
            attachment_key: bank_attachment,
        },
    )
    .await
    .map_err(fail)?;

    let photo = file(FileKind::ProfilePhoto, avatars::portrait(&name)).await?;
    let resume = file(FileKind::Resume, pdf("Curriculum vitae")).await?;
    consultant::save_details(
        state,
        &ids(id),
        id,
        ProfileDetailsForm {
            bio: expert.bio.into(),
            background: format!(
                "{} ans d’expérience en consultation individuelle.",
                expert.years
            ),
            expertise: expert.specialisations.join(", "),
            // The demo bios are French only: the English pages show them marked as French.
            bio_en: String::new(),
            background_en: format!("{} years of one-to-one consultations.", expert.years),
            expertise_en: String::new(),
            video_url: String::new(),
            keyword_ids: reference(references, ReferenceKind::Keyword, expert.keywords)?,
            objective_ids: reference(references, ReferenceKind::Objective, expert.objectives)?,
            disorder_ids: reference(references, ReferenceKind::Disorder, expert.disorders)?,
            specialisation_ids: reference(
                references,
                ReferenceKind::Specialisation,
                expert.specialisations,
            )?,
            photo_key: photo,
            resume_key: resume,
            price_minor: Some(expert.price * 100),
            currency: "EUR".into(),
            session_minutes: Some(expert.minutes),
            languages: expert.languages.iter().map(|l| (*l).to_owned()).collect(),
            first_consultation_free: expert.first_free,
        },
    )
    .await
    .map_err(fail)?;

    let contract = file(FileKind::Contract, pdf("Contrat de prestation")).await?;
    let id_document = file(FileKind::IdDocument, pdf("Pièce d'identité")).await?;
    let record = file(
        FileKind::CriminalRecord,
        pdf("Extrait de casier judiciaire"),
    )
    .await?;
    consultant::save_documents(
        state,
        &ids(id),
        id,
        DocumentsForm {
            contract_key: contract,
            id_number: format!("DEMO{:06}", expert.years * 7919 % 1_000_000),
            id_attachment_key: id_document,
            criminal_record_key: record,
        },
    )
    .await
    .map_err(fail)?;

    consultant::submit(state, &ids(id), id)
        .await
        .map_err(fail)?;
    let admin_actor = Actor {
        id: Some(admin),
        role: Role::Admin.as_str(),
    };
    consultant::approve(state, &ids(admin), admin_actor, id)
        .await
        .map_err(fail)?;
    super::practice::publish_timings(app, id, expert.years % 2 == 0).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_go_lower_case_in_a_sentence_but_acronyms_stay() {
        assert_eq!(in_sentence("Praticienne PNL"), "praticienne PNL");
        assert_eq!(in_sentence("Santé mentale"), "santé mentale");
        assert_eq!(in_sentence("Médecin homéopathe"), "médecin homéopathe");
    }

    #[test]
    fn demo_e_mails_are_plain_ascii() {
        let emails: Vec<String> = EXPERTS.iter().map(email).collect();
        assert!(emails.iter().all(|e| e.is_ascii()), "{emails:?}");
        assert!(emails.contains(&"elodie.lambert@experts.equilibre.local".to_owned()));
        assert!(emails.contains(&"fatima.el-amrani@experts.equilibre.local".to_owned()));
    }
}
