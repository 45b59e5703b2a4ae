//! Open documents: a [`TextDocument`] per URI, edited incrementally, and
//! its analysis, kept up to date line by line where it can be.

use std::collections::HashMap;
use std::sync::Arc;

use tower_lsp_server::ls_types::{TextDocumentContentChangeEvent, Uri};

use super::position;
use crate::document::Encoding;
use crate::document::{DocKind, TextDocument};
use std::ops::Range;

use crate::config::Config;
use crate::document::{mj_lines, AnalyzedLine, Analyzer, DialectConfig, IGNORE_MJ};
use crate::score::Rules;

/// The kind of a document, from the client's language id, falling back on
/// the file extension; a document of another language is read as `.mj`
/// (the client chose to send it to a hand-notation server).
pub fn detect_kind(language_id: &str, uri: &Uri) -> DocKind {
    if let Some(kind) = DocKind::from_language_id(language_id) {
        return kind;
    }
    match language_id {
        "mdx" | "quarto" | "rmd" => DocKind::Markdown,
        _ => {
            // The path's extension: not a query's or a fragment's.
            let path = uri.as_str().split(['?', '#']).next().unwrap_or_default();
            DocKind::from_path(std::path::Path::new(path)).unwrap_or(DocKind::Mj)
        }
    }
}

pub struct Doc {
    /// The text, always the client's latest. Shared with the
    /// [`Snapshot`]s of queries still running, and copied on write only
    /// while one is.
    text: Arc<TextDocument>,
    pub version: i32,
    pub kind: DocKind,
    /// The per-line analysis cache of this document.
    analyzer: Analyzer,
    /// The analysis of `text` when `fresh` (shared as `text` is).
    lines: Arc<Vec<AnalyzedLine>>,
    /// How many diagnostics each of `lines` has (see [`View::counts`]).
    counts: Arc<Vec<u32>>,
    /// `lines` match the text and the rules.
    fresh: bool,
    /// The rules `lines` were analysed under (before any `rules:` line).
    base: Rules,
    /// Edits applied line by line since the last whole pass (whose
    /// eviction bounds the cache).
    since_pass: u32,
    /// The text may hold a `# tenpai: ignore` (true whenever it does; a
    /// stale true after one is deleted costs whole passes until the next
    /// one, never a wrong analysis). Kept so that a keystroke does not
    /// search the whole text for one.
    may_ignore: bool,
    /// The nearest `tenpai.toml` above the document's file, read when it
    /// was opened: its rules and honors win over the editor's settings, so
    /// the editor agrees with `tenpai check` in CI.
    pub project: Option<Config>,
    /// The document's file, for the project's `exclude` globs.
    pub path: Option<std::path::PathBuf>,
    /// The diagnostics last published for this document (at most
    /// `MAX_DIAGNOSTICS`): an edit that leaves them as they were (most
    /// keystrokes in a large document) publishes nothing.
    pub published: Option<Vec<tower_lsp_server::ls_types::Diagnostic>>,
}

/// After this many line-by-line updates, the next query runs a whole pass,
/// which drops the cache entries of lines no longer in the document.
const PASS_EVERY: u32 = 1000;

/// An analysed document, for queries.
pub struct View<'a> {
    pub document: &'a TextDocument,
    pub lines: &'a [AnalyzedLine],
    /// How many diagnostics each of `lines` has, side by side with them:
    /// the diagnostics of every keystroke walk this (a few kilobytes, in
    /// order) instead of reading each line's analysis, which lies
    /// elsewhere on the heap (a cache miss a line).
    pub counts: &'a [u32],
    pub kind: DocKind,
}

/// An analysed document at one version, owned (see [`Doc::snapshot`]).
pub struct Snapshot {
    text: Arc<TextDocument>,
    lines: Arc<Vec<AnalyzedLine>>,
    counts: Arc<Vec<u32>>,
    kind: DocKind,
}

impl Snapshot {
    pub fn view(&self) -> View<'_> {
        View {
            document: &self.text,
            lines: &self.lines,
            counts: &self.counts,
            kind: self.kind,
        }
    }
}

impl View<'_> {
    /// The document's text.
    pub fn text(&self) -> &str {
        self.document.text()
    }
}

/// What a line-by-line update needs, found in the text before the edit.
struct LineUpdate {
    /// The whole text lines the edit touches (bytes of the old text).
    old_lines: Range<usize>,
    /// The analysed lines among them (indices into `lines`).
    analysed: Range<usize>,
    /// The rules in force at their start.
    rules: Rules,
}

impl Doc {
    pub fn new(text: &str, version: i32, kind: DocKind) -> Doc {
        Doc {
            text: Arc::new(TextDocument::new(text)),
            version,
            kind,
            analyzer: Analyzer::new(),
            lines: Arc::default(),
            counts: Arc::default(),
            fresh: false,
            base: Rules::default(),
            since_pass: 0,
            may_ignore: true,
            project: None,
            path: None,
            published: None,
        }
    }

    /// The rules changed: everything is to be analysed again.
    pub fn invalidate(&mut self) {
        self.fresh = false;
    }

    /// The document analysed under `rules` (only the lines edited since the
    /// last call are analysed again: the rest come from the cache).
    pub fn view(&mut self, rules: &Rules, dialects: &DialectConfig) -> View<'_> {
        if !self.fresh || self.base != *rules || self.analyzer.dialects() != dialects {
            if self.analyzer.dialects() != dialects {
                // Other dialects: the cached analyses are of other sites.
                self.analyzer = Analyzer::new();
                self.analyzer.set_dialects(dialects.clone());
            }
            let excluded = self
                .project
                .as_ref()
                .zip(self.path.as_deref())
                .is_some_and(|(c, p)| c.excludes(p));
            self.lines = Arc::new(if excluded {
                Vec::new()
            } else {
                self.analyzer.analyze(self.text.text(), self.kind, rules)
            });
            self.counts = Arc::new(self.lines.iter().map(diagnostic_count).collect());
            self.base = rules.clone();
            self.fresh = true;
            self.since_pass = 0;
            self.may_ignore = self.text.text().contains(IGNORE_MJ);
        }
        debug_assert_eq!(self.lines.len(), self.counts.len());
        View {
            document: &self.text,
            lines: &self.lines,
            counts: &self.counts,
            kind: self.kind,
        }
    }

    /// The document's current text (analysed or not).
    pub fn text(&self) -> &TextDocument {
        &self.text
    }

    /// The document analysed under `rules`, as a snapshot that owns its
    /// parts (shared, not copied): a query runs on it off the event loop,
    /// while edits go on.
    pub fn snapshot(&mut self, rules: &Rules, dialects: &DialectConfig) -> Snapshot {
        self.view(rules, dialects);
        Snapshot {
            text: self.text.clone(),
            lines: self.lines.clone(),
            counts: self.counts.clone(),
            kind: self.kind,
        }
    }

    /// Applies the changes in order. A change whose range starts past the end
    /// of the document is clamped to the end (the protocol leaves this
    /// undefined; clamping keeps the text and the client's text closest).
    /// Returns a description of anything that had to be repaired.
    pub fn apply(
        &mut self,
        version: i32,
        changes: Vec<TextDocumentContentChangeEvent>,
        enc: Encoding,
    ) -> Vec<String> {
        let mut notes = Vec::new();
        for change in changes {
            match change.range {
                None => {
                    self.text = Arc::new(TextDocument::new(change.text));
                    self.fresh = false;
                }
                Some(range) => {
                    let mut start = position::offset_clamped(&self.text, range.start, enc);
                    let mut end = position::offset_clamped(&self.text, range.end, enc);
                    if end < start {
                        notes.push(format!(
                            "edit range end {:?} before its start {:?}; applied as if swapped",
                            range.end, range.start
                        ));
                        std::mem::swap(&mut start, &mut end);
                    }
                    let update = match self.fresh {
                        true => self.line_update(start..end, &change.text),
                        false => None,
                    };
                    Arc::make_mut(&mut self.text).replace(start..end, &change.text);
                    let delta = change.text.len() as isize - (end - start) as isize;
                    self.fresh = update.is_some_and(|update| self.reanalyse_lines(update, delta));
                }
            }
        }
        self.version = version;
        notes
    }

    /// Before the edit of `old` (bytes of the current text) into `new`:
    /// what updating `lines` line by line needs, or `None` when a whole
    /// pass is needed instead. Only for `.mj` documents, whose hand lines
    /// are their text lines, and only when no `rules:` line is removed (the
    /// rules of the lines after it would change).
    fn line_update(&self, old: Range<usize>, new: &str) -> Option<LineUpdate> {
        if self.kind != DocKind::Mj || self.since_pass >= PASS_EVERY {
            return None;
        }
        // `# tenpai: ignore` on a line of its own reaches the next line
        // (through comment and blank lines): a whole pass knows which. One
        // the edit completes is found in the lines it touched, afterwards.
        if self.may_ignore || new.contains(IGNORE_MJ) {
            return None;
        }
        let text = self.text.text();
        if old.end > text.len()
            || !text.is_char_boundary(old.start)
            || !text.is_char_boundary(old.end)
        {
            return None;
        }
        // The whole text lines the edit touches, line break included (a
        // lone `\r` ends a line too).
        let ls = text[..old.start].rfind(['\n', '\r']).map_or(0, |i| i + 1);
        let le = text[old.end..]
            .find(['\n', '\r'])
            .map_or(text.len(), |i| old.end + i + 1);
        let first = self.lines.partition_point(|l| l.range.start < ls);
        let last = self.lines.partition_point(|l| l.range.start < le);
        if self.lines[first..last]
            .iter()
            .any(|l| l.analysis.rules_after.is_some())
        {
            return None;
        }
        let rules = match first.checked_sub(1).and_then(|i| self.lines.get(i)) {
            Some(prev) => prev
                .analysis
                .rules_after
                .clone()
                .unwrap_or_else(|| prev.analysis.rules.clone()),
            None => self.base.clone(),
        };
        Some(LineUpdate {
            old_lines: ls..le,
            analysed: first..last,
            rules,
        })
    }

    /// Keeps `lines` up to date after an edit that changed the text's
    /// length by `delta`, analysing only the lines the edit touched: the
    /// other lines keep their analysis and move. Returns false when a
    /// whole pass is needed instead (the edit wrote a `rules:` line).
    fn reanalyse_lines(&mut self, update: LineUpdate, delta: isize) -> bool {
        let LineUpdate {
            old_lines,
            analysed,
            rules,
        } = update;
        let (first, last) = (analysed.start, analysed.end);
        let new_end = (old_lines.end as isize + delta) as usize;
        let text = self.text.text();
        // An ignore comment lies within one line: any new one is in the
        // lines the edit wrote.
        if text
            .get(old_lines.start..new_end)
            .is_none_or(|touched| touched.contains(IGNORE_MJ))
        {
            return false;
        }
        let mut fresh_lines = Vec::new();
        for site in mj_lines(text, old_lines.start..new_end) {
            let analysis = self
                .analyzer
                .analyze_line(&text[site.range.clone()], &rules);
            if analysis.rules_after.is_some() {
                return false;
            }
            fresh_lines.push(AnalyzedLine {
                range: site.range,
                origin: site.origin,
                analysis,
                translation: None,
            });
        }
        let lines = Arc::make_mut(&mut self.lines);
        for l in &mut lines[last..] {
            l.range =
                (l.range.start as isize + delta) as usize..(l.range.end as isize + delta) as usize;
        }
        let fresh_counts: Vec<u32> = fresh_lines.iter().map(diagnostic_count).collect();
        lines.splice(first..last, fresh_lines);
        Arc::make_mut(&mut self.counts).splice(first..last, fresh_counts);
        self.since_pass += 1;
        true
    }
}

/// How many diagnostics a line has (for [`View::counts`]).
fn diagnostic_count(line: &AnalyzedLine) -> u32 {
    u32::try_from(line.analysis.diagnostics.len()).unwrap_or(u32::MAX)
}

#[derive(Default)]
pub struct Store {
    docs: HashMap<Uri, Doc>,
}

impl Store {
    pub fn open(&mut self, uri: Uri, doc: Doc) {
        self.docs.insert(uri, doc);
    }

    pub fn close(&mut self, uri: &Uri) -> Option<Doc> {
        self.docs.remove(uri)
    }

    pub fn get(&self, uri: &Uri) -> Option<&Doc> {
        self.docs.get(uri)
    }

    pub fn get_mut(&mut self, uri: &Uri) -> Option<&mut Doc> {
        self.docs.get_mut(uri)
    }

    pub fn uris(&self) -> Vec<Uri> {
        self.docs.keys().cloned().collect()
    }

    pub fn invalidate_all(&mut self) {
        for d in self.docs.values_mut() {
            d.invalidate();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position;
    use tower_lsp_server::ls_types::{Position, Range};

    fn edit(l0: u32, c0: u32, l1: u32, c1: u32, text: &str) -> TextDocumentContentChangeEvent {
        TextDocumentContentChangeEvent {
            range: Some(Range::new(Position::new(l0, c0), Position::new(l1, c1))),
            range_length: None,
            text: text.to_string(),
        }
    }

    #[test]
    fn incremental_edits_apply_in_order() {
        let mut doc = Doc::new("🀄 123m\n456p\n", 1, DocKind::Mj);
        let notes = doc.apply(
            2,
            vec![edit(0, 3, 0, 6, "789"), edit(1, 0, 2, 0, "")],
            Encoding::Utf16,
        );
        assert!(notes.is_empty());
        assert_eq!(doc.text().text().to_string(), "🀄 789m\n");
        assert_eq!(doc.version, 2);
    }

    #[test]
    fn bad_ranges_are_repaired() {
        let mut doc = Doc::new("abc", 1, DocKind::Mj);
        let notes = doc.apply(2, vec![edit(0, 2, 0, 1, "X")], Encoding::Utf8);
        assert_eq!(doc.text().text().to_string(), "aXc");
        assert_eq!(notes.len(), 1);
        doc.apply(3, vec![edit(7, 0, 9, 0, "!")], Encoding::Utf8);
        assert_eq!(doc.text().text().to_string(), "aXc!");
    }

    /// Line-by-line updates give exactly what a whole pass gives.
    #[test]
    fn line_updates_match_a_whole_pass() {
        let pieces = [
            "234m567p22s345678s riichi tsumo dora=1s\n",
            "123m456p789s1122z riichii\n",
            "11111m456p789s22z\n",
            "rules: kiriage\n",
            "234m567p22s345678s riichi dora=1m seat=s\n",
            "# a comment\n",
            "\n",
            "   (123m) 456p789s11z34s  \n",
            "123m456p789s1122z\r",
            "11z22z\r\n",
        ];
        let mut seed = 0x1234_5678_9abc_def1u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        // A byte order mark, which belongs to no line's hand.
        let start = format!("\u{feff}{}", pieces.concat());
        let mut doc = Doc::new(&start, 1, DocKind::Mj);
        let rules = Rules::default();
        doc.view(&rules, &DialectConfig::default());
        let mut incremental = 0;
        for v in 2..400 {
            let text = doc.text().text().to_string();
            let a = next(text.len() + 1);
            let b = (a + next(12)).min(text.len());
            let (a, b) = (text.floor_char_boundary(a), text.floor_char_boundary(b));
            let insert = match next(4) {
                0 => pieces[next(pieces.len())].to_string(),
                1 => String::new(),
                2 => "\n".to_string(),
                _ => ["1", "m", " ", "riichi", "🀄", "=> 8000", "\r"][next(7)].to_string(),
            };
            let (p0, p1) = (
                position::position(doc.text(), a, Encoding::Utf8),
                position::position(doc.text(), b, Encoding::Utf8),
            );
            let was_fresh = doc.fresh;
            doc.apply(
                v,
                vec![edit(p0.line, p0.character, p1.line, p1.character, &insert)],
                Encoding::Utf8,
            );
            if was_fresh && doc.fresh {
                incremental += 1;
            }
            let expected = {
                let t = doc.text().text().to_string();
                let got = Analyzer::new().analyze(&t, DocKind::Mj, &rules);
                got.iter()
                    .map(|l| (l.range.clone(), l.analysis.diagnostics.clone()))
                    .collect::<Vec<_>>()
            };
            let now = doc.text().text().to_string();
            let view = doc.view(&rules, &DialectConfig::default());
            assert_eq!(view.text(), now);
            let got: Vec<_> = view
                .lines
                .iter()
                .map(|l| (l.range.clone(), l.analysis.diagnostics.clone()))
                .collect();
            let counts: Vec<u32> = got.iter().map(|(_, d)| d.len() as u32).collect();
            assert_eq!(view.counts, counts, "the counts after edit {v}");
            assert_eq!(got, expected, "after edit {v}");
        }
        assert!(incremental > 100, "only {incremental} line-by-line updates");
    }

    /// The analysis of the document as a whole pass gives it.
    fn whole_pass(doc: &Doc, rules: &Rules) -> Vec<(std::ops::Range<usize>, usize)> {
        let text = doc.text().text().to_string();
        Analyzer::new()
            .analyze(&text, DocKind::Mj, rules)
            .iter()
            .map(|l| (l.range.clone(), l.analysis.diagnostics.len()))
            .collect()
    }

    /// The analysis the document keeps, as [`whole_pass`] gives it.
    fn as_kept(
        doc: &mut Doc,
        rules: &Rules,
        dialects: &DialectConfig,
    ) -> Vec<(std::ops::Range<usize>, usize)> {
        let view = doc.view(rules, dialects);
        view.lines
            .iter()
            .map(|l| (l.range.clone(), l.analysis.diagnostics.len()))
            .collect()
    }

    /// `# tenpai: ignore` typed a character at a time on a line of its own
    /// (it then ignores the hand line below), then deleted the same way:
    /// after each keystroke the document reads as a whole pass reads it,
    /// and with no ignore left, keystrokes are line by line again.
    #[test]
    fn an_ignore_comment_typed_and_deleted_is_seen() {
        let rules = Rules::default();
        let dialects = DialectConfig::default();
        let mut doc = Doc::new("123m456p789s11z qq\n\n123m456p789s11z zz\n", 1, DocKind::Mj);
        doc.view(&rules, &dialects);
        let comment = "# tenpai: ignore";
        let mut version = 1;
        for (column, typed) in comment.char_indices() {
            version += 1;
            let column = column as u32;
            doc.apply(
                version,
                vec![edit(1, column, 1, column, &typed.to_string())],
                Encoding::Utf8,
            );
            let got = as_kept(&mut doc, &rules, &dialects);
            assert_eq!(got, whole_pass(&doc, &rules), "after typing {typed:?}");
        }
        // The comment and the hand below it are ignored: only the first
        // hand is read.
        assert_eq!(doc.view(&rules, &dialects).lines.len(), 1);
        for column in (0..comment.len() as u32).rev() {
            version += 1;
            doc.apply(
                version,
                vec![edit(1, column, 1, column + 1, "")],
                Encoding::Utf8,
            );
            let got = as_kept(&mut doc, &rules, &dialects);
            assert_eq!(got, whole_pass(&doc, &rules), "after deleting at {column}");
        }
        assert_eq!(doc.view(&rules, &dialects).lines.len(), 2);
        // No ignore left: a keystroke in a hand line is applied line by line.
        doc.apply(version + 1, vec![edit(0, 0, 0, 0, "1m")], Encoding::Utf8);
        assert!(doc.fresh, "a whole pass was asked for");
    }

    #[test]
    fn languages() {
        let uri: Uri = "file:///a/b.md".parse().unwrap();
        assert_eq!(detect_kind("plaintext", &uri), DocKind::Markdown);
        assert_eq!(detect_kind("mj", &uri), DocKind::Mj);
        let uri: Uri = "file:///a/b.mj".parse().unwrap();
        assert_eq!(detect_kind("", &uri), DocKind::Mj);
        // The extension is the path's, whatever query or fragment follows.
        let uri: Uri = "file:///a/b.md?x=1#intro".parse().unwrap();
        assert_eq!(detect_kind("plaintext", &uri), DocKind::Markdown);
        let uri: Uri = "untitled:notes.mj#x.md".parse().unwrap();
        assert_eq!(detect_kind("plaintext", &uri), DocKind::Mj);
    }
}
