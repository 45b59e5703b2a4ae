//! Presentation of a line's analysis: hover Markdown, inlay-hint labels,
//! symbol details, completion items, semantic-token classes and code
//! actions. Pure functions of the analysis, with line-relative byte spans;
//! the language server converts them to protocol positions.

pub mod actions;
pub mod completion;
pub mod hints;
pub mod hover;
pub mod outcome;
pub mod rounds;
pub mod semantic;
pub mod symbols;
pub mod text;

pub use text::{hand_text, WinTile};
