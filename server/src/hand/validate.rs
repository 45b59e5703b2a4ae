//! A parsed hand line -> [`Hand`] + [`Situation`], with every semantic
//! diagnostic: illegal melds, fifth copies, tile counts, the winning tile,
//! and contradictions between options.

use crate::diag::Diagnostic;
use crate::notation::ast::{
    Bracket, HandItem, HandLine, MeldTok, OptionTok, OptionValue, Span, TileTok,
};
use crate::score::rules::Rules;
use crate::tile::{Tile, KINDS};

use super::{Hand, Meld, MeldKind, Riichi, Situation};

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

/// Parses and strictly validates one hand line. `Err` holds every diagnostic
/// when any of them (syntax or semantic) is an error.
pub fn parse_hand(text: &str, rules: &Rules) -> Result<(Hand, Situation), Vec<Diagnostic>> {
    let line = crate::notation::parse_line(text);
    let crate::notation::ast::LineKind::Hand(hand_line) = &line.kind else {
        return Err(vec![Diagnostic::error(
            "not-a-hand",
            0..text.len(),
            "this line holds no hand (it is blank, a comment or a rules: line)",
        )]);
    };
    let v = validate(hand_line, rules, Mode::Strict);
    if v.has_errors() || !line.errors.is_empty() {
        let mut all = line.errors;
        all.extend(v.diagnostics);
        return Err(all);
    }
    Ok((v.hand, v.situation))
}

/// Validates a parsed hand line.
pub fn validate(line: &HandLine, rules: &Rules, mode: Mode) -> Validated {
    let mut diags = Vec::new();
    let mut hand = Hand::default();
    let mut closed_toks: Vec<&TileTok> = Vec::new();
    let mut meld_spans: Vec<Span> = Vec::new();
    let mut bad_meld = false;
    let mut red = [0u8; 3];
    let mut red_spans: [Vec<Span>; 3] = Default::default();

    for item in &line.items {
        match item {
            HandItem::Group(g) => closed_toks.extend(g.tiles.iter()),
            HandItem::Meld(m) => match meld(m) {
                Ok(meld) => {
                    hand.melds.push(meld);
                    meld_spans.push(m.span.clone());
                }
                Err(d) => {
                    bad_meld = true;
                    diags.push(d);
                }
            },
        }
    }
    for t in line.tiles() {
        if t.red && rules.red_fives {
            let s = t.tile.suit().index() as usize;
            if s < 3 {
                red[s] = red[s].saturating_add(1);
                red_spans[s].push(t.span.clone());
            }
        }
    }
    for (s, spans) in red_spans.iter().enumerate() {
        if let Some((first, rest)) = spans.split_first() {
            for sp in rest {
                let letter = [b'm', b'p', b's'][s] as char;
                diags.push(
                    Diagnostic::error(
                        "extra-red-five",
                        sp.clone(),
                        format!("a second red five of the same suit: there is only one 0{letter}"),
                    )
                    .with_related(first.clone(), "the first red five")
                    .with_fix(format!("write 5{letter}"), sp.clone(), "5"),
                );
            }
        }
    }
    hand.red_fives = red.iter().fold(0u8, |a, &b| a.saturating_add(b));
    hand.closed = closed_toks.iter().map(|t| t.tile).collect();
    hand.closed.sort_unstable();

    fifth_copies(line, &mut diags);

    // Options into the situation.
    let mut sit = Situation::default();
    let mut seen: Vec<&OptionTok> = Vec::with_capacity(line.options.len());
    for opt in &line.options {
        if let Some(prev) = seen.iter().find(|p| p.key == opt.key) {
            let repeatable = matches!(opt.key.as_str(), "dora" | "ura" | "visible");
            if !repeatable {
                let same =
                    prev.raw_value.as_ref().map(|v| &v.0) == opt.raw_value.as_ref().map(|v| &v.0);
                let d = if same {
                    Diagnostic::warning(
                        "duplicate-option",
                        opt.span.clone(),
                        format!("'{}' is written twice", opt.key),
                    )
                } else {
                    Diagnostic::error(
                        "duplicate-option",
                        opt.span.clone(),
                        format!("'{}' is given two different values", opt.key),
                    )
                };
                diags.push(
                    d.with_related(prev.span.clone(), "first written here")
                        .with_fix(
                            format!("remove this '{}'", opt.key),
                            removal(line, &opt.span),
                            "",
                        ),
                );
                continue;
            }
        }
        seen.push(opt);
        apply(opt, &mut sit);
    }

    // Tile count and the winning tile.
    let kans = hand.kans();
    let total = hand.closed.len() + 3 * hand.melds.len();
    let complete = total == 14;
    let win_opt = line.option("win");
    let count_known = !line.recovered && !bad_meld;
    if count_known {
        let ok = match mode {
            Mode::Strict => total == 13 || total == 14,
            Mode::Partial => (1..=14).contains(&total) && !hand.closed.is_empty(),
        };
        let nagashi_only = sit.nagashi && total == 0;
        if !ok && !nagashi_only {
            let physical =
                hand.closed.len() + hand.melds.iter().map(|m| m.tiles.len()).sum::<usize>();
            let msg = if mode == Mode::Strict {
                format!(
                    "this hand has {physical} tiles; a winning hand has {} and a waiting hand {} (14 and 13, plus one per kan)",
                    14 + kans,
                    13 + kans
                )
            } else {
                format!(
                    "this hand has {physical} tiles; a partial hand has 1 to {} closed tiles",
                    14 - 3 * hand.melds.len().min(4)
                )
            };
            let span = if !line.hand_span.is_empty() {
                line.hand_span.clone()
            } else {
                // No tiles at all: point at what the line does hold.
                match (line.options.first(), line.options.last()) {
                    (Some(a), Some(b)) => a.span.start..b.span.end,
                    _ => line.hand_span.clone(),
                }
            };
            diags.push(Diagnostic::error("tile-count", span, msg));
        }
    }
    if let Some(opt) = win_opt {
        if let Some(OptionValue::Tile(t)) = &opt.value {
            let vspan = opt
                .raw_value
                .as_ref()
                .map_or(opt.span.clone(), |v| v.1.clone());
            if !hand.closed.contains(&t.tile) {
                diags.push(Diagnostic::error(
                    "win-not-in-hand",
                    vspan,
                    format!(
                        "the winning tile {} is not among the closed tiles; write the hand with the winning tile in it",
                        t.tile
                    ),
                ));
            } else if complete {
                hand.win = Some(t.tile);
            } else if count_known && total == 13 {
                diags.push(Diagnostic::warning(
                    "win-on-waiting-hand",
                    opt.span.clone(),
                    "this hand has 13 tiles: it is waiting, so win= has no effect; add the winning tile to the hand",
                ).with_fix("remove win=", removal(line, &opt.span), ""));
            }
        }
    } else if complete {
        hand.win = closed_toks.last().map(|t| t.tile);
    }
    if let Some(opt) = line.option("discard") {
        if let Some(OptionValue::Tile(t)) = &opt.value {
            if !hand.closed.contains(&t.tile) {
                let vspan = opt
                    .raw_value
                    .as_ref()
                    .map_or(opt.span.clone(), |v| v.1.clone());
                diags.push(Diagnostic::error(
                    "discard-not-in-hand",
                    vspan,
                    format!(
                        "the discarded tile {} is not among the closed tiles",
                        t.tile
                    ),
                ));
            }
        }
    }

    // Implied win method: the last-tile, kan and first-draw yaku say it.
    if line.option("tsumo").is_none() && line.option("ron").is_none() {
        sit.tsumo = ["haitei", "rinshan", "tenhou", "chiihou"]
            .iter()
            .any(|k| line.option(k).is_some());
    }

    contradictions(line, &hand, &meld_spans, &sit, &mut diags);

    if sit.renhou && rules.renhou == crate::score::rules::RenhouRule::Off {
        if let Some(o) = line.option("renhou") {
            diags.push(Diagnostic::info(
                "rule-off",
                o.span.clone(),
                "renhou is not scored under these rules (rules: renhou=mangan turns it on)",
            ));
        }
    }

    Validated {
        hand,
        situation: sit,
        diagnostics: diags,
    }
}

fn meld(m: &MeldTok) -> Result<Meld, Diagnostic> {
    let mut tiles: Vec<Tile> = m.tiles.iter().map(|t| t.tile).collect();
    tiles.sort_unstable();
    let same = tiles.windows(2).all(|w| w[0] == w[1]);
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
            Err(Diagnostic::error("invalid-meld", m.span.clone(), msg))
        }
    }
}

/// A fifth copy of a tile is an error; a fifth made only by dora or ura
/// indicators is a warning (the indicator was probably mistyped).
fn fifth_copies(line: &HandLine, diags: &mut Vec<Diagnostic>) {
    let mut first: [Option<Span>; KINDS] = std::array::from_fn(|_| None);
    let mut n = [0u8; KINDS];
    for t in line.tiles() {
        let i = t.tile.index();
        n[i] = n[i].saturating_add(1);
        if first[i].is_none() {
            first[i] = Some(t.span.clone());
        }
        if n[i] == 5 {
            let mut d = Diagnostic::error(
                "fifth-tile",
                t.span.clone(),
                format!(
                    "a fifth {}: there are only four of each tile",
                    t.tile.name()
                ),
            );
            if let Some(f) = &first[i] {
                d = d.with_related(f.clone(), "the first copy");
            }
            diags.push(d);
        }
    }
    for key in ["dora", "ura"] {
        for opt in line.options.iter().filter(|o| o.key == key) {
            let Some(OptionValue::Tiles(ts)) = &opt.value else {
                continue;
            };
            for t in ts {
                let i = t.tile.index();
                n[i] = n[i].saturating_add(1);
                if n[i] == 5 {
                    diags.push(Diagnostic::warning(
                        "fifth-tile-indicator",
                        t.span.clone(),
                        format!(
                            "this {key} indicator is a fifth {}: the hand and indicators already hold four",
                            t.tile.name()
                        ),
                    ));
                }
            }
        }
    }
}

fn apply(opt: &OptionTok, sit: &mut Situation) {
    match (opt.key.as_str(), &opt.value) {
        ("tsumo", _) => sit.tsumo = true,
        // `ron` is the default; with `tsumo` as well it is a contradiction.
        ("ron", _) => {}
        ("riichi", _) if sit.riichi == Riichi::None => sit.riichi = Riichi::Riichi,
        ("double-riichi", _) => sit.riichi = Riichi::Double,
        ("ippatsu", _) => sit.ippatsu = true,
        ("haitei" | "houtei", _) => sit.last_tile = true,
        ("rinshan", _) => sit.rinshan = true,
        ("chankan", _) => sit.chankan = true,
        ("tenhou", _) => sit.tenhou = true,
        ("chiihou", _) => sit.chiihou = true,
        ("renhou", _) => sit.renhou = true,
        ("nagashi", _) => sit.nagashi = true,
        ("seat", Some(OptionValue::Wind(w))) => sit.seat = *w,
        ("round", Some(OptionValue::Wind(w))) => sit.round = *w,
        ("dora", Some(OptionValue::Tiles(ts))) => sit.dora.extend(ts.iter().map(|t| t.tile)),
        ("ura", Some(OptionValue::Tiles(ts))) => sit.ura.extend(ts.iter().map(|t| t.tile)),
        ("visible", Some(OptionValue::Tiles(ts))) => sit.visible.extend(ts.iter().map(|t| t.tile)),
        ("honba", Some(OptionValue::Number(n))) => sit.honba = *n,
        ("sticks", Some(OptionValue::Number(n))) => sit.sticks = *n,
        ("discard", Some(OptionValue::Tile(t))) => sit.discard = Some(t.tile),
        _ => {}
    }
}

/// The span to delete to remove an option: the word and the space before it.
pub(crate) fn removal(line: &HandLine, span: &Span) -> Span {
    let before = line
        .options
        .iter()
        .map(|o| o.span.end)
        .chain((!line.hand_span.is_empty()).then_some(line.hand_span.end))
        .filter(|&e| e <= span.start)
        .max();
    match before {
        Some(e) => e..span.end,
        None => {
            let after = line
                .options
                .iter()
                .map(|o| o.span.start)
                .filter(|&s| s >= span.end)
                .min();
            span.start..after.unwrap_or(span.end)
        }
    }
}

fn contradictions(
    line: &HandLine,
    hand: &Hand,
    meld_spans: &[Span],
    sit: &Situation,
    diags: &mut Vec<Diagnostic>,
) {
    let opt = |k: &str| line.option(k);
    let open_meld = hand
        .melds
        .iter()
        .zip(meld_spans)
        .find(|(m, _)| m.is_open())
        .map(|(_, s)| s.clone());
    let any_meld = meld_spans.first().cloned();

    // Two written words that cannot both hold: the second one is flagged.
    let pairs: [(&str, &str, &str); 13] = [
        ("tsumo", "ron", "a hand is won by tsumo or by ron, not both"),
        (
            "haitei",
            "ron",
            "haitei is a win by tsumo on the last tile; on a ron it is houtei",
        ),
        (
            "houtei",
            "tsumo",
            "houtei is a win by ron on the last discard; on a tsumo it is haitei",
        ),
        (
            "haitei",
            "houtei",
            "haitei (tsumo) and houtei (ron) cannot both hold",
        ),
        (
            "chankan",
            "tsumo",
            "chankan is a ron on a tile added to a kan, never a tsumo",
        ),
        (
            "rinshan",
            "ron",
            "rinshan is a tsumo on the tile drawn after a kan, never a ron",
        ),
        (
            "rinshan",
            "haitei",
            "the tile drawn after a kan is not the last tile of the wall",
        ),
        (
            "tenhou",
            "ron",
            "tenhou is a tsumo on the dealer's first draw",
        ),
        ("chiihou", "ron", "chiihou is a tsumo on the first draw"),
        (
            "tenhou",
            "chiihou",
            "tenhou is the dealer's, chiihou a non-dealer's: not both",
        ),
        ("renhou", "tsumo", "renhou is a ron before the first draw"),
        (
            "tenhou",
            "riichi",
            "tenhou comes on the first draw, before any riichi",
        ),
        (
            "chiihou",
            "riichi",
            "chiihou comes on the first draw, before any riichi",
        ),
    ];
    for (a, b, why) in pairs {
        if let (Some(oa), Some(ob)) = (opt(a), opt(b)) {
            conflict(line, diags, ob, oa, why);
        }
    }
    for first in ["tenhou", "chiihou"] {
        if let (Some(o), Some(d)) = (opt(first), opt("double-riichi")) {
            conflict(
                line,
                diags,
                d,
                o,
                &format!("{first} comes on the first draw, before any riichi"),
            );
        }
    }
    if let (Some(_), Some(r)) = (opt("double-riichi"), opt("riichi")) {
        diags.push(
            Diagnostic::warning(
                "duplicate-option",
                r.span.clone(),
                "double-riichi already includes riichi",
            )
            .with_related(
                opt("double-riichi").map_or(0..0, |o| o.span.clone()),
                "double-riichi",
            )
            .with_fix("remove 'riichi'", removal(line, &r.span), ""),
        );
    }

    // A word against the tiles.
    if let Some(meld) = &open_meld {
        for k in ["riichi", "double-riichi"] {
            if let Some(o) = opt(k) {
                diags.push(
                    Diagnostic::error(
                        "contradiction",
                        o.span.clone(),
                        format!("{k} needs a closed hand, but this hand has an open meld"),
                    )
                    .with_related(meld.clone(), "the open meld")
                    .with_fix(
                        format!("remove '{k}'"),
                        removal(line, &o.span),
                        "",
                    ),
                );
            }
        }
    }
    if let Some(meld) = &any_meld {
        for k in ["tenhou", "chiihou", "renhou"] {
            if let Some(o) = opt(k) {
                diags.push(
                    Diagnostic::error(
                        "contradiction",
                        o.span.clone(),
                        format!("{k} is a win before any call, but this hand has a meld"),
                    )
                    .with_related(meld.clone(), "the meld")
                    .with_fix(
                        format!("remove '{k}'"),
                        removal(line, &o.span),
                        "",
                    ),
                );
            }
        }
    }
    if let Some(o) = opt("rinshan") {
        if hand.kans() == 0 && !line.recovered {
            diags.push(
                Diagnostic::error(
                    "missing-requirement",
                    o.span.clone(),
                    "rinshan is a win on the tile drawn after a kan, but this hand has no kan",
                )
                .with_fix("remove 'rinshan'", removal(line, &o.span), ""),
            );
        }
    }
    let riichi = sit.riichi != Riichi::None;
    for k in ["ippatsu", "ura"] {
        if let (Some(o), false) = (opt(k), riichi) {
            let what = if k == "ura" {
                "ura-dora count only for a riichi hand"
            } else {
                "ippatsu is a win within a turn of riichi"
            };
            diags.push(
                Diagnostic::error(
                    "missing-requirement",
                    o.span.clone(),
                    format!("{what}, but this line has no riichi or double-riichi"),
                )
                .with_fix(format!("remove '{k}'"), removal(line, &o.span), ""),
            );
        }
    }
    // Seat against the first-draw yaku.
    let seat_span = opt("seat").map(|o| o.span.clone());
    if let Some(o) = opt("tenhou") {
        if !sit.is_dealer() {
            let mut d = Diagnostic::error(
                "contradiction",
                o.span.clone(),
                format!(
                    "tenhou is the dealer's win, but seat={} is not the dealer",
                    sit.seat.letter()
                ),
            )
            .with_fix("remove 'tenhou'", removal(line, &o.span), "");
            if let Some(s) = &seat_span {
                d = d.with_related(s.clone(), "the seat");
            }
            diags.push(d);
        }
    }
    for k in ["chiihou", "renhou"] {
        if let Some(o) = opt(k) {
            // tenhou + chiihou is already reported as such.
            if sit.is_dealer() && !(k == "chiihou" && opt("tenhou").is_some()) {
                let msg = match &seat_span {
                    Some(_) => format!("{k} is a non-dealer's win, but seat=e is the dealer"),
                    None => format!("{k} is a non-dealer's win, but the seat is East (the dealer) when no seat= is written"),
                };
                let mut d = Diagnostic::error("contradiction", o.span.clone(), msg);
                if let Some(s) = &seat_span {
                    d = d.with_related(s.clone(), "the seat");
                }
                diags.push(d);
            }
        }
    }
}

fn conflict(
    line: &HandLine,
    diags: &mut Vec<Diagnostic>,
    flagged: &OptionTok,
    other: &OptionTok,
    why: &str,
) {
    diags.push(
        Diagnostic::error(
            "contradiction",
            flagged.span.clone(),
            format!("'{}' contradicts '{}': {why}", flagged.key, other.key),
        )
        .with_related(
            other.span.clone(),
            format!("'{}' is written here", other.key),
        )
        .with_fix(
            format!("remove '{}'", flagged.key),
            removal(line, &flagged.span),
            "",
        ),
    );
}
