//! The generated lookup tables (see `gen.rs` and `build.rs`) and the
//! min-plus combination of per-suit distances into a whole hand's.

use super::gen::{self, at, Dist};
use crate::tile::Counts;

static SUIT: &[u8; gen::SUIT_CONFIGS] =
    include_bytes!(concat!(env!("OUT_DIR"), "/shanten_suit.bin"));
static HONOR: &[u8; gen::HONOR_CONFIGS] =
    include_bytes!(concat!(env!("OUT_DIR"), "/shanten_honor.bin"));
const DIST_BYTES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/shanten_dist.bin"));
const DISTS_LEN: usize = DIST_BYTES.len() / 10;

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

/// Bytes of table data the binary carries.
/// `merge(a, b)` of every two distance vectors, by id (`a * DISTS_LEN + b`),
/// 10 bytes each (read as 16: lanes 10-15 belong to the next entry, and a
/// laid-out vector's `INF` there keeps them out of every minimum); and the
/// same laid out by [`gen::reversed`] for four melds.
static PAIR: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/shanten_pair.bin"));
static PAIR_REV4: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/shanten_pair_rev.bin"));

const TABLE_BYTES: usize =
    gen::SUIT_CONFIGS + gen::HONOR_CONFIGS + DIST_BYTES.len() + 2 * 16 * DISTS_LEN * DISTS_LEN;
const _: () = assert!(TABLE_BYTES <= 2 * 1024 * 1024, "tables stay within 2 MB");

/// The id of the suit whose 9 counts start at `h[lo]` (each at most 4, sum
/// at most 14).
#[inline(always)]
pub fn suit_id(h: &Counts, lo: usize) -> usize {
    SUIT[gen::rank_fast(&gen::RANK9_3, &gen::RANK9, h, lo)] as usize
}

/// The id of a group's counts and, in `out`, the ids with one more tile of
/// each kind (left alone where the kind is held four times). The sum must be
/// at most 13.
#[inline(always)]
fn ids_plus<const N: usize>(
    rt: &gen::RankTable<N>,
    ids: &[u8],
    counts: &[u8],
    out: &mut [u8],
) -> usize {
    let (r, plus) = gen::rank_plus(rt, counts);
    for j in 0..N {
        if counts[j] < 4 {
            out[j] = ids[(r as i64 + i64::from(plus[j])) as usize];
        }
    }
    ids[r] as usize
}

/// [`ids_plus`] for a suit (9 counts).
#[inline(always)]
pub fn suit_ids_plus(counts: &[u8], out: &mut [u8]) -> usize {
    ids_plus(&gen::RANK9, SUIT, counts, out)
}

/// [`ids_plus`] for the honors (7 counts).
#[inline(always)]
pub fn honor_ids_plus(counts: &[u8], out: &mut [u8]) -> usize {
    ids_plus(&gen::RANK7, HONOR, counts, out)
}

/// The id of the 7 honor counts, from `h[27]`.
#[inline(always)]
pub fn honor_id(h: &Counts) -> usize {
    HONOR[gen::rank_fast(&gen::RANK7_3, &gen::RANK7, h, 27)] as usize
}

/// The id of any 7 counts read as a group of honors (kinds that make no
/// sequence): a three-player man suit is `[1m, 9m, 0, 0, 0, 0, 0]`.
#[inline(always)]
pub fn honor_id_of(counts: &[u8; 7]) -> usize {
    HONOR[gen::rank(&gen::RANK7, counts)] as usize
}

/// 16 bytes from `at` (the tables carry 6 bytes of padding at the end).
#[inline(always)]
fn read16(bytes: &'static [u8], at: usize) -> &'static D {
    const NONE: D = [u8::MAX; 16];
    bytes
        .get(at..at + 16)
        .and_then(|s| <&D>::try_from(s).ok())
        .unwrap_or(&NONE)
}

/// Two groups combined, by their ids. Lanes 10-15 are not part of it.
#[inline(always)]
pub fn pair(a: usize, b: usize) -> &'static D {
    read16(PAIR, (a * DISTS_LEN + b) * 10)
}

/// Two groups combined and laid out for four melds (see [`gen::reversed`]).
#[inline(always)]
pub fn pair_rev4(a: usize, b: usize) -> D {
    // Lanes 10-15 forced to INF with one whole-vector OR (byte stores into
    // a loaded vector would stall its next load).
    const PAD: D = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255, 255, 255];
    let d = read16(PAIR_REV4, (a * DISTS_LEN + b) * 10);
    let mut out = [0u8; 16];
    for i in 0..16 {
        out[i] = d[i] | PAD[i];
    }
    out
}

/// `b` laid out against another group for `need` melds.
#[inline(always)]
pub fn rev(b: &D, need: usize) -> D {
    gen::reversed(b, need)
}

/// The fewest draws of two complementary halves, `b` laid out by [`rev`].
#[inline(always)]
pub fn fin(a: &D, b_rev: &D) -> u8 {
    let mut best = u8::MAX;
    for i in 0..16 {
        best = best.min(a[i].saturating_add(b_rev[i]));
    }
    best
}

/// Distances of one suit's 9 counts (each at most 4, sum at most 14).
#[cfg(test)]
pub fn suit(counts: &[u8]) -> &'static D {
    &DISTS[SUIT[gen::rank(&gen::RANK9, counts)] as usize]
}

/// Distances of the 7 honor counts.
#[cfg(test)]
pub fn honor(counts: &[u8]) -> &'static D {
    &DISTS[HONOR[gen::rank(&gen::RANK7, counts)] as usize]
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
