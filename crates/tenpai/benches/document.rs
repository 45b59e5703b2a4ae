//! Checking a 5 MB Markdown file, from text to diagnostics, with a cold
//! cache (as `tenpai check` runs), and re-analysing after a one-line edit
//! (as the language server does).
//!
//! cargo bench --bench document -- --warm-up-time 1 --measurement-time 3

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use tenpai::document::{file_diagnostics, Analyzer, DocKind};
use tenpai::score::Rules;

#[path = "common/documents.rs"]
mod documents;
use documents::Until;

const ARTICLE: &str = include_str!("../../../examples/pushing-with-value.md");

const TARGET: usize = 5 * 1024 * 1024;

/// The example article repeated to 5 MB.
fn repeated_article() -> String {
    documents::repeated_article(ARTICLE, TARGET)
}

/// 5 MB of fenced hands, every line different (no line is analysed twice):
/// the worst case for the cache.
fn distinct_hands() -> String {
    distinct_hands_up_to(TARGET)
}

/// Distinct fenced hands up to `target` bytes.
fn distinct_hands_up_to(target: usize) -> String {
    const HEADING: &str = "# Many hands\n\n```mj\n";
    let lines = documents::distinct_hand_lines(Until::Bytes(target - HEADING.len()));
    format!("{HEADING}{lines}```\n")
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
