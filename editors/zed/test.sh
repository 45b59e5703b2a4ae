#!/usr/bin/env bash
# The Zed extension's files against the repository: its queries are the
# grammar's, its grammar revision is a commit of this history, its language
# is the one the server is given for, and its URL is the workspace's. (The
# WebAssembly build itself takes minutes of -Zbuild-std: docs/editors.md.)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
passed=0 failed=0
check() { if "$@"; then passed=$((passed + 1)); echo "ok   $*"; else failed=$((failed + 1)); echo "FAIL $*"; fi; }

check cmp -s "$repo/grammar/queries/highlights.scm" "$here/languages/mj/highlights.scm"
check cmp -s "$repo/grammar/queries/injections.scm" "$here/languages/mj/injections.scm"
rev="$(python3 -c 'import sys, tomllib; print(tomllib.load(open(sys.argv[1], "rb"))["grammars"]["mj"]["rev"])' "$here/extension.toml")"
check git -C "$repo" merge-base --is-ancestor "$rev" HEAD
check git -C "$repo" cat-file -e "$rev:grammar/src/parser.c"
check python3 - "$here" "$repo" <<'PY'
import re, sys, tomllib
here, repo = sys.argv[1], sys.argv[2]
extension = tomllib.load(open(f"{here}/extension.toml", "rb"))
language = tomllib.load(open(f"{here}/languages/mj/config.toml", "rb"))
cargo = tomllib.load(open(f"{repo}/Cargo.toml", "rb"))
url = cargo["workspace"]["package"]["repository"]
assert language["name"] in extension["language_servers"]["tenpai"]["languages"], language["name"]
assert language["grammar"] in extension["grammars"], language["grammar"]
assert extension["repository"] == url and extension["grammars"]["mj"]["repository"] == url
assert extension["grammars"]["mj"]["path"] == "grammar"
lib = open(f"{here}/src/lib.rs").read()
assert re.search(r'const REPOSITORY: &str = "' + re.escape(url) + '";', lib), "src/lib.rs REPOSITORY"
zed = tomllib.load(open(f"{here}/Cargo.toml", "rb"))
assert zed["package"]["version"] == extension["version"], (zed["package"]["version"], extension["version"])
PY
echo "zed: $passed passed, $failed failed"
[ "$failed" = 0 ]
