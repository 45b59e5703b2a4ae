-- The plugin as a user of Neovim 0.11's own LSP set-up has it: editors/nvim
-- on 'runtimepath' (run.sh passes `--cmd "set rtp^=..."`, as a plugin
-- manager does), no setup() call, `tenpai` on PATH. `vim.lsp.enable("tenpai")`
-- (lsp/tenpai.lua) and :TenpaiInstallParser must give highlighting, hovers
-- and inlay hints; :checkhealth tenpai must report no error.
--
-- Environment: TENPAI_BIN (the binary), TENPAI_WORK (a scratch directory).

local h = dofile(vim.fs.joinpath(vim.fs.dirname(debug.getinfo(1, "S").source:sub(2)), "helpers.lua"))
local work = assert(vim.env.TENPAI_WORK, "TENPAI_WORK")
h.put_binary_on_path(assert(vim.env.TENPAI_BIN, "TENPAI_BIN"))

h.check("plugin_loaded", function()
  assert(vim.fn.exists(":TenpaiInstallParser") == 2, ":TenpaiInstallParser is missing")
  assert(vim.fn.exists(":TenpaiRestart") == 2, ":TenpaiRestart is missing")
  assert(package.loaded["tenpai"] ~= nil, "plugin/tenpai.lua did not load the module")
  assert(require("tenpai").config.settings and vim.tbl_isempty(require("tenpai").config.settings))
end)

h.check("health_before", function()
  -- Before the parser: a warning that says what to run, no error.
  local report = h.checkhealth()
  assert(report:find("OK tenpai %d+%.%d+%.%d+"), "no binary version in:\n" .. report)
  assert(report:find("not enabled"), "the config is enabled before vim.lsp.enable:\n" .. report)
  assert(report:find(":TenpaiInstallParser compiles it with"), "no advice to install the parser:\n" .. report)
  assert(not report:find("ERROR"), "errors:\n" .. report)
end)

vim.lsp.enable("tenpai")
vim.cmd("TenpaiInstallParser")

h.check("parser_installed", function()
  local path = require("tenpai").parser_path()
  assert(vim.uv.fs_stat(path), "no parser at " .. path)
  assert(path:find(vim.fn.stdpath("data"), 1, true) == 1, "the parser is not in stdpath('data'): " .. path)
  assert(require("tenpai").has_parser(), "the mj parser does not load")
end)

local mj = work .. "/plain.mj"
h.write(mj, {
  "# a game review",
  "234m 567p 22s 345678s riichi tsumo dora=1s",
  "123m 456p 789s 1122z riichii",
})
vim.cmd.edit(mj)
local buf = vim.api.nvim_get_current_buf()

h.check("plain_filetype", function()
  assert(vim.bo[buf].filetype == "mj", "filetype is " .. vim.bo[buf].filetype)
end)

h.check("plain_highlighting", function()
  assert(vim.treesitter.highlighter.active[buf], "no tree-sitter highlighting in the .mj buffer")
  vim.treesitter.get_parser(buf):parse(true)
  assert(vim.tbl_contains(h.captures_at(buf, 1, 0), "mj:number"), "234m: " .. table.concat(h.captures_at(buf, 1, 0), " "))
  assert(vim.tbl_contains(h.captures_at(buf, 1, 22), "mj:keyword"), "riichi: " .. table.concat(h.captures_at(buf, 1, 22), " "))
end)

h.check("plain_hover", function()
  h.wait(15000, function() return h.client(buf) ~= nil end, "the server to attach")
  local text = h.hover_text(buf, 1, 22)
  assert(text:find("han") and text:find("fu"), "hover without han/fu: " .. text)
end)

h.check("plain_inlay_hints", function()
  assert(vim.lsp.inlay_hint.is_enabled({ bufnr = buf }), "inlay hints are not on where tenpai attached")
  local hints = h.request(buf, "textDocument/inlayHint", {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = 0, character = 0 }, ["end"] = { line = 3, character = 0 } },
  }) or {}
  local lines = {}
  for _, hint in ipairs(hints) do
    lines[hint.position.line] = true
  end
  assert(lines[1], "no inlay hint after the winning hand: " .. vim.inspect(hints))
end)

h.check("health_after", function()
  local report = h.checkhealth()
  assert(report:find("OK the mj parser loads"), "parser not reported:\n" .. report)
  assert(report:find("OK enabled for mj, markdown"), "enabled not reported:\n" .. report)
  assert(report:find("OK running %(client"), "the running client not reported:\n" .. report)
  assert(report:find("OK %*%.mj files are `mj`"), "filetype not reported:\n" .. report)
  assert(not report:find("ERROR") and not report:find("WARNING"), "errors or warnings:\n" .. report)
end)

h.check("restart", function()
  local before = h.client(buf)
  vim.cmd("TenpaiRestart")
  h.wait(15000, function()
    local now = h.client(buf)
    return now ~= nil and now.id ~= before.id and now.initialized
  end, "a new client after :TenpaiRestart")
  assert(before:is_stopped(), "the old client still runs")
  local text = h.hover_text(buf, 1, 22)
  assert(text:find("han"), "no hover after the restart: " .. text)
end)

h.finish("nvim-enable")
