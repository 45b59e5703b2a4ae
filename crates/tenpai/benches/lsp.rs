//! The language server on a 10,000-hand `.mj` document, through the whole
//! protocol stack (JSON-RPC over an in-process stream): open -> first
//! diagnostics, a one-character edit -> new diagnostics, hover, inlay hints
//! for a 100-line viewport. Then the resident memory of the real binary
//! holding the document. The analysis alone (no protocol) is measured too,
//! to show where the time goes.
//!
//! cargo bench --bench lsp -- --warm-up-time 1 --measurement-time 3

mod random_hands;

use std::process::Stdio;
use std::time::{Duration, Instant};

use random_hands::{complete, from_wall, write_tiles, Rng};

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use serde_json::{json, Value};
use tenpai::document::{Analyzer, DocKind};
use tenpai::lsp::test_client::TestClient;
use tenpai::score::Rules;
use tenpai::tile::{Tile, KINDS};

const HANDS: usize = 10_000;

/// 10,000 distinct hand lines: 40% winning hands (riichi, tsumo or ron,
/// a dora indicator), 30% tenpai hands, 15% random 13-tile and 15% random
/// 14-tile hands (with their discard tables).
fn document() -> String {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut seen = std::collections::HashSet::new();
    let mut out = String::with_capacity(HANDS * 48);
    while seen.len() < HANDS {
        let kind = rng.below(20);
        let line = hand_line(&mut rng, kind);
        if seen.insert(line.clone()) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

/// One line of a kind: 0-7 winning, 8-13 tenpai, 14-16 random 13 tiles,
/// 17-19 random 14 tiles.
fn hand_line(rng: &mut Rng, kind: usize) -> String {
    {
        let dora = Tile::from_index(rng.below(KINDS))
            .map(|t| t.ascii())
            .unwrap_or_default();
        match kind {
            0..=7 => {
                let mut t = complete(rng);
                let how = if rng.below(2) == 0 { " tsumo" } else { "" };
                format!("{} riichi{how} dora={dora}", write_tiles(&mut t))
            }
            8..=13 => {
                let mut t = complete(rng);
                let i = rng.below(t.len());
                t.remove(i);
                format!("{} riichi dora={dora}", write_tiles(&mut t))
            }
            14..=16 => format!("{} dora={dora}", write_tiles(&mut from_wall(rng, 13))),
            _ => format!("{} dora={dora}", write_tiles(&mut from_wall(rng, 14))),
        }
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

async fn client() -> TestClient {
    let (mut c, _) = TestClient::in_process();
    c.initialize(json!({}), Value::Null).await;
    c
}

fn bench_protocol(c: &mut Criterion) {
    let doc = document();
    let rt = runtime();
    let mut g = c.benchmark_group("lsp");
    g.sample_size(10);

    // Open -> first diagnostics: a new document each time (its own cold
    // cache), closed afterwards.
    let mut cl = rt.block_on(client());
    let mut n = 0u64;
    g.bench_function("open_10k_to_diagnostics", |b| {
        b.iter_custom(|iters| {
            rt.block_on(async {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    n += 1;
                    let uri = format!("file:///bench-{n}.mj");
                    let t0 = Instant::now();
                    cl.open(&uri, "mj", 1, &doc).await;
                    cl.diagnostics(&uri, 1).await;
                    total += t0.elapsed();
                    cl.notify(
                        "textDocument/didClose",
                        json!({"textDocument": {"uri": uri}}),
                    )
                    .await;
                    cl.diagnostics_any(&uri).await;
                }
                total
            })
        })
    });

    // One document, edited: a word typed at the start of line 5,000 and
    // deleted again, alternately: edits that change the diagnostics (one
    // that leaves them as they were publishes nothing).
    let uri = "file:///bench.mj";
    rt.block_on(async {
        cl.open(uri, "mj", 1, &doc).await;
        let d = cl.diagnostics(uri, 1).await;
        println!(
            "the document: {} lines, {} bytes, {} diagnostics",
            HANDS,
            doc.len(),
            d.as_array().map_or(0, Vec::len)
        );
    });
    let mut version = 1i64;
    g.bench_function("edit_to_diagnostics", |b| {
        b.iter_custom(|iters| {
            rt.block_on(async {
                let t0 = Instant::now();
                for _ in 0..iters {
                    version += 1;
                    if version % 2 == 0 {
                        cl.change(uri, version, [5000, 0, 5000, 0], "qq ").await;
                    } else {
                        cl.change(uri, version, [5000, 0, 5000, 3], "").await;
                    }
                    cl.diagnostics(uri, version).await;
                }
                t0.elapsed()
            })
        })
    });
    // Back to the original text for the queries.
    if version % 2 == 0 {
        version += 1;
        rt.block_on(async {
            cl.change(uri, version, [5000, 0, 5000, 3], "").await;
            cl.diagnostics(uri, version).await;
        });
    }

    g.sample_size(50);
    let mut line = 0u32;
    g.bench_function("hover", |b| {
        b.iter_custom(|iters| {
            rt.block_on(async {
                let t0 = Instant::now();
                for _ in 0..iters {
                    line = (line + 97) % HANDS as u32;
                    let h = cl
                        .call(
                            "textDocument/hover",
                            json!({"textDocument": {"uri": uri},
                                   "position": {"line": line, "character": 3}}),
                        )
                        .await;
                    assert!(h.is_object());
                }
                t0.elapsed()
            })
        })
    });

    g.bench_function("inlay_hints_100_lines", |b| {
        b.iter_custom(|iters| {
            rt.block_on(async {
                let t0 = Instant::now();
                for _ in 0..iters {
                    line = (line + 997) % (HANDS as u32 - 100);
                    let h = cl
                        .call(
                            "textDocument/inlayHint",
                            json!({"textDocument": {"uri": uri},
                                   "range": {"start": {"line": line, "character": 0},
                                             "end": {"line": line + 100, "character": 0}}}),
                        )
                        .await;
                    assert!(h.as_array().is_some_and(|a| !a.is_empty()));
                }
                t0.elapsed()
            })
        })
    });
    g.finish();
}

/// The analysis alone: every line analysed (cold cache), and a pass after
/// a one-line edit (warm cache).
fn bench_analysis(c: &mut Criterion) {
    let doc = document();
    let rules = Rules::default();
    let mut g = c.benchmark_group("lsp_analysis");
    g.sample_size(10);
    g.bench_function("analyze_10k_cold", |b| {
        b.iter_batched(
            Analyzer::new,
            |mut a| a.analyze(&doc, DocKind::Mj, &rules).len(),
            BatchSize::LargeInput,
        )
    });
    let mut a = Analyzer::new();
    a.analyze(&doc, DocKind::Mj, &rules);
    let edited = doc.replacen("\n", "\n#\n", 1);
    let mut flip = false;
    g.bench_function("analyze_10k_after_edit", |b| {
        b.iter(|| {
            flip = !flip;
            let text = if flip { &edited } else { &doc };
            a.analyze(text, DocKind::Mj, &rules).len()
        })
    });
    // One line analysed, uncached, by kind of hand: where the cold time goes.
    for (name, kind) in [
        ("winning", 0),
        ("tenpai", 8),
        ("random13", 14),
        ("random14", 17),
    ] {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let lines: Vec<String> = (0..500).map(|_| hand_line(&mut rng, kind)).collect();
        let mut i = 0;
        g.bench_function(format!("line/{name}"), |b| {
            b.iter(|| {
                i = (i + 1) % lines.len();
                tenpai::document::analyze_text(&lines[i], &rules)
                    .diagnostics
                    .len()
            })
        });
    }
    g.finish();
}

/// Resident memory of `tenpai lsp` holding the document (Linux only):
/// printed, not timed.
fn memory(_: &mut Criterion) {
    if std::fs::metadata("/proc/self/status").is_err() {
        return;
    }
    let doc = document();
    let rt = runtime();
    rt.block_on(async {
        let mut child = match tokio::process::Command::new(env!("CARGO_BIN_EXE_tenpai"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
        {
            Ok(c) => c,
            Err(e) => {
                eprintln!("memory: cannot start tenpai: {e}");
                return;
            }
        };
        let (Some(stdin), Some(stdout), Some(pid)) =
            (child.stdin.take(), child.stdout.take(), child.id())
        else {
            return;
        };
        let mut c = TestClient::new(stdout, stdin);
        c.initialize(json!({}), Value::Null).await;
        c.open("file:///bench.mj", "mj", 1, &doc).await;
        c.diagnostics("file:///bench.mj", 1).await;
        let hints = c
            .call(
                "textDocument/inlayHint",
                json!({"textDocument": {"uri": "file:///bench.mj"},
                       "range": {"start": {"line": 0, "character": 0},
                                 "end": {"line": HANDS, "character": 0}}}),
            )
            .await;
        assert!(hints.is_array());
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        for l in status
            .lines()
            .filter(|l| l.starts_with("VmRSS") || l.starts_with("VmHWM"))
        {
            println!("tenpai lsp with the 10,000-hand document open: {l}");
        }
        c.shutdown().await;
        let _ = child.wait().await;
    });
}

criterion_group!(benches, bench_protocol, bench_analysis, memory);
criterion_main!(benches);
