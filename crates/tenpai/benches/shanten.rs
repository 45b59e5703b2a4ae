//! Shanten on 1,000,000 random 13- and 14-tile hands from shuffled walls
//! (seeded), side by side with the `xiangting` crate on the same hands; and
//! the discard analysis of 14-tile hands.
//!
//! cargo bench -p tenpai --bench shanten -- --warm-up-time 1 --measurement-time 3

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tenpai::shanten;

mod common;
use common::hands;

const HANDS: usize = 1_000_000;

fn shanten_vs_xiangting(c: &mut Criterion) {
    let hs = hands(HANDS, false);
    // Both must agree before their speeds mean anything.
    for h in hs.iter().take(20_000) {
        let ours = shanten::shanten(h, 0).shanten;
        let theirs = xiangting::calculate_replacement_number(h, xiangting::PlayerCount::Four)
            .expect("valid hand") as i8
            - 1;
        assert_eq!(ours, theirs, "{h:?}");
    }
    let mut g = c.benchmark_group("shanten-1M");
    g.sample_size(10);
    g.throughput(Throughput::Elements(HANDS as u64));
    g.bench_function("tenpai", |b| {
        b.iter(|| {
            let mut acc = 0i32;
            for h in &hs {
                acc += i32::from(shanten::shanten(black_box(h), 0).shanten);
            }
            acc
        })
    });
    g.bench_function("xiangting", |b| b.iter(|| common::xiangting_pass(&hs)));
    g.finish();
}

fn discards(c: &mut Criterion) {
    let hs = hands(10_000, true);
    let mut g = c.benchmark_group("discards-14");
    g.throughput(Throughput::Elements(hs.len() as u64));
    g.bench_function("discard_options", |b| {
        b.iter(|| {
            let mut acc = 0usize;
            for h in &hs {
                acc += shanten::discard_options(black_box(h), 0).len();
            }
            acc
        })
    });
    g.finish();
}

criterion_group!(benches, shanten_vs_xiangting, discards);
criterion_main!(benches);
