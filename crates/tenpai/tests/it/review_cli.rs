//! `tenpai review` end to end: the formats read by content (gzip too),
//! `-o` writing atomically, `--player`, `--round`, `--json`, and bad input
//! reported with its place and nothing written.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output};

fn logs_dir() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    [
        root.join("../shared/real/logs"),
        PathBuf::from("/work/shared/real/logs"),
    ]
    .into_iter()
    .find(|path| path.is_dir())
    .expect("../shared/real/logs beside the repository")
}

fn tenpai(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .args(args)
        .output()
        .expect("tenpai runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const GAME: &str = "2020052700gm-00a9-0000-75a4695c";

fn mjlog() -> String {
    logs_dir()
        .join(format!("mjlog/{GAME}.mjlog"))
        .display()
        .to_string()
}

#[test]
fn a_review_goes_to_a_file_written_whole_with_nothing_left_beside_it() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let target = dir.path().join("game.mj");
    let out = tenpai(&[
        "review",
        &mjlog(),
        "--player",
        "all",
        "-o",
        target.to_str().expect("a path"),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    let review = std::fs::read_to_string(&target).expect("the review");
    assert!(review.starts_with("# Log: "), "{review}");
    assert!(review.contains("\nrules: tenhou red-fives=on open-tanyao=on\n"));
    let entries: Vec<_> = std::fs::read_dir(dir.path()).expect("a folder").collect();
    assert_eq!(entries.len(), 1, "a temporary file was left behind");
    // The file checks clean.
    let check = tenpai(&["check", target.to_str().expect("a path")]);
    assert!(
        check.status.success(),
        "{}{}",
        text(&check.stdout),
        text(&check.stderr)
    );
}

#[test]
fn one_player_and_one_round() {
    let out = tenpai(&["review", &mjlog(), "--player", "2", "--round", "E3"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let review = text(&out.stdout);
    let headings: Vec<&str> = review
        .lines()
        .filter(|line| line.starts_with("# Round "))
        .collect();
    assert!(!headings.is_empty());
    assert!(
        headings.iter().all(|line| line.starts_with("# Round E3,")),
        "{headings:?}"
    );
    let decisions: Vec<&str> = review
        .lines()
        .filter(|line| line.contains(" discard="))
        .collect();
    assert!(!decisions.is_empty());
    // Seat 2 is not the dealer of E3 (seat 2 is): its seat word is East.
    assert!(
        decisions.iter().all(|line| line.contains(" seat=e ")),
        "{decisions:?}"
    );
    let unknown = tenpai(&["review", &mjlog(), "--player", "nobody"]);
    assert!(!unknown.status.success());
    assert!(
        text(&unknown.stderr).contains("no player \"nobody\""),
        "{}",
        text(&unknown.stderr)
    );
    let bad_round = tenpai(&["review", &mjlog(), "--round", "X9"]);
    assert!(!bad_round.status.success());
}

#[test]
fn json_for_tools() {
    let out = tenpai(&["review", &mjlog(), "--json", "--player", "all"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let rounds = value["rounds"].as_array().expect("rounds");
    assert!(rounds.len() >= 8);
    let kinds: Vec<&str> = rounds
        .iter()
        .flat_map(|round| round["lines"].as_array().into_iter().flatten())
        .filter_map(|line| line["kind"].as_str())
        .collect();
    assert!(kinds.contains(&"decision") && kinds.contains(&"win"));
    assert_eq!(value["reviewed"], serde_json::json!([0, 1, 2, 3]));
}

#[test]
fn a_gzip_log_and_standard_input_read_as_the_plain_file() {
    let plain = std::fs::read(mjlog()).expect("the log");
    let dir = tempfile::tempdir().expect("a temporary folder");
    let gz = dir.path().join("game.mjlog");
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(&plain).expect("compressed");
    std::fs::write(&gz, encoder.finish().expect("compressed")).expect("written");
    let from_gz = tenpai(&["review", gz.to_str().expect("a path")]);
    let from_plain = tenpai(&["review", &mjlog()]);
    assert!(from_gz.status.success(), "{}", text(&from_gz.stderr));
    let strip = |out: &Output| {
        text(&out.stdout)
            .lines()
            .skip(1)
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(strip(&from_gz), strip(&from_plain));
    let mut child = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .args(["review", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("tenpai runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(&plain)
        .expect("written");
    let from_stdin = child.wait_with_output().expect("done");
    assert!(from_stdin.status.success());
    // From standard input there is no file name to head the review.
    assert_eq!(
        text(&from_stdin.stdout).trim_end(),
        strip(&from_plain).trim_end()
    );
}

#[test]
fn bad_logs_are_named_with_their_place_and_nothing_is_written() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let target = dir.path().join("out.mj");
    let truncated = logs_dir().join("mjlog/2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog");
    let out = tenpai(&[
        "review",
        &mjlog(),
        truncated.to_str().expect("a path"),
        "-o",
        target.to_str().expect("a path"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("round S4") && stderr.contains("truncated"),
        "{stderr}"
    );
    assert!(stderr.contains("nothing written"), "{stderr}");
    assert!(!target.exists(), "a partial review was written");

    let json = std::fs::read(logs_dir().join(format!("tenhou6/{GAME}.json"))).expect("a log");
    let cut = dir.path().join("cut.json");
    // Cut inside a multi-byte character, the file is no text at all.
    let mut middle = json.len() / 2;
    while json[middle] < 0x80 {
        middle += 1;
    }
    std::fs::write(&cut, &json[..middle + 1]).expect("written");
    let out = tenpai(&["review", cut.to_str().expect("a path")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("not UTF-8 text"),
        "{}",
        text(&out.stderr)
    );
    // Cut after a comma, it is JSON that stops short.
    let comma = middle
        + json[middle..]
            .iter()
            .position(|b| *b == b',')
            .expect("a comma");
    std::fs::write(&cut, &json[..=comma]).expect("written");
    let out = tenpai(&["review", cut.to_str().expect("a path")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(
        text(&out.stderr).contains("tenhou.net/6 JSON, line"),
        "{}",
        text(&out.stderr)
    );

    let other = dir.path().join("notes.txt");
    std::fs::write(&other, "hello").expect("written");
    let out = tenpai(&["review", other.to_str().expect("a path")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("not a game log"),
        "{}",
        text(&out.stderr)
    );
}
