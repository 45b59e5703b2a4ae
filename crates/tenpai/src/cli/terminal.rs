//! Text from a document made safe to print on a terminal: a document may
//! hold escape sequences (to retitle the window, recolour, move the
//! cursor, hide text) and the human reports echo its lines and words.

use std::borrow::Cow;

/// Whether `c` would act on a terminal rather than be shown: the C0 and
/// C1 controls (but the tab, which the reports lay out), DEL, and the
/// bidirectional overrides that reorder what is shown ("Trojan source").
pub fn is_unsafe(c: char) -> bool {
    (c.is_control() && c != '\t') || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// How an unsafe character is shown: `\x1b` for an ASCII control, `\u{9b}`
/// for any other.
pub fn escaped(c: char) -> String {
    if c.is_ascii() {
        format!("\\x{:02x}", c as u32)
    } else {
        format!("\\u{{{:x}}}", c as u32)
    }
}

/// `text` with every unsafe character escaped; borrowed when there is none.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_unsafe(c) {
            out.push_str(&escaped(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_are_shown_not_acted_on() {
        assert_eq!(
            escape_controls("riichi \x1b]0;pwned\x07 \x1b[31mred\u{9b}2J\u{202e}"),
            "riichi \\x1b]0;pwned\\x07 \\x1b[31mred\\u{9b}2J\\u{202e}"
        );
        assert_eq!(
            escape_controls("tab\tand 🀄 stay\u{7f}"),
            "tab\tand 🀄 stay\\x7f"
        );
        assert!(matches!(escape_controls("plain"), Cow::Borrowed(_)));
    }
}
