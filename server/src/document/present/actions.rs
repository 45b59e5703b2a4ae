//! Code actions a line offers beyond its diagnostics' own fixes.

use std::ops::Range;

use crate::document::LineAnalysis;

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

/// The rewrites a line offers: add a claim with the computed value.
pub fn line_actions(a: &LineAnalysis) -> Vec<Action> {
    let mut out = Vec::new();
    let Some(h) = a.hand_line() else {
        return out;
    };
    if h.claim.is_none() {
        if let Some(claim) = a.claim_text() {
            let at = h
                .options
                .iter()
                .map(|o| o.span.end)
                .fold(h.hand_span.end, usize::max);
            out.push(Action {
                title: format!("Add the claim => {claim}"),
                kind: ActionKind::Rewrite,
                edit: (at..at, format!(" => {claim}")),
            });
        }
    }
    out
}
