//! The canonical formatter over a whole document: only hand lines change
//! (lines of `.mj` files and mj fences, inline hand spans, `^^…^^`); prose
//! and everything else are left byte for byte.

use std::ops::Range;

use crate::notation::format::{format_line, FormatOptions, HonorStyle};

use super::extract::{find_hand_lines, Origin};
use super::inline::{caret_hand, looks_like_hand};
use super::DocKind;

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
