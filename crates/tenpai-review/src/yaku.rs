//! Tenhou's yaku, by the ids of its mjlog files and the names of its
//! tenhou.net/6 files, so that both formats read into the same ids.

/// Tenhou's names, by id (0-54). Alternative spellings seen in converted
/// logs are in [`ALIASES`].
pub const NAMES: [&str; 55] = [
    "門前清自摸和",
    "立直",
    "一発",
    "槍槓",
    "嶺上開花",
    "海底摸月",
    "河底撈魚",
    "平和",
    "断幺九",
    "一盃口",
    "自風 東",
    "自風 南",
    "自風 西",
    "自風 北",
    "場風 東",
    "場風 南",
    "場風 西",
    "場風 北",
    "役牌 白",
    "役牌 發",
    "役牌 中",
    "両立直",
    "七対子",
    "混全帯幺九",
    "一気通貫",
    "三色同順",
    "三色同刻",
    "三槓子",
    "対々和",
    "三暗刻",
    "小三元",
    "混老頭",
    "二盃口",
    "純全帯幺九",
    "混一色",
    "清一色",
    "人和",
    "天和",
    "地和",
    "大三元",
    "四暗刻",
    "四暗刻単騎",
    "字一色",
    "緑一色",
    "清老頭",
    "九蓮宝燈",
    "純正九蓮宝燈",
    "国士無双",
    "国士無双１３面",
    "大四喜",
    "小四喜",
    "四槓子",
    "ドラ",
    "裏ドラ",
    "赤ドラ",
];

/// Other spellings of the same yaku.
const ALIASES: [(&str, u8); 10] = [
    ("搶槓", 3),
    ("ダブル立直", 21),
    ("役牌 發", 19),
    ("役牌 発", 19),
    ("國士無双", 47),
    ("国士無双13面", 48),
    ("国士無双十三面", 48),
    ("四暗刻單騎", 41),
    ("純正九蓮宝燈", 46),
    ("大四喜和", 49),
];

pub const RIICHI: u8 = 1;
pub const IPPATSU: u8 = 2;
pub const CHANKAN: u8 = 3;
pub const RINSHAN: u8 = 4;
pub const HAITEI: u8 = 5;
pub const HOUTEI: u8 = 6;
pub const DOUBLE_RIICHI: u8 = 21;
pub const TENHOU: u8 = 37;
pub const CHIIHOU: u8 = 38;

/// The id of a yaku name.
pub fn id_of(name: &str) -> Option<u8> {
    let name = name.trim();
    NAMES
        .iter()
        .position(|known| *known == name)
        .map(|index| index as u8)
        .or_else(|| {
            ALIASES
                .iter()
                .find(|(alias, _)| *alias == name)
                .map(|(_, id)| *id)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_read_as_ids() {
        assert_eq!(id_of("立直"), Some(RIICHI));
        assert_eq!(id_of("搶槓"), Some(CHANKAN));
        assert_eq!(id_of("槍槓"), Some(CHANKAN));
        assert_eq!(id_of("赤ドラ"), Some(54));
        assert_eq!(id_of("天和"), Some(TENHOU));
        assert_eq!(id_of("no such yaku"), None);
    }
}
