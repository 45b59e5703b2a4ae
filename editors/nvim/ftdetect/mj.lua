vim.filetype.add({ extension = { mj = "mj" } })
