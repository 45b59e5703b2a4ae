//! The generated lookup tables (see `gen.rs` and `build.rs`) and the
//! min-plus combination of per-suit distances into a whole hand's.

use super::r#gen::{self, at, Dist};
use crate::tile::Counts;

static SUIT: &[u8; r#gen::SUIT_CONFIGS] =
    include_bytes!(concat!(env!("OUT_DIR"), "/shanten_suit.bin"));
static HONOR: &[u8; r#gen::HONOR_CONFIGS] =
    include_bytes!(concat!(env!("OUT_DIR"), "/shanten_honor.bin"));
/// Honor ids by [`gen::shape_key`].
static HONOR_SHAPE: &[u8; r#gen::SHAPE_KEYS] =
    include_bytes!(concat!(env!("OUT_DIR"), "/shanten_honor_shape.bin"));
const DIST_BYTES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/shanten_dist.bin"));
const DISTS_LEN: usize = DIST_BYTES.len() / 10;
/// The class of a three-player man suit (its 1m and 9m counts) combined
/// with a suit, by `(5 * ones + nines) * DISTS_LEN + id`.
static MAN3_CLASS: &[u8; 25 * DISTS_LEN] =
    include_bytes!(concat!(env!("OUT_DIR"), "/shanten_man3_class.bin"));

/// The distinct distance vectors, padded to 16 bytes.
#[cfg(test)]
static DISTS: [[u8; 16]; DISTS_LEN] = {
    let mut out = [[0u8; 16]; DISTS_LEN];
    let mut i = 0;
    while i < DISTS_LEN {
        let mut j = 0;
        while j < 10 {
            out[i][j] = DIST_BYTES[i * 10 + j];
            j += 1;
        }
        i += 1;
    }
    out
};

/// A suit's distances, padded (indices as [`gen::at`]).
pub type D = [u8; 16];

/// The class of every two distance vectors combined (see `build.rs`), by
/// id: `a * DISTS_LEN + b`.
static PAIR_CLASS: &[u8; DISTS_LEN * DISTS_LEN] =
    include_bytes!(concat!(env!("OUT_DIR"), "/shanten_pair_class.bin"));
const CLASS_BYTES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/shanten_class_dist.bin"));
/// How many classes there are; the last is [`NO_CLASS`].
const CLASSES: usize = CLASS_BYTES.len() / 10;
/// The draws of every two complementary classes, for each number of melds
/// needed: `(need * CLASSES + left) * CLASSES + right`.
static FINISH: &[u8; (r#gen::MAX_MELDS + 1) * CLASSES * CLASSES] =
    include_bytes!(concat!(env!("OUT_DIR"), "/shanten_finish.bin"));

/// A class that nothing reaches: it finishes at `u8::MAX` with any other,
/// which stands for a draw that cannot be made.
pub const NO_CLASS: u8 = (CLASSES - 1) as u8;

/// Bytes of table data the binary carries.
const TABLE_BYTES: usize = r#gen::SUIT_CONFIGS
    + r#gen::HONOR_CONFIGS
    + r#gen::SHAPE_KEYS
    + DIST_BYTES.len()
    + DISTS_LEN * DISTS_LEN
    + CLASS_BYTES.len()
    + (r#gen::MAX_MELDS + 1) * CLASSES * CLASSES;
const _: () = assert!(TABLE_BYTES <= 1024 * 1024, "tables stay within 1 MB");

/// The id of the suit whose 9 counts start at `h[lo]` (each at most 4, sum
/// at most 14).
#[inline(always)]
pub fn suit_id(h: &Counts, lo: usize) -> usize {
    let mut low = [0u8; 8];
    low.copy_from_slice(&h[lo..lo + 8]);
    SUIT[r#gen::rank_by_sum_packed(u64::from_le_bytes(low), h[lo + 8])] as usize
}

/// The id of a group's counts and, in `out`, the ids with one more tile of
/// each kind (left alone where the kind is held four times), from its rank
/// and how one more tile of each kind moves it.
#[inline(always)]
fn ids_plus<const N: usize>(
    (r, plus): (usize, [i32; N]),
    ids: &[u8],
    counts: &[u8],
    out: &mut [u8],
) -> usize {
    for j in 0..N {
        if counts[j] < 4 {
            out[j] = ids[(r as i64 + i64::from(plus[j])) as usize];
        }
    }
    ids[r] as usize
}

/// [`ids_plus`] for a suit (9 counts, at most 13 tiles).
#[inline(always)]
pub fn suit_ids_plus(counts: &[u8], out: &mut [u8]) -> usize {
    ids_plus(r#gen::rank_plus_by_sum(counts), SUIT, counts, out)
}

/// [`ids_plus`] for the honors (7 counts, at most 13 tiles).
#[inline(always)]
pub fn honor_ids_plus(counts: &[u8], out: &mut [u8]) -> usize {
    ids_plus(r#gen::rank_plus(&r#gen::RANK7, counts), HONOR, counts, out)
}

/// The id of the 7 honor counts, from `h[27]` (each at most 4, sum at most
/// 14), by their shape.
#[inline(always)]
pub fn honor_id(h: &Counts) -> usize {
    // Kinds 26-33 in one load, less kind 26.
    let mut eight = [0u8; 8];
    eight.copy_from_slice(&h[26..34]);
    HONOR_SHAPE[r#gen::shape_key(u64::from_le_bytes(eight) >> 8)] as usize
}

/// The id of two counts read as a group of honors (kinds that make no
/// sequence): a three-player man suit, 1m and 9m.
#[cfg(test)]
fn honor_id_of_two(first: u8, second: u8) -> usize {
    HONOR_SHAPE[r#gen::shape_key(u64::from(first) | u64::from(second) << 8)] as usize
}

/// The class of a three-player man suit, whose only kinds are 1m and 9m
/// (`ones` and `nines` copies, each at most 4), combined with a suit of id
/// `id`: one lookup indexed by the counts themselves, where mapping them
/// to an id first would take two.
#[inline(always)]
pub fn man3_class(ones: u8, nines: u8, id: usize) -> u8 {
    MAN3_CLASS[(usize::from(ones) * 5 + usize::from(nines)) * DISTS_LEN + id]
}

/// The class of two groups combined, by their ids (each below the number
/// of distance vectors).
#[inline(always)]
pub fn class(a: usize, b: usize) -> u8 {
    PAIR_CLASS[a * DISTS_LEN + b]
}

/// The fewest draws for `need` melds (at most 4) and a pair from two
/// complementary pairs of groups, by their classes (`u8::MAX` where a
/// class is [`NO_CLASS`]).
#[inline(always)]
pub fn finish_classes(left: u8, right: u8, need: usize) -> u8 {
    FINISH[(need * CLASSES + left as usize) * CLASSES + right as usize]
}

/// The distances of a class (two groups combined).
#[cfg(test)]
pub fn class_dist(class: u8) -> Dist {
    let at = class as usize * 10;
    CLASS_BYTES[at..at + 10].try_into().unwrap_or([u8::MAX; 10])
}

/// Distances of one suit's 9 counts (each at most 4, sum at most 14).
#[cfg(test)]
pub fn suit(counts: &[u8]) -> &'static D {
    &DISTS[SUIT[r#gen::rank_by_sum(counts)] as usize]
}

/// Distances of the 7 honor counts.
#[cfg(test)]
pub fn honor(counts: &[u8]) -> &'static D {
    &DISTS[HONOR[r#gen::rank(&r#gen::RANK7, counts)] as usize]
}

/// The distances of one group's counts from the tables: 9 counts of a
/// suit (`seq`) or 7 of the honors, each at most 4, at most
/// [`gen::MAX_TILES`] in all. What [`gen::dist`] computes with every cap at
/// 4, looked up.
#[inline]
pub fn group(counts: &[u8], seq: bool) -> D {
    let id = if seq {
        SUIT[r#gen::rank_by_sum(counts)]
    } else {
        HONOR[r#gen::rank(&r#gen::RANK7, counts)]
    } as usize;
    let mut out = [0u8; 16];
    if let Some(bytes) = DIST_BYTES.get(id * 10..id * 10 + 10) {
        out[..10].copy_from_slice(bytes);
    }
    out
}

/// Pads a [`Dist`] computed outside the tables.
pub fn pad(d: Dist) -> D {
    let mut out = [0u8; 16];
    out[..10].copy_from_slice(&d);
    out
}

/// Min-plus combination of two groups of kinds, for up to `need` melds.
#[inline(always)]
pub fn merge(a: &D, b: &D, need: usize) -> D {
    let mut c = [u8::MAX; 16];
    for m in 0..=need {
        let mut none = u8::MAX;
        let mut one = u8::MAX;
        for k in 0..=m {
            none = none.min(a[at(k, 0)].saturating_add(b[at(m - k, 0)]));
            one = one
                .min(a[at(k, 0)].saturating_add(b[at(m - k, 1)]))
                .min(a[at(k, 1)].saturating_add(b[at(m - k, 0)]));
        }
        c[at(m, 0)] = none;
        c[at(m, 1)] = one;
    }
    c
}

/// The draws for `need` melds and a pair from two complementary groups.
#[inline(always)]
pub fn finish(a: &D, b: &D, need: usize) -> u8 {
    let mut best = u8::MAX;
    for k in 0..=need {
        best = best
            .min(a[at(k, 0)].saturating_add(b[at(need - k, 1)]))
            .min(a[at(k, 1)].saturating_add(b[at(need - k, 0)]));
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dist_of(id: usize) -> Dist {
        DISTS[id][..10].try_into().unwrap_or([u8::MAX; 10])
    }

    #[test]
    fn a_class_is_its_two_groups_combined() {
        for a in 0..DISTS_LEN {
            for b in 0..DISTS_LEN {
                let class = class(a, b);
                assert_ne!(class, NO_CLASS, "{a} {b}");
                assert_eq!(
                    class_dist(class),
                    r#gen::merge(&dist_of(a), &dist_of(b)),
                    "{a} {b}"
                );
            }
        }
    }

    #[test]
    fn two_classes_finish_as_the_programme_does() {
        for need in 0..=r#gen::MAX_MELDS {
            for left in 0..CLASSES as u8 {
                for right in 0..CLASSES as u8 {
                    let expect = if left == NO_CLASS || right == NO_CLASS {
                        u8::MAX
                    } else {
                        r#gen::finish(&class_dist(left), &class_dist(right), need)
                    };
                    assert_eq!(finish_classes(left, right, need), expect);
                }
            }
        }
    }

    #[test]
    fn honors_by_shape_are_honors_by_rank() {
        // Every honor configuration of at most 14 tiles, in any order.
        let mut counts = [0u8; 7];
        let mut seen = 0;
        loop {
            let sum: usize = counts.iter().map(|&c| c as usize).sum();
            if sum <= r#gen::MAX_TILES {
                let mut h = [0u8; crate::tile::KINDS];
                h[27..].copy_from_slice(&counts);
                assert_eq!(
                    honor_id(&h),
                    HONOR[r#gen::rank(&r#gen::RANK7, &counts)] as usize,
                    "{counts:?}"
                );
                seen += 1;
            }
            let mut k = 7;
            loop {
                if k == 0 {
                    assert_eq!(seen, r#gen::HONOR_CONFIGS);
                    return;
                }
                k -= 1;
                if counts[k] < 4 {
                    counts[k] += 1;
                    break;
                }
                counts[k] = 0;
            }
        }
    }

    #[test]
    fn a_three_player_man_suit_is_a_group_of_honors() {
        for one in 0..=4u8 {
            for nine in 0..=4u8 {
                let mut man = [0u8; 9];
                man[0] = one;
                man[8] = nine;
                let mut caps = [4u8; 9];
                caps[1..8].fill(0);
                // Exact wherever two kinds can make the shape. Where they
                // cannot (three sets, or two and a pair), the honor table
                // prices kinds that three players lack at what an empty
                // kind of pin, sou or honors costs, and a hand of at most
                // 14 tiles always has such a kind: the whole hand's draws
                // are the same (the differential tests check it).
                let exact = r#gen::dist(&man, &caps, true);
                let tabled = dist_of(honor_id_of_two(one, nine));
                for lane in 0..10 {
                    assert!(
                        exact[lane] == tabled[lane] || exact[lane] == u8::MAX,
                        "{man:?}: {tabled:?} against {exact:?}"
                    );
                }
                // The direct table holds that id combined with each suit.
                for id in 0..DISTS_LEN {
                    assert_eq!(
                        man3_class(one, nine, id),
                        class(honor_id_of_two(one, nine), id),
                        "{man:?} with suit id {id}"
                    );
                }
            }
        }
    }
}
