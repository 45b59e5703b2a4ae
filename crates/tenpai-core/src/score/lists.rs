//! A result's yaku and fu lists, compact: what the lists are made from (a
//! set of yaku and where their han come from; the facts the fu are counted
//! from), a few words written when a hand is scored, and the lists
//! themselves produced on read.
//!
//! Scoring a hand writes the best reading's lists and every other
//! reading's; most callers read one of them, or none (a table of hands
//! wants the payment). Writing the entries themselves (a dozen yaku, nine fu
//! reasons of two words each) cost more than the rest of the result; the
//! facts are a few stores, and reading a list produces the same entries,
//! in the same order, every time.
//!
//! Two lists are equal when they produce the same entries: equality,
//! hashing and `Debug` are the entries'.

use std::hash::{Hash, Hasher};
use std::sync::OnceLock;

use crate::tile::{Tile, KINDS};

use super::shape::Wait;
use super::yaku::{HanTable, Yaku, YakuSet, HAN_CLOSED, HAN_OPEN, YAKUMAN_BITS};

/// A yaku (or dora) and the han it gives.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct YakuHan {
    pub yaku: Yaku,
    pub han: u32,
}

/// One component of the fu count, with the reason a player reads. The
/// items of a [`super::Score`] add up to its fu (rounding is an item).
///
/// Every reason is a static string, written once, so the engine never
/// allocates or formats one and the item stays two words.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct FuItem {
    pub fu: u32,
    pub reason: &'static str,
}

/// The yaku of a result, in id order (as the vectors sort them), each with
/// its han.
///
/// Held as the set of the reading's yaku and the few numbers their han are
/// read from (the hand open or closed, the dora counts, what renhou, a
/// double yakuman and paarenchan are worth under the rules);
/// [`YakuList::iter`] produces the entries, the dora the hand has listed
/// after a reading's yaku (a list without yaku lists no dora).
#[derive(Clone, Copy, Default)]
pub struct YakuList {
    /// The reading's yaku, dora aside.
    set: YakuSet,
    han: HanSource,
}

/// Where a list's han come from: everything a yaku's han depends on
/// besides the yaku, the same for every reading of a hand.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub(crate) struct HanSource {
    pub state: HandState,
    /// What renhou, the double yakuman and paarenchan are worth: read only
    /// for a list that holds one of them (else left at nothing).
    pub special: SpecialHan,
    /// The counts of dora, aka dora, ura dora and nuki dora a list shows
    /// (none for a yakuman's list).
    pub dora: [u32; 4],
}

/// The han of the yaku whose han the rules set.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub(crate) struct SpecialHan {
    /// Renhou's han under the rules (13 as a yakuman, 5 as a mangan).
    pub renhou: u32,
    /// A double-capable yakuman's han: 26 under `double-yakuman`, else 13.
    pub double_yakuman: u32,
    /// Paarenchan's han: 13 times the yakuman it counts as.
    pub paarenchan: u32,
}

/// Whether the hand is closed or open, which sets the han of the yaku that
/// lose one when open.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub(crate) enum HandState {
    #[default]
    Closed,
    Open,
}

/// The dora kinds in [`HanSource::dora`]'s order.
const DORA_KINDS: [Yaku; 4] = [Yaku::Dora, Yaku::AkaDora, Yaku::UraDora, Yaku::NukiDora];

/// The yaku whose han a [`SpecialHan`] gives: renhou and the yakuman.
pub(crate) const SPECIAL: u64 = Yaku::Renhou.bit() | YAKUMAN_BITS;

impl HanSource {
    fn table(&self) -> &'static HanTable {
        match self.state {
            HandState::Closed => &HAN_CLOSED,
            HandState::Open => &HAN_OPEN,
        }
    }

    /// The han a list gives `yaku`.
    fn han(&self, yaku: Yaku) -> u32 {
        let [dora, aka, ura, nuki] = self.dora;
        match yaku {
            Yaku::Dora => dora,
            Yaku::AkaDora => aka,
            Yaku::UraDora => ura,
            Yaku::NukiDora => nuki,
            Yaku::Renhou => self.special.renhou,
            Yaku::Paarenchan => self.special.paarenchan,
            _ if yaku.is_double_capable() => self.special.double_yakuman,
            _ if yaku.is_yakuman() => 13,
            _ => self.table().of_yaku(yaku),
        }
    }

    /// The dora kinds a list shows: those the hand has.
    fn dora_set(&self) -> u64 {
        let mut set = 0;
        for (kind, count) in DORA_KINDS.iter().zip(self.dora) {
            if count > 0 {
                set |= kind.bit();
            }
        }
        set
    }
}

impl YakuList {
    /// An empty list.
    pub fn new() -> YakuList {
        YakuList::default()
    }

    /// The list of a reading's `set` of yaku, its dora (`han`'s counts)
    /// listed after them when it has any.
    pub(crate) fn of(set: YakuSet, han: HanSource) -> YakuList {
        YakuList { set, han }
    }

    /// What is listed: the yaku, and the dora when there are yaku.
    fn listed(&self) -> YakuSet {
        if self.set.is_empty() {
            return self.set;
        }
        YakuSet(self.set.0 | self.han.dora_set())
    }

    /// The entries, in id order.
    pub fn iter(&self) -> YakuIter {
        YakuIter {
            ranked: self.listed().iter_by_id(),
            han: self.han,
        }
    }

    pub fn len(&self) -> usize {
        self.listed().0.count_ones() as usize
    }

    pub fn is_empty(&self) -> bool {
        self.set.is_empty()
    }

    pub fn contains(&self, yaku: Yaku) -> bool {
        self.listed().contains(yaku)
    }

    /// The first entry (the lowest id), if any.
    pub fn first(&self) -> Option<YakuHan> {
        self.iter().next()
    }

    /// The han `yaku` gives in this list, if it is listed.
    pub fn han_of(&self, yaku: Yaku) -> Option<u32> {
        self.contains(yaku).then(|| self.han.han(yaku))
    }

    /// The sum of the entries' han.
    pub fn total_han(&self) -> u32 {
        self.iter().map(|entry| entry.han).sum()
    }
}

/// The entries of a [`YakuList`], produced one by one.
pub struct YakuIter {
    ranked: super::yaku::ById,
    han: HanSource,
}

impl Iterator for YakuIter {
    type Item = YakuHan;

    fn next(&mut self) -> Option<YakuHan> {
        let yaku = self.ranked.next()?;
        Some(YakuHan {
            yaku,
            han: self.han.han(yaku),
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.ranked.size_hint()
    }
}

impl ExactSizeIterator for YakuIter {}

/// What a list produced on read is as a value: it iterates by reference,
/// and its equality, hash and `Debug` are its entries', not the facts it
/// keeps (two lists that produce the same entries are equal).
macro_rules! entries_are_the_value {
    ($list:ty, $iter:ty, $entry:ty) => {
        impl IntoIterator for &$list {
            type Item = $entry;
            type IntoIter = $iter;

            fn into_iter(self) -> $iter {
                self.iter()
            }
        }

        impl PartialEq for $list {
            fn eq(&self, other: &$list) -> bool {
                self.iter().eq(other.iter())
            }
        }

        impl Eq for $list {}

        impl Hash for $list {
            fn hash<H: Hasher>(&self, state: &mut H) {
                for entry in self {
                    entry.hash(state);
                }
            }
        }

        impl std::fmt::Debug for $list {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_list().entries(self.iter()).finish()
            }
        }
    };
}

entries_are_the_value!(YakuList, YakuIter, YakuHan);

/// The fu of a result, each with its reason; the items add up to the fu.
///
/// Held as the facts the fu are counted from (how the hand was won, the
/// called pons and kans, the closed triplets, the pair, the wait);
/// [`FuList::iter`] produces the items, in the order a player adds them:
/// the base, closed ron or tsumo, the melds in the hand's order, the closed
/// triplets in tile order, the pair, the wait, an open hand's 30 fu or the
/// rounding.
#[derive(Clone, Copy)]
pub struct FuList {
    form: FuForm,
    win: FuWin,
    /// The called pons and kans, a byte each in the hand's order, lowest
    /// first: the meld's reason's index plus one (0: no more).
    melds: u32,
    /// The closed triplets' kinds.
    triplets: u64,
    /// The kind of the closed triplet a ron completed (counted open), or
    /// `KINDS` for none.
    by_ron: u8,
    pair: Tile,
    wait: Wait,
    seat: Tile,
    round: Tile,
    /// The fu of a pair of the seat and round wind both, as the rules say.
    double_wind_fu: u8,
}

/// Which fu a list holds.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
enum FuForm {
    /// None: a yakuman, or a limit hand without fu (nagashi, renhou as a
    /// mangan).
    #[default]
    Empty,
    /// Seven pairs: 25 fu flat.
    SevenPairs,
    /// Counted from the groups.
    Counted,
}

/// How the hand was won, for the fu it gives.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub(crate) enum FuWin {
    /// Pinfu won by tsumo: 20 fu, nothing added.
    PinfuTsumo,
    #[default]
    ClosedRon,
    Tsumo,
    /// An open hand's ron: 30 fu at the least when the rules say so.
    OpenRonAtLeast30,
    /// An open hand's ron, no floor (`open-pinfu-fu=off`).
    OpenRon,
}

/// The per-hand part of a counted fu list: the same for every reading.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FuHand {
    /// Tsumo, closed ron or open ron; `PinfuTsumo` is a reading's.
    pub win: FuWin,
    /// The called pons and kans ([`FuList`]'s `melds`).
    pub melds: u32,
    pub seat: Tile,
    pub round: Tile,
    pub double_wind_fu: u8,
}

/// The per-reading part of a counted fu list.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FuReading {
    pub pinfu: bool,
    pub triplets: u64,
    /// The closed triplet a ron completed.
    pub by_ron: Option<Tile>,
    pub pair: Tile,
    pub wait: Wait,
}

/// How a pon or kan stands, for its fu and its reason.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum MeldState {
    ClosedTriplet,
    OpenTriplet,
    ByRon,
    ClosedKan,
    OpenKan,
}

impl MeldState {
    /// Its fu for a group of `tile`: 2 a triplet, 8 a kan, twice for a
    /// terminal or honor, twice again when closed.
    pub(crate) fn fu(self, tile: Tile) -> u32 {
        let base = match self {
            MeldState::ClosedTriplet => 4,
            MeldState::OpenTriplet | MeldState::ByRon => 2,
            MeldState::ClosedKan => 16,
            MeldState::OpenKan => 8,
        };
        base << u32::from(tile.is_yaochu())
    }
}

/// The largest number of items a list has: base, closed ron or tsumo, four
/// groups, the pair, the wait, the rounding (an open hand's 30 fu comes
/// only with none of the groups', pair's or wait's).
const MAX_ITEMS: usize = 9;

impl Default for FuList {
    fn default() -> FuList {
        FuList::new()
    }
}

impl FuList {
    /// An empty list.
    pub const fn new() -> FuList {
        FuList {
            form: FuForm::Empty,
            win: FuWin::ClosedRon,
            melds: 0,
            triplets: 0,
            by_ron: KINDS as u8,
            pair: Tile::EAST,
            wait: Wait::Ryanmen,
            seat: Tile::EAST,
            round: Tile::EAST,
            double_wind_fu: 0,
        }
    }

    pub(crate) fn seven_pairs() -> FuList {
        FuList {
            form: FuForm::SevenPairs,
            ..FuList::new()
        }
    }

    #[inline(always)]
    pub(crate) fn counted(hand: &FuHand, reading: &FuReading) -> FuList {
        let win = if reading.pinfu && hand.win == FuWin::Tsumo {
            FuWin::PinfuTsumo
        } else {
            hand.win
        };
        FuList {
            form: FuForm::Counted,
            win,
            melds: hand.melds,
            triplets: reading.triplets,
            by_ron: reading
                .by_ron
                .map_or(KINDS as u8, |tile| tile.index() as u8),
            pair: reading.pair,
            wait: reading.wait,
            seat: hand.seat,
            round: hand.round,
            double_wind_fu: hand.double_wind_fu,
        }
    }

    /// The items, produced from the facts.
    pub fn iter(&self) -> FuIter {
        let mut items = FuIter {
            items: [NO_ITEM; MAX_ITEMS],
            next: 0,
            len: 0,
        };
        match self.form {
            FuForm::Empty => {}
            FuForm::SevenPairs => items.push(25, "seven pairs: 25 fu flat"),
            FuForm::Counted => self.count(&mut items),
        }
        items
    }

    pub fn len(&self) -> usize {
        self.iter().len()
    }

    pub fn is_empty(&self) -> bool {
        self.form == FuForm::Empty
    }

    /// The sum of the items' fu: the result's fu.
    pub fn total(&self) -> u32 {
        self.iter().map(|item| item.fu).sum()
    }

    /// The counted items, as a player adds them.
    fn count(&self, items: &mut FuIter) {
        items.push(20, "base (fuutei)");
        let mut total = 20;
        match self.win {
            FuWin::PinfuTsumo => {
                items.push(0, "pinfu tsumo: no tsumo fu");
                return;
            }
            FuWin::ClosedRon => {
                items.push(10, "closed ron");
                total += 10;
            }
            FuWin::Tsumo => {
                items.push(2, "tsumo");
                total += 2;
            }
            FuWin::OpenRon | FuWin::OpenRonAtLeast30 => {}
        }
        let reasons = reasons();
        let mut melds = self.melds;
        while melds & 0xFF != 0 {
            let index = (melds & 0xFF) as usize - 1;
            melds >>= 8;
            let (state, tile) = MELD_STATES
                .get(index / KINDS)
                .zip(Tile::from_index(index % KINDS))
                .unwrap_or((&MeldState::OpenTriplet, Tile::EAST));
            let fu = state.fu(tile);
            items.push(fu, reasons.meld(*state, tile));
            total += fu;
        }
        let mut triplets = self.triplets;
        while triplets != 0 {
            let kind = triplets.trailing_zeros() as usize;
            triplets &= triplets - 1;
            let tile = Tile::from_index(kind).unwrap_or(Tile::EAST);
            let state = if kind == usize::from(self.by_ron) {
                MeldState::ByRon
            } else {
                MeldState::ClosedTriplet
            };
            let fu = state.fu(tile);
            items.push(fu, reasons.meld(state, tile));
            total += fu;
        }
        let pair = self.pair;
        let pair_fu = pair_fu(pair, self.seat, self.round, self.double_wind_fu);
        if pair_fu > 0 {
            let why = PairWhy::of(pair, self.seat, self.round);
            items.push(pair_fu, reasons.pair(why, pair));
            total += pair_fu;
        }
        let wait = match self.wait {
            Wait::Kanchan => Some("kanchan wait"),
            Wait::Penchan => Some("penchan wait"),
            Wait::Tanki => Some("tanki wait"),
            _ => None,
        };
        if let Some(reason) = wait {
            items.push(2, reason);
            total += 2;
        }
        if self.win == FuWin::OpenRonAtLeast30 && total == 20 {
            items.push(10, "open hand with no fu won by ron: 30 fu");
            total += 10;
        }
        let rounded = total.div_ceil(10) * 10;
        if rounded != total {
            items.push(rounded - total, reasons.rounded(total));
        }
    }
}

/// The states of [`Reasons::meld`]'s blocks, in its order.
const MELD_STATES: [MeldState; 5] = [
    MeldState::ClosedTriplet,
    MeldState::OpenTriplet,
    MeldState::ByRon,
    MeldState::ClosedKan,
    MeldState::OpenKan,
];

/// A called pon's or kan's entry in [`FuHand::melds`]: its reason's index
/// plus one.
pub(crate) fn meld_entry(state: MeldState, tile: Tile) -> u32 {
    (state as usize * KINDS + tile.index() + 1) as u32
}

const NO_ITEM: FuItem = FuItem { fu: 0, reason: "" };

/// The items of a [`FuList`], produced when it is read.
pub struct FuIter {
    items: [FuItem; MAX_ITEMS],
    next: u8,
    len: u8,
}

impl FuIter {
    fn push(&mut self, fu: u32, reason: &'static str) {
        // Never more than `MAX_ITEMS` (see there).
        if let Some(slot) = self.items.get_mut(usize::from(self.len)) {
            *slot = FuItem { fu, reason };
            self.len += 1;
        }
    }
}

impl Iterator for FuIter {
    type Item = FuItem;

    fn next(&mut self) -> Option<FuItem> {
        if self.next >= self.len {
            return None;
        }
        let item = self.items.get(usize::from(self.next)).copied();
        self.next += 1;
        item
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::from(self.len - self.next);
        (left, Some(left))
    }
}

impl ExactSizeIterator for FuIter {}

entries_are_the_value!(FuList, FuIter, FuItem);

/// The fu of a pair of `tile`: 2 a dragon, 2 the seat or the round wind,
/// `double_wind_fu` a wind that is both.
pub(crate) fn pair_fu(tile: Tile, seat: Tile, round: Tile, double_wind_fu: u8) -> u32 {
    let mut fu = 0;
    if tile.is_dragon() {
        fu += 2;
    }
    let (is_seat, is_round) = (tile == seat, tile == round);
    if is_seat && is_round {
        fu += u32::from(double_wind_fu);
    } else if is_seat || is_round {
        fu += 2;
    }
    fu
}

/// Why a pair is worth fu (when it is).
#[derive(Clone, Copy)]
pub(crate) enum PairWhy {
    Dragon,
    Seat,
    Round,
    Double,
}

impl PairWhy {
    pub(crate) fn of(tile: Tile, seat: Tile, round: Tile) -> PairWhy {
        let (is_seat, is_round) = (tile == seat, tile == round);
        if tile.is_dragon() {
            PairWhy::Dragon
        } else if is_seat && is_round {
            PairWhy::Double
        } else if is_seat {
            PairWhy::Seat
        } else {
            PairWhy::Round
        }
    }
}

const HONOR_WORDS: [&str; 7] = [
    "East",
    "South",
    "West",
    "North",
    "White dragon",
    "Green dragon",
    "Red dragon",
];

/// `9m` for suited tiles, the name for honors.
fn tile_word(t: Tile) -> String {
    if t.is_honor() {
        HONOR_WORDS[(t.number() - 1) as usize % 7].to_string()
    } else {
        t.ascii()
    }
}

/// Every fu reason the engine can give, written once: scoring never
/// formats a string.
pub(crate) struct Reasons {
    meld: Vec<String>,
    pair: Vec<String>,
    rounded: Vec<String>,
}

const MAX_RAW_FU: u32 = 256;

pub(crate) fn reasons() -> &'static Reasons {
    static R: OnceLock<Reasons> = OnceLock::new();
    R.get_or_init(|| {
        let mut meld = Vec::with_capacity(5 * KINDS);
        for state in [
            "closed triplet",
            "open triplet",
            "triplet completed by ron (counts as open)",
            "closed kan",
            "open kan",
        ] {
            for t in Tile::all() {
                let class = if t.is_honor() {
                    "honor"
                } else if t.is_terminal() {
                    "terminal"
                } else {
                    "simple"
                };
                meld.push(format!("{state} of {} ({class})", tile_word(t)));
            }
        }
        let mut pair = Vec::with_capacity(4 * KINDS);
        for why in ["dragon", "seat wind", "round wind", "seat and round wind"] {
            for t in Tile::all() {
                pair.push(format!("pair of {} ({why})", tile_word(t)));
            }
        }
        let rounded = (0..MAX_RAW_FU)
            .map(|n| format!("rounded up from {n}"))
            .collect();
        Reasons {
            meld,
            pair,
            rounded,
        }
    })
}

impl Reasons {
    pub(crate) fn meld(&'static self, state: MeldState, t: Tile) -> &'static str {
        self.meld
            .get(state as usize * KINDS + t.index())
            .map_or("", |s| s.as_str())
    }

    pub(crate) fn pair(&'static self, why: PairWhy, t: Tile) -> &'static str {
        self.pair
            .get(why as usize * KINDS + t.index())
            .map_or("", |s| s.as_str())
    }

    pub(crate) fn rounded(&'static self, raw: u32) -> &'static str {
        self.rounded
            .get(raw as usize)
            .map_or("rounded up to a multiple of 10", |s| s.as_str())
    }
}
