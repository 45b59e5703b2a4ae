//! Parsing and validating 10,000 hand lines: the 5,200 lines of the scoring
//! vectors (options, melds, kans) and 4,800 bare hands of the shanten
//! vectors. Target: 300 ns per line, on the machine where the issue set it;
//! the last bench gives the time in that machine's units (see
//! `common::scaled`).
//!
//! cargo bench -p tenpai --bench parse -- --warm-up-time 1 --measurement-time 3

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tenpai::format::{format_line, FormatOptions};
use tenpai::hand::{validate, validate_without_fast_path, Mode};
use tenpai::notation::ast::{Line, LineKind};
use tenpai::notation::{parse_line, parse_line_without_fast_path};
use tenpai::rules::Rules;

mod common;

const LINES: usize = 10_000;

fn lines() -> Vec<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors");
    let read = |name: &str, field: &str| -> Vec<String> {
        let text = std::fs::read_to_string(dir.join(name))
            .expect("tests/vectors holds the reference vectors");
        text.lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter_map(|v| v[field].as_str().map(str::to_string))
            .collect()
    };
    let mut out = read("scoring.jsonl", "line");
    out.extend(read("no-yaku.jsonl", "line"));
    let hands = read("shanten.jsonl", "hand");
    let need = LINES - out.len().min(LINES);
    out.extend(hands.into_iter().take(need));
    out.truncate(LINES);
    assert_eq!(out.len(), LINES);
    out
}

fn bench(c: &mut Criterion) {
    let lines = lines();
    let rules = Rules::tenhou();
    let mut g = c.benchmark_group("notation");
    g.throughput(Throughput::Elements(LINES as u64));
    g.bench_function("parse+validate 10k lines", |b| {
        b.iter(|| parse_and_validate(&lines, &rules, Paths::Fast))
    });
    // What the fast paths are worth, in this run: the same work by the
    // recovering parser and the full validation alone.
    g.bench_function("parse+validate 10k lines, no fast paths", |b| {
        b.iter(|| parse_and_validate(&lines, &rules, Paths::FullOnly))
    });
    g.bench_function("parse 10k lines, recovering parser alone", |b| {
        b.iter(|| {
            for l in &lines {
                black_box(parse_line_without_fast_path(black_box(l)));
            }
        })
    });
    g.bench_function("parse 10k lines", |b| {
        b.iter(|| {
            for l in &lines {
                black_box(parse_line(black_box(l)));
            }
        })
    });
    g.bench_function("format 10k lines", |b| {
        let opts = FormatOptions::default();
        b.iter(|| {
            for l in &lines {
                black_box(format_line(black_box(l), &opts));
            }
        })
    });
    // 20,000 hands: a pass of about 2 ms, as long as the one it scales.
    let yardstick = common::hands(20_000, false);
    g.bench_function(
        "parse+validate 10k lines, scaled to xiangting at 90 ns",
        |b| {
            b.iter_custom(|iters| {
                common::scaled(iters, &yardstick, || {
                    parse_and_validate(&lines, &rules, Paths::Fast)
                })
            })
        },
    );
    g.finish();
}

/// Parses and validates every line: each must be a valid hand.
/// Which parser and validator a pass uses.
#[derive(Clone, Copy)]
enum Paths {
    /// `parse_line` and `validate`: the fast paths, falling back.
    Fast,
    /// The recovering parser and the full validation alone.
    FullOnly,
}

fn parse_and_validate(lines: &[String], rules: &Rules, paths: Paths) {
    let mut errors = 0;
    for l in lines {
        let line: Line = match paths {
            Paths::Fast => parse_line(black_box(l)),
            Paths::FullOnly => parse_line_without_fast_path(black_box(l)),
        };
        if let LineKind::Hand(h) = &line.kind {
            let v = match paths {
                Paths::Fast => validate(h, rules, Mode::Strict),
                Paths::FullOnly => validate_without_fast_path(h, rules, Mode::Strict),
            };
            errors += usize::from(v.has_errors());
        }
        errors += line.errors.len();
    }
    assert_eq!(errors, 0);
}

criterion_group!(benches, bench);
criterion_main!(benches);
