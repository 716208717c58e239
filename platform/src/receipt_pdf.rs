//! Receipts as PDF (docs/rules.md "Receipts"): one A4 page drawn with
//! `pdf-writer` in the standard Helvetica fonts, which every PDF reader has,
//! so no font file is embedded. Text is encoded in WinAnsi (Windows-1252,
//! the fonts' `/Encoding`) by [`win_ansi`], so French accents, `€`, `«»`
//! and `’` print; a character WinAnsi lacks prints as `?`.
//!
//! The page: the issuer (the platform) and the title with the number and
//! date, the seller on whose behalf it is issued (name, address, VAT number)
//! and the buyer, one line for the consultation, the totals (HT, TVA, TTC
//! when the seller charges VAT, else the total and the art. 293 B mention),
//! how it was paid or refunded, and a footer. Texts come from the message
//! catalogues, in the language asked for.

use chrono::{DateTime, Utc};
use domain::receipt::{PostalLines, Receipt, ReceiptKind};
use domain::values::{Currency, Language, Money};
use pdf_writer::{Content, Name, Pdf, Rect, Ref, Str, TextStr};

use crate::lang::Lang;
use crate::messages::message;

/// A4, in points.
const PAGE_WIDTH: f32 = 595.28;
const PAGE_HEIGHT: f32 = 841.89;
const MARGIN: f32 = 50.0;
const RIGHT: f32 = PAGE_WIDTH - MARGIN;
/// The buyer's column.
const SECOND_COLUMN: f32 = 330.0;
const GREY: f32 = 0.35;

/// The name a receipt is saved under: `recu-2026-000001.pdf`,
/// `receipt-2026-000001.pdf`.
pub fn file_name(number: &str, lang: Lang) -> String {
    let number: String = number
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    message(lang, "receipt.file_name", &[("number", &number)])
}

/// `35,00 €` in French, `€35.00` in English; thousands grouped
/// (`1 234,56 €`, `€1,234.56`); currencies without a WinAnsi symbol by
/// their code (`1 500 CHF`, `CHF 1,500.00`).
pub fn format_money(money: Money, lang: Lang) -> String {
    let per = money.currency.minor_per_major().unsigned_abs();
    let abs = money.minor.unsigned_abs();
    let (group, decimal) = match lang {
        Lang::Fr => (' ', ','),
        Lang::En => (',', '.'),
    };
    let whole = (abs / per).to_string();
    let mut grouped = String::new();
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(group);
        }
        grouped.push(digit);
    }
    let number = match money.currency.minor_digits() {
        0 => grouped,
        digits => format!(
            "{grouped}{decimal}{:0>width$}",
            abs % per,
            width = digits as usize
        ),
    };
    let sign = if money.minor < 0 { "-" } else { "" };
    let symbol = match money.currency {
        Currency::Eur => Some("€"),
        Currency::Usd => Some("$"),
        Currency::Gbp => Some("£"),
        _ => None,
    };
    let code = money.currency.code();
    match (lang, symbol) {
        (Lang::Fr, Some(symbol)) => format!("{sign}{number} {symbol}"),
        (Lang::En, Some(symbol)) => format!("{sign}{symbol}{number}"),
        (Lang::Fr, None) => format!("{sign}{number} {code}"),
        (Lang::En, None) => format!("{sign}{code} {number}"),
    }
}

/// `text` in WinAnsiEncoding (Windows-1252): ASCII and Latin-1 as they
/// are, the typographic signs of 0x80–0x9F (`€`, `’`, `“ ”`, `•`, `–`, `—`,
/// `œ`…) at their places, narrow and thin spaces as a no-break space, every
/// other character as `?`.
pub fn win_ansi(text: &str) -> Vec<u8> {
    text.chars().map(win_ansi_byte).collect()
}

fn win_ansi_byte(c: char) -> u8 {
    let code = u32::from(c);
    match code {
        0x20..=0x7e | 0xa0..=0xff => code as u8,
        0x202f | 0x2009 | 0x2007 => 0xa0,
        _ => match c {
            '€' => 0x80,
            '‚' => 0x82,
            'ƒ' => 0x83,
            '„' => 0x84,
            '…' => 0x85,
            '†' => 0x86,
            '‡' => 0x87,
            'ˆ' => 0x88,
            '‰' => 0x89,
            'Š' => 0x8a,
            '‹' => 0x8b,
            'Œ' => 0x8c,
            'Ž' => 0x8e,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '•' => 0x95,
            '–' => 0x96,
            '—' => 0x97,
            '˜' => 0x98,
            '™' => 0x99,
            'š' => 0x9a,
            '›' => 0x9b,
            'œ' => 0x9c,
            'ž' => 0x9e,
            'Ÿ' => 0x9f,
            _ => b'?',
        },
    }
}

/// Helvetica's advance widths (thousandths of the size, from Adobe's
/// metrics); accented letters as their base letter. Enough to right-align
/// amounts and wrap lines; the bold face is close enough for both.
fn glyph_width(c: char) -> u16 {
    let base = match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
        'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' => 'A',
        'è' | 'é' | 'ê' | 'ë' => 'e',
        'È' | 'É' | 'Ê' | 'Ë' => 'E',
        'ì' | 'í' | 'î' | 'ï' => 'i',
        'Ì' | 'Í' | 'Î' | 'Ï' => 'I',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' => 'o',
        'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' => 'O',
        'ù' | 'ú' | 'û' | 'ü' => 'u',
        'Ù' | 'Ú' | 'Û' | 'Ü' => 'U',
        'ç' => 'c',
        'Ç' => 'C',
        'ñ' => 'n',
        'Ñ' => 'N',
        'ý' | 'ÿ' => 'y',
        other => other,
    };
    match base {
        ' ' | '!' | ',' | '.' | '/' | ':' | ';' | '[' | '\\' | ']' | 'f' | 't' | 'I' => 278,
        '\u{a0}' | '\u{202f}' | '\u{2009}' => 278,
        '"' => 355,
        '\'' => 191,
        '(' | ')' | '-' | 'r' | '`' => 333,
        '*' => 389,
        '+' | '<' | '=' | '>' | '~' | '×' => 584,
        '%' => 889,
        '&' | 'A' | 'B' | 'E' | 'K' | 'P' | 'S' | 'V' | 'X' | 'Y' => 667,
        '@' => 1015,
        'C' | 'D' | 'H' | 'N' | 'R' | 'U' => 722,
        'F' | 'T' | 'Z' => 611,
        'G' | 'O' | 'Q' => 778,
        'J' | 'c' | 'k' | 's' | 'v' | 'x' | 'y' | 'z' => 500,
        'L' => 556,
        'M' | 'm' => 833,
        'W' => 944,
        'i' | 'j' | 'l' | '’' | '‘' => 222,
        'w' => 722,
        '^' => 469,
        '{' | '}' => 334,
        '|' => 260,
        '“' | '”' => 333,
        '•' => 350,
        '°' => 400,
        '—' | '…' | 'Œ' => 1000,
        'œ' => 944,
        _ => 556,
    }
}

/// The width of `text` at `size` points.
pub fn text_width(text: &str, size: f32) -> f32 {
    text.chars().map(|c| f32::from(glyph_width(c))).sum::<f32>() * size / 1000.0
}

/// `text` cut into lines no wider than `width` at `size`, between words (a
/// word wider than a line is cut where it must).
pub(crate) fn wrap(text: &str, width: f32, size: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_owned()
        } else {
            format!("{line} {word}")
        };
        if text_width(&candidate, size) <= width {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        let mut rest = word.to_owned();
        while text_width(&rest, size) > width {
            let mut cut = String::new();
            for c in rest.chars() {
                if text_width(&format!("{cut}{c}"), size) > width && !cut.is_empty() {
                    break;
                }
                cut.push(c);
            }
            rest = rest[cut.len()..].to_owned();
            lines.push(cut);
        }
        line = rest;
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[derive(Clone, Copy)]
enum Font {
    Regular,
    Bold,
}

impl Font {
    fn name(self) -> Name<'static> {
        match self {
            Font::Regular => Name(b"F1"),
            Font::Bold => Name(b"F2"),
        }
    }
}

/// The page's content, drawn from the top (`y` grows downwards).
struct Page {
    content: Content,
}

impl Page {
    fn text(&mut self, font: Font, size: f32, x: f32, y: f32, text: &str) {
        let bytes = win_ansi(text);
        self.content
            .begin_text()
            .set_font(font.name(), size)
            .next_line(x, PAGE_HEIGHT - y)
            .show(Str(&bytes))
            .end_text();
    }

    fn grey_text(&mut self, font: Font, size: f32, x: f32, y: f32, text: &str) {
        self.content.set_fill_gray(GREY);
        self.text(font, size, x, y, text);
        self.content.set_fill_gray(0.0);
    }

    fn text_right(&mut self, font: Font, size: f32, right: f32, y: f32, text: &str) {
        self.text(font, size, right - text_width(text, size), y, text);
    }

    /// Lines of `text` wrapped to `width`, from `y` every `leading`; returns
    /// the `y` of the last line.
    fn paragraph(&mut self, size: f32, x: f32, mut y: f32, width: f32, text: &str) -> f32 {
        for (i, line) in wrap(text, width, size).iter().enumerate() {
            if i > 0 {
                y += size * 1.35;
            }
            self.text(Font::Regular, size, x, y, line);
        }
        y
    }

    fn rule(&mut self, y: f32, width: f32) {
        self.content
            .set_line_width(width)
            .move_to(MARGIN, PAGE_HEIGHT - y)
            .line_to(RIGHT, PAGE_HEIGHT - y)
            .stroke();
    }

    fn band(&mut self, y: f32, height: f32) {
        self.content
            .set_fill_gray(0.92)
            .rect(MARGIN, PAGE_HEIGHT - y - height, RIGHT - MARGIN, height)
            .fill_nonzero()
            .set_fill_gray(0.0);
    }
}

fn language(lang: Lang) -> Language {
    match lang {
        Lang::Fr => Language::Fr,
        Lang::En => Language::En,
    }
}

/// A day as each language writes it, in the marketplace's zone.
fn day(at: DateTime<Utc>, lang: Lang) -> String {
    let local = at.with_timezone(&domain::reporting::ZONE);
    match lang {
        Lang::Fr => local.format("%d/%m/%Y").to_string(),
        Lang::En => local.format("%Y-%m-%d").to_string(),
    }
}

/// `visa` → `Visa`.
fn brand(raw: &str) -> String {
    let mut chars = raw.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The lines of a postal address.
fn address_lines(address: &PostalLines, lang: Lang) -> Vec<String> {
    let language = language(lang);
    let mut lines: Vec<String> = address
        .street
        .iter()
        .filter(|l| !l.trim().is_empty())
        .cloned()
        .collect();
    let city = address.city.as_ref().map(|c| c.get(language).to_owned());
    let town = format!("{} {}", address.postal_code, city.unwrap_or_default());
    if !town.trim().is_empty() {
        lines.push(town.trim().to_owned());
    }
    if let Some(country) = &address.country {
        lines.push(country.get(language).to_owned());
    }
    lines
}

/// The receipt as a PDF in `lang`.
pub fn render(receipt: &Receipt, lang: Lang) -> Vec<u8> {
    let t = |key: &str, args: &[(&str, &str)]| message(lang, key, args);
    let doc = &receipt.document;
    let money = |m: Money| format_money(m, lang);
    let mut page = Page {
        content: Content::new(),
    };

    // The issuer, top left; the title, number and date, top right.
    page.text(Font::Bold, 14.0, MARGIN, 62.0, &doc.issuer.legal_name);
    if let Some(address) = &doc.issuer.address {
        page.paragraph(9.0, MARGIN, 78.0, 240.0, address);
    }
    let title = match receipt.kind {
        ReceiptKind::Payment => "receipt.title.payment",
        ReceiptKind::Refund => "receipt.title.refund",
    };
    page.text_right(
        Font::Bold,
        18.0,
        RIGHT,
        64.0,
        &t(title, &[("number", &receipt.number)]),
    );
    page.text_right(
        Font::Regular,
        10.0,
        RIGHT,
        82.0,
        &t("receipt.date", &[("date", &day(receipt.issued_at, lang))]),
    );
    if let Some(original) = &receipt.refers_to {
        page.text_right(
            Font::Regular,
            10.0,
            RIGHT,
            96.0,
            &t("receipt.refers_to", &[("number", original)]),
        );
    }

    // The seller on whose behalf the platform issues it, and the buyer.
    let mut left = 140.0;
    page.grey_text(Font::Bold, 8.5, MARGIN, left, &t("receipt.seller", &[]));
    left += 15.0;
    page.text(Font::Bold, 11.0, MARGIN, left, &doc.seller.name);
    for line in doc
        .seller
        .address
        .as_ref()
        .map(|a| address_lines(a, lang))
        .unwrap_or_default()
    {
        left = page.paragraph(10.0, MARGIN, left + 13.0, 250.0, &line);
    }
    if let Some(number) = &doc.seller.vat_number {
        left = page.paragraph(
            10.0,
            MARGIN,
            left + 13.0,
            250.0,
            &t("receipt.vat_number", &[("number", number)]),
        );
    }
    let mut right = 140.0;
    page.grey_text(
        Font::Bold,
        8.5,
        SECOND_COLUMN,
        right,
        &t("receipt.buyer", &[]),
    );
    right += 15.0;
    page.text(Font::Bold, 11.0, SECOND_COLUMN, right, &doc.buyer.name);
    if let Some(country) = &doc.buyer.country {
        right += 13.0;
        page.text(
            Font::Regular,
            10.0,
            SECOND_COLUMN,
            right,
            country.get(language(lang)),
        );
    }
    let mut y = f32::max(left, right) + 24.0;
    y = page.paragraph(
        9.0,
        MARGIN,
        y,
        RIGHT - MARGIN,
        &t(
            "receipt.on_behalf",
            &[
                ("issuer", &doc.issuer.legal_name),
                ("seller", &doc.seller.name),
            ],
        ),
    );

    // The line sold.
    y += 22.0;
    page.band(y - 13.0, 19.0);
    page.text(
        Font::Bold,
        9.5,
        MARGIN + 6.0,
        y,
        &t("receipt.column.description", &[]),
    );
    page.text_right(
        Font::Bold,
        9.5,
        RIGHT - 110.0,
        y,
        &t("receipt.column.quantity", &[]),
    );
    page.text_right(
        Font::Bold,
        9.5,
        RIGHT - 6.0,
        y,
        &t("receipt.column.amount", &[]),
    );
    y += 22.0;
    let service = &doc.service;
    let zone: chrono_tz::Tz = service.zone.parse().unwrap_or(chrono_tz::UTC);
    let start = service.start.with_timezone(&zone);
    let (date, time) = match lang {
        Lang::Fr => (start.format("%d/%m/%Y"), start.format("%H:%M")),
        Lang::En => (start.format("%Y-%m-%d"), start.format("%H:%M")),
    };
    page.text(
        Font::Regular,
        10.0,
        MARGIN + 6.0,
        y,
        &t("receipt.service", &[("name", &service.consultant_name)]),
    );
    page.text_right(Font::Regular, 10.0, RIGHT - 110.0, y, "1");
    let line_amount = receipt.vat.map_or(receipt.amount, |v| v.net);
    page.text_right(Font::Regular, 10.0, RIGHT - 6.0, y, &money(line_amount));
    y += 13.0;
    page.grey_text(
        Font::Regular,
        9.0,
        MARGIN + 6.0,
        y,
        &t(
            "receipt.service.when",
            &[
                ("date", &date.to_string()),
                ("time", &time.to_string()),
                ("zone", zone.name()),
                ("minutes", &service.duration_minutes.to_string()),
            ],
        ),
    );
    y += 12.0;
    page.rule(y, 0.6);

    // Totals, right-aligned; the VAT mention.
    let label_right = RIGHT - 110.0;
    y += 18.0;
    match receipt.vat {
        Some(vat) => {
            let rate = vat.rate_percent.to_string();
            for (label, amount) in [
                (t("receipt.total.net", &[]), vat.net),
                (t("receipt.total.vat", &[("rate", &rate)]), vat.tax),
            ] {
                page.text_right(Font::Regular, 10.0, label_right, y, &label);
                page.text_right(Font::Regular, 10.0, RIGHT - 6.0, y, &money(amount));
                y += 15.0;
            }
            page.text_right(
                Font::Bold,
                11.0,
                label_right,
                y,
                &t("receipt.total.gross", &[]),
            );
            page.text_right(Font::Bold, 11.0, RIGHT - 6.0, y, &money(receipt.amount));
        }
        None => {
            page.text_right(Font::Bold, 11.0, label_right, y, &t("receipt.total", &[]));
            page.text_right(Font::Bold, 11.0, RIGHT - 6.0, y, &money(receipt.amount));
            y += 22.0;
            page.text(Font::Regular, 9.5, MARGIN, y, &t("receipt.vat.exempt", &[]));
        }
    }

    // How the money moved.
    if let Some(payment) = &doc.payment {
        y += 26.0;
        let (key, at) = match receipt.kind {
            ReceiptKind::Payment => ("receipt.paid", payment.paid_at),
            ReceiptKind::Refund => ("receipt.refunded", receipt.issued_at),
        };
        y = page.paragraph(
            10.0,
            MARGIN,
            y,
            RIGHT - MARGIN,
            &t(
                key,
                &[
                    ("brand", &brand(&payment.brand)),
                    ("last4", &payment.last4),
                    ("date", &day(at, lang)),
                    ("amount", &money(receipt.amount)),
                ],
            ),
        );
    }
    let _ = y;

    // Footer.
    let footer = t(
        "receipt.footer",
        &[
            ("issuer", &doc.issuer.legal_name),
            ("seller", &doc.seller.name),
            ("number", &receipt.number),
        ],
    );
    let mut lines = wrap(&footer, RIGHT - MARGIN, 8.0);
    if let Some(address) = &doc.issuer.address {
        lines.push(format!("{} — {address}", doc.issuer.legal_name));
    }
    let mut y = PAGE_HEIGHT - 40.0 - 11.0 * lines.len() as f32;
    page.rule(y - 12.0, 0.4);
    for line in &lines {
        page.grey_text(Font::Regular, 8.0, MARGIN, y, line);
        y += 11.0;
    }

    let title = t(title, &[("number", &receipt.number)]);
    finish(page.content, &title, lang)
}

/// One page, two standard fonts, the document's title.
fn finish(content: Content, title: &str, lang: Lang) -> Vec<u8> {
    let catalog = Ref::new(1);
    let pages = Ref::new(2);
    let page = Ref::new(3);
    let regular = Ref::new(4);
    let bold = Ref::new(5);
    let content_id = Ref::new(6);
    let info = Ref::new(7);
    let mut pdf = Pdf::new();
    pdf.catalog(catalog)
        .pages(pages)
        .lang(TextStr(lang.as_str()));
    pdf.pages(pages).kids([page]).count(1);
    {
        let mut p = pdf.page(page);
        p.media_box(Rect::new(0.0, 0.0, PAGE_WIDTH, PAGE_HEIGHT))
            .parent(pages)
            .contents(content_id);
        let mut resources = p.resources();
        resources
            .fonts()
            .pair(Font::Regular.name(), regular)
            .pair(Font::Bold.name(), bold);
    }
    for (id, base) in [
        (regular, Name(b"Helvetica")),
        (bold, Name(b"Helvetica-Bold")),
    ] {
        pdf.type1_font(id)
            .base_font(base)
            .encoding_predefined(Name(b"WinAnsiEncoding"));
    }
    pdf.stream(content_id, &content.finish());
    pdf.document_info(info)
        .title(TextStr(title))
        .producer(TextStr("Equilibre"));
    pdf.finish()
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use domain::receipt::{
        Buyer, Issuer, LocalName, PaymentFacts, ReceiptDocument, Seller, Service, vat,
    };
    use uuid::Uuid;

    use super::*;

    #[test]
    fn winansi_places_french_signs_where_the_fonts_expect_them() {
        assert_eq!(win_ansi("Été"), [0xc9, 0x74, 0xe9]);
        assert_eq!(win_ansi("à è ç"), [0xe0, 0x20, 0xe8, 0x20, 0xe7]);
        assert_eq!(win_ansi("35,00 €"), b"35,00 \x80");
        assert_eq!(win_ansi("« l’œuf »"), b"\xab l\x92\x9cuf \xbb");
        assert_eq!(win_ansi("n°•–—"), b"n\xb0\x95\x96\x97");
        // A narrow no-break space becomes a no-break space; no glyph: `?`.
        assert_eq!(win_ansi("1\u{202f}000"), b"1\xa0000");
        assert_eq!(win_ansi("₹ 日"), b"? ?");
    }

    #[test]
    fn amounts_are_written_as_each_language_writes_them() {
        let eur = |minor| Money::new(minor, Currency::Eur);
        assert_eq!(format_money(eur(3500), Lang::Fr), "35,00 €");
        assert_eq!(format_money(eur(3500), Lang::En), "€35.00");
        assert_eq!(format_money(eur(123_456), Lang::Fr), "1 234,56 €");
        assert_eq!(format_money(eur(123_456), Lang::En), "€1,234.56");
        assert_eq!(format_money(eur(5), Lang::Fr), "0,05 €");
        assert_eq!(
            format_money(Money::new(150_000, Currency::Chf), Lang::Fr),
            "1 500,00 CHF"
        );
        assert_eq!(
            format_money(Money::new(15_000, Currency::Xof), Lang::En),
            "XOF 15,000"
        );
        assert_eq!(file_name("2026-000001", Lang::Fr), "recu-2026-000001.pdf");
        assert_eq!(
            file_name("2026-000001", Lang::En),
            "receipt-2026-000001.pdf"
        );
    }

    #[test]
    fn long_lines_wrap_between_words() {
        let lines = wrap("un deux trois quatre cinq six sept", 60.0, 10.0);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| text_width(l, 10.0) <= 60.0));
        assert_eq!(lines.join(" "), "un deux trois quatre cinq six sept");
        assert_eq!(wrap("", 60.0, 10.0), Vec::<String>::new());
    }

    fn receipt(vat_liable: bool) -> Receipt {
        let at = Utc.with_ymd_and_hms(2026, 3, 2, 9, 0, 0).unwrap();
        let amount = Money::new(3500, Currency::Eur);
        Receipt {
            receipt_id: Uuid::nil(),
            number: "2026-000001".into(),
            kind: ReceiptKind::Payment,
            booking_id: Uuid::nil(),
            amount,
            vat: vat(amount, vat_liable),
            refers_to: None,
            issued_at: at,
            document: ReceiptDocument {
                seller: Seller {
                    name: "Hélène Lefèvre".into(),
                    address: Some(PostalLines {
                        street: vec!["12 rue de l’Église".into()],
                        postal_code: "75004".into(),
                        city: Some(LocalName {
                            fr: "Paris".into(),
                            en: "Paris".into(),
                        }),
                        country: Some(LocalName {
                            fr: "France".into(),
                            en: "France".into(),
                        }),
                    }),
                    vat_number: vat_liable.then(|| "FR40303265045".into()),
                },
                buyer: Buyer {
                    name: "François Çelik".into(),
                    country: None,
                },
                issuer: Issuer {
                    legal_name: "Equilibre SAS".into(),
                    address: Some("1 place de la Bourse, 33000 Bordeaux".into()),
                },
                service: Service {
                    consultant_name: "Hélène Lefèvre".into(),
                    start: at,
                    end: at + chrono::TimeDelta::minutes(60),
                    duration_minutes: 60,
                    zone: "Europe/Paris".into(),
                },
                payment: Some(PaymentFacts {
                    brand: "visa".into(),
                    last4: "4242".into(),
                    paid_at: at,
                }),
            },
        }
    }

    #[test]
    fn a_pdf_reader_reads_the_french_signs_back() {
        let mut receipt = receipt(true);
        receipt.document.buyer.name = "« Zoé » Bœuf-Aïdé, l’été — ça coûte".into();
        let pdf = render(&receipt, Lang::Fr);
        let document = lopdf::Document::load_mem(&pdf).expect("a PDF");
        let text = document.extract_text(&[1]).expect("its text");
        for part in [
            "« Zoé » Bœuf-Aïdé, l’été — ça coûte",
            "Hélène Lefèvre",
            "12 rue de l’Église",
            "Total TTC",
            "35,00 €",
            "29,17 €",
            "TVA 20 %",
            "N° de TVA : FR40303265045",
            "Payé par carte Visa •••• 4242 le 02/03/2026.",
        ] {
            assert!(text.contains(part), "{part} missing in\n{text}");
        }
    }

    #[test]
    fn a_receipt_is_one_a4_page_in_the_standard_fonts() {
        let pdf = render(&receipt(false), Lang::Fr);
        assert!(pdf.starts_with(b"%PDF-"));
        let raw = String::from_utf8_lossy(&pdf);
        for part in [
            "/MediaBox [0 0 595.28 841.89]",
            "/BaseFont /Helvetica",
            "/BaseFont /Helvetica-Bold",
            "/Encoding /WinAnsiEncoding",
        ] {
            assert!(raw.contains(part), "{part} missing");
        }
        assert_eq!(raw.matches("/Type /Page\n").count(), 1);
        // Drawn the same every time (a rebuild or a second mail is identical).
        assert_eq!(pdf, render(&receipt(false), Lang::Fr));
        assert_ne!(pdf, render(&receipt(true), Lang::Fr));
        assert_ne!(pdf, render(&receipt(false), Lang::En));
    }
}
