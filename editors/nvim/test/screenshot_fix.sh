#!/usr/bin/env bash
# The claim-fix and health screenshots of docs/editors.md, taken as
# screenshot.sh takes the hover one (Neovim in a detached tmux session,
# tmux capture-pane -e, render_png.py): a wrong claim with its diagnostic
# and the code action menu open (docs/img/nvim-fix.png), the line once the
# fix is chosen (docs/img/nvim-fixed.png), and :checkhealth tenpai after
# setup() built the parser (docs/img/nvim-health.png). Each also as .txt.
#   NVIM_VENV=... TENPAI_BIN=... editors/nvim/test/screenshot_fix.sh
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
# South 3, a review
rules: tenhou

234m 567p 22s 345678s riichi dora=1m seat=s => 8000
234m 567p 22s 345678s riichi tsumo dora=1s seat=s => 3000/6000
MJ

start() {
  tmux -L "$sock" new-session -d -x 100 -y "$1" \
    "env TERM=xterm-256color XDG_CONFIG_HOME=$work/c XDG_DATA_HOME=$work/d XDG_STATE_HOME=$work/s \
     PATH=$(dirname "$TENPAI_BIN"):$PATH TENPAI_BIN=$TENPAI_BIN TENPAI_REPO=$repo $venv/bin/nvim --clean \
     -u $repo/editors/nvim/test/screenshot_init.lua $2"
  sleep 3
}
keys() { tmux -L "$sock" send-keys -t 0 "$@"; sleep 2; }
shot() {
  tmux -L "$sock" capture-pane -t 0 -e -p > "$work/screen.ansi"
  tmux -L "$sock" capture-pane -t 0 -p > "$repo/docs/img/$1.txt"
  "$venv/bin/python" "$repo/editors/nvim/test/render_png.py" "$work/screen.ansi" "$repo/docs/img/$1.png" 100 "$2"
  echo "wrote docs/img/$1.png"
}

# Line 4 is riichi, pinfu, tanyao and a dora: 4 han 30 fu, 7700 for a
# non-dealer's ron, not the 8000 it claims.
start 14 "$work/review.mj"
keys ':call cursor(4, 48)' Enter
keys ':lua vim.lsp.buf.code_action()' Enter
shot nvim-fix 14
keys '1' Enter
keys Escape ':call cursor(4, 1)' Enter
shot nvim-fixed 14
tmux -L "$sock" kill-server

# The health check once the buffer's client runs (typed keys race with
# the messages of start-up; a timer does not).
start 30 "$work/review.mj -c 'lua vim.defer_fn(function() vim.cmd(\"checkhealth tenpai\") end, 2000)'"
sleep 2
shot nvim-health 30
