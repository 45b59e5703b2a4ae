//! A document as an HTML page: the Markdown rendered by pulldown-cmark,
//! each hand the document layer finds (the hands `tenpai check` checks)
//! drawn where it stands; a `.mj` file as one figure per hand line.
//!
//! A hand on a line of its own (a fence's line) is a
//! `<figure class="mj-hand" data-tiles="…">` with its caption; a hand in
//! prose (an inline code span, `^^…^^`) is a `<span class="mj-hand" …>`.
//! Everything else of the page is pulldown-cmark's HTML, unchanged.

use std::fmt::Write as _;
use std::ops::Range;

use pulldown_cmark::{html, CowStr, Event, Parser, Tag, TagEnd};

use crate::document::{
    analyze_in, looks_like_hand, markdown, AnalyzedLine, Analyzer, Context, DialectConfig, DocKind,
    Origin,
};
use crate::score::Rules;

use super::faces::{DARK, LIGHT};
use super::svg::{self, escape, escape_into, FaceSet, Frame};
use super::{HandError, HandOptions, Picture, Theme};

/// A whole HTML document, or the body's content alone (to paste into a
/// template: it still carries the tiles' symbols and style).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum PageShape {
    #[default]
    Document,
    Fragment,
}

#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct PageOptions {
    pub hand: HandOptions,
    pub theme: Theme,
    pub shape: PageShape,
    /// The page's `<title>` when the document has no heading.
    pub title: Option<String>,
    /// The other notations read, as `tenpai check` reads them (a
    /// project's `tenpai.toml` may turn some off).
    pub dialects: DialectConfig,
}

/// A hand with errors, placed in the document.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PageError {
    /// Byte range of the hand line in the document.
    pub range: Range<usize>,
    pub error: HandError,
}

#[derive(Clone, Debug)]
pub struct RenderedPage {
    pub html: String,
    /// Hands drawn.
    pub hands: usize,
    /// The errors of the hands drawn, in document order.
    pub errors: Vec<PageError>,
}

/// CSS pixels per SVG unit: a tile of a figure is 36 px tall, one in a
/// line of prose 24 px.
const FIGURE_SCALE: f32 = 0.9;
const INLINE_SCALE: f32 = 0.6;

/// Renders `text`, a document of `kind`, its hands analysed under `rules`
/// as `tenpai check` analyses them.
pub fn render_document(
    text: &str,
    kind: DocKind,
    rules: &Rules,
    options: &PageOptions,
) -> RenderedPage {
    let lines = analyzer(options).analyze(text, kind, rules);
    let mut state = HandRenderer::new(options);
    let (body, heading) = match kind {
        DocKind::Markdown => markdown_body(&mut state, text, &lines),
        DocKind::Mj => (state.block(text, &lines.iter().collect::<Vec<_>>()), None),
    };
    state.errors.sort_by_key(|e| e.range.start);
    let title = heading
        .filter(|h| !h.trim().is_empty())
        .or_else(|| options.title.clone())
        .unwrap_or_else(|| "Hands".to_string());
    let html = match options.shape {
        PageShape::Document => document(&state, &body, &title),
        PageShape::Fragment => fragment(&state, &body),
    };
    RenderedPage {
        html,
        hands: state.hands,
        errors: state.errors,
    }
}

/// An analyzer that reads what `tenpai check` reads under `options`.
fn analyzer(options: &PageOptions) -> Analyzer {
    let mut analyzer = Analyzer::new();
    analyzer.set_dialects(options.dialects.clone());
    analyzer
}

/// How a hand found in a Markdown document stands in the page.
fn placement(line: &AnalyzedLine) -> Placement {
    match (&line.translation, line.origin) {
        (Some(translation), _) if translation.block => Placement::Figure,
        (Some(_), _) => Placement::Inline,
        (None, Origin::InlineCode | Origin::Carets) => Placement::Inline,
        (None, _) => Placement::Figure,
    }
}

/// A line of a fence of hands: an mj fence, or a fence another notation
/// reads as a block of hands.
fn is_fence_line(line: &AnalyzedLine) -> bool {
    line.origin == Origin::Fence || line.translation.as_ref().is_some_and(|t| t.block)
}

/// Draws hands for a page, keeping the faces they use (for the page's
/// symbols) and their errors.
pub struct HandRenderer<'a> {
    options: &'a PageOptions,
    faces: FaceSet,
    hands: usize,
    errors: Vec<PageError>,
}

/// How a hand stands in the page.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Placement {
    Figure,
    Inline,
}

impl<'a> HandRenderer<'a> {
    pub fn new(options: &'a PageOptions) -> HandRenderer<'a> {
        HandRenderer {
            options,
            faces: FaceSet::new(),
            hands: 0,
            errors: Vec::new(),
        }
    }

    /// Hands drawn so far.
    pub fn hands(&self) -> usize {
        self.hands
    }

    /// The errors of the hands drawn so far.
    pub fn errors(&self) -> &[PageError] {
        &self.errors
    }

    /// What a page needs once, before its hands: the style of the hands
    /// (in the options' theme) and the symbols of the faces they use. Empty
    /// when no hand was drawn.
    pub fn head(&self) -> String {
        if self.faces.is_empty() {
            return String::new();
        }
        let mut out = String::from("<style>\n");
        out.push_str(&fragment_style(self.options.theme));
        out.push_str("</style>\n");
        out.push_str(&svg::sprite(&self.faces));
        out.push('\n');
        out
    }

    /// The figures of the lines of a code block of hands (an mj fence's
    /// content), read as `tenpai check` reads an mj fence, under `rules`.
    pub fn code_block(&mut self, code: &str, rules: &Rules) -> String {
        let lines = analyzer(self.options).analyze(code, DocKind::Mj, rules);
        self.block(code, &lines.iter().collect::<Vec<_>>())
    }

    /// An inline code span's hand as a `<span>`, when it reads as a hand
    /// (as `tenpai check` reads code spans); `None` otherwise.
    pub fn inline_code(&mut self, code: &str, rules: &Rules) -> Option<String> {
        let trimmed = code.trim();
        if trimmed.is_empty() || trimmed.contains(['\n', '\r']) || !looks_like_hand(trimmed) {
            return None;
        }
        let line = AnalyzedLine {
            range: 0..trimmed.len(),
            origin: Origin::InlineCode,
            analysis: std::sync::Arc::new(analyze_in(trimmed, rules, Context::Inline)),
            translation: None,
        };
        self.hand(trimmed, &line, Placement::Inline)
    }

    /// The HTML of one hand line of `text`; `None` when it is no hand.
    fn hand(&mut self, text: &str, line: &AnalyzedLine, placement: Placement) -> Option<String> {
        // The line analysed: a dialect's is its translation.
        let source = line.text(text);
        let picture = Picture::of(source, &line.analysis, &self.options.hand)?;
        self.hands += 1;
        for error in &picture.errors {
            self.errors.push(PageError {
                range: line.range.clone(),
                error: error.clone(),
            });
        }
        let marked = !picture.errors.is_empty();
        let frame = Frame {
            title: &picture.title,
            marked,
            scale: match placement {
                Placement::Figure => FIGURE_SCALE,
                Placement::Inline => INLINE_SCALE,
            },
        };
        let mut out = String::with_capacity(1200);
        let element = match placement {
            Placement::Figure => "figure",
            Placement::Inline => "span",
        };
        out.push('<');
        out.push_str(element);
        out.push_str(if marked {
            " class=\"mj-hand mj-error\" data-tiles=\""
        } else {
            " class=\"mj-hand\" data-tiles=\""
        });
        escape_into(&mut out, &picture.tiles);
        out.push('"');
        if placement == Placement::Inline {
            // Prose has no room for a caption: it is the tooltip.
            if let Some(caption) = &picture.caption {
                out.push_str(" title=\"");
                escape_into(&mut out, caption);
                out.push('"');
            }
        }
        out.push('>');
        svg::inline(&mut out, &picture.layout, &frame, &mut self.faces);
        if placement == Placement::Figure {
            if let Some(caption) = &picture.caption {
                out.push_str("<figcaption>");
                escape_into(&mut out, caption);
                out.push_str("</figcaption>");
            }
        }
        out.push_str("</");
        out.push_str(element);
        out.push('>');
        Some(out)
    }

    /// The HTML of the lines of an mj fence or a `.mj` file: a figure per
    /// hand; comment and `rules:` lines as the notes they are.
    /// The block is one line of HTML, so that it stands in a Markdown
    /// list item or block quote as the fence did.
    fn block(&mut self, text: &str, lines: &[&AnalyzedLine]) -> String {
        let mut out = String::from("<div class=\"mj-hands\">");
        for line in lines {
            match self.hand(text, line, Placement::Figure) {
                Some(figure) => out.push_str(&figure),
                None => {
                    let source = line.text(text);
                    out.push_str("<p class=\"mj-note\">");
                    escape_into(&mut out, source);
                    out.push_str("</p>");
                }
            }
        }
        out.push_str("</div>");
        out
    }
}

/// A hand in prose and the source it replaces (its markers or backticks
/// included).
struct Replacement {
    extent: Range<usize>,
    html: String,
    written: bool,
}

/// The source a hand in prose takes, markers included: the code span's
/// backticks, the `^^` pair.
fn extent(text: &str, line: &AnalyzedLine, code_spans: &[Range<usize>]) -> Range<usize> {
    let range = line.range.clone();
    match line.origin {
        Origin::InlineCode => code_spans
            .iter()
            .find(|span| span.start <= range.start && range.end <= span.end)
            .cloned()
            .unwrap_or(range),
        Origin::Carets => {
            let before = text.get(..range.start).unwrap_or_default();
            let after = text.get(range.end..).unwrap_or_default();
            let open = before.trim_end().strip_suffix("^^").map(|b| b.len());
            let close = after.trim_start();
            let close = close
                .starts_with("^^")
                .then(|| range.end + (after.len() - close.len()) + 2);
            match (open, close) {
                (Some(open), Some(close)) => open..close,
                _ => range,
            }
        }
        _ => range,
    }
}

fn markdown_body(
    state: &mut HandRenderer,
    text: &str,
    lines: &[AnalyzedLine],
) -> (String, Option<String>) {
    let (parsed, body) = markdown::prepared(text);
    let parser = || Parser::new_ext(&parsed[body..], markdown::options()).into_offset_iter();
    let shift = |range: Range<usize>| range.start + body..range.end + body;

    let code_spans: Vec<Range<usize>> = parser()
        .filter(|(event, _)| matches!(event, Event::Code(_)))
        .map(|(_, range)| shift(range))
        .collect();
    let code_blocks: Vec<Range<usize>> = parser()
        .filter(|(event, _)| matches!(event, Event::Start(Tag::CodeBlock(_))))
        .map(|(_, range)| shift(range))
        .collect();
    let in_code_block = |line: &AnalyzedLine| {
        code_blocks
            .iter()
            .any(|b| b.start <= line.range.start && line.range.end <= b.end)
    };
    // The lines of a fence of hands replace the fence; any other hand
    // stands where it is written: in prose, or in another language's code
    // (`// 123m456p…` in a Rust comment), whose text is kept around it.
    let (blocks, prose): (Vec<&AnalyzedLine>, Vec<&AnalyzedLine>) = lines
        .iter()
        .partition(|l| is_fence_line(l) && in_code_block(l));
    let mut replacements: Vec<Replacement> = Vec::new();
    for line in prose {
        if let Some(html) = state.hand(text, line, placement(line)) {
            replacements.push(Replacement {
                extent: extent(text, line, &code_spans),
                html,
                written: false,
            });
        }
    }

    let mut events: Vec<Event> = Vec::new();
    // The fence of hands being read: its hand lines, and the code text
    // that is no hand, kept as code.
    let mut fence: Option<Fence> = None;
    let mut heading: Option<String> = None;
    let mut in_first_heading = false;
    for (event, range) in parser() {
        let range = shift(range);
        if let Some(open) = &mut fence {
            match event {
                Event::End(TagEnd::CodeBlock) => {
                    if let Some(open) = fence.take() {
                        let mut html = open.finish(state, text);
                        html.push('\n');
                        events.push(Event::Html(CowStr::from(html)));
                    }
                }
                Event::Text(code) => open.text(state, text, range, &code),
                _ => {}
            }
            continue;
        }
        match &event {
            Event::Start(Tag::Heading { .. }) if heading.is_none() => {
                in_first_heading = true;
                heading = Some(String::new());
            }
            Event::End(TagEnd::Heading(_)) => in_first_heading = false,
            Event::Text(t) | Event::Code(t) if in_first_heading => {
                if let Some(h) = &mut heading {
                    h.push_str(t);
                }
            }
            _ => {}
        }
        if let Event::Start(Tag::CodeBlock(_)) = &event {
            let inside: Vec<&AnalyzedLine> = blocks
                .iter()
                .filter(|l| range.start <= l.range.start && l.range.end <= range.end)
                .copied()
                .collect();
            if !inside.is_empty() {
                fence = Some(Fence {
                    lines: inside,
                    drawn: 0,
                    html: String::from("<div class=\"mj-hands\">"),
                    code: String::new(),
                });
                continue;
            }
        }
        splice(text, event, range, &mut replacements, &mut events);
    }
    // A hand whose source no event held (never expected) is not lost.
    for r in replacements.iter_mut().filter(|r| !r.written) {
        events.push(Event::InlineHtml(CowStr::from(std::mem::take(&mut r.html))));
    }
    let mut out = String::with_capacity(text.len() * 2);
    html::push_html(&mut out, events.into_iter());
    (out, heading)
}

/// A fence of hands as it is read: each hand line becomes a figure, and
/// the code text between them (what the fence holds besides hands) stays
/// code.
struct Fence<'l> {
    lines: Vec<&'l AnalyzedLine>,
    /// Lines drawn (they are in document order).
    drawn: usize,
    html: String,
    /// Code text waiting to be written.
    code: String,
}

impl Fence<'_> {
    /// A piece of the fence's text, at `range` of the document.
    fn text(&mut self, state: &mut HandRenderer, document: &str, range: Range<usize>, code: &str) {
        let mut at = range.start;
        for piece in code.split_inclusive('\n') {
            let piece_range = at..at + piece.len();
            at += piece.len();
            let overlaps = |line: &AnalyzedLine| {
                line.range.start < piece_range.end && piece_range.start < line.range.end
            };
            // A hand line drawn already (one that spans several lines).
            if self.drawn > 0 && overlaps(self.lines[self.drawn - 1]) {
                continue;
            }
            match self.lines.get(self.drawn).copied() {
                Some(line) if overlaps(line) => {
                    self.flush();
                    self.drawn += 1;
                    match state.hand(document, line, Placement::Figure) {
                        Some(figure) => self.html.push_str(&figure),
                        None => {
                            self.html.push_str("<p class=\"mj-note\">");
                            escape_into(&mut self.html, line.text(document));
                            self.html.push_str("</p>");
                        }
                    }
                }
                _ => self.code.push_str(piece),
            }
        }
    }

    fn flush(&mut self) {
        if !self.code.trim().is_empty() {
            self.html.push_str("<pre><code>");
            escape_into(&mut self.html, self.code.trim_end_matches('\n'));
            self.html.push_str("</code></pre>");
        }
        self.code.clear();
    }

    /// The fence's HTML; hand lines no text event held are drawn last.
    fn finish(mut self, state: &mut HandRenderer, document: &str) -> String {
        self.flush();
        for line in &self.lines[self.drawn..] {
            if let Some(figure) = state.hand(document, line, Placement::Figure) {
                self.html.push_str(&figure);
            }
        }
        self.html.push_str("</div>");
        self.html
    }
}

/// Passes `event` on, with the hands in prose that overlap it in its
/// place: text around a hand is kept, what lies inside a hand's source is
/// dropped, and the hand is written once, where its source starts.
fn splice<'a>(
    text: &'a str,
    event: Event<'a>,
    range: Range<usize>,
    replacements: &mut [Replacement],
    events: &mut Vec<Event<'a>>,
) {
    let overlapping: Vec<usize> = replacements
        .iter()
        .enumerate()
        .filter(|(_, r)| r.extent.start < range.end && range.start < r.extent.end)
        .map(|(i, _)| i)
        .collect();
    if overlapping.is_empty() {
        events.push(event);
        return;
    }
    let splittable = matches!(
        event,
        Event::Text(_) | Event::Html(_) | Event::InlineHtml(_) | Event::Code(_)
    );
    if !splittable {
        // A start or end of an element: dropped only when its whole source
        // lies inside one hand (an emphasis between `^^` markers).
        let inside = overlapping.iter().any(|&i| {
            let extent = &replacements[i].extent;
            extent.start <= range.start && range.end <= extent.end
        });
        if !inside {
            events.push(event);
        }
        return;
    }
    let html_like = matches!(event, Event::Html(_));
    let piece = |from: usize, to: usize, events: &mut Vec<Event<'a>>| {
        if let Some(s) = text.get(from..to).filter(|s| !s.is_empty()) {
            events.push(if html_like {
                Event::Html(CowStr::Borrowed(s))
            } else if matches!(event, Event::InlineHtml(_)) {
                Event::InlineHtml(CowStr::Borrowed(s))
            } else {
                Event::Text(CowStr::Borrowed(s))
            });
        }
    };
    let mut at = range.start;
    for i in overlapping {
        let replacement = &mut replacements[i];
        if replacement.extent.start > at {
            piece(at, replacement.extent.start, events);
        }
        if !replacement.written {
            replacement.written = true;
            events.push(Event::InlineHtml(CowStr::from(std::mem::take(
                &mut replacement.html,
            ))));
        }
        at = at.max(replacement.extent.end);
    }
    if at < range.end {
        piece(at, range.end, events);
    }
}

/// The style of a page's article and its hands, in `theme`.
fn page_style(theme: Theme) -> String {
    const LIGHT_PAGE: &str =
        "color-scheme:light;--page-bg:#ffffff;--page-fg:#1f2328;--page-muted:#59636e;\
        --page-code:#f3f4f6;--page-border:#d1d9e0;--page-link:#0969da;";
    const DARK_PAGE: &str =
        "color-scheme:dark;--page-bg:#16181c;--page-fg:#e6e6e6;--page-muted:#9aa3ad;\
        --page-code:#23262c;--page-border:#3a3f47;--page-link:#6cb6ff;";
    let mut out = String::with_capacity(4096);
    let light = format!("{LIGHT_PAGE}{}", svg::variables(&LIGHT));
    let dark = format!("{DARK_PAGE}{}", svg::variables(&DARK));
    match theme {
        Theme::Light => out.push_str(&format!(":root{{{light}}}")),
        Theme::Dark => out.push_str(&format!(":root{{{dark}}}")),
        Theme::Auto => out.push_str(&format!(
            ":root{{{light}}}@media (prefers-color-scheme:dark){{:root{{{dark}}}}}"
        )),
    }
    out.push_str(
        "body{margin:0;background:var(--page-bg);color:var(--page-fg);\
         font:17px/1.65 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans CJK JP',sans-serif}\
         main{max-width:46rem;margin:0 auto;padding:2.5rem 1.25rem 4rem}\
         h1,h2,h3,h4{line-height:1.25;margin:1.8em 0 .6em}h1{font-size:2.1rem;margin-top:0}\
         h2{font-size:1.5rem;border-bottom:1px solid var(--page-border);padding-bottom:.25em}\
         a{color:var(--page-link)}\
         code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.88em;\
         background:var(--page-code);padding:.12em .35em;border-radius:5px}\
         pre{background:var(--page-code);padding:1rem;border-radius:8px;overflow:auto}pre code{padding:0;background:none}\
         blockquote{margin:1em 0;padding:.1em 1em;color:var(--page-muted);border-left:.25em solid var(--page-border)}\
         table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid var(--page-border);padding:.35em .75em}\
         hr{border:0;border-top:1px solid var(--page-border)}img{max-width:100%}\n",
    );
    out.push_str(&hand_style());
    out
}

/// The style of the hands alone, for a fragment: the variables of
/// `theme` on the hands themselves, so that the host page is not touched.
fn fragment_style(theme: Theme) -> String {
    let light = svg::variables(&LIGHT);
    let dark = svg::variables(&DARK);
    let mut out = match theme {
        Theme::Light => format!(".mj-hand,.mj-sprite{{{light}}}"),
        Theme::Dark => format!(".mj-hand,.mj-sprite{{{dark}}}"),
        // A site's own theme switch wins over the system's preference:
        // mdBook marks its themes as classes of <html>.
        Theme::Auto => format!(
            ".mj-hand,.mj-sprite{{{light}}}@media (prefers-color-scheme:dark){{.mj-hand,.mj-sprite{{{dark}}}}}\
             html.light .mj-hand,html.rust .mj-hand{{{light}}}\
             html.coal .mj-hand,html.navy .mj-hand,html.ayu .mj-hand{{{dark}}}"
        ),
    };
    out.push_str(&hand_style());
    out
}

/// Rules for the hands: their tiles' colours and their place in the page.
fn hand_style() -> String {
    let mut out = svg::page_rules();
    out.push_str(
        "\nfigure.mj-hand{margin:1.1em 0}figure.mj-hand svg{display:block;max-width:100%;height:auto}\
         figure.mj-hand figcaption{margin-top:.35em;font-size:.88em;color:var(--mj-text);\
         font-variant-numeric:tabular-nums}\
         span.mj-hand svg{display:inline-block;vertical-align:middle;margin:0 .1em}\
         .mj-error figcaption{color:var(--mj-error)}\
         .mj-note{margin:.3em 0;font-size:.88em;color:var(--mj-text)}\n",
    );
    out
}

fn document(state: &HandRenderer, body: &str, title: &str) -> String {
    let mut out = String::with_capacity(body.len() + 16384);
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.push_str("<meta name=\"generator\" content=\"tenpai\">\n<title>");
    out.push_str(&escape(title.trim()));
    out.push_str("</title>\n<style>\n");
    out.push_str(&page_style(state.options.theme));
    out.push_str("</style>\n</head>\n<body>\n");
    if !state.faces.is_empty() {
        out.push_str(&svg::sprite(&state.faces));
        out.push('\n');
    }
    out.push_str("<main>\n");
    out.push_str(body);
    out.push_str("</main>\n</body>\n</html>\n");
    out
}

fn fragment(state: &HandRenderer, body: &str) -> String {
    let mut out = state.head();
    out.push_str(body);
    out
}

/// A Markdown document with each hand replaced by its HTML, for another
/// Markdown renderer (mdBook, markdown-it): the rest of the text is left
/// byte for byte. The style and symbols come first, when a hand was drawn.
pub fn splice_markdown(
    text: &str,
    kind: DocKind,
    rules: &Rules,
    options: &PageOptions,
) -> RenderedPage {
    let lines = analyzer(options).analyze(text, kind, rules);
    let mut state = HandRenderer::new(options);
    let mut cuts: Vec<(Range<usize>, String)> = Vec::new();
    match kind {
        DocKind::Mj => {
            let all: Vec<&AnalyzedLine> = lines.iter().collect();
            let block = state.block(text, &all);
            cuts.push((0..text.len(), block));
        }
        DocKind::Markdown => {
            let (parsed, body) = markdown::prepared(text);
            let mut code_spans = Vec::new();
            let mut code_blocks = Vec::new();
            for (event, range) in
                Parser::new_ext(&parsed[body..], markdown::options()).into_offset_iter()
            {
                let range = range.start + body..range.end + body;
                match event {
                    Event::Code(_) => code_spans.push(range),
                    Event::Start(Tag::CodeBlock(_)) => code_blocks.push(range),
                    _ => {}
                }
            }
            let mut in_blocks = vec![false; lines.len()];
            for block in &code_blocks {
                // A hand in another language's code stays code: HTML there
                // would be shown as text.
                let inside: Vec<&AnalyzedLine> = lines
                    .iter()
                    .enumerate()
                    .filter(|(_, l)| block.start <= l.range.start && l.range.end <= block.end)
                    .map(|(i, l)| {
                        in_blocks[i] = true;
                        l
                    })
                    .filter(|l| is_fence_line(l))
                    .collect();
                if !inside.is_empty() {
                    // The block's range ends with its closing fence's line
                    // break: kept, so what follows stays a block of its own.
                    let source = &text[block.clone()];
                    let end = block.end - (source.len() - source.trim_end().len());
                    cuts.push((block.start..end, state.block(text, &inside)));
                }
            }
            for (line, _) in lines.iter().zip(&in_blocks).filter(|(_, inside)| !**inside) {
                if let Some(html) = state.hand(text, line, placement(line)) {
                    cuts.push((extent(text, line, &code_spans), html));
                }
            }
        }
    }
    cuts.sort_by_key(|(range, _)| range.start);
    let head = state.head();
    let mut out = String::with_capacity(text.len() * 2 + head.len());
    if !head.is_empty() {
        out.push_str("<div class=\"mj-head\" style=\"position:absolute;width:0;height:0;overflow:hidden\">\n");
        out.push_str(&head);
        out.push_str("</div>\n\n");
    }
    let mut at = 0;
    for (range, html) in cuts {
        if range.start < at {
            continue;
        }
        out.push_str(&text[at..range.start]);
        out.push_str(&html);
        at = range.end;
    }
    out.push_str(&text[at..]);
    state.errors.sort_by_key(|e| e.range.start);
    RenderedPage {
        html: out,
        hands: state.hands,
        errors: state.errors,
    }
}

/// A page of every face (the 34 tiles, the red fives, the back and the
/// blank) at 72, 36 and 24 px, each named: to look at the tiles, or check
/// a site's restyling of them.
pub fn faces_page(theme: Theme) -> String {
    use super::faces::{Face, TILE_HEIGHT, TILE_WIDTH};
    let faces = FaceSet::all();
    let mut body = String::from("<h1>Tile faces</h1>\n");
    for height in [72u32, 36, 24] {
        let width = height * TILE_WIDTH / TILE_HEIGHT;
        let _ = write!(body, "<h2>{height} px</h2>\n<div class=\"mj-faces\">");
        for face in Face::all() {
            let code = face.code();
            let _ = write!(
                body,
                "<figure class=\"mj-hand\" data-tiles=\"{code}\"><svg viewBox=\"0 0 {TILE_WIDTH} {TILE_HEIGHT}\" \
                 width=\"{width}\" height=\"{height}\" role=\"img\" aria-label=\"{code}\">\
                 <use href=\"#mj-{code}\"/></svg>"
            );
            if height == 72 {
                let _ = write!(body, "<figcaption>{code}</figcaption>");
            }
            body.push_str("</figure>");
        }
        body.push_str("</div>\n");
    }
    let mut out = String::with_capacity(48 * 1024);
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Tile faces</title>\n<style>\n");
    out.push_str(&page_style(theme));
    out.push_str(
        ".mj-faces{display:flex;flex-wrap:wrap;gap:6px 4px}.mj-faces figure.mj-hand{margin:0;text-align:center}\
         .mj-faces figcaption{font-size:.8em}main{max-width:60rem}\n</style>\n</head>\n<body>\n",
    );
    out.push_str(&svg::sprite(&faces));
    out.push_str("\n<main>\n");
    out.push_str(&body);
    out.push_str("</main>\n</body>\n</html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Code;

    fn page(text: &str) -> RenderedPage {
        let options = PageOptions {
            shape: PageShape::Fragment,
            ..PageOptions::default()
        };
        render_document(text, DocKind::Markdown, &Rules::tenhou(), &options)
    }

    fn count(html: &str, needle: &str) -> usize {
        html.matches(needle).count()
    }

    #[test]
    fn each_kind_of_hand_is_drawn_where_it_stands() {
        let text = "# Title\n\nA hand `123m456p789s1122z` in prose, and ^^22m345p^^ too.\n\n\
                    ```mj\n# a note\n234m567p22s345678s riichi tsumo\n```\n\nAfter.\n";
        let page = page(text);
        assert_eq!(page.hands, 3);
        assert!(page.errors.is_empty());
        assert_eq!(count(&page.html, "<figure class=\"mj-hand\""), 1);
        assert_eq!(count(&page.html, "<span class=\"mj-hand\""), 2);
        assert!(page.html.contains("data-tiles=\"123m456p789s1122z\""));
        assert!(page.html.contains("data-tiles=\"22m345p\""));
        // The prose around the hands is untouched, the markers are gone.
        assert!(page.html.contains("A hand <span"));
        assert!(page.html.contains("</span> in prose, and <span"));
        assert!(page.html.contains("</span> too.</p>"));
        assert!(!page.html.contains("^^"));
        assert!(!page.html.contains("<code>123m"));
        // The fence's comment stays, the code block is gone.
        assert!(page.html.contains("<p class=\"mj-note\"># a note</p>"));
        assert!(!page.html.contains("<pre>"));
        assert!(page
            .html
            .contains("<figcaption>4 han 20 fu · 2600 all</figcaption>"));
        assert!(page.html.contains("<h1>Title</h1>") && page.html.contains("<p>After.</p>"));
        // One symbol per face used, and a `<use>` per tile.
        assert_eq!(count(&page.html, "<symbol id=\"mj-2m\""), 1);
        assert_eq!(count(&page.html, "data-tile=\"2m\""), 4);
    }

    #[test]
    fn a_hand_with_errors_is_drawn_as_written_and_reported() {
        let page = page("```mj\n123m456p789s1122z8z\n```\n");
        assert_eq!(page.hands, 1);
        assert_eq!(page.errors.len(), 1);
        assert_eq!(page.errors[0].error.code, Code::InvalidTile);
        assert!(page
            .html
            .contains("class=\"mj-hand mj-error\" data-tiles=\"123m456p789s1122z8z\""));
        assert!(page
            .html
            .contains("<title>123m456p789s1122z8z\nerror: there is no 8z"));
    }

    #[test]
    fn a_fence_in_a_list_stays_in_its_item() {
        let page = page("- first\n\n  ```mj\n  123m456p789s1122z\n  ```\n- second\n");
        let item = page.html.find("<li>").unwrap();
        let figure = page.html.find("<figure").unwrap();
        let end = page.html.find("</li>").unwrap();
        assert!(item < figure && figure < end, "{}", page.html);
    }

    #[test]
    fn markup_in_the_notation_is_escaped() {
        let page = page("```mj\n123m456p789s11222z # <b>&</b>\n```\n");
        assert!(page.html.contains("# &lt;b&gt;&amp;&lt;/b&gt;"));
        assert!(!page.html.contains("<b>"));
    }

    #[test]
    fn spliced_markdown_changes_only_the_hands() {
        let text = "Intro `5m` here.\n\n> ```mj\n> 123m456p789s1122z\n> ```\n\nEnd ^^123p^^.\n";
        let options = PageOptions::default();
        let spliced = splice_markdown(text, DocKind::Markdown, &Rules::tenhou(), &options);
        assert_eq!(spliced.hands, 3);
        let body = &spliced.html[spliced.html.find("</div>\n\n").unwrap() + 8..];
        assert!(body.starts_with("Intro <span class=\"mj-hand\""));
        assert!(body.contains("</span> here.\n\n> <div class=\"mj-hands\">"));
        assert!(body.contains("</div>\n\nEnd <span"));
        assert!(body.ends_with("</span>.\n"));
    }

    #[test]
    fn a_mj_document_is_a_figure_per_hand() {
        let options = PageOptions::default();
        let text = "rules: kiriage\n123m456p789s1122z\n# note\n234m567p22s345678s riichi tsumo\n";
        let page = render_document(text, DocKind::Mj, &Rules::tenhou(), &options);
        assert_eq!(page.hands, 2);
        assert!(page.html.starts_with("<!DOCTYPE html>"));
        assert_eq!(count(&page.html, "<p class=\"mj-note\">"), 2);
    }
}
