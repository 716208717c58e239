//! The texts of the mails the platform sends, in the recipient's language,
//! as plain text and a simple HTML alternative.

use crate::lang::Lang;
use crate::messages::message;

/// `(subject, text, html)` of the mail carrying an e-mail verification code
/// (valid 10 minutes).
pub fn otp_mail(lang: Lang, code: &str) -> (String, String, String) {
    code_mail(lang, "mail.otp", code)
}

/// `(subject, text, html)` of the mail carrying the code that confirms the
/// erasure of the recipient's account (valid 10 minutes).
pub fn erasure_code_mail(lang: Lang, code: &str) -> (String, String, String) {
    code_mail(lang, "mail.erasure_code", code)
}

/// A one-time code's mail; its texts are `{texts}.subject`, `.intro` and
/// `.ignore` (the validity is every code's).
fn code_mail(lang: Lang, texts: &str, code: &str) -> (String, String, String) {
    let t = |key: &str| message(lang, key, &[]);
    let own = |key: &str| t(&format!("{texts}.{key}"));
    let subject = own("subject");
    let text = [
        t("mail.greeting"),
        format!("{}\n\n    {code}", own("intro")),
        t("mail.otp.validity"),
        own("ignore"),
        t("mail.signature"),
    ]
    .join("\n\n");
    let body = format!(
        "<p>{}</p>\n<p>{}</p>\n<p style=\"font-size:28px;font-weight:bold;letter-spacing:6px\">{}</p>\n<p>{}</p>\n<p>{}</p>\n<p>{}</p>",
        escape(&t("mail.greeting")),
        escape(&own("intro")),
        escape(code),
        escape(&t("mail.otp.validity")),
        escape(&own("ignore")),
        escape(&t("mail.signature")),
    );
    let html = page(lang, &subject, &body);
    (subject, text, html)
}

/// `(subject, text, html)` of the mail carrying a password-reset link
/// (valid 1 hour, single use).
pub fn password_reset_mail(lang: Lang, link: &str) -> (String, String, String) {
    let t = |key: &str| message(lang, key, &[]);
    let subject = t("mail.reset.subject");
    let text = [
        t("mail.greeting"),
        format!("{}\n\n{link}", t("mail.reset.intro")),
        t("mail.reset.validity"),
        t("mail.reset.ignore"),
        t("mail.signature"),
    ]
    .join("\n\n");
    let body = format!(
        "<p>{}</p>\n<p>{}</p>\n<p><a href=\"{link}\">{}</a></p>\n<p>{}</p>\n<p>{}</p>\n<p>{}</p>",
        escape(&t("mail.greeting")),
        escape(&t("mail.reset.intro")),
        escape(&t("mail.reset.action")),
        escape(&t("mail.reset.validity")),
        escape(&t("mail.reset.ignore")),
        escape(&t("mail.signature")),
        link = escape(link),
    );
    let html = page(lang, &subject, &body);
    (subject, text, html)
}

/// `(subject, text, html)` of the mail telling a consultant their profile
/// is approved and appointments can now be booked.
pub fn consultant_approved_mail(lang: Lang) -> (String, String, String) {
    let t = |key: &str| message(lang, key, &[]);
    let subject = t("mail.consultant_approved.subject");
    let paragraphs = [
        t("mail.greeting"),
        t("mail.consultant_approved.intro"),
        t("mail.consultant_approved.next"),
        t("mail.signature"),
    ];
    let text = paragraphs.join("\n\n");
    let body: Vec<String> = paragraphs
        .iter()
        .map(|p| format!("<p>{}</p>", escape(p)))
        .collect();
    let html = page(lang, &subject, &body.join("\n"));
    (subject, text, html)
}

/// `(subject, text, html)` of the mail telling a consultant why their
/// profile was rejected and that they may fix it and submit it again.
pub fn consultant_rejected_mail(lang: Lang, reason: &str) -> (String, String, String) {
    let t = |key: &str| message(lang, key, &[]);
    let subject = t("mail.consultant_rejected.subject");
    let text = [
        t("mail.greeting"),
        format!("{}\n\n{reason}", t("mail.consultant_rejected.intro")),
        t("mail.consultant_rejected.next"),
        t("mail.signature"),
    ]
    .join("\n\n");
    let body = format!(
        "<p>{}</p>\n<p>{}</p>\n<blockquote style=\"white-space:pre-wrap\">{}</blockquote>\n<p>{}</p>\n<p>{}</p>",
        escape(&t("mail.greeting")),
        escape(&t("mail.consultant_rejected.intro")),
        escape(reason),
        escape(&t("mail.consultant_rejected.next")),
        escape(&t("mail.signature")),
    );
    let html = page(lang, &subject, &body);
    (subject, text, html)
}

/// What a visitor wrote through the contact form, as the team reads it.
pub struct ContactFacts<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub phone: Option<&'a str>,
    pub organisation: Option<&'a str>,
    pub subject: &'a str,
    pub message: &'a str,
    /// The administrators' contact-us list.
    pub link: &'a str,
}

/// `(subject, text, html)` of the mail telling an administrator that a
/// visitor wrote through the contact form (answer by replying to them).
pub fn contact_message_mail(lang: Lang, facts: &ContactFacts<'_>) -> (String, String, String) {
    let t = |key: &str, args: &[(&str, &str)]| message(lang, key, args);
    let subject = t("mail.contact.subject", &[("subject", facts.subject)]);
    let mut details = vec![t(
        "mail.contact.from",
        &[("name", facts.name), ("email", facts.email)],
    )];
    if let Some(phone) = facts.phone {
        details.push(t("mail.contact.phone", &[("phone", phone)]));
    }
    if let Some(organisation) = facts.organisation {
        details.push(t(
            "mail.contact.organisation",
            &[("organisation", organisation)],
        ));
    }
    let quoted = facts
        .message
        .lines()
        .map(|line| format!("> {line}"))
        .collect::<Vec<_>>()
        .join("\n");
    let text = [
        t("mail.greeting", &[]),
        t("mail.contact.intro", &[("subject", facts.subject)]),
        details.join("\n"),
        quoted,
        format!("{}\n{}", t("mail.contact.action", &[]), facts.link),
        t("mail.signature", &[]),
    ]
    .join("\n\n");
    let details_html: Vec<String> = details.iter().map(|d| escape(d)).collect();
    let body = format!(
        "<p>{}</p>\n<p>{}</p>\n<p>{}</p>\n<blockquote style=\"white-space:pre-wrap\">{}</blockquote>\n<p>{}<br><a href=\"{link}\">{link}</a></p>\n<p>{}</p>",
        escape(&t("mail.greeting", &[])),
        escape(&t("mail.contact.intro", &[("subject", facts.subject)])),
        details_html.join("<br>"),
        escape(facts.message),
        escape(&t("mail.contact.action", &[])),
        escape(&t("mail.signature", &[])),
        link = escape(facts.link),
    );
    let html = page(lang, &subject, &body);
    (subject, text, html)
}

/// `(subject, text, html)` of the mail carrying the starter kit (attached
/// as a PDF by the caller), to `name`.
pub fn starter_kit_mail(lang: Lang, name: &str) -> (String, String, String) {
    let t = |key: &str, args: &[(&str, &str)]| message(lang, key, args);
    let subject = t("mail.starter_kit.subject", &[]);
    let greeting = t("mail.starter_kit.greeting", &[("name", name)]);
    let paragraphs = [
        t("mail.starter_kit.intro", &[]),
        t("mail.starter_kit.care", &[]),
        t("mail.starter_kit.not_subscribed", &[]),
    ];
    let text = std::iter::once(greeting.clone())
        .chain(paragraphs.iter().cloned())
        .chain([t("mail.signature", &[])])
        .collect::<Vec<_>>()
        .join("\n\n");
    let body = std::iter::once(&greeting)
        .chain(paragraphs.iter())
        .chain([&t("mail.signature", &[])])
        .map(|p| format!("<p>{}</p>", escape(p)))
        .collect::<Vec<_>>()
        .join("\n");
    let html = page(lang, &subject, &body);
    (subject, text, html)
}

pub(super) fn page(lang: Lang, title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\"><title>{}</title></head>\n<body style=\"font-family:Lato,Arial,sans-serif;color:#222\">\n{body}\n</body></html>\n",
        lang.as_str(),
        escape(title),
    )
}

pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn otp_mail_is_translated_and_carries_the_code() {
        let (subject, text, html) = otp_mail(Lang::Fr, "042917");
        assert!(subject.contains("Equilibre"));
        assert!(text.contains("042917") && text.contains("10 minutes"));
        assert!(html.contains("042917") && html.contains("lang=\"fr\""));

        let (subject, text, _) = otp_mail(Lang::En, "042917");
        assert_eq!(subject, "Your Equilibre verification code");
        assert!(text.starts_with("Hello,") && text.contains("valid for 10 minutes"));
    }

    #[test]
    fn the_erasure_code_mail_says_what_the_code_confirms() {
        let (subject, text, html) = erasure_code_mail(Lang::Fr, "318204");
        assert_eq!(
            subject,
            "Confirmez la suppression de votre compte Equilibre"
        );
        assert!(text.contains("318204") && text.contains("suppression de votre compte"));
        assert!(html.contains("318204"));
        let (subject, text, _) = erasure_code_mail(Lang::En, "318204");
        assert_eq!(subject, "Confirm the deletion of your Equilibre account");
        assert!(text.contains("did not ask to delete your account"));
    }

    #[test]
    fn reset_mail_links_and_escapes() {
        let link = "https://equilibre.example/client/verify/abc/a@b.c?x=1&y=2";
        let (subject, text, html) = password_reset_mail(Lang::En, link);
        assert_eq!(subject, "Reset your Equilibre password");
        assert!(text.contains(link) && text.contains("1 hour"));
        assert!(
            html.contains("href=\"https://equilibre.example/client/verify/abc/a@b.c?x=1&amp;y=2\"")
        );
        let (_, text, _) = password_reset_mail(Lang::Fr, link);
        assert!(text.contains("1 heure"));
    }

    #[test]
    fn review_mails_are_translated_and_carry_the_reason() {
        let (subject, text, html) = consultant_approved_mail(Lang::En);
        assert_eq!(subject, "Your Equilibre profile is approved");
        assert!(text.contains("book appointments") && html.contains("lang=\"en\""));
        let (subject, text, _) = consultant_approved_mail(Lang::Fr);
        assert!(subject.contains("approuvé") && text.contains("rendez-vous"));

        let (subject, text, html) = consultant_rejected_mail(Lang::Fr, "Diplôme <illisible>");
        assert!(subject.contains("Equilibre"));
        assert!(text.contains("Diplôme <illisible>") && text.contains("soumettez"));
        assert!(html.contains("Diplôme &lt;illisible&gt;"));
        let (_, text, _) = consultant_rejected_mail(Lang::En, "Blurry scan");
        assert!(text.contains("Blurry scan") && text.contains("submit it again"));
    }

    #[test]
    fn escape_neutralises_markup() {
        assert_eq!(
            escape("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
    }
}
