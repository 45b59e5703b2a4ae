//! What a clean hand line amounts to: scored, not scorable, or its shanten
//! analysis. The document layer does not (yet) keep this with a line's
//! analysis, so presentation computes it from the validated hand.

use crate::document::LineAnalysis;
use crate::score::{self, Score, ScoreError};
use crate::shanten::{self, Analysis};

#[derive(Clone, Debug)]
pub enum Outcome {
    /// A complete hand, priced.
    Scored(Score),
    /// A complete shape that cannot be priced (`no-yaku`, ...).
    NotScored(ScoreError),
    /// Not complete: waits, ukeire or discards.
    Shanten(Analysis),
}

/// The outcome of a hand line without errors and with a whole hand's tile
/// count (13 or 14, plus one per kan); `None` otherwise (inline mentions of
/// a few tiles are not analysed).
pub fn outcome(a: &LineAnalysis) -> Option<Outcome> {
    if a.has_errors() {
        return None;
    }
    let v = a.validated.as_ref()?;
    let hand = &v.hand;
    let tiles =
        hand.closed.len() + hand.melds.iter().map(|m| m.tiles.len()).sum::<usize>() - hand.kans();
    if tiles != 13 && tiles != 14 {
        return None;
    }
    Some(match shanten::analyze(hand, &v.situation, &a.rules) {
        Analysis::Complete => match score::score(hand, &v.situation, &a.rules) {
            Ok(s) => Outcome::Scored(s),
            Err(e) => Outcome::NotScored(e),
        },
        other => Outcome::Shanten(other),
    })
}
