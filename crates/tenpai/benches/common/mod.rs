//! What more than one bench needs: seeded random hands, and the `xiangting`
//! crate as a yardstick for machines of different speeds.

use std::hint::black_box;
use std::time::{Duration, Instant};

use tenpai::tile::{Counts, KINDS};

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

/// Hands dealt from shuffled walls: alternately 13 and 14 tiles, or all 14.
pub fn hands(n: usize, only14: bool) -> Vec<Counts> {
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

/// Hands dealt from shuffled three-player walls (108 tiles: no 2m-8m),
/// alternately 13 and 14 tiles.
#[allow(dead_code)]
pub fn three_player_hands(n: usize) -> Vec<Counts> {
    let mut rng = Rng(0x5EED_0F7E_49A1);
    let mut wall: Vec<u8> = (0..136u32)
        .map(|i| (i / 4) as u8)
        .filter(|k| !(1..=7).contains(k))
        .collect();
    let len = wall.len();
    (0..n)
        .map(|i| {
            let size = if i % 2 == 1 { 14 } else { 13 };
            for j in 0..size {
                let k = j + (rng.next() % (len - j) as u64) as usize;
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

/// The `xiangting` crate's shanten over `hands`, as the shanten bench
/// times it.
pub fn xiangting_pass(hands: &[Counts]) -> i32 {
    let mut acc = 0i32;
    for h in hands {
        acc += i32::from(
            xiangting::calculate_replacement_number(black_box(h), xiangting::PlayerCount::Four)
                .unwrap_or(0),
        );
    }
    acc
}

/// The speed, in nanoseconds a hand, that the issues' targets were set
/// against: the `xiangting` crate on the machine where they were written.
pub const YARDSTICK_NS: f64 = 90.0;

/// Times `work` in the yardstick's units: each run of `work` is preceded
/// by a pass of `xiangting` over `hands`, and its time is scaled by how
/// much slower than [`YARDSTICK_NS`] that pass was. The two are timed a few
/// milliseconds apart, so a shared machine's load, which comes and goes
/// over seconds, weighs on both alike (criterion's separate benches are
/// seconds apart). For `Bencher::iter_custom`.
#[allow(dead_code)] // Used by one bench; each bench compiles this module.
pub fn scaled(iters: u64, hands: &[Counts], mut work: impl FnMut()) -> Duration {
    let mut total = Duration::ZERO;
    for _ in 0..iters {
        let t = Instant::now();
        black_box(xiangting_pass(hands));
        let per_hand_ns = t.elapsed().as_secs_f64() * 1e9 / hands.len() as f64;
        let t = Instant::now();
        work();
        total += t.elapsed().mul_f64(YARDSTICK_NS / per_hand_ns);
    }
    total
}
