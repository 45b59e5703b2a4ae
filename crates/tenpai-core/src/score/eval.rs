//! Yaku and fu of one reading. The facts that do not depend on the reading
//! (tile colours, honors, dora, the situation) are worked out once per hand
//! in [`Ctx`]; each reading then only looks at its groups.

use crate::hand::{Hand, Meld, MeldKind, Riichi, Situation};
use crate::tile::{Counts, Tile, KINDS};

use super::lists::{
    meld_entry, pair_fu, reasons, FuHand, FuList, FuReading, FuWin, MeldState, PairWhy,
};
use super::points::{limit_and_base, pay, Limit, Points};
use super::shape::{
    gather_seven, CountMasks, Form, GroupKind, Interpretation, Wait, COUNT_LOW_BITS,
};
use super::table::{ClosedFacts, WinGroup, BITS_OF_SEVEN};
use super::yaku::{HanTable, Yaku, YakuSet, HAN_CLOSED, HAN_OPEN};
use super::FuItem;
use crate::rules::{Daisharin, RenhouRule, Rules};

/// Per-hand facts, computed once.
pub(crate) struct Ctx<'a> {
    pub rules: &'a Rules,
    pub sit: &'a Situation,
    /// No called melds (closed kans allowed).
    pub menzen: bool,
    pub tsumo: bool,
    pub dealer: bool,
    pub seat: Tile,
    pub round: Tile,
    /// Yaku that hold for every reading (situation, colours, honors).
    pub fixed: YakuSet,
    /// Yakuman that hold for every reading.
    pub fixed_yakuman: YakuSet,
    pub dora: u32,
    pub aka: u32,
    pub ura: u32,
    /// North tiles set aside (three-player): one han each, as `nuki_dora`.
    pub nuki: u32,
    /// How many yakuman a paarenchan is worth here (0: none).
    pub paarenchan: u32,
    /// The called melds' part of every standard reading.
    melds: MeldFacts,
    /// The called melds themselves, for the fu reasons.
    called: &'a [Meld],
    /// The yaku's han in this hand (closed or open).
    han: &'static HanTable,
}

/// What the called melds (closed kans included) add to a standard
/// reading's yaku and fu: the same for every reading of the hand, gathered
/// in the one pass over the melds that also checks them (`check_tiles`).
#[derive(Clone, Copy, Default)]
pub(crate) struct MeldFacts {
    seq_starts: u64,
    /// Pons and kans.
    pon_kinds: u64,
    sequences: u32,
    /// Closed kans.
    concealed: u32,
    kans: u32,
    /// Melds called from another player (closed kans are not).
    called: u32,
    fu: u32,
}

impl MeldFacts {
    /// Adds one meld (a legal one: its first tile is its sequence's start
    /// or its triplet's kind).
    #[inline]
    pub(crate) fn add(&mut self, kind: MeldKind, first: Tile) {
        self.called += u32::from(kind != MeldKind::ClosedKan);
        let bit = 1u64 << first.index();
        // Fu as `fu_counted` gives them: 2 a triplet, 8 a kan, twice for a
        // terminal or honor, twice again when closed.
        let Some((fu, _)) = meld_fu(kind, first) else {
            self.seq_starts |= bit;
            self.sequences += 1;
            return;
        };
        self.kans += u32::from(kind != MeldKind::Pon);
        self.pon_kinds |= bit;
        self.concealed += u32::from(kind == MeldKind::ClosedKan);
        self.fu += fu;
    }
}

/// A called pon's or kan's fu, as `fu_counted` gives them (2 a triplet, 8
/// a kan, twice for a terminal or honor, twice again when closed), and how
/// it stands; `None` for a chi.
fn meld_fu(kind: MeldKind, tile: Tile) -> Option<(u32, MeldState)> {
    let (base, closed, state) = match kind {
        MeldKind::Chi => return None,
        MeldKind::Pon => (2, false, MeldState::OpenTriplet),
        MeldKind::OpenKan => (8, false, MeldState::OpenKan),
        MeldKind::ClosedKan => (8, true, MeldState::ClosedKan),
    };
    Some((
        base << (u32::from(tile.is_yaochu()) + u32::from(closed)),
        state,
    ))
}

/// The value of one reading, before it is priced.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Eval {
    pub yaku: YakuSet,
    /// Han of the yaku (dora excluded).
    pub han: u32,
    /// Number of yakuman (doubles counted twice when the rules say so).
    pub yakuman: u32,
    pub fu: u32,
    /// Without limits (aotenjou): the yakuman among `yaku`, counted as 13
    /// han a time (`yakuman` is then 0 and the hand is priced by the
    /// formula).
    pub yakuman_as_han: YakuSet,
}

/// What a standard reading's fu reasons need beyond the hand's melds: the
/// kinds of its closed triplets, its pair and the group the winning tile
/// completed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct FuFacts {
    pub triplets: u64,
    pub pair: Tile,
    pub win: WinGroup,
}

/// The ordinary yaku that one reading cannot have together: the larger
/// stays.
fn exclusive(mut yaku: YakuSet) -> YakuSet {
    const LARGER: u64 = Yaku::Ryanpeikou.bit() | Yaku::Chinitsu.bit() | Yaku::Honroutou.bit();
    // Most sets hold none of the larger ones: one test for the three.
    if yaku.0 & LARGER == 0 {
        return yaku;
    }
    if yaku.contains(Yaku::Ryanpeikou) {
        yaku.remove(Yaku::Iipeikou);
        yaku.remove(Yaku::Chiitoitsu);
    }
    if yaku.contains(Yaku::Chinitsu) {
        yaku.remove(Yaku::Honitsu);
    }
    if yaku.contains(Yaku::Honroutou) {
        yaku.remove(Yaku::Chanta);
    }
    yaku
}

/// Situation yaku: what a thirteen-orphans hand adds to its yakuman
/// without limits (its shape makes no ordinary yaku).
const SITUATION: u64 = Yaku::Riichi.bit()
    | Yaku::DoubleRiichi.bit()
    | Yaku::OpenRiichi.bit()
    | Yaku::DoubleOpenRiichi.bit()
    | Yaku::Ippatsu.bit()
    | Yaku::MenzenTsumo.bit()
    | Yaku::Haitei.bit()
    | Yaku::Houtei.bit()
    | Yaku::Chankan.bit()
    | Yaku::Renhou.bit();

/// Without limits, the ordinary yaku a yakuman is made of, which it
/// replaces rather than adds to (as the reference library counts
/// aotenjou): three dragon triplets are daisangen, not also three yakuhai.
const PRECURSORS: &[(Yaku, &[Yaku])] = {
    use Yaku::*;
    &[
        (
            Daisangen,
            &[YakuhaiHaku, YakuhaiHatsu, YakuhaiChun, Shousangen],
        ),
        (Tsuuiisou, &[Toitoi, Honroutou]),
        (Daisuushii, &[Toitoi]),
        (Suuankou, &[Toitoi]),
        (SuuankouTanki, &[Toitoi]),
        (Chinroutou, &[Toitoi, Honroutou]),
        (Suukantsu, &[Toitoi]),
        (Chuuren, &[Chinitsu]),
        (JunseiChuuren, &[Chinitsu]),
        (
            Daisharin,
            &[Chinitsu, Pinfu, Tanyao, Ryanpeikou, Chiitoitsu],
        ),
        (
            Daisuurin,
            &[Chinitsu, Pinfu, Tanyao, Ryanpeikou, Chiitoitsu],
        ),
        (
            Daichikurin,
            &[Chinitsu, Pinfu, Tanyao, Ryanpeikou, Chiitoitsu],
        ),
        (Ryuuiisou, &[Honitsu]),
    ]
};

const fn bits(idx: &[usize]) -> u64 {
    let mut m = 0u64;
    let mut k = 0;
    while k < idx.len() {
        m |= 1 << idx[k];
        k += 1;
    }
    m
}

const SUIT: u64 = 0x1FF;
const HONORS: u64 = 0x7F << 27;
const TERMINALS: u64 = bits(&[0, 8, 9, 17, 18, 26]);
const YAOCHU: u64 = TERMINALS | HONORS;
const GREEN: u64 = bits(&[19, 20, 21, 23, 25, 32]);
/// The sequences that hold a terminal: 123 and 789 of each suit, by their
/// first tile.
const SEQ_WITH_TERMINAL: u64 = bits(&[0, 6, 9, 15, 18, 24]);

/// The dora each indicator names (by index), four players and three
/// (where 1m indicates 9m): `Tile::dora_after` and
/// `Tile::dora_after_three_player` tabled. Rows of 256, so that a tile's
/// byte indexes them with no bounds check (the tail is never read).
static DORA_AFTER: [[u8; 256]; 2] = {
    let mut table = [[0u8; 256]; 2];
    let mut i = 0;
    while i < KINDS {
        let after = match i {
            0..=26 if i % 9 == 8 => i - 8,
            30 => 27,
            33 => 31,
            _ => i + 1,
        };
        table[0][i] = after as u8;
        table[1][i] = if i == 0 { 8 } else { after as u8 };
        i += 1;
    }
    table
};

impl<'a> Ctx<'a> {
    /// `held` is every tile, closed and melded, as masks (and suit keys);
    /// `melds` what the called melds give every reading.
    #[inline]
    pub fn new(
        hand: &'a Hand,
        sit: &'a Situation,
        rules: &'a Rules,
        held: &CountMasks,
        melds: MeldFacts,
    ) -> Ctx<'a> {
        let kans = melds.kans;
        // Which kinds the hand holds, as a 34-bit set: the colour yaku are
        // then a few mask tests.
        let present = held.kinds();
        let menzen = melds.called == 0;
        let tsumo = sit.tsumo;
        let dealer = sit.is_dealer();
        let seat = sit.seat.tile();
        let round = sit.round.tile();

        let mut fixed = YakuSet::default();
        let mut ym = YakuSet::default();

        // Situation.
        let riichi = menzen && sit.riichi != Riichi::None;
        let open_riichi = riichi && sit.open_riichi && rules.open_riichi;
        if menzen {
            match (sit.riichi, open_riichi) {
                (Riichi::Riichi, false) => fixed.insert(Yaku::Riichi),
                (Riichi::Double, false) => fixed.insert(Yaku::DoubleRiichi),
                (Riichi::Riichi, true) => fixed.insert(Yaku::OpenRiichi),
                (Riichi::Double, true) => fixed.insert(Yaku::DoubleOpenRiichi),
                (Riichi::None, _) => {}
            }
            if riichi && sit.ippatsu {
                fixed.insert(Yaku::Ippatsu);
            }
            if tsumo {
                fixed.insert(Yaku::MenzenTsumo);
            }
        }
        if sit.last_tile {
            fixed.insert(if tsumo { Yaku::Haitei } else { Yaku::Houtei });
        }
        if sit.rinshan && tsumo {
            fixed.insert(Yaku::Rinshan);
        }
        if sit.chankan && !tsumo {
            fixed.insert(Yaku::Chankan);
        }
        if tsumo && sit.tenhou && dealer {
            ym.insert(Yaku::Tenhou);
        }
        if tsumo && sit.chiihou && !dealer {
            ym.insert(Yaku::Chiihou);
        }
        if sit.renhou && !tsumo && !dealer {
            match rules.renhou {
                RenhouRule::Yakuman => ym.insert(Yaku::Renhou),
                RenhouRule::Han(_) => fixed.insert(Yaku::Renhou),
                RenhouRule::Off | RenhouRule::Mangan => {}
            }
        }
        // Dealing into an open riichi: a yakuman for the winner.
        if open_riichi && rules.sashikomi && !tsumo {
            ym.insert(Yaku::Sashikomi);
        }
        let paarenchan = if rules.paarenchan && dealer {
            sit.paarenchan
        } else {
            0
        };

        // Colours and honors.
        let nsuits = (0..3).filter(|s| present & (SUIT << (9 * s)) != 0).count();
        let honors = present & HONORS != 0;
        let simple = present & YAOCHU == 0;
        let yaochu = present & !YAOCHU == 0;
        let terminal = present & !TERMINALS == 0;
        let green = present & !GREEN == 0;
        if simple && (menzen || rules.open_tanyao) {
            fixed.insert(Yaku::Tanyao);
        }
        if nsuits == 1 && honors {
            fixed.insert(Yaku::Honitsu);
        }
        if nsuits == 1 && !honors {
            fixed.insert(Yaku::Chinitsu);
        }
        if yaochu && !terminal && nsuits > 0 {
            fixed.insert(Yaku::Honroutou);
        }
        if nsuits == 0 {
            ym.insert(Yaku::Tsuuiisou);
        }
        if terminal {
            ym.insert(Yaku::Chinroutou);
        }
        if green {
            ym.insert(Yaku::Ryuuiisou);
        }
        // Triplets and pairs matter for the honors alone (yakuhai, the
        // dragons and winds): their sets from the honors' counts (four bits
        // each, at most four here), read only when the hand has an honor
        // triplet. Honors are always whole triplets (or kans) and pairs.
        let honor_counts = held.honor_counts();
        let (twos, fours) = (honor_counts >> 1, honor_counts >> 2);
        let honor_triplets = gather_seven((fours | (honor_counts & twos)) & COUNT_LOW_BITS);
        if honor_triplets != 0 {
            let triplets = u64::from(honor_triplets) << 27;
            let exact_pairs =
                u64::from(gather_seven(twos & !honor_counts & !fours & COUNT_LOW_BITS)) << 27;
            let trip = |i: usize| triplets & (1u64 << i) != 0;
            if trip(31) {
                fixed.insert(Yaku::YakuhaiHaku);
            }
            if trip(32) {
                fixed.insert(Yaku::YakuhaiHatsu);
            }
            if trip(33) {
                fixed.insert(Yaku::YakuhaiChun);
            }
            if trip(seat.index()) {
                fixed.insert(Yaku::SeatWind);
            }
            if trip(round.index()) {
                fixed.insert(Yaku::RoundWind);
            }
            const DRAGONS: u64 = 0b111 << 31;
            const WINDS: u64 = 0b1111 << 27;
            // Counted by table (no `popcnt` on the x86-64 baseline).
            let honor_triplets = usize::from(honor_triplets);
            let dragons = BITS_OF_SEVEN[honor_triplets >> 4];
            let dragon_pair = exact_pairs & DRAGONS != 0;
            if dragons == 3 {
                ym.insert(Yaku::Daisangen);
            } else if dragons == 2 && dragon_pair {
                fixed.insert(Yaku::Shousangen);
            }
            let winds = BITS_OF_SEVEN[honor_triplets & 0xF];
            let wind_pair = exact_pairs & WINDS != 0;
            if winds == 4 {
                ym.insert(Yaku::Daisuushii);
            } else if winds == 3 && wind_pair {
                ym.insert(Yaku::Shousuushii);
            }
        }
        if kans == 4 {
            ym.insert(Yaku::Suukantsu);
        } else if kans == 3 {
            fixed.insert(Yaku::Sankantsu);
        }
        // The one suit's counts (number n at 3 * (n - 1)) of a hand of one
        // suit, closed: chuuren and the daisharin family read them.
        let one_suit = (hand.melds.is_empty() && nsuits == 1 && !honors).then(|| {
            let suit = (present.trailing_zeros() / 9) as usize;
            let key = held.key(suit);
            let counts: [u8; 9] = std::array::from_fn(|n| ((key >> (4 * n)) & 15) as u8);
            (suit * 9, counts)
        });
        if let Some((s, c)) = one_suit {
            const PATTERN: [u8; 9] = [3, 1, 1, 1, 1, 1, 1, 1, 3];
            if c.iter().zip(PATTERN).all(|(&n, p)| n >= p) {
                let junsei = hand.win.is_some_and(|w| {
                    let wi = w.index();
                    wi >= s && wi < s + 9 && c[wi - s] == PATTERN[wi - s] + 1
                });
                ym.insert(if junsei {
                    Yaku::JunseiChuuren
                } else {
                    Yaku::Chuuren
                });
            }
        }

        // Seven consecutive pairs 2-8 of one suit (closed): the daisharin
        // family, in the suits the rules score it in.
        if let (Some((start, c)), true) = (one_suit, rules.daisharin != Daisharin::Off) {
            let wheels = (0..9).all(|k| c[k] == if (1..8).contains(&k) { 2 } else { 0 });
            if wheels {
                let yakuman = match (start / 9, rules.daisharin) {
                    (1, _) => Some(Yaku::Daisharin),
                    (0, Daisharin::AllSuits) => Some(Yaku::Daisuurin),
                    (2, Daisharin::AllSuits) => Some(Yaku::Daichikurin),
                    _ => None,
                };
                if let Some(y) = yakuman {
                    ym.insert(y);
                }
            }
        }

        // Dora: indicators point at the next tile; kan tiles count four.
        // North set aside (nukidora) counts for every indicator of North.
        let sanma = rules.is_sanma();
        let nuki = if sanma { sit.nuki } else { 0 };
        let next = &DORA_AFTER[usize::from(sanma)];
        let count = |inds: &[Tile]| -> u32 {
            inds.iter()
                .map(|&d| {
                    let dora = usize::from(next[d.index()]);
                    let set_aside = if dora == Tile::NORTH.index() { nuki } else { 0 };
                    held.count(dora) + set_aside
                })
                .sum()
        };
        let dora = count(&sit.dora);
        let ura = if riichi { count(&sit.ura) } else { 0 };
        let aka = if rules.red_fives {
            hand.red_fives as u32
        } else {
            0
        };

        Ctx {
            melds,
            called: &hand.melds,
            han: if menzen { &HAN_CLOSED } else { &HAN_OPEN },
            rules,
            sit,
            menzen,
            tsumo,
            dealer,
            seat,
            round,
            fixed,
            fixed_yakuman: ym,
            dora,
            aka,
            ura,
            nuki,
            paarenchan,
        }
    }

    pub fn dora_total(&self) -> u32 {
        self.dora + self.aka + self.ura + self.nuki
    }

    /// The han of an ordinary yaku in this hand (renhou's comes from the
    /// rules).
    pub fn yaku_han(&self, y: Yaku) -> u32 {
        match (y, self.rules.renhou) {
            (Yaku::Renhou, RenhouRule::Han(han)) => u32::from(han),
            _ => self.han.of_yaku(y),
        }
    }

    /// The han of a set of ordinary yaku.
    fn yaku_han_sum(&self, yaku: YakuSet) -> u32 {
        if yaku.contains(Yaku::Renhou) {
            // Its han come from the rules, not the table.
            return yaku.iter().map(|y| self.yaku_han(y)).sum();
        }
        self.han.of_set(yaku)
    }

    /// A yakuman's weight: 2 for the four "double" hands when the rules say
    /// so.
    pub fn yakuman_weight(&self, y: Yaku) -> u32 {
        if y == Yaku::Paarenchan {
            self.paarenchan.max(1)
        } else if self.rules.double_yakuman && y.is_double_capable() {
            2
        } else {
            1
        }
    }

    fn valued_pair_fu(&self, t: Tile) -> u32 {
        pair_fu(t, self.seat, self.round, self.rules.double_wind_fu)
    }

    /// Evaluates one reading.
    pub fn eval(&self, it: &Interpretation) -> Eval {
        let mut yaku = self.fixed;
        let mut ym = self.fixed_yakuman;
        match it.form {
            Form::Kokushi => {
                // Only yakuman count; tenhou-like flags stack.
                ym = YakuSet(
                    ym.0 & (Yaku::Tenhou.bit()
                        | Yaku::Chiihou.bit()
                        | Yaku::Renhou.bit()
                        | Yaku::Sashikomi.bit()),
                );
                ym.insert(if it.wait == Wait::Kokushi13 {
                    Yaku::Kokushi13Wait
                } else {
                    Yaku::Kokushi
                });
                if self.rules.limits {
                    return self.finish(YakuSet::default(), ym, 0);
                }
                // Without limits the situation's yaku add to it, and it has
                // the fu of any closed hand.
                let fu = self.fu(it, false);
                return self.finish(YakuSet(self.fixed.0 & SITUATION), ym, fu);
            }
            Form::Chiitoitsu => {
                yaku.insert(Yaku::Chiitoitsu);
                ym.remove(Yaku::Chuuren);
                ym.remove(Yaku::JunseiChuuren);
                if self.rules.daichisei && ym.contains(Yaku::Tsuuiisou) {
                    ym.insert(Yaku::Daichisei);
                }
                return self.finish(yaku, ym, 25);
            }
            Form::Standard | Form::Nagashi => {}
        }
        let groups = it.groups();
        let win_idx = it.win_group as usize;
        let ron = !self.tsumo;

        // The reading as sets of kinds: where sequences start (and how
        // often, for iipeikou), which kinds are triplets or kans; the
        // yaku of the groups are then mask tests.
        let mut nseq = 0;
        let mut concealed = 0;
        let mut pair = Tile::EAST;
        let mut seq_starts = 0u64;
        let mut pon_kinds = 0u64;
        // Closed sequences' starts held once, twice, three and four times.
        let mut closed_seqs = CountMasks::default();
        for (i, g) in groups.iter().enumerate() {
            let t = g.tile;
            let bit = 1u64 << t.index();
            match g.kind {
                GroupKind::Sequence => {
                    if !g.open {
                        closed_seqs.add(t.index());
                    }
                    nseq += 1;
                    seq_starts |= bit;
                }
                GroupKind::Triplet | GroupKind::Kan => {
                    let by_ron = i == win_idx && ron && g.kind == GroupKind::Triplet;
                    if !g.open && !by_ron {
                        concealed += 1;
                    }
                    pon_kinds |= bit;
                }
                GroupKind::Pair => pair = t,
                GroupKind::Single => {}
            }
        }
        let pair_bit = 1u64 << pair.index();
        // Every group holds a terminal or an honor: sequences 123 and 789,
        // triplets and the pair of terminals or honors.
        let all_yaochu =
            seq_starts & !SEQ_WITH_TERMINAL == 0 && (pon_kinds | pair_bit) & !YAOCHU == 0;
        let all_terminal =
            seq_starts & !SEQ_WITH_TERMINAL == 0 && (pon_kinds | pair_bit) & !TERMINALS == 0;
        // Pinfu: closed, four sequences, a pair worth no fu, two-sided wait
        // (and, where a closed tsumo always has its 2 fu, won by ron).
        let pinfu = self.menzen
            && nseq == 4
            && it.wait == Wait::Ryanmen
            && self.valued_pair_fu(pair) == 0
            && !(self.tsumo && self.rules.pinfu_tsumo_fu);
        if pinfu {
            yaku.insert(Yaku::Pinfu);
        }
        if self.menzen && nseq >= 2 {
            // Two identical sequences make a pair of them; four, two pairs.
            let pairs = closed_seqs.at_least(2).count_ones() + closed_seqs.at_least(4).count_ones();
            match pairs {
                0 => {}
                1 => yaku.insert(Yaku::Iipeikou),
                _ => yaku.insert(Yaku::Ryanpeikou),
            }
        }
        if seq_starts & (seq_starts >> 9) & (seq_starts >> 18) & SUIT != 0 {
            yaku.insert(Yaku::Sanshoku);
        }
        const ITTSU: u64 = 0b1_001_001;
        if (0..3).any(|s| (seq_starts >> (9 * s)) & ITTSU == ITTSU) {
            yaku.insert(Yaku::Ittsu);
        }
        if pon_kinds & (pon_kinds >> 9) & (pon_kinds >> 18) & SUIT != 0 {
            yaku.insert(Yaku::SanshokuDoukou);
        }
        if nseq == 0 {
            yaku.insert(Yaku::Toitoi);
        }
        if nseq > 0 && all_yaochu {
            // Honors in the hand make it chanta; none, junchan.
            if all_terminal {
                yaku.insert(Yaku::Junchan);
            } else {
                yaku.insert(Yaku::Chanta);
            }
        }
        match concealed {
            4 => ym.insert(if it.wait == Wait::Tanki {
                Yaku::SuuankouTanki
            } else {
                Yaku::Suuankou
            }),
            3 => yaku.insert(Yaku::Sanankou),
            _ => {}
        }
        if !ym.is_empty() && self.rules.limits {
            return self.finish(yaku, ym, 0);
        }
        let fu = self.fu(it, pinfu);
        self.finish(yaku, ym, fu)
    }

    /// Evaluates a standard reading from its facts: the closed groups'
    /// (from the table), the melds' (from the hand) and the group the
    /// winning tile completed. The same value as [`Self::eval`] of its
    /// interpretation (a test compares them), without walking the groups.
    /// Its yaku rules repeat `eval`'s on purpose: `eval`, which reads the
    /// groups, is the reference the differential test holds this to, and
    /// code shared by both would be checked against itself.
    #[inline]
    pub fn eval_standard(&self, closed: &ClosedFacts, win: WinGroup) -> Eval {
        let mut yaku = self.fixed;
        let mut ym = self.fixed_yakuman;
        // A closed triplet completed by ron counts as open.
        let by_ron = !self.tsumo && win.kind == GroupKind::Triplet;
        let melds = &self.melds;
        let nseq = closed.sequences + melds.sequences;
        let seq_starts = closed.seq_starts | melds.seq_starts;
        let pon_kinds = closed.triplets | melds.pon_kinds;
        let concealed = closed.triplet_count + melds.concealed - u32::from(by_ron);
        let pair = closed.pair;
        let pair_bit = 1u64 << pair.index();
        let sequences_yaochu = seq_starts & !SEQ_WITH_TERMINAL == 0;
        let all_yaochu = sequences_yaochu && (pon_kinds | pair_bit) & !YAOCHU == 0;
        let all_terminal = sequences_yaochu && (pon_kinds | pair_bit) & !TERMINALS == 0;
        let pair_fu = self.valued_pair_fu(pair);
        let pinfu = self.menzen
            && nseq == 4
            && win.wait == Wait::Ryanmen
            && pair_fu == 0
            && !(self.tsumo && self.rules.pinfu_tsumo_fu);
        if pinfu {
            yaku.insert(Yaku::Pinfu);
        }
        if self.menzen && nseq >= 2 {
            match closed.peikou {
                0 => {}
                1 => yaku.insert(Yaku::Iipeikou),
                _ => yaku.insert(Yaku::Ryanpeikou),
            }
        }
        // Sanshoku and ittsu take three sequences, sanshoku doukou three
        // triplets: a reading can have the first two only with three or
        // four sequences, the third only with one or none.
        if nseq >= 3 {
            if seq_starts & (seq_starts >> 9) & (seq_starts >> 18) & SUIT != 0 {
                yaku.insert(Yaku::Sanshoku);
            }
            // 1, 4 and 7 of one suit: a start with starts three and six above.
            const SUIT_FIRSTS: u64 = 1 | 1 << 9 | 1 << 18;
            if seq_starts & (seq_starts >> 3) & (seq_starts >> 6) & SUIT_FIRSTS != 0 {
                yaku.insert(Yaku::Ittsu);
            }
        } else if nseq <= 1 && pon_kinds & (pon_kinds >> 9) & (pon_kinds >> 18) & SUIT != 0 {
            yaku.insert(Yaku::SanshokuDoukou);
        }
        if nseq == 0 {
            yaku.insert(Yaku::Toitoi);
        }
        if nseq > 0 && all_yaochu {
            if all_terminal {
                yaku.insert(Yaku::Junchan);
            } else {
                yaku.insert(Yaku::Chanta);
            }
        }
        match concealed {
            4 => ym.insert(if win.wait == Wait::Tanki {
                Yaku::SuuankouTanki
            } else {
                Yaku::Suuankou
            }),
            3 => yaku.insert(Yaku::Sanankou),
            _ => {}
        }
        if !ym.is_empty() && self.rules.limits {
            return self.finish(yaku, ym, 0);
        }
        let fu = if pinfu && self.tsumo {
            20
        } else {
            // As `fu_counted` adds them: base, closed ron or tsumo, the
            // groups, the wait, an open hand's 30 fu, the rounding.
            let mut total = 20;
            if self.menzen && !self.tsumo {
                total += 10;
            }
            if self.tsumo {
                total += 2;
            }
            let mut triplet_fu = closed.triplet_fu;
            if by_ron {
                // Counted open: half its closed fu.
                triplet_fu -= if win.tile.is_yaochu() { 4 } else { 2 };
            }
            total += melds.fu + triplet_fu + pair_fu;
            if matches!(win.wait, Wait::Kanchan | Wait::Penchan | Wait::Tanki) {
                total += 2;
            }
            if !self.menzen && !self.tsumo && total == 20 && self.rules.open_pinfu_fu {
                total += 10;
            }
            total.div_ceil(10) * 10
        };
        self.finish(yaku, ym, fu)
    }

    #[inline(always)]
    fn finish(&self, yaku: YakuSet, mut ym: YakuSet, fu: u32) -> Eval {
        // Paarenchan counts with another yaku (or without one, when the
        // rules say it needs none).
        if self.paarenchan > 0
            && (!self.rules.paarenchan_needs_yaku || !yaku.is_empty() || !ym.is_empty())
        {
            ym.insert(Yaku::Paarenchan);
        }
        if !ym.is_empty() {
            let mut n = 0;
            let mut best = 0;
            for y in ym.iter() {
                let w = self.yakuman_weight(y);
                n += w;
                best = best.max(w);
            }
            if !self.rules.yakuman_stacking {
                n = best;
            }
            if !self.rules.limits {
                return self.without_limits(yaku, ym, fu);
            }
            return Eval {
                yaku: ym,
                han: 13 * n,
                yakuman: n,
                fu: 0,
                yakuman_as_han: YakuSet::default(),
            };
        }
        let yaku = exclusive(yaku);
        let han = self.yaku_han_sum(yaku);
        Eval {
            yaku,
            han,
            yakuman: 0,
            fu,
            yakuman_as_han: YakuSet::default(),
        }
    }

    /// A yakuman hand without limits (aotenjou): each yakuman is 13 han a
    /// time it counts, added to the reading's ordinary yaku less those the
    /// yakuman is made of; the hand keeps its fu and is priced by the
    /// formula like any other.
    fn without_limits(&self, yaku: YakuSet, mut ym: YakuSet, fu: u32) -> Eval {
        if !self.rules.yakuman_stacking {
            // Only the biggest counts, as with limits.
            let top = ym
                .iter()
                .max_by_key(|&y| (self.yakuman_weight(y), std::cmp::Reverse(y)));
            ym = YakuSet(top.map_or(0, Yaku::bit));
        }
        let mut yaku = exclusive(yaku);
        for (yakuman, precursors) in PRECURSORS {
            if ym.contains(*yakuman) {
                for &p in *precursors {
                    yaku.remove(p);
                }
            }
        }
        let ordinary = self.yaku_han_sum(yaku);
        let yakuman: u32 = ym.iter().map(|y| 13 * self.yakuman_weight(y)).sum();
        Eval {
            yaku: YakuSet(yaku.0 | ym.0),
            han: ordinary + yakuman,
            yakuman: 0,
            fu,
            yakuman_as_han: ym,
        }
    }

    /// Fu of a standard reading.
    pub fn fu(&self, it: &Interpretation, pinfu: bool) -> u32 {
        self.fu_counted::<false>(it, pinfu, &mut Vec::new())
    }

    /// Fu of a standard reading, its reasons written into `out` by walking
    /// its groups: the tests' reference for the lists produced from facts.
    #[cfg(test)]
    pub fn fu_with_reasons(&self, it: &Interpretation, pinfu: bool, out: &mut Vec<FuItem>) -> u32 {
        self.fu_counted::<true>(it, pinfu, out)
    }

    /// The per-hand part of a counted fu list: how the hand was won, the
    /// called pons and kans (in the hand's order), the winds.
    #[inline(always)]
    pub fn fu_hand(&self) -> FuHand {
        let mut melds = 0u32;
        let mut shift = 0;
        for meld in self.called {
            let Some(&tile) = meld.tiles.first() else {
                continue;
            };
            if let Some((_, state)) = meld_fu(meld.kind, tile) {
                melds |= meld_entry(state, tile) << shift;
                shift += 8;
            }
        }
        let win = if self.tsumo {
            FuWin::Tsumo
        } else if self.menzen {
            FuWin::ClosedRon
        } else if self.rules.open_pinfu_fu {
            FuWin::OpenRonAtLeast30
        } else {
            FuWin::OpenRon
        };
        FuHand {
            win,
            melds,
            seat: self.seat,
            round: self.round,
            double_wind_fu: self.rules.double_wind_fu,
        }
    }

    /// The fu list of a standard reading from its facts (the closed
    /// triplets' kinds, the pair, the group the winning tile completed) and
    /// the hand's part: the items [`Self::fu_with_reasons`] writes from the
    /// groups, produced on read. A test compares the two.
    pub fn fu_list(&self, hand: &FuHand, facts: &FuFacts, pinfu: bool) -> FuList {
        let by_ron =
            (!self.tsumo && facts.win.kind == GroupKind::Triplet).then_some(facts.win.tile);
        FuList::counted(
            hand,
            &FuReading {
                pinfu,
                triplets: facts.triplets,
                by_ron,
                pair: facts.pair,
                wait: facts.win.wait,
            },
        )
    }

    /// The fu list of a reading that has no table facts (thirteen orphans
    /// without limits): its closed triplets and pair read off its groups.
    pub fn fu_list_of_groups(&self, hand: &FuHand, it: &Interpretation, pinfu: bool) -> FuList {
        let mut reading = FuReading {
            pinfu,
            triplets: 0,
            by_ron: None,
            pair: Tile::EAST,
            wait: it.wait,
        };
        for (index, group) in it.groups().iter().enumerate() {
            match group.kind {
                GroupKind::Triplet if !group.open && !group.melded => {
                    reading.triplets |= 1u64 << group.tile.index();
                    if index == usize::from(it.win_group) && !self.tsumo {
                        reading.by_ron = Some(group.tile);
                    }
                }
                GroupKind::Pair => reading.pair = group.tile,
                _ => {}
            }
        }
        FuList::counted(hand, &reading)
    }

    /// The one count of fu; `REASONS` says whether to write the reasons
    /// (compiled twice, so counting alone never looks a reason up).
    fn fu_counted<const REASONS: bool>(
        &self,
        it: &Interpretation,
        pinfu: bool,
        out: &mut Vec<FuItem>,
    ) -> u32 {
        // `add!(fu, reason)` counts the fu, and writes the reason only when
        // `REASONS` (the reason's expression is not evaluated otherwise).
        macro_rules! add {
            ($fu:expr, $reason:expr) => {{
                let fu: u32 = $fu;
                if REASONS {
                    out.push(FuItem {
                        fu,
                        reason: $reason,
                    });
                }
                fu
            }};
        }
        let mut total = add!(20, "base (fuutei)");
        if pinfu && self.tsumo {
            add!(0, "pinfu tsumo: no tsumo fu");
            return 20;
        }
        if self.menzen && !self.tsumo {
            total += add!(10, "closed ron");
        }
        if self.tsumo {
            total += add!(2, "tsumo");
        }
        let win_idx = it.win_group as usize;
        for (i, g) in it.groups().iter().enumerate() {
            let t = g.tile;
            match g.kind {
                GroupKind::Triplet | GroupKind::Kan => {
                    let kan = g.kind == GroupKind::Kan;
                    let by_ron = i == win_idx && !self.tsumo && !kan;
                    let open = g.open || by_ron;
                    let mut fu = if kan { 8 } else { 2 };
                    if t.is_yaochu() {
                        fu *= 2;
                    }
                    if !open {
                        fu *= 2;
                    }
                    let state = match (by_ron, open, kan) {
                        (true, _, _) => MeldState::ByRon,
                        (_, true, true) => MeldState::OpenKan,
                        (_, false, true) => MeldState::ClosedKan,
                        (_, true, false) => MeldState::OpenTriplet,
                        (_, false, false) => MeldState::ClosedTriplet,
                    };
                    total += add!(fu, reasons().meld(state, t));
                }
                GroupKind::Pair => {
                    let fu = self.valued_pair_fu(t);
                    if fu > 0 {
                        total += add!(fu, reasons().pair(PairWhy::of(t, self.seat, self.round), t));
                    }
                }
                _ => {}
            }
        }
        match it.wait {
            Wait::Kanchan => total += add!(2, "kanchan wait"),
            Wait::Penchan => total += add!(2, "penchan wait"),
            Wait::Tanki => total += add!(2, "tanki wait"),
            _ => {}
        }
        if !self.menzen && !self.tsumo && total == 20 && self.rules.open_pinfu_fu {
            total += add!(10, "open hand with no fu won by ron: 30 fu");
        }
        let rounded = total.div_ceil(10) * 10;
        if rounded != total {
            add!(rounded - total, reasons().rounded(total));
        }
        rounded
    }

    /// Base points of an evaluation with its dora, and the limit.
    pub fn price(&self, e: &Eval) -> (u32, Option<Limit>, u32) {
        if e.yakuman > 0 {
            let l = Limit::Yakuman(e.yakuman);
            return (e.han, Some(l), l.base());
        }
        let han = e.han + self.dora_total();
        let (limit, base) = limit_and_base(han, e.fu, self.rules);
        (han, limit, base)
    }

    pub fn payments(&self, base: u32) -> Points {
        pay(
            base,
            self.dealer,
            self.tsumo,
            self.sit.honba,
            self.sit.sticks,
            self.rules,
        )
    }
}

/// Counts of the closed tiles.
pub(crate) fn closed_counts(hand: &Hand) -> Counts {
    let mut c = [0u8; KINDS];
    for t in &hand.closed {
        c[t.index()] += 1;
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dora_table_is_the_tiles_dora() {
        for t in Tile::all() {
            assert_eq!(
                usize::from(DORA_AFTER[0][t.index()]),
                t.dora_after().index()
            );
            assert_eq!(
                usize::from(DORA_AFTER[1][t.index()]),
                t.dora_after_three_player().index()
            );
        }
    }
}
