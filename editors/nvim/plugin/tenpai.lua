-- :TenpaiBuildParser compiles the tree-sitter-mj parser (see docs/editors.md).
vim.api.nvim_create_user_command("TenpaiBuildParser", function()
  local ok, err = require("tenpai").build_parser()
  if ok then
    vim.notify("tenpai: built the mj parser")
  else
    vim.notify("tenpai: " .. err, vim.log.levels.ERROR)
  end
end, { desc = "Build the tree-sitter-mj parser with cc" })
