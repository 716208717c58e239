//! Editorial Markdown (blog posts, static pages) to the HTML a visitor's
//! browser receives: CommonMark with tables and strikethrough, then an
//! allow-list sanitiser. Raw HTML in the source is sanitised like the rest,
//! so no script, event handler, style or `javascript:` link survives, and no
//! image loads from another site (a third party would learn who reads what,
//! before any consent: docs/rules.md "Blog").

use std::borrow::Cow;
use std::collections::HashSet;
use std::sync::LazyLock;

use pulldown_cmark::{Event, Options, Parser, TagEnd};

/// Words a reader reads in a minute, for the "n min" shown beside a post.
const WORDS_PER_MINUTE: usize = 200;

static SANITISER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut builder = ammonia::Builder::default();
    builder
        .url_schemes(HashSet::from(["http", "https", "mailto"]))
        .link_rel(Some("noopener noreferrer nofollow"))
        .url_relative(ammonia::UrlRelative::PassThrough)
        .add_generic_attributes(["id"])
        .attribute_filter(|element, attribute, value| match (element, attribute) {
            // Only this site's own images: `/…`, never `//host/…`.
            ("img", "src") if !same_site_path(value) => None,
            _ => Some(Cow::Borrowed(value)),
        });
    builder
});

fn same_site_path(url: &str) -> bool {
    url.starts_with('/') && !url.starts_with("//") && !url.starts_with("/\\")
}

fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH
}

/// The sanitised HTML of `markdown`.
pub fn render(markdown: &str) -> String {
    let mut html = String::with_capacity(markdown.len() * 5 / 4);
    pulldown_cmark::html::push_html(&mut html, Parser::new_ext(markdown, options()));
    SANITISER.clean(&html).to_string()
}

/// The text of `markdown` without its markup, paragraphs separated by a space.
pub fn plain_text(markdown: &str) -> String {
    let mut text = String::with_capacity(markdown.len());
    for event in Parser::new_ext(markdown, options()) {
        match event {
            Event::Text(t) | Event::Code(t) => text.push_str(&t),
            Event::SoftBreak
            | Event::HardBreak
            | Event::End(TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::Item) => text.push(' '),
            _ => {}
        }
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The first `max_chars` characters of the text, cut at a word with `…`.
pub fn excerpt(markdown: &str, max_chars: usize) -> String {
    let text = plain_text(markdown);
    if text.chars().count() <= max_chars {
        return text;
    }
    let cut: String = text.chars().take(max_chars).collect();
    let cut = match cut.rfind(' ') {
        Some(space) if space > 0 => &cut[..space],
        _ => cut.as_str(),
    };
    format!("{}…", cut.trim_end_matches([',', ';', ':', '.']))
}

/// Minutes to read `markdown`, at least one.
pub fn reading_minutes(markdown: &str) -> u32 {
    let words = plain_text(markdown).split_whitespace().count();
    u32::try_from(words.div_ceil(WORDS_PER_MINUTE).max(1)).unwrap_or(u32::MAX)
}

/// A block of text as a printed document lays it out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    /// A heading and its level (1–6).
    Heading(u8, String),
    Paragraph(String),
    /// An item of a list.
    Item(String),
}

/// The blocks of `markdown`, their inline markup dropped (a PDF of a legal text).
pub fn blocks(markdown: &str) -> Vec<Block> {
    use pulldown_cmark::Tag;
    let mut blocks = Vec::new();
    let mut text = String::new();
    let mut heading = None;
    let mut items = 0usize;
    for event in Parser::new_ext(markdown, options()) {
        match event {
            Event::Start(Tag::Heading { level, .. }) => heading = Some(level as u8),
            Event::Start(Tag::Item) => {
                // An item holding a list: its own words come first.
                if !text.trim().is_empty() {
                    blocks.push(Block::Item(take(&mut text)));
                }
                items += 1;
            }
            Event::Text(t) | Event::Code(t) => text.push_str(&t),
            Event::SoftBreak | Event::HardBreak => text.push(' '),
            Event::End(TagEnd::Heading(_)) => {
                blocks.push(Block::Heading(heading.take().unwrap_or(2), take(&mut text)));
            }
            Event::End(TagEnd::Paragraph) if items == 0 => {
                blocks.push(Block::Paragraph(take(&mut text)));
            }
            Event::End(TagEnd::Paragraph) => text.push(' '),
            Event::End(TagEnd::Item) => {
                items = items.saturating_sub(1);
                blocks.push(Block::Item(take(&mut text)));
            }
            _ => {}
        }
    }
    blocks.retain(|block| match block {
        Block::Heading(_, t) | Block::Paragraph(t) | Block::Item(t) => !t.is_empty(),
    });
    blocks
}

fn take(text: &mut String) -> String {
    let taken = text.split_whitespace().collect::<Vec<_>>().join(" ");
    text.clear();
    taken
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_becomes_html() {
        let html = render(
            "# Titre\n\nDu **sommeil** et [nos experts](/our-experts).\n\n| a | b |\n|---|---|\n| 1 | 2 |",
        );
        assert!(html.contains("<h1>Titre</h1>"), "{html}");
        assert!(html.contains("<strong>sommeil</strong>"), "{html}");
        assert!(
            html.contains(r#"<a href="/our-experts" rel="noopener noreferrer nofollow">"#),
            "{html}"
        );
        assert!(html.contains("<table>"), "{html}");
    }

    #[test]
    fn known_attacks_leave_nothing_that_runs() {
        for payload in [
            "<script>alert(1)</script>",
            "<img src=x onerror=alert(1)>",
            "[clic](javascript:alert(1))",
            "<a href=\"JaVaScRiPt:alert(1)\">x</a>",
            "<svg onload=alert(1)>",
            "<iframe src=\"https://evil.example\"></iframe>",
            "<div style=\"background:url(javascript:alert(1))\">x</div>",
            "![x](https://tracker.example/pixel.gif)",
            "<img src=\"//tracker.example/p.gif\">",
            "<math><mi xlink:href=\"data:x,<script>alert(1)</script>\">",
            "<form action=\"javascript:alert(1)\"><button>x</button></form>",
        ] {
            let html = render(payload).to_lowercase();
            for banned in [
                "<script",
                "onerror",
                "onload",
                "javascript:",
                "<iframe",
                "style=",
                "tracker.example",
                "<form",
                "<svg",
            ] {
                assert!(!html.contains(banned), "{payload} gave {html}");
            }
        }
    }

    #[test]
    fn own_images_stay() {
        let html = render("![Une tisane](/api/public/blog-posts/1/cover)");
        assert!(
            html.contains(r#"src="/api/public/blog-posts/1/cover""#),
            "{html}"
        );
    }

    #[test]
    fn excerpts_cut_at_a_word_and_reading_time_rounds_up() {
        assert_eq!(
            plain_text("# Titre\n\nUn *mot*.\n\n- deux\n- trois"),
            "Titre Un mot. deux trois"
        );
        assert_eq!(excerpt("Le sommeil répare le corps.", 14), "Le sommeil…");
        assert_eq!(excerpt("Court.", 14), "Court.");
        assert_eq!(reading_minutes("un mot"), 1);
        assert_eq!(reading_minutes(&"mot ".repeat(401)), 3);
    }

    #[test]
    fn a_document_is_headings_paragraphs_and_items_without_markup() {
        let blocks =
            blocks("## Vos **droits**\n\nVous pouvez\nécrire.\n\n- accès\n- *effacement*\n");
        assert_eq!(
            blocks,
            [
                Block::Heading(2, "Vos droits".into()),
                Block::Paragraph("Vous pouvez écrire.".into()),
                Block::Item("accès".into()),
                Block::Item("effacement".into()),
            ]
        );
    }
}
