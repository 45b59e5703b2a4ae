; extends

; An inline code span that starts like a hand is a hand line, as the server
; reads it (crates/tenpai-doc/src/document/inline.rs): it begins with a tile group
; (`123m`, `(123m)`, `[1111p]`, `(rrr)`, a tile glyph) and its first word is
; made of notation characters, perhaps with an option glued on
; (`22sriichi`, `22sdora=1m`). So `10mb`, `3px` or `1m-2m` stay code. (A Vim
; regex, very magic: query strings have no byte escapes for a Lua pattern.
; What follows the first word is not checked.)
((code_span) @injection.content
  (#match? @injection.content "^`([([]?([0-9]+[mpszh]|[🀀-🀡])|[([][eswnhgr]+[])])[]0-9mpszhewngr()[🀀-🀡]*([a-z-]{3,}|[a-z-]+[=:][^ `]*)?( |`$)")
  (#offset! @injection.content 0 1 0 -1)
  (#set! injection.language "mj"))
