//! Improvement tiles (ukeire2, 改良): the draws that do not lower a hand's
//! shanten but, with the best discard after them, leave it accepting more
//! tiles. What a reviewer weighs between two discards of the same shanten
//! and ukeire: one shape keeps more ways to get better.
//!
//! A tenpai hand can also get better in value (打点改良): a draw that,
//! with a discard after it, keeps the hand tenpai on waits worth more by
//! ron (a yaku gained, a dora kept, a better wait for pinfu). A hand's worth
//! is what a ron pays on average over its waits, each weighted by its
//! copies left: the figure a reviewer compares, since a wait with no copies
//! left wins nothing and a wait of three copies three times as often as
//! one of one. A furiten hand cannot ron: its worth is 0. A 1-shanten hand
//! has no worth of its own (what it wins depends on the tenpai it reaches),
//! so its improvements are of its acceptance only.

use super::analysis::{analyze, hand_counts, red_gone_with, Analysis, Wait, WinValue};
use super::Limits;
use crate::hand::{Hand, Situation};
use crate::score::Rules;
use crate::tile::{Counts, Tile, KINDS};

/// One improving draw.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Improvement {
    pub tile: Tile,
    /// Copies not in sight (the hand, the indicators, the visible tiles).
    pub left: u8,
    /// The discard that keeps the improvement (the first in tile order of
    /// the best ones).
    pub discard: Tile,
    /// The tiles the hand then accepts (practical count, the drawn tile
    /// counted as seen).
    pub ukeire: u32,
}

/// What a ron on a tenpai hand pays on average: the sum over its waits of
/// copies left times the ron payment, over the copies left. Kept as the
/// fraction so that two worths compare exactly.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Worth {
    /// Copies left times points, summed over the waits.
    pub points: u64,
    /// Copies left of all waits (0: nothing to win, worth 0).
    pub copies: u64,
}

impl Worth {
    /// The worth of a tenpai hand's waits: a wait with no yaku by ron, or
    /// unpriced, pays 0, and any furiten wait makes every ron impossible.
    pub fn of(waits: &[Wait]) -> Worth {
        let furiten = waits.iter().any(|wait| wait.furiten);
        let mut worth = Worth::default();
        for wait in waits {
            let copies = u64::from(wait.left);
            let pays = match wait.value.as_ref().map(|value| &value.ron) {
                Some(WinValue::Points { total, .. }) if !furiten => u64::from(*total),
                _ => 0,
            };
            worth.points += copies * pays;
            worth.copies += copies;
        }
        worth
    }

    /// The average ron payment, rounded to the nearest point.
    pub fn average(self) -> u32 {
        if self.copies == 0 {
            return 0;
        }
        u32::try_from((self.points + self.copies / 2) / self.copies).unwrap_or(u32::MAX)
    }

    /// Whether this worth is above `other` (exactly, by cross-multiplying;
    /// a hand with nothing left is worth 0).
    pub fn exceeds(self, other: Worth) -> bool {
        let mine = u128::from(self.points) * u128::from(other.copies.max(1));
        let theirs = u128::from(other.points) * u128::from(self.copies.max(1));
        let mine = if self.copies == 0 { 0 } else { mine };
        let theirs = if other.copies == 0 { 0 } else { theirs };
        mine > theirs
    }
}

/// One draw that raises a tenpai hand's worth.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ValueImprovement {
    pub tile: Tile,
    /// Copies not in sight.
    pub left: u8,
    /// The discard that leaves the hand worth the most (then accepting the
    /// most tiles, then the first in tile order).
    pub discard: Tile,
    /// The tiles the hand then waits on (practical count).
    pub ukeire: u32,
    /// What a ron then pays on average.
    pub worth: Worth,
}

/// The improvement tiles of a waiting or 1-shanten hand.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Improvements {
    /// The hand's shanten (0 or 1).
    pub shanten: i8,
    /// The tiles it accepts now (practical count).
    pub ukeire: u32,
    /// Each improving draw, in tile order.
    pub tiles: Vec<Improvement>,
    /// Copies left of all improving draws.
    pub total: u32,
    /// A tenpai hand's worth now (`None` at 1-shanten).
    pub worth: Option<Worth>,
    /// The draws that raise a tenpai hand's worth, in tile order.
    pub value_tiles: Vec<ValueImprovement>,
    /// Copies left of all value-raising draws.
    pub value_total: u32,
}

/// The improvement tiles of a 13-tile hand (3n+1 counting melds as three)
/// that is tenpai or 1-shanten; `None` for other hands. The tiles seen are
/// the hand's, `dora=` and `visible=` (with `river=`), as for ukeire.
pub fn improvements(hand: &Hand, sit: &Situation, rules: &Rules) -> Option<Improvements> {
    let (closed, called) = hand_counts(hand);
    if hand.closed.len() % 3 != 1 {
        return None;
    }
    let limits = Limits::from_called_under(&called, rules.players);
    let melds = hand.melds.len();
    let mut after = [0i8; KINDS];
    let shanten = limits.after_draws(&closed, melds, &mut after).shanten;
    if !(0..=1).contains(&shanten) {
        return None;
    }
    let mut seen: Counts = [0; KINDS];
    for i in 0..KINDS {
        seen[i] = closed[i].saturating_add(called[i]);
    }
    for tile in sit.dora.iter().chain(&sit.visible) {
        seen[tile.index()] = seen[tile.index()].saturating_add(1);
    }
    let practical = |seen: &Counts, mask: u64| -> u32 {
        (0..KINDS)
            .filter(|&kind| mask & (1 << kind) != 0)
            .map(|kind| u32::from(4u8.saturating_sub(seen[kind])))
            .sum()
    };
    let accepting: u64 = (0..KINDS)
        .filter(|&kind| after[kind] < shanten)
        .fold(0, |mask, kind| mask | 1 << kind);
    let ukeire = practical(&seen, accepting);
    let mut tiles = Vec::new();
    let mut drawn = closed;
    for kind in 0..KINDS {
        // A draw that lowers the shanten is ukeire, not an improvement; a
        // draw the caps forbid, or of a tile all in sight, cannot happen.
        let left = 4u8.saturating_sub(seen[kind]);
        if after[kind] != shanten || left == 0 {
            continue;
        }
        drawn[kind] += 1;
        let mut seen_after = seen;
        seen_after[kind] += 1;
        // The discarded tile stays in sight (in the river): `seen_after`
        // keeps it.
        let best = limits
            .discards(&drawn, melds)
            .into_iter()
            .filter(|(_, after_discard, _)| after_discard.shanten == shanten)
            .map(|(discard, _, mask)| (practical(&seen_after, mask), discard))
            // Most tiles, then the first discard in tile order.
            .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        drawn[kind] -= 1;
        let (Some((accepts, discard)), Some(tile)) = (best, Tile::from_index(kind)) else {
            continue;
        };
        if accepts <= ukeire {
            continue;
        }
        let Some(discard) = Tile::from_index(discard) else {
            continue;
        };
        tiles.push(Improvement {
            tile,
            left,
            discard,
            ukeire: accepts,
        });
    }
    let total = tiles
        .iter()
        .map(|improvement| u32::from(improvement.left))
        .sum();
    let (worth, value_tiles) = if shanten == 0 {
        let (worth, value_tiles) = value_improvements(hand, sit, rules, &seen, &after);
        (Some(worth), value_tiles)
    } else {
        (None, Vec::new())
    };
    let value_total = value_tiles
        .iter()
        .map(|improvement| u32::from(improvement.left))
        .sum();
    Some(Improvements {
        shanten,
        ukeire,
        tiles,
        total,
        worth,
        value_tiles,
        value_total,
    })
}

/// The worth of a tenpai hand and the draws that raise it: each draw in
/// sight of a copy that does not complete the hand, tried with every
/// discard that keeps it tenpai (the discard joins the river: seen, and a
/// wait on it is furiten).
fn value_improvements(
    hand: &Hand,
    sit: &Situation,
    rules: &Rules,
    seen: &Counts,
    after: &[i8; KINDS],
) -> (Worth, Vec<ValueImprovement>) {
    let worth_of = |waiting: &Hand, situation: &Situation| match analyze(waiting, situation, rules)
    {
        Analysis::Tenpai { waits, .. } => {
            let accepts = waits.iter().map(|wait| u32::from(wait.left)).sum::<u32>();
            Some((Worth::of(&waits), accepts))
        }
        _ => None,
    };
    let Some((now, _)) = worth_of(hand, sit) else {
        return (Worth::default(), Vec::new());
    };
    let mut found = Vec::new();
    for kind in 0..KINDS {
        let left = 4u8.saturating_sub(seen[kind]);
        // A winning draw is a win, not an improvement; a draw the caps
        // forbid, or of a tile all in sight, cannot happen.
        if after[kind] != 0 || left == 0 {
            continue;
        }
        let Some(drawn) = Tile::from_index(kind) else {
            continue;
        };
        let mut holding = hand.clone();
        let at = holding.closed.partition_point(|&tile| tile <= drawn);
        holding.closed.insert(at, drawn);
        let mut discards: Vec<Tile> = holding.closed.to_vec();
        discards.dedup();
        let mut best: Option<(Worth, u32, Tile)> = None;
        for discard in discards {
            // Cutting the tile drawn leaves the hand as it was.
            if discard == drawn {
                continue;
            }
            let mut rest = holding.clone();
            let Some(position) = rest.closed.iter().position(|&tile| tile == discard) else {
                continue;
            };
            rest.closed.remove(position);
            red_gone_with(&mut rest, discard);
            let mut situation = sit.clone();
            situation.visible.push(discard);
            situation.river.push(discard);
            situation.discard = None;
            let Some((worth, accepts)) = worth_of(&rest, &situation) else {
                continue;
            };
            let better = match best {
                None => true,
                Some((best_worth, best_accepts, _)) => {
                    worth.exceeds(best_worth)
                        || (!best_worth.exceeds(worth) && accepts > best_accepts)
                }
            };
            if better {
                best = Some((worth, accepts, discard));
            }
        }
        if let Some((worth, ukeire, discard)) = best {
            if worth.exceeds(now) {
                found.push(ValueImprovement {
                    tile: drawn,
                    left,
                    discard,
                    ukeire,
                    worth,
                });
            }
        }
    }
    (now, found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::{read_hand, Mode};

    fn improvements_of(line: &str) -> Improvements {
        let rules = Rules::tenhou();
        let (hand, situation, _) = read_hand(line, &rules, Mode::Strict).expect("a hand");
        improvements(&hand, &situation, &rules).expect("tenpai or 1-shanten")
    }

    fn tiles(found: &Improvements) -> Vec<String> {
        found
            .tiles
            .iter()
            .map(|improvement| improvement.tile.to_string())
            .collect()
    }

    #[test]
    fn a_kanchan_wait_improves_to_a_two_sided_one() {
        // A kanchan on 2m, the rest complete: drawing 4m and cutting 1m
        // leaves 34m, waiting on 2m and 5m.
        let found = improvements_of("13m456p789s11122z");
        assert_eq!(found.shanten, 0);
        assert_eq!(found.ukeire, 4);
        assert!(tiles(&found).contains(&"4m".to_string()), "{found:?}");
        let four = found.tiles.iter().find(|i| i.tile.to_string() == "4m");
        let four = four.expect("4m improves");
        assert_eq!(four.discard.to_string(), "1m");
        // 34m waits on 2m and 5m, none of them in sight: 4 + 4.
        assert_eq!(four.ukeire, 8);
        // 2m completes the hand: ukeire, not an improvement.
        assert!(!tiles(&found).contains(&"2m".to_string()));
        assert_eq!(
            found.total,
            found.tiles.iter().map(|i| u32::from(i.left)).sum::<u32>()
        );
    }

    #[test]
    fn visible_tiles_lower_the_counts() {
        let plain = improvements_of("13m456p789s11122z");
        let seen = improvements_of("13m456p789s11122z visible=4m4m5m5m5m");
        let four = |found: &Improvements| {
            found
                .tiles
                .iter()
                .find(|i| i.tile.to_string() == "4m")
                .map(|i| (i.left, i.ukeire))
        };
        assert_eq!(four(&plain).map(|f| f.0), Some(4));
        // Two 4m in sight; after 4m is drawn the 34m wait has 2m ×4 and
        // 5m ×1 left.
        assert_eq!(four(&seen), Some((2, 5)));
    }

    /// A complete shape found by taking sets and a pair off one by one (no
    /// tables), or seven distinct pairs, or thirteen orphans with a pair.
    fn complete_by_search(counts: &mut Counts, melds: usize) -> bool {
        fn sets(counts: &mut Counts, from: usize) -> bool {
            let Some(first) = (from..KINDS).find(|&kind| counts[kind] > 0) else {
                return true;
            };
            if counts[first] >= 3 {
                counts[first] -= 3;
                let found = sets(counts, first);
                counts[first] += 3;
                if found {
                    return true;
                }
            }
            let number = first % 9;
            if first < 27 && number <= 6 && counts[first + 1] > 0 && counts[first + 2] > 0 {
                for count in &mut counts[first..first + 3] {
                    *count -= 1;
                }
                let found = sets(counts, first);
                for count in &mut counts[first..first + 3] {
                    *count += 1;
                }
                return found;
            }
            false
        }
        for pair in 0..KINDS {
            if counts[pair] >= 2 {
                counts[pair] -= 2;
                let found = sets(counts, 0);
                counts[pair] += 2;
                if found {
                    return true;
                }
            }
        }
        if melds == 0 {
            if counts.iter().filter(|&&count| count == 2).count() == 7 {
                return true;
            }
            let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
            let held = orphans.iter().filter(|&&kind| counts[kind] > 0).count();
            let total: u8 = counts.iter().sum();
            let only_orphans = orphans.iter().map(|&kind| counts[kind]).sum::<u8>() == total;
            if held == 13 && only_orphans {
                return true;
            }
        }
        false
    }

    /// A 13-tile hand's worth by brute force: every tile tried as the
    /// winning one, complete by search, priced by the scorer; `None` when
    /// nothing completes it.
    fn worth_by_brute_force(hand: &Hand, sit: &Situation, rules: &Rules) -> Option<(Worth, u32)> {
        let mut counts: Counts = [0; KINDS];
        for tile in &hand.closed {
            counts[tile.index()] += 1;
        }
        let mut seen = counts;
        for meld in &hand.melds {
            for tile in &meld.tiles {
                seen[tile.index()] += 1;
            }
        }
        let in_hand = seen;
        for tile in sit.dora.iter().chain(&sit.visible) {
            seen[tile.index()] += 1;
        }
        let mut waits = Vec::new();
        for kind in 0..KINDS {
            if in_hand[kind] >= 4 {
                continue;
            }
            counts[kind] += 1;
            if complete_by_search(&mut counts, hand.melds.len()) {
                waits.push(kind);
            }
            counts[kind] -= 1;
        }
        if waits.is_empty() {
            return None;
        }
        let furiten = waits
            .iter()
            .any(|&kind| sit.river.iter().any(|tile| tile.index() == kind));
        let mut worth = Worth::default();
        for &kind in &waits {
            let tile = Tile::from_index(kind).expect("a kind");
            let mut won = hand.clone();
            let at = won.closed.partition_point(|&held| held <= tile);
            won.closed.insert(at, tile);
            won.win = Some(tile);
            let ron = Situation {
                tsumo: false,
                ..sit.clone()
            };
            let pays = match crate::score::score(&won, &ron, rules) {
                Ok(scored) if !furiten => u64::from(scored.points.total),
                _ => 0,
            };
            let copies = u64::from(4u8.saturating_sub(seen[kind]));
            worth.points += copies * pays;
            worth.copies += copies;
        }
        Some((worth, u32::try_from(worth.copies).expect("few copies")))
    }

    /// Every draw and discard of a tenpai hand tried by brute force: the
    /// value improvements as [`improvements`] should find them.
    fn value_improvements_by_brute_force(line: &str) -> (Worth, Vec<ValueImprovement>) {
        let rules = Rules::tenhou();
        let (hand, sit, _) = read_hand(line, &rules, Mode::Strict).expect("a hand");
        let (now, _) = worth_by_brute_force(&hand, &sit, &rules).expect("tenpai");
        let mut seen: Counts = [0; KINDS];
        for tile in hand
            .closed
            .iter()
            .chain(sit.dora.iter())
            .chain(sit.visible.iter())
        {
            seen[tile.index()] += 1;
        }
        for meld in &hand.melds {
            for tile in &meld.tiles {
                seen[tile.index()] += 1;
            }
        }
        let mut found = Vec::new();
        for drawn in Tile::all() {
            let left = 4u8.saturating_sub(seen[drawn.index()]);
            if left == 0 {
                continue;
            }
            let mut holding = hand.clone();
            let at = holding.closed.partition_point(|&held| held <= drawn);
            holding.closed.insert(at, drawn);
            let mut counts: Counts = [0; KINDS];
            for tile in &holding.closed {
                counts[tile.index()] += 1;
            }
            if complete_by_search(&mut counts, hand.melds.len()) {
                continue;
            }
            let mut best: Option<(Worth, u32, Tile)> = None;
            for discard in Tile::all() {
                if discard == drawn || !holding.closed.contains(&discard) {
                    continue;
                }
                let mut rest = holding.clone();
                let position = rest.closed.iter().position(|&held| held == discard);
                rest.closed.remove(position.expect("held"));
                let mut after = sit.clone();
                after.visible.push(discard);
                after.river.push(discard);
                let Some((worth, accepts)) = worth_by_brute_force(&rest, &after, &rules) else {
                    continue;
                };
                let better = best.is_none_or(|(best_worth, best_accepts, _)| {
                    // Exactly, as fractions.
                    let mine = u128::from(worth.points) * u128::from(best_worth.copies.max(1));
                    let theirs = u128::from(best_worth.points) * u128::from(worth.copies.max(1));
                    mine > theirs || (mine == theirs && accepts > best_accepts)
                });
                if better {
                    best = Some((worth, accepts, discard));
                }
            }
            if let Some((worth, ukeire, discard)) = best {
                if worth.exceeds(now) {
                    found.push(ValueImprovement {
                        tile: drawn,
                        left,
                        discard,
                        ukeire,
                        worth,
                    });
                }
            }
        }
        (now, found)
    }

    #[test]
    fn value_improvements_agree_with_brute_force() {
        for line in [
            // A tanki on 1p with no yaku by ron: any 2-8 tanki gains tanyao.
            "234m456p345s678s1p",
            // Pinfu and tanyao waiting on 3s/6s: a draw may add iipeikou
            // or sanshoku.
            "234m456p22345s67p",
            // A kanchan in a dora-rich hand, some tiles in sight.
            "13m456p789s11122z dora=2m visible=4m4m",
            // A wait in the river: furiten, worth 0 until it changes.
            "23m456p789s11z555p river=1m",
            // With a called meld (yakuhai): waits all worth something.
            "23m456p789s11z (555z)",
            // Riichi: every wait has a yaku.
            "123m456p789s13s55z riichi",
        ] {
            let rules = Rules::tenhou();
            let (hand, situation, _) = read_hand(line, &rules, Mode::Strict).expect("a hand");
            let found = improvements(&hand, &situation, &rules).expect("tenpai");
            let (now, expected) = value_improvements_by_brute_force(line);
            assert_eq!(found.worth, Some(now), "{line}");
            assert_eq!(found.value_tiles, expected, "{line}");
            assert_eq!(
                found.value_total,
                expected.iter().map(|i| u32::from(i.left)).sum::<u32>(),
                "{line}"
            );
        }
    }

    #[test]
    fn a_tanki_on_a_terminal_gains_tanyao_from_a_simple() {
        let found = improvements_of("234m456p345s678s1p");
        // No yaku by ron: worth nothing now.
        assert_eq!(found.worth.map(Worth::average), Some(0));
        let seven = found
            .value_tiles
            .iter()
            .find(|i| i.tile.to_string() == "7p")
            .expect("7p improves the value");
        // Cut 1p: 4567p waits on 4p and 7p (3 copies left of each), each a
        // tanki for tanyao, 40 fu (closed ron 10, tanki 2), as the dealer
        // (the line's seat is east): 2000 either way.
        assert_eq!(seven.discard.to_string(), "1p");
        assert_eq!(seven.ukeire, 6);
        assert_eq!(seven.worth.average(), 2000);
        // 1p itself completes the hand: a win, not an improvement.
        assert!(!found.value_tiles.iter().any(|i| i.tile.to_string() == "1p"));
        // A 1-shanten hand has no worth of its own.
        let far = improvements_of("234m456p345s68s19p");
        assert_eq!(far.worth, None);
        assert!(far.value_tiles.is_empty());
    }

    #[test]
    fn far_hands_have_none() {
        let rules = Rules::tenhou();
        let (hand, situation, _) =
            read_hand("19m37p19s1234567z", &rules, Mode::Strict).expect("a hand");
        assert!(improvements(&hand, &situation, &rules).is_none());
    }
}
