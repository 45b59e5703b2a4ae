//! Three-player lines and the local rules' hand words: what the notation
//! reports (2m-8m, chi and a North seat under sanma; a fifth North; words
//! the rules do not score) and what the engine then scores.

use tenpai::code::Code;
use tenpai::diag::Diagnostic;
use tenpai::hand::{parse_hand, validate, Mode};
use tenpai::notation::{ast::LineKind, parse_line};
use tenpai::score::{self, Rules};

fn rules(words: &str) -> Rules {
    let mut r = Rules::tenhou();
    r.apply_words(words).expect("rule words");
    r
}

fn codes(text: &str, rules: &Rules) -> Vec<&'static str> {
    let line = parse_line(text);
    let LineKind::Hand(h) = &line.kind else {
        panic!("{text}: not a hand line");
    };
    let mut d: Vec<Diagnostic> = line.errors.clone();
    d.extend(validate(h, rules, Mode::Strict).diagnostics);
    d.iter().map(|d| d.code.as_str()).collect()
}

#[test]
fn the_three_player_tile_set_is_checked() {
    let sanma = rules("tenhou-sanma");
    // 2m-8m anywhere, the red 5m, a chi, a North seat.
    assert!(codes("123m456p789s11122z", &sanma).contains(&"not-in-sanma"));
    assert!(codes("19m456p789s111222z dora=5m", &sanma).contains(&"not-in-sanma"));
    assert!(codes("19m406p789s111222z dora=0m", &sanma).contains(&"not-in-sanma"));
    assert!(codes("456p789s11122z (123p)", &sanma).contains(&"not-in-sanma"));
    assert!(codes("111m456p789s11222z seat=n", &sanma).contains(&"not-in-sanma"));
    // The same lines are fine with four players, and a three-player line is.
    assert!(codes("123m456p789s11122z", &Rules::tenhou()).is_empty());
    assert!(codes("456p789s11122z (123p)", &Rules::tenhou()).is_empty());
    assert!(codes("111m456p789s11222z seat=w nuki=2", &sanma).is_empty());
    // The message says why.
    let err = parse_hand("123m456p789s11122z", &sanma).unwrap_err();
    assert!(
        err[0].message.contains("not played in three-player"),
        "{}",
        err[0].message
    );
}

#[test]
fn nuki_counts_norths_set_aside() {
    let sanma = rules("sanma");
    assert!(codes("111m456p789s11444z nuki=2", &sanma).contains(&"fifth-tile"));
    assert!(codes("111m456p789s11222z nuki=5", &sanma).contains(&"invalid-value"));
    // Outside three players it is a note, and counts nothing.
    assert_eq!(
        codes("111m456p789s11222z nuki=2", &Rules::tenhou()),
        ["rule-off"]
    );
    // A tsumo after a North set aside is rinshan without a kan.
    assert!(codes("111m456p789s11222z tsumo rinshan nuki=1", &sanma).is_empty());
    assert!(!codes("111m456p789s11222z tsumo rinshan", &sanma).is_empty());
    // Scored: nuki_dora one han each, and once more per West indicator.
    let (h, s) = parse_hand("111m456p789s11222z win=9s riichi nuki=2 dora=3z", &sanma)
        .expect("a three-player line");
    let scored = score::score(&h, &s, &sanma).expect("riichi is a yaku");
    let han = |id: &str| {
        scored
            .yaku
            .iter()
            .find(|y| y.yaku.id() == id)
            .map(|y| y.han)
    };
    assert_eq!(han("nuki_dora"), Some(2));
    assert_eq!(han("dora"), Some(2));
    // Nukidora alone is no yaku.
    let (h, s) = parse_hand("111m456p789s11222z win=9s nuki=3", &sanma).expect("line");
    assert_eq!(score::score(&h, &s, &sanma).unwrap_err().code, Code::NoYaku);
}

#[test]
fn the_local_words_say_when_the_rules_do_not_score_them() {
    let tenhou = Rules::tenhou();
    assert_eq!(
        codes("123m456p789s11222z open-riichi", &tenhou),
        ["rule-off"]
    );
    assert_eq!(
        codes("123m456p789s11222z paarenchan", &tenhou),
        ["rule-off"]
    );
    let local = rules("open-riichi paarenchan");
    assert!(codes("123m456p789s11222z open-riichi", &local).is_empty());
    assert!(codes("123m456p789s11222z paarenchan=2", &local).is_empty());
    // Paarenchan is the dealer's; open riichi needs a closed hand.
    assert!(codes("123m456p789s11222z paarenchan seat=s", &local).contains(&"contradiction"));
    assert!(codes("123m456p789s11222z paarenchan=9", &local).contains(&"invalid-value"));
    assert!(codes("456p789s11222z (123m) open-riichi", &local).contains(&"contradiction"));
}

#[test]
fn atozuke_off_refuses_a_yaku_that_only_the_winning_tile_gives() {
    // Waiting on 5z or 9p (shanpon): the white dragon gives a yaku, 9p
    // none. With atozuke the 5z ron scores; without, it may not win so.
    let line = "123m456p99p555z (789s) win=5z";
    let allowed = Rules::tenhou();
    let (h, s) = parse_hand(line, &allowed).expect("line");
    assert!(score::score(&h, &s, &allowed).is_ok());
    let nashi = rules("atozuke=off");
    let err = score::score(&h, &s, &nashi).unwrap_err();
    assert_eq!(err.code, Code::Atozuke, "{err}");
    // A yakuhai already held as a triplet is no atozuke.
    let (h, s) = parse_hand("123m456p99p555z (789s) win=9p", &nashi).expect("line");
    assert!(score::score(&h, &s, &nashi).is_ok());
}
