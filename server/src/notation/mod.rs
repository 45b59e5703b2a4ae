//! The nom parser (text -> [`ast::Line`] with byte spans and recoverable
//! errors), the canonical formatter, and "did you mean".

pub mod ast;
mod claim;
mod lex;
pub mod options;
mod parse;
pub mod suggest;

pub use parse::parse_line;

use crate::diag::Diagnostic;
use crate::score::rules::{Rules, PRESETS, SWITCHES};

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
        let known =
            SWITCHES.contains(&key) || PRESETS.contains(&key) || Rules::preset(key).is_some();
        if known {
            diags.push(Diagnostic::error("invalid-value", span.clone(), msg));
            continue;
        }
        let key_span = span.start..span.start + key.len();
        let pool: Vec<&str> = SWITCHES.iter().chain(PRESETS).copied().collect();
        diags.push(match suggest::closest(key, &pool) {
            Some(g) => Diagnostic::error(
                "unknown-rule",
                key_span.clone(),
                format!("unknown rule '{key}': did you mean '{g}'?"),
            )
            .with_fix(format!("change to '{g}'"), key_span, g),
            None => Diagnostic::error(
                "unknown-rule",
                key_span,
                format!(
                    "unknown rule '{key}'; rules are {} and the presets {}",
                    SWITCHES.join(", "),
                    PRESETS.join(", ")
                ),
            ),
        });
    }
    (rules, diags)
}
