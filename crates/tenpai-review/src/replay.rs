//! Playing a round of the model through: the hands at each decision, the
//! tiles on the table, riichi sticks, and what each win's situation was
//! (haitei, ippatsu, rinshan, ...), worked out from the moves alone, the
//! same way for every log format.
//!
//! A move the hands cannot make (a discard of a tile not held, a call on a
//! tile that was not just discarded) is an error naming the round and the
//! move: a log that contradicts itself is never reviewed.

use tenpai_core::hand::MeldKind;
use tenpai_core::shanten;
use tenpai_core::tile::Counts;

use crate::model::{Action, CallKind, Game, Round, RoundEnd, Seat, Win};
use crate::pai::Pai;

/// The tiles a round's wall holds for drawing (136 less the dead wall's 14
/// and the 52 dealt): the last of them is haitei, kan draws included.
const WALL_DRAWS: usize = 70;

/// A meld as it lies on the table.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Meld {
    pub kind: MeldKind,
    pub tiles: Vec<Pai>,
}

/// A player's turn to discard: the hand before the discard, and what the
/// player could see.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Decision {
    pub seat: Seat,
    /// The index of the discard in the round's actions.
    pub action: usize,
    /// Closed tiles before the discard (with the melds, 14 counting a kan
    /// as three).
    pub closed: Vec<Pai>,
    pub melds: Vec<Meld>,
    pub discard: Pai,
    pub tsumogiri: bool,
    /// This discard declares riichi.
    pub declares_riichi: bool,
    /// Dora indicators turned over so far.
    pub dora: Vec<Pai>,
    /// Every tile the player has seen outside the hand, the indicators and
    /// their own discards: the others' discards on the table (those not
    /// called), the others' melds (less the tiles called from this
    /// player, which [`Decision::own_discards`] holds).
    pub visible: Vec<Pai>,
    /// Tiles this player discarded before, called or not: their river
    /// (`river=`), for furiten.
    pub own_discards: Vec<Pai>,
}

/// Something said about a round between decisions.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Moment {
    Decision(Decision),
    /// A call or kan; `from` is the discarder for a call on a discard.
    Meld {
        seat: Seat,
        meld: Meld,
        from: Option<Seat>,
        added: bool,
    },
    /// A riichi declaration (by any seat).
    Riichi {
        seat: Seat,
    },
    /// A kan dora indicator turned over.
    Dora {
        indicator: Pai,
    },
    /// A tile the player's waiting hand could win on went by unclaimed:
    /// the player is furiten from then on, for as long as `pass` says.
    Passed {
        seat: Seat,
        tile: Pai,
        pass: Pass,
    },
}

/// How a winning tile went by, and how long the furiten it brings lasts.
/// Passes are noted only while the player could still ron: not when a wait
/// is among their own discards (furiten already) nor after an earlier pass
/// that still holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pass {
    /// Another player's discard (or the tile of an added kan) not ronned:
    /// furiten until the player's own next discard (same-turn furiten).
    UntilNextDiscard,
    /// The same after riichi: furiten for the rest of the round.
    AfterRiichi,
    /// After riichi, the player drew a winning tile and did not win:
    /// furiten for the rest of the round.
    OwnDrawAfterRiichi,
}

/// Who won and how, as the moves show it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct WinView {
    pub seat: Seat,
    pub from: Seat,
    /// The closed tiles with the winning tile.
    pub closed: Vec<Pai>,
    pub melds: Vec<Meld>,
    pub win_tile: Pai,
    pub tsumo: bool,
    pub riichi: bool,
    pub double_riichi: bool,
    pub ippatsu: bool,
    pub haitei: bool,
    pub houtei: bool,
    pub rinshan: bool,
    pub chankan: bool,
    pub tenhou: bool,
    pub chiihou: bool,
    pub dora: Vec<Pai>,
    /// The winner's discards (`river=` on a ron: a ron with a wait among
    /// them would be furiten).
    pub river: Vec<Pai>,
    /// Honba and riichi sticks this winner takes (the first of a double
    /// ron takes them all).
    pub honba: u32,
    pub sticks: u32,
}

/// A round played through.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RoundReplay {
    pub moments: Vec<Moment>,
    pub wins: Vec<WinView>,
    /// At a drawn round: who was tenpai (a wait that is not four tiles of
    /// the player's own).
    pub tenpai: [bool; 4],
    /// At an exhaustive draw: who discarded only terminals and honors,
    /// none of them called (nagashi mangan).
    pub nagashi: Vec<Seat>,
    /// Each seat's hand when the round ended (closed tiles, melds).
    pub hands: [(Vec<Pai>, Vec<Meld>); 4],
    /// Riichi declared and paid for, by seat.
    pub riichi_paid: [bool; 4],
    /// Scores after the round: the deal's, less riichi sticks paid, plus
    /// the changes the log records.
    pub scores_after: [i64; 4],
    /// Riichi sticks on the table after the round.
    pub sticks_after: u32,
}

/// Where a replay fails.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReplayError {
    pub round: String,
    /// The index of the move, when one is to blame.
    pub action: Option<usize>,
    pub message: String,
}

impl ReplayError {
    pub fn place(&self) -> String {
        match self.action {
            Some(index) => format!("round {}, move {}", self.round, index + 1),
            None => format!("round {}", self.round),
        }
    }
}

#[derive(Clone, Default)]
struct SeatState {
    closed: Vec<Pai>,
    melds: Vec<Meld>,
    /// Every discard, called or not.
    discards: Vec<Pai>,
    /// The discards another player called (they lie in that player's meld).
    called_away: Vec<Pai>,
    /// Some discard was called (no nagashi).
    discard_called: bool,
    riichi: bool,
    double_riichi: bool,
    /// Riichi declared and not yet broken by a call or the next discard.
    ippatsu: bool,
    /// The next draw comes from the dead wall.
    rinshan_next: bool,
    last_draw_rinshan: bool,
    draws: usize,
    /// A winning tile went by since the player's last discard.
    passed_this_turn: bool,
    /// A winning tile went by after the player's riichi.
    passed_in_riichi: bool,
}

fn seat_name(seat: Seat) -> String {
    format!("seat {seat}")
}

fn take(closed: &mut Vec<Pai>, tile: Pai) -> bool {
    match closed.iter().position(|held| *held == tile) {
        Some(index) => {
            closed.remove(index);
            true
        }
        None => false,
    }
}

fn counts(tiles: &[Pai]) -> Counts {
    let mut out = [0u8; 34];
    for pai in tiles {
        out[usize::from(pai.kind)] += 1;
    }
    out
}

/// The waits of the hand a decision leaves (after its discard) that the
/// player has discarded, this discard included: a ron on them is furiten.
/// Empty when the hand is not tenpai or no wait was discarded.
pub fn furiten_waits(decision: &Decision) -> Vec<Pai> {
    let mut closed = decision.closed.clone();
    if !take(&mut closed, decision.discard) {
        return Vec::new();
    }
    let mut discarded = decision.own_discards.clone();
    discarded.push(decision.discard);
    let mut out: Vec<Pai> = shanten::waits(&counts(&closed), decision.melds.len())
        .iter()
        .filter(|wait| {
            discarded
                .iter()
                .any(|pai| usize::from(pai.kind) == wait.index())
        })
        .filter_map(|wait| Pai::plain(wait.index() as u8))
        .collect();
    out.dedup();
    out
}

/// Whether a waiting hand waits on a tile among `discards`.
fn own_furiten(closed: &[Pai], discards: &[Pai], melds: usize) -> bool {
    shanten::waits(&counts(closed), melds).iter().any(|wait| {
        discards
            .iter()
            .any(|pai| usize::from(pai.kind) == wait.index())
    })
}

/// Tenhou's tenpai at a draw: a wait that is not on a tile the hand holds
/// all four of.
pub fn is_tenpai(closed: &[Pai], melds: &[Meld]) -> bool {
    if closed.len() + 3 * melds.len() != 13 {
        return false;
    }
    let mut all = counts(closed);
    for meld in melds {
        for pai in &meld.tiles {
            all[usize::from(pai.kind)] += 1;
        }
    }
    shanten::waits(&counts(closed), melds.len())
        .iter()
        .any(|wait| all[wait.index()] < 4)
}

struct Table<'a> {
    round: &'a Round,
    seats: [SeatState; 4],
    dora: Vec<Pai>,
    /// Discards on the table, with whether they were called and who made
    /// them.
    river: Vec<(Pai, bool, Seat)>,
    draws: usize,
    /// A call or kan has been made this round (no double riichi, tenhou).
    any_call: bool,
    /// The seat whose riichi discard waits to be passed.
    pending_riichi: Option<Seat>,
    /// A kan on a pon that breaks ippatsu once nobody robs it.
    pending_added_kan: bool,
    riichi_paid: [bool; 4],
    moments: Vec<Moment>,
    last: Option<Action>,
}

impl<'a> Table<'a> {
    fn error(&self, action: Option<usize>, message: impl Into<String>) -> ReplayError {
        ReplayError {
            round: self.round.name(),
            action,
            message: message.into(),
        }
    }

    /// What `seat` sees besides its hand, the indicators and its own
    /// river: each tile once (a tile called from this player's river is in
    /// the river, not again in the caller's meld).
    fn visible_for(&self, seat: Seat) -> Vec<Pai> {
        let mut out: Vec<Pai> = self
            .river
            .iter()
            .filter(|(_, called, discarder)| !called && *discarder != seat)
            .map(|(pai, _, _)| *pai)
            .collect();
        let mut called_away = self.seats[seat].called_away.clone();
        for (other, state) in self.seats.iter().enumerate() {
            if other != seat {
                for pai in state.melds.iter().flat_map(|meld| &meld.tiles) {
                    match called_away.iter().position(|called| called == pai) {
                        Some(at) => {
                            called_away.swap_remove(at);
                        }
                        None => out.push(*pai),
                    }
                }
            }
        }
        out
    }

    fn break_ippatsu(&mut self) {
        for state in &mut self.seats {
            state.ippatsu = false;
        }
    }

    /// The players who let the tile just discarded (or added to a kan) go
    /// by, now that `action` follows it: each waiting on it who could
    /// still ron. A player calling that very tile discards at once, which
    /// ends that furiten: not noted.
    fn note_passes(&mut self, action: &Action) {
        let (from, tile) = match &self.last {
            Some(Action::Discard { seat, tile, .. }) | Some(Action::AddedKan { seat, tile }) => {
                (*seat, *tile)
            }
            _ => return,
        };
        let caller = match action {
            Action::Call { seat, .. } => Some(*seat),
            _ => None,
        };
        for seat in 0..4 {
            let state = &self.seats[seat];
            if seat == from
                || caller == Some(seat)
                || state.passed_this_turn
                || state.passed_in_riichi
                || state.closed.len() + 3 * state.melds.len() != 13
            {
                continue;
            }
            // The hand waits on the tile when it completes it: one lookup,
            // where its waits would take one per kind (this runs for three
            // players at every discard).
            let mut with_it = counts(&state.closed);
            with_it[usize::from(tile.kind)] += 1;
            let waits_on_it = shanten::is_complete(&with_it, state.melds.len());
            if !waits_on_it || own_furiten(&state.closed, &state.discards, state.melds.len()) {
                continue;
            }
            let pass = if state.riichi {
                Pass::AfterRiichi
            } else {
                Pass::UntilNextDiscard
            };
            let state = &mut self.seats[seat];
            match pass {
                Pass::UntilNextDiscard => state.passed_this_turn = true,
                _ => state.passed_in_riichi = true,
            }
            self.moments.push(Moment::Passed { seat, tile, pass });
        }
    }

    fn step(&mut self, index: usize, action: &Action) -> Result<(), ReplayError> {
        self.note_passes(action);
        if let Some(seat) = self.pending_riichi.take() {
            self.riichi_paid[seat] = true;
        }
        if std::mem::take(&mut self.pending_added_kan) {
            self.break_ippatsu();
        }
        match action {
            Action::Draw { seat, tile } => {
                let seat = *seat;
                let held = self.seats[seat].closed.len() + 3 * self.seats[seat].melds.len();
                if held != 13 {
                    return Err(self.error(
                        Some(index),
                        format!("{} draws with {held} tiles in hand", seat_name(seat)),
                    ));
                }
                if self.draws >= WALL_DRAWS {
                    return Err(self.error(Some(index), "a draw after the wall ran out"));
                }
                let state = &mut self.seats[seat];
                state.closed.push(*tile);
                state.last_draw_rinshan = std::mem::take(&mut state.rinshan_next);
                state.draws += 1;
                self.draws += 1;
            }
            Action::Discard {
                seat,
                tile,
                tsumogiri,
                riichi,
            } => {
                let seat = *seat;
                let before = self.seats[seat].closed.clone();
                let melds = self.seats[seat].melds.clone();
                if before.len() + 3 * melds.len() != 14 {
                    return Err(self.error(
                        Some(index),
                        format!(
                            "{} discards with {} tiles in hand",
                            seat_name(seat),
                            before.len() + 3 * melds.len()
                        ),
                    ));
                }
                let state = &mut self.seats[seat];
                if !take(&mut state.closed, *tile) {
                    return Err(self.error(
                        Some(index),
                        format!(
                            "{} discards {tile}, which the hand does not hold",
                            seat_name(seat)
                        ),
                    ));
                }
                let in_riichi = state.riichi;
                state.ippatsu = false;
                // The player's own discard ends a same-turn furiten.
                state.passed_this_turn = false;
                // In riichi, a complete hand discarding is a tsumo let go.
                let won_shape = in_riichi && shanten::is_complete(&counts(&before), melds.len());
                if won_shape
                    && !state.passed_in_riichi
                    && !own_furiten(&state.closed, &state.discards, melds.len())
                {
                    state.passed_in_riichi = true;
                    self.moments.push(Moment::Passed {
                        seat,
                        tile: *tile,
                        pass: Pass::OwnDrawAfterRiichi,
                    });
                }
                if *riichi {
                    if in_riichi {
                        return Err(self.error(Some(index), "riichi declared twice"));
                    }
                    state.riichi = true;
                    state.ippatsu = true;
                    state.double_riichi = state.discards.is_empty() && !self.any_call;
                    self.pending_riichi = Some(seat);
                    self.moments.push(Moment::Riichi { seat });
                }
                if !in_riichi {
                    let own_discards = self.seats[seat].discards.clone();
                    self.moments.push(Moment::Decision(Decision {
                        seat,
                        action: index,
                        closed: before,
                        melds,
                        discard: *tile,
                        tsumogiri: *tsumogiri,
                        declares_riichi: *riichi,
                        dora: self.dora.clone(),
                        visible: self.visible_for(seat),
                        own_discards,
                    }));
                }
                self.seats[seat].discards.push(*tile);
                self.river.push((*tile, false, seat));
            }
            Action::Call {
                seat,
                kind,
                from,
                tile,
                own,
            } => {
                let (seat, from) = (*seat, *from);
                match &self.last {
                    Some(Action::Discard {
                        seat: discarder,
                        tile: discarded,
                        ..
                    }) if *discarder == from && discarded == tile && from != seat => {}
                    _ => {
                        return Err(self.error(
                            Some(index),
                            format!(
                                "{} calls {tile}, which was not just discarded by {}",
                                seat_name(seat),
                                seat_name(from)
                            ),
                        ))
                    }
                }
                let state = &mut self.seats[seat];
                for pai in own {
                    if !take(&mut state.closed, *pai) {
                        return Err(self.error(
                            Some(index),
                            format!(
                                "{} calls with {pai}, which the hand does not hold",
                                seat_name(seat)
                            ),
                        ));
                    }
                }
                let (meld_kind, size) = match kind {
                    CallKind::Chi => (MeldKind::Chi, 2),
                    CallKind::Pon => (MeldKind::Pon, 2),
                    CallKind::Kan => (MeldKind::OpenKan, 3),
                };
                let mut tiles = own.clone();
                tiles.push(*tile);
                tiles.sort();
                if own.len() != size || !is_meld(meld_kind, &tiles) {
                    return Err(self.error(
                        Some(index),
                        format!(
                            "{} calls a meld that is none: {}",
                            seat_name(seat),
                            crate::pai::compact(&tiles)
                        ),
                    ));
                }
                if matches!(kind, CallKind::Kan) {
                    state.rinshan_next = true;
                }
                let meld = Meld {
                    kind: meld_kind,
                    tiles,
                };
                state.melds.push(meld.clone());
                self.seats[from].discard_called = true;
                self.seats[from].called_away.push(*tile);
                if let Some(last) = self.river.last_mut() {
                    last.1 = true;
                }
                self.any_call = true;
                self.break_ippatsu();
                self.moments.push(Moment::Meld {
                    seat,
                    meld,
                    from: Some(from),
                    added: false,
                });
            }
            Action::AddedKan { seat, tile } => {
                let seat = *seat;
                let state = &mut self.seats[seat];
                if !take(&mut state.closed, *tile) {
                    return Err(self.error(
                        Some(index),
                        format!(
                            "{} adds {tile} to a pon, but the hand does not hold it",
                            seat_name(seat)
                        ),
                    ));
                }
                let Some(meld) = state
                    .melds
                    .iter_mut()
                    .find(|meld| meld.kind == MeldKind::Pon && meld.tiles[0].kind == tile.kind)
                else {
                    return Err(self.error(
                        Some(index),
                        format!("{} adds {tile} to a pon it does not have", seat_name(seat)),
                    ));
                };
                meld.kind = MeldKind::OpenKan;
                meld.tiles.push(*tile);
                meld.tiles.sort();
                let meld = meld.clone();
                state.rinshan_next = true;
                self.any_call = true;
                self.pending_added_kan = true;
                self.moments.push(Moment::Meld {
                    seat,
                    meld,
                    from: None,
                    added: true,
                });
            }
            Action::ClosedKan { seat, tiles } => {
                let seat = *seat;
                let state = &mut self.seats[seat];
                for pai in tiles {
                    if !take(&mut state.closed, *pai) {
                        return Err(self.error(
                            Some(index),
                            format!(
                                "{} declares a closed kan with {pai}, which the hand does not hold",
                                seat_name(seat)
                            ),
                        ));
                    }
                }
                let mut tiles = tiles.clone();
                tiles.sort();
                if tiles.len() != 4 || tiles.iter().any(|pai| pai.kind != tiles[0].kind) {
                    return Err(self.error(Some(index), "a closed kan that is not four of a kind"));
                }
                let meld = Meld {
                    kind: MeldKind::ClosedKan,
                    tiles,
                };
                state.melds.push(meld.clone());
                state.rinshan_next = true;
                self.any_call = true;
                self.break_ippatsu();
                self.moments.push(Moment::Meld {
                    seat,
                    meld,
                    from: None,
                    added: false,
                });
            }
            Action::Dora { indicator } => {
                if self.dora.len() >= 5 {
                    return Err(self.error(Some(index), "a sixth dora indicator"));
                }
                self.dora.push(*indicator);
                self.moments.push(Moment::Dora {
                    indicator: *indicator,
                });
            }
        }
        self.last = Some(action.clone());
        Ok(())
    }

    fn win_view(&self, win: &Win, first: bool, sticks: u32) -> Result<WinView, ReplayError> {
        let place = Some(self.round.actions.len().saturating_sub(1));
        let state = &self.seats[win.seat];
        let tsumo = win.seat == win.from;
        let (closed, win_tile, chankan, houtei) = if tsumo {
            match &self.last {
                Some(Action::Draw { seat, tile }) if *seat == win.seat => {
                    (state.closed.clone(), *tile, false, false)
                }
                _ => {
                    return Err(self.error(
                        place,
                        format!(
                            "{} wins by tsumo without having just drawn",
                            seat_name(win.seat)
                        ),
                    ))
                }
            }
        } else {
            let (tile, chankan) = match &self.last {
                Some(Action::Discard { seat, tile, .. }) if *seat == win.from => (*tile, false),
                Some(Action::AddedKan { seat, tile }) if *seat == win.from => (*tile, true),
                // Thirteen orphans may rob a closed kan.
                Some(Action::ClosedKan { seat, tiles }) if *seat == win.from => (
                    tiles.first().copied().unwrap_or(Pai {
                        kind: 0,
                        red: false,
                    }),
                    true,
                ),
                _ => {
                    return Err(self.error(
                        place,
                        format!(
                            "{} wins by ron on {}, who did not just discard",
                            seat_name(win.seat),
                            seat_name(win.from)
                        ),
                    ))
                }
            };
            let mut closed = state.closed.clone();
            closed.push(tile);
            (closed, tile, chankan, self.draws >= WALL_DRAWS && !chankan)
        };
        if closed.len() + 3 * state.melds.len() != 14 {
            return Err(self.error(
                place,
                format!(
                    "{} wins with {} tiles",
                    seat_name(win.seat),
                    closed.len() + 3 * state.melds.len()
                ),
            ));
        }
        let first_draw = state.draws == 1 && !self.any_call && state.discards.is_empty();
        let robbed_closed_kan = matches!(self.last, Some(Action::ClosedKan { .. }));
        Ok(WinView {
            seat: win.seat,
            from: win.from,
            closed,
            melds: state.melds.clone(),
            win_tile,
            tsumo,
            riichi: state.riichi,
            double_riichi: state.double_riichi,
            ippatsu: state.riichi && state.ippatsu,
            haitei: tsumo && self.draws >= WALL_DRAWS && !state.last_draw_rinshan,
            houtei,
            rinshan: tsumo && state.last_draw_rinshan,
            // Robbing a closed kan (thirteen orphans only) is no chankan
            // at Tenhou.
            chankan: chankan && !robbed_closed_kan,
            tenhou: tsumo && first_draw && win.seat == self.round.dealer,
            chiihou: tsumo && first_draw && win.seat != self.round.dealer,
            dora: self.dora.clone(),
            river: state.discards.clone(),
            honba: if first { self.round.honba } else { 0 },
            sticks: if first { sticks } else { 0 },
        })
    }
}

fn is_meld(kind: MeldKind, sorted: &[Pai]) -> bool {
    match kind {
        MeldKind::Chi => {
            sorted.len() == 3
                && sorted[0].kind < 27
                && sorted[0].kind / 9 == sorted[2].kind / 9
                && sorted[1].kind == sorted[0].kind + 1
                && sorted[2].kind == sorted[0].kind + 2
        }
        _ => sorted.iter().all(|pai| pai.kind == sorted[0].kind),
    }
}

/// Plays a round through.
pub fn replay(round: &Round) -> Result<RoundReplay, ReplayError> {
    let mut table = Table {
        round,
        seats: Default::default(),
        dora: vec![round.dora],
        river: Vec::new(),
        draws: 0,
        any_call: false,
        pending_riichi: None,
        pending_added_kan: false,
        riichi_paid: [false; 4],
        moments: Vec::new(),
        last: None,
    };
    for (seat, deal) in round.deal.iter().enumerate() {
        if deal.len() != 13 {
            return Err(table.error(
                None,
                format!("{} is dealt {} tiles, not 13", seat_name(seat), deal.len()),
            ));
        }
        table.seats[seat].closed = deal.clone();
    }
    check_tile_supply(round).map_err(|message| table.error(None, message))?;
    for (index, action) in round.actions.iter().enumerate() {
        table.step(index, action)?;
    }
    let mut wins = Vec::new();
    let mut deltas = [0i64; 4];
    match &round.end {
        RoundEnd::Wins { wins: list } => {
            if list.is_empty() {
                return Err(table.error(None, "a round won by nobody"));
            }
            // A ron on a riichi discard: the riichi is not paid.
            let ron = list.iter().any(|win| win.seat != win.from);
            if let (Some(seat), false) = (table.pending_riichi.take(), ron) {
                table.riichi_paid[seat] = true;
            }
            let sticks =
                round.sticks + table.riichi_paid.iter().filter(|paid| **paid).count() as u32;
            for (index, win) in list.iter().enumerate() {
                wins.push(table.win_view(win, index == 0, sticks)?);
                for (total, delta) in deltas.iter_mut().zip(win.deltas) {
                    *total += delta;
                }
            }
        }
        RoundEnd::Draw { draw } => {
            if let Some(seat) = table.pending_riichi.take() {
                // Riichi on the triple-ronned discard is not paid.
                if draw.kind != crate::model::DrawKind::TripleRon {
                    table.riichi_paid[seat] = true;
                }
            }
            deltas = draw.deltas;
        }
    }
    let riichi_count = table.riichi_paid.iter().filter(|paid| **paid).count() as u32;
    let mut scores_after = round.scores;
    for seat in 0..4 {
        if table.riichi_paid[seat] {
            scores_after[seat] -= 1000;
        }
        scores_after[seat] += deltas[seat];
    }
    let sticks_after = match round.end {
        RoundEnd::Wins { .. } => 0,
        RoundEnd::Draw { .. } => round.sticks + riichi_count,
    };
    let exhaustive = matches!(
        &round.end,
        RoundEnd::Draw { draw } if matches!(draw.kind, crate::model::DrawKind::Exhaustive | crate::model::DrawKind::NagashiMangan)
    );
    let mut tenpai = [false; 4];
    let mut nagashi = Vec::new();
    for (seat, state) in table.seats.iter().enumerate() {
        tenpai[seat] = is_tenpai(&state.closed, &state.melds);
        if exhaustive
            && !state.discard_called
            && !state.discards.is_empty()
            && state.discards.iter().all(|pai| pai.is_yaochu())
        {
            nagashi.push(seat);
        }
    }
    let hands = std::array::from_fn(|seat| {
        (
            table.seats[seat].closed.clone(),
            table.seats[seat].melds.clone(),
        )
    });
    Ok(RoundReplay {
        moments: table.moments,
        wins,
        tenpai,
        nagashi,
        hands,
        riichi_paid: table.riichi_paid,
        scores_after,
        sticks_after,
    })
}

/// No tile more than four times, and one red five of a suit at most.
fn check_tile_supply(round: &Round) -> Result<(), String> {
    let mut seen: Vec<Pai> = round.deal.iter().flatten().copied().collect();
    seen.push(round.dora);
    for action in &round.actions {
        match action {
            Action::Draw { tile, .. } => seen.push(*tile),
            Action::Dora { indicator } => seen.push(*indicator),
            _ => {}
        }
    }
    let mut kinds = [0u8; 34];
    let mut reds = [0u8; 3];
    for pai in &seen {
        kinds[usize::from(pai.kind)] += 1;
        if pai.red {
            reds[usize::from(pai.kind / 9).min(2)] += 1;
        }
    }
    if let Some(kind) = kinds.iter().position(|count| *count > 4) {
        let pai = Pai {
            kind: kind as u8,
            red: false,
        };
        return Err(format!(
            "the deal, draws and indicators hold {} copies of {pai}",
            kinds[kind]
        ));
    }
    if reds.iter().any(|count| *count > 1) {
        return Err("the deal, draws and indicators hold two red fives of one suit".into());
    }
    Ok(())
}

/// Plays every round, and checks that each round's scores follow from the
/// one before.
pub fn replay_game(game: &Game) -> Result<Vec<RoundReplay>, ReplayError> {
    let mut out: Vec<RoundReplay> = Vec::with_capacity(game.rounds.len());
    for (index, round) in game.rounds.iter().enumerate() {
        let played = replay(round)?;
        if let (Some(previous), Some(before)) = (out.last(), index.checked_sub(1)) {
            let previous_round = &game.rounds[before];
            if previous.scores_after != round.scores {
                return Err(ReplayError {
                    round: round.name(),
                    action: None,
                    message: format!(
                        "the scores at the deal ({}) are not those {} ended with ({})",
                        join(&round.scores),
                        previous_round.name(),
                        join(&previous.scores_after)
                    ),
                });
            }
            if previous.sticks_after != round.sticks {
                return Err(ReplayError {
                    round: round.name(),
                    action: None,
                    message: format!(
                        "{} riichi sticks on the table, but {} left {}",
                        round.sticks,
                        previous_round.name(),
                        previous.sticks_after
                    ),
                });
            }
        }
        out.push(played);
    }
    Ok(out)
}

fn join(scores: &[i64; 4]) -> String {
    scores.map(|score| score.to_string()).join(" ")
}

/// The final scores: the last round's, with riichi sticks left on the table
/// going to the leader (ties to the seat nearest the first dealer), as at
/// Tenhou.
pub fn final_scores(game: &Game, replays: &[RoundReplay]) -> Option<[i64; 4]> {
    let last = replays.last()?;
    let mut scores = last.scores_after;
    if last.sticks_after > 0 {
        let mut leader = 0;
        for seat in 1..4 {
            if scores[seat] > scores[leader] {
                leader = seat;
            }
        }
        scores[leader] += 1000 * i64::from(last.sticks_after);
    }
    let _ = game;
    Some(scores)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiles(text: &str) -> Vec<Pai> {
        // Digits then a suit letter, as the notation writes them.
        let mut out = Vec::new();
        let mut digits = Vec::new();
        for c in text.chars() {
            match c {
                '0'..='9' => digits.push(c as u8 - b'0'),
                'm' | 'p' | 's' | 'z' => {
                    let row = "mpsz".find(c).unwrap_or(0) as u8;
                    for digit in digits.drain(..) {
                        out.push(Pai::plain(row * 9 + digit - 1).expect("a tile"));
                    }
                }
                _ => {}
            }
        }
        out
    }

    fn decision(closed: &str, discard: &str, before: &str) -> Decision {
        Decision {
            seat: 0,
            action: 0,
            closed: tiles(closed),
            melds: Vec::new(),
            discard: tiles(discard)[0],
            tsumogiri: false,
            declares_riichi: false,
            dora: Vec::new(),
            visible: Vec::new(),
            own_discards: tiles(before),
        }
    }

    #[test]
    fn a_wait_the_player_discarded_is_furiten() {
        // 23m waits on 1m-4m after the 9p goes; 4m was discarded before.
        let furiten = furiten_waits(&decision("23m456p789s11z9999p", "9p", "4m"));
        assert_eq!(furiten, tiles("4m"));
        // The discard itself counts: 1m cut from 123m leaves 23m on 1m-4m.
        let own = furiten_waits(&decision("123m456p789s11z234s", "1m", ""));
        assert_eq!(own, tiles("1m"));
        // Waits nobody discarded: no furiten.
        assert!(furiten_waits(&decision("23m456p789s11z9999p", "9p", "5m")).is_empty());
        // Not tenpai: nothing.
        assert!(furiten_waits(&decision("159m159p159s1234z", "1z", "1m")).is_empty());
    }
}
