//! The fast paths, for hands the tables cover (no called copies of a kind the
//! closed part holds, at most 4 of a kind, at most 14 tiles): each group of
//! kinds (man, pin, sou, honors) is a table id, two groups combine into a
//! class by one more lookup, and two classes give the hand's draws by a
//! third.

use super::table;
use super::{group_of, needed_melds, to_shanten, Shanten, Singles};
use crate::tile::{Counts, KINDS};

/// The id of group `g` of `h` and, in `out[x]` for each kind `x` of the group,
/// its id with one more `x` (where `h[x] < 4`). The group must hold at most
/// 13 tiles.
#[inline(always)]
fn group_ids_plus(g: usize, h: &Counts, out: &mut [u8; KINDS]) -> usize {
    let (lo, hi) = GROUP_RANGE[g];
    if g == 3 {
        table::honor_ids_plus(&h[lo..hi], &mut out[lo..hi])
    } else {
        table::suit_ids_plus(&h[lo..hi], &mut out[lo..hi])
    }
}

#[inline(always)]
fn ids(h: &Counts) -> [usize; 4] {
    [
        table::suit_id(h, 0),
        table::suit_id(h, 9),
        table::suit_id(h, 18),
        table::honor_id(h),
    ]
}

/// Regular-form shanten.
#[inline(always)]
pub(super) fn regular(h: &Counts, need: usize) -> i8 {
    let id = ids(h);
    to_shanten(table::finish_classes(
        table::class(id[0], id[1]),
        table::class(id[2], id[3]),
        need,
    ))
}

/// Regular-form shanten of a three-player hand (none of 2m-8m held, none
/// drawable): its man suit is 1m and 9m alone, which pair and make
/// triplets but no sequence, exactly as two honors do. So it is looked up
/// in the honor table, and combined with the rest as a four-player hand is;
/// its class with the pin suit comes from a table indexed by the 1m and 9m
/// counts directly (one lookup where a four-player man suit takes two).
#[inline(always)]
pub(super) fn regular_three_player(h: &Counts, need: usize) -> i8 {
    to_shanten(table::finish_classes(
        table::man3_class(h[0], h[8], table::suit_id(h, 9)),
        table::class(table::suit_id(h, 18), table::honor_id(h)),
        need,
    ))
}

/// Regular-form shanten after each draw (`i8::MAX` for a fifth copy); returns
/// the hand's own. Groups pair up as man+pin and sou+honors: a draw changes
/// one group, combined with its partner and laid against the other pair.
pub(super) fn after_draws(h: &Counts, total: usize, melds: usize, out: &mut [i8; KINDS]) -> i8 {
    let need = needed_melds(total + 1, melds);
    let id = ids(h);
    let other = [table::class(id[2], id[3]), table::class(id[0], id[1])];
    let need0 = needed_melds(total, melds);
    let base = if need0 == need {
        to_shanten(table::finish_classes(other[1], other[0], need))
    } else {
        regular(h, need0)
    };
    let mut plus = [0u8; KINDS];
    for g in 0..4 {
        group_ids_plus(g, h, &mut plus);
    }
    for x in 0..KINDS {
        if h[x] >= 4 {
            out[x] = i8::MAX;
            continue;
        }
        let g = group_of(x);
        let nid = plus[x] as usize;
        out[x] = to_shanten(table::finish_classes(
            table::class(nid, id[g ^ 1]),
            other[g >> 1],
            need,
        ));
    }
    base
}

/// Every distinct discard of a 3n+2-tile hand with the shanten after it and
/// the mask of kinds that then lower it.
///
/// Discarding from group A and drawing into another group B changes two
/// groups; pairing A with a third group and B with the fourth (man+pin /
/// sou+honors, or man+sou / pin+honors when A and B are partners in the
/// first) makes each side one class, so a (discard, draw) pair costs one
/// lookup. Those draws depend on the discard only
/// through A's new id, which many discards share, so they are computed once
/// per id. Draws into A itself re-rank A.
pub(super) fn discards(h: &Counts, total: usize, melds: usize) -> Vec<(usize, Shanten, u64)> {
    let need = needed_melds(total - 1, melds);
    let id = ids(h);
    // `other[A >> 1]`: the class of the other first-pairing pair.
    let other = [table::class(id[2], id[3]), table::class(id[0], id[1])];
    // Each possible draw into an unchanged group, combined with its partner
    // in either pairing: `xv[j][x]`, j = 0 for man+pin / sou+honors, 1 for
    // man+sou / pin+honors; no class where the draw cannot be made.
    let mut xv = [[table::NO_CLASS; KINDS]; 2];
    let mut plus = [0u8; KINDS];
    let mut sums = [0usize; 4];
    for (g, &(lo, hi)) in GROUP_RANGE.iter().enumerate() {
        sums[g] = h[lo..hi].iter().map(|&c| c as usize).sum();
        // A group holding all the tiles has no discard outside it, so no
        // draw into it from outside is ever asked for.
        if sums[g] >= total {
            continue;
        }
        group_ids_plus(g, h, &mut plus);
        for x in lo..hi {
            if h[x] < 4 {
                let nid = plus[x] as usize;
                xv[0][x] = table::class(nid, id[g ^ 1]);
                xv[1][x] = table::class(nid, id[g ^ 2]);
            }
        }
    }
    let mut h2 = *h;
    let forms = melds == 0 && total == 14;
    let singles = Singles::of(h);
    // Kinds held exactly zero and exactly one times.
    let (mut zeros, mut ones) = (0u64, 0u64);
    for (x, &c) in h.iter().enumerate() {
        zeros |= u64::from(c == 0) << x;
        ones |= u64::from(c == 1) << x;
    }
    let mut out = Vec::with_capacity(14);
    // Draws into other groups, by (A, A's id after the discard).
    let mut seen: [(usize, usize, [u8; KINDS]); 14] = [(usize::MAX, 0, [u8::MAX; KINDS]); 14];
    let mut seen_len = 0;
    for k in 0..KINDS {
        if h[k] == 0 {
            continue;
        }
        let a = group_of(k);
        h2[k] -= 1;
        // A's id after the discard, and after each draw into A.
        let idm = group_ids_plus(a, &h2, &mut plus);
        let kv0 = table::class(idm, id[a ^ 1]);
        let regular = to_shanten(table::finish_classes(kv0, other[a >> 1], need));
        let (lo, hi) = GROUP_RANGE[a];
        let slot = match seen[..seen_len].iter().position(|s| s.0 == a && s.1 == idm) {
            Some(i) => i,
            None => {
                let kv = [kv0, table::class(idm, id[a ^ 2])];
                let d = &mut seen[seen_len].2;
                for (b, &(blo, bhi)) in GROUP_RANGE.iter().enumerate() {
                    if b == a {
                        continue;
                    }
                    let j = usize::from(b == a ^ 1);
                    for x in blo..bhi {
                        d[x] = table::finish_classes(kv[j], xv[j][x], need);
                    }
                }
                seen[seen_len].0 = a;
                seen[seen_len].1 = idm;
                seen_len += 1;
                seen_len - 1
            }
        };
        let mut d = seen[slot].2;
        for x in lo..hi {
            if h2[x] >= 4 {
                d[x] = u8::MAX;
                continue;
            }
            d[x] = table::finish_classes(
                table::class(plus[x] as usize, id[a ^ 1]),
                other[a >> 1],
                need,
            );
        }
        let sk = singles.without(k, h[k]);
        let (c, ko) = (sk.chiitoitsu(), sk.kokushi());
        let shanten = if forms {
            Shanten {
                shanten: regular.min(c).min(ko),
                regular,
                chiitoitsu: Some(c),
                kokushi: Some(ko),
            }
        } else {
            Shanten {
                shanten: regular,
                regular,
                chiitoitsu: None,
                kokushi: None,
            }
        };
        let base = shanten.shanten;
        // A draw lowers the shanten when it needs at most `base` draws more.
        let limit = (base + 1).max(0) as u8;
        let mut mask = 0u64;
        for (x, &dx) in d.iter().enumerate() {
            mask |= u64::from(dx < limit) << x;
        }
        // The other forms: a draw lowers seven pairs by pairing a single (or,
        // short of seven kinds, by a new kind), thirteen orphans by a new
        // orphan (or its first pair); each only counts if that form is the
        // shanten.
        if forms {
            let (mut zero, mut one) = (zeros, ones);
            match h[k] {
                1 => {
                    zero |= 1 << k;
                    one &= !(1 << k);
                }
                2 => one |= 1 << k,
                _ => {}
            }
            if c <= base {
                mask |= one;
                if sk.kinds < 7 {
                    mask |= zero;
                }
            }
            if ko <= base {
                mask |= ORPHAN_MASK & zero;
                if sk.orphan_pairs == 0 {
                    mask |= ORPHAN_MASK & one;
                }
            }
        }
        h2[k] += 1;
        out.push((k, shanten, mask));
    }
    out
}

/// The terminal and honor kinds, as a mask.
const ORPHAN_MASK: u64 = {
    let mut m = 0u64;
    let mut i = 0;
    while i < super::ORPHANS.len() {
        m |= 1 << super::ORPHANS[i];
        i += 1;
    }
    m
};

/// The kinds of each group: man, pin, sou, honors.
const GROUP_RANGE: [(usize, usize); 4] = [(0, 9), (9, 18), (18, 27), (27, 34)];
