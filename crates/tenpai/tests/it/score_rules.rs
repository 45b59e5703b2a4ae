//! Each rule switch, through the engine: the same hand under Tenhou rules
//! and with the switch flipped.

use tenpai::code::Code;
use tenpai::hand::parse_hand;
use tenpai::score::{self, Limit, Rules, Score, ScoreError};

fn with(line: &str, words: &[&str]) -> Result<Score, ScoreError> {
    let mut rules = Rules::tenhou();
    for w in words {
        rules.apply(w).unwrap();
    }
    let (hand, sit) = parse_hand(line, &rules).unwrap_or_else(|d| panic!("{line}: {d:?}"));
    score::score(&hand, &sit, &rules)
}

fn ok(line: &str, words: &[&str]) -> Score {
    with(line, words).unwrap_or_else(|e| panic!("{line} {words:?}: {e}"))
}

#[test]
fn kiriage() {
    let line = "234m678m999s22p[5555p] win=4m riichi seat=s dora=1m3m";
    let s = ok(line, &[]);
    assert_eq!(
        (s.han, s.fu, s.limit, s.points.ron),
        (3, Some(60), None, Some(7700))
    );
    let s = ok(line, &["kiriage"]);
    assert_eq!((s.limit, s.points.ron), (Some(Limit::Mangan), Some(8000)));
}

#[test]
fn open_tanyao() {
    let line = "234m456p678s55s(345m) win=5s seat=s";
    assert_eq!(
        ok(line, &[]).yaku.first().map(|y| y.yaku.id()),
        Some("tanyao")
    );
    assert_eq!(
        with(line, &["open-tanyao=off"]).unwrap_err().code,
        Code::NoYaku
    );
    // Closed tanyao is unaffected.
    let closed = "234m456p678s345m55s win=5s seat=s riichi";
    assert!(ok(closed, &["open-tanyao=off"])
        .yaku
        .iter()
        .any(|y| y.yaku.id() == "tanyao"));
}

/// An on / off switch reads every common spelling of on and off, and
/// nothing else.
#[test]
fn on_and_off_in_every_spelling() {
    for on in [
        "kiriage",
        "kiriage=on",
        "kiriage=yes",
        "kiriage=true",
        "kiriage=1",
    ] {
        let mut r = Rules::tenhou();
        r.apply(on).unwrap();
        assert!(r.kiriage, "{on}");
    }
    for off in [
        "open-tanyao=off",
        "open-tanyao=no",
        "open-tanyao=false",
        "open-tanyao=0",
    ] {
        let mut r = Rules::tenhou();
        r.apply(off).unwrap();
        assert!(!r.open_tanyao, "{off}");
    }
    for bad in ["kiriage=2", "kiriage=maybe", "kiriage="] {
        assert!(Rules::tenhou().apply(bad).is_err(), "{bad}");
    }
}

#[test]
fn red_fives() {
    let line = "234m406p678s55s(345m) win=5s seat=s";
    assert_eq!(ok(line, &[]).han, 2);
    let s = ok(line, &["red-fives=off"]);
    assert_eq!(s.han, 1);
    assert!(!s.yaku.iter().any(|y| y.yaku.id() == "aka_dora"));
}

#[test]
fn double_yakuman_hands() {
    for (line, id) in [
        ("19m19p19s1234567z1m win=1m seat=s", "kokushi_13_wait"),
        ("111m222p333s444z55z win=5z seat=s", "suuankou_tanki"),
        ("11123455678999m win=5m seat=s", "junsei_chuuren"),
        ("55m111222333z(444z) win=5m seat=s", "daisuushii"),
    ] {
        let s = ok(line, &[]);
        assert_eq!((s.han, s.limit), (13, Some(Limit::Yakuman(1))), "{line}");
        let s = ok(line, &["double-yakuman"]);
        assert_eq!(s.yaku.len(), 1, "{line}");
        assert_eq!(
            s.yaku.first().map(|y| (y.yaku.id(), y.han)),
            Some((id, 26)),
            "{line}"
        );
        assert_eq!(s.limit, Some(Limit::Yakuman(2)), "{line}");
        assert_eq!(s.points.ron, Some(64000), "{line}");
        // The mahjong-soul preset has it on.
        assert_eq!(ok(line, &["mahjong-soul"]).han, 26, "{line}");
    }
    // The plain forms stay single.
    let s = ok(
        "111m222p333s444z55z win=4z tsumo seat=s",
        &["double-yakuman"],
    );
    assert_eq!(s.han, 13);
}

#[test]
fn yakuman_stacking() {
    // Daisangen + tsuuiisou + suuankou (tsumo on the shanpon).
    let line = "11555666777z222z win=1z tsumo seat=s";
    let s = ok(line, &[]);
    assert_eq!((s.han, s.limit), (39, Some(Limit::Yakuman(3))));
    assert_eq!(s.points.dealer, Some(48000));
    let s = ok(line, &["yakuman-stacking=off"]);
    assert_eq!((s.han, s.limit), (13, Some(Limit::Yakuman(1))));
    assert_eq!(s.yaku.len(), 1);
}

#[test]
fn kazoe_cap() {
    // 15 han (ryanpeikou, chinitsu, riichi, ippatsu, tsumo, pinfu, 2 dora).
    let line = "11223344556677p win=7p riichi ippatsu tsumo seat=s dora=6p";
    let s = ok(line, &[]);
    assert_eq!((s.han, s.limit), (15, Some(Limit::KazoeYakuman)));
    assert_eq!(s.points.dealer, Some(16000));
    let s = ok(line, &["kazoe=sanbaiman"]);
    assert_eq!((s.han, s.limit), (15, Some(Limit::Sanbaiman)));
    assert_eq!(s.points.dealer, Some(12000));
}

#[test]
fn renhou() {
    let line = "234m567p22s345678s win=8s seat=s renhou";
    // Off (Tenhou): the hand's own value, 2 han 30 fu.
    let s = ok(line, &[]);
    assert_eq!(s.points.ron, Some(2000));
    let s = ok(line, &["renhou=mangan"]);
    assert_eq!(s.limit, Some(Limit::Mangan));
    assert_eq!(s.yaku.len(), 1);
    assert_eq!(s.yaku.first().map(|y| y.yaku.id()), Some("renhou"));
    assert_eq!(s.points.ron, Some(8000));
    // A hand worth more than a mangan keeps its own value.
    let big = "22334455667788p win=8p seat=s renhou";
    let s = ok(big, &["renhou=mangan"]);
    assert!(s.han >= 6, "{:?}", s.yaku);
    assert!(!s.yaku.iter().any(|y| y.yaku.id() == "renhou"));
    let s = ok(line, &["renhou=yakuman"]);
    assert_eq!(
        (s.han, s.limit, s.points.ron),
        (13, Some(Limit::Yakuman(1)), Some(32000))
    );
}

#[test]
fn nagashi() {
    let line = "234m567p22s345678s win=8s seat=s nagashi honba=2 sticks=1";
    let s = ok(line, &[]);
    assert_eq!(s.limit, Some(Limit::Mangan));
    assert_eq!(
        (s.points.dealer, s.points.non_dealer),
        (Some(4000), Some(2000))
    );
    assert_eq!(s.points.total, 8000, "no honba or sticks: it is a draw");
    let dealer = ok("234m567p22s345678s win=8s seat=e nagashi", &[]);
    assert_eq!(dealer.points.non_dealer, Some(4000));
    assert_eq!(dealer.points.total, 12000);
    assert_eq!(
        with(line, &["nagashi=off"]).unwrap_err().code,
        Code::RuleOff
    );
}

#[test]
fn double_wind_fu_and_honba_value() {
    let line = "123m456p789s999s11z win=4p riichi seat=e round=e";
    assert_eq!(ok(line, &[]).fu, Some(50));
    assert_eq!(ok(line, &["double-wind-fu=2"]).fu, Some(40));
    let h = "234m567p22s345678s win=8s seat=s honba=2";
    assert_eq!(ok(h, &[]).points.total, 2000 + 600);
    assert_eq!(ok(h, &["honba=1500"]).points.total, 2000 + 3000);
}

#[test]
fn no_limits_prices_yakuman_by_the_formula_too() {
    // Aotenjou: a yakuman is 13 han, added to the situation's yaku, with
    // the fu of any closed hand (20 + 10 for a closed ron).
    let kokushi = "19m19p199s1234567z win=1s seat=e";
    let capped = ok(kokushi, &[]);
    assert_eq!(
        (capped.limit, capped.points.ron),
        (Some(Limit::Yakuman(1)), Some(48000))
    );
    let s = ok(kokushi, &["limits=off"]);
    assert_eq!((s.han, s.fu, s.limit), (13, Some(30), None));
    // 30 x 2^15 = 983,040 base points, x 6 from the dealer, rounded up.
    assert_eq!(s.points.ron, Some(5_898_300));
    let ids: Vec<(&str, u32)> = s.yaku.iter().map(|y| (y.yaku.id(), y.han)).collect();
    assert_eq!(ids, [("kokushi", 13)]);
    let s = ok(&format!("{kokushi} riichi"), &["limits=off"]);
    assert_eq!(s.han, 14);
    assert_eq!(s.points.ron, Some(11_796_500));

    // Daisangen replaces its three dragon yakuhai; the three concealed
    // triplets are still sanankou. Fu: 20 + 10 closed ron + 3 x 8 concealed
    // honor triplets + 2 single wait = 56, rounded to 60.
    let daisangen = "555666777z123m44p win=4p seat=s";
    assert_eq!(ok(daisangen, &[]).points.ron, Some(32000));
    let s = ok(daisangen, &["limits=off"]);
    let mut ids: Vec<(&str, u32)> = s.yaku.iter().map(|y| (y.yaku.id(), y.han)).collect();
    ids.sort_unstable();
    assert_eq!(ids, [("daisangen", 13), ("sanankou", 2)]);
    assert_eq!((s.han, s.fu, s.limit), (15, Some(60), None));
    // 60 x 2^17 = 7,864,320, x 4 for a non-dealer's ron.
    assert_eq!(s.points.ron, Some(31_457_300));

    // A double yakuman counts 26 han; yakuman stack (their yakuhai and
    // toitoi do not count beside them) unless stacking is off, when only
    // the biggest counts, as with limits.
    let honors = "555666777z111z22z win=2z seat=s tsumo";
    let yakuman = |s: &Score| -> Vec<(&'static str, u32)> {
        let mut ym: Vec<(&str, u32)> = s
            .yaku
            .iter()
            .filter(|y| y.han >= 13)
            .map(|y| (y.yaku.id(), y.han))
            .collect();
        ym.sort_unstable();
        ym
    };
    let s = ok(honors, &["limits=off", "double-yakuman"]);
    assert_eq!(
        yakuman(&s),
        [("daisangen", 13), ("suuankou_tanki", 26), ("tsuuiisou", 13)]
    );
    let others: Vec<&str> = s
        .yaku
        .iter()
        .filter(|y| y.han < 13)
        .map(|y| y.yaku.id())
        .collect();
    assert!(
        !others.contains(&"toitoi") && !others.iter().any(|id| id.starts_with("yakuhai")),
        "{others:?}"
    );
    let s = ok(
        honors,
        &["limits=off", "double-yakuman", "yakuman-stacking=off"],
    );
    assert_eq!(yakuman(&s), [("suuankou_tanki", 26)]);
    assert!(
        s.yaku.iter().all(|y| y.yaku.id() != "toitoi"),
        "{:?}",
        s.yaku
    );
}
