//! Mails about a complaint (docs/complaints.md), in the recipient's
//! language: the filing (to its author and to administrators), the notice
//! to the respondent, a request for information (to the party asked only),
//! the short notices to administrators (an answer, a statement, a
//! withdrawal), and the decision or dismissal (to both parties).
//!
//! Each mail carries only what its recipient may read on the complaint page
//! itself: the caller of [`complaint_mail`] decides which texts to give, and
//! never the other party's contact details (the facts have no field for
//! them).

use super::templates::{escape, page};
use crate::lang::Lang;
use crate::messages::message;

/// Which complaint mail, from the recipient's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComplaintMailKind {
    /// To the author: the complaint is registered.
    Filed,
    /// To an administrator: a new complaint to review.
    FiledForAdmins,
    /// To the respondent: a complaint about one of their bookings.
    FiledAgainstYou,
    /// To the party asked: the administrators' question.
    InformationRequested,
    /// To an administrator: a party answered a request.
    InformationProvided,
    /// To an administrator: the respondent submitted their statement.
    StatementSubmitted,
    /// To both parties: the decision, its favour and its resolution.
    Decided,
    /// To both parties: the dismissal and its reason.
    Dismissed,
    /// To the respondent: the author withdrew the complaint.
    Withdrawn,
    /// To an administrator: the author withdrew the complaint.
    WithdrawnForAdmins,
}

impl ComplaintMailKind {
    fn key(self) -> &'static str {
        match self {
            ComplaintMailKind::Filed => "filed",
            ComplaintMailKind::FiledForAdmins => "admin_filed",
            ComplaintMailKind::FiledAgainstYou => "against_you",
            ComplaintMailKind::InformationRequested => "information_requested",
            ComplaintMailKind::InformationProvided => "admin_information_provided",
            ComplaintMailKind::StatementSubmitted => "admin_statement",
            ComplaintMailKind::Decided => "decided",
            ComplaintMailKind::Dismissed => "dismissed",
            ComplaintMailKind::Withdrawn => "withdrawn",
            ComplaintMailKind::WithdrawnForAdmins => "admin_withdrawn",
        }
    }

    /// Whether the mail goes to an administrator (links to the admin desk).
    pub fn for_admins(self) -> bool {
        matches!(
            self,
            ComplaintMailKind::FiledForAdmins
                | ComplaintMailKind::InformationProvided
                | ComplaintMailKind::StatementSubmitted
                | ComplaintMailKind::WithdrawnForAdmins
        )
    }
}

/// In whose favour a decision went, seen from the recipient.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComplaintFavour {
    /// The recipient's.
    Yours,
    /// The other party's (or, for a complaint about the platform, not the author's).
    NotYours,
    /// Neither party's.
    Neither,
}

/// Who filed a complaint, for the administrators' notice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComplaintAuthor {
    Client,
    Consultant,
}

/// What a complaint mail says, already in the recipient's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComplaintFacts {
    /// The complaint's subject (every party and administrator may read it).
    pub subject: String,
    /// The author's role, for the administrators' filing notice.
    pub author: ComplaintAuthor,
    /// The author's name, for the respondent's notice.
    pub author_name: Option<String>,
    /// The booking's start in the recipient's zone (`local_time`), when the
    /// complaint is about a booking.
    pub booking_when: Option<String>,
    /// The text the recipient may read: the question asked of them, the
    /// resolution, or the dismissal's reason.
    pub text: Option<String>,
    /// The decision's favour, for a [`ComplaintMailKind::Decided`].
    pub favour: Option<ComplaintFavour>,
    /// The refund decided (`30.25 EUR`).
    pub refund: Option<String>,
    /// The complaint's page for the recipient (party page or admin desk).
    pub link: String,
}

enum Block {
    Text(String),
    Quote(String),
    Link(String, String),
}

/// `(subject, text, html)` of a complaint mail.
pub fn complaint_mail(
    lang: Lang,
    kind: ComplaintMailKind,
    facts: &ComplaintFacts,
) -> (String, String, String) {
    let t = |key: &str, args: &[(&str, &str)]| message(lang, key, args);
    let k = |part: &str| format!("mail.complaint.{}.{part}", kind.key());
    let topic = facts.subject.as_str();
    let subject = t(&k("subject"), &[]);
    let mut blocks = vec![Block::Text(t("mail.greeting", &[]))];
    match kind {
        ComplaintMailKind::FiledForAdmins => {
            let by = t(
                match facts.author {
                    ComplaintAuthor::Client => "mail.complaint.by_client",
                    ComplaintAuthor::Consultant => "mail.complaint.by_consultant",
                },
                &[],
            );
            blocks.push(Block::Text(t(
                &k("intro"),
                &[("subject", topic), ("by", by.as_str())],
            )));
            blocks.push(Block::Text(t(
                match facts.booking_when {
                    Some(_) => "mail.complaint.admin_filed.booking",
                    None => "mail.complaint.admin_filed.platform",
                },
                &[("when", facts.booking_when.as_deref().unwrap_or_default())],
            )));
        }
        ComplaintMailKind::FiledAgainstYou => {
            blocks.push(Block::Text(t(
                &k("intro"),
                &[
                    ("name", facts.author_name.as_deref().unwrap_or_default()),
                    ("when", facts.booking_when.as_deref().unwrap_or_default()),
                    ("subject", topic),
                ],
            )));
            blocks.push(Block::Text(t(&k("next"), &[])));
        }
        ComplaintMailKind::InformationRequested | ComplaintMailKind::Dismissed => {
            blocks.push(Block::Text(t(&k("intro"), &[("subject", topic)])));
            if let Some(text) = &facts.text {
                blocks.push(Block::Quote(text.clone()));
            }
            blocks.push(Block::Text(t(&k("next"), &[])));
        }
        ComplaintMailKind::Decided => {
            blocks.push(Block::Text(t(&k("intro"), &[("subject", topic)])));
            if let Some(favour) = facts.favour {
                blocks.push(Block::Text(t(
                    match favour {
                        ComplaintFavour::Yours => "mail.complaint.decided.favour_yours",
                        ComplaintFavour::NotYours => "mail.complaint.decided.favour_not_yours",
                        ComplaintFavour::Neither => "mail.complaint.decided.favour_neither",
                    },
                    &[],
                )));
            }
            if let Some(text) = &facts.text {
                blocks.push(Block::Text(t("mail.complaint.decided.resolution", &[])));
                blocks.push(Block::Quote(text.clone()));
            }
            if let Some(refund) = &facts.refund {
                blocks.push(Block::Text(t(
                    "mail.complaint.decided.refund",
                    &[("amount", refund)],
                )));
            }
        }
        ComplaintMailKind::Filed
        | ComplaintMailKind::InformationProvided
        | ComplaintMailKind::StatementSubmitted
        | ComplaintMailKind::Withdrawn
        | ComplaintMailKind::WithdrawnForAdmins => {
            blocks.push(Block::Text(t(&k("intro"), &[("subject", topic)])));
        }
    }
    let action = if kind.for_admins() {
        "mail.complaint.action_admin"
    } else {
        "mail.complaint.action"
    };
    blocks.push(Block::Link(t(action, &[]), facts.link.clone()));
    blocks.push(Block::Text(t("mail.signature", &[])));

    let mut text = Vec::with_capacity(blocks.len());
    let mut body = Vec::with_capacity(blocks.len());
    for block in &blocks {
        match block {
            Block::Text(p) => {
                text.push(p.clone());
                body.push(format!("<p>{}</p>", escape(p)));
            }
            Block::Quote(q) => {
                text.push(
                    q.lines()
                        .map(|l| format!("> {l}"))
                        .collect::<Vec<_>>()
                        .join("\n"),
                );
                body.push(format!(
                    "<blockquote style=\"white-space:pre-wrap\">{}</blockquote>",
                    escape(q)
                ));
            }
            Block::Link(label, url) => {
                text.push(format!("{label}\n{url}"));
                body.push(format!(
                    "<p>{}<br><a href=\"{url}\">{url}</a></p>",
                    escape(label),
                    url = escape(url)
                ));
            }
        }
    }
    let html = page(lang, &subject, &body.join("\n"));
    (subject, text.join("\n\n"), html)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [ComplaintMailKind; 10] = [
        ComplaintMailKind::Filed,
        ComplaintMailKind::FiledForAdmins,
        ComplaintMailKind::FiledAgainstYou,
        ComplaintMailKind::InformationRequested,
        ComplaintMailKind::InformationProvided,
        ComplaintMailKind::StatementSubmitted,
        ComplaintMailKind::Decided,
        ComplaintMailKind::Dismissed,
        ComplaintMailKind::Withdrawn,
        ComplaintMailKind::WithdrawnForAdmins,
    ];

    fn facts() -> ComplaintFacts {
        ComplaintFacts {
            subject: "Séance <écourtée>".into(),
            author: ComplaintAuthor::Client,
            author_name: Some("Camille Martin".into()),
            booking_when: Some("30/11/2026 10:00 (Europe/Paris UTC+01:00)".into()),
            text: Some("Pourquoi ?\nMerci & bonne journée".into()),
            favour: Some(ComplaintFavour::Yours),
            refund: Some("30.25 EUR".into()),
            link: "https://equilibre.example/client/complaint/1?a=1&b=2".into(),
        }
    }

    #[test]
    fn every_mail_is_translated_in_both_languages_with_no_missing_text() {
        for kind in ALL {
            for lang in [Lang::Fr, Lang::En] {
                let (subject, text, html) = complaint_mail(lang, kind, &facts());
                for part in [&subject, &text, &html] {
                    assert!(
                        !part.contains("mail.complaint") && !part.contains('{'),
                        "{kind:?} {lang:?}: {part}"
                    );
                }
                assert!(html.contains(&format!("lang=\"{}\"", lang.as_str())));
            }
            let (fr, _, _) = complaint_mail(Lang::Fr, kind, &facts());
            let (en, _, _) = complaint_mail(Lang::En, kind, &facts());
            assert_ne!(fr, en, "{kind:?} subject is not translated");
        }
    }

    #[test]
    fn the_acknowledgement_quotes_the_subject_and_links_to_the_complaint() {
        let (subject, text, html) = complaint_mail(Lang::En, ComplaintMailKind::Filed, &facts());
        assert_eq!(subject, "Your complaint has been received");
        assert!(text.contains("“Séance <écourtée>”"));
        assert!(text.contains("https://equilibre.example/client/complaint/1?a=1&b=2"));
        assert!(html.contains("Séance &lt;écourtée&gt;"));
        assert!(html.contains("href=\"https://equilibre.example/client/complaint/1?a=1&amp;b=2\""));
        assert!(
            !text.contains("Pourquoi"),
            "no other text in an acknowledgement"
        );
        let (subject, text, _) = complaint_mail(Lang::Fr, ComplaintMailKind::Filed, &facts());
        assert_eq!(subject, "Votre réclamation a bien été enregistrée");
        assert!(text.contains("« Séance <écourtée> »"));
    }

    #[test]
    fn administrators_learn_who_filed_and_about_what_and_get_the_desk_link() {
        let mut f = facts();
        f.link = "https://equilibre.example/admin/edit-complaint/1".into();
        let (subject, text, _) = complaint_mail(Lang::En, ComplaintMailKind::FiledForAdmins, &f);
        assert_eq!(subject, "New complaint to review");
        assert!(text.contains("a client") && text.contains("30/11/2026 10:00"));
        assert!(
            text.contains(
                "Review the complaint:\nhttps://equilibre.example/admin/edit-complaint/1"
            )
        );
        f.author = ComplaintAuthor::Consultant;
        f.booking_when = None;
        let (_, text, _) = complaint_mail(Lang::Fr, ComplaintMailKind::FiledForAdmins, &f);
        assert!(text.contains("un expert") && text.contains("plateforme"));
    }

    #[test]
    fn the_respondent_gets_the_authors_name_the_booking_and_the_subject() {
        let (subject, text, _) =
            complaint_mail(Lang::Fr, ComplaintMailKind::FiledAgainstYou, &facts());
        assert_eq!(subject, "Une réclamation vous concerne");
        assert!(text.contains("Camille Martin") && text.contains("30/11/2026 10:00"));
        assert!(text.contains("« Séance <écourtée> »") && text.contains("déclaration"));
        assert!(!text.contains("Pourquoi"));
    }

    #[test]
    fn a_question_decision_and_dismissal_quote_their_text_escaped() {
        let (_, text, html) =
            complaint_mail(Lang::En, ComplaintMailKind::InformationRequested, &facts());
        assert!(text.contains("> Pourquoi ?\n> Merci & bonne journée"));
        assert!(html.contains("Merci &amp; bonne journée"));

        let (subject, text, _) = complaint_mail(Lang::En, ComplaintMailKind::Decided, &facts());
        assert_eq!(subject, "Decision on a complaint");
        assert!(
            text.contains("in your favour")
                && text.contains("Refund granted to the client: 30.25 EUR")
        );
        assert!(text.contains("> Pourquoi ?"));
        let mut f = facts();
        f.favour = Some(ComplaintFavour::NotYours);
        f.refund = None;
        let (_, text, _) = complaint_mail(Lang::Fr, ComplaintMailKind::Decided, &f);
        assert!(
            text.contains("n’a pas été tranchée en votre faveur") && !text.contains("Rembours")
        );
        f.favour = Some(ComplaintFavour::Neither);
        let (_, text, _) = complaint_mail(Lang::En, ComplaintMailKind::Decided, &f);
        assert!(text.contains("neither party"));

        let (subject, text, _) = complaint_mail(Lang::Fr, ComplaintMailKind::Dismissed, &facts());
        assert_eq!(subject, "Réclamation classée sans suite");
        assert!(text.contains("> Pourquoi ?"));
    }

    #[test]
    fn short_notices_carry_no_text() {
        for kind in [
            ComplaintMailKind::InformationProvided,
            ComplaintMailKind::StatementSubmitted,
            ComplaintMailKind::Withdrawn,
            ComplaintMailKind::WithdrawnForAdmins,
        ] {
            let (_, text, _) = complaint_mail(Lang::En, kind, &facts());
            assert!(
                !text.contains("Pourquoi") && !text.contains("Camille"),
                "{kind:?}"
            );
            assert!(text.contains("Séance <écourtée>"), "{kind:?}");
        }
    }
}
