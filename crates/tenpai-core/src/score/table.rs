//! The standard decomposition from the per-suit tables `build.rs` makes
//! (see `suit_gen.rs`): each suit's splits are looked up by its counts and
//! combined, instead of searched tile by tile.
//!
//! The readings come out in the order the search gave them (the reference
//! search is kept in `shape.rs`'s tests, and a differential test compares
//! the two on every one-suit hand and on many mixed ones).

use super::shape::Wait;
use super::shape::{gather_seven, CountMasks, Group, GroupKind, Shape, COUNT_LOW_BITS};
use super::suit_gen::{
    slot_of, COUNT_SHIFT, FIRST_LIMIT, FIRST_SHIFT, GROUPS_SHIFT, GROUP_BITS, GROUP_COUNT_SHIFT,
    GROUP_TRIPLET, KEY_MASK, NSEQ_SHIFT, NTRIPLETS_SHIFT, PAIR_SHIFT, PEIKOU_SHIFT, SEQ_ANY_SHIFT,
    SLOTS, TRIPLETS, TRIPLET_FU_SHIFT,
};
use crate::tile::Tile;

include!(concat!(env!("OUT_DIR"), "/score_suit_table.rs"));

/// The splits of a suit whose counts make `key` (empty when its tiles do
/// not split into sets and at most one pair).
#[inline]
pub(crate) fn suit_splits(key: u64) -> &'static [u64] {
    let mut at = slot_of(key);
    loop {
        let slot = SUIT_SLOTS[at];
        // The key first (most lookups find it at once): an empty slot's
        // key bits are 0, the empty suit's key, whose entry is the first
        // made and so sits in its home slot, 0, and is met first.
        if slot & KEY_MASK == key {
            // Within the padded array by the fields' widths: no check.
            let first = ((slot >> FIRST_SHIFT) as usize) & (FIRST_LIMIT - 1);
            let count = ((slot >> COUNT_SHIFT) & 0xF) as usize;
            return &SUIT_SPLITS[first..first + count];
        }
        if slot == 0 {
            return &[];
        }
        at = (at + 1) & (SLOTS - 1);
    }
}

/// The pair's number (1-9) of a split, 0 without one.
#[inline]
pub(crate) fn split_pair(split: u64) -> u64 {
    (split >> PAIR_SHIFT) & 0xF
}

/// The groups of a split, in tile order (at each number the triplet
/// before the sequences), as (kind, number 0-8): read off the split's own
/// list of them (see `suit_gen::GROUPS_SHIFT`), a group a step.
#[inline]
fn split_groups(split: u64) -> impl Iterator<Item = (GroupKind, usize)> {
    let mut rest = split >> GROUPS_SHIFT;
    (0..(split >> GROUP_COUNT_SHIFT) & 7).map(move |_| {
        let kind = if rest & GROUP_TRIPLET != 0 {
            GroupKind::Triplet
        } else {
            GroupKind::Sequence
        };
        let number = (rest & 15) as usize;
        rest >>= GROUP_BITS;
        (kind, number)
    })
}

/// Pushes a suit's groups of one split, in tile order.
#[inline]
fn push_split(shape: &mut Shape, suit: usize, split: u64) {
    for (kind, number) in split_groups(split) {
        shape.push(Group::closed(kind, tile(suit * 9 + number)));
    }
}

/// What a reading's yaku and fu need of its closed groups, read from the
/// facts the table carries with each split (see `suit_gen.rs`), so that a
/// reading is priced without walking its groups.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ClosedFacts {
    /// The kinds where closed sequences start (a 34-bit set).
    pub seq_starts: u64,
    /// The kinds of the closed triplets, honors included.
    pub triplets: u64,
    /// How many closed triplets.
    pub triplet_count: u32,
    pub sequences: u32,
    /// Pairs of identical closed sequences (1 iipeikou, 2 ryanpeikou).
    pub peikou: u32,
    /// The fu of the closed triplets, each counted concealed.
    pub triplet_fu: u32,
    pub pair: Tile,
    /// The suits' splits, for the groups that hold the winning tile.
    splits: [u64; 3],
}

/// A group that holds the winning tile: a reading of the win.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct WinGroup {
    pub kind: GroupKind,
    /// The group's tile (a sequence's first).
    pub tile: Tile,
    pub wait: Wait,
}

impl ClosedFacts {
    fn of(suited: [u64; 3], honor_triplets: u8, pair: Tile) -> ClosedFacts {
        let field = |split: u64, shift: u32, width: u32| (split >> shift) & ((1 << width) - 1);
        let [man, pin, sou] = suited;
        // The counted facts (peikou, sequences, triplet fu, triplets) of the
        // three suits added in one sum: no field carries into the next (at
        // most 2 peikou, 4 sequences, 32 fu and 4 triplets a hand).
        let counted = (man >> PEIKOU_SHIFT) + (pin >> PEIKOU_SHIFT) + (sou >> PEIKOU_SHIFT);
        let honors = u32::from(BITS_OF_SEVEN[usize::from(honor_triplets & 0x7F)]);
        ClosedFacts {
            seq_starts: field(man, SEQ_ANY_SHIFT, 7)
                | field(pin, SEQ_ANY_SHIFT, 7) << 9
                | field(sou, SEQ_ANY_SHIFT, 7) << 18,
            triplets: (man & TRIPLETS)
                | (pin & TRIPLETS) << 9
                | (sou & TRIPLETS) << 18
                | u64::from(honor_triplets) << 27,
            triplet_count: field(counted, NTRIPLETS_SHIFT - PEIKOU_SHIFT, 3) as u32 + honors,
            sequences: field(counted, NSEQ_SHIFT - PEIKOU_SHIFT, 3) as u32,
            peikou: field(counted, 0, 2) as u32,
            // An honor triplet is worth a terminal's.
            triplet_fu: field(counted, TRIPLET_FU_SHIFT - PEIKOU_SHIFT, 6) as u32 + 8 * honors,
            pair,
            splits: suited,
        }
    }

    /// The groups that hold `win`, each once, in the order they stand in
    /// the reading's groups (at a number, the triplet before the
    /// sequences; the pair last), with the wait each implies.
    pub fn win_groups(&self, win: Tile, mut f: impl FnMut(WinGroup)) {
        let at = win.index();
        if at < 27 {
            let split = self.splits[at / 9];
            let number = at % 9;
            // Whether a sequence starts at `start` (0-6).
            let sequences_at = |start: usize| (split >> (SEQ_ANY_SHIFT + start as u32)) & 1;
            let sequence = |start: usize, wait: Wait| WinGroup {
                kind: GroupKind::Sequence,
                tile: tile(at - number + start),
                wait,
            };
            if number >= 2 && sequences_at(number - 2) > 0 {
                // 12 waiting on 3 is an edge wait; 45 on 6, two-sided.
                let wait = if number == 2 {
                    Wait::Penchan
                } else {
                    Wait::Ryanmen
                };
                f(sequence(number - 2, wait));
            }
            if (1..=7).contains(&number) && sequences_at(number - 1) > 0 {
                f(sequence(number - 1, Wait::Kanchan));
            }
            if split & (1 << number) != 0 {
                f(WinGroup {
                    kind: GroupKind::Triplet,
                    tile: win,
                    wait: Wait::Shanpon,
                });
            }
            if number <= 6 && sequences_at(number) > 0 {
                // 89 waiting on 7 is an edge wait.
                let wait = if number == 6 {
                    Wait::Penchan
                } else {
                    Wait::Ryanmen
                };
                f(sequence(number, wait));
            }
        } else if self.triplets & (1 << at) != 0 {
            f(WinGroup {
                kind: GroupKind::Triplet,
                tile: win,
                wait: Wait::Shanpon,
            });
        }
        if self.pair == win {
            f(WinGroup {
                kind: GroupKind::Pair,
                tile: win,
                wait: Wait::Tanki,
            });
        }
    }
}

/// A suit's tile count (at most 14 in a hand; 31 masks the index) mod 3:
/// a load, not a division.
const MOD_THREE: [u8; 32] = {
    let mut table = [0u8; 32];
    let mut n = 0;
    while n < 32 {
        table[n] = (n % 3) as u8;
        n += 1;
    }
    table
};

/// The suit that holds the pair, by the four suits' tile counts mod 3 (two
/// bits each, man lowest): the one at 2 when every other is at 0; 4 (no
/// reading) otherwise.
const PAIR_SUIT: [u8; 256] = {
    let mut table = [4u8; 256];
    let mut suit = 0;
    while suit < 4 {
        table[2 << (2 * suit)] = suit as u8;
        suit += 1;
    }
    table
};

/// How many bits each 7-bit set holds (the honors' kinds): a load, where
/// a count of bits on the x86-64 baseline, which has no `popcnt`, is some
/// fifteen instructions.
pub(crate) const BITS_OF_SEVEN: [u8; 128] = {
    let mut bits = [0u8; 128];
    let mut set = 0;
    while set < 128 {
        bits[set] = (set as u32).count_ones() as u8;
        set += 1;
    }
    bits
};

#[inline]
fn tile(index: usize) -> Tile {
    Tile::from_index(index).unwrap_or(Tile::EAST)
}

/// Sets and a pair from the closed tiles (`keys`), appended to `base` (the
/// called melds); calls `f` for every distinct decomposition, in the order
/// of the reference search: the pair's tile first, then the man suit's
/// splits, the pin's, the sou's.
pub(crate) fn standard(closed: &CountMasks, base: &Shape, mut f: impl FnMut(&Shape, &ClosedFacts)) {
    // A kind held five times or more has no key (its count would carry).
    if base.len > 4 || closed.fifth().is_some() {
        return;
    }
    let sets_needed = 4 - base.len;
    if closed.tiles() != sets_needed * 3 + 2 {
        return;
    }
    // The honors' counts, four bits each (none past four here): they must
    // be exact pairs and triplets, none held once or four times.
    let honors = closed.honor_counts();
    let (twos, fours) = (honors >> 1, honors >> 2);
    if (fours | (honors & !twos)) & COUNT_LOW_BITS != 0 {
        return;
    }
    // A count's bit 0 place (bit 4 * honor) for each pair (0b10), and the
    // triplets (0b11) as a 7-bit set.
    let honor_pairs = twos & !honors & COUNT_LOW_BITS;
    let honor_triplets = gather_seven(honors & twos & COUNT_LOW_BITS);
    // Only the suit whose count is 2 mod 3 can hold the pair, every other
    // count a multiple of three: the four counts mod 3, two bits each, name
    // it in a table.
    let residues = (0..4).fold(0, |code, suit| {
        code | usize::from(MOD_THREE[closed.suit_tiles(suit) & 31]) << (2 * suit)
    });
    let pair_suit = usize::from(PAIR_SUIT[residues & 0xFF]);
    if pair_suit > 3 {
        return;
    }
    let lists = [
        suit_splits(closed.key(0)),
        suit_splits(closed.key(1)),
        suit_splits(closed.key(2)),
    ];
    if lists.iter().any(|l| l.is_empty()) {
        return;
    }
    // One reading: the melds, each suit's groups, the honors' triplets in
    // tile order, the pair last.
    let mut emit = |suited: [u64; 3], pair: Tile| {
        let mut shape = *base;
        for (suit, &split) in suited.iter().enumerate() {
            push_split(&mut shape, suit, split);
        }
        let mut triplets = honor_triplets;
        while triplets != 0 {
            let honor = triplets.trailing_zeros() as usize;
            triplets &= triplets - 1;
            shape.push(Group::closed(GroupKind::Triplet, tile(27 + honor)));
        }
        shape.push(Group::closed(GroupKind::Pair, pair));
        f(&shape, &ClosedFacts::of(suited, honor_triplets, pair));
    };
    if pair_suit == 3 {
        // Exactly one honor pair (a test of one bit, not a count of them).
        if honor_pairs == 0 || honor_pairs & (honor_pairs - 1) != 0 {
            return;
        }
        let pair = tile(27 + honor_pairs.trailing_zeros() as usize / 4);
        if let ([man], [pin], [sou]) = (lists[0], lists[1], lists[2]) {
            emit([*man, *pin, *sou], pair);
            return;
        }
        for &man in lists[0] {
            for &pin in lists[1] {
                for &sou in lists[2] {
                    emit([man, pin, sou], pair);
                }
            }
        }
        return;
    }
    if honor_pairs != 0 {
        return;
    }
    let pairs = lists[pair_suit];
    // Most hands split one way in every suit: one reading, no runs.
    if let ([man], [pin], [sou]) = (lists[0], lists[1], lists[2]) {
        let number = split_pair(pairs[0]) as usize;
        emit([*man, *pin, *sou], tile(pair_suit * 9 + number - 1));
        return;
    }
    // The pair suit's splits, run by run of one pair number (ascending).
    let mut run_start = 0;
    while run_start < pairs.len() {
        let number = split_pair(pairs[run_start]);
        let run_end = run_start
            + pairs[run_start..]
                .iter()
                .take_while(|&&s| split_pair(s) == number)
                .count();
        let mut runs = lists;
        runs[pair_suit] = &pairs[run_start..run_end];
        let pair = tile(pair_suit * 9 + number as usize - 1);
        for &man in runs[0] {
            for &pin in runs[1] {
                for &sou in runs[2] {
                    emit([man, pin, sou], pair);
                }
            }
        }
        run_start = run_end;
    }
}

#[cfg(test)]
mod tests {
    //! The tables against the reference search (`shape::standard`): the
    //! same decompositions, group for group, in the same order.

    use super::*;
    use crate::hand::{Meld, MeldKind};
    use crate::score::shape;
    use crate::tile::{Counts, KINDS};

    fn by_tables(counts: &Counts, base: &Shape) -> Vec<Vec<Group>> {
        let mut out = Vec::new();
        standard(&CountMasks::of(counts), base, |s, _| {
            out.push(s.groups().to_vec())
        });
        out
    }

    fn by_search(counts: &Counts, base: &Shape) -> Vec<Vec<Group>> {
        let mut out = Vec::new();
        let mut work = *counts;
        shape::standard(&mut work, base, |s| out.push(s.groups().to_vec()));
        assert_eq!(&work, counts, "the search puts the counts back");
        out
    }

    /// `melds` called pons of East (a fixed part that changes nothing but
    /// the number of sets the closed tiles must make).
    fn base_of(melds: usize) -> Shape {
        let pon = Meld {
            kind: MeldKind::Pon,
            tiles: [Tile::EAST; 3].into_iter().collect(),
        };
        let list: Vec<Meld> = (0..melds).map(|_| pon.clone()).collect();
        shape::meld_shape(&list).expect("at most four melds")
    }

    /// Every count vector of one suit (0-4 of each number, at most 14
    /// tiles), alone and beside an honor pair or triplet, with the melds
    /// that make the tile count a winning one.
    #[test]
    fn every_one_suit_hand_reads_as_the_search_reads_it() {
        let mut counts = [0u8; 9];
        let mut compared = 0usize;
        let mut complete = 0usize;
        loop {
            let total: usize = counts.iter().map(|&n| usize::from(n)).sum();
            for suit in 0..3 {
                for honors in [0u8, 2, 3] {
                    let all = total + usize::from(honors);
                    if all > 14 || all % 3 != 2 {
                        continue;
                    }
                    let mut hand = [0u8; KINDS];
                    hand[suit * 9..suit * 9 + 9].copy_from_slice(&counts);
                    hand[31] = honors;
                    let base = base_of((14 - all) / 3);
                    let expected = by_search(&hand, &base);
                    assert_eq!(by_tables(&hand, &base), expected, "{hand:?}");
                    compared += 1;
                    complete += usize::from(!expected.is_empty());
                }
            }
            let mut i = 0;
            loop {
                if i == 9 {
                    assert!(
                        compared > 500_000 && complete > 20_000,
                        "{compared} {complete}"
                    );
                    return;
                }
                if counts[i] < 4 {
                    counts[i] += 1;
                    break;
                }
                counts[i] = 0;
                i += 1;
            }
        }
    }

    /// A small deterministic generator (xorshift), so the test needs no
    /// dependency and always draws the same hands.
    struct Draws(u64);

    impl Draws {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// Hands of several suits: built from random sets and a pair (complete,
    /// often with several readings), and random tiles (mostly not).
    #[test]
    fn mixed_hands_read_as_the_search_reads_them() {
        let mut draws = Draws(0x9E37_79B9_7F4A_7C15);
        let mut complete = 0usize;
        for round in 0..200_000 {
            let melds = draws.below(5);
            let mut hand = [0u8; KINDS];
            if round % 2 == 0 {
                // Sets and a pair, kept within four copies.
                let mut sets = 0;
                while sets < 4 - melds {
                    let kind = draws.below(34);
                    let sequence = kind < 27 && kind % 9 <= 6 && draws.below(2) == 0;
                    let tiles: Vec<usize> = if sequence {
                        vec![kind, kind + 1, kind + 2]
                    } else {
                        vec![kind; 3]
                    };
                    if tiles.iter().all(|&t| hand[t] < 4 - u8::from(!sequence) * 2) {
                        for t in tiles {
                            hand[t] += 1;
                        }
                        sets += 1;
                    }
                }
                loop {
                    let kind = draws.below(34);
                    if hand[kind] <= 2 {
                        hand[kind] += 2;
                        break;
                    }
                }
            } else {
                let mut drawn = 0;
                while drawn < 14 - 3 * melds {
                    let kind = draws.below(34);
                    if hand[kind] < 4 {
                        hand[kind] += 1;
                        drawn += 1;
                    }
                }
            }
            let base = base_of(melds);
            let expected = by_search(&hand, &base);
            complete += usize::from(!expected.is_empty());
            assert_eq!(by_tables(&hand, &base), expected, "{hand:?}");
        }
        assert!(complete > 100_000, "{complete} complete hands compared");
    }

    /// Every split in the table holds exactly its key's tiles, and the
    /// table has the 21,743 keys (empty suit included) that split.
    #[test]
    fn every_split_adds_up_to_its_key() {
        let mut keys = 0;
        for &slot in SUIT_SLOTS.iter().filter(|&&slot| slot != 0) {
            keys += 1;
            let key = slot & KEY_MASK;
            let splits = suit_splits(key);
            assert!(!splits.is_empty(), "{key:x}");
            for &split in splits {
                let mut counts = [0u64; 9];
                // From its groups, and its triplets again: the same.
                let mut triplets = 0;
                for (kind, number) in split_groups(split) {
                    if kind == GroupKind::Triplet {
                        counts[number] += 3;
                        triplets |= 1 << number;
                    } else {
                        for count in &mut counts[number..number + 3] {
                            *count += 1;
                        }
                    }
                }
                assert_eq!(triplets, split & TRIPLETS, "{split:#x}");
                let pair = split_pair(split);
                if pair > 0 {
                    counts[pair as usize - 1] += 2;
                }
                let rebuilt: u64 = counts.iter().enumerate().map(|(i, &n)| n << (4 * i)).sum();
                assert_eq!(rebuilt, key, "{split:#x}");
            }
        }
        assert_eq!(keys, 21_743);
    }

    /// The compiled table is the generator's (`build.rs` ran the same
    /// code), and the key of a count vector is its packing.
    #[test]
    fn the_compiled_table_is_the_generated_one() {
        let (slots, splits) = crate::score::suit_gen::generate();
        assert_eq!(slots.as_slice(), SUIT_SLOTS.as_slice());
        assert_eq!(splits.as_slice(), &SUIT_SPLITS[..splits.len()]);
        assert_eq!(SUIT_SPLITS.len(), crate::score::suit_gen::SPLITS_LEN);
        assert!(SUIT_SPLITS[splits.len()..].iter().all(|&split| split == 0));
        // The empty suit's entry is in its home slot (a lookup meets it
        // before any empty slot, whose key bits are the same 0).
        assert_eq!(slot_of(0), 0);
        assert_ne!(SUIT_SLOTS[0], 0);
        assert_eq!(SUIT_SLOTS[0] & KEY_MASK, 0);
        assert_eq!(suit_splits(0), &[0][..], "no group, no pair");
        let counts = [3, 1, 1, 1, 1, 1, 1, 1, 4];
        let key = crate::score::suit_gen::key_of(&counts);
        assert_eq!(key, 0x4_1111_1113);
        assert_eq!(suit_splits(key).len(), 1, "nine gates and 9 split one way");
    }

    /// The pair suit's table is the rule it stands for, on every four
    /// residues (3 included, which no count mod 3 gives).
    #[test]
    fn the_pair_suit_table_is_the_rule() {
        for (code, &pair_suit) in PAIR_SUIT.iter().enumerate() {
            let residues: Vec<usize> = (0..4).map(|suit| (code >> (2 * suit)) & 3).collect();
            let at_two: Vec<usize> = (0..4).filter(|&suit| residues[suit] == 2).collect();
            let rest_zero = residues.iter().all(|&r| r == 0 || r == 2);
            let expected = match at_two.as_slice() {
                [suit] if rest_zero => *suit as u8,
                _ => 4,
            };
            assert_eq!(pair_suit, expected, "{code:#010b}");
        }
    }

    /// Tile counts that are not a winning count, and bases of five groups,
    /// read as nothing, as the search reads them.
    #[test]
    fn impossible_counts_read_as_nothing() {
        let mut hand = [0u8; KINDS];
        hand[..9].copy_from_slice(&[3, 1, 1, 1, 1, 1, 1, 1, 3]);
        for melds in 0..5 {
            let base = base_of(melds);
            assert_eq!(by_tables(&hand, &base), by_search(&hand, &base));
        }
        assert!(by_tables(&hand, &base_of(1)).is_empty());
    }
}
