//! Checking `=> claims` against what the analysis computed, and writing the
//! computed value as a claim.
//!
//! Only what a claim states is checked. Points compare with the value of
//! the hand itself (before honba and riichi sticks), unless the line sets
//! `honba=` or `sticks=`: then with what is actually paid, counters
//! included. See docs/cli.md, "Claims".

use std::ops::Range;

use crate::diag::{Code, Diagnostic};
use crate::limit::Limit;
use crate::notation::ast::{Claim, ClaimItem};
use crate::tile::{to_compact, Tile};

/// What the payment of a priced hand looks like.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Payment {
    /// The discarder pays it.
    Ron(u32),
    /// A dealer's tsumo: each player pays it.
    All(u32),
    /// A non-dealer's tsumo: each non-dealer, the dealer.
    Split { non_dealer: u32, dealer: u32 },
}

impl Payment {
    /// Everything the winner receives for the hand.
    pub fn total(&self) -> u32 {
        match *self {
            Payment::Ron(n) => n,
            Payment::All(n) => 3 * n,
            Payment::Split { non_dealer, dealer } => 2 * non_dealer + dealer,
        }
    }

    fn render(&self) -> String {
        match *self {
            Payment::Ron(n) => n.to_string(),
            Payment::All(n) => format!("{n} all"),
            Payment::Split { non_dealer, dealer } => format!("{non_dealer}/{dealer}"),
        }
    }
}

/// The value of a priced hand, in the terms claims are written in.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Priced {
    pub han: u32,
    /// `None` for yakuman.
    pub fu: Option<u32>,
    /// Mangan and above.
    pub limit: Option<Limit>,
    /// Payments before honba and sticks.
    pub payment: Payment,
    /// Payments with honba (each payer's share) and, for `total`, sticks.
    pub paid: Payment,
    /// Everything the winner receives: honba and sticks included.
    pub total: u32,
}

/// What a hand line amounts to, for claims.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Value {
    Priced(Priced),
    /// A complete shape with no yaku.
    NoYaku,
    /// Not a complete hand.
    NotWinning,
    /// Not priced for another reason (its message).
    Unpriced(String),
}

/// Everything a claim can state, as computed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Facts {
    pub value: Value,
    /// -1 complete, 0 tenpai, n n-shanten; `None` when unknown.
    pub shanten: Option<i8>,
    /// The waits of a waiting (13-tile) hand; of a complete hand whose
    /// claim states waits, those it had before its winning tile.
    pub waits: Option<Vec<Tile>>,
    /// The line sets `honba=` or `sticks=`: points claims then include them.
    pub counters: bool,
    /// The tiles a hand of 13 accepts (one of 14 after its `discard=`):
    /// its waits when tenpai, else the tiles that bring it closer.
    pub accepted: Option<Accepted>,
}

/// The tiles a hand accepts, counted.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Accepted {
    pub kinds: u32,
    /// 4 of each kind less the copies in the hand.
    pub tiles: u32,
    /// Less also the dora indicators and the `visible=` tiles.
    pub in_sight: u32,
    /// Which kinds: bit `i` for the tile of index `i` (34 kinds fit a
    /// word, and a set of bits keeps `Accepted` a plain value).
    pub which: u64,
}

impl Accepted {
    /// The kinds accepted, in tile order.
    pub fn tiles_accepted(&self) -> Vec<Tile> {
        Tile::all()
            .filter(|t| self.which & kind_bit(*t) != 0)
            .collect()
    }
}

/// The bit of a tile's kind in [`Accepted::which`].
pub fn kind_bit(tile: Tile) -> u64 {
    1 << tile.index()
}

/// The kinds of `tiles` as bits of [`Accepted::which`].
pub fn kind_bits(tiles: &[Tile]) -> u64 {
    tiles.iter().fold(0, |bits, t| bits | kind_bit(*t))
}

/// One checked claim item.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ItemCheck {
    pub span: Range<usize>,
    pub verdict: Verdict,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Verdict {
    Right,
    /// Wrong: the message and the claim text to write instead.
    Wrong {
        message: String,
        right: Option<String>,
    },
    /// The claim cannot apply to this hand.
    NotApplicable(String),
}

/// `double yakuman`.
fn limit_name(limit: Limit) -> String {
    limit.id().replace('_', " ")
}

/// `double-yakuman`: a claim is one word.
fn limit_claim(limit: Limit) -> String {
    limit.id().replace('_', "-")
}

fn han_fu_text(p: &Priced) -> String {
    match p.fu {
        Some(fu) => format!("{} han {} fu", p.han, fu),
        None => format!("{} han", p.han),
    }
}

fn is_yakuman(p: &Priced) -> bool {
    p.limit.is_some_and(Limit::is_yakuman)
}

fn shanten_text(s: i8) -> String {
    match s {
        i8::MIN..=-1 => "complete".to_string(),
        0 => "tenpai".to_string(),
        n => format!("{n}-shanten"),
    }
}

fn not_priced(value: &Value) -> Option<String> {
    match value {
        Value::Priced(_) => None,
        Value::NoYaku => Some("the hand has no yaku: it cannot win, so it has no value".into()),
        Value::NotWinning => {
            Some("the hand is not complete: only a winning hand has a value".into())
        }
        Value::Unpriced(m) => Some(format!("the hand is not priced: {m}")),
    }
}

/// Checks each item of a claim; `line` is the text the spans point into.
pub fn check(claim: &Claim, facts: &Facts, line: &str) -> Vec<ItemCheck> {
    claim
        .items
        .iter()
        .map(|(item, span)| {
            let slash = line.get(span.clone()).is_some_and(|t| t.contains('/'));
            ItemCheck {
                span: span.clone(),
                verdict: check_item(item, facts, slash),
            }
        })
        .collect()
}

fn wrong(message: String, right: String) -> Verdict {
    Verdict::Wrong {
        message,
        right: Some(right),
    }
}

/// `slash`: a han and fu claim written `3/30`, answered in the same form.
fn check_item(item: &ClaimItem, facts: &Facts, slash: bool) -> Verdict {
    match item {
        ClaimItem::Points(_) | ClaimItem::TsumoSplit { .. } | ClaimItem::TsumoAll(_) => {
            let priced = match &facts.value {
                Value::Priced(priced) => priced,
                other => return Verdict::NotApplicable(not_priced(other).unwrap_or_default()),
            };
            check_payment(item, priced, facts.counters)
        }
        ClaimItem::HanFu { han, fu } => {
            let priced = match &facts.value {
                Value::Priced(priced) => priced,
                other => return Verdict::NotApplicable(not_priced(other).unwrap_or_default()),
            };
            if is_yakuman(priced) {
                let limit = priced.limit.unwrap_or(Limit::Yakuman(1));
                return wrong(
                    format!(
                        "the hand is a {}, not counted in han and fu",
                        limit_name(limit)
                    ),
                    limit_claim(limit),
                );
            }
            let fu_ok = match (fu, priced.fu) {
                (None, _) => true,
                (Some(a), Some(b)) => *a == b,
                (Some(_), None) => false,
            };
            if *han == priced.han && fu_ok {
                return Verdict::Right;
            }
            let (right, stated) = match (fu, priced.fu) {
                (Some(f), Some(pf)) if slash => {
                    (format!("{}/{pf}", priced.han), format!("{han}/{f}"))
                }
                (Some(f), _) => (han_fu_text(priced), format!("{han} han {f} fu")),
                (None, _) => (format!("{} han", priced.han), format!("{han} han")),
            };
            wrong(format!("the hand is {right}, not {stated}"), right)
        }
        &ClaimItem::Limit(claimed) => {
            let priced = match &facts.value {
                Value::Priced(priced) => priced,
                other => return Verdict::NotApplicable(not_priced(other).unwrap_or_default()),
            };
            match priced.limit {
                // A counted yakuman is paid as a yakuman, and is usually
                // called one; the other way round is wrong. Compared by id:
                // a single yakuman has one id however it is counted.
                Some(limit)
                    if limit.id() == claimed.id()
                        || (limit == Limit::KazoeYakuman && claimed.id() == "yakuman") =>
                {
                    Verdict::Right
                }
                Some(limit) => wrong(
                    format!(
                        "the hand is a {}, not a {}",
                        limit_name(limit),
                        limit_name(claimed)
                    ),
                    limit_claim(limit),
                ),
                None => wrong(
                    format!(
                        "the hand is {}, not a limit hand ({})",
                        han_fu_text(priced),
                        limit_name(claimed)
                    ),
                    han_fu_text(priced),
                ),
            }
        }
        ClaimItem::Shanten(n) => match facts.shanten {
            Some(s) if i64::from(s) == i64::from(*n) => Verdict::Right,
            Some(s) if s < 0 => Verdict::NotApplicable(format!(
                "the hand is already complete, not {}",
                shanten_text(*n as i8)
            )),
            Some(s) => wrong(
                format!(
                    "the hand is {}, not {}",
                    shanten_text(s),
                    claimed_shanten(*n)
                ),
                shanten_text(s),
            ),
            None => Verdict::NotApplicable("the hand's shanten is not known".into()),
        },
        ClaimItem::Tiles(n) => match facts.accepted {
            // An author counts the tiles left beside the hand, or also
            // those in sight: either is right.
            Some(a) if *n == a.tiles || *n == a.in_sight => Verdict::Right,
            Some(a) => wrong(
                format!("the hand accepts {}, not {n}", accepted_text(a)),
                format!("{} tiles", a.tiles),
            ),
            None => Verdict::NotApplicable(not_accepting(facts)),
        },
        ClaimItem::Kinds(n) => match facts.accepted {
            Some(a) if *n == a.kinds => Verdict::Right,
            Some(a) => wrong(
                format!("the hand accepts {}, not {n} kinds", accepted_text(a)),
                format!("{} kinds", a.kinds),
            ),
            None => Verdict::NotApplicable(not_accepting(facts)),
        },
        ClaimItem::Accepts(tiles) => match facts.accepted {
            Some(a) => check_accepted_tiles(tiles, a),
            None => Verdict::NotApplicable(not_accepting(facts)),
        },
        ClaimItem::Waits(tiles) => match &facts.waits {
            Some(w) => {
                let mut claimed: Vec<Tile> = tiles.clone();
                claimed.sort();
                claimed.dedup();
                let mut real = w.clone();
                real.sort();
                real.dedup();
                // The waits of a complete hand are those it had before its
                // winning tile.
                let hand = if facts.shanten.is_some_and(|s| s < 0) {
                    "before its winning tile, the hand"
                } else {
                    "the hand"
                };
                if claimed == real {
                    Verdict::Right
                } else if real.is_empty() {
                    Verdict::NotApplicable(format!("{hand} has no wait"))
                } else {
                    let real = to_compact(&real);
                    wrong(
                        format!("{hand} waits on {real}, not {}", to_compact(&claimed)),
                        format!("waits {real}"),
                    )
                }
            }
            None => Verdict::NotApplicable(match facts.shanten {
                Some(s) if s < 0 => "the hand is complete: it no longer waits".into(),
                _ => "only a waiting (tenpai) hand of 13 tiles has waits".into(),
            }),
        },
    }
}

/// A list of the kinds a hand accepts, against those it does: which are
/// missing from the list and which bring it no closer, and the right list.
fn check_accepted_tiles(claimed: &[Tile], accepted: Accepted) -> Verdict {
    let stated = kind_bits(claimed);
    if stated == accepted.which {
        return Verdict::Right;
    }
    let list = |bits: u64| {
        let tiles: Vec<Tile> = Tile::all().filter(|t| bits & kind_bit(*t) != 0).collect();
        to_compact(&tiles)
    };
    let real = list(accepted.which);
    let missing = accepted.which & !stated;
    let extra = stated & !accepted.which;
    let mut why = Vec::new();
    if missing != 0 {
        why.push(format!("{} missing", list(missing)));
    }
    if extra != 0 {
        why.push(format!("{} brings it no closer", list(extra)));
    }
    wrong(
        format!(
            "the hand accepts {real}, not {} ({})",
            list(stated),
            why.join("; ")
        ),
        format!("accepts {real}"),
    )
}

/// "4 kinds, 16 tiles (14 not in sight)".
fn accepted_text(a: Accepted) -> String {
    let kinds = if a.kinds == 1 { "kind" } else { "kinds" };
    let sight = if a.in_sight == a.tiles {
        String::new()
    } else {
        format!(" ({} not in sight)", a.in_sight)
    };
    format!("{} {kinds}, {} tiles{sight}", a.kinds, a.tiles)
}

/// Why a hand has no tiles it accepts to count.
fn not_accepting(facts: &Facts) -> String {
    match facts.shanten {
        Some(s) if s < 0 => "the hand is complete: it accepts no tile".into(),
        _ => "only a hand of 13 tiles (or of 14 with its discard=) accepts tiles".into(),
    }
}

fn claimed_shanten(n: u32) -> String {
    if n == 0 {
        "tenpai".into()
    } else {
        format!("{n}-shanten")
    }
}

fn check_payment(item: &ClaimItem, p: &Priced, counters: bool) -> Verdict {
    let pay = if counters { &p.paid } else { &p.payment };
    let what = if counters {
        " (honba and sticks included)"
    } else {
        ""
    };
    match *item {
        ClaimItem::Points(n) => {
            let total = if counters { p.total } else { pay.total() };
            if n == total {
                Verdict::Right
            } else {
                wrong(
                    format!("the hand is worth {total}{what}, not {n}"),
                    total.to_string(),
                )
            }
        }
        ClaimItem::TsumoSplit { non_dealer, dealer } => match *pay {
            Payment::Split {
                non_dealer: a,
                dealer: b,
            } if a == non_dealer && b == dealer => Verdict::Right,
            _ => wrong(
                format!(
                    "the hand is {}, not {non_dealer}/{dealer}",
                    describe(p, counters)
                ),
                payment_claim(p, counters),
            ),
        },
        ClaimItem::TsumoAll(n) => match *pay {
            Payment::All(a) if a == n => Verdict::Right,
            _ => wrong(
                format!("the hand is {}, not {n} all", describe(p, counters)),
                payment_claim(p, counters),
            ),
        },
        _ => Verdict::Right,
    }
}

/// The payment as a claim states it. A ron's is a points claim, which on a
/// line with counters is checked against everything the winner receives,
/// riichi sticks included, so it is written as that total; the discarder's
/// payment with honba would be flagged at once. A tsumo's payments are
/// each payer's, with their share of the honba when the line has counters.
fn payment_claim(p: &Priced, counters: bool) -> String {
    match (&p.paid, counters) {
        (Payment::Ron(_), true) => p.total.to_string(),
        (paid, true) => paid.render(),
        (_, false) => p.payment.render(),
    }
}

/// The payment in words, for a message: "the hand is ...".
fn describe(p: &Priced, counters: bool) -> String {
    match (&p.paid, counters) {
        (Payment::Ron(_), true) => {
            format!("won by ron: {} in all (honba and sticks included)", p.total)
        }
        (paid, true) => format!("paid {} (honba included)", describe_payment(paid)),
        (_, false) => format!("paid {}", describe_payment(&p.payment)),
    }
}

fn describe_payment(p: &Payment) -> String {
    match *p {
        Payment::Ron(n) => format!("{n} by the discarder"),
        Payment::All(n) => format!("{n} all"),
        Payment::Split { non_dealer, dealer } => format!("{non_dealer}/{dealer}"),
    }
}

/// The diagnostics of a claim's checks: `wrong-claim` (with a fix writing
/// the right value) and `inapplicable-claim`, both warnings.
pub fn diagnostics(checks: &[ItemCheck]) -> Vec<Diagnostic> {
    checks
        .iter()
        .filter_map(|c| match &c.verdict {
            Verdict::Right => None,
            Verdict::Wrong { message, right } => {
                let diagnostic = Diagnostic::warning(
                    Code::WrongClaim,
                    c.span.clone(),
                    format!("wrong claim: {message}"),
                );
                Some(match right {
                    Some(r) => {
                        diagnostic.with_safe_fix(format!("write '{r}'"), c.span.clone(), r.clone())
                    }
                    None => diagnostic,
                })
            }
            Verdict::NotApplicable(m) => Some(Diagnostic::warning(
                Code::InapplicableClaim,
                c.span.clone(),
                format!("this claim cannot apply: {m}"),
            )),
        })
        .collect()
}

/// The computed value written as a claim (without the `=>`): `3 han 30 fu,
/// 7700`, `mangan, 2000/4000`, `tenpai, waits 14m`, `1-shanten`. `None`
/// when there is nothing to claim (a hand with no yaku, an unpriced hand).
pub fn render(facts: &Facts) -> Option<String> {
    let pay = |p: &Priced| payment_claim(p, facts.counters);
    match &facts.value {
        Value::Priced(p) => Some(match p.limit {
            Some(l) if is_yakuman(p) => format!("{}, {}", limit_claim(l), pay(p)),
            Some(l) if p.han < 5 => format!("{}, {}, {}", han_fu_text(p), limit_claim(l), pay(p)),
            Some(l) => format!("{} han, {}, {}", p.han, limit_claim(l), pay(p)),
            None => format!("{}, {}", han_fu_text(p), pay(p)),
        }),
        Value::NoYaku | Value::Unpriced(_) => None,
        Value::NotWinning => match (facts.shanten, &facts.waits) {
            (Some(0), Some(w)) if !w.is_empty() => Some(format!("tenpai, waits {}", to_compact(w))),
            (Some(s), _) if s >= 0 => Some(shanten_text(s)),
            _ => None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::parse_tiles;

    fn limit(id: &str) -> Limit {
        Limit::from_id(id).expect("a limit id")
    }

    fn claim(items: Vec<ClaimItem>) -> (Claim, String) {
        // Each item's span is its position in a made-up line, so the
        // checks and fixes can be located.
        let mut text = String::from("=> ");
        let mut out = Vec::new();
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 {
                text.push_str(", ");
            }
            let word = match &item {
                ClaimItem::Points(n) => n.to_string(),
                ClaimItem::TsumoSplit { non_dealer, dealer } => format!("{non_dealer}/{dealer}"),
                ClaimItem::TsumoAll(n) => format!("{n} all"),
                ClaimItem::HanFu { han, fu: Some(f) } => format!("{han} han {f} fu"),
                ClaimItem::HanFu { han, fu: None } => format!("{han} han"),
                ClaimItem::Limit(l) => l.id().to_string(),
                ClaimItem::Shanten(n) => format!("{n}-shanten"),
                ClaimItem::Waits(t) => format!("waits {}", to_compact(t)),
                ClaimItem::Tiles(n) => format!("{n} tiles"),
                ClaimItem::Kinds(n) => format!("{n} kinds"),
                ClaimItem::Accepts(t) => format!("accepts {}", to_compact(t)),
            };
            let start = text.len();
            text.push_str(&word);
            out.push((item, start..text.len()));
        }
        let c = Claim {
            items: out,
            span: 0..text.len(),
            text: text[3..].to_string(),
        };
        (c, text)
    }

    /// 3 han 30 fu, non-dealer ron: 3900 (worked: 30 × 2^5 = 960 base, ×4
    /// = 3840, up to 3900).
    fn ron_3900() -> Facts {
        Facts {
            value: Value::Priced(Priced {
                han: 3,
                fu: Some(30),
                limit: None,
                payment: Payment::Ron(3900),
                paid: Payment::Ron(4200),
                total: 5200,
            }),
            shanten: Some(-1),
            waits: None,
            counters: false,
            accepted: None,
        }
    }

    /// Non-dealer mangan tsumo: 2000/4000.
    fn tsumo_mangan() -> Facts {
        Facts {
            value: Value::Priced(Priced {
                han: 4,
                fu: Some(40),
                limit: Some(limit("mangan")),
                payment: Payment::Split {
                    non_dealer: 2000,
                    dealer: 4000,
                },
                paid: Payment::Split {
                    non_dealer: 2100,
                    dealer: 4100,
                },
                total: 8300,
            }),
            shanten: Some(-1),
            waits: None,
            counters: false,
            accepted: None,
        }
    }

    fn tenpai_14m() -> Facts {
        Facts {
            value: Value::NotWinning,
            shanten: Some(0),
            waits: Some(parse_tiles("14m").unwrap().0),
            counters: false,
            accepted: None,
        }
    }

    fn verdicts(items: Vec<ClaimItem>, facts: &Facts) -> Vec<Verdict> {
        let (c, text) = claim(items);
        check(&c, facts, &text)
            .into_iter()
            .map(|c| c.verdict)
            .collect()
    }

    #[test]
    fn right_claims_pass() {
        let v = verdicts(
            vec![
                ClaimItem::Points(3900),
                ClaimItem::HanFu {
                    han: 3,
                    fu: Some(30),
                },
                ClaimItem::HanFu { han: 3, fu: None },
            ],
            &ron_3900(),
        );
        assert!(v.iter().all(|v| *v == Verdict::Right), "{v:?}");
        let v = verdicts(
            vec![
                ClaimItem::TsumoSplit {
                    non_dealer: 2000,
                    dealer: 4000,
                },
                ClaimItem::Points(8000),
                ClaimItem::Limit(limit("mangan")),
            ],
            &tsumo_mangan(),
        );
        assert!(v.iter().all(|v| *v == Verdict::Right), "{v:?}");
        let v = verdicts(
            vec![
                ClaimItem::Shanten(0),
                ClaimItem::Waits(parse_tiles("41m").unwrap().0),
            ],
            &tenpai_14m(),
        );
        assert!(v.iter().all(|v| *v == Verdict::Right), "{v:?}");
    }

    #[test]
    fn a_wrong_total_is_fixed_with_the_right_one() {
        let (c, text) = claim(vec![ClaimItem::Points(7700)]);
        let checks = check(&c, &ron_3900(), &text);
        let d = diagnostics(&checks);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].code, Code::WrongClaim);
        assert_eq!(d[0].severity, crate::diag::Severity::Warning);
        assert!(d[0].message.contains("3900"), "{}", d[0].message);
        assert_eq!(d[0].fixes[0].replacement, "3900");
        assert_eq!(&text[d[0].fixes[0].span.clone()], "7700");
    }

    #[test]
    fn counters_are_counted_only_when_the_line_sets_them() {
        let mut f = ron_3900();
        f.counters = true;
        // 3900 + 300 honba + 1000 stick = 5200.
        assert_eq!(
            verdicts(vec![ClaimItem::Points(5200)], &f),
            [Verdict::Right]
        );
        assert!(matches!(
            verdicts(vec![ClaimItem::Points(3900)], &f)[0],
            Verdict::Wrong { .. }
        ));
        let mut t = tsumo_mangan();
        t.counters = true;
        assert_eq!(
            verdicts(
                vec![ClaimItem::TsumoSplit {
                    non_dealer: 2100,
                    dealer: 4100
                }],
                &t
            ),
            [Verdict::Right]
        );
    }

    #[test]
    fn a_payment_in_the_wrong_form_is_rewritten_in_the_right_one() {
        let v = verdicts(vec![ClaimItem::TsumoAll(3900)], &ron_3900());
        assert_eq!(
            v,
            [Verdict::Wrong {
                message: "the hand is paid 3900 by the discarder, not 3900 all".into(),
                right: Some("3900".into())
            }]
        );
        let v = verdicts(
            vec![ClaimItem::TsumoSplit {
                non_dealer: 1000,
                dealer: 2000,
            }],
            &tsumo_mangan(),
        );
        assert_eq!(
            v,
            [Verdict::Wrong {
                message: "the hand is paid 2000/4000, not 1000/2000".into(),
                right: Some("2000/4000".into())
            }]
        );
    }

    #[test]
    fn a_payment_fixed_on_a_line_with_counters_is_what_the_check_reads() {
        // 3900 ron, 1 honba, 1 stick: the discarder pays 4200, the winner
        // receives 5200. The fix writes a points claim, read as the total.
        let mut f = ron_3900();
        f.counters = true;
        assert_eq!(
            verdicts(vec![ClaimItem::TsumoAll(1300)], &f),
            [Verdict::Wrong {
                message:
                    "the hand is won by ron: 5200 in all (honba and sticks included), not 1300 all"
                        .into(),
                right: Some("5200".into())
            }]
        );
        assert_eq!(
            verdicts(vec![ClaimItem::Points(5200)], &f),
            [Verdict::Right]
        );
        // A tsumo's payments are per payer: the honba share, never sticks.
        let mut t = tsumo_mangan();
        t.counters = true;
        assert_eq!(
            verdicts(vec![ClaimItem::TsumoAll(4000)], &t),
            [Verdict::Wrong {
                message: "the hand is paid 2100/4100 (honba included), not 4000 all".into(),
                right: Some("2100/4100".into())
            }]
        );
    }

    #[test]
    fn han_and_fu() {
        let v = verdicts(
            vec![ClaimItem::HanFu {
                han: 4,
                fu: Some(30),
            }],
            &ron_3900(),
        );
        assert_eq!(
            v,
            [Verdict::Wrong {
                message: "the hand is 3 han 30 fu, not 4 han 30 fu".into(),
                right: Some("3 han 30 fu".into())
            }]
        );
        // Written 4/30, answered 3/30.
        let c = Claim {
            items: vec![(
                ClaimItem::HanFu {
                    han: 4,
                    fu: Some(30),
                },
                3..7,
            )],
            span: 0..7,
            text: "4/30".into(),
        };
        let checks = check(&c, &ron_3900(), "=> 4/30");
        assert_eq!(
            checks[0].verdict,
            Verdict::Wrong {
                message: "the hand is 3/30, not 4/30".into(),
                right: Some("3/30".into())
            }
        );
    }

    #[test]
    fn limits() {
        let v = verdicts(vec![ClaimItem::Limit(limit("haneman"))], &tsumo_mangan());
        assert_eq!(
            v,
            [Verdict::Wrong {
                message: "the hand is a mangan, not a haneman".into(),
                right: Some("mangan".into())
            }]
        );
        let mut kazoe = tsumo_mangan();
        if let Value::Priced(p) = &mut kazoe.value {
            p.han = 13;
            p.limit = Some(limit("kazoe_yakuman"));
        }
        let v = verdicts(
            vec![
                ClaimItem::Limit(limit("yakuman")),
                ClaimItem::Limit(limit("kazoe_yakuman")),
                ClaimItem::Limit(limit("sanbaiman")),
            ],
            &kazoe,
        );
        assert_eq!(v[..2], [Verdict::Right, Verdict::Right]);
        assert!(matches!(v[2], Verdict::Wrong { .. }), "{v:?}");
        let mut real = kazoe;
        if let Value::Priced(p) = &mut real.value {
            p.limit = Some(limit("yakuman"));
        }
        let v = verdicts(vec![ClaimItem::Limit(limit("kazoe_yakuman"))], &real);
        assert_eq!(
            v,
            [Verdict::Wrong {
                message: "the hand is a yakuman, not a kazoe yakuman".into(),
                right: Some("yakuman".into())
            }]
        );
        let v = verdicts(vec![ClaimItem::Limit(limit("mangan"))], &ron_3900());
        assert_eq!(
            v,
            [Verdict::Wrong {
                message: "the hand is 3 han 30 fu, not a limit hand (mangan)".into(),
                right: Some("3 han 30 fu".into())
            }]
        );
    }

    #[test]
    fn shanten_and_waits() {
        let v = verdicts(
            vec![
                ClaimItem::Shanten(1),
                ClaimItem::Waits(parse_tiles("25m").unwrap().0),
            ],
            &tenpai_14m(),
        );
        assert_eq!(
            v,
            [
                Verdict::Wrong {
                    message: "the hand is tenpai, not 1-shanten".into(),
                    right: Some("tenpai".into())
                },
                Verdict::Wrong {
                    message: "the hand waits on 14m, not 25m".into(),
                    right: Some("waits 14m".into())
                }
            ]
        );
    }

    #[test]
    fn claims_that_cannot_apply() {
        let v = verdicts(vec![ClaimItem::Points(7700)], &tenpai_14m());
        assert!(matches!(v[0], Verdict::NotApplicable(_)));
        let v = verdicts(
            vec![ClaimItem::Waits(parse_tiles("14m").unwrap().0)],
            &ron_3900(),
        );
        assert!(matches!(v[0], Verdict::NotApplicable(_)));
        let no_yaku = Facts {
            value: Value::NoYaku,
            shanten: Some(-1),
            waits: None,
            counters: false,
            accepted: None,
        };
        let (c, text) = claim(vec![ClaimItem::Points(1000)]);
        let d = diagnostics(&check(&c, &no_yaku, &text));
        assert_eq!(d[0].code, Code::InapplicableClaim);
        assert!(d[0].message.contains("no yaku"));
    }

    #[test]
    fn lists_of_accepted_tiles() {
        // A 1-shanten hand accepting 1m 4m 2p 5p (worked by hand: the
        // list is the fact; these checks are of the comparison).
        let tiles = |s: &str| parse_tiles(s).unwrap().0;
        let mut f = tenpai_14m();
        f.shanten = Some(1);
        f.waits = None;
        f.accepted = Some(Accepted {
            kinds: 4,
            tiles: 16,
            in_sight: 16,
            which: kind_bits(&tiles("14m25p")),
        });
        let accepts = |s: &str| verdicts(vec![ClaimItem::Accepts(tiles(s))], &f);
        assert_eq!(accepts("14m25p"), [Verdict::Right]);
        // Order and repeats do not matter.
        assert_eq!(accepts("5p2p41m4m"), [Verdict::Right]);
        assert_eq!(
            accepts("14m2p3s"),
            [Verdict::Wrong {
                message:
                    "the hand accepts 14m25p, not 14m2p3s (5p missing; 3s brings it no closer)"
                        .into(),
                right: Some("accepts 14m25p".into())
            }]
        );
        let (c, text) = claim(vec![ClaimItem::Accepts(tiles("14m"))]);
        let d = diagnostics(&check(&c, &f, &text));
        assert_eq!(d[0].code, Code::WrongClaim);
        assert_eq!(&text[d[0].span.clone()], "accepts 14m");
        assert_eq!(d[0].fixes[0].replacement, "accepts 14m25p");
        assert_eq!(
            f.accepted.map(|a| to_compact(&a.tiles_accepted())),
            Some("14m25p".to_string())
        );
        // A complete hand accepts nothing.
        let v = verdicts(vec![ClaimItem::Accepts(tiles("14m"))], &ron_3900());
        assert!(matches!(v[0], Verdict::NotApplicable(_)));
    }

    #[test]
    fn yakuman_in_han_is_wrong() {
        let f = Facts {
            value: Value::Priced(Priced {
                han: 13,
                fu: None,
                limit: Some(limit("yakuman")),
                payment: Payment::Ron(32000),
                paid: Payment::Ron(32000),
                total: 32000,
            }),
            shanten: Some(-1),
            waits: None,
            counters: false,
            accepted: None,
        };
        assert_eq!(
            verdicts(
                vec![ClaimItem::HanFu {
                    han: 13,
                    fu: Some(30)
                }],
                &f
            ),
            [Verdict::Wrong {
                message: "the hand is a yakuman, not counted in han and fu".into(),
                right: Some("yakuman".into())
            }]
        );
        assert_eq!(render(&f).as_deref(), Some("yakuman, 32000"));
    }

    #[test]
    fn render_writes_what_was_computed() {
        assert_eq!(render(&ron_3900()).as_deref(), Some("3 han 30 fu, 3900"));
        assert_eq!(
            render(&tsumo_mangan()).as_deref(),
            Some("4 han 40 fu, mangan, 2000/4000")
        );
        assert_eq!(render(&tenpai_14m()).as_deref(), Some("tenpai, waits 14m"));
        let two = Facts {
            value: Value::NotWinning,
            shanten: Some(2),
            waits: None,
            counters: false,
            accepted: None,
        };
        assert_eq!(render(&two).as_deref(), Some("2-shanten"));
        let mut counted = ron_3900();
        counted.counters = true;
        // 3900 + 300 (1 honba) + 1000 (1 stick): the total a points claim
        // is checked against, not the discarder's 4200.
        assert_eq!(render(&counted).as_deref(), Some("3 han 30 fu, 5200"));
    }
}
