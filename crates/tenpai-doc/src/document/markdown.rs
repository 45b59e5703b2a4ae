//! Hand lines in Markdown: lines of ```` ```mj ```` fences, inline code spans
//! that look like hand lines, `^^hand^^` in prose, and hands in other
//! tools' notations (see [`super::dialects`]).
//!
//! pulldown-cmark's offset iterator gives every event's byte range in the
//! file, also inside block quotes and list items, so the ranges found here
//! never include a container's `> ` or indentation.

use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

use super::dialects::scan::{self, CodeSpan, DialectConfig, Found, Ranked};
use super::extract::{push_lines, trimmed, HandSite, Origin};
use super::inline::{caret_hand, looks_like_hand};

pub(crate) fn options() -> Options {
    // No superscript: it would take `^^` for itself. No metadata blocks:
    // pulldown-cmark takes any `---` pair for one, also mid-document (where
    // they are rules), so front matter is found by `body_start` instead.
    // Footnotes, as GitHub renders them: without them `[^1]: `123m`` reads
    // as a link definition, and its hand is not checked.
    Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_FOOTNOTES
}

/// Where the Markdown body starts: after a byte order mark, and after YAML
/// front matter (`---` as the first line, up to a line `---` or `...`).
fn body_start(text: &str) -> usize {
    let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut lines = text[start..].split_inclusive('\n');
    let Some(first) = lines.next().filter(|l| l.trim_end() == "---") else {
        return start;
    };
    let mut at = start + first.len();
    for line in lines {
        at += line.len();
        if matches!(line.trim_end(), "---" | "...") {
            return at;
        }
    }
    start
}

pub(super) fn has_lone_cr(text: &str) -> bool {
    let bytes = text.as_bytes();
    memchr::memchr_iter(b'\r', bytes).any(|i| bytes.get(i + 1) != Some(&b'\n'))
}

pub(super) fn lone_cr_to_lf(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('\r') {
        out.push_str(&rest[..i]);
        out.push(if rest[i + 1..].starts_with('\n') {
            '\r'
        } else {
            '\n'
        });
        rest = &rest[i + 1..];
    }
    out.push_str(rest);
    out
}

/// Is a fence's info string the `mj` language? (`mj`, `mj title="..."`;
/// the language ends at a space or at `:`, `,`, `{` or `?`, as the
/// editors' Markdown grammars read it (VitePress's `mj{2}` and
/// `mj:line-numbers`); or Pandoc's attributes, whose first class is the
/// language: `{.mj}`, `{.mj .numberLines}`, `{.mj title="..."}`.)
fn is_mj_info(info: &str) -> bool {
    let is_mj = |lang: &str| lang.eq_ignore_ascii_case("mj");
    let info = info.trim_start();
    match info.strip_prefix('{') {
        Some(attributes) => attributes
            .split(|c: char| c.is_whitespace() || c == '}')
            .find_map(|word| word.strip_prefix('.'))
            .is_some_and(is_mj),
        None => info
            .split(|c: char| c.is_whitespace() || matches!(c, ':' | ',' | '{' | '?'))
            .next()
            .is_some_and(is_mj),
    }
}

/// The text pulldown-cmark parses for `text` (a lone `\r` read as `\n`,
/// so that every offset holds for `text`) and where the body starts
/// (after a byte order mark and front matter). The page renderer parses
/// what extraction parses, so the ranges it found are the events' ranges.
pub(crate) fn prepared(text: &str) -> (std::borrow::Cow<'_, str>, usize) {
    let parsed = if has_lone_cr(text) {
        std::borrow::Cow::Owned(lone_cr_to_lf(text))
    } else {
        std::borrow::Cow::Borrowed(text)
    };
    let body = body_start(&parsed);
    (parsed, body)
}

pub(super) fn find(text: &str, dialects: &DialectConfig) -> Vec<HandSite> {
    let mut out = read(text, dialects).sites;
    if memchr::memmem::find(text.as_bytes(), IGNORE.as_bytes()).is_some() {
        ignore_marked(text, &mut out);
    }
    out
}

/// What a reading of a Markdown text found.
struct Reading {
    /// The hands, those its ignore marks leave out included.
    sites: Vec<HandSite>,
    /// A code block of it reads another that it does not hold (see
    /// [`scan::block_awaits_another`]).
    awaits_block: bool,
}

/// Reads the hands of `text` (ignore marks aside).
fn read(text: &str, dialects: &DialectConfig) -> Reading {
    let mut out = Vec::new();
    // Code blocks nest in nothing that holds text, so one flag will do.
    let mut in_mj_fence = false;
    let mut in_other_block = false;
    // Consecutive text events of prose (the parser splits text at `[`,
    // `]` and other characters), scanned for `^^` as one run.
    let mut run: Option<Range<usize>> = None;
    // A `^^` of this block is waiting for its closing marker, beyond an
    // inline element or a line break that cut the pair.
    let mut cut_open = false;
    // For the dialects: the ranges of code (blocks and spans), whose
    // complement is prose; the info string and lines of the code block
    // being read; what was found.
    let mut code: Vec<Range<usize>> = Vec::new();
    let mut block: Option<(String, Vec<Range<usize>>)> = None;
    let mut found: Ranked = Vec::new();
    let mut spans: Vec<Found> = Vec::new();
    // Lines of every code block, for the dialects that read across blocks
    // (mahc: a file of commands, and its output in the next block).
    let mut blocks: Vec<Vec<Range<usize>>> = Vec::new();

    // pulldown-cmark reads a lone `\r` as a line break inside a paragraph
    // but not before a fence, so such a file is parsed with `\n` in its
    // place: the same length, so every offset holds for `text`.
    let unix;
    let parsed = if has_lone_cr(text) {
        unix = lone_cr_to_lf(text);
        unix.as_str()
    } else {
        text
    };
    let body = body_start(parsed);
    let events = Parser::new_ext(&parsed[body..], options()).into_offset_iter();
    for (event, range) in events {
        let range = range.start + body..range.end + body;
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                flush_run(text, &mut run, &mut out, &mut cut_open);
                code.push(range);
                match kind {
                    CodeBlockKind::Fenced(info) if is_mj_info(&info) => in_mj_fence = true,
                    CodeBlockKind::Fenced(info) => {
                        in_other_block = true;
                        block = Some((info.to_string(), Vec::new()));
                    }
                    CodeBlockKind::Indented => {
                        in_other_block = true;
                        block = Some((INDENTED.to_string(), Vec::new()));
                    }
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                in_mj_fence = false;
                in_other_block = false;
                if let Some((info, lines)) = block.take() {
                    scan::fence(text, &info, &lines, dialects, &mut found);
                    blocks.push(lines);
                }
            }
            Event::Text(_) if in_mj_fence => push_lines(text, range, Origin::Fence, &mut out),
            Event::Text(_) if in_other_block => {
                if let Some((_, lines)) = &mut block {
                    split_lines(text, range, lines);
                }
            }
            Event::Text(_) => match &mut run {
                Some(r) if r.end == range.start => r.end = range.end,
                _ => {
                    flush_run(text, &mut run, &mut out, &mut cut_open);
                    run = Some(range);
                }
            },
            Event::Code(_) => {
                flush_run(text, &mut run, &mut out, &mut cut_open);
                code.push(range.clone());
                if let Some(r) = code_span_content(text, range) {
                    match scan::code_span(text, r.clone(), dialects) {
                        CodeSpan::Dialect(f) => spans.push(f),
                        // `0z`, `8z9z`: another tool's marks, not a typo.
                        CodeSpan::Foreign => {}
                        CodeSpan::Own => {
                            if looks_like_hand(&text[r.clone()]) {
                                out.push(HandSite::own(r, Origin::InlineCode));
                            }
                        }
                    }
                }
            }
            _ => {
                flush_run(text, &mut run, &mut out, &mut cut_open);
                if ends_a_block(&event) {
                    cut_open = false;
                }
            }
        }
    }
    flush_run(text, &mut run, &mut out, &mut cut_open);
    // Prose (and HTML) is what lies between code: the body is read in one
    // pass that jumps over code (a pass per stretch between code spans
    // cost more than the reading); what a reader found that reaches into
    // code is left out.
    let mut in_prose: Ranked = Vec::new();
    // `^^…^^` hands are tenpai's own, read already: the pass over prose
    // jumps over them as over code (an mpsz run in one, a trainer's
    // `^^345m 345p 345s 678m 44s^^`, would be read only to be dropped).
    code.extend(
        out.iter()
            .filter(|s| s.origin == Origin::Carets)
            .map(|s| s.range.clone()),
    );
    code.sort_by_key(|c| c.start);
    if body < text.len() {
        scan::prose(text, body..text.len(), &code, dialects, &mut in_prose);
    }
    if !in_prose.is_empty() {
        let in_code = |r: &Range<usize>| {
            let i = code.partition_point(|c| c.end <= r.start);
            code.get(i).is_some_and(|c| c.start < r.end)
        };
        found.extend(in_prose.into_iter().filter(|(_, f)| !in_code(&f.range)));
    }
    scan::blocks(text, &blocks, dialects, &mut found);
    let awaits_block = scan::block_awaits_another(text, &blocks, dialects);
    if !found.is_empty() || !spans.is_empty() {
        // `^^…^^` hands are prose too: what they hold is theirs.
        let taken: Vec<Range<usize>> = out
            .iter()
            .filter(|s| s.origin == Origin::Carets)
            .map(|s| s.range.clone())
            .collect();
        let mut dialect_sites = scan::settle(found, &taken);
        dialect_sites.extend(spans);
        out.extend(dialect_sites.into_iter().map(|f| HandSite {
            range: f.range,
            origin: Origin::Dialect,
            translation: Some(f.translation),
        }));
        out.sort_by_key(|s| s.range.start);
    }
    Reading {
        sites: out,
        awaits_block,
    }
}

/// The info string given to indented code blocks: not a language anyone
/// writes, so no fence dialect takes it.
const INDENTED: &str = " indented";

/// Pushes the lines of a code block's text event, without line breaks.
fn split_lines(text: &str, range: Range<usize>, lines: &mut Vec<Range<usize>>) {
    let Some(slice) = text.get(range.clone()) else {
        return;
    };
    let mut at = range.start;
    for line in slice.split_inclusive(['\n', '\r']) {
        let len = line.trim_end_matches(['\n', '\r']).len();
        lines.push(at..at + len);
        at += line.len();
    }
}

/// The start of the comments that ignore hands.
const IGNORE: &str = "<!-- tenpai-ignore";

/// The ignore marks of a text.
struct IgnoreMarks {
    /// Where each lone `<!-- tenpai-ignore -->` ends: it takes the first
    /// hand after it.
    lone: Vec<usize>,
    /// From the end of a `<!-- tenpai-ignore-start -->` to the start of
    /// its `<!-- tenpai-ignore-end -->`.
    regions: Vec<Range<usize>>,
    /// Where a region that no end mark closes starts.
    open: Option<usize>,
}

impl IgnoreMarks {
    fn read(text: &str) -> IgnoreMarks {
        let mut marks = IgnoreMarks {
            lone: Vec::new(),
            regions: Vec::new(),
            open: None,
        };
        for at in memchr::memmem::find_iter(text.as_bytes(), IGNORE.as_bytes()) {
            let rest = &text[at + IGNORE.len()..];
            let Some(close) = rest.find("-->") else {
                continue;
            };
            let end = at + IGNORE.len() + close + 3;
            match rest[..close].trim() {
                "" => marks.lone.push(end),
                "-start" => {
                    marks.open.get_or_insert(end);
                }
                "-end" => {
                    if let Some(start) = marks.open.take() {
                        marks.regions.push(start..at);
                    }
                }
                _ => {}
            }
        }
        marks
    }
}

/// Leaves out the hands `<!-- tenpai-ignore -->` marks (the next one) and
/// those between `<!-- tenpai-ignore-start -->` and `<!--
/// tenpai-ignore-end -->` (or the end of the document).
fn ignore_marked(text: &str, sites: &mut Vec<HandSite>) {
    let IgnoreMarks {
        lone,
        mut regions,
        open,
    } = IgnoreMarks::read(text);
    if let Some(start) = open {
        regions.push(start..text.len());
    }
    // Each lone mark takes the first hand after it.
    let mut dropped = vec![false; sites.len()];
    for mark in lone {
        let next_site = sites.partition_point(|s| s.range.start < mark);
        if let Some(drop) = dropped.get_mut(next_site) {
            *drop = true;
        }
    }
    let mut index = 0;
    sites.retain(|s| {
        let inside = regions
            .iter()
            .any(|r| r.start <= s.range.start && s.range.end <= r.end);
        let keep = !dropped[index] && !inside;
        index += 1;
        keep
    });
}

/// Whether something in `text` reaches past its end, to what a document
/// would go on with, any distance: a `<!-- tenpai-ignore-start -->` no end
/// mark closes, a lone `<!-- tenpai-ignore -->` with no hand after it (it
/// takes the next hand, wherever that is), or a code block that reads a
/// later one `text` does not hold (a mahc file of commands and the block
/// of its output).
pub(super) fn reaches_past_end(text: &str, dialects: &DialectConfig) -> bool {
    let marked = memchr::memmem::find(text.as_bytes(), IGNORE.as_bytes()).is_some();
    let commands = dialects.reads(super::Dialect::Mahc)
        && memchr::memmem::find(text.as_bytes(), b"--tiles ").is_some();
    if !marked && !commands {
        return false;
    }
    let reading = read(text, dialects);
    if reading.awaits_block {
        return true;
    }
    if !marked {
        return false;
    }
    let marks = IgnoreMarks::read(text);
    if marks.open.is_some() {
        return true;
    }
    let Some(&last) = marks.lone.last() else {
        return false;
    };
    !reading.sites.iter().any(|site| site.range.start >= last)
}

/// Whether an event begins or ends a block that holds prose: `^^` pairs
/// do not reach across it.
fn ends_a_block(event: &Event) -> bool {
    match event {
        Event::Start(tag) => !matches!(
            tag,
            Tag::Emphasis | Tag::Strong | Tag::Strikethrough | Tag::Link { .. } | Tag::Image { .. }
        ),
        Event::End(tag) => !matches!(
            tag,
            TagEnd::Emphasis
                | TagEnd::Strong
                | TagEnd::Strikethrough
                | TagEnd::Link
                | TagEnd::Image
        ),
        Event::Rule => true,
        _ => false,
    }
}

/// The text between a code span's backtick runs, trimmed. Spans that
/// continue on another line are not hand lines: a hand line is contiguous.
fn code_span_content(text: &str, range: Range<usize>) -> Option<Range<usize>> {
    let written = text.get(range.clone())?;
    let ticks = written.bytes().take_while(|&b| b == b'`').count();
    if ticks == 0 || written.len() < 2 * ticks {
        return None;
    }
    let inner = range.start + ticks..range.end - ticks;
    if text[inner.clone()].contains(['\n', '\r']) {
        return None;
    }
    trimmed(text, inner)
}

/// Finds `^^hand^^` pairs in a run of prose. Markers pair in order, but a
/// pair only counts when what it holds reads as a hand; otherwise the
/// second marker is tried as an opener. When a pair of the block was cut
/// by an inline element or a line break (`cut_open`), the run's first
/// marker closes it and opens nothing; a marker left without a partner at
/// the run's end leaves such a pair open.
fn flush_run(
    text: &str,
    run: &mut Option<Range<usize>>,
    out: &mut Vec<HandSite>,
    cut_open: &mut bool,
) {
    let Some(range) = run.take() else {
        return;
    };
    let Some(s) = text.get(range.clone()) else {
        return;
    };
    // Every text event of prose comes here: a byte search for `^`, not a
    // substring search (`str::find` builds a searcher on each call, which
    // cost more than the short runs it searched).
    let bytes = s.as_bytes();
    let mut markers = Vec::new();
    let mut from = 0;
    while let Some(at) = memchr::memchr(b'^', &bytes[from..]).map(|marker| from + marker) {
        if bytes.get(at + 1) == Some(&b'^') {
            markers.push(at);
            from = at + 2;
        } else {
            from = at + 1;
        }
    }
    if markers.is_empty() {
        return;
    }
    let mut marker = usize::from(std::mem::take(cut_open));
    while let (Some(&open), Some(&close)) = (markers.get(marker), markers.get(marker + 1)) {
        if !caret_hand(&s[open + 2..close]) {
            marker += 1;
            continue;
        }
        if let Some(r) = trimmed(text, range.start + open + 2..range.start + close) {
            out.push(HandSite::own(r, Origin::Carets));
        }
        marker += 2;
    }
    *cut_open = marker + 1 == markers.len();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What tenpai's own notation finds (the dialects have their tests).
    fn found(text: &str) -> Vec<(&str, Origin)> {
        find(text, &DialectConfig::default())
            .into_iter()
            .filter(|s| s.origin != Origin::Dialect)
            .map(|s| (&text[s.range], s.origin))
            .collect()
    }

    #[test]
    fn fence_lines_are_hand_lines() {
        let text = "# Title\n\n```mj\nrules: kiriage\n123m456p789s11z22z\n\n  567p tsumo\n```\n\n```rust\nlet x = 123m;\n```\n";
        assert_eq!(
            found(text),
            [
                ("rules: kiriage", Origin::Fence),
                ("123m456p789s11z22z", Origin::Fence),
                ("567p tsumo", Origin::Fence),
            ]
        );
    }

    #[test]
    fn tilde_fences_and_info_words() {
        let text = "~~~mj title=\"East 1\"\n11z\n~~~\n\n```MJ\n22z\n```\n";
        assert_eq!(
            found(text),
            [("11z", Origin::Fence), ("22z", Origin::Fence)]
        );
    }

    #[test]
    fn pandoc_attributes_name_the_language_by_their_first_class() {
        for info in [
            "{.mj}",
            "{.MJ .numberLines}",
            "{.mj title=\"East 1\"}",
            "{ .mj }",
            "{#id .mj}",
        ] {
            assert!(is_mj_info(info), "{info}");
        }
        for info in ["{.rust .mj}", "{mj}", "{.mjx}", "{}", "{", "rust {.mj}"] {
            assert!(!is_mj_info(info), "{info}");
        }
        let text = "```{.mj .numberLines}\n11z\n```\n";
        assert_eq!(found(text), [("11z", Origin::Fence)]);
    }

    #[test]
    fn the_language_ends_where_the_editors_grammar_ends_it() {
        // VS Code's Markdown grammar (and ours, for the mj fence) reads
        // these as mj: line highlights and options of site generators.
        for info in [
            "mj{2}",
            "mj{1,3-4}",
            "mj:line-numbers",
            "mj,ignore",
            "mj?x",
            "MJ {2}",
        ] {
            assert!(is_mj_info(info), "{info}");
        }
        for info in ["mjx", "mj-old", "mj.x", "xmj{2}"] {
            assert!(!is_mj_info(info), "{info}");
        }
    }

    #[test]
    fn fences_inside_block_quotes_leave_out_the_marker() {
        let text = "> quote\n> ```mj\n> 123m 456p\n>   789s\n> ```\n";
        let sites = find(text, &DialectConfig::default());
        assert_eq!(
            found(text),
            [("123m 456p", Origin::Fence), ("789s", Origin::Fence)]
        );
        // The exact place in the file: the byte after "> " on line 3.
        assert_eq!(sites[0].range.start, text.find("123m").unwrap());
        assert_eq!(sites[1].range.start, text.find("789s").unwrap());
    }

    #[test]
    fn fences_inside_list_items_leave_out_the_indentation() {
        let text = "- item\n\n  ```mj\n  11z22z\n  33z\n  ```\n1. ```mj\n   9m\n   ```\n";
        let sites = find(text, &DialectConfig::default());
        assert_eq!(
            found(text),
            [
                ("11z22z", Origin::Fence),
                ("33z", Origin::Fence),
                ("9m", Origin::Fence)
            ]
        );
        assert_eq!(sites[2].range.start, text.find("9m").unwrap());
    }

    #[test]
    fn nested_quote_in_list() {
        let text = "- > ```mj\n  > 55z\n  > ```\n";
        assert_eq!(found(text), [("55z", Origin::Fence)]);
        assert_eq!(
            find(text, &DialectConfig::default())[0].range.start,
            text.find("55z").unwrap()
        );
    }

    #[test]
    fn inline_code_spans_that_look_like_hands() {
        let text = "Take `123m456p789s1122z` or `x = 1234`, not `let`; the typo `11128z` counts.\n";
        assert_eq!(
            found(text),
            [
                ("123m456p789s1122z", Origin::InlineCode),
                ("11128z", Origin::InlineCode)
            ]
        );
    }

    #[test]
    fn inline_spans_with_double_backticks_and_padding() {
        let text = "See `` [1111p] 123m `` and ` (123m) 456p `.";
        assert_eq!(
            found(text),
            [
                ("[1111p] 123m", Origin::InlineCode),
                ("(123m) 456p", Origin::InlineCode)
            ]
        );
    }

    #[test]
    fn inline_spans_in_tables_quotes_and_lists() {
        let text =
            "| hand | value |\n|---|---|\n| `123m` | x |\n\n> quoted `456p`\n\n- item `789s`\n";
        assert_eq!(
            found(text),
            [
                ("123m", Origin::InlineCode),
                ("456p", Origin::InlineCode),
                ("789s", Origin::InlineCode)
            ]
        );
    }

    #[test]
    fn glyphs_before_a_hand() {
        let text = "🀄 The hand: `🀇🀈🀉 456p` and 🀄 `123m`.";
        let sites = find(text, &DialectConfig::default());
        assert_eq!(&text[sites[0].range.clone()], "🀇🀈🀉 456p");
        assert_eq!(&text[sites[1].range.clone()], "123m");
        assert_eq!(sites[1].range.start, text.find("123m").unwrap());
    }

    #[test]
    fn caret_hands_even_across_link_brackets() {
        let text = "Here ^^[1111p] 123m^^ and ^^ 44z ^^, but not ^^\nacross lines^^.\n";
        assert_eq!(
            found(text),
            [("[1111p] 123m", Origin::Carets), ("44z", Origin::Carets)]
        );
    }

    #[test]
    fn caret_pairs_cut_by_inline_elements_or_holding_prose_do_not_shift() {
        let text = "A ^^123m456p789s11z22z *tsumo*^^ then ^^123m456p789s11128z^^.\n";
        assert_eq!(found(text), [("123m456p789s11128z", Origin::Carets)]);
        let text =
            "The hand ^^123m 456p 789s\n11z 22z^^ won; later ^^123m456p789s11128z^^ did not.\n";
        assert_eq!(found(text), [("123m456p789s11128z", Origin::Carets)]);
        let text = "Trainers mark hands with ^^ on both sides: ^^123m456p789s11128z^^.\n";
        assert_eq!(found(text), [("123m456p789s11128z", Origin::Carets)]);
        let text = "A ^^123m *x*^^ 9m 1m ^^5p^^\n";
        assert_eq!(found(text), [("5p", Origin::Carets)]);
        // A line break cuts a pair as emphasis does.
        let text = "The first ^^234m567p22s\n345678s riichi^^ (with ippatsu) beats ^^123m456p789s11128z^^.\n";
        assert_eq!(found(text), [("123m456p789s11128z", Origin::Carets)]);
        // Right after an inline element, with no pair open, a marker opens.
        for text in [
            "**Hand:**^^123m^^ is it.\n",
            "Code `x`^^123m^^ here.\n",
            "See [it](http://x)^^123m^^ now.\n",
            "Pair ^^3m^^ then *it*^^123m^^ lost.\n",
        ] {
            assert_eq!(
                found(text).last(),
                Some(&("123m", Origin::Carets)),
                "{text}"
            );
        }
        // Prose between markers is not a hand, whatever its first letters.
        for text in [
            "Trainers use ^^ when writing: ^^123m^^.\n",
            "Use ^^ (two carets) ^^ around ^^123m^^.\n",
            "The ^^ we use here ^^123m^^ is it.\n",
        ] {
            assert_eq!(found(text), [("123m", Origin::Carets)], "{text}");
        }
        for text in [
            "A ^^ 3 han ^^ hand.\n",
            "Math 2^^3 and 10^^2\n",
            "vs ^^ new ^^ style\n",
        ] {
            assert_eq!(found(text), [], "{text}");
        }
    }

    #[test]
    fn hands_in_footnotes() {
        let text = "The hand[^1] was odd.\n\n[^1]: `123m456p789s11128z`\n";
        assert_eq!(found(text), [("123m456p789s11128z", Origin::InlineCode)]);
    }

    #[test]
    fn carets_in_code_are_not_hands() {
        let text = "`^^123m^^`\n\n```\n^^123m^^\n```\n";
        assert!(found(text).is_empty());
    }

    #[test]
    fn front_matter_is_not_prose() {
        let text = "---\ntitle: ^^123m^^\n---\n\n^^456p^^\n";
        assert_eq!(found(text), [("456p", Origin::Carets)]);
    }

    #[test]
    fn front_matter_only_at_the_top_and_a_byte_order_mark_skipped() {
        let hands = |text: &str| -> Vec<String> {
            find(text, &DialectConfig::default())
                .iter()
                .map(|s| text[s.range.clone()].to_string())
                .collect()
        };
        // Front matter: its lines are not hands.
        let text = "---\ntitle: `11z`\n---\n\n```mj\n123m\n```\n";
        assert_eq!(hands(text), ["123m"]);
        // Two rules mid-document are rules; what is between them is read.
        let text = "Intro\n\n---\nThe hand:\n\n```mj\n123m\n```\n\n---\n\nEnd `456p`\n";
        assert_eq!(hands(text), ["123m", "456p"]);
        // A byte order mark does not hide a fence on the first line.
        let text = "\u{feff}```mj\n123m\n```\n\nfoo `456p`\n";
        assert_eq!(hands(text), ["123m", "456p"]);
        let text = "\u{feff}---\r\na: 1\r\n...\r\n`789s`\r\n";
        assert_eq!(hands(text), ["789s"]);
        // Unclosed: no front matter (a rule, then prose).
        assert_eq!(hands("---\n`11z`\n"), ["11z"]);
    }

    #[test]
    fn a_lone_carriage_return_ends_a_line() {
        let text = "x\r```mj\r123m456p789s11z22z\r44z\r```\r`11z`\r\n";
        assert_eq!(lone_cr_to_lf(text).len(), text.len());
        let found: Vec<&str> = find(text, &DialectConfig::default())
            .iter()
            .map(|s| &text[s.range.clone()])
            .collect();
        assert_eq!(found, ["123m456p789s11z22z", "44z", "11z"]);
    }

    #[test]
    fn code_spans_over_two_lines_are_left_alone() {
        assert!(found("a `123m\n456p` b").is_empty());
    }

    #[test]
    fn unclosed_fence_runs_to_the_end() {
        assert_eq!(
            found("```mj\n11z\n22z"),
            [("11z", Origin::Fence), ("22z", Origin::Fence)]
        );
    }
}
