//! The committed `src/parser.c` has the lexer's fast paths, as
//! `examples/lexer_fast_paths.rs` writes them after `tree-sitter generate`
//! (a `switch` for each `ADVANCE_MAP`, `eof` asked only at a NUL, an ASCII
//! bitmap beside each character set), and the rewrite keeps what the
//! lexer accepts.

mod support;

#[path = "../examples/lexer_fast_paths/transform.rs"]
mod transform;

use transform::{ascii_bitmap, fast_lexer, LEXER_NOTE};

/// A `parser.c` cut down to what the rewrite reads, in the generator's
/// layout: a character set and a lexer of two states.
const GENERATED: &str = "\
static const TSCharacterRange extras_character_set_1[] = {
  {'\\t', '\\t'}, {0x0b, '\\f'}, {' ', ' '}, {0x85, 0x85}, {0x3000, 0x3000},
};

static bool ts_lex(TSLexer *lexer, TSStateId state) {
  START_LEXER();
  eof = lexer->eof(lexer);
  switch (state) {
    case 0:
      if (eof) ADVANCE(2);
      ADVANCE_MAP(
        '\\n', 3,
        '\\'', 3,
        ',', 1,
      );
      if (set_contains(extras_character_set_1, 5, lookahead)) SKIP(0);
      END_STATE();
    case 1:
      ACCEPT_TOKEN(sym_comma);
      END_STATE();
    case 2:
      ACCEPT_TOKEN(sym_word);
      if (lookahead == ' ') ADVANCE(3);
      if (lookahead != 0) ADVANCE(2);
      END_STATE();
    case 3:
      if (lookahead == 'x') ADVANCE(2);
      END_STATE();
    default:
      return false;
  }
}

static const TSLexerMode ts_lex_modes[STATE_COUNT] = {
";

/// The lexer the rewrite must make of it: state 2 accepts where it stops
/// and before it moves to state 3, which does not accept, not on entry.
const FAST: &str = "\
static bool ts_lex(TSLexer *lexer, TSStateId state) {
  START_LEXER();
  switch (state) {
    case 0:
      if ((lookahead == 0 && lexer->eof(lexer))) ADVANCE(2);
      switch (lookahead) {
        case '\\n': ADVANCE(3);
        case '\\'': ADVANCE(3);
        case ',': ADVANCE(1);
        default: break;
      }
      if (set_contains_fast(extras_character_set_1_ascii, extras_character_set_1, 5, lookahead)) SKIP(0);
      END_STATE();
    case 1:
      ACCEPT_TOKEN(sym_comma);
      END_STATE();
    case 2:
      if (lookahead == ' ') { ACCEPT_TOKEN(sym_word); ADVANCE(3); }
      if (lookahead != 0) ADVANCE(2);
      ACCEPT_TOKEN(sym_word);
      END_STATE();
    case 3:
      if (lookahead == 'x') ADVANCE(2);
      END_STATE();
    default:
      return false;
  }
}

static const TSLexerMode ts_lex_modes[STATE_COUNT] = {
";

#[test]
fn maps_become_switches_and_eof_is_asked_at_a_nul() {
    let fast = fast_lexer(GENERATED).expect("the generator's layout is read");
    assert!(fast.contains(FAST), "{fast}");
    assert!(fast.contains(LEXER_NOTE), "{fast}");
    // Tab, vertical tab, form feed and space: bits 9, 11, 12 and 32.
    assert!(
        fast.contains(
            "static const uint64_t extras_character_set_1_ascii[2] = \
             {0x0000000100001a00, 0x0000000000000000};\n"
        ),
        "{fast}"
    );
}

#[test]
fn the_rewrite_is_idempotent() {
    let fast = fast_lexer(GENERATED).expect("the generator's layout is read");
    assert_eq!(fast_lexer(&fast).as_deref(), Ok(fast.as_str()));
}

#[test]
fn bitmaps_hold_exactly_the_ascii_members() {
    // Quoted constants, escapes, a comma as a constant, hex, and a range
    // that goes past ASCII.
    let bitmap = ascii_bitmap("{'\\\\', '\\\\'}, {',', ','}, {'\\'', '\\''}, {0x7e, 0x3000},")
        .expect("the ranges are read");
    let mut expected = [0u64; 2];
    for member in [b'\\', b',', b'\'', 0x7e, 0x7f] {
        expected[usize::from(member >> 6)] |= 1 << (member & 63);
    }
    assert_eq!(bitmap, expected);
    assert!(ascii_bitmap("{'a', 0xzz},").is_err());
    assert!(ascii_bitmap("{'b', 'a'},").is_err());
}

#[test]
fn a_lexer_it_cannot_read_is_refused() {
    let unclosed = GENERATED.replace("      );\n", "");
    assert!(fast_lexer(&unclosed).is_err());
    let odd_entry = GENERATED.replace("        ',', 1,\n", "        ',', one,\n");
    assert!(fast_lexer(&odd_entry).is_err());
    assert!(fast_lexer("int main(void) { return 0; }\n").is_err());
}

#[test]
fn the_committed_parser_has_the_fast_paths() {
    let path = support::root().join("src/parser.c");
    let committed = std::fs::read_to_string(&path).expect("src/parser.c");
    assert!(
        committed.contains(LEXER_NOTE),
        "run `cargo run -p tree-sitter-mj --example lexer_fast_paths` after `tree-sitter generate`"
    );
    assert!(!committed.contains("ADVANCE_MAP("));
    assert!(!committed.contains("eof = lexer->eof(lexer);"));
    assert_eq!(
        fast_lexer(&committed).as_deref(),
        Ok(committed.as_str()),
        "the rewrite changes the committed parser"
    );
}

#[test]
fn the_compiled_lexer_reads_blanks_nul_and_the_end_as_before() {
    // Each blank the bitmap holds separates words, and so does one past
    // ASCII (the range search); a control character that is no blank is an
    // ERROR, as is a NUL inside the text, which is not its end.
    let clean = support::parse("123m\t456p\u{b}789s\u{c}11z 22z\u{3000}riichi # note\n");
    assert!(
        !clean.root_node().has_error(),
        "{}",
        clean.root_node().to_sexp()
    );
    let words = support::parse("123m\t456p");
    assert_eq!(
        words.root_node().child(0).map(|line| line.kind()),
        Some("hand_line")
    );
    for text in ["123m\u{1}456p\n", "123m\u{0}456p\n", "=> 7700\u{0}\n"] {
        let tree = support::parse(text);
        assert!(
            tree.root_node().has_error(),
            "{text:?}: {}",
            tree.root_node().to_sexp()
        );
    }
    // The end of the text ends the last line (the lexer's end token).
    let unterminated = support::parse("rules: tenhou");
    assert!(!unterminated.root_node().has_error());
}

#[test]
fn long_tokens_end_where_they_did() {
    // A comment ends at its last non-blank character (the lexer went on
    // through the blanks after it, in a state that does not accept), a
    // claim's word and number and a rule at their last character.
    let text = "123m # a note  \n=> 3 han  \nrules: tenhou  kiriage=off \n";
    let tree = support::parse(text);
    let root = tree.root_node();
    assert!(!root.has_error(), "{}", root.to_sexp());
    let mut spans = Vec::new();
    let mut cursor = root.walk();
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        if ["comment", "claim_number", "claim_word", "rule"].contains(&node.kind()) {
            spans.push((node.kind(), &text[node.byte_range()]));
        }
        stack.extend(
            node.children(&mut cursor)
                .collect::<Vec<_>>()
                .into_iter()
                .rev(),
        );
    }
    assert_eq!(
        spans,
        [
            ("comment", "# a note"),
            ("claim_number", "3"),
            ("claim_word", "han"),
            ("rule", "tenhou"),
            ("rule", "kiriage=off"),
        ]
    );
}
