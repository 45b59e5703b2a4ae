//! `tenpai check` end to end: the built binary on fixture documents, its
//! output in each format snapshot-tested, its exit codes asserted.

use std::process::{Command, Output};

use crate::common::cli::tenpai;

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn human_output_of_a_markdown_article() {
    let o = tenpai(&["check", "tests/fixtures/check/article.md"], None);
    insta::assert_snapshot!(stdout(&o));
    assert_eq!(o.status.code(), Some(1), "errors make the run fail");
}

#[test]
fn human_output_of_a_directory() {
    let o = tenpai(&["check", "--color", "never", "tests/fixtures/check"], None);
    insta::assert_snapshot!(stdout(&o));
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn json_output() {
    let o = tenpai(
        &[
            "check",
            "--format",
            "json",
            "tests/fixtures/check/article.md",
        ],
        None,
    );
    let text = stdout(&o);
    let v: serde_json::Value = serde_json::from_str(&text).expect("one JSON object");
    assert!(v["findings"].is_array());
    insta::assert_snapshot!(text);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn json_columns_count_characters_after_a_glyph() {
    // 🀄 is one character (two UTF-16 units, four bytes) before the hand.
    let o = tenpai(&["check", "--format", "json", "-"], Some("🀄 x\n"));
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let first = &v["findings"][0];
    assert_eq!(first["path"], "<stdin>");
    assert_eq!(first["range"]["start"]["line"], 1);
    assert_eq!(first["severity"], "error");
    let md = "Hand: 🀄 `🀄🀄 123m riichii`\n";
    let dir = std::env::temp_dir().join(format!("tenpai-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("glyph.md");
    std::fs::write(&path, md).unwrap();
    let o = tenpai(&["check", "--format", "json", path.to_str().unwrap()], None);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let d = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "unknown-option")
        .expect("riichii is reported");
    // "Hand: 🀄 `🀄🀄 123m " is 17 characters, so riichii starts at column 18
    // (22 in UTF-16 units, 27 in bytes).
    assert_eq!(d["range"]["start"]["column"], 18);
    assert_eq!(d["range"]["end"]["column"], 25);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn github_output() {
    let o = tenpai(
        &[
            "check",
            "--format",
            "github",
            "tests/fixtures/check/review.mj",
        ],
        None,
    );
    insta::assert_snapshot!(stdout(&o));
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn a_clean_file_passes_and_says_so() {
    let o = tenpai(&["check", "tests/fixtures/check/clean.mj"], None);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "Checked 2 hands in 1 file: all good.\n");
}

#[test]
fn warnings_fail_only_when_denied() {
    let no_yaku = "(234m) 567p 456s 789s 11m win=4s seat=s\n";
    let o = tenpai(&["check", "-"], Some(no_yaku));
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("warning[no-yaku]"));
    let o = tenpai(&["check", "--deny", "warnings", "-"], Some(no_yaku));
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn rules_flags_set_the_base_rules() {
    // 4 han 30 fu: 7700 under Tenhou rules, a mangan under kiriage.
    let hand = "(555z) 123p 456p 789p 11p win=9p seat=s => 8000\n";
    let o = tenpai(&["check", "-"], Some(hand));
    assert!(stdout(&o).contains("wrong-claim"), "{}", stdout(&o));
    let o = tenpai(
        &["check", "--deny", "warnings", "--kiriage", "-"],
        Some(hand),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let o = tenpai(
        &[
            "check",
            "--deny",
            "warnings",
            "--rules",
            "tenhou kiriage",
            "-",
        ],
        Some(hand),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(
        tenpai(&["check", "--format", "xml"], None).status.code(),
        Some(2)
    );
    assert_eq!(
        tenpai(&["check", "no/such/file.md"], None).status.code(),
        Some(2)
    );
    let o = tenpai(&["check", "--rules", "kiriagee", "-"], Some(""));
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("kiriagee"));
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let o = tenpai(&["check", "-"], Some("11128z\n"));
    assert!(!stdout(&o).contains('\x1b'), "no colour into a pipe");
    let o = tenpai(&["check", "--color", "always", "-"], Some("11128z\n"));
    assert!(stdout(&o).contains("\x1b[1;31merror"));
}

#[test]
fn the_examples_check_as_the_readme_says() {
    // README: one error (the article's deliberate typo) and one warning
    // (the hand shown without a yaku); every claim is right.
    let o = tenpai(&["check", "--format", "json", "../../examples"], None);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let codes: Vec<&str> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["no-yaku", "invalid-tile"], "{}", stdout(&o));
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn the_readme_shows_what_the_main_command_prints() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let after = readme
        .split_once("prints:\n\n```\n")
        .expect("the README shows the output of check examples/")
        .1;
    let shown = after.split_once("```").expect("a closed block").0;
    let o = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .args(["check", "examples/"])
        .current_dir(&root)
        .output()
        .expect("tenpai runs");
    assert_eq!(String::from_utf8_lossy(&o.stdout), shown);
    assert_eq!(o.status.code(), Some(1), "the README says it exits 1");
}

#[test]
fn fix_rewrites_files_and_reports_what_is_left() {
    let dir = std::env::temp_dir().join(format!("tenpai-fix-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("review.mj");
    // A missing space, then a claim that can be checked once the space is
    // there (non-dealer riichi tsumo pinfu tanyao: 4 han 20 fu, 1300/2600),
    // a word written twice, and a typo whose fix is only a guess.
    std::fs::write(
        &file,
        "234m567p22s345678sriichi tsumo seat=s => 7700\n234m567p22s345678s ron ron riichii\n",
    )
    .expect("write");
    let path = file.to_str().expect("utf-8 path");
    let o = tenpai(&["check", "--fix", path], None);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert_eq!(
        std::fs::read_to_string(&file).expect("read"),
        "234m567p22s345678s riichi tsumo seat=s => 5200\n234m567p22s345678s ron riichii\n"
    );
    let out = stdout(&o);
    assert!(out.contains("error[unknown-option]"), "{out}");
    assert!(
        out.ends_with("Checked 2 hands in 1 file: 1 error. Fixed 3 problems.\n"),
        "{out}"
    );
    // The guess too, with --unsafe-fixes; then nothing is left.
    let o = tenpai(&["check", "--unsafe-fixes", path], None);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(std::fs::read_to_string(&file)
        .expect("read")
        .ends_with("ron riichi\n"));
    let o = tenpai(&["check", "--fix", path], None);
    assert_eq!(stdout(&o), "Checked 2 hands in 1 file: all good.\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fix_on_stdin_writes_the_document_to_stdout() {
    let o = tenpai(
        &["check", "--fix", "-"],
        Some("234m567p22s345678s ron seat=s => 7700\n"),
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "234m567p22s345678s ron seat=s => 2000\n");
    let report = String::from_utf8_lossy(&o.stderr);
    assert!(report.contains("Fixed 1 problem."), "{report}");
}

#[test]
fn stdin_can_be_named_and_read_as_markdown() {
    let article = "Prose 123 456, then `234m567p22s345678s ron seat=s => 7700`.\n";
    // As a .mj document, the prose line is a broken hand line.
    let o = tenpai(&["check", "-"], Some(article));
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let o = tenpai(
        &["check", "--stdin-filename", "docs/a.md", "-"],
        Some(article),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("docs/a.md:1:55: warning[wrong-claim]"),
        "{out}"
    );
    // Quarto, MDX and R Markdown are Markdown, as the editor reads them.
    for name in ["post.qmd", "Post.MDX", "notes.Rmd"] {
        let o = tenpai(&["check", "--stdin-filename", name, "-"], Some(article));
        assert_eq!(o.status.code(), Some(0), "{name}: {}", stdout(&o));
    }
}

#[test]
fn the_nearest_tenpai_toml_sets_the_rules() {
    let root = std::env::temp_dir().join(format!("tenpai-config-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let sub = root.join("posts");
    std::fs::create_dir_all(&sub).expect("temp dir");
    // Riichi pinfu tanyao with a dora, non-dealer ron: 4 han 30 fu, which
    // kiriage rounds up to a mangan.
    let review = sub.join("review.mj");
    std::fs::write(
        &review,
        "234m567p22s345678s riichi dora=1m seat=s => 8000\n",
    )
    .expect("write");
    let path = review.to_str().expect("utf-8 path");
    let o = tenpai(&["check", path], None);
    assert_eq!(o.status.code(), Some(0), "no config: a warning only");
    assert!(
        stdout(&o).contains("worth 7700, not 8000"),
        "{}",
        stdout(&o)
    );
    std::fs::write(root.join("tenpai.toml"), "rules = \"kiriage\"\n").expect("write");
    let o = tenpai(&["check", path], None);
    assert_eq!(stdout(&o), "Checked 1 hand in 1 file: all good.\n");
    // The command line's words apply on top of the file's.
    let o = tenpai(&["check", "--rules", "kiriage=off", path], None);
    assert!(
        stdout(&o).contains("worth 7700, not 8000"),
        "{}",
        stdout(&o)
    );
    // A named file instead of the nearest; a broken one is a usage error.
    let other = root.join("other.toml");
    std::fs::write(&other, "rules = \"tenhou\"\n").expect("write");
    let o = tenpai(&["check", "--config", other.to_str().unwrap(), path], None);
    assert!(
        stdout(&o).contains("worth 7700, not 8000"),
        "{}",
        stdout(&o)
    );
    std::fs::write(root.join("tenpai.toml"), "rules = \"kiriagee\"\n").expect("write");
    let o = tenpai(&["check", path], None);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("tenpai.toml") && err.contains("kiriagee"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_byte_order_mark_is_no_column_and_a_lone_cr_ends_a_line() {
    // The 8 of 228z is the 22nd character an editor shows on line 1.
    let o = tenpai(
        &["check", "--format", "json", "-"],
        Some("\u{feff}123m 456p 789s 11z 228z\r123m456p789s1122z\r"),
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let found = v["findings"].as_array().expect("an array");
    assert_eq!(found.len(), 1, "{v}");
    assert_eq!(found[0]["code"], "invalid-tile");
    assert_eq!(
        (
            found[0]["range"]["start"]["line"].as_u64(),
            found[0]["range"]["start"]["column"].as_u64()
        ),
        (Some(1), Some(22))
    );
    let o = tenpai(&["check", "-"], Some("\u{feff}123m 456p 789s 11z 228z\n"));
    let out = stdout(&o);
    assert!(out.contains("<stdin>:1:22: error[invalid-tile]"), "{out}");
    assert!(out.contains("1 | 123m 456p 789s 11z 228z\n"), "{out}");
}

#[test]
fn an_unreadable_file_is_counted_and_fails_the_run() {
    let path = std::env::temp_dir().join(format!("tenpai-bad-{}.mj", std::process::id()));
    std::fs::write(&path, b"123m\xff\n").expect("a temporary file");
    let o = tenpai(&["check", path.to_str().expect("a UTF-8 path")], None);
    let _ = std::fs::remove_file(&path);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not UTF-8 text"));
    assert!(out.contains("1 file could not be read."), "{out}");
    assert!(!out.contains("all good"), "{out}");
}

/// A path that does not exist (a deleted file in `git diff --name-only`)
/// is reported and fails the run, but the other files are still checked,
/// and the JSON output is still one array.
#[test]
fn a_missing_path_does_not_stop_the_others() {
    let clean = "tests/fixtures/check/clean.mj";
    let o = tenpai(&["check", "no/such/file.mj", clean], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no/such/file.mj"));
    let out = stdout(&o);
    assert!(
        out.contains("in 1 file") && out.contains("1 file could not be read."),
        "{out}"
    );
    let o = tenpai(
        &[
            "check",
            "--format",
            "json",
            "no/such/file.mj",
            "tests/fixtures/check/review.mj",
        ],
        None,
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("one JSON object");
    assert!(v["findings"].as_array().is_some_and(|a| !a.is_empty()));
}

/// A file named twice, or named and found in a directory named too, and
/// stdin named twice, are read once.
#[test]
fn each_document_is_read_once() {
    let o = tenpai(
        &[
            "check",
            "tests/fixtures/check",
            "tests/fixtures/check/clean.mj",
            "./tests/fixtures/check/clean.mj",
            "-",
            "-",
        ],
        Some("123m456p789s11222z riichi\n"),
    );
    let out = stdout(&o);
    assert!(out.contains("in 4 files"), "{out}");
}
