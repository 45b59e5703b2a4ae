#!/usr/bin/env bash
# The shell installer against a release laid out as GitHub serves one (a
# file:// URL stands in for it): it installs the binary of this platform
# and refuses an archive whose checksum does not match.
#   .github/release/test-install.sh path/to/tenpai
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
binary="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
check() { if "$@"; then passed=$((passed + 1)); echo "ok   $*"; else failed=$((failed + 1)); echo "FAIL $*"; fi; }

case "$(uname -m)" in x86_64|amd64) arch=x86_64 ;; aarch64|arm64) arch=aarch64 ;; esac
case "$(uname -s)" in Linux) os=unknown-linux-gnu ;; Darwin) os=apple-darwin ;; esac
target="$arch-$os"
release="$work/releases/download/v0.0.0"
mkdir -p "$release/tenpai-$target"
cp "$binary" "$release/tenpai-$target/tenpai"
tar -czf "$release/tenpai-$target.tar.gz" -C "$release" "tenpai-$target"
rm -r "$release/tenpai-$target"
(cd "$release" && sha256sum -- * > SHA256SUMS)
mkdir -p "$work/releases/latest" && ln -s "$release" "$work/releases/latest/download"

installs() {
  TENPAI_RELEASES="file://$work/releases" sh "$here/install.sh" "$@" 2> "$work/log"
}
check installs --to "$work/bin"
check test "$("$work/bin/tenpai" --version)" = "$("$binary" --version)"
check installs --version v0.0.0 --to "$work/bin2"
check test -x "$work/bin2/tenpai"
# A tampered archive: refused, nothing installed.
echo tampered >> "$release/tenpai-$target.tar.gz"
check test "$(installs --to "$work/bin3"; echo $?)" != 0
check grep -q "checksum mismatch" "$work/log"
check test ! -e "$work/bin3/tenpai"
echo "installer: $passed passed, $failed failed"
[ "$failed" = 0 ]
