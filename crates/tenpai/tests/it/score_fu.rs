//! Every fu reason, worked by hand, and the promise that the reasons add up
//! to the fu.

use tenpai::hand::parse_hand;
use tenpai::score::{self, Rules, Score};

fn run_with(line: &str, rules: &Rules) -> Score {
    let (hand, sit) = parse_hand(line, rules).unwrap_or_else(|d| panic!("{line}: {d:?}"));
    score::score(&hand, &sit, rules).unwrap_or_else(|e| panic!("{line}: {e}"))
}

fn run(line: &str) -> Score {
    run_with(line, &Rules::tenhou())
}

/// The fu and its (fu, reason) items.
fn fu(line: &str) -> (u32, Vec<(u32, String)>) {
    let s = run(line);
    let items = s
        .fu_details
        .iter()
        .map(|f| (f.fu, f.reason.to_string()))
        .collect();
    (s.fu.expect("not a yakuman"), items)
}

#[track_caller]
fn item(line: &str, want_fu: u32, reason: &str, total: u32) {
    let (fu, items) = fu(line);
    assert_eq!(fu, total, "{line}: {items:?}");
    assert!(
        items.iter().any(|(f, r)| *f == want_fu && r == reason),
        "{line}: no ({want_fu}, {reason:?}) in {items:?}"
    );
    let sum: u32 = items.iter().map(|(f, _)| f).sum();
    assert_eq!(sum, fu, "{line}: items add up to the fu");
}

#[test]
fn base_closed_ron_and_pinfu() {
    let (f, items) = fu("234m567p22s345678s win=8s seat=s");
    assert_eq!(f, 30);
    assert_eq!(
        items,
        vec![(20, "base (fuutei)".into()), (10, "closed ron".into())]
    );
    let (f, items) = fu("234m567p22s345678s win=8s tsumo seat=s");
    assert_eq!(f, 20, "pinfu tsumo is 20 fu");
    assert!(items.contains(&(0, "pinfu tsumo: no tsumo fu".into())));
}

#[test]
fn tsumo_and_waits() {
    // Kanchan tsumo: 20 + 2 + 2 = 24 -> 30.
    item(
        "234m567p22s345678s win=4s tsumo riichi seat=s",
        2,
        "tsumo",
        30,
    );
    item(
        "234m567p22s345678s win=4s tsumo riichi seat=s",
        2,
        "kanchan wait",
        30,
    );
    item(
        "234m567p22s345678s win=4s tsumo riichi seat=s",
        6,
        "rounded up from 24",
        30,
    );
    // Penchan ron: 20 + 10 + 2 = 32 -> 40.
    item(
        "123m567p22s345678s win=3m riichi seat=s",
        2,
        "penchan wait",
        40,
    );
    item(
        "123m567p22s345678s win=3m riichi seat=s",
        8,
        "rounded up from 32",
        40,
    );
    // Tanki on a guest wind.
    item(
        "234m567p345678s44z win=4z riichi seat=s",
        2,
        "tanki wait",
        40,
    );
}

#[test]
fn triplets() {
    item(
        "234m567p22s345s888s win=4m riichi seat=s",
        4,
        "closed triplet of 8s (simple)",
        40,
    );
    item(
        "234m567p22s345s999s win=4m riichi seat=s",
        8,
        "closed triplet of 9s (terminal)",
        40,
    );
    item(
        "234m567p22s345s444z win=4m riichi seat=s",
        8,
        "closed triplet of North (honor)",
        40,
    );
    item(
        "234m567p22s345s(888s) win=4m seat=s",
        2,
        "open triplet of 8s (simple)",
        30,
    );
    item(
        "234m567p22s345s(555z) win=4m seat=s",
        4,
        "open triplet of White dragon (honor)",
        30,
    );
    // Ron on a shanpon: the completed triplet is open. 20 + 10 + 8 (1m) +
    // 4 (2p) + 2 (3s by ron) + 2 (pair of red) = 46 -> 50.
    item(
        "111m222p333s456s77z win=3s riichi seat=s",
        2,
        "triplet completed by ron (counts as open) of 3s (simple)",
        50,
    );
}

#[test]
fn kans() {
    // 20 + 10 + 16 = 46 -> 50.
    item(
        "234m567p22s345s[8888s] win=4m riichi seat=s",
        16,
        "closed kan of 8s (simple)",
        50,
    );
    // 20 + 10 + 32 = 62 -> 70.
    item(
        "234m567p22s345s[9999s] win=4m riichi seat=s",
        32,
        "closed kan of 9s (terminal)",
        70,
    );
    // Open: 20 + 8 = 28 -> 30; 20 + 16 = 36 -> 40.
    item(
        "234m567p22s345s(8888s) win=4m seat=s",
        8,
        "open kan of 8s (simple)",
        30,
    );
    item(
        "234m567p22s345s(7777z) win=4m seat=s",
        16,
        "open kan of Red dragon (honor)",
        40,
    );
}

#[test]
fn a_rinshan_tsumo_keeps_its_tsumo_fu() {
    // Tenhou counts the tile drawn after a kan as a tsumo like any other:
    // 20 + 2 (tsumo) + 32 (closed kan of 1s) = 54 -> 60; menzen tsumo and
    // rinshan, 2 han 60 fu: 960 base, 1000/2000 for a non-dealer.
    let line = "234m567p678s55p[1111s] win=8s tsumo rinshan seat=s";
    item(line, 2, "tsumo", 60);
    let s = run(line);
    assert_eq!(
        (s.han, s.points.non_dealer, s.points.dealer, s.points.total),
        (2, Some(1000), Some(2000), 4000)
    );
    // Open kan: 20 + 2 + 16 = 38 -> 40, rinshan alone, 1 han 40 fu:
    // 320 base, 400/700.
    let open = "234m567p678s55p(1111s) win=8s tsumo rinshan seat=s";
    item(open, 2, "tsumo", 40);
    assert_eq!(run(open).points.total, 1500);
}

#[test]
fn pairs() {
    item(
        "234m567p345678s77z win=8s riichi seat=s",
        2,
        "pair of Red dragon (dragon)",
        40,
    );
    item(
        "234m567p345678s22z win=8s riichi seat=s round=e",
        2,
        "pair of South (seat wind)",
        40,
    );
    item(
        "234m567p345678s11z win=8s riichi seat=s round=e",
        2,
        "pair of East (round wind)",
        40,
    );
    // 20 + 10 + 4 = 34 -> 40, and no pinfu.
    item(
        "234m567p345678s11z win=8s riichi seat=e round=e",
        4,
        "pair of East (seat and round wind)",
        40,
    );
    // A guest wind pair is worth nothing: pinfu.
    let (f, _) = fu("234m567p345678s44z win=8s riichi seat=s round=e");
    assert_eq!(f, 30);
    // double-wind-fu=2.
    let mut r = Rules::tenhou();
    r.apply("double-wind-fu=2").unwrap();
    let s = run_with("234m567p345678s11z win=8s riichi seat=e round=e", &r);
    assert!(s
        .fu_details
        .iter()
        .any(|f| f.fu == 2 && f.reason == "pair of East (seat and round wind)"));
}

#[test]
fn open_hand_no_fu_ron_and_chiitoitsu() {
    item(
        "234m22s345678s(567p) win=8s seat=s",
        10,
        "open hand with no fu won by ron: 30 fu",
        30,
    );
    // Open pinfu shape by tsumo: 20 + 2 = 22 -> 30.
    item("234m22s345678s(567p) win=8s tsumo seat=s", 2, "tsumo", 30);
    item(
        "1122m3344p5566s77z win=7z seat=s",
        25,
        "seven pairs: 25 fu flat",
        25,
    );
}

#[test]
fn yakuman_have_no_fu() {
    let s = run("111m222p333s444z55z win=4z tsumo seat=s");
    assert_eq!(s.fu, None);
    assert!(s.fu_details.is_empty());
}

#[test]
fn reasons_add_up_on_every_vector() {
    let rules = Rules::tenhou();
    for l in include_str!("../../../../tests/vectors/scoring.jsonl").lines() {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        let line = v["line"].as_str().unwrap();
        let s = run_with(line, &rules);
        if let Some(fu) = s.fu {
            let sum: u32 = s.fu_details.iter().map(|f| f.fu).sum();
            assert_eq!(sum, fu, "{line}");
            assert!(fu % 10 == 0 || fu == 25, "{line}");
        }
    }
}
