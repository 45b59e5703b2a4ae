//! Every feature over the protocol, in process, snapshot tested.

use serde_json::{json, Value};
use tenpai::lsp::test_client::TestClient;

use crate::common::lsp::code_actions;

const MJ: &str = "file:///review.mj";
const MD: &str = "file:///article.md";

/// A `.mj` review: a clean winning hand, a typo'd option, a fifth 1m.
const REVIEW: &str = "\
# East 1, dealer
234m567p22s345678s riichi tsumo dora=1s
123m456p789s1122z riichii
11111m456p789s22z
";

const ARTICLE: &str = "\
# Reading waits

The hand `234m567p22s34678s` waits on two tiles.

```mj
123m456p789s1122z win=2z
```
";

async fn client(options: Value) -> TestClient {
    let (mut c, _) = TestClient::in_process();
    c.initialize(
        json!({"general": {"positionEncodings": ["utf-16"]}}),
        options,
    )
    .await;
    c
}

fn at(uri: &str, line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
}

#[tokio::test]
async fn diagnostics_of_a_review() {
    let mut c = client(Value::Null).await;
    c.open(MJ, "mj", 1, REVIEW).await;
    let d = c.diagnostics(MJ, 1).await;
    insta::assert_json_snapshot!(d);
}

#[tokio::test]
async fn diagnostics_in_markdown() {
    let mut c = client(Value::Null).await;
    c.open(MD, "markdown", 1, ARTICLE).await;
    let d = c.diagnostics(MD, 1).await;
    insta::assert_json_snapshot!(d);
}

#[tokio::test]
async fn hover_on_a_tile_names_it() {
    let mut c = client(Value::Null).await;
    c.open(MJ, "mj", 1, "2340m567p22s345678s riichi tsumo dora=4m\n")
        .await;
    // The red five `0` at column 3.
    let red = c.call("textDocument/hover", at(MJ, 0, 3)).await;
    insta::assert_json_snapshot!("hover_red_five", red);
    // The dora indicator 4m, inside `dora=4m`.
    let ind = c.call("textDocument/hover", at(MJ, 0, 38)).await;
    insta::assert_json_snapshot!("hover_dora_indicator", ind);
}

#[tokio::test]
async fn hover_away_from_hands_is_empty() {
    let mut c = client(Value::Null).await;
    c.open(MD, "markdown", 1, ARTICLE).await;
    let prose = c.call("textDocument/hover", at(MD, 0, 3)).await;
    assert_eq!(prose, Value::Null);
    let past_end = c.call("textDocument/hover", at(MD, 99, 0)).await;
    assert_eq!(past_end, Value::Null);
}

#[tokio::test]
async fn semantic_tokens_classify_tiles_options_and_comments() {
    const KANS: &str = "file:///tmp/kans.mj";
    let mut c = client(Value::Null).await;
    c.open(MJ, "mj", 1, "(123m) 0p e riichi dora=1s # note\n")
        .await;
    let t = c
        .call(
            "textDocument/semanticTokens/full",
            json!({"textDocument": {"uri": MJ}}),
        )
        .await;
    insta::assert_json_snapshot!(decode(&t["data"]));
    // A closed kan is declared, not called.
    c.open(KANS, "mj", 1, "[1111z] (2222z)\n").await;
    let t = c
        .call(
            "textDocument/semanticTokens/full",
            json!({"textDocument": {"uri": KANS}}),
        )
        .await;
    let mods: Vec<(u64, String)> = decode(&t["data"])
        .iter()
        .filter(|v| v[3] == "honorTile")
        .map(|v| (v[1].as_u64().unwrap(), v[4].as_str().unwrap().to_string()))
        .collect();
    assert_eq!(
        mods.len(),
        10,
        "four tiles and a suit letter each: {mods:?}"
    );
    assert!(
        mods.iter().all(|(col, m)| (*col < 7) == m.is_empty()),
        "{mods:?}"
    );
}

/// Semantic tokens as `[line, column, length, type, modifiers]`, absolute.
fn decode(data: &Value) -> Vec<Value> {
    let legend = tenpai::document::present::semantic::TokenType::ALL;
    let nums: Vec<u64> = data
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let (mut line, mut col) = (0, 0);
    nums.chunks(5)
        .map(|c| {
            if c[0] > 0 {
                col = 0;
            }
            line += c[0];
            col += c[1];
            let mods: Vec<&str> = tenpai::document::present::semantic::MODIFIERS
                .iter()
                .enumerate()
                .filter(|(i, _)| c[4] & (1 << i) != 0)
                .map(|(_, m)| *m)
                .collect();
            json!([
                line,
                col,
                c[2],
                legend[c[3] as usize].name(),
                mods.join(",")
            ])
        })
        .collect()
}

#[tokio::test]
async fn document_symbols_one_per_hand() {
    let mut c = client(Value::Null).await;
    c.open(MD, "markdown", 1, ARTICLE).await;
    let s = c
        .call(
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": MD}}),
        )
        .await;
    insta::assert_json_snapshot!(s);
}

#[tokio::test]
async fn completion_offers_options_then_values() {
    let mut c = client(Value::Null).await;
    let line = "234m567p22s345678s ";
    c.open(MJ, "mj", 1, &format!("{line}\n")).await;
    let items = c
        .call("textDocument/completion", at(MJ, 0, line.len() as u32))
        .await;
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert!(
        labels.contains(&"riichi") && labels.contains(&"seat="),
        "{labels:?}"
    );
    // Values of `seat=`: the four winds.
    c.change(MJ, 2, [0, 19, 0, 19], "seat=").await;
    let items = c.call("textDocument/completion", at(MJ, 0, 24)).await;
    insta::assert_json_snapshot!("completion_seat", items);
    // Inside the tiles: nothing to offer.
    let none = c.call("textDocument/completion", at(MJ, 0, 2)).await;
    assert_eq!(none, Value::Null);
}

#[tokio::test]
async fn code_actions_carry_the_diagnostics_fixes() {
    let mut c = client(Value::Null).await;
    c.open(MJ, "mj", 1, REVIEW).await;
    c.diagnostics(MJ, 1).await;
    let actions = code_actions(
        &mut c,
        MJ,
        json!({"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 0}}),
    )
    .await;
    insta::assert_json_snapshot!(actions);
}

#[tokio::test]
async fn formatting_rewrites_hand_lines_only() {
    let mut c = client(Value::Null).await;
    let doc =
        "# keep   this\n  567p 234m 22s345678s   tsumo riichi\n11123m456p789s 2z 2z riichii\n";
    c.open(MJ, "mj", 1, doc).await;
    let whole = c
        .call(
            "textDocument/formatting",
            json!({"textDocument": {"uri": MJ}, "options": {"tabSize": 4, "insertSpaces": true}}),
        )
        .await;
    insta::assert_json_snapshot!("formatting_document", whole);
    let none = c
        .call(
            "textDocument/rangeFormatting",
            json!({"textDocument": {"uri": MJ},
                   "range": {"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 3}},
                   "options": {"tabSize": 4, "insertSpaces": true}}),
        )
        .await;
    assert_eq!(none, json!([]), "a line with an error is left as written");
}

#[tokio::test]
async fn code_actions_normalise_and_switch_honors() {
    let mut c = client(Value::Null).await;
    // Letters that normalise to digits; digits that can become letters.
    c.open(MJ, "mj", 1, "e e e 123m456p789s 55z\n123m456p789s11155z\n")
        .await;
    let actions = code_actions(
        &mut c,
        MJ,
        json!({"start": {"line": 0, "character": 1}, "end": {"line": 1, "character": 1}}),
    )
    .await;
    let titles: Vec<(&str, &str)> = actions
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["title"].as_str().unwrap(),
                a["edit"]["changes"][MJ][0]["newText"].as_str().unwrap(),
            )
        })
        .collect();
    insta::assert_json_snapshot!(titles);

    // In Markdown, an inline span of honors only is offered no letters: it
    // would no longer start with a tile group, so no longer be a hand.
    let md = "Tsuuiisou: `111z 222z 333z 444z 55z tsumo`.\n";
    c.open(MD, "markdown", 1, md).await;
    let actions = code_actions(
        &mut c,
        MD,
        json!({"start": {"line": 0, "character": 14}, "end": {"line": 0, "character": 14}}),
    )
    .await;
    let titles: Vec<&str> = actions
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    assert!(titles.contains(&"Normalise the hand"), "{titles:?}");
    assert!(!titles.iter().any(|t| t.contains("letters")), "{titles:?}");
}

/// Hands worked by hand:
/// 0: dealer tsumo, riichi + tsumo + pinfu + tanyao + 2 dora (indicator 1s,
///    two 2s) = 6 han, haneman, 6000 all.
/// 1: non-dealer ron, riichi + pinfu + tanyao + dora 2m = 4 han 30 fu, 7700.
/// 2: 34678s with the 22s pair waits on 2s (2 left) and 5s (4 left).
/// 3: three sets and four lone honors: 2-shanten; each honor paired, 12.
/// 4: 14 tiles; cutting 7z breaks the pair: 2-shanten, 11 tiles (3 each
///    of 1z 3z 5z, and 2 of 7z: the cut one is in sight), where cutting a
///    lone honor keeps 1-shanten with 8 tiles (3+3 honors, 2 of 7z).
/// 5: open (chi 123m), no tanyao, no yakuhai: 2s/5s complete it without a
///    yaku, by ron or tsumo.
const VALUES: &str = "\
234m567p22s345678s riichi tsumo dora=1s
234m567p22s345678s riichi dora=1m seat=s
234m567p22s34678s
123m456p789s1357z
123m456p789s13577z discard=7z
(123m) 456p789s11z34s
";

async fn hints(c: &mut TestClient) -> Value {
    c.call(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": MJ},
               "range": {"start": {"line": 0, "character": 0}, "end": {"line": 6, "character": 0}}}),
    )
    .await
}

fn labels(hints: &Value) -> Vec<(u64, u64, String)> {
    hints
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                h["position"]["line"].as_u64().unwrap(),
                h["position"]["character"].as_u64().unwrap(),
                h["label"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[tokio::test]
async fn inlay_hints_show_values_states_and_discards() {
    let mut c = client(Value::Null).await;
    c.open(MJ, "mj", 1, VALUES).await;
    let got = labels(&hints(&mut c).await);
    let expect = |l: u64, ch: u64, s: &str| (l, ch, s.to_string());
    assert_eq!(
        got,
        vec![
            expect(0, 39, "⇒ 6 han · Haneman · 6000 all"),
            expect(1, 40, "⇒ 4 han 30 fu · 7700"),
            expect(2, 17, "tenpai · 2-5s (6)"),
            expect(3, 17, "2-shanten · 12 tiles"),
            expect(4, 29, "1-shanten · discard 1z · 8 tiles"),
            expect(4, 29, "2-shanten, 11 tiles — best 1z: 1-shanten, 8 tiles"),
            expect(5, 21, "tenpai · 2-5s (8) · no yaku"),
        ]
    );
}

#[tokio::test]
async fn inlay_hint_kinds_can_be_turned_off() {
    let mut c = client(json!({"inlayHints": {"value": false, "discard": false}})).await;
    c.open(MJ, "mj", 1, VALUES).await;
    let got = labels(&hints(&mut c).await);
    assert_eq!(got.len(), 4, "{got:?}");
    assert!(got
        .iter()
        .all(|(_, _, l)| !l.starts_with('⇒') && !l.contains("best")));
}

#[tokio::test]
async fn hover_explains_each_kind_of_hand() {
    let mut c = client(json!({"glyphs": false})).await;
    c.open(MJ, "mj", 1, VALUES).await;
    for line in 0..6 {
        // The suit letter `m` of the first group: on the line, not a tile.
        let col = if line == 5 { 4 } else { 3 };
        let h = c.call("textDocument/hover", at(MJ, line, col)).await;
        let md = h["contents"]["value"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        insta::assert_snapshot!(format!("hover_line_{line}"), md);
    }
}

#[tokio::test]
async fn completion_of_win_puts_the_waits_first() {
    let mut c = client(Value::Null).await;
    let line = "234m567p22s34678s win=";
    c.open(MJ, "mj", 1, &format!("{line}\n")).await;
    let items = c
        .call("textDocument/completion", at(MJ, 0, line.len() as u32))
        .await;
    let mut items = items.as_array().unwrap().clone();
    items.sort_by_key(|i| i["sortText"].as_str().unwrap().to_string());
    let first: Vec<(&str, &str)> = items[..3]
        .iter()
        .map(|i| (i["label"].as_str().unwrap(), i["detail"].as_str().unwrap()))
        .collect();
    assert_eq!(first[0].0, "2s");
    assert_eq!(first[1].0, "5s");
    assert!(first[0].1.contains("wait, 2 left"), "{first:?}");
    assert!(first[1].1.contains("wait, 4 left"), "{first:?}");
    assert_eq!(items.len(), 34, "every tile is offered");
}

#[tokio::test]
async fn settings_are_pulled_from_workspace_configuration() {
    let (mut c, _) = TestClient::in_process();
    c.config = json!({"rules": "kiriage"});
    c.initialize(
        json!({"workspace": {"configuration": true, "inlayHint": {"refreshSupport": true}}}),
        Value::Null,
    )
    .await;
    c.server_request("workspace/inlayHint/refresh").await;
    c.open(MJ, "mj", 1, VALUES).await;
    let got = labels(&hints(&mut c).await);
    // 4 han 30 fu rounds up to mangan under kiriage: 8000.
    assert_eq!(got[1].2, "⇒ 4 han · Mangan · 8000");

    c.config = json!({"rules": "tenhou"});
    c.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": null}),
    )
    .await;
    c.server_request("workspace/inlayHint/refresh").await;
    let got = labels(&hints(&mut c).await);
    assert_eq!(got[1].2, "⇒ 4 han 30 fu · 7700");
}

#[tokio::test]
async fn glyphs_can_be_turned_off_in_hovers() {
    let mut c = client(json!({"tenpai": {"hover": {"glyphs": true}}})).await;
    c.open(MJ, "mj", 1, VALUES).await;
    let h = c.call("textDocument/hover", at(MJ, 2, 3)).await;
    let md = h["contents"]["value"].as_str().unwrap();
    assert!(md.starts_with("🀈🀉🀊"), "{md}");
    // Off: no glyph anywhere, the hover of one tile included.
    let mut c = client(json!({"glyphs": false})).await;
    c.open(MJ, "mj", 1, VALUES).await;
    let is_glyph = |ch: char| ('\u{1F000}'..='\u{1F02B}').contains(&ch);
    for col in [0, 3] {
        let h = c.call("textDocument/hover", at(MJ, 2, col)).await;
        let md = h["contents"]["value"].as_str().unwrap();
        assert!(!md.is_empty());
        assert!(!md.chars().any(is_glyph), "{md}");
    }
}

#[tokio::test]
async fn claims_are_checked_fixed_and_added() {
    let mut c = client(Value::Null).await;
    // 4 han 30 fu non-dealer ron is 7700 (see VALUES): 8000 is wrong.
    let doc = "234m567p22s345678s riichi dora=1m seat=s => 8000\n234m567p22s345678s riichi dora=1m seat=s\n";
    c.open(MJ, "mj", 1, doc).await;
    let d = c.diagnostics(MJ, 1).await;
    assert_eq!(d[0]["code"], "wrong-claim", "{d}");
    let actions = code_actions(
        &mut c,
        MJ,
        json!({"start": {"line": 0, "character": 0}, "end": {"line": 1, "character": 0}}),
    )
    .await;
    let titles: Vec<(&str, &str, &str)> = actions
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["kind"].as_str().unwrap(),
                a["title"].as_str().unwrap(),
                a["edit"]["changes"][MJ][0]["newText"].as_str().unwrap(),
            )
        })
        .collect();
    insta::assert_json_snapshot!(titles);
    // The wrong claim's fix is safe (a computed value), so it is preferred.
    let fix = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["kind"] == "quickfix" && a["diagnostics"].is_array())
        .expect("the claim's fix");
    assert_eq!(fix["isPreferred"], true, "{fix}");
}

#[tokio::test]
async fn a_contradicting_option_can_be_removed() {
    let mut c = client(Value::Null).await;
    // Riichi on an open hand (a chi of 234m).
    c.open(MJ, "mj", 1, "(234m) 567p22s345678s riichi\n").await;
    let d = c.diagnostics(MJ, 1).await;
    let d = d.as_array().unwrap();
    assert!(!d.is_empty());
    let actions = code_actions(
        &mut c,
        MJ,
        json!({"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}),
    )
    .await;
    let fixes: Vec<(&str, &str)> = actions
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["kind"] == "quickfix")
        .map(|a| {
            (
                a["diagnostics"][0]["code"].as_str().unwrap(),
                a["title"].as_str().unwrap(),
            )
        })
        .collect();
    insta::assert_json_snapshot!((d, fixes));
}

#[tokio::test]
async fn fix_all_applies_every_safe_fix_and_only_when_asked() {
    let mut c = client(Value::Null).await;
    // A wrong claim (non-dealer ron, pinfu tanyao: 2000), an option glued to
    // its tiles, and a typo whose fix is only a guess.
    let doc = "234m567p22s345678s ron seat=s => 7700\n234m567p22s345678sriichi tsumo\n123m456p789s1122z riichii\n";
    c.open(MJ, "mj", 1, doc).await;
    c.diagnostics(MJ, 1).await;
    let ask = |only: Value| {
        json!({
            "textDocument": {"uri": MJ},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
            "context": {"diagnostics": [], "only": only}
        })
    };
    let actions = c
        .call("textDocument/codeAction", ask(json!(["source.fixAll"])))
        .await;
    let actions = actions.as_array().unwrap();
    assert_eq!(actions.len(), 1, "{actions:?}");
    assert_eq!(actions[0]["kind"], "source.fixAll");
    assert_eq!(
        apply(doc, &actions[0]["edit"]["changes"][MJ]),
        "234m567p22s345678s ron seat=s => 2000\n234m567p22s345678s riichi tsumo\n123m456p789s1122z riichii\n"
    );
    // Quick fixes only: no fix-all among them.
    let quick = c
        .call("textDocument/codeAction", ask(json!(["quickfix"])))
        .await;
    assert!(quick
        .as_array()
        .unwrap()
        .iter()
        .all(|a| a["kind"] == "quickfix"));
}

/// `text` with LSP text edits applied (positions in UTF-16 units).
fn apply(text: &str, edits: &Value) -> String {
    let offset = |p: &Value| -> usize {
        let (line, ch) = (
            p["line"].as_u64().unwrap() as usize,
            p["character"].as_u64().unwrap() as usize,
        );
        let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
        let mut units = 0;
        for (i, c) in text[start..].char_indices() {
            if units >= ch || c == '\n' {
                return start + i;
            }
            units += c.len_utf16();
        }
        text.len()
    };
    let mut edits: Vec<(usize, usize, String)> = edits
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                offset(&e["range"]["start"]),
                offset(&e["range"]["end"]),
                e["newText"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    edits.sort();
    let mut out = text.to_string();
    for (s, e, t) in edits.into_iter().rev() {
        out.replace_range(s..e, &t);
    }
    out
}

#[tokio::test]
async fn fix_all_repeats_as_check_fix_does() {
    let mut c = client(Value::Null).await;
    // Removing the doubled riichi brings the claim's check to light: a second
    // pass corrects it, as `tenpai check --fix` does.
    let doc = "🀇🀈🀉 456p 789s 11222z riichi=yes riichi riichi => 3 han 40 fu\n";
    c.open(MJ, "mj", 1, doc).await;
    c.diagnostics(MJ, 1).await;
    let actions = c
        .call(
            "textDocument/codeAction",
            json!({
                "textDocument": {"uri": MJ},
                "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                "context": {"diagnostics": [], "only": ["source.fixAll"]}
            }),
        )
        .await;
    let (cli, _) = tenpai::document::fix::fix_document(
        doc,
        tenpai::document::DocKind::Mj,
        &tenpai::score::Rules::tenhou(),
        &mut tenpai::document::Analyzer::new(),
        tenpai::document::fix::FixLevel::Safe,
    );
    assert_eq!(apply(doc, &actions[0]["edit"]["changes"][MJ]), cli);
    assert!(cli.ends_with("riichi => 1 han 40 fu\n"), "{cli}");
}

#[tokio::test]
async fn hover_on_a_rules_line_shows_the_rules_in_force() {
    let mut c = client(Value::Null).await;
    c.open(
        MJ,
        "mj",
        1,
        "rules: mahjong-soul kuitan=off\n234m567p22s345678s ron\n",
    )
    .await;
    let h = c.call("textDocument/hover", at(MJ, 0, 10)).await;
    let md = h["contents"]["value"].as_str().unwrap();
    assert!(md.starts_with("**Rules from this line on**"), "{md}");
    assert!(
        md.contains("| `double-yakuman` | **on** (Tenhou: off) |"),
        "{md}"
    );
    assert!(
        md.contains("| `open-tanyao` | **off** (Tenhou: on) |"),
        "{md}"
    );
    assert!(md.contains("| `kiriage` | off |"), "{md}");
    assert_eq!(h["range"]["start"]["character"], 0);
    assert_eq!(h["range"]["end"]["character"], 30);
}

#[tokio::test]
async fn completion_in_a_rules_line_offers_switches_and_values() {
    let mut c = client(Value::Null).await;
    c.open(MJ, "mj", 1, "rules: kazoe=\n234m567p22s345678s ron\n")
        .await;
    let items = c.call("textDocument/completion", at(MJ, 0, 13)).await;
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["yakuman", "sanbaiman", "unlimited"]);
    let items = c.call("textDocument/completion", at(MJ, 0, 7)).await;
    assert!(items
        .as_array()
        .unwrap()
        .iter()
        .any(|i| i["label"] == "kiriage" && i["detail"].as_str().unwrap().contains("mangan")));
}

#[tokio::test]
async fn a_project_tenpai_toml_sets_the_rules_of_its_documents() {
    let root = std::env::temp_dir().join(format!("tenpai-config-lsp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("posts")).unwrap();
    std::fs::write(root.join("tenpai.toml"), "rules = \"kiriage\"\n").unwrap();
    let inside = format!("file://{}/posts/review.mj", root.display());
    let outside = "file:///nowhere-near-a-config/review.mj";
    // 4 han 30 fu, non-dealer ron: 7700, or a mangan with kiriage.
    let doc = "234m567p22s345678s riichi dora=1m seat=s => 8000\n";
    let mut c = client(Value::Null).await;
    c.open(&inside, "mj", 1, doc).await;
    assert_eq!(c.diagnostics(&inside, 1).await, json!([]));
    c.open(outside, "mj", 1, doc).await;
    let d = c.diagnostics(outside, 1).await;
    assert_eq!(d[0]["code"], "wrong-claim", "{d}");
    let _ = std::fs::remove_dir_all(&root);
}

#[tokio::test]
async fn document_rules_name_the_rule_set_and_its_tenpai_toml() {
    let root = std::env::temp_dir().join(format!("tenpai-doc-rules-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("posts")).unwrap();
    std::fs::write(
        root.join("tenpai.toml"),
        "rules = \"mahjong-soul kiriage\"\n",
    )
    .unwrap();
    let inside = format!("file://{}/posts/review.mj", root.display());
    let outside = "file:///nowhere-near-a-config/review.mj";
    let mut c = client(json!({"rules": {"preset": "tenhou", "honba": 1500}})).await;
    c.open(&inside, "mj", 1, "123m\n").await;
    c.open(outside, "mj", 1, "123m\n").await;
    let got = c
        .request("tenpai/documentRules", json!({"uri": inside}))
        .await;
    assert_eq!(
        got["result"],
        json!({"schema_version": 1, "rules": "mahjong-soul kiriage", "config": root.join("tenpai.toml").display().to_string()}),
        "{got}"
    );
    // Outside the project: the editor's settings.
    let got = c
        .request("tenpai/documentRules", json!({"uri": outside}))
        .await;
    assert_eq!(
        got["result"],
        json!({"schema_version": 1, "rules": "tenhou honba=1500", "config": null}),
        "{got}"
    );
    // A document that is not open has none.
    let got = c
        .request("tenpai/documentRules", json!({"uri": "file:///closed.mj"}))
        .await;
    assert_eq!(got["result"], Value::Null, "{got}");
    let _ = std::fs::remove_dir_all(&root);
}

#[tokio::test]
async fn an_edited_tenpai_toml_is_read_again() {
    let root = std::env::temp_dir().join(format!("tenpai-config-watch-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    let uri = format!("file://{}/review.mj", root.display());
    let (mut c, _) = TestClient::in_process();
    c.initialize(
        json!({"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}}),
        Value::Null,
    )
    .await;
    c.server_request("client/registerCapability").await;
    // 4 han 30 fu, non-dealer ron: 7700, or a mangan with kiriage.
    c.open(
        &uri,
        "mj",
        1,
        "234m567p22s345678s riichi dora=1m seat=s => 8000\n",
    )
    .await;
    assert_eq!(c.diagnostics(&uri, 1).await[0]["code"], "wrong-claim");
    std::fs::write(root.join("tenpai.toml"), "rules = \"kiriage\"\n").unwrap();
    let changed =
        json!({"changes": [{"uri": format!("file://{}/tenpai.toml", root.display()), "type": 1}]});
    c.notify("workspace/didChangeWatchedFiles", changed.clone())
        .await;
    assert_eq!(c.diagnostics(&uri, 1).await, json!([]));
    std::fs::remove_file(root.join("tenpai.toml")).unwrap();
    c.notify("workspace/didChangeWatchedFiles", changed).await;
    assert_eq!(c.diagnostics(&uri, 1).await[0]["code"], "wrong-claim");
    let _ = std::fs::remove_dir_all(&root);
}

#[tokio::test]
async fn a_nagashi_line_is_valued_as_a_mangan_paid_as_a_tsumo() {
    let mut c = client(json!({"glyphs": false})).await;
    // Non-dealer: 2000/4000; honba stay on the table (a draw).
    c.open(MJ, "mj", 1, "nagashi seat=s honba=1 => 2000/4000\n")
        .await;
    let d = c.diagnostics(MJ, 1).await;
    assert_eq!(d, json!([]));
    let got = labels(&hints(&mut c).await);
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].2.contains("Mangan"), "{got:?}");
    assert!(!got[0].2.contains("shanten"), "{got:?}");
    let h = c.call("textDocument/hover", at(MJ, 0, 2)).await;
    let md = h["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        md.contains("Nagashi mangan: paid as a tsumo, non-dealer: **2000/4000**"),
        "{md}"
    );
    assert!(!md.contains("Ron"), "{md}");
    assert!(!md.contains("shanten"), "{md}");
}

#[tokio::test]
async fn a_hand_without_yaku_shows_what_would_win() {
    let mut c = client(json!({"glyphs": false})).await;
    // East (the dealer by default) ron: no yaku. By tsumo: menzen tsumo,
    // 20 + 2 (tsumo) + 8 (closed South triplet) + 4 (double East pair) =
    // 34 -> 40 fu, 700 all. As South, the South triplet is a yakuhai.
    c.open(MJ, "mj", 1, "123m456p789s11222z\n").await;
    let h = c.call("textDocument/hover", at(MJ, 0, 3)).await;
    let md = h["contents"]["value"].as_str().unwrap_or_default();
    assert!(md.contains("**No yaku**"), "{md}");
    assert_eq!(
        md.matches("no yaku").count(),
        1,
        "only dealer ron has none: {md}"
    );
    assert!(md.contains("1 han 40 fu · 700 all"), "{md}");
}

#[tokio::test]
async fn hovers_on_an_option_and_on_a_claim_say_what_they_mean() {
    let mut c = client(json!({"glyphs": false})).await;
    // 4 han 30 fu non-dealer ron: 7700 (see VALUES); 8000 is wrong.
    let line = "234m567p22s345678s riichi dora=1m seat=s => 3 han 8000";
    c.open(MJ, "mj", 1, &format!("{line}\n")).await;
    let h = c.call("textDocument/hover", at(MJ, 0, 21)).await;
    let md = h["contents"]["value"].as_str().unwrap_or_default();
    assert!(md.starts_with("`riichi`: riichi declared"), "{md}");
    assert!(md.contains("7700"), "the hand follows: {md}");
    let col = line.find("8000").unwrap() as u32;
    let h = c.call("textDocument/hover", at(MJ, 0, col)).await;
    let md = h["contents"]["value"].as_str().unwrap_or_default();
    assert!(md.starts_with("**Claim** `=> 3 han 8000`"), "{md}");
    assert!(
        md.contains("- `3 han`: **wrong**: the hand is 4 han"),
        "{md}"
    );
    assert!(md.contains("- `8000`: **wrong**"), "{md}");
}

#[tokio::test]
async fn formatting_with_letter_honors_keeps_inline_honor_hands_hands() {
    let mut c = client(json!({"honors": "letters"})).await;
    // The fence line takes letters; the inline span keeps digits (letters
    // would make it prose), so only its spacing changes.
    let md = "```mj\n111z 222z 333z 444z 55z tsumo\n```\n\nSee `111z 222z 333z 444z 55z tsumo`.\n";
    c.open(MD, "markdown", 1, md).await;
    let edits = c
        .call(
            "textDocument/formatting",
            json!({"textDocument": {"uri": MD}, "options": {"tabSize": 4, "insertSpaces": true}}),
        )
        .await;
    let texts: Vec<&str> = edits
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["newText"].as_str().unwrap())
        .collect();
    assert_eq!(
        texts,
        ["eee sss www nnn whwh tsumo", "11122233344455z tsumo"]
    );
}

/// A game review as `tenpai review` writes it: round headings, decisions.
const GAME_REVIEW: &str = "\
rules: tenhou
# Round E1, honba 0, sticks 0; dealer A
123m456p789s11357z seat=e dora=1m discard=7z # turn 1
123m456p789s11357z seat=e dora=1m discard=1m # turn 2
# Round E2, honba 0, sticks 0; dealer B
123m456p789s11357z seat=s dora=1m discard=3z # turn 1
";

#[tokio::test]
async fn a_review_outlines_its_rounds_and_counts_their_decisions_off_the_best() {
    let mut c = client(Value::Null).await;
    c.open(MJ, "mj", 1, GAME_REVIEW).await;
    let symbols = c
        .call(
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": MJ}}),
        )
        .await;
    let rounds = symbols.as_array().unwrap();
    let names: Vec<&str> = rounds.iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "E1, honba 0, sticks 0; dealer A",
            "E2, honba 0, sticks 0; dealer B"
        ]
    );
    assert_eq!(rounds[0]["children"].as_array().unwrap().len(), 2);
    assert_eq!(
        rounds[0]["detail"],
        "1 of 2 decisions differs from the best"
    );
    assert_eq!(rounds[0]["range"]["end"]["line"], 3);
    assert_eq!(rounds[1]["detail"], "the decision is the best");
    let got = labels(&hints(&mut c).await);
    let headings: Vec<&(u64, u64, String)> = got
        .iter()
        .filter(|(line, _, _)| [1, 4].contains(line))
        .collect();
    assert_eq!(
        headings,
        [
            &(1, 39, "1 of 2 decisions differs from the best".to_string()),
            &(4, 39, "the decision is the best".to_string())
        ]
    );
}
