-- The plugin on 'runtimepath': the `mj` filetype, :TenpaiInstallParser,
-- :TenpaiRestart, inlay hints where tenpai attaches. The server itself
-- starts with `vim.lsp.enable("tenpai")` (its config is lsp/tenpai.lua) or
-- with require("tenpai").setup().
require("tenpai").init()
