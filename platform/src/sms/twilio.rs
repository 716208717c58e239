//! The SMS provider adapter, speaking Twilio's Messages API:
//! `POST {base}/2010-04-01/Accounts/{sid}/Messages.json`, form-encoded
//! `To`, `From`, `Body`, HTTP basic auth (account SID, auth token). Twilio
//! answers `201` with the message JSON (`sid`, `status`, …), or an error JSON
//! `{code, message, more_info, status}`.
//!
//! Only Twilio's numeric error code is kept: its message may quote the number.

use async_trait::async_trait;
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;

use super::{Sms, SmsError, SmsSender};
use crate::config::TwilioSettings;

/// Sends text messages through Twilio (or any server speaking its API).
#[derive(Debug, Clone)]
pub struct TwilioSms {
    endpoint: String,
    account_sid: String,
    auth_token: SecretString,
    from: String,
    client: reqwest::Client,
}

#[derive(Deserialize)]
struct Accepted {
    sid: String,
}

#[derive(Deserialize)]
struct TwilioError {
    code: Option<i64>,
}

impl TwilioSms {
    pub fn new(settings: &TwilioSettings) -> Result<Self, SmsError> {
        let client = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(20))
            .build()
            .map_err(|e| SmsError::Transport(e.to_string()))?;
        Ok(TwilioSms {
            endpoint: format!(
                "{}/2010-04-01/Accounts/{}/Messages.json",
                settings.api_base, settings.account_sid
            ),
            account_sid: settings.account_sid.clone(),
            auth_token: settings.auth_token.clone(),
            from: settings.from.clone(),
            client,
        })
    }
}

#[async_trait]
impl SmsSender for TwilioSms {
    async fn send(&self, sms: Sms) -> Result<(), SmsError> {
        let response = self
            .client
            .post(&self.endpoint)
            .basic_auth(&self.account_sid, Some(self.auth_token.expose_secret()))
            .form(&[
                ("To", sms.to.as_str()),
                ("From", self.from.as_str()),
                ("Body", sms.text.as_str()),
            ])
            .send()
            .await
            // reqwest's errors name the URL, never the form body.
            .map_err(|e| SmsError::Transport(e.without_url().to_string()))?;
        let status = response.status();
        if status.is_success() {
            let accepted: Accepted = response
                .json()
                .await
                .map_err(|e| SmsError::Transport(format!("unexpected answer: {e}")))?;
            tracing::info!(sms.provider_id = %accepted.sid, "sms accepted by the provider");
            return Ok(());
        }
        let code = response
            .json::<TwilioError>()
            .await
            .ok()
            .and_then(|e| e.code)
            .map_or_else(|| "none".to_owned(), |c| c.to_string());
        let reason = format!("HTTP {}, Twilio code {code}", status.as_u16());
        // 400: this message is refused (invalid or unreachable number, …);
        // 401/403/404 (credentials), 429 and 5xx are the provider's side.
        if status == reqwest::StatusCode::BAD_REQUEST {
            Err(SmsError::Refused(reason))
        } else {
            Err(SmsError::Transport(reason))
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use axum::Router;
    use axum::extract::{Form, Path, State};
    use axum::http::{HeaderMap, StatusCode, header};
    use axum::routing::post;
    use base64::Engine;
    use serde_json::{Value, json};

    use super::*;

    const SID: &str = "AC0123456789abcdef0123456789abcdef";
    const TOKEN: &str = "twilio-auth-token";

    #[derive(Clone, Default)]
    struct Received(Arc<Mutex<Vec<std::collections::HashMap<String, String>>>>);

    /// Answers like Twilio: basic auth checked, form fields required, the
    /// magic invalid number `+15005550001` refused with error 21211.
    async fn messages(
        State(received): State<Received>,
        Path(sid): Path<String>,
        headers: HeaderMap,
        Form(form): Form<std::collections::HashMap<String, String>>,
    ) -> (StatusCode, axum::Json<Value>) {
        let expected = format!(
            "Basic {}",
            base64::engine::general_purpose::STANDARD.encode(format!("{SID}:{TOKEN}"))
        );
        let authorised = headers
            .get(header::AUTHORIZATION)
            .is_some_and(|v| v.as_bytes() == expected.as_bytes());
        if sid != SID || !authorised {
            return (
                StatusCode::UNAUTHORIZED,
                axum::Json(json!({"code": 20003, "message": "Authenticate", "status": 401})),
            );
        }
        let to = form.get("To").cloned().unwrap_or_default();
        if !form.contains_key("From") || !form.contains_key("Body") {
            return (
                StatusCode::BAD_REQUEST,
                axum::Json(
                    json!({"code": 21603, "message": "A 'From' phone number is required.", "status": 400}),
                ),
            );
        }
        if to == "+15005550001" {
            return (
                StatusCode::BAD_REQUEST,
                axum::Json(json!({
                    "code": 21211,
                    "message": format!("The 'To' number {to} is not a valid phone number."),
                    "more_info": "https://www.twilio.com/docs/errors/21211",
                    "status": 400
                })),
            );
        }
        received.0.lock().unwrap().push(form);
        (
            StatusCode::CREATED,
            axum::Json(json!({
                "sid": "SM0123456789abcdef0123456789abcdef",
                "account_sid": SID,
                "to": to,
                "status": "queued"
            })),
        )
    }

    async fn stub() -> (String, Received) {
        let received = Received::default();
        let router = Router::new()
            .route("/2010-04-01/Accounts/{sid}/Messages.json", post(messages))
            .with_state(received.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
        (address, received)
    }

    fn sender(base: &str, token: &str) -> TwilioSms {
        TwilioSms::new(&TwilioSettings {
            api_base: base.into(),
            account_sid: SID.into(),
            auth_token: SecretString::from(token),
            from: "+15005550006".into(),
        })
        .unwrap()
    }

    fn sms(to: &str) -> Sms {
        Sms {
            to: to.into(),
            text: "Votre code Equilibre : 123456".into(),
        }
    }

    #[tokio::test]
    async fn posts_the_form_with_basic_auth_and_reads_the_sid() {
        let (base, received) = stub().await;
        sender(&base, TOKEN)
            .send(sms("+33612345678"))
            .await
            .unwrap();

        let forms = received.0.lock().unwrap().clone();
        assert_eq!(forms.len(), 1);
        assert_eq!(forms[0]["To"], "+33612345678");
        assert_eq!(forms[0]["From"], "+15005550006");
        assert_eq!(forms[0]["Body"], "Votre code Equilibre : 123456");
    }

    #[tokio::test]
    async fn an_invalid_number_is_refused_without_quoting_it() {
        let (base, received) = stub().await;
        let error = sender(&base, TOKEN)
            .send(sms("+15005550001"))
            .await
            .unwrap_err();
        let SmsError::Refused(reason) = &error else {
            panic!("expected a refusal, got {error:?}");
        };
        assert!(reason.contains("21211"), "{reason}");
        assert!(!reason.contains("5550001"), "{reason}");
        assert!(received.0.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn bad_credentials_and_an_unreachable_provider_are_transport_errors() {
        let (base, _) = stub().await;
        let error = sender(&base, "wrong-token")
            .send(sms("+33612345678"))
            .await
            .unwrap_err();
        assert!(
            matches!(&error, SmsError::Transport(r) if r.contains("20003")),
            "{error:?}"
        );

        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let error = sender(&format!("http://127.0.0.1:{port}"), TOKEN)
            .send(sms("+33612345678"))
            .await
            .unwrap_err();
        assert!(matches!(error, SmsError::Transport(_)));
    }

    #[test]
    fn debug_hides_the_auth_token() {
        let printed = format!("{:?}", sender("http://127.0.0.1:1", TOKEN));
        assert!(!printed.contains(TOKEN), "{printed}");
    }
}
