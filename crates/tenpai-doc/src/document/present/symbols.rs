//! Document symbols: one per hand, named by its tiles, detailed by its value.

use std::ops::Range;

use crate::document::LineAnalysis;

use super::outcome::outcome;
use super::text::value_summary;

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Symbol {
    /// The hand as written.
    pub name: String,
    /// Its value or state (`4 han 30 fu · 7700`, `1-shanten · 24 tiles`),
    /// or why it has none.
    pub detail: String,
    /// Line-relative: the hand part (the symbol's name).
    pub selection: Range<usize>,
}

pub fn symbol(a: &LineAnalysis, text: &str) -> Option<Symbol> {
    let h = a.hand_line()?;
    let name = text.get(h.hand_span.clone())?.to_string();
    let detail = match outcome(a) {
        Some(o) => value_summary(o),
        None if a.has_errors() => "has errors".to_string(),
        None => String::new(),
    };
    Some(Symbol {
        name,
        detail,
        selection: h.hand_span.clone(),
    })
}
