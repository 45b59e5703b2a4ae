//! The engine never panics, on any tiles and any counters, and what it
//! returns is consistent.

use proptest::prelude::*;
use tenpai::code::Code;
use tenpai::hand::{Hand, Meld, MeldKind, Riichi, Situation};
use tenpai::score::{self, Rules};
use tenpai::tile::{Tile, Wind};

fn tile() -> impl Strategy<Value = Tile> {
    (0usize..34).prop_map(|i| Tile::from_index(i).unwrap())
}

fn meld() -> impl Strategy<Value = Meld> {
    (0usize..4, tile()).prop_map(|(k, t)| {
        let kind = [
            MeldKind::Chi,
            MeldKind::Pon,
            MeldKind::OpenKan,
            MeldKind::ClosedKan,
        ][k];
        let n = if k >= 2 { 4 } else { 3 };
        let tiles = (0..n)
            .map(|j| {
                if kind == MeldKind::Chi {
                    Tile::from_index((t.index() + j).min(33)).unwrap()
                } else {
                    t
                }
            })
            .collect();
        Meld { kind, tiles }
    })
}

prop_compose! {
    fn hand()(closed in prop::collection::vec(tile(), 0..16),
              melds in prop::collection::vec(meld(), 0..5),
              win_at in 0usize..20, red in 0u8..5) -> Hand {
        let mut closed = closed;
        closed.sort();
        let win = closed.get(win_at).copied();
        Hand { closed: closed.into(), melds: melds.into(), win, red_fives: red, ..Hand::default() }
    }
}

prop_compose! {
    fn situation()(tsumo: bool, r in 0usize..3, flags in prop::collection::vec(any::<bool>(), 10),
                   seat in 0usize..4, round in 0usize..4,
                   dora in prop::collection::vec(tile(), 0..6),
                   ura in prop::collection::vec(tile(), 0..6),
                   honba: u32, sticks: u32) -> Situation {
        Situation {
            tsumo,
            riichi: [Riichi::None, Riichi::Riichi, Riichi::Double][r],
            ippatsu: flags[0], last_tile: flags[1], rinshan: flags[2], chankan: flags[3],
            tenhou: flags[4], chiihou: flags[5], renhou: flags[6], nagashi: flags[7] && flags[8],
            seat: Wind::ALL[seat], round: Wind::ALL[round], dora: dora.into(), ura: ura.into(), honba, sticks,
            ..Situation::default()
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn never_panics_and_adds_up(h in hand(), s in situation(), preset in 0usize..2, renhou in 0usize..3) {
        let mut rules = if preset == 0 { Rules::tenhou() } else { Rules::mahjong_soul() };
        rules.apply(["renhou=off", "renhou=mangan", "renhou=yakuman"][renhou]).unwrap();
        let _ = score::is_complete(&h);
        let r = score::score(&h, &s, &rules);
        let _ = score::to_json(&r);
        if let Ok(sc) = r {
            prop_assert!(sc.han > 0);
            prop_assert!(!sc.yaku.is_empty());
            if let Some(fu) = sc.fu {
                let sum: u32 = sc.fu_details.iter().map(|f| f.fu).sum();
                prop_assert_eq!(sum, fu);
            }
            let p = sc.points;
            let paid = p.ron.unwrap_or(0) + p.dealer.unwrap_or(0) + 2 * p.non_dealer.unwrap_or(0);
            prop_assert!(p.total >= paid.min(p.total));
        }
    }

    #[test]
    fn complete_shapes_score_or_say_no_yaku(h in hand(), s in situation()) {
        let mut s = s;
        s.nagashi = false;
        if score::is_complete(&h) && h.win.is_some() {
            let r = score::score(&h, &s, &Rules::tenhou());
            if let Err(e) = r {
                prop_assert!(
                    matches!(e.code, Code::NoYaku | Code::FifthTile | Code::InvalidMeld),
                    "{e}"
                );
            }
        }
    }
}

/// Four sets and a pair built by construction: always a winning shape.
fn built() -> impl Strategy<Value = Hand> {
    let set = (any::<bool>(), 0usize..3, 0usize..7, 0usize..34);
    (prop::collection::vec(set, 4), 0usize..34, 0usize..14).prop_filter_map(
        "at most four copies",
        |(sets, pair, win_at)| {
            let mut tiles = Vec::new();
            for (seq, suit, start, t) in sets {
                if seq {
                    for k in 0..3 {
                        tiles.push(Tile::from_index(suit * 9 + start + k)?);
                    }
                } else {
                    tiles.extend([Tile::from_index(t)?; 3]);
                }
            }
            tiles.extend([Tile::from_index(pair)?; 2]);
            tiles.sort();
            let c = tenpai::tile::counts(&tiles);
            if c.iter().any(|&n| n > 4) {
                return None;
            }
            let win = tiles[win_at];
            Some(Hand {
                closed: tiles.into(),
                melds: Default::default(),
                win: Some(win),
                ..Hand::default()
            })
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn built_hands_are_complete_and_score(h in built(), s in situation()) {
        let mut s = s;
        s.nagashi = false;
        prop_assert!(score::is_complete(&h));
        match score::score(&h, &s, &Rules::tenhou()) {
            Ok(sc) => {
                prop_assert!(sc.han > 0);
                prop_assert!(sc.points.total > 0);
            }
            Err(e) => prop_assert_eq!(e.code, Code::NoYaku),
        }
    }
}
