//! Checking a 5 MB Markdown file, from text to diagnostics, with a cold
//! cache (as `tenpai check` runs), and re-analysing after a one-line edit
//! (as the language server does).
//!
//! cargo bench --bench document -- --warm-up-time 1 --measurement-time 3

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use tenpai::document::{file_diagnostics, Analyzer, DocKind};
use tenpai::score::Rules;

const ARTICLE: &str = include_str!("../../../examples/pushing-with-value.md");

const TARGET: usize = 5 * 1024 * 1024;

/// The example article repeated to 5 MB: mostly prose, a hand every few
/// lines, the same hands again and again.
fn repeated_article() -> String {
    let mut s = String::with_capacity(TARGET + ARTICLE.len());
    while s.len() < TARGET {
        s.push_str(ARTICLE);
        s.push('\n');
    }
    s
}

/// 5 MB of fenced hands, every line different (no line is analysed twice):
/// the worst case for the cache.
fn distinct_hands() -> String {
    distinct_hands_up_to(TARGET)
}

/// Distinct fenced hands up to `target` bytes.
fn distinct_hands_up_to(target: usize) -> String {
    let hands = [
        "123m 456m 678p 234s 55s win=1m riichi",
        "(234m) 567p 456s 678s 33p win=5p",
        "(777z) 234m 567p 345s 99m win=2m",
        "11m 33p 55p 77s 99s 22z 66z win=6z riichi tsumo",
        "234m 234p 234s 678s 55p win=8s riichi tsumo",
        "[8888p] 234m 567m 345s 77z win=4s riichi",
        "23456m 567p 345s 11z",
        "123m 456p 78s 99s 34m 7z",
        "12m 45m 9m 34p 9p 234s 88s 1z discard=1z",
    ];
    let winds = ["e", "s", "w", "n"];
    let mut s = String::with_capacity(target + 4096);
    s.push_str("# Many hands\n\n```mj\n");
    let mut n = 0u32;
    'outer: for honba in 0.. {
        for dora in 0..34 {
            let suit = ["m", "p", "s", "z"][dora / 9];
            let num = dora % 9 + 1;
            for seat in winds {
                for h in hands {
                    s.push_str(&format!("{h} seat={seat} dora={num}{suit} honba={honba}\n"));
                    n += 1;
                    if s.len() >= target {
                        break 'outer;
                    }
                }
            }
        }
    }
    s.push_str("```\n");
    let _ = n;
    s
}

/// What `tenpai check` does with a document: analyse it with a fresh
/// cache and place every diagnostic in the file.
fn check(text: &str) -> (Analyzer, usize) {
    let mut analyzer = Analyzer::new();
    let lines = analyzer.analyze(text, DocKind::Markdown, &Rules::tenhou());
    let n = file_diagnostics(&lines).len();
    (analyzer, n)
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("document");
    g.sample_size(10);
    for (name, text) in [
        ("check 5MB article", repeated_article()),
        ("check 5MB distinct hands", distinct_hands()),
    ] {
        g.throughput(Throughput::Bytes(text.len() as u64));
        // `tenpai check` leaves freeing the cache to the OS at exit, so the
        // drop is not timed here; the next bench times it.
        g.bench_function(name, |b| b.iter_with_large_drop(|| check(&text)));
        g.bench_function(format!("{name}, freeing the cache"), |b| {
            b.iter(|| check(&text).1)
        });
    }

    // The language server's path: a warm analyzer, one line edited; in the
    // 5 MB document (88,000 hands) and in one of 10,000 hands.
    for (name, text) in [
        ("re-analyse 5MB after a one-line edit", distinct_hands()),
        (
            "re-analyse 10,000 hands after a one-line edit",
            distinct_hands_up_to(10_000 * 60),
        ),
    ] {
        let mut analyzer = Analyzer::new();
        analyzer.analyze(&text, DocKind::Markdown, &Rules::tenhou());
        let mut flip = false;
        g.throughput(Throughput::Elements(1));
        g.bench_function(name, |b| {
            b.iter_batched(
                || {
                    flip = !flip;
                    let edited = if flip { " riichi" } else { " riichi ippatsu" };
                    text.replacen(" riichi", edited, 1)
                },
                |edited| {
                    analyzer
                        .analyze(&edited, DocKind::Markdown, &Rules::tenhou())
                        .len()
                },
                BatchSize::LargeInput,
            )
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
