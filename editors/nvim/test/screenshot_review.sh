#!/usr/bin/env bash
# The screenshot of docs/review.md: `tenpai review` of a real game (the
# tenhou.net/6 file, whose players are named Aさん-Dさん) opened with
# :TenpaiReview in Neovim, the inlay hints comparing each discard with the
# best, captured by tmux and drawn by render_png.py. Writes
# docs/img/nvim-review.png and docs/img/nvim-review.txt.
#   NVIM_VENV=... TENPAI_BIN=... editors/nvim/test/screenshot_review.sh
set -euo pipefail
repo="$(cd "$(dirname "$0")/../../.." && pwd)"
venv="${NVIM_VENV:-$repo/target/nvim-venv}"
"$venv/bin/pip" install --quiet pyte pillow fonttools
TENPAI_BIN="${TENPAI_BIN:-${CARGO_TARGET_DIR:-$repo/target}/debug/tenpai}"
log="$repo/../shared/real/logs/tenhou6/2020052700gm-00a9-0000-75a4695c.json"
work="$(mktemp -d)"
sock="tenpai-review-shot-$$"
cleanup() { tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
cp "$log" "$work/game.json"

tmux -L "$sock" new-session -d -x 150 -y 30 \
  "env TERM=xterm-256color XDG_CONFIG_HOME=$work/c XDG_DATA_HOME=$work/d XDG_STATE_HOME=$work/s \
   TENPAI_REPO=$repo TENPAI_BIN=$TENPAI_BIN $venv/bin/nvim --clean -u $repo/editors/nvim/test/screenshot_init.lua"
sleep 2
tmux -L "$sock" send-keys -t 0 ":TenpaiReview $work/game.json --player 2 --round E2" Enter
sleep 8
# The decisions of the round, from its first one.
tmux -L "$sock" send-keys -t 0 ':set nowrap | call search("^# Round E2") | normal! jzt' Enter
sleep 1
tmux -L "$sock" send-keys -t 0 ':echo ""' Enter
sleep 3
tmux -L "$sock" capture-pane -t 0 -e -p > "$work/screen.ansi"
tmux -L "$sock" capture-pane -t 0 -p > "$repo/docs/img/nvim-review.txt"
"$venv/bin/python" "$repo/editors/nvim/test/render_png.py" "$work/screen.ansi" "$repo/docs/img/nvim-review.png" 150 30
echo "wrote docs/img/nvim-review.png and docs/img/nvim-review.txt"
