//! tenpai-core: Riichi Mahjong hand notation, scoring and shanten, with no
//! I/O and no async runtime (it builds for `wasm32-unknown-unknown`).
//!
//! Data flows one way: text -> [`notation`] -> [`hand`] -> [`score`] /
//! [`shanten`]. [`tile`] and [`diag`] are the vocabulary every layer shares.

pub mod diag;
pub mod hand;
pub mod notation;
pub mod score;
pub mod shanten;
#[cfg(test)]
mod test_lines;
pub mod tile;
