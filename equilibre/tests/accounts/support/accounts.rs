//! Typed helpers for the account routes of `docs/api.md`.

use command_api::accounts::admin::{NewAdmin, create_admin};
use domain::account::Role;

use serde_json::{Value, json};
use store::StreamId;
use uuid::Uuid;

use super::{Answer, TestApp};

/// A registered account and how to sign in to it.
#[derive(Clone, Debug)]
pub struct Member {
    pub role: Role,
    pub account_id: Uuid,
    pub email: String,
    pub password: String,
}

/// The sign-up body with every field of `docs/api.md` filled in.
pub fn registration_form(role: Role, email: &str, proof: &str) -> Value {
    json!({
        "title": "ms", "gender": "female", "family_name": "Martin", "given_name": "Camille",
        "date_of_birth": "1990-04-12", "preferred_contact": "email",
        "isd_code": "+33", "contact_number": "612345678",
        "alternative_isd_code": "+33", "alternative_number": "698765432",
        "whatsapp_number": "611223344", "timezone": "Europe/Paris",
        "correspondence_language": "fr", "spoken_languages": ["fr", "en"],
        "profession": if role == Role::Consultant { "Naturopathe" } else { "" },
        "country_of_residence": "FR", "nationality": "FR",
        "years_of_experience": if role == Role::Consultant { json!(8) } else { Value::Null },
        "email": email, "email_proof": proof,
        "password": "a long and quiet evening walk",
        "accept_terms": true, "accept_privacy": true,
        "terms_version": domain::account::TERMS_VERSION,
        "privacy_version": domain::account::PRIVACY_VERSION,
    })
}

/// A fresh address nobody else in the test uses.
pub fn unique_email(prefix: &str) -> String {
    format!("{prefix}.{}@example.org", Uuid::now_v7().simple())
}

impl TestApp {
    pub async fn request_otp(&self, email: &str, role: Role) -> Answer {
        self.post("/api/public/email-otp")
            .json(&json!({"email": email, "role": role.as_str()}))
            .send()
            .await
    }

    pub async fn verify_otp(&self, email: &str, role: Role, code: &str) -> Answer {
        self.post("/api/public/email-otp/verify")
            .json(&json!({"email": email, "role": role.as_str(), "code": code}))
            .send()
            .await
    }

    /// The code of the latest OTP issued to `email` for `role`, read from
    /// the forgettable payload its `OtpIssued` event references (the mail
    /// itself is checked by the tests about mail).
    pub async fn otp_code(&self, email: &str, role: Role) -> String {
        let (otp_id, _) = self.latest_otp(email, role).await;
        let payload = self
            .app
            .stores
            .events
            .payload(otp_id, "mail")
            .await
            .expect("the store answers");
        let payload: Value =
            serde_json::from_str(&payload.expect("the OTP mail payload")).expect("JSON payload");
        payload["code"].as_str().expect("a code").to_owned()
    }

    /// The id of the latest OTP issued to `email` for `role` and its stream.
    pub async fn latest_otp(&self, email: &str, role: Role) -> (Uuid, StreamId) {
        let stream = self.otp_stream(email, role);
        let events = self
            .app
            .stores
            .events
            .read_stream(&stream)
            .await
            .expect("the store answers");
        let issued = events
            .iter()
            .rev()
            .find(|e| e.event_type == "OtpIssued")
            .expect("an OtpIssued event");
        let payload: Value = serde_json::from_str(&issued.payload).expect("JSON event");
        (
            payload["otp_id"]
                .as_str()
                .and_then(|id| id.parse().ok())
                .expect("an otp id"),
            stream,
        )
    }

    pub fn otp_stream(&self, email: &str, role: Role) -> StreamId {
        let key = self
            .app
            .command_state
            .keys
            .login_key(role, &email.trim().to_lowercase());
        StreamId::new(domain::otp::CATEGORY, key)
    }

    /// Requests and verifies a code; returns the proof the sign-up needs.
    pub async fn email_proof(&self, email: &str, role: Role) -> String {
        self.request_otp(email, role).await.expect(202);
        let code = self.otp_code(email, role).await;
        let answer = self.verify_otp(email, role, &code).await;
        answer.expect(200);
        answer.json()["proof"].as_str().expect("a proof").to_owned()
    }

    pub async fn sign_up(&self, role: Role, form: &Value) -> Answer {
        self.post(&format!("/api/{}/sign-up", role.area()))
            .json(form)
            .send()
            .await
    }

    /// Registers a client or consultant through the API with every field.
    pub async fn register(&self, role: Role, email: &str) -> Member {
        let proof = self.email_proof(email, role).await;
        let form = registration_form(role, email, &proof);
        let answer = self.sign_up(role, &form).await;
        answer.expect(201);
        let account_id = answer.json()["account_id"]
            .as_str()
            .and_then(|id| id.parse().ok())
            .expect("an account id");
        Member {
            role,
            account_id,
            email: email.to_owned(),
            password: form["password"].as_str().unwrap_or_default().to_owned(),
        }
    }

    /// Creates an administrator the way `equilibre admin create` does.
    pub async fn create_admin(&self, email: &str) -> Member {
        let password = "the admin's own long passphrase".to_owned();
        let new = NewAdmin {
            email: email.to_owned(),
            password: password.clone(),
            given_name: "Alice".into(),
            family_name: "Admin".into(),
        };
        let account_id = create_admin(&self.app.command_state, new)
            .await
            .expect("the administrator is created");
        Member {
            role: Role::Admin,
            account_id,
            email: email.to_owned(),
            password,
        }
    }

    pub async fn sign_in(&self, role: Role, email: &str, password: &str) -> Answer {
        self.post(&format!("/api/{}/sign-in", role.area()))
            .json(&json!({"email": email, "password": password}))
            .send()
            .await
    }

    /// Signs `member` in (the cookie stays in this client); returns the answer.
    pub async fn sign_in_as(&self, member: &Member) -> Answer {
        let answer = self
            .sign_in(member.role, &member.email, &member.password)
            .await;
        answer.expect(200);
        answer
    }

    /// A GET reading at least what this client wrote (`X-Min-Position`);
    /// like the SPA, it retries once on 503 `read_model_behind`.
    pub async fn read(&self, path: &str) -> Answer {
        let position = self.seen_position();
        let call = || match position {
            Some(position) => self.get(path).min_position(position),
            None => self.get(path),
        };
        let answer = call().send().await;
        if answer.status == 503 {
            call().send().await
        } else {
            answer
        }
    }

    /// `GET /api/{area}/session`, reading at least what this client wrote.
    pub async fn session(&self, role: Role) -> Answer {
        self.read(&format!("/api/{}/session", role.area())).await
    }

    pub async fn sign_out(&self, role: Role) -> Answer {
        self.post(&format!("/api/{}/sign-out", role.area()))
            .send()
            .await
    }

    pub async fn change_password(&self, role: Role, current: &str, new: &str) -> Answer {
        self.post(&format!("/api/{}/change-password", role.area()))
            .json(&json!({"current_password": current, "new_password": new}))
            .send()
            .await
    }

    /// Runs this app's own reactions worker until it has nothing left to do
    /// (for apps started `without_workers`).
    pub async fn drain_reactions(&self) -> usize {
        self.settle().await;
        self.reactor.drain().await.expect("the reactions run")
    }

    /// Mails received by maildev for `address`.
    pub async fn mails_to(&self, address: &str) -> Vec<Value> {
        self.maildev()
            .messages()
            .await
            .into_iter()
            .filter(|m| {
                m["to"].as_array().is_some_and(|to| {
                    to.iter().any(|r| {
                        r["address"]
                            .as_str()
                            .is_some_and(|a| a.eq_ignore_ascii_case(address))
                    })
                })
            })
            .collect()
    }
}

/// The 6-digit code in an OTP mail's text.
pub fn code_in(mail: &Value) -> String {
    let text = mail["text"].as_str().expect("a text part");
    text.split_whitespace()
        .find(|w| w.len() == 6 && w.chars().all(|c| c.is_ascii_digit()))
        .unwrap_or_else(|| panic!("no code in {text}"))
        .to_owned()
}
