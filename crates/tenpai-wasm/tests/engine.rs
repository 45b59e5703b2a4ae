//! One line for the calculator: its tiles and situation read back, and
//! its value or shanten, as the page receives them (JSON).

use serde_json::Value;
use tenpai_core::score::Rules;
use tenpai_wasm::engine::{analyze_line, yaku_names};

fn report(line: &str) -> Value {
    serde_json::to_value(analyze_line(line, &Rules::tenhou())).unwrap_or(Value::Null)
}

#[test]
fn a_win_is_priced_with_english_and_japanese_yaku_names() {
    let r = report("234m567p22s345678s riichi tsumo dora=1s");
    assert_eq!(r["outcome"], "score");
    let score = &r["score"];
    assert_eq!(score["limit"], "haneman");
    assert_eq!(score["points"]["total"], 18000);
    let yaku = score["yaku"].as_array().cloned().unwrap_or_default();
    let riichi = yaku
        .iter()
        .find(|y| y["id"] == "riichi")
        .expect("riichi is a yaku here");
    assert_eq!(riichi["name"], "Riichi");
    assert_eq!(riichi["name_ja"], "立直");
    assert!(score["fu_details"]
        .as_array()
        .is_some_and(|f| !f.is_empty()));
}

#[test]
fn the_situation_is_read_back_for_the_controls() {
    let r = report("123m406p789s11222z (rrr) seat=w round=s dora=1m ura=2p honba=2 sticks=1 tsumo");
    let sit = &r["situation"];
    assert_eq!(sit["seat"], "w");
    assert_eq!(sit["round"], "s");
    assert_eq!(sit["tsumo"], true);
    assert_eq!(sit["riichi"], "none");
    assert_eq!(sit["dora"], serde_json::json!(["1m"]));
    assert_eq!(sit["ura"], serde_json::json!(["2p"]));
    assert_eq!(sit["honba"], 2);
    assert_eq!(sit["sticks"], 1);
    let hand = &r["hand"];
    let closed: Vec<&str> = hand["closed"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    assert!(closed.contains(&"0p"), "the red five is kept: {closed:?}");
    assert!(!closed.contains(&"5p"));
    assert_eq!(hand["melds"][0]["kind"], "pon");
    assert_eq!(
        hand["melds"][0]["tiles"],
        serde_json::json!(["7z", "7z", "7z"])
    );
}

#[test]
fn a_waiting_hand_has_waits_with_tiles_left() {
    let r = report("23m456p789s11222z");
    assert_eq!(r["outcome"], "shanten");
    let waits = r["shanten"]["waits"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let tiles: Vec<&str> = waits.iter().filter_map(|w| w["tile"].as_str()).collect();
    assert_eq!(tiles, ["1m", "4m"]);
    assert!(waits
        .iter()
        .all(|w| w["left"].as_u64().is_some_and(|n| n > 0)));
}

#[test]
fn fourteen_tiles_short_of_a_win_get_a_discard_table() {
    let r = report("13m456p789s11222z4p");
    assert_eq!(r["outcome"], "shanten");
    let discards = r["shanten"]["discards"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(!discards.is_empty());
    assert_eq!(discards[0]["shanten"], 0);
}

#[test]
fn errors_come_back_as_diagnostics_without_a_value() {
    let r = report("123 456p789s11222z");
    assert_eq!(r["outcome"], "none");
    assert_eq!(r["diagnostics"][0]["code"], "missing-suit");
    assert!(r["score"].is_null() && r["shanten"].is_null());
    assert!(
        r["formatted"].is_null(),
        "a line with errors is not formatted"
    );
}

#[test]
fn a_hand_without_yaku_is_unscored() {
    // Open, with terminals and no value tiles: complete, but no yaku.
    let r = report("456p789s11m234s (123m)");
    assert_eq!(r["outcome"], "unscored");
    assert_eq!(r["score"]["error"]["code"], "no-yaku");
}

#[test]
fn every_yaku_has_both_names() {
    let names = yaku_names();
    assert!(names.len() >= 40);
    assert!(names.iter().all(|n| !n.en.is_empty() && !n.ja.is_empty()));
    let pinfu = names.iter().find(|n| n.id == "pinfu").expect("pinfu");
    assert_eq!((pinfu.en, pinfu.ja), ("Pinfu", "平和"));
}

#[test]
fn the_tile_sprite_has_every_face_and_both_themes() {
    let (sprite, css) = tenpai_wasm::engine::tile_sprite();
    for code in ["1m", "9p", "0s", "7z", "back"] {
        assert!(sprite.contains(&format!("id=\"mj-{code}\"")), "{code}");
    }
    assert!(css.contains("data-theme=dark"));
    assert!(css.contains("prefers-color-scheme: dark"));
}
