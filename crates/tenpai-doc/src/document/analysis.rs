//! Per-line analysis, cached by the line's text and the rules in force.
//!
//! A line's analysis depends only on its text, the rule set and whether it
//! is an inline mention, so an edit re-analyses the lines it touched and
//! takes every other line from the cache.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::Range;
use std::sync::Arc;

use crate::diag::{Code, Diagnostic, Severity};
use crate::hand::{self, Mode, Situation, Validated};
use crate::notation::{self, ast};
use crate::score::{self, Rules, Score, ScoreError};
use crate::shanten::{self, Analysis};

use super::claims::{self, Accepted, Facts, ItemCheck, Payment, Priced, Value};
use super::dialects::{DialectConfig, Translation};
use super::extract::{HandSite, Origin};
use super::find_hand_lines_with;
use super::DocKind;

/// What a hand line amounts to.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// A complete hand, priced (boxed: a `Score` keeps its lists inline and
    /// is several times the size of the other outcomes).
    Scored(Box<Score>),
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
    /// Byte range of the line's text in the document (for a dialect, of
    /// everything the author wrote for the hand).
    pub range: Range<usize>,
    pub origin: Origin,
    pub analysis: Arc<LineAnalysis>,
    /// For a hand in another notation: the hand line analysed and where
    /// its pieces are in the document.
    pub translation: Option<Arc<Translation>>,
}

impl AnalyzedLine {
    /// A line-relative span as a document range, clamped to the line. For
    /// a dialect, the author's bytes that wrote the span's pieces.
    pub fn to_document(&self, span: &Range<usize>) -> Range<usize> {
        if let Some(translation) = &self.translation {
            let source = translation.to_source(span);
            let start = source.start.clamp(self.range.start, self.range.end);
            return start..source.end.clamp(start, self.range.end);
        }
        let len = self.range.len();
        let start = self.range.start + span.start.min(len);
        let end = self.range.start + span.end.clamp(span.start.min(len), len);
        start..end
    }

    /// The line-relative offset of document offset `offset` (within or at
    /// the end of the line): for a dialect, the piece written there.
    pub fn to_line(&self, offset: usize) -> usize {
        match &self.translation {
            Some(t) => t.to_text(offset),
            None => offset
                .saturating_sub(self.range.start)
                .min(self.range.len()),
        }
    }

    /// The hand line analysed: the document's text at the line, or a
    /// dialect's translation.
    pub fn text<'a>(&'a self, document: &'a str) -> &'a str {
        match &self.translation {
            Some(t) => &t.text,
            None => document.get(self.range.clone()).unwrap_or_default(),
        }
    }

    /// A fix of the line as an edit of the document. A fix rewrites the
    /// hand line, which a dialect's author did not write: tenpai's notation
    /// would land in another tool's markup. So a dialect's hand keeps only
    /// the fixes of what its translation can write back in the author's
    /// own form (a list of tiles, a count).
    pub fn file_fix(&self, fix: &crate::diag::Fix) -> Option<FileFix> {
        let Some(t) = &self.translation else {
            return Some(FileFix {
                title: fix.title.clone(),
                range: self.to_document(&fix.span),
                replacement: fix.replacement.clone(),
                safe: fix.safe,
            });
        };
        let (range, replacement) = t.author_fix(&fix.span, &fix.replacement)?;
        Some(FileFix {
            title: format!("write '{replacement}'"),
            range,
            replacement,
            safe: fix.safe,
        })
    }

    /// Is this hand written in another tool's notation?
    pub fn is_dialect(&self) -> bool {
        self.translation.is_some()
    }

    /// Does this line restate a hand written elsewhere (an item of a
    /// discard list under it), rather than write one? Such a line has its
    /// claims checked but is no symbol of its own.
    pub fn is_restatement(&self) -> bool {
        self.translation
            .as_ref()
            .is_some_and(|t| t.role == super::dialects::Role::Discard)
    }
}

/// The line holding document offset `offset` (ends included, so a cursor
/// just after a hand finds it).
pub fn line_at(lines: &[AnalyzedLine], offset: usize) -> Option<&AnalyzedLine> {
    let index = lines.partition_point(|l| l.range.end < offset);
    lines.get(index).filter(|l| l.range.start <= offset)
}

/// A diagnostic placed in the document.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FileDiagnostic {
    pub range: Range<usize>,
    pub severity: Severity,
    pub code: Code,
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
    /// See [`crate::diag::Fix::safe`].
    pub safe: bool,
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
                fixes: d.fixes.iter().filter_map(|f| l.file_fix(f)).collect(),
            });
        }
    }
    out
}

/// How a line is validated: inline mentions of a few tiles (`14m`) are not
/// held to a whole hand's tile count, nor a dialect's shapes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Context {
    /// A line of a `.mj` file or an mj fence.
    Line,
    /// An inline code span or `^^…^^`.
    Inline,
    /// A hand in another tool's notation.
    Dialect,
    /// A hand in another notation with unknown tiles (backs): a shape.
    Shape,
}

impl Context {
    const ALL: usize = 4;

    fn index(self) -> usize {
        self as usize
    }

    /// The context a site is analysed in.
    pub fn of(site: &HandSite) -> Context {
        match (&site.translation, site.origin.is_inline()) {
            (Some(t), _) if t.unknown > 0 => Context::Shape,
            (Some(_), _) => Context::Dialect,
            (None, true) => Context::Inline,
            (None, false) => Context::Line,
        }
    }
}

/// A fast hash for line texts (the FxHash mix, 8 bytes at a time, then an
/// avalanche): the default SipHash cost a tenth of a cold analysis.
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
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    /// The multiply carries low bits up but never high bits down, so lines
    /// that differ near their end would share the table's low index bits:
    /// a final avalanche (MurmurHash3's fmix64) spreads them.
    fn finish(&self) -> u64 {
        let mut hash = self.0;
        hash ^= hash >> 33;
        hash = hash.wrapping_mul(0xff51_afd7_ed55_8ccd);
        hash ^= hash >> 33;
        hash = hash.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        hash ^ (hash >> 33)
    }
}

type LineMap = HashMap<Box<str>, Arc<LineAnalysis>, BuildHasherDefault<LineHasher>>;

/// The analyses made under one rule set in one context.
struct Table {
    rules: Rules,
    context: Context,
    map: LineMap,
    /// Lines of the last pass analysed under this table.
    live: usize,
}

/// The last pass: its text and lines, so that lines outside an edit are
/// taken over by position, without hashing or comparing their text (with
/// the cache's keys scattered over the heap, a lookup per line was a cache
/// miss per line).
#[derive(Default)]
struct Previous {
    text: String,
    /// Each line's range in `text`, its table, its analysis.
    lines: Vec<(Range<usize>, usize, Arc<LineAnalysis>)>,
}

/// The cache of line analyses. Keep one per document: the cache holds the
/// lines of the document's last analysis, and at most as many again of
/// older versions before it is rebuilt.
#[derive(Default)]
pub struct Analyzer {
    tables: Vec<Table>,
    prev: Previous,
    hits: u64,
    misses: u64,
    /// The dialects read in Markdown.
    dialects: DialectConfig,
}

/// Length of the common prefix of `a` and `b`, on a char boundary of both.
fn common_prefix(a: &str, b: &str) -> usize {
    let (x, y) = (a.as_bytes(), b.as_bytes());
    let limit = x.len().min(y.len());
    let mut length = 0;
    // Whole blocks first: the slice comparison is a vectorised memcmp.
    while length + 64 <= limit && x[length..length + 64] == y[length..length + 64] {
        length += 64;
    }
    while length < limit && x[length] == y[length] {
        length += 1;
    }
    while !(a.is_char_boundary(length) && b.is_char_boundary(length)) {
        length -= 1;
    }
    length
}

/// Length of the common suffix, not overlapping `prefix`.
fn common_suffix(a: &str, b: &str, prefix: usize) -> usize {
    let (x, y) = (a.as_bytes(), b.as_bytes());
    let limit = (x.len() - prefix).min(y.len() - prefix);
    let mut length = 0;
    while length + 64 <= limit
        && x[x.len() - length - 64..x.len() - length] == y[y.len() - length - 64..y.len() - length]
    {
        length += 64;
    }
    while length < limit && x[x.len() - 1 - length] == y[y.len() - 1 - length] {
        length += 1;
    }
    while !(a.is_char_boundary(a.len() - length) && b.is_char_boundary(b.len() - length)) {
        length -= 1;
    }
    length
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
        self.tables.iter().map(|t| t.map.len()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The table of `context` under `rules`, remembered in `in_force`
    /// until the rules change.
    fn table_in_force(
        &mut self,
        rules: &Rules,
        context: Context,
        in_force: &mut [Option<usize>; Context::ALL],
    ) -> usize {
        match in_force[context.index()] {
            Some(table) => table,
            None => {
                let table = self.table(rules, context);
                in_force[context.index()] = Some(table);
                table
            }
        }
    }

    /// The table a site is analysed in: its context under the rules in
    /// force, and the rule words of the tool that priced a dialect's hand.
    fn site_table(
        &mut self,
        site: &HandSite,
        rules: &Rules,
        in_force: &mut [Option<usize>; Context::ALL],
    ) -> usize {
        let context = Context::of(site);
        match site.translation.as_ref().and_then(|t| t.rules) {
            Some(words) => {
                let mut theirs = rules.clone();
                // The words are the readers' own, and valid; a failure
                // would leave the document's rules, which is no worse.
                let _ = theirs.apply_words(words);
                self.table(&theirs, context)
            }
            None => self.table_in_force(rules, context, in_force),
        }
    }

    /// Reads the dialects `dialects` turns on (all, by default).
    pub fn set_dialects(&mut self, dialects: DialectConfig) {
        self.dialects = dialects;
    }

    pub fn dialects(&self) -> &DialectConfig {
        &self.dialects
    }

    fn table(&mut self, rules: &Rules, context: Context) -> usize {
        match self
            .tables
            .iter()
            .position(|t| t.context == context && t.rules == *rules)
        {
            Some(t) => t,
            None => {
                self.tables.push(Table {
                    rules: rules.clone(),
                    context,
                    map: LineMap::default(),
                    live: 0,
                });
                self.tables.len() - 1
            }
        }
    }

    /// Analyses every hand line of a document. `rules:` lines (in `.mj`
    /// files and mj fences) change the rules for the lines after them.
    /// Lines the last call saw, under the same rules, are not analysed
    /// again.
    pub fn analyze(&mut self, text: &str, kind: DocKind, base: &Rules) -> Vec<AnalyzedLine> {
        let prev = std::mem::take(&mut self.prev);
        // Bytes before `prefix` and after `new_len - suffix` are the same in
        // both texts, so a line there is the line the last pass saw at the
        // same range (shifted by `shift` after the edit).
        let prefix = common_prefix(&prev.text, text);
        let suffix = common_suffix(&prev.text, text, prefix);
        let tail = text.len() - suffix;
        let shift = prev.text.len() as isize - text.len() as isize;
        let mut cursor = 0;

        for table in &mut self.tables {
            table.live = 0;
        }
        let mut rules = base.clone();
        let mut in_force = [None; Context::ALL];
        let sites = find_hand_lines_with(text, kind, &self.dialects);
        // Most of the text is new (a first pass, another file): analyse
        // what is missing on all cores first.
        let precomputed = if prefix + suffix < text.len() / 2 {
            self.precompute(text, &sites, base)
        } else {
            0
        };
        let mut out = Vec::with_capacity(sites.len());
        let mut lines = Vec::with_capacity(sites.len());
        for site in sites {
            let line = site.text(text);
            let table = self.site_table(&site, &rules, &mut in_force);
            let old_start = if site.range.end <= prefix {
                Some(site.range.start)
            } else if site.range.start >= tail {
                site.range.start.checked_add_signed(shift)
            } else {
                None
            };
            let mut found = None;
            if let Some(start) = old_start {
                while prev.lines.get(cursor).is_some_and(|l| l.0.start < start) {
                    cursor += 1;
                }
                if let Some((r, pt, a)) = prev.lines.get(cursor) {
                    if r.start == start && r.len() == site.range.len() && *pt == table {
                        found = Some(a.clone());
                    }
                }
            }
            let analysis = match found {
                Some(a) => {
                    self.hits += 1;
                    a
                }
                None => self.lookup(table, line),
            };
            self.tables[table].live += 1;
            if site.origin.allows_rules() {
                if let Some(after) = &analysis.rules_after {
                    if *after != rules {
                        rules = after.clone();
                        in_force = [None; Context::ALL];
                    }
                }
            }
            lines.push((site.range.clone(), table, analysis.clone()));
            out.push(AnalyzedLine {
                range: site.range,
                origin: site.origin,
                analysis,
                translation: site.translation,
            });
        }
        // Lines the cold step analysed or looked up are not hits as well.
        self.hits = self.hits.saturating_sub(precomputed as u64);
        let mut kept = prev.text;
        kept.clear();
        kept.push_str(text);
        self.prev = Previous { text: kept, lines };
        self.evict();
        out
    }

    /// A cold pass over a large document: analyses the lines the cache
    /// lacks on all cores before the sequential pass, which then finds
    /// them cached. `rules:` lines are followed here to know each line's
    /// rules; should that ever differ from the sequential pass, the
    /// sequential pass analyses the line itself, so results never depend
    /// on this step. Returns how many lines it analysed.
    fn precompute(&mut self, text: &str, sites: &[HandSite], base: &Rules) -> usize {
        let workers = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
        if workers < 2 || sites.len() < PARALLEL_LINES {
            return 0;
        }
        let mut rules = base.clone();
        let mut in_force = [None; Context::ALL];
        // Lines looked up here, which the sequential pass will count again.
        let mut looked_up = 0;
        let mut todo: Vec<(usize, &str)> = Vec::new();
        let mut seen: HashMap<(usize, &str), (), BuildHasherDefault<LineHasher>> =
            HashMap::default();
        for site in sites {
            let line = site.text(text);
            let table = self.site_table(site, &rules, &mut in_force);
            if site.origin.allows_rules() && line.starts_with("rules:") {
                // Cheap, and later lines depend on it: analysed in order.
                let analysis = self.lookup(table, line);
                looked_up += 1;
                if let Some(after) = &analysis.rules_after {
                    if *after != rules {
                        rules = after.clone();
                        in_force = [None; Context::ALL];
                    }
                }
                continue;
            }
            if !self.tables[table].map.contains_key(line)
                && seen.insert((table, line), ()).is_none()
            {
                todo.push((table, line));
            }
        }
        if todo.len() < PARALLEL_LINES {
            return looked_up;
        }
        let tables: Vec<(Rules, Context)> = self
            .tables
            .iter()
            .map(|table| (table.rules.clone(), table.context))
            .collect();
        let chunk = todo.len().div_ceil(workers);
        let results: Vec<Vec<Arc<LineAnalysis>>> = std::thread::scope(|scope| {
            let handles: Vec<_> = todo
                .chunks(chunk)
                .map(|part| {
                    let tables = &tables;
                    scope.spawn(move || {
                        part.iter()
                            .map(|&(table, line)| {
                                let (rules, context) = &tables[table];
                                Arc::new(analyze_in(line, rules, *context))
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_default())
                .collect()
        });
        let mut done = 0;
        // A part whose thread failed comes back empty: its lines are left
        // to the sequential pass.
        for (part, analyses) in todo.chunks(chunk).zip(results) {
            if analyses.len() != part.len() {
                continue;
            }
            for (&(table, line), analysis) in part.iter().zip(analyses) {
                self.tables[table].map.insert(line.into(), analysis);
                done += 1;
            }
        }
        self.misses += done as u64;
        looked_up + done
    }

    /// Analyses one line of a `.mj` document, through the cache.
    pub fn analyze_line(&mut self, line: &str, rules: &Rules) -> Arc<LineAnalysis> {
        let table = self.table(rules, Context::Line);
        self.lookup(table, line)
    }

    fn lookup(&mut self, t: usize, text: &str) -> Arc<LineAnalysis> {
        let table = &mut self.tables[t];
        if let Some(a) = table.map.get(text) {
            self.hits += 1;
            return a.clone();
        }
        self.misses += 1;
        let analysis = Arc::new(analyze_in(text, &table.rules, table.context));
        table.map.insert(text.into(), analysis.clone());
        analysis
    }

    /// Bounds the cache: a table holding more than twice its live lines
    /// (plus some slack) keeps only the lines of the last pass.
    fn evict(&mut self) {
        for (i, table) in self.tables.iter_mut().enumerate() {
            if table.map.len() <= 2 * table.live + 256 {
                continue;
            }
            let mut map = LineMap::default();
            map.reserve(table.live);
            for (r, t, a) in &self.prev.lines {
                if *t == i {
                    map.insert(self.prev.text[r.clone()].into(), a.clone());
                }
            }
            table.map = map;
        }
        // Tables no line uses any more go, but indices must stay valid for
        // `prev`: drop only trailing ones.
        while self.tables.last().is_some_and(|t| t.live == 0) {
            self.tables.pop();
        }
    }
}

/// A cold pass with at least this many lines to analyse uses every core.
const PARALLEL_LINES: usize = 2048;

/// Inline hands with fewer tiles than this, and no options or claim, are
/// shapes (`3445m`) or tile mentions (`the wait on 14m`), not hands.
pub const HAND_TILES: usize = 13;

/// A dialect's group of more tiles than a hand can hold (four kans) is a
/// list of tiles (`19m19p19s1234567z` and the like), not a hand.
pub const MOST_HAND_TILES: usize = 18;

/// Analyses one line of its own, uncached (see [`analyze_in`] for a line
/// in another context, such as an inline code span).
pub fn analyze_text(text: &str, rules: &Rules) -> LineAnalysis {
    analyze_in(text, rules, Context::Line)
}

/// Analyses one line, uncached, in `context`.
pub fn analyze_in(text: &str, rules: &Rules, context: Context) -> LineAnalysis {
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
            let tiles = h.tiles().len();
            let fragment = match context {
                Context::Line => false,
                Context::Inline => h.options.is_empty() && h.claim.is_none() && tiles < HAND_TILES,
                Context::Dialect => !(HAND_TILES..=MOST_HAND_TILES).contains(&tiles),
                Context::Shape => true,
            };
            let mode = if fragment {
                Mode::Partial
            } else {
                Mode::Strict
            };
            let validated = hand::validate(h, rules, mode);
            // A mention of a few tiles, or of one meld, has no tile count to
            // get wrong; a dialect's shape is an illustration (a river, a
            // tool's showcase of its syntax), not a hand to check.
            let drawn = matches!(context, Context::Dialect | Context::Shape);
            if !(fragment && drawn) {
                diagnostics.extend(
                    validated
                        .diagnostics
                        .iter()
                        .filter(|d| !(fragment && d.code == Code::TileCount))
                        .cloned(),
                );
            }
            let clean = !diagnostics.iter().any(|d| d.severity == Severity::Error);
            // A dialect's shape with the waits its author states: checked
            // as the waits of the shape alone.
            if clean && fragment && context == Context::Dialect {
                if let (Some(claim), Some(facts)) = (&h.claim, shape_facts(&validated.hand)) {
                    result.claims = claims::check(claim, &facts, text);
                    diagnostics.extend(claims::diagnostics(&result.claims));
                    result.facts = Some(facts);
                }
            }
            if clean && !fragment {
                let outcome = outcome_of(&validated, rules);
                // A dialect's author draws tiles, not a win, and an inline
                // hand that says nothing of how it was won shows a shape:
                // a hand of no yaku is no mistake of theirs.
                let unsaid = drawn || (context == Context::Inline && h.options.is_empty());
                if let Outcome::NotScored(e) = &outcome {
                    // A complete hand with no yaku that records a discard
                    // (a game review's decision) is no wrong win either: the
                    // player could not win and discarded.
                    let decision = validated.situation.discard.is_some();
                    if !((unsaid || decision) && e.code == Code::NoYaku) {
                        diagnostics.push(score_diagnostic(e, h));
                    }
                }
                if let Some(furiten) = furiten_ron(&validated, h, rules) {
                    diagnostics.push(furiten);
                }
                let mut facts = facts_of(&outcome, &validated.situation, h);
                facts.accepted = accepted_of(&outcome, &validated.hand);
                // Waits stated of a complete hand are those it had before its
                // winning tile (pymdownx's `waits:` beside a `draw:`).
                if facts.shanten == Some(-1) && states_waits(h) {
                    facts.waits = waits_before_win(&validated.hand, rules);
                }
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
    crate::diag::settle_removals(text, &mut diagnostics);
    diagnostics.sort_by_key(|d| (d.span.start, d.span.end));
    result.diagnostics = diagnostics;
    result.line = line;
    result
}

/// A ron on a hand with one of its waits in the player's own discards
/// (`river=`): furiten, which forbids it. The error stands on `ron` (or on
/// `win=` when the line leaves ron unsaid) and points at the river tile.
fn furiten_ron(v: &Validated, h: &ast::HandLine, rules: &Rules) -> Option<Diagnostic> {
    if v.situation.tsumo || v.situation.river.is_empty() {
        return None;
    }
    let waits = shanten::furiten_waits(&v.hand, &v.situation, rules);
    let first = waits.first()?;
    let word = h.option("ron").or_else(|| h.option("win"))?;
    let names: Vec<String> = waits.iter().map(|wait| wait.to_string()).collect();
    let mut diagnostic = Diagnostic::error(
        Code::Furiten,
        word.span(),
        format!(
            "furiten: the hand waits on {}, which the player discarded (river=), so it cannot win by ron",
            names.join(" and ")
        ),
    );
    let river_tile = h
        .options
        .iter()
        .filter(|option| option.key() == "river")
        .find_map(|option| match &option.value {
            Some(ast::OptionValue::Tiles(tiles)) => {
                h.toks(tiles).iter().find(|tok| tok.tile == *first)
            }
            _ => None,
        });
    if let Some(tok) = river_tile {
        diagnostic = diagnostic.with_related(tok.span(), format!("{first} discarded here"));
    }
    Some(diagnostic)
}

/// What a waiting shape is known to be, as if the rest of the hand were
/// complete: tenpai on its waits, or how far from it. A shape of 3n+1
/// closed tiles (`2223m`) is read alone; one of 3n+2 (`23456m`) with a
/// pair set apart (an honor it does not hold), which is how such shapes
/// are taught. `None` for other shapes.
fn shape_facts(hand: &hand::Hand) -> Option<Facts> {
    use crate::tile::{counts, Tile};
    let mut closed: Vec<Tile> = hand.closed.iter().copied().collect();
    let melds = hand.melds.len();
    let pair = match closed.len() % 3 {
        1 => None,
        2 => {
            let apart = Tile::all()
                .filter(|t| t.is_honor())
                .find(|t| !closed.contains(t))?;
            closed.extend([apart, apart]);
            Some(apart)
        }
        _ => return None,
    };
    let counts = counts(&closed);
    let shanten = shanten::shanten(&counts, melds).shanten;
    let waits = (shanten == 0).then(|| {
        let mut wait_tiles = shanten::waits(&counts, melds);
        wait_tiles.retain(|t| Some(*t) != pair);
        wait_tiles
    });
    // The tiles a waiting shape accepts are its waits left beside it.
    let accepted = waits.as_ref().map(|wait_tiles| {
        let held = crate::tile::counts(&hand.closed);
        let tiles = wait_tiles
            .iter()
            .map(|t| 4u32.saturating_sub(u32::from(held[t.index()])))
            .sum();
        Accepted {
            kinds: wait_tiles.len() as u32,
            tiles,
            in_sight: tiles,
            which: claims::kind_bits(wait_tiles),
        }
    });
    Some(Facts {
        value: Value::NotWinning,
        shanten: Some(shanten),
        waits,
        counters: false,
        accepted,
    })
}

/// The tiles a hand of 13 accepts, or one of 14 after its `discard=`.
fn accepted_of(outcome: &Outcome, hand: &hand::Hand) -> Option<Accepted> {
    let of_ukeire = |u: &shanten::Ukeire| Accepted {
        kinds: u.tiles.len() as u32,
        tiles: u.total,
        in_sight: u.practical_total,
        which: u
            .tiles
            .iter()
            .fold(0, |bits, t| bits | claims::kind_bit(t.tile)),
    };
    match outcome {
        Outcome::Shanten(Analysis::Tenpai { waits, .. }) => {
            let mut held: Vec<crate::tile::Tile> = hand.closed.iter().copied().collect();
            held.extend(hand.melds.iter().flat_map(|m| m.tiles.iter().copied()));
            let held = crate::tile::counts(&held);
            Some(Accepted {
                kinds: waits.len() as u32,
                tiles: waits
                    .iter()
                    .map(|w| 4u32.saturating_sub(u32::from(held[w.tile.index()])))
                    .sum(),
                in_sight: waits.iter().map(|w| u32::from(w.left)).sum(),
                which: waits
                    .iter()
                    .fold(0, |bits, w| bits | claims::kind_bit(w.tile)),
            })
        }
        Outcome::Shanten(Analysis::NotTenpai { ukeire, .. }) => Some(of_ukeire(ukeire)),
        Outcome::Shanten(Analysis::Discards {
            options,
            chosen: Some(chosen),
            ..
        }) => options.get(chosen.index?).map(|o| of_ukeire(&o.ukeire)),
        _ => None,
    }
}

/// Does the line's claim state waits?
fn states_waits(h: &ast::HandLine) -> bool {
    h.claim.as_ref().is_some_and(|c| {
        c.items
            .iter()
            .any(|(item, _)| matches!(item, ast::ClaimItem::Waits(_)))
    })
}

/// The waits of a complete hand before its winning tile came: its closed
/// tiles less that tile, with its melds.
fn waits_before_win(hand: &hand::Hand, rules: &Rules) -> Option<Vec<crate::tile::Tile>> {
    let win = hand.win?;
    let mut closed: Vec<crate::tile::Tile> = hand.closed.iter().copied().collect();
    let at = closed.iter().position(|t| *t == win)?;
    closed.remove(at);
    let counts = crate::tile::counts(&closed);
    Some(shanten::waits_under(
        &counts,
        hand.melds.len(),
        rules.players,
    ))
}

fn outcome_of(v: &Validated, rules: &Rules) -> Outcome {
    // A nagashi mangan is paid whatever the tiles (the line may hold none).
    if v.situation.nagashi {
        return match score::score(&v.hand, &v.situation, rules) {
            Ok(s) => Outcome::Scored(Box::new(s)),
            Err(e) => Outcome::NotScored(e),
        };
    }
    match shanten::analyze(&v.hand, &v.situation, rules) {
        Analysis::Complete => match score::score(&v.hand, &v.situation, rules) {
            Ok(s) => Outcome::Scored(Box::new(s)),
            Err(e) => Outcome::NotScored(e),
        },
        other => Outcome::Shanten(other),
    }
}

/// `no-yaku` is a warning in documents (an article may show such a hand on
/// purpose), and so is `atozuke` (a win `atozuke=off` forbids); `rule-off` (nagashi under `nagashi=off`) is a note on the word,
/// as validation gives it for renhou; other scoring errors are errors.
fn score_diagnostic(e: &ScoreError, h: &ast::HandLine) -> Diagnostic {
    let span = h.hand_span.clone();
    match e.code {
        Code::NoYaku => Diagnostic::warning(Code::NoYaku, span, e.message.clone()),
        Code::Atozuke => Diagnostic::warning(Code::Atozuke, span, e.message.clone()),
        Code::RuleOff => {
            let word = h.option("nagashi").map_or(span, |o| o.span());
            Diagnostic::info(Code::RuleOff, word, e.message.clone())
        }
        _ => Diagnostic::error(e.code, span, e.message.clone()),
    }
}

fn facts_of(outcome: &Outcome, sit: &Situation, h: &ast::HandLine) -> Facts {
    let counters = h.option("honba").is_some() || h.option("sticks").is_some();
    let (value, shanten, waits) = match outcome {
        Outcome::Scored(s) => (Value::Priced(priced(s, sit)), Some(-1), None),
        Outcome::NotScored(e) if e.code == Code::NoYaku => (Value::NoYaku, Some(-1), None),
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
        accepted: None,
    }
}

fn priced(s: &Score, sit: &Situation) -> Priced {
    let points = &s.points;
    // The payments are before honba; the total holds honba and sticks, so
    // each payer's honba share is what the total has beyond them.
    let (payment, paid) = if let Some(ron) = points.ron {
        let honba = points.total.saturating_sub(ron + sit.sticks * 1000);
        (Payment::Ron(ron), Payment::Ron(ron + honba))
    } else if sit.is_dealer() {
        let each = points.non_dealer.unwrap_or(0);
        let honba = (points.total.saturating_sub(3 * each + sit.sticks * 1000)) / 3;
        (Payment::All(each), Payment::All(each + honba))
    } else {
        let non_dealer = points.non_dealer.unwrap_or(0);
        let dealer = points.dealer.unwrap_or(0);
        let honba = (points
            .total
            .saturating_sub(2 * non_dealer + dealer + sit.sticks * 1000))
            / 3;
        (
            Payment::Split { non_dealer, dealer },
            Payment::Split {
                non_dealer: non_dealer + honba,
                dealer: dealer + honba,
            },
        )
    };
    Priced {
        han: s.han,
        fu: s.fu,
        limit: s.limit,
        payment,
        paid,
        total: points.total,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(lines: &[AnalyzedLine]) -> Vec<&'static str> {
        lines
            .iter()
            .flat_map(|l| l.analysis.diagnostics.iter().map(|d| d.code.as_str()))
            .collect()
    }

    /// The messages of a line's claim diagnostics.
    fn claim_messages(line: &str) -> Vec<String> {
        analyze_text(line, &Rules::tenhou())
            .diagnostics
            .iter()
            .filter(|d| matches!(d.code, Code::WrongClaim | Code::InapplicableClaim))
            .map(|d| d.message.clone())
            .collect()
    }

    #[test]
    fn counts_of_accepted_tiles_are_checked() {
        // Shanpon on East and South: two of each left.
        assert!(claim_messages("123m456p789s1122z => 2 kinds 4 tiles").is_empty());
        let wrong = claim_messages("123m456p789s1122z => 8 tiles");
        assert_eq!(
            wrong,
            ["wrong claim: the hand accepts 2 kinds, 4 tiles, not 8"]
        );
        // The dora indicator is in sight: 3 tiles, or 4 beside the hand.
        assert!(claim_messages("123m456p789s1122z dora=1z => 3 tiles").is_empty());
        assert!(claim_messages("123m456p789s1122z dora=1z => 4 tiles").is_empty());
        // A 14-tile hand counts after its discard: 1-shanten on 1m4m5s8s.
        let line = "223m222334p67s777z discard=2m => 4 kinds 16 tiles";
        assert!(
            claim_messages(line).is_empty(),
            "{:?}",
            claim_messages(line)
        );
        assert!(!claim_messages("223m222334p67s777z => 16 tiles").is_empty());
    }

    #[test]
    fn lists_of_accepted_tiles_are_checked() {
        // Shanpon on East and South: its waits are what it accepts.
        assert!(claim_messages("123m456p789s1122z => accepts 12z").is_empty());
        // 1-shanten after discarding 2m: 1m4m (the 23m shape) and 5s8s
        // (67s), as the counts above say.
        let line = "223m222334p67s777z discard=2m => accepts 14m58s 4 kinds 16 tiles";
        assert!(
            claim_messages(line).is_empty(),
            "{:?}",
            claim_messages(line)
        );
        assert_eq!(
            claim_messages("223m222334p67s777z discard=2m => accepts 14m5s9s"),
            ["wrong claim: the hand accepts 14m58s, not 14m59s (8s missing; 9s brings it no closer)"]
        );
        // A complete hand accepts nothing.
        assert_eq!(
            claim_messages("123m456p789s11222z => accepts 1z"),
            ["this claim cannot apply: the hand is complete: it accepts no tile"]
        );
    }

    #[test]
    fn waits_of_a_complete_hand_are_those_before_its_winning_tile() {
        assert!(claim_messages("123m456p789s11222z => waits 12z").is_empty());
        assert_eq!(
            claim_messages("123m456p789s11222z => waits 2z"),
            ["wrong claim: before its winning tile, the hand waits on 12z, not 2z"]
        );
    }

    #[test]
    fn a_complete_hand_with_no_yaku_that_discards_is_a_decision_not_a_wrong_win() {
        // An open hand with no yaku, complete: a review's decision records
        // the discard the player had to make.
        let text = "123p444s55z (123m) (406s) discard=2p\n123p444s55z (123m) (406s)\n";
        let lines = Analyzer::new().analyze(text, DocKind::Mj, &Rules::tenhou());
        assert_eq!(codes(&lines[..1]), Vec::<&str>::new());
        assert_eq!(codes(&lines[1..]), vec!["no-yaku"]);
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
    fn a_ron_on_a_hand_waiting_on_its_own_discard_is_furiten() {
        // 23m waits on 1m and 4m; the player discarded 4m and rons on 1m.
        let text = "123m456p789s11122z win=1m ron river=9p4m\n";
        let lines = Analyzer::new().analyze(text, DocKind::Mj, &Rules::tenhou());
        let found = file_diagnostics(&lines);
        assert_eq!(codes(&lines), ["furiten"], "{found:?}");
        assert_eq!(found[0].severity, Severity::Error);
        assert_eq!(&text[found[0].range.clone()], "ron");
        assert!(found[0].message.contains("4m"), "{}", found[0].message);
        let related = &found[0].related[0];
        // The river's 4m (a tile of a run is its digit).
        assert_eq!(
            related.range.start,
            text.find("4m\n").expect("the river's 4m")
        );
        // By tsumo, or with other tiles discarded, it is no error.
        for clean in [
            "123m456p789s11122z win=1m tsumo river=9p4m\n",
            "123m456p789s11122z win=1m ron river=9p5m\n",
            "123m456p789s11122z win=1m ron\n",
        ] {
            let lines = Analyzer::new().analyze(clean, DocKind::Mj, &Rules::tenhou());
            assert!(codes(&lines).is_empty(), "{clean}: {:?}", codes(&lines));
        }
    }

    #[test]
    fn river_tiles_count_as_seen() {
        // Four 4m: three in the river and one in sight make a fifth with
        // the hand's.
        let text = "123m456p789s1112z4m river=4m4m visible=4m4m\n";
        let lines = Analyzer::new().analyze(text, DocKind::Mj, &Rules::tenhou());
        assert_eq!(codes(&lines), ["fifth-tile-indicator"]);
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

    /// Nagashi under `nagashi=off` is a note on the word, as renhou is
    /// under its rule: the line is not wrong, the rules do not pay it.
    #[test]
    fn nagashi_when_the_rules_do_not_pay_it_is_a_note_on_the_word() {
        let text = "rules: nagashi=off\n123m456p789s11222z nagashi seat=s\n";
        let lines = Analyzer::new().analyze(text, DocKind::Mj, &Rules::tenhou());
        let d = file_diagnostics(&lines);
        assert_eq!(d.len(), 1);
        assert_eq!((d[0].code, d[0].severity), (Code::RuleOff, Severity::Info));
        assert_eq!(&text[d[0].range.clone()], "nagashi");
    }

    #[test]
    fn diagnostics_map_to_the_file_inside_a_block_quote() {
        let text = "Intro.\n\n> ```mj\n> 123m 456p 789s 11z 228z\n> ```\n";
        let lines = Analyzer::new().analyze(text, DocKind::Markdown, &Rules::tenhou());
        let d = file_diagnostics(&lines);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].code, Code::InvalidTile);
        assert_eq!(d[0].range.start, text.find("8z").unwrap());
    }

    #[test]
    fn inline_tile_mentions_are_not_held_to_a_tile_count() {
        // Fewer than 13 tiles is a shape (`123m 456p 789s 11z`); 13 or
        // more is a hand, held to its count.
        let text = "The wait on `14m`, the typo `11128z`, the meld `(1111s)`, the shape `123m 456p 789s 11z`, the hand `123m 456p 789s 11z 2222z`.\n";
        let lines = Analyzer::new().analyze(text, DocKind::Markdown, &Rules::tenhou());
        assert_eq!(lines.len(), 5);
        assert_eq!(codes(&lines), ["invalid-tile", "tile-count"]);
        // The same text on a line of its own is a whole hand.
        let lines = Analyzer::new().analyze("14m\n", DocKind::Mj, &Rules::tenhou());
        assert_eq!(codes(&lines), ["tile-count"]);
    }

    #[test]
    fn the_cache_reanalyses_only_changed_lines() {
        let mut a = Analyzer::new();
        let text = "123m456p789s11z22z\n234m567p789s11z22z\n123m456p789s11z22z\n";
        a.analyze(text, DocKind::Mj, &Rules::tenhou());
        assert_eq!(a.stats(), (1, 2));
        let edited = text.replacen("234m", "345m", 1);
        let lines = a.analyze(&edited, DocKind::Mj, &Rules::tenhou());
        assert_eq!(a.stats(), (3, 3));
        assert!(Arc::ptr_eq(&lines[0].analysis, &lines[2].analysis));
        assert!(lines[1].analysis.hand_line().is_some());
        // Other rules: other entries.
        let mut k = Rules::tenhou();
        k.kiriage = true;
        let lines = a.analyze(&edited, DocKind::Mj, &k);
        assert_eq!(a.stats(), (4, 5));
        assert!(lines.iter().all(|l| l.analysis.rules.kiriage));
    }

    #[test]
    fn lines_after_an_edit_are_taken_over_shifted() {
        let mut a = Analyzer::new();
        let text = "11z\n22z\n33z\n44z\n";
        a.analyze(text, DocKind::Mj, &Rules::tenhou());
        let before = a.stats();
        // A line inserted at the top: every other line moves.
        let edited = format!("55z 66z\n{text}");
        let lines = a.analyze(&edited, DocKind::Mj, &Rules::tenhou());
        assert_eq!(a.stats(), (before.0 + 4, before.1 + 1));
        assert_eq!(lines.len(), 5);
        assert_eq!(&edited[lines[4].range.clone()], "44z");
        // A rules line changes what follows it: those lines are analysed again.
        let ruled = format!("rules: kiriage\n{text}");
        let lines = a.analyze(&ruled, DocKind::Mj, &Rules::tenhou());
        assert!(lines[1..].iter().all(|l| l.analysis.rules.kiriage));
    }

    #[test]
    fn the_cache_stays_bounded_over_many_edits() {
        let mut a = Analyzer::new();
        let base = "123m456p789s11z22z\n".repeat(3);
        for i in 0..2000 {
            let text = format!("{base}123m456p789s11z22z dora={}m\n", i % 9 + 1);
            let text = format!("{text}# edit {i}\n");
            a.analyze(&text, DocKind::Mj, &Rules::tenhou());
            assert!(a.len() <= 2 * 5 + 256, "{} cached", a.len());
        }
    }

    #[test]
    fn multibyte_edits_keep_char_boundaries() {
        let mut a = Analyzer::new();
        a.analyze("🀄🀄🀄 11z\n🀇🀈🀉\n", DocKind::Mj, &Rules::tenhou());
        let lines = a.analyze("🀄🀄🀅 11z\n🀇🀈🀉\n", DocKind::Mj, &Rules::tenhou());
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[1].range, "🀄🀄🀅 11z\n".len().."🀄🀄🀅 11z\n🀇🀈🀉".len());
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
            analysis: Arc::new(analyze_text("11z", &Rules::tenhou())),
            translation: None,
        };
        assert_eq!(l.to_document(&(2..99)), 12..15);
        assert_eq!(l.to_document(&(99..120)), 15..15);
        #[allow(clippy::reversed_empty_ranges)]
        let reversed = 3..1;
        assert_eq!(l.to_document(&reversed), 13..13);
    }

    #[test]
    fn a_large_cold_pass_on_all_cores_equals_line_by_line_analysis() {
        let mut text = String::from("```mj\n");
        for i in 0..(PARALLEL_LINES + 300) {
            if i == 1000 {
                text.push_str("rules: kiriage\n");
            }
            // 1500 distinct lines (honba is at most 999).
            let k = i % 1500;
            text.push_str(&format!(
                "(555z) 123p 456p 789p 11p win=9p seat=s honba={} sticks={} => 7700\n",
                k % 750,
                k / 750
            ));
        }
        text.push_str("```\nInline: `123m 456p 789s 11z 228z` and `14m`.\n");
        let mut a = Analyzer::new();
        // Another document first, as `check` does with several files.
        a.analyze("11z 22z\n", DocKind::Mj, &Rules::tenhou());
        let before = a.stats().1;
        let lines = a.analyze(&text, DocKind::Markdown, &Rules::tenhou());
        // Distinct lines: k 0..1000 under Tenhou rules, then 1348 under
        // kiriage (k 1000..1500 and 0..848), the rules line, 2 inline.
        assert_eq!(
            a.stats().1 - before,
            1000 + 1348 + 1 + 2,
            "each distinct line once"
        );
        let mut rules = Rules::tenhou();
        for l in &lines {
            let line = &text[l.range.clone()];
            let context = if l.origin.is_inline() {
                Context::Inline
            } else {
                Context::Line
            };
            let alone = analyze_in(line, &rules, context);
            assert_eq!(l.analysis.diagnostics, alone.diagnostics, "{line}");
            assert_eq!(l.analysis.rules, alone.rules, "{line}");
            if let Some(after) = alone.rules_after {
                rules = after;
            }
        }
        // 4 han 30 fu: 7700 under Tenhou rules, a mangan under kiriage.
        assert!(lines[0].analysis.diagnostics.is_empty());
        assert_eq!(lines[1002].analysis.diagnostics[0].code, Code::WrongClaim);
        assert!(lines[1002].analysis.rules.kiriage);
    }
}
