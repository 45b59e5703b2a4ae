//! A parsed hand line -> [`Hand`] + [`Situation`], with every semantic
//! diagnostic: illegal melds, fifth copies, tile counts, the winning tile,
//! and contradictions between options.

use smallvec::SmallVec;

use crate::diag::{Code, Diagnostic};
use crate::notation::ast::{
    Bracket, HandItem, HandLine, MeldTok, OptionTok, OptionValue, Span, TileTok,
};
use crate::notation::options::id;
use crate::rules::Rules;
use crate::tile::{Tile, KINDS};

use super::{Hand, Meld, MeldKind, Riichi, Situation, Tiles};

/// How strictly the tile count is checked.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// A hand to score or to wait on: 13 or 14 tiles, plus one per kan.
    Strict,
    /// A partial hand for shanten analysis: any count from 1 to 14.
    Partial,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Validated {
    pub hand: Hand,
    pub situation: Situation,
    pub diagnostics: Vec<Diagnostic>,
}

impl Validated {
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == crate::diag::Severity::Error)
    }
}

/// Parses and strictly validates one hand line. `Err` holds the errors
/// (syntax and semantic) when there is any.
///
/// ```
/// use tenpai_core::hand::parse_hand;
/// use tenpai_core::rules::Rules;
///
/// let (hand, situation) = parse_hand("123m456p789s11222z win=2z ron", &Rules::tenhou())
///     .expect("a valid hand line");
/// assert_eq!(hand.closed.len(), 14);
/// assert!(!situation.tsumo);
/// assert!(parse_hand("123m", &Rules::tenhou()).is_err());
/// ```
pub fn parse_hand(text: &str, rules: &Rules) -> Result<(Hand, Situation), Vec<Diagnostic>> {
    read_hand(text, rules, Mode::Strict).map(|(hand, sit, _)| (hand, sit))
}

/// A hand line that reads without an error: its hand, its situation, and
/// the warnings and notes it drew (an option these rules do not score, a
/// fifth copy made by an indicator), which a front end should still show.
pub type ReadHand = (Hand, Situation, Vec<Diagnostic>);

/// Parses and validates one hand line in `mode`. `Err` holds the errors
/// (syntax and semantic) when there is any.
///
/// ```
/// use tenpai_core::hand::{read_hand, Mode};
/// use tenpai_core::rules::Rules;
///
/// // A waiting hand is a hand in `Mode::Partial`; its warnings come along.
/// let (hand, _, notes) = read_hand("123m456p789s1122z riichi riichi", &Rules::tenhou(), Mode::Partial)
///     .expect("a valid hand line");
/// assert_eq!(hand.closed.len(), 13);
/// assert_eq!(notes[0].code.as_str(), "duplicate-option");
/// ```
pub fn read_hand(text: &str, rules: &Rules, mode: Mode) -> Result<ReadHand, Vec<Diagnostic>> {
    let line = crate::notation::parse_line(text);
    let crate::notation::ast::LineKind::Hand(hand_line) = &line.kind else {
        return Err(vec![Diagnostic::error(
            Code::NotAHand,
            0..text.len(),
            "this line holds no hand (it is blank, a comment or a rules: line)",
        )]);
    };
    let validated = super::validate(hand_line, rules, mode);
    // The parser's diagnostics are all errors.
    if validated.has_errors() || !line.errors.is_empty() {
        let mut errors = line.errors;
        errors.extend(
            validated
                .diagnostics
                .into_iter()
                .filter(|d| d.severity == crate::diag::Severity::Error),
        );
        return Err(errors);
    }
    Ok((validated.hand, validated.situation, validated.diagnostics))
}

/// Validation with every check and its message: the definition that the
/// fast path (`fast.rs`) answers for first on lines without a diagnostic
/// (see [`super::validate`]). Kept out of line, so that the fast path stays
/// small.
#[cold]
#[inline(never)]
pub(super) fn full(line: &HandLine, rules: &Rules, mode: Mode) -> Validated {
    let mut diags = Vec::new();
    let mut hand = Hand::default();
    let mut last_closed: Option<Tile> = None;
    let mut meld_spans: SmallVec<[Span; 4]> = SmallVec::new();
    let mut bad_meld = false;

    for item in &line.items {
        match item {
            HandItem::Group(g) => {
                let tiles = line.toks(&g.tiles);
                for t in tiles {
                    hand.closed.push(t.tile);
                }
                last_closed = tiles.last().map(|t| t.tile).or(last_closed);
            }
            HandItem::Meld(m) => match meld(m, line.toks(&m.tiles)) {
                Ok(meld) => {
                    hand.melds.push(meld);
                    meld_spans.push(m.span());
                }
                Err(d) => {
                    bad_meld = true;
                    diags.push(d);
                }
            },
        }
    }
    if rules.red_fives && line.tiles().iter().any(|t| t.red) {
        (hand.red_fives, hand.red_suits) = red_fives(line, &mut diags);
        hand.red_melded = melded_red_suits(line);
    }
    hand.closed.sort_unstable();

    if rules.red_fives
        && line
            .toks
            .get(line.tiles().len()..)
            .is_some_and(|o| o.iter().any(|t| t.red))
    {
        indicator_red_fives(line, &mut diags);
    }
    if any_fifth(line) {
        fifth_copies(line, &mut diags);
    }

    // Options into the situation.
    let mut sit = Situation::default();
    // The first occurrence of each option, by id.
    let mut present: [Option<&OptionTok>; id::COUNT] = [None; id::COUNT];
    // The same, as a bit per option id.
    let mut written = 0u32;
    for opt in &line.options {
        let option_id = opt.id;
        if let Some(prev) = present.get(option_id).copied().flatten() {
            let repeatable = matches!(option_id, id::DORA | id::URA | id::VISIBLE | id::RIVER);
            if !repeatable {
                diags.push(duplicate(line, prev, opt));
                continue;
            }
        } else if let Some(slot) = present.get_mut(option_id) {
            *slot = Some(opt);
            written |= 1 << option_id;
        }
        if let Some(OptionValue::Tiles(ts)) = &opt.value {
            let tiles = line.toks(ts).iter().map(|t| t.tile);
            match option_id {
                id::DORA => tiles.for_each(|t| sit.dora.push(t)),
                id::URA => tiles.for_each(|t| sit.ura.push(t)),
                // The player's discards are seen tiles as well.
                id::RIVER => tiles.for_each(|t| {
                    sit.visible.push(t);
                    sit.river.push(t);
                }),
                _ => tiles.for_each(|t| sit.visible.push(t)),
            }
        }
    }
    situation(&present, written, &mut sit);

    // Tile count and the winning tile.
    let total = hand.size();
    let complete = total == 14;
    let win_opt = present[id::WIN];
    let count_known = !line.recovered && !bad_meld;
    if count_known {
        let ok = match mode {
            Mode::Strict => total == 13 || total == 14,
            Mode::Partial => (1..=14).contains(&total) && !hand.closed.is_empty(),
        };
        let nagashi_only = sit.nagashi && total == 0;
        if !ok && !nagashi_only {
            diags.extend(tile_count(line, &hand, mode));
        }
    }
    if let Some(opt) = win_opt {
        if let Some(OptionValue::Tile(t)) = &opt.value {
            let vspan = opt.value_span().unwrap_or(opt.span());
            if !hand.closed.contains(&t.tile) {
                diags.push(Diagnostic::error(
                    Code::WinNotInHand,
                    vspan,
                    format!(
                        "the winning tile {} is not among the closed tiles; write the hand with the winning tile in it",
                        t.tile
                    ),
                ));
            } else if t.red && rules.red_fives && !closed_red(line, t.tile) {
                // Which is right decides an aka dora, so the line is not priced.
                let letter = t.tile.suit().letter();
                diags.push(Diagnostic::error(
                    Code::WinNotInHand,
                    vspan,
                    format!(
                        "the winning tile is the red five 0{letter}, but the closed tiles have no 0{letter}: write the red five in the hand, or win=5{letter}"
                    ),
                ));
            } else if complete {
                hand.win = Some(t.tile);
            } else if count_known && total == 13 {
                diags.push(Diagnostic::warning(
                    Code::WinOnWaitingHand,
                    opt.span(),
                    "this hand has 13 tiles: it is waiting, so win= has no effect; add the winning tile to the hand",
                ).with_safe_removal("remove win=", opt.span()));
            }
        }
    } else if complete {
        hand.win = last_closed;
    }
    if let Some(opt) = present[id::DISCARD] {
        if let Some(OptionValue::Tile(t)) = &opt.value {
            if count_known && total == 13 {
                diags.push(
                    Diagnostic::warning(
                        Code::DiscardOnWaitingHand,
                        opt.span(),
                        "this hand has 13 tiles: it has drawn nothing to discard, so discard= has no effect; write the hand with the tile it drew",
                    )
                    .with_safe_removal("remove discard=", opt.span()),
                );
            } else if !hand.closed.contains(&t.tile) {
                let vspan = opt.value_span().unwrap_or(opt.span());
                diags.push(Diagnostic::error(
                    Code::DiscardNotInHand,
                    vspan,
                    format!(
                        "the discarded tile {} is not among the closed tiles",
                        t.tile
                    ),
                ));
            }
        }
    }

    contradictions(
        line,
        &present,
        written,
        &hand,
        &meld_spans,
        &sit,
        &mut diags,
    );

    if sit.renhou && rules.renhou == crate::rules::RenhouRule::Off {
        if let Some(o) = present[id::RENHOU] {
            diags.push(Diagnostic::info(
                Code::RuleOff,
                o.span(),
                "renhou is not scored under these rules (rules: renhou=mangan turns it on)",
            ));
        }
    }
    local_words(&present, &hand, &sit, rules, &mut diags);
    if rules.is_sanma() {
        three_player(line, &hand, &meld_spans, &present, &mut diags);
    }

    Validated {
        hand,
        situation: sit,
        diagnostics: diags,
    }
}

/// The words of the local rules and of three-player mahjong: what the
/// rules in force do not score is said (a note), and what cannot be is an
/// error (a paarenchan that is not the dealer's, a fifth North).
#[cold]
#[inline(never)]
fn local_words(
    present: &[Option<&OptionTok>; id::COUNT],
    hand: &Hand,
    sit: &Situation,
    rules: &Rules,
    diags: &mut Vec<Diagnostic>,
) {
    if let Some(o) = present[id::OPEN_RIICHI] {
        if !rules.open_riichi {
            diags.push(Diagnostic::info(
                Code::RuleOff,
                o.span(),
                "open riichi scores as a plain riichi under these rules (rules: open-riichi scores its 2 han)",
            ));
        }
    }
    if let Some(o) = present[id::PAARENCHAN] {
        if !(1..=6).contains(&sit.paarenchan) {
            diags.push(Diagnostic::error(
                Code::InvalidValue,
                o.value_span().unwrap_or(o.span()),
                format!("paarenchan counts 1 to 6 yakuman, not {}", sit.paarenchan),
            ));
        } else if !sit.is_dealer() {
            diags.push(Diagnostic::error(
                Code::Contradiction,
                o.span(),
                format!(
                    "paarenchan is the dealer's eighth win in a row, but seat={} is not the dealer",
                    sit.seat.letter()
                ),
            ));
        } else if !rules.paarenchan {
            diags.push(Diagnostic::info(
                Code::RuleOff,
                o.span(),
                "paarenchan is not scored under these rules (rules: paarenchan turns it on)",
            ));
        }
    }
    if let Some(o) = present[id::NUKI] {
        let span = o.value_span().unwrap_or(o.span());
        let norths = hand
            .closed
            .iter()
            .chain(hand.melds.iter().flat_map(|m| m.tiles.iter()))
            .filter(|&&t| t == Tile::NORTH)
            .count() as u32;
        if sit.nuki > 4 {
            diags.push(Diagnostic::error(
                Code::InvalidValue,
                span,
                format!("nuki counts the Norths set aside, 0 to 4, not {}", sit.nuki),
            ));
        } else if sit.nuki + norths > 4 {
            diags.push(Diagnostic::error(
                Code::FifthTile,
                span,
                format!(
                    "there are only four copies of 4z: {norths} in the hand and {} set aside",
                    sit.nuki
                ),
            ));
        } else if !rules.is_sanma() && sit.nuki > 0 {
            diags.push(Diagnostic::info(
                Code::RuleOff,
                o.span(),
                "North is set aside (nukidora) only in three-player mahjong (rules: sanma, or tenhou-sanma)",
            ));
        }
    }
}

/// What three-player mahjong does not have: 2m-8m (and the red 5m), chi,
/// a North seat or round.
#[cold]
#[inline(never)]
fn three_player(
    line: &HandLine,
    hand: &Hand,
    meld_spans: &[Span],
    present: &[Option<&OptionTok>; id::COUNT],
    diags: &mut Vec<Diagnostic>,
) {
    for t in line.toks.iter().filter(|t| !t.tile.in_three_player()) {
        let written = if t.red {
            "0m".to_string()
        } else {
            t.tile.to_string()
        };
        diags.push(Diagnostic::error(
            Code::NotInSanma,
            t.span(),
            format!("{written} is not played in three-player mahjong: its man suit has only 1m and 9m (2m-8m are taken out)"),
        ));
    }
    for (_, span) in hand
        .melds
        .iter()
        .zip(meld_spans)
        .filter(|(m, _)| m.kind == MeldKind::Chi)
    {
        diags.push(Diagnostic::error(
            Code::NotInSanma,
            span.clone(),
            "there is no chi in three-player mahjong: a called sequence cannot be (pon and kan can)",
        ));
    }
    for k in [id::SEAT, id::ROUND] {
        if let Some(o) = present[k] {
            if let Some(OptionValue::Wind(crate::tile::Wind::North)) = &o.value {
                diags.push(Diagnostic::error(
                    Code::NotInSanma,
                    o.value_span().unwrap_or(o.span()),
                    format!(
                        "three-player mahjong has no North {}: the winds are e, s and w",
                        o.key()
                    ),
                ));
            }
        }
    }
}

/// The red fives of the hand and the suits that hold them (see
/// [`Hand::red_suits`]), with an error on a second one of a suit.
#[cold]
#[inline(never)]
fn red_fives(line: &HandLine, diags: &mut Vec<Diagnostic>) -> (u8, u8) {
    let mut red = [0u8; 3];
    let mut first_red: [Option<Span>; 3] = [None, None, None];
    for t in line.tiles().iter().filter(|t| t.red) {
        let suit = t.tile.suit().index() as usize;
        let (Some(count), Some(first)) = (red.get_mut(suit), first_red.get_mut(suit)) else {
            continue;
        };
        *count = count.saturating_add(1);
        match first {
            None => *first = Some(t.span()),
            Some(first) => {
                let letter = [b'm', b'p', b's'][suit] as char;
                diags.push(
                    Diagnostic::error(
                        Code::ExtraRedFive,
                        t.span(),
                        format!("a second red five of the same suit: there is only one 0{letter}"),
                    )
                    .with_related(first.clone(), "the first red five")
                    .with_fix(format!("write 5{letter}"), t.span(), "5"),
                );
            }
        }
    }
    let suits = red
        .iter()
        .enumerate()
        .fold(0u8, |m, (suit, &n)| m | (u8::from(n > 0) << suit));
    (red.iter().fold(0u8, |a, &b| a.saturating_add(b)), suits)
}

/// The diagnostic of an option written a second time.
#[cold]
#[inline(never)]
fn duplicate(line: &HandLine, prev: &OptionTok, opt: &OptionTok) -> Diagnostic {
    let same = same_value(line, prev, opt);
    let diagnostic = if same {
        Diagnostic::warning(
            Code::DuplicateOption,
            opt.span(),
            format!("'{}' is written twice", opt.key()),
        )
    } else {
        Diagnostic::error(
            Code::DuplicateOption,
            opt.span(),
            format!("'{}' is given two different values", opt.key()),
        )
    };
    let diagnostic = diagnostic.with_related(prev.span(), "first written here");
    let title = format!("remove this '{}'", opt.key());
    // Removing a word written twice changes nothing; removing
    // one of two different values is a choice.
    if same {
        diagnostic.with_safe_removal(title, opt.span())
    } else {
        diagnostic.with_removal(title, opt.span())
    }
}

/// The error of a hand with a tile count no hand has.
#[cold]
#[inline(never)]
fn tile_count(line: &HandLine, hand: &Hand, mode: Mode) -> Option<Diagnostic> {
    let kans = hand.kans();
    let physical = hand.closed.len() + hand.melds.iter().map(|m| m.tiles.len()).sum::<usize>();
    let has = match physical {
        0 => "this line has no tiles".to_string(),
        1 => "this hand has 1 tile".to_string(),
        n => format!("this hand has {n} tiles"),
    };
    let msg = match (mode, kans) {
        (Mode::Strict, 0) => {
            format!("{has}: a winning hand has 14, a waiting hand 13")
        }
        (Mode::Strict, k) => format!(
            "{has}: with {k} kan{}, a winning hand has {}, a waiting hand {}",
            if k == 1 { "" } else { "s" },
            14 + k,
            13 + k
        ),
        (Mode::Partial, _) => format!(
            "{has}: a partial hand has 1 to {} closed tiles",
            14 - 3 * hand.melds.len().min(4)
        ),
    };
    // Without tiles, point at what the line does hold; a line that
    // holds nothing readable has its syntax errors to show.
    let span = if !line.hand_span.is_empty() {
        Some(line.hand_span.clone())
    } else {
        let start = line.options.first().map(|o| o.span().start);
        let end = line
            .claim
            .as_ref()
            .map(|c| c.span.end)
            .or(line.options.last().map(|o| o.span().end));
        let start = start.or(line.claim.as_ref().map(|c| c.span.start));
        start.zip(end).map(|(a, b)| a..b)
    };
    span.map(|span| Diagnostic::error(Code::TileCount, span, msg))
}

/// The suits whose red five is written in a meld (see
/// [`Hand::red_melded`]).
pub(super) fn melded_red_suits(line: &HandLine) -> u8 {
    line.items
        .iter()
        .filter_map(|item| match item {
            HandItem::Meld(m) => Some(line.toks(&m.tiles)),
            HandItem::Group(_) => None,
        })
        .flatten()
        .filter(|t| t.red)
        .fold(0, |m, t| m | (1 << (t.tile.suit().index() & 7)))
}

/// Whether the closed tiles (not the melds) hold the red five `tile`.
pub(super) fn closed_red(line: &HandLine, tile: Tile) -> bool {
    line.items.iter().any(|item| match item {
        HandItem::Group(g) => line.toks(&g.tiles).iter().any(|c| c.red && c.tile == tile),
        HandItem::Meld(_) => false,
    })
}

pub(super) fn meld(m: &MeldTok, toks: &[TileTok]) -> Result<Meld, Diagnostic> {
    let tiles: Tiles<4> = match toks {
        // The usual meld: three or four tiles sorted in a plain array (a
        // fourth slot of three holds the last tile of all, sorted last).
        [a, b, c] | [a, b, c, _] => {
            let mut buf = [
                a.tile,
                b.tile,
                c.tile,
                toks.get(3).map_or(Tile::RED, |t| t.tile),
            ];
            buf.sort_unstable();
            Tiles::from_buf_and_len(buf, toks.len())
        }
        _ => {
            let mut tiles: Tiles<4> = toks.iter().map(|t| t.tile).collect();
            tiles.sort_unstable();
            tiles
        }
    };
    // Sorted: all alike when the first and the last are.
    let same = tiles.first() == tiles.last();
    let run = tiles.len() == 3
        && !tiles[0].is_honor()
        && tiles[0].next() == Some(tiles[1])
        && tiles[1].next() == Some(tiles[2]);
    let kind = match (m.bracket, tiles.len()) {
        (Bracket::Open, 3) if same => Some(MeldKind::Pon),
        (Bracket::Open, 3) if run => Some(MeldKind::Chi),
        (Bracket::Open, 4) if same => Some(MeldKind::OpenKan),
        (Bracket::Closed, 4) if same => Some(MeldKind::ClosedKan),
        _ => None,
    };
    match kind {
        Some(kind) => Ok(Meld { kind, tiles }),
        None => {
            let msg = match (m.bracket, tiles.len()) {
                (Bracket::Closed, 3) if same || run => {
                    "[ ] is a closed kan of four tiles; write closed sets without brackets"
                        .to_string()
                }
                (Bracket::Closed, _) => {
                    "a closed kan [ ] holds four copies of one tile, like [1111s]".to_string()
                }
                (_, 0) => "this meld is empty".to_string(),
                (_, 3) => {
                    "an open meld is a sequence (123m) or a triplet (555p); these tiles are neither"
                        .to_string()
                }
                (_, 4) => "an open kan holds four copies of one tile, like (1111s)".to_string(),
                (_, n) => format!("a meld holds 3 tiles (4 for a kan), not {n}"),
            };
            Err(Diagnostic::error(Code::InvalidMeld, m.span(), msg))
        }
    }
}

/// Whether the hand, with the tiles of `dora=`, `ura=` and `visible=`,
/// holds a fifth copy of a tile. The tokens after the hand's are exactly
/// those of these options, so this is one loop over the line's tokens. The
/// counts are bit sets of the kinds held once, twice, three and four times:
/// they live in registers, where a count array in memory makes each tile of
/// a run (`222z`) wait on the store of the one before (measured: a count
/// array takes fewer instructions and more time).
pub(super) fn any_fifth(line: &HandLine) -> bool {
    let [mut one, mut two, mut three, mut four, mut five] = [0u64; 5];
    for t in &line.toks {
        let bit = 1u64 << t.tile.index();
        five |= four & bit;
        four |= three & bit;
        three |= two & bit;
        two |= one & bit;
        one |= bit;
    }
    five != 0
}

/// A fifth copy of a tile is an error; a fifth made only by dora or ura
/// indicators is a warning (the indicator was probably mistyped).
#[inline(never)]
#[cold]
fn fifth_copies(line: &HandLine, diags: &mut Vec<Diagnostic>) {
    let mut copies = [0u8; KINDS];
    for t in line.tiles() {
        let index = t.tile.index();
        copies[index] = copies[index].saturating_add(1);
        if copies[index] == 5 {
            let first = line
                .tiles()
                .iter()
                .find(|f| f.tile == t.tile)
                .map(|f| f.span());
            let mut diagnostic = Diagnostic::error(
                Code::FifthTile,
                t.span(),
                format!(
                    "a fifth {}: there are only four of each tile",
                    t.tile.name()
                ),
            );
            if let Some(f) = first {
                diagnostic = diagnostic.with_related(f, "the first copy");
            }
            diags.push(diagnostic);
        }
    }
    // In written order, so that the warning falls on the copy written fifth.
    for (what, t) in indicator_tiles(line) {
        let index = t.tile.index();
        copies[index] = copies[index].saturating_add(1);
        if copies[index] == 5 {
            diags.push(Diagnostic::warning(
                Code::FifthTileIndicator,
                t.span(),
                format!(
                    "this {what} is a fifth {}: the hand, indicators and visible tiles already hold four",
                    t.tile.name()
                ),
            ));
        }
    }
}

/// The tiles of `dora=`, `ura=` and `visible=`, in written order, each
/// with what it is (for messages).
fn indicator_tiles(line: &HandLine) -> impl Iterator<Item = (&'static str, &TileTok)> {
    line.options.iter().flat_map(move |opt| {
        let what = match opt.id {
            id::DORA => "dora indicator",
            id::URA => "ura indicator",
            id::VISIBLE => "visible tile",
            id::RIVER => "river tile",
            _ => "",
        };
        let toks = match &opt.value {
            Some(OptionValue::Tiles(ts)) if !what.is_empty() => line.toks(ts),
            _ => &[],
        };
        toks.iter().map(move |t| (what, t))
    })
}

/// A second red five of a suit made by an indicator or a visible tile: a
/// warning, as a fifth copy made so is (the hand's own are errors, in
/// [`red_fives`]).
#[inline(never)]
#[cold]
fn indicator_red_fives(line: &HandLine, diags: &mut Vec<Diagnostic>) {
    let mut seen = [false; 4];
    for t in line.tiles().iter().filter(|t| t.red) {
        seen[usize::from(t.tile.suit().index() & 3)] = true;
    }
    for (what, t) in indicator_tiles(line).filter(|(_, t)| t.red) {
        let suit = usize::from(t.tile.suit().index() & 3);
        if seen[suit] {
            diags.push(Diagnostic::warning(
                Code::ExtraRedFive,
                t.span(),
                format!(
                    "this {what} is a second red five of its suit: there is only one 0{}",
                    ['m', 'p', 's', 'z'][suit]
                ),
            ));
        }
        seen[suit] = true;
    }
}

/// Whether two options with the same key say the same thing (a repeated
/// word is a warning, a different value an error).
fn same_value(line: &HandLine, a: &OptionTok, b: &OptionTok) -> bool {
    let tiles = |t: &TileTok| (t.tile, t.red);
    match (&a.value, &b.value) {
        (Some(OptionValue::Tile(x)), Some(OptionValue::Tile(y))) => tiles(x) == tiles(y),
        (Some(OptionValue::Tiles(x)), Some(OptionValue::Tiles(y))) => line
            .toks(x)
            .iter()
            .map(tiles)
            .eq(line.toks(y).iter().map(tiles)),
        (Some(OptionValue::Flag), Some(OptionValue::Flag)) => true,
        (Some(OptionValue::Number(x)), Some(OptionValue::Number(y))) => x == y,
        (Some(OptionValue::Wind(x)), Some(OptionValue::Wind(y))) => x == y,
        _ => false,
    }
}

/// The situation the written words state (the first of each; the tiles of
/// `dora=`, `ura=` and `visible=` are gathered as they come).
fn situation(present: &[Option<&OptionTok>; id::COUNT], written: u32, sit: &mut Situation) {
    flags(written, sit);
    let value = |k: usize| present[k].and_then(|o| o.value.as_ref());
    if let Some(OptionValue::Wind(w)) = value(id::SEAT) {
        sit.seat = *w;
    }
    if let Some(OptionValue::Wind(w)) = value(id::ROUND) {
        sit.round = *w;
    }
    if let Some(OptionValue::Number(n)) = value(id::HONBA) {
        sit.honba = *n;
    }
    if let Some(OptionValue::Number(n)) = value(id::STICKS) {
        sit.sticks = *n;
    }
    if let Some(OptionValue::Number(n)) = value(id::NUKI) {
        sit.nuki = *n;
    }
    match value(id::PAARENCHAN) {
        Some(OptionValue::Number(n)) => sit.paarenchan = *n,
        Some(_) => sit.paarenchan = 1,
        None => {}
    }
    if let Some(OptionValue::Tile(t)) = value(id::DISCARD) {
        sit.discard = Some(t.tile);
    }
}

/// The situation's flags, from a bit per option id written. Read as bits:
/// a `match` on each word's id compiles to an indirect jump that random
/// lines keep mispredicting.
pub(super) fn flags(written: u32, sit: &mut Situation) {
    let has = |k: usize| written & (1 << k) != 0;
    // `open-riichi` is a riichi, or with `double-riichi` a double one.
    sit.riichi = if has(id::DOUBLE_RIICHI) {
        Riichi::Double
    } else if has(id::RIICHI) | has(id::OPEN_RIICHI) {
        Riichi::Riichi
    } else {
        Riichi::None
    };
    sit.open_riichi = has(id::OPEN_RIICHI);
    sit.ippatsu = has(id::IPPATSU);
    sit.last_tile = has(id::HAITEI) | has(id::HOUTEI);
    sit.rinshan = has(id::RINSHAN);
    sit.chankan = has(id::CHANKAN);
    sit.tenhou = has(id::TENHOU);
    sit.chiihou = has(id::CHIIHOU);
    sit.renhou = has(id::RENHOU);
    sit.nagashi = has(id::NAGASHI);
    // Without tsumo or ron, the last-tile, kan and first-draw yaku say
    // how the hand was won.
    sit.tsumo = has(id::TSUMO)
        | (!has(id::RON)
            & (has(id::HAITEI) | has(id::RINSHAN) | has(id::TENHOU) | has(id::CHIIHOU)));
}

/// Two written words that cannot both hold: the second one is flagged.
static CONFLICTS: [(usize, usize, &str); 42] = [
    (
        id::TSUMO,
        id::RON,
        "a hand is won by tsumo or by ron, not both",
    ),
    (
        id::HAITEI,
        id::RON,
        "haitei is a win by tsumo on the last tile; on a ron it is houtei",
    ),
    (
        id::HOUTEI,
        id::TSUMO,
        "houtei is a win by ron on the last discard; on a tsumo it is haitei",
    ),
    (
        id::HAITEI,
        id::HOUTEI,
        "haitei (tsumo) and houtei (ron) cannot both hold",
    ),
    (
        id::CHANKAN,
        id::TSUMO,
        "chankan is a ron on a tile added to a kan, never a tsumo",
    ),
    (
        id::RINSHAN,
        id::RON,
        "rinshan is a tsumo on the tile drawn after a kan, never a ron",
    ),
    (
        id::RINSHAN,
        id::HAITEI,
        "the tile drawn after a kan is not the last tile of the wall",
    ),
    (
        id::TENHOU,
        id::RON,
        "tenhou is a tsumo on the dealer's first draw",
    ),
    (id::CHIIHOU, id::RON, "chiihou is a tsumo on the first draw"),
    (
        id::TENHOU,
        id::CHIIHOU,
        "tenhou is the dealer's, chiihou a non-dealer's: not both",
    ),
    (
        id::RENHOU,
        id::TSUMO,
        "renhou is a ron before the first draw",
    ),
    (
        id::TENHOU,
        id::RIICHI,
        "tenhou comes on the first draw, before any riichi",
    ),
    (
        id::CHIIHOU,
        id::RIICHI,
        "chiihou comes on the first draw, before any riichi",
    ),
    // A ron-only word against a word that makes the win a tsumo.
    (
        id::HOUTEI,
        id::RINSHAN,
        "houtei is a ron on the last discard; rinshan is a tsumo on the tile drawn after a kan",
    ),
    (
        id::HOUTEI,
        id::TENHOU,
        "houtei is a ron on the last discard; tenhou is a tsumo on the first draw",
    ),
    (
        id::HOUTEI,
        id::CHIIHOU,
        "houtei is a ron on the last discard; chiihou is a tsumo on the first draw",
    ),
    (
        id::CHANKAN,
        id::HAITEI,
        "chankan is a ron on a tile added to a kan; haitei is a tsumo",
    ),
    (
        id::CHANKAN,
        id::RINSHAN,
        "chankan is a ron on a tile added to a kan; rinshan is a tsumo",
    ),
    (
        id::CHANKAN,
        id::TENHOU,
        "chankan is a ron on a tile added to a kan; tenhou is a tsumo",
    ),
    (
        id::CHANKAN,
        id::CHIIHOU,
        "chankan is a ron on a tile added to a kan; chiihou is a tsumo",
    ),
    (
        id::RENHOU,
        id::HAITEI,
        "renhou is a ron before the first draw; haitei is a tsumo on the last tile",
    ),
    (
        id::RENHOU,
        id::RINSHAN,
        "renhou is a ron before the first draw; rinshan is a tsumo",
    ),
    (
        id::RENHOU,
        id::TENHOU,
        "renhou is a ron before the first draw; tenhou is a tsumo",
    ),
    (
        id::RENHOU,
        id::CHIIHOU,
        "renhou is a ron before the first draw; chiihou is a tsumo",
    ),
    // Moments that never meet.
    (
        id::RENHOU,
        id::RIICHI,
        "renhou comes before the player's first discard, so before any riichi",
    ),
    (
        id::RENHOU,
        id::DOUBLE_RIICHI,
        "renhou comes before the player's first discard, so before any riichi",
    ),
    (
        id::TENHOU,
        id::HAITEI,
        "tenhou is on the first draw, not the last tile of the wall",
    ),
    (
        id::CHIIHOU,
        id::HAITEI,
        "chiihou is on the first draw, not the last tile of the wall",
    ),
    (
        id::CHANKAN,
        id::HOUTEI,
        "no kan is declared on the last tile, so there is no chankan on it",
    ),
    (
        id::RINSHAN,
        id::IPPATSU,
        "a kan after riichi, a closed one too, ends ippatsu, so a win on the tile drawn after it is never ippatsu",
    ),
    (
        id::RENHOU,
        id::HOUTEI,
        "renhou is a ron before the first draw, not on the last discard",
    ),
    (
        id::RENHOU,
        id::CHANKAN,
        "renhou is a ron before any call, and a kan is added only to a called pon",
    ),
    (
        id::NAGASHI,
        id::TSUMO,
        NAGASHI_IS_A_DRAW,
    ),
    (
        id::NAGASHI,
        id::RON,
        NAGASHI_IS_A_DRAW,
    ),
    (
        id::NAGASHI,
        id::IPPATSU,
        NAGASHI_IS_A_DRAW,
    ),
    (
        id::NAGASHI,
        id::HAITEI,
        NAGASHI_IS_A_DRAW,
    ),
    (
        id::NAGASHI,
        id::HOUTEI,
        NAGASHI_IS_A_DRAW,
    ),
    (
        id::NAGASHI,
        id::RINSHAN,
        NAGASHI_IS_A_DRAW,
    ),
    (
        id::NAGASHI,
        id::CHANKAN,
        NAGASHI_IS_A_DRAW,
    ),
    (
        id::NAGASHI,
        id::TENHOU,
        NAGASHI_IS_A_DRAW,
    ),
    (
        id::NAGASHI,
        id::CHIIHOU,
        NAGASHI_IS_A_DRAW,
    ),
    (
        id::NAGASHI,
        id::RENHOU,
        NAGASHI_IS_A_DRAW,
    ),
];

const NAGASHI_IS_A_DRAW: &str = "nagashi mangan is paid at an exhaustive draw, where no one wins";

/// For each option id, the ids it conflicts with in [`CONFLICTS`] (as the
/// first word of a pair).
static CONFLICT_MASKS: [u32; id::COUNT] = {
    let mut masks = [0u32; id::COUNT];
    let mut k = 0;
    while k < CONFLICTS.len() {
        let (a, b, _) = CONFLICTS[k];
        masks[a] |= 1 << b;
        k += 1;
    }
    masks
};

/// Whether the words written (a bit per option id) hold a pair of
/// [`CONFLICTS`]: the masks of every id written, selected without a
/// branch (a loop over the words written mispredicts its exit, their
/// number changing from line to line).
pub(super) fn clashes(written: u32) -> bool {
    let mut conflicting = 0;
    for (k, mask) in CONFLICT_MASKS.iter().enumerate() {
        conflicting |= mask & 0u32.wrapping_sub(written >> k & 1);
    }
    conflicting & written != 0
}

/// Why options `a` and `b` cannot be written together, in either order
/// (completion leaves such a word out).
pub fn conflicting(a: usize, b: usize) -> Option<&'static str> {
    CONFLICTS
        .iter()
        .find(|(x, y, _)| (*x, *y) == (a, b) || (*x, *y) == (b, a))
        .map(|(_, _, why)| *why)
}

/// The contradictions between the written words, and between the words and
/// the tiles. The checks are a few bit tests on the words present; the
/// diagnostics are built out of line, since a line rarely has one.
#[inline(never)]
fn contradictions(
    line: &HandLine,
    present: &[Option<&OptionTok>; id::COUNT],
    written: u32,
    hand: &Hand,
    meld_spans: &[Span],
    sit: &Situation,
    diags: &mut Vec<Diagnostic>,
) {
    let has = |k: usize| written & (1 << k) != 0;
    let opt = |k: usize| present[k];

    // A line almost never has a pair of the table: it is walked only then.
    if clashes(written) {
        for &(a, b, why) in &CONFLICTS {
            if has(a) && has(b) {
                if let (Some(oa), Some(ob)) = (opt(a), opt(b)) {
                    conflict(diags, ob, oa, why);
                }
            }
        }
    }
    if has(id::DOUBLE_RIICHI) {
        for first in [id::TENHOU, id::CHIIHOU] {
            if let (Some(o), Some(d)) = (opt(first), opt(id::DOUBLE_RIICHI)) {
                let why = format!("{} comes on the first draw, before any riichi", o.key());
                conflict(diags, d, o, &why);
            }
        }
        if let (Some(d), Some(r)) = (opt(id::DOUBLE_RIICHI), opt(id::RIICHI)) {
            diags.push(riichi_twice(d, r));
        }
    }

    // A word against the tiles.
    const CLOSED_ONLY: [usize; 3] = [id::RIICHI, id::DOUBLE_RIICHI, id::OPEN_RIICHI];
    const NO_CALLS: [usize; 3] = [id::TENHOU, id::CHIIHOU, id::RENHOU];
    if !meld_spans.is_empty() {
        let open_meld = hand
            .melds
            .iter()
            .zip(meld_spans)
            .find(|(m, _)| m.is_open())
            .map(|(_, s)| s);
        for k in CLOSED_ONLY {
            if let (Some(o), Some(meld)) = (opt(k), open_meld) {
                diags.push(against_meld(
                    o,
                    meld,
                    "needs a closed hand, but this hand has an open meld",
                    "the open meld",
                ));
            }
        }
        for k in NO_CALLS {
            if let (Some(o), Some(meld)) = (opt(k), meld_spans.first()) {
                diags.push(against_meld(
                    o,
                    meld,
                    "is a win before any call, but this hand has a meld",
                    "the meld",
                ));
            }
        }
    }
    if let Some(o) = opt(id::RINSHAN) {
        // A North set aside (three-player) draws a replacement tile too.
        if hand.kans() == 0 && sit.nuki == 0 && !line.recovered {
            diags.push(missing(
                o,
                "rinshan is a win on the tile drawn after a kan, but this hand has no kan",
            ));
        }
    }
    if let (Some(o), Some(w)) = (opt(id::CHANKAN), hand.win) {
        if robbed_tile_held(&hand.closed, &hand.melds, w) {
            diags.push(robbed_held(o, w));
        }
    }
    if sit.riichi == Riichi::None {
        if let Some(o) = opt(id::IPPATSU) {
            diags.push(missing(o, "ippatsu is a win within a turn of riichi, but this line has no riichi or double-riichi"));
        }
        if let Some(o) = opt(id::URA) {
            diags.push(missing(o, "ura-dora count only for a riichi hand, but this line has no riichi or double-riichi"));
        }
    }
    // Seat against the first-draw yaku.
    if sit.is_dealer() {
        for k in [id::CHIIHOU, id::RENHOU] {
            // tenhou + chiihou is already reported as such.
            if let Some(o) = opt(k).filter(|_| !(k == id::CHIIHOU && has(id::TENHOU))) {
                diags.push(dealer_only(o, opt(id::SEAT)));
            }
        }
    } else if let Some(o) = opt(id::TENHOU) {
        diags.push(not_dealer(o, sit, opt(id::SEAT)));
    }
}

/// A word the tiles contradict: riichi on an open hand, tenhou with a meld.
#[cold]
#[inline(never)]
fn against_meld(o: &OptionTok, meld: &Span, why: &str, what: &str) -> Diagnostic {
    Diagnostic::error(Code::Contradiction, o.span(), format!("{} {why}", o.key()))
        .with_related(meld.clone(), what)
        .with_removal(format!("remove '{}'", o.key()), o.span())
}

/// Whether the hand holds another copy of the tile `w` it won by chankan.
/// That tile is the fourth of its kind, added to an opponent's pon that
/// holds the other three, so the winner can hold none of them.
pub(crate) fn robbed_tile_held(closed: &[Tile], melds: &[Meld], w: Tile) -> bool {
    closed.iter().filter(|&&c| c == w).count() > 1 || melds.iter().any(|m| m.tiles.contains(&w))
}

#[cold]
#[inline(never)]
fn robbed_held(o: &OptionTok, w: Tile) -> Diagnostic {
    Diagnostic::error(
        Code::Contradiction,
        o.span(),
        format!("chankan robs the fourth {w}, added to a pon of the other three, but this hand holds another {w}"),
    )
    .with_removal("remove 'chankan'", o.span())
}

/// A word whose condition the line does not state.
#[cold]
#[inline(never)]
fn missing(o: &OptionTok, why: &str) -> Diagnostic {
    Diagnostic::error(Code::MissingRequirement, o.span(), why)
        .with_removal(format!("remove '{}'", o.key()), o.span())
}

#[cold]
#[inline(never)]
fn riichi_twice(double: &OptionTok, riichi: &OptionTok) -> Diagnostic {
    Diagnostic::warning(
        Code::DuplicateOption,
        riichi.span(),
        "double-riichi already includes riichi",
    )
    .with_related(double.span(), "double-riichi")
    .with_removal("remove 'riichi'", riichi.span())
}

#[cold]
#[inline(never)]
fn not_dealer(o: &OptionTok, sit: &Situation, seat: Option<&OptionTok>) -> Diagnostic {
    let diagnostic = Diagnostic::error(
        Code::Contradiction,
        o.span(),
        format!(
            "tenhou is the dealer's win, but seat={} is not the dealer",
            sit.seat.letter()
        ),
    )
    .with_removal("remove 'tenhou'", o.span());
    match seat {
        Some(s) => diagnostic.with_related(s.span(), "the seat"),
        None => diagnostic,
    }
}

#[cold]
#[inline(never)]
fn dealer_only(o: &OptionTok, seat: Option<&OptionTok>) -> Diagnostic {
    let key = o.key();
    let msg = match seat {
        Some(_) => format!("{key} is a non-dealer's win, but seat=e is the dealer"),
        None => format!("{key} is a non-dealer's win, but the seat is East (the dealer) when no seat= is written"),
    };
    let diagnostic = Diagnostic::error(Code::Contradiction, o.span(), msg);
    match seat {
        Some(s) => diagnostic.with_related(s.span(), "the seat"),
        None => diagnostic,
    }
}

#[cold]
#[inline(never)]
fn conflict(diags: &mut Vec<Diagnostic>, flagged: &OptionTok, other: &OptionTok, why: &str) {
    diags.push(
        Diagnostic::error(
            Code::Contradiction,
            flagged.span(),
            format!("'{}' contradicts '{}': {why}", flagged.key(), other.key()),
        )
        .with_related(other.span(), format!("'{}' is written here", other.key()))
        .with_removal(format!("remove '{}'", flagged.key()), flagged.span()),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{ast::LineKind, parse_line};

    fn fixes(text: &str) -> Vec<(&'static str, String)> {
        let line = parse_line(text);
        let LineKind::Hand(hand) = &line.kind else {
            panic!("a hand line: {text}");
        };
        let mut diagnostics =
            super::super::validate(hand, &Rules::tenhou(), Mode::Strict).diagnostics;
        crate::diag::settle_removals(text, &mut diagnostics);
        diagnostics
            .iter()
            .filter_map(|d| {
                Some((
                    d.code.as_str(),
                    text[d.fixes.first()?.span.clone()].to_string(),
                ))
            })
            .collect()
    }

    #[test]
    fn a_removed_option_takes_the_space_before_it() {
        assert_eq!(
            fixes("123m456p789s11222z riichi tsumo riichi"),
            [("duplicate-option", " riichi".to_string())]
        );
        // With nothing written before it but the hand's tiles.
        assert_eq!(
            fixes("123m456p789s1122z win=2z riichi"),
            [("win-on-waiting-hand", " win=2z".to_string())]
        );
    }

    /// A removal takes its word and one separator, never the words between
    /// it and the option before (typos, words of other tools).
    #[test]
    fn a_removed_option_leaves_the_unknown_words_around_it() {
        for (line, code, removed) in [
            (
                "123m456p789s11222z win=2z reichi win=2z",
                "duplicate-option",
                " win=2z",
            ),
            (
                "123m456p789s11222z tsumo xyz tsumo => 1000",
                "duplicate-option",
                " tsumo",
            ),
            (
                "123m456p789s11222z seat=s dora=1m abc seat=s",
                "duplicate-option",
                " seat=s",
            ),
            (
                "123m456p789s1122z reach win=2z",
                "win-on-waiting-hand",
                " win=2z",
            ),
            (
                "123m456p789s1122z rinshan-kaihou discard=2z",
                "discard-on-waiting-hand",
                " discard=2z",
            ),
        ] {
            let found = fixes(line);
            let removal = found.iter().find(|(c, _)| *c == code);
            assert_eq!(
                removal,
                Some(&(code, removed.to_string())),
                "{line}: {found:?}"
            );
        }
    }

    #[test]
    fn a_word_repeated_thousands_of_times_is_validated_in_linear_time() {
        // Each repetition's fix looked at every option: this took minutes.
        let line = format!("123m456p789s11222z{}", " riichi".repeat(1 << 16));
        let found = fixes(&line);
        assert_eq!(found.len(), (1 << 16) - 1);
        assert!(found
            .iter()
            .all(|(code, removed)| *code == "duplicate-option" && removed == " riichi"));
    }
}
