-- What the headless Neovim tests (e2e.lua, e2e_enable.lua) share: checks
-- that print one line each, waits, LSP requests, tree-sitter captures.

local H = {}

local passed, failed = 0, 0
local only = vim.env.TENPAI_CHECKS -- comma-separated subset, when set

function H.check(name, fn)
  if only and only ~= "" and not vim.tbl_contains(vim.split(only, ","), name) then
    return
  end
  local ok, err = pcall(fn)
  local line
  if ok then
    passed = passed + 1
    line = "ok   " .. name
  else
    failed = failed + 1
    line = "FAIL " .. name .. ": " .. tostring(err)
  end
  io.stdout:write(line .. "\n")
end

function H.wait(ms, cond, what)
  if not vim.wait(ms, cond, 50) then
    error("timed out after " .. ms .. " ms waiting for " .. what, 2)
  end
end

function H.write(path, lines)
  local f = assert(io.open(path, "w"))
  f:write(table.concat(lines, "\n") .. "\n")
  f:close()
end

--- The binary's directory first on PATH, as `tenpai` (the default command).
function H.put_binary_on_path(bin)
  assert(vim.fs.basename(bin) == "tenpai", "TENPAI_BIN must be named tenpai: " .. bin)
  vim.env.PATH = vim.fs.dirname(bin) .. ":" .. (vim.env.PATH or "")
end

function H.client(buf)
  return vim.lsp.get_clients({ bufnr = buf, name = "tenpai" })[1]
end

function H.request(buf, method, params)
  local c = H.client(buf)
  if not c then
    error("no tenpai client on the buffer", 2)
  end
  if not c:supports_method(method, buf) then
    error("the server does not offer " .. method, 2)
  end
  local res, err = vim.lsp.buf_request_sync(buf, method, params, 10000)
  if not res then
    error(method .. ": " .. tostring(err), 2)
  end
  for _, r in pairs(res) do
    if r.err then
      error(method .. ": " .. vim.inspect(r.err), 2)
    end
    return r.result
  end
end

function H.hover_text(buf, line, col)
  local result = H.request(buf, "textDocument/hover", {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = line, character = col },
  })
  if not result or not result.contents then
    return ""
  end
  local c = result.contents
  if type(c) == "string" then
    return c
  end
  if c.value then
    return c.value
  end
  local parts = {}
  for _, item in ipairs(c) do
    table.insert(parts, type(item) == "string" and item or item.value)
  end
  return table.concat(parts, "\n")
end

function H.captures_at(buf, row, col)
  local names = {}
  for _, cap in ipairs(vim.treesitter.get_captures_at_pos(buf, row, col)) do
    table.insert(names, cap.lang .. ":" .. cap.capture)
  end
  return names
end

--- The text of `:checkhealth tenpai`, its window closed again.
function H.checkhealth()
  local before = vim.api.nvim_get_current_win()
  vim.cmd("checkhealth tenpai")
  local report = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  if vim.api.nvim_get_current_win() ~= before then
    vim.cmd("bwipeout!")
  end
  if vim.api.nvim_win_is_valid(before) then
    vim.api.nvim_set_current_win(before)
  end
  return table.concat(report, "\n")
end

--- Stops the clients, prints the closing line and exits non-zero on a failure.
function H.finish(label)
  for _, c in ipairs(vim.lsp.get_clients({ name = "tenpai" })) do
    c:stop()
  end
  io.stdout:write(string.format("%s: %d passed, %d failed\n", label, passed, failed))
  vim.cmd(failed == 0 and "qall!" or "cquit! 1")
end

return H
