//! `tenpai shanten` as a user runs it: the built binary, its output and its
//! exit codes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tenpai"));
    cmd.arg("shanten").args(args);
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("the binary runs");
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(text.as_bytes())
            .expect("write stdin");
    } else {
        drop(child.stdin.take());
    }
    child.wait_with_output().expect("the binary finishes")
}

fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

#[test]
fn readable_output_names_the_shanten_and_the_waits() {
    let out = run(&["123m456p789s1122z"], None);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("tenpai"), "{text}");
    // Glyphs by default: East 🀀 and South 🀁 are the waits.
    assert!(text.contains("🀀 1z") && text.contains("🀁 2z"), "{text}");
    let ascii = run(&["123m456p789s1122z", "--ascii"], None);
    let text = String::from_utf8_lossy(&ascii.stdout);
    assert!(!text.contains('🀀'), "{text}");
    assert!(text.contains("123m456p789s1122z"), "{text}");
    assert!(text.contains("waits    2 kinds, 4 tiles left"), "{text}");
    // One wait, three 2z left (the hand holds the fourth): singular kind.
    let one = run(&["123m456p789s1112z", "--ascii"], None);
    let text = String::from_utf8_lossy(&one.stdout);
    assert!(text.contains("waits    1 kind, 3 tiles left"), "{text}");
    // The last copy of a tanki wait, the others seen: one tile.
    let last = run(&["123m456p789s1112z visible=2z2z", "--ascii"], None);
    let text = String::from_utf8_lossy(&last.stdout);
    assert!(text.contains("waits    1 kind, 1 tile left"), "{text}");
}

#[test]
fn json_has_every_form_and_nulls_where_they_do_not_apply() {
    let out = run(&["--json", "1111345567789s", "23m456p234s66s (678p)"], None);
    assert_eq!(out.status.code(), Some(0));
    let v = json_lines(&out);
    assert_eq!(v.len(), 2);
    assert_eq!(v[0]["shanten"], 1);
    assert_eq!(v[0]["regular"], 1);
    assert_eq!(v[0]["chiitoitsu"], 3);
    assert_eq!(v[0]["kokushi"], 10);
    assert!(v[0]["waits"].is_null());
    assert!(v[0]["ukeire"]["total"].as_u64().unwrap() > 0);
    // An open hand: seven pairs and thirteen orphans do not apply.
    assert_eq!(v[1]["shanten"], 0);
    assert!(v[1]["chiitoitsu"].is_null() && v[1]["kokushi"].is_null());
    let waits = v[1]["waits"].as_array().expect("waits");
    assert_eq!(waits.len(), 2);
    assert_eq!(waits[0]["tile"], "1m");
    assert_eq!(waits[0]["ron"]["error"], "no-yaku");
    assert_eq!(waits[1]["tile"], "4m");
    assert_eq!(waits[1]["ron"]["han"], 1);
}

#[test]
fn discard_table_and_the_chosen_discard() {
    let out = run(&["--json", "123456789m1135p9s discard=3p"], None);
    assert_eq!(out.status.code(), Some(0));
    let v = &json_lines(&out)[0];
    let d = v["discards"].as_array().expect("a discard table");
    assert_eq!(d[0]["tile"], "9s");
    assert_eq!(d[0]["shanten"], 0);
    assert_eq!(d[0]["waits"][0]["tile"], "4p");
    assert_eq!(v["chosen"]["tile"], "3p");
    assert_eq!(v["chosen"]["best"], false);
    let summary = v["chosen"]["summary"].as_str().expect("summary");
    assert!(summary.ends_with("best 9s: tenpai, 4 tiles"), "{summary}");
    let text = run(&["123456789m1135p9s discard=3p", "--ukeire"], None);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("best 9s: tenpai, 4 tiles"), "{text}");
}

#[test]
fn visible_tiles_lower_the_practical_count() {
    let out = run(&["--json", "--visible", "1z,1z", "123m456p789s1122z"], None);
    let v = &json_lines(&out)[0];
    assert_eq!(v["waits"][0]["tile"], "1z");
    assert_eq!(v["waits"][0]["left"], 0);
    assert_eq!(v["waits"][1]["left"], 2);
}

#[test]
fn stdin_answers_one_object_per_line_in_order() {
    let input = "1112345678999m\n19m19p19s1234567z\n\n11m 222p\n1m2z3\n";
    let out = run(&["-", "--json"], Some(input));
    // The bad line makes the exit code 1; the others are still answered.
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&out);
    assert_eq!(v.len(), 4);
    assert_eq!(v[0]["waits"].as_array().map(Vec::len), Some(9));
    assert_eq!(v[1]["kokushi"], 0);
    assert_eq!(v[1]["waits"].as_array().map(Vec::len), Some(13));
    // A partial hand: 11m 222p is one meld and a pair, complete.
    assert_eq!(v[2]["shanten"], -1);
    assert_eq!(v[3]["error"]["code"], "missing-suit");
    // Placed on its line of the input (the fifth: the blank one counts).
    assert_eq!(v[3]["diagnostics"][0]["range"]["start"]["line"], 5);
}

/// A nagashi line may hold no tiles (it is scored without them), but
/// there is no hand to analyse: the same error as any line without tiles.
#[test]
fn a_line_without_tiles_is_an_error_even_with_nagashi() {
    for line in ["nagashi", "nagashi dora=1m", "riichi"] {
        let out = run(&["--json", line], None);
        assert_eq!(out.status.code(), Some(1), "{line}");
        assert_eq!(json_lines(&out)[0]["error"]["code"], "tile-count", "{line}");
    }
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(run(&[], None).status.code(), Some(2));
    assert_eq!(run(&["--visible", "9z", "1m"], None).status.code(), Some(2));
    assert_eq!(
        run(&["--rules", "kiriagee", "1m"], None).status.code(),
        Some(2)
    );
}

#[test]
fn standard_input_is_a_document_with_comments_and_rules_lines() {
    // Dealer ron on 5s (234m 567p 345s 567s 22s, two-sided): tanyao,
    // pinfu and two dora (indicator 1s, two 2s), 4 han 30 fu: 11,600; a
    // mangan, 12,000, once `rules: kiriage` rounds it up.
    let doc =
        "# a review\n\n234m567p22s34567s dora=1s\nrules: kiriage\n234m567p22s34567s dora=1s\n";
    let out = run(&["--json", "-"], Some(doc));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let v = json_lines(&out);
    assert_eq!(v.len(), 2, "comments and the rules line are not hands");
    let ron_on_5s = |v: &serde_json::Value| {
        v["waits"]
            .as_array()
            .and_then(|ws| ws.iter().find(|w| w["tile"] == "5s"))
            .map(|w| w["ron"]["total"].clone())
    };
    assert_eq!(ron_on_5s(&v[0]), Some(serde_json::json!(11600)));
    assert_eq!(ron_on_5s(&v[1]), Some(serde_json::json!(12000)));
}

#[test]
fn a_bad_rules_line_on_stdin_fails_the_run() {
    let out = run(
        &["--json", "-"],
        Some("rules: kiriage=maybe\n234m567p22s34567s\n"),
    );
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(json_lines(&out).len(), 1, "the hand is still analysed");
}

#[test]
fn words_without_tiles_continue_the_line_before() {
    // Unquoted, as `tenpai score` takes it: `riichi` is the first hand's
    // option (so a ron on 2z, a pair that is no yakuhai, has a yaku), not a
    // line of its own with no tiles; the next hand starts a line again.
    let out = run(
        &[
            "--json",
            "123m456p789s1122z",
            "riichi",
            "23m456p234s66s",
            "(678p)",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let v = json_lines(&out);
    assert_eq!(v.len(), 2, "{v:?}");
    assert_eq!(v[0]["text"], "123m456p789s1122z riichi");
    let ron_on_2z = v[0]["waits"]
        .as_array()
        .and_then(|ws| ws.iter().find(|w| w["tile"] == "2z"))
        .map(|w| w["ron"]["yaku"].clone());
    assert_eq!(ron_on_2z, Some(serde_json::json!([["riichi", 1]])));
    assert_eq!(v[1]["text"], "23m456p234s66s (678p)");
}

#[test]
fn a_word_without_effect_is_said_not_dropped() {
    // A 13-tile hand has drawn nothing, so `discard=` does nothing: the
    // hand is analysed, with the warning the editor shows for it.
    let line = "123m456p789s1122z discard=1m";
    let out = run(&["--ascii", line], None);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("warning[discard-on-waiting-hand]"), "{text}");
    let v = json_lines(&run(&["--json", line, "123m456p789s1122z"], None));
    assert_eq!(v[0]["diagnostics"][0]["code"], "discard-on-waiting-hand");
    assert_eq!(v[0]["shanten"], 0);
    assert!(v[1].get("diagnostics").is_none(), "{}", v[1]);
}

#[test]
fn a_fifth_copy_from_visible_is_warned_about_as_in_the_line() {
    // The hand holds one 1m: four more seen is one too many, whether
    // written as `visible=` or given with `--visible`.
    let hand = "123m456p789s1122z";
    let flag = json_lines(&run(&["--json", hand, "--visible", "1m1m1m1m"], None));
    let line = json_lines(&run(&["--json", &format!("{hand} visible=1m1m1m1m")], None));
    for v in [&flag[0], &line[0]] {
        assert_eq!(v["diagnostics"][0]["code"], "fifth-tile-indicator", "{v}");
    }
    let ok = json_lines(&run(&["--json", hand, "--visible", "1m1m1m"], None));
    assert!(ok[0].get("diagnostics").is_none(), "{}", ok[0]);
}

/// A blank line still heads its error with something to read.
#[test]
fn a_blank_line_is_named_in_its_error() {
    let out = run(&[""], None);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("(a blank line)\n  error[not-a-hand]"),
        "{err}"
    );
}
