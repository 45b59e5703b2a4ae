#!/bin/sh
# Times tenpai's document layer and language server at two commits in one
# criterion run: the working tree ("now") against an older commit
# ("before"), so that both see the same machine load.
#
#   benches-against/run.sh [COMMIT] [criterion arguments]
#
# (benches-against/profile.sh counts the instructions of the article's
# check at both commits instead, which the machine's load cannot change.)
#
# COMMIT defaults to acff6b5, the last commit before the dialects
# (c9138d4). The old tree is exported to target/benches-against/old and
# its crates renamed (tenpai-core-old, tenpai-doc-old, tenpai-lsp-old) so
# that both versions link into one bench binary; the bench crate lives in
# target/benches-against/bench (its own workspace, the project's
# Cargo.lock as its start; beside the old tree, not above it, or the old
# crates would join its workspace). Nothing in the project is changed.
set -eu
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
commit=${1:-acff6b5}
[ $# -gt 0 ] && shift
dir=$root/target/benches-against
rm -rf "$dir/old"
mkdir -p "$dir/old"
git -C "$root" archive "$commit" crates Cargo.toml Cargo.lock | tar -x -C "$dir/old"
# The old workspace lists only what the bench builds.
sed -i 's|^members = .*|members = ["crates/tenpai-core", "crates/tenpai-doc", "crates/tenpai-lsp"]|' "$dir/old/Cargo.toml"
for crate in tenpai-core tenpai-doc tenpai-lsp; do
    manifest=$dir/old/crates/$crate/Cargo.toml
    sed -i "s|^name = \"$crate\"|name = \"$crate-old\"|" "$manifest"
    for dep in tenpai-core tenpai-doc; do
        sed -i "s|^$dep = { path|$dep = { package = \"$dep-old\", path|" "$manifest"
    done
done
bench=$dir/bench
mkdir -p "$bench"
cp "$root/benches-against/compare.rs" "$root/benches-against/cpu_time.rs" \
    "$root/benches-against/profile.rs" "$bench/"
cp "$root/crates/tenpai/benches/common/documents.rs" "$bench/documents.rs"
cp "$root/examples/pushing-with-value.md" "$bench/article.md"
[ -f "$bench/Cargo.lock" ] || cp "$root/Cargo.lock" "$bench/Cargo.lock"
cat > "$bench/Cargo.toml" <<TOML
[package]
name = "benches-against"
version = "0.0.0"
edition = "2021"
publish = false

[workspace]

[dependencies]
core_now = { package = "tenpai-core", path = "$root/crates/tenpai-core" }
doc_now = { package = "tenpai-doc", path = "$root/crates/tenpai-doc" }
lsp_now = { package = "tenpai-lsp", path = "$root/crates/tenpai-lsp", features = ["test-support"] }
core_before = { package = "tenpai-core-old", path = "../old/crates/tenpai-core" }
doc_before = { package = "tenpai-doc-old", path = "../old/crates/tenpai-doc" }
lsp_before = { package = "tenpai-lsp-old", path = "../old/crates/tenpai-lsp" }
criterion = { version = "0.7", default-features = false, features = ["cargo_bench_support"] }
serde_json = "1"
libc = "0.2"
tokio = { version = "1", features = ["rt", "time"] }

[[bench]]
name = "compare"
path = "compare.rs"
harness = false

[[bin]]
name = "profile"
path = "profile.rs"

[profile.bench]
debug = 1
TOML
cd "$bench"
# `BENCHES_AGAINST=prepare`: only set the crate up (profile.sh builds its
# own binary in it).
[ "${BENCHES_AGAINST:-}" = prepare ] && exit 0
exec cargo bench --bench compare -- "$@"
