use domain::account::{
    LegalVersions, NewAccount, PayloadRef, Registration, RegistrationForm, Role,
};
use domain::values::ContactMethod;
use domain::{DomainError, FieldError, RuleCode};
use serde::{Deserialize, Serialize};
use store::Position;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{PROFILE_KEY, login_key, register_account};
use crate::AppState;

use crate::error::CommandError;
use crate::execute::{Actor, already_applied};
use crate::ids::Ids;

#[derive(Serialize, Deserialize, ToSchema)]
pub struct SignedUp {
    pub account_id: Uuid,
}

/// Registers a client or consultant whose e-mail was verified by OTP.
pub async fn sign_up(
    app: &AppState,
    ids: &Ids,
    role: Role,
    form: RegistrationForm,
) -> Result<(SignedUp, Position), CommandError> {
    let account_id = ids.id("account");
    if let Some(position) = already_applied(app, ids).await? {
        return Ok((SignedUp { account_id }, position));
    }
    let now = app.clock.now();
    let in_force = crate::site::in_force(app, now).await?;
    let legal = LegalVersions {
        terms: &in_force.terms,
        privacy: &in_force.privacy,
    };
    let registration = Registration::parse(&form, role, now.date_naive(), legal)?;
    let key = login_key(app, role, &registration.profile.email);
    let verified = app
        .keys
        .decode_email_proof(&form.email_proof, now)
        .is_ok_and(|proof| proof.login_key == key && proof.role == role);
    if !verified {
        return Err(DomainError::field("email", FieldError::new("email_not_verified")).into());
    }
    if let Some(number) = registration.profile.number_to_verify()
        && !super::mobile_otp::proves(app, &form.mobile_proof, role, number)
    {
        let field = if registration.profile.preferred_contact == ContactMethod::Whatsapp {
            "whatsapp_number"
        } else {
            "contact_number"
        };
        return Err(DomainError::field(field, FieldError::new("mobile_otp_required")).into());
    }
    let password_hash = app
        .passwords
        .hash(registration.password.expose().to_owned())
        .await
        .map_err(CommandError::from)?;
    let profile = PayloadRef {
        subject: account_id,
        key: PROFILE_KEY.into(),
    };
    let profile_json =
        serde_json::to_string(&registration.profile).map_err(CommandError::internal)?;
    let new = NewAccount {
        account_id,
        role,
        login_key: key.clone(),
        profile: profile.clone(),
        language: registration.profile.correspondence_language,
        timezone: Some(registration.profile.timezone),
        terms_version: Some(registration.terms_version.clone()),
        privacy_version: Some(registration.privacy_version.clone()),
    };
    let actor = Actor {
        id: Some(account_id),
        role: role.as_str(),
    };
    let position = register_account(app, ids, actor, new, profile_json, password_hash, now)
        .await
        .map_err(|e| match e {
            CommandError::Domain(DomainError::Rule(RuleCode::EmailTaken)) => {
                DomainError::field("email", FieldError::new("email_taken")).into()
            }
            other => other,
        });
    let position = match position {
        Ok(position) => position,
        // A twin request with the same key committed meanwhile: answer as it did.
        Err(error) => already_applied(app, ids).await?.ok_or(error)?,
    };
    Ok((SignedUp { account_id }, position))
}
