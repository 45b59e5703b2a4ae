//! `tenpai fmt` end to end: only hand lines change, `--check` prints a diff
//! and fails, stdin goes to stdout, formatting is idempotent.

use crate::common::cli::tenpai;

use tenpai::document::format::{format_document, format_edits};
use tenpai::document::{find_hand_lines, DocKind};
use tenpai::format::FormatOptions;

const ARTICLE: &str = include_str!("../fixtures/fmt/article.md");

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tenpai-fmt-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn markdown_prose_is_never_touched() {
    let opts = FormatOptions::default();
    let edits = format_edits(ARTICLE, DocKind::Markdown, &opts);
    assert!(!edits.is_empty(), "the fixture has unformatted hands");
    let sites = find_hand_lines(ARTICLE, DocKind::Markdown);
    for e in &edits {
        assert!(
            sites.iter().any(|s| s.range == e.range),
            "edit {:?} is not a hand line",
            &ARTICLE[e.range.clone()]
        );
    }
    // Everything outside the hand lines is byte for byte the same.
    let out = format_document(ARTICLE, DocKind::Markdown, &opts);
    let strip = |text: &str| {
        let mut rest = String::new();
        let mut at = 0;
        for s in find_hand_lines(text, DocKind::Markdown) {
            rest.push_str(&text[at..s.range.start]);
            rest.push('\u{0}');
            at = s.range.end;
        }
        rest.push_str(&text[at..]);
        rest
    };
    assert_eq!(strip(ARTICLE), strip(&out));
    assert!(out.contains("Prose   with  odd   spacing stays *exactly*   as written: 55s 234s."));
    assert!(out.contains("let not_a_hand = \"55s 234s\";"));
    insta::assert_snapshot!(out);
}

#[test]
fn formatting_is_idempotent() {
    let opts = FormatOptions::default();
    let once = format_document(ARTICLE, DocKind::Markdown, &opts);
    assert_eq!(format_document(&once, DocKind::Markdown, &opts), once);
}

#[test]
fn check_prints_a_diff_and_fails() {
    let o = tenpai(&["fmt", "--check", "tests/fixtures/fmt/article.md"], None);
    assert_eq!(o.status.code(), Some(1));
    insta::assert_snapshot!(String::from_utf8_lossy(&o.stdout));
    assert!(String::from_utf8_lossy(&o.stderr).contains("1 file would be reformatted"));
}

#[test]
fn in_place_then_check_passes() {
    let dir = temp_dir("inplace");
    let path = dir.join("article.md");
    std::fs::write(&path, ARTICLE).unwrap();
    let p = path.to_str().unwrap();
    let o = tenpai(&["fmt", p], None);
    assert_eq!(o.status.code(), Some(0));
    let written = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        written,
        format_document(ARTICLE, DocKind::Markdown, &FormatOptions::default())
    );
    let o = tenpai(&["fmt", "--check", p], None);
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stdout.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn stdin_to_stdout_and_honor_styles() {
    let o = tenpai(
        &["fmt", "--honors", "letters", "-"],
        Some("# hands\n11z 123m 456p 789s 55z\n"),
    );
    assert_eq!(o.status.code(), Some(0));
    let letters = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(letters.starts_with("# hands\n"));
    assert!(
        letters.contains("ee") && letters.contains("whwh"),
        "{letters}"
    );
    let o = tenpai(&["fmt", "--honors", "digits", "-"], Some(&letters));
    let digits = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(digits.contains("123m456p789s1155z"), "{digits}");
}

#[test]
fn lines_with_errors_are_left_alone() {
    let text = "789s 123m 11128z\n";
    let o = tenpai(&["fmt", "-"], Some(text));
    assert_eq!(String::from_utf8_lossy(&o.stdout), text);
}

#[test]
fn stdin_named_markdown_formats_only_its_hand_lines() {
    let text = "Prose 789s 11z here.\n\n```mj\n789s 11z 123m456p 22z\n```\n";
    let o = tenpai(&["fmt", "--stdin-filename", "post.md", "-"], Some(text));
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "Prose 789s 11z here.\n\n```mj\n123m456p789s1122z\n```\n"
    );
}

#[test]
fn tenpai_toml_chooses_the_honors_and_the_flag_wins() {
    let dir = temp_dir("config");
    std::fs::write(dir.join("tenpai.toml"), "[fmt]\nhonors = \"letters\"\n").unwrap();
    let file = dir.join("a.mj");
    std::fs::write(&file, "123m456p789s11z222z\n").unwrap();
    let path = file.to_str().unwrap();
    let o = tenpai(&["fmt", path], None);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "123m456p789s ee sss\n"
    );
    let o = tenpai(&["fmt", "--honors", "digits", path], None);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "123m456p789s11222z\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
