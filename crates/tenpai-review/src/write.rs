//! The review: a `.mj` document of the game for one player or all, from
//! the model as [`crate::replay`] plays it.
//!
//! A header (players, rules, final scores) and a `rules:` line; per round a
//! heading comment, one hand line per decision (the 14 tiles with
//! `discard=`, `visible=`, `dora=`, `seat=`, `round=`), calls as comments,
//! each win as a scored line whose claim is what the log recorded, so that
//! `tenpai check` verifies the log's own scores, and draws as comments.

use serde::Serialize;
use tenpai_core::hand::MeldKind;

use crate::error::ReadError;
use crate::model::{DrawKind, Game, Limit, Round, RoundEnd, Seat, Value, Win};
use crate::pai::{compact, Pai};
use crate::replay::{self, Decision, Meld, Moment, Pass, RoundReplay, WinView};
use crate::yaku;

/// Whose decisions the review shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Players {
    One(Seat),
    All,
}

/// One round by its name (`E3`), and optionally its honba (`E3-1`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RoundFilter {
    pub wind: u8,
    pub dealer: Seat,
    pub honba: Option<u32>,
}

impl RoundFilter {
    /// `E3`, `s4`, `E3-1` (the third round's first repeat).
    pub fn parse(text: &str) -> Option<RoundFilter> {
        let text = text.trim();
        let (name, honba) = match text.split_once('-') {
            Some((name, honba)) => (name, Some(honba.parse().ok()?)),
            None => (text, None),
        };
        let mut chars = name.chars();
        let wind = match chars.next()?.to_ascii_uppercase() {
            'E' => 0,
            'S' => 1,
            'W' => 2,
            'N' => 3,
            _ => return None,
        };
        let number: usize = chars.as_str().parse().ok()?;
        if !(1..=4).contains(&number) {
            return None;
        }
        Some(RoundFilter {
            wind,
            dealer: number - 1,
            honba,
        })
    }

    fn matches(&self, round: &Round) -> bool {
        round.wind == self.wind
            && round.dealer == self.dealer
            && self.honba.is_none_or(|honba| honba == round.honba)
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReviewOptions {
    pub players: Players,
    pub round: Option<RoundFilter>,
}

impl Default for ReviewOptions {
    fn default() -> ReviewOptions {
        ReviewOptions {
            players: Players::One(0),
            round: None,
        }
    }
}

/// Reads `--player`: `all`, a seat `0`-`3` or `east`..`north` (where the
/// player sat in the first round), or a name.
pub fn parse_players(game: &Game, text: &str) -> Result<Players, String> {
    let wanted = text.trim();
    if wanted.eq_ignore_ascii_case("all") {
        return Ok(Players::All);
    }
    if let Some(seat) = game.players.iter().position(|name| name == wanted) {
        return Ok(Players::One(seat));
    }
    if let Ok(seat) = wanted.parse::<usize>() {
        if seat < 4 {
            return Ok(Players::One(seat));
        }
    }
    if let Some(wind) = tenpai_core::tile::Wind::parse(wanted) {
        return Ok(Players::One(wind as usize));
    }
    if let Some(seat) = game
        .players
        .iter()
        .position(|name| name.to_lowercase() == wanted.to_lowercase())
    {
        return Ok(Players::One(seat));
    }
    Err(format!(
        "no player \"{wanted}\": the players are {} (or give a seat 0-3, or all)",
        game.players
            .iter()
            .enumerate()
            .map(|(seat, name)| format!("{seat} {name}"))
            .collect::<Vec<_>>()
            .join(", ")
    ))
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LineKind {
    /// A comment: headings, calls, results.
    Comment,
    /// The `rules:` line.
    Rules,
    /// A decision: 14 tiles and `discard=`.
    Decision,
    /// A win, with its claim.
    Win,
    /// A nagashi mangan, with its claim.
    Nagashi,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Line {
    pub kind: LineKind,
    /// The player the line is about.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    pub text: String,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct RoundReview {
    /// `E1`, `S3`.
    pub name: String,
    pub honba: u32,
    pub sticks: u32,
    pub lines: Vec<Line>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Review {
    pub players: [String; 4],
    /// The seats reviewed.
    pub reviewed: Vec<Seat>,
    pub header: Vec<Line>,
    pub final_scores: Option<[i64; 4]>,
    pub rounds: Vec<RoundReview>,
}

impl Review {
    /// The `.mj` text.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for line in &self.header {
            out.push_str(&line.text);
            out.push('\n');
        }
        for round in &self.rounds {
            out.push('\n');
            for line in &round.lines {
                out.push_str(&line.text);
                out.push('\n');
            }
        }
        out
    }
}

fn comment(text: impl Into<String>) -> Line {
    Line {
        kind: LineKind::Comment,
        seat: None,
        text: format!("# {}", text.into()),
    }
}

fn seat_wind(round: &Round, seat: Seat) -> char {
    ['e', 's', 'w', 'n'][(seat + 4 - round.dealer) % 4]
}

fn round_wind(round: &Round) -> char {
    ['e', 's', 'w', 'n'][usize::from(round.wind.min(3))]
}

fn meld_text(meld: &Meld) -> String {
    match meld.kind {
        MeldKind::ClosedKan => format!("[{}]", compact(&meld.tiles)),
        _ => format!("({})", compact(&meld.tiles)),
    }
}

fn hand_text(closed: &[Pai], melds: &[Meld]) -> String {
    let mut out = compact(closed);
    for meld in melds {
        out.push(' ');
        out.push_str(&meld_text(meld));
    }
    out
}

fn signed(delta: i64) -> String {
    if delta > 0 {
        format!("+{delta}")
    } else {
        delta.to_string()
    }
}

/// Writes the review of a game.
pub fn review(game: &Game, options: &ReviewOptions) -> Result<Review, ReadError> {
    let replays = replay::replay_game(game).map_err(|err| ReadError {
        format: None,
        place: err.place(),
        message: err.message,
    })?;
    let reviewed: Vec<Seat> = match options.players {
        Players::One(seat) => vec![seat.min(3)],
        Players::All => (0..4).collect(),
    };
    let final_scores = replay::final_scores(game, &replays);
    let mut header = Vec::new();
    header.push(comment(match game.rules.label.as_deref() {
        Some(label) => format!("Game review: {label}"),
        None => "Game review".to_string(),
    }));
    header.push(comment(format!(
        "Players (seat in the first round): {}",
        game.players
            .iter()
            .enumerate()
            .map(|(seat, name)| format!("{} {name}", ["East", "South", "West", "North"][seat]))
            .collect::<Vec<_>>()
            .join(", ")
    )));
    if let Some(scores) = final_scores {
        let mut order: Vec<Seat> = (0..4).collect();
        order.sort_by_key(|seat| (-scores[*seat], *seat));
        header.push(comment(format!(
            "Final scores: {}",
            order
                .iter()
                .map(|seat| format!("{} {}", game.players[*seat], scores[*seat]))
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    header.push(comment(format!(
        "Decisions of {}; every win is scored with the points the log records",
        if reviewed.len() == 4 {
            "every player".to_string()
        } else {
            game.players[reviewed[0]].clone()
        }
    )));
    header.push(Line {
        kind: LineKind::Rules,
        seat: None,
        text: format!(
            "rules: tenhou red-fives={} open-tanyao={}",
            if game.rules.red_fives { "on" } else { "off" },
            if game.rules.open_tanyao { "on" } else { "off" }
        ),
    });
    let mut rounds = Vec::new();
    for (round, played) in game.rounds.iter().zip(&replays) {
        if let Some(filter) = &options.round {
            if !filter.matches(round) {
                continue;
            }
        }
        rounds.push(review_round(game, round, played, &reviewed)?);
    }
    if rounds.is_empty() {
        let names: Vec<String> = game
            .rounds
            .iter()
            .map(|round| format!("{}-{}", round.name(), round.honba))
            .collect();
        return Err(ReadError {
            format: None,
            place: String::new(),
            message: format!("no such round: the game's rounds are {}", names.join(" ")),
        });
    }
    Ok(Review {
        players: game.players.clone(),
        reviewed,
        header,
        final_scores,
        rounds,
    })
}

fn review_round(
    game: &Game,
    round: &Round,
    played: &RoundReplay,
    reviewed: &[Seat],
) -> Result<RoundReview, ReadError> {
    let name = |seat: Seat| game.players[seat].as_str();
    let all = reviewed.len() > 1;
    let mut lines = Vec::new();
    lines.push(comment(format!(
        "Round {}, honba {}, sticks {}; dealer {}; scores {}; dora indicator {}",
        round.name(),
        round.honba,
        round.sticks,
        name(round.dealer),
        (0..4)
            .map(|seat| format!("{} {}", name(seat), round.scores[seat]))
            .collect::<Vec<_>>()
            .join(", "),
        round.dora
    )));
    let mut turns = [0usize; 4];
    for moment in &played.moments {
        match moment {
            Moment::Decision(decision) => {
                turns[decision.seat] += 1;
                if reviewed.contains(&decision.seat) {
                    lines.push(decision_line(
                        game,
                        round,
                        decision,
                        turns[decision.seat],
                        all,
                    ));
                }
            }
            Moment::Meld {
                seat,
                meld,
                from,
                added,
            } => {
                if reviewed.contains(seat) {
                    let what = match (meld.kind, added) {
                        (MeldKind::Chi, _) => "chi",
                        (MeldKind::Pon, _) => "pon",
                        (MeldKind::OpenKan, true) => "added kan",
                        (MeldKind::OpenKan, false) => "open kan",
                        (MeldKind::ClosedKan, _) => "closed kan",
                    };
                    let source = from
                        .map(|from| format!(" from {}", name(from)))
                        .unwrap_or_default();
                    lines.push(Line {
                        seat: Some(*seat),
                        ..comment(format!(
                            "{} calls {what} {}{source}",
                            name(*seat),
                            meld_text(meld)
                        ))
                    });
                }
            }
            Moment::Riichi { seat } => {
                if !reviewed.contains(seat) || all {
                    lines.push(Line {
                        seat: Some(*seat),
                        ..comment(format!("{} declares riichi", name(*seat)))
                    });
                }
            }
            Moment::Dora { indicator } => {
                lines.push(comment(format!("kan dora indicator {indicator}")));
            }
            Moment::Passed { seat, tile, pass } => {
                if reviewed.contains(seat) {
                    let said = match pass {
                        Pass::UntilNextDiscard => format!(
                            "{} lets {tile} go by, a tile the hand waits on: furiten until their next discard",
                            name(*seat)
                        ),
                        Pass::AfterRiichi => format!(
                            "{} lets {tile} go by after riichi, a tile the hand waits on: furiten for the rest of the round",
                            name(*seat)
                        ),
                        Pass::OwnDrawAfterRiichi => format!(
                            "{} draws {tile}, a winning tile, and does not win after riichi: furiten for the rest of the round",
                            name(*seat)
                        ),
                    };
                    lines.push(Line {
                        seat: Some(*seat),
                        ..comment(said)
                    });
                }
            }
        }
    }
    match &round.end {
        RoundEnd::Wins { wins } => {
            for (win, view) in wins.iter().zip(&played.wins) {
                lines.push(win_line(game, round, win, view)?);
                let changes: Vec<String> = (0..4)
                    .filter(|seat| win.deltas[*seat] != 0)
                    .map(|seat| format!("{} {}", name(seat), signed(win.deltas[seat])))
                    .collect();
                lines.push(comment(format!("score changes: {}", changes.join(", "))));
            }
        }
        RoundEnd::Draw { draw } => {
            lines.push(comment(draw.kind.describe()));
            if matches!(draw.kind, DrawKind::Exhaustive | DrawKind::NagashiMangan) {
                let tenpai: Vec<&str> = (0..4).filter(|s| played.tenpai[*s]).map(name).collect();
                let noten: Vec<&str> = (0..4).filter(|s| !played.tenpai[*s]).map(name).collect();
                lines.push(comment(format!(
                    "tenpai: {}; noten: {}",
                    if tenpai.is_empty() {
                        "nobody".to_string()
                    } else {
                        tenpai.join(", ")
                    },
                    if noten.is_empty() {
                        "nobody".to_string()
                    } else {
                        noten.join(", ")
                    }
                )));
                for (seat, (closed, melds)) in played.hands.iter().enumerate() {
                    if played.tenpai[seat] && reviewed.contains(&seat) {
                        lines.push(Line {
                            kind: LineKind::Comment,
                            seat: Some(seat),
                            text: format!("# {}'s hand: {}", name(seat), hand_text(closed, melds)),
                        });
                    }
                }
            }
            if draw.kind == DrawKind::NagashiMangan {
                for seat in &played.nagashi {
                    lines.push(nagashi_line(
                        game,
                        round,
                        *seat,
                        &draw.deltas,
                        played.nagashi.len(),
                    ));
                }
            }
            if draw.deltas.iter().any(|delta| *delta != 0) {
                let changes: Vec<String> = (0..4)
                    .filter(|seat| draw.deltas[*seat] != 0)
                    .map(|seat| format!("{} {}", name(seat), signed(draw.deltas[seat])))
                    .collect();
                lines.push(comment(format!("score changes: {}", changes.join(", "))));
            }
        }
    }
    Ok(RoundReview {
        name: round.name(),
        honba: round.honba,
        sticks: round.sticks,
        lines,
    })
}

fn decision_line(game: &Game, round: &Round, decision: &Decision, turn: usize, all: bool) -> Line {
    let mut text = hand_text(&decision.closed, &decision.melds);
    if decision.declares_riichi {
        text.push_str(" riichi");
    }
    text.push_str(&format!(
        " seat={} round={}",
        seat_wind(round, decision.seat),
        round_wind(round)
    ));
    text.push_str(&format!(" dora={}", compact(&decision.dora)));
    if !decision.visible.is_empty() {
        text.push_str(&format!(" visible={}", compact(&decision.visible)));
    }
    if !decision.own_discards.is_empty() {
        text.push_str(&format!(" river={}", compact(&decision.own_discards)));
    }
    text.push_str(&format!(" discard={}", decision.discard));
    let mut note = format!("turn {turn}");
    if all {
        note = format!("{}, {note}", game.players[decision.seat]);
    }
    if decision.tsumogiri {
        note.push_str(", tsumogiri");
    }
    if decision.declares_riichi {
        note.push_str(", riichi");
    }
    let furiten = replay::furiten_waits(decision);
    if !furiten.is_empty() {
        note.push_str(&format!(
            ", furiten: waits on {} discarded",
            compact(&furiten)
        ));
    }
    text.push_str(&format!(" # {note}"));
    Line {
        kind: LineKind::Decision,
        seat: Some(decision.seat),
        text,
    }
}

/// Rounds up to the hundred.
fn up100(points: u32) -> u32 {
    points.div_ceil(100) * 100
}

fn win_line(game: &Game, round: &Round, win: &Win, view: &WinView) -> Result<Line, ReadError> {
    let name = |seat: Seat| game.players[seat].as_str();
    let mut text = hand_text(&view.closed, &view.melds);
    text.push_str(&format!(" win={}", view.win_tile));
    text.push_str(if view.tsumo { " tsumo" } else { " ron" });
    if view.double_riichi {
        text.push_str(" double-riichi");
    } else if view.riichi {
        text.push_str(" riichi");
    }
    for (flag, word) in [
        (view.ippatsu, "ippatsu"),
        (view.haitei, "haitei"),
        (view.houtei, "houtei"),
        (view.rinshan, "rinshan"),
        (view.chankan, "chankan"),
        (view.tenhou, "tenhou"),
        (view.chiihou, "chiihou"),
    ] {
        if flag {
            text.push(' ');
            text.push_str(word);
        }
    }
    text.push_str(&format!(
        " seat={} round={}",
        seat_wind(round, win.seat),
        round_wind(round)
    ));
    text.push_str(&format!(" dora={}", compact(&view.dora)));
    if view.riichi && !win.ura.is_empty() {
        text.push_str(&format!(" ura={}", compact(&win.ura)));
    }
    if view.honba > 0 {
        text.push_str(&format!(" honba={}", view.honba));
    }
    if view.sticks > 0 {
        text.push_str(&format!(" sticks={}", view.sticks));
    }
    // A ron's river lets `check` verify it was no furiten ron.
    if !view.tsumo && !view.river.is_empty() {
        text.push_str(&format!(" river={}", compact(&view.river)));
    }
    let counters = 300 * view.honba + 1000 * view.sticks;
    let dealer = win.seat == round.dealer;
    let mut notes = vec![if view.tsumo {
        format!("{} wins by tsumo", name(win.seat))
    } else {
        format!("{} wins by ron from {}", name(win.seat), name(win.from))
    }];
    let claim = match &win.value {
        Some(value) => {
            let received = i64::from(value.points + counters);
            if win.deltas[win.seat] != received {
                return Err(ReadError {
                    format: None,
                    place: format!("round {}", round.name()),
                    message: format!(
                        "{}'s win is worth {} with honba and sticks, but the score changes give {}",
                        name(win.seat),
                        received,
                        win.deltas[win.seat]
                    ),
                });
            }
            let payment = match (win.pao, view.tsumo) {
                (Some(pao), _) => {
                    notes.push(pao_note(win, pao, &name));
                    received.to_string()
                }
                (None, false) => received.to_string(),
                (None, true) if dealer => format!("{} all", value.points / 3 + 100 * view.honba),
                (None, true) => {
                    let non_dealer = up100(value.points.div_ceil(4));
                    let from_dealer = value.points.saturating_sub(2 * non_dealer);
                    format!(
                        "{}/{}",
                        non_dealer + 100 * view.honba,
                        from_dealer + 100 * view.honba
                    )
                }
            };
            format!("{} {payment}", value_words(value, dealer))
        }
        None => delta_claim(win, view, dealer, &mut notes, name),
    };
    text.push_str(&format!(" => {claim}"));
    text.push_str(&format!(" # {}", notes.join("; ")));
    Ok(Line {
        kind: LineKind::Win,
        seat: Some(win.seat),
        text,
    })
}

/// Who paid what for a win under pao (sekinin barai), as the log's score
/// changes record it: on a tsumo the liable player pays it all, on a ron
/// the liable player and the discarder share it. The claim is the total
/// the winner received, which is what the engine prices.
fn pao_note<'a>(win: &Win, pao: Seat, name: &impl Fn(Seat) -> &'a str) -> String {
    let payments: Vec<String> = (0..4)
        .filter(|seat| *seat != win.seat && win.deltas[*seat] < 0)
        .map(|seat| {
            let role = match (seat == pao, seat == win.from && win.from != win.seat) {
                (true, true) => " (liable, and the discarder)",
                (true, false) => " (liable)",
                (false, true) => " (the discarder)",
                (false, false) => "",
            };
            format!("{}{role} pays {}", name(seat), -win.deltas[seat])
        })
        .collect();
    format!(
        "pao: {} is liable for the yakuman; {}; the claim is the total the winner received",
        name(pao),
        payments.join(", ")
    )
}

/// The han, fu and limit words of a claim, as the log records them.
fn value_words(value: &Value, dealer: bool) -> String {
    match value.limit {
        Limit::None => match value.fu {
            Some(fu) => format!("{} han {fu} fu", value.han),
            None => format!("{} han", value.han),
        },
        Limit::Mangan => format!("{} han mangan", value.han),
        Limit::Haneman => format!("{} han haneman", value.han),
        Limit::Baiman => format!("{} han baiman", value.han),
        Limit::Sanbaiman => format!("{} han sanbaiman", value.han),
        Limit::Yakuman => {
            let counted = value.yaku.iter().all(|(_, han)| *han < 13);
            let base = if dealer { 48000 } else { 32000 };
            match (counted, value.points / base) {
                (true, _) | (false, 0 | 1) => "yakuman".to_string(),
                (false, 2) => "double-yakuman".to_string(),
                (false, 3) => "triple-yakuman".to_string(),
                (false, 4) => "quadruple-yakuman".to_string(),
                (false, 5) => "quintuple-yakuman".to_string(),
                (false, _) => "sextuple-yakuman".to_string(),
            }
        }
    }
}

/// A claim from the score changes alone (mjai logs record no han or fu):
/// what the winner received, or each payer's share of a tsumo.
fn delta_claim<'a>(
    win: &Win,
    view: &WinView,
    dealer: bool,
    notes: &mut Vec<String>,
    name: impl Fn(Seat) -> &'a str,
) -> String {
    let received = win.deltas[win.seat];
    if !view.tsumo || win.pao.is_some() {
        return received.to_string();
    }
    let payers: Vec<Seat> = (0..4).filter(|seat| *seat != win.seat).collect();
    let pays = |seat: Seat| -win.deltas[seat];
    if dealer {
        let each = pays(payers[0]);
        if payers.iter().all(|seat| pays(*seat) == each) {
            return format!("{each} all");
        }
    } else {
        let dealer_seat = (0..4).find(|seat| win.deltas[*seat] < 0 && *seat != win.seat);
        let round_dealer = payers
            .iter()
            .copied()
            .find(|seat| Some(*seat) == dealer_seat);
        let non_dealers: Vec<Seat> = payers
            .iter()
            .copied()
            .filter(|seat| Some(*seat) != round_dealer)
            .collect();
        if let (Some(dealer_payer), [first, second]) = (round_dealer, non_dealers.as_slice()) {
            if pays(*first) == pays(*second) && pays(dealer_payer) > pays(*first) {
                return format!("{}/{}", pays(*first), pays(dealer_payer));
            }
        }
    }
    notes.push(format!(
        "the payments do not split as a tsumo's ({}): the claim is the total",
        payers
            .iter()
            .map(|seat| format!("{} {}", name(*seat), -pays(*seat)))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    received.to_string()
}

fn nagashi_line(game: &Game, round: &Round, seat: Seat, deltas: &[i64; 4], count: usize) -> Line {
    let mut text = format!(
        "nagashi seat={} round={} => mangan",
        seat_wind(round, seat),
        round_wind(round)
    );
    if count == 1 {
        let dealer = seat == round.dealer;
        let payers: Vec<Seat> = (0..4).filter(|other| *other != seat).collect();
        if dealer {
            if let Some(first) = payers.first() {
                text.push_str(&format!(" {} all", -deltas[*first]));
            }
        } else {
            let from_dealer = -deltas[round.dealer];
            let others: Vec<i64> = payers
                .iter()
                .filter(|other| **other != round.dealer)
                .map(|other| -deltas[*other])
                .collect();
            if let [first, second] = others[..] {
                if first == second {
                    text.push_str(&format!(" {first}/{from_dealer}"));
                }
            }
        }
    }
    text.push_str(&format!(" # {}: nagashi mangan", game.players[seat]));
    Line {
        kind: LineKind::Nagashi,
        seat: Some(seat),
        text,
    }
}

/// The situation words the log's yaku list names, for cross-checks.
pub fn logged_situation(value: &Value) -> Vec<&'static str> {
    let has = |id: u8| value.yaku.iter().any(|(yaku, _)| *yaku == id);
    let mut out = Vec::new();
    for (id, word) in [
        (yaku::RIICHI, "riichi"),
        (yaku::DOUBLE_RIICHI, "double-riichi"),
        (yaku::IPPATSU, "ippatsu"),
        (yaku::HAITEI, "haitei"),
        (yaku::HOUTEI, "houtei"),
        (yaku::RINSHAN, "rinshan"),
        (yaku::CHANKAN, "chankan"),
        (yaku::TENHOU, "tenhou"),
        (yaku::CHIIHOU, "chiihou"),
    ] {
        if has(id) {
            out.push(word);
        }
    }
    out
}
