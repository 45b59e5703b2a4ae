//! Improvement tiles (ukeire2, 改良): the draws that do not lower a hand's
//! shanten but, with the best discard after them, leave it accepting more
//! tiles. What a reviewer weighs between two discards of the same shanten
//! and ukeire: one shape keeps more ways to get better.

use super::analysis::hand_counts;
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
    Some(Improvements {
        shanten,
        ukeire,
        tiles,
        total,
    })
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

    #[test]
    fn far_hands_have_none() {
        let rules = Rules::tenhou();
        let (hand, situation, _) =
            read_hand("19m37p19s1234567z", &rules, Mode::Strict).expect("a hand");
        assert!(improvements(&hand, &situation, &rules).is_none());
    }
}
