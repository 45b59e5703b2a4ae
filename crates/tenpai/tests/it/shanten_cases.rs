//! Hands worked out by hand: the cases where counting tiles naively goes
//! wrong (quads, fifth copies, called copies) and the famous many-sided waits.

use tenpai::hand::{Hand, Meld, MeldKind, Situation};
use tenpai::score::Rules;
use tenpai::shanten::{analyze, hand_shanten, shanten, shanten_name, waits, Analysis, WinValue};
use tenpai::tile::{counts, parse_tiles, to_compact, Tile};

fn tiles(s: &str) -> Vec<Tile> {
    parse_tiles(s).expect("test hands parse").0
}

fn hand(s: &str) -> Hand {
    let mut closed = tiles(s);
    closed.sort();
    Hand {
        closed: closed.into(),
        ..Hand::default()
    }
}

fn waits_of(s: &str) -> String {
    to_compact(&waits(&counts(&tiles(s)), 0))
}

#[test]
fn a_quad_is_one_pair_for_seven_pairs() {
    // Pairs 11 22 33 44m and 77z (the quad counts once): five pairs among six
    // kinds, so two pairs and a new kind short: 3 draws, 2-shanten. Read as
    // two pairs it would look tenpai on 5m.
    let s = shanten(&counts(&tiles("112233445m7777z")), 0);
    assert_eq!(s.chiitoitsu, Some(2));
    // Regular: 7777z cannot all be used (no honor sequences, and a triplet
    // plus a pair needs five), so not tenpai; 123 123 345m 777z 44m is two
    // draws (3m, 4m) away: 1-shanten.
    assert_eq!(s.regular, 1);
    assert_eq!(s.shanten, 1);
    assert_eq!(waits_of("112233445m7777z"), "");
}

#[test]
fn kokushi_thirteen_sided_wait() {
    let s = shanten(&counts(&tiles("19m19p19s1234567z")), 0);
    assert_eq!(s.kokushi, Some(0));
    assert_eq!(s.shanten, 0);
    assert_eq!(waits_of("19m19p19s1234567z"), "19m19p19s1234567z");
    // With a pair already, the one missing orphan is the only wait.
    assert_eq!(waits_of("119m19p19s123456z"), "7z");
}

#[test]
fn pure_nine_gates_waits_on_all_nine() {
    assert_eq!(waits_of("1112345678999m"), "123456789m");
    assert_eq!(shanten(&counts(&tiles("1112345678999m")), 0).regular, 0);
}

#[test]
fn a_wait_on_a_fifth_copy_is_no_wait() {
    // 111s + 1s tanki would wait on the fifth 1s; nothing else completes it.
    for h in ["1111345567789s", "1111m234p567p789s"] {
        let s = shanten(&counts(&tiles(h)), 0);
        assert_eq!(s.shanten, 1, "{h}");
        assert_eq!(waits_of(h), "", "{h}");
        assert!(matches!(
            analyze(&hand(h), &Situation::default(), &Rules::default()),
            Analysis::NotTenpai { .. }
        ));
    }
}

#[test]
fn copies_in_a_pon_are_not_available() {
    // (555m) and a 5m tanki: the wait is the fifth 5m.
    let mut h = hand("5m123p456p789s");
    h.melds.push(Meld {
        kind: MeldKind::Pon,
        tiles: tiles("555m").into(),
    });
    assert_eq!(hand_shanten(&h).shanten, 1);
    // Counted from the closed tiles alone it would look tenpai.
    assert_eq!(shanten(&counts(&h.closed), 1).shanten, 0);
    assert!(matches!(
        analyze(&h, &Situation::default(), &Rules::default()),
        Analysis::NotTenpai { .. }
    ));
}

#[test]
fn waits_count_the_tiles_in_sight() {
    // Shanpon on East and South; a dora indicator shows one East.
    let sit = Situation {
        dora: tiles("1z").into(),
        visible: tiles("2z2z4s").into(),
        ..Situation::default()
    };
    let Analysis::Tenpai { waits, shanten } =
        analyze(&hand("123m456p789s1122z"), &sit, &Rules::default())
    else {
        panic!("tenpai");
    };
    assert_eq!(shanten.shanten, 0);
    let got: Vec<(String, u8)> = waits.iter().map(|w| (w.tile.to_string(), w.left)).collect();
    assert_eq!(got, [("1z".to_string(), 1), ("2z".to_string(), 0)]);
}

#[test]
fn the_discard_table_puts_the_best_first() {
    // 123456789m 11p 35p 9s: dropping 9s leaves a kanchan on 4p (4 tiles);
    // every other discard leaves the hand 1-shanten.
    let sit = Situation {
        discard: Some(tiles("3p")[0]),
        ..Situation::default()
    };
    let a = analyze(&hand("123456789m1135p9s"), &sit, &Rules::default());
    let Analysis::Discards {
        options,
        chosen,
        shanten,
    } = &a
    else {
        panic!("a 14-tile hand that is not complete gets a discard table");
    };
    assert_eq!(shanten.shanten, 0);
    assert_eq!(options[0].tile.to_string(), "9s");
    assert_eq!(options[0].shanten, 0);
    assert_eq!(options[0].ukeire.total, 4);
    assert_eq!(options[0].waits.len(), 1);
    assert_eq!(options[0].waits[0].tile.to_string(), "4p");
    assert!(options[1..].iter().all(|o| o.shanten == 1));
    let chosen = chosen.as_ref().expect("discard= is compared");
    assert!(!chosen.best);
    let summary = a.chosen_summary().expect("a verdict");
    assert!(summary.starts_with("3p: 1-shanten, "), "{summary}");
    assert!(
        summary.ends_with(" — best 9s: tenpai, 4 tiles"),
        "{summary}"
    );
}

#[test]
fn a_complete_hand_is_left_to_the_scorer() {
    let a = analyze(
        &hand("123m456p789s11122z"),
        &Situation::default(),
        &Rules::default(),
    );
    assert_eq!(a, Analysis::Complete);
    assert_eq!(
        shanten(&counts(&tiles("123m456p789s11122z")), 0).shanten,
        -1
    );
}

#[test]
fn partial_hands_count_the_melds_they_can_form() {
    // Four tiles: one meld and a pair; 23 waits on 1 and 4 beside the 55.
    assert_eq!(waits_of("2355p"), "14p");
    assert_eq!(waits_of("23m55p"), "14m");
    // 1111m alone: 111m and a 1m tanki would need a fifth 1m.
    assert_eq!(waits_of("1111m"), "");
    assert_eq!(shanten(&counts(&tiles("1111m")), 3).shanten, 1);
    // One tile: a pair is all it needs.
    assert_eq!(waits_of("7z"), "7z");
    // Two tiles: already a pair.
    assert_eq!(shanten(&counts(&tiles("77z")), 4).shanten, -1);
}

#[test]
fn names() {
    assert_eq!(shanten_name(-1), "complete");
    assert_eq!(shanten_name(0), "tenpai");
    assert_eq!(shanten_name(3), "3-shanten");
}

#[test]
fn each_wait_is_priced_and_a_wait_without_yaku_says_so() {
    // 23m: 1m and 4m. Open (chi 789p), so no riichi, no menzen tsumo; 4m
    // gives tanyao (every tile a simple), 1m gives nothing.
    let mut h = hand("23m456p234s66s");
    h.melds.push(Meld {
        kind: MeldKind::Chi,
        tiles: tiles("678p").into(),
    });
    let Analysis::Tenpai { waits, .. } = analyze(&h, &Situation::default(), &Rules::default())
    else {
        panic!("tenpai on 1m-4m");
    };
    let by_tile = |t: &str| {
        waits
            .iter()
            .find(|w| w.tile.to_string() == t)
            .and_then(|w| w.value.clone())
            .expect("priced")
    };
    assert_eq!(by_tile("1m").ron, WinValue::NoYaku);
    assert_eq!(by_tile("1m").tsumo, WinValue::NoYaku);
    // Open tanyao, 1 han 30 fu (open pinfu shape on a ron); the seat
    // defaults to East, the dealer: 1500.
    match by_tile("4m").ron {
        WinValue::Points {
            han,
            total,
            ref yaku,
            ..
        } => {
            assert_eq!(han, 1);
            assert_eq!(total, 1500);
            assert_eq!(yaku, &[("tanyao".to_string(), 1)]);
        }
        ref other => panic!("4m is tanyao: {other:?}"),
    }
}

/// A waiting hand written with `chankan`: the robbed tile is the fourth
/// of its kind, so a wait on a tile the hand holds is never won by it (the
/// ron is not priced); a wait on a tile it does not hold is.
#[test]
fn chankan_is_no_ron_on_a_tile_the_hand_holds() {
    let sit = Situation {
        chankan: true,
        ..Situation::default()
    };
    // Shanpon on 2z and 7z: both held twice.
    let Analysis::Tenpai { waits, .. } =
        analyze(&hand("123m456p789s2277z"), &sit, &Rules::default())
    else {
        panic!("tenpai on 2z-7z");
    };
    assert_eq!(waits.len(), 2);
    for w in &waits {
        let v = w.value.clone().expect("priced");
        assert!(
            matches!(v.ron, WinValue::Unpriced(ref m) if m.contains("chankan")),
            "{v:?}"
        );
        assert!(matches!(v.tsumo, WinValue::Points { .. }), "{v:?}");
    }
    // Ryanmen 14m, neither held: chankan (1 han) on a closed ron.
    let Analysis::Tenpai { waits, .. } =
        analyze(&hand("23m456p789s11122z"), &sit, &Rules::default())
    else {
        panic!("tenpai on 1m-4m");
    };
    for w in &waits {
        match w.value.clone().expect("priced").ron {
            WinValue::Points { ref yaku, .. } => {
                assert!(yaku.iter().any(|(id, _)| id == "chankan"), "{yaku:?}")
            }
            other => panic!("{}: {other:?}", w.tile),
        }
    }
}

/// The waits after a discard are priced with the red fives that stay.
#[test]
fn a_red_five_discarded_takes_its_han_with_it() {
    let rules = Rules::default();
    // The discard's ron on 4s: non-dealer, 234m 567p 678s 55s + 23s-4s.
    let ron_on_4s = |line: &str, five: &str| -> (u32, u32) {
        let (h, sit) = tenpai::hand::parse_hand(line, &rules).expect("parses");
        let Analysis::Discards { options, .. } = analyze(&h, &sit, &rules) else {
            panic!("{line}: a discard table");
        };
        let o = options
            .iter()
            .find(|o| o.tile.to_string() == five)
            .expect("the five is a discard");
        let w = o.waits.iter().find(|w| w.tile.to_string() == "4s");
        match w.and_then(|w| w.value.clone()).map(|v| v.ron) {
            Some(WinValue::Points { han, total, .. }) => (han, total),
            other => panic!("{line}: {other:?}"),
        }
    };
    // The only 5m is the red one: discarding it leaves pinfu and tanyao,
    // 2 han 30 fu, 2000 (no aka dora).
    assert_eq!(ron_on_4s("2340m567p678s55s23s seat=s", "5m"), (2, 2000));
    // Two 5p, one red: the player throws the plain one and keeps the han,
    // 3 han 30 fu, 3900.
    assert_eq!(ron_on_4s("234m4506p678s55s23s seat=s", "5p"), (3, 3900));
    // Open, dealer: 234m 567p 55s (555m) + 23s-4s is tanyao, 1 han 30 fu,
    // 1500; with the red five 2 han 30 fu, 2900. The closed 0m is the red
    // one, and the 5m left in the pon is not: discarding it loses the han.
    assert_eq!(ron_on_4s("2340m567p2355s (555m)", "5m"), (1, 1500));
    // The red five is in the pon: discarding the closed 5m keeps it.
    assert_eq!(ron_on_4s("2345m567p2355s (505m)", "5m"), (2, 2900));
}

#[test]
fn inputs_that_are_not_hands_are_answered_without_panicking() {
    // Fifth copies, too many tiles, nothing at all: the library is called
    // with whatever a caller has; it must answer, not crash.
    let mut seed = 0x51A7_E5EE_D000_0001u64;
    for _ in 0..80 {
        let mut h = [0u8; 34];
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let n = (seed % 21) as usize;
        for i in 0..n {
            h[((seed >> (i % 40)) as usize + i * 7) % 34] += 1;
        }
        let melds = (seed >> 50) as usize % 6;
        let s = shanten(&h, melds);
        assert!(s.shanten <= s.regular);
        let _ = waits(&h, melds);
        let _ = tenpai::shanten::ukeire(&h, melds);
        let _ = tenpai::shanten::discard_options(&h, melds);
        let mut closed = Vec::new();
        for (i, &c) in h.iter().enumerate() {
            closed.extend(std::iter::repeat_n(
                Tile::from_index(i).unwrap(),
                c as usize,
            ));
        }
        let hd = Hand {
            closed: closed.into(),
            ..Hand::default()
        };
        let _ = analyze(&hd, &Situation::default(), &Rules::default());
    }
}
