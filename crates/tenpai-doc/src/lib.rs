//! tenpai-doc: documents (`.mj` files and Markdown articles), where their
//! hands are, their analysis cached by line, and what an editor or the
//! command line shows of them. No protocol and no async runtime: the
//! language server and the CLI are thin front ends over this crate.
//!
//! The engine's modules are re-exported at the root, so that a document is
//! read as `crate::score`, `crate::notation`, … whichever crate they live in.

pub use tenpai_core::{
    code, diag, format, hand, limit, notation, rules, score, shanten, suggest, tile,
};

pub mod config;
pub mod document;
pub mod error;
pub mod json;
pub mod render;
