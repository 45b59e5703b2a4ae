//! `tenpai render`: a document as an HTML page with its hands drawn as
//! tiles, or one hand line as a standalone SVG or PNG.
//!
//! The drawing is `tenpai_doc::render` (pure, shared with the playground);
//! this module reads files, writes them atomically and rasterises with
//! resvg, which stays in the binary so the WebAssembly build stays small.

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

use super::write::{write_file, Expect};
use std::process::ExitCode;

use crate::config::Configs;
use crate::document::DocKind;
use crate::render::{
    hand_svg, render_document, Caption, ClosedKanStyle, HandOptions, PageOptions, PageShape, Theme,
};

use super::check::RuleArgs;

#[derive(clap::Args, Debug)]
pub struct RenderArgs {
    /// The document to render (.md or .mj); `-` reads it from stdin
    /// (Markdown unless --stdin-filename names a .mj file).
    #[arg(value_name = "DOC", required_unless_present_any = ["svg", "png", "faces"])]
    pub document: Option<PathBuf>,
    /// Write to FILE (atomically: a temporary file beside it, then a
    /// rename) instead of standard output.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Only the page's body (with the tiles' symbols and style), to paste
    /// into a template.
    #[arg(long)]
    pub fragment: bool,
    /// Markdown out: the document with each hand replaced by its HTML and
    /// every other byte kept, for another Markdown renderer (markdown-it,
    /// a static site generator) to finish.
    #[arg(long, conflicts_with_all = ["fragment", "svg", "png", "faces"])]
    pub markdown: bool,
    /// What is written under each hand.
    #[arg(long, value_enum, default_value_t = CaptionArg::Value)]
    pub caption: CaptionArg,
    /// Colours: light, dark, or as the reader's system prefers.
    #[arg(long, value_enum, default_value_t = ThemeArg::Auto)]
    pub theme: ThemeArg,
    /// Which tiles of a closed kan lie face down.
    #[arg(long, value_enum, default_value_t = KanArg::Outer, value_name = "WHICH")]
    pub closed_kan_down: KanArg,
    /// Draw one hand line as a standalone SVG.
    #[arg(long, value_name = "LINE", conflicts_with_all = ["document", "png", "fragment"])]
    pub svg: Option<String>,
    /// Draw one hand line as a PNG (for forums and chat that take no SVG).
    #[arg(long, value_name = "LINE", conflicts_with_all = ["document", "fragment"])]
    pub png: Option<String>,
    /// A page of every tile face (at 72, 36 and 24 px), to look at the
    /// tiles or check a restyling of them.
    #[arg(long, conflicts_with_all = ["document", "svg", "png", "fragment"])]
    pub faces: bool,
    /// Pixels per CSS pixel of the PNG (2 for sharp pictures on high-density
    /// screens).
    #[arg(long, default_value_t = 2.0, value_name = "N")]
    pub scale: f32,
    /// Read the project configuration from this file instead of the nearest
    /// `tenpai.toml`.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// The name of the document read from `-`: `.mj` reads it as a .mj file.
    #[arg(long, value_name = "PATH")]
    pub stdin_filename: Option<PathBuf>,
    #[command(flatten)]
    pub rules: RuleArgs,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptionArg {
    Value,
    State,
    None,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThemeArg {
    Light,
    Dark,
    Auto,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum KanArg {
    Outer,
    Inner,
}

impl RenderArgs {
    fn hand_options(&self) -> HandOptions {
        HandOptions {
            caption: match self.caption {
                CaptionArg::Value => Caption::Value,
                CaptionArg::State => Caption::State,
                CaptionArg::None => Caption::None,
            },
            closed_kans: match self.closed_kan_down {
                KanArg::Outer => ClosedKanStyle::OuterDown,
                KanArg::Inner => ClosedKanStyle::InnerDown,
            },
        }
    }

    fn theme(&self) -> Theme {
        match self.theme {
            ThemeArg::Light => Theme::Light,
            ThemeArg::Dark => Theme::Dark,
            ThemeArg::Auto => Theme::Auto,
        }
    }
}

pub fn run(args: RenderArgs) -> ExitCode {
    match render(&args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn render(args: &RenderArgs) -> Result<ExitCode, String> {
    if args.faces {
        let page = crate::render::page::faces_page(args.theme());
        emit(args.output.as_deref(), page.as_bytes(), Payload::Text)?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut configs = Configs::new(args.config.as_deref())?;
    if let Some(line) = args.svg.as_deref().or(args.png.as_deref()) {
        let rules = args.rules.rules_on(configs.for_document(None)?.rules)?;
        // A PNG has no `prefers-color-scheme`: `auto` draws it light.
        let theme = match (args.png.is_some(), args.theme()) {
            (true, Theme::Auto) => Theme::Light,
            (_, theme) => theme,
        };
        let Some((svg, errors)) = hand_svg(line, &rules, &args.hand_options(), theme) else {
            return Err(format!("{line:?} is not a hand line"));
        };
        for error in &errors {
            eprintln!(
                "tenpai render: {}: {}: {}",
                line.trim(),
                error.code,
                error.message
            );
        }
        let bytes = if args.png.is_some() {
            png(&svg, args.scale)?
        } else {
            svg.into_bytes()
        };
        let payload = if args.png.is_some() {
            Payload::Binary
        } else {
            Payload::Text
        };
        emit(args.output.as_deref(), &bytes, payload)?;
        return Ok(exit(errors.len()));
    }
    let Some(document) = &args.document else {
        return Err("nothing to render: give a document, --svg LINE or --png LINE".to_string());
    };
    let (name, text, path): (String, String, Option<&Path>) = if document.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("<stdin>: {e}"))?;
        ("<stdin>".to_string(), text, args.stdin_filename.as_deref())
    } else {
        let text = std::fs::read_to_string(document)
            .map_err(|e| format!("{}: {e}", document.display()))?;
        (
            document.display().to_string(),
            text,
            Some(document.as_path()),
        )
    };
    let kind = match path.and_then(DocKind::from_path) {
        Some(kind) => kind,
        None if document.as_os_str() == "-" => DocKind::Markdown,
        None => {
            return Err(format!(
                "{name}: not a .mj or Markdown file (by its extension)"
            ))
        }
    };
    let config = configs.for_document(path)?;
    let dialects = config.dialects.clone().unwrap_or_default();
    let rules = args.rules.rules_on(config.rules)?;
    let title = path
        .and_then(|p| p.file_stem())
        .map(|stem| stem.to_string_lossy().into_owned());
    let options = PageOptions {
        hand: args.hand_options(),
        theme: args.theme(),
        shape: if args.fragment {
            PageShape::Fragment
        } else {
            PageShape::Document
        },
        title,
        dialects,
    };
    let page = if args.markdown {
        crate::render::page::splice_markdown(&text, kind, &rules, &options)
    } else {
        render_document(&text, kind, &rules, &options)
    };
    if !page.errors.is_empty() {
        let index = crate::document::TextDocument::new(&text);
        for error in &page.errors {
            let at = index.position(error.range.start, crate::document::Encoding::Utf8);
            eprintln!(
                "{name}:{}:{}: {}: {}",
                at.line + 1,
                at.column + 1,
                error.error.code,
                error.error.message
            );
        }
    }
    emit(args.output.as_deref(), page.html.as_bytes(), Payload::Text)?;
    Ok(exit(page.errors.len()))
}

/// 0 when every hand drew without errors, 1 when some hand has errors (as
/// `tenpai check` exits).
fn exit(errors: usize) -> ExitCode {
    if errors == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// What is written: text, or bytes a terminal cannot show.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Payload {
    Text,
    Binary,
}

/// Writes `bytes` to `output` atomically, or to standard output (a PNG not
/// to a terminal).
fn emit(output: Option<&Path>, bytes: &[u8], payload: Payload) -> Result<(), String> {
    match output {
        // Atomically (the shared writer): a reader never sees half a page.
        Some(path) => write_file(path, bytes, Expect::Anything)
            .map(|_| ())
            .map_err(|e| format!("{}: {e}", path.display())),
        None => {
            let mut stdout = std::io::stdout().lock();
            if payload == Payload::Binary && stdout.is_terminal() {
                return Err("a PNG is not written to a terminal: use -o FILE".to_string());
            }
            stdout
                .write_all(bytes)
                .and_then(|()| stdout.flush())
                .map_err(|e| format!("standard output: {e}"))
        }
    }
}

/// The SVG rasterised by resvg at `scale` pixels per CSS pixel, as PNG.
fn png(svg: &str, scale: f32) -> Result<Vec<u8>, String> {
    if !(scale.is_finite() && (0.1..=16.0).contains(&scale)) {
        return Err(format!("--scale {scale}: give a number from 0.1 to 16"));
    }
    let mut options = resvg::usvg::Options::default();
    // The caption and labels are text, drawn with the system's fonts; the
    // generic `sans-serif` is Arial unless told, which many systems lack.
    let fonts = options.fontdb_mut();
    fonts.load_system_fonts();
    let families: Vec<String> = fonts
        .faces()
        .flat_map(|face| face.families.iter().map(|(name, _)| name.clone()))
        .collect();
    let preferred = [
        "Noto Sans",
        "Liberation Sans",
        "DejaVu Sans",
        "Arial",
        "Helvetica",
    ];
    if let Some(family) = preferred
        .iter()
        .find(|p| families.iter().any(|f| f == *p))
        .map(|p| p.to_string())
        .or_else(|| families.first().cloned())
    {
        fonts.set_sans_serif_family(family);
    }
    let tree = resvg::usvg::Tree::from_str(svg, &options).map_err(|e| format!("SVG: {e}"))?;
    let size = tree.size();
    let width = (size.width() * scale).ceil() as u32;
    let height = (size.height() * scale).ceil() as u32;
    let mut pixmap = resvg::tiny_skia::Pixmap::new(width, height)
        .ok_or_else(|| format!("a picture of {width}×{height} pixels cannot be made"))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| format!("PNG: {e}"))
}
