//! Mails and text messages about a booking, in the recipient's language and
//! with times in the recipient's zone: confirmation, cancellation,
//! reschedule and the 24-hour and 1-hour reminders.

use chrono::{DateTime, Utc};

use super::templates::{escape, page};
use crate::lang::Lang;
use crate::messages::message;

/// Which booking message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookingMailKind {
    Confirmed,
    Cancelled,
    Rescheduled,
    ReminderDay,
    ReminderHour,
}

impl BookingMailKind {
    fn subject_key(self) -> &'static str {
        match self {
            BookingMailKind::Confirmed => "mail.booking.confirmed.subject",
            BookingMailKind::Cancelled => "mail.booking.cancelled.subject",
            BookingMailKind::Rescheduled => "mail.booking.rescheduled.subject",
            BookingMailKind::ReminderDay => "mail.booking.reminder_24h.subject",
            BookingMailKind::ReminderHour => "mail.booking.reminder_1h.subject",
        }
    }
}

/// What a booking message says, already in the recipient's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookingFacts {
    /// The other party's name.
    pub other_party: String,
    /// The start in the recipient's zone ([`local_time`]).
    pub when: String,
    /// The start before a reschedule, in the recipient's zone.
    pub previous: Option<String>,
    pub duration_minutes: i64,
    /// Amount paid (`60.50 EUR`), for a confirmation to the client.
    pub paid: Option<String>,
    /// Amount refunded, for a cancellation to the client.
    pub refund: Option<String>,
    /// The video room page.
    pub room_url: String,
}

/// `at` in `zone` as the recipient reads it, with the zone's name.
pub fn local_time(lang: Lang, at: DateTime<Utc>, zone: chrono_tz::Tz) -> String {
    let local = at.with_timezone(&zone);
    let format = match lang {
        Lang::Fr => "%d/%m/%Y %H:%M",
        Lang::En => "%Y-%m-%d %H:%M",
    };
    format!(
        "{} ({} UTC{})",
        local.format(format),
        zone.name(),
        local.format("%:z")
    )
}

/// `(subject, text, html)` of a booking message.
pub fn booking_mail(
    lang: Lang,
    kind: BookingMailKind,
    facts: &BookingFacts,
) -> (String, String, String) {
    let t = |key: &str, args: &[(&str, &str)]| message(lang, key, args);
    let name = facts.other_party.as_str();
    let when = facts.when.as_str();
    let subject = t(kind.subject_key(), &[("when", when)]);
    let intro = match kind {
        BookingMailKind::Confirmed => t("mail.booking.confirmed.intro", &[("name", name)]),
        BookingMailKind::Cancelled => t(
            "mail.booking.cancelled.intro",
            &[("name", name), ("when", when)],
        ),
        BookingMailKind::Rescheduled => t(
            "mail.booking.rescheduled.intro",
            &[
                ("name", name),
                ("previous", facts.previous.as_deref().unwrap_or_default()),
            ],
        ),
        BookingMailKind::ReminderDay | BookingMailKind::ReminderHour => {
            t("mail.booking.reminder.intro", &[("name", name)])
        }
    };
    let mut paragraphs = vec![t("mail.greeting", &[]), intro];
    if kind != BookingMailKind::Cancelled {
        let minutes = facts.duration_minutes.to_string();
        paragraphs.push(t(
            "mail.booking.when",
            &[("when", when), ("minutes", minutes.as_str())],
        ));
    }
    if let (BookingMailKind::Confirmed, Some(paid)) = (kind, &facts.paid) {
        paragraphs.push(t("mail.booking.paid", &[("amount", paid)]));
    }
    if let (BookingMailKind::Cancelled, Some(refund)) = (kind, &facts.refund) {
        paragraphs.push(t("mail.booking.refund", &[("amount", refund)]));
    }
    let room = (kind != BookingMailKind::Cancelled).then(|| t("mail.booking.room", &[]));
    let attachment = matches!(
        kind,
        BookingMailKind::Confirmed | BookingMailKind::Cancelled | BookingMailKind::Rescheduled
    )
    .then(|| t("mail.booking.attachment", &[]));
    let signature = t("mail.signature", &[]);

    let mut text = paragraphs.join("\n\n");
    let mut body: Vec<String> = paragraphs
        .iter()
        .map(|p| format!("<p>{}</p>", escape(p)))
        .collect();
    if let Some(room) = &room {
        text.push_str(&format!("\n\n{room}\n{}", facts.room_url));
        body.push(format!(
            "<p>{}<br><a href=\"{url}\">{url}</a></p>",
            escape(room),
            url = escape(&facts.room_url)
        ));
    }
    for p in attachment.iter().chain(std::iter::once(&signature)) {
        text.push_str(&format!("\n\n{p}"));
        body.push(format!("<p>{}</p>", escape(p)));
    }
    let html = page(lang, &subject, &body.join("\n"));
    (subject, text, html)
}

/// The text message of a reminder.
pub fn booking_reminder_sms(lang: Lang, facts: &BookingFacts) -> String {
    message(
        lang,
        "sms.booking.reminder",
        &[
            ("name", facts.other_party.as_str()),
            ("when", facts.when.as_str()),
            ("url", facts.room_url.as_str()),
        ],
    )
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone as _;

    use super::*;

    fn facts(lang: Lang, zone: chrono_tz::Tz) -> BookingFacts {
        let start = Utc.with_ymd_and_hms(2026, 11, 30, 9, 0, 0).unwrap();
        BookingFacts {
            other_party: "Camille <Martin>".into(),
            when: local_time(lang, start, zone),
            previous: Some(local_time(lang, start - chrono::TimeDelta::days(1), zone)),
            duration_minutes: 60,
            paid: Some("60.50 EUR".into()),
            refund: Some("60.50 EUR".into()),
            room_url: "https://equilibre.example/client/room/1".into(),
        }
    }

    #[test]
    fn times_are_in_the_recipients_zone_and_language() {
        let start = Utc.with_ymd_and_hms(2026, 11, 30, 9, 0, 0).unwrap();
        assert_eq!(
            local_time(Lang::Fr, start, chrono_tz::Europe::Paris),
            "30/11/2026 10:00 (Europe/Paris UTC+01:00)"
        );
        assert_eq!(
            local_time(Lang::En, start, chrono_tz::Asia::Kolkata),
            "2026-11-30 14:30 (Asia/Kolkata UTC+05:30)"
        );
    }

    #[test]
    fn a_confirmation_is_translated_with_the_amount_and_the_room() {
        let (subject, text, html) = booking_mail(
            Lang::En,
            BookingMailKind::Confirmed,
            &facts(Lang::En, chrono_tz::America::Montreal),
        );
        assert_eq!(
            subject,
            "Consultation confirmed: 2026-11-30 04:00 (America/Montreal UTC-05:00)"
        );
        assert!(text.contains("Camille <Martin>") && text.contains("60.50 EUR"));
        assert!(text.contains("/client/room/1") && text.contains(".ics"));
        assert!(html.contains("Camille &lt;Martin&gt;"));
        let (subject, text, _) = booking_mail(
            Lang::Fr,
            BookingMailKind::Confirmed,
            &facts(Lang::Fr, chrono_tz::Europe::Paris),
        );
        assert!(subject.starts_with("Consultation confirmée"));
        assert!(text.contains("Montant payé"));
    }

    #[test]
    fn cancellation_reschedule_and_reminders_say_what_happened() {
        let f = facts(Lang::En, chrono_tz::Europe::Paris);
        let (_, text, _) = booking_mail(Lang::En, BookingMailKind::Cancelled, &f);
        assert!(text.contains("is cancelled") && text.contains("Refund: 60.50 EUR"));
        assert!(!text.contains("video room"));
        let (_, text, _) = booking_mail(Lang::En, BookingMailKind::Rescheduled, &f);
        assert!(text.contains("has moved from 2026-11-29"));
        let (subject, _, _) = booking_mail(Lang::En, BookingMailKind::ReminderHour, &f);
        assert!(subject.starts_with("In one hour"));
        let (subject, text, _) = booking_mail(Lang::Fr, BookingMailKind::ReminderDay, &f);
        assert!(subject.starts_with("Demain") && !text.contains(".ics"));
        assert!(booking_reminder_sms(Lang::En, &f).contains("/client/room/1"));
    }
}
