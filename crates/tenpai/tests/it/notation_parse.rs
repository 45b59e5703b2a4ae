//! Parser and validation behaviour, worked by hand.

use tenpai::hand::{self, MeldKind, Mode, Riichi};
use tenpai::notation::ast::{ClaimItem, LineKind};
use tenpai::notation::parse_line;
use tenpai::rules::Rules;
use tenpai::tile::{parse_tiles, Tile, Wind};

fn t(s: &str) -> Tile {
    parse_tiles(s).unwrap().0[0]
}

fn codes(text: &str) -> Vec<&'static str> {
    let line = parse_line(text);
    let mut out: Vec<&'static str> = line.errors.iter().map(|d| d.code.as_str()).collect();
    if let LineKind::Hand(h) = &line.kind {
        out.extend(
            hand::validate(h, &Rules::tenhou(), Mode::Strict)
                .diagnostics
                .iter()
                .map(|d| d.code.as_str()),
        );
    }
    out
}

#[test]
fn letters_glyphs_and_h() {
    let (h, _) = hand::parse_hand("789se 123m 456p 🀄🀄🀄 5h", &Rules::tenhou()).unwrap();
    let mut want = parse_tiles("123m456p789s1777z5z").unwrap().0;
    want.sort();
    assert_eq!(h.closed.as_slice(), want.as_slice());
    assert_eq!(h.win, Some(Tile::WHITE));
}

#[test]
fn default_win_is_last_written_closed_tile() {
    let (h, s) = hand::parse_hand("123m456p789s1z (rrr) 2z", &Rules::tenhou()).unwrap();
    // 11 closed + 3 meld = 14; the last closed tile written is 2z.
    assert_eq!(h.win, Some(t("2z")));
    assert_eq!(h.closed.len(), 11);
    assert!(h.closed.windows(2).all(|w| w[0] <= w[1]));
    assert_eq!(h.melds[0].kind, MeldKind::Pon);
    assert_eq!(h.melds[0].tiles.as_slice(), [Tile::RED; 3]);
    assert!(!s.tsumo);
}

#[test]
fn letter_honors_bind_wh_before_w() {
    let line = parse_line("wwh");
    let LineKind::Hand(h) = line.kind else {
        panic!()
    };
    let tiles: Vec<Tile> = h.tiles().iter().map(|t| t.tile).collect();
    assert_eq!(tiles, vec![Tile::WEST, Tile::WHITE]);
    // A letter after digits is their suit.
    let line = parse_line("789see");
    let LineKind::Hand(h) = line.kind else {
        panic!()
    };
    let tiles: Vec<Tile> = h.tiles().iter().map(|t| t.tile).collect();
    assert_eq!(
        tiles,
        vec![t("7s"), t("8s"), t("9s"), Tile::EAST, Tile::EAST]
    );
}

#[test]
fn options_fill_the_situation() {
    let (h, s) = hand::parse_hand(
        "1230m456p789s1177h win=0m tsumo riichi ippatsu seat=w round=s dora=1m3p ura=9s honba=2 sticks=1",
        &Rules::tenhou(),
    )
    .unwrap();
    assert_eq!(h.win, Some(t("5m")));
    assert_eq!(h.red_fives, 1);
    assert!(s.tsumo && s.ippatsu);
    assert_eq!(s.riichi, Riichi::Riichi);
    assert_eq!((s.seat, s.round), (Wind::West, Wind::South));
    assert_eq!(s.dora.as_slice(), [t("1m"), t("3p")]);
    assert_eq!(s.ura.as_slice(), [t("9s")]);
    assert_eq!((s.honba, s.sticks), (2, 1));
}

#[test]
fn nagashi_needs_no_tiles() {
    let (h, s) = hand::parse_hand("nagashi seat=s", &Rules::tenhou()).unwrap();
    assert!(h.closed.is_empty() && s.nagashi);
}

#[test]
fn errors_have_codes_and_spans() {
    let line = parse_line("123 4567z8z 55m riichii");
    let got: Vec<_> = line
        .errors
        .iter()
        .map(|d| (d.code.as_str(), d.span.clone()))
        .collect();
    assert_eq!(
        got,
        vec![
            ("missing-suit", 0..3),
            ("invalid-tile", 9..10),
            ("unknown-option", 16..23),
        ]
    );
    assert!(line.errors[2].message.contains("did you mean 'riichi'"));
    assert_eq!(line.errors[2].fixes[0].replacement, "riichi");
}

#[test]
fn contradictions() {
    assert!(codes("123m456p789s11z (rrr) 2z riichi").contains(&"contradiction"));
    assert!(codes("123m456p789s11222z tsumo ron").contains(&"contradiction"));
    assert!(codes("123m456p789s11222z ippatsu").contains(&"missing-requirement"));
    assert!(codes("123m456p789s11222z seat=s tenhou").contains(&"contradiction"));
    assert!(codes("123m456p789s11222z chiihou").contains(&"contradiction"));
    assert!(codes("123m456p789s11222z rinshan").contains(&"missing-requirement"));
    assert!(codes("123m456p789s11222z win=9m").contains(&"win-not-in-hand"));
    // A red winning five needs a red five among the closed tiles, not in a
    // meld; a plain `win=5m` on a hand holding only the red five is fine.
    assert_eq!(codes("345m456p789s11222z win=0m"), vec!["win-not-in-hand"]);
    assert_eq!(
        codes("345m456p567s22z(055s) win=0s"),
        vec!["win-not-in-hand"]
    );
    assert_eq!(codes("345m456p567s22z(055s) win=5s"), Vec::<&str>::new());
    assert_eq!(codes("340m456p789s11222z win=0m"), Vec::<&str>::new());
    assert_eq!(codes("340m456p789s11222z win=5m"), Vec::<&str>::new());
    assert_eq!(
        codes("123m456p789s1122z tsumo 2z"),
        vec!["tiles-after-options"]
    );
    assert_eq!(codes("123m456p789s11222z"), Vec::<&str>::new());
    assert_eq!(codes("123m456p789s1122z"), Vec::<&str>::new());
    assert_eq!(codes("123m456p789s112z"), vec!["tile-count"]);
    assert_eq!(codes("11111m456p789s11z"), vec!["fifth-tile"]);
    assert_eq!(codes("00m5m456p789s11222z"), vec!["extra-red-five"]);
    assert_eq!(
        codes("1111m456p789s111z dora=1m"),
        vec!["fifth-tile-indicator"]
    );
    // discard= needs a drawn tile to compare with.
    assert_eq!(
        codes("123m456p789s1135z discard=5z"),
        vec!["discard-on-waiting-hand"]
    );
    assert_eq!(codes("123m456p789s11345z discard=5z"), Vec::<&str>::new());
    // Counts are bounded, so that payments stay in range.
    assert_eq!(
        codes("123m456p789s11222z honba=999 sticks=999"),
        Vec::<&str>::new()
    );
    assert_eq!(
        codes("123m456p789s11222z honba=1000"),
        vec!["invalid-value"]
    );
    assert_eq!(
        codes("123m456p789s11222z sticks=4294967295"),
        vec!["invalid-value"]
    );
    // Visible tiles count with the hand: a fourth 1z is fine, a fifth not.
    assert_eq!(codes("123m456p789s1122z visible=1z1z"), Vec::<&str>::new());
    assert_eq!(
        codes("123m456p789s1122z visible=1z1z1z"),
        vec!["fifth-tile-indicator"]
    );
}

#[test]
fn claims() {
    let line = parse_line("123m456p789s11222z => 3 han 30 fu 7700 # ok");
    let LineKind::Hand(h) = line.kind else {
        panic!()
    };
    let c = h.claim.unwrap();
    let items: Vec<_> = c.items.into_iter().map(|(i, _)| i).collect();
    assert_eq!(
        items,
        vec![
            ClaimItem::HanFu {
                han: 3,
                fu: Some(30)
            },
            ClaimItem::Points(7700)
        ]
    );
    assert_eq!(c.text, "3 han 30 fu 7700");
    assert!(line.errors.is_empty());
}

/// Meld tiles are sorted whatever order they are written in: a chi written
/// `(312m)` is 1m 2m 3m, a kan keeps its four tiles, and three tiles that
/// are neither a run nor a triplet stay an invalid meld.
#[test]
fn melds_are_read_in_any_order() {
    let rules = Rules::tenhou();
    for (text, kind, tiles) in [
        ("(312m) 456p 789s 11z 22m", MeldKind::Chi, "123m"),
        ("(978p) 456p 789s 11z 22m", MeldKind::Chi, "789p"),
        ("(505s) 123m 456p 11z 22m", MeldKind::Pon, "555s"),
        ("[7777z] 123m 456p 789s 2m 2m", MeldKind::ClosedKan, "7777z"),
        ("(2222p) 123m 456p 789s 11z", MeldKind::OpenKan, "2222p"),
    ] {
        let (h, _) = hand::parse_hand(text, &rules).unwrap_or_else(|d| panic!("{text}: {d:?}"));
        assert_eq!(h.melds[0].kind, kind, "{text}");
        let want = parse_tiles(tiles).unwrap().0;
        assert_eq!(h.melds[0].tiles.as_slice(), want.as_slice(), "{text}");
    }
    assert_eq!(codes("(314m) 456p 789s 11z 22m"), ["invalid-meld"]);
}

/// `Rules:`, `RULES:` and `rules :` are read as the rules line they were
/// meant to be, with one error on the mark whose fix writes `rules:`.
#[test]
fn a_rules_mark_written_another_way_is_named_as_such() {
    for text in ["Rules: kiriage", "rules : kiriage", "RULES:kiriage"] {
        let line = parse_line(text);
        let LineKind::Rules(r) = &line.kind else {
            panic!("{text}: not a rules line");
        };
        assert_eq!(r.words.len(), 1, "{text}");
        assert_eq!(r.words[0].0, "kiriage", "{text}");
        assert_eq!(line.errors.len(), 1, "{text}");
        let fix = &line.errors[0].fixes[0];
        let mut fixed = text.to_string();
        fixed.replace_range(fix.span.clone(), &fix.replacement);
        assert!(
            fixed.starts_with("rules:") && fixed.ends_with("kiriage"),
            "{fixed}"
        );
        assert!(parse_line(&fixed).errors.is_empty(), "{fixed}");
    }
    // A word that only begins like it stays an unknown option.
    assert_eq!(codes("rulesx: kiriage")[0], "unknown-option");
}

/// An option written after the claim is named as an option.
#[test]
fn an_option_after_the_claim_is_named_as_one() {
    let line = parse_line("123m456p789s11222z => 2000 riichi");
    assert_eq!(line.errors.len(), 1);
    assert!(
        line.errors[0].message.contains("options go before"),
        "{}",
        line.errors[0].message
    );
}

/// A character that prints as nothing is named by its code point in a
/// message, wherever it stands.
#[test]
fn invisible_characters_are_named_in_messages() {
    for text in [
        "\u{0}",
        "123m456p789s11222z \u{1}x",
        "123m\u{200b}456p789s11222z",
    ] {
        let line = parse_line(text);
        assert!(!line.errors.is_empty(), "{text:?}");
        for d in &line.errors {
            assert!(d.message.contains("U+"), "{text:?}: {}", d.message);
            assert!(
                !d.message.contains(['\u{0}', '\u{1}', '\u{200b}']),
                "{text:?}"
            );
        }
    }
}
