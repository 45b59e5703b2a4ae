// What a context-free lexer cannot see in the notation (hand-written, not
// generated; committed with the parser):
//
// - Words. A whitespace-separated word is a hand word when it starts with a
//   digit, a bracket or a tile glyph (U+1F000-U+1F02B), or is made only of
//   letter honors (e s w n wh g r); any other word is an option.
//   `option_key` is an option word's key (to its first `=`), read here
//   whole; `_option_start` is a zero-width token before an option word with
//   no key (`=x`); `misplaced` is a whole hand word written after the
//   options (tiles-after-options), unless it is letter honors, which the
//   grammar reads itself.
// - Digit runs. A tile group's first digit is read here (`_suited_tile`,
//   `_suited_red_five` for a `0`, `_honor_tile`), and only when the run's
//   digits end in a suit letter that fits them: 0-9 before m p s, 1-7
//   before z h. So `123` (no suit) and `8z` are ERRORs where they stand.
//   Inside a meld (no blank before) as anywhere else.
// - Melds. A meld's `(` or `[` is read here (`_meld_paren`,
//   `_meld_bracket`), and only when the next bracket in the same word is its
//   own close; otherwise the bracket is an ERROR (unclosed-meld), and so is
//   the stray close.
// - `rules:` is the keyword of a rules line only as the line's first word;
//   `Rules:` and `rules :` too, as the nom parser reads them (with an error).
// - A NUL byte is in no word (an ERROR, as for the nom parser).
// - A key the `=` of a value follows is `_option_key_before_equals` (an
//   `option_key` in the tree), so that the parser, knowing only the `=` can
//   come next, does not call the scanner there first.
// - `option_value`: after `key=`, the rest of the word, up to a blank, `#`
//   or `=>` (`dora=1m=>7700`), `=` signs included (`win=5p=`).

#include "tree_sitter/parser.h"

#include <stdbool.h>
#include <stdint.h>

enum TokenType {
  OPTION_KEY,
  OPTION_START,
  SUITED_TILE,
  SUITED_RED_FIVE,
  HONOR_TILE,
  ERROR_RECOVERY,
  MISPLACED,
  MELD_PAREN,
  MELD_BRACKET,
  RULES_KEYWORD,
  OPTION_VALUE,
  OPTION_KEY_BEFORE_EQUALS,
};

void *tree_sitter_mj_external_scanner_create(void) { return NULL; }
void tree_sitter_mj_external_scanner_destroy(void *payload) { (void)payload; }
unsigned tree_sitter_mj_external_scanner_serialize(void *payload, char *buffer) {
  (void)payload;
  (void)buffer;
  return 0;
}
void tree_sitter_mj_external_scanner_deserialize(void *payload, const char *buffer, unsigned length) {
  (void)payload;
  (void)buffer;
  (void)length;
}

// At the end of the text the lookahead is 0, so `eof` (a call through the
// lexer) is asked only then, not at every character of a word.
static bool is_line_end(TSLexer *lexer) {
  int32_t c = lexer->lookahead;
  return c == '\n' || c == '\r' || (c == 0 && lexer->eof(lexer));
}

// The blanks of the grammar's extras (BLANK in grammar.js): not U+FEFF.
// A word's characters are mostly printable ASCII, none of them a blank:
// one test rules them out before the list.
static bool is_blank(int32_t c) {
  if (c > ' ' && c < 0x85) {
    return false;
  }
  return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == 0x85 || c == 0xA0 ||
         c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 ||
         c == 0x202F || c == 0x205F || c == 0x3000;
}

static bool is_digit(int32_t c) { return c >= '0' && c <= '9'; }

// A NUL byte in the text (not the end of it, where the lookahead is 0 too).
// No token of the grammar holds one, so it is an ERROR wherever it stands,
// as it is an `unknown-character` error for the nom parser; the generated
// lexer leaves it out of every negated class (`[^#]`) for the same reason.
static bool is_nul(TSLexer *lexer) { return lexer->lookahead == 0 && !lexer->eof(lexer); }

static int32_t ascii_lower(int32_t c) { return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c; }

static bool starts_hand_word(int32_t c) {
  return is_digit(c) || c == '(' || c == ')' || c == '[' || c == ']' ||
         (c >= 0x1F000 && c <= 0x1F02B);
}

// At a digit: reads the run and the letter after it. Returns the token of
// the run's first digit (whose end is marked), or -1.
static int digit_run(TSLexer *lexer) {
  bool red_five = lexer->lookahead == '0';
  bool honor_digits = true;
  bool first = true;
  while (is_digit(lexer->lookahead)) {
    int32_t c = lexer->lookahead;
    if (c < '1' || c > '7') {
      honor_digits = false;
    }
    lexer->advance(lexer, false);
    if (first) {
      lexer->mark_end(lexer);
      first = false;
    }
  }
  int32_t s = lexer->lookahead;
  if (s == 'm' || s == 'p' || s == 's') {
    return red_five ? SUITED_RED_FIVE : SUITED_TILE;
  }
  if ((s == 'z' || s == 'h') && honor_digits) {
    return HONOR_TILE;
  }
  return -1;
}

static bool emit(TSLexer *lexer, int token, const bool *valid_symbols) {
  if (token < 0 || !valid_symbols[token]) {
    return false;
  }
  lexer->result_symbol = (TSSymbol)token;
  return true;
}

// Consumes the rest of a word (to a blank, the line end, `#` or `=>`) as
// `token`; false if that is empty.
static bool rest_of_word(TSLexer *lexer, TSSymbol token) {
  bool any = false;
  for (;;) {
    int32_t c = lexer->lookahead;
    if (is_line_end(lexer) || is_blank(c) || c == '#' || is_nul(lexer)) {
      break;
    }
    if (c == '=') {
      lexer->mark_end(lexer);
      lexer->advance(lexer, false);
      if (lexer->lookahead == '>') {
        lexer->result_symbol = token;
        return any;
      }
      any = true;
      continue;
    }
    lexer->advance(lexer, false);
    any = true;
  }
  lexer->mark_end(lexer);
  lexer->result_symbol = token;
  return any;
}

static bool misplaced(TSLexer *lexer) {
  return rest_of_word(lexer, MISPLACED);
}

// At `(` or `[`: whether the next bracket in this word closes it (the
// token is the opening bracket: its end is marked after it).
static bool meld_closes(TSLexer *lexer) {
  int32_t close = lexer->lookahead == '(' ? ')' : ']';
  lexer->advance(lexer, false);
  lexer->mark_end(lexer);
  for (;;) {
    int32_t c = lexer->lookahead;
    if (is_line_end(lexer) || is_blank(c) || c == '#') {
      return false;
    }
    if (c == '(' || c == '[' || c == ')' || c == ']') {
      return c == close;
    }
    lexer->advance(lexer, false);
    // `=>` starts the claim, even inside a word: the word, and the meld,
    // end before it (`[s=>]` is an unclosed meld, as for the parser).
    if (c == '=' && lexer->lookahead == '>') {
      return false;
    }
  }
}

// Whether `c` continues a word of letter honors (e s w n wh g r); `after_w`
// carries whether the letter before was a `w` (so `h` makes `wh`).
static bool honor_letter(int32_t c, bool *after_w) {
  bool h = c == 'h' && *after_w;
  *after_w = c == 'w';
  return h || c == 'w' || c == 'e' || c == 's' || c == 'n' || c == 'g' || c == 'r';
}

// Error recovery (every symbol valid): an option word after a blank still
// is an option's key, so that `123m ) tsumo` keeps `tsumo` an option rather
// than letting the built-in lexer read its letters as honors and suits.
// Anything else is left to the built-in lexer.
static bool recover(TSLexer *lexer) {
  bool blank = false;
  while (is_blank(lexer->lookahead)) {
    lexer->advance(lexer, true);
    blank = true;
  }
  if (!blank && lexer->get_column(lexer) != 0) {
    return false;
  }
  int32_t c = lexer->lookahead;
  if (is_line_end(lexer) || c == '#' || c == '=' || is_nul(lexer) || starts_hand_word(c)) {
    return false;
  }
  bool honors = true;
  bool after_w = false;
  for (;;) {
    c = lexer->lookahead;
    if (is_line_end(lexer) || is_blank(c) || c == '#' || c == '=') {
      break;
    }
    if (!honor_letter(c, &after_w)) {
      honors = false;
      break;
    }
    lexer->advance(lexer, false);
  }
  if (honors && c != '=') {
    return false;
  }
  // The key: to the first `=` (or the end of the word).
  while (!(is_line_end(lexer) || is_blank(lexer->lookahead) || lexer->lookahead == '#' ||
           lexer->lookahead == '=' || is_nul(lexer))) {
    lexer->advance(lexer, false);
  }
  lexer->mark_end(lexer);
  lexer->result_symbol = OPTION_KEY;
  if (lexer->lookahead == '=') {
    lexer->advance(lexer, false);
    if (lexer->lookahead != '>') {
      lexer->result_symbol = OPTION_KEY_BEFORE_EQUALS;
    }
  }
  return true;
}

bool tree_sitter_mj_external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid_symbols) {
  (void)payload;
  // `_error_recovery` is in no rule: only error recovery makes it valid
  // (with every other symbol).
  if (valid_symbols[ERROR_RECOVERY]) {
    return recover(lexer);
  }

  // Right after `key=`, with no blank before; else the value is empty and
  // the next word is read below.
  if (valid_symbols[OPTION_VALUE] && !is_blank(lexer->lookahead) && !is_line_end(lexer) &&
      lexer->lookahead != '#') {
    return rest_of_word(lexer, OPTION_VALUE);
  }

  bool blank = false;
  uint32_t blanks = 0;
  while (is_blank(lexer->lookahead)) {
    lexer->advance(lexer, true);
    blank = true;
    blanks++;
  }
  // A line's first word. `rules:` is valid at a line's start and, outside
  // error recovery, elsewhere only where the parser recovered from an
  // error: `get_column` tells those apart, and is asked only then, since
  // it reads the line again from its start (at a line's start, right after
  // its line break, the lexer knows its column). Within a line, a word
  // starts after a blank.
  bool line_start = valid_symbols[RULES_KEYWORD] && lexer->get_column(lexer) == blanks;
  bool word_start = blank || line_start;
  int32_t c = lexer->lookahead;
  if (is_line_end(lexer) || c == '#') {
    return false;
  }

  if (is_digit(c)) {
    if (word_start && valid_symbols[MISPLACED]) {
      return misplaced(lexer);
    }
    return emit(lexer, digit_run(lexer), valid_symbols);
  }
  if (c == '(' || c == '[') {
    if (word_start && valid_symbols[MISPLACED]) {
      return misplaced(lexer);
    }
    int token = c == '(' ? MELD_PAREN : MELD_BRACKET;
    return valid_symbols[token] && meld_closes(lexer) && emit(lexer, token, valid_symbols);
  }
  if (!word_start || !(valid_symbols[OPTION_KEY] || valid_symbols[MISPLACED])) {
    return false;
  }
  if (starts_hand_word(c)) {
    return valid_symbols[MISPLACED] && misplaced(lexer);
  }
  if (c == '=') {
    lexer->mark_end(lexer);
    lexer->advance(lexer, false);
    // `=>` starts the claim; `=x` is an option with no key.
    return lexer->lookahead != '>' && emit(lexer, OPTION_START, valid_symbols);
  }

  // Classify the word: only letter honors (a hand word), `rules:` (the
  // keyword of a rules line), or an option, whose key ends at the word's
  // first `=` (its end is marked there) or with the word.
  static const char rules[] = "rules";
  unsigned matched = 0;
  bool honors = true;
  bool after_w = false;
  bool key_ended = false;
  bool value_follows = false;
  unsigned length = 0;
  for (;;) {
    c = lexer->lookahead;
    if (matched == 5 && line_start && valid_symbols[RULES_KEYWORD] &&
        (c == ':' || c == ' ' || c == '\t')) {
      lexer->mark_end(lexer);
      // `rules:`, or the mark written as the parser also reads it (with
      // an error and its fix): `Rules:`, `RULES :`, any case, spaces and
      // tabs before the colon.
      while (lexer->lookahead == ' ' || lexer->lookahead == '\t') {
        lexer->advance(lexer, false);
      }
      if (lexer->lookahead == ':') {
        lexer->advance(lexer, false);
        lexer->mark_end(lexer);
        lexer->result_symbol = RULES_KEYWORD;
        return true;
      }
      // The word `rules` with no colon after it: an option, `rules` its
      // key (its end marked before the blanks).
      return emit(lexer, OPTION_KEY, valid_symbols);
    }
    if (is_line_end(lexer) || is_blank(c) || c == '#') {
      break;
    }
    if (is_nul(lexer)) {
      // Not a letter honor: the word is an option, its key ends here.
      honors = false;
      break;
    }
    if (c == '=') {
      bool first_equals = !key_ended;
      if (first_equals) {
        lexer->mark_end(lexer);
        key_ended = true;
      }
      lexer->advance(lexer, false);
      if (lexer->lookahead == '>') {
        break; // the claim starts here
      }
      value_follows |= first_equals;
      honors = false;
      matched = 7;
      length++;
      continue;
    }
    if (matched < 5 && ascii_lower(c) == (int32_t)rules[matched]) {
      matched++;
    } else {
      matched = 7;
    }
    if (honors && !honor_letter(c, &after_w)) {
      honors = false;
    }
    lexer->advance(lexer, false);
    length++;
  }
  if (length == 0) {
    return false;
  }
  if (honors) {
    // Letter honors: the grammar's own tokens (after the options too).
    return false;
  }
  if (!key_ended) {
    lexer->mark_end(lexer);
  }
  return emit(lexer, value_follows ? OPTION_KEY_BEFORE_EQUALS : OPTION_KEY, valid_symbols);
}
