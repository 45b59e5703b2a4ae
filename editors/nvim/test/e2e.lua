-- End-to-end: a real (headless) Neovim loads editors/nvim as the lazy.nvim
-- spec of docs/editors.md does, opens an .mj file and a Markdown file, and
-- checks what a writer sees against the built `tenpai` binary (first on
-- PATH, as an installed one would be). Run by test/run.sh; exits non-zero
-- on any failure.
--
-- Environment: TENPAI_BIN (the binary), TENPAI_REPO (the repository),
-- TENPAI_WORK (a scratch directory).

local h = dofile(vim.fs.joinpath(vim.fs.dirname(debug.getinfo(1, "S").source:sub(2)), "helpers.lua"))
local repo = assert(vim.env.TENPAI_REPO, "TENPAI_REPO")
local work = assert(vim.env.TENPAI_WORK, "TENPAI_WORK")
h.put_binary_on_path(assert(vim.env.TENPAI_BIN, "TENPAI_BIN"))
local check, wait, write, client, request, hover_text, captures_at =
  h.check, h.wait, h.write, h.client, h.request, h.hover_text, h.captures_at

--- The lazy.nvim spec that docs/editors.md gives, as written there: the
--- ```lua block after the marker comment.
local function documented_spec()
  local doc = table.concat(vim.fn.readfile(repo .. "/docs/editors.md"), "\n")
  local marker = doc:find("<!-- the lazy.nvim spec, run by editors/nvim/test/e2e.lua -->", 1, true)
  assert(marker, "no lazy.nvim spec marker in docs/editors.md")
  local body = doc:match("```lua\n(.-)\n```", marker)
  assert(body, "no ```lua block after the marker")
  local spec = assert(load("return " .. body, "docs/editors.md"))()
  assert(type(spec) == "table" and type(spec.config) == "function", "the spec has no config function")
  return spec
end

-- The plugin as lazy.nvim loads it: the repository cloned into plugin.dir,
-- then the spec's config(plugin, opts).
check("lazy_spec", function()
  local spec = documented_spec()
  spec.config({ dir = repo, name = spec.name or "tenpai" }, spec.opts or {})
  assert(vim.fn.exists(":TenpaiRestart") == 2, "the spec gives no :TenpaiRestart")
  assert(vim.fn.exists(":TenpaiInstallParser") == 2, "the spec gives no :TenpaiInstallParser")
end)

-- A winning hand (14 tiles: riichi, tsumo, pinfu shape) and a broken line.
local mj = work .. "/review.mj"
write(mj, {
  "# a game review",
  "234m 567p 22s 345678s riichi tsumo dora=1s",
  "123m 456p 789s 1122z riichii",
})
local md = work .. "/article.md"
write(md, {
  "# An article",
  "",
  "Prose is left alone; `234m 567p 22s 345678s` inline is a hand.",
  "",
  "```mj",
  "234m 567p 22s 345678s riichi tsumo dora=1s",
  "123m 456p 789s 1122z riichii",
  "```",
  "A glyph hand: `🀇🀈🀉 22s` too.",
  -- Fences whose info string Neovim's own injection does not read as mj,
  -- though the server does (queries/markdown/injections.scm).
  "```mj:line-numbers",
  "234m 567p 22s",
  "```",
  "```{.mj .numberLines}",
  "234m 567p 22s",
  "```",
  "```{.rust .mj}",
  "234m 567p 22s",
  "```",
  "Sizes like `10mb` and `3px` are code; `22sriichi` is a hand.",
})

vim.cmd.edit(mj)
local buf = vim.api.nvim_get_current_buf()

check("filetype", function()
  assert(vim.bo[buf].filetype == "mj", "filetype is " .. vim.bo[buf].filetype)
end)

check("attach", function()
  wait(15000, function() return client(buf) ~= nil end, "the server to attach to the .mj buffer")
end)

check("diagnostics", function()
  wait(15000, function() return #vim.diagnostic.get(buf) > 0 end, "diagnostics")
  local on_broken, elsewhere = 0, {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.lnum == 2 then
      on_broken = on_broken + 1
    elseif d.severity == vim.diagnostic.severity.ERROR then
      table.insert(elsewhere, d.lnum .. ": " .. d.message)
    end
  end
  assert(on_broken > 0, "no diagnostic on line 3 (riichii)")
  assert(#elsewhere == 0, "errors on good lines: " .. table.concat(elsewhere, "; "))
end)

check("hover", function()
  wait(15000, function() return client(buf) ~= nil end, "the server")
  -- On an option word: the whole hand (on a tile: that tile).
  local text = hover_text(buf, 1, 22)
  assert(text:find("han") and text:find("fu"), "hover without han/fu: " .. text)
  assert(text:find("%d%d%d%d?"), "hover without points: " .. text)
  io.stdout:write("     hover: " .. text:gsub("\n.*", "") .. "\n")
end)

check("inlay_hints", function()
  assert(vim.lsp.inlay_hint.is_enabled({ bufnr = buf }), "inlay hints not enabled by setup()")
  local hints = request(buf, "textDocument/inlayHint", {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = 0, character = 0 }, ["end"] = { line = 3, character = 0 } },
  }) or {}
  local on_hand = false
  for _, h in ipairs(hints) do
    if h.position.line == 1 then
      on_hand = true
    end
  end
  assert(on_hand, "no inlay hint after the winning hand: " .. vim.inspect(hints))
  local label = hints[1].label
  if type(label) == "table" then
    label = table.concat(vim.tbl_map(function(p) return p.value end, label))
  end
  io.stdout:write("     first hint: " .. tostring(label) .. "\n")
end)

check("treesitter", function()
  assert(require("tenpai").has_parser(), "the mj parser did not load")
  assert(vim.treesitter.highlighter.active[buf], "tree-sitter highlighting is off in the .mj buffer")
  -- Headless, nothing is drawn, so nothing has been parsed yet.
  vim.treesitter.get_parser(buf):parse(true)
  local man = captures_at(buf, 1, 0)
  local pin = captures_at(buf, 1, 5)
  assert(vim.tbl_contains(man, "mj:number"), "234m: " .. table.concat(man, " "))
  assert(vim.tbl_contains(pin, "mj:function"), "567p: " .. table.concat(pin, " "))
  local opt = captures_at(buf, 1, 22)
  assert(vim.tbl_contains(opt, "mj:keyword"), "riichi: " .. table.concat(opt, " "))
end)

vim.cmd.edit(md)
local mdbuf = vim.api.nvim_get_current_buf()

check("markdown_attach", function()
  wait(15000, function() return client(mdbuf) ~= nil end, "the server to attach to the Markdown buffer")
end)

check("markdown_diagnostics", function()
  wait(15000, function() return #vim.diagnostic.get(mdbuf) > 0 end, "diagnostics in Markdown")
  local lines = {}
  for _, d in ipairs(vim.diagnostic.get(mdbuf)) do
    lines[d.lnum] = true
  end
  assert(lines[6], "no diagnostic on the broken line of the fence: " .. vim.inspect(vim.tbl_keys(lines)))
end)

check("markdown_hover", function()
  -- The fence's first hand, on `riichi`: positions map through the fence.
  local text = hover_text(mdbuf, 5, 22)
  assert(text:find("han") and text:find("fu"), "hover in the fence without han/fu: " .. text)
end)

check("markdown_injection", function()
  assert(vim.treesitter.highlighter.active[mdbuf], "tree-sitter highlighting is off in Markdown")
  -- Injections are parsed lazily, for what is shown: parse all of it.
  vim.treesitter.get_parser(mdbuf):parse(true)
  local man = captures_at(mdbuf, 5, 0)
  assert(vim.tbl_contains(man, "mj:number"), "234m in the fence: " .. table.concat(man, " "))
  local prose = captures_at(mdbuf, 2, 0)
  for _, c in ipairs(prose) do
    assert(not c:find("^mj:"), "prose highlighted as mj: " .. c)
  end
  -- `234m 567p ...` in the prose: the inline code span is injected too.
  local inline = captures_at(mdbuf, 2, 27)
  assert(vim.tbl_contains(inline, "mj:function"), "567p in `...`: " .. table.concat(inline, " "))
  -- A span that starts with a tile glyph (byte column 15, after the `).
  local glyph = captures_at(mdbuf, 8, 15)
  assert(vim.tbl_contains(glyph, "mj:number"), "🀇 in `...`: " .. table.concat(glyph, " "))
  -- VitePress's and Pandoc's info strings, as the server reads them.
  for _, row in ipairs({ 10, 13 }) do
    local caps = captures_at(mdbuf, row, 0)
    assert(vim.tbl_contains(caps, "mj:number"), "234m after " .. vim.api.nvim_buf_get_lines(mdbuf, row - 1, row, true)[1]
      .. ": " .. table.concat(caps, " "))
  end
  -- Pandoc's language is the first class: this one is Rust.
  for _, c in ipairs(captures_at(mdbuf, 16, 0)) do
    assert(not c:find("^mj:"), "a {.rust .mj} fence highlighted as mj: " .. c)
  end
  -- Code spans the server does not read as hands stay code; one with an
  -- option glued to its tiles is a hand.
  local sizes = vim.api.nvim_buf_get_lines(mdbuf, 18, 19, true)[1]
  for _, word in ipairs({ "10mb", "3px" }) do
    local col = sizes:find(word, 1, true) - 1
    for _, c in ipairs(captures_at(mdbuf, 18, col)) do
      assert(not c:find("^mj:"), "`" .. word .. "` highlighted as a hand: " .. c)
    end
  end
  local glued = captures_at(mdbuf, 18, sizes:find("22sriichi", 1, true) - 1)
  assert(vim.tbl_contains(glued, "mj:string"), "22s in `22sriichi`: " .. table.concat(glued, " "))
end)

-- :TenpaiReview on a real game log (../shared beside the repository, as
-- in CI): a new `mj` buffer with the review, which the server serves.
check("review", function()
  local log = repo .. "/../shared/real/logs/xml/pao.xml"
  assert(vim.uv.fs_stat(log), "no real log at " .. log)
  assert(vim.fn.exists(":TenpaiReview") == 2, "no :TenpaiReview")
  vim.cmd("TenpaiReview " .. vim.fn.fnameescape(log))
  local buf = vim.api.nvim_get_current_buf()
  assert(vim.bo[buf].filetype == "mj", "filetype " .. vim.bo[buf].filetype)
  assert(vim.api.nvim_buf_get_name(buf):match("pao%.review%.mj$"), vim.api.nvim_buf_get_name(buf))
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, true)
  assert(lines[1]:match("^# Log: "), lines[1])
  assert(vim.tbl_contains(lines, "rules: tenhou red-fives=on open-tanyao=on"), "no rules: line")
  local decisions = vim.tbl_filter(function(line)
    return line:find(" discard=", 1, true) ~= nil
  end, lines)
  assert(#decisions > 50, #decisions .. " decisions")
  wait(20000, function()
    return client(buf) ~= nil
  end, "the tenpai client on the review")
  -- A log that is not one: the error is shown (headless, as an error), no
  -- new buffer.
  local before = #vim.api.nvim_list_bufs()
  local ok, err = pcall(vim.cmd, "TenpaiReview " .. vim.fn.fnameescape(mj))
  assert(ok or tostring(err):find("not a game log", 1, true), tostring(err))
  assert(#vim.api.nvim_list_bufs() == before, "a buffer for a log that failed")
end)

h.finish("nvim-e2e")
