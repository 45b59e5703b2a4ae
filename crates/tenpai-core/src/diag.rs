//! Diagnostics: the one vocabulary every stage reports in.
//!
//! Spans are byte ranges into the hand line's text; the document layer maps
//! them to file positions.

use std::ops::Range;

use serde::Serialize;

pub use crate::code::Code;

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
    /// How far the edit reaches beyond [`Self::span`].
    pub reach: Reach,
}

/// How far a fix's edit reaches: a removal names the word it removes, and
/// takes one separator with it once the line's text is known
/// ([`settle_removals`]). The validator sees tokens, not the text between
/// them, so it cannot tell a space from an unknown word it must not touch.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reach {
    /// Exactly the span.
    Span,
    /// The word of the span and the whitespace before it (after it, for
    /// the first word of a line), and nothing else.
    WordAndSeparator,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostic {
    pub span: Range<usize>,
    pub severity: Severity,
    /// What kind of problem it is; its kebab-case name (`unknown-option`,
    /// `missing-suit`, `no-yaku`) is stable.
    pub code: Code,
    pub message: String,
    pub related: Vec<Related>,
    pub fixes: Vec<Fix>,
}

impl Diagnostic {
    pub fn error(code: Code, span: Range<usize>, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, code, span, message)
    }

    pub fn warning(code: Code, span: Range<usize>, message: impl Into<String>) -> Self {
        Self::new(Severity::Warning, code, span, message)
    }

    pub fn info(code: Code, span: Range<usize>, message: impl Into<String>) -> Self {
        Self::new(Severity::Info, code, span, message)
    }

    fn new(severity: Severity, code: Code, span: Range<usize>, message: impl Into<String>) -> Self {
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
        self.push_fix(title.into(), span, replacement.into(), false, Reach::Span)
    }

    /// Adds a fix that only writes what the line already means.
    pub fn with_safe_fix(
        self,
        title: impl Into<String>,
        span: Range<usize>,
        replacement: impl Into<String>,
    ) -> Self {
        self.push_fix(title.into(), span, replacement.into(), true, Reach::Span)
    }

    /// Adds a guess that removes the word at `word` and one separator.
    pub fn with_removal(self, title: impl Into<String>, word: Range<usize>) -> Self {
        self.push_fix(
            title.into(),
            word,
            String::new(),
            false,
            Reach::WordAndSeparator,
        )
    }

    /// Adds a safe fix that removes the word at `word` and one separator.
    pub fn with_safe_removal(self, title: impl Into<String>, word: Range<usize>) -> Self {
        self.push_fix(
            title.into(),
            word,
            String::new(),
            true,
            Reach::WordAndSeparator,
        )
    }

    fn push_fix(
        mut self,
        title: String,
        span: Range<usize>,
        replacement: String,
        safe: bool,
        reach: Reach,
    ) -> Self {
        self.fixes.push(Fix {
            title,
            span,
            replacement,
            safe,
            reach,
        });
        self
    }
}

/// Gives each removal of `diagnostics` (fixes of [`Reach::WordAndSeparator`])
/// its separator from `line`, the text their spans are in: the whitespace
/// before the word when there is any and something precedes it, else the
/// whitespace after it. Neighbouring words, known or not, are never taken.
pub fn settle_removals(line: &str, diagnostics: &mut [Diagnostic]) {
    for fix in diagnostics.iter_mut().flat_map(|d| d.fixes.iter_mut()) {
        if fix.reach == Reach::WordAndSeparator {
            fix.span = with_separator(line, fix.span.clone());
            fix.reach = Reach::Span;
        }
    }
}

fn with_separator(line: &str, word: Range<usize>) -> Range<usize> {
    let (Some(before), Some(after)) = (line.get(..word.start), line.get(word.end..)) else {
        return word;
    };
    let is_space = char::is_whitespace;
    let lead = before.trim_end_matches(is_space);
    if lead.len() < before.len() && !lead.trim().is_empty() {
        return lead.len()..word.end;
    }
    let trail = after.len() - after.trim_start_matches(is_space).len();
    // First on its line, the spaces after it go; glued to what precedes
    // it, the word alone.
    if lead.trim().is_empty() {
        word.start..word.end + trail
    } else {
        word
    }
}
