//! A hand laid out as players lay it: the closed tiles in order, the
//! winning (or drawn) tile set apart, the called melds with the called tile
//! turned sideways, an added kan's fourth tile lying on the called one,
//! closed kans with two tiles face down, then the dora and ura indicators.
//!
//! [`Drawing`] is what is drawn, independent of how the hand was written:
//! [`Drawing::from_line`] reads tenpai's notation, and a reader of another
//! notation that knows more (who a tile was called from, an added kan) can
//! build one itself. [`Layout`] places its tiles.

use crate::hand::Validated;
use crate::notation::ast::{Bracket, HandItem, HandLine, OptionValue, TileTok};
use crate::tile::Tile;

use super::faces::{Face, TILE_HEIGHT, TILE_WIDTH};

/// One tile to draw: a kind, and whether it is a red five.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TileFace {
    pub tile: Tile,
    pub red: bool,
}

impl TileFace {
    pub fn new(tile: Tile, red: bool) -> TileFace {
        TileFace {
            tile,
            red: red && tile.is_five(),
        }
    }

    fn of(token: &TileTok) -> TileFace {
        TileFace::new(token.tile, token.red)
    }

    /// The face it shows, face up.
    pub fn face(self) -> Face {
        Face::of(self.tile, self.red)
    }

    /// How it sorts in a hand: by kind, a red five before a plain five
    /// (as `tenpai fmt` writes `0` before `5`).
    fn order(self) -> (usize, bool) {
        (self.tile.index(), !self.red)
    }
}

/// The player a meld's tile was called from, which decides where the
/// sideways tile lies: on the left for the player on the left, in the
/// middle for the one across, on the right for the one on the right.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum CalledFrom {
    /// Kamicha, the player on the left: the only one a chi is called from,
    /// and what is drawn when the notation does not say.
    #[default]
    Left,
    Across,
    Right,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MeldShape {
    /// A chi, pon or open kan: one tile sideways.
    Called(CalledFrom),
    /// A kan added to a pon: the fourth tile lies on the sideways one.
    AddedKan(CalledFrom),
    /// A closed kan: two of its tiles face down.
    ClosedKan,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MeldDrawing {
    pub shape: MeldShape,
    /// In the order drawn, the called tile first for a chi.
    pub tiles: Vec<TileFace>,
}

/// Which tiles of a closed kan are drawn face down.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum ClosedKanStyle {
    /// The two outer tiles, as most players lay it.
    #[default]
    OuterDown,
    /// The two inner tiles.
    InnerDown,
}

/// Whether to arrange the closed tiles as a player does, or to draw them
/// as written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Arrangement {
    /// Sorted, the winning (or drawn) tile set apart.
    AsPlayed,
    /// In the order written (a hand with errors, a shape, a mention).
    AsWritten,
}

/// What a hand picture shows.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Drawing {
    pub closed: Vec<TileFace>,
    /// The winning or drawn tile, set apart from the closed tiles.
    pub apart: Option<TileFace>,
    pub melds: Vec<MeldDrawing>,
    pub dora: Vec<TileFace>,
    pub ura: Vec<TileFace>,
}

impl Drawing {
    /// The drawing of a parsed hand line. `validated` (the line's validated
    /// hand) names the winning tile; with [`Arrangement::AsWritten`] the
    /// tiles keep the order they were written in and none is set apart.
    pub fn from_line(
        line: &HandLine,
        validated: Option<&Validated>,
        arrangement: Arrangement,
    ) -> Drawing {
        let mut drawing = Drawing::default();
        let mut closed: Vec<TileTok> = Vec::new();
        for item in &line.items {
            match item {
                HandItem::Group(group) => closed.extend_from_slice(line.toks(&group.tiles)),
                HandItem::Meld(meld) => {
                    let tiles: Vec<TileFace> =
                        line.toks(&meld.tiles).iter().map(TileFace::of).collect();
                    drawing.melds.push(meld_drawing(meld.bracket, tiles));
                }
            }
        }
        if arrangement == Arrangement::AsPlayed {
            let win = validated.and_then(|v| v.hand.win);
            if let Some(win) = win {
                // `win=` names the tile (a red five too); otherwise it is
                // the last closed tile written.
                let named = match line.option("win").and_then(|o| o.value.as_ref()) {
                    Some(OptionValue::Tile(token)) => Some(TileFace::of(token)),
                    _ => None,
                };
                let at = match named {
                    Some(face) => closed
                        .iter()
                        .rposition(|t| TileFace::of(t) == face)
                        .or_else(|| closed.iter().rposition(|t| t.tile == win)),
                    None => closed.iter().rposition(|t| t.tile == win),
                };
                if let Some(at) = at {
                    drawing.apart = Some(TileFace::of(&closed.remove(at)));
                }
            }
            closed.sort_by_key(|t| TileFace::of(t).order());
        }
        drawing.closed = closed.iter().map(TileFace::of).collect();
        for option in &line.options {
            let list = match option.key() {
                "dora" => &mut drawing.dora,
                "ura" => &mut drawing.ura,
                _ => continue,
            };
            match &option.value {
                Some(OptionValue::Tiles(range)) => {
                    list.extend(line.toks(range).iter().map(TileFace::of))
                }
                Some(OptionValue::Tile(token)) => list.push(TileFace::of(token)),
                _ => {}
            }
        }
        drawing
    }

    /// Every tile of the hand (closed, apart, melds), in the order drawn.
    pub fn hand_tiles(&self) -> impl Iterator<Item = TileFace> + '_ {
        self.closed
            .iter()
            .chain(&self.apart)
            .chain(self.melds.iter().flat_map(|m| &m.tiles))
            .copied()
    }

    /// The hand in tenpai's canonical notation: the closed tiles sorted,
    /// one group per suit (a red five written `0`), then each meld sorted
    /// inside: `123m406p789s11z (555p)`.
    pub fn canonical(&self) -> String {
        let mut closed: Vec<TileFace> = self.closed.iter().chain(&self.apart).copied().collect();
        closed.sort_by_key(|t| t.order());
        let mut out = String::with_capacity(32);
        write_compact(&mut out, &closed);
        for meld in &self.melds {
            let mut tiles = meld.tiles.clone();
            tiles.sort_by_key(|t| t.order());
            if !out.is_empty() {
                out.push(' ');
            }
            let (open, close) = match meld.shape {
                MeldShape::ClosedKan => ('[', ']'),
                _ => ('(', ')'),
            };
            out.push(open);
            write_compact(&mut out, &tiles);
            out.push(close);
        }
        out
    }
}

/// `tiles` (sorted) as digits with one suit letter per run: `4056m1z`.
fn write_compact(out: &mut String, tiles: &[TileFace]) {
    let mut iter = tiles.iter().peekable();
    while let Some(face) = iter.next() {
        let suit = face.tile.suit();
        let digit = if face.red { 0 } else { face.tile.number() };
        out.push(char::from(b'0' + digit));
        if iter.peek().is_none_or(|next| next.tile.suit() != suit) {
            out.push(suit.letter());
        }
    }
}

fn meld_drawing(bracket: Bracket, tiles: Vec<TileFace>) -> MeldDrawing {
    match bracket {
        Bracket::Closed => MeldDrawing {
            shape: MeldShape::ClosedKan,
            tiles,
        },
        Bracket::Open => MeldDrawing {
            shape: MeldShape::Called(CalledFrom::Left),
            tiles,
        },
    }
}

/// How a tile lies.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pose {
    Upright,
    /// Turned a quarter to the left: a called tile.
    Sideways,
    /// Sideways, lying on the sideways tile below it: an added kan.
    Stacked,
}

/// A tile placed in the picture.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Placed {
    /// The face shown (a face-down tile shows [`Face::Back`]).
    pub face: Face,
    /// The tile it is, for `data-tile` (also when face down).
    pub tile: TileFace,
    /// Left edge, in SVG user units.
    pub x: f32,
    pub pose: Pose,
}

/// A label under a group of indicators.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Label {
    pub x: f32,
    pub text: &'static str,
}

/// The placed tiles of a [`Drawing`].
#[derive(Clone, PartialEq, Debug)]
pub struct Layout {
    pub tiles: Vec<Placed>,
    pub labels: Vec<Label>,
    pub width: f32,
    /// The top of the row of tiles: room above it for stacked tiles.
    pub top: f32,
    /// The height of the tiles and labels (the picture's height).
    pub height: f32,
}

/// Space between the closed tiles and the tile set apart.
const APART_GAP: f32 = 8.0;
/// Space before each meld.
const MELD_GAP: f32 = 7.0;
/// Space before the indicators.
const INDICATOR_GAP: f32 = 18.0;
/// Height of an indicator label below the tiles.
pub const LABEL_HEIGHT: f32 = 13.0;

impl Layout {
    pub fn of(drawing: &Drawing, closed_kans: ClosedKanStyle) -> Layout {
        let width = TILE_WIDTH as f32;
        let height = TILE_HEIGHT as f32;
        let mut tiles = Vec::with_capacity(drawing.closed.len() + 8);
        let mut x = 0.0;
        let upright = |tiles: &mut Vec<Placed>, x: &mut f32, tile: TileFace, face: Face| {
            tiles.push(Placed {
                face,
                tile,
                x: *x,
                pose: Pose::Upright,
            });
            *x += width;
        };
        for &tile in &drawing.closed {
            upright(&mut tiles, &mut x, tile, tile.face());
        }
        if let Some(tile) = drawing.apart {
            if !drawing.closed.is_empty() {
                x += APART_GAP;
            }
            upright(&mut tiles, &mut x, tile, tile.face());
        }
        let mut stacked = false;
        for meld in &drawing.melds {
            if x > 0.0 {
                x += MELD_GAP;
            }
            match meld.shape {
                MeldShape::ClosedKan => {
                    let last = meld.tiles.len().saturating_sub(1);
                    let down = |i: usize| {
                        let outer = i == 0 || i == last;
                        match closed_kans {
                            ClosedKanStyle::OuterDown => outer,
                            ClosedKanStyle::InnerDown => !outer,
                        }
                    };
                    // A red five is shown: it takes a face-up place.
                    let mut kan = meld.tiles.clone();
                    if kan.iter().any(|t| t.red) {
                        let reds_first = meld.tiles.iter().filter(|t| t.red);
                        let reds_first = reds_first.chain(meld.tiles.iter().filter(|t| !t.red));
                        let up_first = (0..kan.len()).filter(|&i| !down(i));
                        let up_first = up_first.chain((0..kan.len()).filter(|&i| down(i)));
                        for (slot, &tile) in up_first.zip(reds_first) {
                            kan[slot] = tile;
                        }
                    }
                    for (i, &tile) in kan.iter().enumerate() {
                        let face = if down(i) { Face::Back } else { tile.face() };
                        upright(&mut tiles, &mut x, tile, face);
                    }
                }
                MeldShape::Called(from) | MeldShape::AddedKan(from) => {
                    let added = matches!(meld.shape, MeldShape::AddedKan(_));
                    // An added kan's fourth tile is the last one given.
                    let (row, on_top) = match (added, meld.tiles.split_last()) {
                        (true, Some((last, rest))) if !rest.is_empty() => (rest, Some(*last)),
                        _ => (&meld.tiles[..], None),
                    };
                    let sideways = match from {
                        CalledFrom::Left => 0,
                        CalledFrom::Across => 1.min(row.len().saturating_sub(1)),
                        CalledFrom::Right => row.len().saturating_sub(1),
                    };
                    for (i, &tile) in row.iter().enumerate() {
                        if i == sideways {
                            tiles.push(Placed {
                                face: tile.face(),
                                tile,
                                x,
                                pose: Pose::Sideways,
                            });
                            if let Some(top) = on_top {
                                stacked = true;
                                tiles.push(Placed {
                                    face: top.face(),
                                    tile: top,
                                    x,
                                    pose: Pose::Stacked,
                                });
                            }
                            x += height;
                        } else {
                            upright(&mut tiles, &mut x, tile, tile.face());
                        }
                    }
                }
            }
        }
        let mut labels = Vec::new();
        for (list, text) in [(&drawing.dora, "dora"), (&drawing.ura, "ura")] {
            if list.is_empty() {
                continue;
            }
            if x > 0.0 {
                x += INDICATOR_GAP;
            }
            labels.push(Label { x, text });
            for &tile in list {
                upright(&mut tiles, &mut x, tile, tile.face());
            }
        }
        // A stacked tile lies on a sideways one (30 high) and is 30 high.
        let top = if stacked { width } else { 0.0 };
        let label = if labels.is_empty() { 0.0 } else { LABEL_HEIGHT };
        Layout {
            tiles,
            labels,
            width: x.max(1.0),
            top,
            height: top + height + label,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::analyze_text;
    use crate::score::Rules;

    fn drawing(line: &str) -> Drawing {
        let analysis = analyze_text(line, &Rules::tenhou());
        let arrangement = if analysis.outcome.is_some() {
            Arrangement::AsPlayed
        } else {
            Arrangement::AsWritten
        };
        Drawing::from_line(
            analysis.hand_line().expect("a hand line"),
            analysis.validated.as_ref(),
            arrangement,
        )
    }

    fn codes(tiles: &[TileFace]) -> String {
        let mut out = String::new();
        write_compact(&mut out, tiles);
        out
    }

    #[test]
    fn closed_tiles_are_sorted_and_the_winning_tile_set_apart() {
        let d = drawing("789s 11z 123m 456p 2z2z3z");
        assert_eq!(codes(&d.closed), "123m456p789s1122z");
        assert_eq!(d.apart.map(|t| t.tile.ascii()), Some("3z".to_string()));
        // `win=` names the tile set apart, a red five as written.
        let d = drawing("340m456p789s11222z win=0m");
        assert_eq!(codes(&d.closed), "34m456p789s11222z");
        assert_eq!(
            d.apart,
            Some(TileFace::new(
                Tile::new(crate::tile::Suit::Man, 5).unwrap(),
                true
            ))
        );
        // A waiting hand has nothing apart.
        assert_eq!(drawing("123m456p789s1122z").apart, None);
    }

    #[test]
    fn a_hand_with_errors_keeps_its_written_order() {
        let d = drawing("9m123m456p789s1122z8z");
        assert_eq!(d.apart, None);
        assert_eq!(
            d.closed.first().map(|t| t.tile.ascii()),
            Some("9m".to_string())
        );
    }

    #[test]
    fn called_tiles_lie_sideways_and_closed_kans_show_two_backs() {
        let d = drawing("123m456p11z (789s) [5550p] dora=4p");
        let layout = Layout::of(&d, ClosedKanStyle::OuterDown);
        let poses: Vec<Pose> = layout.tiles.iter().map(|t| t.pose).collect();
        assert_eq!(poses.iter().filter(|p| **p == Pose::Sideways).count(), 1);
        let kan: Vec<Face> = layout.tiles[11..15].iter().map(|t| t.face).collect();
        // The red five shows, face up, between the backs.
        assert_eq!(kan[0], Face::Back);
        assert_eq!(kan[3], Face::Back);
        assert!(kan[1..3].contains(&Face::RedFive { suit: 1 }));
        // Backs still say which tile they are.
        assert_eq!(layout.tiles[11].tile.tile.ascii(), "5p");
        assert_eq!(layout.labels.len(), 1);
        assert_eq!(layout.labels[0].text, "dora");
        let inner = Layout::of(&d, ClosedKanStyle::InnerDown);
        let kan: Vec<Face> = inner.tiles[11..15].iter().map(|t| t.face).collect();
        assert_eq!((kan[1], kan[2]), (Face::Back, Face::Back));
        assert!(kan[0] == Face::RedFive { suit: 1 } || kan[3] == Face::RedFive { suit: 1 });
    }

    #[test]
    fn an_added_kan_stacks_its_fourth_tile() {
        let five = TileFace::new(Tile::new(crate::tile::Suit::Pin, 5).unwrap(), false);
        let d = Drawing {
            melds: vec![MeldDrawing {
                shape: MeldShape::AddedKan(CalledFrom::Across),
                tiles: vec![five; 4],
            }],
            ..Drawing::default()
        };
        let layout = Layout::of(&d, ClosedKanStyle::OuterDown);
        let poses: Vec<Pose> = layout.tiles.iter().map(|t| t.pose).collect();
        assert_eq!(
            poses,
            [Pose::Upright, Pose::Sideways, Pose::Stacked, Pose::Upright]
        );
        // Room above the row for the stacked tile.
        assert!(layout.top > 0.0);
        assert_eq!(layout.tiles[1].x, layout.tiles[2].x);
    }

    #[test]
    fn canonical_notation_sorts_and_keeps_red_fives() {
        assert_eq!(
            drawing("6m0m4m5m 123p 789s 11z (555s) win=4m").canonical(),
            "4056m123p789s11z (555s)"
        );
    }
}
