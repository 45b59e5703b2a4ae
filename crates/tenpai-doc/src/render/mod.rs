//! Hands drawn as tiles: SVG art for every face, a hand laid out as
//! players lay it, and a Markdown page with every hand drawn where it
//! stands.
//!
//! Pure functions of text (no I/O), so that the command line, the language
//! server and the WebAssembly playground draw alike.

pub mod faces;
pub mod layout;
pub mod page;
pub mod svg;

use crate::diag::{Code, Severity};
use crate::document::present::text::{state_text, value_summary};
use crate::document::{analyze_text, LineAnalysis, Outcome};
use crate::score::Rules;

pub use faces::Face;
pub use layout::{Arrangement, ClosedKanStyle, Drawing, Layout};
pub use page::{render_document, PageOptions, PageShape, RenderedPage};

/// What is written under a hand.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Caption {
    /// Its value (`4 han 30 fu · 7700`); a hand that is not complete, its
    /// state.
    #[default]
    Value,
    /// Its state: `tenpai · 1-4p (8)`, `1-shanten · 24 tiles`, `complete`.
    State,
    None,
}

/// The colours the tiles and captions are drawn in.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Theme {
    Light,
    Dark,
    /// Light, or dark when the reader's system prefers it.
    #[default]
    Auto,
}

/// How hands are drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct HandOptions {
    pub caption: Caption,
    pub closed_kans: ClosedKanStyle,
}

/// An error of a hand line: it is drawn as written, marked.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HandError {
    pub code: Code,
    pub message: String,
}

/// One hand line, ready to draw.
#[derive(Clone, Debug)]
pub struct Picture {
    pub drawing: Drawing,
    pub layout: Layout,
    /// The line as written, then its errors, one a line: the `<title>`.
    pub title: String,
    /// The hand in canonical notation (`data-tiles`); as written when the
    /// line has errors.
    pub tiles: String,
    pub caption: Option<String>,
    pub errors: Vec<HandError>,
}

impl Picture {
    /// The picture of a hand line (`text`, analysed as `analysis`); `None`
    /// for a line that is no hand (a comment, a `rules:` line).
    pub fn of(text: &str, analysis: &LineAnalysis, options: &HandOptions) -> Option<Picture> {
        let line = analysis.hand_line()?;
        let errors: Vec<HandError> = analysis
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| HandError {
                code: d.code,
                message: d.message.clone(),
            })
            .collect();
        // A whole hand without errors is laid out as played; anything else
        // (a mention of a few tiles, a hand with errors) as written.
        let arrangement = if errors.is_empty() && analysis.outcome.is_some() {
            Arrangement::AsPlayed
        } else {
            Arrangement::AsWritten
        };
        let drawing = Drawing::from_line(line, analysis.validated.as_ref(), arrangement);
        let layout = Layout::of(&drawing, options.closed_kans);
        let written = text.get(line.hand_span.clone()).unwrap_or(text).trim();
        let tiles = if errors.is_empty() {
            drawing.canonical()
        } else {
            written.to_string()
        };
        let mut title = text.trim().to_string();
        for error in &errors {
            title.push_str("\nerror: ");
            title.push_str(&error.message);
        }
        let caption = match errors.first() {
            Some(error) => Some(format!("error: {}", error.message)),
            None => analysis
                .outcome
                .as_ref()
                .and_then(|o| caption(o, options.caption)),
        };
        Some(Picture {
            drawing,
            layout,
            title,
            tiles,
            caption,
            errors,
        })
    }
}

/// The caption of a hand's outcome.
fn caption(outcome: &Outcome, kind: Caption) -> Option<String> {
    match kind {
        Caption::None => None,
        Caption::Value => Some(value_summary(outcome)),
        Caption::State => Some(match outcome {
            Outcome::Shanten(analysis) => state_text(analysis),
            Outcome::Scored(_) | Outcome::NotScored(_) => "complete".to_string(),
        }),
    }
}

/// CSS pixels per SVG unit for a standalone picture: a tile is 36 px tall.
pub const STANDALONE_SCALE: f32 = 0.9;

/// A hand drawn as a standalone SVG.
#[derive(Clone, Debug)]
pub struct StandaloneHand {
    pub svg: String,
    /// The hand in canonical notation (as written when it has errors).
    pub tiles: String,
    pub errors: Vec<HandError>,
}

/// A standalone SVG of a hand line already analysed (`text` is the line
/// analysed); `None` when the line is no hand.
pub fn picture_svg(
    text: &str,
    analysis: &LineAnalysis,
    options: &HandOptions,
    theme: Theme,
) -> Option<StandaloneHand> {
    let picture = Picture::of(text, analysis, options)?;
    let frame = svg::Frame {
        title: &picture.title,
        marked: !picture.errors.is_empty(),
        scale: STANDALONE_SCALE,
    };
    let svg = svg::standalone(&picture.layout, &frame, picture.caption.as_deref(), theme);
    Some(StandaloneHand {
        svg,
        tiles: picture.tiles,
        errors: picture.errors,
    })
}

/// A standalone SVG of one hand line, analysed under `rules`; with the
/// line's errors (then the hand is drawn as written, marked). `None` when
/// the line is no hand.
pub fn hand_svg(
    line: &str,
    rules: &Rules,
    options: &HandOptions,
    theme: Theme,
) -> Option<(String, Vec<HandError>)> {
    let analysis = analyze_text(line, rules);
    picture_svg(line, &analysis, options, theme).map(|hand| (hand.svg, hand.errors))
}
