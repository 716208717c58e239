//! A file's type found from its bytes (magic numbers, `infer`), never from
//! its name or the Content-Type the sender claims. Only the types uploads may
//! have are recognised: PDF, JPEG, PNG, ICO; anything else is `None`.

use domain::upload::Inspected;
use domain::values::file_types::{ICO, JPEG, PDF, PNG};

/// The accepted type these bytes are, if any. Images first: their magic
/// numbers sit at offset 0, while a PDF's `%PDF` may appear anywhere in the
/// first 1024 bytes (as Acrobat allows), so an image that happens to hold
/// those four bytes stays an image.
pub fn detect(bytes: &[u8]) -> Option<&'static str> {
    if infer::image::is_png(bytes) {
        Some(PNG)
    } else if infer::image::is_jpeg(bytes) {
        Some(JPEG)
    } else if infer::archive::is_pdf(bytes) {
        Some(PDF)
    } else if infer::image::is_ico(bytes) {
        Some(ICO)
    } else {
        None
    }
}

/// SHA-256 of the bytes, hex: tells a retried upload from another one.
pub fn fingerprint(bytes: &[u8]) -> String {
    use sha2::Digest;
    hex::encode(sha2::Sha256::digest(bytes))
}

/// What the domain needs to decide an upload: type and size.
pub fn inspect(bytes: &[u8]) -> Inspected {
    Inspected {
        content_type: detect(bytes),
        size: bytes.len() as u64,
    }
}

#[cfg(test)]
mod tests {
    use domain::values::{FileKind, FileRef};
    use uuid::Uuid;

    use super::*;

    const PDF_BYTES: &[u8] = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";
    const PNG_BYTES: &[u8] = &[
        0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, b'I', b'H', b'D', b'R',
    ];
    const JPEG_BYTES: &[u8] = &[0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, b'J', b'F', b'I', b'F', 0];
    const GIF_BYTES: &[u8] = b"GIF89a\x01\x00\x01\x00\x00\x00\x00";

    #[test]
    fn the_type_comes_from_the_magic_numbers() {
        assert_eq!(detect(PDF_BYTES), Some(PDF));
        assert_eq!(detect(PNG_BYTES), Some(PNG));
        assert_eq!(detect(JPEG_BYTES), Some(JPEG));
    }

    #[test]
    fn other_types_text_and_nothing_are_not_recognised() {
        assert_eq!(detect(GIF_BYTES), None);
        assert_eq!(detect(b"just some text that claims to be a .pdf"), None);
        assert_eq!(detect(b""), None);
        // Acrobat's rule: the PDF header within the first 1024 bytes.
        assert_eq!(detect(b"  %PDF-1.4"), Some(PDF));
        let mut late = vec![b' '; 1024];
        late.extend_from_slice(b"%PDF-1.4");
        assert_eq!(detect(&late), None);
        let mut png_with_pdf_bytes = PNG_BYTES.to_vec();
        png_with_pdf_bytes.extend_from_slice(b"%PDF-1.4");
        assert_eq!(detect(&png_with_pdf_bytes), Some(PNG));
    }

    /// The inspected bytes, checked by the domain's rule for `kind`.
    fn verdict(bytes: &[u8], kind: FileKind) -> Result<(), &'static str> {
        let owner = Uuid::from_u128(1);
        let found = inspect(bytes);
        FileRef {
            key: format!("subjects/{owner}/f"),
            content_type: found.content_type.unwrap_or_default().into(),
            size: found.size,
        }
        .check(kind, owner)
        .map(drop)
        .map_err(|e| e.code)
    }

    #[test]
    fn limits_follow_the_kind() {
        assert_eq!(verdict(PDF_BYTES, FileKind::Resume), Ok(()));
        assert_eq!(
            verdict(PNG_BYTES, FileKind::Resume),
            Err("file.type_not_allowed")
        );
        assert_eq!(verdict(PNG_BYTES, FileKind::Degree), Ok(()));
        assert_eq!(
            verdict(PDF_BYTES, FileKind::Degree),
            Err("file.type_not_allowed")
        );
        assert_eq!(verdict(JPEG_BYTES, FileKind::BankAttachment), Ok(()));
        assert_eq!(verdict(b"", FileKind::Resume), Err("file.empty"));

        let mut photo = PNG_BYTES.to_vec();
        photo.resize(5 * 1024 * 1024, 0);
        assert_eq!(verdict(&photo, FileKind::ProfilePhoto), Ok(()));
        photo.push(0);
        assert_eq!(
            verdict(&photo, FileKind::ProfilePhoto),
            Err("file.too_large")
        );
        let mut resume = PDF_BYTES.to_vec();
        resume.resize(10 * 1024 * 1024, b' ');
        assert_eq!(verdict(&resume, FileKind::Resume), Ok(()));
        resume.push(b' ');
        assert_eq!(verdict(&resume, FileKind::Resume), Err("file.too_large"));
    }
}
