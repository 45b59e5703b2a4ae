//! Cross-checks of the tables against exhaustive searches written
//! independently of them: the draws a small hand needs (every target shape
//! enumerated), and every tile a tenpai hand does or does not win on (a
//! plain recursive decomposition); and against an independent
//! implementation, the `xiangting` crate (the peer of the shanten bench):
//! its "replacement number" is shanten + 1, and its "necessary tiles" are
//! the kinds whose draw lowers it, our ukeire. Both count a fifth copy as
//! impossible (a hand holding four 1m cannot wait on 1m).

// Counts are indexed by kind throughout, as the rules are stated.
#![allow(clippy::needless_range_loop)]

use tenpai::hand::{Hand, Meld, MeldKind};
use tenpai::shanten::{hand_shanten, shanten, ukeire, waits};
use tenpai::tile::{Counts, Tile, KINDS};
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

/// Every meld: 34 triplets and 21 sequences.
fn all_melds() -> Vec<Counts> {
    let mut out = Vec::new();
    for k in 0..KINDS {
        let mut c = [0u8; KINDS];
        c[k] = 3;
        out.push(c);
    }
    for suit in 0..3 {
        for start in 0..7 {
            let mut c = [0u8; KINDS];
            for d in 0..3 {
                c[suit * 9 + start + d] = 1;
            }
            out.push(c);
        }
    }
    out
}

/// The fewest draws that give `need` melds and a pair (1 or 2 melds), by
/// enumerating every target shape whose counts stay within `caps`.
fn brute_draws(h: &Counts, need: usize, caps: &Counts) -> u8 {
    let melds = all_melds();
    let mut best = u8::MAX;
    let mut consider = |target: &Counts| {
        if (0..KINDS).any(|k| target[k] > caps[k]) {
            return;
        }
        let d: u8 = (0..KINDS).map(|k| target[k].saturating_sub(h[k])).sum();
        best = best.min(d);
    };
    for pair in 0..KINDS {
        for i in 0..melds.len() {
            let js: Vec<Option<usize>> = if need == 1 {
                vec![None]
            } else {
                (i..melds.len()).map(Some).collect()
            };
            for j in js {
                let mut t = melds[i];
                if let Some(j) = j {
                    for k in 0..KINDS {
                        t[k] += melds[j][k];
                    }
                }
                t[pair] += 2;
                consider(&t);
            }
        }
    }
    best
}

/// A random hand of `n` tiles drawn from a few neighbouring kinds, so that
/// triplets, quads and fifth-copy situations are common.
fn dense_hand(rng: &mut Rng, n: usize) -> Counts {
    let mut h = [0u8; KINDS];
    let start = rng.below(KINDS - 4);
    let width = 2 + rng.below(4);
    let mut placed = 0;
    while placed < n {
        let k = if rng.below(6) == 0 {
            rng.below(KINDS)
        } else {
            start + rng.below(width)
        };
        if h[k] < 4 {
            h[k] += 1;
            placed += 1;
        }
    }
    h
}

#[test]
fn small_hands_match_an_exhaustive_search() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let full = [4u8; KINDS];
    for round in 0..100 {
        // 4, 5 tiles need one meld; 7, 8 tiles two (as if the rest is called).
        let (n, need) = [(4, 1), (5, 1), (7, 2), (8, 2)][round % 4];
        let h = dense_hand(&mut rng, n);
        let want = brute_draws(&h, need, &full) as i8 - 1;
        let got = shanten(&h, 4 - need);
        assert_eq!(got.regular, want, "hand {h:?}");
        assert_eq!(got.shanten, want, "no other form applies with calls: {h:?}");
    }
}

#[test]
fn called_copies_limit_the_closed_part() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let mut checked = 0;
    let mut differs = 0;
    for round in 0..90 {
        let (n, need) = [(4, 1), (5, 1), (7, 2)][round % 3];
        let h = dense_hand(&mut rng, n);
        // Pon tiles the hand is most likely to want: one of its own kinds.
        let held: Vec<usize> = (0..KINDS).filter(|&k| h[k] > 0 && h[k] <= 1).collect();
        if held.is_empty() {
            continue;
        }
        let pon = held[rng.below(held.len())];
        let mut caps = [4u8; KINDS];
        caps[pon] = 1;
        let tile = Tile::from_index(pon).unwrap();
        let mut closed = Vec::new();
        for k in 0..KINDS {
            for _ in 0..h[k] {
                closed.push(Tile::from_index(k).unwrap());
            }
        }
        // The other calls are triplets of kinds far from everything here.
        let mut melds = vec![Meld {
            kind: MeldKind::Pon,
            tiles: smallvec::smallvec![tile; 3],
        }];
        for k in (27..34)
            .filter(|&k| h[k] == 0 && k != pon)
            .take(4 - need - 1)
        {
            melds.push(Meld {
                kind: MeldKind::Pon,
                tiles: smallvec::smallvec![Tile::from_index(k).unwrap(); 3],
            });
            caps[k] = 1;
        }
        if melds.len() != 4 - need {
            continue;
        }
        let hand = Hand {
            closed: closed.into(),
            melds: melds.into(),
            win: None,
            ..Hand::default()
        };
        let want = brute_draws(&h, need, &caps) as i8 - 1;
        assert_eq!(hand_shanten(&hand).regular, want, "hand {h:?} pon {tile}");
        checked += 1;
        if want != shanten(&h, 4 - need).regular {
            differs += 1;
        }
    }
    assert!(checked >= 30, "enough hands checked ({checked})");
    assert!(differs > 0, "some hands are slowed by the called copies");
}

/// A plain recursive decomposition: four melds and a pair (from the counts
/// given), seven distinct pairs, or thirteen orphans.
fn complete(h: &Counts, melds: usize) -> bool {
    fn groups(h: &mut Counts, need: usize, pair: bool) -> bool {
        let Some(k) = (0..KINDS).find(|&k| h[k] > 0) else {
            return need == 0 && pair;
        };
        if !pair && h[k] >= 2 {
            h[k] -= 2;
            let ok = groups(h, need, true);
            h[k] += 2;
            if ok {
                return true;
            }
        }
        if need > 0 && h[k] >= 3 {
            h[k] -= 3;
            let ok = groups(h, need - 1, pair);
            h[k] += 3;
            if ok {
                return true;
            }
        }
        if need > 0 && k < 27 && k % 9 <= 6 && h[k + 1] > 0 && h[k + 2] > 0 {
            for d in 0..3 {
                h[k + d] -= 1;
            }
            let ok = groups(h, need - 1, pair);
            for d in 0..3 {
                h[k + d] += 1;
            }
            if ok {
                return true;
            }
        }
        false
    }
    let mut c = *h;
    if groups(&mut c, 4 - melds, false) {
        return true;
    }
    if melds > 0 {
        return false;
    }
    let seven = (0..KINDS).filter(|&k| h[k] == 2).count() == 7;
    let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    let kokushi = orphans.iter().all(|&k| h[k] >= 1)
        && orphans.iter().map(|&k| h[k] as usize).sum::<usize>() == 14;
    seven || kokushi
}

/// A random 13-tile hand near tenpai: a complete hand less one tile, with a
/// tile changed now and then.
fn near_tenpai(rng: &mut Rng, melds: usize) -> Counts {
    loop {
        let mut h = [0u8; KINDS];
        let all = all_melds();
        let mut ok = true;
        let base = rng.below(KINDS - 6);
        for _ in 0..4 - melds {
            // Keep to a few neighbouring kinds so copies pile up.
            let m = loop {
                let m = &all[rng.below(all.len())];
                let lo = (0..KINDS).find(|&k| m[k] > 0).unwrap();
                if lo >= base && lo < base + 6 || rng.below(4) == 0 {
                    break m;
                }
            };
            for k in 0..KINDS {
                h[k] += m[k];
            }
        }
        let p = base + rng.below(6);
        h[p] += 2;
        if h.iter().any(|&c| c > 4) {
            ok = false;
        }
        if !ok {
            continue;
        }
        let held: Vec<usize> = (0..KINDS).filter(|&k| h[k] > 0).collect();
        h[held[rng.below(held.len())]] -= 1;
        if rng.below(3) == 0 {
            let held: Vec<usize> = (0..KINDS).filter(|&k| h[k] > 0).collect();
            h[held[rng.below(held.len())]] -= 1;
            let k = base + rng.below(6);
            if h[k] < 4 {
                h[k] += 1;
            } else {
                continue;
            }
        }
        return h;
    }
}

#[test]
fn every_wait_completes_and_no_other_tile_does() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut tenpai = 0;
    for round in 0..600 {
        let melds = [0, 0, 1, 2][round % 4];
        let h = near_tenpai(&mut rng, melds);
        let ws = waits(&h, melds);
        // The calls, for the scoring engine: pons of honors the hand lacks.
        let pons: Vec<Meld> = (27..34)
            .rev()
            .filter(|&k| h[k] == 0)
            .take(melds)
            .map(|k| Meld {
                kind: MeldKind::Pon,
                tiles: smallvec::smallvec![Tile::from_index(k).unwrap(); 3],
            })
            .collect();
        for k in 0..KINDS {
            let tile = Tile::from_index(k).unwrap();
            let mut h2 = h;
            h2[k] += 1;
            let wins = h[k] < 4 && complete(&h2, melds);
            assert_eq!(ws.contains(&tile), wins, "{h:?} + {tile}");
            // The scoring engine's decomposition agrees on every tile that
            // can be drawn (a pon's kind is left out: its fifth copy).
            if pons.len() == melds && h[k] < 4 && pons.iter().all(|m| m.tiles[0] != tile) {
                let mut closed = Vec::new();
                for (i, &c) in h2.iter().enumerate() {
                    closed.extend(std::iter::repeat_n(
                        Tile::from_index(i).unwrap(),
                        c as usize,
                    ));
                }
                let hand = Hand {
                    closed: closed.into(),
                    melds: pons.clone().into(),
                    win: Some(tile),
                    ..Hand::default()
                };
                assert_eq!(
                    tenpai::score::is_complete(&hand),
                    wins,
                    "{h:?} + {tile} (scorer)"
                );
            }
        }
        assert_eq!(shanten(&h, melds).shanten == 0, !ws.is_empty(), "{h:?}");
        if !ws.is_empty() {
            tenpai += 1;
        }
    }
    assert!(tenpai > 100, "the generator makes tenpai hands ({tenpai})");
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
