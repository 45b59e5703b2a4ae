//! The game as every log format reads into it: players, rules, and for each
//! round the deal, what each player did in order, and how it ended.
//!
//! The model keeps what the logs record and nothing derived: the hands at
//! each moment, the riichi sticks, haitei and ippatsu are worked out by
//! [`crate::replay`], the same way whatever the format.

use serde::Serialize;

use crate::pai::Pai;

/// A seat at the table: 0 is the player who sat East in the first round.
pub type Seat = usize;

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Game {
    /// The players' names, by seat.
    pub players: [String; 4],
    pub rules: TableRules,
    pub rounds: Vec<Round>,
}

impl Game {
    /// Puts what the formats write in different orders (the deal, the
    /// tiles of a meld) in one order, so that the same game reads the same
    /// from any format.
    pub(crate) fn normalize(mut self) -> Game {
        for round in &mut self.rounds {
            for hand in &mut round.deal {
                hand.sort();
            }
            for action in &mut round.actions {
                match action {
                    Action::Call { own, .. } => own.sort(),
                    Action::ClosedKan { tiles, .. } => tiles.sort(),
                    _ => {}
                }
            }
        }
        self
    }
}

/// The rule flags a log records.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct TableRules {
    /// The lobby's label, as Tenhou writes it (`鳳南喰赤`), when known.
    pub label: Option<String>,
    pub red_fives: bool,
    pub open_tanyao: bool,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Round {
    /// The round wind: 0 East, 1 South, 2 West, 3 North.
    pub wind: u8,
    /// The dealer's seat (the round's number is `dealer + 1`).
    pub dealer: Seat,
    pub honba: u32,
    /// Riichi sticks left on the table by earlier rounds.
    pub sticks: u32,
    /// Each seat's score at the deal.
    pub scores: [i64; 4],
    /// The first dora indicator; kan dora come as [`Action::Dora`].
    pub dora: Pai,
    /// The 13 tiles each seat was dealt, sorted.
    pub deal: [Vec<Pai>; 4],
    pub actions: Vec<Action>,
    pub end: RoundEnd,
}

impl Round {
    /// `E1`, `S3`: the round wind's letter and the dealer's number.
    pub fn name(&self) -> String {
        format!(
            "{}{}",
            ['E', 'S', 'W', 'N'][usize::from(self.wind.min(3))],
            self.dealer + 1
        )
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CallKind {
    Chi,
    Pon,
    /// An open kan called on a discard (daiminkan).
    Kan,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// A tile drawn from the wall (or, after a kan, from the dead wall).
    Draw { seat: Seat, tile: Pai },
    /// A discard; `riichi` when it declares riichi.
    Discard {
        seat: Seat,
        tile: Pai,
        tsumogiri: bool,
        riichi: bool,
    },
    /// A chi, pon or open kan on the last discard; `own` are the tiles the
    /// caller shows from the hand.
    Call {
        seat: Seat,
        kind: CallKind,
        from: Seat,
        tile: Pai,
        own: Vec<Pai>,
    },
    /// A tile added to a called pon (shouminkan).
    AddedKan { seat: Seat, tile: Pai },
    /// A closed kan of four tiles from the hand.
    ClosedKan { seat: Seat, tiles: Vec<Pai> },
    /// A kan dora indicator turned over.
    Dora { indicator: Pai },
}

impl Action {
    pub fn seat(&self) -> Option<Seat> {
        match *self {
            Action::Draw { seat, .. }
            | Action::Discard { seat, .. }
            | Action::Call { seat, .. }
            | Action::AddedKan { seat, .. }
            | Action::ClosedKan { seat, .. } => Some(seat),
            Action::Dora { .. } => None,
        }
    }
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum RoundEnd {
    /// One win, or several on one discard (double or triple ron), in the
    /// order the log lists them (the first takes honba and sticks).
    Wins {
        wins: Vec<Win>,
    },
    Draw {
        draw: Draw,
    },
}

/// How Tenhou valued a win (absent from mjai logs).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Value {
    /// Han, dora included; 13 per yakuman.
    pub han: u32,
    /// Fu, for hands below mangan only.
    pub fu: Option<u32>,
    pub limit: Limit,
    /// The hand's points before honba and sticks (a tsumo: all three
    /// payments).
    pub points: u32,
    /// Tenhou's yaku ids (the mjlog numbering) with their han; 0-han
    /// entries left out.
    pub yaku: Vec<(u8, u32)>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Limit {
    None,
    Mangan,
    Haneman,
    Baiman,
    Sanbaiman,
    /// A yakuman, kazoe included.
    Yakuman,
}

impl Limit {
    pub fn from_tenhou(code: i64) -> Option<Limit> {
        Some(match code {
            0 => Limit::None,
            1 => Limit::Mangan,
            2 => Limit::Haneman,
            3 => Limit::Baiman,
            4 => Limit::Sanbaiman,
            5 => Limit::Yakuman,
            _ => return None,
        })
    }
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Win {
    pub seat: Seat,
    /// The discarder; the winner's own seat for a tsumo.
    pub from: Seat,
    /// The player liable for the yakuman (pao), if any.
    pub pao: Option<Seat>,
    pub value: Option<Value>,
    /// Score changes of this win (honba and sticks included).
    pub deltas: [i64; 4],
    /// Ura-dora indicators, for a winner in riichi.
    pub ura: Vec<Pai>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawKind {
    /// The wall ran out.
    Exhaustive,
    NagashiMangan,
    /// Nine kinds of terminals and honors (kyuushu kyuuhai).
    NineTerminals,
    FourWinds,
    FourKans,
    FourRiichi,
    TripleRon,
}

impl DrawKind {
    pub fn describe(self) -> &'static str {
        match self {
            DrawKind::Exhaustive => "exhaustive draw",
            DrawKind::NagashiMangan => "exhaustive draw with nagashi mangan",
            DrawKind::NineTerminals => "abortive draw: nine terminals (kyuushu kyuuhai)",
            DrawKind::FourWinds => "abortive draw: four winds (suufon renda)",
            DrawKind::FourKans => "abortive draw: four kans (suukan sanra)",
            DrawKind::FourRiichi => "abortive draw: four riichi (suucha riichi)",
            DrawKind::TripleRon => "abortive draw: triple ron (sanchahou)",
        }
    }
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Draw {
    pub kind: DrawKind,
    /// Score changes (noten payments, nagashi).
    pub deltas: [i64; 4],
}
