//! The built-in texts (`defaults/{key}.{lang}.md`): the static pages and
//! the first version of the legal texts and the starter kit, as shipped. Each file is a
//! `title:` line, a `description:` line, `---`, then the Markdown body.

use std::sync::LazyLock;

use super::legal::LegalKind;
use super::page::PageKey;
use super::{SiteText, SiteTexts};

macro_rules! texts {
    ($key:literal) => {
        SiteTexts {
            fr: parse(include_str!(concat!("defaults/", $key, ".fr.md"))),
            en: parse(include_str!(concat!("defaults/", $key, ".en.md"))),
        }
    };
}

struct Defaults {
    about_us: SiteTexts,
    alternative_medicine: SiteTexts,
    sdg_media: SiteTexts,
    faq: SiteTexts,
    team_and_vision: SiteTexts,
    media: SiteTexts,
    disclaimer: SiteTexts,
    terms: SiteTexts,
    privacy: SiteTexts,
    starter_kit: SiteTexts,
}

static DEFAULTS: LazyLock<Defaults> = LazyLock::new(|| Defaults {
    about_us: texts!("about-us"),
    alternative_medicine: texts!("alternative-medicine"),
    sdg_media: texts!("sdg-media"),
    faq: texts!("faq"),
    team_and_vision: texts!("team-and-vision"),
    media: texts!("media"),
    disclaimer: texts!("disclaimer"),
    terms: texts!("terms"),
    privacy: texts!("privacy"),
    starter_kit: texts!("starter-kit"),
});

pub fn page(key: PageKey) -> &'static SiteTexts {
    let d = &*DEFAULTS;
    match key {
        PageKey::AboutUs => &d.about_us,
        PageKey::AlternativeMedicine => &d.alternative_medicine,
        PageKey::SdgMedia => &d.sdg_media,
        PageKey::Faq => &d.faq,
        PageKey::TeamAndVision => &d.team_and_vision,
        PageKey::Media => &d.media,
        PageKey::Disclaimer => &d.disclaimer,
    }
}

pub fn legal(kind: LegalKind) -> &'static SiteTexts {
    match kind {
        LegalKind::Terms => &DEFAULTS.terms,
        LegalKind::Privacy => &DEFAULTS.privacy,
    }
}

/// The wellbeing starter kit mailed as a PDF to whoever asks for it.
pub fn starter_kit() -> &'static SiteTexts {
    &DEFAULTS.starter_kit
}

/// A file's header lines and body; a malformed file gives empty fields,
/// which the test below refuses.
fn parse(source: &str) -> SiteText {
    let (head, body) = source.split_once("\n---\n").unwrap_or(("", source));
    let field = |name: &str| {
        head.lines()
            .find_map(|line| line.strip_prefix(name))
            .map(|value| value.trim().to_owned())
            .unwrap_or_default()
    };
    SiteText {
        title: field("title:"),
        description: field("description:"),
        body: body.trim().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use strum::IntoEnumIterator;

    use super::*;
    use crate::site::RawSiteText;

    fn raw(text: &SiteText) -> RawSiteText<'_> {
        RawSiteText {
            title: &text.title,
            description: &text.description,
            body: &text.body,
        }
    }

    #[test]
    fn every_built_in_text_is_one_an_editor_could_have_written() {
        let all = PageKey::ALL
            .into_iter()
            .map(page)
            .chain(LegalKind::iter().map(legal))
            .chain([starter_kit()]);
        for texts in all {
            let parsed = SiteTexts::parse(raw(&texts.fr), raw(&texts.en));
            assert_eq!(parsed.as_ref(), Ok(texts), "{}", texts.fr.title);
            assert_ne!(texts.fr.title, texts.en.title);
        }
    }
}
