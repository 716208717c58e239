//! A text document as PDF (the terms and privacy policy, docs/rules.md
//! "Static pages and legal texts"): A4 pages in the standard Helvetica
//! fonts, as the receipts, so no font file is embedded; the title, a line
//! under it (the version and its date), then the Markdown's headings,
//! paragraphs and list items, flowing onto as many pages as needed, each
//! page numbered.

use domain::markup::{Block, blocks};
use pdf_writer::{Content, Name, Pdf, Rect, Ref, Str, TextStr};

use crate::lang::Lang;
use crate::receipt_pdf::{text_width, win_ansi, wrap};

const PAGE_WIDTH: f32 = 595.28;
const PAGE_HEIGHT: f32 = 841.89;
const MARGIN: f32 = 56.0;
const WIDTH: f32 = PAGE_WIDTH - 2.0 * MARGIN;
const BODY: f32 = 10.0;
const LEADING: f32 = 1.4;
const INDENT: f32 = 14.0;
const REGULAR: Name<'static> = Name(b"F1");
const BOLD: Name<'static> = Name(b"F2");

/// Lays lines out from the top of a page, opening a new page when full.
struct Layout {
    pages: Vec<Content>,
    y: f32,
}

impl Layout {
    fn new() -> Self {
        Layout {
            pages: vec![Content::new()],
            y: MARGIN,
        }
    }

    /// Room for `height` more points, or a new page.
    fn room(&mut self, height: f32) {
        if self.y + height > PAGE_HEIGHT - MARGIN - 20.0 {
            self.pages.push(Content::new());
            self.y = MARGIN;
        }
    }

    fn line(&mut self, font: Name<'static>, size: f32, x: f32, text: &str) {
        self.room(size * LEADING);
        self.y += size;
        let bytes = win_ansi(text);
        let page = self.pages.last_mut().expect("a page");
        page.begin_text()
            .set_font(font, size)
            .next_line(x, PAGE_HEIGHT - self.y)
            .show(Str(&bytes))
            .end_text();
        self.y += size * (LEADING - 1.0);
    }

    fn block(&mut self, font: Name<'static>, size: f32, x: f32, text: &str, after: f32) {
        for line in wrap(text, WIDTH - (x - MARGIN), size) {
            self.line(font, size, x, &line);
        }
        self.y += after;
    }
}

/// The PDF of a document titled `title`, `subtitle` under it, `markdown` after.
pub fn render(title: &str, subtitle: &str, markdown: &str, lang: Lang) -> Vec<u8> {
    let mut layout = Layout::new();
    layout.block(BOLD, 18.0, MARGIN, title, 4.0);
    layout.block(REGULAR, 9.0, MARGIN, subtitle, 14.0);
    for block in blocks(markdown) {
        match block {
            Block::Heading(level, text) => {
                let size = if level <= 2 { 13.0 } else { 11.0 };
                // A heading is not left alone at the foot of a page.
                layout.room(size * 2.0 + BODY * 3.0 * LEADING);
                layout.y += 6.0;
                layout.block(BOLD, size, MARGIN, &text, 3.0);
            }
            Block::Paragraph(text) => layout.block(REGULAR, BODY, MARGIN, &text, 5.0),
            Block::Item(text) => {
                layout.room(BODY * LEADING);
                let bullet_y = layout.y;
                layout.block(REGULAR, BODY, MARGIN + INDENT, &text, 2.0);
                let bytes = win_ansi("•");
                // The bullet on the item's first line (which may have opened a page).
                let first = if layout.y < bullet_y {
                    MARGIN
                } else {
                    bullet_y
                };
                let page = layout.pages.last_mut().expect("a page");
                page.begin_text()
                    .set_font(REGULAR, BODY)
                    .next_line(MARGIN + 3.0, PAGE_HEIGHT - first - BODY)
                    .show(Str(&bytes))
                    .end_text();
            }
        }
    }
    finish(layout.pages, title, lang)
}

fn finish(pages: Vec<Content>, title: &str, lang: Lang) -> Vec<u8> {
    let count = pages.len();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let regular = Ref::new(3);
    let bold = Ref::new(4);
    let info = Ref::new(5);
    let page_ref = |i: usize| Ref::new(6 + 2 * i32::try_from(i).unwrap_or(0));
    let content_ref = |i: usize| Ref::new(7 + 2 * i32::try_from(i).unwrap_or(0));
    let mut pdf = Pdf::new();
    pdf.catalog(catalog)
        .pages(tree)
        .lang(TextStr(lang.as_str()));
    pdf.pages(tree)
        .kids((0..count).map(page_ref))
        .count(i32::try_from(count).unwrap_or(i32::MAX));
    for (i, mut content) in pages.into_iter().enumerate() {
        let number = format!("{} / {count}", i + 1);
        let bytes = win_ansi(&number);
        content
            .set_fill_gray(0.35)
            .begin_text()
            .set_font(REGULAR, 8.0)
            .next_line(PAGE_WIDTH - MARGIN - text_width(&number, 8.0), MARGIN / 2.0)
            .show(Str(&bytes))
            .end_text();
        {
            let mut page = pdf.page(page_ref(i));
            page.media_box(Rect::new(0.0, 0.0, PAGE_WIDTH, PAGE_HEIGHT))
                .parent(tree)
                .contents(content_ref(i));
            page.resources()
                .fonts()
                .pair(REGULAR, regular)
                .pair(BOLD, bold);
        }
        pdf.stream(content_ref(i), &content.finish());
    }
    for (id, base) in [
        (regular, Name(b"Helvetica")),
        (bold, Name(b"Helvetica-Bold")),
    ] {
        pdf.type1_font(id)
            .base_font(base)
            .encoding_predefined(Name(b"WinAnsiEncoding"));
    }
    pdf.document_info(info)
        .title(TextStr(title))
        .producer(TextStr("Equilibre"));
    pdf.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_text_flows_onto_numbered_pages_that_a_reader_reads_back() {
        let paragraph = "Vous pouvez exercer vos droits d’accès, de rectification et d’effacement à tout moment. ";
        let body = format!(
            "## Vos droits\n\n{}\n\n- accès\n- effacement\n",
            paragraph.repeat(300)
        );
        let pdf = render(
            "Politique de confidentialité",
            "Version 2026-12-01",
            &body,
            Lang::Fr,
        );
        let document = lopdf::Document::load_mem(&pdf).expect("a PDF");
        let pages = document.get_pages();
        assert!(pages.len() > 2, "{} pages", pages.len());
        let first = document.extract_text(&[1]).expect("text");
        assert!(first.contains("Politique de confidentialité"), "{first}");
        assert!(first.contains("Vos droits"));
        let count = pages.len();
        let last = document
            .extract_text(&[u32::try_from(count).unwrap()])
            .expect("text");
        assert!(last.contains("effacement"), "{last}");
        assert!(last.contains(&format!("{count} / {count}")));
    }
}
