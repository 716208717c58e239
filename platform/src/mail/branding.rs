//! The site's branding on every mail (docs/rules.md "Web settings"): the
//! e-mail logo at the top of the HTML part and the legal name at the foot
//! of both parts, as the administrators set them, read when each mail goes
//! so a change applies to the next mail without a restart.

use std::sync::Arc;

use async_trait::async_trait;

use super::templates::escape;
use super::{Mail, MailError, Mailer};

/// What a mail is branded with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branding {
    pub site_title: String,
    pub legal_name: String,
    /// An absolute address of the e-mail logo.
    pub logo_url: String,
}

/// Where the branding in force is read.
#[async_trait]
pub trait BrandingSource: Send + Sync {
    async fn branding(&self) -> Branding;
}

/// Brands every mail of `inner`.
pub struct BrandedMailer {
    pub inner: Arc<dyn Mailer>,
    pub source: Arc<dyn BrandingSource>,
}

#[async_trait]
impl Mailer for BrandedMailer {
    async fn send(&self, mut mail: Mail) -> Result<(), MailError> {
        let branding = self.source.branding().await;
        mail.text = format!("{}\n\n--\n{}", mail.text, branding.legal_name);
        mail.html = mail.html.map(|html| brand_html(&html, &branding));
        self.inner.send(mail).await
    }
}

/// The logo after `<body …>`, the legal name before `</body>`.
fn brand_html(html: &str, branding: &Branding) -> String {
    let header = format!(
        "<p><img src=\"{}\" alt=\"{}\" height=\"40\" style=\"height:40px\"></p>\n",
        escape(&branding.logo_url),
        escape(&branding.site_title)
    );
    let footer = format!(
        "<p style=\"font-size:12px;color:#555\">{}</p>\n",
        escape(&branding.legal_name)
    );
    let with_header = match html
        .find("<body")
        .and_then(|at| html[at..].find('>').map(|end| at + end + 1))
    {
        Some(after) => format!("{}\n{header}{}", &html[..after], &html[after..]),
        None => format!("{header}{html}"),
    };
    match with_header.rfind("</body>") {
        Some(before) => format!(
            "{}{footer}{}",
            &with_header[..before],
            &with_header[before..]
        ),
        None => format!("{with_header}{footer}"),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;

    struct Fixed(Branding);

    #[async_trait]
    impl BrandingSource for Fixed {
        async fn branding(&self) -> Branding {
            self.0.clone()
        }
    }

    #[derive(Default)]
    struct Kept(Mutex<Vec<Mail>>);

    #[async_trait]
    impl Mailer for Kept {
        async fn send(&self, mail: Mail) -> Result<(), MailError> {
            self.0.lock().unwrap().push(mail);
            Ok(())
        }
    }

    #[tokio::test]
    async fn every_mail_carries_the_logo_and_the_legal_name_in_force() {
        let kept = Arc::new(Kept::default());
        let mailer = BrandedMailer {
            inner: kept.clone(),
            source: Arc::new(Fixed(Branding {
                site_title: "Equilibre".into(),
                legal_name: "Equilibre & Co SAS".into(),
                logo_url: "https://equilibre.example/api/public/web-settings/email_logo?v=1".into(),
            })),
        };
        mailer
            .send(Mail {
                to: "a@example.org".into(),
                subject: "S".into(),
                text: "Bonjour,".into(),
                html: Some("<html><body style=\"x\">\n<p>Bonjour,</p>\n</body></html>".into()),
                attachments: Vec::new(),
            })
            .await
            .unwrap();
        let mail = kept.0.lock().unwrap().remove(0);
        assert_eq!(mail.text, "Bonjour,\n\n--\nEquilibre & Co SAS");
        let html = mail.html.unwrap();
        let logo = html
            .find("<img src=\"https://equilibre.example/api/public/web-settings/email_logo?v=1\"")
            .unwrap();
        assert!(html.find("<body").unwrap() < logo && logo < html.find("Bonjour").unwrap());
        assert!(
            html.contains("Equilibre &amp; Co SAS</p>\n</body>"),
            "{html}"
        );
    }
}
