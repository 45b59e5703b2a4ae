//! Every reference vector (`tests/vectors/scoring.jsonl`, `no-yaku.jsonl`,
//! Tenhou rules) through the project's parser and the engine: han, fu,
//! limit, yaku ids and han, every payment, errors.

use std::fmt::Write as _;

use serde_json::Value;
use tenpai::hand::{Hand, Meld, MeldKind, Riichi, Situation};
use tenpai::score::{self, Rules};
use tenpai::tile::{parse_tiles, Tile, Wind};

/// Test-only reader of the vector line format, until the notation parser
/// lands.
fn parse_line(line: &str) -> Result<(Hand, Situation), String> {
    let mut words = line.split_whitespace();
    let hand_text = words.next().ok_or("empty line")?;
    let mut hand = Hand::default();
    let mut rest = hand_text;
    let mut closed_text = String::new();
    while !rest.is_empty() {
        let c = rest.chars().next().unwrap();
        if c == '(' || c == '[' {
            let close = if c == '(' { ')' } else { ']' };
            let end = rest.find(close).ok_or("unclosed meld")?;
            let (tiles, red) = parse_tiles(&rest[1..end])?;
            hand.red_fives += red;
            let kind = match (c, tiles.len()) {
                ('[', 4) => MeldKind::ClosedKan,
                ('(', 4) => MeldKind::OpenKan,
                ('(', 3) if tiles[0] == tiles[1] => MeldKind::Pon,
                ('(', 3) => MeldKind::Chi,
                _ => return Err("bad meld".into()),
            };
            let mut tiles = tiles;
            tiles.sort();
            hand.melds.push(Meld { kind, tiles });
            rest = &rest[end + 1..];
        } else {
            let end = rest.find(['(', '[']).unwrap_or(rest.len());
            closed_text.push_str(&rest[..end]);
            rest = &rest[end..];
        }
    }
    let (mut closed, red) = parse_tiles(&closed_text)?;
    hand.red_fives += red;
    closed.sort();
    hand.closed = closed;
    let mut sit = Situation::default();
    let one = |v: &str| -> Result<Tile, String> {
        let (t, _) = parse_tiles(v)?;
        t.first().copied().ok_or_else(|| "no tile".to_string())
    };
    let many = |v: &str| -> Result<Vec<Tile>, String> { Ok(parse_tiles(v)?.0) };
    let wind = |v: &str| Wind::parse(v).ok_or_else(|| format!("bad wind {v}"));
    for w in words {
        let (k, v) = w.split_once('=').unwrap_or((w, ""));
        match k {
            "win" => hand.win = Some(one(v)?),
            "tsumo" => sit.tsumo = true,
            "ron" => sit.tsumo = false,
            "riichi" => sit.riichi = Riichi::Riichi,
            "double-riichi" => sit.riichi = Riichi::Double,
            "ippatsu" => sit.ippatsu = true,
            "haitei" | "houtei" => sit.last_tile = true,
            "rinshan" => sit.rinshan = true,
            "chankan" => sit.chankan = true,
            "tenhou" => sit.tenhou = true,
            "chiihou" => sit.chiihou = true,
            "seat" => sit.seat = wind(v)?,
            "round" => sit.round = wind(v)?,
            "dora" => sit.dora = many(v)?,
            "ura" => sit.ura = many(v)?,
            "honba" => sit.honba = v.parse().map_err(|_| "bad honba")?,
            "sticks" => sit.sticks = v.parse().map_err(|_| "bad sticks")?,
            _ => return Err(format!("unknown option {w}")),
        }
    }
    Ok((hand, sit))
}

fn check_file(name: &str, text: &str) -> (usize, String) {
    let rules = Rules::tenhou();
    let mut failures = 0;
    let mut report = String::new();
    for (n, raw) in text.lines().enumerate() {
        if raw.trim().is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(raw).expect("vector line is JSON");
        let id = v["id"].as_str().unwrap_or("?");
        let line = v["line"].as_str().unwrap_or("");
        let expect = &v["expect"];
        let got = match parse_line(line) {
            Ok((hand, sit)) => score::to_json(&score::score(&hand, &sit, &rules)),
            Err(e) => {
                failures += 1;
                let _ = writeln!(
                    report,
                    "{name}:{} {id}: `{line}` does not parse: {e}",
                    n + 1
                );
                continue;
            }
        };
        let mut diffs = Vec::new();
        let exp_err = expect["error"].as_str();
        let got_err = got["error"]["code"].as_str();
        if exp_err != got_err {
            diffs.push(format!(
                "error: expected {exp_err:?}, got {:?}",
                got["error"]
            ));
        }
        if exp_err.is_none() && got_err.is_none() {
            for k in ["han", "limit", "points"] {
                if expect[k] != got[k] {
                    diffs.push(format!("{k}: expected {}, got {}", expect[k], got[k]));
                }
            }
            if !expect["fu"].is_null() && expect["fu"] != got["fu"] {
                diffs.push(format!("fu: expected {}, got {}", expect["fu"], got["fu"]));
            }
            let got_yaku: Vec<Value> = got["yaku"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .map(|y| serde_json::json!([y["id"], y["han"]]))
                        .collect()
                })
                .unwrap_or_default();
            if expect["yaku"] != Value::Array(got_yaku.clone()) {
                diffs.push(format!(
                    "yaku: expected {}, got {}",
                    expect["yaku"],
                    Value::Array(got_yaku)
                ));
            }
        }
        if !diffs.is_empty() {
            failures += 1;
            let _ = writeln!(report, "{name}:{} {id}: `{line}`", n + 1);
            for d in diffs {
                let _ = writeln!(report, "    {d}");
            }
            if let Some(t) = got["interpretation"]["text"].as_str() {
                let _ = writeln!(report, "    chosen: {t} fu_details={}", got["fu_details"]);
            }
        }
    }
    (failures, report)
}

fn run(name: &str, text: &str, min_lines: usize) {
    let lines = text.lines().filter(|l| !l.trim().is_empty()).count();
    assert!(lines >= min_lines, "{name}: only {lines} vectors");
    let (failures, report) = check_file(name, text);
    assert!(
        failures == 0,
        "{failures} of {lines} vectors disagree:\n{report}"
    );
}

#[test]
fn scoring_vectors() {
    run(
        "scoring.jsonl",
        include_str!("../../tests/vectors/scoring.jsonl"),
        5000,
    );
}

#[test]
fn no_yaku_vectors() {
    run(
        "no-yaku.jsonl",
        include_str!("../../tests/vectors/no-yaku.jsonl"),
        200,
    );
}
