//! Syntax -> a validated [`Hand`] and its [`Situation`]. Every semantic
//! diagnostic (tile counts, fifth copies, illegal melds, contradictions)
//! is produced here.

use smallvec::SmallVec;

use crate::notation::ast::HandLine;
use crate::rules::Rules;
use crate::tile::{Tile, Wind};

/// Tiles held inline: a hand is validated for every line of a document, and
/// these lists rarely outgrow their inline room (they spill to the heap when
/// they do).
pub type Tiles<const N: usize> = SmallVec<[Tile; N]>;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MeldKind {
    /// Open sequence.
    Chi,
    /// Open triplet.
    Pon,
    /// Open kan (daiminkan or shouminkan).
    OpenKan,
    /// Closed kan (ankan): the hand stays closed.
    ClosedKan,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Meld {
    pub kind: MeldKind,
    /// Sorted; 3 tiles, or 4 for a kan.
    pub tiles: Tiles<4>,
}

impl Meld {
    pub fn is_open(&self) -> bool {
        self.kind != MeldKind::ClosedKan
    }

    pub fn is_kan(&self) -> bool {
        matches!(self.kind, MeldKind::OpenKan | MeldKind::ClosedKan)
    }

    /// The lowest tile: the tile of a triplet or kan, the start of a sequence.
    pub fn first(&self) -> Tile {
        self.tiles[0]
    }
}

#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Hand {
    /// The closed tiles, sorted. For a winning hand they include the winning
    /// tile (14 tiles minus 3 per meld).
    pub closed: Tiles<14>,
    pub melds: SmallVec<[Meld; 4]>,
    /// The winning tile; `Some` exactly when the tile count is a complete
    /// hand's (13 + 1 + one per kan, counting meld tiles).
    pub win: Option<Tile>,
    /// Red fives anywhere in the hand (closed tiles and melds).
    pub red_fives: u8,
    /// The suits that hold a red five (bit 0 man, 1 pin, 2 sou), so that a
    /// display can write it as `0`.
    pub red_suits: u8,
    /// Of [`Self::red_suits`], those whose red five was written in a called
    /// meld: a display writes the `0` there, and discarding a closed five
    /// never gives it away.
    pub red_melded: u8,
}

impl Hand {
    pub fn is_closed(&self) -> bool {
        self.melds.iter().all(|m| !m.is_open())
    }

    /// The tile count that decides the hand's state, a kan counting as
    /// three: 13 is waiting, 14 complete (or a discard away).
    pub fn size(&self) -> usize {
        self.closed.len() + 3 * self.melds.len()
    }

    pub fn kans(&self) -> usize {
        self.melds.iter().filter(|m| m.is_kan()).count()
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Riichi {
    #[default]
    None,
    Riichi,
    Double,
}

/// Everything about the win that is not the tiles.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Situation {
    pub tsumo: bool,
    pub riichi: Riichi,
    /// The riichi (or double riichi) was declared open, hand shown
    /// (`open-riichi`).
    pub open_riichi: bool,
    pub ippatsu: bool,
    /// Won on the last tile: haitei on a tsumo, houtei on a ron.
    pub last_tile: bool,
    pub rinshan: bool,
    pub chankan: bool,
    pub tenhou: bool,
    pub chiihou: bool,
    /// Ron before the player's first draw (only scored when the rules allow).
    pub renhou: bool,
    /// The line states a nagashi mangan (scored without tiles, if the rules
    /// allow).
    pub nagashi: bool,
    /// Paarenchan: how many times it counts (`paarenchan` is 1,
    /// `paarenchan=2` counts two yakuman); 0 when not written.
    pub paarenchan: u32,
    /// North tiles set aside as nukidora (three-player), not among the tiles.
    pub nuki: u32,
    pub seat: Wind,
    pub round: Wind,
    /// Dora indicators (kan dora indicators included), not the dora.
    pub dora: Tiles<5>,
    /// Ura-dora indicators.
    pub ura: Tiles<5>,
    pub honba: u32,
    pub sticks: u32,
    /// Tiles seen elsewhere, for practical ukeire: `visible=` and
    /// `river=`.
    pub visible: Tiles<8>,
    /// The player's own discards (`river=`): a wait among them is furiten.
    pub river: Tiles<8>,
    /// The tile actually discarded (game review).
    pub discard: Option<Tile>,
}

impl Situation {
    pub fn is_dealer(&self) -> bool {
        self.seat == Wind::East
    }
}

mod fast;
mod validate;

pub(crate) use validate::robbed_tile_held;
pub use validate::{conflicting, parse_hand, read_hand, Mode, ReadHand, Validated};

/// Validates a parsed hand line: the fast path answers for a line that
/// draws no diagnostic, the full validation for every other line.
pub fn validate(line: &HandLine, rules: &Rules, mode: Mode) -> Validated {
    fast::validate(line, rules, mode).unwrap_or_else(|| validate::full(line, rules, mode))
}

/// The full validation alone, without the fast path [`validate`] tries
/// first: the same result for every line. Public so that the parse bench
/// can weigh the fast path against it in the same run; use [`validate`].
#[doc(hidden)]
pub fn validate_without_fast_path(line: &HandLine, rules: &Rules, mode: Mode) -> Validated {
    validate::full(line, rules, mode)
}
