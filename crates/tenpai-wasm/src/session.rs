//! One open document of the playground: its text, its analysis (cached
//! by line, as the language server keeps it) and the answers an editor
//! asks for, in the language server's terms but with UTF-16 offsets into
//! the whole text, which is how CodeMirror counts positions.
//!
//! Every answer is computed by `tenpai_doc::document::present`, the same
//! functions the language server calls: this module only places them in
//! the document and gives them serialisable shapes.

use std::ops::Range;

use serde::Serialize;
use tenpai_core::code::Code;
use tenpai_core::score::Rules;
pub use tenpai_core::tile::TileText;
use tenpai_doc::document::fix::{fix_document, FixLevel};
use tenpai_doc::document::present::{
    actions, completion, hints, hover as hover_text, semantic, symbols,
};
use tenpai_doc::document::{
    file_diagnostics, line_at, AnalyzedLine, Analyzer, DocKind, FileDiagnostic, Origin,
};
use tenpai_doc::format::HonorStyle;

use crate::offsets::Utf16Map;

/// A replacement of `from..to` (UTF-16 offsets) by `insert`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Change {
    pub from: usize,
    pub to: usize,
    pub insert: String,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Fix {
    pub title: String,
    pub change: Change,
    /// Writes what the line already means (see `tenpai_core::diag::Fix`).
    pub safe: bool,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Related {
    pub from: usize,
    pub to: usize,
    pub message: String,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Diagnostic {
    pub from: usize,
    pub to: usize,
    /// `error`, `warning` or `info`.
    pub severity: &'static str,
    pub code: Code,
    pub message: String,
    pub related: Vec<Related>,
    pub fixes: Vec<Fix>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Hint {
    pub at: usize,
    pub label: String,
    /// `value`, `state` or `discard`.
    pub kind: &'static str,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Token {
    pub from: usize,
    pub to: usize,
    /// The language server's legend name (`manTile`, `property`, …).
    #[serde(rename = "type")]
    pub token_type: &'static str,
    /// Modifier names (`red`, `called`).
    pub modifiers: Vec<&'static str>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Symbol {
    pub from: usize,
    pub to: usize,
    pub name: String,
    pub detail: String,
}

/// What an edit of the text brings: what the editor draws over the whole
/// document (semantic tokens are asked for by range, [`Session::tokens`]:
/// an editor colours what it shows, and a long document's tokens are most
/// of what an edit would otherwise send back).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Update {
    pub diagnostics: Vec<Diagnostic>,
    pub hints: Vec<Hint>,
    /// Hand lines analysed (with their offsets, for the calculator).
    pub lines: Vec<LineSpan>,
}

/// What an edit brings to an editor that keeps what it drew (hints,
/// diagnostics, highlighting) and maps it through the edit
/// ([`Session::edit`]): only where the analysis changed, so that the
/// editor asks again for that part alone ([`Session::hints_in`],
/// [`Session::diagnostics_in`], [`Session::tokens_packed`]) and a
/// keystroke costs the lines it touched, not the document.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Edit {
    /// The part of the new text between the hand lines that kept their
    /// place and their analysis: every line whose analysis changed, came
    /// or went is in it. `None`: no line changed.
    pub changed: Option<LineSpan>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct LineSpan {
    pub from: usize,
    pub to: usize,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Hover {
    pub from: usize,
    pub to: usize,
    pub markdown: String,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Action {
    pub title: String,
    /// `quickfix` or `rewrite`.
    pub kind: &'static str,
    pub changes: Vec<Change>,
    /// The one an editor may apply on its own: a diagnostic's first safe fix.
    pub preferred: bool,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Completion {
    pub label: String,
    pub detail: String,
    pub change: Change,
    /// A second edit made with it (`win=` also adds the tile to the hand).
    pub also: Option<Change>,
    pub sort: String,
    /// `option`, `tile` or `value`.
    pub kind: &'static str,
}

/// How the document writes honors, for the formatter and the rewrites.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Honors {
    #[default]
    Digits,
    Letters,
}

impl Honors {
    fn style(self) -> HonorStyle {
        match self {
            Honors::Digits => HonorStyle::Digits,
            Honors::Letters => HonorStyle::Letters,
        }
    }
}

/// The legend of [`Session::tokens_packed`]: type names by index.
pub fn token_types() -> Vec<&'static str> {
    semantic::TokenType::ALL.iter().map(|t| t.name()).collect()
}

/// The legend of [`Session::tokens_packed`]: modifier names by bit.
pub const TOKEN_MODIFIERS: [&str; 2] = semantic::MODIFIERS;

/// An open document.
pub struct Session {
    kind: DocKind,
    rules: Rules,
    honors: Honors,
    tile_text: TileText,
    analyzer: Analyzer,
    text: String,
    lines: Vec<AnalyzedLine>,
    map: Utf16Map,
}

/// The rules a list of rule words (`tenhou kiriage`, `mahjong-soul`) leaves
/// in force, starting from Tenhou's, or what is wrong with a word.
pub fn rules_of_words(words: &str) -> Result<Rules, String> {
    let mut rules = Rules::tenhou();
    rules.apply_words(words)?;
    Ok(rules)
}

impl Session {
    pub fn new(kind: DocKind) -> Session {
        Session {
            kind,
            rules: Rules::tenhou(),
            honors: Honors::Digits,
            tile_text: TileText::Ascii,
            analyzer: Analyzer::new(),
            text: String::new(),
            lines: Vec::new(),
            map: Utf16Map::default(),
        }
    }

    pub fn kind(&self) -> DocKind {
        self.kind
    }

    /// The document's kind from now on; the next [`Session::update`]
    /// analyses it again.
    pub fn set_kind(&mut self, kind: DocKind) {
        if kind != self.kind {
            self.kind = kind;
            self.analyzer = Analyzer::new();
            self.text.clear();
        }
    }

    /// The rules of lines before any `rules:` line.
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn set_honors(&mut self, honors: Honors) {
        self.honors = honors;
    }

    pub fn set_tile_text(&mut self, tile_text: TileText) {
        self.tile_text = tile_text;
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// Takes the editor's whole text and analyses what changed.
    pub fn update(&mut self, text: &str) -> Update {
        self.analyse(text);
        Update {
            diagnostics: self.diagnostics(),
            hints: self.hints(),
            lines: self.line_spans(),
        }
    }

    /// Takes the editor's text after an edit and analyses what changed;
    /// the answer says where lines changed instead of carrying the whole
    /// document's hints (ask [`Session::hints_in`] for that part).
    pub fn edit(&mut self, text: &str) -> Edit {
        let before = std::mem::take(&mut self.lines);
        let old_len = self.text.len();
        self.analyse(text);
        let changed = changed_lines(&before, &self.lines, old_len, text.len()).map(|bytes| {
            let (from, to) = self.map.range(&bytes);
            LineSpan { from, to }
        });
        Edit { changed }
    }

    fn analyse(&mut self, text: &str) {
        self.lines = self.analyzer.analyze(text, self.kind, &self.rules);
        self.text.clear();
        self.text.push_str(text);
        self.map = Utf16Map::new(text);
    }

    fn line_spans(&self) -> Vec<LineSpan> {
        self.lines
            .iter()
            .map(|l| {
                let (from, to) = self.map.range(&l.range);
                LineSpan { from, to }
            })
            .collect()
    }

    fn change(&self, range: &Range<usize>, insert: String) -> Change {
        let (from, to) = self.map.range(range);
        Change { from, to, insert }
    }

    fn diagnostic(&self, d: &FileDiagnostic) -> Diagnostic {
        let (from, to) = self.map.range(&d.range);
        Diagnostic {
            from,
            to,
            severity: d.severity.as_str(),
            code: d.code,
            message: d.message.clone(),
            related: d
                .related
                .iter()
                .map(|r| {
                    let (from, to) = self.map.range(&r.range);
                    Related {
                        from,
                        to,
                        message: r.message.clone(),
                    }
                })
                .collect(),
            fixes: d
                .fixes
                .iter()
                .map(|f| Fix {
                    title: f.title.clone(),
                    change: self.change(&f.range, f.replacement.clone()),
                    safe: f.safe,
                })
                .collect(),
        }
    }

    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        file_diagnostics(&self.lines)
            .iter()
            .map(|d| self.diagnostic(d))
            .collect()
    }

    /// The diagnostics of the hand lines meeting UTF-16 `from..to`.
    pub fn diagnostics_in(&self, from: usize, to: usize) -> Vec<Diagnostic> {
        file_diagnostics(self.lines_in(from, to))
            .iter()
            .map(|d| self.diagnostic(d))
            .collect()
    }

    /// The hand line at UTF-16 offset `at` (the first one ending at or
    /// after it, if it starts at or before it), for the calculator.
    pub fn line_at(&self, at: usize) -> Option<LineSpan> {
        let line = line_at(&self.lines, self.map.to_byte(at))?;
        let (from, to) = self.map.range(&line.range);
        Some(LineSpan { from, to })
    }

    pub fn hints(&self) -> Vec<Hint> {
        self.hints_of(&self.lines)
    }

    /// The inlay hints of the hand lines meeting UTF-16 `from..to`.
    pub fn hints_in(&self, from: usize, to: usize) -> Vec<Hint> {
        self.hints_of(self.lines_in(from, to))
    }

    fn hints_of(&self, lines: &[AnalyzedLine]) -> Vec<Hint> {
        let mut out = Vec::new();
        for line in lines {
            for h in hints::hints(&line.analysis) {
                let at = line.to_document(&(h.offset..h.offset)).start;
                out.push(Hint {
                    at: self.map.to_utf16(at),
                    label: h.label,
                    kind: match h.kind {
                        hints::HintKind::Value => "value",
                        hints::HintKind::State => "state",
                        hints::HintKind::Discard => "discard",
                    },
                });
            }
        }
        out
    }

    /// The semantic tokens of the lines meeting UTF-16 `from..to`.
    pub fn tokens(&self, from: usize, to: usize) -> Vec<Token> {
        let mut out = Vec::new();
        for line in self.lines_in(from, to) {
            for t in semantic::tokens(&line.analysis.line, line.range.len()) {
                let (from, to) = self.map.range(&line.to_document(&t.span));
                if to <= from {
                    continue;
                }
                let modifiers = semantic::MODIFIERS
                    .iter()
                    .enumerate()
                    .filter(|(bit, _)| t.modifiers & (1 << bit) != 0)
                    .map(|(_, name)| *name)
                    .collect();
                out.push(Token {
                    from,
                    to,
                    token_type: t.ty.name(),
                    modifiers,
                });
            }
        }
        out
    }

    /// The semantic tokens of the lines meeting UTF-16 `from..to`, packed
    /// four numbers a token: `from, to, type, modifiers`, the type an index
    /// into [`token_types`] and the modifiers bits of [`TOKEN_MODIFIERS`].
    /// A screenful of tokens is a thousand or more: as numbers they cross
    /// into JavaScript without a JSON text to write and parse.
    pub fn tokens_packed(&self, from: usize, to: usize) -> Vec<u32> {
        let mut out = Vec::new();
        for line in self.lines_in(from, to) {
            for t in semantic::tokens(&line.analysis.line, line.range.len()) {
                let (from, to) = self.map.range(&line.to_document(&t.span));
                if to <= from {
                    continue;
                }
                let from = u32::try_from(from).unwrap_or(u32::MAX);
                let to = u32::try_from(to).unwrap_or(u32::MAX);
                out.extend([from, to, t.ty.index(), t.modifiers]);
            }
        }
        out
    }

    pub fn symbols(&self) -> Vec<Symbol> {
        self.lines
            .iter()
            .filter(|line| !line.is_restatement())
            .filter_map(|line| {
                let symbol = symbols::symbol(&line.analysis, self.line_text(line))?;
                let (from, to) = self.map.range(&line.to_document(&symbol.selection));
                Some(Symbol {
                    from,
                    to,
                    name: symbol.name,
                    detail: symbol.detail,
                })
            })
            .collect()
    }

    fn line_text(&self, line: &AnalyzedLine) -> &str {
        self.text.get(line.range.clone()).unwrap_or_default()
    }

    /// The hover at UTF-16 offset `at`.
    pub fn hover(&self, at: usize) -> Option<Hover> {
        let offset = self.map.to_byte(at);
        let line = line_at(&self.lines, offset)?;
        let options = hover_text::HoverOptions {
            tile_text: self.tile_text,
        };
        let hover = hover_text::hover(&line.analysis, offset - line.range.start, options)?;
        let (from, to) = self.map.range(&line.to_document(&hover.span));
        Some(Hover {
            from,
            to,
            markdown: hover.markdown,
        })
    }

    /// The calculator's report of the hand line at UTF-16 offset `at`,
    /// under the rules in force on that line (`rules:` lines included).
    pub fn report(&self, at: usize) -> Option<crate::engine::LineReport> {
        let line = line_at(&self.lines, self.map.to_byte(at))?;
        Some(crate::engine::report(&line.analysis, self.line_text(line)))
    }

    /// The hand line at UTF-16 offset `at` drawn as tiles (a standalone
    /// SVG, under the rules in force there).
    pub fn hand_svg(&self, at: usize, theme: tenpai_doc::render::Theme) -> Option<String> {
        let line = line_at(&self.lines, self.map.to_byte(at))?;
        crate::engine::picture_svg(&line.analysis, self.line_text(line), theme)
    }

    /// The hand line at UTF-16 offset `at` drawn for the page (its tiles
    /// point at the page's sprite).
    pub fn hand_picture(&self, at: usize) -> Option<String> {
        let line = line_at(&self.lines, self.map.to_byte(at))?;
        crate::engine::picture_inline(&line.analysis, self.line_text(line))
    }

    /// The hand lines meeting UTF-16 `from..to`.
    fn lines_in(&self, from: usize, to: usize) -> &[AnalyzedLine] {
        let (start, end) = (self.map.to_byte(from), self.map.to_byte(to.max(from)));
        let first = self.lines.partition_point(|l| l.range.end < start);
        let last = self.lines.partition_point(|l| l.range.start <= end);
        self.lines.get(first..last.max(first)).unwrap_or_default()
    }

    /// The code actions for UTF-16 `from..to`: the diagnostics' fixes, then
    /// each line's rewrites (add the claim, normalise, honors the other way).
    pub fn actions(&self, from: usize, to: usize) -> Vec<Action> {
        let lines = self.lines_in(from, to);
        let mut out = Vec::new();
        for d in file_diagnostics(lines) {
            // A guess (the closest option name) is never preferred.
            let preferred = d.fixes.iter().position(|f| f.safe);
            for (i, f) in d.fixes.iter().enumerate() {
                out.push(Action {
                    title: f.title.clone(),
                    kind: "quickfix",
                    changes: vec![self.change(&f.range, f.replacement.clone())],
                    preferred: Some(i) == preferred,
                });
            }
        }
        for line in lines {
            let text = self.line_text(line);
            for a in actions::line_actions(&line.analysis, text, line.origin, self.honors.style()) {
                let (span, replacement) = a.edit;
                out.push(Action {
                    title: a.title,
                    kind: match a.kind {
                        actions::ActionKind::QuickFix => "quickfix",
                        actions::ActionKind::Rewrite => "rewrite",
                    },
                    changes: vec![self.change(&line.to_document(&span), replacement)],
                    preferred: false,
                });
            }
        }
        out
    }

    /// The formatter's edits for the whole document.
    pub fn format(&self) -> Vec<Change> {
        self.lines
            .iter()
            .filter_map(|l| {
                let formatted = actions::format(self.line_text(l), l.origin, self.honors.style())?;
                Some(self.change(&l.range, formatted))
            })
            .collect()
    }

    /// The document with every safe fix applied, pass after pass as
    /// `tenpai check --fix` does; `None` when nothing changes.
    pub fn fix_all(&self) -> Option<String> {
        let (fixed, applied) = fix_document(
            &self.text,
            self.kind,
            &self.rules,
            &mut Analyzer::new(),
            FixLevel::Safe,
        );
        (applied > 0 && fixed != self.text).then_some(fixed)
    }

    /// Completions at UTF-16 offset `at`: options, their values, waits
    /// for `win=`. A `.mj` line reaches the end of its text line (the
    /// analysed range stops before the trailing space a new word follows).
    pub fn completion(&self, at: usize) -> Vec<Completion> {
        let offset = self.map.to_byte(at);
        let index = self.lines.partition_point(|l| l.range.start <= offset);
        let Some(line) = index.checked_sub(1).and_then(|index| self.lines.get(index)) else {
            return Vec::new();
        };
        let row_end = self.text[line.range.start..]
            .find('\n')
            .map_or(self.text.len(), |n| line.range.start + n);
        let end = match line.origin {
            Origin::MjLine | Origin::Fence => row_end.max(line.range.end),
            _ => line.range.end,
        };
        if offset > end {
            return Vec::new();
        }
        let Some(text) = self.text.get(line.range.start..end) else {
            return Vec::new();
        };
        let base = line.range.start;
        completion::complete(text, offset - base, &line.analysis.rules)
            .into_iter()
            .map(|item| Completion {
                change: self.change(
                    &(base + item.replace.start..base + item.replace.end),
                    item.insert,
                ),
                also: item
                    .also
                    .map(|(span, text)| self.change(&(base + span.start..base + span.end), text)),
                label: item.label,
                detail: item.detail,
                sort: item.sort,
                kind: match item.kind {
                    completion::ItemKind::Option => "option",
                    completion::ItemKind::Tile => "tile",
                    completion::ItemKind::Value => "value",
                },
            })
            .collect()
    }
}

/// Where `after` differs from `before` (the hand lines of a text of
/// `old_len` bytes, and of the same text edited to `new_len` bytes): the
/// byte range of the new text between the lines at its start that kept
/// their range and analysis and those at its end that kept theirs, moved
/// by the edit. `None` when every line kept both. A line kept means the
/// same `Arc` of analysis: the analyzer hands an unchanged line its old
/// analysis.
fn changed_lines(
    before: &[AnalyzedLine],
    after: &[AnalyzedLine],
    old_len: usize,
    new_len: usize,
) -> Option<Range<usize>> {
    let same = |old: &AnalyzedLine, new: &AnalyzedLine, old_start: usize| {
        old_start == new.range.start
            && old.range.len() == new.range.len()
            && old.origin == new.origin
            && std::sync::Arc::ptr_eq(&old.analysis, &new.analysis)
            && match (&old.translation, &new.translation) {
                (None, None) => true,
                (Some(a), Some(b)) => std::sync::Arc::ptr_eq(a, b),
                _ => false,
            }
    };
    let head = before
        .iter()
        .zip(after)
        .take_while(|(old, new)| same(old, new, old.range.start))
        .count();
    let room = before.len().min(after.len()) - head;
    let tail = before
        .iter()
        .rev()
        .zip(after.iter().rev())
        .take(room)
        .take_while(|(old, new)| {
            (old.range.start + new_len)
                .checked_sub(old_len)
                .is_some_and(|moved| same(old, new, moved))
        })
        .count();
    if head == after.len() && head == before.len() {
        return None;
    }
    let from = head.checked_sub(1).map_or(0, |last| after[last].range.end);
    let to = after
        .len()
        .checked_sub(tail)
        .and_then(|first| after.get(first))
        .filter(|_| tail > 0)
        .map_or(new_len, |line| line.range.start);
    Some(from..to.max(from))
}
