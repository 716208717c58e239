//! `README.txt` of the archive, in the account's language: what each file
//! and each group of `data.json` holds, what is left out and why, and how
//! to have the data corrected or erased.

use chrono::{DateTime, Utc};
use domain::account::Role;
use platform::lang::Lang;

use crate::routes::bookings::rows::utc;

/// The README for `role` in `lang`, dated `now` (UTC), with CRLF line ends
/// so that every system's text editor shows the lines.
pub fn text(lang: Lang, role: Role, now: DateTime<Utc>) -> String {
    let body = match lang {
        Lang::Fr => french(role),
        Lang::En => english(role),
    };
    body.replace("{generated_at}", &utc(now))
        .replace("{format}", super::document::FORMAT)
        .replace('\n', "\r\n")
}

fn french(role: Role) -> String {
    let role_group = match role {
        Role::Consultant => {
            "- consultant_profile : votre profil de praticien tel que vous l'avez saisi\n  \
             (profil de base, adresse, diplômes, certificats, coordonnées bancaires,\n  \
             textes de présentation, tarifs, documents) et son état de validation.\n"
        }
        _ => {
            "- client_file : votre dossier client : le formulaire de consentement\n  \
             (état, date, fichier), vos réponses au bilan de santé et vos\n  \
             informations générales.\n"
        }
    };
    let bookings = match role {
        Role::Consultant => {
            "- bookings : vos rendez-vous (dates, statut, prix, remise, total,\n  \
             remboursements, factures et avoirs) ; le client n'y figure que par son\n  \
             nom, tel que vos dossiers le montrent.\n"
        }
        _ => {
            "- bookings : vos rendez-vous (praticien, dates, statut, prix, remise,\n  \
             code promo, carte utilisée, remboursements, factures et avoirs).\n"
        }
    };
    format!(
        "Equilibre : vos données\n\
         =======================\n\
         \n\
         Cette archive contient les données personnelles que nous détenons sur\n\
         vous (RGPD, articles 15 et 20), telles qu'elles étaient le {{generated_at}}\n\
         (heures en UTC, format ISO 8601).\n\
         \n\
         Fichiers\n\
         --------\n\
         - README.txt : ce texte.\n\
         - data.json : toutes vos données, dans un format ouvert\n  \
           (JSON, {{format}}) que d'autres services peuvent relire.\n\
         - files/ : les fichiers que vous avez déposés (documents, photos,\n  \
           formulaire de consentement, pièces jointes de réclamations).\n\
         \n\
         Contenu de data.json\n\
         --------------------\n\
         - account : votre compte : noms, adresse e-mail, téléphones, date de\n  \
           naissance, langues, pays, fuseau horaire, date d'inscription, dernière\n  \
           connexion, état du compte, double authentification activée ou non.\n\
         {role_group}\
         - consents : les versions des conditions générales et de la politique de\n  \
           confidentialité acceptées (à l'inscription et ensuite), le partage de\n  \
           votre bilan de santé avec les praticiens consultés (clients) et votre\n  \
           abonnement à la lettre d'information s'il y en a un.\n\
         {bookings}\
         - complaints_filed, complaints_about_you : les réclamations que vous avez\n  \
           déposées ou qui vous concernent : vos propres textes, les questions qui\n  \
           vous ont été posées et vos réponses, la décision.\n\
         - sign_ins : la date et l'heure de chacune de vos connexions (aucune\n  \
           adresse IP n'est conservée).\n\
         - files : la liste des fichiers du dossier files/.\n\
         \n\
         Ce qui n'y figure pas\n\
         ---------------------\n\
         Les données d'autres personnes : les coordonnées et le dossier de santé\n\
         des autres membres, les notes de travail qu'un praticien prend sur ses\n\
         clients, les textes de l'autre partie d'une réclamation. Votre mot de\n\
         passe n'est conservé que sous une forme irréversible et n'est pas\n\
         exporté.\n\
         \n\
         Corriger ou effacer vos données\n\
         -------------------------------\n\
         - Rectification : modifiez vos informations dans votre espace (profil,\n  \
           dossier, bilan de santé), ou écrivez-nous depuis le formulaire de\n  \
           contact du site.\n\
         - Effacement : depuis la page « Mes données » de votre espace, demandez\n  \
           la suppression de votre compte ; elle a lieu 14 jours plus tard et vous\n  \
           pouvez l'annuler d'ici là. Les factures sont conservées dix ans, comme\n  \
           la loi l'exige.\n\
         - Vous pouvez aussi adresser une réclamation à la CNIL (www.cnil.fr).\n"
    )
}

fn english(role: Role) -> String {
    let role_group = match role {
        Role::Consultant => {
            "- consultant_profile: your practitioner profile as you entered it (basic\n  \
             profile, address, degrees, certificates, bank details, presentation\n  \
             texts, prices, documents) and its review status.\n"
        }
        _ => {
            "- client_file: your client file: the consent form (status, date, file),\n  \
             your health assessment answers and your general information.\n"
        }
    };
    let bookings = match role {
        Role::Consultant => {
            "- bookings: your appointments (times, status, price, discount, total,\n  \
             refunds, invoices and credit notes); a client appears by name only, as\n  \
             your records show them.\n"
        }
        _ => {
            "- bookings: your appointments (practitioner, times, status, price,\n  \
             discount, coupon, card used, refunds, invoices and credit notes).\n"
        }
    };
    format!(
        "Equilibre: your data\n\
         ====================\n\
         \n\
         This archive holds the personal data we keep about you (GDPR, articles\n\
         15 and 20), as it stood on {{generated_at}} (times in UTC, ISO 8601).\n\
         \n\
         Files\n\
         -----\n\
         - README.txt: this text.\n\
         - data.json: all your data, in an open format (JSON, {{format}}) that\n  \
           other services can read.\n\
         - files/: the files you uploaded (documents, photos, the consent form,\n  \
           complaint attachments).\n\
         \n\
         What data.json holds\n\
         --------------------\n\
         - account: your account: names, e-mail address, phone numbers, birth\n  \
           date, languages, country, time zone, when you registered, your last\n  \
           sign-in, the account's status, whether a second factor is on.\n\
         {role_group}\
         - consents: the terms and privacy policy versions you accepted (at\n  \
           sign-up and later), whether booked practitioners may read your health\n  \
           answers (clients), and your newsletter subscription if you have one.\n\
         {bookings}\
         - complaints_filed, complaints_about_you: the complaints you filed or\n  \
           that concern you: your own texts, the questions put to you and your\n  \
           answers, the decision.\n\
         - sign_ins: the date and time of each of your sign-ins (no IP address\n  \
           is kept).\n\
         - files: the list of the files in the files/ folder.\n\
         \n\
         What is not included\n\
         --------------------\n\
         Other people's data: other members' contact details and health files,\n\
         the working notes a practitioner keeps about their clients, the other\n\
         party's texts in a complaint. Your password is kept only as a one-way\n\
         hash and is not exported.\n\
         \n\
         Correcting or erasing your data\n\
         -------------------------------\n\
         - Correction: change your details in your area (profile, file, health\n  \
           assessment), or write to us through the site's contact form.\n\
         - Erasure: from the \"My data\" page of your area, ask for your account\n  \
           to be deleted; it happens 14 days later and you may cancel until then.\n  \
           Invoices are kept for ten years, as the law requires.\n\
         - You may also lodge a complaint with the CNIL (www.cnil.fr), the French\n  \
           data protection authority.\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_readme_speaks_the_accounts_language_and_names_every_group() {
        let now = Utc::now();
        for (lang, role, words) in [
            (
                Lang::Fr,
                Role::Client,
                ["client_file", "Effacement", "rendez-vous"],
            ),
            (
                Lang::Fr,
                Role::Consultant,
                ["consultant_profile", "Rectification", "nom"],
            ),
            (
                Lang::En,
                Role::Client,
                ["client_file", "Erasure", "appointments"],
            ),
            (
                Lang::En,
                Role::Consultant,
                ["consultant_profile", "Correction", "name"],
            ),
        ] {
            let text = text(lang, role, now);
            for word in words.iter().chain(&[
                "data.json",
                "files/",
                "consents",
                "sign_ins",
                "complaints_filed",
            ]) {
                assert!(
                    text.contains(word),
                    "{lang:?} {role:?} lacks {word}: {text}"
                );
            }
            assert!(text.contains(&utc(now)));
            assert!(!text.contains('{'), "a placeholder left: {text}");
            assert!(!text.contains("\n\n\n"));
            assert!(
                text.lines()
                    .all(|l| l.trim_end_matches('\r').chars().count() <= 80)
            );
        }
    }
}
