//! Runs `test/corpus/*.txt`, in tree-sitter's test format, without the CLI:
//! each case's input must parse to the expected S-expression.

mod support;

use std::fmt::Write as _;

struct Case {
    file: String,
    name: String,
    input: String,
    expected: String,
    /// `:error`: the input must hold an error; its tree is not pinned
    /// (tree-sitter's recovery is not a contract).
    error: bool,
}

/// A line of three or more `=` (a header) or `-` (the divider).
fn is_rule(line: &str, c: char) -> bool {
    let t = line.trim_end_matches(['\r', '\n']);
    t.len() >= 3 && t.chars().all(|x| x == c)
}

fn cases(file: &str, text: &str) -> Vec<Case> {
    // Split keeping line ends, so inputs keep their own (`\r\n` in one test).
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !is_rule(lines[i], '=') {
            i += 1;
            continue;
        }
        let name = lines.get(i + 1).map_or("", |l| l.trim()).to_string();
        i += 2;
        let mut error = false;
        while i < lines.len() && !is_rule(lines[i], '=') {
            error |= lines[i].trim() == ":error";
            i += 1;
        }
        i += 1;
        let mut input = String::new();
        while i < lines.len() && !is_rule(lines[i], '-') {
            input.push_str(lines[i]);
            i += 1;
        }
        i += 1;
        let mut expected = String::new();
        while i < lines.len() && !is_rule(lines[i], '=') {
            expected.push_str(lines[i]);
            i += 1;
        }
        // As the CLI does: the input starts after the header's blank line and
        // ends before the divider's blank line.
        let input = input.strip_prefix('\n').unwrap_or(&input);
        let input = input
            .strip_suffix("\r\n")
            .or_else(|| input.strip_suffix('\n'))
            .unwrap_or(input);
        let input = input
            .strip_suffix("\r\n")
            .or_else(|| input.strip_suffix('\n'))
            .unwrap_or(input);
        out.push(Case {
            file: file.to_string(),
            name,
            input: input.to_string(),
            expected,
            error,
        });
    }
    out
}

/// Tokens of an S-expression, without field names unless `fields`.
fn tokens(sexp: &str, fields: bool) -> Vec<String> {
    sexp.replace('(', " ( ")
        .replace(')', " ) ")
        .split_whitespace()
        .filter(|t| fields || !t.ends_with(':'))
        .map(str::to_string)
        .collect()
}

#[test]
fn corpus() {
    let dir = support::root().join("test/corpus");
    let mut all = Vec::new();
    for path in support::files(&dir, ".txt") {
        let text = std::fs::read_to_string(&path).expect("reading a corpus file");
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        all.extend(cases(&name, &text));
    }
    assert!(all.len() >= 20, "found only {} corpus cases", all.len());

    let mut failures = String::new();
    for case in &all {
        let tree = support::parse(&case.input);
        if case.error {
            if !tree.root_node().has_error() {
                let _ = writeln!(
                    failures,
                    "{} / {}: {:?} parsed without an error: {}\n",
                    case.file,
                    case.name,
                    case.input,
                    tree.root_node().to_sexp()
                );
            }
            continue;
        }
        let actual = tree.root_node().to_sexp();
        let fields = case.expected.contains(": (");
        let want = tokens(&case.expected, fields);
        let got = tokens(&actual, fields);
        if want != got {
            let _ = writeln!(
                failures,
                "{} / {}:\n  input:    {:?}\n  expected: {}\n  actual:   {}\n",
                case.file,
                case.name,
                case.input,
                want.join(" ").replace("( ", "(").replace(" )", ")"),
                got.join(" ").replace("( ", "(").replace(" )", ")"),
            );
        }
    }
    assert!(failures.is_empty(), "corpus mismatches:\n{failures}");
}
