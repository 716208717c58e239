use chrono::{DateTime, TimeDelta, TimeZone as _, Utc};
use uuid::Uuid;

use super::*;
use crate::RuleCode;
use crate::values::Currency;

const COUPON: Uuid = Uuid::from_u128(0xC0);
const CLIENT: Uuid = Uuid::from_u128(0xC1);
const OTHER: Uuid = Uuid::from_u128(0xC2);

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 23, 8, 0, 0).unwrap()
}

fn eur(minor: i64) -> Money {
    Money::new(minor, Currency::Eur)
}

fn form() -> CouponForm {
    CouponForm {
        code: " noel-26 ".into(),
        kind: "percent".into(),
        percent: Some(20),
        amount: None,
        valid_from: now(),
        valid_until: now() + TimeDelta::days(10),
        max_uses: Some(2),
        max_uses_per_client: Some(1),
    }
}

fn created(form: CouponForm) -> Coupon {
    let (events, _) = create(&CodeReservation::default(), COUPON, form, now()).unwrap();
    events.iter().fold(Coupon::default(), Coupon::evolve)
}

fn redeemed(coupon: Coupon, booking: u128, client: Uuid) -> Coupon {
    coupon.evolve(&CouponEvent::CouponRedeemed {
        coupon_id: COUPON,
        booking_id: Uuid::from_u128(booking),
        client_id: client,
        discount: eur(100),
        at: now(),
    })
}

fn refused(code: RuleCode) -> Result<Money, DomainError> {
    Err(DomainError::Rule(code))
}

#[test]
fn a_coupon_is_created_with_its_code_normalised_and_reserved() {
    let (events, reservation) = create(&CodeReservation::default(), COUPON, form(), now()).unwrap();
    assert!(matches!(&events[..], [CouponEvent::CouponCreated { code, .. }] if code == "NOEL-26"));
    assert!(
        matches!(&reservation[..], [CouponCodeEvent::CouponCodeReserved { code, .. }] if code == "NOEL-26")
    );
    assert_eq!(
        code_entity("NOEL-26"),
        code_entity(&parse_code("noel-26").unwrap())
    );
}

#[test]
fn a_code_held_by_another_coupon_is_taken() {
    let held = CodeReservation::default().evolve(&CouponCodeEvent::CouponCodeReserved {
        code: "NOEL-26".into(),
        coupon_id: Uuid::from_u128(9),
        at: now(),
    });
    assert_eq!(
        create(&held, COUPON, form(), now()),
        Err(DomainError::Rule(RuleCode::CouponCodeTaken))
    );
}

#[test]
fn invalid_terms_are_field_errors() {
    let bad = CouponForm {
        code: "x".into(),
        percent: Some(120),
        valid_until: now(),
        max_uses: Some(0),
        ..form()
    };
    let Err(DomainError::Invalid(errors)) = create(&CodeReservation::default(), COUPON, bad, now())
    else {
        panic!("expected field errors");
    };
    let fields: Vec<&str> = errors.0.keys().map(String::as_str).collect();
    assert_eq!(fields, ["code", "max_uses", "percent", "valid_until"]);
    let fixed = CouponForm {
        kind: "fixed".into(),
        amount: Some(eur(0)),
        ..form()
    };
    assert!(create(&CodeReservation::default(), COUPON, fixed, now()).is_err());
}

#[test]
fn validity_dates_far_outside_the_window_are_refused() {
    let forever = CouponForm {
        valid_until: DateTime::<Utc>::MAX_UTC,
        ..form()
    };
    let Err(DomainError::Invalid(errors)) =
        create(&CodeReservation::default(), COUPON, forever, now())
    else {
        panic!("expected field errors");
    };
    assert_eq!(errors.0["valid_until"].code, "date.out_of_range");
    let ancient = CouponForm {
        valid_from: now() - TimeDelta::days(365 * 20),
        ..form()
    };
    assert!(create(&CodeReservation::default(), COUPON, ancient, now()).is_err());
}

#[test]
fn a_percent_discount_rounds_down_and_a_fixed_one_never_exceeds_the_price() {
    let coupon = created(CouponForm {
        percent: Some(33),
        ..form()
    });
    assert_eq!(coupon.discount_for(CLIENT, eur(1001), now()), Ok(eur(330)));
    let fixed = created(CouponForm {
        kind: "fixed".into(),
        amount: Some(eur(5000)),
        ..form()
    });
    assert_eq!(fixed.discount_for(CLIENT, eur(3000), now()), Ok(eur(3000)));
    assert_eq!(
        fixed.discount_for(CLIENT, Money::new(3000, Currency::Usd), now()),
        refused(RuleCode::CouponCurrency)
    );
}

#[test]
fn the_validity_window_and_disabling_are_enforced() {
    let coupon = created(form());
    assert_eq!(
        coupon.discount_for(CLIENT, eur(1000), now() - TimeDelta::seconds(1)),
        refused(RuleCode::CouponNotStarted)
    );
    assert_eq!(
        coupon.discount_for(CLIENT, eur(1000), now() + TimeDelta::days(10)),
        refused(RuleCode::CouponExpired)
    );
    let events = disable(&coupon, COUPON, now()).unwrap();
    let disabled = events.iter().fold(coupon, Coupon::evolve);
    assert_eq!(
        disabled.discount_for(CLIENT, eur(1000), now()),
        refused(RuleCode::CouponDisabled)
    );
    assert_eq!(disable(&disabled, COUPON, now()), Ok(vec![]));
    assert_eq!(
        disable(&Coupon::default(), COUPON, now()),
        Err(DomainError::Rule(RuleCode::NotFound))
    );
}

#[test]
fn total_and_per_client_limits_count_live_uses() {
    let coupon = redeemed(created(form()), 1, CLIENT);
    assert_eq!(
        coupon.discount_for(CLIENT, eur(1000), now()),
        refused(RuleCode::CouponClientLimit)
    );
    assert!(coupon.discount_for(OTHER, eur(1000), now()).is_ok());
    let coupon = redeemed(coupon, 2, OTHER);
    assert_eq!(
        coupon.discount_for(Uuid::from_u128(7), eur(1000), now()),
        refused(RuleCode::CouponUsedUp)
    );
    // A released use (hold expired) counts no more
    let released = release(&coupon, COUPON, Uuid::from_u128(1), now());
    let coupon = released.iter().fold(coupon, Coupon::evolve);
    assert!(coupon.discount_for(CLIENT, eur(1000), now()).is_ok());
    assert!(release(&coupon, COUPON, Uuid::from_u128(1), now()).is_empty());
}
