//! Shanten on 1,000,000 random 13- and 14-tile hands from shuffled walls
//! (seeded), side by side with the `xiangting` crate on the same hands; and
//! the discard analysis of 14-tile hands.
//!
//! cargo bench -p tenpai --bench shanten -- --warm-up-time 1 --measurement-time 3

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tenpai::shanten;
use tenpai::tile::{Counts, KINDS};

const HANDS: usize = 1_000_000;

/// xorshift64*, seeded: the same hands on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// Hands dealt from shuffled walls: alternately 13 and 14 tiles.
fn hands(n: usize, only14: bool) -> Vec<Counts> {
    let mut rng = Rng(0x5EED_0F7E_49A1);
    let mut wall: Vec<u8> = (0..136).map(|i| (i / 4) as u8).collect();
    (0..n)
        .map(|i| {
            // A partial Fisher-Yates: only the dealt prefix needs shuffling.
            let size = if only14 || i % 2 == 1 { 14 } else { 13 };
            for j in 0..size {
                let k = j + (rng.next() % (136 - j) as u64) as usize;
                wall.swap(j, k);
            }
            let mut c = [0u8; KINDS];
            for &t in &wall[..size] {
                c[t as usize] += 1;
            }
            c
        })
        .collect()
}

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
    g.bench_function("xiangting", |b| {
        b.iter(|| {
            let mut acc = 0i32;
            for h in &hs {
                acc += i32::from(
                    xiangting::calculate_replacement_number(
                        black_box(h),
                        xiangting::PlayerCount::Four,
                    )
                    .unwrap_or(0),
                );
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

criterion_group!(benches, shanten_vs_xiangting, discards);
criterion_main!(benches);
