//! Validation's fast path: a well-formed line that draws no diagnostic at
//! all (the usual line of a document) validated in one pass with its
//! state in registers: the words written as a bit set, the closed tiles in
//! a plain array, no span kept for messages. At the first thing that would
//! be reported (a bad meld, a fifth copy, a repeated word, a wrong tile
//! count, a contradiction, ...) it gives up, and [`super::validate`] reads
//! the line again with every check and message.
//!
//! So the full validation stays the one definition, and this module must
//! return exactly what it returns: the tests below compare the two on
//! every line of the vectors and the corpus, on one-character edits of
//! them, and under several rule sets and both modes.

use crate::notation::ast::{HandItem, HandLine, OptionValue, TileTok};
use crate::notation::options::id;
use crate::rules::{RenhouRule, Rules};
use crate::tile::Tile;

use super::validate::{
    any_fifth, clashes, closed_red, flags, meld, melded_red_suits, robbed_tile_held,
};
use super::{Hand, MeldKind, Mode, Riichi, Situation, Tiles, Validated};
use crate::tile::Wind;

/// Bits of option ids.
const fn bit(k: usize) -> u32 {
    1 << k
}

/// Validates `line` when it draws no diagnostic; `None` sends it to the
/// full validation.
// Inlined into `hand::validate`, as the parser's fast path is into
// `parse_line` (see notation/fast.rs).
#[inline(always)]
pub(super) fn validate(line: &HandLine, rules: &Rules, mode: Mode) -> Option<Validated> {
    if line.recovered {
        return None;
    }
    let mut hand = Hand::default();
    let mut buf = [Tile::EAST; 14];
    let mut n = 0;
    let mut last_closed = None;
    let mut open_meld = false;
    let mut kans = 0;
    if line.items.iter().all(|i| matches!(i, HandItem::Group(_))) {
        // No meld: the hand's tokens are its closed tiles, in one run.
        let tiles = line.tiles();
        for (slot, t) in buf.iter_mut().zip(tiles) {
            *slot = t.tile;
        }
        n = tiles.len();
        if n > buf.len() {
            return None;
        }
        last_closed = tiles.last().map(|t| t.tile);
    } else {
        for item in &line.items {
            match item {
                HandItem::Group(g) => {
                    let tiles = line.toks(&g.tiles);
                    for t in tiles {
                        *buf.get_mut(n)? = t.tile;
                        n += 1;
                    }
                    last_closed = tiles.last().map(|t| t.tile).or(last_closed);
                }
                HandItem::Meld(m) => {
                    let meld = meld(m, line.toks(&m.tiles)).ok()?;
                    open_meld |= meld.is_open();
                    kans += usize::from(meld.is_kan());
                    hand.melds.push(meld);
                }
            }
        }
    }
    let closed = buf.get_mut(..n)?;
    closed.sort_unstable();

    if rules.red_fives {
        // A second red five of a suit is reported, also when an indicator
        // or a visible tile makes it (the tokens after the hand's are
        // theirs).
        let mut red = [0u8; 4];
        let mut suits = 0u8;
        let hand_toks = line.tiles().len();
        for (k, t) in line.toks.iter().enumerate().filter(|(_, t)| t.red) {
            let s = t.tile.suit().index() & 3;
            let suit = &mut red[usize::from(s)];
            if *suit > 0 {
                return None;
            }
            *suit = 1;
            suits |= u8::from(k < hand_toks) << s;
        }
        hand.red_fives = suits.count_ones() as u8;
        hand.red_suits = suits;
        if suits != 0 && !hand.melds.is_empty() {
            hand.red_melded = melded_red_suits(line);
        }
    }
    let fifth = if line.toks.len() == n {
        closed.windows(5).any(|w| w[0] == w[4])
    } else {
        any_fifth(line)
    };
    if fifth {
        return None;
    }

    // The words, each written once, with a value that reads.
    let mut sit = Situation::default();
    let mut written = 0u32;
    let mut win: Option<&TileTok> = None;
    for opt in &line.options {
        let b = 1u32.checked_shl(u32::try_from(opt.id).ok()?)?;
        if written & b != 0 {
            return None;
        }
        written |= b;
        match opt.value.as_ref()? {
            OptionValue::Flag => {}
            OptionValue::Tile(t) if opt.id == id::WIN => win = Some(t),
            OptionValue::Tile(t) => sit.discard = Some(t.tile),
            OptionValue::Tiles(ts) => {
                // Pushed one by one: `SmallVec::extend`, with three vector
                // sizes to fill here, was left out of line (44 instructions
                // a `dora=`, callgrind).
                let tiles = line.toks(ts).iter().map(|t| t.tile);
                for tile in tiles {
                    match opt.id {
                        id::DORA => sit.dora.push(tile),
                        id::URA => sit.ura.push(tile),
                        id::RIVER => {
                            sit.visible.push(tile);
                            sit.river.push(tile);
                        }
                        _ => sit.visible.push(tile),
                    }
                }
            }
            OptionValue::Number(v) if opt.id == id::HONBA => sit.honba = *v,
            OptionValue::Number(v) if opt.id == id::STICKS => sit.sticks = *v,
            OptionValue::Number(v) if opt.id == id::NUKI => sit.nuki = *v,
            // `paarenchan` and `open-riichi` draw a note or an error under
            // most rule sets: the full validation reads them.
            OptionValue::Number(_) => return None,
            OptionValue::Wind(w) if opt.id == id::SEAT => sit.seat = *w,
            OptionValue::Wind(w) => sit.round = *w,
        }
    }
    if written & (bit(id::PAARENCHAN) | bit(id::OPEN_RIICHI)) != 0 {
        return None;
    }
    flags(written, &mut sit);
    if sit.nuki > 0 {
        // Norths set aside count only in three-player mahjong, and never
        // make a fifth.
        let norths = closed.iter().filter(|&&t| t == Tile::NORTH).count()
            + hand
                .melds
                .iter()
                .filter(|m| m.tiles[0] == Tile::NORTH)
                .map(|m| m.tiles.len())
                .sum::<usize>();
        if !rules.is_sanma() || sit.nuki as usize + norths > 4 {
            return None;
        }
    }
    if rules.is_sanma() {
        // What three-player mahjong does not have is reported in full.
        let chi = hand.melds.iter().any(|m| m.kind == MeldKind::Chi);
        let north = sit.seat == Wind::North || sit.round == Wind::North;
        if chi || north || line.toks.iter().any(|t| !t.tile.in_three_player()) {
            return None;
        }
    }

    // The tile count, the winning and the discarded tile.
    let total = n + 3 * hand.melds.len();
    let count_ok = match mode {
        Mode::Strict => total == 13 || total == 14,
        Mode::Partial => (1..=14).contains(&total) && n > 0,
    };
    if !count_ok {
        return None;
    }
    match win {
        Some(t) => {
            if !holds(closed, t.tile)
                || (t.red && rules.red_fives && !closed_red(line, t.tile))
                || total == 13
            {
                return None;
            }
            if total == 14 {
                hand.win = Some(t.tile);
            }
        }
        None if total == 14 => hand.win = last_closed,
        None => {}
    }
    if let Some(d) = sit.discard {
        if total == 13 || !holds(closed, d) {
            return None;
        }
    }
    if contradicts(written, &sit, open_meld, !hand.melds.is_empty(), kans) {
        return None;
    }
    if let Some(w) = hand.win.filter(|_| sit.chankan) {
        if robbed_tile_held(closed, &hand.melds, w) {
            return None;
        }
    }
    if sit.renhou && rules.renhou == RenhouRule::Off {
        return None;
    }
    // The array moved in whole: `from_slice` copies by a call to `memcpy`.
    hand.closed = Tiles::from_buf_and_len(buf, n);
    Some(Validated {
        hand,
        situation: sit,
        diagnostics: Vec::new(),
    })
}

/// Whether `closed` holds `tile`: every tile compared, where a search that
/// stops at the first match mispredicts its exit on nearly every hand.
fn holds(closed: &[Tile], tile: Tile) -> bool {
    closed.iter().fold(false, |found, &c| found | (c == tile))
}

/// Whether the full validation would report a contradiction: the checks of
/// `validate::contradictions`, as bit tests.
fn contradicts(written: u32, sit: &Situation, open_meld: bool, melds: bool, kans: usize) -> bool {
    let has = |k: usize| written & bit(k) != 0;
    let first_draw = bit(id::TENHOU) | bit(id::CHIIHOU);
    // `|` and `&`, not `||` and `&&`: each test is cheap, and a branch on
    // each (the seat, riichi) would mispredict from line to line.
    clashes(written)
        | (has(id::DOUBLE_RIICHI) & (written & (first_draw | bit(id::RIICHI)) != 0))
        | (open_meld
            & (written & (bit(id::RIICHI) | bit(id::DOUBLE_RIICHI) | bit(id::OPEN_RIICHI)) != 0))
        | (melds & (written & (first_draw | bit(id::RENHOU)) != 0))
        | (has(id::RINSHAN) & (kans == 0) & (sit.nuki == 0))
        | ((sit.riichi == Riichi::None) & (written & (bit(id::IPPATSU) | bit(id::URA)) != 0))
        | (sit.is_dealer() & (written & (bit(id::CHIIHOU) | bit(id::RENHOU)) != 0))
        | (!sit.is_dealer() & has(id::TENHOU))
}

#[cfg(test)]
mod tests {
    use super::super::validate::full;
    use super::super::Mode;
    use super::validate;
    use crate::notation::ast::LineKind;
    use crate::notation::options::FLAG_NAMES;
    use crate::notation::parse_line;
    use crate::rules::Rules;
    use crate::test_lines::samples;

    fn rule_sets() -> Vec<Rules> {
        let mut no_red = Rules::tenhou();
        no_red.red_fives = false;
        let mut renhou = Rules::tenhou();
        let _ = renhou.apply("renhou=mangan");
        // Three players, with the local rules whose words draw notes when
        // off.
        let mut sanma = Rules::tenhou();
        let _ = sanma.apply_words("tenhou-sanma open-riichi paarenchan");
        vec![Rules::tenhou(), no_red, renhou, sanma]
    }

    /// Whether the fast path agrees with the full validation on `text`
    /// under each rule set and mode; returns how many of those it took.
    fn agrees(text: &str, rules: &[Rules]) -> usize {
        let line = parse_line(text);
        let LineKind::Hand(h) = &line.kind else {
            return 0;
        };
        let mut took = 0;
        for r in rules {
            for mode in [Mode::Strict, Mode::Partial] {
                if let Some(fast) = validate(h, r, mode) {
                    assert_eq!(fast, full(h, r, mode), "{text:?} {mode:?} {r:?}");
                    took += 1;
                }
            }
        }
        took
    }

    #[test]
    fn takes_the_vectors_and_agrees_on_every_sample() {
        let rules = rule_sets();
        let (samples, vectors) = samples();
        assert!(vectors > 15_000, "{vectors} vector lines");
        let mut strict = 0;
        for (k, s) in samples.iter().enumerate() {
            agrees(s, &rules);
            if k < vectors {
                let line = parse_line(s);
                if let LineKind::Hand(h) = &line.kind {
                    strict += usize::from(validate(h, &rules[0], Mode::Strict).is_some());
                }
            }
        }
        // The vector lines are valid hands: the fast path must take nearly
        // all of them, or it speeds nothing up.
        assert!(strict * 100 > vectors * 95, "{strict} of {vectors}");
    }

    /// Which of the edited samples a test takes: the edits are two tests,
    /// of alternate samples, so that the harness runs them side by side.
    #[derive(Clone, Copy)]
    enum Alternate {
        First,
        Second,
    }

    /// One-character edits of the samples land on the checks where the
    /// fast path must give up: a fifth copy, a count off by one, a
    /// contradiction, a second red five, a changed winning tile.
    fn agrees_on_one_character_edits(half: Alternate) {
        const ALPHABET: &[char] = &['0', '1', '5', '9', 'm', 'p', 's', 'z', '(', '[', ' ', 'e'];
        let rules = rule_sets();
        let (samples, vectors) = samples();
        let (mut took, mut total) = (0, 0);
        let edited = samples
            .iter()
            .enumerate()
            .filter(|(n, _)| n % 40 == 0 || *n >= vectors)
            .map(|(_, sample)| sample);
        let skip = match half {
            Alternate::First => 0,
            Alternate::Second => 1,
        };
        for sample in edited.skip(skip).step_by(2) {
            let at: Vec<usize> = sample.char_indices().map(|(i, _)| i).collect();
            for (k, &i) in at.iter().enumerate() {
                let next = at.get(k + 1).copied().unwrap_or(sample.len());
                let mut del = sample.clone();
                del.replace_range(i..next, "");
                took += agrees(&del, &rules);
                total += 6;
                for &c in ALPHABET {
                    let mut rep = sample.clone();
                    rep.replace_range(i..next, c.encode_utf8(&mut [0; 4]));
                    took += agrees(&rep, &rules);
                    total += 6;
                }
            }
        }
        // Both outcomes are exercised.
        assert!(
            took * 20 > total && took * 10 < total * 9,
            "{took} of {total}"
        );
    }

    #[test]
    fn agrees_on_every_one_character_edit_of_alternate_samples_from_the_first() {
        agrees_on_one_character_edits(Alternate::First);
    }

    #[test]
    fn agrees_on_every_one_character_edit_of_alternate_samples_from_the_second() {
        agrees_on_one_character_edits(Alternate::Second);
    }

    /// A tree built by hand through the public API can name an option id
    /// outside the table: both validations read it without a panic.
    #[test]
    fn an_option_id_outside_the_table_is_no_panic() {
        use crate::notation::ast::{OptionTok, OptionValue};
        let line = parse_line("123m 456p 789s 11z 22m");
        let LineKind::Hand(mut h) = line.kind else {
            panic!("a hand line");
        };
        for id in [22, 25, 31, 32, 64, usize::MAX] {
            h.options = vec![OptionTok::new(
                id,
                Some(OptionValue::Flag),
                23..26,
                26,
                false,
            )];
            for mode in [Mode::Strict, Mode::Partial] {
                let v = crate::hand::validate(&h, &Rules::tenhou(), mode);
                assert_eq!(v, full(&h, &Rules::tenhou(), mode), "{id}");
            }
        }
    }

    /// Words whose combinations the full validation reports, each pair
    /// written on a winning hand, open and closed, for each seat.
    #[test]
    fn agrees_on_every_pair_of_words() {
        // Every flag, and the valued words that a check reads.
        let valued = [
            "ura=1m",
            "dora=1m",
            "win=2m",
            "discard=2m",
            "win=0p",
            "honba=3",
            "sticks=1",
        ];
        let words: Vec<&str> = FLAG_NAMES.iter().copied().chain(valued).collect();
        let rules = rule_sets();
        let hands = [
            "123m 456p 789s 11z 22m",
            "123m 456p 789s 11z 2m",
            "(123m) 456p 789s 11z 22m",
            "[1111m] 234m 456p 789s 2m 2m",
            "123m 406p 789s 11z 22m",
        ];
        let mut took = 0;
        for hand in hands {
            for seat in ["", " seat=s"] {
                for a in &words {
                    for b in &words {
                        took += agrees(&format!("{hand} {a} {b}{seat}"), &rules);
                    }
                }
            }
        }
        assert!(took > 1000, "{took}");
    }
}
