//! Given / when / then, no database: each rule of the complaint aggregate
//! and of refunds after the fact on the booking.

use chrono::{DateTime, TimeDelta, TimeZone as _, Utc};
use uuid::Uuid;

use super::*;
use crate::booking::{self, Booking, BookingEvent, BookingInfo, CancelledBy, PaymentRecord};
use crate::reference::ItemInfo;
use crate::values::{Currency, FileRef, Money};
use crate::{DomainError, RuleCode};

const COMPLAINT: Uuid = Uuid::from_u128(0xA1);
const SECOND: Uuid = Uuid::from_u128(0xA2);
const CLIENT: Uuid = Uuid::from_u128(0xC1);
const STRANGER: Uuid = Uuid::from_u128(0xC2);
const EXPERT: Uuid = Uuid::from_u128(0xE0);
const BOOKING: Uuid = Uuid::from_u128(0xB1);
const TYPE: Uuid = Uuid::from_u128(0x71);
const REQUEST: Uuid = Uuid::from_u128(0x51);

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 23, 8, 0, 0).unwrap()
}

fn later() -> DateTime<Utc> {
    now() + TimeDelta::hours(1)
}

fn eur(minor: i64) -> Money {
    Money::new(minor, Currency::Eur)
}

fn rule(code: RuleCode) -> DomainError {
    DomainError::Rule(code)
}

fn field_code<T: std::fmt::Debug>(result: Result<T, DomainError>, field: &str) -> &'static str {
    match result {
        Err(DomainError::Invalid(errors)) => errors.0[field].code,
        other => panic!("expected a field error on {field}, got {other:?}"),
    }
}

/// A booking of CLIENT with EXPERT, held then carried through `then`.
fn booking_with(paid: Option<i64>, then: &[BookingEvent]) -> Booking {
    let start = now() - TimeDelta::days(2);
    let total = eur(paid.unwrap_or(0));
    let mut events = vec![BookingEvent::BookingHeld {
        booking_id: BOOKING,
        consultant_id: EXPERT,
        client_id: CLIENT,
        start,
        end: start + TimeDelta::minutes(60),
        duration_minutes: 60,
        price: total,
        discount: eur(0),
        total,
        free: paid.is_none(),
        coupon_id: None,
        coupon_code: None,
        hold_expires_at: start,
        at: start - TimeDelta::days(3),
    }];
    events.extend_from_slice(then);
    events.iter().fold(Booking::default(), Booking::evolve)
}

fn confirmed(paid: Option<i64>) -> BookingEvent {
    BookingEvent::BookingConfirmed {
        booking_id: BOOKING,
        payment: paid.map(|minor| PaymentRecord {
            provider_ref: "ch_1".into(),
            brand: "visa".into(),
            last4: "4242".into(),
            amount: eur(minor),
        }),
        at: now() - TimeDelta::days(3),
    }
}

fn cancelled(refund: i64) -> BookingEvent {
    BookingEvent::BookingCancelled {
        booking_id: BOOKING,
        by: CancelledBy::Client,
        actor_id: Some(CLIENT),
        refund: eur(refund),
        refund_ref: None,
        reason: None,
        at: now() - TimeDelta::days(2),
    }
}

fn paid_booking() -> Booking {
    booking_with(Some(6000), &[confirmed(Some(6000))])
}

fn filing(attachments: Vec<FileRef>) -> Filing {
    Filing {
        subject: "Late start".into(),
        description: "The session started twenty minutes late.".into(),
        desired_outcome: Some(DesiredOutcome::Refund),
        attachments,
    }
}

fn file_as(
    author: Uuid,
    role: ComplaintRole,
    booking: Option<Option<&BookingInfo>>,
    open: &OpenComplaint,
) -> Result<ComplaintDecision, DomainError> {
    let context = FilingContext {
        complaint_id: COMPLAINT,
        author_id: author,
        author_role: role,
        complaint_type_id: TYPE,
        booking,
        open,
    };
    file(&context, filing(vec![]), now())
}

/// The complaint `author` filed (with no other open), folded.
fn filed(author: Uuid, role: ComplaintRole, booking: Option<Option<&BookingInfo>>) -> Complaint {
    file_as(author, role, booking, &OpenComplaint::default())
        .unwrap()
        .complaint
        .iter()
        .fold(Complaint::default(), Complaint::evolve)
}

/// A complaint CLIENT filed about the paid booking, then `then`.
fn filed_by_client(then: &[ComplaintEvent]) -> Complaint {
    let booking = paid_booking();
    then.iter().fold(
        filed(CLIENT, ComplaintRole::Client, Some(booking.info())),
        Complaint::evolve,
    )
}

fn status(complaint: &Complaint, events: &[ComplaintEvent]) -> ComplaintStatus {
    events
        .iter()
        .fold(complaint.clone(), Complaint::evolve)
        .info()
        .unwrap()
        .status
}

fn verdict(favour: Favour, refund_minor: Option<i64>) -> Verdict {
    Verdict {
        favour,
        refund_minor,
        suspend_consultant: false,
    }
}

// ---- filing ----

#[test]
fn a_client_files_about_a_confirmed_booking_of_theirs_against_its_consultant() {
    let booking = paid_booking();
    let decision = file_as(
        CLIENT,
        ComplaintRole::Client,
        Some(booking.info()),
        &OpenComplaint::default(),
    )
    .unwrap();
    let ComplaintEvent::ComplaintFiled {
        respondent_id,
        respondent_role,
        booking_id,
        text,
        ..
    } = &decision.complaint[0]
    else {
        panic!("expected a filing, got {decision:?}");
    };
    assert_eq!(*respondent_id, Some(EXPERT));
    assert_eq!(*respondent_role, Some(ComplaintRole::Consultant));
    assert_eq!(*booking_id, Some(BOOKING));
    assert_eq!(
        text.subject, CLIENT,
        "the text is the author's personal data"
    );
    assert_eq!(
        decision.open,
        vec![ComplaintOpenEvent::OpenComplaintFiled {
            complaint_id: COMPLAINT
        }]
    );
}

#[test]
fn a_consultant_files_against_the_client_of_their_booking() {
    let booking = booking_with(
        None,
        &[
            confirmed(None),
            BookingEvent::BookingCompleted {
                booking_id: BOOKING,
                at: now(),
            },
        ],
    );
    let decision = file_as(
        EXPERT,
        ComplaintRole::Consultant,
        Some(booking.info()),
        &OpenComplaint::default(),
    )
    .unwrap();
    let complaint = decision
        .complaint
        .iter()
        .fold(Complaint::default(), Complaint::evolve);
    assert_eq!(complaint.info().unwrap().respondent_id, Some(CLIENT));
    assert_eq!(complaint.info().unwrap().consultant_id(), Some(EXPERT));
}

#[test]
fn a_complaint_about_the_platform_has_no_respondent_and_no_open_marker() {
    let decision = file_as(
        CLIENT,
        ComplaintRole::Client,
        None,
        &OpenComplaint::default(),
    )
    .unwrap();
    let complaint = decision
        .complaint
        .iter()
        .fold(Complaint::default(), Complaint::evolve);
    assert_eq!(complaint.info().unwrap().respondent_id, None);
    assert!(decision.open.is_empty());
}

#[test]
fn a_booking_of_someone_else_or_unknown_is_not_found() {
    let booking = paid_booking();
    let open = OpenComplaint::default();
    assert_eq!(
        file_as(STRANGER, ComplaintRole::Client, Some(booking.info()), &open),
        Err(rule(RuleCode::NotFound))
    );
    // The client's id, but claiming the consultant's side.
    assert_eq!(
        file_as(
            CLIENT,
            ComplaintRole::Consultant,
            Some(booking.info()),
            &open
        ),
        Err(rule(RuleCode::NotFound))
    );
    assert_eq!(
        file_as(CLIENT, ComplaintRole::Client, Some(None), &open),
        Err(rule(RuleCode::NotFound))
    );
}

#[test]
fn only_a_booking_that_was_confirmed_is_eligible() {
    let open = OpenComplaint::default();
    let held = booking_with(Some(6000), &[]);
    let expired = booking_with(
        Some(6000),
        &[BookingEvent::BookingExpired {
            booking_id: BOOKING,
            at: now(),
        }],
    );
    let cancelled_unpaid_hold = booking_with(Some(6000), &[cancelled(0)]);
    for booking in [&held, &expired, &cancelled_unpaid_hold] {
        assert_eq!(
            file_as(CLIENT, ComplaintRole::Client, Some(booking.info()), &open),
            Err(rule(RuleCode::ComplaintBookingNotEligible))
        );
    }
    let cancelled_after_confirmation =
        booking_with(Some(6000), &[confirmed(Some(6000)), cancelled(0)]);
    let no_show = booking_with(
        Some(6000),
        &[
            confirmed(Some(6000)),
            BookingEvent::BookingNoShow {
                booking_id: BOOKING,
                actor_id: Some(EXPERT),
                at: now(),
            },
        ],
    );
    for booking in [&cancelled_after_confirmation, &no_show, &paid_booking()] {
        assert!(file_as(CLIENT, ComplaintRole::Client, Some(booking.info()), &open).is_ok());
    }
}

#[test]
fn one_open_complaint_per_author_and_booking() {
    let booking = paid_booking();
    let open = OpenComplaint::default().evolve(&ComplaintOpenEvent::OpenComplaintFiled {
        complaint_id: SECOND,
    });
    assert_eq!(
        file_as(CLIENT, ComplaintRole::Client, Some(booking.info()), &open),
        Err(rule(RuleCode::ComplaintAlreadyOpen))
    );
    // Once closed, a new complaint about the same booking may be filed.
    let closed = open.evolve(&ComplaintOpenEvent::OpenComplaintClosed {
        complaint_id: SECOND,
    });
    assert!(file_as(CLIENT, ComplaintRole::Client, Some(booking.info()), &closed).is_ok());
}

#[test]
fn the_open_marker_is_per_author_and_booking() {
    let a = open::open_entity(CLIENT, BOOKING);
    assert_eq!(a, open::open_entity(CLIENT, BOOKING));
    assert_ne!(a, open::open_entity(EXPERT, BOOKING));
    assert_ne!(a, open::open_entity(CLIENT, SECOND));
}

fn upload(owner: Uuid, name: &str, content_type: &str, size: u64) -> FileRef {
    FileRef {
        key: format!("subjects/{owner}/{name}"),
        content_type: content_type.into(),
        size,
    }
}

fn lookup(files: Vec<FileRef>) -> impl Fn(&str) -> Option<FileRef> {
    move |key: &str| files.iter().find(|f| f.key == key).cloned()
}

fn active_type() -> Option<ItemInfo> {
    Some(ItemInfo {
        active: true,
        parent: None,
    })
}

#[test]
fn a_filing_s_fields_are_bounded_and_its_type_must_be_active() {
    let files = lookup(vec![]);
    let parse = |subject: &str, description: &str, kind: Option<ItemInfo>| {
        parse_filing(subject, description, None, &[], kind, CLIENT, &files)
    };
    assert!(parse("Late", "Twenty minutes late.", active_type()).is_ok());
    assert_eq!(
        field_code(
            parse("No", "Twenty minutes late.", active_type()),
            "subject"
        ),
        "field.too_short"
    );
    assert_eq!(
        field_code(
            parse(&"x".repeat(201), "Twenty minutes late.", active_type()),
            "subject"
        ),
        "field.too_long"
    );
    assert_eq!(
        field_code(parse("Late", "Too late", active_type()), "description"),
        "field.too_short"
    );
    assert_eq!(
        field_code(
            parse("Late", &"x".repeat(5001), active_type()),
            "description"
        ),
        "field.too_long"
    );
    let outcome = |raw: &str| {
        parse_filing(
            "Late",
            "Twenty minutes late.",
            Some(raw),
            &[],
            active_type(),
            CLIENT,
            &files,
        )
    };
    assert_eq!(
        outcome("apology").unwrap().desired_outcome,
        Some(DesiredOutcome::Apology)
    );
    assert_eq!(outcome(" ").unwrap().desired_outcome, None);
    assert_eq!(
        field_code(outcome("revenge"), "desired_outcome"),
        "field.invalid"
    );
    let trashed = Some(ItemInfo {
        active: false,
        parent: None,
    });
    for kind in [None, trashed] {
        assert_eq!(
            field_code(
                parse("Late", "Twenty minutes late.", kind),
                "complaint_type_id"
            ),
            "reference.invalid"
        );
    }
}

#[test]
fn at_most_five_attachments_each_an_upload_of_the_author_fit_for_a_complaint() {
    let mine: Vec<FileRef> = (0..6)
        .map(|n| upload(CLIENT, &format!("{n}.pdf"), "application/pdf", 1000))
        .collect();
    let theirs = upload(EXPERT, "x.pdf", "application/pdf", 1000);
    let too_big = upload(CLIENT, "big.png", "image/png", 11 * 1024 * 1024);
    let mut all = mine.clone();
    all.extend([theirs.clone(), too_big.clone()]);
    let files = lookup(all);
    let keys = |files: &[FileRef]| files.iter().map(|f| f.key.clone()).collect::<Vec<_>>();
    let parse = |keys: &[String]| {
        parse_filing(
            "Late",
            "Twenty minutes late.",
            None,
            keys,
            active_type(),
            CLIENT,
            &files,
        )
    };
    assert_eq!(parse(&keys(&mine[..5])).unwrap().attachments, mine[..5]);
    // The same key twice counts once.
    let twice = vec![mine[0].key.clone(), mine[0].key.clone()];
    assert_eq!(parse(&twice).unwrap().attachments.len(), 1);
    assert_eq!(
        field_code(parse(&keys(&mine)), "attachments"),
        "list.too_many"
    );
    assert_eq!(
        field_code(parse(&keys(&[theirs])), "attachments"),
        "file.invalid"
    );
    assert_eq!(
        field_code(parse(&["subjects/made/up.pdf".into()]), "attachments"),
        "file.invalid"
    );
    assert_eq!(
        field_code(parse(&keys(&[too_big])), "attachments"),
        "file.too_large"
    );
}

// ---- withdraw ----

#[test]
fn the_author_withdraws_an_open_complaint_and_frees_the_booking() {
    let complaint = filed_by_client(&[]);
    let decision = withdraw(&complaint, CLIENT, later()).unwrap();
    assert_eq!(
        status(&complaint, &decision.complaint),
        ComplaintStatus::Withdrawn
    );
    assert_eq!(
        decision.open,
        vec![ComplaintOpenEvent::OpenComplaintClosed {
            complaint_id: COMPLAINT
        }]
    );
}

#[test]
fn only_the_author_withdraws_and_only_until_closed() {
    let complaint = filed_by_client(&[]);
    assert_eq!(
        withdraw(&complaint, EXPERT, later()),
        Err(rule(RuleCode::NotFound))
    );
    assert_eq!(
        withdraw(&complaint, STRANGER, later()),
        Err(rule(RuleCode::NotFound))
    );
    let in_review = filed_by_client(&[ComplaintEvent::ComplaintReviewStarted { at: now() }]);
    assert!(withdraw(&in_review, CLIENT, later()).is_ok());
    let withdrawn = filed_by_client(&[ComplaintEvent::ComplaintWithdrawn { at: now() }]);
    assert_eq!(
        withdraw(&withdrawn, CLIENT, later()),
        Err(rule(RuleCode::ComplaintClosed))
    );
    let decided = decide(&complaint, verdict(Favour::Neither, None), None, now()).unwrap();
    let decided = decided
        .complaint
        .iter()
        .fold(complaint.clone(), Complaint::evolve);
    assert_eq!(
        withdraw(&decided, CLIENT, later()),
        Err(rule(RuleCode::ComplaintClosed))
    );
}

// ---- statement ----

#[test]
fn the_respondent_submits_one_statement_while_open() {
    let complaint = filed_by_client(&[]);
    let events = submit_statement(&complaint, EXPERT, vec![], later()).unwrap();
    let ComplaintEvent::StatementSubmitted { text, .. } = &events[0] else {
        panic!("expected a statement, got {events:?}");
    };
    assert_eq!(text.subject, EXPERT);
    let after = events.iter().fold(complaint, Complaint::evolve);
    assert_eq!(
        submit_statement(&after, EXPERT, vec![], later()),
        Err(rule(RuleCode::StatementAlreadySubmitted))
    );
}

#[test]
fn neither_the_author_nor_a_stranger_submits_a_statement_nor_anyone_once_closed() {
    let complaint = filed_by_client(&[]);
    assert_eq!(
        submit_statement(&complaint, CLIENT, vec![], later()),
        Err(rule(RuleCode::NotFound))
    );
    assert_eq!(
        submit_statement(&complaint, STRANGER, vec![], later()),
        Err(rule(RuleCode::NotFound))
    );
    let dismissed = filed_by_client(&[ComplaintEvent::ComplaintWithdrawn { at: now() }]);
    assert_eq!(
        submit_statement(&dismissed, EXPERT, vec![], later()),
        Err(rule(RuleCode::ComplaintClosed))
    );
}

// ---- review, information ----

#[test]
fn review_starts_once_and_not_on_a_closed_complaint() {
    let complaint = filed_by_client(&[]);
    let events = start_review(&complaint, later()).unwrap();
    assert_eq!(status(&complaint, &events), ComplaintStatus::InReview);
    let in_review = events.iter().fold(complaint, Complaint::evolve);
    assert_eq!(start_review(&in_review, later()), Ok(vec![]));
    let withdrawn = filed_by_client(&[ComplaintEvent::ComplaintWithdrawn { at: now() }]);
    assert_eq!(
        start_review(&withdrawn, later()),
        Err(rule(RuleCode::ComplaintClosed))
    );
    assert_eq!(
        start_review(&Complaint::default(), later()),
        Err(rule(RuleCode::NotFound))
    );
}

#[test]
fn asking_a_party_starts_the_review_and_only_the_addressed_party_answers_once() {
    let complaint = filed_by_client(&[]);
    let asked = request_information(&complaint, REQUEST, InfoParty::Respondent, later()).unwrap();
    assert!(matches!(
        asked[0],
        ComplaintEvent::ComplaintReviewStarted { .. }
    ));
    let ComplaintEvent::InformationRequested { party_id, text, .. } = &asked[1] else {
        panic!("expected a request, got {asked:?}");
    };
    assert_eq!((*party_id, text.subject), (EXPERT, EXPERT));
    let complaint = asked.iter().fold(complaint, Complaint::evolve);
    assert_eq!(complaint.info().unwrap().status, ComplaintStatus::InReview);
    assert_eq!(
        provide_information(&complaint, CLIENT, REQUEST, vec![], later()),
        Err(rule(RuleCode::InformationNotRequested))
    );
    assert_eq!(
        provide_information(&complaint, STRANGER, REQUEST, vec![], later()),
        Err(rule(RuleCode::NotFound))
    );
    assert_eq!(
        provide_information(&complaint, EXPERT, SECOND, vec![], later()),
        Err(rule(RuleCode::InformationNotRequested))
    );
    let answered = provide_information(&complaint, EXPERT, REQUEST, vec![], later()).unwrap();
    let complaint = answered.iter().fold(complaint, Complaint::evolve);
    assert_eq!(complaint.info().unwrap().status, ComplaintStatus::InReview);
    assert_eq!(
        provide_information(&complaint, EXPERT, REQUEST, vec![], later()),
        Err(rule(RuleCode::InformationNotRequested))
    );
}

#[test]
fn a_platform_complaint_has_no_respondent_to_ask_and_a_closed_one_no_answers() {
    let platform = filed(CLIENT, ComplaintRole::Client, None);
    assert_eq!(
        field_code(
            request_information(&platform, REQUEST, InfoParty::Respondent, later()),
            "party"
        ),
        "field.invalid"
    );
    let asked = request_information(&platform, REQUEST, InfoParty::Complainant, later()).unwrap();
    let closed = asked
        .iter()
        .chain(&[ComplaintEvent::ComplaintWithdrawn { at: later() }])
        .fold(platform, Complaint::evolve);
    assert_eq!(
        provide_information(&closed, CLIENT, REQUEST, vec![], later()),
        Err(rule(RuleCode::ComplaintClosed))
    );
    assert_eq!(
        request_information(&closed, SECOND, InfoParty::Complainant, later()),
        Err(rule(RuleCode::ComplaintClosed))
    );
}

// ---- decide, dismiss ----

#[test]
fn deciding_from_submitted_starts_the_review_and_closes_the_complaint() {
    let complaint = filed_by_client(&[]);
    let decision = decide(&complaint, verdict(Favour::Respondent, None), None, later()).unwrap();
    assert!(matches!(
        decision.complaint[0],
        ComplaintEvent::ComplaintReviewStarted { .. }
    ));
    assert_eq!(
        status(&complaint, &decision.complaint),
        ComplaintStatus::Decided
    );
    assert_eq!(
        decision.open,
        vec![ComplaintOpenEvent::OpenComplaintClosed {
            complaint_id: COMPLAINT
        }]
    );
}

#[test]
fn a_decided_or_dismissed_complaint_is_decided_or_dismissed_no_more() {
    let complaint = filed_by_client(&[]);
    let decided = decide(&complaint, verdict(Favour::Neither, None), None, now())
        .unwrap()
        .complaint
        .iter()
        .fold(complaint.clone(), Complaint::evolve);
    let dismissed = dismiss(&complaint, now())
        .unwrap()
        .complaint
        .iter()
        .fold(complaint, Complaint::evolve);
    assert_eq!(dismissed.info().unwrap().status, ComplaintStatus::Dismissed);
    for closed in [&decided, &dismissed] {
        assert_eq!(
            decide(closed, verdict(Favour::Neither, None), None, later()),
            Err(rule(RuleCode::ComplaintClosed))
        );
        assert_eq!(
            dismiss(closed, later()),
            Err(rule(RuleCode::ComplaintClosed))
        );
    }
}

#[test]
fn a_refund_goes_only_to_a_client_author_of_a_paid_booking_decided_in_their_favour() {
    let complaint = filed_by_client(&[]);
    let booking = paid_booking();
    let decision = decide(
        &complaint,
        verdict(Favour::Complainant, Some(3000)),
        booking.info(),
        later(),
    )
    .unwrap();
    let decided = decision
        .complaint
        .iter()
        .fold(complaint.clone(), Complaint::evolve);
    assert_eq!(decided.info().unwrap().refund, Some(eur(3000)));
    for favour in [Favour::Respondent, Favour::Neither] {
        assert_eq!(
            decide(
                &complaint,
                verdict(favour, Some(3000)),
                booking.info(),
                later()
            ),
            Err(rule(RuleCode::RefundNotAllowed))
        );
    }
    // Nothing was paid (free consultation).
    let free = booking_with(None, &[confirmed(None)]);
    assert_eq!(
        decide(
            &complaint,
            verdict(Favour::Complainant, Some(1)),
            free.info(),
            later()
        ),
        Err(rule(RuleCode::RefundNotAllowed))
    );
    // The consultant's complaint: the client pays no refund to them.
    let by_expert = filed(EXPERT, ComplaintRole::Consultant, Some(booking.info()));
    assert_eq!(
        decide(
            &by_expert,
            verdict(Favour::Complainant, Some(100)),
            booking.info(),
            later()
        ),
        Err(rule(RuleCode::RefundNotAllowed))
    );
    assert_eq!(
        field_code(
            decide(
                &complaint,
                verdict(Favour::Complainant, Some(0)),
                booking.info(),
                later()
            ),
            "refund.amount_minor"
        ),
        "field.invalid"
    );
}

#[test]
fn a_refund_never_exceeds_what_was_paid_less_what_was_refunded() {
    let complaint = filed_by_client(&[]);
    let booking = paid_booking();
    assert!(
        decide(
            &complaint,
            verdict(Favour::Complainant, Some(6000)),
            booking.info(),
            later()
        )
        .is_ok()
    );
    assert_eq!(
        decide(
            &complaint,
            verdict(Favour::Complainant, Some(6001)),
            booking.info(),
            later()
        ),
        Err(rule(RuleCode::RefundExceedsPaid))
    );
    let partly_refunded = booking.clone().evolve(&BookingEvent::BookingRefunded {
        booking_id: BOOKING,
        amount: eur(4000),
        refund_ref: "re_1".into(),
        complaint_id: Some(SECOND),
        at: now(),
    });
    assert_eq!(partly_refunded.info().unwrap().refunded, eur(4000));
    assert_eq!(
        decide(
            &complaint,
            verdict(Favour::Complainant, Some(2001)),
            partly_refunded.info(),
            later()
        ),
        Err(rule(RuleCode::RefundExceedsPaid))
    );
    // A cancellation's refund counts too.
    let cancelled = booking_with(Some(6000), &[confirmed(Some(6000)), cancelled(6000)]);
    assert_eq!(
        decide(
            &complaint,
            verdict(Favour::Complainant, Some(1)),
            cancelled.info(),
            later()
        ),
        Err(rule(RuleCode::RefundExceedsPaid))
    );
}

#[test]
fn suspending_needs_a_consultant_among_the_parties() {
    let platform = filed(CLIENT, ComplaintRole::Client, None);
    let suspend = Verdict {
        suspend_consultant: true,
        ..verdict(Favour::Complainant, None)
    };
    assert_eq!(
        field_code(
            decide(&platform, suspend, None, later()),
            "suspend_consultant"
        ),
        "field.invalid"
    );
    let complaint = filed_by_client(&[]);
    let decided = decide(&complaint, suspend, None, later())
        .unwrap()
        .complaint
        .iter()
        .fold(complaint, Complaint::evolve);
    assert!(decided.info().unwrap().suspend_consultant);
}

// ---- refunds on the booking ----

#[test]
fn the_booking_records_a_complaint_refund_once() {
    let booking = paid_booking();
    assert_eq!(
        booking::complaint_refund_due(&booking, COMPLAINT, eur(2500)),
        Ok(true)
    );
    let events =
        booking::refund(&booking, eur(2500), "re_1".into(), Some(COMPLAINT), now()).unwrap();
    assert_eq!(events.len(), 1);
    let booking = events.iter().fold(booking, Booking::evolve);
    assert_eq!(booking.info().unwrap().refunded, eur(2500));
    assert_eq!(
        booking::complaint_refund_due(&booking, COMPLAINT, eur(2500)),
        Ok(false)
    );
    assert_eq!(
        booking::refund(&booking, eur(2500), "re_2".into(), Some(COMPLAINT), now()),
        Ok(vec![])
    );
}

#[test]
fn the_booking_refuses_a_refund_past_what_was_paid() {
    let booking = paid_booking();
    let first =
        booking::refund(&booking, eur(5000), "re_1".into(), Some(COMPLAINT), now()).unwrap();
    let booking = first.iter().fold(booking, Booking::evolve);
    assert_eq!(booking.info().unwrap().refundable(), eur(1000));
    assert_eq!(
        booking::refund(&booking, eur(1001), "re_2".into(), Some(SECOND), now()),
        Err(rule(RuleCode::RefundExceedsPaid))
    );
    assert_eq!(
        booking::refund(
            &booking,
            Money::new(100, Currency::Usd),
            "re_2".into(),
            None,
            now()
        ),
        Err(rule(RuleCode::RefundNotAllowed))
    );
    assert!(booking::refund(&booking, eur(1000), "re_2".into(), Some(SECOND), now()).is_ok());
    assert_eq!(
        booking::refund(&Booking::default(), eur(1), "re".into(), None, now()),
        Err(rule(RuleCode::NotFound))
    );
}
