use axum::Json;
use domain::reference_data::{self, Country, LanguageEntry};
use serde::Serialize;
use utoipa::ToSchema;

/// Branding served to everyone at start-up (spec §7 "Startup call").
/// Admin editing of these settings comes with the content issue.
#[derive(Serialize, ToSchema)]
pub struct WebSettings {
    pub web_title: &'static str,
    pub domain_name_without_extension: &'static str,
    pub web_logo: &'static str,
    pub footer_logo: &'static str,
    pub email_logo: &'static str,
    pub fab_icon: &'static str,
    pub twitter: &'static str,
    pub youtube: &'static str,
    pub instagram: &'static str,
    pub linkedin: &'static str,
    pub web_legal_name: &'static str,
}

/// Logo, favicon, title and social links.
#[utoipa::path(get, path = "/api/public/web-settings", tag = "public", responses((status = 200, body = WebSettings)))]
pub async fn web_settings() -> Json<WebSettings> {
    Json(WebSettings {
        web_title: "Equilibre",
        domain_name_without_extension: "equilibre",
        web_logo: "/logo.svg",
        footer_logo: "/logo.svg",
        email_logo: "/logo.svg",
        fab_icon: "/favicon.svg",
        twitter: "",
        youtube: "",
        instagram: "",
        linkedin: "",
        web_legal_name: "Equilibre SAS",
    })
}

#[derive(Serialize, ToSchema)]
pub struct RegistrationOptions {
    pub terms_version: &'static str,
    pub privacy_version: &'static str,
    pub titles: Vec<&'static str>,
    pub genders: Vec<&'static str>,
    pub contact_methods: Vec<&'static str>,
    #[schema(value_type = Vec<Object>)]
    pub languages: &'static [LanguageEntry],
    #[schema(value_type = Vec<Object>)]
    pub countries: &'static [Country],
    #[schema(value_type = Vec<Object>)]
    pub nationalities: &'static [Country],
    pub timezones: Vec<&'static str>,
}

/// Choices and versions the sign-up form needs.
#[utoipa::path(get, path = "/api/public/registration-options", tag = "public", responses((status = 200, body = RegistrationOptions)))]
pub async fn registration_options() -> Json<RegistrationOptions> {
    use domain::values::{ContactMethod, Gender, Title};
    Json(RegistrationOptions {
        terms_version: domain::account::TERMS_VERSION,
        privacy_version: domain::account::PRIVACY_VERSION,
        titles: Title::ALL.iter().map(|t| t.as_str()).collect(),
        genders: Gender::ALL.iter().map(|g| g.as_str()).collect(),
        contact_methods: ContactMethod::ALL.iter().map(|c| c.as_str()).collect(),
        languages: reference_data::languages(),
        countries: reference_data::countries(),
        nationalities: reference_data::countries(),
        timezones: chrono_tz::TZ_VARIANTS
            .iter()
            .map(|tz| tz.name())
            .filter(|n| n.contains('/') && !n.starts_with("Etc/"))
            .collect(),
    })
}
