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

use crate::diag::{Code, Diagnostic};
use crate::rules::Rules;
use ast::{HandLine, Line, LineKind};

/// Applies a `rules:` line to `base`. Unknown rules and bad values are
/// errors; the words that apply still do.
///
/// ```
/// use tenpai_core::notation::{ast::LineKind, parse_line, rules_of};
/// use tenpai_core::rules::Rules;
///
/// let LineKind::Rules(line) = parse_line("rules: kiriage kuitan=maybe").kind else {
///     unreachable!("a rules: line");
/// };
/// let (rules, errors) = rules_of(&line, &Rules::tenhou());
/// assert!(rules.kiriage);
/// assert_eq!(errors[0].code.as_str(), "invalid-value");
/// ```
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
            diags.push(Diagnostic::error(Code::InvalidValue, value_span, msg));
            continue;
        }
        let key_span = span.start..span.start + key.len();
        let guess = crate::rules::closest_rule(key);
        let message = crate::rules::unknown_rule_message(key, guess);
        let diagnostic = Diagnostic::error(Code::UnknownRule, key_span.clone(), message);
        diags.push(match guess {
            Some(g) => diagnostic.with_fix(format!("change to '{g}'"), key_span, g),
            None => diagnostic,
        });
    }
    (rules, diags)
}

/// Parses one line of notation. Never panics; recovers from errors, so a
/// line may report several.
///
/// ```
/// use tenpai_core::notation::{ast::LineKind, parse_line};
///
/// let line = parse_line("123m456p789s11222z riichi");
/// assert!(line.errors.is_empty());
/// assert!(matches!(line.kind, LineKind::Hand(_)));
/// let line = parse_line("123 456p");
/// assert_eq!(line.errors[0].code.as_str(), "missing-suit");
/// ```
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

/// The recovering parser alone, without the fast path [`parse_line`]
/// tries first: the same result for every line, slower on well-formed
/// ones. Public so that the parse bench can weigh the fast path against it
/// in the same run; use [`parse_line`].
#[doc(hidden)]
pub fn parse_line_without_fast_path(text: &str) -> Line {
    parse::recovering(text)
}
