#!/bin/sh
# Installs the `tenpai` binary of a release (Linux or macOS, x86_64 or
# aarch64), checked against the release's SHA256SUMS:
#
#   curl -fsSL https://example.invalid/tenpai/releases/latest/download/install.sh | sh
#   sh install.sh --version v0.1.0 --to ~/bin
#
# Options (or environment): --version (TENPAI_VERSION, default: the latest
# release), --to (TENPAI_INSTALL_DIR, default: ~/.local/bin).
# TENPAI_RELEASES overrides where releases are fetched from (a mirror, a test).
set -eu

REPOSITORY="https://example.invalid/tenpai"
releases="${TENPAI_RELEASES:-$REPOSITORY/releases}"
version="${TENPAI_VERSION:-latest}"
dest="${TENPAI_INSTALL_DIR:-$HOME/.local/bin}"

say() { printf 'tenpai-install: %s\n' "$*" >&2; }
fail() { say "$*"; exit 1; }

while [ $# -gt 0 ]; do
  case "$1" in
    --version) [ $# -ge 2 ] || fail "--version needs a value"; version="$2"; shift 2 ;;
    --to) [ $# -ge 2 ] || fail "--to needs a directory"; dest="$2"; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0" 2>/dev/null | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) fail "unknown argument: $1 (see --help)" ;;
  esac
done

case "$(uname -s)" in
  Linux) os=unknown-linux-gnu ;;
  Darwin) os=apple-darwin ;;
  *) fail "no release binary for $(uname -s): on Windows, take tenpai-x86_64-pc-windows-msvc.zip from the release page" ;;
esac
case "$(uname -m)" in
  x86_64|amd64) arch=x86_64 ;;
  aarch64|arm64) arch=aarch64 ;;
  *) fail "no release binary for $(uname -m); build from source: cargo install --path crates/tenpai --locked" ;;
esac
target="$arch-$os"
archive="tenpai-$target.tar.gz"
if [ "$version" = latest ]; then
  base="$releases/latest/download"
else
  base="$releases/download/$version"
fi

fetch() {
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL "$1" -o "$2"
  elif command -v wget >/dev/null 2>&1; then
    wget -q "$1" -O "$2"
  else
    fail "neither curl nor wget is installed"
  fi
}

sha256() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d ' ' -f 1
  elif command -v shasum >/dev/null 2>&1; then
    shasum -a 256 "$1" | cut -d ' ' -f 1
  else
    fail "neither sha256sum nor shasum is installed to check the download"
  fi
}

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT INT TERM

say "downloading $base/$archive"
fetch "$base/$archive" "$work/$archive" || fail "could not download $base/$archive"
fetch "$base/SHA256SUMS" "$work/SHA256SUMS" || fail "could not download $base/SHA256SUMS"
expected="$(awk -v f="$archive" '$2 == f || $2 == "*" f { print $1 }' "$work/SHA256SUMS")"
[ -n "$expected" ] || fail "SHA256SUMS lists no $archive"
actual="$(sha256 "$work/$archive")"
[ "$expected" = "$actual" ] || fail "checksum mismatch for $archive: expected $expected, got $actual"

tar -xzf "$work/$archive" -C "$work"
[ -f "$work/tenpai-$target/tenpai" ] || fail "$archive holds no tenpai-$target/tenpai"
mkdir -p "$dest"
# Beside, then renamed: a running tenpai is never overwritten in place.
cp "$work/tenpai-$target/tenpai" "$dest/.tenpai.tmp.$$"
chmod 755 "$dest/.tenpai.tmp.$$"
mv -f "$dest/.tenpai.tmp.$$" "$dest/tenpai"
say "installed $("$dest/tenpai" --version) in $dest/tenpai"
case ":$PATH:" in
  *":$dest:"*) ;;
  *) say "$dest is not on PATH: add it, e.g. export PATH=\"$dest:\$PATH\"" ;;
esac
