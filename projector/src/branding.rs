//! The branding mails carry, read from the site's settings stream when each
//! mail goes (docs/rules.md "Web settings").

use std::sync::Arc;

use async_trait::async_trait;
use domain::codec;
use domain::site::settings::{self, WebSettings, WebSettingsEvent};
use platform::mail::{Branding, BrandingSource};
use store::{EventStore, StreamId};

pub struct StoreBranding {
    pub events: Arc<dyn EventStore>,
    /// The site's origin, for the logo's absolute address.
    pub public_url: String,
}

#[async_trait]
impl BrandingSource for StoreBranding {
    async fn branding(&self) -> Branding {
        let stream = StreamId::new(settings::CATEGORY, settings::ENTITY);
        // A mail still goes with the built-in branding if the read fails.
        let recorded = self.events.read_stream(&stream).await.unwrap_or_else(|e| {
            tracing::warn!(error = %e, "web settings unreadable: built-in branding");
            Vec::new()
        });
        let current = recorded
            .iter()
            .filter_map(|e| {
                codec::decode::<WebSettingsEvent>(&e.event_type, e.schema_version, &e.payload).ok()
            })
            .fold(WebSettings::default(), |s, e| settings::evolve(s, &e));
        let origin = self.public_url.trim_end_matches('/');
        let logo_url = match current.email_logo {
            Some(_) => format!(
                "{origin}/api/public/web-settings/email_logo?v={}",
                recorded.len()
            ),
            None => format!("{origin}/logo.svg"),
        };
        Branding {
            site_title: current.site_title,
            legal_name: current.legal_name,
            logo_url,
        }
    }
}
