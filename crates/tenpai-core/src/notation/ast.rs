//! The syntax tree of one line. Every token keeps its byte span in the line.

use std::ops::Range;

use crate::diag::Diagnostic;
use crate::limit::Limit;
use crate::tile::Tile;

pub type Span = Range<usize>;

/// How a tile was written, so the formatter can keep or change it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Written {
    /// Digit before a suit letter: `5m`, `7z`, `7h`.
    Digit,
    /// A letter honor: `e`, `wh`.
    Letter,
    /// A Unicode glyph: 🀄.
    Glyph,
}

/// A tile as written: eight bytes, since a line's tokens are written and
/// read on every keystroke and for every hand of a document. Its span is
/// kept as a 32-bit start and a length, and read through [`TileTok::span`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TileTok {
    pub tile: Tile,
    /// Written as `0`.
    pub red: bool,
    pub written: Written,
    len: u8,
    start: u32,
}

impl TileTok {
    /// `span` is the tile's own characters (for `123m`, the digit only; the
    /// suit letter belongs to the group): at most four bytes. Positions past
    /// 4 GiB are clamped (the fast path leaves such a line to this one).
    pub fn new(tile: Tile, red: bool, written: Written, span: Span) -> TileTok {
        TileTok {
            tile,
            red,
            written,
            len: u8::try_from(span.len()).unwrap_or(u8::MAX),
            start: clamp(span.start),
        }
    }

    /// The fast path's constructor, for a line it has checked is shorter
    /// than 4 GiB; `len` is at most four.
    pub(super) const fn at(
        tile: Tile,
        red: bool,
        written: Written,
        start: usize,
        len: usize,
    ) -> TileTok {
        TileTok {
            tile,
            red,
            written,
            len: len as u8,
            start: start as u32,
        }
    }

    /// The same token written at `start` (a position the fast path has
    /// checked fits in 32 bits).
    pub(super) const fn moved_to(mut self, start: usize) -> TileTok {
        self.start = start as u32;
        self
    }

    /// The tile's own characters.
    pub fn span(&self) -> Span {
        let start = self.start as usize;
        start..start + usize::from(self.len)
    }
}

/// Positions in [`HandLine::toks`]. Tokens live in one buffer per line, so
/// that parsing a line allocates a few vectors rather than one per group.
/// Kept in 32 bits (a line's items are written and read for every line).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct TokRange {
    start: u32,
    end: u32,
}

impl TokRange {
    pub fn new(r: Range<usize>) -> TokRange {
        TokRange {
            start: clamp(r.start),
            end: clamp(r.end),
        }
    }

    pub fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// A position in a line, in 32 bits: past 4 GiB it is clamped (the fast
/// path leaves such a line to the recovering parser).
fn clamp(p: usize) -> u32 {
    u32::try_from(p).unwrap_or(u32::MAX)
}

/// A line's groups and melds, inline for a usual hand: parsing a line
/// then allocates nothing for them.
pub type Items = smallvec::SmallVec<[HandItem; 6]>;

/// A run of tiles that shares one suit letter (`123m`), one letter honor,
/// or one glyph.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Group {
    pub tiles: TokRange,
    start: u32,
    end: u32,
}

impl Group {
    pub fn new(tiles: Range<usize>, span: Span) -> Group {
        Group {
            tiles: TokRange::new(tiles),
            start: clamp(span.start),
            end: clamp(span.end),
        }
    }

    pub fn span(&self) -> Span {
        self.start as usize..self.end as usize
    }

    /// The fast path's constructor, for a line shorter than 4 GiB.
    pub(super) fn at(tiles: Range<usize>, span: Span) -> Group {
        Group {
            tiles: TokRange {
                start: tiles.start as u32,
                end: tiles.end as u32,
            },
            start: span.start as u32,
            end: span.end as u32,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bracket {
    /// `( )`: an open meld.
    Open,
    /// `[ ]`: a closed kan.
    Closed,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MeldTok {
    pub bracket: Bracket,
    pub tiles: TokRange,
    start: u32,
    end: u32,
}

impl MeldTok {
    pub fn new(bracket: Bracket, tiles: Range<usize>, span: Span) -> MeldTok {
        MeldTok {
            bracket,
            tiles: TokRange::new(tiles),
            start: clamp(span.start),
            end: clamp(span.end),
        }
    }

    /// From the opening to the closing bracket, both included.
    pub fn span(&self) -> Span {
        self.start as usize..self.end as usize
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum HandItem {
    Group(Group),
    Meld(MeldTok),
}

/// A parsed option value.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum OptionValue {
    /// A bare word: `riichi`, `tsumo`.
    Flag,
    Tile(TileTok),
    /// Positions in [`HandLine::toks`].
    Tiles(TokRange),
    Number(u32),
    Wind(crate::tile::Wind),
}

/// An option word. Its spans are kept as 32-bit positions (a line's
/// options are written by the parser and read by validation for every
/// line) and read through methods.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct OptionTok {
    /// The key's position in [`super::options::OPTIONS`] (see
    /// [`super::options::id`]).
    pub id: usize,
    /// `None` when the value did not parse (an error is reported).
    pub value: Option<OptionValue>,
    start: u32,
    key_end: u32,
    end: u32,
    /// Written `key=value` (the value possibly empty).
    has_value: bool,
}

impl OptionTok {
    /// The word at `span`, its key ending at `key_end`; with `has_value`,
    /// `=` follows the key and the value runs to the end of the word.
    /// Positions past 4 GiB are clamped.
    pub fn new(
        id: usize,
        value: Option<OptionValue>,
        span: Span,
        key_end: usize,
        has_value: bool,
    ) -> OptionTok {
        OptionTok {
            id,
            value,
            start: clamp(span.start),
            key_end: clamp(key_end),
            end: clamp(span.end),
            has_value,
        }
    }

    /// The fast path's constructor, for a line shorter than 4 GiB.
    pub(super) fn at(id: usize, value: OptionValue, span: Span, key_end: usize) -> OptionTok {
        OptionTok {
            id,
            value: Some(value),
            start: span.start as u32,
            key_end: key_end as u32,
            end: span.end as u32,
            has_value: key_end < span.end,
        }
    }

    /// Canonical key: `riichi`, `win`, `dora`, ...
    pub fn key(&self) -> &'static str {
        super::options::OPTIONS.get(self.id).map_or("", |o| o.0)
    }

    /// The whole word.
    pub fn span(&self) -> Span {
        self.start as usize..self.end as usize
    }

    pub fn key_span(&self) -> Span {
        self.start as usize..self.key_end as usize
    }

    /// The span of the value after `=`, for `key=value` (possibly empty).
    pub fn value_span(&self) -> Option<Span> {
        self.has_value
            .then(|| self.key_end as usize + 1..self.end as usize)
    }
}

/// One thing a claim states.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ClaimItem {
    /// `7700`: the total the winner receives for the hand (without honba and
    /// sticks, unless the line sets them).
    Points(u32),
    /// `2000/3900`: non-dealer tsumo, each non-dealer / the dealer.
    TsumoSplit { non_dealer: u32, dealer: u32 },
    /// `3900 all`: dealer tsumo, each.
    TsumoAll(u32),
    /// `3 han 30 fu`, `3/30`; `fu` is absent for `5 han`, limits.
    HanFu { han: u32, fu: Option<u32> },
    /// `mangan`, `haneman`, `yakuman`, ... (written with `-` or `_`)
    Limit(Limit),
    /// `tenpai` is 0, `1-shanten` is 1.
    Shanten(u32),
    /// `waits 14m`.
    Waits(Vec<Tile>),
    /// `16 tiles`: how many tiles the hand accepts (those left of its
    /// waits, or of the tiles that bring it closer), after its `discard=`.
    Tiles(u32),
    /// `4 kinds`: how many kinds of tile it accepts.
    Kinds(u32),
    /// `accepts 14m25s`: which kinds of tile it accepts (its waits when
    /// tenpai, else the tiles that bring it closer), after its `discard=`.
    Accepts(Vec<Tile>),
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Claim {
    /// Each item with its span.
    pub items: Vec<(ClaimItem, Span)>,
    /// From `=>` to the end of the claim text (trailing spaces excluded).
    pub span: Span,
    /// The text after `=>`, trimmed, as written.
    pub text: String,
}

#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct HandLine {
    /// Every tile token of the line in written order: the hand's (groups,
    /// then melds as written) first, then those of tile-valued options.
    pub toks: Vec<TileTok>,
    /// How many of [`Self::toks`] belong to the hand.
    pub hand_toks: usize,
    pub items: Items,
    /// Span of the hand part (first to last tile or meld).
    pub hand_span: Span,
    pub options: Vec<OptionTok>,
    pub claim: Option<Claim>,
    /// `# ...`, including the `#`.
    pub comment: Option<Span>,
    /// The hand part had syntax errors, so tiles that could not be read are
    /// missing: its tile count means nothing.
    pub recovered: bool,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RulesLine {
    /// Each word after `rules:` with its span.
    pub words: Vec<(String, Span)>,
}

// Nearly every line is a hand: boxing it to shrink the rare variants would
// cost an allocation a line.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LineKind {
    Blank,
    /// A line that is only a comment.
    Comment,
    Rules(RulesLine),
    Hand(HandLine),
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Line {
    pub kind: LineKind,
    /// Syntax errors; the parser recovers, so a line may have several.
    pub errors: Vec<Diagnostic>,
}

impl HandLine {
    /// Every tile token of the hand, closed and in melds, in written order.
    pub fn tiles(&self) -> &[TileTok] {
        self.toks.get(..self.hand_toks).unwrap_or_default()
    }

    /// The tokens of a group, a meld or a tile-list option value.
    pub fn toks(&self, r: &TokRange) -> &[TileTok] {
        self.toks.get(r.range()).unwrap_or_default()
    }

    pub fn option(&self, key: &str) -> Option<&OptionTok> {
        self.options.iter().find(|o| o.key() == key)
    }
}
