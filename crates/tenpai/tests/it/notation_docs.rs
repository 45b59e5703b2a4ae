//! docs/notation.md stays honest: each diagnostic it documents has a wrong
//! line that yields that code and a right line that yields nothing, and it
//! documents every code there is.

use std::path::PathBuf;

use tenpai::code::{Code, CodeClass};
use tenpai::diag::Diagnostic;
use tenpai::format::{format_line, FormatOptions};
use tenpai::hand::{parse_hand, validate, Mode};
use tenpai::notation::ast::LineKind;
use tenpai::notation::{parse_line, rules_of};
use tenpai::rules::Rules;

fn doc() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/notation.md");
    std::fs::read_to_string(path).expect("docs/notation.md")
}

/// The diagnostics of one line, under Tenhou's rules with `words` applied
/// (a code documented with a `Rules:` line, like `not-in-sanma`).
fn diagnostics_under(text: &str, words: &str) -> Vec<Diagnostic> {
    let line = parse_line(text);
    let mut d = line.errors.clone();
    let mut rules = Rules::tenhou();
    rules
        .apply_words(words)
        .expect("documented rule words apply");
    match &line.kind {
        LineKind::Hand(h) => d.extend(validate(h, &rules, Mode::Strict).diagnostics),
        LineKind::Rules(r) => d.extend(rules_of(r, &rules).1),
        _ => {}
    }
    d
}

/// (code, wrong line, right line) of each documented diagnostic.
fn documented() -> Vec<(String, String, String)> {
    documented_with_rules()
        .into_iter()
        .map(|(c, w, r, _)| (c, w, r))
        .collect()
}

/// (code, wrong line, right line, rule words) of each documented
/// diagnostic: a `Rules:` line under the heading names the rules its
/// lines are read under.
fn documented_with_rules() -> Vec<(String, String, String, String)> {
    let doc = doc();
    let mut out = Vec::new();
    let mut code: Option<String> = None;
    let mut wrong: Option<String> = None;
    let mut words = String::new();
    let inline = |l: &str, prefix: &str| -> Option<String> {
        let rest = l.strip_prefix(prefix)?.trim();
        Some(rest.strip_prefix('`')?.strip_suffix('`')?.to_string())
    };
    for l in doc.lines() {
        if let Some(h) = l.strip_prefix("### `") {
            code = h.split('`').next().map(str::to_string);
            wrong = None;
            words.clear();
        } else if let Some(r) = inline(l, "Rules:") {
            words = r;
        } else if let Some(w) = inline(l, "Wrong:") {
            wrong = Some(w);
        } else if let Some(r) = inline(l, "Right:") {
            let c = code.clone().expect("Right: under a ### `code` heading");
            let w = wrong
                .take()
                .unwrap_or_else(|| panic!("{c}: Right: without Wrong:"));
            out.push((c, w, r, words.clone()));
        }
    }
    out
}

#[test]
fn every_documented_wrong_line_yields_its_code() {
    let docs = documented_with_rules();
    assert!(docs.len() >= 20);
    for (code, wrong, right, words) in &docs {
        if code == "not-a-hand" {
            let err = parse_hand(wrong, &Rules::tenhou()).unwrap_err();
            assert!(err.iter().any(|d| d.code == Code::NotAHand));
            assert!(parse_hand(right, &Rules::tenhou()).is_ok());
            continue;
        }
        let got = diagnostics_under(wrong, words);
        assert!(
            got.iter().any(|d| d.code.as_str() == code),
            "{code}: the documented wrong line {wrong:?} gives {:?}",
            got.iter().map(|d| d.code).collect::<Vec<_>>()
        );
        let got = diagnostics_under(right, words);
        assert!(
            got.is_empty(),
            "{code}: the documented right line {right:?} gives {got:?}"
        );
    }
}

#[test]
fn every_code_is_documented_once() {
    let docs = documented();
    let notation = || Code::ALL.iter().filter(|code| code.class().is_notation());
    for code in notation() {
        let n = docs.iter().filter(|(c, _, _)| c == code.as_str()).count();
        assert_eq!(n, 1, "docs/notation.md documents {code} {n} times");
    }
    for (c, _, _) in &docs {
        assert!(
            notation().any(|code| code.as_str() == c),
            "docs/notation.md documents {c}, which is no code of the notation"
        );
    }
    // Api-class codes come from parse_hand only; the rest from a line.
    assert!(
        notation()
            .filter(|code| code.class() == CodeClass::Api)
            .count()
            <= 1
    );
}

#[test]
fn formatting_examples_hold() {
    let f = |s: &str| format_line(s, &FormatOptions::default());
    assert_eq!(f("789s 11z 123m").as_deref(), Some("123m789s11z"));
    assert_eq!(f("6m0m4m5m").as_deref(), Some("4056m"));
    assert_eq!(f("(321m)").as_deref(), Some("(123m)"));
    assert_eq!(
        f("5m seat=3z honba=02 dora=7s1z7z").as_deref(),
        Some("5m seat=w dora=7s17z honba=2")
    );
    assert_eq!(
        f("12m456p789s11222z3m").as_deref(),
        Some("123m456p789s11222z win=3m")
    );
}
