//! The CLI reproducers of `../shared/reliability/` (a fuzzing campaign's
//! findings), each as a regression test: no user text lost on a failed or
//! concurrent write, no hang on a FIFO, no word deleted by a safe fix, no
//! escape sequence printed raw, `fmt --check` linear in the changed lines.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_tenpai");

fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("tenpai-reliability-{name}-"))
        .tempdir()
        .expect("a temporary directory")
}

/// Runs `tenpai args` in `dir`, killed after `patience` (a hang guard, not
/// a speed check): `None` when it had to be killed.
fn run_in(dir: &Path, args: &[&str], patience: Duration) -> Option<Output> {
    let child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tenpai binary runs");
    let id = child.id();
    // Read while it runs: a full pipe would block it.
    let (done, outcome) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(child.wait_with_output());
    });
    match outcome.recv_timeout(patience) {
        Ok(out) => Some(out.expect("output")),
        Err(_) => {
            let _ = Command::new("kill").arg(id.to_string()).status();
            None
        }
    }
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// `sh -c 'ulimit -f BLOCKS; exec tenpai ARGS'` in `dir`: a full disk,
/// without root.
fn with_file_size_limit(dir: &Path, blocks: u32, args: &str) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -f {blocks}; exec '{BIN}' {args}"))
        .current_dir(dir)
        .output()
        .expect("sh runs")
}

/// 01: a write that fails part-way leaves the original whole, says so,
/// and counts nothing as written.
#[test]
fn a_failed_write_leaves_the_file_whole() {
    let dir = scratch("fsize");
    let unformatted = "12m456p789s11222z3m\n".repeat(6000);
    std::fs::write(dir.path().join("doc.mj"), &unformatted).unwrap();
    let out = with_file_size_limit(dir.path(), 100, "fmt doc.mj");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("0 files reformatted, 0 files left unchanged, 1 file could not be written"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("doc.mj")).unwrap(),
        unformatted
    );

    let unfixed = "234m567p22s345678sriichi tsumo\n".repeat(4000);
    std::fs::write(dir.path().join("fix.mj"), &unfixed).unwrap();
    let out = with_file_size_limit(dir.path(), 100, "check --fix fix.mj");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    // The report is of the text still on disk: nothing fixed.
    assert!(stdout.contains("1 file could not be written."), "{stdout}");
    assert!(!stdout.contains("Fixed"), "{stdout}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("fix.mj")).unwrap(),
        unfixed
    );
    // No temporary file left beside them.
    assert_eq!(names_in(dir.path()), ["doc.mj", "fix.mj"]);
}

/// 02: runs of `fmt` on one file at once (format-on-save and a hook) leave
/// it either as it was or formatted, never cut or mixed.
#[test]
fn concurrent_formatting_never_corrupts_a_file() {
    let dir = scratch("concurrent");
    let path = dir.path().join("conc.mj");
    let lines = [
        "789s 123m456p 11222z tsumo",
        "234m567p22s345678sriichi tsumo",
        "123m456p789s1122z  ron win=2z",
    ];
    let original: String = (0..30_000)
        .map(|i| format!("{}\n", lines[i % lines.len()]))
        .collect();
    std::fs::write(&path, &original).unwrap();
    let expected = Command::new(BIN)
        .args(["fmt", "conc.mj"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(expected.status.success());
    let expected = std::fs::read_to_string(&path).unwrap();
    assert_ne!(expected, original);
    for trial in 0..4 {
        std::fs::write(&path, &original).unwrap();
        let runs: Vec<_> = (0..4)
            .map(|_| {
                Command::new(BIN)
                    .args(["fmt", "conc.mj"])
                    .current_dir(dir.path())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for run in runs {
            let out = run.wait_with_output().unwrap();
            // Each run formats the file, finds it already formatted, or
            // refuses to overwrite a text that changed under it.
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(
                out.status.success() || stderr.contains("changed since it was read"),
                "{stderr}"
            );
        }
        let now = std::fs::read_to_string(&path).unwrap();
        assert!(
            now == expected || now == original,
            "trial {trial}: corrupted"
        );
        assert_eq!(names_in(dir.path()), ["conc.mj"]);
    }
}

/// 03 and the directory walk: a FIFO is skipped (opening it would block
/// for ever), a dangling link and a loop of links are one warning each.
#[cfg(unix)]
#[test]
fn a_directory_walk_reads_only_regular_files() {
    let dir = scratch("fifo");
    let d = dir.path().join("d");
    std::fs::create_dir(&d).unwrap();
    std::fs::write(d.join("a.mj"), "123m456p789s11222z tsumo\n").unwrap();
    let made = Command::new("mkfifo").arg(d.join("b.mj")).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    std::os::unix::fs::symlink("/nonexistent", d.join("x.md")).unwrap();
    std::os::unix::fs::symlink("loop2.mj", d.join("loop1.mj")).unwrap();
    std::os::unix::fs::symlink("loop1.mj", d.join("loop2.mj")).unwrap();
    for args in [["check", "d"], ["fmt", "d"]] {
        let out = run_in(dir.path(), &args, Duration::from_secs(60))
            .unwrap_or_else(|| panic!("tenpai {args:?} hung on a FIFO"));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        assert_eq!(stderr.matches("warning:").count(), 3, "{stderr}");
        for link in ["x.md", "loop1.mj", "loop2.mj"] {
            assert_eq!(stderr.matches(link).count(), 1, "{stderr}");
        }
        assert!(!stderr.contains("b.mj"), "{stderr}");
    }
    let out = run_in(dir.path(), &["check", "d"], Duration::from_secs(60)).unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("Checked 1 hand in 1 file"));
}

/// 04: `fmt --check` on 80,000 changed lines (17 s with a general diff)
/// ends, and its diff is the pairwise one.
#[test]
fn fmt_check_on_many_changed_lines_ends() {
    let dir = scratch("quadratic");
    let text: String = (0..80_000)
        .map(|i| {
            if i % 2 == 1 {
                format!("123m456p789s11222z # {i}\n")
            } else {
                format!("789s 123m456p 11222z # {i}\n")
            }
        })
        .collect();
    std::fs::write(dir.path().join("q.mj"), &text).unwrap();
    let out = run_in(
        dir.path(),
        &["fmt", "--check", "q.mj"],
        Duration::from_secs(300),
    )
    .expect("fmt --check ends");
    assert_eq!(out.status.code(), Some(1));
    let diff = String::from_utf8_lossy(&out.stdout);
    assert_eq!(diff.lines().filter(|l| l.starts_with('-')).count(), 40_001);
    assert_eq!(diff.lines().filter(|l| l.starts_with('+')).count(), 40_001);
    assert!(diff.starts_with("--- q.mj\n+++ q.mj\n@@ -1,80000 +1,80000 @@\n-789s 123m456p 11222z # 0\n+123m456p789s11222z # 0\n 123m456p789s11222z # 1\n"));
}

/// 07: a safe fix removes the word it names and one space, nothing else.
#[test]
fn safe_fixes_keep_the_words_around_them() {
    let dir = scratch("words");
    for (line, expected) in [
        (
            "123m456p789s11222z win=2z reichi win=2z",
            "123m456p789s11222z win=2z reichi",
        ),
        (
            "123m456p789s11222z tsumo xyz tsumo => 1000",
            "123m456p789s11222z tsumo xyz => 1000",
        ),
        (
            "123m456p789s11222z seat=s dora=1m abc seat=s",
            "123m456p789s11222z seat=s dora=1m abc",
        ),
        ("123m456p789s1122z reach win=2z", "123m456p789s1122z reach"),
        (
            "123m456p789s1122z rinshan-kaihou discard=2z",
            "123m456p789s1122z rinshan-kaihou",
        ),
    ] {
        std::fs::write(dir.path().join("t.mj"), format!("{line}\n")).unwrap();
        run_in(
            dir.path(),
            &["check", "--fix", "t.mj"],
            Duration::from_secs(60),
        )
        .unwrap();
        let now = std::fs::read_to_string(dir.path().join("t.mj")).unwrap();
        assert_eq!(now, format!("{expected}\n"));
    }
}

/// 07: a fix that would make an inline hand stop looking like a hand is
/// not applied, and its errors stay reported.
#[test]
fn a_fix_never_hides_a_hand_from_check() {
    let dir = scratch("inline");
    let text = "The hand `123m456p789s1122z win=2z xyz` waits.\n";
    std::fs::write(dir.path().join("v.md"), text).unwrap();
    for args in [
        &["check", "--fix", "v.md"][..],
        &["check", "--unsafe-fixes", "v.md"],
        &["check", "v.md"],
    ] {
        let out = run_in(dir.path(), args, Duration::from_secs(60)).unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stdout}");
        assert!(
            stdout.ends_with("Checked 1 hand in 1 file: 1 error, 1 warning.\n"),
            "{args:?}: {stdout}"
        );
    }
    assert_eq!(
        std::fs::read_to_string(dir.path().join("v.md")).unwrap(),
        text
    );
}

/// 06: `check --unsafe-fixes` never leaves a hand line empty.
#[test]
fn unsafe_fixes_never_empty_a_line() {
    let dir = scratch("empty");
    std::fs::write(dir.path().join("e.mj"), "\x1bra\n").unwrap();
    let out = run_in(
        dir.path(),
        &["check", "--unsafe-fixes", "e.mj"],
        Duration::from_secs(60),
    )
    .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(!stdout.contains("all good"), "{stdout}");
    let now = std::fs::read_to_string(dir.path().join("e.mj")).unwrap();
    assert!(!now.trim().is_empty(), "{now:?}");
}

/// 06: escape sequences of a document are shown escaped, never sent to
/// the terminal.
#[test]
fn escape_sequences_are_not_printed_raw() {
    let dir = scratch("escape");
    std::fs::write(
        dir.path().join("e.mj"),
        "123m456p789s11222z riichi \x1b]0;pwned\x07 \x1b[31mred\u{9b}2J\n",
    )
    .unwrap();
    let out = run_in(
        dir.path(),
        &["check", "--color", "never", "e.mj"],
        Duration::from_secs(60),
    )
    .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        !stdout.chars().any(|c| c.is_control() && c != '\n'),
        "{stdout:?}"
    );
    assert!(
        stdout.contains(r"riichi \x1b]0;pwned\x07 \x1b[31mred\u{9b}2J"),
        "{stdout}"
    );
}

/// A seeded document of about `bytes` bytes drawn from `blocks`.
fn seeded_document(blocks: &[&str], bytes: usize) -> String {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut text = String::with_capacity(bytes + 200);
    let mut n = 0u32;
    while text.len() < bytes {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        // Distinct lines, as in a real document: the block's `{n}`.
        let block = blocks[(seed % blocks.len() as u64) as usize];
        text.push_str(&block.replace("{n}", &(n % 100).to_string()));
        n += 1;
    }
    text
}

/// `check --format json`'s findings as (code, message, start line and
/// column, end line and column).
fn json_findings(stdout: &[u8]) -> Vec<(String, String, [u64; 4])> {
    let run: serde_json::Value = serde_json::from_slice(stdout).expect("check's JSON");
    run["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| {
            let at = |end: &str, field: &str| f["range"][end][field].as_u64().expect("a number");
            (
                f["code"].as_str().expect("a code").to_string(),
                f["message"].as_str().expect("a message").to_string(),
                [
                    at("start", "line"),
                    at("start", "column"),
                    at("end", "line"),
                    at("end", "column"),
                ],
            )
        })
        .collect()
}

/// The findings of `text` analysed whole, by the library, as
/// [`json_findings`] gives them.
fn whole_findings(text: &str, kind: tenpai::document::DocKind) -> Vec<(String, String, [u64; 4])> {
    use tenpai::document::{file_diagnostics, Analyzer, TextDocument};
    let lines = Analyzer::new().analyze(text, kind, &tenpai::score::Rules::tenhou());
    let index = TextDocument::new(text);
    file_diagnostics(&lines)
        .into_iter()
        .map(|d| {
            let place = tenpai::json::Place::in_text(&index, d.range.clone());
            (
                d.code.to_string(),
                d.message,
                [
                    place.start.line.into(),
                    place.start.column.into(),
                    place.end.line.into(),
                    place.end.column.into(),
                ],
            )
        })
        .collect()
}

/// What a test of a large document runs on it.
#[derive(Clone, Copy, Debug)]
enum LargeRun {
    Check,
    Format,
    Fix,
}

/// A seeded document of about 2.5 MB (more than two of the CLI's 1 MiB
/// pieces), Markdown or `.mj`, with its file name.
fn large_document(kind: tenpai::document::DocKind) -> (&'static str, String) {
    use tenpai::document::DocKind;
    match kind {
        DocKind::Markdown => (
            "big.md",
            seeded_document(
                &[
                    "## Hand {n}\n\n",
                    "A hand `456m123p789s2211z tsumo honba={n}` and prose.\n\n",
                    "```mj\nrules: kiriage\n987m456p123s1122z riichi riichi honba={n}\n\n11128z\n```\n\n",
                    "```mj\nrules: tenhou\n234m567p22s345678s riichi tsumo sticks={n} => 7700\n```\n\n",
                    "- a list `1112345678999m ron win=9m honba={n} => 48000`\n\n  continued ^^11z^^\n\n",
                    "> quoted `123m456p789s1122z reichi win=2z honba={n}`\n\n",
                    "<!-- tenpai-ignore -->\n\n",
                    "A hand {{< mj 2m2m3m4m5m6m7m8m9m1p1p1p6z6z >}} here.\n\n",
                    "```mahjong\n123m456p789s11z22z\n```\n\n",
                ],
                2_500_000,
            ),
        ),
        DocKind::Mj => (
            "big.mj",
            seeded_document(
                &[
                    "987m456p123s1122z riichi honba={n}\n",
                    "# tenpai: ignore\n",
                    "\n",
                    "rules: kiriage\n",
                    "rules: tenhou\n",
                    "321m 654p 987s 2211z  tsumo tsumo  win=2z sticks={n}\n",
                    "123m456p789s1122z reichi honba={n}\r\n",
                    "234m567p22s345678s riichi tsumo honba={n} => 7700\n",
                ],
                2_500_000,
            ),
        ),
    }
}

/// A document of more than the CLI's 1 MiB pieces, Markdown or `.mj`:
/// `check` reports the findings of a whole read at the whole file's
/// lines and columns, `fmt` writes the whole document formatted, and
/// `check --fix` the whole document fixed, byte for byte; no file is left
/// beside it. Each document and command is its own test (below), so the
/// harness runs them side by side.
fn a_document_larger_than_a_piece_reads_as_a_whole(kind: tenpai::document::DocKind, run: LargeRun) {
    use tenpai::document::fix::{fix_document, FixLevel};
    use tenpai::document::format::format_document;
    use tenpai::document::Analyzer;
    use tenpai::format::{FormatOptions, HonorStyle};
    let (name, text) = large_document(kind);
    let text = &text;
    let dir = scratch("pieces");
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    let patience = Duration::from_secs(600);
    match run {
        LargeRun::Check => {
            let out = run_in(dir.path(), &["check", "--format", "json", name], patience).unwrap();
            assert_eq!(out.status.code(), Some(1), "{name}");
            let expected = whole_findings(text, kind);
            assert!(expected.len() > 10_000, "{name}: {}", expected.len());
            assert_eq!(json_findings(&out.stdout), expected, "{name}: check");
        }
        LargeRun::Format => {
            let out = run_in(dir.path(), &["fmt", name], patience).unwrap();
            assert_eq!(out.status.code(), Some(0), "{name}");
            let options = FormatOptions {
                honors: HonorStyle::Digits,
            };
            let formatted = format_document(text, kind, &options);
            assert_ne!(&formatted, text);
            assert!(
                std::fs::read_to_string(&path).unwrap() == formatted,
                "{name}: fmt"
            );
        }
        LargeRun::Fix => {
            let out = run_in(
                dir.path(),
                &["check", "--fix", "--format", "json", name],
                patience,
            )
            .unwrap();
            assert_eq!(out.status.code(), Some(1), "{name}");
            let (fixed, count) = fix_document(
                text,
                kind,
                &tenpai::score::Rules::tenhou(),
                &mut Analyzer::new(),
                FixLevel::Safe,
            );
            assert!(count > 1000, "{name}: {count} fixes");
            assert!(
                std::fs::read_to_string(&path).unwrap() == fixed,
                "{name}: check --fix"
            );
            assert_eq!(
                json_findings(&out.stdout),
                whole_findings(&fixed, kind),
                "{name}: check --fix's findings"
            );
        }
    }
    assert_eq!(names_in(dir.path()), [name], "{run:?}");
}

#[test]
fn a_markdown_document_larger_than_a_piece_is_checked_as_a_whole() {
    a_document_larger_than_a_piece_reads_as_a_whole(
        tenpai::document::DocKind::Markdown,
        LargeRun::Check,
    );
}

#[test]
fn a_markdown_document_larger_than_a_piece_is_formatted_as_a_whole() {
    a_document_larger_than_a_piece_reads_as_a_whole(
        tenpai::document::DocKind::Markdown,
        LargeRun::Format,
    );
}

#[test]
fn a_markdown_document_larger_than_a_piece_is_fixed_as_a_whole() {
    a_document_larger_than_a_piece_reads_as_a_whole(
        tenpai::document::DocKind::Markdown,
        LargeRun::Fix,
    );
}

#[test]
fn an_mj_document_larger_than_a_piece_is_checked_as_a_whole() {
    a_document_larger_than_a_piece_reads_as_a_whole(tenpai::document::DocKind::Mj, LargeRun::Check);
}

#[test]
fn an_mj_document_larger_than_a_piece_is_formatted_as_a_whole() {
    a_document_larger_than_a_piece_reads_as_a_whole(
        tenpai::document::DocKind::Mj,
        LargeRun::Format,
    );
}

#[test]
fn an_mj_document_larger_than_a_piece_is_fixed_as_a_whole() {
    a_document_larger_than_a_piece_reads_as_a_whole(tenpai::document::DocKind::Mj, LargeRun::Fix);
}
