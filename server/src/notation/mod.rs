//! The nom parser (text -> [`ast::Line`] with byte spans and recoverable
//! errors) and the canonical formatter.

pub mod ast;
