//! Every message code the domain can emit has a text in both catalogues, so a
//! user never sees a raw code. Codes are found in the domain's source, where
//! they are written as `FieldError::new("…")` and `DomainError::Rule("…")`.

use std::path::Path;

fn codes_in(dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            codes_in(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            for marker in ["FieldError::new(\"", "Rule(\""] {
                for piece in text.split(marker).skip(1) {
                    if let Some(code) = piece.split('"').next() {
                        out.push(code.to_owned());
                    }
                }
            }
        }
    }
}

#[test]
fn every_domain_message_code_is_translated() {
    let mut codes = Vec::new();
    codes_in(
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
