//! Properties of the document layer: no input panics, incremental
//! re-analysis after an edit gives exactly what a fresh analysis gives,
//! and positions convert both ways.

use proptest::prelude::*;
use tenpai::code::Code;
use tenpai::document::{
    file_diagnostics, AnalyzedLine, Analyzer, DocKind, Encoding, Position, TextDocument,
};
use tenpai::score::Rules;

/// Pieces documents are made of: hands, options, claims, Markdown
/// structure, glyphs, line breaks.
fn piece() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "123m",
        "456p",
        "789s",
        "11z",
        "22z",
        "55s",
        "234s",
        "(234m)",
        "[8888p]",
        " ",
        " ",
        "\n",
        "\n",
        "\r\n",
        "win=1m",
        "riichi",
        "tsumo",
        "seat=s",
        "dora=1m",
        "honba=1",
        "=> 2000",
        "=> tenpai",
        "=> 3/30",
        "# note",
        "rules: kiriage",
        "rules: tenhou",
        "```mj\n",
        "```\n",
        "> ",
        "- ",
        "`",
        "^^",
        "🀄",
        "🀇🀈🀉",
        "é",
        "8z",
        "riichii",
        "x = 1234",
    ])
    .prop_map(str::to_string)
}

fn document() -> impl Strategy<Value = String> {
    prop::collection::vec(piece(), 0..60).prop_map(|v| v.concat())
}

/// What a pass found, comparable across analyzers.
fn summary(lines: &[AnalyzedLine]) -> Vec<String> {
    let mut out: Vec<String> = lines
        .iter()
        .map(|l| {
            format!(
                "{:?} {:?} kiriage={} {:?}",
                l.range,
                l.origin,
                l.analysis.rules.kiriage,
                l.analysis.claim_text()
            )
        })
        .collect();
    out.extend(file_diagnostics(lines).iter().map(|d| format!("{d:?}")));
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn an_edit_reanalysed_equals_a_fresh_analysis(
        before in document(),
        insert in document(),
        at in 0usize..400,
        cut in 0usize..40,
        markdown in any::<bool>(),
    ) {
        let kind = if markdown { DocKind::Markdown } else { DocKind::Mj };
        let mut start = at.min(before.len());
        while !before.is_char_boundary(start) {
            start -= 1;
        }
        let mut end = (start + cut).min(before.len());
        while !before.is_char_boundary(end) {
            end -= 1;
        }
        let after = format!("{}{}{}", &before[..start], insert, &before[end..]);
        let rules = Rules::tenhou();
        let mut warm = Analyzer::new();
        warm.analyze(&before, kind, &rules);
        let incremental = warm.analyze(&after, kind, &rules);
        let fresh = Analyzer::new().analyze(&after, kind, &rules);
        prop_assert_eq!(summary(&incremental), summary(&fresh));
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}", markdown in any::<bool>()) {
        let kind = if markdown { DocKind::Markdown } else { DocKind::Mj };
        let lines = Analyzer::new().analyze(&text, kind, &Rules::tenhou());
        let index = TextDocument::new(&text);
        for d in file_diagnostics(&lines) {
            prop_assert!(d.range.start <= d.range.end && d.range.end <= text.len());
            prop_assert!(text.is_char_boundary(d.range.start) && text.is_char_boundary(d.range.end));
            let _ = index.range(d.range, Encoding::Utf16);
        }
    }

    #[test]
    fn positions_round_trip(text in document(), line in 0u32..20, column in 0u32..80) {
        let index = TextDocument::new(&text);
        for enc in [Encoding::Utf8, Encoding::Utf16, Encoding::Utf32] {
            let offset = index.offset(Position::new(line, column), enc);
            prop_assert!(offset <= text.len() && text.is_char_boundary(offset));
            let pos = index.position(offset, enc);
            prop_assert_eq!(index.offset(pos, enc), offset);
        }
    }
}

/// The claim "add a claim" writes, and the fix of a wrong payment claim,
/// are claims the check accepts: on every reference hand as written (honba
/// only), with riichi sticks on the table too (a ron's claim is then a
/// total that includes them), and on waiting hands (`tenpai, waits ...`).
#[test]
fn added_and_fixed_claims_are_right_claims() {
    let scoring = include_str!("../../../../tests/vectors/scoring.jsonl");
    let shanten = include_str!("../../../../tests/vectors/shanten.jsonl");
    let mut lines: Vec<String> = Vec::new();
    for raw in scoring.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(raw).expect("vector line is JSON");
        let line = v["line"].as_str().unwrap_or_default();
        lines.push(line.to_string());
        lines.push(format!("{line} sticks=2"));
    }
    for raw in shanten.lines().filter(|l| !l.trim().is_empty()).take(500) {
        let v: serde_json::Value = serde_json::from_str(raw).expect("vector line is JSON");
        lines.push(v["hand"].as_str().unwrap_or_default().to_string());
    }
    let rules = Rules::tenhou();
    let mut failures = Vec::new();
    let mut offered = 0;
    for (n, line) in lines.iter().enumerate() {
        let first = Analyzer::new().analyze(line, DocKind::Mj, &rules);
        let Some(claim) = first.first().and_then(|l| l.analysis.claim_text()) else {
            continue;
        };
        offered += 1;
        let with = format!("{line} => {claim}");
        let complaints = claim_complaints(&with, &rules);
        if !complaints.is_empty() {
            failures.push(format!("{with}: {complaints:?}"));
        }
        // A wrong claim of each form: its fix must write a right claim at
        // once, not one the next check flags again. (One reference hand in
        // three, each with and without sticks, keeps the test quick.)
        if n % 6 >= 2 || claim.starts_with("tenpai") || claim.contains("shanten") {
            continue;
        }
        for bad in ["100", "100 all", "100/200"] {
            let with = format!("{line} => {bad}");
            let lines = Analyzer::new().analyze(&with, DocKind::Mj, &rules);
            let fix = lines
                .iter()
                .flat_map(|l| l.analysis.diagnostics.iter())
                .find(|d| d.code == Code::WrongClaim)
                .and_then(|d| d.fixes.first());
            let Some(fix) = fix else {
                failures.push(format!("{with}: no fix"));
                continue;
            };
            let mut fixed = with.clone();
            fixed.replace_range(fix.span.clone(), &fix.replacement);
            let complaints = claim_complaints(&fixed, &rules);
            if !complaints.is_empty() {
                failures.push(format!("{with} fixed to {fixed}: {complaints:?}"));
            }
        }
    }
    assert!(offered > 5000, "only {offered} lines offered a claim");
    assert!(
        failures.is_empty(),
        "{} added claims are flagged, e.g.\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
}

/// Every limit the scorer can name is a claim that can be written: the
/// claim offered for a stack of yakuman, and the fix of a wrong one, read
/// back without an error. Worked: four closed honor kans and a 5z pair won
/// on 5z are suukantsu, suuankou tanki, daisuushii and tsuuiisou, four
/// yakuman (128,000 for a non-dealer ron); with double yakuman the tanki
/// and daisuushii count twice, six (192,000). 111 222 333 444z 55z by tsumo
/// with double yakuman: suuankou tanki 2, daisuushii 2, tsuuiisou 1, five
/// (8,000 × 5 × 4 = 160,000).
#[test]
fn stacked_yakuman_claims_read_back() {
    let kans = "[1111z][2222z][3333z][4444z]55z win=5z seat=s";
    let tsumo = "111222333444z55z win=5z seat=s tsumo";
    for (doc, limit, total) in [
        (kans.to_string(), "quadruple-yakuman", 128_000),
        (
            format!("rules: double-yakuman\n{kans}"),
            "sextuple-yakuman",
            192_000,
        ),
        (
            format!("rules: double-yakuman\n{tsumo}"),
            "quintuple-yakuman",
            160_000,
        ),
    ] {
        let rules = Rules::tenhou();
        let claim_of = |text: &str| {
            let lines = Analyzer::new().analyze(text, DocKind::Mj, &rules);
            let diags: Vec<String> = lines
                .iter()
                .flat_map(|l| l.analysis.diagnostics.iter())
                .map(|d| format!("{}: {}", d.code, d.message))
                .collect();
            let claim = lines.iter().find_map(|l| l.analysis.claim_text());
            (claim, diags)
        };
        let (claim, diags) = claim_of(&doc);
        assert!(diags.is_empty(), "{doc}: {diags:?}");
        let claim = claim.unwrap_or_else(|| panic!("{doc}: no claim offered"));
        assert!(claim.starts_with(limit), "{doc}: {claim}");
        for stated in [claim.clone(), limit.to_string(), total.to_string()] {
            let (_, diags) = claim_of(&format!("{doc} => {stated}"));
            assert!(diags.is_empty(), "{doc} => {stated}: {diags:?}");
        }
        // A wrong limit is fixed with the right one, which reads back.
        let (_, diags) = claim_of(&format!("{doc} => double-yakuman"));
        assert!(
            diags.iter().any(|d| d.contains(&limit.replace('-', " "))),
            "{doc}: {diags:?}"
        );
    }
}

/// The messages of the claim diagnostics (`wrong-claim`, `invalid-claim`,
/// ...) that a one-line `.mj` document draws.
fn claim_complaints(text: &str, rules: &Rules) -> Vec<String> {
    Analyzer::new()
        .analyze(text, DocKind::Mj, rules)
        .iter()
        .flat_map(|l| l.analysis.diagnostics.iter())
        .filter(|d| d.code.as_str().ends_with("claim"))
        .map(|d| d.message.clone())
        .collect()
}
