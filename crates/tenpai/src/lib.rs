//! tenpai: Riichi Mahjong hand notation, scoring, shanten, and the language
//! server built on them — the crate of the `tenpai` binary.
//!
//! Data flows one way: text -> [`notation`] -> [`hand`] -> [`score`] /
//! [`shanten`] (the `tenpai-core` crate) -> [`document`] (`tenpai-doc`) ->
//! front ends ([`lsp`] in `tenpai-lsp`, [`cli`] here). Each layer is
//! re-exported here under its old name.

pub mod cli;

pub use tenpai_core::{
    code, diag, format, hand, limit, notation, rules, score, shanten, suggest, tile,
};
pub use tenpai_doc::{config, document, json, render};
pub use tenpai_lsp as lsp;
pub use tenpai_review as review;
