//! mjai events, one JSON object a line (what Mortal and mjai-reviewer
//! read): `start_game`, `start_kyoku`, `tsumo`, `dahai`, `chi`, `pon`,
//! `daiminkan`, `kakan`, `ankan`, `reach`, `reach_accepted`, `dora`,
//! `hora`, `ryukyoku`, `end_kyoku`, `end_game`.
//!
//! mjai records no han or fu: a win's claim is made from its score
//! changes. [`write`] converts a game the other way, so that logs in this
//! format can be made from Tenhou's (and the reader tested on them).

use serde_json::{json, Map, Value};

use crate::error::{Format, ReadError};
use crate::model::{
    Action, CallKind, Draw, DrawKind, Game, Round, RoundEnd, Seat, TableRules, Win,
};
use crate::pai::Pai;

const FORMAT: Format = Format::Mjai;

fn error(place: impl Into<String>, message: impl Into<String>) -> ReadError {
    ReadError::new(FORMAT, place, message)
}

/// Whether the text looks like mjai events.
pub fn detect(text: &str) -> bool {
    let first = text.lines().map(str::trim).find(|line| !line.is_empty());
    first.is_some_and(|line| {
        line.starts_with('{')
            && serde_json::from_str::<Value>(line)
                .ok()
                .and_then(|value| {
                    value
                        .get("type")
                        .and_then(Value::as_str)
                        .map(str::to_string)
                })
                .is_some()
    })
}

fn seat_of(event: &Map<String, Value>, key: &str, place: &str) -> Result<Seat, ReadError> {
    event
        .get(key)
        .and_then(Value::as_u64)
        .filter(|seat| *seat < 4)
        .map(|seat| seat as Seat)
        .ok_or_else(|| error(place, format!("\"{key}\" is not a seat 0-3")))
}

fn pai_of(value: Option<&Value>, place: &str, what: &str) -> Result<Pai, ReadError> {
    let name = value
        .and_then(Value::as_str)
        .ok_or_else(|| error(place, format!("{what}: expected a tile name")))?;
    if name == "?" {
        return Err(error(
            place,
            "a hidden tile (\"?\"): a review needs the log of the whole table",
        ));
    }
    Pai::from_mjai(name).ok_or_else(|| error(place, format!("{what}: \"{name}\" is not a tile")))
}

fn pais_of(value: Option<&Value>, place: &str, what: &str) -> Result<Vec<Pai>, ReadError> {
    value
        .and_then(Value::as_array)
        .ok_or_else(|| error(place, format!("{what}: expected a list of tiles")))?
        .iter()
        .map(|item| pai_of(Some(item), place, what))
        .collect()
}

fn deltas_of(event: &Map<String, Value>, place: &str) -> Result<[i64; 4], ReadError> {
    match event.get("deltas") {
        None | Some(Value::Null) => Ok([0; 4]),
        Some(value) => {
            let list = value
                .as_array()
                .filter(|list| list.len() == 4)
                .ok_or_else(|| error(place, "\"deltas\": expected four numbers"))?;
            let mut out = [0; 4];
            for (slot, item) in out.iter_mut().zip(list) {
                *slot = item
                    .as_i64()
                    .ok_or_else(|| error(place, format!("\"deltas\": {item} is not a number")))?;
            }
            Ok(out)
        }
    }
}

struct Open {
    round: Round,
    /// A seat whose `reach` waits for its discard.
    riichi_next: Option<Seat>,
    ended: bool,
    place: String,
}

/// Reads mjai events.
pub fn read(text: &str) -> Result<Game, ReadError> {
    let mut players = crate::tenhou6::default_names();
    let mut rounds = Vec::new();
    let mut open: Option<Open> = None;
    let mut game_over = false;
    for (line_index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let place = format!("line {}", line_index + 1);
        let value: Value =
            serde_json::from_str(line).map_err(|err| error(&place, format!("not JSON: {err}")))?;
        let event = value
            .as_object()
            .ok_or_else(|| error(&place, "expected a JSON object"))?;
        let kind = event
            .get("type")
            .and_then(Value::as_str)
            .ok_or_else(|| error(&place, "no \"type\""))?;
        if game_over {
            return Err(error(&place, format!("\"{kind}\" after end_game")));
        }
        match kind {
            "start_game" => {
                if let Some(names) = event.get("names").and_then(Value::as_array) {
                    for (seat, name) in names.iter().take(4).enumerate() {
                        if let Some(name) = name.as_str().filter(|name| !name.trim().is_empty()) {
                            players[seat] = name.to_string();
                        }
                    }
                }
            }
            "start_kyoku" => {
                if let Some(previous) = open.take() {
                    if !previous.ended {
                        return Err(error(
                            &place,
                            format!("round {} has no end before the next", previous.round.name()),
                        ));
                    }
                    rounds.push(previous.round);
                }
                open = Some(read_start(event, &place)?);
            }
            "end_kyoku" => match open.as_mut() {
                Some(current) if current.ended => {}
                Some(current) => {
                    return Err(error(
                        &place,
                        format!(
                            "end_kyoku before round {} was won or drawn",
                            current.round.name()
                        ),
                    ))
                }
                None => return Err(error(&place, "end_kyoku outside a round")),
            },
            "end_game" => game_over = true,
            _ => {
                let Some(current) = open.as_mut() else {
                    return Err(error(&place, format!("\"{kind}\" outside a round")));
                };
                if current.ended && !matches!(kind, "hora") {
                    return Err(error(&place, format!("\"{kind}\" after the round ended")));
                }
                read_move(kind, event, &place, current)?;
            }
        }
    }
    match open {
        Some(last) if !last.ended => {
            return Err(error(
                &last.place,
                format!(
                    "the log ends inside round {}: truncated?",
                    last.round.name()
                ),
            ))
        }
        Some(last) => rounds.push(last.round),
        None => return Err(error("", "the log holds no round (no start_kyoku)")),
    }
    if !game_over {
        return Err(error(
            format!("line {}", text.lines().count()),
            "the log ends without end_game: truncated?",
        ));
    }
    Ok(Game {
        players,
        rules: TableRules {
            label: None,
            red_fives: true,
            open_tanyao: true,
        },
        rounds,
    })
}

fn read_start(event: &Map<String, Value>, place: &str) -> Result<Open, ReadError> {
    let wind = match event.get("bakaze").and_then(Value::as_str) {
        Some("E") => 0,
        Some("S") => 1,
        Some("W") => 2,
        Some("N") => 3,
        _ => return Err(error(place, "\"bakaze\": expected E, S, W or N")),
    };
    let dealer = seat_of(event, "oya", place)?;
    let number = |key: &str| -> Result<u32, ReadError> {
        event
            .get(key)
            .and_then(Value::as_u64)
            .filter(|n| *n < 1000)
            .map(|n| n as u32)
            .ok_or_else(|| error(place, format!("\"{key}\": expected a count")))
    };
    let honba = number("honba")?;
    let sticks = number("kyotaku")?;
    let scores_list = event
        .get("scores")
        .and_then(Value::as_array)
        .filter(|list| list.len() == 4)
        .ok_or_else(|| error(place, "\"scores\": expected four numbers"))?;
    let mut scores = [0i64; 4];
    for (slot, item) in scores.iter_mut().zip(scores_list) {
        *slot = item
            .as_i64()
            .ok_or_else(|| error(place, "\"scores\": expected numbers"))?;
    }
    let tehais = event
        .get("tehais")
        .and_then(Value::as_array)
        .filter(|list| list.len() == 4)
        .ok_or_else(|| error(place, "\"tehais\": expected four hands"))?;
    let mut deal: [Vec<Pai>; 4] = Default::default();
    for (seat, hand) in tehais.iter().enumerate() {
        deal[seat] = pais_of(Some(hand), place, &format!("seat {seat}'s hand"))?;
        deal[seat].sort();
    }
    let round = Round {
        wind,
        dealer,
        honba,
        sticks,
        scores,
        dora: pai_of(event.get("dora_marker"), place, "\"dora_marker\"")?,
        deal,
        actions: Vec::new(),
        end: RoundEnd::Wins { wins: Vec::new() },
    };
    let place = format!("{place} (round {})", round.name());
    Ok(Open {
        round,
        riichi_next: None,
        ended: false,
        place,
    })
}

fn read_move(
    kind: &str,
    event: &Map<String, Value>,
    place: &str,
    open: &mut Open,
) -> Result<(), ReadError> {
    let actions = &mut open.round.actions;
    match kind {
        "tsumo" => actions.push(Action::Draw {
            seat: seat_of(event, "actor", place)?,
            tile: pai_of(event.get("pai"), place, "\"pai\"")?,
        }),
        "dahai" => {
            let seat = seat_of(event, "actor", place)?;
            let riichi = open.riichi_next == Some(seat);
            if riichi {
                open.riichi_next = None;
            }
            actions.push(Action::Discard {
                seat,
                tile: pai_of(event.get("pai"), place, "\"pai\"")?,
                tsumogiri: event
                    .get("tsumogiri")
                    .and_then(Value::as_bool)
                    .unwrap_or(false),
                riichi,
            });
        }
        "chi" | "pon" | "daiminkan" => actions.push(Action::Call {
            seat: seat_of(event, "actor", place)?,
            kind: match kind {
                "chi" => CallKind::Chi,
                "pon" => CallKind::Pon,
                _ => CallKind::Kan,
            },
            from: seat_of(event, "target", place)?,
            tile: pai_of(event.get("pai"), place, "\"pai\"")?,
            own: pais_of(event.get("consumed"), place, "\"consumed\"")?,
        }),
        "kakan" => actions.push(Action::AddedKan {
            seat: seat_of(event, "actor", place)?,
            tile: pai_of(event.get("pai"), place, "\"pai\"")?,
        }),
        "ankan" => actions.push(Action::ClosedKan {
            seat: seat_of(event, "actor", place)?,
            tiles: pais_of(event.get("consumed"), place, "\"consumed\"")?,
        }),
        "reach" => open.riichi_next = Some(seat_of(event, "actor", place)?),
        // The replay works out which riichi were paid for.
        "reach_accepted" => {}
        "dora" => actions.push(Action::Dora {
            indicator: pai_of(event.get("dora_marker"), place, "\"dora_marker\"")?,
        }),
        "hora" => {
            let win = Win {
                seat: seat_of(event, "actor", place)?,
                from: seat_of(event, "target", place)?,
                pao: match event.get("pao") {
                    Some(Value::Number(_)) => Some(seat_of(event, "pao", place)?),
                    _ => None,
                },
                value: None,
                deltas: deltas_of(event, place)?,
                ura: match event.get("ura_markers") {
                    None | Some(Value::Null) => Vec::new(),
                    value => pais_of(value, place, "\"ura_markers\"")?,
                },
            };
            match &mut open.round.end {
                RoundEnd::Wins { wins } => wins.push(win),
                RoundEnd::Draw { .. } => return Err(error(place, "a win after a draw")),
            }
            open.ended = true;
        }
        "ryukyoku" => {
            let draw_kind = match event.get("reason").and_then(Value::as_str) {
                None => infer_draw(&open.round),
                Some(reason) => reason_kind(reason).ok_or_else(|| {
                    error(place, format!("\"reason\": unknown draw \"{reason}\""))
                })?,
            };
            open.round.end = RoundEnd::Draw {
                draw: Draw {
                    kind: draw_kind,
                    deltas: deltas_of(event, place)?,
                },
            };
            open.ended = true;
        }
        // Events that carry no move (none, a client's own, ...).
        _ => {}
    }
    Ok(())
}

const REASONS: [(&str, DrawKind); 7] = [
    ("exhaustive", DrawKind::Exhaustive),
    ("nagashi_mangan", DrawKind::NagashiMangan),
    ("kyushukyuhai", DrawKind::NineTerminals),
    ("sufonrenda", DrawKind::FourWinds),
    ("sukaikan", DrawKind::FourKans),
    ("suchareach", DrawKind::FourRiichi),
    ("sanchaho", DrawKind::TripleRon),
];

fn reason_kind(reason: &str) -> Option<DrawKind> {
    REASONS
        .iter()
        .find(|(name, _)| *name == reason)
        .map(|(_, kind)| *kind)
}

fn reason_name(kind: DrawKind) -> &'static str {
    REASONS
        .iter()
        .find(|(_, known)| *known == kind)
        .map_or("exhaustive", |(name, _)| name)
}

/// A draw with no reason given: exhaustive when the wall ran out, else the
/// abortive draw the last moves show.
fn infer_draw(round: &Round) -> DrawKind {
    let draws = round
        .actions
        .iter()
        .filter(|a| matches!(a, Action::Draw { .. }))
        .count();
    if draws >= 70 {
        return DrawKind::Exhaustive;
    }
    let riichi = round
        .actions
        .iter()
        .filter(|a| matches!(a, Action::Discard { riichi: true, .. }))
        .count();
    let kans = round
        .actions
        .iter()
        .filter(|a| {
            matches!(
                a,
                Action::AddedKan { .. }
                    | Action::ClosedKan { .. }
                    | Action::Call {
                        kind: CallKind::Kan,
                        ..
                    }
            )
        })
        .count();
    match round.actions.last() {
        Some(Action::Draw { .. }) => DrawKind::NineTerminals,
        _ if riichi >= 4 => DrawKind::FourRiichi,
        _ if kans >= 4 => DrawKind::FourKans,
        _ if draws <= 4 => DrawKind::FourWinds,
        _ => DrawKind::TripleRon,
    }
}

fn names(tiles: &[Pai]) -> Vec<String> {
    tiles.iter().map(|pai| pai.to_mjai()).collect()
}

/// Converts a game to mjai events, one JSON object a line. Riichi sticks
/// are accepted (`reach_accepted`) as the replay finds them paid.
pub fn write(game: &Game) -> String {
    let mut events: Vec<Value> = vec![json!({"type": "start_game", "names": game.players})];
    for round in &game.rounds {
        let wind = ["E", "S", "W", "N"][usize::from(round.wind.min(3))];
        events.push(json!({
            "type": "start_kyoku",
            "bakaze": wind,
            "dora_marker": round.dora.to_mjai(),
            "kyoku": round.dealer + 1,
            "honba": round.honba,
            "kyotaku": round.sticks,
            "oya": round.dealer,
            "scores": round.scores,
            "tehais": round.deal.iter().map(|hand| names(hand)).collect::<Vec<_>>(),
        }));
        let ron_ends = matches!(&round.end, RoundEnd::Wins { wins } if wins.iter().any(|w| w.seat != w.from))
            || matches!(&round.end, RoundEnd::Draw { draw } if draw.kind == DrawKind::TripleRon);
        let count = round.actions.len();
        for (index, action) in round.actions.iter().enumerate() {
            match action {
                Action::Draw { seat, tile } => events.push(json!({"type": "tsumo", "actor": seat, "pai": tile.to_mjai()})),
                Action::Discard { seat, tile, tsumogiri, riichi } => {
                    if *riichi {
                        events.push(json!({"type": "reach", "actor": seat}));
                    }
                    events.push(json!({"type": "dahai", "actor": seat, "pai": tile.to_mjai(), "tsumogiri": tsumogiri}));
                    if *riichi && (index + 1 < count || !ron_ends) {
                        events.push(json!({"type": "reach_accepted", "actor": seat}));
                    }
                }
                Action::Call { seat, kind, from, tile, own } => events.push(json!({
                    "type": match kind { CallKind::Chi => "chi", CallKind::Pon => "pon", CallKind::Kan => "daiminkan" },
                    "actor": seat,
                    "target": from,
                    "pai": tile.to_mjai(),
                    "consumed": names(own),
                })),
                Action::AddedKan { seat, tile } => {
                    let pon = round.actions[..index].iter().find_map(|earlier| match earlier {
                        Action::Call { seat: caller, kind: CallKind::Pon, tile: called, own, .. }
                            if caller == seat && called.kind == tile.kind => {
                            let mut tiles = own.clone();
                            tiles.push(*called);
                            Some(tiles)
                        }
                        _ => None,
                    });
                    events.push(json!({"type": "kakan", "actor": seat, "pai": tile.to_mjai(), "consumed": names(&pon.unwrap_or_default())}));
                }
                Action::ClosedKan { seat, tiles } => events.push(json!({"type": "ankan", "actor": seat, "consumed": names(tiles)})),
                Action::Dora { indicator } => events.push(json!({"type": "dora", "dora_marker": indicator.to_mjai()})),
            }
        }
        match &round.end {
            RoundEnd::Wins { wins } => {
                for win in wins {
                    let mut event = json!({
                        "type": "hora",
                        "actor": win.seat,
                        "target": win.from,
                        "deltas": win.deltas,
                        "ura_markers": names(&win.ura),
                    });
                    if let (Some(pao), Some(object)) = (win.pao, event.as_object_mut()) {
                        object.insert("pao".into(), json!(pao));
                    }
                    events.push(event);
                }
            }
            RoundEnd::Draw { draw } => events.push(json!({
                "type": "ryukyoku",
                "reason": reason_name(draw.kind),
                "deltas": draw.deltas,
            })),
        }
        events.push(json!({"type": "end_kyoku"}));
    }
    events.push(json!({"type": "end_game"}));
    let mut out = String::new();
    for event in events {
        out.push_str(&event.to_string());
        out.push('\n');
    }
    out
}
