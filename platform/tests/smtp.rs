//! Sends through `SmtpMailer` to a real SMTP server (maildev) and reads the
//! mail back. Fails (never skips) when maildev cannot be installed or started.

use platform::lang::Lang;
use platform::mail::{Attachment, Mail, Mailer, SmtpMailer, otp_mail};
use platform::testing::MailDev;

#[tokio::test]
async fn an_otp_mail_sent_over_smtp_arrives_with_subject_text_and_recipient() {
    let maildev = MailDev::start().await;
    let mailer = SmtpMailer::new(
        &maildev.smtp_url(),
        "Equilibre <no-reply@equilibre.local>".parse().unwrap(),
    )
    .unwrap();
    let (subject, text, html) = otp_mail(Lang::Fr, "042917");

    mailer
        .send(Mail {
            to: "camille@example.org".into(),
            subject: subject.clone(),
            text,
            html: Some(html),
            attachments: vec![Attachment {
                filename: "note.txt".into(),
                content_type: "text/plain".into(),
                bytes: b"bonjour".to_vec(),
            }],
        })
        .await
        .unwrap();

    let mail = maildev.wait_for_recipient("camille@example.org").await;
    assert_eq!(mail["subject"], subject.as_str());
    assert!(mail["text"].as_str().unwrap().contains("042917"));
    assert!(mail["text"].as_str().unwrap().contains("10 minutes"));
    assert!(mail["html"].as_str().unwrap().contains("042917"));
    assert_eq!(mail["from"][0]["address"], "no-reply@equilibre.local");
    assert_eq!(mail["attachments"][0]["fileName"], "note.txt");

    maildev.clear().await;
    assert!(maildev.messages().await.is_empty());
}
