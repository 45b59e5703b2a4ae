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

use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use serde_json::{json, Value};

/// The CPU time the process has used so far.
fn process_cpu_time() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec for the call to write.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut now) };
    assert_eq!(status, 0, "the process CPU clock");
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

/// Criterion measuring the process's CPU time.
struct CpuTime;

impl Measurement for CpuTime {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        process_cpu_time()
    }
    fn end(&self, started: Duration) -> Duration {
        process_cpu_time().saturating_sub(started)
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuFormatter
    }
}

/// Nanoseconds of CPU time, shown as criterion shows durations.
struct CpuFormatter;

impl ValueFormatter for CpuFormatter {
    fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
        let (divisor, unit) = if typical < 1e3 {
            (1.0, "ns")
        } else if typical < 1e6 {
            (1e3, "µs")
        } else if typical < 1e9 {
            (1e6, "ms")
        } else {
            (1e9, "s")
        };
        for v in values {
            *v /= divisor;
        }
        unit
    }
    fn scale_throughputs(&self, _typical: f64, _t: &Throughput, values: &mut [f64]) -> &'static str {
        for v in values {
            *v = 1e9 / *v;
        }
        "per CPU second"
    }
    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

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

/// Open -> first diagnostics, for one version's test client. A macro: the
/// two clients are different types of the same shape.
macro_rules! open_bench {
    ($group:expr, $name:expr, $client:ty, $rt:expr, $lang:expr, $ext:expr, $doc:expr) => {{
        let mut client = $rt.block_on(async {
            let (mut c, _) = <$client>::in_process();
            c.initialize(json!({}), Value::Null).await;
            c
        });
        let mut n = 0u64;
        $group.bench_function($name, |b| {
            b.iter_custom(|iters| {
                $rt.block_on(async {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        n += 1;
                        let uri = format!("file:///bench-{n}.{}", $ext);
                        let t0 = process_cpu_time();
                        client.open(&uri, $lang, 1, $doc).await;
                        client.diagnostics(&uri, 1).await;
                        total += process_cpu_time().saturating_sub(t0);
                        client
                            .notify(
                                "textDocument/didClose",
                                json!({"textDocument": {"uri": uri}}),
                            )
                            .await;
                        client.diagnostics_any(&uri).await;
                    }
                    total
                })
            })
        });
    }};
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
