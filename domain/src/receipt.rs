//! Receipts (docs/rules.md "Receipts"): every movement of money on a
//! booking (a card payment, a refund) gets a numbered receipt, a French
//! invoice ("Facture") for a payment and a credit note ("Avoir") for a
//! refund, which names the invoice it reverses.
//!
//! Streams:
//! * `receipts-{year}`: the year's series. Each `ReceiptIssued` is appended
//!   with the exact expected version, and its number is the year and its
//!   1-based place in the stream (`2026-000001`): a concurrent issuer loses
//!   the version check and numbers again, so numbers have no gaps and follow
//!   the order of issue.
//! * `bookingreceipts-{booking}`: what each booking was given
//!   (`ReceiptRecorded`, in the same atomic append, also with its exact
//!   version): a movement already receipted is not receipted twice, and a
//!   refund finds the number of the payment it reverses.
//!
//! The receipt's content (seller, buyer, service, payment) is a snapshot
//! taken at issue ([`ReceiptDocument`]), kept in the forgettable payload
//! store under the receipt's own subject, not the client's: invoices are kept
//! ten years (art. L123-22 Code de commerce), forgetting the client leaves
//! them. The events carry only ids, the number, the kind, amounts and dates.

use chrono::{DateTime, Datelike, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::account::PayloadRef;
use crate::codec::EventSchema;
use crate::values::{Language, Money};

/// `receipts-{year}`: one numbering series per calendar year.
pub const CATEGORY: &str = "receipts";
/// `bookingreceipts-{booking}`: the receipts of one booking.
pub const BOOKING_CATEGORY: &str = "bookingreceipts";
/// The payload key of a receipt's snapshot (subject = the receipt id).
pub const DOCUMENT_KEY: &str = "receipt";
/// France's standard VAT rate, in percent (art. 278 CGI).
pub const STANDARD_VAT_PERCENT: u8 = 20;

/// Namespace of receipt ids derived from the movement they record.
const RECEIPT_IDS: Uuid = Uuid::from_u128(0x6f0e_52a1_8c3d_4b7e_a912_0d4c_77e1_b3a5);

/// A payment's invoice or a refund's credit note.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReceiptKind {
    Payment,
    Refund,
}

impl ReceiptKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ReceiptKind::Payment => "payment",
            ReceiptKind::Refund => "refund",
        }
    }

    pub fn parse(raw: &str) -> Option<ReceiptKind> {
        [ReceiptKind::Payment, ReceiptKind::Refund]
            .into_iter()
            .find(|k| k.as_str() == raw)
    }
}

/// The VAT inside an amount that includes it (TTC = `net` + `tax`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vat {
    pub rate_percent: u8,
    /// Hors taxes.
    pub net: Money,
    /// The VAT itself.
    pub tax: Money,
}

/// Whether a consultant's tax number is a VAT number: empty or `0` (spec
/// §5, "not applicable") is not.
pub fn is_vat_number(tax_number: &str) -> bool {
    let tax_number = tax_number.trim();
    !tax_number.is_empty() && tax_number != "0"
}

/// Our reading of the VAT a receipt states: a seller without a VAT number
/// is under the franchise en base (art. 293 B CGI), nothing to break down;
/// a seller with one charges the standard rate, included in the amount paid
/// (TTC), so net = TTC / 1.2 rounded to the nearest minor unit (halves up)
/// and VAT = TTC − net.
pub fn vat(amount: Money, vat_liable: bool) -> Option<Vat> {
    if !vat_liable {
        return None;
    }
    let rate = i64::from(STANDARD_VAT_PERCENT);
    let net = (amount.minor * 100 * 2 + (100 + rate)) / (2 * (100 + rate));
    Some(Vat {
        rate_percent: STANDARD_VAT_PERCENT,
        net: Money::new(net, amount.currency),
        tax: Money::new(amount.minor - net, amount.currency),
    })
}

/// `2026-000001`: the year and the place in its series.
pub fn number(year: i32, sequence: u64) -> String {
    format!("{year}-{sequence:06}")
}

/// The series a receipt issued at `at` belongs to: the calendar year in the
/// marketplace's zone (Europe/Paris).
pub fn year_of(at: DateTime<Utc>) -> i32 {
    at.with_timezone(&crate::reporting::ZONE).year()
}

/// The receipt recording `kind` of the movement `cause_id` (the event that
/// moved the money): the same movement always gives the same id.
pub fn receipt_id(cause_id: Uuid, kind: ReceiptKind) -> Uuid {
    Uuid::new_v5(
        &RECEIPT_IDS,
        format!("{cause_id} {}", kind.as_str()).as_bytes(),
    )
}

/// Events of `receipts-{year}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum ReceiptEvent {
    /// Receipt `number` (`{year}-{sequence:06}`, `sequence` = its place in
    /// the year's stream) for `amount` (VAT included when `vat` is given)
    /// moved by `cause_id` on the booking; a refund's `refers_to` is the
    /// number of the payment's receipt. `document` is the snapshot of its
    /// content ([`ReceiptDocument`], subject = the receipt id).
    ReceiptIssued {
        receipt_id: Uuid,
        number: String,
        sequence: u64,
        kind: ReceiptKind,
        booking_id: Uuid,
        client_id: Uuid,
        consultant_id: Uuid,
        cause_id: Uuid,
        amount: Money,
        vat: Option<Vat>,
        refers_to: Option<String>,
        issued_at: DateTime<Utc>,
        document: PayloadRef,
    },
}

impl EventSchema for ReceiptEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

/// Events of `bookingreceipts-{booking}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum BookingReceiptsEvent {
    /// The booking's movement `cause_id` got receipt `number`.
    ReceiptRecorded {
        receipt_id: Uuid,
        number: String,
        kind: ReceiptKind,
        cause_id: Uuid,
        amount: Money,
        /// The receipt states VAT (its credit notes state it alike).
        vat_liable: bool,
        issued_at: DateTime<Utc>,
    },
}

impl EventSchema for BookingReceiptsEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

/// One receipt a booking was given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    pub receipt_id: Uuid,
    pub number: String,
    pub kind: ReceiptKind,
    pub cause_id: Uuid,
    pub amount: Money,
    pub vat_liable: bool,
}

/// A booking's receipts, folded from `bookingreceipts-{booking}`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BookingReceipts {
    pub receipts: Vec<Recorded>,
}

impl BookingReceipts {
    pub fn evolve(mut self, event: &BookingReceiptsEvent) -> Self {
        let BookingReceiptsEvent::ReceiptRecorded {
            receipt_id,
            number,
            kind,
            cause_id,
            amount,
            vat_liable,
            ..
        } = event;
        self.receipts.push(Recorded {
            receipt_id: *receipt_id,
            number: number.clone(),
            kind: *kind,
            cause_id: *cause_id,
            amount: *amount,
            vat_liable: *vat_liable,
        });
        self
    }

    /// The receipt of `kind` already given for the movement `cause_id`.
    pub fn of(&self, cause_id: Uuid, kind: ReceiptKind) -> Option<&Recorded> {
        self.receipts
            .iter()
            .find(|r| r.cause_id == cause_id && r.kind == kind)
    }

    /// The booking's (first) payment receipt, which its refunds reverse.
    pub fn payment(&self) -> Option<&Recorded> {
        self.receipts
            .iter()
            .find(|r| r.kind == ReceiptKind::Payment)
    }
}

/// Money that moved on a booking: `cause_id` is the event that moved it
/// (`BookingConfirmed` with a payment, `BookingCancelled` with a refund,
/// `LatePaymentRefunded`, `BookingRefunded`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Movement {
    pub cause_id: Uuid,
    pub kind: ReceiptKind,
    pub amount: Money,
    /// For a refund: the charge it gives back, invoiced first when the
    /// booking has no payment receipt yet (a charge that came back after the
    /// hold lapsed was never confirmed, so never invoiced).
    pub charge: Option<Money>,
}

/// A receipt a movement still needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Due {
    pub receipt_id: Uuid,
    pub kind: ReceiptKind,
    pub amount: Money,
}

/// The receipts `movement` still needs, in the order they are numbered:
/// none for a zero amount or a movement already receipted; for a refund of a
/// booking without a payment receipt, the payment's invoice first (so the
/// credit note has an invoice to name).
pub fn due(booking: &BookingReceipts, movement: &Movement) -> Vec<Due> {
    if movement.amount.minor <= 0 || booking.of(movement.cause_id, movement.kind).is_some() {
        return Vec::new();
    }
    let mut due = Vec::new();
    if movement.kind == ReceiptKind::Refund
        && booking.payment().is_none()
        && let Some(charge) = movement.charge.filter(|c| c.minor > 0)
    {
        due.push(Due {
            receipt_id: receipt_id(movement.cause_id, ReceiptKind::Payment),
            kind: ReceiptKind::Payment,
            amount: charge,
        });
    }
    due.push(Due {
        receipt_id: receipt_id(movement.cause_id, movement.kind),
        kind: movement.kind,
        amount: movement.amount,
    });
    due
}

/// Who and when, for [`issue`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IssueFacts {
    pub booking_id: Uuid,
    pub client_id: Uuid,
    pub consultant_id: Uuid,
    /// When the money moved: the receipts' date, and their year's series.
    pub issued_at: DateTime<Utc>,
    /// The seller has a VAT number today (a new invoice states VAT; a
    /// credit note follows the invoice it reverses).
    pub seller_vat_liable: bool,
}

/// The events issuing `due` appends: to the year's series, whose stream
/// holds `issued` receipts so far, and to the booking's receipts.
pub fn issue(
    issued: u64,
    booking: &BookingReceipts,
    movement: &Movement,
    due: &[Due],
    facts: &IssueFacts,
) -> (Vec<ReceiptEvent>, Vec<BookingReceiptsEvent>) {
    let year = year_of(facts.issued_at);
    let mut series = Vec::new();
    let mut recorded = Vec::new();
    let mut payment = booking.payment().map(|p| (p.number.clone(), p.vat_liable));
    for (offset, receipt) in due.iter().enumerate() {
        let sequence = issued + offset as u64 + 1;
        let number = number(year, sequence);
        let (refers_to, vat_liable) = match receipt.kind {
            ReceiptKind::Payment => (None, facts.seller_vat_liable),
            ReceiptKind::Refund => match &payment {
                Some((number, liable)) => (Some(number.clone()), *liable),
                None => (None, facts.seller_vat_liable),
            },
        };
        let cause_id = movement.cause_id;
        series.push(ReceiptEvent::ReceiptIssued {
            receipt_id: receipt.receipt_id,
            number: number.clone(),
            sequence,
            kind: receipt.kind,
            booking_id: facts.booking_id,
            client_id: facts.client_id,
            consultant_id: facts.consultant_id,
            cause_id,
            amount: receipt.amount,
            vat: vat(receipt.amount, vat_liable),
            refers_to,
            issued_at: facts.issued_at,
            document: PayloadRef {
                subject: receipt.receipt_id,
                key: DOCUMENT_KEY.into(),
            },
        });
        recorded.push(BookingReceiptsEvent::ReceiptRecorded {
            receipt_id: receipt.receipt_id,
            number: number.clone(),
            kind: receipt.kind,
            cause_id,
            amount: receipt.amount,
            vat_liable,
            issued_at: facts.issued_at,
        });
        if receipt.kind == ReceiptKind::Payment && payment.is_none() {
            payment = Some((number, vat_liable));
        }
    }
    (series, recorded)
}

/// A name in both languages of the product (a city, a country).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LocalName {
    pub fr: String,
    pub en: String,
}

impl LocalName {
    pub fn get(&self, language: Language) -> &str {
        match language {
            Language::Fr => &self.fr,
            Language::En if self.en.is_empty() => &self.fr,
            Language::En => &self.en,
        }
    }
}

/// A postal address as a receipt prints it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostalLines {
    /// House number and street, then the second street line if any.
    pub street: Vec<String>,
    pub postal_code: String,
    pub city: Option<LocalName>,
    pub country: Option<LocalName>,
}

/// The consultant, who sells the service.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seller {
    pub name: String,
    /// The professional address of the profile, when filled in.
    pub address: Option<PostalLines>,
    /// The VAT number, when the consultant has one ([`is_vat_number`]).
    pub vat_number: Option<String>,
}

/// The client, who buys it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Buyer {
    pub name: String,
    /// The country of residence (clients give no postal address).
    pub country: Option<LocalName>,
}

/// The platform, which issues the receipt in the seller's name and on
/// their behalf ("au nom et pour le compte de").
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Issuer {
    pub legal_name: String,
    pub address: Option<String>,
}

/// The consultation sold.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Service {
    pub consultant_name: String,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub duration_minutes: u16,
    /// The consultant's IANA zone: the time is printed in it.
    pub zone: String,
}

/// How the client paid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PaymentFacts {
    pub brand: String,
    pub last4: String,
    pub paid_at: DateTime<Utc>,
}

/// What a receipt says beyond its number and amounts, as it was when issued
/// (the forgettable payload `DOCUMENT_KEY` of the receipt's subject).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReceiptDocument {
    pub seller: Seller,
    pub buyer: Buyer,
    pub issuer: Issuer,
    pub service: Service,
    pub payment: Option<PaymentFacts>,
}

/// A whole receipt, as the read model keeps it and the PDF prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Receipt {
    pub receipt_id: Uuid,
    pub number: String,
    pub kind: ReceiptKind,
    pub booking_id: Uuid,
    pub amount: Money,
    pub vat: Option<Vat>,
    pub refers_to: Option<String>,
    pub issued_at: DateTime<Utc>,
    pub document: ReceiptDocument,
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::values::Currency;

    fn eur(minor: i64) -> Money {
        Money::new(minor, Currency::Eur)
    }

    fn facts(at: DateTime<Utc>) -> IssueFacts {
        IssueFacts {
            booking_id: Uuid::from_u128(1),
            client_id: Uuid::from_u128(2),
            consultant_id: Uuid::from_u128(3),
            issued_at: at,
            seller_vat_liable: false,
        }
    }

    fn payment(cause: u128, minor: i64) -> Movement {
        Movement {
            cause_id: Uuid::from_u128(cause),
            kind: ReceiptKind::Payment,
            amount: eur(minor),
            charge: None,
        }
    }

    fn refund(cause: u128, minor: i64, charge: Option<i64>) -> Movement {
        Movement {
            cause_id: Uuid::from_u128(cause),
            kind: ReceiptKind::Refund,
            amount: eur(minor),
            charge: charge.map(eur),
        }
    }

    /// Issues `movement` on `booking` after `issued` receipts of the year.
    fn run(
        issued: u64,
        booking: BookingReceipts,
        movement: &Movement,
        at: DateTime<Utc>,
    ) -> (Vec<ReceiptEvent>, BookingReceipts) {
        let due = due(&booking, movement);
        let (series, recorded) = issue(issued, &booking, movement, &due, &facts(at));
        let booking = recorded.iter().fold(booking, BookingReceipts::evolve);
        (series, booking)
    }

    fn numbers(events: &[ReceiptEvent]) -> Vec<(String, Option<String>)> {
        events
            .iter()
            .map(
                |ReceiptEvent::ReceiptIssued {
                     number, refers_to, ..
                 }| { (number.clone(), refers_to.clone()) },
            )
            .collect()
    }

    #[test]
    fn numbers_are_the_year_and_the_place_in_its_series() {
        assert_eq!(number(2026, 1), "2026-000001");
        assert_eq!(number(2026, 123_456), "2026-123456");
        let summer = Utc.with_ymd_and_hms(2026, 7, 1, 12, 0, 0).unwrap();
        let (first, booking) = run(0, BookingReceipts::default(), &payment(10, 3500), summer);
        assert_eq!(numbers(&first), [("2026-000001".into(), None)]);
        let (again, _) = run(41, booking, &payment(11, 3500), summer);
        assert_eq!(numbers(&again), [("2026-000042".into(), None)]);
    }

    #[test]
    fn the_new_year_begins_at_paris_midnight() {
        // 23:30 UTC on 31 December is already 00:30 on 1 January in Paris.
        let late = Utc.with_ymd_and_hms(2026, 12, 31, 23, 30, 0).unwrap();
        assert_eq!(year_of(late), 2027);
        let (events, _) = run(0, BookingReceipts::default(), &payment(10, 3500), late);
        assert_eq!(numbers(&events)[0].0, "2027-000001");
        assert_eq!(year_of(late - chrono::TimeDelta::hours(1)), 2026);
    }

    #[test]
    fn a_refund_names_the_payment_it_reverses() {
        let at = Utc.with_ymd_and_hms(2026, 3, 2, 9, 0, 0).unwrap();
        let (_, booking) = run(0, BookingReceipts::default(), &payment(10, 3500), at);
        let (credit, booking) = run(1, booking, &refund(20, 3500, Some(3500)), at);
        assert_eq!(
            numbers(&credit),
            [("2026-000002".into(), Some("2026-000001".into()))]
        );
        assert_eq!(booking.receipts.len(), 2);
    }

    #[test]
    fn a_movement_is_receipted_once_and_nothing_moved_gets_nothing() {
        let at = Utc.with_ymd_and_hms(2026, 3, 2, 9, 0, 0).unwrap();
        let (_, booking) = run(0, BookingReceipts::default(), &payment(10, 3500), at);
        assert!(due(&booking, &payment(10, 3500)).is_empty());
        assert!(due(&BookingReceipts::default(), &payment(11, 0)).is_empty());
        assert!(due(&booking, &refund(12, 0, Some(3500))).is_empty());
        // The same movement always records the same receipt id.
        assert_eq!(
            due(&BookingReceipts::default(), &payment(10, 3500))[0].receipt_id,
            receipt_id(Uuid::from_u128(10), ReceiptKind::Payment)
        );
    }

    #[test]
    fn a_refund_without_an_invoice_invoices_the_charge_first() {
        let at = Utc.with_ymd_and_hms(2026, 3, 2, 9, 0, 0).unwrap();
        let (events, booking) = run(
            7,
            BookingReceipts::default(),
            &refund(30, 3500, Some(3500)),
            at,
        );
        assert_eq!(
            numbers(&events),
            [
                ("2026-000008".into(), None),
                ("2026-000009".into(), Some("2026-000008".into()))
            ]
        );
        let kinds: Vec<_> = booking.receipts.iter().map(|r| r.kind).collect();
        assert_eq!(kinds, [ReceiptKind::Payment, ReceiptKind::Refund]);
        // Run again: nothing more.
        assert!(due(&booking, &refund(30, 3500, Some(3500))).is_empty());
    }

    #[test]
    fn vat_is_included_in_the_amount_at_the_standard_rate() {
        assert_eq!(vat(eur(3500), false), None);
        let v = vat(eur(3500), true).unwrap();
        assert_eq!((v.rate_percent, v.net, v.tax), (20, eur(2917), eur(583)));
        let v = vat(eur(6000), true).unwrap();
        assert_eq!((v.net, v.tax), (eur(5000), eur(1000)));
        // 0.01 €: net rounds to 0.01 (0.00833… → 0.01), no VAT left.
        let v = vat(eur(1), true).unwrap();
        assert_eq!((v.net, v.tax), (eur(1), eur(0)));
        for minor in [1, 99, 1234, 3500, 99_999] {
            let v = vat(eur(minor), true).unwrap();
            assert_eq!(v.net.minor + v.tax.minor, minor);
        }
        assert!(!is_vat_number("0"));
        assert!(!is_vat_number("  "));
        assert!(is_vat_number("FR40303265045"));
    }

    #[test]
    fn a_credit_note_states_vat_as_its_invoice_did() {
        let at = Utc.with_ymd_and_hms(2026, 3, 2, 9, 0, 0).unwrap();
        let booking = BookingReceipts::default();
        let movement = payment(10, 6000);
        let due_now = due(&booking, &movement);
        let liable = IssueFacts {
            seller_vat_liable: true,
            ..facts(at)
        };
        let (_, recorded) = issue(0, &booking, &movement, &due_now, &liable);
        let booking = recorded.iter().fold(booking, BookingReceipts::evolve);
        // The seller dropped their VAT number since: the credit note still
        // reverses the VAT its invoice charged.
        let movement = refund(20, 6000, None);
        let due_now = due(&booking, &movement);
        let (series, _) = issue(1, &booking, &movement, &due_now, &facts(at));
        let ReceiptEvent::ReceiptIssued { vat, .. } = &series[0];
        assert_eq!(vat.map(|v| v.tax), Some(eur(1000)));
    }
}
