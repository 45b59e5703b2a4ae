//! A tile as a game log records it: its kind and whether it is a red five.
//!
//! The scoring engine counts red fives beside the tiles; a log follows
//! each physical tile, so here the red flag travels with the tile. Each
//! log format has its own numbering, read here into one form.

use std::fmt;

use serde::Serialize;
use tenpai_core::tile::Tile;

/// A tile of a game log.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Pai {
    /// The kind, 0-33 in the engine's order (man, pin, sou, winds, dragons).
    pub kind: u8,
    /// A red five (aka dora).
    pub red: bool,
}

impl Serialize for Pai {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_string())
    }
}

impl Pai {
    /// A kind 0-33, plain.
    pub fn plain(kind: u8) -> Option<Pai> {
        (kind < 34).then_some(Pai { kind, red: false })
    }

    /// The engine's tile of this kind.
    pub fn tile(self) -> Tile {
        // The kind is below 34 by construction.
        Tile::from_index(self.kind as usize).unwrap_or(Tile::RED)
    }

    pub fn is_five(self) -> bool {
        self.kind < 27 && self.kind % 9 == 4
    }

    pub fn is_yaochu(self) -> bool {
        self.kind >= 27 || matches!(self.kind % 9, 0 | 8)
    }

    /// mjlog's 0-135 (`id / 4` is the kind; 16, 52 and 88 are the red
    /// fives when the rules have them).
    pub fn from_mjlog(id: u32, red_fives: bool) -> Option<Pai> {
        if id > 135 {
            return None;
        }
        Some(Pai {
            kind: (id / 4) as u8,
            red: red_fives && matches!(id, 16 | 52 | 88),
        })
    }

    /// tenhou.net/6's 11-19, 21-29, 31-39, 41-47 and 51-53 (red fives).
    pub fn from_tenhou6(number: i64) -> Option<Pai> {
        match number {
            11..=19 | 21..=29 | 31..=39 => Some(Pai {
                kind: ((number / 10 - 1) * 9 + number % 10 - 1) as u8,
                red: false,
            }),
            41..=47 => Some(Pai {
                kind: (27 + number - 41) as u8,
                red: false,
            }),
            51..=53 => Some(Pai {
                kind: ((number - 51) * 9 + 4) as u8,
                red: true,
            }),
            _ => None,
        }
    }

    /// tenhou.net/6's number of this tile.
    pub fn to_tenhou6(self) -> i64 {
        if self.red {
            51 + i64::from(self.kind / 9)
        } else if self.kind >= 27 {
            41 + i64::from(self.kind - 27)
        } else {
            i64::from(self.kind / 9 + 1) * 10 + i64::from(self.kind % 9) + 1
        }
    }

    /// mjai's names: `1m`-`9m`, `5mr` (red), `E S W N`, `P F C` (white,
    /// green, red dragon).
    pub fn from_mjai(name: &str) -> Option<Pai> {
        const HONORS: [&str; 7] = ["E", "S", "W", "N", "P", "F", "C"];
        if let Some(i) = HONORS.iter().position(|h| *h == name) {
            return Some(Pai {
                kind: 27 + i as u8,
                red: false,
            });
        }
        let bytes = name.as_bytes();
        let (digit, suit, red) = match bytes {
            [d, s] => (*d, *s, false),
            [b'5', s, b'r'] => (b'5', *s, true),
            _ => return None,
        };
        let row = match suit {
            b'm' => 0,
            b'p' => 1,
            b's' => 2,
            _ => return None,
        };
        if !(b'1'..=b'9').contains(&digit) {
            return None;
        }
        Some(Pai {
            kind: row * 9 + (digit - b'1'),
            red,
        })
    }

    /// mjai's name of this tile.
    pub fn to_mjai(self) -> String {
        const HONORS: [&str; 7] = ["E", "S", "W", "N", "P", "F", "C"];
        if self.kind >= 27 {
            return HONORS[(self.kind - 27) as usize].to_string();
        }
        let suit = ['m', 'p', 's'][(self.kind / 9) as usize];
        let red = if self.red { "r" } else { "" };
        format!("{}{suit}{red}", self.kind % 9 + 1)
    }
}

/// The notation's digits: `5m`, `0p` for a red five, `7z`.
impl fmt::Display for Pai {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suit = ['m', 'p', 's', 'z'][(self.kind / 9).min(3) as usize];
        let number = if self.kind >= 27 {
            self.kind - 26
        } else if self.red {
            0
        } else {
            self.kind % 9 + 1
        };
        write!(f, "{number}{suit}")
    }
}

/// Tiles in the notation's compact form, sorted, one suit letter per run:
/// `406m123p11z`.
pub fn compact(tiles: &[Pai]) -> String {
    // Counted by kind rather than sorted: a review writes a list of up to
    // seventy seen tiles on every decision line.
    let mut plain = [0u8; 34];
    let mut red = [0u8; 34];
    for pai in tiles {
        let kind = usize::from(pai.kind.min(33));
        if pai.red {
            red[kind] = red[kind].saturating_add(1);
        } else {
            plain[kind] = plain[kind].saturating_add(1);
        }
    }
    let mut out = String::with_capacity(tiles.len() + 4);
    for (suit, letter) in ['m', 'p', 's', 'z'].into_iter().enumerate() {
        let kinds = suit * 9..(suit * 9 + 9).min(34);
        let mut any = false;
        for kind in kinds {
            let number = (kind - suit * 9 + 1) as u8;
            // A red five before the plain ones, as `tenpai fmt` writes it
            // (`4056m`).
            for _ in 0..red[kind] {
                out.push('0');
                any = true;
            }
            for _ in 0..plain[kind] {
                out.push(char::from(b'0' + number));
                any = true;
            }
        }
        if any {
            out.push(letter);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_sorts_and_groups_by_suit() {
        let tiles: Vec<Pai> = [5u8, 27, 4, 9, 33, 4, 31]
            .iter()
            .map(|kind| Pai {
                kind: *kind,
                red: false,
            })
            .chain([Pai { kind: 4, red: true }])
            .collect();
        assert_eq!(compact(&tiles), "0556m1p157z");
        assert_eq!(compact(&[]), "");
    }

    #[test]
    fn every_numbering_round_trips() {
        for id in 0..136 {
            let pai = Pai::from_mjlog(id, true).expect("a tile");
            assert_eq!(Pai::from_tenhou6(pai.to_tenhou6()), Some(pai));
            assert_eq!(Pai::from_mjai(&pai.to_mjai()), Some(pai));
        }
        assert_eq!(Pai::from_mjlog(136, true), None);
        assert_eq!(Pai::from_tenhou6(60), None);
        assert_eq!(Pai::from_mjai("0m"), None);
    }

    #[test]
    fn red_fives_and_honors_are_written_in_the_notation() {
        let red = Pai::from_mjlog(16, true).expect("a tile");
        assert_eq!(red.to_string(), "0m");
        assert_eq!(
            Pai::from_mjlog(16, false).expect("a tile").to_string(),
            "5m"
        );
        assert_eq!(Pai::from_tenhou6(47).expect("a tile").to_string(), "7z");
        let tiles: Vec<Pai> = [13, 51, 15, 21, 41, 41, 37]
            .iter()
            .filter_map(|n| Pai::from_tenhou6(*n))
            .collect();
        assert_eq!(compact(&tiles), "305m1p7s11z");
    }
}
