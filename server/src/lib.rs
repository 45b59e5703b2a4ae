//! tenpai: Riichi Mahjong hand notation, scoring, shanten, and the language
//! server built on them.
//!
//! Data flows one way: text -> [`notation`] -> [`hand`] -> [`score`] /
//! [`shanten`] -> [`document`] -> front ends ([`lsp`], [`cli`]).

pub mod cli;
pub mod config;
pub mod diag;
pub mod document;
pub mod hand;
pub mod lsp;
pub mod notation;
pub mod score;
pub mod shanten;
#[cfg(test)]
mod test_lines;
pub mod tile;
