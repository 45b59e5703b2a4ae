//! The per-suit decomposition table, as `build.rs` generates it and the
//! engine reads it (this file is compiled into both).
//!
//! A suit's closed tiles are keyed by their counts, four bits a number
//! (`count << 4 * (number - 1)`, 36 bits: the hand's reading counts a tile
//! with one add into such a word, with no carry between numbers). Every key whose tiles split
//! wholly into sequences and triplets, with at most one pair, has an entry:
//! its splits, in the order the engine lists readings (the pair's number
//! first, then the search's order: at the lowest tile left, a triplet
//! before sequences). Each split is one `u64`: the triplets, the groups in
//! order, the pair (see the constants below).
//!
//! The keys sit in an open-addressed hash table of `SLOTS` entries
//! ([`slot_of`] is the hash, linear probing after it): a slot holds its key,
//! where its splits start and how many there are, so a lookup is a
//! multiplication, a load and a compare.

/// Bits of the table's index: 2^15 slots for about 21,700 keys.
pub const SLOT_BITS: u32 = 15;
pub const SLOTS: usize = 1 << SLOT_BITS;

/// A split's bits (`u64`): the triplets' numbers as a 9-bit set (bit
/// `number - 1`).
pub const TRIPLETS: u64 = 0x1FF;
/// The split's groups in the order a reading lists them (at each number,
/// the triplet before the sequences starting there), from bit 9: five bits
/// a group (at most four), its number (0-8: number 1-9) and bit 4 set for a
/// triplet; how many in three bits from `GROUP_COUNT_SHIFT`. A reading
/// writes its groups from them a group a step, without walking the
/// numbers.
pub const GROUPS_SHIFT: u32 = 9;
pub const GROUP_BITS: u32 = 5;
pub const GROUP_TRIPLET: u64 = 1 << 4;
/// The pair's number (1-9), or 0 for none, from bit 30 (four bits).
pub const PAIR_SHIFT: u32 = 30;
/// Facts of the split that a reading's yaku and fu read, so that pricing a
/// reading never walks its groups. From bit 34, seven bits: the numbers
/// where at least one sequence starts.
pub const SEQ_ANY_SHIFT: u32 = 34;
/// From bit 41, two bits: the pairs of identical sequences (a start held
/// twice counts one, four times two), iipeikou's and ryanpeikou's count.
pub const PEIKOU_SHIFT: u32 = 41;
/// From bit 43, three bits: how many sequences (0-4).
pub const NSEQ_SHIFT: u32 = 43;
/// From bit 46, six bits: the fu of the triplets, each counted closed (4
/// for a simple, 8 for a terminal).
pub const TRIPLET_FU_SHIFT: u32 = 46;
/// From bit 52, three bits: how many triplets (0-4), so that a reading
/// counts its closed triplets without counting bits.
pub const NTRIPLETS_SHIFT: u32 = 52;
/// From bit 55, three bits: how many groups (0-4).
pub const GROUP_COUNT_SHIFT: u32 = 55;
/// The bits of a key: nine numbers, four bits each.
pub const KEY_BITS: u32 = 36;
/// A slot's bits (`u64`): 0 is empty; else the key in bits 0-35, the first
/// split's index in bits 36-51 (below `FIRST_LIMIT`), the number of
/// splits in bits 52-55.
pub const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
pub const FIRST_SHIFT: u32 = 36;
/// Below this, every first split's index (15 bits), so that the splits,
/// padded to `SPLITS_LEN` (a first index and a count of at most 15 past
/// it), are read with no bounds check.
pub const FIRST_LIMIT: usize = 1 << 15;
pub const SPLITS_LEN: usize = FIRST_LIMIT + 16;
pub const COUNT_SHIFT: u32 = 52;

/// The slot a key's probe starts at (a multiplicative hash).
pub const fn slot_of(key: u64) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOT_BITS)) as usize
}

/// The key of a suit's counts (index 0 is number 1).
pub fn key_of(counts: &[u8; 9]) -> u64 {
    counts
        .iter()
        .enumerate()
        .map(|(i, &n)| u64::from(n) << (4 * i))
        .sum()
}

/// One split's bits, from its triplets, sequence counts and pair, with the
/// facts read from them.
pub fn encode(triplets: u16, seqs: &[u8; 7], pair: Option<usize>) -> u64 {
    let mut split = u64::from(triplets) & TRIPLETS;
    let (mut starts, mut peikou, mut sequences) = (0u64, 0u64, 0u64);
    for (i, &n) in seqs.iter().enumerate() {
        starts |= u64::from(n > 0) << i;
        peikou += u64::from(n >= 2) + u64::from(n >= 4);
        sequences += u64::from(n);
    }
    let mut groups = 0u64;
    let mut add = |group: u64| {
        assert!(groups < 4, "a suit holds at most four sets");
        split |= group << (GROUPS_SHIFT + GROUP_BITS * groups as u32);
        groups += 1;
    };
    for number in 0..9 {
        if triplets & (1 << number) != 0 {
            add(GROUP_TRIPLET | number as u64);
        }
        for _ in 0..seqs.get(number).copied().unwrap_or(0) {
            add(number as u64);
        }
    }
    let terminals = u64::from(triplets & 1) + u64::from((triplets >> 8) & 1);
    let ntriplets = u64::from((triplets & 0x1FF).count_ones());
    let triplet_fu = 4 * ntriplets + 4 * terminals;
    split
        | pair.map_or(0, |p| p as u64 + 1) << PAIR_SHIFT
        | starts << SEQ_ANY_SHIFT
        | peikou << PEIKOU_SHIFT
        | sequences << NSEQ_SHIFT
        | triplet_fu << TRIPLET_FU_SHIFT
        | ntriplets << NTRIPLETS_SHIFT
        | groups << GROUP_COUNT_SHIFT
}

/// Every split of `counts` into sets, appended to `out` in search order:
/// at the lowest number left, a triplet first, then sequences.
fn sets(
    counts: &mut [u8; 9],
    triplets: u16,
    seqs: &mut [u8; 7],
    pair: Option<usize>,
    out: &mut Vec<u64>,
) {
    let Some(i) = counts.iter().position(|&n| n > 0) else {
        out.push(encode(triplets, seqs, pair));
        return;
    };
    let n = counts[i];
    for take_triplet in [1u8, 0] {
        if n < 3 * take_triplet {
            continue;
        }
        let rest = n - 3 * take_triplet;
        if rest > 0 && (i > 6 || counts[i + 1] < rest || counts[i + 2] < rest) {
            continue;
        }
        counts[i] = 0;
        if rest > 0 {
            counts[i + 1] -= rest;
            counts[i + 2] -= rest;
            seqs[i] += rest;
        }
        let with = if take_triplet == 1 {
            triplets | 1 << i
        } else {
            triplets
        };
        sets(counts, with, seqs, pair, out);
        counts[i] = n;
        if rest > 0 {
            counts[i + 1] += rest;
            counts[i + 2] += rest;
            seqs[i] -= rest;
        }
    }
}

/// Every split of one suit's counts: sets alone when the count is a
/// multiple of three, else sets and a pair, the pair's numbers in order.
pub fn splits(counts: &[u8; 9]) -> Vec<u64> {
    let total: u32 = counts.iter().map(|&n| u32::from(n)).sum();
    let mut out = Vec::new();
    let mut work = *counts;
    match total % 3 {
        0 => sets(&mut work, 0, &mut [0; 7], None, &mut out),
        2 => {
            for p in 0..9 {
                if work[p] >= 2 {
                    work[p] -= 2;
                    sets(&mut work, 0, &mut [0; 7], Some(p), &mut out);
                    work[p] += 2;
                }
            }
        }
        _ => {}
    }
    out
}

/// The whole table: the slots and the splits they point into. Every count
/// vector of 0-4 a number and at most 14 tiles is tried.
pub fn generate() -> (Vec<u64>, Vec<u64>) {
    let mut slots = vec![0u64; SLOTS];
    let mut all_splits: Vec<u64> = Vec::new();
    let mut counts = [0u8; 9];
    loop {
        let total: u32 = counts.iter().map(|&n| u32::from(n)).sum();
        if total <= 14 {
            let found = splits(&counts);
            if !found.is_empty() {
                let key = key_of(&counts);
                let first = all_splits.len() as u64;
                assert!(
                    first < FIRST_LIMIT as u64 && found.len() < 16,
                    "a slot's fields fit"
                );
                all_splits.extend_from_slice(&found);
                let mut at = slot_of(key);
                while slots[at] != 0 {
                    at = (at + 1) & (SLOTS - 1);
                }
                slots[at] = key | first << FIRST_SHIFT | (found.len() as u64) << COUNT_SHIFT;
            }
        }
        // The next count vector, number 1 fastest.
        let mut i = 0;
        loop {
            if i == 9 {
                return (slots, all_splits);
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
