//! Base points, limits and who pays what.

pub use crate::limit::Limit;
use crate::rules::{KazoeCap, Players, Rules, SanmaTsumo};

/// What the winner receives, exactly as `vectors/README.md` defines it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Points {
    /// Everything the winner receives, honba and riichi sticks included.
    pub total: u32,
    /// Ron: the discarder's payment (without honba).
    pub ron: Option<u32>,
    /// Non-dealer tsumo: the dealer's payment (without honba).
    pub dealer: Option<u32>,
    /// Tsumo: each non-dealer's payment (without honba).
    pub non_dealer: Option<u32>,
}

/// The limit a han/fu count reaches, if any, and its base points. Han of 13
/// or more is kazoe (capped as the rules say); `fu` matters only below
/// mangan. Without limits (aotenjou, `limits=off`) every count is priced by
/// the formula and no limit is named.
pub fn limit_and_base(han: u32, fu: u32, rules: &Rules) -> (Option<Limit>, u32) {
    if !rules.limits {
        return (None, formula_base(han, fu));
    }
    // Most hands: below 5 han, priced by the formula up to mangan.
    if han < 5 {
        if han == 0 {
            return (None, 0);
        }
        let base = fu * (1 << (2 + han));
        let kiriage = rules.kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60));
        return if base >= 2000 || kiriage {
            (Some(Limit::Mangan), 2000)
        } else {
            (None, base)
        };
    }
    let limit = match han {
        13.. => match rules.kazoe {
            KazoeCap::Yakuman => Limit::KazoeYakuman,
            KazoeCap::Sanbaiman => Limit::Sanbaiman,
            // 13-25 han one kazoe yakuman, 26-38 a double, and so on.
            KazoeCap::Unlimited => match han / 13 {
                1 => Limit::KazoeYakuman,
                n => Limit::Yakuman(n),
            },
        },
        11 | 12 => Limit::Sanbaiman,
        8..=10 => Limit::Baiman,
        6 | 7 => Limit::Haneman,
        _ => Limit::Mangan,
    };
    (Some(limit), limit.base())
}

/// Base points by the formula, fu x 2^(2 + han), with no cap; saturates
/// where it would not fit (a count no hand reaches below some 20 han).
pub fn formula_base(han: u32, fu: u32) -> u32 {
    let shift = 2u32.saturating_add(han);
    if shift >= 32 {
        return if fu == 0 { 0 } else { u32::MAX };
    }
    fu.saturating_mul(1 << shift)
}

/// Rounded up to 100. The payments are worked out in 64 bits, where no
/// product of a base (below 2^32), a share and a count of payers or sticks
/// overflows (the honba's own product saturated at 32 bits first), and
/// clamped once at the end ([`clamp`]): the same figures as saturating
/// every step, with no overflow test a step, and the division by 100 a
/// multiplication by its reciprocal (no remainder test, as `div_ceil`'s).
#[allow(
    clippy::manual_div_ceil,
    reason = "div_ceil tests the remainder; x + 99 cannot overflow here"
)]
fn up100(x: u64) -> u64 {
    (x + 99) / 100 * 100
}

/// What `honba` honba of `value` each add, saturated at 32 bits: the one
/// product of two counters from user text, which alone could pass 64 bits
/// once multiplied or added to.
fn honba_points(honba: u32, value: u32) -> u64 {
    (u64::from(honba) * u64::from(value)).min(u64::from(u32::MAX))
}

/// Past what fits (aotenjou's biggest hands, counters from user text),
/// saturated.
fn clamp(x: u64) -> u32 {
    u32::try_from(x).unwrap_or(u32::MAX)
}

/// Payments for a hand of `base` points.
///
/// Four players: a tsumo is paid by the three others. Three players
/// (sanma): by the two others, with the absent North's share either lost
/// (tsumo loss, Tenhou) or split between them (North bisection), as
/// `rules.sanma_tsumo` says. Each honba adds `rules.honba_value` to a ron,
/// and an equal part of it from each payer of a tsumo.
#[inline]
pub fn pay(base: u32, dealer: bool, tsumo: bool, honba: u32, sticks: u32, rules: &Rules) -> Points {
    let base = u64::from(base);
    let sticks = u64::from(sticks) * 1000;
    if !tsumo {
        let ron = up100(base * if dealer { 6 } else { 4 });
        return Points {
            total: clamp(ron + honba_points(honba, rules.honba_value) + sticks),
            ron: Some(clamp(ron)),
            dealer: None,
            non_dealer: None,
        };
    }
    let payers = rules.tsumo_payers();
    // No division when there is no honba (most hands).
    let per_payer_honba = if honba == 0 {
        0
    } else {
        honba_points(honba, rules.honba_value / payers)
    };
    let payers = u64::from(payers);
    // The absent North's share, split in two (North bisection), else lost.
    let split = rules.players == Players::Three && rules.sanma_tsumo == SanmaTsumo::Split;
    if dealer {
        let four_player_share = base * 2;
        let each = if split {
            up100(four_player_share + four_player_share / 2)
        } else {
            up100(four_player_share)
        };
        Points {
            total: clamp((each + per_payer_honba) * payers + sticks),
            ron: None,
            dealer: None,
            non_dealer: Some(clamp(each)),
        }
    } else {
        let (d, nd) = if split {
            // North's non-dealer share, base x 1, half to each payer.
            let half = base / 2;
            (up100(base * 2 + half), up100(base + half))
        } else {
            (up100(base * 2), up100(base))
        };
        let non_dealers = payers - 1;
        Points {
            total: clamp(d + nd * non_dealers + per_payer_honba * payers + sticks),
            ron: None,
            dealer: Some(clamp(d)),
            non_dealer: Some(clamp(nd)),
        }
    }
}

/// Payments for `han` han and `fu` fu (han 13+ is kazoe, capped by the
/// rules); used for the engine and to check claims like `=> 3 han 30 fu`.
pub fn payments(
    han: u32,
    fu: u32,
    dealer: bool,
    tsumo: bool,
    honba: u32,
    sticks: u32,
    rules: &Rules,
) -> Points {
    let (_, base) = limit_and_base(han, fu, rules);
    pay(base, dealer, tsumo, honba, sticks, rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The payments as they were first written, saturating every step in
    /// 32 bits: the reference for `pay`'s 64-bit arithmetic clamped once.
    fn pay_saturating(
        base: u32,
        dealer: bool,
        tsumo: bool,
        honba: u32,
        sticks: u32,
        rules: &Rules,
    ) -> Points {
        let up = |x: u32| x.div_ceil(100).saturating_mul(100);
        let sticks = sticks.saturating_mul(1000);
        if !tsumo {
            let ron = up(base.saturating_mul(if dealer { 6 } else { 4 }));
            return Points {
                total: ron
                    .saturating_add(honba.saturating_mul(rules.honba_value))
                    .saturating_add(sticks),
                ron: Some(ron),
                dealer: None,
                non_dealer: None,
            };
        }
        let payers = rules.tsumo_payers();
        let per_payer_honba = honba.saturating_mul(rules.honba_value / payers);
        let split = rules.players == Players::Three && rules.sanma_tsumo == SanmaTsumo::Split;
        if dealer {
            let share = base.saturating_mul(2);
            let each = if split {
                up(share.saturating_add(share / 2))
            } else {
                up(share)
            };
            return Points {
                total: each
                    .saturating_add(per_payer_honba)
                    .saturating_mul(payers)
                    .saturating_add(sticks),
                ron: None,
                dealer: None,
                non_dealer: Some(each),
            };
        }
        let (d, nd) = if split {
            let half = base / 2;
            (
                up(base.saturating_mul(2).saturating_add(half)),
                up(base.saturating_add(half)),
            )
        } else {
            (up(base.saturating_mul(2)), up(base))
        };
        Points {
            total: d
                .saturating_add(nd.saturating_mul(payers - 1))
                .saturating_add(per_payer_honba.saturating_mul(payers))
                .saturating_add(sticks),
            ron: None,
            dealer: Some(d),
            non_dealer: Some(nd),
        }
    }

    #[test]
    fn payments_are_the_saturating_reference() {
        let mut rule_sets = vec![Rules::tenhou()];
        let mut sanma = Rules::tenhou();
        sanma.apply("sanma").unwrap();
        rule_sets.push(sanma.clone());
        sanma.apply("sanma-tsumo=split").unwrap();
        rule_sets.push(sanma);
        let mut big_honba = Rules::tenhou();
        big_honba.honba_value = 1500;
        rule_sets.push(big_honba.clone());
        big_honba.honba_value = u32::MAX;
        rule_sets.push(big_honba);
        // Every base a han and fu count give (aotenjou's too), the limits',
        // odd ones, and those where a share or a rounding leaves 32 bits.
        let mut bases: Vec<u32> = (0..=40)
            .flat_map(|han| (0..=130).map(move |fu| formula_base(han, fu)))
            .collect();
        bases.extend((0..=3000).map(|n| n * 7 + 1));
        for edge in [
            u32::MAX / 6,
            u32::MAX / 4,
            u32::MAX / 3,
            u32::MAX / 2,
            u32::MAX,
        ] {
            bases.extend(edge.saturating_sub(300)..=edge.saturating_add(300));
        }
        let counters = [0, 1, 2, 7, 1_000_000, u32::MAX / 1000, u32::MAX];
        let mut compared = 0;
        for rules in &rule_sets {
            for &base in &bases {
                for (dealer, tsumo) in [(false, false), (true, false), (false, true), (true, true)]
                {
                    for (&honba, &sticks) in counters.iter().zip(counters.iter().rev()) {
                        assert_eq!(
                            pay(base, dealer, tsumo, honba, sticks, rules),
                            pay_saturating(base, dealer, tsumo, honba, sticks, rules),
                            "base {base} dealer {dealer} tsumo {tsumo} honba {honba} sticks {sticks}"
                        );
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 500_000);
    }

    #[test]
    fn limits() {
        let r = Rules::tenhou();
        assert_eq!(limit_and_base(4, 30, &r), (None, 1920));
        assert_eq!(limit_and_base(4, 40, &r), (Some(Limit::Mangan), 2000));
        assert_eq!(limit_and_base(3, 70, &r), (Some(Limit::Mangan), 2000));
        assert_eq!(limit_and_base(3, 60, &r), (None, 1920));
        assert_eq!(limit_and_base(5, 20, &r).0, Some(Limit::Mangan));
        assert_eq!(limit_and_base(7, 20, &r).0, Some(Limit::Haneman));
        assert_eq!(limit_and_base(8, 20, &r).0, Some(Limit::Baiman));
        assert_eq!(limit_and_base(10, 20, &r).0, Some(Limit::Baiman));
        assert_eq!(limit_and_base(11, 20, &r).0, Some(Limit::Sanbaiman));
        assert_eq!(
            limit_and_base(13, 20, &r),
            (Some(Limit::KazoeYakuman), 8000)
        );
        let mut k = r.clone();
        k.kiriage = true;
        assert_eq!(limit_and_base(4, 30, &k).0, Some(Limit::Mangan));
        assert_eq!(limit_and_base(3, 60, &k).0, Some(Limit::Mangan));
        assert_eq!(limit_and_base(4, 25, &k).0, None);
        k.kazoe = KazoeCap::Sanbaiman;
        assert_eq!(limit_and_base(14, 20, &k), (Some(Limit::Sanbaiman), 6000));
    }

    #[test]
    fn honba_and_sticks() {
        let r = Rules::tenhou();
        // 3 han 30 fu non-dealer ron, 2 honba, 1 stick.
        let p = payments(3, 30, false, false, 2, 1, &r);
        assert_eq!(p.ron, Some(3900));
        assert_eq!(p.total, 3900 + 600 + 1000);
        // The same by tsumo: 1000/2000, 100 per payer per honba.
        let p = payments(3, 30, false, true, 2, 0, &r);
        assert_eq!((p.non_dealer, p.dealer), (Some(1000), Some(2000)));
        assert_eq!(p.total, 4000 + 600);
        // Dealer tsumo 2000 all, 1 honba.
        let p = payments(3, 30, true, true, 1, 0, &r);
        assert_eq!((p.non_dealer, p.dealer, p.ron), (Some(2000), None, None));
        assert_eq!(p.total, 6300);
        let mut h = r.clone();
        h.honba_value = 1500;
        assert_eq!(payments(1, 30, false, false, 1, 0, &h).total, 1000 + 1500);
        assert_eq!(
            payments(1, 30, false, true, 1, 0, &h).total,
            300 + 300 + 500 + 1500
        );
    }

    #[test]
    fn three_players_pay_a_tsumo_two_ways() {
        let mut sanma = Rules::tenhou();
        sanma.apply("sanma").unwrap();
        // Tsumo loss: a non-dealer mangan is 4000 + 2000, not 8000; each
        // honba is 100 from each of the two payers.
        let p = payments(5, 30, false, true, 2, 1, &sanma);
        assert_eq!((p.dealer, p.non_dealer), (Some(4000), Some(2000)));
        assert_eq!(p.total, 6000 + 400 + 1000);
        // A dealer mangan: 4000 from each of two.
        let p = payments(5, 30, true, true, 0, 0, &sanma);
        assert_eq!((p.non_dealer, p.total), (Some(4000), 8000));
        // A ron is paid in full, with 200 a honba.
        let p = payments(3, 30, false, false, 1, 0, &sanma);
        assert_eq!((p.ron, p.total), (Some(3900), 4100));
        // North bisection: the absent North's share split in two.
        sanma.apply("sanma-tsumo=split").unwrap();
        let p = payments(5, 30, false, true, 0, 0, &sanma);
        assert_eq!(
            (p.dealer, p.non_dealer, p.total),
            (Some(5000), Some(3000), 8000)
        );
        let p = payments(5, 30, true, true, 0, 0, &sanma);
        assert_eq!((p.non_dealer, p.total), (Some(6000), 12000));
    }

    #[test]
    fn kazoe_without_a_cap_and_no_limits() {
        let mut r = Rules::tenhou();
        r.apply("kazoe=unlimited").unwrap();
        assert_eq!(
            limit_and_base(25, 30, &r),
            (Some(Limit::KazoeYakuman), 8000)
        );
        assert_eq!(limit_and_base(26, 30, &r), (Some(Limit::Yakuman(2)), 16000));
        assert_eq!(limit_and_base(39, 30, &r), (Some(Limit::Yakuman(3)), 24000));
        r.apply("limits=off").unwrap();
        // Aotenjou: 6 han 30 fu is 30 x 2^8, no haneman.
        assert_eq!(limit_and_base(6, 30, &r), (None, 7680));
        assert_eq!(payments(6, 30, false, false, 0, 0, &r).ron, Some(30800));
        // Past what fits, the payment saturates rather than wrapping.
        assert_eq!(limit_and_base(40, 30, &r).1, u32::MAX);
        let biggest = payments(40, 30, true, true, 0, 0, &r);
        assert_eq!(biggest.non_dealer, Some(u32::MAX));
        assert_eq!(biggest.total, u32::MAX);
    }
}
