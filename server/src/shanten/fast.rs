//! The fast paths, for hands the tables cover (no called copies of a kind the
//! closed part holds, at most 4 of a kind, at most 14 tiles): each group of
//! kinds (man, pin, sou, honors) is a table id, two groups combine by one
//! more lookup, and a whole hand is the minimum over ten lanes.

use super::table::{self, D};
use super::{group_of, needed_melds, to_shanten, Shanten, Singles};
use crate::tile::{Counts, KINDS};

#[inline(always)]
fn group_id(g: usize, h: &Counts) -> usize {
    match g {
        0 => table::suit_id(&h[0..9]),
        1 => table::suit_id(&h[9..18]),
        2 => table::suit_id(&h[18..27]),
        _ => table::honor_id(&h[27..34]),
    }
}

#[inline(always)]
fn ids(h: &Counts) -> [usize; 4] {
    [
        table::suit_id(&h[0..9]),
        table::suit_id(&h[9..18]),
        table::suit_id(&h[18..27]),
        table::honor_id(&h[27..34]),
    ]
}

/// Two groups combined and laid out against the other two.
#[inline(always)]
fn pair_rev(a: usize, b: usize, need: usize) -> D {
    if need == 4 {
        *table::pair_rev4(a, b)
    } else {
        table::rev(table::pair(a, b), need)
    }
}

/// Regular-form shanten.
#[inline(always)]
pub(super) fn regular(h: &Counts, need: usize) -> i8 {
    let id = ids(h);
    to_shanten(table::fin(
        table::pair(id[0], id[1]),
        &pair_rev(id[2], id[3], need),
    ))
}

/// Regular-form shanten after each draw (`i8::MAX` for a fifth copy); returns
/// the hand's own. Groups pair up as man+pin and sou+honors: a draw changes
/// one group, combined with its partner and laid against the other pair.
pub(super) fn after_draws(h: &Counts, total: usize, melds: usize, out: &mut [i8; KINDS]) -> i8 {
    let need = needed_melds(total + 1, melds);
    let id = ids(h);
    let other = [pair_rev(id[2], id[3], need), pair_rev(id[0], id[1], need)];
    let need0 = needed_melds(total, melds);
    let base = if need0 == need {
        to_shanten(table::fin(table::pair(id[0], id[1]), &other[0]))
    } else {
        regular(h, need0)
    };
    let mut h2 = *h;
    for x in 0..KINDS {
        if h[x] >= 4 {
            out[x] = i8::MAX;
            continue;
        }
        let g = group_of(x);
        h2[x] += 1;
        let nid = group_id(g, &h2);
        h2[x] -= 1;
        out[x] = to_shanten(table::fin(table::pair(nid, id[g ^ 1]), &other[g >> 1]));
    }
    base
}

/// Every distinct discard of a 3n+2-tile hand with the shanten after it and
/// the mask of kinds that then lower it.
///
/// Discarding from group A and drawing into another group B changes two
/// groups; pairing A with a third group and B with the fourth (man+pin /
/// sou+honors, or man+sou / pin+honors when A and B are partners in the
/// first) makes each side one precomputed lookup, so a (discard, draw) pair
/// costs one ten-lane minimum. Draws into A itself re-rank A.
pub(super) fn discards(h: &Counts, total: usize, melds: usize) -> Vec<(usize, Shanten, u64)> {
    let need = needed_melds(total - 1, melds);
    let id = ids(h);
    // `other[A >> 1]`: the other first-pairing pair, laid out.
    let other = [pair_rev(id[2], id[3], need), pair_rev(id[0], id[1], need)];
    // Each possible draw into an unchanged group, combined with its partner
    // in either pairing and laid out: `xv[x][j]`, j = 0 for man+pin /
    // sou+honors, 1 for man+sou / pin+honors.
    let mut xv = [[[u8::MAX; 16]; 2]; KINDS];
    let mut h2 = *h;
    for x in 0..KINDS {
        if h[x] >= 4 {
            continue;
        }
        let g = group_of(x);
        h2[x] += 1;
        let nid = group_id(g, &h2);
        h2[x] -= 1;
        xv[x][0] = pair_rev(nid, id[g ^ 1], need);
        xv[x][1] = pair_rev(nid, id[g ^ 2], need);
    }
    let forms = melds == 0 && total == 14;
    let singles = Singles::of(h);
    let mut out = Vec::with_capacity(14);
    for k in 0..KINDS {
        if h[k] == 0 {
            continue;
        }
        let a = group_of(k);
        h2[k] -= 1;
        let idm = group_id(a, &h2);
        let kv = [*table::pair(idm, id[a ^ 1]), *table::pair(idm, id[a ^ 2])];
        let regular = to_shanten(table::fin(&kv[0], &other[a >> 1]));
        let sk = singles.without(k, h[k]);
        let shanten = if forms {
            let (c, ko) = (sk.chiitoitsu(), sk.kokushi());
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
        let mut mask = 0u64;
        for x in 0..KINDS {
            let b = group_of(x);
            let s = if b == a {
                if h2[x] >= 4 {
                    continue;
                }
                h2[x] += 1;
                let nid = group_id(a, &h2);
                h2[x] -= 1;
                table::fin(table::pair(nid, id[a ^ 1]), &other[a >> 1])
            } else {
                if h[x] >= 4 {
                    continue;
                }
                let j = usize::from(b == a ^ 1);
                table::fin(&kv[j], &xv[x][j])
            };
            let mut s = to_shanten(s);
            if forms {
                let s2 = sk.with(x, h2[x]);
                s = s.min(s2.chiitoitsu()).min(s2.kokushi());
            }
            if s < base {
                mask |= 1 << x;
            }
        }
        h2[k] += 1;
        out.push((k, shanten, mask));
    }
    out
}
