#!/usr/bin/env bash
# editors/helix/install into a scratch runtime: the queries land in
# runtime/queries/mj as generated, and what it prints is TOML whose grammar
# source is this repository's URL at this checkout's commit.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
check() { if "$@"; then passed=$((passed + 1)); echo "ok   $*"; else failed=$((failed + 1)); echo "FAIL $*"; fi; }

"$here/install" "$work/runtime" > "$work/languages.toml" 2> "$work/stderr"
check cmp -s "$here/queries/mj/highlights.scm" "$work/runtime/queries/mj/highlights.scm"
check cmp -s "$here/queries/mj/injections.scm" "$work/runtime/queries/mj/injections.scm"
# The generated file is the committed one (grammar/tests/queries.rs checks its content).
check git -C "$repo" diff --quiet -- editors/helix/queries
url="$(sed -n 's/^repository = "\(.*\)"$/\1/p' "$repo/Cargo.toml" | head -n 1)"
rev="$(git -C "$repo" rev-parse HEAD)"
check python3 - "$work/languages.toml" "$url" "$rev" <<'PY'
import sys, tomllib
config = tomllib.load(open(sys.argv[1], "rb"))
grammar = next(g for g in config["grammar"] if g["name"] == "mj")
assert grammar["source"] == {"git": sys.argv[2], "rev": sys.argv[3], "subpath": "grammar"}, grammar
assert any(l["name"] == "mj" and "tenpai" in l["language-servers"] for l in config["language"])
assert config["language-server"]["tenpai"]["args"] == ["lsp"]
PY
echo "helix: $passed passed, $failed failed"
[ "$failed" = 0 ]
