//! Winning shapes: every way the closed tiles split into groups, with the
//! called melds fixed, and the wait each reading implies.
//!
//! Everything here works on a counts array and fixed-size buffers; the
//! decomposition never allocates.

use std::fmt;

use crate::hand::{Meld, MeldKind};
use crate::tile::{Counts, Tile, TileText};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GroupKind {
    Sequence,
    Triplet,
    Kan,
    Pair,
    /// One of kokushi's single orphans.
    Single,
}

/// One group of an interpretation: a closed group of the hand or a called
/// meld.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Group {
    pub kind: GroupKind,
    /// The tile of a triplet, kan or pair; the lowest tile of a sequence.
    pub tile: Tile,
    /// Called from another player (chi, pon, open kan).
    pub open: bool,
    /// Written as a meld (`(..)` or `[..]`), not part of the closed tiles.
    pub melded: bool,
}

impl Group {
    pub(crate) fn closed(kind: GroupKind, tile: Tile) -> Group {
        Group {
            kind,
            tile,
            open: false,
            melded: false,
        }
    }

    pub fn from_meld(m: &Meld) -> Option<Group> {
        let kind = match m.kind {
            MeldKind::Chi => GroupKind::Sequence,
            MeldKind::Pon => GroupKind::Triplet,
            MeldKind::OpenKan | MeldKind::ClosedKan => GroupKind::Kan,
        };
        Some(Group {
            kind,
            tile: *m.tiles.first()?,
            open: m.is_open(),
            melded: true,
        })
    }

    pub fn is_set(self) -> bool {
        matches!(
            self.kind,
            GroupKind::Sequence | GroupKind::Triplet | GroupKind::Kan
        )
    }

    pub fn is_pon_like(self) -> bool {
        matches!(self.kind, GroupKind::Triplet | GroupKind::Kan)
    }

    /// Whether the group holds the tile.
    pub fn contains(self, t: Tile) -> bool {
        match self.kind {
            GroupKind::Sequence => {
                t.suit() == self.tile.suit()
                    && t.index() >= self.tile.index()
                    && t.index() <= self.tile.index() + 2
            }
            _ => t == self.tile,
        }
    }

    /// Holds a terminal or an honor.
    pub fn has_yaochu(self) -> bool {
        match self.kind {
            GroupKind::Sequence => matches!(self.tile.number(), 1 | 7),
            _ => self.tile.is_yaochu(),
        }
    }

    fn tiles(self) -> (Tile, usize) {
        let n = match self.kind {
            GroupKind::Sequence | GroupKind::Triplet => 3,
            GroupKind::Kan => 4,
            GroupKind::Pair => 2,
            GroupKind::Single => 1,
        };
        (self.tile, n)
    }

    /// The group in notation: `123m`, `(555p)`, `[1111s]`, `77z`.
    pub fn render(self, text: TileText) -> String {
        let (t, n) = self.tiles();
        let mut body = String::new();
        let tile_at = |k: usize| -> Tile {
            if self.kind == GroupKind::Sequence {
                Tile::from_index(t.index() + k).unwrap_or(t)
            } else {
                t
            }
        };
        if text == TileText::Glyphs {
            for k in 0..n {
                body.push(tile_at(k).glyph());
            }
        } else {
            for k in 0..n {
                body.push(char::from(b'0' + tile_at(k).number()));
            }
            body.push(t.suit().letter());
        }
        match (self.melded, self.open) {
            (true, true) => format!("({body})"),
            (true, false) => format!("[{body}]"),
            _ => body,
        }
    }
}

/// How the winning tile completed the hand.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Wait {
    /// Two-sided (`23` waiting on 1 or 4).
    Ryanmen,
    /// Closed (`13` waiting on 2).
    Kanchan,
    /// Edge (`12` waiting on 3, `89` on 7).
    Penchan,
    /// Pair wait (a single tile).
    Tanki,
    /// Two pairs, one becomes a triplet.
    Shanpon,
    /// Kokushi waiting on its one missing orphan.
    Kokushi,
    /// Kokushi with all thirteen orphans, waiting on any of them.
    Kokushi13,
}

impl Wait {
    pub fn id(self) -> &'static str {
        match self {
            Wait::Ryanmen => "ryanmen",
            Wait::Kanchan => "kanchan",
            Wait::Penchan => "penchan",
            Wait::Tanki => "tanki",
            Wait::Shanpon => "shanpon",
            Wait::Kokushi => "kokushi",
            Wait::Kokushi13 => "kokushi_13",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Wait::Ryanmen => "ryanmen (two-sided)",
            Wait::Kanchan => "kanchan (closed)",
            Wait::Penchan => "penchan (edge)",
            Wait::Tanki => "tanki (pair)",
            Wait::Shanpon => "shanpon (dual pair)",
            Wait::Kokushi => "single orphan",
            Wait::Kokushi13 => "thirteen-sided",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Form {
    /// Four sets and a pair.
    Standard,
    /// Seven distinct pairs.
    Chiitoitsu,
    /// Thirteen orphans.
    Kokushi,
    /// A nagashi mangan: no winning hand at all.
    Nagashi,
}

impl Form {
    pub fn id(self) -> &'static str {
        match self {
            Form::Standard => "standard",
            Form::Chiitoitsu => "chiitoitsu",
            Form::Kokushi => "kokushi",
            Form::Nagashi => "nagashi",
        }
    }
}

pub(crate) const MAX_GROUPS: usize = 13;

/// One reading of a winning hand: its groups (melds first, then the closed
/// groups in tile order, the pair last), the winning tile and the wait.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Interpretation {
    pub form: Form,
    groups: [Group; MAX_GROUPS],
    len: u8,
    /// The group the winning tile completed (an index into `groups()`).
    pub win_group: u8,
    pub win: Tile,
    pub wait: Wait,
}

impl Interpretation {
    pub fn groups(&self) -> &[Group] {
        &self.groups[..self.len as usize]
    }

    /// The group the winning tile completed.
    pub fn winning_group(&self) -> Group {
        self.groups[self.win_group as usize]
    }

    /// The stand-in interpretation of a nagashi mangan.
    pub fn nagashi(win: Tile) -> Interpretation {
        Interpretation {
            form: Form::Nagashi,
            groups: Shape::new().groups,
            len: 0,
            win_group: 0,
            win,
            wait: Wait::Tanki,
        }
    }

    /// The hand as groups, then the win: `123m 77z (555p) · won on 3m, ...`.
    pub fn render(&self, text: TileText) -> String {
        if self.form == Form::Nagashi {
            return "nagashi mangan (all discards terminals and honors, none called)".to_string();
        }
        let mut out = String::new();
        // Called melds read better after the closed groups.
        let closed = self.groups().iter().filter(|g| !g.melded);
        let melds = self.groups().iter().filter(|g| g.melded);
        if self.form == Form::Kokushi {
            let mut tiles = String::new();
            for g in closed {
                let n = if g.kind == GroupKind::Pair { 2 } else { 1 };
                for _ in 0..n {
                    if text == TileText::Glyphs {
                        tiles.push(g.tile.glyph());
                    } else {
                        tiles.push_str(&g.tile.ascii());
                    }
                }
            }
            out.push_str(&tiles);
        } else {
            for (i, g) in closed.chain(melds).enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                out.push_str(&g.render(text));
            }
        }
        let win = if text == TileText::Glyphs {
            self.win.glyph().to_string()
        } else {
            self.win.ascii()
        };
        out.push_str(&format!(" · won on {win}, {} wait", self.wait.name()));
        out
    }
}

impl fmt::Display for Interpretation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(TileText::Ascii))
    }
}

/// A decomposition in progress: melds, then closed sets, then the pair.
#[derive(Clone, Copy)]
pub(crate) struct Shape {
    pub groups: [Group; MAX_GROUPS],
    pub len: usize,
}

impl Shape {
    pub fn new() -> Shape {
        Shape {
            groups: [Group::closed(GroupKind::Single, Tile::EAST); MAX_GROUPS],
            len: 0,
        }
    }

    pub(crate) fn push(&mut self, g: Group) {
        self.groups[self.len] = g;
        self.len += 1;
    }

    pub fn groups(&self) -> &[Group] {
        &self.groups[..self.len]
    }

    /// The reading in which the winning tile completed the first closed
    /// group of `kind` and `tile` (the group [`Self::readings`] would name).
    pub fn reading(
        &self,
        form: Form,
        win: Tile,
        kind: GroupKind,
        tile: Tile,
        wait: Wait,
    ) -> Interpretation {
        let win_group = self
            .groups()
            .iter()
            .position(|g| !g.melded && g.kind == kind && g.tile == tile)
            .unwrap_or(0);
        Interpretation {
            form,
            groups: self.groups,
            len: self.len as u8,
            win_group: win_group as u8,
            win,
            wait,
        }
    }

    /// Every distinct reading of the winning tile in this shape.
    pub fn readings(&self, form: Form, win: Tile, mut f: impl FnMut(&Interpretation)) {
        let mut seen: [(GroupKind, Tile); 5] = [(GroupKind::Single, Tile::EAST); 5];
        let mut nseen = 0;
        for (i, g) in self.groups().iter().enumerate() {
            if g.melded || !g.contains(win) {
                continue;
            }
            let key = (g.kind, g.tile);
            if seen[..nseen].contains(&key) {
                continue;
            }
            if nseen < seen.len() {
                seen[nseen] = key;
                nseen += 1;
            }
            let wait = match (form, g.kind) {
                (Form::Kokushi, _) => continue,
                (_, GroupKind::Pair) => Wait::Tanki,
                (_, GroupKind::Triplet) => Wait::Shanpon,
                (_, GroupKind::Sequence) => {
                    let pos = win.index() - g.tile.index();
                    let n = g.tile.number();
                    if pos == 1 {
                        Wait::Kanchan
                    } else if (pos == 2 && n == 1) || (pos == 0 && n == 7) {
                        Wait::Penchan
                    } else {
                        Wait::Ryanmen
                    }
                }
                _ => continue,
            };
            f(&Interpretation {
                form,
                groups: self.groups,
                len: self.len as u8,
                win_group: i as u8,
                win,
                wait,
            });
        }
    }
}

/// The kinds held at least once, twice, three and four times, as 34-bit
/// sets: the hand's shape tests below are then mask tests and bit counts
/// instead of passes over the 34 counts. Beside them, each suit's counts
/// packed three bits a number, the key of the decomposition tables.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct CountMasks {
    masks: [u64; 4],
    /// The kinds held a fifth time (or more): not a hand that can be.
    over: u64,
    /// Tiles of each suit (man, pin, sou, honors).
    pub suit_tiles: [u8; 4],
    /// Each suit's counts (man, pin, sou, honors), `count << 3 * (number -
    /// 1)`: meaningful while no kind is held more than four times.
    pub keys: [u32; 4],
}

/// The suit row of each kind (0 man, 1 pin, 2 sou, 3 honors).
const SUIT_OF: [u8; 34] = {
    let mut suit = [0u8; 34];
    let mut i = 0;
    while i < 34 {
        suit[i] = if i >= 27 { 3 } else { (i / 9) as u8 };
        i += 1;
    }
    suit
};

const HONOR_KINDS: u64 = 0x7F << 27;

/// The bits of a suit's key (nine numbers, three bits each).
const KEY_BITS: u32 = 27;

/// Each kind's step in [`CountMasks::of_sorted`]'s packed counts: in its
/// suit's 32-bit lane, one at its number's three bits and one in the lane's
/// tile count (from bit 27).
const STEP: [u128; 34] = {
    let mut step = [0u128; 34];
    let mut i = 0;
    while i < 34 {
        let row = SUIT_OF[i] as usize;
        let number = i - 9 * row;
        step[i] = ((1u128 << KEY_BITS) | (1u128 << (3 * number))) << (32 * row);
        i += 1;
    }
    step
};

impl CountMasks {
    pub fn of(c: &Counts) -> CountMasks {
        let mut masks = CountMasks::default();
        for (i, &n) in c.iter().enumerate() {
            masks.add_many(i, n);
        }
        masks
    }

    /// The masks of a sorted list of tiles (a hand's closed tiles): a tile
    /// equal to the one before is its next copy, so each tile sets one bit
    /// in the mask of its copy's rank, with no carry. A list out of order
    /// is counted a tile at a time.
    ///
    /// Each tile adds its kind's step to one 128-bit word of four 32-bit
    /// lanes, a suit's each: the suit's key in its low 27 bits and its tile
    /// count above them, so a tile costs one add, not a lookup of its suit
    /// and two.
    pub fn of_sorted(tiles: &[Tile]) -> CountMasks {
        // More tiles than a lane counts (no hand has them): one at a time.
        if tiles.len() > 31 {
            return CountMasks::of_tiles(tiles);
        }
        let mut ranks = [0u64; 5];
        let mut packed = 0u128;
        let mut previous = 0usize;
        let mut copy = 0usize;
        for (at, t) in tiles.iter().enumerate() {
            let i = t.index();
            if i < previous {
                return CountMasks::of_tiles(tiles);
            }
            copy = if at > 0 && i == previous {
                (copy + 1).min(4)
            } else {
                0
            };
            previous = i;
            ranks[copy] |= 1u64 << i;
            packed = packed.wrapping_add(STEP[i]);
        }
        if ranks[4] != 0 {
            // A fifth copy (refused later): its count would carry out of
            // its three bits, so the keys are counted as `add` counts them.
            return CountMasks::of_tiles(tiles);
        }
        let lane = |row: usize| (packed >> (32 * row)) as u32;
        CountMasks {
            masks: [ranks[0], ranks[1], ranks[2], ranks[3]],
            over: ranks[4],
            suit_tiles: std::array::from_fn(|row| (lane(row) >> KEY_BITS) as u8),
            keys: std::array::from_fn(|row| lane(row) & ((1 << KEY_BITS) - 1)),
        }
    }

    /// The masks of tiles in any order, a tile at a time.
    pub fn of_tiles(tiles: &[Tile]) -> CountMasks {
        let mut masks = CountMasks::default();
        for t in tiles {
            masks.add(t.index());
        }
        masks
    }

    /// `n` more tiles of kind `i` (the kinds below `i` already added when
    /// the masks are built a kind at a time).
    pub fn add_many(&mut self, i: usize, n: u8) {
        if n == 0 || i >= 34 {
            return;
        }
        let bit = 1u64 << i;
        if self.masks[0] & bit != 0 {
            // Held already: a tile at a time.
            for _ in 0..n {
                self.add(i);
            }
            return;
        }
        let suit_row = usize::from(SUIT_OF[i]);
        let suit = &mut self.suit_tiles[suit_row];
        *suit = suit.saturating_add(n);
        let number = i - 9 * suit_row;
        self.keys[suit_row] = self.keys[suit_row].wrapping_add(u32::from(n) << (3 * number));
        let [one, two, three, four] = &mut self.masks;
        let at_least = |k: u8| if n >= k { bit } else { 0 };
        *one |= bit;
        *two |= at_least(2);
        *three |= at_least(3);
        *four |= at_least(4);
        self.over |= at_least(5);
    }

    /// One more tile of kind `i`: its bit carries up to the first mask
    /// that does not hold it yet (held at most four times; a fifth is
    /// recorded in `over`).
    pub fn add(&mut self, i: usize) {
        let suit_row = usize::from(SUIT_OF[i]);
        let suit = &mut self.suit_tiles[suit_row];
        *suit = suit.saturating_add(1);
        let number = i - 9 * suit_row;
        self.keys[suit_row] = self.keys[suit_row].wrapping_add(1 << (3 * number));
        let [one, two, three, four] = &mut self.masks;
        let bit = 1u64 << i;
        let carry_two = *one & bit;
        *one |= bit;
        let carry_three = *two & carry_two;
        *two |= carry_two;
        let carry_four = *three & carry_three;
        self.over |= *four & carry_four;
        *four |= carry_four;
        *three |= carry_three;
    }

    /// The kinds held at least `n` times (1 to 4).
    pub fn at_least(&self, n: usize) -> u64 {
        self.masks[n.clamp(1, 4) - 1]
    }

    /// The lowest kind held more than four times.
    pub fn fifth(&self) -> Option<usize> {
        (self.over != 0).then(|| self.over.trailing_zeros() as usize)
    }

    /// How many times kind `i` is held (at most four).
    pub fn count(&self, i: usize) -> u32 {
        self.masks.iter().map(|m| ((m >> i) & 1) as u32).sum()
    }
}

/// Sets and a pair from `c` (the closed tiles), appended to `base` (the
/// called melds); calls `f` for every distinct decomposition.
///
/// The reference search: the engine reads the per-suit tables instead
/// (`table.rs`), and the tests check that both give the same readings in
/// the same order.
#[cfg(test)]
pub(crate) fn standard(c: &mut Counts, base: &Shape, f: impl FnMut(&Shape)) {
    let masks = CountMasks::of(c);
    standard_masked(c, &masks, base, f)
}

/// [`standard`] with the masks of `c` already made.
#[cfg(test)]
fn standard_masked(c: &mut Counts, masks: &CountMasks, base: &Shape, mut f: impl FnMut(&Shape)) {
    if base.len > 4 {
        return;
    }
    let sets_needed = 4 - base.len;
    let [one, two, _, four] = masks.masks;
    let tiles: usize = masks.suit_tiles.iter().map(|&n| usize::from(n)).sum();
    if tiles != sets_needed * 3 + 2 {
        return;
    }
    // Honors must be exact pairs and triplets: none held once or four times.
    if ((one & !two) | four) & HONOR_KINDS != 0 {
        return;
    }
    // Only the suit whose count is 2 mod 3 can hold the pair.
    let mut pair_suit = None;
    for s in 0..4 {
        let suit = if s == 3 {
            HONOR_KINDS
        } else {
            0x1FF << (9 * s)
        };
        match masks.suit_tiles[s] % 3 {
            0 => {}
            2 if pair_suit.is_none() => pair_suit = Some(suit),
            _ => return,
        }
    }
    let Some(suit) = pair_suit else { return };
    // Pair candidates in tile order, as the readings are listed.
    let mut candidates = two & suit;
    while candidates != 0 {
        let p = candidates.trailing_zeros() as usize;
        candidates &= candidates - 1;
        c[p] -= 2;
        let mut shape = *base;
        let nz = if c[p] == 0 { one & !(1u64 << p) } else { one };
        sets(c, nz, &mut shape, &mut |s: &Shape| {
            let mut s = *s;
            s.push(Group::closed(
                GroupKind::Pair,
                Tile::from_index(p).unwrap_or(Tile::EAST),
            ));
            f(&s);
        });
        c[p] += 2;
    }
}

/// Splits the remaining tiles into sets. `nz` holds a bit for every kind
/// with tiles left, so the next tile is one `trailing_zeros` away. Triplets
/// of a tile are taken before sequences starting at it, so each multiset of
/// groups comes out once.
#[cfg(test)]
fn sets(c: &mut Counts, nz: u64, shape: &mut Shape, f: &mut impl FnMut(&Shape)) {
    if nz == 0 {
        f(shape);
        return;
    }
    let i = nz.trailing_zeros() as usize;
    let Some(tile) = Tile::from_index(i) else {
        return;
    };
    let n = c[i];
    let can_seq = i < 27 && i % 9 <= 6;
    for t in [1u8, 0] {
        if n < 3 * t {
            continue;
        }
        let rest = n - 3 * t;
        if rest > 0 && (!can_seq || c[i + 1] < rest || c[i + 2] < rest) {
            continue;
        }
        if shape.len + t as usize + rest as usize > 4 {
            continue;
        }
        let before = shape.len;
        if t == 1 {
            shape.push(Group::closed(GroupKind::Triplet, tile));
        }
        for _ in 0..rest {
            shape.push(Group::closed(GroupKind::Sequence, tile));
        }
        let mut next = nz & !(1u64 << i);
        if rest > 0 {
            c[i + 1] -= rest;
            c[i + 2] -= rest;
            if c[i + 1] == 0 {
                next &= !(1u64 << (i + 1));
            }
            if c[i + 2] == 0 {
                next &= !(1u64 << (i + 2));
            }
        }
        c[i] = 0;
        sets(c, next, shape, f);
        c[i] = n;
        if rest > 0 {
            c[i + 1] += rest;
            c[i + 2] += rest;
        }
        shape.len = before;
    }
}

/// Seven distinct pairs (closed tiles only, no melds).
pub(crate) fn chiitoitsu(c: &Counts) -> Option<Shape> {
    chiitoitsu_masked(&CountMasks::of(c))
}

/// [`chiitoitsu`] from the masks of the closed tiles: seven kinds, each
/// held exactly twice.
pub(crate) fn chiitoitsu_masked(masks: &CountMasks) -> Option<Shape> {
    let [one, two, three, _] = masks.masks;
    if one != two || three != 0 || one.count_ones() != 7 {
        return None;
    }
    let mut shape = Shape::new();
    let mut pairs = two;
    while pairs != 0 {
        let i = pairs.trailing_zeros() as usize;
        pairs &= pairs - 1;
        shape.push(Group::closed(GroupKind::Pair, Tile::from_index(i)?));
    }
    Some(shape)
}

const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// Thirteen orphans: all thirteen terminal and honor kinds, one of them
/// twice.
pub(crate) fn kokushi(c: &Counts) -> Option<Shape> {
    kokushi_masked(&CountMasks::of(c))
}

/// [`kokushi`] from the masks of the closed tiles: every orphan kind held,
/// none three times, exactly one twice (so 14 tiles, none other).
pub(crate) fn kokushi_masked(masks: &CountMasks) -> Option<Shape> {
    const ORPHAN_KINDS: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26 | HONOR_KINDS;
    let [one, two, three, _] = masks.masks;
    if one != ORPHAN_KINDS || three != 0 || two.count_ones() != 1 {
        return None;
    }
    let mut shape = Shape::new();
    for &i in &ORPHANS {
        let t = Tile::from_index(i)?;
        let kind = if two & (1 << i) != 0 {
            GroupKind::Pair
        } else {
            GroupKind::Single
        };
        shape.push(Group::closed(kind, t));
    }
    Some(shape)
}

/// The kokushi reading: the wait is thirteen-sided when the other thirteen
/// tiles are all distinct (the winning tile is the paired one).
pub(crate) fn kokushi_reading(shape: &Shape, win: Tile) -> Option<Interpretation> {
    let i = shape.groups().iter().position(|g| g.tile == win)?;
    let paired = shape.groups[i].kind == GroupKind::Pair;
    Some(Interpretation {
        form: Form::Kokushi,
        groups: shape.groups,
        len: shape.len as u8,
        win_group: i as u8,
        win,
        wait: if paired {
            Wait::Kokushi13
        } else {
            Wait::Kokushi
        },
    })
}

/// The meld groups of a hand, as the fixed part of every decomposition.
pub(crate) fn meld_shape(melds: &[Meld]) -> Option<Shape> {
    if melds.len() > 4 {
        return None;
    }
    let mut s = Shape::new();
    for m in melds {
        s.push(Group::from_meld(m)?);
    }
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::{counts, parse_tiles};

    fn decompositions(s: &str) -> Vec<Vec<(GroupKind, String)>> {
        let (tiles, _) = parse_tiles(s).unwrap();
        let mut c = counts(&tiles);
        let mut out = Vec::new();
        standard(&mut c, &Shape::new(), |sh| {
            out.push(
                sh.groups()
                    .iter()
                    .map(|g| (g.kind, g.tile.ascii()))
                    .collect::<Vec<_>>(),
            )
        });
        out
    }

    #[test]
    fn triplets_and_sequences_both_read() {
        let d = decompositions("111222333m456p99s");
        assert_eq!(d.len(), 2, "{d:?}");
    }

    #[test]
    fn no_duplicate_decompositions() {
        // 11 pair leaves 11234m: no sets; 44 pair: 111m 123m, once.
        let d = decompositions("11112344m567p789s");
        assert_eq!(d.len(), 1, "{d:?}");
        let d = decompositions("11223344556677m");
        // 77 pair: 123 123 456 456... counts 2 each: 123x2 456x2 (77);
        // 11 pair: 234x2 567x2; 44 pair: 123x2 567x2.
        assert_eq!(d.len(), 3, "{d:?}");
    }

    /// The run-by-run masks of sorted tiles are the tile-by-tile ones, for
    /// lists with up to six copies of a kind, sorted or not.
    #[test]
    fn sorted_masks_are_the_tile_by_tile_masks() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for round in 0..20_000 {
            let mut tiles = Vec::new();
            let length = round % 19;
            while tiles.len() < length {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let kind = Tile::from_index((state % 34) as usize).unwrap();
                let copies = 1 + (state >> 40) as usize % 6;
                tiles.extend(std::iter::repeat_n(kind, copies.min(length - tiles.len())));
            }
            let unsorted = CountMasks::of_sorted(&tiles);
            assert_eq!(unsorted, CountMasks::of_tiles(&tiles), "{tiles:?}");
            tiles.sort();
            let sorted = CountMasks::of_sorted(&tiles);
            assert_eq!(sorted, CountMasks::of_tiles(&tiles), "{tiles:?}");
            let mut counts = [0u8; 34];
            for t in &tiles {
                counts[t.index()] += 1;
            }
            assert_eq!(sorted, CountMasks::of(&counts), "{tiles:?}");
            assert_eq!(sorted.fifth(), counts.iter().position(|&n| n > 4));
        }
    }

    #[test]
    fn waits() {
        let mut waits = Vec::new();
        let (tiles, _) = parse_tiles("123m456p789s11222z").unwrap();
        let mut c = counts(&tiles);
        let win = Tile::new(crate::tile::Suit::Man, 3).unwrap();
        standard(&mut c, &Shape::new(), |sh| {
            sh.readings(Form::Standard, win, |i| waits.push(i.wait))
        });
        assert_eq!(waits, vec![Wait::Penchan]);
    }
}
