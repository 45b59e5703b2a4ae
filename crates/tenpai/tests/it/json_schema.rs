//! Every JSON output is what its schema in `docs/schema/` says: the built
//! binary's `check --format json`, `score --json` and `shanten --json` on
//! lines that score, fail and carry notes, and the language server's
//! `tenpai/render` and `tenpai/documentRules`, each validated against its
//! file. The schemas share their definition of a place and a diagnostic,
//! and a test keeps those copies identical.

use std::path::{Path, PathBuf};

use crate::common::cli;

use serde_json::{json, Value};
use tenpai::lsp::test_client::TestClient;

fn docs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs")
}

fn schema(name: &str) -> Value {
    let path = docs().join("schema").join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name} is not JSON: {e}"))
}

/// Fails with every error of `value` against the schema `name`.
fn assert_valid(name: &str, value: &Value) {
    let validator = jsonschema::validator_for(&schema(name))
        .unwrap_or_else(|e| panic!("{name} is not a valid JSON Schema: {e}"));
    let errors: Vec<String> = validator
        .iter_errors(value)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{name}: {value}\ndoes not match its schema:\n{}",
        errors.join("\n")
    );
}

/// Runs the binary; returns its standard output.
fn tenpai(args: &[&str], stdin: &str) -> String {
    let output = cli::tenpai(args, Some(stdin));
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

fn json_lines(out: &str) -> Vec<Value> {
    out.lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect()
}

/// Hand lines of every kind: scored, no yaku, not parsed (with a glyph
/// before the error, so the column counts characters), a warning, a rules
/// line, not complete.
const HANDS: &str = "\
11224455667799s win=5s tsumo riichi seat=s round=e dora=2p ura=1m honba=2
34066m234999p(999m) win=9p seat=n round=n dora=9p
🀇🀈🀉 456p 8z
123m456p789s11222z riichi riichi
rules: mahjong-soul
123m456p789s1122z3z
234m567p22s345678s win=8s riichi tsumo
";

#[test]
fn score_json_matches_its_schema() {
    let lines = json_lines(&tenpai(&["score", "-", "--json"], HANDS));
    assert_eq!(lines.len(), 6, "one object per hand line");
    for line in &lines {
        assert_valid("score.json", line);
    }
    // The line that does not parse: its error is placed in its own line of
    // the input (the third), after three glyphs and a space.
    let unread = &lines[2];
    assert_eq!(unread["error"]["code"], "invalid-tile");
    let range = &unread["diagnostics"][0]["range"];
    assert_eq!(range["start"], json!({"line": 3, "column": 10}));
    // The warning of a scored line is placed too.
    let noted = &lines[3];
    assert!(noted["error"].is_null());
    assert_eq!(noted["diagnostics"][0]["code"], "duplicate-option");
    assert_eq!(noted["diagnostics"][0]["range"]["start"]["line"], 4);
}

#[test]
fn shanten_json_matches_its_schema() {
    let out = tenpai(
        &[
            "shanten",
            "23m456p234s66s (678p)",
            "1112345678999m",
            "19m19p19s1234567z",
            "123m456p789s1122z 8z",
            "-",
            "--json",
        ],
        "# comments are skipped\n12345m456p789s11z2z discard=2z\n123m456p789s11z 4z\n",
    );
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 6);
    for line in &lines {
        assert_valid("shanten.json", line);
    }
    let unread = &lines[3];
    assert_eq!(unread["error"]["code"], "invalid-tile");
    assert_eq!(
        unread["diagnostics"][0]["range"],
        json!({"start": {"line": 1, "column": 19}, "end": {"line": 1, "column": 20}})
    );
    // Lines read from standard input are placed on their line there.
    assert!(lines[4]["discards"].is_array(), "{}", lines[4]);
}

#[test]
fn check_json_matches_its_schema() {
    let article = "# Waits\n\nThe hand `🀇🀈🀉m 8z` is wrong.\n\n```mj\n123m456p789s11222z tsumo => 1000\n123m456p789s1122z8z\n```\n";
    let out = tenpai(
        &[
            "check",
            "-",
            "--stdin-filename",
            "waits.md",
            "--format",
            "json",
        ],
        article,
    );
    let run: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{out}: {e}"));
    assert_valid("check.json", &run);
    let findings = run["findings"].as_array().expect("findings");
    assert!(findings.len() >= 2, "{run}");
    assert!(findings.iter().all(|f| f["path"] == "waits.md"));
    assert!(
        findings.iter().any(|f| f["range"]["start"]["line"] == 7),
        "the 8z of the block's second line: {run}"
    );
    // No finding: an empty list, the same shape.
    let clean = tenpai(
        &["check", "-", "--format", "json"],
        "123m456p789s11222z tsumo\n",
    );
    let clean: Value = serde_json::from_str(&clean).expect("JSON");
    assert_valid("check.json", &clean);
    assert_eq!(clean["findings"], json!([]));
}

#[tokio::test]
async fn the_servers_own_requests_match_their_schemas() {
    const URI: &str = "file:///article.md";
    const ARTICLE: &str =
        "# A 🀄 hand\n\n```mj\n123m456p789s11222z tsumo\n123m456p789s1122z8z\n```\n";
    let (mut client, _) = TestClient::in_process();
    client
        .initialize(
            json!({"general": {"positionEncodings": ["utf-16"]}}),
            json!({}),
        )
        .await;
    client.open(URI, "markdown", 1, ARTICLE).await;
    let whole = json!({"start": {"line": 0, "character": 0}, "end": {"line": 9, "character": 0}});
    let drawn = client
        .call(
            "tenpai/render",
            json!({"textDocument": {"uri": URI}, "range": whole}),
        )
        .await;
    assert_valid("render.json", &drawn);
    let hands = drawn["hands"].as_array().expect("hands");
    assert_eq!(hands.len(), 2, "{drawn}");
    // The same place as the command line writes: 1-based, characters.
    assert_eq!(
        hands[1]["range"],
        json!({"start": {"line": 5, "column": 1}, "end": {"line": 5, "column": 20}})
    );
    assert_eq!(hands[1]["errors"][0]["code"], "invalid-tile");
    let given = client
        .call(
            "tenpai/render",
            json!({"hand": "234m567p22s345678s riichi tsumo"}),
        )
        .await;
    assert_valid("render.json", &given);
    let rules = client
        .call("tenpai/documentRules", json!({"uri": URI}))
        .await;
    assert_valid("document-rules.json", &rules);
    assert_eq!(rules["schema_version"], 1);
    let closed = client
        .call(
            "tenpai/documentRules",
            json!({"uri": "file:///not-open.md"}),
        )
        .await;
    assert_valid("document-rules.json", &closed);
}

/// The schemas are self-contained (no schema needs another to be read), so
/// each carries the shared definitions: they must be the same everywhere.
#[test]
fn the_shared_definitions_are_the_same_in_every_schema() {
    let names = [
        "check.json",
        "score.json",
        "shanten.json",
        "render.json",
        "document-rules.json",
    ];
    let first = schema(names[0]);
    for name in names {
        let other = schema(name);
        for shared in ["point", "range", "code", "diagnostic", "schema_version"] {
            assert_eq!(
                other["$defs"][shared], first["$defs"][shared],
                "{name}: $defs/{shared} differs from {}",
                names[0]
            );
        }
    }
}

/// docs/json.md shows each output: its examples are valid too.
#[test]
fn the_examples_of_docs_json_md_match_the_schemas() {
    let text = std::fs::read_to_string(docs().join("json.md")).expect("docs/json.md");
    let mut checked = 0;
    let mut section = "";
    let mut in_block = false;
    let mut block = String::new();
    for line in text.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            section = heading;
        } else if line == "```json" {
            in_block = true;
            block.clear();
        } else if line == "```" && in_block {
            in_block = false;
            let Ok(value) = serde_json::from_str::<Value>(&block) else {
                continue; // a fragment, such as the shared pieces
            };
            let schema = match section {
                s if s.contains("check") => "check.json",
                s if s.contains("score") => "score.json",
                s if s.contains("shanten") => "shanten.json",
                _ => continue,
            };
            if value
                .get("interpretation")
                .is_some_and(|it| it["groups"][1].is_string())
            {
                continue; // an example shortened with "..."
            }
            assert_valid(schema, &value);
            checked += 1;
        } else if in_block {
            block.push_str(line);
            block.push('\n');
        }
    }
    assert!(checked >= 3, "only {checked} examples checked");
}
