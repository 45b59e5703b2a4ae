//! The rounds of a game review (`tenpai review`): each `# Round …` heading
//! comment opens a section that runs to the next one. The outline groups
//! the hands under their round, and the heading's hint counts the
//! decisions of the round whose discard was not the best.

use std::ops::Range;

use crate::document::AnalyzedLine;
use crate::shanten::Analysis;

use super::outcome::{outcome, Outcome};

/// The comment that heads a round of a review.
pub const ROUND_HEADING: &str = "# Round ";

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RoundSection {
    /// The heading's index among the analysed lines.
    pub heading: usize,
    /// The lines of the round, heading included (indices, end exclusive).
    pub lines: Range<usize>,
    /// The heading without its mark: `E1, honba 0, sticks 0; …`.
    pub title: String,
    /// Decision lines (a `discard=` compared with the best discard).
    pub decisions: usize,
    /// Of those, the ones whose discard was not among the best.
    pub differing: usize,
}

impl RoundSection {
    /// `2 of 14 decisions differ from the best`, `all 9 decisions best`.
    pub fn summary(&self) -> String {
        match (self.decisions, self.differing) {
            (0, _) => "no decisions".to_string(),
            (1, 0) => "the decision is the best".to_string(),
            (n, 0) => format!("all {n} decisions best"),
            (n, 1) => format!("1 of {n} decisions differs from the best"),
            (n, d) => format!("{d} of {n} decisions differ from the best"),
        }
    }
}

/// Whether a line's `discard=` was a best discard: `None` for a line with
/// no discard compared.
pub fn discard_was_best(line: &AnalyzedLine) -> Option<bool> {
    let hand = line.analysis.hand_line()?;
    hand.option("discard")?;
    match outcome(&line.analysis)? {
        Outcome::Shanten(Analysis::Discards {
            chosen: Some(chosen),
            ..
        }) => Some(chosen.best),
        _ => None,
    }
}

/// The rounds of a document: none unless it has `# Round ` headings.
pub fn rounds(lines: &[AnalyzedLine], document: &str) -> Vec<RoundSection> {
    let mut out: Vec<RoundSection> = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let text = line.text(document);
        if let Some(title) = text.strip_prefix(ROUND_HEADING) {
            if let Some(previous) = out.last_mut() {
                previous.lines.end = index;
            }
            out.push(RoundSection {
                heading: index,
                lines: index..lines.len(),
                title: title.trim().to_string(),
                decisions: 0,
                differing: 0,
            });
            continue;
        }
        if let (Some(current), Some(best)) = (out.last_mut(), discard_was_best(line)) {
            current.decisions += 1;
            if !best {
                current.differing += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::{Analyzer, DocKind};
    use crate::score::Rules;

    #[test]
    fn each_heading_opens_a_round_that_counts_its_decisions() {
        let text = "\
# a header
rules: tenhou
# Round E1, honba 0, sticks 0
123m456p789s11357z seat=e dora=1m discard=7z
123m456p789s11357z seat=e dora=1m discard=1m
# Round E2, honba 0, sticks 0
123m456p789s11357z seat=e dora=1m discard=7z
123m456p789s11222z seat=e => 1 han 40 fu 2000
";
        let lines = Analyzer::new().analyze(text, DocKind::Mj, &Rules::tenhou());
        let found = rounds(&lines, text);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].title, "E1, honba 0, sticks 0");
        assert_eq!((found[0].decisions, found[0].differing), (2, 1));
        assert_eq!(found[0].summary(), "1 of 2 decisions differs from the best");
        assert_eq!(found[0].lines, 2..5);
        assert_eq!((found[1].decisions, found[1].differing), (1, 0));
        assert_eq!(found[1].summary(), "the decision is the best");
        assert_eq!(found[1].lines, 5..lines.len());
        let none = Analyzer::new().analyze("123m456p789s11222z\n", DocKind::Mj, &Rules::tenhou());
        assert!(rounds(&none, "123m456p789s11222z\n").is_empty());
    }
}
