-- tenpai for Neovim (0.11+): the `mj` filetype, the `tenpai lsp` language
-- server for `mj` and Markdown, and the tree-sitter-mj parser with its
-- queries (so ```mj fences in Markdown highlight too).

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
  -- compiler into stdpath("data")/tenpai/parser/mj.so (needs `cc`).
  build_parser = true,
}

M.config = vim.deepcopy(defaults)

--- The plugin's directory (editors/nvim) and the repository's grammar/.
local function paths()
  local here = debug.getinfo(1, "S").source:sub(2)
  local plugin = vim.fs.dirname(vim.fs.dirname(vim.fs.dirname(here)))
  local grammar = vim.fs.normalize(plugin .. "/../../grammar")
  return plugin, grammar
end

local function parser_dir()
  return vim.fs.joinpath(vim.fn.stdpath("data"), "tenpai")
end

--- Whether Neovim can load the `mj` parser.
function M.has_parser()
  -- `add` returns true, or nil and a message (it throws on bad input only).
  local ok, loaded = pcall(vim.treesitter.language.add, "mj")
  return ok and loaded == true
end

--- Compiles grammar/src/parser.c into <data>/tenpai/parser/mj.so and puts
--- that directory on the runtimepath. Returns true, or false and a message.
function M.build_parser(opts)
  opts = opts or {}
  local _, grammar = paths()
  local src = vim.fs.joinpath(opts.grammar or grammar, "src")
  if not vim.uv.fs_stat(vim.fs.joinpath(src, "parser.c")) then
    return false, "no grammar sources at " .. src
  end
  local cc = opts.cc or vim.env.CC or "cc"
  if vim.fn.executable(cc) ~= 1 then
    return false, "no C compiler (" .. cc .. ") to build the mj parser"
  end
  local dir = opts.dir or parser_dir()
  vim.fn.mkdir(vim.fs.joinpath(dir, "parser"), "p")
  local out = vim.fs.joinpath(dir, "parser", "mj.so")
  local res = vim.system({
    cc, "-O2", "-shared", "-fPIC", "-std=c11", "-I", src,
    vim.fs.joinpath(src, "parser.c"), vim.fs.joinpath(src, "scanner.c"), "-o", out,
  }, { text = true }):wait()
  if res.code ~= 0 then
    return false, "building the mj parser failed: " .. (res.stderr or "")
  end
  if not vim.tbl_contains(vim.opt.runtimepath:get(), dir) then
    vim.opt.runtimepath:append(dir)
  end
  return true
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

local function start_treesitter(buf)
  if vim.treesitter.highlighter.active[buf] then
    return
  end
  pcall(vim.treesitter.start, buf)
end

function M.setup(opts)
  M.config = vim.tbl_deep_extend("force", vim.deepcopy(defaults), opts or {})
  local cfg = M.config
  local plugin, grammar = paths()

  vim.filetype.add({ extension = { mj = "mj" } })

  -- Queries live in editors/nvim/queries: make sure they are found even when
  -- only the Lua module was loaded.
  if not vim.tbl_contains(vim.opt.runtimepath:get(), plugin) then
    vim.opt.runtimepath:append(plugin)
  end
  local data = parser_dir()
  if vim.uv.fs_stat(vim.fs.joinpath(data, "parser", "mj.so"))
    and not vim.tbl_contains(vim.opt.runtimepath:get(), data) then
    vim.opt.runtimepath:append(data)
  end

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
    root_markers = { ".git" },
    init_options = settings,
    settings = { tenpai = settings },
  })
  vim.lsp.enable("tenpai")

  local group = vim.api.nvim_create_augroup("tenpai", { clear = true })
  if cfg.inlay_hints then
    vim.api.nvim_create_autocmd("LspAttach", {
      group = group,
      callback = function(args)
        local client = vim.lsp.get_client_by_id(args.data.client_id)
        if client and client.name == "tenpai" then
          vim.lsp.inlay_hint.enable(true, { bufnr = args.buf })
        end
      end,
    })
  end
  if cfg.treesitter then
    local fts = { "mj" }
    if cfg.markdown_treesitter then
      table.insert(fts, "markdown")
    end
    vim.api.nvim_create_autocmd("FileType", {
      group = group,
      pattern = fts,
      callback = function(args)
        start_treesitter(args.buf)
      end,
    })
    -- Buffers opened before setup().
    for _, buf in ipairs(vim.api.nvim_list_bufs()) do
      if vim.api.nvim_buf_is_loaded(buf) and vim.tbl_contains(fts, vim.bo[buf].filetype) then
        start_treesitter(buf)
      end
    end
  end
end

return M
