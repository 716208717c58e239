//! The mail that carries a receipt (its PDF attached): to the client, who
//! paid or was refunded, and to the consultant, on whose behalf it was
//! issued, each in its own language.

use super::templates::{escape, page};
use crate::lang::Lang;
use crate::messages::message;

/// What a receipt mail says, in the recipient's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReceiptFacts {
    /// `2026-000001`.
    pub number: String,
    /// A refund's credit note, else a payment's invoice.
    pub refund: bool,
    /// The copy for the consultant, else the client's.
    pub to_consultant: bool,
    /// The other party's name.
    pub other_party: String,
    /// The consultation's start in the recipient's zone.
    pub when: String,
    /// The amount as the recipient's language writes it (`35,00 €`).
    pub amount: String,
}

/// `(subject, text, html)` of a receipt mail.
pub fn receipt_mail(lang: Lang, facts: &ReceiptFacts) -> (String, String, String) {
    let t = |key: &str, args: &[(&str, &str)]| message(lang, key, args);
    let kind = if facts.refund { "refund" } else { "payment" };
    let party = if facts.to_consultant {
        "consultant"
    } else {
        "client"
    };
    let subject = t(
        &format!("mail.receipt.{kind}.subject"),
        &[("number", &facts.number)],
    );
    let paragraphs = [
        t("mail.greeting", &[]),
        t(
            &format!("mail.receipt.{party}.{kind}"),
            &[
                ("number", &facts.number),
                ("name", &facts.other_party),
                ("when", &facts.when),
                ("amount", &facts.amount),
            ],
        ),
        t("mail.receipt.attachment", &[]),
        t("mail.signature", &[]),
    ];
    let text = paragraphs.join("\n\n");
    let body: Vec<String> = paragraphs
        .iter()
        .map(|p| format!("<p>{}</p>", escape(p)))
        .collect();
    let html = page(lang, &subject, &body.join("\n"));
    (subject, text, html)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(refund: bool, to_consultant: bool) -> ReceiptFacts {
        ReceiptFacts {
            number: "2026-000002".into(),
            refund,
            to_consultant,
            other_party: "Camille <Martin>".into(),
            when: "02/03/2026 10:00 (Europe/Paris UTC+01:00)".into(),
            amount: "35,00 €".into(),
        }
    }

    #[test]
    fn each_party_reads_its_own_words_in_its_language() {
        let (subject, text, html) = receipt_mail(Lang::Fr, &facts(false, false));
        assert_eq!(subject, "Facture n° 2026-000002");
        assert!(text.contains("35,00 €") && text.contains("Camille <Martin>"));
        assert!(html.contains("Camille &lt;Martin&gt;"));
        let (subject, text, _) = receipt_mail(Lang::En, &facts(true, true));
        assert_eq!(subject, "Credit note no. 2026-000002");
        assert!(text.contains("on your behalf") && text.contains("35,00 €"));
    }
}
