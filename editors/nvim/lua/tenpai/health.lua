-- :checkhealth tenpai — the binary and its version, the server's config,
-- the tree-sitter parser and queries, and filetype detection.

local M = {}

local health = vim.health

--- The server command as Neovim will run it (lsp/tenpai.lua merged with
--- any vim.lsp.config("tenpai", ...) and setup()).
local function server_cmd()
  local ok, config = pcall(function()
    return vim.lsp.config.tenpai
  end)
  if ok and config and type(config.cmd) == "table" then
    return config.cmd, config
  end
  return nil, ok and config or nil
end

local function check_server()
  health.start("tenpai: language server")
  local cmd, config = server_cmd()
  if not config then
    health.error("no `tenpai` LSP config: lsp/tenpai.lua is not on 'runtimepath'", {
      "Add the plugin (the repository's editors/nvim) to 'runtimepath', see docs/editors.md",
    })
    return
  end
  if not cmd then
    health.info("the server command is a function; it is not checked here")
  else
    local exe = cmd[1]
    if vim.fn.executable(exe) ~= 1 then
      health.error(("`%s` is not an executable (the server command is %s)"):format(exe, table.concat(cmd, " ")), {
        "Install tenpai: `cargo install --path crates/tenpai --locked` in a clone, or a release binary",
        'Or point the config at it: vim.lsp.config("tenpai", { cmd = { "/path/to/tenpai", "lsp" } })',
      })
    else
      local res = vim.system({ exe, "--version" }, { text = true }):wait(5000)
      local version = vim.trim(res.stdout or "")
      if res.code == 0 and version:match("^tenpai %d") then
        health.ok(("%s (%s)"):format(version, vim.fn.exepath(exe)))
      else
        health.error(("`%s --version` did not answer as tenpai does: %s"):format(exe, vim.trim((res.stderr or "") .. version)))
      end
    end
  end
  if vim.lsp.is_enabled("tenpai") then
    health.ok("enabled for " .. table.concat(config.filetypes or {}, ", "))
  else
    health.warn("not enabled: nothing starts the server", {
      'Call vim.lsp.enable("tenpai"), or require("tenpai").setup()',
    })
  end
  local clients = vim.lsp.get_clients({ name = "tenpai" })
  if #clients > 0 then
    for _, client in ipairs(clients) do
      local buffers = vim.tbl_count(client.attached_buffers)
      health.ok(("running (client %d, %d buffer(s), root %s)"):format(client.id, buffers, client.root_dir or "none"))
    end
  else
    health.info("no tenpai client is running now (one starts when an mj or Markdown buffer opens)")
  end
end

local function check_treesitter()
  health.start("tenpai: tree-sitter highlighting")
  local tenpai = require("tenpai")
  if tenpai.has_parser() then
    local files = vim.api.nvim_get_runtime_file("parser/mj.*", true)
    health.ok("the mj parser loads" .. (files[1] and (" (" .. files[1] .. ")") or ""))
  else
    local cc = tenpai.c_compiler()
    health.warn("no mj parser: .mj files are not highlighted", {
      cc and (":TenpaiInstallParser compiles it with " .. table.concat(cc, " "))
        or "Install a C compiler (cc, gcc, clang or zig), then run :TenpaiInstallParser",
    })
  end
  if #vim.api.nvim_get_runtime_file("queries/mj/highlights.scm", true) > 0 then
    health.ok("highlight queries found (queries/mj/highlights.scm)")
  else
    health.error("no queries/mj/highlights.scm on 'runtimepath'", { "Add the repository's editors/nvim to 'runtimepath'" })
  end
  local _, grammar = tenpai.paths()
  if vim.uv.fs_stat(vim.fs.joinpath(grammar, "src", "parser.c")) then
    health.ok("grammar sources at " .. grammar)
  else
    health.info("no grammar sources beside the plugin (" .. grammar .. "): :TenpaiInstallParser needs the whole repository")
  end
end

local function check_filetypes()
  health.start("tenpai: file types")
  local detected = vim.filetype.match({ filename = "review.mj" })
  if detected == "mj" then
    health.ok("*.mj files are `mj`")
  else
    health.error(("*.mj files are `%s`, not `mj`"):format(tostring(detected)), {
      'vim.filetype.add({ extension = { mj = "mj" } }), or load the plugin',
    })
  end
  local _, config = server_cmd()
  if config and vim.tbl_contains(config.filetypes or {}, "markdown") then
    health.ok("Markdown buffers get the server too (hands in articles)")
  else
    health.info("Markdown buffers do not get the server (filetypes: " .. table.concat((config or {}).filetypes or {}, ", ") .. ")")
  end
end

function M.check()
  check_server()
  check_treesitter()
  check_filetypes()
end

return M
