//! Three-player (sanma) shanten, waits and ukeire: 100,000 seeded random
//! hands dealt from the 108-tile three-player wall agree with the
//! `xiangting` crate's three-player count (an independent implementation),
//! and 2m-8m are never a draw or a wait.

use tenpai::shanten::{self, Players};
use tenpai::tile::{Counts, Tile, KINDS};

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

/// The kinds three players use: all but 2m-8m.
fn three_player_kinds() -> Vec<u8> {
    (0..KINDS as u8).filter(|k| !(1..=7).contains(k)).collect()
}

/// Hands of `size` tiles from shuffled three-player walls; half of them
/// from a narrow window of kinds, so pairs, triplets and quads of 1m and
/// 9m come up often.
fn sanma_hands(n: usize, seed: u64) -> Vec<Counts> {
    let mut rng = Rng(seed);
    let kinds = three_player_kinds();
    let mut wall: Vec<u8> = kinds.iter().flat_map(|&k| [k; 4]).collect();
    assert_eq!(wall.len(), 108);
    (0..n)
        .map(|i| {
            let size = [13, 14, 10, 11, 7, 8, 4, 5, 1, 2][i % 10];
            let mut c = [0u8; KINDS];
            if i % 2 == 0 {
                for j in 0..size {
                    let k = j + (rng.next() % (wall.len() - j) as u64) as usize;
                    wall.swap(j, k);
                }
                for &t in &wall[..size] {
                    c[t as usize] += 1;
                }
            } else {
                // 1m, 9m, one number suit and a few honors.
                let window: Vec<u8> = [0u8, 8].into_iter().chain(9..18).chain(27..31).collect();
                let mut placed = 0;
                while placed < size {
                    let k = window[(rng.next() % window.len() as u64) as usize] as usize;
                    if c[k] < 4 {
                        c[k] += 1;
                        placed += 1;
                    }
                }
            }
            c
        })
        .collect()
}

#[test]
fn sanma_shanten_agrees_with_xiangting_on_100000_hands() {
    let hands = sanma_hands(100_000, 0x5A4A_2026);
    let mut differ = Vec::new();
    for h in &hands {
        let total: usize = h.iter().map(|&c| c as usize).sum();
        let melds = (14 - total) / 3;
        let ours = shanten::shanten_under(h, melds, Players::Three);
        // xiangting counts a hand's own tiles as its melds' complement:
        // only full 13/14-tile hands are compared with it.
        if total >= 13 {
            let theirs = xiangting::calculate_replacement_number(h, xiangting::PlayerCount::Three)
                .expect("a valid three-player hand") as i8
                - 1;
            if ours.shanten != theirs {
                differ.push(format!("{h:?}: tenpai {} xiangting {theirs}", ours.shanten));
            }
        }
        // Three players never have more ways than four.
        let four = shanten::shanten(h, melds);
        assert!(ours.shanten >= four.shanten, "{h:?}: {ours:?} < {four:?}");
    }
    assert!(
        differ.is_empty(),
        "{} of the hands differ, e.g.:\n{}",
        differ.len(),
        differ[..differ.len().min(10)].join("\n")
    );
    // Random hands rarely need 2m-8m to be as close as four players count
    // them (none of these does); one that does: the fourth 1m and 9m are
    // dead without 2m-3m and 7m-8m to run with.
    let (tiles, _) = tenpai::tile::parse_tiles("11119999m11122z").expect("tiles");
    let h = tenpai::tile::counts(&tiles);
    assert_eq!(shanten::shanten(&h, 0).shanten, 1);
    assert_eq!(shanten::shanten_under(&h, 0, Players::Three).shanten, 2);
    assert_eq!(
        xiangting::calculate_replacement_number(&h, xiangting::PlayerCount::Three)
            .expect("a three-player hand"),
        3
    );
}

#[test]
fn two_to_eight_man_are_never_drawn_or_waited_on() {
    let is_out = |t: &Tile| (1..=7).contains(&t.index());
    for h in sanma_hands(6_000, 7).iter().filter(|h| {
        let total: usize = h.iter().map(|&c| c as usize).sum();
        total % 3 == 1
    }) {
        let total: usize = h.iter().map(|&c| c as usize).sum();
        let melds = (14 - total) / 3;
        let ukeire = shanten::ukeire_under(h, melds, Players::Three);
        assert!(!ukeire.iter().any(is_out), "{h:?}: {ukeire:?}");
        let waits = shanten::waits_under(h, melds, Players::Three);
        assert!(!waits.iter().any(is_out), "{h:?}: {waits:?}");
        // Every three-player wait is a four-player wait too.
        let four = shanten::waits(h, melds);
        assert!(waits.iter().all(|w| four.contains(w)), "{h:?}");
    }
    // 1m and 9m pair but never run: with three sets and a pair, a lone 1m
    // and 9m are two isolated tiles, one draw from tenpai.
    let (tiles, _) = tenpai::tile::parse_tiles("19m123456789p11z").expect("tiles");
    let h = tenpai::tile::counts(&tiles);
    assert_eq!(
        shanten::shanten_under(&h, 0, Players::Three).shanten,
        1,
        "1m and 9m alone are two isolated tiles"
    );
    let (tiles, _) = tenpai::tile::parse_tiles("11m123456789p11z").expect("tiles");
    let h = tenpai::tile::counts(&tiles);
    let waits = shanten::waits_under(&h, 0, Players::Three);
    let names: Vec<String> = waits.iter().map(|t| t.to_string()).collect();
    assert_eq!(names, ["1m", "1z"], "a shanpon on 1m and East");
}

#[test]
fn the_discard_table_counts_the_three_player_wall() {
    // 1m 9m pair up or nothing: discarding the lone 9m keeps tenpai on 1m.
    let (tiles, _) = tenpai::tile::parse_tiles("119m123456789p11z").expect("tiles");
    let h = tenpai::tile::counts(&tiles);
    let options = shanten::discard_options_under(&h, 0, Players::Three);
    let nine = options
        .iter()
        .find(|(t, _, _)| t.to_string() == "9m")
        .expect("9m is a discard");
    assert_eq!(nine.1.shanten, 0);
    assert!(nine.2.tiles().iter().all(|t| !(1..=7).contains(&t.index())));
}
