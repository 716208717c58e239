//! Mobile one-time codes for sign-up: the e-mail OTP's rules and counters
//! (`domain::otp`), texted to an E.164 number by the reactions worker. The
//! stream and the proof are keyed by a keyed hash of role and number, so the
//! number never appears in a stream id or a token.

use domain::DomainError;
use domain::account::Role;
use domain::otp::Channel;
use domain::values::{Language, PhoneNumber};
use platform::auth::MobileProofClaims;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::otp::{OtpRequested, check, issue, otp_stream, signup_role};
use crate::AppState;
use crate::error::CommandError;
use crate::ids::Ids;

#[derive(Deserialize, ToSchema)]
pub struct MobileOtpRequest {
    /// `client` or `consultant`.
    pub role: String,
    /// `+33`.
    pub isd_code: String,
    /// National or international digits; spaces, dots and dashes are tolerated.
    pub contact_number: String,
}

#[derive(Deserialize, ToSchema)]
pub struct MobileOtpVerification {
    pub role: String,
    pub isd_code: String,
    pub contact_number: String,
    pub code: String,
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct MobileProof {
    /// Send back as `mobile_proof` with the sign-up form.
    pub proof: String,
}

fn parse_number(isd_code: &str, number: &str) -> Result<PhoneNumber, CommandError> {
    PhoneNumber::parse(isd_code, number).map_err(|e| DomainError::field("contact_number", e).into())
}

/// The keyed hash of a role and number (stream ids and proofs).
pub fn phone_key(app: &AppState, role: Role, number: &PhoneNumber) -> String {
    app.keys.phone_key(role, number.as_str())
}

/// Texts a 6-digit code to the number, within the resend limits.
pub async fn request(
    app: &AppState,
    ids: &Ids,
    body: MobileOtpRequest,
    language: Language,
) -> Result<OtpRequested, CommandError> {
    let role = signup_role(&body.role)?;
    let number = parse_number(&body.isd_code, &body.contact_number)?;
    if crate::execute::already_applied(app, ids).await?.is_some() {
        return Ok(super::otp::requested());
    }
    let stream = otp_stream(&phone_key(app, role, &number));
    issue(
        app,
        ids,
        &stream,
        Channel::Mobile,
        language,
        |code| serde_json::json!({ "phone": number.as_str(), "code": code }),
    )
    .await
}

/// Checks a code; a right one yields the proof the sign-up needs.
pub async fn verify(
    app: &AppState,
    ids: &Ids,
    body: MobileOtpVerification,
) -> Result<MobileProof, CommandError> {
    let role = signup_role(&body.role)?;
    let number = parse_number(&body.isd_code, &body.contact_number)?;
    let key = phone_key(app, role, &number);
    check(app, ids, &otp_stream(&key), &body.code).await?;
    let claims = MobileProofClaims::new(key, role, app.clock.now());
    let proof = app
        .keys
        .encode_mobile_proof(&claims)
        .map_err(CommandError::internal)?;
    Ok(MobileProof { proof })
}

/// Whether `proof` is a valid mobile proof of `number` for `role`.
pub fn proves(app: &AppState, proof: &str, role: Role, number: &PhoneNumber) -> bool {
    let key = phone_key(app, role, number);
    app.keys
        .decode_mobile_proof(proof, app.clock.now())
        .is_ok_and(|claims| claims.phone_key == key && claims.role == role)
}
