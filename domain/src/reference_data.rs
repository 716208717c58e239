//! Built-in reference lists used by registration (countries with their ISD
//! prefixes, languages), named in French and English. The admin-managed
//! reference sets of a later issue build on these codes.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Country {
    pub code: String,
    pub name_fr: String,
    pub name_en: String,
    /// International dialling prefix, e.g. `+33`.
    #[serde(default)]
    pub isd: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LanguageEntry {
    pub code: String,
    pub name_fr: String,
    pub name_en: String,
}

static COUNTRIES: LazyLock<Vec<Country>> = LazyLock::new(|| {
    let mut countries: Vec<Country> = serde_json::from_str(include_str!("../data/countries.json"))
        .expect("countries.json is valid");
    // Keep the regions a phone number can belong to; their prefix comes from
    // the phone-number metadata rather than a second hand-kept table.
    countries.retain_mut(|c| {
        let id = c.code.parse::<phonenumber::country::Id>().ok();
        match id.and_then(|id| phonenumber::metadata::DATABASE.by_id(id.as_ref())) {
            Some(meta) => {
                c.isd = format!("+{}", meta.country_code());
                true
            }
            None => false,
        }
    });
    countries
});

static LANGUAGES: LazyLock<Vec<LanguageEntry>> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../data/languages.json")).expect("languages.json is valid")
});

pub fn countries() -> &'static [Country] {
    &COUNTRIES
}

pub fn languages() -> &'static [LanguageEntry] {
    &LANGUAGES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn countries_carry_their_dialling_prefix() {
        let france = countries().iter().find(|c| c.code == "FR").unwrap();
        assert_eq!(
            (france.name_fr.as_str(), france.isd.as_str()),
            ("France", "+33")
        );
        let india = countries().iter().find(|c| c.code == "IN").unwrap();
        assert_eq!(india.isd, "+91");
        assert!(countries().len() > 200);
    }

    #[test]
    fn languages_are_named_in_both_languages() {
        let english = languages().iter().find(|l| l.code == "en").unwrap();
        assert_eq!(
            (english.name_fr.as_str(), english.name_en.as_str()),
            ("Anglais", "English")
        );
    }
}
