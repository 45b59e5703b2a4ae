//! The engine's one error type, for the public functions that read plain
//! text outside the notation (a tile list, a rule word). What the notation
//! finds in a line is a [`crate::diag::Diagnostic`] instead: it has a place
//! and a code, and a line may have several.

/// What is wrong with text the engine was given.
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum Error {
    /// A plain tile list (`123m406p77z`, [`crate::tile::parse_tiles`]) that
    /// cannot be read.
    #[error("{0}")]
    Tiles(String),
    /// A rule word ([`crate::rules::Rules::apply`]) that names no rule, or
    /// gives a rule a value it does not take.
    #[error("{0}")]
    Rule(String),
}

/// The front ends report errors as text; `?` turns this error into its
/// message there.
impl From<Error> for String {
    fn from(error: Error) -> String {
        error.to_string()
    }
}
