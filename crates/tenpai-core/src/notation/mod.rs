//! The nom parser (text -> [`ast::Line`] with byte spans and recoverable
//! errors), the canonical formatter, and "did you mean".

pub mod ast;
mod claim;
mod fast;
mod lex;
pub mod options;
mod parse;
pub mod tokens;

pub use parse::is_hand_word;

use crate::diag::Diagnostic;
use crate::rules::Rules;
use ast::{HandLine, Line, LineKind};

/// Applies a `rules:` line to `base`. Unknown rules and bad values are
/// errors; the words that apply still do.
pub fn rules_of(line: &ast::RulesLine, base: &Rules) -> (Rules, Vec<Diagnostic>) {
    let mut rules = base.clone();
    let mut diags = Vec::new();
    for (word, span) in &line.words {
        let Err(msg) = rules.apply(word) else {
            continue;
        };
        let key = word.split_once('=').map_or(word.as_str(), |(k, _)| k);
        let known = crate::rules::switch_name(key).is_some() || Rules::preset(key).is_some();
        if known {
            let value_span = match word.find('=') {
                Some(eq) => span.start + eq + 1..span.end,
                None => span.clone(),
            };
            diags.push(Diagnostic::error("invalid-value", value_span, msg));
            continue;
        }
        let key_span = span.start..span.start + key.len();
        let guess = crate::rules::closest_rule(key);
        let message = crate::rules::unknown_rule_message(key, guess);
        let d = Diagnostic::error("unknown-rule", key_span.clone(), message);
        diags.push(match guess {
            Some(g) => d.with_fix(format!("change to '{g}'"), key_span, g),
            None => d,
        });
    }
    (rules, diags)
}

/// Who reports a diagnostic code, which decides what the tree-sitter grammar
/// must do with it (see `tests/corpus/README.md`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CodeClass {
    /// The characters do not form the language: the grammar reports ERROR.
    Syntax,
    /// Well-formed words the parser cannot read (an unknown option, a bad
    /// value): the grammar parses them as a generic option or claim.
    Word,
    /// Found by validation (`hand::validate`, `rules_of`) on a well-formed line.
    Semantic,
    /// Only from `hand::parse_hand` on text that is not a hand line.
    Api,
    /// Found by validation only under rules other than the default
    /// (`not-in-sanma`, under three players): the corpus, read under
    /// Tenhou's rules, cannot show it; `docs/notation.md` does, with its
    /// rules.
    RuleSet,
}

/// Every diagnostic code of the notation, documented in `docs/notation.md`.
pub const CODES: &[(&str, CodeClass)] = &[
    ("unknown-character", CodeClass::Syntax),
    ("missing-suit", CodeClass::Syntax),
    ("missing-digits", CodeClass::Syntax),
    ("invalid-tile", CodeClass::Syntax),
    ("unclosed-meld", CodeClass::Syntax),
    ("unmatched-bracket", CodeClass::Syntax),
    ("missing-space", CodeClass::Syntax),
    ("unknown-option", CodeClass::Word),
    ("unexpected-value", CodeClass::Word),
    ("missing-value", CodeClass::Word),
    ("invalid-value", CodeClass::Word),
    ("tiles-after-options", CodeClass::Word),
    ("invalid-claim", CodeClass::Word),
    ("invalid-meld", CodeClass::Semantic),
    ("tile-count", CodeClass::Semantic),
    ("fifth-tile", CodeClass::Semantic),
    ("fifth-tile-indicator", CodeClass::Semantic),
    ("extra-red-five", CodeClass::Semantic),
    ("win-not-in-hand", CodeClass::Semantic),
    ("win-on-waiting-hand", CodeClass::Semantic),
    ("discard-not-in-hand", CodeClass::Semantic),
    ("discard-on-waiting-hand", CodeClass::Semantic),
    ("duplicate-option", CodeClass::Semantic),
    ("contradiction", CodeClass::Semantic),
    ("missing-requirement", CodeClass::Semantic),
    ("rule-off", CodeClass::Semantic),
    ("not-in-sanma", CodeClass::RuleSet),
    ("unknown-rule", CodeClass::Semantic),
    ("not-a-hand", CodeClass::Api),
];

/// Parses one line of notation. Never panics; recovers from errors, so a
/// line may report several.
pub fn parse_line(text: &str) -> Line {
    // Built in place: a hand line filled by the fast path and then moved
    // into a `Line` would be copied whole.
    let mut line = Line {
        kind: LineKind::Hand(HandLine::default()),
        errors: Vec::new(),
    };
    let read = match &mut line.kind {
        LineKind::Hand(hand) => fast::line(text, hand).is_some(),
        _ => false,
    };
    if !read {
        line = parse::recovering(text);
    }
    line
}
