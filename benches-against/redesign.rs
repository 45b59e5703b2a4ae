//! The figures of docs/performance.md before the redesign (the one-crate
//! tree, `before`) and now, side by side in one criterion run (see
//! redesign.sh): shanten and the discard analysis, scoring, parsing,
//! validating and formatting hand lines, `check` of a 5 MB article, and
//! the language server's open of 10,000 hands, a keystroke and a hover.
//! Each pair runs the same work on the same input, seconds apart, timed
//! in the process's CPU time. Before timing, both versions must give the
//! same answers.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use serde_json::json;

#[macro_use]
mod cpu_time;
use cpu_time::{process_cpu_time, CpuTime};

/// The generator of `crates/tenpai/benches/document.rs`.
mod documents;
use documents::Until;

mod now {
    use ::now as tenpai;
    use tenpai::format::{format_line, FormatOptions};
    use tenpai::score::Rules;
    include!("redesign_body.rs");
}

mod before {
    use ::before as tenpai;
    use tenpai::notation::format::{format_line, FormatOptions};
    use tenpai::score::Rules;
    include!("redesign_body.rs");
}

const ARTICLE: &str = include_str!("article.md");
const SCORING: &str = include_str!("scoring.jsonl");
const NO_YAKU: &str = include_str!("no-yaku.jsonl");
const SHANTEN: &str = include_str!("shanten.jsonl");

/// One field of each line of a vector file.
fn field(vectors: &str, name: &str) -> Vec<String> {
    vectors
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter_map(|vector| vector[name].as_str().map(str::to_string))
        .collect()
}

/// The 10,000 lines of `benches/parse.rs`: the scoring and no-yaku
/// vectors' lines, then bare hands of the shanten vectors.
fn notation_lines() -> Vec<String> {
    let mut lines = field(SCORING, "line");
    lines.extend(field(NO_YAKU, "line"));
    lines.extend(field(SHANTEN, "hand"));
    lines.truncate(10_000);
    assert_eq!(lines.len(), 10_000);
    lines
}

/// Hands dealt from seeded shuffled walls (xorshift64*), 13 and 14 tiles
/// alternately, or 14 only.
fn dealt(count: usize, size: Option<usize>) -> Vec<[u8; 34]> {
    let mut state = 0x5EED_0F7E_49A1u64;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    let mut wall: Vec<u8> = (0..136).map(|tile| (tile / 4) as u8).collect();
    (0..count)
        .map(|index| {
            let tiles = size.unwrap_or(13 + index % 2);
            for dealt in 0..tiles {
                let swap = dealt + (next() % (136 - dealt) as u64) as usize;
                wall.swap(dealt, swap);
            }
            let mut counts = [0u8; 34];
            for &kind in &wall[..tiles] {
                counts[usize::from(kind)] += 1;
            }
            counts
        })
        .collect()
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// A keystroke in the middle of an open 10,000-hand document, timed from
/// the edit sent to its diagnostics received; then a hover on the line.
macro_rules! typing_bench {
    ($group:expr, $label:expr, $client:ty, $rt:expr, $doc:expr) => {{
        let mut client = $rt.block_on(async {
            let (mut client, _) = <$client>::in_process();
            client.initialize(json!({}), serde_json::Value::Null).await;
            client.open("file:///typing.mj", "mj", 1, $doc).await;
            client.diagnostics("file:///typing.mj", 1).await;
            client
        });
        let mut version = 1;
        $group.bench_function(format!("keystroke to diagnostics, 10,000 hands/{}", $label), |b| {
            b.iter_custom(|iters| {
                $rt.block_on(async {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        version += 1;
                        // A tile typed at the start of line 5,000 (one too
                        // many: an error), then taken back: the diagnostics
                        // change with each edit, so each one publishes.
                        let (range, text) = if version % 2 == 0 {
                            ([5_000, 0, 5_000, 0], "1m ")
                        } else {
                            ([5_000, 0, 5_000, 3], "")
                        };
                        let started = process_cpu_time();
                        client.change("file:///typing.mj", version, range, text).await;
                        client.diagnostics("file:///typing.mj", version).await;
                        total += process_cpu_time().saturating_sub(started);
                    }
                    total
                })
            })
        });
        $group.bench_function(format!("hover, 10,000 hands/{}", $label), |b| {
            b.iter_custom(|iters| {
                $rt.block_on(async {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        let started = process_cpu_time();
                        let answer = client
                            .call(
                                "textDocument/hover",
                                json!({"textDocument": {"uri": "file:///typing.mj"},
                                       "position": {"line": 4_000, "character": 3}}),
                            )
                            .await;
                        total += process_cpu_time().saturating_sub(started);
                        assert!(answer.is_object(), "a hover: {answer}");
                    }
                    total
                })
            })
        });
    }};
}

/// `REDESIGN_PASSES="SIDE WORK N"` (SIDE `before` or `now`, WORK `parse`
/// or `parse+validate`): that work on the 10,000 lines, N times, alone and
/// outside criterion, then exit; for callgrind, whose instruction counts do
/// not move with the machine's load.
fn passes_from_env() -> Option<()> {
    let spec = std::env::var("REDESIGN_PASSES").ok()?;
    let words: Vec<&str> = spec.split_whitespace().collect();
    let [side, work, count] = words[..] else {
        panic!("REDESIGN_PASSES is \"SIDE WORK N\", not {spec:?}");
    };
    let count: usize = count.parse().expect("REDESIGN_PASSES: a number of passes");
    let lines = notation_lines();
    let pass: fn(&[String]) -> usize = match (side, work) {
        ("before", "parse") => before::parse_all,
        ("now", "parse") => now::parse_all,
        ("before", "parse+validate") => before::parse_and_validate,
        ("now", "parse+validate") => now::parse_and_validate,
        _ => panic!("REDESIGN_PASSES: SIDE is before or now, WORK parse or parse+validate"),
    };
    let total: usize = (0..count).map(|_| pass(&lines)).sum();
    println!("{side} {work}, {count} passes: {total}");
    Some(())
}

fn bench(c: &mut Criterion<CpuTime>) {
    if passes_from_env().is_some() {
        std::process::exit(0);
    }
    let mut group = c.benchmark_group("redesign");

    let hands = dealt(200_000, None);
    assert_eq!(now::shanten_all(&hands), before::shanten_all(&hands));
    group.bench_function("shanten 200,000 hands/before", |b| b.iter(|| before::shanten_all(&hands)));
    group.bench_function("shanten 200,000 hands/now", |b| b.iter(|| now::shanten_all(&hands)));

    let fourteen = dealt(10_000, Some(14));
    assert_eq!(now::discards_all(&fourteen), before::discards_all(&fourteen));
    group.bench_function("discards 10,000 hands/before", |b| b.iter(|| before::discards_all(&fourteen)));
    group.bench_function("discards 10,000 hands/now", |b| b.iter(|| now::discards_all(&fourteen)));

    let scoring_lines = field(SCORING, "line");
    let (scoring_now, scoring_before) = (now::scoring(&scoring_lines), before::scoring(&scoring_lines));
    assert_eq!(now::score_all(&scoring_now), before::score_all(&scoring_before));
    group.bench_function("score 5,000 hands/before", |b| b.iter(|| before::score_all(&scoring_before)));
    group.bench_function("score 5,000 hands/now", |b| b.iter(|| now::score_all(&scoring_now)));

    let lines = notation_lines();
    assert_eq!(now::parse_and_validate(&lines), 0);
    assert_eq!(before::parse_and_validate(&lines), 0);
    group.bench_function("parse+validate 10,000 lines/before", |b| b.iter(|| before::parse_and_validate(&lines)));
    group.bench_function("parse+validate 10,000 lines/now", |b| b.iter(|| now::parse_and_validate(&lines)));
    group.bench_function("parse 10,000 lines/before", |b| b.iter(|| before::parse_all(&lines)));
    group.bench_function("parse 10,000 lines/now", |b| b.iter(|| now::parse_all(&lines)));
    assert_eq!(now::format_all(&lines), before::format_all(&lines));
    group.bench_function("format 10,000 lines/before", |b| b.iter(|| before::format_all(&lines)));
    group.bench_function("format 10,000 lines/now", |b| b.iter(|| now::format_all(&lines)));

    let article = documents::repeated_article(ARTICLE, 5 * 1024 * 1024);
    assert_eq!(now::check(&article), before::check(&article), "the same diagnostics in the article");
    group.sample_size(20);
    group.bench_function("check 5MB article/before", |b| {
        b.iter_batched(|| (), |()| before::check(&article), BatchSize::PerIteration)
    });
    group.bench_function("check 5MB article/now", |b| {
        b.iter_batched(|| (), |()| now::check(&article), BatchSize::PerIteration)
    });

    let hand_lines = documents::distinct_hand_lines(Until::Lines(10_000));
    let rt = runtime();
    group.sample_size(10);
    open_bench!(group, "open 10,000 hands .mj/before", before::Client, rt, "mj", "mj", &hand_lines);
    open_bench!(group, "open 10,000 hands .mj/now", now::Client, rt, "mj", "mj", &hand_lines);
    group.sample_size(30);
    typing_bench!(group, "before", before::Client, rt, &hand_lines);
    typing_bench!(group, "now", now::Client, rt, &hand_lines);
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime);
    targets = bench
}
criterion_main!(benches);
