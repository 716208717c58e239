//! Requests to the app under test and their answers.

use reqwest::header::{AUTHORIZATION, HeaderMap};
use reqwest::{Method, StatusCode};
use serde_json::Value;
use store::Position;

use super::TestApp;

/// A request being built; `send` records the answer's position on the app.
pub struct Call<'a> {
    app: &'a TestApp,
    request: reqwest::RequestBuilder,
}

impl TestApp {
    /// A request from the browser: cookies kept, `X-Requested-With` and `Origin` sent.
    pub fn call(&self, method: Method, path: &str) -> Call<'_> {
        Call {
            app: self,
            request: self.browser.request(method, self.url(path)),
        }
    }

    pub fn get(&self, path: &str) -> Call<'_> {
        self.call(Method::GET, path)
    }

    pub fn post(&self, path: &str) -> Call<'_> {
        self.call(Method::POST, path)
    }

    /// A request with no cookie and no header but those the test adds.
    pub fn bare(&self, method: Method, path: &str) -> Call<'_> {
        Call {
            app: self,
            request: self.plain.request(method, self.url(path)),
        }
    }
}

impl Call<'_> {
    pub fn json(mut self, body: &Value) -> Self {
        self.request = self.request.json(body);
        self
    }
    /// A `multipart/form-data` body (uploads).
    pub fn multipart(mut self, form: reqwest::multipart::Form) -> Self {
        self.request = self.request.multipart(form);
        self
    }
    pub fn body(mut self, body: impl Into<reqwest::Body>) -> Self {
        self.request = self.request.body(body);
        self
    }
    pub fn header(mut self, name: &str, value: &str) -> Self {
        self.request = self.request.header(name, value);
        self
    }
    pub fn lang(self, lang: &str) -> Self {
        self.header("accept-language", lang)
    }
    pub fn bearer(self, token: &str) -> Self {
        self.header(AUTHORIZATION.as_str(), &format!("Bearer {token}"))
    }
    pub fn min_position(self, position: Position) -> Self {
        self.header("x-min-position", &position.to_string())
    }
    pub fn idempotency_key(self, key: &str) -> Self {
        self.header("idempotency-key", key)
    }
    /// What the SPA sends on unsafe requests (for [`TestApp::bare`] calls).
    pub fn same_origin(self) -> Self {
        let origin = self.app.address.clone();
        self.header("x-requested-with", "equilibre")
            .header("origin", &origin)
    }

    /// Sends the request; a `read_model_behind` answer (the projector did not
    /// reach `X-Min-Position` within its wait, as on a loaded machine) is
    /// asked once more, as the SPA does (docs/api.md "Read your writes").
    pub async fn send(self) -> Answer {
        let again = self.request.try_clone();
        let answer = self.app.answer(self.request).await;
        match again {
            Some(request) if answer.is_read_model_behind() => self.app.answer(request).await,
            _ => answer,
        }
    }

    /// Sends the request once, whatever the answer.
    pub async fn send_once(self) -> Answer {
        self.app.answer(self.request).await
    }
}

impl TestApp {
    async fn answer(&self, request: reqwest::RequestBuilder) -> Answer {
        let response = request.send().await.expect("the app answers");
        let status = response.status();
        let headers = response.headers().clone();
        let text = response.text().await.expect("a readable body");
        let answer = Answer {
            status,
            headers,
            text,
        };
        if let Some(position) = answer.position() {
            self.remember(position);
        }
        answer
    }
}

/// A response, read whole.
#[derive(Debug)]
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub text: String,
}

impl Answer {
    fn is_read_model_behind(&self) -> bool {
        self.status == StatusCode::SERVICE_UNAVAILABLE && self.code() == "read_model_behind"
    }

    /// Panics with the body when the status differs.
    #[track_caller]
    pub fn expect(&self, status: u16) -> &Self {
        assert_eq!(
            self.status.as_u16(),
            status,
            "unexpected status; body: {}",
            self.text
        );
        self
    }

    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text))
    }

    /// `error.code` of the error envelope.
    pub fn code(&self) -> String {
        self.json()["error"]["code"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// `error.message` of the error envelope.
    pub fn message(&self) -> String {
        self.json()["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// The translated error of one form field.
    pub fn field(&self, name: &str) -> Option<String> {
        self.json()["error"]["fields"][name]
            .as_str()
            .map(str::to_owned)
    }

    /// `X-Event-Position`.
    pub fn position(&self) -> Option<Position> {
        self.headers
            .get("x-event-position")?
            .to_str()
            .ok()?
            .parse()
            .ok()
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name)?.to_str().ok()
    }

    /// The `Set-Cookie` header that sets `name`.
    pub fn set_cookie(&self, name: &str) -> Option<String> {
        self.headers
            .get_all("set-cookie")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find(|v| v.starts_with(&format!("{name}=")))
            .map(str::to_owned)
    }

    /// The session token carried by the `name` cookie (for Bearer use).
    #[track_caller]
    pub fn token(&self, name: &str) -> String {
        let cookie = self
            .set_cookie(name)
            .unwrap_or_else(|| panic!("no {name} cookie in {:?}", self.headers));
        let value = cookie[name.len() + 1..]
            .split(';')
            .next()
            .unwrap_or_default();
        assert!(!value.is_empty(), "{name} cookie is empty");
        value.to_owned()
    }
}
