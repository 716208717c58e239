//! Known attacks on editorial Markdown, and the check that none survived
//! the sanitiser (blog posts, static pages, legal texts).

pub const XSS_PAYLOADS: [&str; 17] = [
    "<script>alert('x')</script>",
    "<img src=x onerror=alert(1)>",
    "[clic](javascript:alert(1))",
    "<a href=\"jav&#x09;ascript:alert(1)\">x</a>",
    "<svg/onload=alert(1)>",
    "<iframe src=\"//evil.example\"></iframe>",
    "<body onload=alert(1)>",
    "<div style=\"background:url(javascript:alert(1))\">x</div>",
    "<object data=\"javascript:alert(1)\"></object>",
    "<embed src=\"javascript:alert(1)\">",
    "<form action=\"javascript:alert(1)\"><input type=submit></form>",
    "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">x</a>",
    "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">",
    "<details open ontoggle=alert(1)>",
    "![pixel](https://tracker.example/p.gif)",
    "<img src=\"//tracker.example/p.gif\">",
    "<<script>script>alert(1)<</script>/script>",
];

/// Fails when `html` (lower-cased) holds a tag, attribute or address a
/// browser would run or fetch from elsewhere; escaped text is only text.
pub fn assert_inert(html: &str) {
    for tag in html.split('<').skip(1).filter_map(|t| t.split('>').next()) {
        let name = tag
            .trim_start_matches('/')
            .split([' ', '/'])
            .next()
            .unwrap_or_default();
        let attributes: Vec<&str> = tag.split_whitespace().skip(1).collect();
        assert!(
            ![
                "script", "iframe", "object", "embed", "form", "meta", "svg", "body", "math"
            ]
            .contains(&name),
            "<{tag}> survived in {html}"
        );
        assert!(
            !attributes
                .iter()
                .any(|a| a.starts_with("on") || a.starts_with("style")),
            "<{tag}>"
        );
        for scheme in ["javascript:", "data:", "tracker.example"] {
            assert!(!tag.contains(scheme), "{scheme} survived in <{tag}>");
        }
    }
}
