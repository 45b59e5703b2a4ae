//! Cutting a large document into pieces that read as the whole does, so
//! that the CLI can analyse, fix and format a document of hundreds of
//! megabytes a piece at a time: memory follows the piece, not the document.
//!
//! A piece ends only where nothing before it changes how the text after it
//! reads, and the reverse:
//!
//! - in a `.mj` document, after a line of notation (not after a blank or
//!   comment line, which a lone `# tenpai: ignore` reaches across);
//! - in Markdown, before a block that starts at the left margin of a line
//!   after a blank line, outside any container, fence or HTML block
//!   (pulldown-cmark's own reading of the text says where blocks start),
//!   and only where the hands found in the two pieces read apart are those
//!   found in them read together (another tool's markup that pairs
//!   across blocks, a list of discards under its hand), and not after a
//!   `<!-- tenpai-ignore -->` still waiting for its hand, inside an open
//!   `tenpai-ignore-start`, or between a mahc file of commands and the
//!   block of its output (which reach any distance).
//!
//! Neither piece may start with U+FEFF (a byte order mark at the start of
//! a text) nor, in Markdown, with a `---` line (front matter at the start).
//! `rules:` lines are carried from a piece to the next by the caller, from
//! the analysis of the piece.

use std::ops::Range;

use pulldown_cmark::{Event, Parser};

use super::dialects::DialectConfig;
use super::extract::HandSite;
use super::markdown::reaches_past_end;
use super::{find_hand_lines_with, DocKind};

/// `text` cut into consecutive pieces of about `size` bytes (more when no
/// safe place is found sooner), covering it.
pub fn chunks(
    text: &str,
    kind: DocKind,
    size: usize,
    dialects: &DialectConfig,
) -> Vec<Range<usize>> {
    match kind {
        DocKind::Mj => mj_chunks(text, size),
        DocKind::Markdown => markdown_chunks(text, size, dialects),
    }
}

/// The pieces of a `.mj` document: each ends after a `\n` that ends a line
/// of notation, and the next does not start with U+FEFF.
pub fn mj_chunks(text: &str, size: usize) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    while text.len() - start > size {
        let mut cut = None;
        let mut at = start + size;
        while let Some(newline) = memchr::memchr(b'\n', &bytes[at..]) {
            let end = at + newline + 1;
            // The line this `\n` (or `\r\n`) ends.
            let content_end = end - 1 - usize::from(bytes[..end - 1].ends_with(b"\r"));
            let line_start = bytes[..content_end]
                .iter()
                .rposition(|&b| b == b'\n' || b == b'\r')
                .map_or(0, |i| i + 1);
            let mut line = &text[line_start..content_end];
            if line_start == 0 {
                // The text's byte order mark is no part of its first line.
                line = line.strip_prefix('\u{feff}').unwrap_or(line);
            }
            let line = line.trim();
            if !line.is_empty() && !line.starts_with('#') && !text[end..].starts_with('\u{feff}') {
                cut = Some(end);
                break;
            }
            at = end;
        }
        match cut {
            Some(end) if end < text.len() => {
                out.push(start..end);
                start = end;
            }
            _ => break,
        }
    }
    out.push(start..text.len());
    out
}

/// Candidates for a cut tried (from the furthest back) before a wider
/// window is read.
const TRIES: usize = 4;

/// The pieces of a Markdown document.
pub fn markdown_chunks(text: &str, size: usize, dialects: &DialectConfig) -> Vec<Range<usize>> {
    let size = size.max(1);
    let mut out = Vec::new();
    let mut start = 0;
    'pieces: while text.len() - start > size {
        // The window read for block starts: twice the piece, growing while
        // no safe cut is found in it.
        let mut width = size.saturating_mul(2);
        loop {
            let end = line_end(text, start.saturating_add(width));
            let starts = block_starts(text, start..end);
            // The last block of the window may go on past it: the piece
            // after a cut, checked against reading both together, ends
            // where that block starts.
            let Some(&last) = starts.last() else {
                break 'pieces;
            };
            let limit = if end == text.len() { end } else { last };
            let wanted = start + size;
            // The first candidates past `size`, else the last ones before it.
            let candidates: Vec<usize> = starts
                .iter()
                .copied()
                .filter(|&s| s < limit && is_cut(text, start, s))
                .collect();
            let (before, past) = candidates.split_at(candidates.partition_point(|&s| s < wanted));
            for &cut in past.iter().chain(before.iter().rev()).take(TRIES) {
                // What the piece holds must not reach past it (an ignore
                // mark waiting for its hand, a file of commands for its
                // output): that reaches any distance, past what the
                // window compares.
                if !reaches_past_end(&text[start..cut], dialects)
                    && reads_apart_as_together(text, start..cut, limit, dialects)
                {
                    out.push(start..cut);
                    start = cut;
                    continue 'pieces;
                }
            }
            if end == text.len() {
                break 'pieces;
            }
            width = width.saturating_mul(2);
        }
    }
    out.push(start..text.len());
    out
}

/// The end of the line `at` is in (after its line break), or the text's end.
fn line_end(text: &str, at: usize) -> usize {
    if at >= text.len() {
        return text.len();
    }
    let bytes = text.as_bytes();
    match memchr::memchr2(b'\n', b'\r', &bytes[at..]) {
        Some(i) => {
            let at = at + i;
            if bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') {
                at + 2
            } else {
                at + 1
            }
        }
        None => text.len(),
    }
}

/// Where the top-level blocks of `text[window]` start (read as a document
/// of its own, whose blocks before its last are those of the whole: a
/// Markdown block's reach is decided by the lines up to its end).
fn block_starts(text: &str, window: Range<usize>) -> Vec<usize> {
    let base = window.start;
    let slice = &text[window];
    // A lone `\r` read as `\n`, as extraction reads it (same length).
    let parsed = if super::markdown::has_lone_cr(slice) {
        std::borrow::Cow::Owned(super::markdown::lone_cr_to_lf(slice))
    } else {
        std::borrow::Cow::Borrowed(slice)
    };
    let mut out = Vec::new();
    let mut depth = 0usize;
    for (event, range) in Parser::new_ext(&parsed, super::markdown::options()).into_offset_iter() {
        match event {
            Event::Start(_) => {
                if depth == 0 {
                    out.push(base + range.start);
                }
                depth += 1;
            }
            Event::End(_) => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(base + range.start),
            _ => {}
        }
    }
    out
}

/// Whether a piece may end at `cut` (a block start): at the start of a line
/// that starts with neither space nor U+FEFF nor `---`, after a blank line.
fn is_cut(text: &str, start: usize, cut: usize) -> bool {
    if cut <= start || cut >= text.len() {
        return false;
    }
    let before = &text.as_bytes()[start..cut];
    if !matches!(before.last(), Some(b'\n' | b'\r')) {
        return false;
    }
    let rest = &text[cut..];
    let line = &rest[..line_end(rest, 0)];
    if line.starts_with(|c: char| c.is_whitespace() || c == '\u{feff}') || line.trim_end() == "---"
    {
        return false;
    }
    // The line before the cut is blank.
    let without_break = before
        .strip_suffix(b"\r\n")
        .or_else(|| before.strip_suffix(b"\n"))
        .or_else(|| before.strip_suffix(b"\r"))
        .unwrap_or(before);
    let previous_start = without_break
        .iter()
        .rposition(|&b| b == b'\n' || b == b'\r')
        .map_or(0, |i| i + 1);
    // Not the first line of the piece: a piece is not a blank line alone.
    previous_start > 0
        && without_break[previous_start..]
            .iter()
            .all(|b| b.is_ascii_whitespace())
}

/// A hand found in a piece, placed in the whole document.
struct Found {
    /// Where the hand is in the document.
    range: Range<usize>,
    /// Where its translation (another tool's hand) reaches in the document:
    /// a translation's own offsets are those of the piece it was read from.
    reach: Option<Range<usize>>,
    site: HandSite,
}

impl Found {
    /// The same hand, read the same way, at the same place.
    fn reads_as(&self, other: &Found) -> bool {
        self.range == other.range
            && self.reach == other.reach
            && self.site.origin == other.site.origin
            && match (&self.site.translation, &other.site.translation) {
                (None, None) => true,
                (Some(mine), Some(theirs)) => {
                    (
                        mine.dialect,
                        &mine.text,
                        mine.tiles,
                        mine.unknown,
                        mine.block,
                        mine.rules,
                        mine.role,
                    ) == (
                        theirs.dialect,
                        &theirs.text,
                        theirs.tiles,
                        theirs.unknown,
                        theirs.block,
                        theirs.rules,
                        theirs.role,
                    )
                }
                _ => false,
            }
    }
}

/// The hands found in `text[range]` read as a document of its own, placed
/// in the whole document.
fn found_in(text: &str, range: Range<usize>, dialects: &DialectConfig) -> Vec<Found> {
    let base = range.start;
    find_hand_lines_with(&text[range], DocKind::Markdown, dialects)
        .into_iter()
        .map(|site| {
            let reach = site.translation.as_ref().map(|translation| {
                let source = translation.to_source(&(0..translation.text.len()));
                source.start + base..source.end + base
            });
            Found {
                range: site.range.start + base..site.range.end + base,
                reach,
                site,
            }
        })
        .collect()
}

/// Whether the hands found in `piece` and in the text from its end to
/// `limit`, each read alone, are those found reading both together.
fn reads_apart_as_together(
    text: &str,
    piece: Range<usize>,
    limit: usize,
    dialects: &DialectConfig,
) -> bool {
    let together = found_in(text, piece.start..limit, dialects);
    let mut apart = found_in(text, piece.clone(), dialects);
    apart.extend(found_in(text, piece.end..limit, dialects));
    together.len() == apart.len()
        && together
            .iter()
            .zip(&apart)
            .all(|(whole, split)| whole.reads_as(split))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces<'a>(text: &'a str, chunks: &[Range<usize>]) -> Vec<&'a str> {
        chunks.iter().map(|c| &text[c.clone()]).collect()
    }

    #[test]
    fn mj_pieces_end_after_notation() {
        let text = "11z\n# c\n\n22z\r\n\u{feff}33z\n44z";
        let chunks = mj_chunks(text, 1);
        // Not after the comment, the blank line, or before U+FEFF.
        assert_eq!(
            pieces(text, &chunks),
            ["11z\n", "# c\n\n22z\r\n\u{feff}33z\n", "44z"]
        );
        assert_eq!(mj_chunks("11z\n22z\n", 1), [0..4, 4..8]);
        assert_eq!(mj_chunks("", 1).first(), Some(&(0..0)));
    }

    #[test]
    fn markdown_pieces_end_between_blocks_outside_fences() {
        let text = "# Title\n\n`123m456p789s1122z`\n\n```mj\n11z\n\n22z\n```\n\n- item\n\n  more\n\nend `11z`\n";
        let chunks = markdown_chunks(text, 1, &DialectConfig::default());
        assert_eq!(
            pieces(text, &chunks),
            [
                "# Title\n\n",
                "`123m456p789s1122z`\n\n",
                // Not inside the fence, nor inside the list item.
                "```mj\n11z\n\n22z\n```\n\n",
                "- item\n\n  more\n\n",
                "end `11z`\n",
            ]
        );
        let covered: String = pieces(text, &chunks).concat();
        assert_eq!(covered, text);
    }

    #[test]
    fn markdown_pieces_keep_what_reaches_across_blocks() {
        let dialects = DialectConfig::default();
        // A lone ignore mark waits for its hand; a region stays open to
        // its end; front matter and a thematic break are not cut before.
        let text = "a\n\n<!-- tenpai-ignore -->\n\nb\n\n`11z`\n\nc\n\n<!-- tenpai-ignore-start -->\n\nd\n\n`22z`\n\n<!-- tenpai-ignore-end -->\n\ne\n\n---\n\nf\n";
        let chunks = markdown_chunks(text, 1, &dialects);
        let got = pieces(text, &chunks);
        assert!(
            got.contains(&"<!-- tenpai-ignore -->\n\nb\n\n`11z`\n\n"),
            "{got:?}"
        );
        assert!(
            got.iter()
                .any(|p| p.starts_with("<!-- tenpai-ignore-start -->")
                    && p.contains("`22z`")
                    && p.contains("tenpai-ignore-end")),
            "{got:?}"
        );
        assert!(got.iter().all(|p| !p.starts_with("---")), "{got:?}");
        assert_eq!(got.concat(), text);
    }

    /// An ignore mark reaches its hand across any number of blocks without
    /// hands: no piece ends between them.
    #[test]
    fn markdown_pieces_keep_an_ignore_mark_with_its_far_hand() {
        let dialects = DialectConfig::default();
        let prose = "prose\n\n".repeat(20);
        for mark in ["<!-- tenpai-ignore -->", "<!-- tenpai-ignore-start -->"] {
            let text = format!("intro\n\n{mark}\n\n{prose}`123m456p789s11z22z`\n\nafter `11z`\n");
            let got = pieces(&text, &markdown_chunks(&text, 1, &dialects));
            assert!(got.len() > 1, "{got:?}");
            assert!(
                got.iter()
                    .any(|p| p.starts_with(mark) && p.contains("`123m456p789s11z22z`")),
                "{got:?}"
            );
            assert_eq!(got.concat(), text);
        }
    }

    /// A mahc file of commands and the block of its output (which states
    /// the values the file's hands are checked against) stay in one
    /// piece, however much prose is between them.
    #[test]
    fn markdown_pieces_keep_a_file_of_commands_with_its_output() {
        let dialects = DialectConfig::default();
        let file = "```\n# hands.txt\n--tiles 1p 9p 1s 9s 1m 9m rd gd wd Ew Sw Nw WWw -w Ww -p Ew -s Ew\n```\n\n";
        let output = "```\n~/$ mahc -f hands.txt\n\n❯ Dealer: 96000 (32000)\n  Non-dealer: 64000 (16000/32000)\n```\n\n";
        let prose = "prose\n\n".repeat(20);
        let text = format!("intro\n\n{file}{prose}{output}after `11z`\n");
        let got = pieces(&text, &markdown_chunks(&text, 1, &dialects));
        assert!(got.len() > 1, "{got:?}");
        assert!(
            got.iter()
                .any(|p| p.starts_with("```\n# hands.txt") && p.contains("mahc -f hands.txt")),
            "{got:?}"
        );
        let together = find_hand_lines_with(&text, DocKind::Markdown, &dialects);
        let claimed = |sites: &[HandSite]| {
            sites
                .iter()
                .filter_map(|site| site.translation.as_ref())
                .any(|t| t.text.ends_with("=> 96000"))
        };
        assert!(claimed(&together));
    }
}
