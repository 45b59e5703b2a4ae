#!/usr/bin/env bash
# set-repository-url.py as the release workflow runs it, on a copy of the
# files it edits: afterwards every one names the new URL and none the old,
# Mason's package URL names the GitHub owner/name, and --check agrees.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
check() { if "$@"; then passed=$((passed + 1)); echo "ok   $*"; else failed=$((failed + 1)); echo "FAIL $*"; fi; }

old="$(sed -n 's/^repository = "\(.*\)"$/\1/p' "$repo/Cargo.toml" | head -n 1)"
new="https://github.com/someone/tenpai"
mkdir -p "$work/.github/release"
cp "$repo/.github/release/set-repository-url.py" "$work/.github/release/"
for file in $(python3 -c 'import importlib.util, sys
spec = importlib.util.spec_from_file_location("s", sys.argv[1]); m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
print("\n".join(m.FILES))' "$repo/.github/release/set-repository-url.py"); do
  mkdir -p "$work/$(dirname "$file")"
  cp -p "$repo/$file" "$work/$file"
done

check python3 "$work/.github/release/set-repository-url.py" --check
python3 "$work/.github/release/set-repository-url.py" "$new" > /dev/null
check python3 "$work/.github/release/set-repository-url.py" --check
check test -z "$(grep -rl --exclude=set-repository-url.py "$old" "$work")"
check grep -q "^repository = \"$new\"$" "$work/Cargo.toml"
check python3 -c 'import json, sys; m = json.load(open(sys.argv[1])); assert m["repository"]["url"] == sys.argv[2] and m["bugs"]["url"] == sys.argv[2] + "/issues", m' \
  "$work/editors/vscode/package.json" "$new"
check grep -q "id: pkg:github/someone/tenpai@v" "$work/editors/nvim/mason/package.yaml"
check test -x "$work/.github/release/install.sh"
echo "repository-url: $passed passed, $failed failed"
[ "$failed" = 0 ]
