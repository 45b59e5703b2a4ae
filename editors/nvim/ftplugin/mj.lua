-- The `mj` filetype: `#` comments, and tree-sitter highlighting when the
-- mj parser is installed (:TenpaiInstallParser), unless
-- `vim.g.tenpai_treesitter = false` (setup({ treesitter = false }) sets it).
vim.bo.commentstring = "# %s"
vim.bo.comments = ":#"
if vim.g.tenpai_treesitter ~= false then
  require("tenpai").start_treesitter(0)
end
