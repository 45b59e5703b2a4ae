//! Code actions a line offers beyond its diagnostics' own fixes.

use std::ops::Range;

use crate::document::format::{format_site, found_at};
use crate::document::{LineAnalysis, Origin};
use crate::format::{FormatOptions, HonorStyle};
use crate::notation::ast::Written;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ActionKind {
    /// Repairs something wrong.
    QuickFix,
    /// Rewrites a correct line (adds a claim, normalises the hand).
    Rewrite,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Action {
    pub title: String,
    pub kind: ActionKind,
    /// Line-relative byte range and its replacement.
    pub edit: (Range<usize>, String),
}

/// The rewrites a line offers: add a claim with the computed value,
/// normalise the line, write its honors the other way. `text` is the line,
/// found at `origin`; `style` how the user formats honors.
pub fn line_actions(
    a: &LineAnalysis,
    text: &str,
    origin: Origin,
    style: HonorStyle,
) -> Vec<Action> {
    let mut out = Vec::new();
    let Some(h) = a.hand_line() else {
        return out;
    };
    if h.claim.is_none() {
        if let Some(claim) = a.claim_text() {
            let at = h
                .options
                .iter()
                .map(|o| o.span().end)
                .fold(h.hand_span.end, usize::max)
                .min(text.len());
            let insert = format!(" => {claim}");
            // `^^eee sss www nnn wh^^` is a hand as words of letter honors
            // only: with a claim it would read as prose, and drop out.
            let claimed = format!("{}{insert}{}", &text[..at], &text[at..]);
            if found_at(&claimed, origin) {
                out.push(Action {
                    title: format!("Add the claim => {claim}"),
                    kind: ActionKind::Rewrite,
                    edit: (at..at, insert),
                });
            }
        }
    }
    let whole = 0..text.len();
    if let Some(f) = format(text, origin, style) {
        out.push(Action {
            title: "Normalise the hand".to_string(),
            kind: ActionKind::Rewrite,
            edit: (whole.clone(), f),
        });
    }
    let honors: Vec<Written> = h
        .tiles()
        .iter()
        .filter(|t| t.tile.is_honor())
        .map(|t| t.written)
        .collect();
    if !honors.is_empty() {
        let (other, title) = if honors.contains(&Written::Letter) {
            (HonorStyle::Digits, "Write honors as digits (1-7z)")
        } else {
            (
                HonorStyle::Letters,
                "Write honors as letters (e s w n wh g r)",
            )
        };
        if let Some(f) = format(text, origin, other) {
            if !out.iter().any(|a| a.edit.1 == f) {
                out.push(Action {
                    title: title.to_string(),
                    kind: ActionKind::Rewrite,
                    edit: (whole, f),
                });
            }
        }
    }
    out
}

/// The canonical form of a line found at `origin`, when it differs (lines
/// with syntax errors are left as written).
pub fn format(text: &str, origin: Origin, style: HonorStyle) -> Option<String> {
    format_site(text, origin, &FormatOptions { honors: style }).filter(|f| f != text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::{analyze_in, Context};
    use crate::score::Rules;

    fn titles(text: &str, origin: Origin) -> Vec<String> {
        let context = if origin.is_inline() {
            Context::Inline
        } else {
            Context::Line
        };
        let a = analyze_in(text, &Rules::tenhou(), context);
        line_actions(&a, text, origin, HonorStyle::Digits)
            .into_iter()
            .map(|a| a.title)
            .collect()
    }

    #[test]
    fn a_claim_is_offered_only_where_the_hand_would_still_be_found() {
        let adds = |ts: Vec<String>| ts.iter().any(|t| t.starts_with("Add the claim"));
        // Words of letter honors are a `^^…^^` hand only alone.
        assert!(!adds(titles("eee sss www nnn wh", Origin::Carets)));
        assert!(adds(titles("eee sss www nnn wh", Origin::Fence)));
        assert!(adds(titles("111z 222z 333z 444z 5z", Origin::Carets)));
    }
}
