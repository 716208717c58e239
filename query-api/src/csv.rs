//! CSV exports (docs/complaints.md "CSV"): UTF-8 with a byte-order mark, `;`
//! between cells, CRLF after each row, a header row in the request's
//! language, quotes around cells holding `;`, `"` or a line break (quotes
//! doubled), and a leading `'` on cells a spreadsheet would read as a
//! formula (`=`, `+`, `-`, `@`, tab, CR).
//!
//! [`export`] streams the rows page by page: each page is asked after the
//! previous page's last sort key (keyset), rendered, sent and dropped, so an
//! export of any size holds one page in memory.

use std::future::Future;

use axum::body::{Body, Bytes};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use domain::values::{Currency, Money};
use futures::stream::{self, Stream, StreamExt};
use platform::lang::Lang;

use crate::error::QueryError;

/// Rows read per page of an export.
pub const PAGE: usize = 500;

const BOM: &str = "\u{feff}";

/// Appends one cell, neutralised against formula injection and quoted when
/// needed.
pub fn push_cell(out: &mut String, value: &str) {
    let formula = value.starts_with(['=', '+', '-', '@', '\t', '\r']);
    let quoted = value.contains([';', '"', '\n', '\r']);
    if quoted {
        out.push('"');
    }
    if formula {
        out.push('\'');
    }
    for c in value.chars() {
        if c == '"' {
            out.push('"');
        }
        out.push(c);
    }
    if quoted {
        out.push('"');
    }
}

/// Appends one row: its cells separated by `;`, then CRLF.
pub fn push_row<S: AsRef<str>>(out: &mut String, cells: &[S]) {
    for (i, cell) in cells.iter().enumerate() {
        if i > 0 {
            out.push(';');
        }
        push_cell(out, cell.as_ref());
    }
    out.push_str("\r\n");
}

/// The header row: each column's name in `lang`, from the message
/// catalogues (`{prefix}.{column}`).
pub fn header(prefix: &str, columns: &[&str], lang: Lang) -> Vec<String> {
    columns
        .iter()
        .map(|column| platform::messages::message(lang, &format!("{prefix}.{column}"), &[]))
        .collect()
}

/// A code of a closed list (a status, a role…) as the language says it
/// (`csv.word.{list}.{code}`); an unknown or empty code stays as it is.
pub fn word(list: &str, code: &str, lang: Lang) -> String {
    let key = format!("csv.word.{list}.{code}");
    if platform::messages::is_known(&key) {
        platform::messages::message(lang, &key, &[])
    } else {
        code.to_owned()
    }
}

/// An amount in major units as the language writes it (`60,50` in French,
/// `60.50` in English); the currency is its own column.
pub fn amount(minor: i64, currency: &str, lang: Lang) -> String {
    let decimal = match Currency::parse(currency) {
        Ok(currency) => Money::new(minor, currency).to_decimal(),
        Err(_) => minor.to_string(),
    };
    match lang {
        Lang::Fr => decimal.replace('.', ","),
        Lang::En => decimal,
    }
}

/// One page of an export: its rendered rows and the sort key of the last
/// one (`None` when the page is the last).
pub struct Page<K> {
    pub rows: Vec<Vec<String>>,
    pub next: Option<K>,
}

impl<K> Page<K> {
    /// A page of `rows` (each with its key); there is a next page when
    /// this one is full.
    pub fn of(rows: Vec<(K, Vec<String>)>) -> Page<K> {
        let full = rows.len() >= PAGE;
        let mut next = None;
        let rows = rows
            .into_iter()
            .map(|(key, cells)| {
                next = Some(key);
                cells
            })
            .collect();
        Page {
            rows,
            next: next.filter(|_| full),
        }
    }
}

enum Step<K> {
    Header,
    After(Option<K>),
    Done,
}

/// The streamed answer: BOM and `header`, then each page `fetch` returns
/// for the key after which it starts (`None` for the first), until a page
/// says it is the last. A failure mid-way is logged and cuts the body short
/// (the status is already sent), so a truncated file is never mistaken for
/// a complete one by the client's download.
pub fn export<K, F, Fut>(filename: &str, header: Vec<String>, fetch: F) -> Response
where
    K: Send + 'static,
    F: FnMut(Option<K>) -> Fut + Send + 'static,
    Fut: Future<Output = Result<Page<K>, QueryError>> + Send + 'static,
{
    let body = Body::from_stream(pages(header, fetch));
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{filename}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

fn pages<K, F, Fut>(
    header: Vec<String>,
    fetch: F,
) -> impl Stream<Item = Result<Bytes, QueryError>> + Send + 'static
where
    K: Send + 'static,
    F: FnMut(Option<K>) -> Fut + Send + 'static,
    Fut: Future<Output = Result<Page<K>, QueryError>> + Send + 'static,
{
    stream::unfold(
        (Step::Header, fetch, header),
        |(step, mut fetch, header)| async move {
            match step {
                Step::Header => {
                    let mut out = String::from(BOM);
                    push_row(&mut out, &header);
                    Some((Ok(Bytes::from(out)), (Step::After(None), fetch, header)))
                }
                Step::After(after) => match fetch(after).await {
                    Ok(page) => {
                        let mut out = String::with_capacity(page.rows.len() * 128);
                        for row in &page.rows {
                            push_row(&mut out, row);
                        }
                        let next = match page.next {
                            Some(key) => Step::After(Some(key)),
                            None => Step::Done,
                        };
                        Some((Ok(Bytes::from(out)), (next, fetch, header)))
                    }
                    Err(error) => {
                        tracing::error!(%error, "export failed");
                        Some((Err(error), (Step::Done, fetch, header)))
                    }
                },
                Step::Done => None,
            }
        },
    )
    // Ends for good: an encoder (the response compression) may poll once
    // more after the end, which a bare `unfold` answers with a panic.
    .fuse()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(value: &str) -> String {
        let mut out = String::new();
        push_cell(&mut out, value);
        out
    }

    #[test]
    fn plain_cells_are_written_as_they_are() {
        assert_eq!(cell("Hélène Dupré"), "Hélène Dupré");
        assert_eq!(cell(""), "");
        assert_eq!(cell("2026-11-25T10:00:00Z"), "2026-11-25T10:00:00Z");
    }

    #[test]
    fn cells_with_a_separator_a_quote_or_a_line_break_are_quoted() {
        assert_eq!(cell("a;b"), "\"a;b\"");
        assert_eq!(cell("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(cell("two\nlines"), "\"two\nlines\"");
        assert_eq!(cell("two\r\nlines"), "\"two\r\nlines\"");
    }

    #[test]
    fn cells_a_spreadsheet_would_run_as_a_formula_get_a_leading_quote() {
        assert_eq!(cell("=1+1"), "'=1+1");
        assert_eq!(cell("+33 6 12"), "'+33 6 12");
        assert_eq!(cell("-5"), "'-5");
        assert_eq!(cell("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(cell("\tx"), "'\tx");
        assert_eq!(cell("\rx"), "\"'\rx\"");
        assert_eq!(
            cell("=HYPERLINK(\"x\";\"y\")"),
            "\"'=HYPERLINK(\"\"x\"\";\"\"y\"\")\""
        );
        assert_eq!(cell("a=b"), "a=b");
    }

    #[test]
    fn a_row_joins_its_cells_with_semicolons_and_ends_with_crlf() {
        let mut out = String::new();
        push_row(&mut out, &["a", "b;c", "=d"]);
        push_row(&mut out, &[""; 2]);
        assert_eq!(out, "a;\"b;c\";'=d\r\n;\r\n");
    }

    #[test]
    fn amounts_are_written_in_major_units_as_each_language_writes_them() {
        assert_eq!(amount(6050, "EUR", Lang::Fr), "60,50");
        assert_eq!(amount(6050, "EUR", Lang::En), "60.50");
        assert_eq!(amount(5, "EUR", Lang::En), "0.05");
    }

    #[test]
    fn a_page_has_a_next_key_only_when_full() {
        let short = Page::of(vec![(1, vec!["x".to_owned()])]);
        assert_eq!(short.rows.len(), 1);
        assert!(short.next.is_none());
        let full = Page::of((0..PAGE).map(|i| (i, vec![i.to_string()])).collect());
        assert_eq!(full.next, Some(PAGE - 1));
    }

    #[tokio::test]
    async fn the_stream_starts_with_the_bom_and_header_and_follows_the_keys() {
        use futures::StreamExt;
        let fetch = |after: Option<usize>| async move {
            let start = after.map_or(0, |a| a + 1);
            let end = (start + PAGE).min(PAGE + 3);
            Ok(Page::of(
                (start..end).map(|i| (i, vec![i.to_string()])).collect(),
            ))
        };
        let chunks: Vec<Bytes> = pages(vec!["n".into()], fetch)
            .map(|c| c.expect("a chunk"))
            .collect()
            .await;
        let text: String = chunks
            .iter()
            .map(|c| std::str::from_utf8(c).expect("UTF-8"))
            .collect();
        assert!(text.starts_with("\u{feff}n\r\n0\r\n1\r\n"));
        assert_eq!(text.matches("\r\n").count(), PAGE + 3 + 1);
        assert!(text.ends_with(&format!("{}\r\n", PAGE + 2)));
        assert_eq!(chunks.len(), 3);
    }
}
