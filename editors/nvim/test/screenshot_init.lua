-- Neovim config for the docs screenshot (screenshot.sh): the plugin from the
-- repository, ASCII hovers (the PNG font has no tile glyphs).
vim.opt.runtimepath:prepend(vim.env.TENPAI_REPO .. "/editors/nvim")
vim.o.termguicolors = true
vim.o.number = true
vim.o.laststatus = 0
vim.o.winborder = "rounded"
vim.o.shortmess = vim.o.shortmess .. "I"
-- A scene starts where the last one was killed: no swap file to warn about.
vim.o.swapfile = false
require("tenpai").setup({
  cmd = { vim.env.TENPAI_BIN, "lsp" },
  settings = { glyphs = false },
})
