//! `tenpai mdbook` and `tenpai pandoc`: the hands of a book or a Pandoc
//! document drawn as tiles, by the publishing tools' own plug-in
//! protocols.
//!
//! - mdBook runs `tenpai mdbook supports RENDERER` (exit 0 for `html`),
//!   then `tenpai mdbook` with `[context, book]` as JSON on standard input;
//!   the book goes back on standard output with each chapter's hands
//!   replaced by their HTML.
//! - Pandoc runs a JSON filter with the output format as its argument and
//!   the document's syntax tree on standard input: `mj` code blocks and
//!   inline code that reads as a hand become raw HTML.
//!
//! Both walk the JSON generically, so that fields a newer mdBook or Pandoc
//! adds pass through untouched.

use std::io::{Read, Write};
use std::process::ExitCode;

use serde_json::Value;

use crate::config::Configs;
use crate::document::{DialectConfig, DocKind};
use crate::render::page::{splice_markdown, HandRenderer};
use crate::render::{HandOptions, PageOptions, PageShape, Theme};
use crate::score::Rules;

#[derive(clap::Args, Debug)]
pub struct MdbookArgs {
    /// `supports RENDERER`: mdBook's question whether the renderer is
    /// supported (only `html` is).
    #[arg(value_name = "SUPPORTS", num_args = 0..=2)]
    pub question: Vec<String>,
}

#[derive(clap::Args, Debug)]
pub struct PandocArgs {
    /// The output format Pandoc passes to a filter; hands are drawn for
    /// HTML formats only.
    #[arg(value_name = "FORMAT")]
    pub format: Option<String>,
}

fn read_stdin() -> Result<Value, String> {
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .map_err(|e| format!("standard input: {e}"))?;
    serde_json::from_str(&input).map_err(|e| format!("standard input is not JSON: {e}"))
}

fn write_stdout(value: &Value) -> Result<(), String> {
    let text = serde_json::to_string(value).map_err(|e| e.to_string())?;
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|e| format!("standard output: {e}"))
}

/// The project's rules for a document under the current directory.
fn project_rules() -> Result<Rules, String> {
    Ok(Configs::new(None)?.for_document(None)?.rules)
}

/// The dialects the project reads (its `tenpai.toml`), as `check` does.
fn rules_dialects() -> Result<DialectConfig, String> {
    Ok(Configs::new(None)?
        .for_document(None)?
        .dialects
        .unwrap_or_default())
}

fn page_options(dialects: &DialectConfig) -> PageOptions {
    PageOptions {
        hand: HandOptions::default(),
        theme: Theme::Auto,
        shape: PageShape::Fragment,
        title: None,
        dialects: dialects.clone(),
    }
}

pub fn run_mdbook(args: MdbookArgs) -> ExitCode {
    match args.question.as_slice() {
        [] => {}
        [word, renderer] if word == "supports" => {
            return if renderer == "html" {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            };
        }
        _ => {
            eprintln!("error: tenpai mdbook takes no argument but `supports RENDERER`");
            return ExitCode::from(2);
        }
    }
    let result = read_stdin().and_then(|input| {
        let rules = project_rules()?;
        let book = match input {
            Value::Array(mut pair) if pair.len() == 2 => pair.remove(1),
            _ => return Err("mdBook sends [context, book]: this is not it".to_string()),
        };
        let mut book = book;
        let options = page_options(&rules_dialects()?);
        walk_chapters(&mut book, &mut |name, content| {
            let page = splice_markdown(content, DocKind::Markdown, &rules, &options);
            for error in &page.errors {
                eprintln!(
                    "tenpai mdbook: {name}: {}: {}",
                    error.error.code, error.error.message
                );
            }
            page.html
        });
        write_stdout(&book)
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

/// Calls `draw` on the content of every chapter of an mdBook book (the
/// `Chapter` objects, at any depth: `sub_items` hold chapters too).
fn walk_chapters(value: &mut Value, draw: &mut dyn FnMut(&str, &str) -> String) {
    match value {
        Value::Object(map) => {
            if let Some(Value::Object(chapter)) = map.get_mut("Chapter") {
                let name = chapter
                    .get("name")
                    .and_then(Value::as_str)
                    .unwrap_or("chapter")
                    .to_string();
                if let Some(Value::String(content)) = chapter.get_mut("content") {
                    *content = draw(&name, content);
                }
            }
            for child in map.values_mut() {
                walk_chapters(child, draw);
            }
        }
        Value::Array(items) => {
            for item in items {
                walk_chapters(item, draw);
            }
        }
        _ => {}
    }
}

/// Pandoc's HTML output formats: the hands' SVG means nothing to others.
fn is_html(format: &str) -> bool {
    let base = format
        .split(['+', '-'])
        .next()
        .unwrap_or(format)
        .to_ascii_lowercase();
    matches!(
        base.as_str(),
        "html"
            | "html4"
            | "html5"
            | "epub"
            | "epub2"
            | "epub3"
            | "revealjs"
            | "slidy"
            | "slideous"
            | "dzslides"
            | "s5"
            | "chunkedhtml"
    )
}

pub fn run_pandoc(args: PandocArgs) -> ExitCode {
    let result = read_stdin().and_then(|mut document| {
        if args.format.as_deref().is_some_and(|f| !is_html(f)) {
            return write_stdout(&document);
        }
        let rules = project_rules()?;
        let options = page_options(&rules_dialects()?);
        let mut renderer = HandRenderer::new(&options);
        if let Some(blocks) = document.get_mut("blocks") {
            pandoc_walk(blocks, &mut renderer, &rules);
            let head = renderer.head();
            if let (Value::Array(list), false) = (blocks, head.is_empty()) {
                list.insert(0, raw("RawBlock", head));
            }
        }
        for error in renderer.errors() {
            eprintln!(
                "tenpai pandoc: {}: {}",
                error.error.code, error.error.message
            );
        }
        write_stdout(&document)
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn raw(kind: &str, html: String) -> Value {
    serde_json::json!({ "t": kind, "c": ["html", html] })
}

/// Replaces `mj` code blocks and hand-like inline code anywhere in a
/// Pandoc syntax tree.
fn pandoc_walk(value: &mut Value, renderer: &mut HandRenderer, rules: &Rules) {
    let replacement = match value {
        Value::Object(node) => match (node.get("t").and_then(Value::as_str), node.get("c")) {
            (Some("CodeBlock"), Some(Value::Array(content))) => match content.as_slice() {
                [attributes, Value::String(code)] if has_mj_class(attributes) => {
                    Some(raw("RawBlock", renderer.code_block(code, rules)))
                }
                _ => None,
            },
            (Some("Code"), Some(Value::Array(content))) => match content.as_slice() {
                [_, Value::String(code)] => renderer
                    .inline_code(code, rules)
                    .map(|html| raw("RawInline", html)),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    };
    if let Some(new) = replacement {
        *value = new;
        return;
    }
    match value {
        Value::Object(node) => {
            for child in node.values_mut() {
                pandoc_walk(child, renderer, rules);
            }
        }
        Value::Array(items) => {
            for item in items {
                pandoc_walk(item, renderer, rules);
            }
        }
        _ => {}
    }
}

/// Whether a Pandoc `Attr` (`[id, classes, key-values]`) has the class
/// `mj` (```` ```mj ```` and ```` ```{.mj} ```` both give it).
fn has_mj_class(attributes: &Value) -> bool {
    attributes
        .get(1)
        .and_then(Value::as_array)
        .is_some_and(|classes| {
            classes
                .iter()
                .any(|c| c.as_str().is_some_and(|c| c.eq_ignore_ascii_case("mj")))
        })
}
