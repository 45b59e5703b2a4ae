//! The canonical formatter on lines worked by hand.

use tenpai::format::{format_line, FormatOptions, HonorStyle};

fn fmt(s: &str) -> Option<String> {
    format_line(s, &FormatOptions::default())
}

fn fmt_letters(s: &str) -> Option<String> {
    format_line(
        s,
        &FormatOptions {
            honors: HonorStyle::Letters,
        },
    )
}

#[test]
fn sorts_and_groups_by_suit() {
    assert_eq!(
        fmt("789s 123m 11z 456p 222z").as_deref(),
        Some("123m456p789s11222z")
    );
    // The last written tile (2z) is still the greatest: no win= needed.
    assert_eq!(
        fmt("2z 123m456p789s1122z").as_deref(),
        Some("123m456p789s11222z")
    );
}

#[test]
fn red_five_sorts_as_five_and_stays_zero() {
    assert_eq!(fmt("6m0m4m5m").as_deref(), Some("4056m"));
    assert_eq!(fmt("550p").as_deref(), Some("055p"));
}

#[test]
fn glyphs_h_and_letters_become_digits() {
    assert_eq!(fmt("🀇🀈🀉 ggg 11h").as_deref(), Some("123m11666z"));
    assert_eq!(
        fmt_letters("123m 1z 1z 666z").as_deref(),
        Some("123m ee ggg")
    );
    assert_eq!(fmt_letters("123m wh w").as_deref(), Some("123m w wh"));
}

#[test]
fn melds_after_closed_tiles_in_written_order() {
    assert_eq!(
        fmt("44z[8888p](8888m)[5555z](123m) win=4z houtei seat=s round=s dora=7s1z7z7z honba=1")
            .as_deref(),
        Some("44z [8888p] (8888m) [5555z] (123m) win=4z houtei seat=s round=s dora=7s177z honba=1")
    );
    assert_eq!(fmt("(321m)").as_deref(), Some("(123m)"));
    assert_eq!(fmt_letters("(777z) 1z").as_deref(), Some("e (rrr)"));
}

#[test]
fn options_in_canonical_order_with_normal_values() {
    assert_eq!(
        fmt("123m456p789s11222z dora=1m seat=3z tsumo riichi honba=02 win=2h").as_deref(),
        Some("123m456p789s11222z win=2z tsumo riichi seat=w dora=1m honba=2")
    );
}

#[test]
fn implicit_winning_tile_is_written_out_when_sorting_moves_it() {
    // 14 tiles, the 3m written last: after sorting, 2z would be last.
    assert_eq!(
        fmt("12m456p789s11222z3m tsumo").as_deref(),
        Some("123m456p789s11222z win=3m tsumo")
    );
    // A waiting hand has no winning tile to keep.
    assert_eq!(
        fmt("12m456p789s1122z3m").as_deref(),
        Some("123m456p789s1122z")
    );
}

#[test]
fn claims_and_comments_kept() {
    assert_eq!(
        fmt("  123m456p789s11222z   =>  3 han   30 fu   #  my note  ").as_deref(),
        Some("123m456p789s11222z => 3 han 30 fu #  my note")
    );
}

#[test]
fn other_lines() {
    assert_eq!(fmt("   ").as_deref(), Some(""));
    assert_eq!(fmt("  # note  ").as_deref(), Some("# note"));
    assert_eq!(
        fmt("rules:   kiriage  tenhou # x ").as_deref(),
        Some("rules:   kiriage  tenhou # x")
    );
    assert_eq!(fmt("nagashi   seat=s").as_deref(), Some("nagashi seat=s"));
}

#[test]
fn syntax_errors_leave_the_line_alone() {
    assert_eq!(fmt("123 456p"), None);
    assert_eq!(fmt("123m riichii"), None);
    // Semantic errors do not stop formatting.
    assert_eq!(fmt("321m (124m)").as_deref(), Some("123m (124m)"));
}
