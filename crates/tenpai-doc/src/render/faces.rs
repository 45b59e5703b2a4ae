//! The tile faces, drawn as SVG paths: no font is needed to show them.
//!
//! Every face is drawn in a 30 × 40 box: the tile's body (its face and the
//! back's colour showing below it, as a standing tile shows its thickness),
//! then the face's own art. Colours are classes (`mj-r` red, `mj-k` ink, ...)
//! so that a page's stylesheet can theme them with CSS variables, and a
//! standalone SVG can give them fixed colours.

use std::fmt::Write;

use crate::tile::{Suit, Tile};

/// Width and height of a tile, in SVG user units.
pub const TILE_WIDTH: u32 = 30;
pub const TILE_HEIGHT: u32 = 40;

/// A face a tile can show.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Face {
    /// A suited tile: suit 0 man, 1 pin, 2 sou; number 1-9.
    Suited { suit: u8, number: u8 },
    /// A red five of suit 0 man, 1 pin, 2 sou.
    RedFive { suit: u8 },
    /// Honor 1-7: East South West North, White Green Red.
    Honor(u8),
    /// A face-down tile.
    Back,
    /// A blank face (a placeholder).
    Blank,
}

const SUIT_LETTERS: [char; 3] = ['m', 'p', 's'];

impl Face {
    /// Every face: the 34 tiles, the three red fives, the back and the blank.
    pub fn all() -> impl Iterator<Item = Face> {
        let suited =
            (0..3u8).flat_map(|suit| (1..=9u8).map(move |number| Face::Suited { suit, number }));
        let honors = (1..=7u8).map(Face::Honor);
        let reds = (0..3u8).map(|suit| Face::RedFive { suit });
        suited
            .chain(honors)
            .chain(reds)
            .chain([Face::Back, Face::Blank])
    }

    /// The face of `tile` (a red five when `red`).
    pub fn of(tile: Tile, red: bool) -> Face {
        match tile.suit() {
            Suit::Honor => Face::Honor(tile.number()),
            suit if red && tile.number() == 5 => Face::RedFive { suit: suit.index() },
            suit => Face::Suited {
                suit: suit.index(),
                number: tile.number(),
            },
        }
    }

    /// The face's name in tenpai's notation: `5m`, `0m` for a red five,
    /// `1z`; `back` and `blank` for the others. Symbol ids (`mj-5m`) use
    /// it.
    pub fn code(self) -> String {
        let mut out = String::with_capacity(5);
        self.write_code(&mut out);
        out
    }

    pub fn write_code(self, out: &mut String) {
        let letter = |suit: u8| SUIT_LETTERS[usize::from(suit % 3)];
        match self {
            Face::Suited { suit, number } => {
                out.push(char::from(b'0' + number % 10));
                out.push(letter(suit));
            }
            Face::RedFive { suit } => {
                out.push('0');
                out.push(letter(suit));
            }
            Face::Honor(number) => {
                out.push(char::from(b'0' + number % 10));
                out.push('z');
            }
            Face::Back => out.push_str("back"),
            Face::Blank => out.push_str("blank"),
        }
    }

    /// The `<symbol>` element of this face, with id `mj-CODE`.
    pub fn symbol(self) -> String {
        let mut out = String::with_capacity(1024);
        self.write_symbol(&mut out);
        out
    }

    pub fn write_symbol(self, out: &mut String) {
        out.push_str("<symbol id=\"mj-");
        self.write_code(out);
        out.push_str("\" overflow=\"visible\">");
        let out = &mut *out;
        body(
            out,
            if self == Face::Back {
                Side::Down
            } else {
                Side::Up
            },
        );
        match self {
            Face::Suited { suit: 0, number } => man(out, number, Paint::Usual),
            Face::Suited { suit: 1, number } => pin(out, number, Paint::Usual),
            Face::Suited { number, .. } => sou(out, number, Paint::Usual),
            Face::RedFive { suit: 0 } => man(out, 5, Paint::Red),
            Face::RedFive { suit: 1 } => pin(out, 5, Paint::Red),
            Face::RedFive { .. } => sou(out, 5, Paint::Red),
            Face::Honor(number) => honor(out, number),
            Face::Back | Face::Blank => {}
        }
        out.push_str("</symbol>");
    }
}

/// Which side of a tile shows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Up,
    Down,
}

/// How a suited face is coloured: as usual, or all red (a red five).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Paint {
    Usual,
    Red,
}

/// The tile's body: the back's colour below the face (the thickness of a
/// standing tile), the face, its outline.
fn body(out: &mut String, side: Side) {
    out.push_str("<rect class=\"mj-e\" x=\".5\" y=\".5\" width=\"29\" height=\"39\" rx=\"4\"/>");
    if side == Side::Down {
        out.push_str(
            "<rect class=\"mj-bk\" x=\"1\" y=\"1\" width=\"28\" height=\"35\" rx=\"3.5\"/>\
             <rect class=\"mj-o\" x=\"1\" y=\"1\" width=\"28\" height=\"35\" rx=\"3.5\"/>",
        );
    } else {
        out.push_str(
            "<rect class=\"mj-f\" x=\"1\" y=\"1\" width=\"28\" height=\"35\" rx=\"3.5\"/>\
             <rect class=\"mj-o\" x=\"1\" y=\"1\" width=\"28\" height=\"35\" rx=\"3.5\"/>",
        );
    }
}

/// Strokes in one colour class and width.
fn strokes(out: &mut String, class: &str, width: f32, paths: &[&str]) {
    let _ = write!(
        out,
        "<g class=\"{class}\" stroke-width=\"{width}\"><path d=\""
    );
    for (i, p) in paths.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(p);
    }
    out.push_str("\"/></g>");
}

/// The numerals 一 to 九, in the upper part of the face.
const NUMERALS: [&[&str]; 9] = [
    &["M7 10.5Q15 9 23 10"],
    &["M9.5 6.5H20.5", "M7 13H23"],
    &["M9 5H21", "M10 9.5H20", "M7 14H23"],
    &[
        "M7.5 4.5V14.5H22.5V4.5Z",
        "M12.5 4.5Q12.5 10 10.5 11.5",
        "M17 4.5V10Q17 11 19.5 11",
    ],
    &[
        "M8.5 4.5H21.5",
        "M14.5 4.5L12.5 14",
        "M10 9H19.5V14",
        "M6.5 14.5H23.5",
    ],
    &[
        "M14.5 3.5L16 5.5",
        "M7.5 7.5H22.5",
        "M12 10L9 14.5",
        "M18 10L21 14.5",
    ],
    &["M7 9L23 7.5", "M12 4V12Q12 14.5 15 14.5H22.5V12.5"],
    &["M12.5 4.5Q12.5 11 7.5 14.5", "M17.5 4.5Q18 11 23 14.5"],
    &[
        "M12.5 3.5Q12.5 11 7 14.5",
        "M7.5 8H17Q17.5 8 17.5 9V13Q17.5 14.5 19.5 14.5H23V12.5",
    ],
];

/// 萬, in the lower part of a man tile.
const WAN: &[&str] = &[
    "M7 19.5H23",
    "M11 17.5V21.5",
    "M19 17.5V21.5",
    "M10 23H20V27.5H10Z",
    "M10 25.25H20",
    "M15 23V33.5",
    "M8 34V29.5H22V32.5Q22 34 20.5 34",
    "M11.5 33L14.5 30.8",
    "M11.5 33H18.5",
    "M17 31.5L18.5 33",
];

fn man(out: &mut String, number: u8, paint: Paint) {
    let red = paint == Paint::Red;
    let numeral = NUMERALS[usize::from(number.clamp(1, 9) - 1)];
    strokes(out, if red { "mj-rs" } else { "mj-k" }, 2.1, numeral);
    strokes(out, "mj-rs", 1.5, WAN);
}

/// One pin circle: a coloured ring, a face-coloured ring, a coloured eye.
fn circle(out: &mut String, cx: f32, cy: f32, radius: f32, class: &str) {
    let _ = write!(
        out,
        "<circle class=\"{class}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{radius}\"/>\
         <circle class=\"mj-f\" cx=\"{cx}\" cy=\"{cy}\" r=\"{inner}\"/>\
         <circle class=\"{class}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{eye}\"/>",
        inner = round(radius * 0.68),
        eye = round(radius * 0.38),
    );
}

fn round(value: f32) -> f32 {
    (value * 100.0).round() / 100.0
}

fn pin(out: &mut String, number: u8, paint: Paint) {
    let red = paint == Paint::Red;
    let (b, g, r) = ("mj-b", "mj-g", "mj-r");
    let spots: &[(f32, f32, &str)] = match number {
        2 => &[(15.0, 10.5, g), (15.0, 26.5, b)],
        3 => &[(8.5, 8.5, b), (15.0, 18.5, r), (21.5, 28.5, g)],
        4 => &[
            (9.5, 10.5, b),
            (20.5, 10.5, g),
            (9.5, 26.5, g),
            (20.5, 26.5, b),
        ],
        5 => &[
            (8.5, 8.5, b),
            (21.5, 8.5, g),
            (15.0, 18.5, r),
            (8.5, 28.5, g),
            (21.5, 28.5, b),
        ],
        6 => &[
            (10.0, 7.5, g),
            (20.0, 7.5, g),
            (10.0, 19.5, r),
            (20.0, 19.5, r),
            (10.0, 29.0, r),
            (20.0, 29.0, r),
        ],
        7 => &[
            (7.5, 6.5, g),
            (15.0, 9.0, g),
            (22.5, 11.5, g),
            (10.0, 20.5, r),
            (20.0, 20.5, r),
            (10.0, 29.5, r),
            (20.0, 29.5, r),
        ],
        8 => &[
            (10.0, 6.5, b),
            (20.0, 6.5, b),
            (10.0, 14.5, b),
            (20.0, 14.5, b),
            (10.0, 22.5, b),
            (20.0, 22.5, b),
            (10.0, 30.5, b),
            (20.0, 30.5, b),
        ],
        9 => &[
            (7.5, 8.0, b),
            (15.0, 8.0, b),
            (22.5, 8.0, b),
            (7.5, 18.5, r),
            (15.0, 18.5, r),
            (22.5, 18.5, r),
            (7.5, 29.0, g),
            (15.0, 29.0, g),
            (22.5, 29.0, g),
        ],
        _ => {
            // 1p: one large ornate circle.
            out.push_str(
                "<circle class=\"mj-g\" cx=\"15\" cy=\"18.5\" r=\"11.5\"/>\
                 <circle class=\"mj-f\" cx=\"15\" cy=\"18.5\" r=\"9.8\"/>\
                 <circle class=\"mj-rs\" cx=\"15\" cy=\"18.5\" r=\"8.3\" stroke-width=\"1.2\" stroke-dasharray=\"1.6 1.1\"/>\
                 <circle class=\"mj-b\" cx=\"15\" cy=\"18.5\" r=\"6.3\"/>\
                 <circle class=\"mj-f\" cx=\"15\" cy=\"18.5\" r=\"4.1\"/>\
                 <circle class=\"mj-r\" cx=\"15\" cy=\"18.5\" r=\"2.4\"/>",
            );
            return;
        }
    };
    let radius = match number {
        2 => 6.3,
        3 => 5.0,
        4 => 5.3,
        5 => 4.8,
        6 => 4.3,
        7 => 3.8,
        _ => 3.7,
    };
    for &(cx, cy, class) in spots {
        circle(out, cx, cy, radius, if red { r } else { class });
    }
}

/// One bamboo stick, centred at (`cx`, `cy`), `length` long, turned by
/// `angle` degrees.
fn stick(out: &mut String, cx: f32, cy: f32, length: f32, angle: f32, class: &str) {
    let top = cy - length / 2.0;
    let turn = if angle == 0.0 {
        String::new()
    } else {
        format!(" transform=\"rotate({angle} {cx} {cy})\"")
    };
    let _ = write!(
        out,
        "<g class=\"{class}\"{turn}>\
         <rect x=\"{x}\" y=\"{top}\" width=\"3.4\" height=\"{length}\" rx=\"1.2\"/>\
         <rect x=\"{nx}\" y=\"{ny}\" width=\"4.6\" height=\"1.5\" rx=\".7\"/>\
         <rect x=\"{nx}\" y=\"{top2}\" width=\"4.6\" height=\"1.5\" rx=\".7\"/>\
         <rect x=\"{nx}\" y=\"{bottom}\" width=\"4.6\" height=\"1.5\" rx=\".7\"/>\
         <rect class=\"mj-f\" x=\"{lx}\" y=\"{ly}\" width=\".8\" height=\"{ll}\"/>\
         </g>",
        x = round(cx - 1.7),
        nx = round(cx - 2.3),
        ny = round(cy - 0.75),
        top2 = round(top - 0.2),
        bottom = round(top + length - 1.3),
        lx = round(cx - 0.4),
        ly = round(top + 1.8),
        ll = round((length - 3.6).max(0.5)),
    );
}

fn sou(out: &mut String, number: u8, paint: Paint) {
    let red = paint == Paint::Red;
    let (g, b, r) = if red {
        ("mj-r", "mj-r", "mj-r")
    } else {
        ("mj-g", "mj-b", "mj-r")
    };
    let sticks: &[(f32, f32, f32, f32, &str)] = match number {
        2 => &[(15.0, 10.5, 13.0, 0.0, b), (15.0, 26.5, 13.0, 0.0, g)],
        3 => &[
            (15.0, 10.5, 13.0, 0.0, g),
            (10.0, 26.5, 13.0, 0.0, b),
            (20.0, 26.5, 13.0, 0.0, b),
        ],
        4 => &[
            (10.0, 10.5, 13.0, 0.0, g),
            (20.0, 10.5, 13.0, 0.0, b),
            (10.0, 26.5, 13.0, 0.0, b),
            (20.0, 26.5, 13.0, 0.0, g),
        ],
        5 => &[
            (8.0, 10.5, 13.0, 0.0, g),
            (22.0, 10.5, 13.0, 0.0, b),
            (15.0, 18.5, 13.0, 0.0, r),
            (8.0, 26.5, 13.0, 0.0, b),
            (22.0, 26.5, 13.0, 0.0, g),
        ],
        6 => &[
            (8.0, 10.5, 13.0, 0.0, g),
            (15.0, 10.5, 13.0, 0.0, g),
            (22.0, 10.5, 13.0, 0.0, g),
            (8.0, 26.5, 13.0, 0.0, b),
            (15.0, 26.5, 13.0, 0.0, b),
            (22.0, 26.5, 13.0, 0.0, b),
        ],
        7 => &[
            (15.0, 7.5, 8.5, 0.0, r),
            (8.0, 18.8, 8.5, 0.0, g),
            (15.0, 18.8, 8.5, 0.0, g),
            (22.0, 18.8, 8.5, 0.0, g),
            (8.0, 29.0, 8.5, 0.0, b),
            (15.0, 29.0, 8.5, 0.0, b),
            (22.0, 29.0, 8.5, 0.0, b),
        ],
        8 => &[
            (6.5, 10.5, 13.0, 0.0, g),
            (11.8, 10.5, 13.0, 22.0, g),
            (18.2, 10.5, 13.0, -22.0, g),
            (23.5, 10.5, 13.0, 0.0, g),
            (6.5, 26.5, 13.0, 0.0, b),
            (11.8, 26.5, 13.0, -22.0, b),
            (18.2, 26.5, 13.0, 22.0, b),
            (23.5, 26.5, 13.0, 0.0, b),
        ],
        9 => &[
            (8.0, 8.5, 8.5, 0.0, g),
            (15.0, 8.5, 8.5, 0.0, r),
            (22.0, 8.5, 8.5, 0.0, g),
            (8.0, 18.5, 8.5, 0.0, b),
            (15.0, 18.5, 8.5, 0.0, r),
            (22.0, 18.5, 8.5, 0.0, b),
            (8.0, 28.5, 8.5, 0.0, g),
            (15.0, 28.5, 8.5, 0.0, r),
            (22.0, 28.5, 8.5, 0.0, g),
        ],
        _ => {
            bird(out);
            return;
        }
    };
    for &(cx, cy, length, angle, class) in sticks {
        stick(out, cx, cy, length, angle, class);
    }
}

/// 1s: a small bird, as most riichi sets show it.
fn bird(out: &mut String) {
    out.push_str(
        "<ellipse class=\"mj-b\" cx=\"21\" cy=\"12\" rx=\"2.6\" ry=\"7.5\" transform=\"rotate(28 21 12)\"/>\
         <ellipse class=\"mj-g\" cx=\"18\" cy=\"10.5\" rx=\"2.6\" ry=\"7.5\" transform=\"rotate(8 18 10.5)\"/>\
         <ellipse class=\"mj-g\" cx=\"23\" cy=\"17\" rx=\"2.4\" ry=\"6.5\" transform=\"rotate(55 23 17)\"/>\
         <ellipse class=\"mj-g\" cx=\"13.5\" cy=\"21.5\" rx=\"7\" ry=\"5.2\" transform=\"rotate(-15 13.5 21.5)\"/>\
         <path class=\"mj-r\" d=\"M9.5 21Q14 16.5 19 20.5Q14 24.5 9.5 21Z\"/>\
         <circle class=\"mj-g\" cx=\"8.5\" cy=\"13.5\" r=\"3.4\"/>\
         <circle class=\"mj-f\" cx=\"8\" cy=\"12.8\" r=\".9\"/>\
         <path class=\"mj-r\" d=\"M5.6 12.6L3 14.3L5.8 15.2Z\"/>\
         <path class=\"mj-r\" d=\"M8 10.3L7 7.5L9.7 9.6Z\"/>\
         <g class=\"mj-k\" stroke-width=\"1.1\"><path d=\"M12 26.3L11 31.5M15.5 26.3L16.5 31.5M8 32H20\"/></g>",
    );
}

fn honor(out: &mut String, number: u8) {
    match number {
        1 => strokes(
            out,
            "mj-k",
            2.0,
            &["M6.5 9.5H23.5", "M15 4.5V33", "M8.5 13H21.5V23.5H8.5Z", "M8.5 18.25H21.5", "M13.5 24.5Q11 29.5 6.5 32", "M16.5 24.5Q19 29.5 23.5 32"],
        ),
        2 => strokes(
            out,
            "mj-k",
            2.0,
            &["M7 8.5H23", "M15 4.5V13", "M7.5 33V13H22.5V31.5Q22.5 33 21 33", "M12 15.5L13.2 18", "M18 15.5L16.8 18", "M10.5 20.5H19.5", "M10 25.5H20", "M15 20.5V31"],
        ),
        3 => strokes(
            out,
            "mj-k",
            2.0,
            &["M6.5 7H23.5", "M8 12.5V32.5H22V12.5Z", "M12.5 7V16Q12.5 20 9.5 22", "M17.5 7V19.5Q17.5 21 19.5 21H22", "M8 27.5H22"],
        ),
        4 => strokes(
            out,
            "mj-k",
            2.0,
            &["M12 5V31", "M6 12.5H12", "M6.5 24L12 21", "M18 5V29Q18 32 21 32H24V28.5", "M18 15.5L24 11.5"],
        ),
        5 => out.push_str(
            "<rect class=\"mj-bs\" x=\"6.5\" y=\"6\" width=\"17\" height=\"25\" rx=\"1\" stroke-width=\"1.6\"/>\
             <rect class=\"mj-bs\" x=\"8.5\" y=\"8\" width=\"13\" height=\"21\" stroke-width=\".6\"/>",
        ),
        6 => strokes(
            out,
            "mj-gs",
            1.6,
            &[
                "M7.5 5.5H12Q11 9.5 6.8 12", "M9.8 8.5L12.5 10.5",
                "M17.5 4.5L19.8 6.2", "M15.8 8H23", "M19 8Q20 11 23.5 12", "M18.5 10Q17 11.7 15 12.5",
                "M7.5 14.5H13V19.5H8V24.5H13.5V31Q13.5 33 11 32.5",
                "M18 14.5V18.5Q18 20.8 16.5 21.8", "M18 14.5H22V19.5Q22 21 23.5 21",
                "M16.5 24H22.5Q21 29 16.5 33", "M18 26.5Q20 31 24 33",
            ],
        ),
        _ => strokes(out, "mj-rs", 2.6, &["M7 11H23V24H7Z", "M15 4V33.5"]),
    }
}

/// How a stylesheet gives colours.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Colours {
    /// Each colour a CSS variable (`--mj-red` ...) with the palette's as
    /// fallback: a page's, which a site may restyle.
    Variables,
    /// The palette's own: a standalone picture's (rasterisers know no
    /// variables).
    Fixed,
}

/// The style rules for the classes the faces use, in `palette`'s colours.
pub fn style_rules(palette: &Palette, colours: Colours) -> String {
    let value = |name: &str, fallback: &str| match colours {
        Colours::Variables => format!("var(--mj-{name},{fallback})"),
        Colours::Fixed => fallback.to_string(),
    };
    format!(
        ".mj-e{{fill:{side}}}.mj-f{{fill:{face}}}.mj-bk{{fill:{back}}}\
         .mj-o{{fill:none;stroke:{outline};stroke-width:.8}}\
         .mj-r{{fill:{red}}}.mj-g{{fill:{green}}}.mj-b{{fill:{blue}}}\
         .mj-k,.mj-rs,.mj-gs,.mj-bs{{fill:none;stroke-linecap:round;stroke-linejoin:round}}\
         .mj-k{{stroke:{ink}}}.mj-rs{{stroke:{red}}}.mj-gs{{stroke:{green}}}.mj-bs{{stroke:{blue}}}",
        side = value("side", palette.side),
        face = value("face", palette.face),
        back = value("back", palette.back),
        outline = value("outline", palette.outline),
        red = value("red", palette.red),
        green = value("green", palette.green),
        blue = value("blue", palette.blue),
        ink = value("ink", palette.ink),
    )
}

/// The colours of one theme.
pub struct Palette {
    pub face: &'static str,
    pub side: &'static str,
    pub back: &'static str,
    pub outline: &'static str,
    pub ink: &'static str,
    pub red: &'static str,
    pub green: &'static str,
    pub blue: &'static str,
    /// Labels and captions.
    pub text: &'static str,
    /// The frame of a hand with errors.
    pub error: &'static str,
}

pub const LIGHT: Palette = Palette {
    face: "#fbf8ef",
    side: "#e3a93c",
    back: "#e3a93c",
    outline: "#9c8f78",
    ink: "#1c1c1c",
    red: "#cc2229",
    green: "#11734a",
    blue: "#1d4f9e",
    text: "#4a4a4a",
    error: "#d0202a",
};

pub const DARK: Palette = Palette {
    face: "#e8e2d2",
    side: "#b07a1f",
    back: "#b07a1f",
    outline: "#4a4234",
    ink: "#161616",
    red: "#c41f26",
    green: "#0f6b44",
    blue: "#1b4a94",
    text: "#b8b8b8",
    error: "#ff5a5f",
};
