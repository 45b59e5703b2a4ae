//! What authors state beside their hands, in the forms of nanikiru
//! articles and English prose, checked as claims: our own fixtures
//! (`tests/fixtures/stated/`), each with deliberate mistakes.
//!
//! - `nanikiru-ja.md`: a list under a 14-tile Hugo hand, one item per
//!   discard with the kinds and tiles it accepts (`6種20枚`), one count
//!   wrong; the same under an MDC hand (`6種類20枚`, `14枚`).
//! - `nanikiru-en.md`: the English list ("Discard 1z: … 4 kinds 13
//!   tiles", "(4 kinds, 14 tiles)", "Cut 3p: accepts 5-8m 9s 1z, …"), one
//!   count wrong; waits and counts in sentences ("waits on 6-9s (8
//!   tiles)", a wrong list of waits, "accepts 1 kind, 4 tiles"); and a
//!   count in running prose that is no claim.
//!
//! The right counts were worked out by hand: for example, discarding 4m
//! from `1234456m78p345s9s1z` leaves three sets, `78p` and two single
//! tiles, which 6p 9p (4 each) and 9s 1z (3 each) improve: 4 kinds, 14
//! tiles.

use std::collections::BTreeSet;
use std::path::PathBuf;

use tenpai::document::claims::Verdict;
use tenpai::document::present::symbols::symbol;
use tenpai::document::{file_diagnostics, Analyzer, DocKind, Encoding, TextDocument};
use tenpai::score::Rules;

fn fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/stated")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Each claim checked: (1-based line, the claim item, right?), the
/// diagnostics as (line, code, the author's text they cover), and the
/// lines of symbols.
type Checked = (
    BTreeSet<(u32, String, bool)>,
    BTreeSet<(u32, String, String)>,
    BTreeSet<u32>,
);

fn check(name: &str) -> Checked {
    let text = fixture(name);
    let lines = Analyzer::new().analyze(&text, DocKind::Markdown, &Rules::tenhou());
    let index = TextDocument::new(&text);
    let line_of = |at: usize| index.position(at, Encoding::Utf8).line + 1;
    let mut claims = BTreeSet::new();
    let mut symbols = BTreeSet::new();
    for l in &lines {
        let hand = l.text(&text);
        for c in &l.analysis.claims {
            let at = l.to_document(&c.span).start;
            let item = hand.get(c.span.clone()).unwrap_or_default().to_string();
            claims.insert((line_of(at), item, c.verdict == Verdict::Right));
        }
        if !l.is_restatement() && symbol(&l.analysis, hand).is_some() {
            symbols.insert(line_of(l.range.start));
        }
    }
    let diagnostics = file_diagnostics(&lines)
        .into_iter()
        .map(|d| {
            (
                line_of(d.range.start),
                d.code.to_string(),
                text[d.range].to_string(),
            )
        })
        .collect();
    (claims, diagnostics, symbols)
}

fn set<T: Ord + Clone, const N: usize>(items: [T; N]) -> BTreeSet<T> {
    items.into_iter().collect()
}

fn claim(line: u32, item: &str, right: bool) -> (u32, String, bool) {
    (line, item.to_string(), right)
}

#[test]
fn discard_lists_in_japanese() {
    let (claims, diagnostics, symbols) = check("nanikiru-ja.md");
    assert_eq!(
        claims,
        set([
            claim(7, "6 kinds", true),
            claim(7, "20 tiles", true),
            claim(8, "6 kinds", true),
            claim(8, "20 tiles", true),
            claim(9, "4 kinds", true),
            claim(9, "15 tiles", false),
            claim(15, "6 kinds", true),
            claim(15, "20 tiles", true),
            claim(16, "14 tiles", true),
        ])
    );
    assert_eq!(
        diagnostics,
        set([(9, "wrong-claim".to_string(), "15枚".to_string())])
    );
    // The hands are symbols; the items of their lists restate them.
    assert_eq!(symbols, set([5, 13]));
}

#[test]
fn discard_lists_and_sentences_in_english() {
    let (claims, diagnostics, symbols) = check("nanikiru-en.md");
    assert_eq!(
        claims,
        set([
            claim(7, "4 kinds", true),
            claim(7, "13 tiles", true),
            claim(8, "4 kinds", true),
            claim(8, "14 tiles", false),
            claim(9, "4 kinds", true),
            claim(9, "14 tiles", true),
            claim(11, "waits 6s9s", true),
            claim(11, "8 tiles", true),
            claim(12, "waits 1m4m7m", false),
            claim(12, "23 tiles", true),
            claim(13, "1 kinds", true),
            claim(13, "4 tiles", true),
        ])
    );
    assert_eq!(
        diagnostics,
        set([
            (8, "wrong-claim".to_string(), "14 tiles".to_string()),
            (
                12,
                "wrong-claim".to_string(),
                "waiting for 1-4-7m".to_string()
            ),
        ])
    );
    assert_eq!(symbols, set([5, 11, 12, 13]));
}
