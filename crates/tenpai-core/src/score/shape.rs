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
        Some(Group::meld(m.kind, *m.tiles.first()?))
    }

    /// The group of a called meld of `kind` whose first tile is `first`.
    #[inline]
    pub(crate) fn meld(kind: MeldKind, first: Tile) -> Group {
        Group {
            kind: match kind {
                MeldKind::Chi => GroupKind::Sequence,
                MeldKind::Pon => GroupKind::Triplet,
                MeldKind::OpenKan | MeldKind::ClosedKan => GroupKind::Kan,
            },
            tile: first,
            open: kind != MeldKind::ClosedKan,
            melded: true,
        }
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

    /// Every distinct reading of the winning tile in this shape, by
    /// walking its groups: the tests' reference for the readings the
    /// engine makes from the table's facts and for the seven-pairs one.
    #[cfg(test)]
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

/// A hand's tiles as counts, one 64-bit word a suit, and the kinds held as
/// a 34-bit set: the hand's shape tests are then word tests instead of
/// passes over the 34 counts.
///
/// A suit's word holds the count of number `n` in bits `4 * (n - 1)` (the
/// key of the decomposition tables, 36 bits) and the suit's tile count from
/// bit 40. Four bits a count and at most fifteen tiles added at once means
/// no count carries into the next: a tile is one add into its suit's word,
/// in any order, and a kind held five times or more is a count test.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct CountMasks {
    /// The kinds held at least once.
    kinds: u64,
    /// Each suit's counts and tile count (man, pin, sou, honors).
    lanes: [u64; 4],
    /// The kinds held a fifth time (or more): not a hand that can be.
    over: u64,
}

/// The suit row of each kind (0 man, 1 pin, 2 sou, 3 honors). Sized 256, as
/// `STEP` is.
const SUIT_OF: [u8; 256] = {
    let mut suit = [0u8; 256];
    let mut i = 0;
    while i < 34 {
        suit[i] = if i >= 27 { 3 } else { (i / 9) as u8 };
        i += 1;
    }
    suit
};

const HONOR_KINDS: u64 = 0x7F << 27;

/// Where a suit's word holds its tile count.
const LANE_COUNT_SHIFT: u32 = 40;

/// Bit 0 of every count of a suit's word (nine numbers).
pub(crate) const COUNT_LOW_BITS: u64 = 0x1_1111_1111;

/// The most tiles added to the words at once: no count can pass 15.
const FAST_TILES: usize = 15;

/// Where each kind's count sits in its suit's word (sized 256, as `STEP`).
const COUNT_SHIFT: [u8; 256] = {
    let mut shift = [0u8; 256];
    let mut i = 0;
    while i < 34 {
        shift[i] = 4 * (i - 9 * SUIT_OF[i] as usize) as u8;
        i += 1;
    }
    shift
};

/// Each kind's step in its suit's word: one at its number's count, one in
/// the suit's tile count. Sized 256 so that a tile's byte indexes it with
/// neither a mask nor a bounds check (a kind is below 34: `Tile`'s
/// invariant; the tail is never read).
const STEP: [u64; 256] = {
    let mut step = [0u64; 256];
    let mut i = 0;
    while i < 34 {
        let number = i - 9 * SUIT_OF[i] as usize;
        step[i] = (1 << LANE_COUNT_SHIFT) | (1 << (4 * number));
        i += 1;
    }
    step
};

/// The counts at least `n` (1-15) of a suit's word, as bit 0 of each count.
#[inline]
fn counts_at_least(lane: u64, n: u32) -> u64 {
    let (two, four, eight) = (lane >> 1, lane >> 2, lane >> 3);
    let set = match n {
        0 | 1 => lane | two | four | eight,
        2 => two | four | eight,
        3 => (lane & two) | four | eight,
        4 => four | eight,
        // Rare (counts past four): compared one by one.
        _ => (0..9).fold(0, |set, number| {
            let count = (lane >> (4 * number)) & 15;
            set | (u64::from(count >= u64::from(n)) << (4 * number))
        }),
    };
    set & COUNT_LOW_BITS
}

/// Bit 0 of every four (`COUNT_LOW_BITS`'s places) gathered into one bit a
/// number: the honors' seven counts as a 7-bit set (no `pext` on the
/// x86-64 baseline: three shift-and-or steps).
#[inline]
pub(crate) fn gather_seven(spread: u64) -> u8 {
    let pairs = (spread | spread >> 3) & 0x0303_0303;
    let quads = (pairs | pairs >> 6) & 0x000F_000F;
    ((quads | quads >> 12) & 0x7F) as u8
}

impl CountMasks {
    /// The counts of every kind (any count: past fifteen the words keep
    /// fifteen, and the kind is held more than four times).
    pub fn of(c: &Counts) -> CountMasks {
        let mut masks = CountMasks::default();
        for (i, &n) in c.iter().enumerate() {
            masks.add_many(i, n);
        }
        masks
    }

    /// The counts of tiles in any order: each tile one add into its suit's
    /// word and one bit in the set of kinds. More than fifteen tiles (no
    /// closed hand has them) are counted a kind at a time.
    #[inline]
    pub fn of_tiles(tiles: &[Tile]) -> CountMasks {
        if tiles.len() > FAST_TILES {
            let mut counts = [0u8; 34];
            for t in tiles {
                let Some(count) = counts.get_mut(t.index()) else {
                    continue;
                };
                *count = count.saturating_add(1);
            }
            return CountMasks::of(&counts);
        }
        let mut kinds = 0u64;
        let mut lanes = [0u64; 4];
        for t in tiles {
            // A byte (the tables need no check), below 34 (the shift).
            let i = t.index();
            kinds |= 1u64.wrapping_shl(i as u32);
            lanes[usize::from(SUIT_OF[i] & 3)] += STEP[i];
        }
        // Counts of five to fifteen: bit 3 set, or set once three is added.
        let mut over = 0;
        for (suit, &lane) in lanes.iter().enumerate() {
            let counts = lane & ((1 << 36) - 1);
            let past_four = ((counts + 0x3_3333_3333) | counts) & (COUNT_LOW_BITS << 3);
            if past_four != 0 {
                over |= spread_to_kinds(suit, counts_at_least(lane, 5));
            }
        }
        CountMasks { kinds, lanes, over }
    }

    /// `n` more tiles of kind `i`.
    pub fn add_many(&mut self, i: usize, n: u8) {
        if n == 0 || i >= 34 {
            return;
        }
        let bit = 1u64 << i;
        let suit = usize::from(SUIT_OF[i]);
        let shift = 4 * (i - 9 * suit) as u32;
        let lane = &mut self.lanes[suit];
        let held = (*lane >> shift) & 15;
        let count = held + u64::from(n);
        if count > 4 {
            self.over |= bit;
        }
        // Kept at fifteen past it, so that no count carries into the next
        // (the kind is refused as over four copies by then).
        *lane =
            *lane - (held << shift) + (count.min(15) << shift) + (u64::from(n) << LANE_COUNT_SHIFT);
        self.kinds |= bit;
    }

    /// One more tile of kind `i`.
    pub fn add(&mut self, i: usize) {
        self.add_many(i, 1);
    }

    /// The kinds held at least once.
    pub fn kinds(&self) -> u64 {
        self.kinds
    }

    /// The kinds held at least `n` times (1 to 4).
    pub fn at_least(&self, n: usize) -> u64 {
        let n = n.clamp(1, 4) as u32;
        (0..4).fold(0, |set, suit| {
            set | spread_to_kinds(suit, counts_at_least(self.lanes[suit], n))
        })
    }

    /// The honors held at least `n` times (1 to 4), as a 7-bit set (East
    /// first): the tests' view of what the engine reads off the honors'
    /// counts directly.
    #[cfg(test)]
    pub fn honors_at_least(&self, n: u32) -> u8 {
        gather_seven(counts_at_least(self.lanes[3], n.clamp(1, 4)))
    }

    /// The honors' counts, four bits each (East first), for tests of all
    /// seven at once.
    pub fn honor_counts(&self) -> u64 {
        self.lanes[3] & ((1 << 28) - 1)
    }

    /// A suit's key in the decomposition tables: its counts, four bits a
    /// number (meaningful while no kind is held more than four times).
    pub fn key(&self, suit: usize) -> u64 {
        self.lanes[suit] & ((1 << 36) - 1)
    }

    /// Tiles of a suit (0 man, 1 pin, 2 sou, 3 honors).
    pub fn suit_tiles(&self, suit: usize) -> usize {
        (self.lanes[suit] >> LANE_COUNT_SHIFT) as usize
    }

    /// Tiles of every suit.
    pub fn tiles(&self) -> usize {
        self.lanes
            .iter()
            .map(|&lane| (lane >> LANE_COUNT_SHIFT) as usize)
            .sum()
    }

    /// The lowest kind held more than four times.
    pub fn fifth(&self) -> Option<usize> {
        (self.over != 0).then(|| self.over.trailing_zeros() as usize)
    }

    /// How many times kind `i` is held (at most four).
    pub fn count(&self, i: usize) -> u32 {
        // A byte's mask, which a kind read from a byte table needs not.
        let i = i & 255;
        let suit = usize::from(SUIT_OF[i] & 3);
        ((self.lanes[suit] >> COUNT_SHIFT[i]) & 15) as u32
    }

    /// Every held kind held exactly twice (seven pairs' test, with the tile
    /// count): no count with bit 0 or bit 2 or 3 set.
    pub fn only_pairs(&self) -> bool {
        const NOT_TWO: u64 = 0xD_DDDD_DDDD;
        self.lanes.iter().all(|&lane| lane & NOT_TWO == 0)
    }
}

/// A suit's counts' bit-0 places (see `COUNT_LOW_BITS`) as kinds.
fn spread_to_kinds(suit: usize, spread: u64) -> u64 {
    let mut kinds = 0;
    let mut rest = spread;
    while rest != 0 {
        let number = rest.trailing_zeros() as usize / 4;
        rest &= rest - 1;
        kinds |= 1 << (9 * suit + number);
    }
    kinds
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
    let [one, two, four] = [1, 2, 4].map(|n| masks.at_least(n));
    if masks.tiles() != sets_needed * 3 + 2 {
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
        match masks.suit_tiles(s) % 3 {
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

/// [`chiitoitsu`] from the counts of the closed tiles: seven kinds, each
/// held exactly twice (fourteen tiles, every count two). The word tests
/// are inlined where a hand is scored (most hands fail them), the pairs
/// written apart.
#[inline]
pub(crate) fn chiitoitsu_masked(masks: &CountMasks) -> Option<Shape> {
    if !masks.only_pairs() || masks.tiles() != 14 {
        return None;
    }
    pairs_shape(masks.kinds())
}

/// Seven pairs' groups: a pair of every kind of `kinds`, in tile order.
#[inline(never)]
fn pairs_shape(kinds: u64) -> Option<Shape> {
    let mut shape = Shape::new();
    let mut pairs = kinds;
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

/// [`kokushi`] from the counts of the closed tiles: every orphan kind held
/// and none other, fourteen tiles (so one of them twice, the rest once).
/// The word test is inlined where a hand is scored, the groups written
/// apart.
#[inline]
pub(crate) fn kokushi_masked(masks: &CountMasks) -> Option<Shape> {
    const ORPHAN_KINDS: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26 | HONOR_KINDS;
    if masks.kinds() != ORPHAN_KINDS || masks.tiles() != 14 {
        return None;
    }
    orphans_shape(masks)
}

/// Thirteen orphans' groups: each orphan once, the paired one a pair.
#[inline(never)]
fn orphans_shape(masks: &CountMasks) -> Option<Shape> {
    let mut shape = Shape::new();
    for &i in &ORPHANS {
        let t = Tile::from_index(i)?;
        let kind = if masks.count(i) == 2 {
            GroupKind::Pair
        } else {
            GroupKind::Single
        };
        shape.push(Group::closed(kind, t));
    }
    Some(shape)
}

/// The seven-pairs reading: the pair the winning tile completed, a pair
/// wait (the pairs are distinct, so there is one; `Shape::readings` finds
/// the same by walking every group).
pub(crate) fn chiitoitsu_reading(shape: &Shape, win: Tile) -> Option<Interpretation> {
    let i = shape.groups().iter().position(|g| g.tile == win)?;
    Some(Interpretation {
        form: Form::Chiitoitsu,
        groups: shape.groups,
        len: shape.len as u8,
        win_group: i as u8,
        win,
        wait: Wait::Tanki,
    })
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
#[inline]
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

    /// The counts made a tile at a time (in any order), and with melds'
    /// copies added at once, are the counts made from the tile counts, and
    /// say what the counts say: for lists of up to 24 tiles with up to 18
    /// copies of a kind (a fifth copy and more, past what a count holds).
    #[test]
    fn counts_of_tiles_are_the_counts_of_each_kind() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut draw = |below: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % below
        };
        for round in 0..40_000 {
            let mut tiles = Vec::new();
            let length = round % 25;
            while tiles.len() < length {
                let kind = Tile::from_index(draw(34) as usize).unwrap();
                let copies = 1 + draw(if round % 7 == 0 { 18 } else { 5 }) as usize;
                tiles.extend(std::iter::repeat_n(kind, copies.min(length - tiles.len())));
            }
            if round % 2 == 0 {
                tiles.sort();
            }
            let mut counts = [0u8; 34];
            for t in &tiles {
                counts[t.index()] += 1;
            }
            let mut masks = CountMasks::of_tiles(&tiles);
            assert_eq!(masks, CountMasks::of(&counts), "{tiles:?}");
            // Melds' copies added at once, as the held tiles are counted.
            for _ in 0..draw(3) {
                let kind = draw(34) as usize;
                let copies = 3 + draw(2) as u8;
                masks.add_many(kind, copies);
                counts[kind] += copies;
            }
            assert_eq!(masks, CountMasks::of(&counts), "{tiles:?}");
            let over = counts.iter().position(|&n| n > 4);
            assert_eq!(masks.fifth(), over, "{tiles:?}");
            let total: usize = counts.iter().map(|&n| usize::from(n)).sum();
            assert_eq!(masks.tiles(), total);
            for n in 1..=4u8 {
                let expected = (0..34)
                    .filter(|&i| counts[i] >= n)
                    .fold(0u64, |set, i| set | 1 << i);
                assert_eq!(masks.at_least(usize::from(n)), expected, "{counts:?} {n}");
                assert_eq!(
                    u64::from(masks.honors_at_least(u32::from(n))),
                    expected >> 27
                );
            }
            assert_eq!(masks.kinds(), masks.at_least(1));
            let pairs_only = counts.iter().all(|&n| n == 0 || n == 2);
            assert_eq!(masks.only_pairs(), pairs_only, "{counts:?}");
            for suit in 0..4 {
                let kinds = if suit == 3 {
                    27..34
                } else {
                    9 * suit..9 * suit + 9
                };
                let in_suit: usize = counts[kinds.clone()].iter().map(|&n| usize::from(n)).sum();
                assert_eq!(masks.suit_tiles(suit), in_suit);
                if over.is_none() {
                    let mut numbers = [0u8; 9];
                    numbers[..kinds.len()].copy_from_slice(&counts[kinds]);
                    assert_eq!(masks.key(suit), super::super::suit_gen::key_of(&numbers));
                }
            }
            if over.is_none() {
                for (i, &n) in counts.iter().enumerate() {
                    assert_eq!(masks.count(i), u32::from(n));
                }
            }
        }
    }

    /// The seven-pairs reading is the one walking the groups finds, for
    /// every winning tile of random seven-pairs hands (and none for a tile
    /// the hand does not hold).
    #[test]
    fn the_seven_pairs_reading_is_the_walked_one() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2_000 {
            let mut counts = [0u8; 34];
            let mut kinds = 0;
            while kinds < 7 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let kind = (state % 34) as usize;
                if counts[kind] == 0 {
                    counts[kind] = 2;
                    kinds += 1;
                }
            }
            let shape = chiitoitsu(&counts).expect("seven pairs");
            for win in Tile::all() {
                let mut walked = Vec::new();
                shape.readings(Form::Chiitoitsu, win, |it| walked.push(*it));
                let direct: Vec<Interpretation> =
                    chiitoitsu_reading(&shape, win).into_iter().collect();
                assert_eq!(direct, walked, "{counts:?} {win:?}");
            }
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
