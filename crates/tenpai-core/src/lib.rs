//! tenpai-core: Riichi Mahjong hand notation, scoring and shanten, with no
//! I/O and no async runtime (it builds for `wasm32-unknown-unknown`).
//!
//! Data flows one way, each layer importing only the layers before it:
//!
//! 1. [`tile`], [`code`], [`diag`], [`error`], [`suggest`], [`limit`], [`rules`]: the vocabulary
//!    every layer shares;
//! 2. [`notation`]: text -> syntax tree with byte spans and recoverable
//!    errors;
//! 3. [`hand`]: syntax -> a validated hand and its situation;
//! 4. [`format`] (the canonical spelling, which needs the validated hand) and
//!    [`score`] (yaku, fu, points);
//! 5. [`shanten`]: distance to ready, waits, ukeire, discards (it prices
//!    the waits with [`score`]).
//!
//! `tests/it/layers.rs` of the `tenpai` crate fails if an import goes the
//! other way.
//!
//! # Scoring a hand
//!
//! A hand line (`docs/notation.md`) is read into a hand and its situation,
//! then scored under a rule set:
//!
//! ```
//! use tenpai_core::hand::parse_hand;
//! use tenpai_core::rules::Rules;
//! use tenpai_core::score::score;
//!
//! let rules = Rules::tenhou();
//! let (hand, situation) = parse_hand("234m567p22s345678s riichi tsumo", &rules)
//!     .expect("a valid hand line");
//! let scored = score(&hand, &situation, &rules).expect("a winning hand");
//! // Riichi, menzen tsumo, pinfu and tanyao: 4 han 20 fu. The seat is East
//! // unless the line says otherwise: a dealer's tsumo, 2600 from each.
//! assert_eq!((scored.han, scored.fu), (4, Some(20)));
//! assert_eq!(scored.points.non_dealer, Some(2600));
//! assert_eq!(scored.points.total, 7800);
//! ```
//!
//! A line that cannot be read gives its diagnostics, each with a
//! [`code::Code`] and a byte span:
//!
//! ```
//! use tenpai_core::code::Code;
//! use tenpai_core::hand::parse_hand;
//! use tenpai_core::rules::Rules;
//!
//! let errors = parse_hand("123m456p789s1122z8z", &Rules::tenhou()).unwrap_err();
//! assert_eq!(errors[0].code, Code::InvalidTile);
//! assert_eq!(errors[0].span, 17..18); // the digit that names no tile
//! ```

#![forbid(unsafe_code)]

pub mod code;
pub mod diag;
pub mod error;
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
