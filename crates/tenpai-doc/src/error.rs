//! The document layer's one error type, for its public functions that can
//! fail as a whole (a `tenpai.toml` that cannot be read). What is wrong
//! inside a document is a diagnostic of one of its lines instead.

use std::path::PathBuf;

/// What went wrong.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum Error {
    /// A `tenpai.toml` that cannot be read, or says something that is not a
    /// setting: the file (when it came from one) and what is wrong.
    #[error("{}{message}", path.as_ref().map(|p| format!("{}: ", p.display())).unwrap_or_default())]
    Config {
        path: Option<PathBuf>,
        message: String,
    },
}

/// The front ends report errors as text; `?` turns this error into its
/// message there.
impl From<Error> for String {
    fn from(error: Error) -> String {
        error.to_string()
    }
}
