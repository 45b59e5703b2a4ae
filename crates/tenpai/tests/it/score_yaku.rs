//! Every yaku, worked by hand: a hand that has it (with its han) and a hand
//! that just misses it. Lines go through the project's parser; Tenhou rules.

use tenpai::code::Code;
use tenpai::hand::parse_hand;
use tenpai::score::{self, Rules, Score, ScoreError};

fn run(line: &str) -> Result<Score, ScoreError> {
    let rules = Rules::tenhou();
    let (hand, sit) = parse_hand(line, &rules).unwrap_or_else(|d| panic!("{line}: {d:?}"));
    score::score(&hand, &sit, &rules)
}

fn yaku(line: &str) -> Vec<(String, u32)> {
    match run(line) {
        Ok(s) => s
            .yaku
            .iter()
            .map(|y| (y.yaku.id().to_string(), y.han))
            .collect(),
        Err(_) => Vec::new(),
    }
}

#[track_caller]
fn has(line: &str, id: &str, han: u32) {
    let y = yaku(line);
    assert!(
        y.iter().any(|(i, h)| i == id && *h == han),
        "{line}: expected {id} {han}, got {y:?}"
    );
}

#[track_caller]
fn lacks(line: &str, id: &str) {
    let y = yaku(line);
    assert!(
        !y.iter().any(|(i, _)| i == id),
        "{line}: expected no {id}, got {y:?}"
    );
}

// A closed, all-simples, pinfu-shaped hand: 234m 567p 345s 678s 22s, won on
// 8s (two-sided). Non-dealer (seat south), east round.
const PINFU: &str = "234m567p22s345678s win=8s seat=s";

#[test]
fn riichi_double_ippatsu() {
    has(&format!("{PINFU} riichi"), "riichi", 1);
    lacks(PINFU, "riichi");
    has(&format!("{PINFU} double-riichi"), "double_riichi", 2);
    lacks(&format!("{PINFU} double-riichi"), "riichi");
    has(&format!("{PINFU} riichi ippatsu"), "ippatsu", 1);
    lacks(&format!("{PINFU} riichi"), "ippatsu");
}

#[test]
fn menzen_tsumo() {
    has(&format!("{PINFU} tsumo"), "menzen_tsumo", 1);
    // Open: a tsumo is no yaku.
    let open = "234m22s345678s(567p) win=8s tsumo seat=s";
    lacks(open, "menzen_tsumo");
    has(open, "tanyao", 1);
}

#[test]
fn pinfu() {
    has(PINFU, "pinfu", 1);
    // 345s won on 4s: kanchan.
    lacks("234m567p22s345678s win=4s seat=s", "pinfu");
    // Pair of a dragon is worth fu.
    lacks("234m567p345678s77z win=8s seat=s riichi", "pinfu");
    // Pair of the seat wind too.
    lacks("234m567p345678s22z win=8s seat=s riichi", "pinfu");
    // A pair of a guest wind is fine.
    has("234m567p345678s44z win=8s seat=s riichi", "pinfu", 1);
}

#[test]
fn tanyao() {
    has(PINFU, "tanyao", 1);
    lacks("123m567p22s345678s win=8s seat=s riichi", "tanyao");
    // Open tanyao under Tenhou rules.
    has("234m22s345678s(567p) win=8s seat=s", "tanyao", 1);
}

#[test]
fn iipeikou_and_ryanpeikou() {
    has("223344m567p22s678s win=8s seat=s", "iipeikou", 1);
    lacks("223344m22s678s(567p) win=8s seat=s", "iipeikou");
    let ryan = "223344m556677p88s win=8s seat=s";
    has(ryan, "ryanpeikou", 3);
    lacks(ryan, "iipeikou");
    lacks(ryan, "chiitoitsu");
}

#[test]
fn yakuhai() {
    has("123m456p789s11s555z win=1s seat=s", "yakuhai_haku", 1);
    has("123m456p789s11s666z win=1s seat=s", "yakuhai_hatsu", 1);
    has("123m456p789s11s777z win=1s seat=s", "yakuhai_chun", 1);
    // A pair of white is no yaku.
    lacks("123m456p789s111s55z win=5z seat=s", "yakuhai_haku");
    has("123m456p789s11s222z win=1s seat=s round=e", "seat_wind", 1);
    lacks("123m456p789s11s222z win=1s seat=s round=e", "round_wind");
    has("123m456p789s11s111z win=1s seat=s round=e", "round_wind", 1);
    lacks("123m456p789s11s111z win=1s seat=s round=e", "seat_wind");
    // A double wind gives both.
    let double = "123m456p789s11s111z win=1s seat=e round=e";
    has(double, "seat_wind", 1);
    has(double, "round_wind", 1);
    // A guest wind gives nothing.
    lacks("123m456p789s11s444z win=1s seat=s round=e", "seat_wind");
}

#[test]
fn last_tile_rinshan_chankan() {
    has(&format!("{PINFU} tsumo haitei"), "haitei", 1);
    has(&format!("{PINFU} houtei"), "houtei", 1);
    lacks(&format!("{PINFU} tsumo"), "haitei");
    let kan = "234m567p22s678s[1111z] win=8s tsumo seat=s";
    has(&format!("{kan} rinshan"), "rinshan", 1);
    lacks(kan, "rinshan");
    has(&format!("{PINFU} chankan"), "chankan", 1);
    lacks(PINFU, "chankan");
}

#[test]
fn sanshoku() {
    has("123m123p123s789s55p win=9s seat=s", "sanshoku", 2);
    lacks("123m123p234s789s55p win=9s seat=s", "sanshoku");
    has("123m123s789s55p(123p) win=9s seat=s", "sanshoku", 1);
}

#[test]
fn ittsu() {
    has("123456789m234p55s win=9m seat=s", "ittsu", 2);
    lacks("123456788m234p55s win=8m seat=s riichi", "ittsu");
    has("123456m234p55s(789m) win=6m seat=s", "ittsu", 1);
}

#[test]
fn chanta_and_junchan() {
    has("123m789p789s444z99s win=9s seat=s", "chanta", 2);
    lacks("123m789p678s444z99s win=9s seat=s", "chanta");
    has("123m789p99s444z(789s) win=9s seat=s", "chanta", 1);
    has("123m789p789s111s99p win=9p seat=s", "junchan", 3);
    lacks("123m789p789s111s99p win=9p seat=s", "chanta");
    lacks("123m789p789s444z99s win=9s seat=s", "junchan");
    has("123m789p111s99p(789s) win=9p seat=s", "junchan", 2);
}

#[test]
fn chiitoitsu() {
    has("1122m3344p5566s77z win=7z seat=s", "chiitoitsu", 2);
    // Four of a kind is not two pairs.
    let four = run("1122m3344p55s7777z win=7z seat=s");
    assert_eq!(four.unwrap_err().code, Code::NotComplete);
}

#[test]
fn toitoi_sanankou_sankantsu() {
    has("222p333s444z55z(111m) win=5z seat=s", "toitoi", 2);
    lacks("234p333s444z55z(111m) win=5z seat=s", "toitoi");
    // Won on the pair: three concealed triplets.
    has("111m222p333s456s77z win=7z seat=s", "sanankou", 2);
    // Ron on the shanpon: that triplet counts as open.
    lacks("111m222p333s456s77z win=3s seat=s", "sanankou");
    // ... but tsumo keeps it concealed.
    has("111m222p333s456s77z win=3s tsumo seat=s", "sanankou", 2);
    let three = "456s77z[1111m][2222p][3333s] win=7z seat=s";
    has(three, "sankantsu", 2);
    has(three, "sanankou", 2);
    lacks("333s456s77z[1111m][2222p] win=7z seat=s", "sankantsu");
}

#[test]
fn sanshoku_doukou() {
    has("111m111p111s456s77z win=7z seat=s", "sanshoku_doukou", 2);
    lacks("111m111p222s456s77z win=7z seat=s", "sanshoku_doukou");
}

#[test]
fn shousangen() {
    let s = "123m456p555666z77z win=7z seat=s";
    has(s, "shousangen", 2);
    has(s, "yakuhai_haku", 1);
    has(s, "yakuhai_hatsu", 1);
    lacks("123m456p555666z77s win=7s seat=s", "shousangen");
}

#[test]
fn honroutou() {
    let h = "999p111999s11z(111m) win=1z seat=s";
    has(h, "honroutou", 2);
    has(h, "toitoi", 2);
    lacks(h, "chanta");
    lacks("123m999p111s11z(999s) win=1z seat=s", "honroutou");
    // Seven pairs of terminals and honors: honroutou with chiitoitsu,
    // 2 + 2 = 4 han 25 fu, 6400 for a non-dealer ron (25 x 2^6 x 4).
    let pairs = "1199m1199p11s1122z win=2z seat=s";
    has(pairs, "honroutou", 2);
    has(pairs, "chiitoitsu", 2);
    let s = run(pairs).unwrap_or_else(|e| panic!("{pairs}: {e}"));
    assert_eq!((s.han, s.fu, s.points.total), (4, Some(25), 6400));
}

#[test]
fn honitsu_and_chinitsu() {
    has("123456789m444z22z win=2z seat=s", "honitsu", 3);
    has("123456m444z22z(789m) win=2z seat=s", "honitsu", 2);
    lacks("123456789m44p22z win=2z seat=s riichi", "honitsu");
    let chin = "12233456778999m win=9m seat=s";
    has(chin, "chinitsu", 6);
    lacks(chin, "honitsu");
    has("23456778999m(123m) win=9m seat=s", "chinitsu", 5);
}

#[test]
fn kokushi() {
    has("19m19p19s1234567z1m win=7z seat=s", "kokushi", 13);
    lacks("19m19p19s1234567z1m win=7z seat=s", "kokushi_13_wait");
    has("19m19p19s1234567z1m win=1m seat=s", "kokushi_13_wait", 13);
    lacks("19m19p19s1234567z1m win=1m seat=s", "kokushi");
    // Tenhou lets kokushi rob a kan (a closed one too): the hand holds no
    // other copy of the robbed tile, and only the yakuman counts.
    let robbed = "119m19p19s1234567z win=7z chankan seat=s";
    has(robbed, "kokushi", 13);
    lacks(robbed, "chankan");
}

#[test]
fn chuuren() {
    has("11123455678999m win=9m seat=s", "chuuren", 13);
    has("11123455678999m win=5m seat=s", "junsei_chuuren", 13);
    lacks("11123455678999m win=9m seat=s", "junsei_chuuren");
    // One tile off the pattern (two 9s): chinitsu, not chuuren.
    lacks("11123455667899m win=9m seat=s", "chuuren");
}

#[test]
fn suuankou() {
    has("111m222p333s444z55z win=4z tsumo seat=s", "suuankou", 13);
    // Ron on the shanpon: sanankou and toitoi.
    lacks("111m222p333s444z55z win=4z seat=s", "suuankou");
    has("111m222p333s444z55z win=4z seat=s", "sanankou", 2);
    has("111m222p333s444z55z win=5z seat=s", "suuankou_tanki", 13);
}

#[test]
fn a_real_yakuman_before_a_kazoe_of_the_same_value() {
    // 333 444 555 777 66s by tsumo is suuankou (32,000 for a non-dealer).
    // Read as 345 345 345 777 66s it is chinitsu 6, iipeikou 1, tanyao 1,
    // riichi 1, menzen tsumo 1 and three dora (indicator 2s, three 3s):
    // 13 han, a kazoe yakuman, also 32,000. Tenhou calls the yakuman.
    let line = "333444555777s66s win=3s tsumo riichi dora=2s seat=n";
    let s = run(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    assert_eq!(s.points.total, 32_000);
    assert_eq!(yaku(line), vec![("suuankou".to_string(), 13)]);
    // The kazoe reading is still there for `--all`.
    assert!(
        s.others
            .iter()
            .any(|o| o.limit == Some(score::Limit::KazoeYakuman)),
        "{:?}",
        s.others
    );
}

#[test]
fn dragon_and_wind_yakuman() {
    has("123m44p555666777z win=4p seat=s", "daisangen", 13);
    lacks("123m44p555666z77z win=7z seat=s", "daisangen");
    has("123m111222333z44z win=4z seat=s", "shousuushii", 13);
    lacks("123m111222z33z444p win=3z seat=s", "shousuushii");
    has("55m111222333444z win=5m seat=s", "daisuushii", 13);
    lacks("55m111222333444z win=5m seat=s", "shousuushii");
}

#[test]
fn all_honors_green_terminals() {
    has("11122233z555666z win=3z seat=s", "tsuuiisou", 13);
    has("11223344556677z win=7z seat=s", "tsuuiisou", 13);
    lacks("11122233z555z999m win=3z seat=s", "tsuuiisou");
    has("223344666888s66z win=6z seat=s", "ryuuiisou", 13);
    lacks("223344666888s77z win=7z seat=s", "ryuuiisou");
    // Tenhou does not require the green dragon.
    has("234234666888s44s win=4s seat=s", "ryuuiisou", 13);
    has("111999m111999p11s win=1s seat=s", "chinroutou", 13);
    lacks("111999m111999p11z win=1z seat=s", "chinroutou");
}

#[test]
fn suukantsu() {
    has(
        "55z[1111m][2222p](3333s)(4444z) win=5z seat=s",
        "suukantsu",
        13,
    );
    lacks("55z444z[1111m][2222p](3333s) win=5z seat=s", "suukantsu");
}

#[test]
fn tenhou_chiihou() {
    has(
        &format!("{} tsumo tenhou", PINFU.replace("seat=s", "seat=e")),
        "tenhou",
        13,
    );
    has(&format!("{PINFU} tsumo chiihou"), "chiihou", 13);
    lacks(&format!("{PINFU} tsumo"), "chiihou");
}

#[test]
fn dora_aka_ura() {
    // dora=1m -> 2m (one held); a red five; ura 7p -> 8p (none) with riichi.
    let y = yaku("234m067p22s345678s win=8s seat=s riichi dora=1m ura=7s");
    assert!(y.contains(&("dora".into(), 1)), "{y:?}");
    assert!(y.contains(&("aka_dora".into(), 1)), "{y:?}");
    // ura 7s -> 8s, held once.
    assert!(y.contains(&("ura_dora".into(), 1)), "{y:?}");
    // Kan dora: each tile of a kan counts.
    let y = yaku("234m567p22s678s[1111z] win=8s tsumo seat=s dora=4z");
    assert!(y.contains(&("dora".into(), 4)), "{y:?}");
    // Indicators wrap: 9m -> 1m, North -> East, Red -> White.
    let y = yaku("123m456p789s11s555z win=1s seat=s dora=9m4z7z");
    assert!(y.contains(&("dora".into(), 1 + 3)), "{y:?}");
}

#[test]
fn dora_alone_is_no_yaku() {
    // Open, 123m called: no yaku, two dora (1s -> 2s).
    let e = run("567p22s345678s(123m) win=8s seat=s dora=1s").unwrap_err();
    assert_eq!(e.code, Code::NoYaku);
    assert!(e.message.contains("2 dora"), "{}", e.message);
}

#[test]
fn yakuman_excludes_ordinary_yaku_and_dora() {
    let y = yaku("111m222p333s444z55z win=4z tsumo riichi seat=s dora=4z");
    assert_eq!(y, vec![("suuankou".to_string(), 13)]);
}

#[test]
fn best_interpretation_is_chosen() {
    // 111222333m: sanankou + tsumo beats iipeikou + tsumo + pinfu-less.
    let s = run("111222333m456p99s win=3m tsumo seat=s").unwrap();
    assert!(s.yaku.iter().any(|y| y.yaku.id() == "sanankou"));
    assert_eq!(s.others.len(), 1);
    // Ryanpeikou beats chiitoitsu.
    let s = run("223344m556677p88s win=8s seat=s").unwrap();
    assert_eq!(s.interpretation.form, score::Form::Standard);
    assert!(s
        .others
        .iter()
        .any(|a| a.interpretation.form == score::Form::Chiitoitsu));
}
