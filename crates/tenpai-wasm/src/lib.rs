//! tenpai in the browser: the document layer (what the language server
//! answers) and the engine (one line's value or shanten), compiled to
//! WebAssembly for the web playground (`web/`).
//!
//! Answers cross into JavaScript as JSON strings: one `JSON.parse` per
//! call is cheaper than building JavaScript objects field by field through
//! the boundary, and the same strings are what the native tests read.
//! Positions are UTF-16 offsets into the whole text, as CodeMirror counts.
//!
//! The Rust side ([`session`], [`engine`]) builds for any target; only this
//! file's thin wrappers are JavaScript-facing.

pub mod engine;
pub mod offsets;
pub mod session;

use tenpai_doc::document::DocKind;
use tenpai_doc::render::Theme;
use wasm_bindgen::prelude::*;

use session::{Honors, Session, TileText};

fn json<T: serde::Serialize>(value: &T) -> String {
    // Serialising these plain structs cannot fail; "null" keeps the page
    // working should it ever.
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_string())
}

fn doc_kind(name: &str) -> DocKind {
    match name {
        "markdown" | "md" => DocKind::Markdown,
        _ => DocKind::Mj,
    }
}

/// An open document (`mj` or `markdown`).
#[wasm_bindgen]
pub struct Playground {
    session: Session,
}

#[wasm_bindgen]
impl Playground {
    #[wasm_bindgen(constructor)]
    pub fn new(kind: &str) -> Playground {
        Playground {
            session: Session::new(doc_kind(kind)),
        }
    }

    /// `mj` or `markdown`.
    #[wasm_bindgen(js_name = setKind)]
    pub fn set_kind(&mut self, kind: &str) {
        self.session.set_kind(doc_kind(kind));
    }

    /// `mj` or `markdown`.
    pub fn kind(&self) -> String {
        match self.session.kind() {
            DocKind::Mj => "mj",
            DocKind::Markdown => "markdown",
        }
        .to_string()
    }

    /// The base rules as words (`tenhou`, `mahjong-soul kiriage`); returns
    /// what is wrong with them ("" when they were taken).
    #[wasm_bindgen(js_name = setRules)]
    pub fn set_rules(&mut self, words: &str) -> String {
        match session::rules_of_words(words) {
            Ok(rules) => {
                self.session.set_rules(rules);
                String::new()
            }
            Err(message) => message,
        }
    }

    /// `digits` or `letters`.
    #[wasm_bindgen(js_name = setHonors)]
    pub fn set_honors(&mut self, style: &str) {
        self.session.set_honors(match style {
            "letters" => Honors::Letters,
            _ => Honors::Digits,
        });
    }

    /// `ascii` or `glyphs`: how hovers write tiles.
    #[wasm_bindgen(js_name = setTileText)]
    pub fn set_tile_text(&mut self, style: &str) {
        self.session.set_tile_text(match style {
            "glyphs" => TileText::Glyphs,
            _ => TileText::Ascii,
        });
    }

    /// Analyses the editor's text; JSON `{diagnostics, hints, lines}`.
    pub fn update(&mut self, text: &str) -> String {
        json(&self.session.update(text))
    }

    /// Analyses the editor's text after an edit; JSON `{changed}`:
    /// `changed` (`{from, to}` or `null`) is where the hand lines' analyses
    /// changed, whose hints, diagnostics and tokens the editor asks for
    /// again (with those of the lines the edit touched) while it maps the
    /// rest through the edit.
    pub fn edit(&mut self, text: &str) -> String {
        json(&self.session.edit(text))
    }

    /// JSON list of the diagnostics of the hand lines meeting `from..to`.
    pub fn diagnostics(&self, from: usize, to: usize) -> String {
        json(&self.session.diagnostics_in(from, to))
    }

    /// JSON `{from, to}` of the hand line at `at`, or `null`.
    #[wasm_bindgen(js_name = lineAt)]
    pub fn line_at(&self, at: usize) -> String {
        json(&self.session.line_at(at))
    }

    /// The semantic tokens of the lines meeting `from..to` as numbers,
    /// four a token: `from, to, type, modifiers` (see `tokenLegend`).
    #[wasm_bindgen(js_name = tokensPacked)]
    pub fn tokens_packed(&self, from: usize, to: usize) -> Vec<u32> {
        self.session.tokens_packed(from, to)
    }

    /// JSON list of the inlay hints `{at, label, kind}` of the hand lines
    /// meeting `from..to`.
    pub fn hints(&self, from: usize, to: usize) -> String {
        json(&self.session.hints_in(from, to))
    }

    /// JSON list of the semantic tokens `{from, to, type, modifiers}` of
    /// the lines meeting `from..to`.
    pub fn tokens(&self, from: usize, to: usize) -> String {
        json(&self.session.tokens(from, to))
    }

    /// JSON `{from, to, markdown}` or `null`.
    pub fn hover(&self, at: usize) -> String {
        json(&self.session.hover(at))
    }

    /// JSON of the calculator's report (see `analyzeLine`) of the hand
    /// line at `at`, under the rules in force there; `null` off a hand line.
    pub fn report(&self, at: usize) -> String {
        json(&self.session.report(at))
    }

    /// The hand line at `at` drawn as tiles: a standalone SVG with its
    /// value under it, in `theme` (`light`, `dark`, or `auto`: the
    /// reader's); `undefined` off a hand line.
    #[wasm_bindgen(js_name = handSvg)]
    pub fn hand_svg(&self, at: usize, theme: &str) -> Option<String> {
        self.session.hand_svg(at, theme_of(theme))
    }

    /// The hand line at `at` drawn for the page: an `<svg>` pointing at the
    /// faces of `tileSprite`; `undefined` off a hand line.
    #[wasm_bindgen(js_name = handPicture)]
    pub fn hand_picture(&self, at: usize) -> Option<String> {
        self.session.hand_picture(at)
    }

    /// JSON list of `{title, kind, changes, preferred}`.
    pub fn actions(&self, from: usize, to: usize) -> String {
        json(&self.session.actions(from, to))
    }

    /// JSON list of `{from, to, insert}`.
    pub fn format(&self) -> String {
        json(&self.session.format())
    }

    /// The text with every safe fix applied, or `undefined`.
    #[wasm_bindgen(js_name = fixAll)]
    pub fn fix_all(&self) -> Option<String> {
        self.session.fix_all()
    }

    /// JSON list of `{from, to, name, detail}`.
    pub fn symbols(&self) -> String {
        json(&self.session.symbols())
    }

    /// JSON list of completion items.
    pub fn completion(&self, at: usize) -> String {
        json(&self.session.completion(at))
    }
}

/// One hand line under the rule words `rules`: JSON of
/// [`engine::LineReport`], or `{"error": message}` for bad rule words.
#[wasm_bindgen(js_name = analyzeLine)]
pub fn analyze_line(line: &str, rules: &str) -> String {
    match session::rules_of_words(rules) {
        Ok(rules) => json(&engine::analyze_line(line, &rules)),
        Err(message) => json(&serde_json::json!({ "error": message })),
    }
}

fn theme_of(name: &str) -> Theme {
    match name {
        "light" => Theme::Light,
        "dark" => Theme::Dark,
        _ => Theme::Auto,
    }
}

/// The renderer's tile faces for the page: JSON `{sprite, css}` (see
/// [`engine::tile_sprite`]).
#[wasm_bindgen(js_name = tileSprite)]
pub fn tile_sprite() -> String {
    let (sprite, css) = engine::tile_sprite();
    json(&serde_json::json!({ "sprite": sprite, "css": css }))
}

/// JSON `{types, modifiers}`: the names of `tokensPacked`'s type indices
/// and modifier bits.
#[wasm_bindgen(js_name = tokenLegend)]
pub fn token_legend() -> String {
    json(&serde_json::json!({
        "types": session::token_types(),
        "modifiers": session::TOKEN_MODIFIERS,
    }))
}

/// JSON list of `{id, en, ja}` for every yaku.
#[wasm_bindgen(js_name = yakuNames)]
pub fn yaku_names() -> String {
    json(&engine::yaku_names())
}

/// The crate's version, for the page's footer.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
