#!/bin/sh
# Times the engine, the document layer and the language server before the
# redesign (the one-crate tree of commit 5aa7ab7, before the workspace
# split 56bbeb0) and now, in one criterion run: every figure of
# docs/performance.md that both versions can produce, each pair measured
# seconds apart under the same load, in the process's CPU time.
#
#   benches-against/redesign.sh [COMMIT] [criterion arguments]
#
# The old tree's `server` crate (package `tenpai`) is exported to
# target/benches-against/redesign-old and renamed `tenpai-old`; the bench
# crate lives in target/benches-against/redesign (its own workspace, the
# project's Cargo.lock as its start). Nothing in the project is changed.
set -eu
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
commit=${1:-5aa7ab7}
[ $# -gt 0 ] && shift
dir=$root/target/benches-against
old=$dir/redesign-old
rm -rf "$old"
mkdir -p "$old"
git -C "$root" archive "$commit" server Cargo.toml Cargo.lock | tar -x -C "$old"
sed -i 's|^members = .*|members = ["server"]|' "$old/Cargo.toml"
# The package renamed; its binary keeps its name, so default-run goes.
sed -i -e '0,/^name = "tenpai"$/s//name = "tenpai-old"/' -e '/^default-run/d' "$old/server/Cargo.toml"
bench=$dir/redesign
mkdir -p "$bench"
cp "$root/benches-against/redesign.rs" "$root/benches-against/redesign_body.rs" \
   "$root/benches-against/cpu_time.rs" "$bench/"
cp "$root/crates/tenpai/benches/common/documents.rs" "$bench/documents.rs"
cp "$root/examples/pushing-with-value.md" "$bench/article.md"
for vectors in scoring no-yaku shanten; do
    cp "$root/tests/vectors/$vectors.jsonl" "$bench/$vectors.jsonl"
done
[ -f "$bench/Cargo.lock" ] || cp "$root/Cargo.lock" "$bench/Cargo.lock"
cat > "$bench/Cargo.toml" <<TOML
[package]
name = "benches-redesign"
version = "0.0.0"
edition = "2021"
publish = false

[workspace]

[dependencies]
now = { package = "tenpai", path = "$root/crates/tenpai" }
lsp_now = { package = "tenpai-lsp", path = "$root/crates/tenpai-lsp", features = ["test-support"] }
before = { package = "tenpai-old", path = "../redesign-old/server" }
criterion = { version = "0.7", default-features = false, features = ["cargo_bench_support"] }
serde_json = "1"
libc = "0.2"
tokio = { version = "1", features = ["rt", "time"] }

[[bench]]
name = "redesign"
path = "redesign.rs"
harness = false

[profile.bench]
debug = 1
TOML
cd "$bench"
exec cargo bench --bench redesign -- "$@"
