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
//! - `accepted-lists.md`: the tiles each discard accepts, listed in a
//!   mark, in grouped mpsz (`69p9s1z`, with no space after `4m切り`), one
//!   tile at a time, with dashes (`1-4-7m 6-9p 9s`) and in words, some
//!   lists wrong (a tile missing, one too many), with the quick fixes
//!   that rewrite them in the author's form.
//!
//! The right counts were worked out by hand: for example, discarding 4m
//! from `1234456m78p345s9s1z` leaves three sets, `78p` and two single
//! tiles, which 6p 9p (4 each) and 9s 1z (3 each) improve: 4 kinds, 14
//! tiles.

use std::collections::BTreeSet;
use std::path::PathBuf;

use tenpai::document::claims::Verdict;
use tenpai::document::fix::{fix_document, FixLevel};
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
            claim(7, "accepts 1m4m7m6p9p9s", true),
            claim(7, "6 kinds", true),
            claim(7, "20 tiles", true),
            claim(8, "accepts 1m4m7m6p9p1z", true),
            claim(8, "6 kinds", true),
            claim(8, "20 tiles", true),
            claim(9, "accepts 6p9p9s1z", true),
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
            claim(7, "accepts 5m8m3p9s", true),
            claim(7, "4 kinds", true),
            claim(7, "13 tiles", true),
            claim(8, "4 kinds", true),
            claim(8, "14 tiles", false),
            claim(9, "accepts 5m8m9s1z", true),
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

#[test]
fn lists_of_accepted_tiles() {
    let (claims, diagnostics, symbols) = check("accepted-lists.md");
    let lists: BTreeSet<_> = claims
        .iter()
        .filter(|c| c.1.starts_with("accepts"))
        .cloned()
        .collect();
    assert_eq!(
        lists,
        set([
            claim(7, "accepts 1m4m7m6p9p9s", true),
            claim(8, "accepts 1m4m7m6p9p", false),
            claim(9, "accepts 6p9p9s1z", true),
            claim(10, "accepts 6p9p9s", false),
            claim(16, "accepts 1m4m7m6p9p1z", true),
            claim(17, "accepts 6p9p9s1z3s", false),
            claim(23, "accepts 1m4m7m6p9p9s", true),
            claim(24, "accepts 1m4m7m6p9p2s1z", false),
            claim(25, "accepts 6p9p9s", false),
        ])
    );
    let wrong = |line: u32, text: &str| (line, "wrong-claim".to_string(), text.to_string());
    assert_eq!(
        diagnostics,
        set([
            wrong(8, "{{< mj 1m4m7m6p9p >}}"),
            wrong(10, "69p9s"),
            wrong(17, "6p9p9s1z3s"),
            wrong(24, "1-4-7m 6-9p 2s 1z"),
            wrong(25, "6p, 9p and 9s"),
            wrong(25, "3 kinds"),
            wrong(25, "11 tiles"),
        ])
    );
    assert_eq!(symbols, set([5, 14, 21]));
}

#[test]
fn a_wrong_list_says_the_right_one_and_its_fix_keeps_the_authors_form() {
    let text = fixture("accepted-lists.md");
    let lines = Analyzer::new().analyze(&text, DocKind::Markdown, &Rules::tenhou());
    let index = TextDocument::new(&text);
    // (line, message, fixed bytes, their replacement), and the diagnostic's
    // start and end as UTF-8 and UTF-16 columns.
    let mut found = Vec::new();
    for d in file_diagnostics(&lines) {
        let start = index.position(d.range.start, Encoding::Utf8);
        let end = index.position(d.range.end, Encoding::Utf8);
        let start16 = index.position(d.range.start, Encoding::Utf16);
        let end16 = index.position(d.range.end, Encoding::Utf16);
        let fix = d.fixes.first().map(|f| {
            (
                text[f.range.clone()].to_string(),
                f.replacement.clone(),
                f.safe,
            )
        });
        found.push((
            start.line + 1,
            d.message,
            fix,
            (start.column, end.column),
            (start16.column, end16.column),
        ));
    }
    let fix = |from: &str, to: &str| Some((from.to_string(), to.to_string(), true));
    assert_eq!(
        found,
        [
            (
                8,
                "wrong claim: the hand accepts 147m69p1z, not 147m69p (1z missing)".to_string(),
                fix("1m4m7m6p9p", "1m4m7m6p9p1z"),
                // `- {{< mj 9s >}} 切り … ` before it: 切り and … are three
                // bytes a character in UTF-8, one unit in UTF-16.
                (27, 48),
                (21, 42),
            ),
            (
                10,
                "wrong claim: the hand accepts 69p9s1z, not 69p9s (1z missing)".to_string(),
                fix("69p9s", "69p9s1z"),
                (8, 13),
                (6, 11),
            ),
            (
                17,
                "wrong claim: the hand accepts 69p9s1z, not 69p39s1z (3s brings it no closer)"
                    .to_string(),
                fix("6p9p9s1z3s", "6p9p9s1z"),
                (34, 44),
                (30, 40),
            ),
            (
                24,
                "wrong claim: the hand accepts 147m69p1z, not 147m69p2s1z (2s brings it no closer)"
                    .to_string(),
                fix("1-4-7m 6-9p 2s 1z", "1-4-7m 6-9p 1z"),
                (14, 31),
                (14, 31),
            ),
            (
                25,
                "wrong claim: the hand accepts 69p9s1z, not 69p9s (1z missing)".to_string(),
                // Tiles in words: no form to write them back in.
                None,
                (22, 35),
                (22, 35),
            ),
            (
                25,
                "wrong claim: the hand accepts 4 kinds, 14 tiles, not 3 kinds".to_string(),
                fix("3", "4"),
                (37, 44),
                (37, 44),
            ),
            (
                25,
                "wrong claim: the hand accepts 4 kinds, 14 tiles, not 11".to_string(),
                fix("11", "14"),
                (45, 53),
                (45, 53),
            ),
        ]
    );
    // `check --fix`: every list and count written in a form tenpai can
    // write back is rewritten in it, the markup around them untouched;
    // the list in words stays, reported.
    let (fixed, applied) = fix_document(
        &text,
        DocKind::Markdown,
        &Rules::tenhou(),
        &mut Analyzer::new(),
        FixLevel::Safe,
    );
    assert_eq!(applied, 6);
    for (from, to) in [
        (
            "{{< mj 1m4m7m6p9p >}} 6種20枚。東",
            "{{< mj 1m4m7m6p9p1z >}} 6種20枚。東",
        ),
        ("- 打4m 69p9s 4種14枚", "- 打4m 69p9s1z 4種14枚"),
        ("切り 6p9p9s1z3s 14枚", "切り 6p9p9s1z 14枚"),
        ("9s: 1-4-7m 6-9p 2s 1z (", "9s: 1-4-7m 6-9p 1z ("),
        ("9s, 3 kinds 11 tiles", "9s, 4 kinds 14 tiles"),
    ] {
        assert!(text.contains(from), "{from}");
        assert!(fixed.contains(to), "{to}\n{fixed}");
    }
    let again = Analyzer::new().analyze(&fixed, DocKind::Markdown, &Rules::tenhou());
    let left: Vec<String> = file_diagnostics(&again)
        .into_iter()
        .map(|d| fixed[d.range].to_string())
        .collect();
    assert_eq!(left, ["6p, 9p and 9s"]);
}
