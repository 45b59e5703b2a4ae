---@brief
---
--- tenpai: a language server for Riichi Mahjong hand notation, in `.mj`
--- files and in Markdown articles (fences, inline code spans, `^^hand^^`).
--- Hovers with the score, inlay hints with each hand's value or shanten,
--- diagnostics with fixes, formatting, completion.
---
--- Install the `tenpai` binary (a release archive, `cargo binstall tenpai`,
--- or `cargo install --path crates/tenpai --locked` in a clone) so that it
--- is on PATH, then:
---
--- ```lua
--- vim.lsp.enable('tenpai')
--- ```
---
--- Inlay hints carry most of the value: `vim.lsp.inlay_hint.enable()`.
--- Settings (all optional) go under `settings.tenpai`, the section the
--- server asks for:
---
--- ```lua
--- vim.lsp.config('tenpai', {
---   settings = { tenpai = { rules = 'mahjong-soul', glyphs = false } },
--- })
--- ```
---
--- A `tenpai.toml` at the root of a project sets the rules for the editor
--- and the command line alike. The `mj` filetype (`*.mj`) comes with the
--- plugin in the repository's editors/nvim, or:
--- `vim.filetype.add({ extension = { mj = 'mj' } })`.

---@type vim.lsp.Config
return {
  cmd = { 'tenpai', 'lsp' },
  filetypes = { 'mj', 'markdown' },
  root_markers = { 'tenpai.toml', '.git' },
  -- The server reads the same object from initializationOptions and from
  -- workspace/configuration (section `tenpai`): an empty one keeps every
  -- default. vim.empty_dict(): an empty Lua table would go out as `[]`.
  init_options = vim.empty_dict(),
  settings = { tenpai = vim.empty_dict() },
}
