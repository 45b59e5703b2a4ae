; Highlights for tenpai's hand notation (Neovim capture names; Helix's live
; in editors/helix/queries). Every node gets at most one capture, so the
; result does not depend on an editor's precedence rules.

; Tiles, by suit: man, pin, sou, honors. The suit letter takes its suit's
; colour; red fives stand out.
(tile_group (tile) @number (suit) @_suit (#eq? @_suit "m"))
(tile_group (tile) @function (suit) @_suit (#eq? @_suit "p"))
(tile_group (tile) @string (suit) @_suit (#eq? @_suit "s"))
(tile_group (tile) @constant (suit) @_suit (#any-of? @_suit "z" "h"))

((suit) @number (#eq? @number "m"))
((suit) @function (#eq? @function "p"))
((suit) @string (#eq? @string "s"))
((suit) @constant (#any-of? @constant "z" "h"))

(red_five) @constant.builtin

(honor) @constant

(glyph_man) @number
(glyph_pin) @function
(glyph_sou) @string
(glyph_honor) @constant

(meld ["(" ")" "[" "]"] @punctuation.bracket)

; Options: flags (`riichi`, `tsumo`) are keywords, keys with a value are
; properties. A value is one token (the server reads it); tiles in it are
; highlighted by injections.scm where the editor supports that.
(option key: (option_key) @keyword !value)
(option key: (option_key) @property value: (_))
(option "=" @operator)
((option_value) @number (#match? @number "^[0-9]+$"))
((option_value) @string.special (#not-match? @string.special "^[0-9]+$"))

; Claims.
(claim "=>" @operator)
(claim "/" @operator)
(claim_number) @number
(claim_word) @keyword
(waits ["waits" "wait"] @keyword)

; Rules lines.
(rules_line "rules:" @keyword.directive)
(rule) @constant

(comment) @comment @spell
