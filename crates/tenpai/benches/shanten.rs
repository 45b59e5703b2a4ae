//! Shanten on 1,000,000 random 13- and 14-tile hands from shuffled walls
//! (seeded), side by side with the `xiangting` crate on the same hands;
//! three-player (sanma) shanten beside four-player on as many hands of
//! each wall, in the same run; and the discard analysis of 14-tile hands.
//!
//! cargo bench -p tenpai --bench shanten -- --warm-up-time 1 --measurement-time 3

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tenpai::shanten::{self, Players};

mod common;
use common::{hands, three_player_hands};

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

/// Three players against four: the target is within 10% of the
/// four-player figure.
fn three_players_vs_four(c: &mut Criterion) {
    let four = hands(HANDS, false);
    let three = three_player_hands(HANDS);
    // The three-player count must be right before its speed means anything.
    for h in three.iter().take(20_000) {
        let ours = shanten::shanten_under(h, 0, Players::Three).shanten;
        let theirs = xiangting::calculate_replacement_number(h, xiangting::PlayerCount::Three)
            .expect("valid hand") as i8
            - 1;
        assert_eq!(ours, theirs, "{h:?}");
    }
    let mut g = c.benchmark_group("shanten-players-1M");
    g.sample_size(10);
    g.throughput(Throughput::Elements(HANDS as u64));
    g.bench_function("four", |b| {
        b.iter(|| {
            let mut acc = 0i32;
            for h in &four {
                acc += i32::from(shanten::shanten_under(black_box(h), 0, Players::Four).shanten);
            }
            acc
        })
    });
    g.bench_function("three", |b| {
        b.iter(|| {
            let mut acc = 0i32;
            for h in &three {
                acc += i32::from(shanten::shanten_under(black_box(h), 0, Players::Three).shanten);
            }
            acc
        })
    });
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

criterion_group!(
    benches,
    shanten_vs_xiangting,
    three_players_vs_four,
    discards
);
criterion_main!(benches);
