//! Finding the hand lines of a document: their byte ranges in the file,
//! and for a hand written in another tool's notation, the hand line it
//! amounts to.

use std::ops::Range;
use std::sync::Arc;

use super::dialects::Translation;

/// Where a hand line was found; the analysis treats them alike except that
/// `rules:` lines count only where a line of its own is written.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Origin {
    /// A line of a `.mj` file.
    MjLine,
    /// A line of a ```` ```mj ```` fence in Markdown.
    Fence,
    /// An inline code span in Markdown that looks like a hand line.
    InlineCode,
    /// `^^hand^^` in Markdown prose.
    Carets,
    /// A hand in another tool's notation (a Hugo shortcode, an MDC
    /// component, tile images…): its [`HandSite::translation`] is the hand
    /// line analysed.
    Dialect,
}

impl Origin {
    /// A `rules:` line changes the rule set only on a line of its own.
    pub fn allows_rules(self) -> bool {
        matches!(self, Origin::MjLine | Origin::Fence)
    }

    /// Inline mentions are often a few tiles (`14m`), not a whole hand.
    pub fn is_inline(self) -> bool {
        matches!(self, Origin::InlineCode | Origin::Carets)
    }
}

/// One hand line in a document: a contiguous byte range of the file, with
/// surrounding whitespace (and a Markdown container's `> ` or indentation)
/// left out. Never empty.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HandSite {
    pub range: Range<usize>,
    pub origin: Origin,
    /// For [`Origin::Dialect`]: the hand line the author's notation
    /// amounts to, and where each of its pieces is in the document.
    pub translation: Option<Arc<Translation>>,
}

impl HandSite {
    /// A site of tenpai's own notation: the line is the text at `range`.
    pub fn own(range: Range<usize>, origin: Origin) -> HandSite {
        HandSite {
            range,
            origin,
            translation: None,
        }
    }

    /// The hand line analysed: the document's text at the site, or the
    /// translation of a dialect.
    pub fn text<'a>(&'a self, document: &'a str) -> &'a str {
        match &self.translation {
            Some(t) => &t.text,
            None => document.get(self.range.clone()).unwrap_or_default(),
        }
    }
}

/// The comment that ignores a hand line of a `.mj` file (on the line), or
/// the next line (on a line of its own).
pub const IGNORE_MJ: &str = "tenpai: ignore";

/// Is this `.mj` line's comment `# tenpai: ignore`?
fn ignores(line: &str) -> bool {
    line.split_once('#')
        .is_some_and(|(_, comment)| comment.trim() == IGNORE_MJ)
}

pub(super) fn ignore_mj_lines(text: &str, lines: &mut Vec<HandSite>) {
    let mut skip_next = false;
    lines.retain(|site| {
        let line = &text[site.range.clone()];
        if std::mem::take(&mut skip_next) {
            // The line after a lone `# tenpai: ignore`; a comment line in
            // between passes the mark on.
            skip_next = line.starts_with('#');
            return false;
        }
        if ignores(line) {
            skip_next = line.starts_with('#');
            return false;
        }
        true
    });
}

/// The hand lines of `text[range]` in a `.mj` document, where `range`
/// starts and ends at line boundaries: the whole text, or the lines an
/// edit touched.
pub fn mj_lines(text: &str, range: Range<usize>) -> Vec<HandSite> {
    let mut out = Vec::new();
    // A byte order mark is not part of the first line's hand.
    let start = if range.start == 0 && text.starts_with('\u{feff}') {
        3
    } else {
        range.start
    };
    push_lines(text, start..range.end.max(start), Origin::MjLine, &mut out);
    out
}

/// Pushes each non-blank line of `text[range]`, trimmed. Lines end at
/// `\n`, `\r\n` or a lone `\r` (splitting at either byte leaves an empty
/// piece between `\r` and `\n`, which is blank).
pub(super) fn push_lines(text: &str, range: Range<usize>, origin: Origin, out: &mut Vec<HandSite>) {
    let Some(slice) = text.get(range.clone()) else {
        return;
    };
    let mut start = range.start;
    for line in slice.split_inclusive(['\n', '\r']) {
        if let Some(r) = trimmed(text, start..start + line.len()) {
            out.push(HandSite::own(r, origin));
        }
        start += line.len();
    }
}

/// `range` without leading and trailing whitespace (line breaks included);
/// `None` when nothing is left.
pub(super) fn trimmed(text: &str, range: Range<usize>) -> Option<Range<usize>> {
    let slice = text.get(range.clone())?;
    let lead = slice.len() - slice.trim_start().len();
    let inner = slice.trim();
    if inner.is_empty() {
        return None;
    }
    let start = range.start + lead;
    Some(start..start + inner.len())
}

#[cfg(test)]
mod tests {
    use crate::document::{find_hand_lines, DocKind};

    fn texts(text: &str, kind: DocKind) -> Vec<&str> {
        find_hand_lines(text, kind)
            .into_iter()
            .map(|s| &text[s.range])
            .collect()
    }

    #[test]
    fn mj_lines_are_trimmed_and_blank_lines_skipped() {
        let text = "rules: kiriage\r\n\n  123m456p789s11z22z  \r\n# note\nlast";
        assert_eq!(
            texts(text, DocKind::Mj),
            ["rules: kiriage", "123m456p789s11z22z", "# note", "last"]
        );
    }

    #[test]
    fn a_lone_carriage_return_ends_a_line() {
        let text = "123m456p789s1122z\r11z\r\n22z\r";
        assert_eq!(
            texts(text, DocKind::Mj),
            ["123m456p789s1122z", "11z", "22z"]
        );
    }

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_first_line() {
        let text = "\u{feff}11z\n22z";
        assert_eq!(texts(text, DocKind::Mj), ["11z", "22z"]);
        assert_eq!(find_hand_lines(text, DocKind::Mj)[0].range, 3..6);
    }

    #[test]
    fn ignored_mj_lines() {
        let text = "123m456p789s11122z # tenpai: ignore\n# tenpai: ignore\n11128z\n22z\n";
        assert_eq!(texts(text, DocKind::Mj), ["22z"]);
    }

    #[test]
    fn empty_documents_have_no_lines() {
        assert!(find_hand_lines("", DocKind::Mj).is_empty());
        assert!(find_hand_lines("\n\n  \n", DocKind::Markdown).is_empty());
    }
}
