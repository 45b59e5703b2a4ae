//! The language server under a long game review: a 2,000-line `.mj` review
//! open, and someone typing a new hand line of 100 characters into its
//! middle, one character every 50 ms, hovering the hands around it between
//! keystrokes. Driven in process through the whole JSON-RPC stack, as
//! `benches/lsp.rs` is.
//!
//! What a person feels is the slowest answer, not the mean: each sample is
//! one whole typing session, and its figure is the session's worst latency
//! (didChange sent -> that version's publishDiagnostics received; hover
//! request sent -> answer received). The worst of all sessions is printed
//! at the end, with what the kernel's scheduler says of it: the bench's
//! threads (client and server on one runtime, a whole-document request's
//! work on the blocking pool) were either on a CPU, doing the work, or runnable and
//! waiting for one (on a loaded machine, for other processes). So the worst latency is told apart into the
//! keystroke's own cost and the machine's, and the most CPU time any
//! keystroke took is printed beside it.
//!
//! cargo bench -p tenpai --bench lsp_review -- --warm-up-time 1 --measurement-time 3

mod random_hands;

use std::time::{Duration, Instant};

use random_hands::{complete, from_wall, write_tiles, Rng};

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use serde_json::{json, Value};
use tenpai::lsp::test_client::TestClient;
use tenpai::tile::{Tile, KINDS};

fn ascii(kind: usize) -> String {
    Tile::from_index(kind)
        .map(|t| t.ascii())
        .unwrap_or_default()
}

/// Lines in the review.
const LINES: usize = 2_000;
/// The line the new hand is typed into (an empty line inserted there).
const TYPED_AT: u32 = 1_000;
/// What is typed, one character a keystroke: 100 characters.
const TYPED: &str =
    "123m 456m 345p 234s 88s win=6m seat=w round=s riichi tsumo dora=1p # drew the 6m, late in turn 12 ok";
/// The pause between keystrokes.
const KEYSTROKE: Duration = Duration::from_millis(50);
const URI: &str = "file:///review.mj";

/// A review as `examples/game-review.mj` writes one, 2,000 lines: per turn
/// a comment and the 14 tiles after the draw with the cut made
/// (`discard=`: the server compares it with the best cut), now and then
/// the tenpai declared and the win, a blank line between hands, a
/// `rules:` line per game.
fn review() -> String {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut lines: Vec<String> = vec![
        "# Game review: a session's hanchan, turn by turn.".into(),
        "rules: tenhou".into(),
    ];
    let mut game = 1;
    while lines.len() < LINES {
        lines.push(String::new());
        lines.push(format!("# Game {game}, South 2, I sit West."));
        for turn in 3..9 {
            // Turns early in the hand: random tiles; later: one away.
            let mut tiles = if turn < 6 {
                from_wall(&mut rng, 14)
            } else {
                let mut tiles = complete(&mut rng);
                let swapped = rng.below(tiles.len());
                tiles[swapped] = rng.below(KINDS);
                tiles
            };
            let cut = ascii(tiles[rng.below(tiles.len())]);
            lines.push(format!("# Turn {turn}: what to cut?"));
            lines.push(format!(
                "{} seat=w round=s discard={cut}",
                write_tiles(&mut tiles)
            ));
        }
        let mut full = complete(&mut rng);
        let winning = rng.below(full.len());
        let win = ascii(full[winning]);
        let mut tenpai = full.clone();
        tenpai.remove(winning);
        let dora = ascii(rng.below(KINDS));
        lines.push("# The tenpai I declared riichi with.".into());
        lines.push(format!(
            "{} seat=w round=s riichi dora={dora}",
            write_tiles(&mut tenpai)
        ));
        lines.push("# And the win.".into());
        lines.push(format!(
            "{} win={win} seat=w round=s riichi tsumo dora={dora}",
            write_tiles(&mut full)
        ));
        if game % 10 == 0 {
            lines.push(String::new());
            lines.push("rules: tenhou".into());
        }
        game += 1;
    }
    lines.truncate(LINES);
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

/// The hand lines near the typing, numbered as they are once the new line
/// is inserted: what a mouse hovers while reading.
fn hand_lines_near(text: &str) -> Vec<u32> {
    text.lines()
        .enumerate()
        .filter(|(index, line)| {
            index.abs_diff(TYPED_AT as usize) < 40 && line.starts_with(|c: char| c.is_ascii_digit())
        })
        .map(|(index, _)| {
            let index = index as u32;
            if index >= TYPED_AT {
                index + 1
            } else {
                index
            }
        })
        .collect()
}

/// The worst latencies of one typing session.
#[derive(Default, Clone, Copy)]
struct Worst {
    publish: Duration,
    hover: Duration,
    /// Of the worst publish, the time the threads waited for a CPU.
    publish_waiting: Duration,
    /// Of the worst hover, the time the threads waited for a CPU.
    hover_waiting: Duration,
    /// The most CPU time one keystroke (edit to diagnostics) took.
    publish_cpu: Duration,
    /// The most CPU time one hover took.
    hover_cpu: Duration,
}

impl Worst {
    fn merge(&mut self, other: Worst) {
        if other.publish > self.publish {
            self.publish = other.publish;
            self.publish_waiting = other.publish_waiting;
        }
        if other.hover > self.hover {
            self.hover = other.hover;
            self.hover_waiting = other.hover_waiting;
        }
        self.publish_cpu = self.publish_cpu.max(other.publish_cpu);
        self.hover_cpu = self.hover_cpu.max(other.hover_cpu);
    }
}

/// The process's time on a CPU and time waiting for one so far, summed
/// over its threads' `/proc/self/task/*/schedstat` (zero where there is
/// none): the client and the server's event loop, which answers a hover,
/// run on this thread; whole-document requests run on the blocking pool.
fn scheduled() -> (Duration, Duration) {
    let mut on_cpu = Duration::ZERO;
    let mut waiting = Duration::ZERO;
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return (on_cpu, waiting);
    };
    for task in tasks.flatten() {
        let stat = std::fs::read_to_string(task.path().join("schedstat")).unwrap_or_default();
        let mut fields = stat
            .split_whitespace()
            .map(|field| Duration::from_nanos(field.parse().unwrap_or(0)));
        on_cpu += fields.next().unwrap_or_default();
        waiting += fields.next().unwrap_or_default();
    }
    (on_cpu, waiting)
}

/// Times `work`: its latency, CPU time and time waiting for a CPU.
async fn timed<T>(work: impl std::future::Future<Output = T>) -> (T, Duration, Duration, Duration) {
    let (cpu_before, waiting_before) = scheduled();
    let sent = Instant::now();
    let out = work.await;
    let latency = sent.elapsed();
    let (cpu_after, waiting_after) = scheduled();
    (
        out,
        latency,
        cpu_after.saturating_sub(cpu_before),
        waiting_after.saturating_sub(waiting_before),
    )
}

/// Open the review, type [`TYPED`] into a new line at [`TYPED_AT`], one
/// character each [`KEYSTROKE`], hovering a hand line after each; then
/// close the document. A fresh document each session (`n` names it).
async fn session(client: &mut TestClient, text: &str, hovered: &[u32], n: u64) -> Worst {
    let uri = format!("{URI}-{n}");
    client.open(&uri, "mj", 1, text).await;
    client.diagnostics(&uri, 1).await;
    let mut version = 2;
    client
        .change(&uri, version, [TYPED_AT, 0, TYPED_AT, 0], "\n")
        .await;
    client.diagnostics(&uri, version).await;
    let mut worst = Worst::default();
    let mut next = Instant::now();
    for (column, typed) in TYPED.char_indices() {
        next += KEYSTROKE;
        version += 1;
        let column = column as u32;
        let sent = Instant::now();
        let (published, _, cpu, waiting) = timed(async {
            client
                .change(
                    &uri,
                    version,
                    [TYPED_AT, column, TYPED_AT, column],
                    typed.encode_utf8(&mut [0; 4]),
                )
                .await;
            // A keystroke that leaves the diagnostics as they were
            // publishes nothing (a hover behind the edit tells): only those
            // that publish are timed. The CPU and waiting times include that
            // hover.
            client.published(&uri, version).await
        })
        .await;
        if let Some((_, arrived)) = published {
            worst.merge(Worst {
                publish: arrived - sent,
                publish_waiting: waiting,
                publish_cpu: cpu,
                ..Worst::default()
            });
        }

        let line = hovered[column as usize % hovered.len()];
        let (answer, latency, cpu, waiting) = timed(client.call(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri},
                   "position": {"line": line, "character": 3}}),
        ))
        .await;
        worst.merge(Worst {
            hover: latency,
            hover_waiting: waiting,
            hover_cpu: cpu,
            ..Worst::default()
        });
        assert!(answer.is_object(), "a hover on hand line {line}: {answer}");
        tokio::time::sleep_until(next.into()).await;
    }
    client
        .notify(
            "textDocument/didClose",
            json!({"textDocument": {"uri": uri}}),
        )
        .await;
    client.diagnostics_any(&uri).await;
    worst
}

fn bench(c: &mut Criterion) {
    assert_eq!(TYPED.chars().count(), 100, "100 keystrokes");
    let text = review();
    let hovered = hand_lines_near(&text);
    assert!(hovered.len() >= 10, "hand lines to hover near the typing");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let mut client = runtime.block_on(async {
        let (mut client, _) = TestClient::in_process();
        client.initialize(json!({}), Value::Null).await;
        client
    });
    let diagnostics = runtime.block_on(async {
        client.open(URI, "mj", 1, &text).await;
        client.diagnostics(URI, 1).await
    });
    println!(
        "the review: {} lines, {} bytes, {} diagnostics; {} keystrokes {} ms apart",
        text.lines().count(),
        text.len(),
        diagnostics.as_array().map_or(0, Vec::len),
        TYPED.chars().count(),
        KEYSTROKE.as_millis()
    );

    let mut group = c.benchmark_group("review 2,000 lines, typing 100 characters");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    let mut sessions = 0u64;
    let mut overall = Worst::default();
    for (name, pick) in [
        (
            "worst edit -> diagnostics",
            (|w: Worst| w.publish) as fn(Worst) -> Duration,
        ),
        ("worst hover", |w: Worst| w.hover),
    ] {
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                runtime.block_on(async {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        sessions += 1;
                        let worst = session(&mut client, &text, &hovered, sessions).await;
                        overall.merge(worst);
                        total += pick(worst);
                    }
                    total
                })
            })
        });
    }
    group.finish();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "worst of all {sessions} sessions ({} keystrokes): edit -> diagnostics {:.2} ms \
         ({:.2} ms of it waiting for a CPU), hover {:.2} ms ({:.2} ms waiting); \
         the most CPU time of one keystroke: {:.2} ms, of one hover: {:.2} ms",
        sessions * 100,
        ms(overall.publish),
        ms(overall.publish_waiting),
        ms(overall.hover),
        ms(overall.hover_waiting),
        ms(overall.publish_cpu),
        ms(overall.hover_cpu),
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
