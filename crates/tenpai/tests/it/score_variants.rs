//! Every line of `tests/vectors/rules-variants.jsonl` (three-player and
//! local-rule hands scored by the reference library; `vectors/README.md`
//! defines the words) through the real command line, as a user runs it:
//! `tenpai score --json --rules "<rules>" -`, the lines of one rule set on
//! standard input. Han, fu, limit, yaku ids and han, every payment and the
//! error must agree. No line is an expected difference: where Tenhou's
//! three-player rules are known (tsumo loss, 200 a honba, North as
//! nukidora), the reference library plays them too (see docs/rules.md).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::common;
use common::differences;

/// The vectors of each rule set, in file order.
fn by_rules(text: &str) -> BTreeMap<String, Vec<Value>> {
    let mut groups: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for raw in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(raw).expect("vector line is JSON");
        let rules = v["rules"].as_str().expect("every line names its rules");
        groups.entry(rules.to_string()).or_default().push(v);
    }
    groups
}

/// `tenpai score --json --rules RULES -` on the lines, one JSON per line.
fn score_lines(rules: &str, lines: &[&str]) -> Vec<Value> {
    // Away from any tenpai.toml, so only `--rules` decides.
    let dir = std::env::temp_dir();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .args(["score", "--json", "--rules", rules, "-"])
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn tenpai");
    let input = lines.join("\n") + "\n";
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("tenpai runs");
    writer.join().expect("writer").expect("stdin written");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    text.lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect()
}

#[test]
fn rules_variants_vectors_agree_through_the_command_line() {
    let text = include_str!("../../../../tests/vectors/rules-variants.jsonl");
    let groups = by_rules(text);
    let total: usize = groups.values().map(Vec::len).sum();
    assert!(total >= 2000, "only {total} vectors");
    // Both three-player presets' words and the local rules are there.
    for rules in [
        "tenhou-sanma",
        "sanma",
        "open-riichi sashikomi",
        "daichisei",
    ] {
        assert!(groups.contains_key(rules), "no vectors for {rules}");
    }
    let mut failures = 0;
    let mut report = String::new();
    for (rules, vectors) in &groups {
        let lines: Vec<&str> = vectors
            .iter()
            .map(|v| v["line"].as_str().unwrap_or(""))
            .collect();
        let answers = score_lines(rules, &lines);
        assert_eq!(
            answers.len(),
            vectors.len(),
            "one answer per line under {rules}"
        );
        for (v, got) in vectors.iter().zip(&answers) {
            let diffs = differences(&v["expect"], got);
            if !diffs.is_empty() {
                failures += 1;
                let _ = writeln!(report, "{} [{rules}] `{}`", v["id"], v["line"]);
                for d in diffs {
                    let _ = writeln!(report, "    {d}");
                }
            }
        }
    }
    assert!(
        failures == 0,
        "{failures} of {total} vectors disagree:\n{report}"
    );
}
