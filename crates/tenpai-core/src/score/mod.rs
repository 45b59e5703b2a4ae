//! The scoring engine: decomposition, waits, yaku, fu with reasons, points.
//!
//! [`score`] reads every interpretation of a winning hand (four sets and a
//! pair in every split, seven pairs, thirteen orphans; each group the winning
//! tile may have completed), prices each one and keeps the best, as Tenhou
//! does. The engine knows nothing of the CLI or the server.

mod eval;
pub mod json;
mod lists;
pub mod points;
pub use crate::rules;
pub mod shape;
// Shared with build.rs, which runs its generator; the engine reads its
// constants (and the tests its generator).
#[cfg_attr(not(test), allow(dead_code))]
mod suit_gen;
mod table;
pub mod yaku;

use std::fmt;

use smallvec::SmallVec;

use crate::code::Code;
use crate::hand::{Hand, Meld, MeldKind, Situation};
use crate::tile::Tile;

use eval::{closed_counts, Ctx, Eval, FuFacts, MeldFacts};
pub use json::to_json;
use lists::{FuHand, HanSource, HandState, SpecialHan};
pub use lists::{FuItem, FuIter, FuList, YakuHan, YakuIter, YakuList};
pub use points::{payments, Limit, Points};
pub use rules::Rules;
use shape::{CountMasks, Shape};
pub use shape::{Form, Group, GroupKind, Interpretation, Wait};
pub use yaku::Yaku;

/// The scored hand: the best interpretation and everything it is worth.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Score {
    /// Dora included; 13 per yakuman for yakuman hands.
    pub han: u32,
    /// `None` for yakuman (and nagashi / renhou mangan).
    pub fu: Option<u32>,
    pub limit: Option<Limit>,
    /// Sorted by id, as the vectors sort (produced on read: see
    /// [`YakuList`]).
    pub yaku: YakuList,
    /// Produced on read: see [`FuList`].
    pub fu_details: FuList,
    pub points: Points,
    /// The chosen decomposition and wait.
    pub interpretation: Interpretation,
    /// Every other interpretation, best first.
    pub others: Vec<Alternative>,
}

/// An interpretation that was not chosen, priced the same way.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Alternative {
    pub interpretation: Interpretation,
    pub han: u32,
    pub fu: Option<u32>,
    pub limit: Option<Limit>,
    pub yaku: YakuList,
    pub fu_details: FuList,
    /// `None` when this reading has no yaku.
    pub points: Option<Points>,
}

/// Why a hand could not be scored.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ScoreError {
    /// Stable kebab-case code, shared with the notation's diagnostics:
    /// `no-yaku`, `not-complete`, `not-a-winning-count`, ...
    pub code: Code,
    pub message: String,
}

impl ScoreError {
    fn new(code: Code, message: impl Into<String>) -> ScoreError {
        ScoreError {
            code,
            message: message.into(),
        }
    }
}

impl fmt::Display for ScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for ScoreError {}

/// A reading and its value.
#[derive(Clone, Copy)]
struct Reading {
    it: Interpretation,
    /// A standard reading's facts, its fu reasons' source.
    fu_facts: Option<FuFacts>,
    eval: Eval,
    han: u32,
    limit: Option<Limit>,
    points: Option<Points>,
}

impl Reading {
    /// The reading a table would call: the highest payment; at an equal
    /// payment a real yakuman before a counted (kazoe) one, as Tenhou shows
    /// it; then more han, then more fu.
    fn key(&self) -> (u32, bool, u32, u32) {
        match self.points {
            Some(p) => (p.total, self.eval.yakuman > 0, self.han, self.eval.fu),
            None => (0, false, 0, 0),
        }
    }
}

/// Scores a winning hand: the best reading's yaku, fu and payments, and
/// every other reading. A hand that cannot win says why ([`ScoreError`]).
///
/// ```
/// use tenpai_core::code::Code;
/// use tenpai_core::hand::parse_hand;
/// use tenpai_core::limit::Limit;
/// use tenpai_core::rules::Rules;
/// use tenpai_core::score::score;
///
/// let rules = Rules::tenhou();
/// let (hand, situation) = parse_hand("19m19p19s12345677z win=7z ron seat=s", &rules).unwrap();
/// let scored = score(&hand, &situation, &rules).unwrap();
/// assert_eq!(scored.limit, Some(Limit::Yakuman(1)));
/// assert_eq!(scored.points.ron, Some(32000));
///
/// // Complete, but dora are not a yaku.
/// let line = "34066m234999p(999m) win=9p seat=n round=n dora=9p";
/// let (hand, situation) = parse_hand(line, &rules).unwrap();
/// let error = score(&hand, &situation, &rules).unwrap_err();
/// assert_eq!(error.code, Code::NoYaku);
/// ```
pub fn score(hand: &Hand, sit: &Situation, rules: &Rules) -> Result<Score, ScoreError> {
    let mut scored = Score::default();
    score_into(hand, sit, rules, &mut scored)?;
    Ok(scored)
}

/// [`score`], written into `out`: the same result, field for field, with
/// `out`'s lists (the other readings' above all) reused rather than made
/// anew, for a caller that scores many hands one after another.
///
/// On an error `out` keeps what it held (the hand is refused before
/// anything is written), except under `atozuke=off`, where the refused
/// hand's own result is left in it.
///
/// ```
/// use tenpai_core::hand::parse_hand;
/// use tenpai_core::rules::Rules;
/// use tenpai_core::score::{score, score_into, Score};
///
/// let rules = Rules::tenhou();
/// let mut scored = Score::default();
/// for line in ["123456789m11p999s win=1p tsumo seat=e", "11223344556677z win=7z ron seat=s"] {
///     let (hand, situation) = parse_hand(line, &rules).unwrap();
///     score_into(&hand, &situation, &rules, &mut scored).unwrap();
///     assert_eq!(scored, score(&hand, &situation, &rules).unwrap());
/// }
/// ```
pub fn score_into(
    hand: &Hand,
    sit: &Situation,
    rules: &Rules,
    out: &mut Score,
) -> Result<(), ScoreError> {
    // Most rules allow atozuke: scoring is then the whole call, a jump to
    // it with nothing to keep or move on the way back.
    if rules.atozuke {
        return score_hand(hand, sit, rules, out);
    }
    score_hand(hand, sit, rules, out)?;
    check_atozuke(hand, sit, rules)
}

impl Default for Score {
    /// A result to score into ([`score_into`]): no yaku, no fu, no payment,
    /// and nagashi's stand-in reading.
    fn default() -> Score {
        Score {
            han: 0,
            fu: None,
            limit: None,
            yaku: YakuList::new(),
            fu_details: FuList::new(),
            points: Points::default(),
            interpretation: Interpretation::nagashi(Tile::EAST),
            others: Vec::new(),
        }
    }
}

/// Atozuke nashi (`atozuke=off`): the yaku must not come from the winning
/// tile alone. The hand before the win is read for its waits; when one of
/// them would complete it with no yaku, the yaku this win has depend on
/// its tile, and it may not win that way.
/// The tiles that complete `waiting` (a hand one tile short, melds
/// included): the kinds in play under `rules` of which the hand does not
/// hold all four copies already. Found by completion, not by the shanten
/// tables, which price their waits with this module.
fn waits(waiting: &Hand, rules: &Rules) -> Vec<Tile> {
    let mut held = closed_counts(waiting);
    for meld in &waiting.melds {
        for tile in meld.tiles.iter() {
            held[tile.index()] += 1;
        }
    }
    Tile::all()
        .filter(|tile| {
            !(rules.is_sanma()
                && tile.suit() == crate::tile::Suit::Man
                && (2..=8).contains(&tile.number()))
        })
        .filter(|tile| held[tile.index()] < 4)
        .filter(|&tile| {
            let mut completed = waiting.clone();
            let at = completed.closed.partition_point(|&t| t < tile);
            completed.closed.insert(at, tile);
            is_complete(&completed)
        })
        .collect()
}

fn check_atozuke(hand: &Hand, sit: &Situation, rules: &Rules) -> Result<(), ScoreError> {
    let Some(win) = hand.win else {
        return Ok(());
    };
    let mut waiting = hand.clone();
    if let Some(at) = waiting.closed.iter().position(|&t| t == win) {
        waiting.closed.remove(at);
    }
    waiting.win = None;
    let mut scratch = Score::default();
    for other in waits(&waiting, rules).into_iter().filter(|&t| t != win) {
        let mut completed = waiting.clone();
        let at = completed.closed.partition_point(|&t| t < other);
        completed.closed.insert(at, other);
        completed.win = Some(other);
        if let Err(e) = score_hand(&completed, sit, rules, &mut scratch) {
            if e.code == Code::NoYaku {
                return Err(ScoreError::new(
                    Code::Atozuke,
                    format!("under atozuke=off a hand may not win on a tile that alone gives it its yaku: waiting on {other} too, it would have no yaku"),
                ));
            }
        }
    }
    Ok(())
}

/// Scores the hand into `out` (untouched on an error).
fn score_hand(
    hand: &Hand,
    sit: &Situation,
    rules: &Rules,
    out: &mut Score,
) -> Result<(), ScoreError> {
    if sit.nagashi {
        return nagashi(hand, sit, rules, out);
    }
    let mut read = TilesRead::of_closed(hand);
    check_tiles(hand, &mut read)?;
    let masks = &read.closed;
    if rules.is_sanma() {
        check_three_player(hand)?;
    }
    let win = hand.win.ok_or_else(|| {
        ScoreError::new(
            Code::NotAWinningCount,
            "the hand has no winning tile: a winning hand has 14 tiles, plus one per kan",
        )
    })?;
    // Among the closed tiles: a bit of the kinds they hold, not a search.
    if masks.kinds() & (1u64 << win.index()) == 0 {
        return Err(ScoreError::new(
            Code::WinNotInHand,
            format!("the winning tile {win} is not among the closed tiles"),
        ));
    }
    let ctx = Ctx::new(hand, sit, rules, &read.held, read.melds);

    // Inline: a hand has a few readings (the most, a nine-gates shape, a
    // dozen or so), so the search allocates nothing.
    let mut readings: SmallVec<[Reading; 8]> = SmallVec::new();
    let mut push = |it: &Interpretation, fu_facts: Option<FuFacts>, mut eval: Eval| {
        let (mut han, mut limit, mut base) = ctx.price(&eval);
        let renhou_mangan = sit.renhou
            && !sit.tsumo
            && !sit.is_dealer()
            && rules.renhou == rules::RenhouRule::Mangan
            && eval.yakuman == 0
            && (eval.han == 0 || base < 2000);
        if renhou_mangan {
            let mut y = yaku::YakuSet::default();
            y.insert(Yaku::Renhou);
            eval = Eval {
                yaku: y,
                han: 5,
                yakuman: 0,
                fu: eval.fu,
                yakuman_as_han: yaku::YakuSet::default(),
            };
            (han, limit, base) = (5, Some(Limit::Mangan), 2000);
        }
        let points = (eval.han > 0).then(|| ctx.payments(base));
        readings.push(Reading {
            it: *it,
            fu_facts,
            eval,
            han,
            limit,
            points,
        });
    };
    {
        // Each reading priced from the facts of its splits, not its groups.
        table::standard(masks, &read.base, |shape, closed| {
            closed.win_groups(win, |group| {
                let it = shape.reading(Form::Standard, win, group.kind, group.tile, group.wait);
                let facts = FuFacts {
                    triplets: closed.triplets,
                    pair: closed.pair,
                    win: group,
                };
                push(&it, Some(facts), ctx.eval_standard(closed, group));
            })
        });
    }
    if hand.melds.is_empty() {
        if let Some(s) = shape::chiitoitsu_masked(masks) {
            if let Some(it) = shape::chiitoitsu_reading(&s, win) {
                push(&it, None, ctx.eval(&it));
            }
        }
        if let Some(s) = shape::kokushi_masked(masks) {
            if let Some(it) = shape::kokushi_reading(&s, win) {
                push(&it, None, ctx.eval(&it));
            }
        }
    }
    // Most hands read one way: nothing to compare.
    let best = if readings.len() == 1 {
        0
    } else {
        (0..readings.len())
            .max_by(|&a, &b| readings[a].key().cmp(&readings[b].key()).then(b.cmp(&a)))
            .unwrap_or(0)
    };
    let Some(chosen) = readings.get(best) else {
        return Err(ScoreError::new(
            Code::NotComplete,
            "these tiles do not form a winning hand (four sets and a pair, seven pairs, or thirteen orphans)",
        ));
    };
    let Some(points) = chosen.points else {
        let dora = ctx.dora_total();
        let extra = if dora > 0 {
            format!(" (dora alone is not a yaku: {dora} dora)")
        } else {
            String::new()
        };
        return Err(ScoreError::new(
            Code::NoYaku,
            format!("the hand is complete but has no yaku{extra}"),
        ));
    };
    // Written where the caller holds the result: its lists are the facts
    // they are produced from (a few words each), and its other readings'
    // list is reused.
    let sources = ListSources::of(&ctx);
    let scored = out;
    scored.han = chosen.han;
    scored.limit = chosen.limit;
    scored.points = points;
    scored.interpretation = chosen.it;
    scored.fu = details(
        &ctx,
        &sources,
        chosen,
        &mut scored.yaku,
        &mut scored.fu_details,
    );
    scored.others.clear();
    if readings.len() > 1 {
        // The others, best first; equal keys keep the order they were found
        // in (a stable sort of their indices).
        let mut rest: SmallVec<[usize; 8]> = (0..readings.len()).filter(|&i| i != best).collect();
        // One other (most hands that read two ways): nothing to sort.
        if rest.len() > 1 {
            rest.sort_by_key(|&i| std::cmp::Reverse(readings[i].key()));
        }
        scored.others.reserve_exact(rest.len());
        for i in rest {
            let r = &readings[i];
            let (mut yaku, mut fu_details) = (YakuList::new(), FuList::new());
            let fu = details(&ctx, &sources, r, &mut yaku, &mut fu_details);
            scored.others.push(Alternative {
                interpretation: r.it,
                han: if r.points.is_some() { r.han } else { 0 },
                fu,
                limit: r.points.and(r.limit),
                // A reading without yaku lists none (not even its dora).
                yaku: if r.points.is_some() {
                    yaku
                } else {
                    YakuList::new()
                },
                fu_details,
                points: r.points,
            });
        }
    }
    Ok(())
}

/// What every list of a hand's result is produced from besides the
/// reading's own facts: the same for all its readings.
struct ListSources {
    han: HanSource,
    fu: FuHand,
}

impl ListSources {
    #[inline(always)]
    fn of(ctx: &Ctx) -> ListSources {
        ListSources {
            han: HanSource {
                state: if ctx.menzen {
                    HandState::Closed
                } else {
                    HandState::Open
                },
                special: SpecialHan::default(),
                dora: [ctx.dora, ctx.aka, ctx.ura, ctx.nuki],
            },
            fu: ctx.fu_hand(),
        }
    }
}

/// What renhou, a double yakuman and paarenchan are worth in this hand.
fn special_han(ctx: &Ctx) -> SpecialHan {
    SpecialHan {
        renhou: match ctx.rules.renhou {
            rules::RenhouRule::Yakuman => 13 * ctx.yakuman_weight(Yaku::Renhou),
            rules::RenhouRule::Han(han) => u32::from(han),
            rules::RenhouRule::Mangan => 5,
            rules::RenhouRule::Off => 0,
        },
        double_yakuman: 13 * ctx.yakuman_weight(Yaku::Daisuushii),
        paarenchan: 13u32.saturating_mul(ctx.yakuman_weight(Yaku::Paarenchan)),
    }
}

/// Writes the yaku list and the fu list of a reading (the facts they are
/// produced from), and gives its fu.
#[inline(always)]
fn details(
    ctx: &Ctx,
    sources: &ListSources,
    r: &Reading,
    yaku: &mut YakuList,
    fu_details: &mut FuList,
) -> Option<u32> {
    let e = &r.eval;
    let mut han = sources.han;
    // Yakuman, renhou and the yaku whose han the rules set: one test on the
    // common path, the rest out of line.
    if e.yakuman > 0 || e.yaku.0 & lists::SPECIAL != 0 {
        if limit_details(ctx, sources, e, yaku, fu_details) {
            return None;
        }
        han.special = special_han(ctx);
    }
    *yaku = YakuList::of(e.yaku, han);
    let pinfu = e.yaku.contains(Yaku::Pinfu);
    *fu_details = match (r.it.form, &r.fu_facts) {
        (Form::Chiitoitsu, _) => FuList::seven_pairs(),
        (_, Some(facts)) => ctx.fu_list(&sources.fu, facts, pinfu),
        (_, None) => ctx.fu_list_of_groups(&sources.fu, &r.it, pinfu),
    };
    Some(e.fu)
}

/// The lists of a limit hand without fu: its yakuman (only the biggest
/// unless they stack), or renhou as a mangan; no dora, no fu. `false` when
/// the reading is not one.
#[cold]
fn limit_details(
    ctx: &Ctx,
    sources: &ListSources,
    e: &Eval,
    yaku: &mut YakuList,
    fu_details: &mut FuList,
) -> bool {
    let limit_only = |listed: yaku::YakuSet| {
        let han = HanSource {
            special: special_han(ctx),
            dora: [0; 4],
            ..sources.han
        };
        YakuList::of(listed, han)
    };
    if e.yakuman > 0 {
        let mut listed = e.yaku;
        if !ctx.rules.yakuman_stacking {
            // Only the biggest yakuman counts (the first declared of equals).
            let top = e
                .yaku
                .iter()
                .max_by_key(|&y| (ctx.yakuman_weight(y), std::cmp::Reverse(y)));
            listed = yaku::YakuSet(top.map_or(0, Yaku::bit));
        }
        *yaku = limit_only(listed);
        *fu_details = FuList::new();
        return true;
    }
    if ctx.rules.renhou == rules::RenhouRule::Mangan && e.yaku.contains(Yaku::Renhou) {
        *yaku = limit_only(yaku::YakuSet(Yaku::Renhou.bit()));
        *fu_details = FuList::new();
        return true;
    }
    false
}

fn nagashi(hand: &Hand, sit: &Situation, rules: &Rules, out: &mut Score) -> Result<(), ScoreError> {
    if !rules.nagashi {
        return Err(ScoreError::new(
            Code::RuleOff,
            "nagashi mangan is not scored under these rules (nagashi=off)",
        ));
    }
    // Paid like a tsumo mangan; honba and riichi sticks stay on the table
    // (it is an exhaustive draw).
    let points = points::pay(2000, sit.is_dealer(), true, 0, 0, rules);
    *out = Score {
        han: 5,
        fu: None,
        limit: Some(Limit::Mangan),
        // Nagashi's 5 han are its table's.
        yaku: YakuList::of(
            yaku::YakuSet(Yaku::NagashiMangan.bit()),
            HanSource::default(),
        ),
        fu_details: FuList::new(),
        points,
        interpretation: Interpretation::nagashi(hand.win.unwrap_or(Tile::EAST)),
        others: Vec::new(),
    };
    Ok(())
}

/// A hand's tiles read once: the counts of the closed tiles and of every
/// tile held, and the called melds as every reading has them.
struct TilesRead {
    /// The closed tiles' counts.
    closed: CountMasks,
    /// Every tile's, melds included.
    held: CountMasks,
    /// What the melds give every standard reading's yaku and fu.
    melds: MeldFacts,
    /// The melds as the first groups of every standard reading.
    base: Shape,
}

impl TilesRead {
    /// The closed tiles read, no meld yet: built where it is kept, so that
    /// nothing is written twice (zeroed first) or moved.
    #[inline]
    fn of_closed(hand: &Hand) -> TilesRead {
        let closed = CountMasks::of_tiles(&hand.closed);
        TilesRead {
            closed,
            held: closed,
            melds: MeldFacts::default(),
            base: Shape::new(),
        }
    }
}

/// Tile counts and melds that cannot be: caught by the notation layer too,
/// but the engine never trusts its input. `read` holds the closed tiles
/// read ([`TilesRead::of_closed`]); the melds are read into it in one pass
/// (a hand without melds skips it), in place rather than moved out.
#[inline]
fn check_tiles(hand: &Hand, read: &mut TilesRead) -> Result<(), ScoreError> {
    if !hand.melds.is_empty() {
        read_melds(&hand.melds, read)?;
    }
    if let Some(i) = read.held.fifth() {
        let t = Tile::from_index(i)
            .map(|t| t.to_string())
            .unwrap_or_default();
        return Err(ScoreError::new(
            Code::FifthTile,
            format!("there are only four copies of {t}"),
        ));
    }
    if hand.size() != 14 {
        let tiles = hand.closed.len() + hand.melds.iter().map(|m| m.tiles.len()).sum::<usize>();
        return Err(ScoreError::new(
            Code::NotAWinningCount,
            format!(
                "{tiles} tiles: a winning hand has 14 tiles, plus one per kan ({} here)",
                14 + hand.kans()
            ),
        ));
    }
    Ok(())
}

/// Checks the melds, in the hand's order, and adds each to `read`: its
/// tiles to the held counts, its facts, its group.
fn read_melds(melds: &[Meld], read: &mut TilesRead) -> Result<(), ScoreError> {
    if melds.len() > 4 {
        return Err(ScoreError::new(
            Code::TooManyMelds,
            "a hand has at most four melds",
        ));
    }
    for m in melds {
        let first = match m.tiles.first() {
            Some(&first) if meld_is_legal(m.kind, &m.tiles) => first,
            _ => {
                return Err(ScoreError::new(
                    Code::InvalidMeld,
                    "a meld must be a sequence, a triplet or a kan",
                ));
            }
        };
        if m.kind == MeldKind::Chi {
            for t in &m.tiles {
                read.held.add(t.index());
            }
        } else {
            // A pon's or kan's copies at once.
            read.held.add_many(first.index(), m.tiles.len() as u8);
        }
        read.melds.add(m.kind, first);
        read.base.push(Group::meld(m.kind, first));
    }
    Ok(())
}

/// What three-player mahjong does not have (caught by the notation layer
/// too): 2m-8m, and chi.
fn check_three_player(hand: &Hand) -> Result<(), ScoreError> {
    let tiles = hand
        .closed
        .iter()
        .chain(hand.melds.iter().flat_map(|m| m.tiles.iter()));
    if let Some(t) = tiles.clone().find(|t| !t.in_three_player()) {
        return Err(ScoreError::new(
            Code::NotInSanma,
            format!("{t} is not played in three-player mahjong: its man suit has only 1m and 9m"),
        ));
    }
    if hand.melds.iter().any(|m| m.kind == MeldKind::Chi) {
        return Err(ScoreError::new(
            Code::NotInSanma,
            "there is no chi in three-player mahjong",
        ));
    }
    Ok(())
}

fn meld_is_legal(kind: MeldKind, tiles: &[Tile]) -> bool {
    let same = |n: usize| tiles.len() == n && tiles.iter().all(|t| *t == tiles[0]);
    match kind {
        MeldKind::Chi => {
            tiles.len() == 3
                && !tiles[0].is_honor()
                && tiles[1].index() == tiles[0].index() + 1
                && tiles[2].index() == tiles[0].index() + 2
                && tiles[2].suit() == tiles[0].suit()
        }
        MeldKind::Pon => same(3),
        MeldKind::OpenKan | MeldKind::ClosedKan => same(4),
    }
}

/// Whether the tiles form a winning shape (four sets and a pair with the
/// melds, seven pairs, thirteen orphans). Cheap: no yaku, no allocation.
pub fn is_complete(hand: &Hand) -> bool {
    if hand.melds.len() > 4 || hand.size() != 14 {
        return false;
    }
    let c = closed_counts(hand);
    if hand.melds.is_empty() && (shape::chiitoitsu(&c).is_some() || shape::kokushi(&c).is_some()) {
        return true;
    }
    let Some(base) = shape::meld_shape(&hand.melds) else {
        return false;
    };
    let mut found = false;
    table::standard(&shape::CountMasks::of(&c), &base, |_, _| found = true);
    found
}

#[cfg(test)]
mod tests {
    //! The standard readings priced from the table's facts against the
    //! reference: the same hands read by their groups (`Shape::readings`)
    //! and evaluated, their fu reasons written, by walking them
    //! (`Ctx::eval`, `Ctx::fu_with_reasons`).

    use super::*;
    use crate::hand::{Meld, Riichi};
    use crate::tile::Wind;

    /// A reading, its value and its fu reasons.
    type Priced = (Interpretation, Eval, Vec<FuItem>);

    /// The readings as the engine makes them: the win groups from the
    /// closed facts, each priced by `eval_standard`, the fu reasons written
    /// from the same facts.
    fn by_facts(hand: &Hand, ctx: &Ctx, masks: &CountMasks) -> Vec<Priced> {
        let mut out = Vec::new();
        let (Some(base), Some(win)) = (shape::meld_shape(&hand.melds), hand.win) else {
            return out;
        };
        table::standard(masks, &base, |shape, closed| {
            closed.win_groups(win, |group| {
                let it = shape.reading(Form::Standard, win, group.kind, group.tile, group.wait);
                let eval = ctx.eval_standard(closed, group);
                let facts = FuFacts {
                    triplets: closed.triplets,
                    pair: closed.pair,
                    win: group,
                };
                let pinfu = eval.yaku.contains(Yaku::Pinfu);
                let from_facts = ctx.fu_list(&ctx.fu_hand(), &facts, pinfu);
                let from_groups = ctx.fu_list_of_groups(&ctx.fu_hand(), &it, pinfu);
                assert_eq!(from_facts, from_groups, "{it:?}");
                out.push((it, eval, from_facts.iter().collect()));
            })
        });
        out
    }

    /// The reference: every group holding the win, found by walking the
    /// groups, each reading evaluated, and its fu reasons written, by
    /// walking them again.
    fn by_groups(hand: &Hand, ctx: &Ctx, masks: &CountMasks) -> Vec<Priced> {
        let mut out = Vec::new();
        let (Some(base), Some(win)) = (shape::meld_shape(&hand.melds), hand.win) else {
            return out;
        };
        table::standard(masks, &base, |shape, _| {
            shape.readings(Form::Standard, win, |it| {
                let eval = ctx.eval(it);
                let mut reasons = Vec::new();
                ctx.fu_with_reasons(it, eval.yaku.contains(Yaku::Pinfu), &mut reasons);
                out.push((*it, eval, reasons));
            })
        });
        out
    }

    /// A small deterministic generator (xorshift).
    struct Draws(u64);

    impl Draws {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }

        fn coin(&mut self) -> bool {
            self.below(2) == 0
        }
    }

    fn tile(index: usize) -> Tile {
        Tile::from_index(index).expect("a kind")
    }

    /// A complete hand drawn from sets and a pair: some sets called (chi,
    /// pon, open or closed kan), the rest closed, biased toward few kinds
    /// so that hands read several ways and make the rarer yaku.
    fn complete_hand(draws: &mut Draws) -> Hand {
        let mut held = [0u8; 34];
        // Draw from a few kinds only, half the time.
        let narrow = draws.coin();
        let pool_start = 9 * draws.below(3);
        let kind = |draws: &mut Draws| {
            if narrow && draws.below(4) != 0 {
                pool_start + draws.below(9)
            } else {
                draws.below(34)
            }
        };
        let mut closed = Vec::new();
        let mut melds: SmallVec<[Meld; 4]> = SmallVec::new();
        let called = if draws.coin() { 0 } else { draws.below(5) };
        let mut sets = 0;
        while sets < 4 {
            let first = kind(draws);
            let sequence = first < 27 && first % 9 <= 6 && draws.below(3) != 0;
            let meld = sets < called;
            let kan = meld && !sequence && draws.below(3) == 0;
            let tiles: Vec<usize> = if sequence {
                vec![first, first + 1, first + 2]
            } else if kan {
                vec![first; 4]
            } else {
                vec![first; 3]
            };
            let fits = tiles
                .iter()
                .all(|&t| held[t] + tiles.iter().filter(|&&u| u == t).count() as u8 <= 4);
            if !fits {
                continue;
            }
            for &t in &tiles {
                held[t] += 1;
            }
            if meld {
                let kind = match (sequence, kan) {
                    (true, _) => MeldKind::Chi,
                    (false, true) if draws.coin() => MeldKind::ClosedKan,
                    (false, true) => MeldKind::OpenKan,
                    (false, false) => MeldKind::Pon,
                };
                melds.push(Meld {
                    kind,
                    tiles: tiles.iter().map(|&t| tile(t)).collect(),
                });
            } else {
                closed.extend(tiles.iter().map(|&t| tile(t)));
            }
            sets += 1;
        }
        loop {
            let pair = kind(draws);
            if held[pair] <= 2 {
                closed.extend([tile(pair), tile(pair)]);
                break;
            }
        }
        closed.sort();
        let win = closed[draws.below(closed.len())];
        Hand {
            closed: closed.into_iter().collect(),
            melds,
            win: Some(win),
            red_fives: 0,
            red_suits: 0,
            red_melded: 0,
        }
    }

    fn situation(draws: &mut Draws) -> Situation {
        let winds = [Wind::East, Wind::South, Wind::West, Wind::North];
        Situation {
            tsumo: draws.coin(),
            riichi: [Riichi::None, Riichi::Riichi, Riichi::Double][draws.below(3)],
            seat: winds[draws.below(4)],
            round: winds[draws.below(2)],
            dora: [tile(draws.below(34))].into_iter().collect(),
            paarenchan: u32::from(draws.below(8) == 0),
            ..Situation::default()
        }
    }

    /// The rule sets whose switches change how a standard reading is
    /// valued.
    fn rule_sets() -> Vec<Rules> {
        let tenhou = Rules::tenhou();
        let mut sets = vec![tenhou.clone()];
        let mut other = tenhou.clone();
        other.open_tanyao = false;
        other.double_wind_fu = 2;
        other.open_pinfu_fu = false;
        other.pinfu_tsumo_fu = true;
        other.double_yakuman = true;
        other.paarenchan = true;
        sets.push(other);
        let mut no_limits = tenhou.clone();
        no_limits.limits = false;
        no_limits.yakuman_stacking = false;
        no_limits.paarenchan = true;
        no_limits.paarenchan_needs_yaku = false;
        sets.push(no_limits);
        let mut sanma = tenhou;
        sanma.players = rules::Players::Three;
        sets.push(sanma);
        sets
    }

    #[test]
    fn readings_priced_from_facts_are_the_readings_priced_from_groups() {
        let mut draws = Draws(0x2545_F491_4F6C_DD1D);
        let rule_sets = rule_sets();
        let (mut hands, mut readings, mut several) = (0, 0, 0);
        for _ in 0..60_000 {
            let hand = complete_hand(&mut draws);
            let sit = situation(&mut draws);
            let rules = &rule_sets[draws.below(rule_sets.len())];
            let mut read = TilesRead::of_closed(&hand);
            if check_tiles(&hand, &mut read).is_err() {
                continue;
            }
            assert_eq!(
                Some(read.base.groups()),
                shape::meld_shape(&hand.melds).as_ref().map(Shape::groups),
                "{hand:?}"
            );
            let ctx = Ctx::new(&hand, &sit, rules, &read.held, read.melds);
            let expected = by_groups(&hand, &ctx, &read.closed);
            assert_eq!(
                by_facts(&hand, &ctx, &read.closed),
                expected,
                "{hand:?} {sit:?}"
            );
            hands += 1;
            readings += expected.len();
            several += usize::from(expected.len() > 1);
        }
        assert!(
            hands > 50_000 && readings > hands && several > 5_000,
            "{hands} hands, {readings} readings, {several} with several"
        );
    }

    /// Tiles and melds that cannot be are refused with their own error, in
    /// the order the hand is read: too many melds, a meld that is no set
    /// (before the copies it adds are counted), a fifth copy (melds
    /// included), the tile count.
    #[test]
    fn impossible_tiles_and_melds_are_refused_in_order() {
        let rules = Rules::tenhou();
        let sit = Situation::default();
        let meld = |kind: MeldKind, tiles: &[usize]| Meld {
            kind,
            tiles: tiles.iter().map(|&t| tile(t)).collect(),
        };
        let pon = |t: usize| meld(MeldKind::Pon, &[t; 3]);
        let refused = |closed: &[usize], melds: Vec<Meld>| {
            let hand = Hand {
                closed: closed.iter().map(|&t| tile(t)).collect(),
                melds: melds.into_iter().collect(),
                win: closed.first().map(|&t| tile(t)),
                red_fives: 0,
                red_suits: 0,
                red_melded: 0,
            };
            score(&hand, &sit, &rules).err().map(|error| error.code)
        };
        let east_pairs = [27, 27, 0, 0];
        assert_eq!(
            refused(&east_pairs, (1..6).map(pon).collect()),
            Some(Code::TooManyMelds)
        );
        let honor_chi = meld(MeldKind::Chi, &[27, 28, 29]);
        assert_eq!(
            refused(&east_pairs, vec![pon(1), honor_chi, pon(27)]),
            Some(Code::InvalidMeld)
        );
        let mixed_pon = meld(MeldKind::Pon, &[1, 1, 2]);
        assert_eq!(
            refused(&east_pairs, vec![mixed_pon]),
            Some(Code::InvalidMeld)
        );
        let short_kan = meld(MeldKind::ClosedKan, &[5, 5, 5]);
        assert_eq!(
            refused(&east_pairs, vec![short_kan]),
            Some(Code::InvalidMeld)
        );
        let five_east = [27, 27, 0, 0, 1, 2, 3, 4, 5, 6, 7];
        assert_eq!(refused(&five_east, vec![pon(27)]), Some(Code::FifthTile));
        let kan = meld(MeldKind::OpenKan, &[9; 4]);
        assert_eq!(
            refused(&[9, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8], vec![kan]),
            Some(Code::FifthTile)
        );
        assert_eq!(
            refused(&east_pairs, vec![pon(1), pon(2)]),
            Some(Code::NotAWinningCount)
        );
        assert_eq!(
            refused(&[0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4], Vec::new()),
            Some(Code::NotAWinningCount)
        );
        // The same hand complete, with its melds, scores.
        let complete = [0, 1, 2, 27, 27];
        assert_eq!(
            refused(
                &complete,
                vec![pon(9), pon(18), meld(MeldKind::Chi, &[3, 4, 5])]
            ),
            Some(Code::NoYaku)
        );
        assert_eq!(
            refused(
                &complete,
                vec![pon(31), pon(18), meld(MeldKind::Chi, &[3, 4, 5])]
            ),
            None
        );
    }

    /// A result scored into again and again (`score_into`, its lists
    /// reused) is the result scored afresh, hand after hand, under every
    /// rule set (`atozuke=off` too).
    #[test]
    fn scoring_into_a_reused_result_is_scoring_afresh() {
        let mut draws = Draws(0x9E37_79B9_7F4A_7C15);
        let mut rule_sets = rule_sets();
        let mut no_atozuke = Rules::tenhou();
        no_atozuke.atozuke = false;
        rule_sets.push(no_atozuke);
        let mut reused = Score::default();
        let (mut scored, mut with_others) = (0, 0);
        for _ in 0..20_000 {
            let hand = complete_hand(&mut draws);
            let sit = situation(&mut draws);
            let rules = &rule_sets[draws.below(rule_sets.len())];
            let into = score_into(&hand, &sit, rules, &mut reused);
            match score(&hand, &sit, rules) {
                Ok(fresh) => {
                    assert_eq!(into, Ok(()), "{hand:?} {sit:?}");
                    assert_eq!(reused, fresh, "{hand:?} {sit:?}");
                    // The lists produced on read add up to the values
                    // written when scoring.
                    assert_eq!(fresh.yaku.total_han(), fresh.han, "{fresh:?}");
                    assert_eq!(fresh.fu_details.total(), fresh.fu.unwrap_or(0), "{fresh:?}");
                    for other in &fresh.others {
                        assert_eq!(other.yaku.total_han(), other.han, "{other:?}");
                        assert_eq!(other.fu_details.total(), other.fu.unwrap_or(0), "{other:?}");
                    }
                    scored += 1;
                    with_others += usize::from(!fresh.others.is_empty());
                }
                Err(error) => assert_eq!(into, Err(error), "{hand:?} {sit:?}"),
            }
        }
        assert!(
            scored > 10_000 && with_others > 1_000,
            "{scored} scored, {with_others} with other readings"
        );
    }
}
