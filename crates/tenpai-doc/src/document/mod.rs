//! Where hands are in a `.mj` or Markdown document, per-line analysis cached
//! by line text, and position encodings.
//!
//! The layer knows nothing of the protocol: the language server and the CLI
//! convert its byte ranges with [`TextDocument`].

mod analysis;
pub mod chunks;
pub mod claims;
pub mod dialects;
mod extract;
pub mod fix;
pub mod format;
mod inline;
pub(crate) mod markdown;
pub mod present;
pub mod text;

pub use analysis::{
    analyze_in, analyze_text, file_diagnostics, line_at, AnalyzedLine, Analyzer, Context,
    FileDiagnostic, FileFix, FileRelated, LineAnalysis, Outcome,
};
pub use dialects::{Dialect, DialectConfig};
pub use extract::{mj_lines, HandSite, Origin, IGNORE_MJ};
pub use inline::looks_like_hand;
pub use text::{Encoding, Position, TextDocument};

use std::path::Path;

/// The kinds of document tenpai reads.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DocKind {
    /// A `.mj` file: every line is a hand line, a `rules:` line, a comment
    /// or blank.
    Mj,
    /// Markdown: hands in ```` ```mj ```` fences, hand-like inline code spans
    /// and `^^hand^^`.
    Markdown,
}

impl DocKind {
    /// From a file's extension: `.mj` and the Markdown extensions (also
    /// MDX, Quarto and R Markdown, whose prose and fences are Markdown's);
    /// `None` for anything else. The editor and `tenpai check` both read a
    /// document's kind here, so they find the same hands in it.
    pub fn from_path(path: &Path) -> Option<DocKind> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "mj" => Some(DocKind::Mj),
            "md" | "markdown" | "mdown" | "mkd" | "mdx" | "qmd" | "rmd" => Some(DocKind::Markdown),
            _ => None,
        }
    }

    /// From an LSP language id (`mj`, `markdown`).
    pub fn from_language_id(id: &str) -> Option<DocKind> {
        match id {
            "mj" | "mahjong" => Some(DocKind::Mj),
            "markdown" | "md" => Some(DocKind::Markdown),
            _ => None,
        }
    }
}

/// The hand lines of `text`, in document order, with every dialect read.
/// Blank lines are left out.
pub fn find_hand_lines(text: &str, kind: DocKind) -> Vec<HandSite> {
    find_hand_lines_with(text, kind, &DialectConfig::default())
}

/// The hand lines of `text`, reading the dialects `dialects` turns on.
/// Hands marked to be ignored (`<!-- tenpai-ignore -->`, `# tenpai:
/// ignore`) are left out.
pub fn find_hand_lines_with(text: &str, kind: DocKind, dialects: &DialectConfig) -> Vec<HandSite> {
    match kind {
        DocKind::Mj => {
            let mut lines = extract::mj_lines(text, 0..text.len());
            if memchr::memmem::find(text.as_bytes(), extract::IGNORE_MJ.as_bytes()).is_some() {
                extract::ignore_mj_lines(text, &mut lines);
            }
            lines
        }
        DocKind::Markdown => markdown::find(text, dialects),
    }
}
