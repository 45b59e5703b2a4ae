//! The protocol itself, in process: negotiation, robustness, lifecycle.

use crate::common::lsp::initialize_pulling_configuration;
use serde_json::{json, Value};
use tenpai::lsp::test_client::{frame, TestClient};

const URI: &str = "file:///review.mj";

fn utf8_client() -> Value {
    json!({"general": {"positionEncodings": ["utf-8", "utf-16"]}})
}

#[tokio::test]
async fn negotiates_utf8_when_offered_and_utf16_otherwise() {
    let (mut c, _) = TestClient::in_process();
    let caps = c.initialize(utf8_client(), Value::Null).await;
    assert_eq!(caps["positionEncoding"], "utf-8");

    let (mut c, _) = TestClient::in_process();
    let caps = c.initialize(json!({}), Value::Null).await;
    assert_eq!(caps["positionEncoding"], "utf-16");
    assert_eq!(caps["textDocumentSync"]["change"], 2, "incremental sync");
}

#[tokio::test]
async fn unknown_methods_get_method_not_found() {
    let (mut c, _) = TestClient::in_process();
    c.initialize(json!({}), Value::Null).await;
    let r = c.request("tenpai/noSuchThing", json!({})).await;
    assert_eq!(r["error"]["code"], -32601);
    let r = c
        .request(
            "textDocument/definition",
            json!({"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}}),
        )
        .await;
    assert_eq!(r["error"]["code"], -32601);
    // Unknown `$/` notifications are ignored, and the server still answers.
    c.notify("$/somethingNew", json!({})).await;
    c.call("shutdown", Value::Null).await;
}

#[tokio::test]
async fn edits_to_unknown_documents_are_logged_and_ignored() {
    let (mut c, _) = TestClient::in_process();
    c.initialize(json!({}), Value::Null).await;
    c.change("file:///nowhere.mj", 2, [0, 0, 0, 0], "x").await;
    let log = c.notification("window/logMessage").await;
    assert!(
        log["message"].as_str().unwrap().contains("not open"),
        "{log}"
    );
}

#[tokio::test]
async fn shutdown_then_exit_ends_the_server_cleanly() {
    let (mut c, task) = TestClient::in_process();
    c.initialize(json!({}), Value::Null).await;
    c.shutdown().await;
    assert!(task.await.unwrap(), "shutdown was seen before exit");

    let (mut c, task) = TestClient::in_process();
    c.initialize(json!({}), Value::Null).await;
    c.notify("exit", Value::Null).await;
    assert!(!task.await.unwrap(), "exit without shutdown");
}

/// A client that goes away while the server waits on its answer to
/// `workspace/configuration` must not leave the server running.
#[tokio::test]
async fn exit_or_end_of_input_ends_the_session_while_the_client_owes_an_answer() {
    let patience = std::time::Duration::from_secs(10);
    let (mut c, task) = TestClient::in_process();
    initialize_pulling_configuration(&mut c).await;
    c.notify("exit", Value::Null).await;
    let ended = tokio::time::timeout(patience, task).await;
    assert!(matches!(ended, Ok(Ok(false))), "{ended:?}");

    let (mut c, task) = TestClient::in_process();
    initialize_pulling_configuration(&mut c).await;
    drop(c);
    let ended = tokio::time::timeout(patience, task).await;
    assert!(matches!(ended, Ok(Ok(false))), "{ended:?}");
}

/// Header names are read in any case, as in HTTP.
#[tokio::test]
async fn a_lowercase_content_length_is_read() {
    let (mut c, _) = TestClient::in_process();
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"processId": null, "rootUri": null, "capabilities": {}}})
    .to_string();
    c.send_raw(format!("content-length: {}\r\n\r\n{body}", body.len()).as_bytes())
        .await;
    let r = c.recv().await;
    assert_eq!(r["id"], 1, "{r}");
    assert!(r["result"]["capabilities"].is_object(), "{r}");
}

#[tokio::test]
async fn a_malformed_message_is_answered_with_a_parse_error() {
    // The parse error is for that message alone: the session goes on
    // (tower-lsp-server alone would end it; see lsp/frames.rs).
    let (mut c, _) = TestClient::in_process();
    c.initialize(json!({}), Value::Null).await;
    c.send_raw(&frame(r#"{"id":5,"nonsense":"#)).await;
    let r = c.recv().await;
    assert_eq!(
        (r["id"].clone(), r["error"]["code"].clone()),
        (json!(5), json!(-32700)),
        "{r}"
    );
    let r = c.request("shutdown", Value::Null).await;
    assert_eq!(r["result"], Value::Null, "{r}");
}

#[tokio::test]
async fn json_that_is_not_json_rpc_is_answered_and_the_session_goes_on() {
    let (mut c, _) = TestClient::in_process();
    c.initialize(json!({}), Value::Null).await;
    // With an id to answer: InvalidRequest.
    for (id, body) in [
        (
            777,
            r#"{"id":777,"method":"textDocument/hover","params":{}}"#,
        ),
        (778, r#"{"jsonrpc":"1.0","id":778,"method":"shutdown"}"#),
        (779, r#"{"jsonrpc":"2.0","id":779,"method":5}"#),
    ] {
        c.send_raw(&frame(body)).await;
        let r = c.recv().await;
        assert_eq!(
            (r["id"].clone(), r["error"]["code"].clone()),
            (json!(id), json!(-32600)),
            "{r}"
        );
    }
    // Nothing to answer: dropped.
    for body in [
        r#"{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}"#,
        "[{}]",
        "{}",
        "42",
    ] {
        c.send_raw(&frame(body)).await;
    }
    // An unhandled `$/` request: MethodNotFound, not silence.
    c.send_raw(&frame(
        r#"{"jsonrpc":"2.0","id":780,"method":"$/foo","params":{}}"#,
    ))
    .await;
    let r = c.recv().await;
    assert_eq!(
        (r["id"].clone(), r["error"]["code"].clone()),
        (json!(780), json!(-32601)),
        "{r}"
    );
    // Half a surrogate pair (a UTF-16 editor mid-glyph) reads as U+FFFD.
    let open = r#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///s.mj","languageId":"mj","version":1,"text":"123m456p789s11222z tsumo # \ud83c"}}}"#;
    c.send_raw(&frame(open)).await;
    let d = c.diagnostics("file:///s.mj", 1).await;
    assert_eq!(d, json!([]), "{d}");
    // And the session is whole.
    let r = c.request("shutdown", Value::Null).await;
    assert_eq!(r["result"], Value::Null, "{r}");
}

const HAND: &str = "234m567p22s345678s riichi tsumo dora=1s";

fn at(line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}})
}

#[tokio::test]
async fn a_panic_in_one_request_leaves_the_server_running() {
    let (mut c, _) = TestClient::in_process();
    c.initialize(json!({}), Value::Null).await;
    c.open(URI, "mj", 1, &format!("{HAND}\n")).await;
    // On a worker thread (as semantic tokens run) and on the event loop
    // (as a hover runs): each answered with an internal error.
    for reach in ["document", "line"] {
        let r = c
            .request("tenpai/testPanic", json!({"uri": URI, "reach": reach}))
            .await;
        assert_eq!(r["error"]["code"], -32603, "internal error ({reach}): {r}");
        // The same document still answers, and takes edits.
        let h = c.call("textDocument/hover", at(0, 20)).await;
        assert!(h["contents"]["value"].as_str().unwrap().contains("Haneman"));
    }
    c.change(URI, 2, [0, 0, 0, 0], "x").await;
    let d = c.diagnostics(URI, 2).await;
    assert!(
        !d.as_array().unwrap().is_empty(),
        "the edit is analysed: {d}"
    );
}

#[tokio::test]
async fn odd_positions_are_answered() {
    let (mut c, _) = TestClient::in_process();
    c.initialize(json!({}), Value::Null).await;
    c.open(URI, "mj", 1, "🀄🀄🀄 123m456p789s11z\n").await;
    // UTF-16 column 1 is inside the first surrogate pair: it means the glyph.
    let h = c.call("textDocument/hover", at(0, 1)).await;
    assert!(
        h["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("Red dragon"),
        "{h}"
    );
    assert_eq!(h["range"]["start"]["character"], 0);
    assert_eq!(h["range"]["end"]["character"], 2);
    // Past the end of the line and of the document.
    for (line, ch) in [(0, 999), (5, 0), (u32::MAX, u32::MAX)] {
        let r = c.request("textDocument/hover", at(line, ch)).await;
        assert!(r.get("error").is_none(), "{r}");
    }
    // Unknown documents.
    let r = c
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": "file:///nope.mj"}, "position": {"line": 0, "character": 0}}),
        )
        .await;
    assert_eq!(r["result"], Value::Null);
}

#[tokio::test]
async fn a_one_megabyte_line_is_answered() {
    let (mut c, _) = TestClient::in_process();
    c.initialize(json!({}), Value::Null).await;
    let long = format!("{HAND} # {}\n123m", "x".repeat(1 << 20));
    c.open(URI, "mj", 1, &long).await;
    c.diagnostics(URI, 1).await;
    let huge_hand = "1m".repeat(1 << 19);
    c.change(URI, 2, [1, 0, 1, 4], &huge_hand).await;
    let d = c.diagnostics(URI, 2).await;
    assert!(
        !d.as_array().unwrap().is_empty(),
        "a 512k-tile hand is an error"
    );
    let h = c.call("textDocument/hover", at(0, 20)).await;
    assert!(h["contents"]["value"].as_str().unwrap().contains("Haneman"));
}

#[tokio::test]
async fn thousands_of_rapid_edits_end_in_the_right_text() {
    let (mut c, _) = TestClient::in_process();
    c.initialize(json!({}), Value::Null).await;
    c.open(URI, "mj", 1, "\n").await;
    c.diagnostics(URI, 1).await;
    // Type the hand one character at a time, with a typo and its deletion
    // after each character: 3 edits per character.
    let mut version = 1;
    for (i, ch) in HAND.chars().enumerate() {
        let col = i as u32;
        for (range, text) in [
            ([0, col, 0, col], ch.to_string()),
            ([0, col + 1, 0, col + 1], "?".to_string()),
            ([0, col + 1, 0, col + 2], String::new()),
        ] {
            version += 1;
            c.change(URI, version, range, &text).await;
        }
    }
    for _ in 0..1000 {
        version += 1;
        c.change(URI, version, [0, 0, 0, 0], " ").await;
        version += 1;
        c.change(URI, version, [0, 0, 0, 1], "").await;
    }
    // The last version's diagnostics, as the client holds them (a version
    // that leaves them as they were is not published).
    let d = c.shown_diagnostics(URI).await;
    assert_eq!(d, json!([]));
    let h = c.call("textDocument/hover", at(0, 20)).await;
    assert!(
        h["contents"]["value"].as_str().unwrap().contains("Haneman"),
        "{h}"
    );
}

#[tokio::test]
async fn random_edits_and_requests_never_fail() {
    const FRAGMENTS: &[&str] = &[
        "123m", "0p", "🀄", "🀀🀁", "(", ")", "[", "]", " ", "\n", "riichi", "tsumo", "dora=",
        "win=5", "=> ", "7700", "# ", "rules: ", "kiriage", "é", "\t", "```mj\n", "`", "^^",
        "11122z", "seat=s", "=", "555z",
    ];
    for (uri, language) in [(URI, "mj"), ("file:///article.md", "markdown")] {
        let (mut c, _) = TestClient::in_process();
        c.initialize(json!({}), Value::Null).await;
        let start =
            "234m567p22s345678s riichi tsumo dora=1s\n🀄 123m456p789s11z22z\n`234m567p22s34568s`\n";
        c.open(uri, language, 1, start).await;
        let mut rng = fastrand::Rng::with_seed(0x7E4_9A1 + language.len() as u64);
        let mut version = 1;
        for step in 0..400 {
            let line = rng.u64(..6) as u32;
            let col = rng.u64(..50) as u32;
            let (end_line, end_col) = if rng.u64(..3) == 0 {
                (line + rng.u64(..2) as u32, rng.u64(..50) as u32)
            } else {
                (line, col)
            };
            let text: String = (0..rng.u64(..3))
                .map(|_| FRAGMENTS[rng.u64(..FRAGMENTS.len() as u64) as usize])
                .collect();
            version += 1;
            c.change(
                uri,
                version,
                [line, col, end_line.max(line), end_col],
                &text,
            )
            .await;
            if step % 8 != 0 {
                continue;
            }
            // `call` (in `answers`) fails the test on an error response,
            // which is what a caught panic becomes.
            answers(&mut c, uri, rng.u64(..7) as u32, rng.u64(..60) as u32).await;
        }
        // Still alive, and its diagnostics in the client.
        assert!(c.shown_diagnostics(uri).await.is_array());
    }
}

/// The start of each line of `text`: lines end at `\n`, `\r\n` or `\r`.
fn line_starts(text: &str) -> Vec<usize> {
    let b = text.as_bytes();
    let mut starts = vec![0];
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\r' && b.get(i + 1) == Some(&b'\n') {
            i += 1;
        }
        if b[i] == b'\n' || b[i] == b'\r' {
            starts.push(i + 1);
        }
        i += 1;
    }
    starts
}

/// The UTF-16 position of byte `at` of `text`.
fn utf16_position(text: &str, at: usize) -> (u32, u32) {
    let starts = line_starts(text);
    let line = starts.partition_point(|&s| s <= at) - 1;
    let column: usize = text[starts[line]..at].chars().map(char::len_utf16).sum();
    (line as u32, column as u32)
}

/// What the server answers about a document, with its URI left out, so
/// that two documents of the same text compare equal.
async fn answers(c: &mut TestClient, uri: &str, line: u32, character: u32) -> Vec<String> {
    let doc = json!({"uri": uri});
    let pos = json!({"line": line, "character": character});
    let whole = json!({"start": {"line": 0, "character": 0}, "end": {"line": 99, "character": 0}});
    let mut out = Vec::new();
    for (method, params) in [
        (
            "textDocument/hover",
            json!({"textDocument": doc, "position": pos}),
        ),
        (
            "textDocument/completion",
            json!({"textDocument": doc, "position": pos}),
        ),
        (
            "textDocument/inlayHint",
            json!({"textDocument": doc, "range": whole}),
        ),
        (
            "textDocument/semanticTokens/full",
            json!({"textDocument": doc}),
        ),
        ("textDocument/documentSymbol", json!({"textDocument": doc})),
        (
            "textDocument/codeAction",
            json!({"textDocument": doc, "range": whole, "context": {"diagnostics": []}}),
        ),
        (
            "textDocument/formatting",
            json!({"textDocument": doc, "options": {"tabSize": 4, "insertSpaces": true}}),
        ),
    ] {
        let answer = c.call(method, params).await;
        out.push(format!(
            "{method} {}",
            answer.to_string().replace(uri, "URI")
        ));
    }
    out
}

/// A document edited keystroke by keystroke (fences opening and closing,
/// lines joined and split, glyphs, `\r\n` and lone `\r`) is, after every
/// edit, the document a fresh open of the same text gives: the same
/// diagnostics and the same answers.
#[tokio::test]
async fn an_edited_document_answers_as_a_fresh_open_of_its_text() {
    const FRAGMENTS: &[&str] = &[
        "123m",
        "456p789s",
        "11z22z",
        "🀄",
        "🀇🀈",
        "(",
        "]",
        " ",
        "\n",
        "\n",
        "\r\n",
        "\r",
        "riichi",
        "tsumo",
        "dora=",
        "=> 3/30",
        "# ",
        "rules: kiriage\n",
        "```mj\n",
        "```\n",
        "~~~mj\n",
        "`",
        "^^",
        "> ",
        "- ",
        "    ",
        "---\n",
        "é",
    ];
    let start = "# Hands\n\n```mj\n234m567p22s345678s riichi tsumo dora=1s\n\
                 🀄 123m456p789s11z22z\n```\n`234m567p22s34568s` and ^^11z^^\r\n\
                 > ```mj\r\n> 123m456p789s1122z\r\n> ```\n";
    for (language, edited, fresh) in [
        ("markdown", "file:///edited.md", "file:///fresh.md"),
        ("mj", "file:///edited.mj", "file:///fresh.mj"),
    ] {
        let (mut c, _) = TestClient::in_process();
        c.initialize(json!({}), Value::Null).await;
        let mut text = start.to_string();
        c.open(edited, language, 1, &text).await;
        let mut rng = fastrand::Rng::with_seed(0x5EED_0FED_17ED + language.len() as u64);
        for version in 2..200 {
            // A range of whole characters, never between `\r` and `\n`
            // (no position names that place).
            let pick = |rng: &mut fastrand::Rng, from: usize, span: u64| {
                let mut at = (from + rng.u64(..span) as usize).min(text.len());
                while !text.is_char_boundary(at)
                    || (at > 0 && text[..at].ends_with('\r') && text[at..].starts_with('\n'))
                {
                    at -= 1;
                }
                at
            };
            let a = pick(&mut rng, 0, text.len() as u64 + 1);
            let span = if rng.u64(..5) == 0 { 40 } else { 4 };
            let b = pick(&mut rng, a, span);
            let insert: String = (0..rng.u64(..3))
                .map(|_| FRAGMENTS[rng.u64(..FRAGMENTS.len() as u64) as usize])
                .collect();
            let (l0, c0) = utf16_position(&text, a);
            let (l1, c1) = utf16_position(&text, b);
            text.replace_range(a..b, &insert);
            c.change(edited, version, [l0, c0, l1, c1], &insert).await;
            let got = c.shown_diagnostics(edited).await.to_string();
            c.open(fresh, language, version, &text).await;
            let want = c.diagnostics(fresh, version).await.to_string();
            assert_eq!(
                got.replace(edited, "URI"),
                want.replace(fresh, "URI"),
                "diagnostics after edit {version}: {text:?}"
            );
            if version % 10 == 0 {
                let line = rng.u64(..line_starts(&text).len() as u64) as u32;
                let character = rng.u64(..40) as u32;
                assert_eq!(
                    answers(&mut c, edited, line, character).await,
                    answers(&mut c, fresh, line, character).await,
                    "answers after edit {version} at {line}:{character}: {text:?}"
                );
            }
            c.notify(
                "textDocument/didClose",
                json!({"textDocument": {"uri": fresh}}),
            )
            .await;
            c.diagnostics_any(fresh).await;
        }
    }
}
