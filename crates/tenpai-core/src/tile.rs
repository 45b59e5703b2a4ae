//! Tiles, suits and the 34-index every other module counts with.
//!
//! A [`Tile`] is its index: 0-8 man 1-9, 9-17 pin, 18-26 sou, 27-30 the winds
//! East South West North, 31-33 the dragons White Green Red. Red fives are not
//! a kind of tile: they are counted beside the tiles (see `hand::Hand`).

use std::fmt;

use crate::error::Error;

/// Number of distinct tile kinds.
pub const KINDS: usize = 34;

/// A tile count for each of the 34 kinds.
pub type Counts = [u8; KINDS];

#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Suit {
    Man,
    Pin,
    Sou,
    Honor,
}

impl Suit {
    /// The letter written after digits: `m p s z`.
    pub fn letter(self) -> char {
        match self {
            Suit::Man => 'm',
            Suit::Pin => 'p',
            Suit::Sou => 's',
            Suit::Honor => 'z',
        }
    }

    pub fn from_letter(c: char) -> Option<Suit> {
        match c {
            'm' => Some(Suit::Man),
            'p' => Some(Suit::Pin),
            's' => Some(Suit::Sou),
            'z' | 'h' => Some(Suit::Honor),
            _ => None,
        }
    }

    pub fn index(self) -> u8 {
        self as u8
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Tile(u8);

/// Winds, in seat order.
/// How tiles are written for a reader: `123m` or the Unicode glyphs
/// `🀇🀈🀉` (hovers, the CLI's human output, interpretations).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TileText {
    /// Digits and a suit letter: `123m`, a red five `0m` where it is known.
    Ascii,
    /// Unicode Mahjong Tiles glyphs: `🀇🀈🀉`.
    Glyphs,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub enum Wind {
    #[default]
    East,
    South,
    West,
    North,
}

impl Wind {
    pub const ALL: [Wind; 4] = [Wind::East, Wind::South, Wind::West, Wind::North];

    pub fn tile(self) -> Tile {
        Tile(27 + self as u8)
    }

    pub fn letter(self) -> char {
        ['e', 's', 'w', 'n'][self as usize]
    }

    pub fn name(self) -> &'static str {
        ["East", "South", "West", "North"][self as usize]
    }

    /// `e s w n`, in either case.
    pub(crate) fn from_letter(c: u8) -> Option<Wind> {
        match c.to_ascii_lowercase() {
            b'e' => Some(Wind::East),
            b's' => Some(Wind::South),
            b'w' => Some(Wind::West),
            b'n' => Some(Wind::North),
            _ => None,
        }
    }

    /// `e s w n` in either case, `1z`..`4z` (or `h`), the wind's name in
    /// any case, or its glyph 🀀..🀃.
    pub fn parse(s: &str) -> Option<Wind> {
        // The usual one-letter value without string comparisons.
        if let [c] = s.as_bytes() {
            return Wind::from_letter(*c);
        }
        match s.to_ascii_lowercase().as_str() {
            "1z" | "1h" | "east" | "\u{1F000}" => Some(Wind::East),
            "2z" | "2h" | "south" | "\u{1F001}" => Some(Wind::South),
            "3z" | "3h" | "west" | "\u{1F002}" => Some(Wind::West),
            "4z" | "4h" | "north" | "\u{1F003}" => Some(Wind::North),
            _ => None,
        }
    }
}

static DIGIT_TILES: [[Option<Tile>; 16]; 4] = {
    let mut table = [[None; 16]; 4];
    let mut row = 0;
    while row < 4 {
        let mut digit = 0;
        while digit < 16 {
            table[row][digit] = match (row, digit) {
                (_, 10..) | (3, 0 | 8 | 9) => None,
                (3, _) => Some(Tile(26 + digit as u8)),
                (_, 0) => Some(Tile(row as u8 * 9 + 4)),
                _ => Some(Tile(row as u8 * 9 + digit as u8 - 1)),
            };
            digit += 1;
        }
        row += 1;
    }
    table
};

const NAMES: [&str; 7] = ["East", "South", "West", "North", "White", "Green", "Red"];
const LETTERS: [&str; 7] = ["e", "s", "w", "n", "wh", "g", "r"];

impl Tile {
    pub const EAST: Tile = Tile(27);
    pub const SOUTH: Tile = Tile(28);
    pub const WEST: Tile = Tile(29);
    pub const NORTH: Tile = Tile(30);
    pub const WHITE: Tile = Tile(31);
    pub const GREEN: Tile = Tile(32);
    pub const RED: Tile = Tile(33);

    /// All 34 kinds in index order.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..KINDS as u8).map(Tile)
    }

    pub fn from_index(i: usize) -> Option<Tile> {
        (i < KINDS).then_some(Tile(i as u8))
    }

    /// `number` is 1-9 for suited tiles (0, a red five, is read as 5) and 1-7
    /// for honors.
    pub fn new(suit: Suit, number: u8) -> Option<Tile> {
        let face_number = if number == 0 && suit != Suit::Honor {
            5
        } else {
            number
        };
        match suit {
            Suit::Honor if (1..=7).contains(&face_number) => Some(Tile(26 + face_number)),
            Suit::Honor => None,
            _ if (1..=9).contains(&face_number) => Some(Tile(suit.index() * 9 + face_number - 1)),
            _ => None,
        }
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The tile a digit names before a suit letter, by the letter's row
    /// (`m p s` then `z`/`h`): `None` for the digits no tile has (`0z`,
    /// `8z`, `9z`); `0` of a suit is its red five. A table, for the lexer's
    /// fast path.
    pub(crate) const fn from_digit(row: usize, digit: u8) -> Option<Tile> {
        // Masked indices: no bounds checks in the lexer's inner loop.
        DIGIT_TILES[row & 3][(digit & 15) as usize]
    }

    pub fn suit(self) -> Suit {
        match self.0 {
            0..=8 => Suit::Man,
            9..=17 => Suit::Pin,
            18..=26 => Suit::Sou,
            _ => Suit::Honor,
        }
    }

    /// 1-9 for suited tiles, 1-7 for honors.
    pub fn number(self) -> u8 {
        if self.is_honor() {
            self.0 - 26
        } else {
            self.0 % 9 + 1
        }
    }

    pub fn is_honor(self) -> bool {
        self.0 >= 27
    }

    pub fn is_wind(self) -> bool {
        (27..=30).contains(&self.0)
    }

    pub fn is_dragon(self) -> bool {
        self.0 >= 31
    }

    pub fn is_terminal(self) -> bool {
        !self.is_honor() && matches!(self.number(), 1 | 9)
    }

    /// Terminal or honor.
    pub fn is_yaochu(self) -> bool {
        self.is_honor() || self.is_terminal()
    }

    pub fn is_simple(self) -> bool {
        !self.is_yaochu()
    }

    pub fn is_five(self) -> bool {
        !self.is_honor() && self.number() == 5
    }

    /// The tile a dora indicator points at: 9 wraps to 1, North to East, Red
    /// to White.
    pub fn dora_after(self) -> Tile {
        let index = self.0;
        Tile(match index {
            0..=26 if index % 9 == 8 => index - 8,
            0..=26 => index + 1,
            30 => 27,
            33 => 31,
            _ => index + 1,
        })
    }

    /// The tile a dora indicator points at in three-player mahjong, whose
    /// man suit has only 1m and 9m: 1m points at 9m (and 9m at 1m, as
    /// always).
    pub fn dora_after_three_player(self) -> Tile {
        if self.0 == 0 {
            Tile(8)
        } else {
            self.dora_after()
        }
    }

    /// Whether three-player mahjong plays this tile: all but 2m-8m.
    pub fn in_three_player(self) -> bool {
        !(1..=7).contains(&self.0)
    }

    /// The next tile of the same suit (no wrap), for sequences.
    pub fn next(self) -> Option<Tile> {
        (!self.is_honor() && self.number() < 9).then_some(Tile(self.0 + 1))
    }

    pub fn prev(self) -> Option<Tile> {
        (!self.is_honor() && self.number() > 1).then_some(Tile(self.0 - 1))
    }

    /// Digit notation: `5m`, `7z`.
    pub fn ascii(self) -> String {
        format!("{}{}", self.number(), self.suit().letter())
    }

    /// Letter notation for honors (`e`, `wh`), digit notation otherwise.
    pub fn letter_notation(self) -> String {
        if self.is_honor() {
            LETTERS[self.0 as usize - 27].to_string()
        } else {
            self.ascii()
        }
    }

    /// The Unicode Mahjong Tiles glyph. `red` has no glyph of its own.
    pub fn glyph(self) -> char {
        let cp = match self.0 {
            0..=8 => 0x1F007 + self.0 as u32,
            9..=17 => 0x1F019 + (self.0 as u32 - 9),
            18..=26 => 0x1F010 + (self.0 as u32 - 18),
            27..=30 => 0x1F000 + (self.0 as u32 - 27),
            31 => 0x1F006,
            32 => 0x1F005,
            _ => 0x1F004,
        };
        char::from_u32(cp).unwrap_or('?')
    }

    /// Reads a Unicode Mahjong Tiles glyph (U+1F000-U+1F021). Flowers,
    /// seasons, the joker and the back (U+1F022-U+1F02B) are not tiles of the
    /// game and return `None`, as do glyphs outside the block.
    pub fn from_glyph(c: char) -> Option<Tile> {
        let cp = c as u32;
        let index = match cp {
            0x1F000..=0x1F003 => 27 + (cp - 0x1F000),
            0x1F004 => 33,
            0x1F005 => 32,
            0x1F006 => 31,
            0x1F007..=0x1F00F => cp - 0x1F007,
            0x1F010..=0x1F018 => 18 + (cp - 0x1F010),
            0x1F019..=0x1F021 => 9 + (cp - 0x1F019),
            _ => return None,
        };
        Some(Tile(index as u8))
    }

    /// A name a player reads: "5 pin", "East wind", "Red dragon".
    pub fn name(self) -> String {
        match self.suit() {
            Suit::Man => format!("{} man", self.number()),
            Suit::Pin => format!("{} pin", self.number()),
            Suit::Sou => format!("{} sou", self.number()),
            Suit::Honor if self.is_wind() => format!("{} wind", NAMES[self.0 as usize - 27]),
            Suit::Honor => format!("{} dragon", NAMES[self.0 as usize - 27]),
        }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.number(), self.suit().letter())
    }
}

/// Reads plain tile strings such as `123m406p77z` (digits then a suit letter,
/// `0` a red five, `h` for `z`). This is the simple form used by test data
/// and CLI flags; full hand lines go through `notation`.
/// Returns the tiles and the number of red fives.
///
/// ```
/// use tenpai_core::tile::parse_tiles;
///
/// let (tiles, red) = parse_tiles("123m406p77z").unwrap();
/// assert_eq!(tiles.len(), 8);
/// assert_eq!(red, 1);
/// assert_eq!(parse_tiles("8z").unwrap_err().to_string(), "no tile 8z");
/// ```
pub fn parse_tiles(s: &str) -> Result<(Vec<Tile>, u8), Error> {
    read_tiles(s).map_err(Error::Tiles)
}

fn read_tiles(s: &str) -> Result<(Vec<Tile>, u8), String> {
    let mut tiles = Vec::new();
    let mut red = 0u8;
    let mut pending: Vec<u8> = Vec::new();
    for c in s.chars() {
        if let Some(d) = c.to_digit(10) {
            pending.push(d as u8);
        } else if let Some(suit) = Suit::from_letter(c) {
            if pending.is_empty() {
                return Err(format!("suit letter '{c}' without digits"));
            }
            for &d in &pending {
                let parsed = Tile::new(suit, d)
                    .filter(|_| !(suit == Suit::Honor && d == 0))
                    .ok_or_else(|| format!("no tile {d}{c}"))?;
                if d == 0 {
                    red += 1;
                }
                tiles.push(parsed);
            }
            pending.clear();
        } else if let Some(parsed) = Tile::from_glyph(c) {
            tiles.push(parsed);
        } else if !c.is_whitespace() {
            return Err(format!("unexpected character '{c}'"));
        }
    }
    if !pending.is_empty() {
        return Err("digits without a suit letter".to_string());
    }
    Ok((tiles, red))
}

/// Counts of each kind.
pub fn counts(tiles: &[Tile]) -> Counts {
    let mut tally = [0u8; KINDS];
    for t in tiles {
        tally[t.index()] += 1;
    }
    tally
}

/// Compact digit notation, grouped by suit in m p s z order:
/// `[1m,2m,3m,5p]` -> `123m5p`. Tiles are written in the order given.
pub fn to_compact(tiles: &[Tile]) -> String {
    to_compact_red(tiles, &mut 0)
}

/// [`to_compact`], writing as `0` the first 5 of each suit whose bit is set
/// in `red` (bit 0 man, 1 pin, 2 sou); the bits written are cleared, so
/// that the groups of one hand can share them.
pub fn to_compact_red(tiles: &[Tile], red: &mut u8) -> String {
    let mut out = String::new();
    for suit in [Suit::Man, Suit::Pin, Suit::Sou, Suit::Honor] {
        let bit = 1u8 << (suit.index() & 7);
        let mut any = false;
        for t in tiles.iter().filter(|t| t.suit() == suit) {
            let mut digit = char::from(b'0' + t.number());
            if t.number() == 5 && suit != Suit::Honor && *red & bit != 0 {
                *red &= !bit;
                digit = '0';
            }
            out.push(digit);
            any = true;
        }
        if any {
            out.push(suit.letter());
        }
    }
    out
}

#[cfg(test)]
mod tests {

    #[test]
    fn wind_values_in_every_spelling() {
        for (v, w) in [
            ("e", Wind::East),
            ("S", Wind::South),
            ("3z", Wind::West),
            ("4h", Wind::North),
            ("East", Wind::East),
            ("SOUTH", Wind::South),
            ("\u{1F002}", Wind::West),
        ] {
            assert_eq!(Wind::parse(v), Some(w), "{v}");
        }
        for bad in ["", "5z", "x", "ea", "\u{1F004}", "wh"] {
            assert_eq!(Wind::parse(bad), None, "{bad}");
        }
    }

    use super::*;

    #[test]
    fn indices_round_trip() {
        for t in Tile::all() {
            assert_eq!(Tile::new(t.suit(), t.number()), Some(t));
            assert_eq!(Tile::from_glyph(t.glyph()), Some(t));
        }
    }

    #[test]
    fn dora_wraps() {
        let p = |s: &str| parse_tiles(s).unwrap().0[0];
        assert_eq!(p("9m").dora_after(), p("1m"));
        assert_eq!(p("4z").dora_after(), p("1z"));
        assert_eq!(p("7z").dora_after(), p("5z"));
        assert_eq!(p("5z").dora_after(), p("6z"));
        assert_eq!(p("3s").dora_after(), p("4s"));
    }

    #[test]
    fn parses_plain_strings() {
        let (t, red) = parse_tiles("1230m77z").unwrap();
        assert_eq!(to_compact(&t), "1235m77z");
        assert_eq!(red, 1);
        assert!(parse_tiles("12").is_err());
        assert!(parse_tiles("8z").is_err());
        assert!(parse_tiles("0z").is_err());
    }

    #[test]
    fn glyphs() {
        assert_eq!(Tile::RED.glyph(), '🀄');
        assert_eq!(Tile::new(Suit::Man, 1).unwrap().glyph(), '🀇');
        assert_eq!(Tile::new(Suit::Pin, 9).unwrap().glyph(), '🀡');
    }
}
