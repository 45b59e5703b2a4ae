#!/bin/sh
# Builds tenpai-wasm for wasm32 and generates its JavaScript glue into
# web/pkg (see docs/web.md). Needs Debian's rustc-web, cargo-web,
# rust-web-src and lld-19, and wasm-bindgen-cli 0.2.130: .ci/run installs them.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"
# The rustup toolchain has no wasm32 standard library: Debian's compiler
# rebuilds it from source (-Zbuild-std, allowed on stable by RUSTC_BOOTSTRAP).
export RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1 \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-19
# The workspace's release profile keeps debug info for profiling natively;
# the page wants small code.
export CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_LTO=true \
    CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 CARGO_PROFILE_RELEASE_PANIC=abort
/usr/bin/cargo build --release --target wasm32-unknown-unknown \
    -Zbuild-std=std,panic_abort -p tenpai-wasm
wasm-bindgen --target web --out-dir "$here/pkg" \
    "$root/target/wasm32-unknown-unknown/release/tenpai_wasm.wasm"
