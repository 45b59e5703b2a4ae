//! The server reproducers of `../shared/reliability/` as regression tests:
//! no frame ends the session (`05-lsp-parse-error-deaf-server.py`), also
//! while the server waits for the client's `workspace/configuration`.

use crate::common::lsp::initialize_pulling_configuration;
use serde_json::{json, Value};
use tenpai::lsp::test_client::{frame, TestClient};

const URI: &str = "file:///a.mj";

fn did_open(text: &[u8]) -> Vec<u8> {
    let mut body = br#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a.mj","languageId":"mj","version":1,"text":""#.to_vec();
    body.extend_from_slice(text);
    body.extend_from_slice(br#""}}}"#);
    frame(&body)
}

/// The next answer to request `id`, past notifications and requests of
/// the server's.
async fn answer_to(c: &mut TestClient, id: Value) -> Value {
    loop {
        let msg = c.recv().await;
        if msg.get("method").is_none() && msg["id"] == id {
            return msg;
        }
    }
}

async fn hover(c: &mut TestClient, character: u32) -> Value {
    c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": {"line": 0, "character": character}}),
    )
    .await
}

/// 05: one invalid UTF-8 byte in a document's text, arriving while the
/// configuration is still owed, is read as U+FFFD; the hover after it is
/// answered.
#[tokio::test]
async fn an_invalid_byte_while_the_configuration_is_owed_is_repaired() {
    let (mut c, _task) = TestClient::in_process();
    initialize_pulling_configuration(&mut c).await;
    c.send_raw(&did_open(b"123m456p789s11222z tsumo \xff"))
        .await;
    let r = hover(&mut c, 1).await;
    assert!(r["result"].is_object(), "{r}");
}

/// JSON nested past the reader's limit, a body that is not JSON, a header
/// without Content-Length, a length that is not a number: each is answered
/// (when it has an id) or skipped, and the session goes on.
#[tokio::test]
async fn no_malformed_frame_ends_the_session() {
    let (mut c, task) = TestClient::in_process();
    initialize_pulling_configuration(&mut c).await;
    c.send_raw(&did_open(b"123m456p789s11222z tsumo")).await;

    let deep = format!(
        r#"{{"jsonrpc":"2.0","id":"deep","method":"textDocument/hover","params":{}{}}}"#,
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    c.send_raw(&frame(deep.as_bytes())).await;
    let r = answer_to(&mut c, json!("deep")).await;
    assert_eq!(
        (r["id"].clone(), r["error"]["code"].clone()),
        (json!("deep"), json!(-32700)),
        "{r}"
    );

    c.send_raw(&frame(br#"{"jsonrpc":"2.0","id":41,"method":"x",oops"#))
        .await;
    let r = answer_to(&mut c, json!(41)).await;
    assert_eq!(
        (r["id"].clone(), r["error"]["code"].clone()),
        (json!(41), json!(-32700)),
        "{r}"
    );

    // Nothing to answer: skipped.
    c.send_raw(&frame(b"{nonsense")).await;
    c.send_raw(&frame([0xff, 0xfe, b'{'])).await;
    c.send_raw(b"Content-Type: application/json\r\n\r\n").await;
    c.send_raw(b"Content-Length: twelve\r\n\r\n").await;
    // A notification nested too deep: skipped.
    let deep_note = format!(
        r#"{{"jsonrpc":"2.0","method":"x","params":{}{}}}"#,
        "{\"a\":".repeat(50_000),
        "}".repeat(50_000)
    );
    c.send_raw(&frame(deep_note.as_bytes())).await;
    // A body whose length was understated leaves garbage before the next
    // header: the next frame is still found.
    c.send_raw(b"Content-Length: 2\r\n\r\n{}}}garbage").await;

    let r = hover(&mut c, 1).await;
    assert!(r["result"].is_object(), "{r}");
    let r = c.request("shutdown", Value::Null).await;
    assert_eq!(r["result"], Value::Null, "{r}");
    c.notify("exit", Value::Null).await;
    let ended = tokio::time::timeout(std::time::Duration::from_secs(10), task).await;
    assert!(matches!(ended, Ok(Ok(true))), "{ended:?}");
}

/// What the reproducer's script printed, or why it did not run.
type ScriptRun = Result<std::process::Output, String>;

/// The reproducer's script, running on a thread of its own from the first
/// call of [`start_the_reproducer_script`] until a test takes its outcome.
static REPRODUCER: std::sync::Mutex<Option<std::thread::JoinHandle<ScriptRun>>> =
    std::sync::Mutex::new(None);

/// Starts the reproducer's script (once; later calls do nothing). The
/// script spends 10 s waiting on the server, 5 s for each of its two
/// sessions, with next to nothing for the CPU to do: a test that ran it
/// from start to end held one of the harness's threads idle all that time,
/// and the binary's whole run waited on it. Started by the binary's first
/// test (`a_wait_of_seconds_starts_first` in `main.rs`: the harness starts
/// tests in the order of their names), the wait passes while the other
/// tests use both threads, and the test below only collects what it
/// printed.
pub fn start_the_reproducer_script() {
    let mut running = REPRODUCER.lock().unwrap_or_else(|e| e.into_inner());
    if running.is_some() {
        return;
    }
    *running = Some(std::thread::spawn(|| {
        let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared/reliability/05-lsp-parse-error-deaf-server.py");
        if !script.exists() {
            return Err(format!("{} is not there", script.display()));
        }
        std::process::Command::new("python3")
            .arg(&script)
            .arg(env!("CARGO_BIN_EXE_tenpai"))
            .output()
            .map_err(|e| format!("no python3 ({e})"))
    }));
}

/// 05 against the binary, as the editor runs it: the reproducer's script
/// when Python and `../shared` are there (CI has both), else skipped with
/// a note. The script may already be running (see
/// [`start_the_reproducer_script`]); this waits for its end.
#[test]
fn the_reproducer_script_finds_the_session_whole() {
    start_the_reproducer_script();
    let running = REPRODUCER
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take()
        .expect("the script was started and is collected once");
    let out = match running.join().expect("the script's thread ends") {
        Ok(out) => out,
        Err(why) => {
            eprintln!("skipped: {why}");
            return;
        }
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    for line in lines {
        assert!(
            line.contains("hover answered=True errors=[] alive after 5 s=True"),
            "{line}"
        );
    }
}

/// A document with thousands of problems publishes at most
/// `MAX_DIAGNOSTICS`, the last saying how many more there are.
#[tokio::test]
async fn diagnostics_per_document_are_capped() {
    let (mut c, _task) = TestClient::in_process();
    c.initialize(json!({}), Value::Null).await;
    let text: String = (0..3000)
        .map(|i| format!("123m456p789s11222z tsumo qq{i}\n"))
        .collect();
    c.open(URI, "mj", 1, &text).await;
    let d = c.diagnostics(URI, 1).await;
    let d = d.as_array().expect("a list");
    assert_eq!(d.len(), tenpai::lsp::MAX_DIAGNOSTICS);
    assert!(d[..d.len() - 1]
        .iter()
        .all(|x| x["code"] == "unknown-option"));
    let last = &d[d.len() - 1];
    assert_eq!(last["code"], "more-diagnostics", "{last}");
    assert!(
        last["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("2001 more problems")),
        "{last}"
    );
    // At the first one left out: line 999.
    assert_eq!(last["range"]["start"]["line"], 999, "{last}");
}

/// `$/cancelRequest` right after a request: answered with -32800, as an
/// editor that scrolled past expects, not with the whole result.
#[tokio::test]
async fn a_cancelled_request_is_answered_as_cancelled() {
    let (mut c, _task) = TestClient::in_process();
    c.initialize(json!({}), Value::Null).await;
    let text = "123m456p789s11222z tsumo\n".repeat(2000);
    c.open(URI, "mj", 1, &text).await;
    c.diagnostics(URI, 1).await;
    let request = json!({"jsonrpc": "2.0", "id": 900, "method": "textDocument/inlayHint",
        "params": {"textDocument": {"uri": URI},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 2000, "character": 0}}}});
    let cancel = json!({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 900}});
    let mut both = frame(request.to_string().as_bytes());
    both.extend_from_slice(&frame(cancel.to_string().as_bytes()));
    c.send_raw(&both).await;
    let r = answer_to(&mut c, json!(900)).await;
    assert_eq!(r["error"]["code"], -32800, "answered: {}", r["error"]);
    // The next request is answered in full.
    let r = c
        .request(
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": URI},
                "range": {"start": {"line": 0, "character": 0}, "end": {"line": 2, "character": 0}}}),
        )
        .await;
    assert!(r["result"].is_array(), "{r}");
}

/// Diagnostics are published again only when they changed: an edit that
/// leaves them as they were (a comment typed in a large document) sends
/// nothing, and the next edit that changes them is published at its
/// version.
#[tokio::test]
async fn unchanged_diagnostics_are_not_published_again() {
    let (mut c, _task) = TestClient::in_process();
    c.initialize(json!({}), Value::Null).await;
    let text = "123m456p789s11222z tsumo qq\n# notes\n";
    c.open(URI, "mj", 1, text).await;
    let first = c.diagnostics(URI, 1).await;
    assert_eq!(first.as_array().map(Vec::len), Some(1), "{first}");
    // Version 2 types into the comment: the same diagnostic, same place.
    c.change(URI, 2, [1, 7, 1, 7], " and more").await;
    // A hover round trip: the server has handled the edit (its
    // publication would come within a turn of its loop, the hover's answer
    // after several) and sent nothing for it.
    let r = hover(&mut c, 1).await;
    assert!(r.get("result").is_some(), "{r}");
    let sent = c.drain("textDocument/publishDiagnostics");
    assert!(
        sent.is_empty(),
        "the unchanged version 2 was published: {sent:?}"
    );
    // Version 3 adds a second unknown option on the hand line.
    c.change(URI, 3, [0, 27, 0, 27], " zz").await;
    let d = c.diagnostics(URI, 3).await;
    assert_eq!(d.as_array().map(Vec::len), Some(2), "{d}");
    // Back to the first text: published, since it differs from the last.
    c.change(URI, 4, [0, 27, 0, 30], "").await;
    let d = c.diagnostics(URI, 4).await;
    assert_eq!(d, first);
}

/// A long request on a large document (the semantic tokens of 200,000
/// lines) runs off the event loop: a hover sent after it is answered
/// first, and a `$/cancelRequest` sent while it runs answers it with
/// -32800 at once.
#[tokio::test]
async fn a_long_request_holds_up_nothing_and_can_be_cancelled() {
    let (mut c, _task) = TestClient::in_process();
    c.initialize(json!({}), Value::Null).await;
    let text = "123m456p789s11222z tsumo dora=1m # a comment\n".repeat(200_000);
    c.open(URI, "mj", 1, &text).await;
    c.diagnostics(URI, 1).await;
    let long = json!({"jsonrpc": "2.0", "id": 910, "method": "textDocument/semanticTokens/full",
        "params": {"textDocument": {"uri": URI}}});
    c.send_raw(&frame(long.to_string().as_bytes())).await;
    // A hover after it: answered while the tokens are being computed.
    let short = json!({"jsonrpc": "2.0", "id": 911, "method": "textDocument/hover",
        "params": {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 1}}});
    c.send_raw(&frame(short.to_string().as_bytes())).await;
    let first = loop {
        let msg = c.recv().await;
        if msg.get("method").is_none() && msg.get("id").is_some() {
            break msg;
        }
    };
    assert_eq!(
        first["id"], 911,
        "answered before the hover: {}",
        first["id"]
    );
    assert!(first["result"]["contents"].is_object(), "{first}");
    let cancel = json!({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 910}});
    c.send_raw(&frame(cancel.to_string().as_bytes())).await;
    let r = answer_to(&mut c, json!(910)).await;
    assert_eq!(
        r["error"]["code"],
        -32800,
        "answered: {}",
        r.get("error").unwrap_or(&r["result"]["resultId"])
    );
    // The session goes on.
    let r = hover(&mut c, 1).await;
    assert!(r["result"]["contents"].is_object(), "{r}");
}
