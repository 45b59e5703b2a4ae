//! Shanten and ukeire cross-checked against an independent implementation,
//! the `xiangting` crate (the peer of the shanten bench): its "replacement
//! number" is shanten + 1, and its "necessary tiles" are the kinds whose
//! draw lowers it, our ukeire. Both count a fifth copy as impossible (a
//! hand holding four 1m cannot wait on 1m).

// Counts are indexed by kind throughout.
#![allow(clippy::needless_range_loop)]

use tenpai::shanten::{shanten, ukeire};
use tenpai::tile::{Counts, KINDS};
use xiangting::{calculate_necessary_tiles, calculate_replacement_number, PlayerCount};

/// xorshift64*: reproducible without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// `n` tiles dealt from a shuffled wall of `kinds` (each four times).
fn deal(rng: &mut Rng, kinds: &[usize], n: usize) -> Counts {
    let mut wall: Vec<usize> = kinds.iter().flat_map(|&k| [k; 4]).collect();
    let mut c = [0u8; KINDS];
    for j in 0..n {
        let k = j + rng.below(wall.len() - j);
        wall.swap(j, k);
        c[wall[j]] += 1;
    }
    c
}

/// Random hands of every size a hand can have (1 to 14 tiles, the calls
/// implied by the size), from the whole wall and from one suit (plus an
/// honor sometimes), where shapes overlap and fourth copies are common.
fn hands(rng: &mut Rng, count: usize) -> Vec<(Counts, usize)> {
    let all: Vec<usize> = (0..KINDS).collect();
    (0..count)
        .map(|i| {
            let melds = rng.below(5);
            let size = 13 - 3 * melds + usize::from(i % 2 == 1);
            let hand = if i % 3 == 0 {
                let suit = rng.below(3) * 9;
                let mut kinds: Vec<usize> = (suit..suit + 9).collect();
                if rng.below(3) == 0 {
                    kinds.push(27 + rng.below(7));
                }
                deal(rng, &kinds, size)
            } else {
                deal(rng, &all, size)
            };
            (hand, melds)
        })
        .collect()
}

#[test]
fn shanten_agrees_with_xiangting() {
    let mut rng = Rng(0x0D15_EA5E);
    for (h, melds) in hands(&mut rng, 200_000) {
        let ours = shanten(&h, melds).shanten;
        let theirs = calculate_replacement_number(&h, PlayerCount::Four)
            .map(|r| r as i8 - 1)
            .unwrap_or_else(|e| panic!("{h:?}: {e:?}"));
        assert_eq!(ours, theirs, "{h:?} with {melds} calls");
    }
}

#[test]
fn ukeire_agrees_with_xiangting() {
    let mut rng = Rng(0xC0FF_EE11);
    let mut improving = 0usize;
    for (h, melds) in hands(&mut rng, 100_000) {
        if h.iter().map(|&n| usize::from(n)).sum::<usize>() % 3 != 1 {
            continue;
        }
        let ours: u64 = ukeire(&h, melds).iter().fold(0, |m, t| m | 1 << t.index());
        let (_, theirs) = calculate_necessary_tiles(&h, PlayerCount::Four)
            .unwrap_or_else(|e| panic!("{h:?}: {e:?}"));
        assert_eq!(ours, theirs, "{h:?} with {melds} calls");
        improving += ours.count_ones() as usize;
    }
    // The check compared real sets, not empty ones.
    assert!(improving > 250_000, "{improving}");
}
