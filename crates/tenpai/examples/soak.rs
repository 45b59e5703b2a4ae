//! A soak of the language server: a seeded session of random edits and
//! requests, valid and malformed, against a server in this process.
//!
//! ```text
//! cargo run --release -p tenpai --example soak -- [STEPS] [SEED]
//! ```
//!
//! Every step is an edit (a few fragments of notation, line breaks and
//! glyphs typed, or a span deleted), a request (hover, completion, hints,
//! tokens, actions), or a malformed frame (broken JSON with and without an
//! id, JSON nested too deep, invalid UTF-8, a header with no length). At
//! each checkpoint the edited document must answer as a fresh open of the
//! client's text (same semantic tokens and symbols: the server's text is
//! the client's), the diagnostics the client last received for it must be
//! those of the fresh open (the server publishes only those that changed:
//! none may be missed), and the resident memory of the process is printed.
//! The run fails (exit 1) on a mismatch, an error answer to a valid
//! request, a malformed frame left unanswered, or a session that ends.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use serde_json::{json, Value};
use tenpai::document::{Encoding, TextDocument};
use tenpai::lsp::test_client::{frame, TestClient};

const EDITED: &str = "file:///soak.md";
const FRESH: &str = "file:///fresh.md";

/// What is typed: notation, Markdown structure, line breaks, glyphs.
const FRAGMENTS: &[&str] = &[
    "123m",
    "456p789s",
    "11z22z",
    "0p",
    "🀄",
    "🀇🀈",
    "(",
    ")",
    "[",
    "]",
    " ",
    "\n",
    "\n",
    "\r\n",
    "riichi",
    "tsumo",
    "dora=",
    "win=5",
    "=> 7700",
    "# ",
    "rules: kiriage\n",
    "```mj\n",
    "```\n",
    "`",
    "^^",
    "> ",
    "- ",
    "é",
    "\t",
    "seat=s",
    "555z",
];

/// The system allocator, counting the bytes allocated and not yet freed:
/// the resident set also holds what the allocator keeps for reuse and
/// pages never returned, so a growth of it alone does not tell a leak from
/// fragmentation; the live bytes do.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed on to the system allocator unchanged; the
// counter only observes the sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is the system allocator's.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as for `alloc`.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            LIVE.fetch_add(new_size, Ordering::Relaxed);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The document is kept near this size: past it, steps delete.
const MAX_TEXT: usize = 16 << 10;

/// The UTF-16 position of byte `at`.
fn position(text: &str, at: usize) -> (u32, u32) {
    let at = TextDocument::new(text).position(at, Encoding::Utf16);
    (at.line, at.column)
}

/// A char boundary near `at`, never inside a `\r\n`.
fn boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at)
        || (at > 0 && text.as_bytes().get(at - 1..=at) == Some(b"\r\n".as_slice()))
    {
        at -= 1;
    }
    at
}

/// The resident set of this process, in KiB.
fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// The answers that depend on the whole text, with the URI left out.
async fn fingerprint(c: &mut TestClient, uri: &str) -> Vec<String> {
    let mut out = Vec::new();
    for method in [
        "textDocument/semanticTokens/full",
        "textDocument/documentSymbol",
    ] {
        let answer = c
            .request(method, json!({"textDocument": {"uri": uri}}))
            .await;
        out.push(answer["result"].to_string().replace(uri, "URI"));
    }
    out
}

#[derive(Default)]
struct Tally {
    edits: u64,
    requests: u64,
    malformed: u64,
    failures: Vec<String>,
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let mut args = std::env::args().skip(1);
    let steps: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let seed: u64 = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(0x50A4_2024);
    let (mut c, _server) = TestClient::in_process();
    c.initialize(json!({}), Value::Null).await;
    let mut text = String::from(
        "# Hands\n\n```mj\n234m567p22s345678s riichi tsumo dora=1s\n🀄 123m456p789s11z22z\n```\n\
         `234m567p22s34568s` and ^^11z^^\r\n",
    );
    let mut version = 1;
    c.open(EDITED, "markdown", version, &text).await;
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut tally = Tally::default();
    let started = Instant::now();
    let checkpoint = (steps / 20).max(1);
    println!("step,seconds,rss_kib,live_heap_kib,client_buffered,text_bytes");
    for step in 1..=steps {
        let roll = rng.u64(..100);
        if roll < 88 {
            // An edit, applied to the client's copy too.
            let from = boundary(&text, rng.u64(..text.len() as u64 + 1) as usize);
            let deleting = text.len() > MAX_TEXT || rng.u64(..3) == 0;
            let to = if deleting {
                boundary(&text, from + rng.u64(..40) as usize).max(from)
            } else {
                from
            };
            let inserted: String = if text.len() > MAX_TEXT {
                String::new()
            } else {
                (0..=rng.u64(..3))
                    .map(|_| FRAGMENTS[rng.u64(..FRAGMENTS.len() as u64) as usize])
                    .collect()
            };
            let (l0, c0) = position(&text, from);
            let (l1, c1) = position(&text, to);
            text.replace_range(from..to, &inserted);
            version += 1;
            c.change(EDITED, version, [l0, c0, l1, c1], &inserted).await;
            tally.edits += 1;
        } else if roll < 96 {
            let line = rng.u64(..TextDocument::new(text.as_str()).line_count() as u64) as u32;
            let character = rng.u64(..60) as u32;
            let doc = json!({"uri": EDITED});
            let pos = json!({"line": line, "character": character});
            let range = json!({"start": {"line": line, "character": 0},
                "end": {"line": line + 30, "character": 0}});
            let (method, params) = match rng.u64(..5) {
                0 => (
                    "textDocument/hover",
                    json!({"textDocument": doc, "position": pos}),
                ),
                1 => (
                    "textDocument/completion",
                    json!({"textDocument": doc, "position": pos}),
                ),
                2 => (
                    "textDocument/inlayHint",
                    json!({"textDocument": doc, "range": range}),
                ),
                3 => (
                    "textDocument/semanticTokens/range",
                    json!({"textDocument": doc, "range": range}),
                ),
                _ => (
                    "textDocument/codeAction",
                    json!({"textDocument": doc, "range": range, "context": {"diagnostics": []}}),
                ),
            };
            let answer = c.request(method, params).await;
            if answer.get("error").is_some() {
                tally
                    .failures
                    .push(format!("step {step}: {method}: {answer}"));
            }
            tally.requests += 1;
        } else {
            // A malformed frame; those with an id must be answered.
            let id = format!("bad-{step}");
            let (bytes, answered) = match rng.u64(..5) {
                0 => (
                    frame(format!(r#"{{"jsonrpc":"2.0","id":"{id}","method":"x","#).as_bytes()),
                    true,
                ),
                1 => (
                    frame(
                        format!(
                            r#"{{"jsonrpc":"2.0","id":"{id}","method":"x","params":{}{}}}"#,
                            "[".repeat(5000),
                            "]".repeat(5000)
                        )
                        .as_bytes(),
                    ),
                    true,
                ),
                2 => (
                    frame(b"{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":\"\xff\xfe\"}"),
                    false,
                ),
                3 => (b"Content-Type: application/json\r\n\r\n".to_vec(), false),
                _ => (frame(b"{oops"), false),
            };
            c.send_raw(&bytes).await;
            if answered {
                let answer = c.response(&json!(id)).await;
                if answer["error"]["code"] != -32700 {
                    tally
                        .failures
                        .push(format!("step {step}: malformed frame answered {answer}"));
                }
            }
            tally.malformed += 1;
        }
        if step % 16 == 0 {
            // Reads what the server sent meanwhile (its output must not
            // fill up), and forgets the diagnostics.
            c.request(
                "textDocument/hover",
                json!({"textDocument": {"uri": EDITED},
                "position": {"line": 0, "character": 0}}),
            )
            .await;
            c.drain("textDocument/publishDiagnostics");
            c.drain("window/logMessage");
        }
        if step % checkpoint == 0 || step == steps {
            c.open(FRESH, "markdown", 1, &text).await;
            let fresh = fingerprint(&mut c, FRESH).await;
            let edited = fingerprint(&mut c, EDITED).await;
            // What the client holds for each: every publication it read,
            // whichever wait read it.
            let shown = c.shown_diagnostics(EDITED).await;
            let fresh_shown = c.shown_diagnostics(FRESH).await;
            c.drain("textDocument/publishDiagnostics");
            if shown.to_string().replace(EDITED, "URI")
                != fresh_shown.to_string().replace(FRESH, "URI")
            {
                tally.failures.push(format!(
                    "step {step}: the client holds other diagnostics than a fresh open's: {shown} against {fresh_shown}"
                ));
            }
            c.notify(
                "textDocument/didClose",
                json!({"textDocument": {"uri": FRESH}}),
            )
            .await;
            if fresh != edited {
                tally.failures.push(format!("step {step}: the edited document differs from a fresh open of the client's text"));
            }
            c.drain("window/logMessage");
            println!(
                "{step},{:.1},{},{},{},{}",
                started.elapsed().as_secs_f64(),
                rss_kib(),
                LIVE.load(Ordering::Relaxed) >> 10,
                c.buffered(),
                text.len()
            );
        }
    }
    println!(
        "edits {}, requests {}, malformed frames {}, failures {}, {:.1} s",
        tally.edits,
        tally.requests,
        tally.malformed,
        tally.failures.len(),
        started.elapsed().as_secs_f64()
    );
    for f in tally.failures.iter().take(20) {
        println!("FAILED {f}");
    }
    if !tally.failures.is_empty() {
        std::process::exit(1);
    }
}
