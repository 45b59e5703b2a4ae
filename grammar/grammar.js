/**
 * @file tree-sitter grammar for tenpai's Riichi Mahjong hand notation.
 * @license MIT
 *
 * The language is the one of docs/notation.md and of the nom parser in
 * server/src/notation; tests/corpus (the shared conformance corpus) keeps the
 * two in step. A document is lines; each line is a hand line, a `rules:`
 * line, a comment or blank.
 *
 * Regenerate after editing (needs the tree-sitter CLI, 0.25 or newer):
 *   cd grammar && tree-sitter generate && ./record-grammar-hash
 */

/// <reference types="tree-sitter-cli/dsl" />
// @ts-check

// Letters that spell letter honors (`e s w n wh g r`). An option word must
// hold at least one other letter, so `rrr` stays three Red dragons while
// `riichi` is a word.
const HONOR_LETTERS = 'eswngrh';

module.exports = grammar({
  name: 'mj',

  // Newlines end lines, so only blanks are free.
  extras: _ => [/[ \t\f\uFEFF]/],

  rules: {
    document: $ => seq(
      repeat(seq(optional($._line), $._newline)),
      optional($._line),
    ),

    _newline: _ => /\r?\n/,

    _line: $ => choice($.hand_line, $.rules_line, $.comment),

    comment: _ => token(seq('#', /[^\r\n]*/)),

    // ---------------------------------------------------------------- hands

    hand_line: $ => seq(
      field('hand', $.hand),
      repeat(field('option', $.option)),
      optional(field('claim', $.claim)),
      optional(field('comment', $.comment)),
    ),

    hand: $ => repeat1(choice($._tiles, $.meld)),

    // Closed tiles: digit groups, letter honors, glyphs.
    _tiles: $ => choice($.tile_group, $.honor, $._glyph),

    // `123m`, `406p`, `1234567z`: digits, then the suit letter right after.
    tile_group: $ => seq($._digits, field('suit', $.suit)),

    _digits: $ => seq(
      choice($.tile, $.red_five),
      repeat(choice(
        alias(token.immediate(/[1-9]/), $.tile),
        alias(token.immediate('0'), $.red_five),
      )),
    ),

    tile: _ => /[1-9]/,
    red_five: _ => '0',
    // Above an option word: `dora=1m3p` is tiles, not `1` and `m3p`.
    suit: _ => token.immediate(prec(1, /[mpszh]/)),

    // `wh` is one token, so the lexer's longest match reads `wwh` as
    // West, White.
    honor: _ => choice('e', 's', 'w', 'n', 'wh', 'g', 'r'),

    _glyph: $ => choice($.glyph_man, $.glyph_pin, $.glyph_sou, $.glyph_honor),
    glyph_man: _ => /[\u{1F007}-\u{1F00F}]/u,
    glyph_sou: _ => /[\u{1F010}-\u{1F018}]/u,
    glyph_pin: _ => /[\u{1F019}-\u{1F021}]/u,
    glyph_honor: _ => /[\u{1F000}-\u{1F006}]/u,

    // `(123m)` `(rrr)` `(1111s)`: called; `[1111s]` `[eeee]`: closed kan.
    meld: $ => choice(
      seq(field('open', '('), repeat1($._tiles), field('close', ')')),
      seq(field('open', '['), repeat1($._tiles), field('close', ']')),
    ),

    // -------------------------------------------------------------- options

    option: $ => seq(
      field('key', $.option_key),
      optional(seq('=', field('value', $._value))),
    ),

    option_key: _ => new RegExp(
      `[${HONOR_LETTERS}]*[a-dfi-mo-qt-vx-z\\-][a-z0-9\\-]*`,
    ),

    _value: $ => choice($.count, $.tiles),

    // `honba=2`: the digits of a count share their tokens with tile
    // groups; the suit letter (or its absence) decides.
    count: $ => $._digits,

    tiles: $ => repeat1($._tiles),

    // --------------------------------------------------------------- claims

    // `=> 7700`, `=> 2000/3900`, `=> 3900 all`, `=> 3 han 30 fu`, `=> 3/30`,
    // `=> mangan`, `=> 1-shanten`, `=> tenpai`, `=> waits 14m`.
    claim: $ => seq(
      '=>',
      choice(
        seq(repeat1($._claim_item), optional($.waits)),
        $.waits,
      ),
    ),

    _claim_item: $ => choice($.claim_number, '/', $.claim_word, $.shanten),

    claim_number: _ => /[0-9]+/,
    shanten: _ => /[0-9]+-shanten/,
    claim_word: _ => /[a-z][a-z\-]*/,
    waits: $ => seq('waits', repeat1($._tiles)),

    // ---------------------------------------------------------------- rules

    // `rules: tenhou`, `rules: kiriage double-yakuman=off`.
    rules_line: $ => seq(
      'rules:',
      repeat($.rule),
      optional(field('comment', $.comment)),
    ),

    rule: $ => seq(
      field('key', $.rule_key),
      optional(seq('=', field('value', $.rule_value))),
    ),

    rule_key: _ => /[a-z0-9][a-z0-9\-]*/,
    rule_value: _ => /[a-z0-9][a-z0-9\-.]*/,
  },
});
