//! The conformance corpus (`tests/corpus/*.txt`, format in its README): every
//! case's tokens or errors, with byte spans, as this parser produces them.
//! The tree-sitter grammar runs the same files.
//!
//! `TENPAI_BLESS=1 cargo test -p tenpai --test it corpus::` rewrites the expectations from
//! the parser's output; review the diff before committing it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use tenpai::code::{Code, CodeClass};
use tenpai::hand::{validate, Mode};
use tenpai::notation::ast::LineKind;
use tenpai::notation::tokens::tokens;
use tenpai::notation::{parse_line, rules_of};
use tenpai::rules::Rules;

struct Case {
    name: String,
    input: String,
    /// "tokens" or "errors".
    section: String,
    expect: Vec<String>,
    /// Line number of the `===` header, for messages.
    at: usize,
    /// The `//` comment lines before the case, which blessing keeps.
    comments: Vec<String>,
}

fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus")
}

fn parse_file(text: &str) -> Result<(Vec<String>, Vec<Case>), String> {
    let mut preamble = Vec::new();
    let mut cases: Vec<Case> = Vec::new();
    let mut comments = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((n, l)) = lines.next() {
        if let Some(name) = l.strip_prefix("=== ") {
            let Some((_, input)) = lines.next() else {
                return Err(format!("line {}: case without input", n + 1));
            };
            let Some((_, sec)) = lines.next() else {
                return Err(format!("line {}: case without a --- section", n + 1));
            };
            let section = match sec {
                "--- tokens" => "tokens",
                "--- errors" => "errors",
                other => {
                    return Err(format!(
                        "line {}: expected --- tokens or --- errors, got {other:?}",
                        n + 3
                    ))
                }
            };
            let mut expect = Vec::new();
            while let Some((_, e)) = lines.peek() {
                if e.starts_with("=== ") || e.trim().is_empty() {
                    break;
                }
                expect.push(e.to_string());
                lines.next();
            }
            cases.push(Case {
                name: name.to_string(),
                input: input.to_string(),
                section: section.to_string(),
                expect,
                at: n + 1,
                comments: std::mem::take(&mut comments),
            });
        } else if cases.is_empty() {
            preamble.push(l.to_string());
        } else if l.starts_with("//") {
            comments.push(l.to_string());
        } else if !l.trim().is_empty() {
            return Err(format!("line {}: stray line {l:?}", n + 1));
        }
    }
    Ok((preamble, cases))
}

fn show(input: &str, kind: &str, span: &std::ops::Range<usize>) -> String {
    let text = input.get(span.clone()).unwrap_or("");
    // A text that prints as nothing (U+FE0F, U+FEFF) tells the reader
    // nothing: left out, as for an empty span.
    let invisible = |c: char| matches!(c, '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}');
    if text.chars().all(invisible) {
        format!("{kind} {}..{}", span.start, span.end)
    } else {
        format!("{kind} {}..{} {text}", span.start, span.end)
    }
}

/// What the parser says about `input`: ("errors", lines) when it reports any
/// diagnostic, else ("tokens", lines).
fn actual(input: &str) -> (&'static str, Vec<String>) {
    let line = parse_line(input);
    let mut diags = line.errors.clone();
    let rules = Rules::tenhou();
    match &line.kind {
        LineKind::Hand(h) => diags.extend(validate(h, &rules, Mode::Strict).diagnostics),
        LineKind::Rules(r) => diags.extend(rules_of(r, &rules).1),
        _ => {}
    }
    if diags.is_empty() {
        let toks = tokens(input, &line);
        (
            "tokens",
            toks.iter().map(|(k, s)| show(input, k.name(), s)).collect(),
        )
    } else {
        diags.sort_by_key(|d| (d.span.start, d.span.end, d.code.as_str()));
        (
            "errors",
            diags
                .iter()
                .map(|d| show(input, d.code.as_str(), &d.span))
                .collect(),
        )
    }
}

/// The `kind start..end` part of an expectation line (the text is optional).
fn key(e: &str) -> String {
    e.splitn(3, ' ').take(2).collect::<Vec<_>>().join(" ")
}

fn files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("tests/corpus exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
}

fn check_file(path: &Path, bless: bool) -> (usize, Vec<String>) {
    let text = std::fs::read_to_string(path).unwrap();
    let (preamble, cases) = parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut failures = Vec::new();
    let mut out = String::new();
    for l in &preamble {
        writeln!(out, "{l}").unwrap();
    }
    for c in &cases {
        let (section, lines) = actual(&c.input);
        let want: Vec<String> = c.expect.iter().map(|e| key(e)).collect();
        let got: Vec<String> = lines.iter().map(|e| key(e)).collect();
        // Texts written after a span must match the input.
        for e in &c.expect {
            let mut parts = e.splitn(3, ' ');
            let (_, span, text) = (parts.next(), parts.next(), parts.next());
            if let (Some(span), Some(text)) = (span, text) {
                let r: Vec<usize> = span.split("..").filter_map(|x| x.parse().ok()).collect();
                if r.len() == 2 && c.input.get(r[0]..r[1]) != Some(text) {
                    failures.push(format!(
                        "{}:{} {}: span {span} is {:?}, the case says {text:?}",
                        path.display(),
                        c.at,
                        c.name,
                        c.input.get(r[0]..r[1])
                    ));
                }
            }
        }
        if section != c.section || want != got {
            failures.push(format!(
                "{}:{} {}\n  input: {:?}\n  want --- {}\n    {}\n  got --- {section}\n    {}",
                path.display(),
                c.at,
                c.name,
                c.input,
                c.section,
                want.join("\n    "),
                got.join("\n    ")
            ));
        }
        for l in &c.comments {
            writeln!(out, "{l}").unwrap();
        }
        if !c.comments.is_empty() {
            writeln!(out).unwrap();
        }
        writeln!(out, "=== {}\n{}\n--- {section}", c.name, c.input).unwrap();
        for l in &lines {
            writeln!(out, "{l}").unwrap();
        }
        writeln!(out).unwrap();
    }
    let out = out.trim_end().to_string() + "\n";
    if bless {
        std::fs::write(path, out).unwrap();
    } else if failures.is_empty() && out != text {
        // Blessing must be safe to run: what it writes for a passing file
        // is that file, comments and all.
        failures.push(format!(
            "{}: blessing would rewrite this file although every case passes; \
             run TENPAI_BLESS=1 cargo test -p tenpai --test it corpus:: and review the diff",
            path.display()
        ));
    }
    (cases.len(), failures)
}

#[test]
fn corpus() {
    let bless = std::env::var_os("TENPAI_BLESS").is_some();
    let mut total = 0;
    let mut failures = Vec::new();
    for f in files() {
        let (n, fails) = check_file(&f, bless);
        total += n;
        failures.extend(fails);
    }
    assert!(
        failures.is_empty() || bless,
        "{} corpus failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        total >= 150,
        "the corpus holds {total} cases; it should cover every construct"
    );
}

#[test]
fn corpus_covers_every_error_code() {
    let mut seen = std::collections::BTreeSet::new();
    for f in files() {
        let (_, cases) = parse_file(&std::fs::read_to_string(&f).unwrap()).unwrap();
        for c in cases.iter().filter(|c| c.section == "errors") {
            for e in &c.expect {
                seen.insert(e.split(' ').next().unwrap_or("").to_string());
            }
        }
    }
    let missing: Vec<_> = Code::ALL
        .iter()
        .filter(|code| {
            matches!(
                code.class(),
                CodeClass::Syntax | CodeClass::Word | CodeClass::Semantic
            ) && !seen.contains(code.as_str())
        })
        .map(|code| code.as_str())
        .collect();
    assert!(missing.is_empty(), "no corpus case for {missing:?}");
}

/// Every quick fix offered on a corpus line removes the diagnostic it is
/// attached to: applying it leaves fewer diagnostics of that code.
#[test]
fn quick_fixes_fix() {
    let rules = Rules::tenhou();
    let all = |input: &str| {
        let line = parse_line(input);
        let mut diags = line.errors.clone();
        match &line.kind {
            LineKind::Hand(h) => diags.extend(validate(h, &rules, Mode::Strict).diagnostics),
            LineKind::Rules(r) => diags.extend(rules_of(r, &rules).1),
            _ => {}
        }
        diags
    };
    let mut checked = 0;
    for f in files() {
        let (_, cases) = parse_file(&std::fs::read_to_string(&f).unwrap()).unwrap();
        for c in &cases {
            let before = all(&c.input);
            for d in &before {
                for fix in &d.fixes {
                    let mut fixed = c.input.clone();
                    fixed.replace_range(fix.span.clone(), &fix.replacement);
                    let after = all(&fixed);
                    let n = |ds: &[tenpai::diag::Diagnostic]| {
                        ds.iter().filter(|x| x.code == d.code).count()
                    };
                    assert!(
                        n(&after) < n(&before),
                        "{}: fix {:?} of {} turns {:?} into {fixed:?}, which still has it",
                        c.name,
                        fix.title,
                        d.code,
                        c.input
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 20, "only {checked} fixes in the corpus");
}
