/**
 * @file tree-sitter grammar for tenpai's Riichi Mahjong hand notation.
 * @license MIT
 *
 * The language is the one of docs/notation.md and of the nom parser in
 * crates/tenpai-core/src/notation; tests/corpus (the shared conformance corpus, whose
 * README gives the shape of a line) keeps the two in step. A document is
 * lines; each line is a hand line, a `rules:` line, a comment or blank.
 *
 * Words matter: a whitespace-separated word is a hand word when it starts
 * with a digit, a bracket or a tile glyph, or is made only of letter honors;
 * any other word is an option. Whether a word starts after whitespace, and
 * what kind it is, is decided by src/scanner.c, which reads an option's
 * key (`option_key`).
 *
 * Regenerate after editing (needs the tree-sitter CLI, 0.27.1, and Node):
 * cd grammar && tree-sitter generate && cargo run -p tree-sitter-mj --example
 * dense_parse_table && cargo run -p tree-sitter-mj --example lexer_fast_paths
 * && ./record-grammar-hash (docs/editors.md)
 */

/// <reference types="tree-sitter-cli/dsl" />
// @ts-check

const imm = token.immediate;

const I17 = imm(/[1-7]/);
const I89 = imm(/[89]/);
const I0 = imm('0');

// How many blocks (or extra blank lines) a `_block_group` holds.
const BLOCKS_A_GROUP = 16;

const HONORS = ['e', 's', 'w', 'n', 'wh', 'g', 'r'];

// `item` zero to `depth` times, then any number more: written out as
// nested optionals, so that the common lengths take no node of their own.
// A `repeat` is a hidden node for every two items (tree-sitter balances it
// as a binary tree), and a full parse spends its time making nodes: a
// tile group's digits, a hand's words, a line's options, a claim's items,
// a meld's tiles, a rules line's rules and a block's lines are short, so
// only what goes beyond `depth` builds a repetition.
const upTo = (depth, item) =>
  depth === 0 ? repeat(item) : optional(seq(item, upTo(depth - 1, item)));

// `item` zero to `count` times, as nested optionals (no repetition at all).
const atMost = (count, item) =>
  count === 1 ? optional(item) : optional(seq(item, atMost(count - 1, item)));

// What separates words within a line: Unicode White_Space but the line
// breaks, as the nom parser's `char::is_whitespace`. Not U+FEFF: a byte
// order mark inside a line is an unknown character there (tree-sitter
// skips the one at the start of the text itself). Written out, since a
// regex `\s` here leaves out spaces such as U+3000. src/scanner.c's
// `is_blank` agrees.
const BLANK = '\\t\\v\\f \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000';
// Not a blank nor a line break, nor a NUL byte: no token holds one, so it
// is an ERROR wherever it stands, as the nom parser reports it
// (`unknown-character`). Written out: the generator leaves NUL out of a
// negated class in some lexer states and not in others.
const NOT_SPACE = `[^${BLANK}\\r\\n\\x00]`;
const not = extra => new RegExp(`[^${BLANK}\\r\\n\\x00${extra}]`);

const GLYPHS = {
  glyph_man: /[\u{1F007}-\u{1F00F}]/u,
  glyph_sou: /[\u{1F010}-\u{1F018}]/u,
  glyph_pin: /[\u{1F019}-\u{1F021}]/u,
  glyph_honor: /[\u{1F000}-\u{1F006}]/u,
};

module.exports = grammar({
  name: 'mj',

  // Newlines end lines, so only blanks are free.
  extras: _ => [new RegExp(`[${BLANK}]`)],

  // Hidden one-token rules with a field or alias are a node each where
  // they are used; inlined, the field and alias go to the token itself.
  inline: $ => [$._suit_mps, $._suit_zh, $._options],

  // See src/scanner.c: word kinds, and whether a digit run has a suit.
  externals: $ => [
    $.option_key,
    $._option_start,
    $._suited_tile,
    $._suited_red_five,
    $._honor_tile,
    $._error_recovery,
    $.misplaced,
    $._meld_paren,
    $._meld_bracket,
    $._rules_keyword,
    $.option_value,
    $._option_key_before_equals,
  ],

  rules: {
    // Incremental re-parsing reuses a subtree only if it is not "fragile",
    // and tree-sitter makes fragile every node of a repetition, and every
    // node whose first or last child is fragile. So a document is blocks of
    // lines, each closed by the blank line after it: a block starts with a
    // line and ends with a line break, neither fragile, so after an edit the
    // parser takes every block the edit did not touch whole, instead of
    // walking the document line by line. The lines after the last blank
    // line are the last block, which ends at the end of the text (the
    // parser's own end token: an external token for it would make the
    // scanner run wherever a line may end).
    //
    // The blocks (and any further blank lines) are taken 16 at a time, a
    // hidden `_block_group` of exactly 16, and only the groups make the
    // document's repetition: a repetition is a hidden node for every item
    // it holds, and the runtime rebalances it after the parse, so groups of
    // 16 make a sixteenth of those nodes (2.8 million instructions fewer
    // in the bench's full parse). The fewer than 16 after the last group
    // are the document's own children. A group starts and ends with a
    // block or a line break, neither fragile, so it is not fragile either.
    document: $ => seq(
      repeat($._block_group),
      atMost(BLOCKS_A_GROUP - 1, $._block_or_blank),
      optional($._last_block),
    ),

    _block_group: $ => seq(...Array(BLOCKS_A_GROUP).fill($._block_or_blank)),

    // A blank line beyond the one that closes a block is a line break of
    // its own.
    _block_or_blank: $ => choice($._block, $._newline),

    // Each line with its line break, then the blank line's. Written out
    // up to 16 lines (see `upTo`), which one blank line in 16 or fewer
    // keeps every block flat: one node, no repetition.
    _block: $ => seq($._line, $._newline, upTo(15, seq($._line, $._newline)), $._newline),

    // The text ends after a line break, or after a line without one.
    _last_block: $ => choice(
      seq($._line, $._newline, upTo(15, seq($._line, $._newline))),
      seq(upTo(16, seq($._line, $._newline)), $._line),
    ),

    _newline: _ => /\r?\n|\r/,

    _line: $ => choice($.hand_line, $.rules_line, $.comment),

    // From `#` to the last non-blank character.
    comment: _ => token(seq('#', optional(seq(/[^\r\n\x00]*/, new RegExp(NOT_SPACE))))),

    // ---------------------------------------------------------------- hands

    hand_line: $ => seq(
      choice(
        seq(field('hand', $.hand), optional($._options)),
        $._options,
      ),
      optional(field('comment', $.comment)),
    ),

    _options: $ => choice(
      seq(
        field('option', $.option),
        upTo(3, choice(
          field('option', $.option),
          $.misplaced,
          alias($._misplaced_honors, $.misplaced),
        )),
        optional(field('claim', $.claim)),
      ),
      field('claim', $.claim),
    ),

    // Not `repeat1`: a node that starts with a repetition is fragile (see
    // `document`), and so would be its line.
    hand: $ => seq($._hand_item, upTo(13, $._hand_item)),

    // Letter honors after the options (`tiles-after-options`); other hand
    // words there are one `misplaced` token from the scanner.
    _misplaced_honors: $ => prec.right(repeat1($.honor)),

    _hand_item: $ => choice($.tile_group, $.honor, $._glyph, $.meld),

    // `123m`, `406p`: digits, then the suit letter right after.
    // `1234567z` (`h` = `z`): honors take 1-7 only. The scanner reads a
    // group's first digit (`_suited_tile`, `_suited_red_five`,
    // `_honor_tile`) only when the digits end in a suit that fits them, so
    // `123` or `8z` is an ERROR where it stands.
    tile_group: $ => choice(
      seq(
        choice(alias($._suited_tile, $.tile), alias($._suited_red_five, $.red_five)),
        upTo(13, $._digit_imm),
        $._suit_mps,
      ),
      seq(alias($._honor_tile, $.tile), upTo(13, alias(I17, $.tile)), $._suit_zh),
    ),

    _digit_imm: $ => choice(alias(I17, $.tile), alias(I89, $.tile), alias(I0, $.red_five)),
    _suit_mps: $ => field('suit', alias(imm(/[mps]/), $.suit)),
    _suit_zh: $ => field('suit', alias(imm(/[zh]/), $.suit)),

    // `wh` is one token, so the lexer's longest match reads `wwh` as
    // West, White.
    honor: _ => token(choice(...HONORS)),

    _glyph: $ => choice($.glyph_man, $.glyph_pin, $.glyph_sou, $.glyph_honor),
    ...Object.fromEntries(Object.entries(GLYPHS).map(([k, v]) => [k, _ => v])),

    // `(123m)` `(rrr)` `(1111s)`: called; `[1111s]` `[eeee]`: closed kan.
    // A meld is inside one word: the scanner reads its opening bracket
    // (`_meld_paren`, `_meld_bracket`, the `(` and `[` of the tree) only
    // when the bracket's close follows in the same word, with no blank, `#`
    // or `=>` before it, so its items are the hand's own (no immediate
    // forms), and written out up to a kan of single tiles (a node each in a
    // repetition). Any other bracket is an ERROR.
    meld: $ => choice(
      seq(alias($._meld_paren, '('), upTo(4, $._meld_item), imm(')')),
      seq(alias($._meld_bracket, '['), upTo(4, $._meld_item), imm(']')),
    ),

    _meld_item: $ => choice($.tile_group, $.honor, $._glyph),

    // -------------------------------------------------------------- options

    // Any word that is not a hand word: `riichi`, `dora=1m`, `riichii` (the
    // server reports unknown words; the grammar only says where they are).
    // `option_key` (external): the word up to its first `=`; a word that
    // starts with `=` has none (`_option_start`, zero-width, before it).
    // A key the `=` follows is its own token to the scanner
    // (`_option_key_before_equals`, the same `option_key` in the tree), so
    // that after it only the `=` is valid: the parser then asks the
    // generated lexer alone, not the scanner first.
    option: $ => choice(
      field('key', $.option_key),
      seq(
        field('key', alias($._option_key_before_equals, $.option_key)),
        imm('='),
        optional(field('value', $.option_value)),
      ),
      seq($._option_start, '=', optional(field('value', $.option_value))),
    ),

    // `option_value` (external): the rest of the word after `=`.

    // --------------------------------------------------------------- claims

    // `=> 7700`, `=> 2000/3900`, `=> 3900 all`, `=> 3 han 30 fu`, `=> 3/30`,
    // `=> mangan`, `=> 1-shanten`, `=> tenpai`, `=> waits 14m`. Any text is
    // a claim here; the server says which it cannot read.
    claim: $ => seq('=>', upTo(4, $._claim_item)),

    _claim_item: $ => choice($.claim_number, '/', ',', $.claim_word, $.waits),

    claim_number: _ => /[0-9]+/,
    claim_word: _ => new RegExp(`[0-9]*${not('#,/0-9').source}${not('#,/').source}*`),
    waits: $ => prec.right(seq(
      choice('waits', 'wait'),
      repeat(choice($.tile_group, $.honor, $._glyph)),
    )),

    // ---------------------------------------------------------------- rules

    // `rules: tenhou`, `rules: kiriage double-yakuman=off`.
    // `rules:` as the first word of a line (the scanner checks).
    rules_line: $ => seq(
      alias($._rules_keyword, 'rules:'),
      upTo(4, $.rule),
      optional(field('comment', $.comment)),
    ),

    rule: _ => new RegExp(`${not('#').source}+`),
  },
});
