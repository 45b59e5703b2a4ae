; extends

; An inline code span that starts like a hand (`123m`, `(123m)`, `[1111p]`,
; a tile glyph) is a hand line, as the server reads it: highlight it as mj.
; (A Vim regex: query strings have no byte escapes for a Lua pattern.)
((code_span) @injection.content
  (#match? @injection.content "^`[0-9([🀀-🀫]")
  (#offset! @injection.content 0 1 0 -1)
  (#set! injection.language "mj"))
