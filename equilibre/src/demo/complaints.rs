//! Demo complaints, so the complaint screens and the dashboard are alive
//! from the first start: one in every state (submitted; in review with an
//! open request for information; in review with the respondent's
//! statement; decided for the client with a partial refund; decided for the
//! respondent; dismissed; withdrawn) and one about the platform itself, by
//! the demo client, a second demo client writing in English and demo
//! experts, some with a PDF or PNG attachment.
//!
//! The complaints go through the real commands. Their bookings lie in the
//! past, where no command can place one: they are appended as the booking
//! commands record them (held, then paid through the payment port so a
//! decided refund really refunds; both parties' calendar days and the
//! pair's confirmation in the same append). The reactions worker completes
//! them, as it does every booking whose room has closed.

use anyhow::{Context, anyhow};
use chrono::{DateTime, Duration, TimeDelta, Timelike as _, Utc};
use command_api::complaints::desk::{
    self, DecideBody, DismissBody, RefundBody, RequestInformationBody,
};
use command_api::complaints::parties::{self, FileBody, InformationBody, StatementBody};
use command_api::error::CommandError;
use command_api::execute::Actor;
use command_api::files;
use command_api::ids::{IdempotencyKey, Ids};
use domain::account::Role;
use domain::booking::{BookingEvent, CalendarEvent, PairEvent, PaymentRecord, calendar, pair};
use domain::codec::{self, EventSchema};
use domain::complaint::{ComplaintEvent, ComplaintRole};
use domain::reference::ReferenceKind;
use domain::values::{Currency, FileKind, Money};
use platform::payments::{Card, Charge, IntentRequest, IntentStatus, PaymentProvider as _};
use secrecy::ExposeSecret as _;
use store::{AppendRequest, EventMetadata, ExpectedVersion, NewEvent, StreamAppend, StreamId};
use uuid::Uuid;

use super::directory::{self, ReferenceIds};
use super::experts::{EXPERTS, Expert};
use super::{avatars, documents};
use crate::App;

/// The second demo client, who corresponds in English.
pub const ENGLISH_CLIENT: (&str, &str) = ("emma.wilson@equilibre.local", "equilibre-demo-client");

fn fail(error: CommandError) -> anyhow::Error {
    anyhow!(crate::describe(&error))
}

fn ids(actor: Uuid) -> Ids {
    IdempotencyKey::none().ids(Some(actor))
}

/// A demo party: account id and complaint side.
#[derive(Clone, Copy)]
struct Who {
    id: Uuid,
    role: ComplaintRole,
}

impl Who {
    fn actor(self) -> Actor {
        Actor {
            id: Some(self.id),
            role: self.role.as_str(),
        }
    }
}

pub async fn seed(
    app: &App,
    admin: Uuid,
    references: &ReferenceIds,
    camille: Uuid,
) -> anyhow::Result<()> {
    let kind = |name: &'static str| {
        references
            .get(&(ReferenceKind::ComplaintType, name))
            .copied()
            .with_context(|| format!("demo complaint type {name}"))
    };
    let camille = Who {
        id: camille,
        role: ComplaintRole::Client,
    };
    let emma = Who {
        id: english_client(app).await?,
        role: ComplaintRole::Client,
    };
    let expert = |index: usize| expert(app, &EXPERTS[index]);
    let (claire, arjun, sophie, thomas) = (
        expert(0).await?,
        expert(1).await?,
        expert(2).await?,
        expert(3).await?,
    );
    let admin_id = admin;
    let admin = Actor {
        id: Some(admin_id),
        role: Role::Admin.as_str(),
    };
    let now = app.command_state.clock.now();
    let booking = |client: Who, consultant: (Who, &'static Expert), days_ago: i64| {
        past_booking(app, client, consultant, now, days_ago)
    };

    // Submitted, with the author's PDF.
    let b = booking(camille, claire, 6).await?;
    let receipt = upload(
        app,
        camille,
        pdf("Reçu de paiement", "Séance de 60 minutes"),
    )
    .await?;
    file(
        app,
        camille,
        Some(b),
        kind("Consultation écourtée")?,
        "Séance terminée vingt minutes plus tôt",
        "La consultation réservée pour une heure s'est arrêtée au bout de quarante minutes : la naturopathe a indiqué devoir partir. Je joins le reçu du paiement. Je souhaiterais un remboursement partiel.",
        Some("refund"),
        vec![receipt],
    )
    .await?;

    // In review, the administrators waiting for the author's answer.
    let b = booking(emma, sophie, 12).await?;
    let screenshot = upload(app, emma, avatars::portrait("connexion coupée")).await?;
    let id = file(
        app,
        emma,
        Some(b),
        kind("Problème technique")?,
        "Connexion vidéo coupée à plusieurs reprises",
        "The video call dropped four times during the session and we lost about fifteen minutes in total. I attach a screenshot of the error shown by the room.",
        Some("other"),
        vec![screenshot],
    )
    .await?;
    desk::start_review(&app.command_state, &ids(admin_id), admin, id)
        .await
        .map_err(fail)?;
    ask(app, admin, id, "complainant", "Could you tell us which browser and device you used, and whether other video calls work on that connection?").await?;

    // In review, with the respondent's statement and its PDF.
    let b = booking(camille, thomas, 20).await?;
    let id = file(
        app,
        camille,
        Some(b),
        kind("Autre")?,
        "Consultant arrivé en retard dans la salle",
        "Le consultant a rejoint la salle vidéo avec un quart d'heure de retard, sans prévenir, et la séance s'est terminée à l'heure prévue.",
        Some("apology"),
        Vec::new(),
    )
    .await?;
    desk::start_review(&app.command_state, &ids(admin_id), admin, id)
        .await
        .map_err(fail)?;
    let log = upload(
        app,
        thomas.0,
        pdf("Journal de connexion", "Entrée dans la salle : 10 h 02"),
    )
    .await?;
    parties::submit_statement(
        &app.command_state,
        &ids(thomas.0.id),
        thomas.0.id,
        thomas.0.role,
        id,
        StatementBody {
            text: "Je suis entré dans la salle à 10 h 02 d'après le journal joint ; la cliente n'y était pas encore. Je regrette le malentendu et reste disponible pour une séance complémentaire.".into(),
            attachments: vec![log],
        },
    )
    .await
    .map_err(fail)?;

    // Decided for the client, half refunded, after a question to the expert.
    let b = booking(emma, arjun, 30).await?;
    let id = file(
        app,
        emma,
        Some(b),
        kind("Consultant absent")?,
        "Praticien absent pendant la première demi-heure",
        "The practitioner joined the room thirty minutes late and the session could not be completed. I would like a refund.",
        Some("refund"),
        Vec::new(),
    )
    .await?;
    ask(
        app,
        admin,
        id,
        "respondent",
        "Pouvez-vous nous dire à quelle heure vous avez rejoint la salle, et pourquoi ?",
    )
    .await?;
    answer(
        app,
        arjun.0,
        id,
        "I had a power cut at home and could only join at 10:30. I apologise to the client.",
    )
    .await?;
    let half = arjun.1.price * 100 / 2;
    desk::decide(
        &app.command_state,
        &ids(admin_id),
        admin,
        id,
        DecideBody {
            favour: Some("complainant".into()),
            resolution: "Le praticien reconnaît une demi-heure d'absence : la moitié de la séance est remboursée à la cliente.".into(),
            refund: Some(RefundBody { amount_minor: half }),
            suspend_consultant: false,
        },
    )
    .await
    .map_err(fail)?;

    // Decided for the respondent.
    let b = booking(camille, sophie, 45).await?;
    let id = file(
        app,
        camille,
        Some(b),
        kind("Facturation")?,
        "Montant prélevé différent du prix affiché",
        "Le montant prélevé sur ma carte ne correspond pas, selon moi, au tarif affiché sur le profil de la psychologue.",
        Some("refund"),
        Vec::new(),
    )
    .await?;
    desk::decide(
        &app.command_state,
        &ids(admin_id),
        admin,
        id,
        DecideBody {
            favour: Some("respondent".into()),
            resolution: "Le montant prélevé est exactement le tarif affiché le jour de la réservation ; aucune erreur de facturation.".into(),
            refund: None,
            suspend_consultant: false,
        },
    )
    .await
    .map_err(fail)?;

    // Dismissed: an expert's complaint about a client.
    let b = booking(emma, thomas, 38).await?;
    let id = file(
        app,
        thomas.0,
        Some(b),
        kind("Autre")?,
        "Cliente absente sans prévenir",
        "La cliente ne s'est pas connectée à la séance et n'a pas répondu à mes messages. Je souhaite que cela soit noté.",
        None,
        Vec::new(),
    )
    .await?;
    desk::dismiss(
        &app.command_state,
        &ids(admin_id),
        admin,
        id,
        DismissBody {
            reason: "La salle vidéo montre la cliente connectée pendant toute la séance : il s'agissait d'un problème de son, pas d'une absence.".into(),
        },
    )
    .await
    .map_err(fail)?;

    // Withdrawn by its author.
    let b = booking(emma, claire, 9).await?;
    let id = file(
        app,
        emma,
        Some(b),
        kind("Autre")?,
        "Début de séance retardé",
        "The session started ten minutes late. (Sorted out with the practitioner since.)",
        None,
        Vec::new(),
    )
    .await?;
    parties::withdraw(&app.command_state, &ids(emma.id), emma.id, emma.role, id)
        .await
        .map_err(fail)?;

    // About the platform itself.
    let invoice = upload(app, camille, pdf("Espace client", "Factures : aucune")).await?;
    file(
        app,
        camille,
        None,
        kind("Facturation")?,
        "Facture introuvable dans mon espace",
        "Je ne trouve pas la facture de mes consultations dans mon espace client ; ma mutuelle me la demande pour un remboursement.",
        Some("other"),
        vec![invoice],
    )
    .await?;
    Ok(())
}

/// Emma Wilson, a client who corresponds in English.
async fn english_client(app: &App) -> anyhow::Result<Uuid> {
    let mut form = super::registration(ENGLISH_CLIENT.0, ENGLISH_CLIENT.1, "Emma", "Wilson");
    form.correspondence_language = "en".into();
    form.spoken_languages = vec!["en".into()];
    super::register(app, Role::Client, form).await
}

/// A demo expert's account (see [`directory::email`]).
async fn expert(app: &App, expert: &'static Expert) -> anyhow::Result<(Who, &'static Expert)> {
    Ok((
        Who {
            id: directory::account_id(app, expert).await?,
            role: ComplaintRole::Consultant,
        },
        expert,
    ))
}

/// A one-page PDF.
fn pdf(title: &str, line: &str) -> Vec<u8> {
    documents::pdf(&[title, line, "Document de démonstration / demo document"])
}

/// Uploads a complaint attachment of `owner`; returns its key.
async fn upload(app: &App, owner: Who, bytes: Vec<u8>) -> anyhow::Result<String> {
    let (uploaded, _) = files::upload(
        &app.command_state,
        &ids(owner.id),
        owner.actor(),
        owner.id,
        FileKind::ComplaintAttachment,
        bytes,
    )
    .await
    .map_err(fail)?;
    Ok(uploaded.key)
}

#[expect(
    clippy::too_many_arguments,
    reason = "one demo filing, read as its form"
)]
async fn file(
    app: &App,
    author: Who,
    booking: Option<Uuid>,
    type_id: Uuid,
    subject: &str,
    description: &str,
    outcome: Option<&str>,
    attachments: Vec<String>,
) -> anyhow::Result<Uuid> {
    let (filed, _) = parties::file(
        &app.command_state,
        &ids(author.id),
        author.id,
        author.role,
        FileBody {
            booking_id: booking,
            complaint_type_id: Some(type_id),
            subject: subject.into(),
            description: description.into(),
            desired_outcome: outcome.map(str::to_owned),
            attachments,
        },
    )
    .await
    .map_err(fail)?;
    Ok(filed.complaint_id)
}

/// An administrator's question to one party.
async fn ask(
    app: &App,
    admin: Actor,
    complaint: Uuid,
    party: &str,
    text: &str,
) -> anyhow::Result<()> {
    desk::request_information(
        &app.command_state,
        &ids(admin.id.unwrap_or_default()),
        admin,
        complaint,
        RequestInformationBody {
            party: Some(party.into()),
            text: text.into(),
        },
    )
    .await
    .map_err(fail)?;
    Ok(())
}

/// The answer of `party` to the complaint's last request.
async fn answer(app: &App, party: Who, complaint: Uuid, text: &str) -> anyhow::Result<()> {
    let events = app
        .stores
        .events
        .read_stream(&StreamId::new(domain::complaint::CATEGORY, complaint))
        .await?;
    let request_id = events
        .iter()
        .rev()
        .find_map(|e| {
            match codec::decode::<ComplaintEvent>(&e.event_type, e.schema_version, &e.payload) {
                Ok(ComplaintEvent::InformationRequested { request_id, .. }) => Some(request_id),
                _ => None,
            }
        })
        .context("a request for information")?;
    parties::provide_information(
        &app.command_state,
        &ids(party.id),
        party.id,
        party.role,
        complaint,
        InformationBody {
            request_id: Some(request_id),
            text: text.into(),
            attachments: Vec::new(),
        },
    )
    .await
    .map_err(fail)?;
    Ok(())
}

/// Pays `price` for booking `id` through the sandbox, as a client's browser
/// would (its refunds then work like any other).
async fn demo_payment(app: &App, id: Uuid, price: Money) -> anyhow::Result<Charge> {
    let sandbox = app
        .command_state
        .sandbox_payments
        .as_ref()
        .context("the demo's past payments need the sandbox payment provider")?;
    let intent = sandbox
        .create_intent(IntentRequest {
            idempotency_key: format!("demo-booking-{id}"),
            amount_minor: price.minor,
            currency: "eur".into(),
            description: "Equilibre demo consultation".into(),
            reference: id.to_string(),
        })
        .await
        .map_err(|e| anyhow!("demo payment: {e}"))?;
    let card = Card {
        number: "4242424242424242".to_owned().into(),
        exp_month: 12,
        exp_year: 2040,
        cvc: "123".to_owned().into(),
    };
    sandbox
        .confirm(&intent.id, intent.client_secret.expose_secret(), &card)
        .map_err(|e| anyhow!("demo payment: {e}"))?;
    match sandbox.intent(&intent.id).await {
        Ok(state) => match state.status {
            IntentStatus::Succeeded(charge) => Ok(charge),
            other => Err(anyhow!("demo payment: {other:?}")),
        },
        Err(e) => Err(anyhow!("demo payment: {e}")),
    }
}

/// A booking `days_ago` at 10:00 Paris time (09:00 UTC in winter; close
/// enough in summer for a demo), held three days before, paid through the
/// payment port.
async fn past_booking(
    app: &App,
    client: Who,
    (consultant, expert): (Who, &'static Expert),
    now: DateTime<Utc>,
    days_ago: i64,
) -> anyhow::Result<Uuid> {
    let id = Uuid::now_v7();
    let start = (now - Duration::days(days_ago))
        .with_hour(9)
        .and_then(|t| t.with_minute(0))
        .and_then(|t| t.with_second(0))
        .and_then(|t| t.with_nanosecond(0))
        .context("a demo booking time")?;
    let end = start + Duration::minutes(expert.minutes);
    let held_at = start - Duration::days(3);
    let paid_at = held_at + Duration::minutes(2);
    let price = Money::new(expert.price * 100, Currency::Eur);
    let charge = demo_payment(app, id, price).await?;
    let booking = [
        BookingEvent::BookingHeld {
            booking_id: id,
            consultant_id: consultant.id,
            client_id: client.id,
            start,
            end,
            duration_minutes: u16::try_from(expert.minutes)?,
            price,
            discount: Money::new(0, Currency::Eur),
            total: price,
            free: false,
            coupon_id: None,
            coupon_code: None,
            hold_expires_at: held_at + TimeDelta::minutes(15),
            at: held_at,
        },
        BookingEvent::BookingConfirmed {
            booking_id: id,
            payment: Some(PaymentRecord {
                provider_ref: charge.provider_ref,
                brand: charge.brand,
                last4: charge.last4,
                amount: price,
            }),
            at: paid_at,
        },
    ];
    let reserved = [CalendarEvent::IntervalReserved {
        booking_id: id,
        start,
        end,
        at: held_at,
    }];
    let paired = [PairEvent::PairBookingConfirmed {
        booking_id: id,
        client_id: client.id,
        consultant_id: consultant.id,
        free: false,
        at: paid_at,
    }];
    let mut streams = vec![stream(
        StreamId::new(domain::booking::CATEGORY, id),
        &booking,
        client.id,
        held_at,
    )];
    for day in calendar::days(start, end) {
        for (category, party) in [
            (calendar::CLIENT_CATEGORY, client.id),
            (calendar::CONSULTANT_CATEGORY, consultant.id),
        ] {
            streams.push(stream(
                StreamId::new(category, calendar::day_entity(party, day)),
                &reserved,
                client.id,
                held_at,
            ));
        }
    }
    streams.push(stream(
        StreamId::new(pair::CATEGORY, pair::pair_entity(client.id, consultant.id)),
        &paired,
        client.id,
        paid_at,
    ));
    app.stores
        .events
        .append(AppendRequest {
            streams,
            side_writes: Vec::new(),
        })
        .await?;
    Ok(id)
}

/// `events` as the client's command records them, at `at`.
fn stream<E: EventSchema>(
    stream: StreamId,
    events: &[E],
    actor: Uuid,
    at: DateTime<Utc>,
) -> StreamAppend {
    let correlation_id = Uuid::now_v7();
    StreamAppend {
        stream,
        expected: ExpectedVersion::Any,
        events: events
            .iter()
            .map(|event| {
                let (event_type, schema_version, payload) = codec::encode(event);
                NewEvent {
                    event_id: Uuid::now_v7(),
                    event_type,
                    schema_version,
                    payload,
                    metadata: EventMetadata {
                        actor_id: Some(actor),
                        actor_role: Some(Role::Client.as_str().into()),
                        correlation_id,
                        causation_id: None,
                        recorded_at: at,
                    },
                }
            })
            .collect(),
    }
}
