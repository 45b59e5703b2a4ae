//! The canonical formatter over a whole document: only hand lines change
//! (lines of `.mj` files and mj fences, inline hand spans, `^^…^^`); prose
//! and everything else are left byte for byte.

use std::ops::Range;

use crate::format::{format_line, FormatOptions, HonorStyle};

use super::dialects::{Dialect, DialectConfig, Translation};
use super::extract::Origin;
use super::inline::{caret_hand, looks_like_hand};
use super::DocKind;
use super::{find_hand_lines, find_hand_lines_with};

/// Replace `range` of the document with `text`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Edit {
    pub range: Range<usize>,
    pub text: String,
}

/// The edits that format a document, in document order, not overlapping.
/// Lines with syntax errors are left as they are.
pub fn format_edits(text: &str, kind: DocKind, options: &FormatOptions) -> Vec<Edit> {
    find_hand_lines(text, kind)
        .into_iter()
        // Another tool's notation is its renderer's syntax: never
        // rewritten by formatting.
        .filter(|site| site.origin != Origin::Dialect)
        .filter_map(|site| {
            let line = &text[site.range.clone()];
            let formatted = format_site(line, site.origin, options)?;
            (formatted != line).then_some(Edit {
                range: site.range,
                text: formatted,
            })
        })
        .collect()
}

/// `fmt --to tenpai`: the edits that format a document and also write
/// every hand of another notation in tenpai's (see [`dialect_edits`]).
pub fn to_tenpai_edits(
    text: &str,
    kind: DocKind,
    dialects: &DialectConfig,
    options: &FormatOptions,
) -> Vec<Edit> {
    let mut edits = format_edits(text, kind, options);
    for site in find_hand_lines_with(text, kind, dialects) {
        if let Some(t) = &site.translation {
            edits.extend(dialect_edits(text, site.range.clone(), t, options));
        }
    }
    edits.sort_by_key(|e| e.range.start);
    // Two edits never overlap: a dialect's fence opener is no hand line.
    edits.dedup_by(|b, a| b.range.start < a.range.end);
    edits
}

/// The edits that write a dialect's hand (at `range`) in tenpai notation:
/// inline markup becomes an inline code span; the hand of another tool's
/// fence becomes the line of an mj fence (the fence's language becomes
/// `mj`). None for a Tenhou link (a URL stays one) or an mpsz run (it is
/// tenpai's notation already), or a hand that does not read.
pub fn dialect_edits(
    text: &str,
    range: Range<usize>,
    translation: &Translation,
    options: &FormatOptions,
) -> Vec<Edit> {
    if matches!(translation.dialect, Dialect::Tenhou | Dialect::Mpsz) {
        return Vec::new();
    }
    let Some(line) = format_line(&translation.text, options) else {
        return Vec::new();
    };
    if !translation.block {
        return vec![Edit {
            range,
            text: format!("`{line}`"),
        }];
    }
    let mut edits = Vec::new();
    if let Some(info) = fence_info_above(text, range.start) {
        if text.get(info.clone()) != Some("mj") {
            edits.push(Edit {
                range: info,
                text: "mj".to_string(),
            });
        }
    }
    edits.push(Edit { range, text: line });
    edits
}

/// The info string of the fence whose content holds `at`: the nearest
/// line above that opens with ```` ``` ```` or `~~~`.
fn fence_info_above(text: &str, at: usize) -> Option<Range<usize>> {
    let mut end = text.get(..at)?.rfind('\n')?;
    loop {
        let start = text[..end].rfind('\n').map_or(0, |i| i + 1);
        let line = &text[start..end];
        let trimmed = line.trim_start_matches([' ', '>']);
        for marker in ["```", "~~~"] {
            if let Some(rest) = trimmed.strip_prefix(marker) {
                let info = rest.trim_start_matches(marker.as_bytes()[0] as char);
                let info_start = end - info.len();
                let word = info.trim_end_matches('\r');
                let lead = word.len() - word.trim_start().len();
                let lang = word
                    .trim_start()
                    .split(|c: char| c.is_whitespace() || c == '{')
                    .next()
                    .unwrap_or("");
                return Some(info_start + lead..info_start + lead + lang.len());
            }
        }
        if start == 0 {
            return None;
        }
        end = start - 1;
    }
}

/// The canonical form of a hand line found at `origin` (`None` for a line
/// with syntax errors). Inline hands are found by their look, and letter
/// honors can lose it: a code span is a hand only while it starts with a
/// tile group, a `^^…^^` pair of letter honors only with three words or
/// more (`^^1122z^^` would become `^^ee ss^^`, which is English). Such a
/// hand keeps digit honors, so formatting never hides it from `check`.
pub fn format_site(line: &str, origin: Origin, options: &FormatOptions) -> Option<String> {
    let still_found = |f: &str| found_at(f, origin);
    let formatted = format_line(line, options)?;
    if still_found(&formatted) {
        return Some(formatted);
    }
    let digits = FormatOptions {
        honors: HonorStyle::Digits,
    };
    format_line(line, &digits).filter(|f| still_found(f))
}

/// Would `text`, written where a hand line was found at `origin`, still be
/// found there? Every line of a `.mj` file or an mj fence is; an inline
/// hand only while it looks like one. An edit of an inline hand (a claim
/// added, honors rewritten) must keep this, or the hand silently drops
/// out of the document.
pub fn found_at(text: &str, origin: Origin) -> bool {
    match origin {
        Origin::InlineCode => looks_like_hand(text),
        Origin::Carets => caret_hand(text),
        Origin::MjLine | Origin::Fence => true,
        // A dialect's hand is never edited in place.
        Origin::Dialect => false,
    }
}

/// Applies non-overlapping edits in document order.
pub fn apply_edits(text: &str, edits: &[Edit]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for e in edits {
        if e.range.start < at || e.range.end > text.len() {
            continue;
        }
        out.push_str(&text[at..e.range.start]);
        out.push_str(&e.text);
        at = e.range.end;
    }
    out.push_str(&text[at..]);
    out
}

/// The formatted document.
pub fn format_document(text: &str, kind: DocKind, options: &FormatOptions) -> String {
    apply_edits(text, &format_edits(text, kind, options))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_inline_hand_of_honors_stays_a_hand_with_letter_honors() {
        let text =
            "All honors: `111z 222z 333z 444z 55z tsumo`, and ^^111z 222z 333z 444z 55z^^.\n";
        let letters = FormatOptions {
            honors: HonorStyle::Letters,
        };
        let out = format_document(text, DocKind::Markdown, &letters);
        assert_eq!(
            out,
            "All honors: `11122233344455z tsumo`, and ^^eee sss www nnn whwh^^.\n"
        );
        assert_eq!(find_hand_lines(&out, DocKind::Markdown).len(), 2);
        assert_eq!(format_document(&out, DocKind::Markdown, &letters), out);
    }

    #[test]
    fn a_caret_hand_of_few_honor_words_keeps_digit_honors() {
        let letters = FormatOptions {
            honors: HonorStyle::Letters,
        };
        let text = "Pairs ^^1122z^^, a ^^555z^^, ^^2211z => tenpai^^ and ^^123m456p789s1122z^^.\n";
        let out = format_document(text, DocKind::Markdown, &letters);
        assert_eq!(
            out,
            "Pairs ^^1122z^^, a ^^555z^^, ^^1122z => tenpai^^ and ^^123m456p789s ee ss^^.\n"
        );
        assert_eq!(find_hand_lines(&out, DocKind::Markdown).len(), 4);
    }
}
