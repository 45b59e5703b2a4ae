//! Completion on a hand line: the options after the hand, their values,
//! and for `win=` the hand's waits first. Only what the line's rules play
//! is offered: under three players (sanma) no 2m-8m and no North seat or
//! round, which would only be errors.

use std::ops::Range;

use crate::document::{analyze_text, LineAnalysis};
use crate::shanten::Analysis;

use super::outcome::{outcome, Outcome};
use super::text::{shanten_name, win_value_text};
use crate::notation::ast::LineKind;
use crate::notation::options::{self, id, ValueKind};
use crate::score::Rules;
use crate::tile::{Tile, Wind};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ItemKind {
    /// An option word or `key=`.
    Option,
    /// A tile value.
    Tile,
    /// Another value (a wind).
    Value,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Item {
    pub label: String,
    pub detail: String,
    /// Replaces `replace` (line-relative bytes).
    pub insert: String,
    pub replace: Range<usize>,
    /// Orders the list: waits before other tiles, and so on.
    pub sort: String,
    pub kind: ItemKind,
    /// Another edit made with it (line-relative bytes, text): `win=` on a
    /// waiting hand also adds the winning tile to the hand.
    pub also: Option<(Range<usize>, String)>,
}

/// The completions at byte `col` of a line.
pub fn complete(text: &str, col: usize, rules: &Rules) -> Vec<Item> {
    let mut col = col.min(text.len());
    while !text.is_char_boundary(col) {
        col -= 1;
    }
    let start = text[..col].rfind(char::is_whitespace).map_or(0, |i| {
        i + text[i..].chars().next().map_or(1, char::len_utf8)
    });
    let word = &text[start..col];
    let lead = text.len() - text.trim_start().len();
    if text[lead..].starts_with("rules:") {
        return if start >= lead + "rules:".len() {
            rule_items(word, start..col)
        } else {
            Vec::new()
        };
    }
    // The line without the word being typed: analysis half-written word (`r`,
    // `win=`) would otherwise be read as analysis tile or be an error.
    let rest = format!("{}{}", &text[..start], &text[col..]);
    let analysis = analyze_text(&rest, rules);
    let LineKind::Hand(h) = &analysis.line.kind else {
        return Vec::new();
    };
    let after_hand = start >= h.hand_span.end;
    let in_claim = h.claim.as_ref().is_some_and(|c| c.span.start < start);
    let in_comment = h.comment.as_ref().is_some_and(|c| c.start < start);
    if !after_hand || in_claim || in_comment {
        return Vec::new();
    }
    match word.split_once('=') {
        Some((key, value)) => {
            let value_start = start + key.len() + 1;
            values(key, value_start..col, value, &analysis)
        }
        None => option_items(&analysis, start..col),
    }
}

/// What each rule word does, with the values a valued switch takes (none
/// for an on/off switch, which is on when written bare).
const RULE_WORDS: &[(&str, &str, &[&str])] = &[
    ("tenhou", "preset: Tenhou's rules (the default)", &[]),
    ("mahjong-soul", "preset: Tenhou's, with double yakuman", &[]),
    ("tenhou-sanma", "preset: Tenhou's three-player rules", &[]),
    (
        "mahjong-soul-sanma",
        "preset: Mahjong Soul's three-player rules",
        &[],
    ),
    ("kiriage", "4 han 30 fu and 3 han 60 fu are a mangan", &[]),
    ("open-tanyao", "tanyao on an open hand (kuitan)", &[]),
    ("red-fives", "red fives are dora (aka)", &[]),
    (
        "double-yakuman",
        "the four \"double\" yakuman count twice",
        &[],
    ),
    (
        "kazoe",
        "what 13 or more han is worth",
        &["yakuman", "sanbaiman", "unlimited"],
    ),
    ("yakuman-stacking", "different yakuman add up", &[]),
    (
        "renhou",
        "a ron before the first draw",
        &["off", "mangan", "yakuman", "5"],
    ),
    ("nagashi", "nagashi mangan is scored", &[]),
    (
        "double-wind-fu",
        "fu for a pair of the double wind",
        &["4", "2"],
    ),
    (
        "sanma",
        "three players: no 2m-8m, no chi, North as nukidora",
        &[],
    ),
    (
        "sanma-tsumo",
        "who pays a three-player tsumo",
        &["loss", "split"],
    ),
    ("honba", "points per honba", &["300", "600", "1500"]),
    ("open-riichi", "open riichi scores 2 han", &[]),
    ("sashikomi", "a ron on an open riichi is a yakuman", &[]),
    ("paarenchan", "paarenchan is a yakuman", &[]),
    (
        "paarenchan-needs-yaku",
        "paarenchan needs another yaku",
        &[],
    ),
    ("limits", "mangan and yakuman limits (off: aotenjou)", &[]),
    ("open-pinfu-fu", "an open no-fu ron is 30 fu", &[]),
    ("pinfu-tsumo-fu", "a closed tsumo keeps its 2 fu", &[]),
    (
        "daisharin",
        "22334455667788p is a yakuman",
        &["on", "off", "all-suits"],
    ),
    ("daichisei", "seven honor pairs is a yakuman", &[]),
    ("atozuke", "a winning tile may give the only yaku", &[]),
];

/// Completion in a `rules:` line: the presets and switches, then a valued
/// switch's values (on/off for the others).
fn rule_items(word: &str, replace: Range<usize>) -> Vec<Item> {
    let item = |i: usize, label: String, detail: &str, replace: Range<usize>| Item {
        insert: label.clone(),
        label,
        detail: detail.to_string(),
        replace,
        sort: format!("{i:02}"),
        kind: ItemKind::Option,
        also: None,
    };
    if let Some((key, _)) = word.split_once('=') {
        let Some(name) = crate::rules::switch_name(key) else {
            return Vec::new();
        };
        let values: &[&str] = RULE_WORDS
            .iter()
            .find(|(n, _, _)| *n == name)
            .map_or(&[], |(_, _, v)| *v);
        let values = if values.is_empty() {
            &["on", "off"][..]
        } else {
            values
        };
        let at = replace.start + key.len() + 1..replace.end;
        return values
            .iter()
            .enumerate()
            .map(|(i, v)| Item {
                kind: ItemKind::Value,
                ..item(i, v.to_string(), "", at.clone())
            })
            .collect();
    }
    RULE_WORDS
        .iter()
        .enumerate()
        .map(|(i, (name, detail, values))| {
            let label = if values.is_empty() {
                name.to_string()
            } else {
                format!("{name}=")
            };
            item(i, label, detail, replace.clone())
        })
        .collect()
}

fn option_items(a: &LineAnalysis, replace: Range<usize>) -> Vec<Item> {
    let present: Vec<usize> = a
        .hand_line()
        .map(|h| h.options.iter().map(|o| o.id).collect())
        .unwrap_or_default();
    // Not what the line has, nor what contradicts it (`ron` after `tsumo`,
    // riichi on an open hand, `discard=` on a waiting hand).
    let open = a.validated.as_ref().is_some_and(|v| !v.hand.is_closed());
    let waiting = is_waiting(a);
    // `double-riichi` is a riichi: with either written, neither is offered.
    let riichis = |p: usize, i: usize| {
        matches!(
            (p, i),
            (id::RIICHI, id::DOUBLE_RIICHI) | (id::DOUBLE_RIICHI, id::RIICHI)
        )
    };
    let excluded = |i: usize| {
        present.contains(&i)
            || present
                .iter()
                .any(|&p| riichis(p, i) || crate::hand::conflicting(p, i).is_some())
            || (open
                && matches!(
                    i,
                    id::RIICHI | id::DOUBLE_RIICHI | id::OPEN_RIICHI | id::IPPATSU | id::URA
                ))
            || (waiting && i == id::DISCARD)
            // Norths are set aside only by three players.
            || (i == id::NUKI && !a.rules.is_sanma())
    };
    options::OPTIONS
        .iter()
        .enumerate()
        .filter(|(i, _)| !excluded(*i))
        .map(|(i, (name, kind))| {
            let insert = match kind {
                // `paarenchan` is mostly written alone (`=2` is rare).
                ValueKind::Flag | ValueKind::FlagOrNumber => name.to_string(),
                _ => format!("{name}="),
            };
            Item {
                label: insert.clone(),
                detail: options::meaning(name).to_string(),
                insert,
                replace: replace.clone(),
                sort: format!("{i:02}"),
                kind: ItemKind::Option,
                also: None,
            }
        })
        .collect()
}

fn values(key: &str, replace: Range<usize>, typed: &str, a: &LineAnalysis) -> Vec<Item> {
    let Some((name, kind, _)) = options::lookup(key) else {
        return Vec::new();
    };
    match kind {
        ValueKind::Wind => Wind::ALL
            .iter()
            .filter(|&&w| !(a.rules.is_sanma() && w == Wind::North))
            .map(|w| Item {
                label: w.letter().to_string(),
                detail: w.name().to_string(),
                insert: w.letter().to_string(),
                replace: replace.clone(),
                sort: format!("{}", *w as u8),
                kind: ItemKind::Value,
                also: None,
            })
            .collect(),
        ValueKind::Tile => {
            let mut items = tile_items(ranked_tiles(name, a), replace);
            if name == "win" {
                add_to_waiting_hand(&mut items, a);
            }
            items
        }
        ValueKind::Tiles => {
            let at = replace.start + typed.len();
            // Digits without their suit yet (`dora=1`): finish that group.
            let digits = typed.len() - typed.trim_end_matches(|c: char| c.is_ascii_digit()).len();
            if digits > 0 {
                suit_items(&typed[typed.len() - digits..], at - digits..at, &a.rules)
            } else {
                // Else offer the next tile, after what is typed.
                let tiles = Tile::all()
                    .filter(|&t| in_game(t, &a.rules))
                    .map(|t| (t, String::new()));
                tile_items(tiles.collect(), at..at)
            }
        }
        ValueKind::Flag | ValueKind::Number | ValueKind::FlagOrNumber => Vec::new(),
    }
}

/// `win=` on a waiting hand (13 tiles): `win=` names a tile of the hand, so
/// choosing a wait also writes it into the hand, which is then the winning
/// hand.
fn add_to_waiting_hand(items: &mut [Item], a: &LineAnalysis) {
    let Some(h) = a
        .hand_line()
        .filter(|h| is_waiting(a) && !h.hand_span.is_empty())
    else {
        return;
    };
    let at = h.hand_span.end;
    for it in items.iter_mut() {
        it.also = Some((at..at, format!(" {}", it.insert)));
        it.detail.push_str(" (added to the hand)");
    }
}

/// A 13-tile hand whose tiles could all be read.
fn is_waiting(a: &LineAnalysis) -> bool {
    let read = a.hand_line().is_some_and(|h| !h.recovered);
    read && a.validated.as_ref().is_some_and(|v| v.hand.size() == 13)
}

/// Whether the rules play tile `t`: three players have no 2m-8m.
fn in_game(t: Tile, rules: &Rules) -> bool {
    !rules.is_sanma() || t.in_three_player()
}

/// The groups a run of digits can end as: `1` -> `1m 1p 1s 1z`, `0` -> red
/// fives, honors only for 1-7; man under three players only for 1 and 9.
fn suit_items(digits: &str, replace: Range<usize>, rules: &Rules) -> Vec<Item> {
    let honors = digits.bytes().all(|d| (b'1'..=b'7').contains(&d));
    let man = !rules.is_sanma() || digits.bytes().all(|d| d == b'1' || d == b'9');
    ["m", "p", "s", "z"]
        .iter()
        .filter(|&&s| (s != "z" || honors) && (s != "m" || man))
        .enumerate()
        .map(|(i, s)| {
            let group = format!("{digits}{s}");
            let names: Vec<String> = crate::tile::parse_tiles(&group)
                .map(|(ts, _)| ts.iter().map(|t| t.name()).collect())
                .unwrap_or_default();
            Item {
                label: group.clone(),
                detail: names.join(", "),
                insert: group,
                replace: replace.clone(),
                sort: format!("{i:02}"),
                kind: ItemKind::Tile,
                also: None,
            }
        })
        .collect()
}

/// Tiles in the order a writer most likely wants them, with a note each.
fn ranked_tiles(key: &str, a: &LineAnalysis) -> Vec<(Tile, String)> {
    let mut first: Vec<(Tile, String)> = Vec::new();
    let analysis = match outcome(a) {
        Some(Outcome::Shanten(an)) => Some(an),
        _ => None,
    };
    match (key, &analysis) {
        ("win", Some(Analysis::Tenpai { waits, .. })) => {
            for w in waits {
                let note = match &w.value {
                    Some(v) => format!("wait, {} left · ron {}", w.left, win_value_text(&v.ron)),
                    None => format!("wait, {} left", w.left),
                };
                first.push((w.tile, note));
            }
        }
        ("discard", Some(Analysis::Discards { options, .. })) => {
            for o in options {
                first.push((o.tile, shanten_name(o.shanten)));
            }
        }
        _ => {}
    }
    // Then the hand's own tiles (the winning tile of a 14-tile hand is one
    // of them), then every other tile.
    if let Some(v) = &a.validated {
        for t in &v.hand.closed {
            if !first.iter().any(|(f, _)| f == t) {
                first.push((*t, "in the hand".to_string()));
            }
        }
    }
    for t in Tile::all().filter(|&t| in_game(t, &a.rules)) {
        if !first.iter().any(|(f, _)| *f == t) {
            first.push((t, String::new()));
        }
    }
    first
}

fn tile_items(tiles: Vec<(Tile, String)>, replace: Range<usize>) -> Vec<Item> {
    tiles
        .into_iter()
        .enumerate()
        .map(|(i, (t, note))| Item {
            label: t.ascii(),
            detail: if note.is_empty() {
                format!("{} {}", t.glyph(), t.name())
            } else {
                format!("{} {} — {note}", t.glyph(), t.name())
            },
            insert: t.ascii(),
            replace: replace.clone(),
            sort: format!("{i:02}"),
            kind: ItemKind::Tile,
            also: None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{PRESETS, SWITCHES};

    #[test]
    fn every_rule_word_is_offered_and_every_offer_applies() {
        for name in SWITCHES.iter().chain(PRESETS) {
            assert!(RULE_WORDS.iter().any(|(n, _, _)| n == name), "{name}");
        }
        for (name, _, values) in RULE_WORDS {
            let mut r = Rules::tenhou();
            // Offered bare (a preset or an on/off switch): it applies bare.
            if values.is_empty() {
                r.apply(name).unwrap_or_else(|e| panic!("{name}: {e}"));
            }
            if PRESETS.contains(name) {
                continue;
            }
            for v in values.iter().chain(if values.is_empty() {
                &["on", "off"][..]
            } else {
                &[]
            }) {
                r.apply(&format!("{name}={v}"))
                    .unwrap_or_else(|e| panic!("{name}={v}: {e}"));
            }
        }
    }

    fn labels(line: &str) -> Vec<String> {
        complete(line, line.len(), &Rules::tenhou())
            .into_iter()
            .map(|i| i.label)
            .collect()
    }

    #[test]
    fn options_that_contradict_the_line_are_not_offered() {
        let got = labels("123m456p789s11222z riichi tsumo ");
        for no in [
            "riichi",
            "tsumo",
            "ron",
            "houtei",
            "chankan",
            "renhou",
            "tenhou",
            "chiihou",
            "double-riichi",
        ] {
            assert!(!got.iter().any(|l| l == no), "{no} in {got:?}");
        }
        for yes in ["ippatsu", "haitei", "rinshan", "dora=", "seat="] {
            assert!(got.iter().any(|l| l == yes), "{yes} not in {got:?}");
        }
        // An open hand has no riichi.
        let got = labels("(234m) 567p22s345678s ");
        assert!(
            !got.iter().any(|l| l == "riichi" || l == "ippatsu"),
            "{got:?}"
        );
        assert!(got.iter().any(|l| l == "tsumo"), "{got:?}");
    }

    #[test]
    fn digits_typed_in_a_tile_list_get_their_suit() {
        let line = "123m456p789s11222z dora=1";
        let items = complete(line, line.len(), &Rules::tenhou());
        let got: Vec<&str> = items.iter().map(|i| i.label.as_str()).collect();
        assert_eq!(got, ["1m", "1p", "1s", "1z"]);
        assert!(items.iter().all(|i| i.replace == (24..25)), "{items:?}");
        assert_eq!(labels("123m456p789s11222z dora=1m8"), ["8m", "8p", "8s"]);
        // After a whole group, the next tile is offered after it.
        let line = "123m456p789s11222z dora=1m";
        let items = complete(line, line.len(), &Rules::tenhou());
        assert_eq!(items.len(), 34);
        assert!(items.iter().all(|i| i.replace == (26..26)));
    }

    #[test]
    fn a_winning_tile_chosen_for_a_waiting_hand_is_added_to_it() {
        let line = "234m567p22s34678s win=";
        let items = complete(line, line.len(), &Rules::tenhou());
        assert_eq!(items[0].label, "2s");
        assert_eq!(items[0].also, Some((17..17, " 2s".to_string())));
        let mut done = line.to_string();
        done.push_str(&items[0].insert);
        done.insert_str(17, " 2s");
        let a = analyze_text(&done, &Rules::tenhou());
        assert!(a.diagnostics.is_empty(), "{done}: {:?}", a.diagnostics);
        // A 14-tile hand has its winning tile: nothing is added.
        let line = "234m567p22s345678s win=";
        let items = complete(line, line.len(), &Rules::tenhou());
        assert!(items.iter().all(|i| i.also.is_none()));
    }

    fn sanma_labels(line: &str) -> Vec<String> {
        let Some(sanma) = Rules::preset("tenhou-sanma") else {
            panic!("tenhou-sanma is a preset");
        };
        complete(line, line.len(), &sanma)
            .into_iter()
            .map(|i| i.label)
            .collect()
    }

    /// What three-player mahjong does not play would only be an error.
    fn man_two_to_eight(label: &str) -> bool {
        label.len() == 2 && label.ends_with('m') && !label.starts_with(['1', '9'])
    }

    #[test]
    fn three_players_are_not_offered_2m_to_8m() {
        let hand = "123p456p789s1122z";
        // The next tile of a list: every tile but 2m-8m (and so no red 5m).
        let got = sanma_labels(&format!("{hand} dora="));
        assert_eq!(got.len(), 34 - 7, "{got:?}");
        assert!(got.iter().all(|l| !man_two_to_eight(l)), "{got:?}");
        assert!(got.contains(&"1m".to_string()) && got.contains(&"9m".to_string()));
        // Digits typed: man only for 1s and 9s.
        assert_eq!(sanma_labels(&format!("{hand} dora=5")), ["5p", "5s", "5z"]);
        assert_eq!(sanma_labels(&format!("{hand} dora=0")), ["0p", "0s"]);
        assert_eq!(
            sanma_labels(&format!("{hand} dora=19")),
            ["19m", "19p", "19s"]
        );
        assert_eq!(labels(&format!("{hand} dora=5")), ["5m", "5p", "5s", "5z"]);
        // A winning tile: the waits first, then the rest of the game's tiles.
        let got = sanma_labels(&format!("{hand} win="));
        assert_eq!(got[..2], ["1z", "2z"], "{got:?}");
        assert_eq!(got.len(), 34 - 7, "{got:?}");
        assert!(got.iter().all(|l| !man_two_to_eight(l)), "{got:?}");
        assert_eq!(labels(&format!("{hand} win=")).len(), 34);
    }

    #[test]
    fn three_players_have_no_north_seat_and_set_norths_aside() {
        let hand = "123p456p789s1122z";
        assert_eq!(sanma_labels(&format!("{hand} seat=")), ["e", "s", "w"]);
        assert_eq!(sanma_labels(&format!("{hand} round=")), ["e", "s", "w"]);
        assert_eq!(labels(&format!("{hand} seat=")), ["e", "s", "w", "n"]);
        assert!(sanma_labels(&format!("{hand} ")).contains(&"nuki=".to_string()));
        assert!(!labels(&format!("{hand} ")).contains(&"nuki=".to_string()));
    }

    #[test]
    fn rules_lines_complete_words_then_values() {
        let line = "rules: mahjong-soul ka";
        let items = complete(line, line.len(), &Rules::tenhou());
        let labels: Vec<&str> = items.iter().map(|i| i.label.as_str()).collect();
        assert!(
            labels.contains(&"kiriage") && labels.contains(&"kazoe="),
            "{labels:?}"
        );
        assert!(items.iter().all(|i| i.replace == (20..22)));
        let line = "rules: kuitan=o";
        let items = complete(line, line.len(), &Rules::tenhou());
        let labels: Vec<&str> = items.iter().map(|i| i.label.as_str()).collect();
        assert_eq!(labels, ["on", "off"]);
        assert!(items.iter().all(|i| i.replace == (14..15)));
        let line = "rules: kazoe=";
        let labels: Vec<String> = complete(line, line.len(), &Rules::tenhou())
            .into_iter()
            .map(|i| i.label)
            .collect();
        assert_eq!(labels, ["yakuman", "sanbaiman", "unlimited"]);
        // Not on the keyword itself, and not for an unknown switch.
        assert!(complete("rules: x", 3, &Rules::tenhou()).is_empty());
        assert!(complete("rules: bogus=", 13, &Rules::tenhou()).is_empty());
    }
}
