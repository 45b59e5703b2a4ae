//! tenhou.net/6 JSON: `{"title", "name", "rule", "log": [round, ...]}`, as
//! one object holding every round or as one object a line (one round
//! each).
//!
//! A round is `[[kyoku, honba, sticks], scores, dora, ura, (deal, draws,
//! discards) × 4, result]`. Draws hold the calls (`"c123456"` chi,
//! `"p454545"` pon, `"m39393939"` open kan; the letter's place says who
//! discarded), discards hold riichi (`"r28"`), kans (`"a"` closed, `"k"`
//! added) and 60 for the tile just drawn. The order of the moves is not
//! written: it is rebuilt by playing the turns, a call taking the turn from
//! the next player. Kan dora come at Tenhou's moments: at once for a
//! closed kan, at the kan player's next discard or kan for the others.

use serde_json::Value;

use crate::error::{Format, ReadError};
use crate::model::{
    Action, CallKind, Draw, DrawKind, Game, Limit, Round, RoundEnd, Seat, TableRules, Win,
};
use crate::pai::Pai;
use crate::yaku;

const FORMAT: Format = Format::Tenhou6;

fn error(place: impl Into<String>, message: impl Into<String>) -> ReadError {
    ReadError::new(FORMAT, place, message)
}

/// Whether the text looks like tenhou.net/6 JSON.
pub fn detect(text: &str) -> bool {
    let head: String = text.trim_start().chars().take(4096).collect();
    head.starts_with('{') && head.contains("\"log\"")
}

/// Reads a tenhou.net/6 log.
pub fn read(text: &str) -> Result<Game, ReadError> {
    let mut players: Option<[String; 4]> = None;
    let mut rules: Option<TableRules> = None;
    let mut rounds = Vec::new();
    let stream = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    for (object_index, value) in stream.enumerate() {
        let value = value.map_err(|err| {
            error(
                format!("line {}, column {}", err.line(), err.column()),
                format!("not JSON: {err}"),
            )
        })?;
        let place = format!("object {}", object_index + 1);
        let object = value
            .as_object()
            .ok_or_else(|| error(&place, "expected a JSON object with a \"log\""))?;
        if players.is_none() {
            players = Some(read_names(object.get("name")));
            rules = Some(read_rules(object.get("rule")));
        }
        let log = object
            .get("log")
            .and_then(Value::as_array)
            .ok_or_else(|| error(&place, "no \"log\" array"))?;
        for round in log {
            let number = rounds.len() + 1;
            rounds.push(read_round(
                round,
                number,
                rules.as_ref().is_none_or(|r| r.red_fives),
            )?);
        }
    }
    if rounds.is_empty() {
        return Err(error("", "the log holds no round"));
    }
    Ok(Game {
        players: players.unwrap_or_else(default_names),
        rules: rules.unwrap_or(TableRules {
            label: None,
            red_fives: true,
            open_tanyao: true,
        }),
        rounds,
    })
}

pub(crate) fn default_names() -> [String; 4] {
    std::array::from_fn(|seat| format!("Player {}", seat + 1))
}

fn read_names(value: Option<&Value>) -> [String; 4] {
    let mut names = default_names();
    if let Some(list) = value.and_then(Value::as_array) {
        for (seat, name) in list.iter().take(4).enumerate() {
            if let Some(text) = name.as_str().filter(|text| !text.trim().is_empty()) {
                names[seat] = text.to_string();
            }
        }
    }
    names
}

fn read_rules(value: Option<&Value>) -> TableRules {
    let label = value
        .and_then(|rule| rule.get("disp"))
        .and_then(Value::as_str)
        .map(str::to_string);
    let red_fives = value
        .and_then(|rule| rule.get("aka"))
        .and_then(Value::as_i64)
        != Some(0);
    // Tenhou writes 喰 in the label of a lobby with open tanyao; a label
    // without it (or no label) from another source says nothing.
    let open_tanyao = label
        .as_deref()
        .is_none_or(|text| text.contains('喰') || !looks_like_tenhou_label(text));
    TableRules {
        label,
        red_fives,
        open_tanyao,
    }
}

fn looks_like_tenhou_label(text: &str) -> bool {
    text.chars()
        .next()
        .is_some_and(|c| "般上特鳳若銀琥孔".contains(c))
        && (text.contains('東') || text.contains('南'))
}

fn int(value: &Value) -> Option<i64> {
    value.as_i64().or_else(|| {
        value
            .as_f64()
            .filter(|f| f.fract() == 0.0)
            .map(|f| f as i64)
    })
}

fn tiles(value: Option<&Value>, place: &str, what: &str) -> Result<Vec<Pai>, ReadError> {
    let list = value
        .and_then(Value::as_array)
        .ok_or_else(|| error(place, format!("{what}: expected a list of tiles")))?;
    list.iter()
        .map(|item| {
            int(item)
                .and_then(Pai::from_tenhou6)
                .ok_or_else(|| error(place, format!("{what}: {item} is not a tile")))
        })
        .collect()
}

fn scores(value: Option<&Value>, place: &str, what: &str) -> Result<[i64; 4], ReadError> {
    let list = value
        .and_then(Value::as_array)
        .filter(|list| list.len() == 4)
        .ok_or_else(|| error(place, format!("{what}: expected four numbers")))?;
    let mut out = [0; 4];
    for (slot, item) in out.iter_mut().zip(list) {
        *slot = int(item).ok_or_else(|| error(place, format!("{what}: {item} is not a number")))?;
    }
    Ok(out)
}

/// A call or kan written as a string: its letter, where the letter stands,
/// and the tiles in the order written.
struct Meld {
    letter: char,
    position: usize,
    tiles: Vec<Pai>,
    /// The tile right after the letter: the called or added tile.
    marked: usize,
}

fn parse_meld(text: &str) -> Option<Meld> {
    let (position, letter) = text.char_indices().find(|(_, c)| c.is_ascii_alphabetic())?;
    let digits: String = text.chars().filter(|c| c.is_ascii_digit()).collect();
    if !digits.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    let tiles = digits
        .as_bytes()
        .chunks(2)
        .map(|pair| {
            let number = i64::from(pair[0] - b'0') * 10 + i64::from(pair[1] - b'0');
            Pai::from_tenhou6(number)
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Meld {
        letter,
        position,
        tiles,
        marked: position / 2,
    })
}

/// The discarder of a call, from where its letter stands.
fn call_source(seat: Seat, letter: char, position: usize) -> Option<Seat> {
    let offset = match (letter, position) {
        ('c', 0) | ('p', 0) | ('m', 0) => 3,
        ('p', 2) | ('m', 2) => 2,
        ('p', 4) | ('m', 6) => 1,
        _ => return None,
    };
    Some((seat + offset) % 4)
}

struct Lists<'a> {
    draws: [&'a [Value]; 4],
    discards: [&'a [Value]; 4],
    next_draw: [usize; 4],
    next_discard: [usize; 4],
}

fn round_place(name: &str) -> String {
    format!("round {name}")
}

fn read_round(value: &Value, number: usize, red_fives: bool) -> Result<Round, ReadError> {
    let fallback = format!("round {number}");
    let parts = value
        .as_array()
        .ok_or_else(|| error(&fallback, "expected a round (a list)"))?;
    if parts.len() < 17 {
        return Err(error(
            &fallback,
            format!("a round has 17 parts, this one {}: truncated?", parts.len()),
        ));
    }
    let header = parts[0]
        .as_array()
        .filter(|list| list.len() >= 3)
        .ok_or_else(|| error(&fallback, "expected [round, honba, sticks]"))?;
    let numbers: Vec<i64> = header.iter().take(3).filter_map(int).collect();
    let [kyoku, honba, sticks] = numbers[..] else {
        return Err(error(
            &fallback,
            "expected [round, honba, sticks] as numbers",
        ));
    };
    if !(0..16).contains(&kyoku) || !(0..1000).contains(&honba) || !(0..1000).contains(&sticks) {
        return Err(error(
            &fallback,
            format!("round {kyoku}, honba {honba}, sticks {sticks} are out of range"),
        ));
    }
    let wind = (kyoku / 4) as u8;
    let dealer = (kyoku % 4) as usize;
    let name = format!("{}{}", ['E', 'S', 'W', 'N'][usize::from(wind)], dealer + 1);
    let place = round_place(&name);
    let scores = scores(parts.get(1), &place, "the scores")?;
    let dora_list = tiles(parts.get(2), &place, "the dora indicators")?;
    let ura_list = tiles(parts.get(3), &place, "the ura indicators")?;
    let Some(&first_dora) = dora_list.first() else {
        return Err(error(&place, "no dora indicator"));
    };
    let mut deal: [Vec<Pai>; 4] = Default::default();
    let mut draws: [&[Value]; 4] = [&[]; 4];
    let mut discards: [&[Value]; 4] = [&[]; 4];
    for seat in 0..4 {
        deal[seat] = tiles(
            parts.get(4 + 3 * seat),
            &place,
            &format!("seat {seat}'s deal"),
        )?;
        if !red_fives {
            for pai in &mut deal[seat] {
                pai.red = false;
            }
        }
        deal[seat].sort();
        draws[seat] = parts[5 + 3 * seat]
            .as_array()
            .map(Vec::as_slice)
            .ok_or_else(|| error(&place, format!("seat {seat}'s draws: expected a list")))?;
        discards[seat] = parts[6 + 3 * seat]
            .as_array()
            .map(Vec::as_slice)
            .ok_or_else(|| error(&place, format!("seat {seat}'s discards: expected a list")))?;
    }
    let mut lists = Lists {
        draws,
        discards,
        next_draw: [0; 4],
        next_discard: [0; 4],
    };
    let mut actions = play(&mut lists, dealer, &place, &dora_list, red_fives)?;
    let revealed = 1 + actions
        .iter()
        .filter(|a| matches!(a, Action::Dora { .. }))
        .count();
    // Kan dora still to turn over when a rinshan draw wins: Tenhou shows
    // them with the win.
    for indicator in dora_list.iter().skip(revealed) {
        actions.push(Action::Dora {
            indicator: *indicator,
        });
    }
    for seat in 0..4 {
        if lists.next_draw[seat] != lists.draws[seat].len()
            || lists.next_discard[seat] != lists.discards[seat].len()
        {
            return Err(error(
                &place,
                format!(
                    "seat {seat}'s moves do not fit the others' (draw {} of {}, discard {} of {})",
                    lists.next_draw[seat],
                    lists.draws[seat].len(),
                    lists.next_discard[seat],
                    lists.discards[seat].len()
                ),
            ));
        }
    }
    let mut end = read_result(&parts[16], &place, &ura_list)?;
    // The round's ura indicators count for a winner in riichi only.
    if let RoundEnd::Wins { wins } = &mut end {
        for win in wins {
            let riichi = actions.iter().any(
                |action| matches!(action, Action::Discard { seat, riichi: true, .. } if *seat == win.seat),
            );
            if !riichi {
                win.ura.clear();
            }
        }
    }
    Ok(Round {
        wind,
        dealer,
        honba: honba as u32,
        sticks: sticks as u32,
        scores,
        dora: first_dora,
        deal,
        actions,
        end,
    })
}

fn as_pai(value: &Value, red_fives: bool) -> Option<Pai> {
    int(value).and_then(Pai::from_tenhou6).map(|mut pai| {
        pai.red &= red_fives;
        pai
    })
}

/// Plays the turns of a round into moves.
fn play(
    lists: &mut Lists,
    dealer: Seat,
    place: &str,
    dora_list: &[Pai],
    red_fives: bool,
) -> Result<Vec<Action>, ReadError> {
    let mut actions = Vec::new();
    let mut current = dealer;
    let mut next_dora = 1;
    // Kan dora owed by open and added kans, turned over at the kan
    // player's next discard or kan.
    let mut owed_dora = 0usize;
    let reveal =
        |actions: &mut Vec<Action>, count: &mut usize, next: &mut usize| -> Result<(), ReadError> {
            for _ in 0..std::mem::take(count) {
                let indicator = *dora_list.get(*next).ok_or_else(|| {
                    error(
                        place,
                        "a kan with no dora indicator for it in the round's list",
                    )
                })?;
                *next += 1;
                actions.push(Action::Dora { indicator });
            }
            Ok(())
        };
    let mut must_draw = true;
    loop {
        let mut drawn: Option<Pai> = None;
        if must_draw {
            let Some(item) = lists.draws[current].get(lists.next_draw[current]) else {
                break;
            };
            let index = lists.next_draw[current];
            lists.next_draw[current] += 1;
            let tile = as_pai(item, red_fives).ok_or_else(|| {
                error(
                    place,
                    format!(
                        "seat {current}'s draw {}: expected a tile, found {item}",
                        index + 1
                    ),
                )
            })?;
            actions.push(Action::Draw {
                seat: current,
                tile,
            });
            drawn = Some(tile);
        }
        // The turn's discard, or a kan and another draw.
        let Some(item) = lists.discards[current].get(lists.next_discard[current]) else {
            break;
        };
        let index = lists.next_discard[current];
        lists.next_discard[current] += 1;
        let where_ = || format!("seat {current}'s discard {}", index + 1);
        let (tile, riichi) = match item {
            Value::String(text) if text.starts_with('r') => {
                let number: i64 = text[1..]
                    .parse()
                    .map_err(|_| error(place, format!("{}: {text} is not a riichi", where_())))?;
                (number, true)
            }
            Value::String(text) => {
                let meld = parse_meld(text)
                    .ok_or_else(|| error(place, format!("{}: {text} is not a kan", where_())))?;
                match (meld.letter, meld.tiles.len()) {
                    ('a', 4) => {
                        let mut tiles = meld.tiles;
                        for pai in &mut tiles {
                            pai.red &= red_fives;
                        }
                        actions.push(Action::ClosedKan {
                            seat: current,
                            tiles,
                        });
                        reveal(&mut actions, &mut owed_dora, &mut next_dora)?;
                        owed_dora = 1;
                        reveal(&mut actions, &mut owed_dora, &mut next_dora)?;
                    }
                    ('k', 4) => {
                        let mut tile = meld.tiles[meld.marked.min(3)];
                        tile.red &= red_fives;
                        actions.push(Action::AddedKan {
                            seat: current,
                            tile,
                        });
                        reveal(&mut actions, &mut owed_dora, &mut next_dora)?;
                        owed_dora = 1;
                    }
                    _ => return Err(error(place, format!("{}: {text} is not a kan", where_()))),
                }
                must_draw = true;
                continue;
            }
            other => (int(other).unwrap_or(-1), false),
        };
        let (tile, tsumogiri) = if tile == 60 {
            let tile = drawn.ok_or_else(|| {
                error(
                    place,
                    format!("{}: 60 (the tile drawn) after a call", where_()),
                )
            })?;
            (tile, true)
        } else {
            let pai = as_pai(&Value::from(tile), red_fives)
                .ok_or_else(|| error(place, format!("{}: {item} is not a tile", where_())))?;
            (pai, false)
        };
        reveal(&mut actions, &mut owed_dora, &mut next_dora)?;
        actions.push(Action::Discard {
            seat: current,
            tile,
            tsumogiri,
            riichi,
        });
        // A call on this discard takes the turn: the next string of a draw
        // list that names this discarder and this tile, a pon or kan before
        // a chi (a chi waiting there may be for a later discard).
        let mut caller: Option<(Seat, Meld, String)> = None;
        for offset in 1..4 {
            let seat = (current + offset) % 4;
            if let Some(Value::String(text)) = lists.draws[seat].get(lists.next_draw[seat]) {
                let meld = parse_meld(text).ok_or_else(|| {
                    error(
                        place,
                        format!(
                            "seat {seat}'s draw {}: {text} is not a call",
                            lists.next_draw[seat] + 1
                        ),
                    )
                })?;
                let called = meld.tiles.get(meld.marked).map(|pai| Pai {
                    red: pai.red && red_fives,
                    ..*pai
                });
                if call_source(seat, meld.letter, meld.position) == Some(current)
                    && called == Some(tile)
                    && caller
                        .as_ref()
                        .is_none_or(|(_, found, _)| found.letter == 'c')
                {
                    caller = Some((seat, meld, text.clone()));
                }
            }
        }
        match caller {
            Some((seat, meld, text)) => {
                lists.next_draw[seat] += 1;
                let mut tiles = meld.tiles;
                for pai in &mut tiles {
                    pai.red &= red_fives;
                }
                let called = tiles.remove(meld.marked.min(tiles.len().saturating_sub(1)));
                let kind = match meld.letter {
                    'c' => CallKind::Chi,
                    'p' => CallKind::Pon,
                    _ => CallKind::Kan,
                };
                actions.push(Action::Call {
                    seat,
                    kind,
                    from: current,
                    tile: called,
                    own: tiles,
                });
                current = seat;
                if kind == CallKind::Kan {
                    // The discard list holds a 0 for the turn the kan took.
                    match lists.discards[seat]
                        .get(lists.next_discard[seat])
                        .and_then(int)
                    {
                        Some(0) => lists.next_discard[seat] += 1,
                        _ => {
                            return Err(error(
                                place,
                                format!("seat {seat}'s open kan {text} has no 0 in the discards"),
                            ))
                        }
                    }
                    owed_dora += 1;
                    must_draw = true;
                } else {
                    must_draw = false;
                }
            }
            None => {
                current = (current + 1) % 4;
                must_draw = true;
            }
        }
    }
    Ok(actions)
}

fn read_result(value: &Value, place: &str, ura: &[Pai]) -> Result<RoundEnd, ReadError> {
    let parts = value
        .as_array()
        .filter(|list| !list.is_empty())
        .ok_or_else(|| error(place, "the result: expected a list"))?;
    let kind = parts[0]
        .as_str()
        .ok_or_else(|| error(place, "the result: expected its name first"))?;
    let draw = |kind: DrawKind| -> Result<RoundEnd, ReadError> {
        let deltas = match parts.get(1) {
            Some(value) => scores(Some(value), place, "the result's score changes")?,
            None => [0; 4],
        };
        Ok(RoundEnd::Draw {
            draw: Draw { kind, deltas },
        })
    };
    match kind {
        "和了" => {
            let mut wins = Vec::new();
            for pair in parts[1..].chunks(2) {
                let [deltas, info] = pair else {
                    return Err(error(
                        place,
                        "the result: a win's score changes without its details",
                    ));
                };
                wins.push(read_win(deltas, info, place, ura)?);
            }
            if wins.is_empty() {
                return Err(error(place, "the result: a win with no winner"));
            }
            Ok(RoundEnd::Wins { wins })
        }
        "流局" | "全員聴牌" | "全員不聴" => draw(DrawKind::Exhaustive),
        "流し満貫" => draw(DrawKind::NagashiMangan),
        "九種九牌" => draw(DrawKind::NineTerminals),
        "四風連打" => draw(DrawKind::FourWinds),
        "四槓散了" => draw(DrawKind::FourKans),
        "四家立直" => draw(DrawKind::FourRiichi),
        "三家和了" => draw(DrawKind::TripleRon),
        other => Err(error(
            place,
            format!("the result: unknown ending \"{other}\""),
        )),
    }
}

fn read_win(deltas: &Value, info: &Value, place: &str, ura: &[Pai]) -> Result<Win, ReadError> {
    let deltas = scores(Some(deltas), place, "a win's score changes")?;
    let info = info
        .as_array()
        .filter(|list| list.len() >= 4)
        .ok_or_else(|| {
            error(
                place,
                "a win's details: expected [who, from, pao, points, yaku...]",
            )
        })?;
    let seat_at = |index: usize| -> Result<Seat, ReadError> {
        int(&info[index])
            .filter(|seat| (0..4).contains(seat))
            .map(|seat| seat as Seat)
            .ok_or_else(|| {
                error(
                    place,
                    format!("a win's details: {} is not a seat", info[index]),
                )
            })
    };
    let seat = seat_at(0)?;
    let from = seat_at(1)?;
    let pao = seat_at(2)?;
    let points_text = info[3]
        .as_str()
        .ok_or_else(|| error(place, "a win's details: expected the points as text"))?;
    let mut yaku_list = Vec::new();
    let mut han = 0;
    for item in &info[4..] {
        let text = item
            .as_str()
            .ok_or_else(|| error(place, format!("a win's yaku: {item} is not text")))?;
        let (name, count) = parse_yaku(text)
            .ok_or_else(|| error(place, format!("a win's yaku: cannot read \"{text}\"")))?;
        han += count;
        if count > 0 {
            if let Some(id) = yaku::id_of(name) {
                yaku_list.push((id, count));
            }
        }
    }
    yaku_list.sort();
    let (limit, fu, points) = parse_points(points_text).ok_or_else(|| {
        error(
            place,
            format!("a win's points: cannot read \"{points_text}\""),
        )
    })?;
    Ok(Win {
        seat,
        from,
        pao: (pao != seat).then_some(pao),
        value: Some(crate::model::Value {
            han,
            fu: if limit == Limit::None { fu } else { None },
            limit,
            points,
            yaku: yaku_list,
        }),
        deltas,
        // tenhou.net/6 lists the ura indicators once for the round; they
        // count for a winner in riichi only (the writer knows who).
        ura: ura.to_vec(),
    })
}

/// `立直(1飜)` → ("立直", 1); `天和(役満)` → ("天和", 13).
fn parse_yaku(text: &str) -> Option<(&str, u32)> {
    let open = text.find('(')?;
    let name = &text[..open];
    let inner = text[open + 1..].strip_suffix(')')?;
    let count = if inner == "役満" {
        13
    } else if let Some(number) = inner.strip_suffix("倍役満") {
        13 * number.parse::<u32>().ok()?
    } else if inner == "ダブル役満" {
        26
    } else {
        inner.strip_suffix('飜')?.parse().ok()?
    };
    Some((name, count))
}

/// `30符3飜3900点`, `満貫2000-4000点`, `役満16000点∀`: the limit, the fu
/// and the points in all (a tsumo's payments summed).
fn parse_points(text: &str) -> Option<(Limit, Option<u32>, u32)> {
    let all = text.ends_with('∀');
    let body = text.trim_end_matches('∀').strip_suffix('点')?;
    // The payment is the digits (and one '-') at the end.
    let payment_start = body
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_digit() || *c == '-')
        .last()
        .map(|(index, _)| index)?;
    let (head, payment) = body.split_at(payment_start);
    let amounts: Vec<u32> = payment
        .split('-')
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    let points = match (amounts.as_slice(), all) {
        ([each], true) => 3 * each,
        ([ron], false) => *ron,
        ([non_dealer, dealer], false) => 2 * non_dealer + dealer,
        _ => return None,
    };
    let (limit, fu) = if let Some(fu_text) = head.split('符').next().filter(|_| head.contains('符'))
    {
        (Limit::None, Some(fu_text.parse().ok()?))
    } else {
        let limit = match head {
            "満貫" => Limit::Mangan,
            "跳満" => Limit::Haneman,
            "倍満" => Limit::Baiman,
            "三倍満" => Limit::Sanbaiman,
            "役満" | "数え役満" => Limit::Yakuman,
            _ => return None,
        };
        (limit, None)
    };
    Some((limit, fu, points))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_texts_are_read() {
        assert_eq!(
            parse_points("30符3飜3900点"),
            Some((Limit::None, Some(30), 3900))
        );
        assert_eq!(
            parse_points("30符1飜300-500点"),
            Some((Limit::None, Some(30), 1100))
        );
        assert_eq!(
            parse_points("40符2飜1300点∀"),
            Some((Limit::None, Some(40), 3900))
        );
        assert_eq!(
            parse_points("満貫2000-4000点"),
            Some((Limit::Mangan, None, 8000))
        );
        assert_eq!(
            parse_points("役満16000点∀"),
            Some((Limit::Yakuman, None, 48000))
        );
        assert_eq!(
            parse_points("三倍満24000点"),
            Some((Limit::Sanbaiman, None, 24000))
        );
        assert_eq!(parse_points("lots"), None);
        assert_eq!(parse_points("満貫点"), None);
    }

    #[test]
    fn yaku_texts_are_read() {
        assert_eq!(parse_yaku("立直(1飜)"), Some(("立直", 1)));
        assert_eq!(parse_yaku("天和(役満)"), Some(("天和", 13)));
        assert_eq!(parse_yaku("ドラ"), None);
    }

    #[test]
    fn a_call_names_its_discarder_by_where_its_letter_stands() {
        let pon = parse_meld("43p4343").expect("a pon");
        assert_eq!((pon.letter, pon.position, pon.marked), ('p', 2, 1));
        assert_eq!(call_source(0, pon.letter, pon.position), Some(2));
        let kan = parse_meld("393939m39").expect("a kan");
        assert_eq!(call_source(1, kan.letter, kan.position), Some(2));
        let chi = parse_meld("c275226").expect("a chi");
        assert_eq!(call_source(0, chi.letter, chi.position), Some(3));
        assert_eq!(chi.tiles[chi.marked].to_string(), "7p");
        assert!(parse_meld("p4343").is_some());
        assert!(parse_meld("p43434").is_none());
    }
}
