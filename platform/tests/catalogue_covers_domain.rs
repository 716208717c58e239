//! Every message code the domain can emit has a text in both catalogues, so a
//! user never sees a raw code. Rule codes are the variants of
//! `domain::RuleCode`; field error codes are found in the domain's source,
//! where they are written as `FieldError::new("…")`.

use std::path::Path;

use domain::RuleCode;
use strum::IntoEnumIterator;

fn field_codes_in(dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            field_codes_in(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            for piece in text.split("FieldError::new(\"").skip(1) {
                if let Some(code) = piece.split('"').next() {
                    out.push(code.to_owned());
                }
            }
        }
    }
}

#[test]
fn every_domain_field_error_code_is_translated() {
    let mut codes = Vec::new();
    field_codes_in(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../domain/src"),
        &mut codes,
    );
    codes.sort();
    codes.dedup();
    assert!(codes.len() > 20, "the scan found the domain's codes");
    let missing: Vec<_> = codes
        .iter()
        .filter(|c| !platform::messages::is_known(c))
        .collect();
    assert!(missing.is_empty(), "codes without a text: {missing:?}");
}

#[test]
fn every_rule_code_is_translated() {
    let codes: Vec<&str> = RuleCode::iter().map(RuleCode::code).collect();
    assert!(codes.len() > 40, "the enum lists the domain's rule codes");
    let missing: Vec<_> = codes
        .iter()
        .filter(|c| !platform::messages::is_known(c))
        .collect();
    assert!(missing.is_empty(), "rule codes without a text: {missing:?}");
}

#[test]
fn french_texts_use_the_typographic_apostrophe() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales/fr.json");
    let catalogue: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let straight: Vec<_> = catalogue
        .iter()
        .filter(|(_, text)| text.as_str().is_some_and(|t| t.contains('\'')))
        .map(|(code, _)| code)
        .collect();
    assert!(straight.is_empty(), "straight apostrophes in: {straight:?}");
}
