//! A laid-out hand as SVG: `<use>` elements that point at the faces'
//! `<symbol>`s, each with its tile in `data-tile` (`5m`, `0m` for a red
//! five). In a page the symbols are written once ([`sprite`]); a standalone
//! picture carries the ones it uses and its own colours.

use std::fmt::Write;

use super::faces::{style_rules, Colours, Face, Palette, DARK, LIGHT, TILE_HEIGHT};
use super::layout::{Layout, Placed, Pose, TileFace, LABEL_HEIGHT};
use super::Theme;

/// The faces a set of pictures uses, so a page or picture carries only
/// their symbols.
#[derive(Clone, Debug, Default)]
pub struct FaceSet {
    used: Vec<Face>,
}

impl FaceSet {
    pub fn new() -> FaceSet {
        FaceSet::default()
    }

    /// Every face (the gallery of all tiles).
    pub fn all() -> FaceSet {
        FaceSet {
            used: Face::all().collect(),
        }
    }

    pub fn add(&mut self, face: Face) {
        if let Err(at) = self.used.binary_search(&face) {
            self.used.insert(at, face);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.used.is_empty()
    }

    /// The `<symbol>` elements, one per face, in a stable order.
    pub fn symbols(&self) -> String {
        let mut out = String::with_capacity(self.used.len() * 700);
        for face in &self.used {
            face.write_symbol(&mut out);
        }
        out
    }
}

/// A hidden `<svg>` holding the symbols of `faces`, for a page.
pub fn sprite(faces: &FaceSet) -> String {
    format!(
        "<svg class=\"mj-sprite\" width=\"0\" height=\"0\" aria-hidden=\"true\" \
         style=\"position:absolute;width:0;height:0;overflow:hidden\">{}</svg>",
        faces.symbols()
    )
}

/// Writes `text` with `&`, `<`, `>` and `"` escaped, for text and
/// attribute values alike.
pub fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
}

pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    escape_into(&mut out, text);
    out
}

/// A number with at most one decimal, without a trailing `.0`.
fn number(out: &mut String, value: f32) {
    let tenths = (value * 10.0).round() as i64;
    if tenths % 10 == 0 {
        let _ = write!(out, "{}", tenths / 10);
    } else {
        let _ = write!(out, "{}.{}", tenths / 10, (tenths % 10).abs());
    }
}

fn tile_code(out: &mut String, tile: TileFace) {
    let digit = if tile.red { 0 } else { tile.tile.number() };
    out.push(char::from(b'0' + digit));
    out.push(tile.tile.suit().letter());
}

/// One tile's `<use>`.
fn write_tile(out: &mut String, placed: &Placed, top: f32, faces: &mut FaceSet) {
    faces.add(placed.face);
    out.push_str("<use data-tile=\"");
    tile_code(out, placed.tile);
    out.push_str("\" href=\"#mj-");
    placed.face.write_code(out);
    out.push('"');
    let height = TILE_HEIGHT as f32;
    match placed.pose {
        Pose::Upright => {
            if placed.x != 0.0 {
                out.push_str(" x=\"");
                number(out, placed.x);
                out.push('"');
            }
            if top != 0.0 {
                out.push_str(" y=\"");
                number(out, top);
                out.push('"');
            }
        }
        // Turned a quarter to the left about its top-left corner, then
        // moved so that it lies on the row's bottom line (or on the tile
        // below it).
        Pose::Sideways | Pose::Stacked => {
            let bottom = if placed.pose == Pose::Sideways {
                top + height
            } else {
                top + height - super::faces::TILE_WIDTH as f32
            };
            out.push_str(" transform=\"translate(");
            number(out, placed.x);
            out.push(' ');
            number(out, bottom);
            out.push_str(")rotate(-90)\"");
        }
    }
    out.push_str("/>");
}

/// What is written around the tiles.
pub struct Frame<'a> {
    /// The `<title>`: the hand's notation, and its errors.
    pub title: &'a str,
    /// Marks a hand with errors with a dashed red frame.
    pub marked: bool,
    /// Scale: CSS pixels per SVG unit.
    pub scale: f32,
}

/// The hand's `<svg>` for a page: the tiles point at the page's sprite.
pub fn inline(out: &mut String, layout: &Layout, frame: &Frame, faces: &mut FaceSet) {
    let pad = if frame.marked { 3.0 } else { 0.0 };
    let (width, height) = (layout.width + 2.0 * pad, layout.height + 2.0 * pad);
    out.push_str("<svg viewBox=\"");
    number(out, -pad);
    out.push(' ');
    number(out, -pad);
    out.push(' ');
    number(out, width);
    out.push(' ');
    number(out, height);
    out.push_str("\" width=\"");
    number(out, width * frame.scale);
    out.push_str("\" height=\"");
    number(out, height * frame.scale);
    out.push_str("\" role=\"img\" aria-label=\"");
    escape_into(out, frame.title);
    out.push_str("\"><title>");
    escape_into(out, frame.title);
    out.push_str("</title>");
    tiles(out, layout, frame, faces);
    out.push_str("</svg>");
}

fn tiles(out: &mut String, layout: &Layout, frame: &Frame, faces: &mut FaceSet) {
    for placed in &layout.tiles {
        write_tile(out, placed, layout.top, faces);
    }
    let label_y = layout.top + TILE_HEIGHT as f32 + LABEL_HEIGHT - 2.0;
    for label in &layout.labels {
        out.push_str("<text class=\"mj-l\" x=\"");
        number(out, label.x + 1.0);
        out.push_str("\" y=\"");
        number(out, label_y);
        out.push_str("\">");
        out.push_str(label.text);
        out.push_str("</text>");
    }
    if frame.marked {
        out.push_str("<rect class=\"mj-x\" x=\"-2\" y=\"-2\" width=\"");
        number(out, layout.width + 4.0);
        out.push_str("\" height=\"");
        number(out, layout.height + 4.0);
        out.push_str("\" rx=\"4\"/>");
    }
}

/// Style rules of the picture's own parts (labels, error frame, caption).
fn picture_rules(palette: &Palette, colours: Colours) -> String {
    let (text, error) = match colours {
        Colours::Variables => (
            format!("var(--mj-text,{})", palette.text),
            format!("var(--mj-error,{})", palette.error),
        ),
        Colours::Fixed => (palette.text.to_string(), palette.error.to_string()),
    };
    format!(
        ".mj-l,.mj-c{{fill:{text};font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif}}\
         .mj-l{{font-size:10px}}.mj-c{{font-size:13px}}\
         .mj-x{{fill:none;stroke:{error};stroke-width:2;stroke-dasharray:5 3}}"
    )
}

/// Every style rule a page needs for its hands, themed with CSS variables.
pub fn page_rules() -> String {
    let mut out = style_rules(&LIGHT, Colours::Variables);
    out.push_str(&picture_rules(&LIGHT, Colours::Variables));
    out
}

/// The CSS variables of a theme, as declarations.
pub fn variables(palette: &Palette) -> String {
    format!(
        "--mj-face:{};--mj-side:{};--mj-back:{};--mj-outline:{};--mj-ink:{};\
         --mj-red:{};--mj-green:{};--mj-blue:{};--mj-text:{};--mj-error:{};",
        palette.face,
        palette.side,
        palette.back,
        palette.outline,
        palette.ink,
        palette.red,
        palette.green,
        palette.blue,
        palette.text,
        palette.error
    )
}

/// A standalone SVG document of one hand: its symbols, fixed colours of
/// `theme` (with [`Theme::Auto`], the light colours and the dark ones under
/// `prefers-color-scheme: dark`), and an optional caption under the tiles.
pub fn standalone(layout: &Layout, frame: &Frame, caption: Option<&str>, theme: Theme) -> String {
    let mut faces = FaceSet::new();
    let mut body = String::with_capacity(2048);
    tiles(&mut body, layout, frame, &mut faces);
    let caption_height = if caption.is_some() { 20.0 } else { 0.0 };
    if let Some(text) = caption {
        body.push_str("<text class=\"mj-c\" x=\"0\" y=\"");
        number(&mut body, layout.height + 15.0);
        body.push_str("\">");
        escape_into(&mut body, text);
        body.push_str("</text>");
    }
    let pad = if frame.marked { 3.0 } else { 0.0 };
    let (width, height) = (
        layout.width + 2.0 * pad,
        layout.height + caption_height + 2.0 * pad,
    );
    let palette = match theme {
        Theme::Dark => &DARK,
        Theme::Light | Theme::Auto => &LIGHT,
    };
    let mut style = style_rules(palette, Colours::Fixed);
    style.push_str(&picture_rules(palette, Colours::Fixed));
    if theme == Theme::Auto {
        style.push_str("@media (prefers-color-scheme:dark){");
        style.push_str(&style_rules(&DARK, Colours::Fixed));
        style.push_str(&picture_rules(&DARK, Colours::Fixed));
        style.push('}');
    }
    let mut out = String::with_capacity(body.len() + style.len() + 8192);
    out.push_str("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"");
    number(&mut out, -pad);
    out.push(' ');
    number(&mut out, -pad);
    out.push(' ');
    number(&mut out, width);
    out.push(' ');
    number(&mut out, height);
    out.push_str("\" width=\"");
    number(&mut out, width * frame.scale);
    out.push_str("\" height=\"");
    number(&mut out, height * frame.scale);
    out.push_str("\" role=\"img\" aria-label=\"");
    escape_into(&mut out, frame.title);
    out.push_str("\"><title>");
    escape_into(&mut out, frame.title);
    out.push_str("</title><style>");
    out.push_str(&style);
    out.push_str("</style><defs>");
    out.push_str(&faces.symbols());
    out.push_str("</defs>");
    out.push_str(&body);
    out.push_str("</svg>\n");
    out
}
