//! tree-sitter grammar for tenpai's Riichi Mahjong hand notation.
//!
//! ```
//! let mut parser = tree_sitter::Parser::new();
//! parser
//!     .set_language(&tree_sitter_mj::LANGUAGE.into())
//!     .expect("the mj grammar loads");
//! let tree = parser.parse("123m 456p 789s 11122z tsumo", None).unwrap();
//! assert!(!tree.root_node().has_error());
//! ```

use tree_sitter_language::LanguageFn;

extern "C" {
    fn tree_sitter_mj() -> *const ();
}

/// The tree-sitter [`LanguageFn`] of the grammar.
pub const LANGUAGE: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_mj) };

/// The node types of the grammar, as `src/node-types.json`.
pub const NODE_TYPES: &str = include_str!("../../src/node-types.json");

/// Syntax highlighting (Neovim capture names).
pub const HIGHLIGHTS_QUERY: &str = include_str!("../../queries/highlights.scm");

/// Injections: an option's value (`dora=1m3p`) is notation too.
pub const INJECTIONS_QUERY: &str = include_str!("../../queries/injections.scm");

#[cfg(test)]
mod tests {
    #[test]
    fn the_language_loads() {
        let mut parser = tree_sitter::Parser::new();
        parser
            .set_language(&super::LANGUAGE.into())
            .expect("loading the mj grammar");
    }
}
