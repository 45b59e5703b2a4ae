//! The analysis of a whole hand line: waits with what they are worth, ukeire
//! with tiles left, and the discard table of a 14-tile hand.

use super::{tiles_of, Limits, Shanten};
use crate::code::Code;
use crate::hand::{Hand, Situation};
use crate::limit::Limit;
use crate::score::Rules;
use crate::tile::{Counts, Tile, KINDS};

/// One waiting tile of a tenpai hand.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Wait {
    pub tile: Tile,
    /// Copies not in sight: 4 less those in the hand (melds included), the
    /// dora indicators and the `visible=` tiles.
    pub left: u8,
    /// What winning on it is worth; `None` when not priced.
    pub value: Option<WaitValue>,
    /// The player has discarded this tile (`river=`, or the line's own
    /// `discard=`): no ron on any wait of the hand.
    pub furiten: bool,
}

/// The worth of a wait, by ron and by tsumo, under the line's situation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct WaitValue {
    pub ron: WinValue,
    pub tsumo: WinValue,
}

/// One way of winning on a wait.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum WinValue {
    /// Priced by the scorer.
    Points {
        han: u32,
        /// `None` for yakuman.
        fu: Option<u32>,
        /// Mangan and above.
        limit: Option<Limit>,
        /// Everything the winner receives.
        total: u32,
        /// Yaku ids with their han.
        yaku: Vec<(String, u32)>,
    },
    /// The shape is complete but has no yaku: the hand cannot win this way.
    NoYaku,
    /// The scorer could not price it (its message).
    Unpriced(String),
}

/// A tile that lowers the shanten, with how many are left.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct UkeireTile {
    pub tile: Tile,
    /// Theoretical: 4 less the copies in the hand (melds included).
    pub left: u8,
    /// Practical: also less the dora indicators and the `visible=` tiles.
    pub practical: u8,
}

/// The tiles that lower the shanten (tile order) and their totals.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Ukeire {
    pub tiles: Vec<UkeireTile>,
    pub total: u32,
    pub practical_total: u32,
}

/// The hand after one discard.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DiscardOption {
    pub tile: Tile,
    /// Shanten after the discard.
    pub shanten: i8,
    pub ukeire: Ukeire,
    /// The waits left, when the discard leaves the hand tenpai.
    pub waits: Vec<Wait>,
}

/// The discard actually made (`discard=` on the line) against the best.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Chosen {
    pub tile: Tile,
    /// Its place in the options (0 is the best); `None` when the hand does
    /// not hold the tile.
    pub index: Option<usize>,
    /// Whether it is as good as the best (same shanten, same tiles).
    pub best: bool,
}

/// What a hand line's tiles amount to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Analysis {
    /// Already a winning shape (the scorer handles it).
    Complete,
    /// Waiting: each wait with tiles left and its value.
    Tenpai { shanten: Shanten, waits: Vec<Wait> },
    /// Not ready: the tiles that bring it closer.
    NotTenpai { shanten: Shanten, ukeire: Ukeire },
    /// A 14-tile (plus kans) hand that is not complete: every distinct
    /// discard, best first (fewest shanten, then most tiles left).
    Discards {
        shanten: Shanten,
        options: Vec<DiscardOption>,
        chosen: Option<Chosen>,
    },
}

impl Analysis {
    /// A game review's verdict on `discard=`: "9m: 1-shanten, 16 tiles —
    /// best 3p: 1-shanten, 24 tiles", or that it was the best.
    pub fn chosen_summary(&self) -> Option<String> {
        let Analysis::Discards {
            options,
            chosen: Some(c),
            ..
        } = self
        else {
            return None;
        };
        let best = options.first()?;
        let Some(i) = c.index else {
            return Some(format!("{}: not in the hand", c.tile));
        };
        let mine = &options[i];
        if c.best {
            Some(format!("{}: the best discard ({})", c.tile, describe(mine)))
        } else {
            Some(format!(
                "{}: {} — best {}: {}",
                c.tile,
                describe(mine),
                best.tile,
                describe(best)
            ))
        }
    }
}

/// "1-shanten, 24 tiles" (practical count).
pub fn describe(o: &DiscardOption) -> String {
    let practical = o.ukeire.practical_total;
    let tiles = if practical == 1 { "tile" } else { "tiles" };
    format!("{}, {practical} {tiles}", super::shanten_name(o.shanten))
}

/// Per-kind counts of the closed tiles and of the called melds' tiles.
pub(super) fn hand_counts(hand: &Hand) -> (Counts, Counts) {
    let mut closed = [0u8; KINDS];
    for t in &hand.closed {
        closed[t.index()] = closed[t.index()].saturating_add(1);
    }
    let mut called = [0u8; KINDS];
    for m in &hand.melds {
        for t in &m.tiles {
            called[t.index()] = called[t.index()].saturating_add(1);
        }
    }
    (closed, called)
}

/// Shanten of a hand with its melds: copies in the melds are not available
/// to the closed part (a pon of 5m and a 5m tanki is not tenpai).
///
/// ```
/// use tenpai_core::hand::{read_hand, Mode};
/// use tenpai_core::rules::Rules;
/// use tenpai_core::shanten::hand_shanten;
///
/// let (hand, _, _) = read_hand("19m19p19s1234567z", &Rules::tenhou(), Mode::Partial).unwrap();
/// let shanten = hand_shanten(&hand);
/// assert_eq!((shanten.shanten, shanten.kokushi), (0, Some(0)));
/// ```
pub fn hand_shanten(hand: &Hand) -> Shanten {
    hand_shanten_under(hand, super::Players::Four)
}

/// [`hand_shanten`] for `players` (three: over the tile set without
/// 2m-8m).
pub fn hand_shanten_under(hand: &Hand, players: super::Players) -> Shanten {
    let (closed, called) = hand_counts(hand);
    Limits::from_called_under(&called, players).shanten(&closed, hand.melds.len())
}

/// Tiles left per kind: theoretical (the hand) and practical (the hand, the
/// dora indicators and the visible tiles).
struct Left {
    hand: Counts,
    seen: Counts,
}

impl Left {
    fn new(hand: &Hand, sit: &Situation) -> Left {
        let (closed, called) = hand_counts(hand);
        let mut in_hand = [0u8; KINDS];
        for i in 0..KINDS {
            in_hand[i] = closed[i].saturating_add(called[i]);
        }
        let mut seen = in_hand;
        for t in sit.dora.iter().chain(&sit.visible) {
            seen[t.index()] = seen[t.index()].saturating_add(1);
        }
        Left {
            hand: in_hand,
            seen,
        }
    }

    fn theoretical(&self, i: usize) -> u8 {
        4u8.saturating_sub(self.hand[i])
    }

    fn practical(&self, i: usize) -> u8 {
        4u8.saturating_sub(self.seen[i])
    }

    fn ukeire(&self, tiles: impl Iterator<Item = usize>) -> Ukeire {
        let mut found = Ukeire::default();
        for i in tiles {
            let left = self.theoretical(i);
            let Some(tile) = Tile::from_index(i) else {
                continue;
            };
            if left == 0 {
                continue;
            }
            let practical = self.practical(i);
            found.total += u32::from(left);
            found.practical_total += u32::from(practical);
            found.tiles.push(UkeireTile {
                tile,
                left,
                practical,
            });
        }
        found
    }
}

/// The efficiency core of a 14-tile (3n+2) hand: for each distinct discard,
/// in tile order, the shanten after it and the tiles that then lower it
/// (waits, when tenpai). Tiles in called melds are not counted here; see
/// [`analyze`] for a whole hand.
pub fn discard_options(closed: &Counts, melds: usize) -> Vec<(Tile, Shanten, TileSet)> {
    discard_options_under(closed, melds, super::Players::Four)
}

/// [`discard_options`] for `players` (three: 2m-8m are never draws).
pub fn discard_options_under(
    closed: &Counts,
    melds: usize,
    players: super::Players,
) -> Vec<(Tile, Shanten, TileSet)> {
    Limits::for_players(players)
        .discards(closed, melds)
        .into_iter()
        .filter_map(|(k, s, mask)| Some((Tile::from_index(k)?, s, TileSet(mask))))
        .collect()
}

/// A set of tile kinds (bit `i` for kind `i`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct TileSet(pub u64);

impl TileSet {
    pub fn contains(self, t: Tile) -> bool {
        self.0 & (1 << t.index()) != 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The tiles in tile order.
    pub fn tiles(self) -> Vec<Tile> {
        tiles_of(self.0)
    }
}

fn mask_kinds(mask: u64) -> impl Iterator<Item = usize> {
    (0..KINDS).filter(move |&x| mask & (1 << x) != 0)
}

/// Analyses a hand line: complete, tenpai (waits and their value), not
/// tenpai (ukeire), or a discard table for a 14-tile hand that is not
/// complete. `sit.discard` (a game review) is compared with the best.
///
/// ```
/// use tenpai_core::hand::{read_hand, Mode};
/// use tenpai_core::rules::Rules;
/// use tenpai_core::shanten::{analyze, Analysis};
///
/// let rules = Rules::tenhou();
/// let (hand, situation, _) = read_hand("23m456p234s66s (678p)", &rules, Mode::Partial).unwrap();
/// let Analysis::Tenpai { waits, .. } = analyze(&hand, &situation, &rules) else {
///     unreachable!("a ready hand");
/// };
/// let tiles: Vec<String> = waits.iter().map(|wait| wait.tile.to_string()).collect();
/// assert_eq!(tiles, ["1m", "4m"]);
/// ```
pub fn analyze(hand: &Hand, sit: &Situation, rules: &Rules) -> Analysis {
    let (closed, called) = hand_counts(hand);
    let lim = Limits::from_called_under(&called, rules.players);
    let melds = hand.melds.len();
    let left = Left::new(hand, sit);
    let total = hand.closed.len();
    if total % 3 == 2 {
        let shanten = lim.shanten(&closed, melds);
        if shanten.shanten == -1 {
            return Analysis::Complete;
        }
        // Made when a discard first leaves the hand tenpai.
        let pricing = std::cell::OnceCell::new();
        let mut options: Vec<DiscardOption> = lim
            .discards(&closed, melds)
            .into_iter()
            .filter_map(|(k, s, mask)| {
                let tile = Tile::from_index(k)?;
                let s = s.shanten;
                let ukeire = left.ukeire(mask_kinds(mask));
                let waits = if s == 0 {
                    let mut rest = hand.clone();
                    if let Some(pos) = rest.closed.iter().position(|&t| t == tile) {
                        rest.closed.remove(pos);
                        red_gone_with(&mut rest, tile);
                    }
                    waits_of(
                        &rest,
                        &ukeire,
                        sit,
                        pricing.get_or_init(|| Pricing::new(sit, rules)),
                        Some(tile),
                    )
                } else {
                    Vec::new()
                };
                Some(DiscardOption {
                    tile,
                    shanten: s,
                    ukeire,
                    waits,
                })
            })
            .collect();
        options.sort_by(|a, b| {
            a.shanten
                .cmp(&b.shanten)
                .then(b.ukeire.practical_total.cmp(&a.ukeire.practical_total))
                .then(b.ukeire.total.cmp(&a.ukeire.total))
                .then(a.tile.cmp(&b.tile))
        });
        let chosen = sit.discard.map(|tile| {
            let index = options.iter().position(|option| option.tile == tile);
            let best = match (index, options.first()) {
                (Some(i), Some(b)) => {
                    let option = &options[i];
                    option.shanten == b.shanten
                        && option.ukeire.practical_total == b.ukeire.practical_total
                }
                _ => false,
            };
            Chosen { tile, index, best }
        });
        return Analysis::Discards {
            shanten,
            options,
            chosen,
        };
    }
    let mut after = [0i8; KINDS];
    let shanten = lim.after_draws(&closed, melds, &mut after);
    let better = (0..KINDS).filter(|&x| after[x] < shanten.shanten);
    let ukeire = left.ukeire(better);
    if shanten.shanten == 0 && total % 3 == 1 {
        let waits = waits_of(hand, &ukeire, sit, &Pricing::new(sit, rules), None);
        Analysis::Tenpai { shanten, waits }
    } else {
        Analysis::NotTenpai { shanten, ukeire }
    }
}

/// After `tile` is discarded from `hand`: when it is a five of a suit whose
/// red five is among the closed tiles and no other closed five of that
/// suit stays, the red five was the one discarded, and the waits are priced
/// without its han. While another five stays the player keeps the red one,
/// as anyone would; a red five in a called meld is never discarded.
pub(super) fn red_gone_with(hand: &mut Hand, tile: Tile) {
    let bit = 1u8 << (tile.suit().index() & 7);
    let closed_red = hand.red_suits & !hand.red_melded;
    if tile.number() != 5 || tile.is_honor() || closed_red & bit == 0 {
        return;
    }
    if !hand.closed.contains(&tile) {
        hand.red_suits &= !bit;
        hand.red_fives = hand.red_fives.saturating_sub(1);
    }
}

/// The waits of a tenpai hand (its ukeire), priced. `discarded`: the tile
/// the hand just cut, which joins the player's river.
fn waits_of(
    hand: &Hand,
    ukeire: &Ukeire,
    sit: &Situation,
    pricing: &Pricing,
    discarded: Option<Tile>,
) -> Vec<Wait> {
    ukeire
        .tiles
        .iter()
        .map(|u| Wait {
            tile: u.tile,
            left: u.practical,
            value: value_of(hand, u.tile, pricing),
            furiten: discarded == Some(u.tile) || sit.river.contains(&u.tile),
        })
        .collect()
}

/// For a winning hand (`win=`): the waits of the hand before its winning
/// tile that lie in the player's river (`river=`). Not empty means a ron is
/// furiten: a player may not ron while any of their waits is among their
/// own discards.
pub fn furiten_waits(hand: &Hand, sit: &Situation, rules: &Rules) -> Vec<Tile> {
    let Some(win) = hand.win else {
        return Vec::new();
    };
    if sit.river.is_empty() {
        return Vec::new();
    }
    let (mut closed, called) = hand_counts(hand);
    if closed[win.index()] == 0 {
        return Vec::new();
    }
    closed[win.index()] -= 1;
    let limits = Limits::from_called_under(&called, rules.players);
    let mut after = [0i8; KINDS];
    if limits
        .after_draws(&closed, hand.melds.len(), &mut after)
        .shanten
        != 0
    {
        return Vec::new();
    }
    mask_kinds(u64::MAX)
        .filter(|&kind| after[kind] < 0)
        .filter_map(Tile::from_index)
        .filter(|wait| sit.river.contains(wait))
        .collect()
}

/// Whether a tenpai hand's waits make it furiten: one of them is in the
/// player's river.
pub fn is_furiten(waits: &[Wait]) -> bool {
    waits.iter().any(|wait| wait.furiten)
}

/// The situations a line's waits are priced under, made once for the
/// line rather than once a wait: by ron and by tsumo, options that only fit
/// the other way of winning dropped for each (rinshan is a tsumo, chankan a
/// ron). They leave out the `visible=` tiles and the river, which count
/// tiles left and furiten but never points (the scorer reads neither), so
/// a review's decision line with seventy tiles in sight is not copied for
/// every price.
struct Pricing<'a> {
    ron: Situation,
    tsumo: Situation,
    chankan: bool,
    rules: &'a Rules,
}

impl<'a> Pricing<'a> {
    fn new(sit: &Situation, rules: &'a Rules) -> Pricing<'a> {
        let mut priced = sit.clone();
        priced.visible = Default::default();
        priced.river = Default::default();
        Pricing {
            ron: Situation {
                tsumo: false,
                rinshan: false,
                tenhou: false,
                chiihou: false,
                ..priced.clone()
            },
            tsumo: Situation {
                tsumo: true,
                chankan: false,
                renhou: false,
                ..priced
            },
            chankan: sit.chankan,
            rules,
        }
    }
}

/// What winning on `tile` is worth, by ron and by tsumo.
/// Partial hands (fewer tiles than a whole hand) are not priced.
fn value_of(hand: &Hand, tile: Tile, pricing: &Pricing) -> Option<WaitValue> {
    if hand.size() != 13 {
        return None;
    }
    let mut won = hand.clone();
    let at = won.closed.partition_point(|&t| t <= tile);
    won.closed.insert(at, tile);
    won.win = Some(tile);
    // Chankan robs the fourth copy of a tile: never one the hand holds.
    let ron = if pricing.chankan && crate::hand::robbed_tile_held(&won.closed, &won.melds, tile) {
        WinValue::Unpriced(format!(
            "no chankan on {tile}: it robs the fourth {tile}, and the hand holds another"
        ))
    } else {
        price(&won, &pricing.ron, pricing.rules)
    };
    Some(WaitValue {
        ron,
        tsumo: price(&won, &pricing.tsumo, pricing.rules),
    })
}

fn price(hand: &Hand, sit: &Situation, rules: &Rules) -> WinValue {
    match crate::score::score(hand, sit, rules) {
        Ok(s) => WinValue::Points {
            han: s.han,
            fu: s.fu,
            limit: s.limit,
            total: s.points.total,
            yaku: s
                .yaku
                .iter()
                .map(|y| (y.yaku.id().to_string(), y.han))
                .collect(),
        },
        Err(e) if e.code == Code::NoYaku => WinValue::NoYaku,
        Err(e) => WinValue::Unpriced(e.message),
    }
}
