//! Inlay-hint labels: after a hand, its value or its state; after
//! `discard=`, the chosen discard against the best.

use crate::document::LineAnalysis;
use crate::shanten::Analysis;

use super::outcome::{outcome, Outcome};
use super::text::{discard_text as describe, furiten_text, value_summary};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HintKind {
    /// `⇒ 4 han 30 fu · 7700` after a winning hand.
    Value,
    /// `1-shanten · 24 tiles`, `tenpai · 1-4p (8)`.
    State,
    /// After `discard=`.
    Discard,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Hint {
    /// Line-relative byte offset the hint stands at.
    pub offset: usize,
    pub label: String,
    pub kind: HintKind,
}

/// The hints of one line.
pub fn hints(a: &LineAnalysis) -> Vec<Hint> {
    let mut out = Vec::new();
    let (Some(h), Some(outcome)) = (a.hand_line(), outcome(a)) else {
        return out;
    };
    // After the hand, its options and its claim; a comment stays after it.
    let at = h
        .claim
        .as_ref()
        .map(|c| c.span.end)
        .into_iter()
        .chain(h.options.iter().map(|o| o.span().end))
        .fold(h.hand_span.end, usize::max);
    {
        let summary = value_summary(outcome);
        let kind = match outcome {
            Outcome::Scored(_) => HintKind::Value,
            _ => HintKind::State,
        };
        let label = match kind {
            HintKind::Value => format!("⇒ {summary}"),
            _ => summary,
        };
        out.push(Hint {
            offset: at,
            label,
            kind,
        });
    }
    if let (
        Outcome::Shanten(Analysis::Discards {
            options, chosen, ..
        }),
        Some(opt),
    ) = (&outcome, h.option("discard"))
    {
        if let (Some(c), Some(best)) = (chosen, options.first()) {
            let mut label = match c.index {
                None => "not in the hand".to_string(),
                Some(_) if c.best => "✓ best".to_string(),
                Some(i) => format!(
                    "{} — best {}: {}",
                    options.get(i).map(describe).unwrap_or_default(),
                    best.tile,
                    describe(best)
                ),
            };
            // The discard leaves a furiten wait: no ron on any wait.
            if let Some(mine) = c.index.and_then(|i| options.get(i)) {
                label.push_str(&furiten_text(&mine.waits));
            }
            out.push(Hint {
                offset: opt.span().end,
                label,
                kind: HintKind::Discard,
            });
        }
    }
    out
}
