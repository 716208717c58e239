//! Receipts (docs/rules.md "Receipts", `domain::receipt`): every movement
//! of money on a booking gets its numbered receipt, mailed as a PDF to the
//! client and to the consultant.
//!
//! Issuing reacts to the booking events that move money: `BookingConfirmed`
//! with a payment (an invoice), `BookingCancelled` with a refund,
//! `LatePaymentRefunded` and `BookingRefunded` (a credit note naming the
//! payment's invoice). One atomic append writes `ReceiptIssued` to the
//! year's series `receipts-{year}` and `ReceiptRecorded` to the booking's
//! `bookingreceipts-{booking}`, each with its exact expected version, plus
//! the snapshot of the receipt's content as a payload (subject = the receipt
//! id). A concurrent issuer loses a version check and numbers again (the
//! conflict tells the series' length), so numbers are contiguous; the
//! booking's stream says which movements were already receipted and the
//! event ids derive from the movement, so a reaction run twice issues once.
//!
//! Mailing reacts to `ReceiptIssued` itself: each party once (effect id from
//! the event and the role), in its own language, the PDF attached.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use chrono::{DateTime, Utc};
use domain::account::{ACCOUNT_CATEGORY, AccountEvent, PayloadRef};
use domain::booking::{self, Booking, BookingEvent, BookingInfo, PaymentRecord};
use domain::codec::{self, EventSchema};
use domain::consultant::{self, ConsultantEvent};
use domain::receipt::{
    self, BookingReceipts, BookingReceiptsEvent, Buyer, IssueFacts, Issuer, LocalName, Movement,
    PaymentFacts, PostalLines, Receipt, ReceiptDocument, ReceiptEvent, ReceiptKind, Seller,
    Service,
};
use domain::reference::{ReferenceEvent, ReferenceItem, ReferenceKind};
use platform::mail::{Attachment, ReceiptFacts, local_time, receipt_mail};
use platform::receipt_pdf;
use serde_json::Value;
use store::{
    AppendRequest, ExpectedVersion, NewEvent, RecordedEvent, SideWrite, StoreError, StreamAppend,
    StreamId,
};
use uuid::Uuid;

use super::booking_messages::{Party, party, send as mail_once};
use super::shared::system_metadata;
use super::{EFFECTS, ReactionError, Reactor};

/// Attempts at numbering before the step fails (and the worker retries).
const ATTEMPTS: usize = 50;

/// Who issues receipts on the consultants' behalf (`EQUILIBRE_LEGAL_*`),
/// and the last known length of each year's series (a guess: a wrong one
/// costs one refused append, which tells the right one).
#[derive(Clone)]
pub(crate) struct ReceiptSettings {
    pub(crate) issuer: Issuer,
    series: Arc<Mutex<HashMap<i32, u64>>>,
}

impl ReceiptSettings {
    pub(crate) fn new(legal_name: &str, legal_address: Option<&str>) -> Self {
        ReceiptSettings {
            issuer: Issuer {
                legal_name: legal_name.to_owned(),
                address: legal_address
                    .map(str::trim)
                    .filter(|a| !a.is_empty())
                    .map(str::to_owned),
            },
            series: Arc::default(),
        }
    }

    fn known_length(&self, year: i32) -> u64 {
        let series = self.series.lock().unwrap_or_else(PoisonError::into_inner);
        series.get(&year).copied().unwrap_or(0)
    }

    fn remember_length(&self, year: i32, length: u64) {
        let mut series = self.series.lock().unwrap_or_else(PoisonError::into_inner);
        let known = series.entry(year).or_insert(0);
        *known = (*known).max(length);
    }
}

impl Default for ReceiptSettings {
    fn default() -> Self {
        ReceiptSettings::new("Equilibre", None)
    }
}

pub(super) async fn react(reactor: &Reactor, event: &RecordedEvent) -> Result<(), ReactionError> {
    match event.stream.category() {
        booking::CATEGORY => issue(reactor, event).await,
        receipt::CATEGORY if event.event_type == "ReceiptIssued" => mail(reactor, event).await,
        _ => Ok(()),
    }
}

fn unreadable(event: &RecordedEvent) -> impl Fn(codec::CodecError) -> ReactionError + '_ {
    |e| ReactionError::Unreadable(event.event_id, e.to_string())
}

async fn fold<E: EventSchema, S: Default>(
    reactor: &Reactor,
    stream: &StreamId,
    take: Option<u64>,
    evolve: impl Fn(S, &E) -> S,
) -> Result<(S, u64), ReactionError> {
    let recorded = reactor.stores.events.read_stream(stream).await?;
    let take = take.map_or(recorded.len(), |t| t as usize);
    let mut state = S::default();
    for e in recorded.iter().take(take) {
        let decoded = codec::decode::<E>(&e.event_type, e.schema_version, &e.payload)
            .map_err(unreadable(e))?;
        state = evolve(state, &decoded);
    }
    Ok((state, recorded.len() as u64))
}

/// The money `event` moved, if any, and how it was paid.
fn movement(
    event: &RecordedEvent,
    decoded: &BookingEvent,
    info: &BookingInfo,
    confirmed_at: Option<DateTime<Utc>>,
) -> Option<(Movement, Option<PaymentFacts>)> {
    let facts = |p: &PaymentRecord, at: DateTime<Utc>| PaymentFacts {
        brand: p.brand.clone(),
        last4: p.last4.clone(),
        paid_at: at,
    };
    // The booking's payment, when confirmed paid: when it was confirmed.
    let paid = || {
        info.payment
            .as_ref()
            .map(|p| facts(p, confirmed_at.unwrap_or(info.created_at)))
    };
    let (kind, amount, charge, payment) = match decoded {
        BookingEvent::BookingConfirmed {
            payment: Some(p),
            at,
            ..
        } => (ReceiptKind::Payment, p.amount, None, Some(facts(p, *at))),
        BookingEvent::BookingCancelled { refund, .. } => {
            (ReceiptKind::Refund, *refund, Some(info.paid()), paid())
        }
        BookingEvent::BookingRefunded { amount, .. } => {
            (ReceiptKind::Refund, *amount, Some(info.paid()), paid())
        }
        BookingEvent::LatePaymentRefunded { payment, at, .. } => (
            ReceiptKind::Refund,
            payment.amount,
            Some(payment.amount),
            Some(facts(payment, *at)),
        ),
        _ => return None,
    };
    (amount.minor > 0).then_some((
        Movement {
            cause_id: event.event_id,
            kind,
            amount,
            charge,
        },
        payment,
    ))
}

/// Issues the receipts the booking event `event` calls for, once; also
/// what tests race (several issuers at once must number without gaps).
pub(super) async fn issue(reactor: &Reactor, event: &RecordedEvent) -> Result<(), ReactionError> {
    if !matches!(
        event.event_type.as_str(),
        "BookingConfirmed" | "BookingCancelled" | "BookingRefunded" | "LatePaymentRefunded"
    ) {
        return Ok(());
    }
    let decoded: BookingEvent =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(unreadable(event))?;
    // The booking as this event left it, and when it was confirmed (paid).
    let ((booking, confirmed_at), _) = fold::<BookingEvent, (Booking, Option<DateTime<Utc>>)>(
        reactor,
        &event.stream,
        Some(event.stream_version),
        |(booking, confirmed_at), e| {
            let confirmed_at = match e {
                BookingEvent::BookingConfirmed { at, .. } => Some(*at),
                _ => confirmed_at,
            };
            (booking.evolve(e), confirmed_at)
        },
    )
    .await?;
    let Some(info) = booking.info() else {
        return Ok(());
    };
    let Some((movement, payment)) = movement(event, &decoded, info, confirmed_at) else {
        return Ok(());
    };
    let issued_at = event.metadata.recorded_at;
    let year = receipt::year_of(issued_at);
    let settings = &reactor.receipts;
    let booking_stream = StreamId::new(receipt::BOOKING_CATEGORY, info.booking_id);
    let series_stream = StreamId::new(receipt::CATEGORY, year);
    let mut series_length = settings.known_length(year);
    // Resolved once per kind: the same movement keeps the same content
    // across attempts.
    let mut documents: Vec<(ReceiptKind, ReceiptDocument)> = Vec::new();
    for _ in 0..ATTEMPTS {
        let (receipts, booking_version) = fold::<BookingReceiptsEvent, BookingReceipts>(
            reactor,
            &booking_stream,
            None,
            BookingReceipts::evolve,
        )
        .await?;
        let due = receipt::due(&receipts, &movement);
        if due.is_empty() {
            return Ok(());
        }
        let mut snapshot = Vec::with_capacity(due.len());
        for due in &due {
            let known = documents.iter().find(|(kind, _)| *kind == due.kind);
            let document = match known {
                Some((_, document)) => document.clone(),
                None => {
                    let document =
                        document(reactor, info, &receipts, due.kind, payment.clone()).await?;
                    documents.push((due.kind, document.clone()));
                    document
                }
            };
            snapshot.push(document);
        }
        let facts = IssueFacts {
            booking_id: info.booking_id,
            client_id: info.client_id,
            consultant_id: info.consultant_id,
            issued_at,
            seller_vat_liable: snapshot
                .first()
                .is_some_and(|d| d.seller.vat_number.is_some()),
        };
        let (series, recorded) = receipt::issue(series_length, &receipts, &movement, &due, &facts);
        let mut side_writes = Vec::new();
        for (due, document) in due.iter().zip(&snapshot) {
            side_writes.push(SideWrite::PutPayload {
                subject: due.receipt_id,
                key: receipt::DOCUMENT_KEY.into(),
                value: serde_json::to_string(document)
                    .map_err(|e| ReactionError::Unreadable(event.event_id, e.to_string()))?,
            });
        }
        let label = format!("receipt {} {}", event.event_id, movement.kind.as_str());
        let request = AppendRequest {
            streams: vec![
                StreamAppend {
                    stream: series_stream.clone(),
                    expected: ExpectedVersion::Exact(series_length),
                    events: new_events(&label, "series", event, &series),
                },
                StreamAppend {
                    stream: booking_stream.clone(),
                    expected: ExpectedVersion::Exact(booking_version),
                    events: new_events(&label, "booking", event, &recorded),
                },
            ],
            side_writes,
        };
        match reactor.stores.events.append(request).await {
            Ok(_) => {
                settings.remember_length(year, series_length + series.len() as u64);
                tracing::info!(booking.id = %info.booking_id, receipts = series.len(), "receipts issued");
                return Ok(());
            }
            Err(StoreError::Conflict { stream, actual, .. }) => {
                if stream == series_stream {
                    // Another receipt took this number: the next one is ours.
                    series_length = actual;
                    settings.remember_length(year, actual);
                }
                // The booking's receipts moved: fold them again.
            }
            Err(other) => return Err(other.into()),
        }
    }
    Err(ReactionError::Store(StoreError::Conflict {
        stream: series_stream,
        expected: ExpectedVersion::Exact(series_length),
        actual: series_length,
    }))
}

/// Events whose ids derive from the movement (`label`) and their place.
fn new_events<E: EventSchema>(
    label: &str,
    part: &str,
    cause: &RecordedEvent,
    events: &[E],
) -> Vec<NewEvent> {
    events
        .iter()
        .enumerate()
        .map(|(n, event)| {
            let (event_type, schema_version, payload) = codec::encode(event);
            NewEvent {
                event_id: Uuid::new_v5(&EFFECTS, format!("{label} {part} {n}").as_bytes()),
                event_type,
                schema_version,
                payload,
                metadata: system_metadata(
                    cause.metadata.correlation_id,
                    Some(cause.event_id),
                    cause.metadata.recorded_at,
                ),
            }
        })
        .collect()
}

/// What the receipt of `kind` prints: a credit note repeats its invoice's
/// parties (as they were then); an invoice takes them as they are now.
async fn document(
    reactor: &Reactor,
    info: &BookingInfo,
    receipts: &BookingReceipts,
    kind: ReceiptKind,
    payment: Option<PaymentFacts>,
) -> Result<ReceiptDocument, ReactionError> {
    if kind == ReceiptKind::Refund
        && let Some(invoice) = receipts.payment()
        && let Some(raw) = reactor
            .stores
            .events
            .payload(invoice.receipt_id, receipt::DOCUMENT_KEY)
            .await?
        && let Ok(mut document) = serde_json::from_str::<ReceiptDocument>(&raw)
    {
        if document.payment.is_none() {
            document.payment = payment;
        }
        return Ok(document);
    }
    let (seller, zone) = seller(reactor, info.consultant_id).await?;
    Ok(ReceiptDocument {
        service: Service {
            consultant_name: seller.name.clone(),
            start: info.start,
            end: info.end,
            duration_minutes: info.duration_minutes,
            zone,
        },
        seller,
        buyer: buyer(reactor, info.client_id).await?,
        issuer: reactor.receipts.issuer.clone(),
        payment,
    })
}

/// A payload as JSON (`None` when forgotten or unreadable).
async fn payload(reactor: &Reactor, at: &PayloadRef) -> Result<Option<Value>, ReactionError> {
    Ok(reactor
        .stores
        .events
        .payload(at.subject, &at.key)
        .await?
        .and_then(|raw| serde_json::from_str(&raw).ok()))
}

/// The account's registration payload (names, country…).
async fn registration(reactor: &Reactor, id: Uuid) -> Result<Option<Value>, ReactionError> {
    let stream = StreamId::new(ACCOUNT_CATEGORY, id);
    for event in reactor.stores.events.read_stream(&stream).await? {
        if event.event_type != "AccountRegistered" {
            continue;
        }
        if let Ok(AccountEvent::AccountRegistered { profile, .. }) =
            codec::decode(&event.event_type, event.schema_version, &event.payload)
        {
            return payload(reactor, &profile).await;
        }
    }
    Ok(None)
}

fn full_name(payload: &Value) -> Option<String> {
    let text = |field: &str| {
        payload[field]
            .as_str()
            .unwrap_or_default()
            .trim()
            .to_owned()
    };
    let name = format!("{} {}", text("given_name"), text("family_name"));
    let name = name.trim();
    (!name.is_empty()).then(|| name.to_owned())
}

/// A reference item's names (a city, a country).
async fn reference_name(
    reactor: &Reactor,
    kind: ReferenceKind,
    id: Uuid,
) -> Result<Option<LocalName>, ReactionError> {
    let stream = StreamId::new(&kind.category(), id);
    let (item, _) =
        fold::<ReferenceEvent, ReferenceItem>(reactor, &stream, None, ReferenceItem::evolve)
            .await?;
    Ok(item.exists().then_some(LocalName {
        fr: item.name_fr,
        en: item.name_en,
    }))
}

/// The consultant as a seller (names of the basic profile section, else of
/// the registration; the professional address; the VAT number of the bank
/// section) and the zone the consultation's time is printed in.
async fn seller(reactor: &Reactor, id: Uuid) -> Result<(Seller, String), ReactionError> {
    let stream = StreamId::new(consultant::CATEGORY, id);
    let (mut basic, mut address, mut bank, mut zone) = (None, None, None, None);
    for event in reactor.stores.events.read_stream(&stream).await? {
        let Ok(decoded) = codec::decode::<ConsultantEvent>(
            &event.event_type,
            event.schema_version,
            &event.payload,
        ) else {
            continue;
        };
        match decoded {
            ConsultantEvent::BasicProfileUpdated {
                profile, timezone, ..
            } => {
                basic = Some(profile);
                zone = Some(timezone.tz().name().to_owned());
            }
            ConsultantEvent::AddressUpdated {
                address: at,
                country_id,
                city_id,
                ..
            } => address = Some((at, country_id, city_id)),
            ConsultantEvent::BankDetailsUpdated { details, .. } => bank = Some(details),
            _ => {}
        }
    }
    let registered = registration(reactor, id).await?;
    let name = match &basic {
        Some(at) => payload(reactor, at).await?.as_ref().and_then(full_name),
        None => None,
    }
    .or_else(|| registered.as_ref().and_then(full_name))
    .unwrap_or_else(|| crate::projections::ERASED.to_owned());
    let zone = zone
        .or_else(|| {
            registered
                .as_ref()
                .and_then(|r| r["timezone"].as_str().map(str::to_owned))
        })
        .unwrap_or_else(|| domain::reporting::ZONE.name().to_owned());
    let address = match address {
        Some((at, country_id, city_id)) => match payload(reactor, &at).await? {
            Some(postal) => {
                let text = |field: &str| postal[field].as_str().unwrap_or_default().trim();
                let mut street = vec![
                    format!("{} {}", text("house_number"), text("street_name"))
                        .trim()
                        .to_owned(),
                ];
                if !text("street_name_2").is_empty() {
                    street.push(text("street_name_2").to_owned());
                }
                Some(PostalLines {
                    street,
                    postal_code: text("postal_code").to_owned(),
                    city: reference_name(reactor, ReferenceKind::City, city_id).await?,
                    country: reference_name(reactor, ReferenceKind::Country, country_id).await?,
                })
            }
            None => None,
        },
        None => None,
    };
    let vat_number = match &bank {
        Some(at) => payload(reactor, at).await?.and_then(|details| {
            details["tax_number"]
                .as_str()
                .map(str::trim)
                .filter(|n| receipt::is_vat_number(n))
                .map(str::to_owned)
        }),
        None => None,
    };
    Ok((
        Seller {
            name,
            address,
            vat_number,
        },
        zone,
    ))
}

/// The client as a buyer: name and country of residence.
async fn buyer(reactor: &Reactor, id: Uuid) -> Result<Buyer, ReactionError> {
    let registered = registration(reactor, id).await?;
    let country = registered
        .as_ref()
        .and_then(|r| r["country_of_residence"].as_str())
        .and_then(|code| {
            domain::reference_data::countries()
                .iter()
                .find(|c| c.code.eq_ignore_ascii_case(code))
        })
        .map(|c| LocalName {
            fr: c.name_fr.clone(),
            en: c.name_en.clone(),
        });
    Ok(Buyer {
        name: registered
            .as_ref()
            .and_then(full_name)
            .unwrap_or_else(|| crate::projections::ERASED.to_owned()),
        country,
    })
}

/// Mails a receipt just issued to both parties, once each, its PDF attached.
async fn mail(reactor: &Reactor, event: &RecordedEvent) -> Result<(), ReactionError> {
    let ReceiptEvent::ReceiptIssued {
        receipt_id,
        number,
        kind,
        booking_id,
        client_id,
        consultant_id,
        amount,
        vat,
        refers_to,
        issued_at,
        document,
        ..
    } = codec::decode(&event.event_type, event.schema_version, &event.payload)
        .map_err(unreadable(event))?;
    let Some(raw) = reactor
        .stores
        .events
        .payload(document.subject, &document.key)
        .await?
    else {
        return Ok(());
    };
    let document: ReceiptDocument = serde_json::from_str(&raw)
        .map_err(|e| ReactionError::Unreadable(event.event_id, e.to_string()))?;
    let receipt = Receipt {
        receipt_id,
        number,
        kind,
        booking_id,
        amount,
        vat,
        refers_to,
        issued_at,
        document,
    };
    let client = party(reactor, "client", client_id).await?;
    let consultant = party(reactor, "consultant", consultant_id).await?;
    for (to, role, other) in [
        (&client, "client", receipt.document.seller.name.as_str()),
        (
            &consultant,
            "consultant",
            receipt.document.buyer.name.as_str(),
        ),
    ] {
        send(reactor, event, &receipt, to, role, other).await?;
    }
    Ok(())
}

async fn send(
    reactor: &Reactor,
    event: &RecordedEvent,
    receipt: &Receipt,
    to: &Party,
    role: &str,
    other: &str,
) -> Result<(), ReactionError> {
    let effect_id = Uuid::new_v5(
        &EFFECTS,
        format!("receipt mail {} {role}", event.event_id).as_bytes(),
    );
    let facts = ReceiptFacts {
        number: receipt.number.clone(),
        refund: receipt.kind == ReceiptKind::Refund,
        to_consultant: role == "consultant",
        other_party: other.to_owned(),
        when: local_time(to.lang, receipt.document.service.start, to.zone),
        amount: receipt_pdf::format_money(receipt.amount, to.lang),
    };
    let (subject, text, html) = receipt_mail(to.lang, &facts);
    let pdf = Attachment {
        filename: receipt_pdf::file_name(&receipt.number, to.lang),
        content_type: "application/pdf".into(),
        bytes: receipt_pdf::render(receipt, to.lang),
    };
    mail_once(reactor, effect_id, to, subject, text, html, vec![pdf]).await
}
