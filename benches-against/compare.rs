//! The document layer and the language server at two commits, side by
//! side in one criterion run (see run.sh): `before` is the older commit,
//! `now` the working tree. What is compared is what the dialects could
//! have slowed down: `tenpai check` of a 5 MB Markdown article (prose, a
//! hand every few lines), and opening a 10,000-hand document in the server
//! (a `.mj` file, and the same hands in a Markdown fence).
//!
//! What is measured is the CPU time of the process (all its threads), not
//! the wall clock: the machine is shared, and time spent waiting for a
//! core while other jobs run would land on whichever side was running.


use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

/// The process CPU-time measurement and the open bench, shared with
/// redesign.rs (copied beside this file by run.sh).
#[macro_use]
mod cpu_time;
use cpu_time::CpuTime;

/// The generator of `crates/tenpai/benches/document.rs`, copied beside
/// this file by run.sh.
mod documents;
use documents::Until;

const ARTICLE: &str = include_str!("article.md");
const TARGET: usize = 5 * 1024 * 1024;
const HANDS: usize = 10_000;

/// The example article repeated to 5 MB.
fn repeated_article() -> String {
    documents::repeated_article(ARTICLE, TARGET)
}

/// 10,000 distinct hand lines.
fn hand_lines() -> String {
    documents::distinct_hand_lines(Until::Lines(HANDS))
}

fn check_before(text: &str) -> usize {
    use doc_before::document::{file_diagnostics, Analyzer, DocKind};
    let mut analyzer = Analyzer::new();
    let lines = analyzer.analyze(text, DocKind::Markdown, &core_before::score::Rules::tenhou());
    let n = file_diagnostics(&lines).len();
    std::mem::forget(analyzer);
    n
}

fn check_now(text: &str) -> usize {
    use doc_now::document::{file_diagnostics, Analyzer, DocKind};
    let mut analyzer = Analyzer::new();
    let lines = analyzer.analyze(text, DocKind::Markdown, &core_now::score::Rules::tenhou());
    let n = file_diagnostics(&lines).len();
    std::mem::forget(analyzer);
    n
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

fn bench(c: &mut Criterion<CpuTime>) {
    let article = repeated_article();
    assert_eq!(
        check_before(&article),
        check_now(&article),
        "both versions find the same diagnostics in the article"
    );
    let mut g = c.benchmark_group("against");
    g.sample_size(20);
    g.bench_function("check 5MB article/before", |b| {
        b.iter_batched(|| (), |()| check_before(&article), BatchSize::PerIteration)
    });
    g.bench_function("check 5MB article/now", |b| {
        b.iter_batched(|| (), |()| check_now(&article), BatchSize::PerIteration)
    });

    let lines = hand_lines();
    let markdown = format!("# Hands\n\nSome prose before them.\n\n```mj\n{lines}```\n");
    let rt = runtime();
    g.sample_size(10);
    type Before = lsp_before::test_client::TestClient;
    type Now = lsp_now::test_client::TestClient;
    open_bench!(g, "open 10,000 hands .mj/before", Before, rt, "mj", "mj", &lines);
    open_bench!(g, "open 10,000 hands .mj/now", Now, rt, "mj", "mj", &lines);
    open_bench!(g, "open 10,000 hands .md/before", Before, rt, "markdown", "md", &markdown);
    open_bench!(g, "open 10,000 hands .md/now", Now, rt, "markdown", "md", &markdown);
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime);
    targets = bench
}
criterion_main!(benches);
