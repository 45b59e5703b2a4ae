//! The committed `src/parser.c` has every parse state dense, as
//! `examples/dense_parse_table.rs` writes it after `tree-sitter generate`
//! (one load a parse-table look-up instead of a linear search), and the
//! rewrite keeps every entry of the generator's small table.

mod support;

#[path = "../examples/dense_parse_table/transform.rs"]
mod transform;

use transform::dense_parser;

/// A `parser.c` cut down to what the rewrite reads: 2 large states and 2
/// small ones, in the generator's layout, over 5 symbols (3 of them tokens).
const GENERATED: &str = "\
#define STATE_COUNT 4
#define LARGE_STATE_COUNT 2
#define SYMBOL_COUNT 5

enum ts_symbol_identifiers {
  sym_word = 1,
  sym_comma = 2,
  sym_list = 3,
  sym_item = 4,
};

static const uint16_t ts_parse_table[LARGE_STATE_COUNT][SYMBOL_COUNT] = {
  [STATE(0)] = {
    [ts_builtin_sym_end] = ACTIONS(1),
    [sym_word] = ACTIONS(1),
  },
  [STATE(1)] = {
    [sym_list] = STATE(3),
    [sym_word] = ACTIONS(3),
  },
};

static const uint16_t ts_small_parse_table[] = {
  [0] = 2,
    ACTIONS(5), 1,
      sym_comma,
    ACTIONS(7), 2,
      ts_builtin_sym_end,
      sym_word,
  [8] = 2,
    STATE(2), 1,
      sym_item,
    ACTIONS(9), 1,
      sym_word,
};

static const uint32_t ts_small_parse_table_map[] = {
  [SMALL_STATE(2)] = 0,
  [SMALL_STATE(3)] = 8,
};

static const TSParseActionEntry ts_parse_actions[] = {
  [0] = {.entry = {.count = 0, .reusable = false}},
};

  static const TSLanguage language = {
    .large_state_count = LARGE_STATE_COUNT,
    .parse_table = &ts_parse_table[0][0],
    .small_parse_table = ts_small_parse_table,
    .small_parse_table_map = ts_small_parse_table_map,
    .parse_actions = ts_parse_actions,
  };
";

/// The dense table the rewrite must make of it.
const DENSE_TABLE: &str = "\
static const uint16_t ts_parse_table[LARGE_STATE_COUNT][SYMBOL_COUNT] = {
  [STATE(0)] = {
    [ts_builtin_sym_end] = ACTIONS(1),
    [sym_word] = ACTIONS(1),
  },
  [STATE(1)] = {
    [sym_list] = STATE(3),
    [sym_word] = ACTIONS(3),
  },
  [STATE(2)] = {
    [ts_builtin_sym_end] = ACTIONS(7),
    [sym_word] = ACTIONS(7),
    [sym_comma] = ACTIONS(5),
  },
  [STATE(3)] = {
    [sym_word] = ACTIONS(9),
    [sym_item] = STATE(2),
  },
};

static const TSParseActionEntry ts_parse_actions[] = {
";

#[test]
fn small_states_become_dense_rows_with_the_same_entries() {
    let dense = dense_parser(GENERATED).expect("the generator's layout is read");
    assert!(dense.contains("#define LARGE_STATE_COUNT 4\n"), "{dense}");
    assert!(dense.contains("#define STATE_COUNT 4\n"), "{dense}");
    assert!(dense.contains(DENSE_TABLE), "{dense}");
    assert!(!dense.contains("small_parse_table"), "{dense}");
    assert!(!dense.contains("SMALL_STATE"), "{dense}");
    // Everything else is kept as it was.
    assert!(dense.contains("    .parse_actions = ts_parse_actions,\n  };\n"));
    assert!(dense.contains("enum ts_symbol_identifiers {\n  sym_word = 1,"));
}

#[test]
fn the_rewrite_is_idempotent() {
    let dense = dense_parser(GENERATED).expect("the generator's layout is read");
    assert_eq!(dense_parser(&dense).as_deref(), Ok(dense.as_str()));
}

#[test]
fn a_small_table_that_does_not_add_up_is_refused() {
    // The map sends state 3 where state 2's groups are.
    let wrong_map = GENERATED.replace("[SMALL_STATE(3)] = 8,", "[SMALL_STATE(3)] = 0,");
    let error = dense_parser(&wrong_map).expect_err("a wrong map is refused");
    assert!(error.contains("state 3"), "{error}");
    // A symbol the enum does not name.
    let unknown = GENERATED.replace("      sym_comma,\n", "      sym_colon,\n");
    let error = dense_parser(&unknown).expect_err("an unknown symbol is refused");
    assert!(error.contains("sym_colon"), "{error}");
    // One state too few for STATE_COUNT.
    let short = GENERATED.replace("#define STATE_COUNT 4", "#define STATE_COUNT 5");
    assert!(dense_parser(&short).is_err());
}

#[test]
fn the_committed_parser_is_dense() {
    let path = support::root().join("src/parser.c");
    let committed = std::fs::read_to_string(&path).expect("src/parser.c");
    let define = |name: &str| {
        committed
            .lines()
            .find_map(|line| line.strip_prefix(&format!("#define {name} ")))
            .unwrap_or_else(|| panic!("no #define {name}"))
            .to_string()
    };
    assert_eq!(
        define("LARGE_STATE_COUNT"),
        define("STATE_COUNT"),
        "some states of src/parser.c are small: run \
         `cargo run -p tree-sitter-mj --example dense_parse_table` after `tree-sitter generate`"
    );
    assert!(!committed.contains("ts_small_parse_table"));
    assert_eq!(
        dense_parser(&committed).as_deref(),
        Ok(committed.as_str()),
        "the rewrite changes the committed parser"
    );
}

#[test]
fn the_language_has_every_state() {
    // The runtime reads the dense row of every state; a state with no
    // actions at all would be a row the rewrite lost.
    let language: tree_sitter::Language = tree_sitter_mj::LANGUAGE.into();
    for state in 0..language.parse_state_count() as u16 {
        let mut lookaheads = language
            .lookahead_iterator(state)
            .expect("every state has a lookahead iterator");
        assert!(
            lookaheads.next().is_some(),
            "state {state} has no valid symbol"
        );
    }
}
