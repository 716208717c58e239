//! The waiting list's mail (docs/rules.md "Waiting list"): a free slot,
//! with a link straight to it and, at the foot, the link that leaves the
//! list.

use super::templates::{escape, page};
use crate::lang::Lang;
use crate::messages::message;

/// What the mail says about the slot.
pub struct FreeSlotFacts<'a> {
    /// The expert's name.
    pub expert: &'a str,
    /// The slot's start as the visitor reads it ([`super::local_time`]).
    pub when: &'a str,
    pub book_link: &'a str,
    pub leave_link: &'a str,
}

/// `(subject, text, html)` of the mail offering a free slot.
pub fn waiting_list_slot_mail(lang: Lang, facts: &FreeSlotFacts<'_>) -> (String, String, String) {
    let args = [("name", facts.expert), ("when", facts.when)];
    let t = |key: &str| message(lang, key, &args);
    let subject = t("mail.waiting_list.subject");
    let text = [
        t("mail.greeting"),
        format!("{}\n\n{}", t("mail.waiting_list.intro"), facts.book_link),
        t("mail.waiting_list.first_come"),
        t("mail.signature"),
        format!("--\n{}\n{}", t("mail.waiting_list.leave"), facts.leave_link),
    ]
    .join("\n\n");
    let body = format!(
        "<p>{}</p>\n<p>{}</p>\n<p><a href=\"{book}\">{}</a></p>\n<p>{}</p>\n<p>{}</p>\n<hr>\n<p style=\"font-size:12px;color:#555\">{}<br><a href=\"{leave}\">{leave}</a></p>",
        escape(&t("mail.greeting")),
        escape(&t("mail.waiting_list.intro")),
        escape(&t("mail.waiting_list.action")),
        escape(&t("mail.waiting_list.first_come")),
        escape(&t("mail.signature")),
        escape(&t("mail.waiting_list.leave")),
        book = escape(facts.book_link),
        leave = escape(facts.leave_link),
    );
    let html = page(lang, &subject, &body);
    (subject, text, html)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mail_names_the_slot_links_to_it_and_ends_with_the_leave_link() {
        let facts = FreeSlotFacts {
            expert: "Léa <Martin>",
            when: "03/12/2026 10:00 (Europe/Paris UTC+01:00)",
            book_link: "https://equilibre.example/booking/c_1796288400",
            leave_link: "https://equilibre.example/waiting-list/leave/e/t",
        };
        for lang in [Lang::Fr, Lang::En] {
            let (subject, text, html) = waiting_list_slot_mail(lang, &facts);
            assert!(!subject.is_empty());
            assert!(
                text.contains(facts.when) && text.contains("Léa <Martin>"),
                "{text}"
            );
            assert!(text.contains(facts.book_link));
            assert!(text.ends_with(facts.leave_link), "{text}");
            assert!(html.contains("Léa &lt;Martin&gt;"), "escaped: {html}");
            assert!(html.contains(&format!("href=\"{}\"", facts.book_link)));
        }
    }
}
