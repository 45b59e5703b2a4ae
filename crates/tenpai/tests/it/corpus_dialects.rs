//! The dialect corpus (`tests/corpus/dialects/*.txt`, one file per
//! dialect): each case is a Markdown snippet and every hand found in it,
//! with the hand line it reads as and the author's bytes of each tile.
//!
//! Format:
//!
//! ```text
//! === a name for the case
//! <the Markdown: one or more lines, up to the --- line>
//! --- hands
//! <dialect> <start>..<end> <the hand line it reads as>
//!   <start>..<end> <the author's text of one tile>
//! ...
//! ```
//!
//! Ranges are byte ranges of the snippet (UTF-8, end exclusive), without
//! the snippet's final line break. A case whose expectation is empty finds
//! no hand. `TENPAI_BLESS=1 cargo test -p tenpai --test it corpus_dialects::` rewrites the
//! expectations from what is found; review the diff before committing it.

use std::fmt::Write as _;
use std::path::PathBuf;

use tenpai::document::{find_hand_lines, DocKind};

struct Case {
    name: String,
    input: String,
    expect: Vec<String>,
    comments: Vec<String>,
}

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/dialects")
}

fn parse(text: &str) -> Result<(Vec<String>, Vec<Case>), String> {
    let mut preamble = Vec::new();
    let mut cases: Vec<Case> = Vec::new();
    let mut comments = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((n, l)) = lines.next() {
        if let Some(name) = l.strip_prefix("=== ") {
            let mut input = Vec::new();
            loop {
                match lines.next() {
                    Some((_, "--- hands")) => break,
                    Some((_, l)) => input.push(l),
                    None => return Err(format!("line {}: case without --- hands", n + 1)),
                }
            }
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
                input: input.join("\n"),
                expect,
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

/// What is found in a snippet, in the expectation's format.
fn found(input: &str) -> Vec<String> {
    let mut out = Vec::new();
    for site in find_hand_lines(input, DocKind::Markdown) {
        let Some(t) = &site.translation else {
            continue;
        };
        out.push(format!(
            "{} {}..{} {}",
            t.dialect.name(),
            site.range.start,
            site.range.end,
            t.text
        ));
        for r in t.tile_sources() {
            out.push(format!("  {}..{} {}", r.start, r.end, &input[r.clone()]));
        }
    }
    out
}

fn write(preamble: &[String], cases: &[Case]) -> String {
    let mut s = String::new();
    for l in preamble {
        let _ = writeln!(s, "{l}");
    }
    for c in cases {
        for l in &c.comments {
            let _ = writeln!(s, "{l}");
        }
        let _ = writeln!(s, "=== {}\n{}\n--- hands", c.name, c.input);
        for e in found(&c.input) {
            let _ = writeln!(s, "{e}");
        }
        s.push('\n');
    }
    s
}

#[test]
fn dialect_corpus() {
    let bless = std::env::var_os("TENPAI_BLESS").is_some();
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("tests/corpus/dialects")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "a file per dialect");
    let mut failures = Vec::new();
    let mut total = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).expect("corpus file");
        let (preamble, cases) = parse(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert!(!cases.is_empty(), "{}: no cases", file.display());
        if bless {
            std::fs::write(&file, write(&preamble, &cases)).expect("write corpus");
            continue;
        }
        for c in &cases {
            total += 1;
            let got = found(&c.input);
            if got != c.expect {
                failures.push(format!(
                    "{} / {}:\n  expected:\n    {}\n  found:\n    {}",
                    file.file_name().unwrap_or_default().to_string_lossy(),
                    c.name,
                    c.expect.join("\n    "),
                    got.join("\n    ")
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {total} cases:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
