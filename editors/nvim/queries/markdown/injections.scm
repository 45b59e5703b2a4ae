; extends

; Fences the server reads as mj but Neovim's own injection misses: it takes
; the `language` node as the language name, and that node is `mj:line-numbers`
; for VitePress's ```mj:line-numbers (or `mj?x`), `.mj` for Pandoc's
; ```{.mj .numberLines}, and absent for ```{ .mj }. The regex is the
; server's `is_mj_info` (crates/tenpai-doc/src/document/markdown.rs) less the cases
; Neovim's query already injects (`mj`, `mj title`, `mj{2}`, `mj,x`), so no
; fence is parsed twice. (Neovim reads `#match?` as a very magic (\v) Vim regex.)
((fenced_code_block
  (info_string) @_info
  (code_fence_content) @injection.content)
  (#match? @_info "\\v\\c^(mj[:?]|[{][[:space:]}]*([^.[:space:]}][^[:space:]}]*[[:space:]}]+)*\\.mj([[:space:]}]|$))")
  (#set! injection.language "mj"))
