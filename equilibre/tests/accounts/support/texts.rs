//! Typed helpers for the mobile OTP routes and the SMS outbox the app
//! writes to by default (`{data_dir}/sms-outbox.log`, one JSON line each).

use std::time::Duration;

use domain::account::Role;
use serde_json::{Value, json};

use super::{Answer, PATIENCE, TestApp};

impl TestApp {
    pub async fn request_mobile_otp(&self, role: Role, isd: &str, number: &str) -> Answer {
        self.post("/api/public/mobile-otp")
            .json(&json!({"role": role.as_str(), "isd_code": isd, "contact_number": number}))
            .send()
            .await
    }

    pub async fn verify_mobile_otp(
        &self,
        role: Role,
        isd: &str,
        number: &str,
        code: &str,
    ) -> Answer {
        self.post("/api/public/mobile-otp/verify")
            .json(&json!({
                "role": role.as_str(), "isd_code": isd, "contact_number": number, "code": code
            }))
            .send()
            .await
    }

    /// Every text in the SMS outbox, oldest first.
    pub fn texts(&self) -> Vec<Value> {
        let path = self.app.config.sms_outbox_path();
        std::fs::read_to_string(path)
            .unwrap_or_default()
            .lines()
            .map(|line| serde_json::from_str(line).expect("one JSON object a line"))
            .collect()
    }

    /// Waits (bounded) for the `nth` (1-based) text to `e164` and returns it.
    pub async fn wait_for_text(&self, e164: &str, nth: usize) -> Value {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let mut to_number: Vec<Value> = self
                .texts()
                .into_iter()
                .filter(|t| t["to"] == e164)
                .collect();
            if to_number.len() >= nth {
                return to_number.swap_remove(nth - 1);
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "no text number {nth} to {e164}: {:?}",
                self.texts()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Requests a code for `+33 {number}`, reads it from the outbox, verifies
    /// it and returns the proof the sign-up needs.
    pub async fn mobile_proof(&self, role: Role, number: &str) -> String {
        let e164 = format!("+33{number}");
        let before = self.texts().iter().filter(|t| t["to"] == e164).count();
        self.request_mobile_otp(role, "+33", number)
            .await
            .expect(202);
        let text = self.wait_for_text(&e164, before + 1).await;
        let answer = self
            .verify_mobile_otp(role, "+33", number, &code_in_text(&text))
            .await;
        answer.expect(200);
        answer.json()["proof"].as_str().expect("a proof").to_owned()
    }
}

/// The six-digit code in a text of the outbox.
pub fn code_in_text(text: &Value) -> String {
    let body = text["text"].as_str().expect("a text");
    body.split(|c: char| !c.is_ascii_digit())
        .find(|word| word.len() == 6)
        .unwrap_or_else(|| panic!("no code in {body}"))
        .to_owned()
}
