//! Diagnostics: the one vocabulary every stage reports in.
//!
//! Spans are byte ranges into the hand line's text; the document layer maps
//! them to file positions.

use std::ops::Range;

use serde::Serialize;

#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Info,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

/// Another place that takes part in a diagnostic (the option a contradiction
/// conflicts with, the meld holding the other copies of a tile).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Related {
    pub span: Range<usize>,
    pub message: String,
}

/// A text edit inside the line that fixes a diagnostic.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Fix {
    pub title: String,
    pub span: Range<usize>,
    pub replacement: String,
    /// The edit says what the line already means (a computed claim, a
    /// missing space, a repeated word removed), so `tenpai check --fix` may
    /// apply it unasked. Otherwise it is a guess (the closest option name,
    /// which of two contradicting words to drop): offered, not applied.
    pub safe: bool,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostic {
    pub span: Range<usize>,
    pub severity: Severity,
    /// Stable kebab-case code: `unknown-option`, `missing-suit`, `no-yaku`, ...
    pub code: &'static str,
    pub message: String,
    pub related: Vec<Related>,
    pub fixes: Vec<Fix>,
}

impl Diagnostic {
    pub fn error(code: &'static str, span: Range<usize>, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, code, span, message)
    }

    pub fn warning(code: &'static str, span: Range<usize>, message: impl Into<String>) -> Self {
        Self::new(Severity::Warning, code, span, message)
    }

    pub fn info(code: &'static str, span: Range<usize>, message: impl Into<String>) -> Self {
        Self::new(Severity::Info, code, span, message)
    }

    fn new(
        severity: Severity,
        code: &'static str,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            span,
            severity,
            code,
            message: message.into(),
            related: Vec::new(),
            fixes: Vec::new(),
        }
    }

    pub fn with_related(mut self, span: Range<usize>, message: impl Into<String>) -> Self {
        self.related.push(Related {
            span,
            message: message.into(),
        });
        self
    }

    /// Adds a suggested fix (a guess: see [`Fix::safe`]).
    pub fn with_fix(
        self,
        title: impl Into<String>,
        span: Range<usize>,
        replacement: impl Into<String>,
    ) -> Self {
        self.push_fix(title.into(), span, replacement.into(), false)
    }

    /// Adds a fix that only writes what the line already means.
    pub fn with_safe_fix(
        self,
        title: impl Into<String>,
        span: Range<usize>,
        replacement: impl Into<String>,
    ) -> Self {
        self.push_fix(title.into(), span, replacement.into(), true)
    }

    fn push_fix(
        mut self,
        title: String,
        span: Range<usize>,
        replacement: String,
        safe: bool,
    ) -> Self {
        self.fixes.push(Fix {
            title,
            span,
            replacement,
            safe,
        });
        self
    }
}
