//! tenpai-core: Riichi Mahjong hand notation, scoring and shanten, with no
//! I/O and no async runtime (it builds for `wasm32-unknown-unknown`).
//!
//! Data flows one way, each layer importing only the layers before it:
//!
//! 1. [`tile`], [`code`], [`diag`], [`suggest`], [`limit`], [`rules`]: the vocabulary
//!    every layer shares;
//! 2. [`notation`]: text -> syntax tree with byte spans and recoverable
//!    errors;
//! 3. [`hand`]: syntax -> a validated hand and its situation;
//! 4. [`format`] (the canonical spelling, which needs the validated hand) and
//!    [`score`] (yaku, fu, points);
//! 5. [`shanten`]: distance to ready, waits, ukeire, discards (it prices
//!    the waits with [`score`]).
//!
//! `tests/layers.rs` of the `tenpai` crate fails if an import goes the
//! other way.

pub mod code;
pub mod diag;
pub mod format;
pub mod hand;
pub mod limit;
pub mod notation;
pub mod rules;
pub mod score;
pub mod shanten;
pub mod suggest;
#[cfg(test)]
mod test_lines;
pub mod tile;
