//! Per-line analysis, cached by the line's text and the rules in force.
//!
//! A line's analysis depends only on its text, the rule set and whether it
//! is an inline mention, so an edit re-analyses the lines it touched and
//! takes every other line from the cache.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::Range;
use std::sync::Arc;

use crate::diag::{Diagnostic, Severity};
use crate::hand::{self, Mode, Situation, Validated};
use crate::notation::{self, ast};
use crate::score::{self, Rules, Score, ScoreError};
use crate::shanten::{self, Analysis};

use super::claims::{self, Facts, ItemCheck, Payment, Priced, Value};
use super::extract::{find_hand_lines, Origin};
use super::DocKind;

/// What a hand line amounts to.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// A complete hand, priced.
    Scored(Score),
    /// A complete shape that cannot be priced: `no-yaku`, or another
    /// scoring error.
    NotScored(ScoreError),
    /// Not complete: shanten, waits, ukeire, discards.
    Shanten(Analysis),
}

/// Everything known about one line. Spans are byte ranges in the line.
#[derive(Clone, Debug)]
pub struct LineAnalysis {
    pub line: ast::Line,
    /// The validated hand of a hand line.
    pub validated: Option<Validated>,
    /// `None` when the line has errors (the hand is not analysed), is an
    /// inline mention of a few tiles, or is not a hand line.
    pub outcome: Option<Outcome>,
    /// What claims are checked against (and what "add a claim" writes).
    pub facts: Option<Facts>,
    /// Each item of the line's claim, checked.
    pub claims: Vec<ItemCheck>,
    /// The rules the line was analysed under.
    pub rules: Rules,
    /// For a `rules:` line, the rule set it leaves in force.
    pub rules_after: Option<Rules>,
    /// Every diagnostic of the line, in span order.
    pub diagnostics: Vec<Diagnostic>,
}

impl LineAnalysis {
    pub fn is_hand(&self) -> bool {
        matches!(self.line.kind, ast::LineKind::Hand(_))
    }

    pub fn hand_line(&self) -> Option<&ast::HandLine> {
        match &self.line.kind {
            ast::LineKind::Hand(h) => Some(h),
            _ => None,
        }
    }

    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }

    /// The computed value as a claim (without `=>`), for "add a claim".
    pub fn claim_text(&self) -> Option<String> {
        self.facts.as_ref().and_then(claims::render)
    }
}

/// A hand line of a document with its analysis.
#[derive(Clone, Debug)]
pub struct AnalyzedLine {
    /// Byte range of the line's text in the document.
    pub range: Range<usize>,
    pub origin: Origin,
    pub analysis: Arc<LineAnalysis>,
}

impl AnalyzedLine {
    /// A line-relative span as a document range, clamped to the line.
    pub fn to_document(&self, span: &Range<usize>) -> Range<usize> {
        let len = self.range.len();
        let start = self.range.start + span.start.min(len);
        let end = self.range.start + span.end.clamp(span.start.min(len), len);
        start..end
    }
}

/// The line holding document offset `offset` (ends included, so a cursor
/// just after a hand finds it).
pub fn line_at(lines: &[AnalyzedLine], offset: usize) -> Option<&AnalyzedLine> {
    let i = lines.partition_point(|l| l.range.end < offset);
    lines.get(i).filter(|l| l.range.start <= offset)
}

/// A diagnostic placed in the document.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FileDiagnostic {
    pub range: Range<usize>,
    pub severity: Severity,
    pub code: &'static str,
    pub message: String,
    pub related: Vec<FileRelated>,
    pub fixes: Vec<FileFix>,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FileRelated {
    pub range: Range<usize>,
    pub message: String,
}

/// A document edit that fixes a diagnostic.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FileFix {
    pub title: String,
    pub range: Range<usize>,
    pub replacement: String,
}

/// Every diagnostic of the analysed lines, in document order.
pub fn file_diagnostics(lines: &[AnalyzedLine]) -> Vec<FileDiagnostic> {
    let mut out = Vec::new();
    for l in lines {
        for d in &l.analysis.diagnostics {
            out.push(FileDiagnostic {
                range: l.to_document(&d.span),
                severity: d.severity,
                code: d.code,
                message: d.message.clone(),
                related: d
                    .related
                    .iter()
                    .map(|r| FileRelated {
                        range: l.to_document(&r.span),
                        message: r.message.clone(),
                    })
                    .collect(),
                fixes: d
                    .fixes
                    .iter()
                    .map(|f| FileFix {
                        title: f.title.clone(),
                        range: l.to_document(&f.span),
                        replacement: f.replacement.clone(),
                    })
                    .collect(),
            });
        }
    }
    out
}

/// How a line is validated: inline mentions of a few tiles (`14m`) are not
/// held to a whole hand's tile count.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Context {
    Line,
    Inline,
}

/// A fast hash for line texts (the FxHash mix, 8 bytes at a time): the
/// default SipHash cost more than a tenth of a cold document analysis.
/// Documents are the user's own, so hash flooding is not a concern.
#[derive(Default)]
struct LineHasher(u64);

impl LineHasher {
    fn add(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for LineHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut b = [0u8; 8];
            b.copy_from_slice(c);
            self.add(u64::from_le_bytes(b));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut b = [0u8; 8];
            b[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(b));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type LineMap = HashMap<Box<str>, Entry, BuildHasherDefault<LineHasher>>;

struct Entry {
    analysis: Arc<LineAnalysis>,
    /// The pass that last used it.
    used: u64,
}

/// The cache of line analyses. Keep one per document: each pass drops the
/// entries it did not use, which bounds the cache by the document's lines.
#[derive(Default)]
pub struct Analyzer {
    /// One map per (rules, context); documents use few rule sets.
    tables: Vec<(Rules, Context, LineMap)>,
    pass: u64,
    hits: u64,
    misses: u64,
}

impl Analyzer {
    pub fn new() -> Analyzer {
        Analyzer::default()
    }

    /// (cache hits, analyses computed) since the analyzer was made.
    pub fn stats(&self) -> (u64, u64) {
        (self.hits, self.misses)
    }

    /// Cached lines.
    pub fn len(&self) -> usize {
        self.tables.iter().map(|t| t.2.len()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Analyses every hand line of a document. `rules:` lines (in `.mj`
    /// files and mj fences) change the rules for the lines after them.
    pub fn analyze(&mut self, text: &str, kind: DocKind, base: &Rules) -> Vec<AnalyzedLine> {
        self.pass += 1;
        let mut rules = base.clone();
        let sites = find_hand_lines(text, kind);
        let mut out = Vec::with_capacity(sites.len());
        for site in sites {
            let line = &text[site.range.clone()];
            let context = if site.origin.is_inline() {
                Context::Inline
            } else {
                Context::Line
            };
            let analysis = self.line(line, &rules, context);
            if site.origin.allows_rules() {
                if let Some(after) = &analysis.rules_after {
                    rules = after.clone();
                }
            }
            out.push(AnalyzedLine {
                range: site.range,
                origin: site.origin,
                analysis,
            });
        }
        self.evict();
        out
    }

    /// Analyses one line of a `.mj` document, through the cache.
    pub fn analyze_line(&mut self, line: &str, rules: &Rules) -> Arc<LineAnalysis> {
        self.line(line, rules, Context::Line)
    }

    fn line(&mut self, text: &str, rules: &Rules, context: Context) -> Arc<LineAnalysis> {
        let pass = self.pass;
        let t = match self
            .tables
            .iter()
            .position(|(r, c, _)| *c == context && r == rules)
        {
            Some(t) => t,
            None => {
                self.tables
                    .push((rules.clone(), context, LineMap::default()));
                self.tables.len() - 1
            }
        };
        let table = &mut self.tables[t].2;
        if let Some(e) = table.get_mut(text) {
            e.used = pass;
            self.hits += 1;
            return e.analysis.clone();
        }
        self.misses += 1;
        let analysis = Arc::new(analyze_text(text, rules, context == Context::Inline));
        table.insert(
            text.into(),
            Entry {
                analysis: analysis.clone(),
                used: pass,
            },
        );
        analysis
    }

    /// Drops what the last pass did not use.
    fn evict(&mut self) {
        let pass = self.pass;
        for (_, _, table) in &mut self.tables {
            table.retain(|_, e| e.used == pass);
        }
        self.tables.retain(|t| !t.2.is_empty());
    }
}

/// Inline mentions with fewer tiles than this, and no options or claim,
/// are tile mentions (`the wait on 14m`), not hands.
const INLINE_HAND_TILES: usize = 10;

/// Analyses one line, uncached. `inline`: an inline code span or `^^…^^`.
pub fn analyze_text(text: &str, rules: &Rules, inline: bool) -> LineAnalysis {
    let line = notation::parse_line(text);
    let mut diagnostics = line.errors.clone();
    let mut result = LineAnalysis {
        line: ast::Line {
            kind: ast::LineKind::Blank,
            errors: Vec::new(),
        },
        validated: None,
        outcome: None,
        facts: None,
        claims: Vec::new(),
        rules: rules.clone(),
        rules_after: None,
        diagnostics: Vec::new(),
    };
    match &line.kind {
        ast::LineKind::Rules(r) => {
            let (after, diags) = notation::rules_of(r, rules);
            diagnostics.extend(diags);
            result.rules_after = Some(after);
        }
        ast::LineKind::Hand(h) => {
            let fragment = inline
                && h.options.is_empty()
                && h.claim.is_none()
                && h.tiles().count() < INLINE_HAND_TILES;
            let mode = if fragment {
                Mode::Partial
            } else {
                Mode::Strict
            };
            let validated = hand::validate(h, rules, mode);
            // A mention of a few tiles, or of one meld, has no tile count to
            // get wrong.
            diagnostics.extend(
                validated
                    .diagnostics
                    .iter()
                    .filter(|d| !(fragment && d.code == "tile-count"))
                    .cloned(),
            );
            let clean = !diagnostics.iter().any(|d| d.severity == Severity::Error);
            if clean && !fragment {
                let outcome = outcome_of(&validated, rules);
                if let Outcome::NotScored(e) = &outcome {
                    diagnostics.push(score_diagnostic(e, h));
                }
                let facts = facts_of(&outcome, &validated.situation, h);
                if let Some(claim) = &h.claim {
                    result.claims = claims::check(claim, &facts, text);
                    diagnostics.extend(claims::diagnostics(&result.claims));
                }
                result.facts = Some(facts);
                result.outcome = Some(outcome);
            }
            result.validated = Some(validated);
        }
        ast::LineKind::Blank | ast::LineKind::Comment => {}
    }
    diagnostics.sort_by_key(|d| (d.span.start, d.span.end));
    result.diagnostics = diagnostics;
    result.line = line;
    result
}

fn outcome_of(v: &Validated, rules: &Rules) -> Outcome {
    match shanten::analyze(&v.hand, &v.situation, rules) {
        Analysis::Complete => match score::score(&v.hand, &v.situation, rules) {
            Ok(s) => Outcome::Scored(s),
            Err(e) => Outcome::NotScored(e),
        },
        other => Outcome::Shanten(other),
    }
}

/// `no-yaku` is a warning in documents (an article may show such a hand on
/// purpose); other scoring errors are errors.
fn score_diagnostic(e: &ScoreError, h: &ast::HandLine) -> Diagnostic {
    let span = h.hand_span.clone();
    if e.code == "no-yaku" {
        Diagnostic::warning("no-yaku", span, e.message.clone())
    } else {
        Diagnostic::error(e.code, span, e.message.clone())
    }
}

fn facts_of(outcome: &Outcome, sit: &Situation, h: &ast::HandLine) -> Facts {
    let counters = h.option("honba").is_some() || h.option("sticks").is_some();
    let (value, shanten, waits) = match outcome {
        Outcome::Scored(s) => (Value::Priced(priced(s, sit)), Some(-1), None),
        Outcome::NotScored(e) if e.code == "no-yaku" => (Value::NoYaku, Some(-1), None),
        Outcome::NotScored(e) => (Value::Unpriced(e.message.clone()), Some(-1), None),
        Outcome::Shanten(a) => match a {
            Analysis::Complete => (Value::NotWinning, Some(-1), None),
            Analysis::Tenpai { waits, .. } => (
                Value::NotWinning,
                Some(0),
                Some(waits.iter().map(|w| w.tile).collect()),
            ),
            Analysis::NotTenpai { shanten, .. } => (Value::NotWinning, Some(shanten.shanten), None),
            Analysis::Discards { shanten, .. } => (Value::NotWinning, Some(shanten.shanten), None),
        },
    };
    Facts {
        value,
        shanten,
        waits,
        counters,
    }
}

fn priced(s: &Score, sit: &Situation) -> Priced {
    let p = &s.points;
    // The payments are before honba; the total holds honba and sticks, so
    // each payer's honba share is what the total has beyond them.
    let (payment, paid) = if let Some(ron) = p.ron {
        let honba = p.total.saturating_sub(ron + sit.sticks * 1000);
        (Payment::Ron(ron), Payment::Ron(ron + honba))
    } else if sit.is_dealer() {
        let each = p.non_dealer.unwrap_or(0);
        let honba = (p.total.saturating_sub(3 * each + sit.sticks * 1000)) / 3;
        (Payment::All(each), Payment::All(each + honba))
    } else {
        let nd = p.non_dealer.unwrap_or(0);
        let d = p.dealer.unwrap_or(0);
        let honba = (p.total.saturating_sub(2 * nd + d + sit.sticks * 1000)) / 3;
        (
            Payment::Split {
                non_dealer: nd,
                dealer: d,
            },
            Payment::Split {
                non_dealer: nd + honba,
                dealer: d + honba,
            },
        )
    };
    Priced {
        han: s.han,
        fu: s.fu,
        limit: s.limit.map(|l| l.id().to_string()),
        payment,
        paid,
        total: p.total,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(lines: &[AnalyzedLine]) -> Vec<&'static str> {
        lines
            .iter()
            .flat_map(|l| l.analysis.diagnostics.iter().map(|d| d.code))
            .collect()
    }

    #[test]
    fn rules_lines_set_the_rules_for_later_lines() {
        let text = "123m456p789s11z22z\nrules: kiriage\n123m456p789s11z22z\nrules: tenhou\n123m456p789s11z22z\n";
        let lines = Analyzer::new().analyze(text, DocKind::Mj, &Rules::tenhou());
        assert_eq!(lines.len(), 5);
        assert!(!lines[0].analysis.rules.kiriage);
        assert!(lines[2].analysis.rules.kiriage);
        assert!(!lines[4].analysis.rules.kiriage);
    }

    #[test]
    fn a_rules_line_in_a_fence_reaches_later_inline_hands() {
        let text = "```mj\nrules: kiriage\n```\n\nThen `123m456p789s11z22z`.\n";
        let lines = Analyzer::new().analyze(text, DocKind::Markdown, &Rules::tenhou());
        assert_eq!(lines.len(), 2);
        assert!(lines[1].analysis.rules.kiriage);
    }

    #[test]
    fn bad_rules_words_are_reported_on_the_rules_line() {
        let text = "rules: kiriagee\n";
        let lines = Analyzer::new().analyze(text, DocKind::Mj, &Rules::tenhou());
        assert_eq!(codes(&lines), ["unknown-rule"]);
        let d = &file_diagnostics(&lines)[0];
        assert_eq!(&text[d.range.clone()], "kiriagee");
    }

    #[test]
    fn diagnostics_map_to_the_file_inside_a_block_quote() {
        let text = "Intro.\n\n> ```mj\n> 123m 456p 789s 11z 228z\n> ```\n";
        let lines = Analyzer::new().analyze(text, DocKind::Markdown, &Rules::tenhou());
        let d = file_diagnostics(&lines);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].code, "invalid-tile");
        assert_eq!(d[0].range.start, text.find("8z").unwrap());
    }

    #[test]
    fn inline_tile_mentions_are_not_held_to_a_tile_count() {
        let text = "The wait on `14m`, the typo `11128z`, the meld `(1111s)`, the hand `123m 456p 789s 11z`.\n";
        let lines = Analyzer::new().analyze(text, DocKind::Markdown, &Rules::tenhou());
        assert_eq!(lines.len(), 4);
        assert_eq!(codes(&lines), ["invalid-tile", "tile-count"]);
        // The same text on a line of its own is a whole hand.
        let lines = Analyzer::new().analyze("14m\n", DocKind::Mj, &Rules::tenhou());
        assert_eq!(codes(&lines), ["tile-count"]);
    }

    #[test]
    fn the_cache_reanalyses_only_changed_lines_and_forgets_old_ones() {
        let mut a = Analyzer::new();
        let text = "123m456p789s11z22z\n234m567p789s11z22z\n123m456p789s11z22z\n";
        a.analyze(text, DocKind::Mj, &Rules::tenhou());
        assert_eq!(a.stats(), (1, 2));
        let edited = text.replacen("234m", "345m", 1);
        let lines = a.analyze(&edited, DocKind::Mj, &Rules::tenhou());
        assert_eq!(a.stats(), (3, 3));
        assert_eq!(a.len(), 2, "the old version of the edited line is dropped");
        assert!(Arc::ptr_eq(&lines[0].analysis, &lines[2].analysis));
        // Other rules: other entries.
        let mut k = Rules::tenhou();
        k.kiriage = true;
        a.analyze(&edited, DocKind::Mj, &k);
        assert_eq!(a.stats(), (4, 5));
    }

    #[test]
    fn lines_at_offsets() {
        let text = "11z\n\n22z 33z\n";
        let lines = Analyzer::new().analyze(text, DocKind::Mj, &Rules::tenhou());
        assert_eq!(line_at(&lines, 0).map(|l| l.range.clone()), Some(0..3));
        assert_eq!(line_at(&lines, 3).map(|l| l.range.clone()), Some(0..3));
        assert!(line_at(&lines, 4).is_none());
        assert_eq!(line_at(&lines, 9).map(|l| l.range.clone()), Some(5..12));
        assert!(line_at(&lines, 99).is_none());
    }

    #[test]
    fn spans_past_the_line_are_clamped() {
        let l = AnalyzedLine {
            range: 10..15,
            origin: Origin::MjLine,
            analysis: Arc::new(analyze_text("11z", &Rules::tenhou(), false)),
        };
        assert_eq!(l.to_document(&(2..99)), 12..15);
        assert_eq!(l.to_document(&(99..120)), 15..15);
        #[allow(clippy::reversed_empty_ranges)]
        let reversed = 3..1;
        assert_eq!(l.to_document(&reversed), 13..13);
    }
}
