//! Every dialect over the protocol, in UTF-16 and in UTF-8: the hand is a
//! symbol named in canonical notation, a tile's hover covers exactly the
//! author's bytes of that tile (glyphs and kanji before it on the line, so
//! that the two encodings differ), and a diagnostic covers the author's
//! text of what it is about.

use serde_json::{json, Value};
use tenpai::lsp::test_client::TestClient;

use crate::common::lsp::code_actions;

/// One fixture: a Markdown document in a dialect.
struct Case {
    name: &'static str,
    doc: &'static str,
    /// The hand's symbol: canonical tiles.
    hand: &'static str,
    /// Where to hover: the first occurrence of this text in `doc`, whose
    /// first `tile_len` bytes are the tile's source.
    hover_at: &'static str,
    tile_len: usize,
    /// What the hover's first line names (`**6z**`).
    tile: &'static str,
    /// A diagnostic expected: its code and the text it covers.
    diagnostic: Option<(&'static str, &'static str)>,
}

const CASES: &[Case] = &[
    Case {
        name: "hugo shortcode with a called pon",
        doc: "# 喰い替え 🀄\n\n東南 🀀🀁 {{< mj-center 2m3m3m4m4m5m2p3p9s9s-6z6zh6z >}}\n",
        hand: "233445m23p99s (666z)",
        hover_at: "6zh6z >}}",
        tile_len: 3,
        tile: "**6z**",
        diagnostic: None,
    },
    Case {
        name: "hugo hand of 15 tiles",
        doc: "發中 {{< mj 1m1m1m2m2m2m3m3m3m4m4m4m5m5m5m >}}\n",
        hand: "111222333444555m",
        hover_at: "5m5m5m >}}",
        tile_len: 2,
        tile: "**5m**",
        diagnostic: Some(("tile-count", "1m1m1m2m2m2m3m3m3m4m4m4m5m5m5m")),
    },
    Case {
        name: "hugo stated waits, wrong",
        doc: "1. 🀄 {{< mj 4m5m5m5m5m6m7m5z5z5z7z7z7z >}} → {{< mj 3m4m5m7m >}} 待ち\n",
        hand: "4555567m555777z",
        hover_at: "4m5m5m5m5m",
        tile_len: 2,
        tile: "**4m**",
        diagnostic: Some(("wrong-claim", "3m4m5m7m")),
    },
    Case {
        name: "hugo table row with a wrong count of tiles left",
        doc: "表 🀄\n<tr><td>{{< mj 2m3m4m5m6m >}}</td>\n<td>{{< mj 1m4m7m >}}</td><td>12枚</td></tr>\n",
        hand: "23456m",
        hover_at: "6m >}}",
        tile_len: 2,
        tile: "**6m**",
        diagnostic: Some(("wrong-claim", "12枚")),
    },
    Case {
        name: "mdc component with a drawn tile after ツモ",
        doc: "手牌は :mahjong-tiles{src=\"222567m3345p,56-7s\"} ツモ :mahjong-tiles{src=\"3p\"}\n",
        hand: "222567m33345p (567s)",
        hover_at: "3p\"}\n",
        tile_len: 2,
        tile: "**3p**",
        diagnostic: None,
    },
    Case {
        name: "mdc block component of 15 tiles",
        doc: "例えば、\n\n::mahjong-tiles{src=\"2469m3357s69p1345z,1m\"}\n",
        hand: "12469m69p3357s1345z",
        hover_at: "9m3357s",
        tile_len: 2,
        tile: "**9m**",
        diagnostic: Some(("tile-count", "2469m3357s69p1345z,1m")),
    },
    Case {
        name: "pymdownx fence with an added kan and a draw",
        doc: "大四喜 🀀🀁🀂🀃\n\n```mahjong\n5511122z [3333z] (444+4z>)\ndraw: 2z\ntitle: 大四喜\n```\n",
        hand: "11122255z [3333z] (4444z)",
        hover_at: "4z>)",
        tile_len: 2,
        tile: "**4z**",
        diagnostic: None,
    },
    Case {
        name: "pymdownx fence with a draw and the waits before it, wrong",
        doc: "# 🀄 東\n\n```mahjong\n123m456p789s1122z\ndraw: 2z\nwaits: 1z\n```\n",
        hand: "123m456p789s11222z",
        hover_at: "2z\nwaits",
        tile_len: 2,
        tile: "**2z**",
        diagnostic: Some(("wrong-claim", "1z")),
    },
    Case {
        name: "pymdownx inline",
        doc: "形 🀄: `mj:123m456p789s1122z` です\n",
        hand: "123m456p789s1122z",
        hover_at: "789s",
        tile_len: 1,
        tile: "**7s**",
        diagnostic: None,
    },
    Case {
        name: "mahgen code span with a sideways red five",
        doc: "九蓮 🀇🀏: `mahgen 1112345678999m_0m`\n",
        hand: "11123405678999m",
        hover_at: "0m`",
        tile_len: 2,
        tile: "**0m**",
        diagnostic: None,
    },
    Case {
        name: "mahgen fence with a closed kan",
        doc: "```mahgen\n123p456s78m11z|0z11s0z\n```\n\n牌 🀄\n",
        hand: "78m123p456s11z [1111s]",
        hover_at: "8m",
        tile_len: 2,
        tile: "**8m**",
        diagnostic: None,
    },
    Case {
        name: "glyphs in prose",
        doc: "**自分の手**: 🀇🀈🀙🀛🀜🀝🀞🀔🀕🀖🀃🀃🀃🀅 (ツモ)\n",
        hand: "12m13456p567s4446z",
        hover_at: "🀅",
        tile_len: 4,
        tile: "**6z**",
        diagnostic: None,
    },
    Case {
        name: "kanji and circled digits in a plain fence",
        doc: "```\n一萬二萬三萬①②③④⑤⑥北北北發\n```\n",
        hand: "123m123456p4446z",
        hover_at: "發",
        tile_len: 3,
        tile: "**6z**",
        diagnostic: None,
    },
    Case {
        name: "tile images with a pon and the drawn tile",
        doc: "例 🀄 <img src=\"hai/man1.gif\"><img src=\"hai/man2.gif\"><img src=\"hai/man3.gif\"><img src=\"hai/pin4.gif\"><img src=\"hai/pin5.gif\"><img src=\"hai/pin6.gif\"><img src=\"hai/sou7.gif\"><img src=\"hai/sou8.gif\"><img src=\"hai/sou9.gif\"><img src=\"hai/nan.gif\"> Pon <img src=\"hai/chun.gif\"><img src=\"hai/chun.gif\"><img src=\"hai/ychun.gif\"> Tsumo <img src=\"hai/nan.gif\">\n",
        hand: "123m456p789s22z (777z)",
        hover_at: "<img src=\"hai/pin4.gif\">",
        tile_len: 24,
        tile: "**4p**",
        diagnostic: None,
    },
    Case {
        name: "mahjong-helper command",
        doc: "牌: `mahjong-helper 234688m 34s # 6666P 234p + 3m`\n",
        hand: "234688m34s [6666p] (234p)",
        hover_at: "34s",
        tile_len: 1,
        tile: "**3s**",
        diagnostic: None,
    },
    Case {
        name: "riichi-tools-rs melds",
        doc: "北 `4z(p1z1)(k2z)(s3z3)(p6z2)`\n",
        hand: "4z (111z) [2222z] (3333z) (666z)",
        hover_at: "4z(",
        tile_len: 2,
        tile: "**4z**",
        diagnostic: None,
    },
    Case {
        name: "mandel59 brackets with kanji",
        doc: "東 `234s5m[2<34p][<234m][^東東東]0m`\n",
        hand: "05m234s (234p) (234m) (111z)",
        hover_at: "東東東]",
        tile_len: 3,
        tile: "**1z**",
        diagnostic: None,
    },
    Case {
        name: "mahc command with the value it printed, wrong",
        doc: "七対子 🀀🀀\n\n```bash\n~/$ mahc --tiles 11z NNw SSw WWw rrd wwd ggd -w gd -p Ew -s Ew\n  Dealer: 144000 (48000)\n```\n",
        hand: "11223344556677z",
        hover_at: "NNw",
        tile_len: 1,
        tile: "**4z**",
        diagnostic: Some(("wrong-claim", "--tiles 11z NNw SSw WWw rrd wwd ggd -w gd -p Ew -s Ew")),
    },
    Case {
        name: "Tenhou link",
        doc: "牌理 🀄 https://tenhou.net/2/?q=123m456p789s11122z\n",
        hand: "123m456p789s11122z",
        hover_at: "456p",
        tile_len: 1,
        tile: "**4p**",
        diagnostic: None,
    },
    Case {
        name: "mpsz in prose",
        doc: "自家手牌此时为 345678m 569p 45667s（宝牌为红中）\n",
        hand: "345678m569p45667s",
        hover_at: "569p",
        tile_len: 1,
        tile: "**5p**",
        diagnostic: None,
    },
];

#[derive(Clone, Copy)]
enum Enc {
    Utf16,
    Utf8,
    Utf32,
}

/// The protocol position of byte `at` of `doc`.
fn position(doc: &str, at: usize, enc: Enc) -> Value {
    let line_start = doc[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = doc[..at].matches('\n').count();
    let prefix = &doc[line_start..at];
    let character = match enc {
        Enc::Utf16 => prefix.encode_utf16().count(),
        Enc::Utf8 => prefix.len(),
        Enc::Utf32 => prefix.chars().count(),
    };
    json!({"line": line, "character": character})
}

fn range(doc: &str, start: usize, end: usize, enc: Enc) -> Value {
    json!({"start": position(doc, start, enc), "end": position(doc, end, enc)})
}

async fn client(enc: Enc) -> TestClient {
    let name = match enc {
        Enc::Utf16 => "utf-16",
        Enc::Utf8 => "utf-8",
        Enc::Utf32 => "utf-32",
    };
    let (mut c, _) = TestClient::in_process();
    let init = c
        .initialize(
            json!({"general": {"positionEncodings": [name]}}),
            Value::Null,
        )
        .await;
    assert_eq!(init["positionEncoding"], name);
    c
}

async fn check_case(c: &mut TestClient, case: &Case, uri: &str, enc: Enc) {
    let doc = case.doc;
    c.open(uri, "markdown", 1, doc).await;
    let what = format!("{} ({})", case.name, uri);

    // The hand is a symbol, named canonically.
    let symbols = c
        .call(
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": uri}}),
        )
        .await;
    let names: Vec<&str> = symbols
        .as_array()
        .map(|s| s.iter().filter_map(|s| s["name"].as_str()).collect())
        .unwrap_or_default();
    assert!(names.contains(&case.hand), "{what}: symbols {names:?}");

    // The hover on a tile covers that tile's bytes, and names it first.
    let at = doc.find(case.hover_at).expect("hover text in the fixture");
    let hover = c
        .call(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": position(doc, at, enc)}),
        )
        .await;
    let markdown = hover["contents"]["value"].as_str().unwrap_or_default();
    let first = markdown.lines().next().unwrap_or_default();
    assert!(first.contains(case.tile), "{what}: hover {markdown:?}");
    assert_eq!(
        hover["range"],
        range(doc, at, at + case.tile_len, enc),
        "{what}"
    );
    // Below it, the hand's value or state.
    assert!(markdown.contains("---"), "{what}: {markdown:?}");

    // Diagnostics: exactly the one expected, on the author's text.
    let diagnostics = c.diagnostics(uri, 1).await;
    let got: Vec<(String, Value)> = diagnostics
        .as_array()
        .map(|ds| {
            ds.iter()
                .map(|d| {
                    (
                        d["code"].as_str().unwrap_or("").to_string(),
                        d["range"].clone(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let want: Vec<(String, Value)> = case
        .diagnostic
        .iter()
        .map(|(code, covered)| {
            let start = doc.find(covered).expect("covered text in the fixture");
            (
                code.to_string(),
                range(doc, start, start + covered.len(), enc),
            )
        })
        .collect();
    assert_eq!(got, want, "{what}");
}

#[tokio::test]
async fn every_dialect_in_utf16() {
    let mut c = client(Enc::Utf16).await;
    for (i, case) in CASES.iter().enumerate() {
        check_case(
            &mut c,
            case,
            &format!("file:///dialects/u16-{i}.md"),
            Enc::Utf16,
        )
        .await;
    }
}

#[tokio::test]
async fn every_dialect_in_utf8() {
    let mut c = client(Enc::Utf8).await;
    for (i, case) in CASES.iter().enumerate() {
        check_case(
            &mut c,
            case,
            &format!("file:///dialects/u8-{i}.md"),
            Enc::Utf8,
        )
        .await;
    }
}

#[tokio::test]
async fn every_dialect_in_utf32() {
    let mut c = client(Enc::Utf32).await;
    for (i, case) in CASES.iter().enumerate() {
        check_case(
            &mut c,
            case,
            &format!("file:///dialects/u32-{i}.md"),
            Enc::Utf32,
        )
        .await;
    }
}

#[tokio::test]
async fn dialects_are_not_formatted_but_rewritten_on_request() {
    let mut c = client(Enc::Utf16).await;
    let uri = "file:///dialects/rewrite.md";
    let doc =
        "東 {{< mj 2m3m3m4m4m5m2p3p9s9s-6z6zh6z >}}\n\n```mahgen\n123p456s78m11z|0z11s0z\n```\n";
    c.open(uri, "markdown", 1, doc).await;
    c.diagnostics(uri, 1).await;
    let edits = c
        .call(
            "textDocument/formatting",
            json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
        )
        .await;
    assert!(
        edits.is_null() || edits.as_array().is_some_and(|e| e.is_empty()),
        "{edits}"
    );
    let actions = code_actions(&mut c, uri, range(doc, 5, 5, Enc::Utf16)).await;
    let rewrite = actions
        .as_array()
        .and_then(|a| {
            a.iter()
                .find(|a| a["title"] == "Rewrite in tenpai notation")
        })
        .expect("a rewrite action");
    let edits = &rewrite["edit"]["changes"][uri];
    assert_eq!(edits[0]["newText"], "`233445m23p99s (666z)`");
    let start = doc.find("{{<").unwrap();
    let end = doc.find(">}}").unwrap() + 3;
    assert_eq!(edits[0]["range"], range(doc, start, end, Enc::Utf16));
    // In a fence: the line, and the fence's language.
    let at = doc.find("123p").unwrap();
    let actions = code_actions(&mut c, uri, range(doc, at, at, Enc::Utf16)).await;
    let rewrite = actions
        .as_array()
        .and_then(|a| {
            a.iter()
                .find(|a| a["title"] == "Rewrite in tenpai notation")
        })
        .expect("a rewrite action in the fence");
    let texts: Vec<&str> = rewrite["edit"]["changes"][uri]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["newText"].as_str())
        .collect();
    assert_eq!(texts, ["mj", "78m123p456s11z [1111s]"]);
}

#[tokio::test]
async fn a_hand_with_diagnostics_can_be_ignored() {
    let mut c = client(Enc::Utf16).await;
    let uri = "file:///dialects/ignore.md";
    let doc = "發中 {{< mj 1m1m1m2m2m2m3m3m3m4m4m4m5m5m5m >}}\n";
    c.open(uri, "markdown", 1, doc).await;
    let d = c.diagnostics(uri, 1).await;
    assert_eq!(d.as_array().map(Vec::len), Some(1));
    let at = doc.find("{{<").unwrap();
    let actions = code_actions(&mut c, uri, range(doc, at, at, Enc::Utf16)).await;
    let ignore = actions
        .as_array()
        .and_then(|a| a.iter().find(|a| a["title"] == "Ignore this hand"))
        .expect("an ignore action");
    let edit = &ignore["edit"]["changes"][uri][0];
    assert_eq!(edit["newText"], "<!-- tenpai-ignore -->");
    assert_eq!(edit["range"], range(doc, at, at, Enc::Utf16));
    // With the comment written, the hand is gone.
    let ignored = doc.replacen("{{<", "<!-- tenpai-ignore -->{{<", 1);
    c.change(uri, 2, [0, 0, 1, 0], &ignored).await;
    let d = c.shown_diagnostics(uri).await;
    assert_eq!(d.as_array().map(Vec::len), Some(0), "{d}");
}

#[tokio::test]
async fn a_wrong_list_of_accepted_tiles_is_fixed_in_the_authors_form() {
    for enc in [Enc::Utf16, Enc::Utf8] {
        let mut c = client(enc).await;
        let uri = "file:///dialects/accepted.md";
        // Discarding 4m leaves 123m 456m 78p 345s 9s 1z: 6p 9p 9s 1z bring
        // it to tenpai; the list forgets the 1z (打 is one UTF-16 unit and
        // three UTF-8 bytes).
        let doc = "東 {{< mj 1m2m3m4m4m5m6m7p8p3s4s5s9s1z >}}\n\n- 打4m 69p9s 4種14枚\n";
        c.open(uri, "markdown", 1, doc).await;
        let d = c.diagnostics(uri, 1).await;
        let at = doc.find("69p9s").unwrap();
        let list = range(doc, at, at + 5, enc);
        let diagnostics = d.as_array().cloned().unwrap_or_default();
        assert_eq!(diagnostics.len(), 1, "{d}");
        assert_eq!(diagnostics[0]["code"], "wrong-claim");
        assert_eq!(diagnostics[0]["range"], list);
        let message = diagnostics[0]["message"].as_str().unwrap_or_default();
        assert!(message.contains("accepts 69p9s1z, not 69p9s"), "{message}");
        let actions = code_actions(&mut c, uri, range(doc, at, at, enc)).await;
        let fix = actions
            .as_array()
            .and_then(|a| a.iter().find(|a| a["title"] == "write '69p9s1z'"))
            .unwrap_or_else(|| panic!("a fix of the list: {actions}"));
        assert_eq!(fix["kind"], "quickfix");
        assert_eq!(fix["isPreferred"], true);
        let edit = &fix["edit"]["changes"][uri][0];
        assert_eq!(edit["newText"], "69p9s1z");
        assert_eq!(edit["range"], list);
    }
}
