//! The documents of the parse bench (`benches/parse.rs`), shared with
//! `examples/parse_count.rs`, which parses them for an instruction count:
//! a 10,000-line `.mj` document and a JSON one of about the same size.

pub const MJ_LINES: &[&str] = &[
    "234m 567p 22s 345678s riichi tsumo dora=1s => 2000/3900 # after riichi",
    "123m406p789s11z22z win=2z seat=s round=e",
    "(123m) (rrr) [1111p] 55s 789see ron => 3 han 40 fu",
    "🀇🀈🀉🀙🀚🀛🀐🀑🀒🀀🀀🀀🀄 => tenpai waits 🀄",
    "123m 456p 789s 1122z => 1-shanten",
    "# a comment between hands",
    "rules: tenhou kiriage=off",
    "",
];

/// Facts of the same kinds as `MJ_LINES`, as JSON records one a line: about
/// as many bytes a line (the document is within a few percent of the mj
/// one's size; the bench prints both).
pub const JSON_LINES: &[&str] = &[
    r#"{"hand": ["234m", "567p"], "dora": 1, "pay": [2000, 3900]},"#,
    r#"{"hand": ["123m", "406p"], "win": "2z", "seat": "s"},"#,
    r#"{"melds": ["123m", "rrr"], "han": 3, "fu": 40},"#,
    r#"{"glyphs": "🀇🀈🀉🀙🀚🀛🀐🀑🀒🀀🀀🀀🀄"},"#,
    r#"{"hand": ["123m", "456p"], "shanten": 1},"#,
    r#"{"comment": "between hands"},"#,
    r#"{"rules": ["tenhou"]},"#,
    r#"{},"#,
];

pub const LINES: usize = 10_000;
/// The line the edit types on: the middle of the document.
pub const EDITED_LINE: usize = 5_000;

pub fn mj_document() -> String {
    let mut text = String::new();
    for index in 0..LINES {
        text.push_str(MJ_LINES[index % MJ_LINES.len()]);
        text.push('\n');
    }
    text
}

/// A JSON array with one record a line (the last without its comma).
pub fn json_document() -> String {
    let mut text = String::from("[\n");
    for index in 1..LINES - 1 {
        text.push_str(JSON_LINES[index % JSON_LINES.len()]);
        text.push('\n');
    }
    text.push_str("{}\n]\n");
    text
}
