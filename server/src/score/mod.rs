//! The scoring engine: decomposition, waits, yaku, fu with reasons, points.

pub mod rules;

pub use rules::Rules;
