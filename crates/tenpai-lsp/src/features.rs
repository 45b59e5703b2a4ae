//! Each feature as a function of an analysed document: protocol positions
//! in, [`crate::document::present`] called, protocol types out.

use std::collections::HashMap;
use std::ops::Range as Bytes;
use std::sync::atomic::{AtomicBool, Ordering};

use tower_lsp_server::ls_types::*;

use super::position;
use super::settings::Settings;
use super::store::View;
use crate::diag::{Code, Severity};
use crate::document::present::{
    actions, completion, hints, hover as hover_text, rounds, semantic, symbols,
};
use crate::document::Encoding;
use crate::document::Origin;
use crate::document::{file_diagnostics, line_at, AnalyzedLine, FileDiagnostic};
use crate::json::Place;
use crate::tile::TileText;

pub struct Ctx<'a> {
    pub view: View<'a>,
    pub settings: &'a Settings,
    pub enc: Encoding,
    pub uri: &'a Uri,
    /// Set once the request is cancelled (its answer is then dropped): the
    /// features that walk the whole document stop early.
    pub cancelled: &'a AtomicBool,
}

/// Lines a whole-document feature handles between two looks at
/// [`Ctx::cancelled`].
const LINES_PER_LOOK: usize = 1024;

impl Ctx<'_> {
    /// Whether the request is cancelled, looked at every
    /// [`LINES_PER_LOOK`] lines (`index` is the line's).
    fn stop_at(&self, index: usize) -> bool {
        index.is_multiple_of(LINES_PER_LOOK) && self.cancelled.load(Ordering::Relaxed)
    }
}

impl Ctx<'_> {
    fn range(&self, bytes: Bytes<usize>) -> Range {
        position::range(self.view.document, bytes, self.enc)
    }

    fn offset(&self, pos: Position) -> Option<usize> {
        position::offset(self.view.document, pos, self.enc)
    }

    /// The hand line analysed: the text at the line, or a dialect's
    /// translation.
    fn line_text<'b>(&'b self, l: &'b AnalyzedLine) -> &'b str {
        l.text(self.view.text())
    }

    /// The analysed lines meeting `range`.
    fn lines_in(&self, range: Range) -> &[AnalyzedLine] {
        self.view
            .lines
            .get(self.line_indices(range))
            .unwrap_or_default()
    }

    /// The indices in `view.lines` of the analysed lines meeting `range`.
    fn line_indices(&self, range: Range) -> Bytes<usize> {
        let lines = self.view.lines;
        let start = position::offset_clamped(self.view.document, range.start, self.enc);
        let end = position::offset_clamped(self.view.document, range.end, self.enc);
        let first = lines.partition_point(|l| l.range.end < start);
        let last = lines.partition_point(|l| l.range.start <= end);
        first..last.max(first)
    }
}

pub const SOURCE: &str = "tenpai";

fn severity(s: Severity) -> DiagnosticSeverity {
    match s {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Info => DiagnosticSeverity::INFORMATION,
    }
}

fn diagnostic(cx: &Ctx, d: &FileDiagnostic) -> Diagnostic {
    protocol_diagnostic(
        cx,
        d.range.clone(),
        d.severity,
        d.code,
        &d.message,
        d.related.iter().map(|r| (r.range.clone(), &r.message)),
    )
}

/// The protocol's diagnostic of one at `range` of the document, with its
/// related places (document ranges and their messages).
fn protocol_diagnostic<'a>(
    cx: &Ctx,
    range: Bytes<usize>,
    level: Severity,
    code: Code,
    message: &str,
    related: impl Iterator<Item = (Bytes<usize>, &'a String)>,
) -> Diagnostic {
    let related: Vec<DiagnosticRelatedInformation> = related
        .map(|(place, note)| DiagnosticRelatedInformation {
            location: Location::new(cx.uri.clone(), cx.range(place)),
            message: note.clone(),
        })
        .collect();
    Diagnostic {
        range: cx.range(range),
        severity: Some(severity(level)),
        code: Some(NumberOrString::String(code.to_string())),
        source: Some(SOURCE.to_string()),
        message: message.to_string(),
        related_information: (!related.is_empty()).then_some(related),
        ..Default::default()
    }
}

/// The most diagnostics published for one document. A generated or pasted
/// document can hold hundreds of thousands (540,000 for 20 MB of distinct
/// hands): sending them all on each keystroke took seconds and hundreds of
/// megabytes in both processes, and no one reads past the first screens.
pub const MAX_DIAGNOSTICS: usize = 1000;

/// A line's diagnostic as the protocol's: what [`diagnostic`] makes of
/// [`file_diagnostics`]' form, without that form's copies (its fixes are
/// for code actions, not for publishing).
fn line_diagnostic(cx: &Ctx, line: &AnalyzedLine, d: &crate::diag::Diagnostic) -> Diagnostic {
    protocol_diagnostic(
        cx,
        line.to_document(&d.span),
        d.severity,
        d.code,
        &d.message,
        d.related
            .iter()
            .map(|r| (line.to_document(&r.span), &r.message)),
    )
}

/// The document's diagnostics in document order: at most
/// [`MAX_DIAGNOSTICS`], the last of them saying how many more there are
/// (at the first one left out, so that the editor shows where they start).
///
/// One pass over the analysed lines, run on every keystroke: it keeps
/// references to the first diagnostics and counts the rest; only those
/// published are converted.
pub fn diagnostics(cx: &Ctx) -> Vec<Diagnostic> {
    // One more than the cap: the first one left out, where the note sits.
    let mut kept: Vec<(&AnalyzedLine, &crate::diag::Diagnostic)> = Vec::new();
    let mut total = 0;
    for (line, &count) in cx.view.lines.iter().zip(cx.view.counts) {
        if count == 0 {
            continue;
        }
        total += count as usize;
        let room = (MAX_DIAGNOSTICS + 1).saturating_sub(kept.len());
        if room > 0 {
            kept.extend(
                line.analysis
                    .diagnostics
                    .iter()
                    .take(room)
                    .map(|d| (line, d)),
            );
        }
    }
    if total <= MAX_DIAGNOSTICS {
        return kept
            .iter()
            .map(|&(line, d)| line_diagnostic(cx, line, d))
            .collect();
    }
    let shown = MAX_DIAGNOSTICS - 1;
    let mut out: Vec<Diagnostic> = kept[..shown]
        .iter()
        .map(|&(line, d)| line_diagnostic(cx, line, d))
        .collect();
    let (line, first_hidden) = kept[shown];
    let hidden = total - shown;
    out.push(Diagnostic {
        range: cx.range(line.to_document(&first_hidden.span)),
        severity: Some(DiagnosticSeverity::INFORMATION),
        code: Some(NumberOrString::String(Code::MoreDiagnostics.to_string())),
        source: Some(SOURCE.to_string()),
        message: format!(
            "{hidden} more problems from here on are not shown (an editor gets at most {MAX_DIAGNOSTICS}); `tenpai check` lists them all"
        ),
        ..Default::default()
    });
    out
}

pub fn hover(cx: &Ctx, pos: Position) -> Option<Hover> {
    let offset = cx.offset(pos)?;
    let line = line_at(cx.view.lines, offset)?;
    let opts = hover_text::HoverOptions {
        tile_text: if cx.settings.glyphs {
            TileText::Glyphs
        } else {
            TileText::Ascii
        },
    };
    let mut hover = hover_text::hover(&line.analysis, line.to_line(offset), opts)?;
    if let Some(t) = &line.translation {
        // Say what the author's notation was read as.
        hover.markdown = format!(
            "{}\n\n---\n\n*{}*, read as `{}`",
            hover.markdown,
            t.dialect.title(),
            t.text
        );
    }
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: hover.markdown,
        }),
        range: Some(cx.range(line.to_document(&hover.span))),
    })
}

pub fn inlay_hints(cx: &Ctx, range: Range) -> Vec<InlayHint> {
    let kinds = &cx.settings.inlay_hints;
    let mut out = Vec::new();
    // A review's round headings: how many decisions differ from the best.
    // Only the rounds whose heading is in the range are read, each to the
    // next heading: not the whole document.
    if kinds.discard {
        let lines = cx.view.lines;
        let shown = cx.line_indices(range);
        let is_heading =
            |l: &AnalyzedLine| l.text(cx.view.text()).starts_with(rounds::ROUND_HEADING);
        if lines[shown.clone()].iter().any(is_heading) {
            let end = lines[shown.end..]
                .iter()
                .position(is_heading)
                .map_or(lines.len(), |i| shown.end + i);
            for section in rounds::rounds(&lines[shown.start..end], cx.view.text()) {
                let heading = shown.start + section.heading;
                if section.decisions == 0 || heading >= shown.end {
                    continue;
                }
                out.push(InlayHint {
                    position: position::position(
                        cx.view.document,
                        lines[heading].range.end,
                        cx.enc,
                    ),
                    label: InlayHintLabel::String(section.summary()),
                    kind: None,
                    text_edits: None,
                    tooltip: None,
                    padding_left: Some(true),
                    padding_right: None,
                    data: None,
                });
            }
        }
    }
    for line in cx.lines_in(range) {
        for h in hints::hints(&line.analysis) {
            let on = match h.kind {
                hints::HintKind::Value => kinds.value,
                hints::HintKind::State => kinds.state,
                hints::HintKind::Discard => kinds.discard,
            };
            if !on {
                continue;
            }
            let at = line.to_document(&(h.offset..h.offset)).start;
            out.push(InlayHint {
                position: position::position(cx.view.document, at, cx.enc),
                label: InlayHintLabel::String(h.label),
                kind: None,
                text_edits: None,
                tooltip: None,
                padding_left: Some(true),
                padding_right: None,
                data: None,
            });
        }
    }
    out
}

fn edit(cx: &Ctx, edits: Vec<TextEdit>) -> WorkspaceEdit {
    WorkspaceEdit {
        changes: Some(HashMap::from([(cx.uri.clone(), edits)])),
        ..Default::default()
    }
}

pub fn code_actions(cx: &Ctx, range: Range) -> Vec<CodeActionOrCommand> {
    let mut out = Vec::new();
    let lines = cx.lines_in(range);
    // The diagnostics' own fixes (claims, typos, contradicting options), for
    // every hand line the range touches: a cursor anywhere on a line gets
    // that line's fixes.
    for d in file_diagnostics(lines) {
        let lsp_diag = diagnostic(cx, &d);
        // The first safe fix; a guess (the closest option name) is never
        // preferred, since editors apply a preferred fix unasked.
        let preferred = d.fixes.iter().position(|f| f.safe);
        for (i, f) in d.fixes.iter().enumerate() {
            out.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: f.title.clone(),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![lsp_diag.clone()]),
                edit: Some(edit(
                    cx,
                    vec![TextEdit::new(
                        cx.range(f.range.clone()),
                        f.replacement.clone(),
                    )],
                )),
                is_preferred: Some(Some(i) == preferred),
                ..Default::default()
            }));
        }
    }
    for line in lines {
        if line.is_dialect() {
            out.extend(dialect_actions(cx, line));
            continue;
        }
        if !line.analysis.diagnostics.is_empty() {
            out.extend(ignore_action(cx, line));
        }
        let text = cx.line_text(line);
        for a in actions::line_actions(&line.analysis, text, line.origin, cx.settings.honors) {
            let kind = match a.kind {
                actions::ActionKind::QuickFix => CodeActionKind::QUICKFIX,
                actions::ActionKind::Rewrite => CodeActionKind::REFACTOR_REWRITE,
            };
            let (span, text) = a.edit;
            out.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: a.title,
                kind: Some(kind),
                edit: Some(edit(
                    cx,
                    vec![TextEdit::new(cx.range(line.to_document(&span)), text)],
                )),
                ..Default::default()
            }));
        }
    }
    out
}

/// A dialect's hand: "Rewrite in tenpai notation", and "Ignore this hand"
/// when it has diagnostics.
fn dialect_actions(cx: &Ctx, line: &AnalyzedLine) -> Vec<CodeActionOrCommand> {
    use crate::document::format::dialect_edits;
    use crate::format::FormatOptions;
    let mut out = Vec::new();
    if let Some(t) = &line.translation {
        let options = FormatOptions {
            honors: cx.settings.honors,
        };
        let edits = dialect_edits(cx.view.text(), line.range.clone(), t, &options);
        if !edits.is_empty() {
            out.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: "Rewrite in tenpai notation".to_string(),
                kind: Some(CodeActionKind::REFACTOR_REWRITE),
                edit: Some(edit(
                    cx,
                    edits
                        .into_iter()
                        .map(|e| TextEdit::new(cx.range(e.range), e.text))
                        .collect(),
                )),
                ..Default::default()
            }));
        }
    }
    if !line.analysis.diagnostics.is_empty() {
        out.extend(ignore_action(cx, line));
    }
    out
}

/// "Ignore this hand": the comment that hides the hand from tenpai,
/// before it (Markdown) or at the end of its line (`.mj`).
fn ignore_action(cx: &Ctx, line: &AnalyzedLine) -> Option<CodeActionOrCommand> {
    let (at, comment) = match line.origin {
        Origin::MjLine => {
            let text = cx.view.text().get(line.range.clone())?;
            if text.contains('#') {
                return None;
            }
            (line.range.end, format!(" # {}", crate::document::IGNORE_MJ))
        }
        _ => (line.range.start, "<!-- tenpai-ignore -->".to_string()),
    };
    // It answers every diagnostic of the hand.
    let answered: Vec<Diagnostic> = file_diagnostics(std::slice::from_ref(line))
        .iter()
        .map(|d| diagnostic(cx, d))
        .collect();
    Some(CodeActionOrCommand::CodeAction(CodeAction {
        title: "Ignore this hand".to_string(),
        kind: Some(CodeActionKind::QUICKFIX),
        diagnostics: Some(answered),
        edit: Some(edit(cx, vec![TextEdit::new(cx.range(at..at), comment)])),
        ..Default::default()
    }))
}

/// "Fix all" (`source.fixAll`, e.g. on save): every safe fix of the
/// document, pass after pass as `tenpai check --fix` applies them (a fix
/// can bring out another), as one edit of the stretch that changes.
pub fn fix_all(cx: &Ctx) -> Option<CodeAction> {
    use crate::document::fix::{fix_document, FixLevel};
    let text = cx.view.text();
    let (fixed, applied) = fix_document(
        text,
        cx.view.kind,
        &cx.settings.rules,
        &mut crate::document::Analyzer::new(),
        FixLevel::Safe,
    );
    if applied == 0 || fixed == text {
        return None;
    }
    // The lines that change: the common lines before and after are kept.
    let (old, new): (Vec<&str>, Vec<&str>) = (
        text.split_inclusive('\n').collect(),
        fixed.split_inclusive('\n').collect(),
    );
    let head = old.iter().zip(&new).take_while(|(a, b)| a == b).count();
    let tail = old[head..]
        .iter()
        .rev()
        .zip(new[head..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let bytes = |lines: &[&str]| lines.iter().map(|l| l.len()).sum::<usize>();
    let start = bytes(&old[..head]);
    let replaced = start..start + bytes(&old[head..old.len() - tail]);
    let replacement = new[head..new.len() - tail].concat();
    Some(CodeAction {
        title: "Fix all safe problems (tenpai)".to_string(),
        kind: Some(CodeActionKind::SOURCE_FIX_ALL),
        edit: Some(edit(
            cx,
            vec![TextEdit::new(cx.range(replaced), replacement)],
        )),
        ..Default::default()
    })
}

/// Formatting edits for the hand lines meeting `range` (all when `None`).
pub fn formatting(cx: &Ctx, range: Option<Range>) -> Vec<TextEdit> {
    let lines = match range {
        Some(r) => cx.lines_in(r),
        None => cx.view.lines,
    };
    lines
        .iter()
        // A dialect is its renderer's syntax: formatting leaves it.
        .filter(|l| !l.is_dialect())
        .filter_map(|l| {
            let formatted = actions::format(cx.line_text(l), l.origin, cx.settings.honors)?;
            Some(TextEdit::new(cx.range(l.range.clone()), formatted))
        })
        .collect()
}

/// The line the cursor is on for completion: a `.mj` line or fence line
/// extends to the end of its text line (the analysed range stops before
/// trailing spaces, where the next option is typed).
fn completion_line<'a>(cx: &'a Ctx, offset: usize) -> Option<(&'a AnalyzedLine, Bytes<usize>)> {
    let document = cx.view.document;
    let row = document.line_of(offset);
    let Bytes {
        start: row_start,
        end: row_end,
    } = document.line_range(row)?;
    let lines = cx.view.lines;
    let index = lines.partition_point(|l| l.range.start <= offset);
    let line = lines.get(index.checked_sub(1)?)?;
    if line.range.start < row_start || line.is_dialect() {
        return None;
    }
    let end = match line.origin {
        Origin::MjLine | Origin::Fence => row_end.max(line.range.end),
        Origin::InlineCode | Origin::Carets | Origin::Dialect => line.range.end,
    };
    (offset <= end).then_some((line, line.range.start..end))
}

pub fn completion(cx: &Ctx, pos: Position) -> Option<Vec<CompletionItem>> {
    let offset = cx.offset(pos)?;
    let (line, bytes) = completion_line(cx, offset)?;
    let text = cx.view.text().get(bytes.clone())?;
    let items = completion::complete(text, offset - bytes.start, &line.analysis.rules);
    if items.is_empty() {
        return None;
    }
    let items = items
        .into_iter()
        .map(|it| {
            let replaced = bytes.start + it.replace.start..bytes.start + it.replace.end;
            CompletionItem {
                label: it.label,
                detail: Some(it.detail),
                kind: Some(match it.kind {
                    completion::ItemKind::Option => CompletionItemKind::PROPERTY,
                    completion::ItemKind::Tile => CompletionItemKind::CONSTANT,
                    completion::ItemKind::Value => CompletionItemKind::ENUM_MEMBER,
                }),
                sort_text: Some(it.sort),
                text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(
                    cx.range(replaced),
                    it.insert,
                ))),
                additional_text_edits: it.also.map(|(at, text)| {
                    vec![TextEdit::new(
                        cx.range(bytes.start + at.start..bytes.start + at.end),
                        text,
                    )]
                }),
                ..Default::default()
            }
        })
        .collect();
    Some(items)
}

pub fn semantic_legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: semantic::TokenType::ALL
            .iter()
            .map(|t| SemanticTokenType::new(t.name()))
            .collect(),
        token_modifiers: semantic::MODIFIERS
            .iter()
            .map(|m| SemanticTokenModifier::new(m))
            .collect(),
    }
}

pub fn semantic_tokens(cx: &Ctx, range: Option<Range>) -> SemanticTokens {
    let lines = match range {
        Some(place) => cx.lines_in(place),
        None => cx.view.lines,
    };
    let mut data = Vec::new();
    let (mut prev_line, mut prev_start) = (0u32, 0u32);
    // A dialect is highlighted by its own grammar (or none): the tokens
    // of its translation are not the author's characters.
    for (index, line) in lines.iter().enumerate().filter(|(_, l)| !l.is_dialect()) {
        if cx.stop_at(index) {
            break;
        }
        let len = line.range.len();
        for t in semantic::tokens(&line.analysis.line, len) {
            let place = cx.range(line.to_document(&t.span));
            // A token never spans lines: hand lines are single lines.
            if place.start.line != place.end.line || place.end.character <= place.start.character {
                continue;
            }
            let delta_line = place.start.line - prev_line;
            let delta_start = if delta_line == 0 {
                place.start.character - prev_start
            } else {
                place.start.character
            };
            data.push(SemanticToken {
                delta_line,
                delta_start,
                length: place.end.character - place.start.character,
                token_type: t.ty.index(),
                token_modifiers_bitset: t.modifiers,
            });
            prev_line = place.start.line;
            prev_start = place.start.character;
        }
    }
    SemanticTokens {
        result_id: None,
        data,
    }
}

#[allow(deprecated)] // `deprecated` is a required field of the type.
fn hand_symbol(cx: &Ctx, line: &AnalyzedLine) -> Option<DocumentSymbol> {
    if line.is_restatement() {
        return None;
    }
    let symbol = symbols::symbol(&line.analysis, cx.line_text(line))?;
    Some(DocumentSymbol {
        name: symbol.name,
        detail: (!symbol.detail.is_empty()).then_some(symbol.detail),
        kind: SymbolKind::STRING,
        tags: None,
        deprecated: None,
        range: cx.range(line.range.clone()),
        selection_range: cx.range(line.to_document(&symbol.selection)),
        children: None,
    })
}

/// One symbol per hand; in a game review (`# Round …` headings), the hands
/// of each round under a symbol of the round.
#[allow(deprecated)] // `deprecated` is a required field of the type.
pub fn document_symbols(cx: &Ctx) -> Vec<DocumentSymbol> {
    let lines = cx.view.lines;
    let sections = rounds::rounds(lines, cx.view.text());
    let first_round = sections.first().map_or(lines.len(), |s| s.heading);
    let mut out: Vec<DocumentSymbol> = lines[..first_round]
        .iter()
        .enumerate()
        .take_while(|(index, _)| !cx.stop_at(*index))
        .filter_map(|(_, line)| hand_symbol(cx, line))
        .collect();
    for section in &sections {
        let heading = &lines[section.heading];
        let last = &lines[section.lines.end.max(section.heading + 1) - 1];
        let children: Vec<DocumentSymbol> = lines[section.lines.clone()]
            .iter()
            .filter_map(|line| hand_symbol(cx, line))
            .collect();
        out.push(DocumentSymbol {
            name: section.title.clone(),
            detail: Some(section.summary()),
            kind: SymbolKind::NAMESPACE,
            tags: None,
            deprecated: None,
            range: cx.range(heading.range.start..last.range.end),
            selection_range: cx.range(heading.range.clone()),
            children: Some(children),
        });
    }
    out
}

/// One hand drawn for `tenpai/render`.
#[derive(serde::Serialize, Debug)]
pub struct RenderedHand {
    /// Where the hand is in the document (absent for a hand given as text),
    /// in the place shape of `docs/json.md`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<Place>,
    /// The hand in canonical notation (as written when it has errors).
    pub tiles: String,
    /// A standalone SVG document: the tiles, their colours, the caption.
    pub svg: String,
    /// The hand's errors (it is then drawn as written, framed).
    pub errors: Vec<RenderError>,
}

/// An error of a hand drawn for `tenpai/render`.
#[derive(serde::Serialize, Debug)]
pub struct RenderError {
    pub code: Code,
    pub message: String,
}

fn rendered(hand: crate::render::StandaloneHand, range: Option<Place>) -> RenderedHand {
    RenderedHand {
        range,
        tiles: hand.tiles,
        svg: hand.svg,
        errors: hand
            .errors
            .into_iter()
            .map(|e| RenderError {
                code: e.code,
                message: e.message,
            })
            .collect(),
    }
}

/// The hands of a document that meet `range`, each drawn.
pub fn render(
    cx: &Ctx,
    range: Range,
    options: &crate::render::HandOptions,
    theme: crate::render::Theme,
) -> Vec<RenderedHand> {
    cx.lines_in(range)
        .iter()
        .filter_map(|line| {
            let hand =
                crate::render::picture_svg(cx.line_text(line), &line.analysis, options, theme)?;
            let place = position::place(cx.view.document, line.range.clone());
            Some(rendered(hand, Some(place)))
        })
        .collect()
}

/// A hand line given as text, drawn under `rules`.
pub fn render_text(
    text: &str,
    rules: &crate::score::Rules,
    options: &crate::render::HandOptions,
    theme: crate::render::Theme,
) -> Option<RenderedHand> {
    let analysis = crate::document::analyze_text(text, rules);
    crate::render::picture_svg(text, &analysis, options, theme).map(|hand| rendered(hand, None))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::{DialectConfig, DocKind};
    use crate::score::Rules;
    use crate::store::Doc;

    /// The published diagnostics as [`file_diagnostics`] and [`diagnostic`]
    /// make them (what code actions answer with, which clients match
    /// against the published ones), capped as [`diagnostics`] promises.
    fn expected(cx: &Ctx) -> Vec<Diagnostic> {
        let all: Vec<Diagnostic> = file_diagnostics(cx.view.lines)
            .iter()
            .map(|d| diagnostic(cx, d))
            .collect();
        if all.len() <= MAX_DIAGNOSTICS {
            return all;
        }
        let shown = MAX_DIAGNOSTICS - 1;
        let mut out = all[..shown].to_vec();
        let note = &all[shown];
        assert_eq!(note.source.as_deref(), Some(SOURCE));
        out.push(Diagnostic {
            range: note.range,
            severity: Some(DiagnosticSeverity::INFORMATION),
            code: Some(NumberOrString::String(Code::MoreDiagnostics.to_string())),
            source: Some(SOURCE.to_string()),
            message: format!(
                "{} more problems from here on are not shown (an editor gets at most {MAX_DIAGNOSTICS}); `tenpai check` lists them all",
                all.len() - shown
            ),
            ..Default::default()
        });
        out
    }

    fn published_and_expected(text: &str, kind: DocKind) -> (Vec<Diagnostic>, Vec<Diagnostic>) {
        let mut doc = Doc::new(text, 1, kind);
        let settings = Settings::default();
        let uri: Uri = "file:///a.mj".parse().expect("a URI");
        let cancelled = AtomicBool::new(false);
        let cx = Ctx {
            view: doc.view(&Rules::default(), &DialectConfig::default()),
            settings: &settings,
            enc: Encoding::Utf16,
            uri: &uri,
            cancelled: &cancelled,
        };
        (diagnostics(&cx), expected(&cx))
    }

    /// Lines with one, two or no problems, in a
    /// `.mj` file and in Markdown (glyphs, so UTF-16 columns differ from
    /// bytes).
    #[test]
    fn published_diagnostics_are_those_of_the_document() {
        let lines = [
            "123m456p789s11z qq",
            "🀇🀈🀉 456p789s11z22z zz yy",
            "11111m456p789s22z",
            "234m567p22s345678s riichi tsumo dora=1s",
            "123m456p789s1122z riichii",
        ];
        let mj = lines.join("\n");
        let (published, expected) = published_and_expected(&mj, DocKind::Mj);
        assert!(published.len() >= 5, "{published:?}");
        assert_eq!(published, expected);
        let markdown: String = lines.iter().map(|l| format!("Hand: `{l}`.\n\n")).collect();
        let (published, expected) = published_and_expected(&markdown, DocKind::Markdown);
        assert!(!published.is_empty());
        assert_eq!(published, expected);
    }

    /// Past the cap: the first 999, then the note at the first one left
    /// out, also when the cap falls inside a line's diagnostics.
    #[test]
    fn past_the_cap_the_rest_are_counted() {
        for (repeat, line) in [
            (1200, "123m456p789s11z qq\n"),
            (700, "123m456p789s11z qq zz\n"),
        ] {
            let text = line.repeat(repeat);
            let (published, expected) = published_and_expected(&text, DocKind::Mj);
            assert_eq!(published.len(), MAX_DIAGNOSTICS);
            assert_eq!(published, expected, "{line:?} x {repeat}");
        }
    }
}
