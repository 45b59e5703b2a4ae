//! What a clean hand line amounts to, as the document layer computed and
//! cached it with the line's analysis.

use crate::document::LineAnalysis;

pub use crate::document::Outcome;

/// The outcome of a hand line without errors and with a whole hand's tile
/// count; `None` otherwise (inline mentions of a few tiles are not
/// analysed).
pub fn outcome(a: &LineAnalysis) -> Option<&Outcome> {
    a.outcome.as_ref()
}
