//! The newsletter's mails (docs/rules.md "Newsletter"): the confirmation
//! link of a subscription, and the newsletter mails themselves, every one
//! of which ends with its unsubscribe link (and names it in the
//! `List-Unsubscribe` sense: one click, no sign-in).

use super::templates::{escape, page};
use crate::lang::Lang;
use crate::messages::message;

/// `(subject, text, html)` of the mail asking to confirm a subscription.
pub fn newsletter_confirmation_mail(
    lang: Lang,
    confirm_link: &str,
    unsubscribe_link: &str,
) -> (String, String, String) {
    let t = |key: &str| message(lang, key, &[]);
    let subject = t("mail.newsletter.confirm.subject");
    let text = [
        t("mail.greeting"),
        format!("{}\n\n{confirm_link}", t("mail.newsletter.confirm.intro")),
        t("mail.newsletter.confirm.validity"),
        t("mail.newsletter.confirm.ignore"),
        t("mail.signature"),
    ]
    .join("\n\n");
    let body = format!(
        "<p>{}</p>\n<p>{}</p>\n<p><a href=\"{confirm}\">{}</a></p>\n<p>{}</p>\n<p>{}</p>\n<p>{}</p>",
        escape(&t("mail.greeting")),
        escape(&t("mail.newsletter.confirm.intro")),
        escape(&t("mail.newsletter.confirm.action")),
        escape(&t("mail.newsletter.confirm.validity")),
        escape(&t("mail.newsletter.confirm.ignore")),
        escape(&t("mail.signature")),
        confirm = escape(confirm_link),
    );
    with_unsubscribe(lang, subject, text, body, unsubscribe_link)
}

/// `(subject, text, html)` of the first newsletter mail, sent once the
/// address is confirmed.
pub fn newsletter_welcome_mail(lang: Lang, unsubscribe_link: &str) -> (String, String, String) {
    let t = |key: &str| message(lang, key, &[]);
    let subject = t("mail.newsletter.welcome.subject");
    let text = [
        t("mail.greeting"),
        t("mail.newsletter.welcome.intro"),
        t("mail.newsletter.welcome.next"),
        t("mail.signature"),
    ]
    .join("\n\n");
    let body = format!(
        "<p>{}</p>\n<p>{}</p>\n<p>{}</p>\n<p>{}</p>",
        escape(&t("mail.greeting")),
        escape(&t("mail.newsletter.welcome.intro")),
        escape(&t("mail.newsletter.welcome.next")),
        escape(&t("mail.signature")),
    );
    with_unsubscribe(lang, subject, text, body, unsubscribe_link)
}

/// Every newsletter mail ends with its unsubscribe link.
fn with_unsubscribe(
    lang: Lang,
    subject: String,
    text: String,
    body: String,
    unsubscribe_link: &str,
) -> (String, String, String) {
    let footer = message(lang, "mail.newsletter.unsubscribe", &[]);
    let text = format!("{text}\n\n--\n{footer}\n{unsubscribe_link}");
    let body = format!(
        "{body}\n<hr>\n<p style=\"font-size:12px;color:#555\">{}<br><a href=\"{link}\">{link}</a></p>",
        escape(&footer),
        link = escape(unsubscribe_link),
    );
    let html = page(lang, &subject, &body);
    (subject, text, html)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_newsletter_mail_carries_its_unsubscribe_link_in_both_parts() {
        let unsubscribe = "https://equilibre.example/newsletter/unsubscribe/k/t";
        for (lang, (subject, text, html)) in [
            (
                Lang::Fr,
                newsletter_confirmation_mail(
                    Lang::Fr,
                    "https://equilibre.example/newsletter/confirm/k/c",
                    unsubscribe,
                ),
            ),
            (Lang::En, newsletter_welcome_mail(Lang::En, unsubscribe)),
        ] {
            assert!(!subject.is_empty());
            assert!(text.ends_with(unsubscribe), "{lang:?}: {text}");
            assert!(html.contains(&format!("href=\"{unsubscribe}\"")), "{html}");
        }
        let (_, text, _) =
            newsletter_confirmation_mail(Lang::Fr, "https://x.example/c<", unsubscribe);
        assert!(text.contains("https://x.example/c<"));
    }
}
