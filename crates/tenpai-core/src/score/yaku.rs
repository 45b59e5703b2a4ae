//! The yaku, their ids (the reference vectors' ids), names and han, and a
//! bitset of them so the hot loop never allocates.

/// Every yaku, yakuman and dora kind the engine reports.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(u8)]
pub enum Yaku {
    Riichi,
    DoubleRiichi,
    /// Riichi with the hand shown (`open-riichi`, under the rule of that name).
    OpenRiichi,
    DoubleOpenRiichi,
    Ippatsu,
    MenzenTsumo,
    Pinfu,
    Tanyao,
    Iipeikou,
    YakuhaiHaku,
    YakuhaiHatsu,
    YakuhaiChun,
    SeatWind,
    RoundWind,
    Haitei,
    Houtei,
    Rinshan,
    Chankan,
    Sanshoku,
    Ittsu,
    Chanta,
    Chiitoitsu,
    Toitoi,
    Sanankou,
    Sankantsu,
    SanshokuDoukou,
    Shousangen,
    Honroutou,
    Honitsu,
    Junchan,
    Ryanpeikou,
    Chinitsu,
    /// Ron before the first draw; its value depends on `Rules::renhou`.
    Renhou,
    NagashiMangan,
    Kokushi,
    Kokushi13Wait,
    Chuuren,
    JunseiChuuren,
    Suuankou,
    SuuankouTanki,
    Daisangen,
    Shousuushii,
    Daisuushii,
    Tsuuiisou,
    Ryuuiisou,
    Chinroutou,
    Suukantsu,
    /// A ron on an open riichi (`sashikomi`).
    Sashikomi,
    /// A dealer's eighth win in a row (`paarenchan`).
    Paarenchan,
    Daisharin,
    Daisuurin,
    Daichikurin,
    Daichisei,
    Tenhou,
    Chiihou,
    Dora,
    AkaDora,
    UraDora,
    /// North tiles set aside in three-player mahjong.
    NukiDora,
}

const ALL: [Yaku; 59] = {
    use Yaku::*;
    [
        Riichi,
        DoubleRiichi,
        OpenRiichi,
        DoubleOpenRiichi,
        Ippatsu,
        MenzenTsumo,
        Pinfu,
        Tanyao,
        Iipeikou,
        YakuhaiHaku,
        YakuhaiHatsu,
        YakuhaiChun,
        SeatWind,
        RoundWind,
        Haitei,
        Houtei,
        Rinshan,
        Chankan,
        Sanshoku,
        Ittsu,
        Chanta,
        Chiitoitsu,
        Toitoi,
        Sanankou,
        Sankantsu,
        SanshokuDoukou,
        Shousangen,
        Honroutou,
        Honitsu,
        Junchan,
        Ryanpeikou,
        Chinitsu,
        Renhou,
        NagashiMangan,
        Kokushi,
        Kokushi13Wait,
        Chuuren,
        JunseiChuuren,
        Suuankou,
        SuuankouTanki,
        Daisangen,
        Shousuushii,
        Daisuushii,
        Tsuuiisou,
        Ryuuiisou,
        Chinroutou,
        Suukantsu,
        Sashikomi,
        Paarenchan,
        Daisharin,
        Daisuurin,
        Daichikurin,
        Daichisei,
        Tenhou,
        Chiihou,
        Dora,
        AkaDora,
        UraDora,
        NukiDora,
    ]
};

impl Yaku {
    /// Every kind, in declaration order.
    pub fn all() -> &'static [Yaku] {
        &ALL
    }

    /// The stable id used by the vectors, `--json` and docs.
    pub const fn id(self) -> &'static str {
        use Yaku::*;
        match self {
            Riichi => "riichi",
            DoubleRiichi => "double_riichi",
            OpenRiichi => "open_riichi",
            DoubleOpenRiichi => "double_open_riichi",
            Ippatsu => "ippatsu",
            MenzenTsumo => "menzen_tsumo",
            Pinfu => "pinfu",
            Tanyao => "tanyao",
            Iipeikou => "iipeikou",
            YakuhaiHaku => "yakuhai_haku",
            YakuhaiHatsu => "yakuhai_hatsu",
            YakuhaiChun => "yakuhai_chun",
            SeatWind => "seat_wind",
            RoundWind => "round_wind",
            Haitei => "haitei",
            Houtei => "houtei",
            Rinshan => "rinshan",
            Chankan => "chankan",
            Sanshoku => "sanshoku",
            Ittsu => "ittsu",
            Chanta => "chanta",
            Chiitoitsu => "chiitoitsu",
            Toitoi => "toitoi",
            Sanankou => "sanankou",
            Sankantsu => "sankantsu",
            SanshokuDoukou => "sanshoku_doukou",
            Shousangen => "shousangen",
            Honroutou => "honroutou",
            Honitsu => "honitsu",
            Junchan => "junchan",
            Ryanpeikou => "ryanpeikou",
            Chinitsu => "chinitsu",
            Renhou => "renhou",
            NagashiMangan => "nagashi_mangan",
            Kokushi => "kokushi",
            Kokushi13Wait => "kokushi_13_wait",
            Chuuren => "chuuren",
            JunseiChuuren => "junsei_chuuren",
            Suuankou => "suuankou",
            SuuankouTanki => "suuankou_tanki",
            Daisangen => "daisangen",
            Shousuushii => "shousuushii",
            Daisuushii => "daisuushii",
            Tsuuiisou => "tsuuiisou",
            Ryuuiisou => "ryuuiisou",
            Chinroutou => "chinroutou",
            Suukantsu => "suukantsu",
            Sashikomi => "sashikomi",
            Paarenchan => "paarenchan",
            Daisharin => "daisharin",
            Daisuurin => "daisuurin",
            Daichikurin => "daichikurin",
            Daichisei => "daichisei",
            Tenhou => "tenhou",
            Chiihou => "chiihou",
            Dora => "dora",
            AkaDora => "aka_dora",
            UraDora => "ura_dora",
            NukiDora => "nuki_dora",
        }
    }

    /// A name a player reads.
    pub fn name(self) -> &'static str {
        use Yaku::*;
        match self {
            Riichi => "Riichi",
            DoubleRiichi => "Double riichi",
            OpenRiichi => "Open riichi",
            DoubleOpenRiichi => "Double open riichi",
            Ippatsu => "Ippatsu",
            MenzenTsumo => "Menzen tsumo",
            Pinfu => "Pinfu",
            Tanyao => "Tanyao",
            Iipeikou => "Iipeikou",
            YakuhaiHaku => "Yakuhai: haku (white dragon)",
            YakuhaiHatsu => "Yakuhai: hatsu (green dragon)",
            YakuhaiChun => "Yakuhai: chun (red dragon)",
            SeatWind => "Yakuhai: seat wind",
            RoundWind => "Yakuhai: round wind",
            Haitei => "Haitei raoyue",
            Houtei => "Houtei raoyui",
            Rinshan => "Rinshan kaihou",
            Chankan => "Chankan",
            Sanshoku => "Sanshoku doujun",
            Ittsu => "Ittsu",
            Chanta => "Chanta",
            Chiitoitsu => "Chiitoitsu",
            Toitoi => "Toitoi",
            Sanankou => "Sanankou",
            Sankantsu => "Sankantsu",
            SanshokuDoukou => "Sanshoku doukou",
            Shousangen => "Shousangen",
            Honroutou => "Honroutou",
            Honitsu => "Honitsu",
            Junchan => "Junchan",
            Ryanpeikou => "Ryanpeikou",
            Chinitsu => "Chinitsu",
            Renhou => "Renhou",
            NagashiMangan => "Nagashi mangan",
            Kokushi => "Kokushi musou",
            Kokushi13Wait => "Kokushi musou (13-sided wait)",
            Chuuren => "Chuuren poutou",
            JunseiChuuren => "Junsei chuuren poutou (9-sided wait)",
            Suuankou => "Suuankou",
            SuuankouTanki => "Suuankou tanki",
            Daisangen => "Daisangen",
            Shousuushii => "Shousuushii",
            Daisuushii => "Daisuushii",
            Tsuuiisou => "Tsuuiisou",
            Ryuuiisou => "Ryuuiisou",
            Chinroutou => "Chinroutou",
            Suukantsu => "Suukantsu",
            Sashikomi => "Sashikomi (ron on an open riichi)",
            Paarenchan => "Paarenchan (eight dealer wins in a row)",
            Daisharin => "Daisharin (big wheels, pinzu)",
            Daisuurin => "Daisuurin (big neighbours, manzu)",
            Daichikurin => "Daichikurin (big bamboo forest, souzu)",
            Daichisei => "Daichisei (seven honor pairs)",
            Tenhou => "Tenhou",
            Chiihou => "Chiihou",
            Dora => "Dora",
            AkaDora => "Aka dora (red fives)",
            UraDora => "Ura dora",
            NukiDora => "Nuki dora (North set aside)",
        }
    }

    /// The name in Japanese, as Japanese players and articles write it
    /// (kanji, with the usual katakana for dora).
    pub fn name_ja(self) -> &'static str {
        use Yaku::*;
        match self {
            Riichi => "立直",
            DoubleRiichi => "ダブル立直",
            OpenRiichi => "オープン立直",
            DoubleOpenRiichi => "ダブルオープン立直",
            Ippatsu => "一発",
            MenzenTsumo => "門前清自摸和",
            Pinfu => "平和",
            Tanyao => "断幺九",
            Iipeikou => "一盃口",
            YakuhaiHaku => "役牌 白",
            YakuhaiHatsu => "役牌 發",
            YakuhaiChun => "役牌 中",
            SeatWind => "役牌 自風",
            RoundWind => "役牌 場風",
            Haitei => "海底摸月",
            Houtei => "河底撈魚",
            Rinshan => "嶺上開花",
            Chankan => "槍槓",
            Sanshoku => "三色同順",
            Ittsu => "一気通貫",
            Chanta => "混全帯幺九",
            Chiitoitsu => "七対子",
            Toitoi => "対々和",
            Sanankou => "三暗刻",
            Sankantsu => "三槓子",
            SanshokuDoukou => "三色同刻",
            Shousangen => "小三元",
            Honroutou => "混老頭",
            Honitsu => "混一色",
            Junchan => "純全帯幺九",
            Ryanpeikou => "二盃口",
            Chinitsu => "清一色",
            Renhou => "人和",
            NagashiMangan => "流し満貫",
            Kokushi => "国士無双",
            Kokushi13Wait => "国士無双十三面待ち",
            Chuuren => "九蓮宝燈",
            JunseiChuuren => "純正九蓮宝燈",
            Suuankou => "四暗刻",
            SuuankouTanki => "四暗刻単騎",
            Daisangen => "大三元",
            Shousuushii => "小四喜",
            Daisuushii => "大四喜",
            Tsuuiisou => "字一色",
            Ryuuiisou => "緑一色",
            Chinroutou => "清老頭",
            Suukantsu => "四槓子",
            Sashikomi => "オープン立直への放銃",
            Paarenchan => "八連荘",
            Daisharin => "大車輪",
            Daisuurin => "大数隣",
            Daichikurin => "大竹林",
            Daichisei => "大七星",
            Tenhou => "天和",
            Chiihou => "地和",
            Dora => "ドラ",
            AkaDora => "赤ドラ",
            UraDora => "裏ドラ",
            NukiDora => "抜きドラ",
        }
    }

    /// Position in the order of ids (the vectors sort yaku by id).
    pub fn id_rank(self) -> u8 {
        ID_RANK[self as usize]
    }

    /// Looks a yaku up by its id.
    pub fn from_id(id: &str) -> Option<Yaku> {
        ALL.iter().copied().find(|y| y.id() == id)
    }

    /// A yakuman (renhou counts as one only under `renhou=yakuman`).
    pub fn is_yakuman(self) -> bool {
        (self as u8) >= (Yaku::Kokushi as u8) && (self as u8) <= (Yaku::Chiihou as u8)
    }

    pub fn is_dora(self) -> bool {
        matches!(
            self,
            Yaku::Dora | Yaku::AkaDora | Yaku::UraDora | Yaku::NukiDora
        )
    }

    /// Han of an ordinary yaku: closed and open (`None` when the yaku needs a
    /// closed hand). Yakuman, dora and renhou are priced elsewhere.
    pub const fn han(self, open: bool) -> u32 {
        use Yaku::*;
        match self {
            Riichi | Ippatsu | MenzenTsumo | Pinfu | Tanyao | Iipeikou | YakuhaiHaku
            | YakuhaiHatsu | YakuhaiChun | SeatWind | RoundWind | Haitei | Houtei | Rinshan
            | Chankan => 1,
            DoubleRiichi | OpenRiichi | Chiitoitsu | Toitoi | Sanankou | Sankantsu
            | SanshokuDoukou | Shousangen | Honroutou => 2,
            Sanshoku | Ittsu | Chanta => {
                if open {
                    1
                } else {
                    2
                }
            }
            Honitsu | Junchan => {
                if open {
                    2
                } else {
                    3
                }
            }
            Ryanpeikou | DoubleOpenRiichi => 3,
            Chinitsu => {
                if open {
                    5
                } else {
                    6
                }
            }
            Renhou | NagashiMangan => 5,
            _ => 13,
        }
    }

    /// The four hands that are double yakuman under `double-yakuman`.
    pub fn is_double_capable(self) -> bool {
        matches!(
            self,
            Yaku::Kokushi13Wait | Yaku::SuuankouTanki | Yaku::JunseiChuuren | Yaku::Daisuushii
        )
    }

    /// The yaku's bit in a [`YakuSet`]: its place in id order, so that a
    /// set lists in the order of a result's list by walking its bits.
    pub(crate) const fn bit(self) -> u64 {
        1u64 << ID_RANK[self as usize]
    }
}

/// Whether id `a` sorts before id `b` (byte order, as `str`'s `Ord`), at
/// compile time.
const fn id_before(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut k = 0;
    while k < a.len() && k < b.len() {
        if a[k] != b[k] {
            return a[k] < b[k];
        }
        k += 1;
    }
    a.len() < b.len()
}

/// Each yaku's place among all of them sorted by id (the order of a
/// result's list), computed at compile time so that listing a set in that
/// order is a table lookup per yaku, not a sort.
const ID_RANK: [u8; 64] = {
    let mut rank = [0u8; 64];
    let mut i = 0;
    while i < ALL.len() {
        let mut before = 0;
        let mut j = 0;
        while j < ALL.len() {
            if id_before(ALL[j].id(), ALL[i].id()) {
                before += 1;
            }
            j += 1;
        }
        rank[ALL[i] as usize] = before;
        i += 1;
    }
    rank
};

/// The yaku at each rank of [`ID_RANK`].
const BY_RANK: [Yaku; 64] = {
    let mut by = [Yaku::Riichi; 64];
    let mut i = 0;
    while i < ALL.len() {
        by[ID_RANK[ALL[i] as usize] as usize] = ALL[i];
        i += 1;
    }
    by
};

/// The yakuman's bits in a [`YakuSet`] (those [`Yaku::is_yakuman`] says).
pub(crate) const YAKUMAN_BITS: u64 = {
    let mut set = 0;
    let mut at = 0;
    while at < ALL.len() {
        let yaku = ALL[at] as u8;
        if yaku >= Yaku::Kokushi as u8 && yaku <= Yaku::Chiihou as u8 {
            set |= ALL[at].bit();
        }
        at += 1;
    }
    set
};

/// The han of every yaku (by its declaration index) in a closed hand and
/// in an open one, as [`Yaku::han`] gives them, tabled at compile time.
pub(crate) const HAN_CLOSED: HanTable = HanTable::of(false);
pub(crate) const HAN_OPEN: HanTable = HanTable::of(true);

/// Each yaku's han in one hand state, as bytes: by the yaku (one yaku's)
/// and by its bit in a [`YakuSet`] (a set's sum, a load a yaku).
///
/// A set's sum walks its bits rather than counting them by planes: the
/// x86-64 baseline the engine is built for has no `popcnt`, so a count of
/// bits is some fifteen instructions, and a hand's set holds a handful of
/// yaku.
pub(crate) struct HanTable {
    han: [u8; 64],
    by_bit: [u8; 64],
}

impl HanTable {
    const fn of(open: bool) -> HanTable {
        let mut han = [0u8; 64];
        let mut by_bit = [0u8; 64];
        let mut i = 0;
        while i < ALL.len() {
            let value = ALL[i].han(open) as u8;
            han[i] = value;
            by_bit[ID_RANK[i] as usize] = value;
            i += 1;
        }
        HanTable { han, by_bit }
    }

    /// One yaku's han.
    pub fn of_yaku(&self, y: Yaku) -> u32 {
        u32::from(self.han[y as usize])
    }

    /// The sum of the han of a set's yaku.
    pub fn of_set(&self, set: YakuSet) -> u32 {
        let mut sum = 0;
        let mut bits = set.0;
        while bits != 0 {
            sum += u32::from(self.by_bit[bits.trailing_zeros() as usize]);
            bits &= bits - 1;
        }
        sum
    }
}

/// A set of yaku as one machine word, a yaku's bit its place in id order
/// (see [`Yaku::bit`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct YakuSet(pub u64);

impl YakuSet {
    pub fn insert(&mut self, y: Yaku) {
        self.0 |= y.bit();
    }

    pub fn remove(&mut self, y: Yaku) {
        self.0 &= !y.bit();
    }

    pub fn contains(self, y: Yaku) -> bool {
        self.0 & y.bit() != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = Yaku> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let rank = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(BY_RANK[rank])
        })
    }

    /// The yaku of the set in id order (the order of a result's list): its
    /// bits, lowest first. Its length is known, so a list extended with it
    /// is reserved once.
    pub fn iter_by_id(self) -> ById {
        ById { ranked: self.0 }
    }
}

/// The yaku of a set in id order: the set's bits (ranks), lowest first.
pub struct ById {
    ranked: u64,
}

impl Iterator for ById {
    type Item = Yaku;

    fn next(&mut self) -> Option<Yaku> {
        if self.ranked == 0 {
            return None;
        }
        let rank = self.ranked.trailing_zeros() as usize;
        self.ranked &= self.ranked - 1;
        Some(BY_RANK[rank])
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.ranked.count_ones() as usize;
        (left, Some(left))
    }
}

impl ExactSizeIterator for ById {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_are_unique() {
        for y in Yaku::all() {
            assert_eq!(Yaku::from_id(y.id()), Some(*y));
            assert_eq!(ALL[*y as usize], *y, "ALL is in declaration order");
        }
        assert_eq!(Yaku::from_id("kokushi_13_wait"), Some(Yaku::Kokushi13Wait));
    }

    #[test]
    fn every_yaku_has_a_japanese_name_of_its_own() {
        let names: std::collections::HashSet<&str> =
            Yaku::all().iter().map(|y| y.name_ja()).collect();
        assert_eq!(names.len(), Yaku::all().len());
        assert_eq!(Yaku::Pinfu.name_ja(), "平和");
        assert!(names.iter().all(|n| !n.is_ascii()));
    }

    #[test]
    fn sets_list_in_id_order() {
        let mut by_id: Vec<Yaku> = Yaku::all().to_vec();
        by_id.sort_by_key(|y| y.id());
        for (rank, y) in by_id.iter().enumerate() {
            assert_eq!(usize::from(y.id_rank()), rank, "{y:?}");
        }
        let everything = YakuSet(Yaku::all().iter().fold(0, |m, y| m | y.bit()));
        assert_eq!(everything.iter_by_id().collect::<Vec<_>>(), by_id);
        let some = YakuSet(
            Yaku::Tanyao.bit() | Yaku::Dora.bit() | Yaku::AkaDora.bit() | Yaku::Riichi.bit(),
        );
        let listed: Vec<&str> = some.iter_by_id().map(Yaku::id).collect();
        assert_eq!(listed, ["aka_dora", "dora", "riichi", "tanyao"]);
    }

    #[test]
    fn han_tables_are_the_han_of_each_yaku() {
        let mut everything = YakuSet::default();
        for &y in Yaku::all() {
            assert_eq!(HAN_CLOSED.of_yaku(y), y.han(false), "{y:?}");
            assert_eq!(HAN_OPEN.of_yaku(y), y.han(true), "{y:?}");
            everything.insert(y);
        }
        // Sums over sets: every yaku, and many small ones.
        let all_closed: u32 = Yaku::all().iter().map(|y| y.han(false)).sum();
        assert_eq!(HAN_CLOSED.of_set(everything), all_closed);
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..10_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let set = YakuSet(state & everything.0);
            let open: u32 = set.iter().map(|y| y.han(true)).sum();
            assert_eq!(HAN_OPEN.of_set(set), open, "{set:?}");
            assert_eq!(set.iter_by_id().len(), set.iter().count());
        }
    }

    #[test]
    fn the_yakuman_bits_are_the_yakuman() {
        for &yaku in Yaku::all() {
            assert_eq!(
                YAKUMAN_BITS & yaku.bit() != 0,
                yaku.is_yakuman(),
                "{yaku:?}"
            );
        }
    }

    #[test]
    fn yakuman_range() {
        assert!(Yaku::Kokushi.is_yakuman());
        assert!(Yaku::Chiihou.is_yakuman());
        assert!(!Yaku::Chinitsu.is_yakuman());
        assert!(!Yaku::Dora.is_yakuman());
        assert!(!Yaku::Renhou.is_yakuman());
    }

    #[test]
    fn open_han() {
        assert_eq!(Yaku::Sanshoku.han(false), 2);
        assert_eq!(Yaku::Sanshoku.han(true), 1);
        assert_eq!(Yaku::Chinitsu.han(true), 5);
        assert_eq!(Yaku::Honitsu.han(true), 2);
        assert_eq!(Yaku::Junchan.han(false), 3);
    }
}
