//! The han x fu payment table, limits, honba and riichi sticks, against the
//! standard table (typed in here, not computed).

use tenpai::score::points::{limit_and_base, payments};
use tenpai::score::{Limit, Rules};

const FU: [u32; 11] = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110];

// 0 marks a cell the game never produces (1 han 20/25 fu, 2 han 20 fu ron,
// tsumo chiitoitsu at 2 han).
const NON_DEALER_RON: [[u32; 11]; 4] = [
    [0, 0, 1000, 1300, 1600, 2000, 2300, 2600, 2900, 3200, 3600],
    [
        0, 1600, 2000, 2600, 3200, 3900, 4500, 5200, 5800, 6400, 7100,
    ],
    [
        0, 3200, 3900, 5200, 6400, 7700, 8000, 8000, 8000, 8000, 8000,
    ],
    [
        0, 6400, 7700, 8000, 8000, 8000, 8000, 8000, 8000, 8000, 8000,
    ],
];

const DEALER_RON: [[u32; 11]; 4] = [
    [0, 0, 1500, 2000, 2400, 2900, 3400, 3900, 4400, 4800, 5300],
    [
        0, 2400, 2900, 3900, 4800, 5800, 6800, 7700, 8700, 9600, 10600,
    ],
    [
        0, 4800, 5800, 7700, 9600, 11600, 12000, 12000, 12000, 12000, 12000,
    ],
    [
        0, 9600, 11600, 12000, 12000, 12000, 12000, 12000, 12000, 12000, 12000,
    ],
];

/// (each non-dealer, the dealer).
const NON_DEALER_TSUMO: [[(u32, u32); 11]; 4] = [
    [
        (0, 0),
        (0, 0),
        (300, 500),
        (400, 700),
        (400, 800),
        (500, 1000),
        (600, 1200),
        (700, 1300),
        (800, 1500),
        (800, 1600),
        (900, 1800),
    ],
    [
        (400, 700),
        (0, 0),
        (500, 1000),
        (700, 1300),
        (800, 1600),
        (1000, 2000),
        (1200, 2300),
        (1300, 2600),
        (1500, 2900),
        (1600, 3200),
        (1800, 3600),
    ],
    [
        (700, 1300),
        (800, 1600),
        (1000, 2000),
        (1300, 2600),
        (1600, 3200),
        (2000, 3900),
        (2000, 4000),
        (2000, 4000),
        (2000, 4000),
        (2000, 4000),
        (2000, 4000),
    ],
    [
        (1300, 2600),
        (1600, 3200),
        (2000, 3900),
        (2000, 4000),
        (2000, 4000),
        (2000, 4000),
        (2000, 4000),
        (2000, 4000),
        (2000, 4000),
        (2000, 4000),
        (2000, 4000),
    ],
];

/// Each player pays.
const DEALER_TSUMO: [[u32; 11]; 4] = [
    [0, 0, 500, 700, 800, 1000, 1200, 1300, 1500, 1600, 1800],
    [700, 0, 1000, 1300, 1600, 2000, 2300, 2600, 2900, 3200, 3600],
    [
        1300, 1600, 2000, 2600, 3200, 3900, 4000, 4000, 4000, 4000, 4000,
    ],
    [
        2600, 3200, 3900, 4000, 4000, 4000, 4000, 4000, 4000, 4000, 4000,
    ],
];

#[test]
fn standard_table() {
    let r = Rules::tenhou();
    for han in 1..=4u32 {
        for (k, &fu) in FU.iter().enumerate() {
            let h = han as usize - 1;
            let want = NON_DEALER_RON[h][k];
            if want > 0 {
                let p = payments(han, fu, false, false, 0, 0, &r);
                assert_eq!(p.ron, Some(want), "non-dealer ron {han}/{fu}");
                assert_eq!(p.total, want);
                assert_eq!((p.dealer, p.non_dealer), (None, None));
            }
            let want = DEALER_RON[h][k];
            if want > 0 {
                let p = payments(han, fu, true, false, 0, 0, &r);
                assert_eq!(p.ron, Some(want), "dealer ron {han}/{fu}");
            }
            let (nd, d) = NON_DEALER_TSUMO[h][k];
            if nd > 0 {
                let p = payments(han, fu, false, true, 0, 0, &r);
                assert_eq!(
                    (p.non_dealer, p.dealer),
                    (Some(nd), Some(d)),
                    "non-dealer tsumo {han}/{fu}"
                );
                assert_eq!(p.total, 2 * nd + d);
                assert_eq!(p.ron, None);
            }
            let each = DEALER_TSUMO[h][k];
            if each > 0 {
                let p = payments(han, fu, true, true, 0, 0, &r);
                assert_eq!(
                    (p.non_dealer, p.dealer),
                    (Some(each), None),
                    "dealer tsumo {han}/{fu}"
                );
                assert_eq!(p.total, 3 * each);
            }
        }
    }
}

#[test]
fn limits_and_their_payments() {
    let r = Rules::tenhou();
    // (han, limit, non-dealer ron, dealer ron, tsumo nd/d, dealer tsumo)
    let rows = [
        (5, Limit::Mangan, 8000, 12000, (2000, 4000), 4000),
        (6, Limit::Haneman, 12000, 18000, (3000, 6000), 6000),
        (7, Limit::Haneman, 12000, 18000, (3000, 6000), 6000),
        (8, Limit::Baiman, 16000, 24000, (4000, 8000), 8000),
        (10, Limit::Baiman, 16000, 24000, (4000, 8000), 8000),
        (11, Limit::Sanbaiman, 24000, 36000, (6000, 12000), 12000),
        (12, Limit::Sanbaiman, 24000, 36000, (6000, 12000), 12000),
        (13, Limit::KazoeYakuman, 32000, 48000, (8000, 16000), 16000),
        (20, Limit::KazoeYakuman, 32000, 48000, (8000, 16000), 16000),
    ];
    for (han, limit, ron, dron, (nd, d), each) in rows {
        assert_eq!(limit_and_base(han, 30, &r).0, Some(limit), "{han} han");
        assert_eq!(payments(han, 30, false, false, 0, 0, &r).ron, Some(ron));
        assert_eq!(payments(han, 30, true, false, 0, 0, &r).ron, Some(dron));
        let p = payments(han, 30, false, true, 0, 0, &r);
        assert_eq!((p.non_dealer, p.dealer), (Some(nd), Some(d)));
        assert_eq!(
            payments(han, 30, true, true, 0, 0, &r).non_dealer,
            Some(each)
        );
    }
    // Below 5 han: mangan from 2000 base points.
    assert_eq!(limit_and_base(3, 70, &r).0, Some(Limit::Mangan));
    assert_eq!(limit_and_base(4, 40, &r).0, Some(Limit::Mangan));
    assert_eq!(limit_and_base(4, 30, &r).0, None);
    assert_eq!(limit_and_base(3, 60, &r).0, None);
    assert_eq!(limit_and_base(2, 110, &r).0, None);
    // Ids as the vectors write them.
    assert_eq!(Limit::Yakuman(1).id(), "yakuman");
    assert_eq!(Limit::Yakuman(2).id(), "double_yakuman");
    assert_eq!(Limit::Yakuman(3).id(), "triple_yakuman");
    assert_eq!(Limit::KazoeYakuman.id(), "kazoe_yakuman");
    assert_eq!(Limit::from_id("kazoe-yakuman"), Some(Limit::KazoeYakuman));
    assert_eq!(Limit::Yakuman(2).base(), 16000);
}

#[test]
fn kiriage_and_kazoe_switches() {
    let mut r = Rules::tenhou();
    r.kiriage = true;
    assert_eq!(payments(4, 30, false, false, 0, 0, &r).ron, Some(8000));
    assert_eq!(payments(3, 60, true, false, 0, 0, &r).ron, Some(12000));
    assert_eq!(payments(3, 50, false, false, 0, 0, &r).ron, Some(6400));
    let mut r = Rules::tenhou();
    r.apply("kazoe=sanbaiman").unwrap();
    assert_eq!(limit_and_base(13, 30, &r).0, Some(Limit::Sanbaiman));
    assert_eq!(payments(15, 30, false, false, 0, 0, &r).ron, Some(24000));
}

#[test]
fn honba_and_riichi_sticks() {
    let r = Rules::tenhou();
    // Ron: 300 per honba from the discarder, 1000 per stick.
    let p = payments(2, 30, false, false, 3, 2, &r);
    assert_eq!(p.ron, Some(2000), "the ron figure excludes honba");
    assert_eq!(p.total, 2000 + 900 + 2000);
    // Non-dealer tsumo: 100 per honba from each of three payers.
    let p = payments(2, 30, false, true, 2, 1, &r);
    assert_eq!((p.non_dealer, p.dealer), (Some(500), Some(1000)));
    assert_eq!(p.total, 500 + 500 + 1000 + 600 + 1000);
    // Dealer tsumo.
    let p = payments(5, 0, true, true, 1, 0, &r);
    assert_eq!(p.non_dealer, Some(4000));
    assert_eq!(p.total, 12000 + 300);
    // Honba value switch.
    let mut r = Rules::tenhou();
    r.apply("honba=1500").unwrap();
    assert_eq!(payments(1, 30, false, false, 2, 0, &r).total, 1000 + 3000);
    assert_eq!(
        payments(1, 30, false, true, 2, 0, &r).total,
        300 + 300 + 500 + 3000
    );
}
