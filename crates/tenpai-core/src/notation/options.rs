//! The option vocabulary: every word a hand line accepts after its tiles, in
//! the canonical order the formatter writes them.

/// What an option's value is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ValueKind {
    /// A bare word: `riichi`.
    Flag,
    /// One tile: `win=5m`.
    Tile,
    /// Tiles: `dora=1m3p`.
    Tiles,
    /// A wind: `seat=e`, `round=2z`.
    Wind,
    /// A count: `honba=2`.
    Number,
    /// A word on its own that may also take a count: `paarenchan`,
    /// `paarenchan=2`.
    FlagOrNumber,
}

/// Every option, in canonical order.
pub const OPTIONS: &[(&str, ValueKind)] = &[
    ("win", ValueKind::Tile),
    ("tsumo", ValueKind::Flag),
    ("ron", ValueKind::Flag),
    ("riichi", ValueKind::Flag),
    ("double-riichi", ValueKind::Flag),
    ("open-riichi", ValueKind::Flag),
    ("ippatsu", ValueKind::Flag),
    ("haitei", ValueKind::Flag),
    ("houtei", ValueKind::Flag),
    ("rinshan", ValueKind::Flag),
    ("chankan", ValueKind::Flag),
    ("tenhou", ValueKind::Flag),
    ("chiihou", ValueKind::Flag),
    ("renhou", ValueKind::Flag),
    ("nagashi", ValueKind::Flag),
    ("paarenchan", ValueKind::FlagOrNumber),
    ("seat", ValueKind::Wind),
    ("round", ValueKind::Wind),
    ("dora", ValueKind::Tiles),
    ("ura", ValueKind::Tiles),
    ("nuki", ValueKind::Number),
    ("honba", ValueKind::Number),
    ("sticks", ValueKind::Number),
    ("visible", ValueKind::Tiles),
    ("river", ValueKind::Tiles),
    ("discard", ValueKind::Tile),
];

/// The length of the longest option name: a longer word is no option.
pub const LONGEST_NAME: usize = {
    let mut longest = 0;
    let mut i = 0;
    while i < OPTIONS.len() {
        if OPTIONS[i].0.len() > longest {
            longest = OPTIONS[i].0.len();
        }
        i += 1;
    }
    longest
};

/// Positions in [`OPTIONS`], so that validation indexes instead of comparing
/// strings.
pub mod id {
    pub const WIN: usize = 0;
    pub const TSUMO: usize = 1;
    pub const RON: usize = 2;
    pub const RIICHI: usize = 3;
    pub const DOUBLE_RIICHI: usize = 4;
    pub const OPEN_RIICHI: usize = 5;
    pub const IPPATSU: usize = 6;
    pub const HAITEI: usize = 7;
    pub const HOUTEI: usize = 8;
    pub const RINSHAN: usize = 9;
    pub const CHANKAN: usize = 10;
    pub const TENHOU: usize = 11;
    pub const CHIIHOU: usize = 12;
    pub const RENHOU: usize = 13;
    pub const NAGASHI: usize = 14;
    pub const PAARENCHAN: usize = 15;
    pub const SEAT: usize = 16;
    pub const ROUND: usize = 17;
    pub const DORA: usize = 18;
    pub const URA: usize = 19;
    pub const NUKI: usize = 20;
    pub const HONBA: usize = 21;
    pub const STICKS: usize = 22;
    pub const VISIBLE: usize = 23;
    pub const RIVER: usize = 24;
    pub const DISCARD: usize = 25;
    pub const COUNT: usize = 26;
}

/// The position of a (canonical) option name in [`OPTIONS`].
pub fn id_of(key: &str) -> Option<usize> {
    Some(match key {
        "win" => id::WIN,
        "tsumo" => id::TSUMO,
        "ron" => id::RON,
        "riichi" => id::RIICHI,
        "double-riichi" => id::DOUBLE_RIICHI,
        "open-riichi" => id::OPEN_RIICHI,
        "ippatsu" => id::IPPATSU,
        "haitei" => id::HAITEI,
        "houtei" => id::HOUTEI,
        "rinshan" => id::RINSHAN,
        "chankan" => id::CHANKAN,
        "tenhou" => id::TENHOU,
        "chiihou" => id::CHIIHOU,
        "renhou" => id::RENHOU,
        "nagashi" => id::NAGASHI,
        "paarenchan" => id::PAARENCHAN,
        "seat" => id::SEAT,
        "round" => id::ROUND,
        "dora" => id::DORA,
        "ura" => id::URA,
        "nuki" => id::NUKI,
        "honba" => id::HONBA,
        "sticks" => id::STICKS,
        "visible" => id::VISIBLE,
        "river" => id::RIVER,
        "discard" => id::DISCARD,
        _ => return None,
    })
}

/// The option words, for "did you mean".
pub const FLAG_NAMES: &[&str] = &[
    "tsumo",
    "ron",
    "riichi",
    "double-riichi",
    "open-riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tenhou",
    "chiihou",
    "renhou",
    "nagashi",
    "paarenchan",
];

pub const KEY_NAMES: &[&str] = &[
    "win",
    "seat",
    "round",
    "dora",
    "ura",
    "nuki",
    "honba",
    "sticks",
    "visible",
    "river",
    "discard",
    "paarenchan",
];

/// Looks an option up: its canonical name, kind and position in the
/// canonical order.
pub fn lookup(word: &str) -> Option<(&'static str, ValueKind, usize)> {
    let i = id_of(word)?;
    OPTIONS.get(i).map(|&(name, kind)| (name, kind, i))
}

/// Position of a (canonical) key in the canonical order.
pub fn rank(key: &str) -> usize {
    lookup(key).map_or(usize::MAX, |(_, _, i)| i)
}

/// What an option means, for completion and hover.
pub fn meaning(key: &str) -> &'static str {
    match key {
        "win" => "the winning tile",
        "tsumo" => "won by self-draw",
        "ron" => "won on a discard",
        "riichi" => "riichi declared",
        "double-riichi" => "riichi declared on the first turn",
        "ippatsu" => "won within a turn of riichi",
        "haitei" => "tsumo on the last tile",
        "houtei" => "ron on the last discard",
        "rinshan" => "won on the replacement tile of a kan",
        "chankan" => "ron on a tile added to a kan",
        "tenhou" => "dealer's win on the first draw",
        "chiihou" => "non-dealer's win on the first draw",
        "renhou" => "ron before the first draw",
        "nagashi" => "nagashi mangan",
        "open-riichi" => "riichi declared with the hand shown (open riichi)",
        "paarenchan" => "the dealer's eighth win in a row (paarenchan=2: counted twice)",
        "nuki" => "North tiles set aside as nukidora (three-player)",
        "seat" => "the seat wind (dealer is East)",
        "round" => "the round wind",
        "dora" => "dora indicators",
        "ura" => "ura-dora indicators",
        "honba" => "honba counters",
        "sticks" => "riichi sticks on the table",
        "visible" => "tiles seen elsewhere",
        "river" => "the player's own discards: seen, and a wait among them is furiten",
        "discard" => "the tile discarded (game review)",
        _ => "",
    }
}

/// What a valued option expects, for messages.
pub fn example(key: &str) -> &'static str {
    match key {
        "win" => "one tile, like win=5m",
        "discard" => "one tile, like discard=9p",
        "dora" => "dora indicators, like dora=1m3p",
        "ura" => "ura-dora indicators, like ura=9s",
        "visible" => "tiles, like visible=2z2z5p",
        "river" => "the player's discards, like river=9m1z5p",
        "seat" => "a wind: e, s, w, n (or 1z-4z), like seat=s",
        "round" => "a wind: e, s, w, n (or 1z-4z), like round=e",
        "honba" => "a number from 0 to 999, like honba=2",
        "nuki" => "the North tiles set aside, from 0 to 4, like nuki=2",
        "paarenchan" => "nothing (paarenchan) or how many yakuman it counts, like paarenchan=2",
        "sticks" => "a number of riichi sticks from 0 to 999, like sticks=1",
        _ => "a value",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_match_the_table() {
        assert_eq!(OPTIONS.len(), id::COUNT);
        for (i, (name, _)) in OPTIONS.iter().enumerate() {
            assert_eq!(id_of(name), Some(i), "{name}");
        }
        assert_eq!(id_of("riichii"), None);
    }
}
