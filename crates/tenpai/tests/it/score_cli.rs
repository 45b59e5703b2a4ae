//! `tenpai score` end to end: the built binary, its flags, output and exit
//! codes.

use std::process::{Command, Output};

use crate::common::cli;

use serde_json::Value;

/// `tenpai score ARGS`.
fn tenpai(args: &[&str], stdin: Option<&str>) -> Output {
    let score_args: Vec<&str> = std::iter::once("score")
        .chain(args.iter().copied())
        .collect();
    cli::tenpai(&score_args, stdin)
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn json(o: &Output) -> Value {
    serde_json::from_str(stdout(o).trim()).expect("one JSON object")
}

#[test]
fn text_report_has_yaku_fu_value_and_payments() {
    // 234m 567p 345s 678s 22s, riichi ron on 8s, non-dealer, dora 1p (-> 2p
    // not held): riichi, pinfu, tanyao; 3 han 30 fu: 3900.
    let o = tenpai(
        &["234m567p22s345678s win=8s riichi seat=s dora=1p", "--ascii"],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    let s = stdout(&o);
    for want in [
        "234m 567p 345s 678s 22s",
        "ryanmen",
        "Riichi",
        "Pinfu",
        "Tanyao",
        "20  base",
        "10  closed ron",
        "3 han 30 fu",
        "Ron: 3900 from the discarder",
        "3900 total",
    ] {
        assert!(s.contains(want), "missing {want:?} in:\n{s}");
    }
    assert!(!s.contains('\x1b'), "no colour when not on a terminal");
    assert!(!s.contains('🀇'), "--ascii writes no glyphs");
    // The counters, in words: 3900 + 300 + 1000 = 5200; two sticks and no
    // honba, 3900 + 2000 = 5900.
    for (extra, want) in [
        (
            "honba=1 sticks=1",
            "with 1 honba and 1 riichi stick = 5200 total",
        ),
        ("sticks=2", "with 2 riichi sticks = 5900 total"),
    ] {
        let line = format!("234m567p22s345678s win=8s riichi seat=s dora=1p {extra}");
        let s = stdout(&tenpai(&[&line, "--ascii"], None));
        assert!(s.contains(want), "missing {want:?} in:\n{s}");
    }
}

#[test]
fn glyphs_by_default() {
    let o = tenpai(&["123m456p789s11122z win=2z"], None);
    let s = stdout(&o);
    assert!(s.contains("🀇🀈🀉"), "{s}");
}

#[test]
fn agari_flags_combine_with_the_line() {
    // The vector s1-000003 written with agari's flags.
    let o = tenpai(
        &[
            "11224455667799s",
            "-w",
            "5s",
            "-t",
            "-r",
            "--seat",
            "s",
            "--round",
            "e",
            "-d",
            "2p",
            "--ura",
            "1m",
            "--honba",
            "2",
            "--json",
        ],
        None,
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v = json(&o);
    assert_eq!(v["han"], 10);
    assert_eq!(v["fu"], 25);
    assert_eq!(v["limit"], "baiman");
    assert_eq!(
        v["points"],
        serde_json::json!({"total": 16600, "dealer": 8000, "non_dealer": 4000})
    );
}

#[test]
fn flags_replace_line_options() {
    // The line says ron and dora=9p; the flags say tsumo and dora=1p.
    let o = tenpai(
        &[
            "234m567p22s345678s win=8s riichi ron seat=s dora=9p",
            "-t",
            "-d",
            "1p",
            "--json",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    let v = json(&o);
    // riichi, tsumo, pinfu, tanyao = 4 han 20 fu: 700/1300... no: 4/20
    // non-dealer tsumo is 1300/2600.
    assert_eq!(v["han"], 4);
    assert_eq!(v["fu"], 20);
    assert_eq!(v["points"]["dealer"], 2600);
    assert_eq!(v["points"]["non_dealer"], 1300);
    assert!(v["text"].as_str().unwrap().contains("dora=1p"));
    assert!(!v["text"].as_str().unwrap().contains("dora=9p"));
}

#[test]
fn last_tile_is_haitei_or_houtei() {
    let o = tenpai(
        &["234m567p22s345678s win=8s seat=s", "--last-tile", "--json"],
        None,
    );
    let v = json(&o);
    let ids: Vec<&str> = v["yaku"]
        .as_array()
        .unwrap()
        .iter()
        .map(|y| y["id"].as_str().unwrap())
        .collect();
    assert!(ids.contains(&"houtei"), "{ids:?}");
    let o = tenpai(
        &[
            "234m567p22s345678s win=8s seat=s",
            "--last-tile",
            "-t",
            "--json",
        ],
        None,
    );
    let v = json(&o);
    assert!(v["yaku"].to_string().contains("haitei"));
}

#[test]
fn no_yaku_exits_1_with_the_error() {
    let o = tenpai(
        &[
            "34066m234999p(999m) win=9p seat=n round=n dora=9p",
            "--json",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let v = json(&o);
    assert_eq!(v["error"]["code"], "no-yaku");
    assert!(v["han"].is_null() && v["points"].is_null() && v["yaku"].is_null());
    let o = tenpai(&["34066m234999p(999m) win=9p seat=n round=n"], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("no-yaku"));
}

#[test]
fn notation_errors_print_code_and_message() {
    let o = tenpai(&["11128z456p789s11m"], None);
    assert_eq!(o.status.code(), Some(1));
    let s = stdout(&o);
    assert!(s.contains("error:"), "{s}");
    let o = tenpai(&["11128z456p789s11m", "--json"], None);
    let v = json(&o);
    assert_eq!(o.status.code(), Some(1));
    assert!(v["error"]["code"].is_string());
    assert!(!v["diagnostics"].as_array().unwrap().is_empty());
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(tenpai(&[], None).status.code(), Some(2));
    assert_eq!(
        tenpai(&["123m", "--rules", "nonsense"], None).status.code(),
        Some(2)
    );
    // `-` is standard input only when it is the only word: with others it
    // would be read as an option of a hand line.
    let o = tenpai(&["-", "riichi"], Some("234m567p22s345678s\n"));
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("standard input"));
    // A typo in `--rules` is named with the rule it stands for, as in a
    // `rules:` line.
    let o = tenpai(&["123m", "--rules", "mahjong-soul kiriagee"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("did you mean 'kiriage'?"),
        "{o:?}"
    );
    assert_eq!(
        tenpai(&["123m", "--kazoe", "forever"], None).status.code(),
        Some(2)
    );
    assert_eq!(tenpai(&["123m", "--bogus"], None).status.code(), Some(2));
    // A bad value of a situation flag is a usage error that names the flag.
    let hand = "234m567p22s345678s";
    for bad in [
        &["--seat", "x"][..],
        &["--round", "5z"],
        &["-d", "1x"],
        &["-w", "12m"],
        &["--honba-value", "100"],
        // In range for the flag's integer, not for the line's `honba=`.
        &["--honba", "1000"],
        &["--sticks", "1000"],
    ] {
        let o = tenpai(&[&[hand][..], bad].concat(), None);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(bad[0]), "{bad:?}: {err}");
    }
    // A flag with an optional value does not take the hand for its value.
    let o = tenpai(&["--renhou", hand, "--seat", "s"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("mangan, yakuman or a number of han"));
    // Every way of writing a wind or tiles that a line takes.
    for good in [
        &["--seat", "S"][..],
        &["--round", "South"],
        &["-d", "e"],
        &["-d", "1m,5z"],
        // Quoted with a space, as `--visible` takes it.
        &["-d", "1m 5z"],
        &["--ura", "1m, 5z", "-r"],
    ] {
        let o = tenpai(&[&[hand][..], good].concat(), None);
        assert_eq!(o.status.code(), Some(0), "{good:?}");
    }
}

#[test]
fn stdin_batch_one_result_per_line_in_order() {
    let input = "\
# a comment, skipped
234m567p22s345678s win=8s riichi seat=s
34066m234999p(999m) win=9p seat=n round=n

rules: kiriage
123m456p789s1122z
11123455678999m win=9m
";
    let o = tenpai(&["-", "--json"], Some(input));
    assert_eq!(o.status.code(), Some(1), "one line fails, so exit 1");
    let out = stdout(&o);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[0]["han"], 3);
    assert_eq!(lines[1]["error"]["code"], "no-yaku");
    assert!(lines[2]["error"]["code"].is_string());
    assert_eq!(lines[3]["limit"], "yakuman");
    assert_eq!(lines[3]["yaku"][0]["id"], "chuuren");

    // Text mode: one block per line, and exit 0 when all score.
    let o = tenpai(
        &["-", "--ascii"],
        Some("234m567p22s345678s win=8s seat=s riichi\n123m456p789s11222z win=2z seat=s round=s\n"),
    );
    assert_eq!(o.status.code(), Some(0));
    let s = stdout(&o);
    assert!(s.find("Riichi").unwrap() < s.find("Yakuhai").unwrap());
}

/// 3 han 60 fu, non-dealer ron: riichi and two dora (2m, 4m); fu 20 +
/// 10 closed ron + 16 closed kan of 5p + 8 closed triplet of 9s = 54 -> 60.
/// 7700, or a mangan with kiriage.
const KIRIAGE: &str = "234m678m999s22p[5555p] win=4m riichi seat=s dora=1m3m";

#[test]
fn batch_rules_lines_apply_to_later_lines() {
    let input = format!("{KIRIAGE}\nrules: kiriage\n{KIRIAGE}\n");
    let o = tenpai(&["-", "--json"], Some(&input));
    let out = stdout(&o);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(
        (lines[0]["han"].clone(), lines[0]["fu"].clone()),
        (3.into(), 60.into())
    );
    assert_eq!(lines[0]["points"]["ron"], 7700);
    assert!(lines[0]["limit"].is_null());
    assert_eq!(lines[1]["points"]["ron"], 8000);
    assert_eq!(lines[1]["limit"], "mangan");
}

#[test]
fn a_bad_rules_line_on_stdin_fails_the_batch() {
    // The line after it is still scored, but not under the rules the user
    // wrote: a batch in CI must not pass.
    let input = format!("rules: kiriagee\n{KIRIAGE}\n");
    let o = tenpai(&["-", "--json"], Some(&input));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(json(&o)["points"]["ron"], 7700);
    assert!(String::from_utf8_lossy(&o.stderr).contains("did you mean 'kiriage'"));
}

#[test]
fn rule_flags_change_the_score() {
    let v = json(&tenpai(&[KIRIAGE, "--json", "--kiriage"], None));
    assert_eq!(v["limit"], "mangan");
    let v = json(&tenpai(&[KIRIAGE, "--json", "--rules", "kiriage"], None));
    assert_eq!(v["points"]["ron"], 8000);

    // Double wind pair: 20 + 10 closed ron + 8 closed triplet of 9s + 4
    // (East pair, seat and round) = 42 -> 50; with 2 fu, 40. Dealer ron,
    // riichi only: 1 han 50 fu = 2400, 1 han 40 fu = 2000.
    let dw = "123m456p789s999s11z win=4p riichi seat=e round=e";
    let v = json(&tenpai(&[dw, "--json"], None));
    assert_eq!(
        (v["fu"].clone(), v["points"]["ron"].clone()),
        (50.into(), 2400.into())
    );
    let v = json(&tenpai(&[dw, "--json", "--double-wind-fu", "2"], None));
    assert_eq!(
        (v["fu"].clone(), v["points"]["ron"].clone()),
        (40.into(), 2000.into())
    );

    // Kazoe: ryanpeikou 3, chinitsu 6, riichi, ippatsu, tsumo, pinfu, dora
    // 7p x2 = 15 han: kazoe yakuman, or sanbaiman with --kazoe sanbaiman.
    let kazoe = "11223344556677p win=7p riichi ippatsu tsumo seat=s dora=6p";
    let v = json(&tenpai(&[kazoe, "--json"], None));
    assert_eq!(v["han"], 15, "{v}");
    assert_eq!(v["limit"], "kazoe_yakuman", "{v}");
    let v = json(&tenpai(&[kazoe, "--json", "--kazoe", "sanbaiman"], None));
    assert_eq!(v["limit"], "sanbaiman");
    assert_eq!(v["points"]["dealer"], 12000);

    // Double yakuman: kokushi 13-sided wait.
    let kokushi = "19m19p19s1234567z1m win=1m seat=s";
    let v = json(&tenpai(&[kokushi, "--json"], None));
    assert_eq!(v["limit"], "yakuman");
    assert_eq!(v["yaku"][0]["id"], "kokushi_13_wait");
    let v = json(&tenpai(&[kokushi, "--json", "--double-yakuman"], None));
    assert_eq!(v["limit"], "double_yakuman");
    assert_eq!(v["points"]["ron"], 64000);
    let v = json(&tenpai(
        &[kokushi, "--json", "--rules", "mahjong-soul"],
        None,
    ));
    assert_eq!(v["limit"], "double_yakuman");

    // Yakuman stacking: daisangen + tsuuiisou + suuankou.
    let stack = "11555666777z222z win=1z tsumo seat=s";
    let v = json(&tenpai(&[stack, "--json"], None));
    assert_eq!(v["limit"], "triple_yakuman", "{v}");
    let v = json(&tenpai(&[stack, "--json", "--no-yakuman-stacking"], None));
    assert_eq!(v["limit"], "yakuman");

    // Open tanyao off: 20 + 2 tanki = 22 -> 30, 1 han 30 fu = 1000.
    let kuitan = "234m456p678s55s(345m) win=5s seat=s";
    let v = json(&tenpai(&[kuitan, "--json"], None));
    assert_eq!(v["yaku"][0]["id"], "tanyao");
    assert_eq!(v["points"]["ron"], 1000);
    let o = tenpai(&[kuitan, "--json", "--no-open-tanyao"], None);
    assert_eq!(json(&o)["error"]["code"], "no-yaku");

    // Red fives off: the 0p is a plain five.
    let red = "234m406p678s55s(345m) win=5s seat=s";
    let v = json(&tenpai(&[red, "--json"], None));
    assert_eq!(v["han"], 2);
    let v = json(&tenpai(&[red, "--json", "--no-red-fives"], None));
    assert_eq!(v["han"], 1);

    // Honba value.
    let v = json(&tenpai(
        &[kuitan, "--json", "--honba", "1", "--honba-value", "1500"],
        None,
    ));
    assert_eq!(v["points"]["total"], 1000 + 1500);
}

#[test]
fn renhou_and_nagashi() {
    // Renhou as mangan: a 1-han hand becomes a mangan.
    let line = "234m567p22s345678s win=8s seat=s";
    let v = json(&tenpai(&[line, "--json", "--renhou"], None));
    assert_eq!(v["limit"], "mangan", "{v}");
    assert_eq!(v["yaku"][0]["id"], "renhou");
    assert_eq!(v["points"]["ron"], 8000);
    let v = json(&tenpai(&[line, "--json", "--renhou", "yakuman"], None));
    assert_eq!(v["limit"], "yakuman");
    assert_eq!(v["points"]["ron"], 32000);

    let v = json(&tenpai(&[line, "--json", "--nagashi"], None));
    assert_eq!(v["limit"], "mangan");
    assert_eq!(v["yaku"][0]["id"], "nagashi_mangan");
    assert_eq!(v["points"]["dealer"], 4000);
    assert_eq!(v["points"]["non_dealer"], 2000);
    let o = tenpai(&[line, "--json", "--nagashi", "--no-nagashi"], None);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn a_word_the_rules_do_not_score_is_said_not_dropped() {
    // `renhou` under Tenhou's rules (renhou=off) scores the hand without
    // it, as the editor does; the note that says so is printed with it.
    let line = "234m567p22s345678s win=8s seat=s renhou";
    let o = tenpai(&[line, "--ascii"], None);
    assert_eq!(o.status.code(), Some(0));
    let s = stdout(&o);
    assert!(s.contains("note: rule-off: renhou is not scored"), "{s}");
    assert!(s.contains("Ron: 2000"), "{s}");
    let v = json(&tenpai(&[line, "--json"], None));
    assert!(v["error"].is_null());
    assert_eq!(v["diagnostics"][0]["code"], "rule-off", "{v}");
    // A clean line has no diagnostics at all.
    let v = json(&tenpai(&["234m567p22s345678s win=8s", "--json"], None));
    assert!(v.get("diagnostics").is_none(), "{v}");
}

#[test]
fn all_lists_other_interpretations() {
    // 111222333m: three triplets or three sequences.
    let line = "111222333m456p99s win=3m tsumo seat=s";
    let o = tenpai(&[line, "--all", "--ascii"], None);
    let s = stdout(&o);
    assert!(s.contains("Other interpretations"), "{s}");
    assert!(s.contains("111m 222m 333m"), "{s}");
    assert!(s.contains("123m 123m 123m"), "{s}");
    let v = json(&tenpai(&[line, "--json"], None));
    assert_eq!(v["others"].as_array().unwrap().len(), 1);
    // Tsumo: suuankou? no, three concealed triplets + sequence: sanankou
    // (2) + menzen tsumo (1) beats iipeikou + tsumo.
    assert!(v["yaku"].to_string().contains("sanankou"));
}

#[test]
fn no_color_env_and_flag() {
    // Not a terminal: never colour, whatever the flags.
    let o = tenpai(&["123m456p789s11122z win=2z seat=s round=s"], None);
    assert!(!stdout(&o).contains('\x1b'));
    let o = tenpai(
        &["123m456p789s11122z win=2z seat=s round=s", "--no-color"],
        None,
    );
    assert!(!stdout(&o).contains('\x1b'));
}

#[test]
fn colour_on_a_terminal_unless_no_color() {
    // `script` gives the binary a pseudo-terminal; without it there is no
    // terminal to test on.
    let has_script = Command::new("script")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_script {
        eprintln!("no `script` here: colour on a terminal not exercised");
        return;
    }
    let bin = env!("CARGO_BIN_EXE_tenpai");
    let line = "123m456p789s11222z win=2z seat=s round=s";
    let run = |extra: &str, no_color: bool| -> String {
        let mut cmd = Command::new("script");
        cmd.args(["-qc", &format!("{bin} score '{line}' {extra}"), "/dev/null"]);
        if no_color {
            cmd.env("NO_COLOR", "1");
        } else {
            cmd.env_remove("NO_COLOR");
        }
        String::from_utf8_lossy(&cmd.output().unwrap().stdout).into_owned()
    };
    let coloured = run("", false);
    assert!(coloured.contains("Yakuhai"), "{coloured}");
    assert!(coloured.contains("\x1b["), "colour on a terminal");
    assert!(!run("", true).contains("\x1b["), "NO_COLOR");
    assert!(!run("--no-color", false).contains("\x1b["), "--no-color");
    assert!(!run("--json", false).contains("\x1b["), "--json");
}

#[test]
fn the_tenpai_toml_of_the_current_directory_sets_the_rules() {
    let dir = std::env::temp_dir().join(format!("tenpai-config-score-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("tenpai.toml"), "rules = \"kiriage\"\n").expect("write");
    let run = |cwd: &std::path::Path| {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_tenpai"))
            .args([
                "score",
                "--ascii",
                "234m567p22s345678s riichi dora=1m seat=s",
            ])
            .current_dir(cwd)
            .output()
            .expect("the tenpai binary runs");
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    // 4 han 30 fu, non-dealer ron: a mangan with kiriage, 7700 without.
    assert!(run(&dir).contains("= 8000 total"), "{}", run(&dir));
    assert!(run(std::path::Path::new(env!("CARGO_MANIFEST_DIR"))).contains("= 7700 total"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A blank line still heads its error with something to read.
#[test]
fn a_blank_line_is_named_in_its_error() {
    let o = tenpai(&["", "--no-color"], None);
    assert_eq!(o.status.code(), Some(1));
    let s = stdout(&o);
    assert!(s.starts_with("error: (a blank line)\n"), "{s}");
    assert!(s.contains("not-a-hand"), "{s}");
}
