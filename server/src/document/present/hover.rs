//! Hover Markdown: for a tile, its name; for a hand line, what it is worth
//! or how far it is from winning.

use std::fmt::Write;
use std::ops::Range;

use crate::document::LineAnalysis;
use crate::hand::Riichi;
use crate::notation::ast::{HandLine, OptionValue, TileTok};
use crate::tile::Tile;

use super::text::{hand_text, tile_text};

#[derive(Clone, Copy, Debug)]
pub struct HoverOptions {
    /// Tiles as Unicode glyphs (else `123m`).
    pub glyphs: bool,
}

/// A hover: Markdown and the line-relative byte span it describes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HoverText {
    pub span: Range<usize>,
    pub markdown: String,
}

/// The hover at byte `col` of a line. A tile under the cursor gets its own
/// hover; anywhere else on a hand line, the hand's.
pub fn hover(a: &LineAnalysis, col: usize, opts: HoverOptions) -> Option<HoverText> {
    let h = a.hand_line()?;
    if let Some(t) = tile_at(h, col) {
        return Some(tile_hover(a, h, t, opts));
    }
    let markdown = line_hover(a, opts)?;
    Some(HoverText {
        span: line_span(h),
        markdown,
    })
}

/// The hand part with its options and claim: what the line hover covers.
fn line_span(h: &HandLine) -> Range<usize> {
    let mut end = h.hand_span.end;
    if let Some(o) = h.options.last() {
        end = end.max(o.span.end);
    }
    if let Some(c) = &h.claim {
        end = end.max(c.span.end);
    }
    h.hand_span.start..end
}

/// The tile token under `col`: in the hand, or in a tile-valued option.
fn tile_at(h: &HandLine, col: usize) -> Option<&TileTok> {
    let inside = |t: &&TileTok| t.span.start <= col && col < t.span.end;
    if let Some(t) = h.tiles().find(inside) {
        return Some(t);
    }
    h.options.iter().find_map(|o| match &o.value {
        Some(OptionValue::Tile(t)) => Some(t).filter(inside),
        Some(OptionValue::Tiles(ts)) => ts.iter().find(inside),
        _ => None,
    })
}

/// What the option holding this token is, if any.
fn option_key<'a>(h: &'a HandLine, t: &TileTok) -> Option<&'a str> {
    h.options
        .iter()
        .find(|o| o.span.start <= t.span.start && t.span.end <= o.span.end)
        .map(|o| o.key.as_str())
}

fn dora_count(tile: Tile, indicators: &[Tile]) -> usize {
    indicators.iter().filter(|i| i.dora_after() == tile).count()
}

fn tile_hover(a: &LineAnalysis, h: &HandLine, t: &TileTok, opts: HoverOptions) -> HoverText {
    let mut md = String::new();
    let written = if t.red {
        format!("0{}", t.tile.suit().letter())
    } else {
        t.tile.ascii()
    };
    let _ = write!(md, "{} **{}** — {}", t.tile.glyph(), written, t.tile.name());
    let mut notes = Vec::new();
    if t.red {
        notes.push("red five".to_string());
    }
    let sit = a.validated.as_ref().map(|v| &v.situation);
    match option_key(h, t) {
        Some("dora") => notes.push(format!(
            "dora indicator: the dora is {}",
            tile_text(t.tile.dora_after(), false, opts.glyphs)
        )),
        Some("ura") => notes.push(format!(
            "ura-dora indicator: the ura-dora is {}",
            tile_text(t.tile.dora_after(), false, opts.glyphs)
        )),
        Some("win") => notes.push("the winning tile".to_string()),
        Some("discard") => notes.push("the tile discarded".to_string()),
        Some("visible") => notes.push("seen elsewhere".to_string()),
        _ => {
            if let Some(sit) = sit {
                let n = dora_count(t.tile, &sit.dora);
                if n > 0 {
                    notes.push(if n == 1 {
                        "dora".to_string()
                    } else {
                        format!("dora ×{n}")
                    });
                }
                if sit.riichi != Riichi::None {
                    let u = dora_count(t.tile, &sit.ura);
                    if u > 0 {
                        notes.push(if u == 1 {
                            "ura-dora".to_string()
                        } else {
                            format!("ura-dora ×{u}")
                        });
                    }
                }
            }
        }
    }
    if !notes.is_empty() {
        let _ = write!(md, " ({})", notes.join(", "));
    }
    HoverText {
        span: t.span.clone(),
        markdown: md,
    }
}

fn line_hover(a: &LineAnalysis, opts: HoverOptions) -> Option<String> {
    let v = a.validated.as_ref()?;
    let mut md = String::new();
    let _ = writeln!(md, "{}\n", hand_text(&v.hand, opts.glyphs));
    if a.has_errors() {
        md.push_str("The line has errors: the hand is not analysed.\n");
    }
    Some(md)
}
