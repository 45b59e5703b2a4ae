#!/usr/bin/env bash
# Scoring against the `mahjong` package from PyPI (see against_mahjong.py).
#   tests/differential/run.sh                 # builds tenpai (debug) first
#   TENPAI_BIN=path/to/tenpai HANDS=20000 SEED=7 RULES=kiriage tests/differential/run.sh
# By default: 1,500 hands under each rule variant (RULES=all), then the
# three-player shanten of SANMA_HANDS (100,000) random
# sanma hands.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
venv="${DIFFERENTIAL_VENV:-$repo/target/differential-venv}"

if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import mahjong" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet -r "$repo/tests/differential/requirements.txt"
fi
if [ -z "${TENPAI_BIN:-}" ]; then
  (cd "$repo" && cargo build --quiet --bin tenpai)
  TENPAI_BIN="${CARGO_TARGET_DIR:-$repo/target}/debug/tenpai"
fi
"$venv/bin/python" "$repo/tests/differential/against_mahjong.py" \
  --tenpai "$TENPAI_BIN" --hands "${HANDS:-1500}" --seed "${SEED:-1}" --rules "${RULES:-all}"
"$venv/bin/python" "$repo/tests/differential/sanma_shanten.py" \
  --tenpai "$TENPAI_BIN" --hands "${SANMA_HANDS:-100000}" --seed "${SEED:-1}"
