// The work each bench of redesign.rs times, written once and compiled
// twice: included into `mod now` and `mod before`, where `tenpai` names
// that version's library and `Rules`, `format_line` and `FormatOptions`
// are imported from wherever that version keeps them.

use std::hint::black_box;

use tenpai::hand::{parse_hand, validate, Hand, Mode, Situation};
use tenpai::notation::ast::LineKind;
use tenpai::notation::parse_line;
use tenpai::tile::Counts;

/// Four-player shanten of every hand; the sum, so nothing is skipped.
pub fn shanten_all(hands: &[Counts]) -> i64 {
    hands
        .iter()
        .map(|hand| i64::from(tenpai::shanten::shanten(black_box(hand), 0).shanten))
        .sum()
}

/// Every discard of each 14-tile hand with its shanten and ukeire.
pub fn discards_all(hands: &[Counts]) -> usize {
    hands
        .iter()
        .map(|hand| tenpai::shanten::discard_options(black_box(hand), 0).len())
        .sum()
}

/// The scoring vectors, parsed outside the timed loop.
pub struct Scoring {
    hands: Vec<(Hand, Situation)>,
    rules: Rules,
}

pub fn scoring(lines: &[String]) -> Scoring {
    let rules = Rules::tenhou();
    let hands: Vec<(Hand, Situation)> = lines
        .iter()
        .filter_map(|line| parse_hand(line, &rules).ok())
        .collect();
    assert_eq!(hands.len(), lines.len(), "every scoring vector parses");
    Scoring { hands, rules }
}

/// The full result of every hand; the sum of the payments.
pub fn score_all(scoring: &Scoring) -> u64 {
    let mut total = 0u64;
    for (hand, situation) in &scoring.hands {
        if let Ok(result) = &tenpai::score::score(black_box(hand), black_box(situation), &scoring.rules) {
            total += u64::from(result.points.total);
        }
    }
    total
}

/// `notation::parse_line`, then `hand::validate` of each hand line; the
/// errors found (none in the vectors).
pub fn parse_and_validate(lines: &[String]) -> usize {
    let rules = Rules::tenhou();
    let mut errors = 0;
    for text in lines {
        let line = parse_line(black_box(text));
        if let LineKind::Hand(hand) = &line.kind {
            errors += usize::from(validate(hand, &rules, Mode::Strict).has_errors());
        }
        errors += line.errors.len();
    }
    errors
}

/// The parser alone; the lines read.
pub fn parse_all(lines: &[String]) -> usize {
    lines
        .iter()
        .map(|text| usize::from(matches!(parse_line(black_box(text)).kind, LineKind::Hand(_))))
        .sum()
}

/// The formatter on every line; the bytes written.
pub fn format_all(lines: &[String]) -> usize {
    let options = FormatOptions::default();
    lines
        .iter()
        .map(|text| format_line(black_box(text), &options).map_or(0, |formatted| formatted.len()))
        .sum()
}

/// `tenpai check` of a Markdown document: analysis, then diagnostics; the
/// number of diagnostics. The analyzer is left for the process's exit to
/// free, as `check` does.
pub fn check(text: &str) -> usize {
    use tenpai::document::{file_diagnostics, Analyzer, DocKind};
    let mut analyzer = Analyzer::new();
    let lines = analyzer.analyze(text, DocKind::Markdown, &Rules::tenhou());
    let found = file_diagnostics(&lines).len();
    std::mem::forget(analyzer);
    found
}

/// This version's in-process language server client.
pub type Client = tenpai::lsp::test_client::TestClient;
