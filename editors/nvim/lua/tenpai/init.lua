-- tenpai for Neovim (0.11+): the `mj` filetype, the `tenpai lsp` language
-- server for `mj` and Markdown (its config is lsp/tenpai.lua, so
-- `vim.lsp.enable("tenpai")` works without setup()), the tree-sitter-mj
-- parser with its queries (so ```mj fences in Markdown highlight too), and
-- the commands :TenpaiInstallParser, :TenpaiRestart and :TenpaiReview.

local M = {}

local defaults = {
  -- The language server command.
  cmd = { "tenpai", "lsp" },
  -- Buffers the server attaches to.
  filetypes = { "mj", "markdown" },
  -- The server's settings (docs/editors.md): rules, glyphs, inlayHints.
  settings = {},
  -- Turn inlay hints (the value after each hand) on where the server attaches.
  inlay_hints = true,
  -- Highlight with tree-sitter: `mj` buffers, and Markdown buffers so that
  -- ```mj fences get the mj parser through Markdown's injections.
  treesitter = true,
  markdown_treesitter = true,
  -- When no `mj` parser is installed, compile one from grammar/src with a C
  -- compiler (as :TenpaiInstallParser does).
  build_parser = true,
}

M.config = vim.deepcopy(defaults)

--- The plugin's directory (editors/nvim) and the repository's grammar/.
--- Through the real path, so a symlinked plugin directory finds the grammar.
local function paths()
  local here = debug.getinfo(1, "S").source:sub(2)
  here = vim.uv.fs_realpath(here) or here
  local plugin = vim.fs.dirname(vim.fs.dirname(vim.fs.dirname(here)))
  local grammar = vim.fs.normalize(plugin .. "/../../grammar")
  return plugin, grammar
end

M.paths = paths

--- Where :TenpaiInstallParser puts mj.so: stdpath("data")/site/parser,
--- which Neovim has on 'runtimepath' from the start.
function M.parser_path()
  return vim.fs.joinpath(vim.fn.stdpath("data"), "site", "parser", "mj.so")
end

--- Whether Neovim can load the `mj` parser.
function M.has_parser()
  -- `add` returns true, or nil and a message (it throws on bad input only).
  local ok, loaded = pcall(vim.treesitter.language.add, "mj")
  return ok and loaded == true
end

--- The C compiler to build the parser with: $CC, else the first of cc,
--- gcc, clang, zig found on PATH. Returns the command as a list, or nil.
function M.c_compiler()
  if vim.env.CC and vim.env.CC ~= "" then
    local words = vim.split(vim.env.CC, "%s+", { trimempty = true })
    if vim.fn.executable(words[1]) == 1 then
      return words
    end
  end
  for _, candidate in ipairs({ { "cc" }, { "gcc" }, { "clang" }, { "zig", "cc" } }) do
    if vim.fn.executable(candidate[1]) == 1 then
      return candidate
    end
  end
  return nil
end

--- Compiles grammar/src into the parser mj.so (default: M.parser_path()).
--- Returns true and the path, or false and a message.
function M.build_parser(opts)
  opts = opts or {}
  local _, grammar = paths()
  local src = vim.fs.joinpath(opts.grammar or grammar, "src")
  if not vim.uv.fs_stat(vim.fs.joinpath(src, "parser.c")) then
    return false, "no grammar sources at " .. src
  end
  local cc = opts.cc and { opts.cc } or M.c_compiler()
  if not cc or vim.fn.executable(cc[1]) ~= 1 then
    return false, "no C compiler to build the mj parser (set $CC, or install cc, gcc, clang or zig)"
  end
  local out = opts.out or M.parser_path()
  vim.fn.mkdir(vim.fs.dirname(out), "p")
  -- Built beside and renamed: a running Neovim may have the old one loaded.
  local tmp = out .. ".tmp" .. vim.uv.os_getpid()
  local command = vim.list_extend(vim.deepcopy(cc), {
    "-O2", "-shared", "-fPIC", "-std=c11", "-I", src,
    vim.fs.joinpath(src, "parser.c"), vim.fs.joinpath(src, "scanner.c"), "-o", tmp,
  })
  local res = vim.system(command, { text = true }):wait()
  if res.code ~= 0 then
    os.remove(tmp)
    return false, "building the mj parser failed: " .. (res.stderr or "")
  end
  local renamed, err = vim.uv.fs_rename(tmp, out)
  if not renamed then
    os.remove(tmp)
    return false, "could not write " .. out .. ": " .. tostring(err)
  end
  local dir = vim.fs.dirname(vim.fs.dirname(out))
  if not vim.tbl_contains(vim.opt.runtimepath:get(), dir) then
    vim.opt.runtimepath:append(dir)
  end
  return true, out
end

--- nvim-treesitter, when present, learns where the grammar is, so
--- `:TSInstall mj` builds it (both its `master` and `main` APIs).
local function register_nvim_treesitter(grammar)
  local ok, parsers = pcall(require, "nvim-treesitter.parsers")
  if not ok then
    return
  end
  if type(parsers.get_parser_configs) == "function" then
    -- `master`: a local directory works as the url.
    parsers.get_parser_configs().mj = {
      install_info = { url = grammar, files = { "src/parser.c", "src/scanner.c" } },
      filetype = "mj",
    }
  else
    -- `main`: a local `path`; grammar/queries uses Neovim capture names.
    vim.api.nvim_create_autocmd("User", {
      pattern = "TSUpdate",
      callback = function()
        require("nvim-treesitter.parsers").mj = {
          install_info = { path = grammar, queries = "queries" }, -- Neovim capture names
          tier = 3,
        }
      end,
    })
  end
end

--- Starts tree-sitter highlighting in a buffer, when the parser is there.
function M.start_treesitter(buf)
  if buf == 0 then
    buf = vim.api.nvim_get_current_buf()
  end
  if vim.treesitter.highlighter.active[buf] then
    return
  end
  pcall(vim.treesitter.start, buf)
end

--- :TenpaiRestart: stops the tenpai clients, then starts them again for
--- the buffers they served (vim.lsp.enable's own way of restarting).
function M.restart()
  local clients = vim.lsp.get_clients({ name = "tenpai" })
  vim.lsp.enable("tenpai", false)
  local stopped = vim.wait(5000, function()
    for _, client in ipairs(clients) do
      if not client:is_stopped() then
        return false
      end
    end
    return true
  end, 20)
  if not stopped then
    for _, client in ipairs(clients) do
      client:stop(true)
    end
  end
  vim.lsp.enable("tenpai")
  vim.notify(("tenpai: restarted the language server (%d client(s) stopped)"):format(#clients))
end

--- :TenpaiInstallParser
function M.install_parser_command()
  local ok, result = M.build_parser()
  if not ok then
    vim.notify("tenpai: " .. result, vim.log.levels.ERROR)
    return
  end
  vim.notify("tenpai: installed the mj parser in " .. result)
  -- Open mj buffers highlight now, not only the next ones.
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) and vim.bo[buf].filetype == "mj" then
      M.start_treesitter(buf)
    end
  end
end

--- :TenpaiReview FILE [--player NAME|SEAT|all] [--round E3]: runs
--- `tenpai review` on a game log and opens the review in a new `mj` buffer
--- named FILE.review.mj (not written until you :write it), where the
--- server's hints compare each discard with the best.
function M.review(opts)
  local args = opts.fargs or {}
  if #args == 0 then
    vim.notify("tenpai: :TenpaiReview needs a game log file", vim.log.levels.ERROR)
    return nil
  end
  local file = vim.fn.fnamemodify(vim.fn.expand(args[1]), ":p")
  local command = { M.config.cmd[1] or "tenpai", "review", file }
  local has_player = false
  for i = 2, #args do
    table.insert(command, args[i])
    has_player = has_player or args[i] == "--player"
  end
  if not has_player then
    vim.list_extend(command, { "--player", "all" })
  end
  local ok, result = pcall(function()
    return vim.system(command, { text = true }):wait()
  end)
  if not ok then
    vim.notify("tenpai: cannot run " .. command[1] .. ": " .. tostring(result), vim.log.levels.ERROR)
    return nil
  end
  if result.code ~= 0 then
    vim.notify(vim.trim(result.stderr or "tenpai review failed"), vim.log.levels.ERROR)
    return nil
  end
  local buf = vim.api.nvim_create_buf(true, false)
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, vim.split(result.stdout, "\n", { trimempty = true }))
  vim.api.nvim_buf_set_name(buf, vim.fn.fnamemodify(file, ":r") .. ".review.mj")
  vim.bo[buf].modified = false
  vim.api.nvim_set_current_buf(buf)
  vim.bo[buf].filetype = "mj"
  return buf
end

local initialized = false

--- What the plugin does by being on 'runtimepath' (plugin/tenpai.lua calls
--- it; setup() too, for managers that load a subfolder without sourcing its
--- plugin/): the filetype, the commands, inlay hints where tenpai attaches.
function M.init()
  if initialized then
    return
  end
  initialized = true
  vim.filetype.add({ extension = { mj = "mj" } })
  vim.api.nvim_create_user_command("TenpaiInstallParser", M.install_parser_command, {
    desc = "Compile the tree-sitter-mj parser from the repository's grammar/ with a C compiler",
  })
  vim.api.nvim_create_user_command("TenpaiRestart", M.restart, { desc = "Restart the tenpai language server" })
  vim.api.nvim_create_user_command("TenpaiReview", M.review, {
    nargs = "+",
    complete = "file",
    desc = "Review a game log (tenhou.net/6 JSON, mjlog, mjai) in a new mj buffer",
  })
  vim.api.nvim_create_autocmd("LspAttach", {
    group = vim.api.nvim_create_augroup("tenpai.inlay_hints", { clear = true }),
    callback = function(args)
      local client = vim.lsp.get_client_by_id(args.data.client_id)
      if client and client.name == "tenpai" and vim.g.tenpai_inlay_hints ~= false then
        vim.lsp.inlay_hint.enable(true, { bufnr = args.buf })
      end
    end,
  })
end

function M.setup(opts)
  M.config = vim.tbl_deep_extend("force", vim.deepcopy(defaults), opts or {})
  local cfg = M.config
  local plugin, grammar = paths()

  -- Queries and lsp/tenpai.lua live in editors/nvim: make sure they are
  -- found even when only the Lua module was loaded.
  if not vim.tbl_contains(vim.opt.runtimepath:get(), plugin) then
    vim.opt.runtimepath:append(plugin)
  end
  M.init()
  vim.g.tenpai_inlay_hints = cfg.inlay_hints
  vim.g.tenpai_treesitter = cfg.treesitter

  register_nvim_treesitter(grammar)

  if cfg.treesitter and not M.has_parser() and cfg.build_parser then
    local ok, err = M.build_parser()
    if not ok then
      vim.notify("tenpai: " .. err, vim.log.levels.WARN)
    end
  end

  -- An empty Lua table would go out as a JSON array.
  local settings = vim.tbl_isempty(cfg.settings) and vim.empty_dict() or cfg.settings
  vim.lsp.config("tenpai", {
    cmd = cfg.cmd,
    filetypes = cfg.filetypes,
    init_options = settings,
    settings = { tenpai = settings },
  })
  vim.lsp.enable("tenpai")

  local group = vim.api.nvim_create_augroup("tenpai", { clear = true })
  if cfg.treesitter then
    local fts = { "mj" }
    if cfg.markdown_treesitter then
      table.insert(fts, "markdown")
    end
    vim.api.nvim_create_autocmd("FileType", {
      group = group,
      pattern = fts,
      callback = function(args)
        M.start_treesitter(args.buf)
      end,
    })
    -- Buffers opened before setup().
    for _, buf in ipairs(vim.api.nvim_list_bufs()) do
      if vim.api.nvim_buf_is_loaded(buf) and vim.tbl_contains(fts, vim.bo[buf].filetype) then
        M.start_treesitter(buf)
      end
    end
  end
end

return M
