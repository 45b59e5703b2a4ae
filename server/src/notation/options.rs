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
}

/// Every option, in canonical order.
pub const OPTIONS: &[(&str, ValueKind)] = &[
    ("win", ValueKind::Tile),
    ("tsumo", ValueKind::Flag),
    ("ron", ValueKind::Flag),
    ("riichi", ValueKind::Flag),
    ("double-riichi", ValueKind::Flag),
    ("ippatsu", ValueKind::Flag),
    ("haitei", ValueKind::Flag),
    ("houtei", ValueKind::Flag),
    ("rinshan", ValueKind::Flag),
    ("chankan", ValueKind::Flag),
    ("tenhou", ValueKind::Flag),
    ("chiihou", ValueKind::Flag),
    ("renhou", ValueKind::Flag),
    ("nagashi", ValueKind::Flag),
    ("seat", ValueKind::Wind),
    ("round", ValueKind::Wind),
    ("dora", ValueKind::Tiles),
    ("ura", ValueKind::Tiles),
    ("honba", ValueKind::Number),
    ("sticks", ValueKind::Number),
    ("visible", ValueKind::Tiles),
    ("discard", ValueKind::Tile),
];

/// The option words, for "did you mean".
pub const FLAG_NAMES: &[&str] = &[
    "tsumo",
    "ron",
    "riichi",
    "double-riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tenhou",
    "chiihou",
    "renhou",
    "nagashi",
];

pub const KEY_NAMES: &[&str] = &[
    "win", "seat", "round", "dora", "ura", "honba", "sticks", "visible", "discard",
];

/// Looks an option up: its canonical name, kind and position in the
/// canonical order.
pub fn lookup(word: &str) -> Option<(&'static str, ValueKind, usize)> {
    OPTIONS
        .iter()
        .enumerate()
        .find(|(_, (name, _))| *name == word)
        .map(|(i, (name, kind))| (*name, *kind, i))
}

/// Position of a (canonical) key in the canonical order.
pub fn rank(key: &str) -> usize {
    lookup(key).map_or(usize::MAX, |(_, _, i)| i)
}

/// What a valued option expects, for messages.
pub fn example(key: &str) -> &'static str {
    match key {
        "win" => "one tile, like win=5m",
        "discard" => "one tile, like discard=9p",
        "dora" => "dora indicators, like dora=1m3p",
        "ura" => "ura-dora indicators, like ura=9s",
        "visible" => "tiles, like visible=2z2z5p",
        "seat" => "a wind: e, s, w, n (or 1z-4z), like seat=s",
        "round" => "a wind: e, s, w, n (or 1z-4z), like round=e",
        "honba" => "a number, like honba=2",
        "sticks" => "a number of riichi sticks, like sticks=1",
        _ => "a value",
    }
}
