//! What the against-benches (compare.rs, redesign.rs) share: criterion
//! measuring the CPU time of the process (all its threads) instead of the
//! wall clock, and the bench of a server's open of a document. The machine
//! is shared, and time spent waiting for a core while other jobs run would
//! land on whichever side was running.

use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::Throughput;

/// The CPU time the process has used so far.
pub fn process_cpu_time() -> Duration {
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
pub struct CpuTime;

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

/// Open -> first diagnostics, for one version's test client. A macro: the
/// two clients are different types of the same shape.
macro_rules! open_bench {
    ($group:expr, $name:expr, $client:ty, $rt:expr, $lang:expr, $ext:expr, $doc:expr) => {{
        let mut client = $rt.block_on(async {
            let (mut c, _) = <$client>::in_process();
            c.initialize(serde_json::json!({}), serde_json::Value::Null).await;
            c
        });
        let mut n = 0u64;
        $group.bench_function($name, |b| {
            b.iter_custom(|iters| {
                $rt.block_on(async {
                    let mut total = std::time::Duration::ZERO;
                    for _ in 0..iters {
                        n += 1;
                        let uri = format!("file:///bench-{n}.{}", $ext);
                        let t0 = $crate::cpu_time::process_cpu_time();
                        client.open(&uri, $lang, 1, $doc).await;
                        client.diagnostics(&uri, 1).await;
                        total += $crate::cpu_time::process_cpu_time().saturating_sub(t0);
                        client
                            .notify(
                                "textDocument/didClose",
                                serde_json::json!({"textDocument": {"uri": uri}}),
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

