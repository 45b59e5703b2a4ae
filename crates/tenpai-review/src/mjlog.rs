//! Tenhou's mjlog XML (`<mjloggm>`), plain or gzip: `GO` (the lobby's rule
//! flags), `UN` (names), `INIT` (a deal), `T`/`U`/`V`/`W` draws and
//! `D`/`E`/`F`/`G` discards of seats 0-3 with the tile's number 0-135, `N`
//! calls (the meld packed in `m`), `REACH`, `DORA`, `AGARI`, `RYUUKYOKU`.
//!
//! The XML is read with roxmltree, which keeps each element's byte range,
//! so an error names the byte offset of the element at fault.

use std::io::Read;

use roxmltree::{Document, Node};

use crate::error::{Format, ReadError};
use crate::model::{
    Action, CallKind, Draw, DrawKind, Game, Limit, Round, RoundEnd, Seat, TableRules, Value, Win,
};
use crate::pai::Pai;

const FORMAT: Format = Format::Mjlog;

/// The most a gzip log may expand to: a game is some tens of kilobytes.
const MAX_INFLATED: u64 = 32 * 1024 * 1024;

fn error(place: impl Into<String>, message: impl Into<String>) -> ReadError {
    ReadError::new(FORMAT, place, message)
}

/// Whether the bytes are gzip (then inflated and read as mjlog).
pub fn is_gzip(bytes: &[u8]) -> bool {
    bytes.starts_with(&[0x1f, 0x8b])
}

/// Whether the text looks like mjlog XML.
pub fn detect(text: &str) -> bool {
    let head: String = text.trim_start().chars().take(512).collect();
    head.starts_with('<') && head.contains("mjloggm")
}

/// Inflates a gzip log.
pub fn inflate(bytes: &[u8]) -> Result<Vec<u8>, ReadError> {
    let mut out = Vec::new();
    let decoder = flate2::read::GzDecoder::new(bytes);
    decoder
        .take(MAX_INFLATED + 1)
        .read_to_end(&mut out)
        .map_err(|err| error(format!("byte {}", out.len()), format!("gzip: {err}")))?;
    if out.len() as u64 > MAX_INFLATED {
        return Err(error("", "gzip: the log inflates to more than 32 MiB"));
    }
    Ok(out)
}

struct Reader<'a> {
    doc: &'a Document<'a>,
    red_fives: bool,
}

impl<'a> Reader<'a> {
    fn place(&self, node: Node) -> String {
        let start = node.range().start;
        let position = self.doc.text_pos_at(start);
        format!(
            "byte {start} (line {}, <{}>)",
            position.row,
            node.tag_name().name()
        )
    }

    fn attr<'n>(&self, node: Node<'n, 'n>, name: &str) -> Result<&'n str, ReadError> {
        node.attribute(name)
            .ok_or_else(|| error(self.place(node), format!("no {name}= attribute")))
    }

    /// The comma-separated numbers of an attribute, each at most
    /// [`LARGEST_NUMBER`] in size.
    fn numbers(&self, node: Node, name: &str) -> Result<Vec<i64>, ReadError> {
        let text = self.attr(node, name)?;
        if text.trim().is_empty() {
            return Ok(Vec::new());
        }
        // Numbers beyond any score or tile a game holds (`250e250`) are
        // errors: read as i64 they saturated, and the scores' `* 100` and
        // sums overflowed.
        text.split(',')
            .map(|part| {
                part.trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|f| f.is_finite() && f.abs() <= LARGEST_NUMBER)
                    .map(|f| f as i64)
                    .ok_or_else(|| {
                        error(
                            self.place(node),
                            format!("{name}=\"{text}\": {part} is not a number a game can hold"),
                        )
                    })
            })
            .collect()
    }

    fn tile(&self, node: Node, id: i64) -> Result<Pai, ReadError> {
        u32::try_from(id)
            .ok()
            .and_then(|id| Pai::from_mjlog(id, self.red_fives))
            .ok_or_else(|| error(self.place(node), format!("{id} is not a tile (0-135)")))
    }

    fn tiles(&self, node: Node, name: &str) -> Result<Vec<Pai>, ReadError> {
        self.numbers(node, name)?
            .into_iter()
            .map(|id| self.tile(node, id))
            .collect()
    }

    fn seat(&self, node: Node, name: &str) -> Result<Seat, ReadError> {
        let value = self.attr(node, name)?;
        value
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|seat| *seat < 4)
            .ok_or_else(|| {
                error(
                    self.place(node),
                    format!("{name}=\"{value}\" is not a seat"),
                )
            })
    }
}

/// A round being read.
struct Open {
    round: Round,
    ended: bool,
    /// The tile id each seat drew last, for tsumogiri.
    last_draw: [Option<i64>; 4],
    /// A seat that announced riichi (REACH step 1), for its next discard.
    riichi_next: Option<Seat>,
    /// The byte where the round starts, for errors.
    place: String,
}

/// Reads an mjlog document.
pub fn read(text: &str) -> Result<Game, ReadError> {
    let doc = Document::parse(text).map_err(|err| {
        let position = err.pos();
        error(
            format!("line {}, column {}", position.row, position.col),
            format!("not well-formed XML: {err}"),
        )
    })?;
    let root = doc.root_element();
    if root.tag_name().name() != "mjloggm" {
        return Err(error(
            "",
            format!("expected <mjloggm>, found <{}>", root.tag_name().name()),
        ));
    }
    let mut reader = Reader {
        doc: &doc,
        red_fives: true,
    };
    let mut players: Option<[String; 4]> = None;
    let mut rules = TableRules {
        label: None,
        red_fives: true,
        open_tanyao: true,
    };
    let mut rounds: Vec<Round> = Vec::new();
    let mut open: Option<Open> = None;
    let mut game_over = false;
    for node in root.children().filter(Node::is_element) {
        let name = node.tag_name().name();
        if game_over && matches!(name, "INIT" | "AGARI" | "RYUUKYOKU") {
            return Err(error(reader.place(node), "a round after the game's end"));
        }
        match name {
            "GO" => {
                let flags = reader.numbers(node, "type")?.first().copied().unwrap_or(0);
                if flags & 0x10 != 0 {
                    return Err(error(
                        reader.place(node),
                        "a three-player game: tenpai reviews four-player games only",
                    ));
                }
                rules = rules_of(flags);
                reader.red_fives = rules.red_fives;
            }
            "UN" => {
                if players.is_none() && node.attribute("n0").is_some() {
                    let mut names = crate::tenhou6::default_names();
                    for (seat, slot) in names.iter_mut().enumerate() {
                        if let Some(raw) = node.attribute(format!("n{seat}").as_str()) {
                            let decoded = percent_encoding::percent_decode_str(raw)
                                .decode_utf8_lossy()
                                .to_string();
                            if !decoded.trim().is_empty() {
                                *slot = decoded;
                            }
                        }
                    }
                    players = Some(names);
                }
            }
            "INIT" => {
                if let Some(previous) = open.take() {
                    if !previous.ended {
                        return Err(error(
                            reader.place(node),
                            format!(
                                "round {} has no end before the next deal",
                                previous.round.name()
                            ),
                        ));
                    }
                    rounds.push(previous.round);
                }
                open = Some(read_init(&reader, node)?);
            }
            "AGARI" | "RYUUKYOKU" => {
                let Some(current) = open.as_mut() else {
                    return Err(error(reader.place(node), "a round's end before any deal"));
                };
                if name == "AGARI" {
                    read_agari(&reader, node, current)?;
                } else {
                    if current.ended {
                        return Err(error(reader.place(node), "a draw after the round ended"));
                    }
                    current.round.end = RoundEnd::Draw {
                        draw: read_ryuukyoku(&reader, node)?,
                    };
                    current.ended = true;
                }
                if node.attribute("owari").is_some() {
                    game_over = true;
                }
            }
            "N" | "REACH" | "DORA" => {
                let Some(current) = open.as_mut() else {
                    return Err(error(reader.place(node), "a move before any deal"));
                };
                if current.ended {
                    return Err(error(reader.place(node), "a move after the round ended"));
                }
                match name {
                    "N" => {
                        read_call(&reader, node, current)?;
                        for last in &mut current.last_draw {
                            *last = None;
                        }
                    }
                    "REACH" => {
                        let seat = reader.seat(node, "who")?;
                        if reader.attr(node, "step")?.trim() == "1" {
                            current.riichi_next = Some(seat);
                        }
                    }
                    _ => {
                        let indicator = reader.numbers(node, "hai")?;
                        let [id] = indicator[..] else {
                            return Err(error(reader.place(node), "expected one hai="));
                        };
                        let indicator = reader.tile(node, id)?;
                        current.round.actions.push(Action::Dora { indicator });
                    }
                }
            }
            other => {
                if let Some((seat, discard, id)) = draw_or_discard(other) {
                    let Some(current) = open.as_mut() else {
                        return Err(error(reader.place(node), "a move before any deal"));
                    };
                    if current.ended {
                        return Err(error(reader.place(node), "a move after the round ended"));
                    }
                    let tile = reader.tile(node, id)?;
                    if discard {
                        // The tile just drawn (a kan dora may have been
                        // turned over in between).
                        let tsumogiri = current.last_draw[seat].take() == Some(id);
                        let riichi = current.riichi_next == Some(seat);
                        if riichi {
                            current.riichi_next = None;
                        }
                        current.round.actions.push(Action::Discard {
                            seat,
                            tile,
                            tsumogiri,
                            riichi,
                        });
                    } else {
                        current.last_draw[seat] = Some(id);
                        current.round.actions.push(Action::Draw { seat, tile });
                    }
                }
                // SHUFFLE, TAIKYOKU, BYE and unknown elements carry no move.
            }
        }
    }
    match open {
        Some(last) if !last.ended => {
            return Err(error(
                &last.place,
                format!(
                    "the log ends inside round {} ({} moves, no win or draw): truncated?",
                    last.round.name(),
                    last.round.actions.len()
                ),
            ))
        }
        Some(last) => rounds.push(last.round),
        None => return Err(error("", "the log holds no round (no <INIT>)")),
    }
    if !game_over {
        let name = rounds.last().map(Round::name).unwrap_or_default();
        return Err(error(
            format!("byte {}", text.len()),
            format!(
                "the log ends after round {name} without the game's end (no owari=): truncated?"
            ),
        ));
    }
    Ok(Game {
        players: players.unwrap_or_else(crate::tenhou6::default_names),
        rules,
        rounds,
    })
}

/// `T12` → (seat 0, draw, 12); `G99` → (seat 3, discard, 99).
fn draw_or_discard(name: &str) -> Option<(Seat, bool, i64)> {
    let mut chars = name.chars();
    let letter = chars.next()?;
    let digits = chars.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 3 {
        return None;
    }
    let id = digits.parse().ok()?;
    let (seat, discard) = match letter {
        'T' => (0, false),
        'U' => (1, false),
        'V' => (2, false),
        'W' => (3, false),
        'D' => (0, true),
        'E' => (1, true),
        'F' => (2, true),
        'G' => (3, true),
        _ => return None,
    };
    Some((seat, discard, id))
}

/// The lobby flags of `GO type=`: bit 1 no red fives, bit 2 no open
/// tanyao, bit 3 a south game, bit 6 fast; bits 5 and 7 the lobby.
fn rules_of(flags: i64) -> TableRules {
    let lobby = match (flags & 0x80 != 0, flags & 0x20 != 0) {
        (true, true) => '鳳',
        (true, false) => '上',
        (false, true) => '特',
        (false, false) => '般',
    };
    let mut label = String::new();
    label.push(lobby);
    label.push(if flags & 0x08 != 0 { '南' } else { '東' });
    let open_tanyao = flags & 0x04 == 0;
    let red_fives = flags & 0x02 == 0;
    if open_tanyao {
        label.push('喰');
    }
    if red_fives {
        label.push('赤');
    }
    if flags & 0x40 != 0 {
        label.push('速');
    }
    TableRules {
        label: Some(label),
        red_fives,
        open_tanyao,
    }
}

fn read_init(reader: &Reader, node: Node) -> Result<Open, ReadError> {
    let seed = reader.numbers(node, "seed")?;
    let [kyoku, honba, sticks, _, _, dora] = seed[..] else {
        return Err(error(reader.place(node), "seed= needs six numbers"));
    };
    if !(0..16).contains(&kyoku) || !(0..1000).contains(&honba) || !(0..1000).contains(&sticks) {
        return Err(error(
            reader.place(node),
            "seed=: round, honba or sticks out of range",
        ));
    }
    let ten = reader.numbers(node, "ten")?;
    let scores: [i64; 4] = ten
        .iter()
        .map(|score| score * 100)
        .collect::<Vec<_>>()
        .try_into()
        .map_err(|_| error(reader.place(node), "ten= needs four scores"))?;
    let mut deal: [Vec<Pai>; 4] = Default::default();
    for (seat, hand) in deal.iter_mut().enumerate() {
        *hand = reader.tiles(node, &format!("hai{seat}"))?;
        hand.sort();
    }
    let dealer = (kyoku % 4) as usize;
    if let Some(oya) = node.attribute("oya") {
        if oya.trim().parse::<usize>().ok() != Some(dealer) {
            return Err(error(
                reader.place(node),
                format!("oya=\"{oya}\" is not the dealer of round {kyoku}"),
            ));
        }
    }
    Ok(Open {
        round: Round {
            wind: (kyoku / 4) as u8,
            dealer,
            honba: honba as u32,
            sticks: sticks as u32,
            scores,
            dora: reader.tile(node, dora)?,
            deal,
            actions: Vec::new(),
            end: RoundEnd::Wins { wins: Vec::new() },
        },
        ended: false,
        last_draw: [None; 4],
        riichi_next: None,
        place: reader.place(node),
    })
}

/// Unpacks `N m=`: chi, pon, added kan, or a kan (open or closed).
fn read_call(reader: &Reader, node: Node, open: &mut Open) -> Result<(), ReadError> {
    let seat = reader.seat(node, "who")?;
    let code = reader.numbers(node, "m")?;
    let [code] = code[..] else {
        return Err(error(reader.place(node), "expected one m="));
    };
    if !(0..65536).contains(&code) {
        return Err(error(
            reader.place(node),
            format!("m=\"{code}\" is out of range"),
        ));
    }
    let from = (seat + (code & 3) as usize) % 4;
    let tile = |id: i64| reader.tile(node, id);
    if code & 0x4 != 0 {
        // Chi: the sequence's base and which of its three was called.
        let packed = code >> 10;
        let called = (packed % 3) as usize;
        let base = packed / 3;
        let base = (base / 7) * 9 + base % 7;
        let offsets = [(code >> 3) & 3, (code >> 5) & 3, (code >> 7) & 3];
        let mut tiles = Vec::new();
        for (step, offset) in offsets.iter().enumerate() {
            tiles.push(tile((base + step as i64) * 4 + offset)?);
        }
        let called_tile = tiles.remove(called);
        open.round.actions.push(Action::Call {
            seat,
            kind: CallKind::Chi,
            from,
            tile: called_tile,
            own: tiles,
        });
    } else if code & 0x18 != 0 {
        // Pon (0x8) or a kan added to one (0x10): the kind, the tile left
        // out of the pon, and which was called.
        let unused = (code >> 5) & 3;
        let packed = code >> 9;
        let called = (packed % 3) as usize;
        let kind = packed / 3;
        if kind > 33 {
            return Err(error(
                reader.place(node),
                format!("m=\"{code}\" is no meld"),
            ));
        }
        let mut tiles = Vec::new();
        for copy in (0..4).filter(|copy| *copy != unused) {
            tiles.push(tile(kind * 4 + copy)?);
        }
        if code & 0x8 != 0 {
            let called_tile = tiles.remove(called);
            open.round.actions.push(Action::Call {
                seat,
                kind: CallKind::Pon,
                from,
                tile: called_tile,
                own: tiles,
            });
        } else {
            open.round.actions.push(Action::AddedKan {
                seat,
                tile: tile(kind * 4 + unused)?,
            });
        }
    } else if code & 0x20 != 0 {
        return Err(error(
            reader.place(node),
            "a north dora (three-player games only)",
        ));
    } else {
        let called_id = code >> 8;
        let kind = called_id / 4;
        if kind > 33 {
            return Err(error(
                reader.place(node),
                format!("m=\"{code}\" is no meld"),
            ));
        }
        let mut tiles = Vec::new();
        for copy in 0..4 {
            tiles.push(tile(kind * 4 + copy)?);
        }
        if from == seat {
            open.round.actions.push(Action::ClosedKan { seat, tiles });
        } else {
            let called_tile = tiles.remove((called_id % 4) as usize);
            open.round.actions.push(Action::Call {
                seat,
                kind: CallKind::Kan,
                from,
                tile: called_tile,
                own: tiles,
            });
        }
    }
    Ok(())
}

fn deltas_of(reader: &Reader, node: Node) -> Result<[i64; 4], ReadError> {
    if node.attribute("sc").is_none() {
        return Ok([0; 4]);
    }
    let sc = reader.numbers(node, "sc")?;
    if sc.len() != 8 {
        return Err(error(reader.place(node), "sc= needs eight numbers"));
    }
    Ok(std::array::from_fn(|seat| sc[2 * seat + 1] * 100))
}

fn read_agari(reader: &Reader, node: Node, open: &mut Open) -> Result<(), ReadError> {
    let seat = reader.seat(node, "who")?;
    let from = reader.seat(node, "fromWho")?;
    let pao = match node.attribute("paoWho") {
        Some(_) => Some(reader.seat(node, "paoWho")?).filter(|pao| *pao != seat),
        None => None,
    };
    let ten = reader.numbers(node, "ten")?;
    let [fu, points, limit_code] = ten[..] else {
        return Err(error(
            reader.place(node),
            "ten= needs fu, points and a limit",
        ));
    };
    let limit = Limit::from_tenhou(limit_code).ok_or_else(|| {
        error(
            reader.place(node),
            format!("ten=: {limit_code} is no limit"),
        )
    })?;
    let mut yaku = Vec::new();
    let mut han = 0u32;
    if node.attribute("yaku").is_some() {
        let pairs = reader.numbers(node, "yaku")?;
        if pairs.len() % 2 != 0 {
            return Err(error(reader.place(node), "yaku= needs pairs of id and han"));
        }
        for pair in pairs.chunks(2) {
            let (id, count) = (pair[0], pair[1]);
            if !(0..=54).contains(&id) || !(0..=99).contains(&count) {
                return Err(error(
                    reader.place(node),
                    format!("yaku=: {id},{count} is no yaku"),
                ));
            }
            if count > 0 {
                yaku.push((id as u8, count as u32));
                han += count as u32;
            }
        }
    }
    if node.attribute("yakuman").is_some() {
        for id in reader.numbers(node, "yakuman")? {
            if !(0..=54).contains(&id) {
                return Err(error(
                    reader.place(node),
                    format!("yakuman=: {id} is no yaku"),
                ));
            }
            yaku.push((id as u8, 13));
            han += 13;
        }
    }
    yaku.sort();
    let ura = if node.attribute("doraHaiUra").is_some() {
        reader.tiles(node, "doraHaiUra")?
    } else {
        Vec::new()
    };
    // Kan dora that Tenhou turned over only with the win (a rinshan draw
    // after an open kan).
    let dora = reader.tiles(node, "doraHai")?;
    let revealed = 1 + open
        .round
        .actions
        .iter()
        .filter(|action| matches!(action, Action::Dora { .. }))
        .count();
    let already_won = matches!(&open.round.end, RoundEnd::Wins { wins } if !wins.is_empty());
    if !already_won {
        for indicator in dora.iter().skip(revealed) {
            open.round.actions.push(Action::Dora {
                indicator: *indicator,
            });
        }
    }
    let win = Win {
        seat,
        from,
        pao,
        value: Some(Value {
            han,
            fu: (limit == Limit::None).then_some(fu as u32),
            limit,
            points: u32::try_from(points)
                .map_err(|_| error(reader.place(node), "ten=: negative points"))?,
            yaku,
        }),
        deltas: deltas_of(reader, node)?,
        ura,
    };
    match &mut open.round.end {
        RoundEnd::Wins { wins } if !open.ended || !wins.is_empty() => wins.push(win),
        _ => {
            return Err(error(
                reader.place(node),
                "a win after the round ended in a draw",
            ))
        }
    }
    open.ended = true;
    Ok(())
}

fn read_ryuukyoku(reader: &Reader, node: Node) -> Result<Draw, ReadError> {
    let kind = match node.attribute("type") {
        None => DrawKind::Exhaustive,
        Some("nm") => DrawKind::NagashiMangan,
        Some("yao9") => DrawKind::NineTerminals,
        Some("kaze4") => DrawKind::FourWinds,
        Some("kan4") => DrawKind::FourKans,
        Some("reach4") => DrawKind::FourRiichi,
        Some("ron3") => DrawKind::TripleRon,
        Some(other) => {
            return Err(error(
                reader.place(node),
                format!("type=\"{other}\" is no known draw"),
            ))
        }
    };
    Ok(Draw {
        kind,
        deltas: deltas_of(reader, node)?,
    })
}

/// The largest number an attribute may hold: far above any score (in
/// hundreds) or tile index, far below where `* 100` and the sums of a
/// game's scores overflow an i64.
const LARGEST_NUMBER: f64 = 1e12;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lobby_flags_read_as_tenhou_labels() {
        assert_eq!(rules_of(169).label.as_deref(), Some("鳳南喰赤"));
        assert_eq!(rules_of(0x01 | 0x02 | 0x04).label.as_deref(), Some("般東"));
        assert!(!rules_of(0x02).red_fives);
        assert!(!rules_of(0x04).open_tanyao);
    }

    #[test]
    fn move_elements_name_a_seat_and_a_tile() {
        assert_eq!(draw_or_discard("T12"), Some((0, false, 12)));
        assert_eq!(draw_or_discard("G135"), Some((3, true, 135)));
        assert_eq!(draw_or_discard("GO"), None);
        assert_eq!(draw_or_discard("T"), None);
    }
}
