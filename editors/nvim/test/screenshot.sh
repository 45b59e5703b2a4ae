#!/usr/bin/env bash
# The hover screenshot of docs/editors.md: Neovim runs in a detached tmux
# session, the cursor goes to a hand, `K` opens the hover, tmux captures the
# screen with its colours, and render_png.py draws it (pyte + Pillow, DejaVu
# Sans Mono). Writes docs/img/nvim-hover.png and docs/img/nvim-hover.txt.
#   NVIM_VENV=... TENPAI_BIN=... editors/nvim/test/screenshot.sh
set -euo pipefail
repo="$(cd "$(dirname "$0")/../../.." && pwd)"
venv="${NVIM_VENV:-$repo/target/nvim-venv}"
"$venv/bin/pip" install --quiet pyte pillow fonttools
[ -f /usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf ] || apt-get install -y -qq fonts-symbola
TENPAI_BIN="${TENPAI_BIN:-${CARGO_TARGET_DIR:-$repo/target}/debug/tenpai}"
work="$(mktemp -d)"
sock="tenpai-shot-$$"
cleanup() { tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

cat > "$work/review.mj" <<'MJ'
# East 2, a review
rules: tenhou

234m 567p 22s 345678s riichi tsumo dora=1s
123m 456p 789s 1122z riichii
MJ

tmux -L "$sock" new-session -d -x 110 -y 34 \
  "env TERM=xterm-256color XDG_CONFIG_HOME=$work/c XDG_DATA_HOME=$work/d XDG_STATE_HOME=$work/s \
   TENPAI_REPO=$repo TENPAI_BIN=$TENPAI_BIN $venv/bin/nvim --clean -u $repo/editors/nvim/test/screenshot_init.lua $work/review.mj"
sleep 3
# On `riichi`: the hand's hover (on a tile it is that tile's).
tmux -L "$sock" send-keys -t 0 ':call cursor(4, 23)' Enter
sleep 2
tmux -L "$sock" send-keys -t 0 'K'
sleep 2
tmux -L "$sock" capture-pane -t 0 -e -p > "$work/screen.ansi"
tmux -L "$sock" capture-pane -t 0 -p > "$repo/docs/img/nvim-hover.txt"
"$venv/bin/python" "$repo/editors/nvim/test/render_png.py" "$work/screen.ansi" "$repo/docs/img/nvim-hover.png" 110 34
echo "wrote docs/img/nvim-hover.png and docs/img/nvim-hover.txt"
