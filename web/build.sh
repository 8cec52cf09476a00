#!/usr/bin/env bash
# Builds the web page into one static folder (web/dist, or the folder
# given): index.html, style.css, app.js, worker.js and pkg/ (the engine as
# WebAssembly with its wasm-bindgen glue). Any static host serves that
# folder; `python3 -m http.server -d web/dist` serves it for a try.
#
# Installs what it lacks with the ordinary clients: the
# wasm32-unknown-unknown target (rustup) and wasm-bindgen-cli at the exact
# version of the wasm-bindgen crate (cargo install). wasm-opt (Debian's
# binaryen) shrinks the module when it is there. See docs/web.md.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/web/dist}
cd "$root"
target_dir=${CARGO_TARGET_DIR:-$root/target}

# The tool must read the bindings the crate wrote: same version.
version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' web/Cargo.toml)
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi
if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $version" ]; then
    # Not --locked: the tool's lock file pins a TLS root crate that some
    # registry mirrors lack; the build resolves the newest compatible one.
    cargo install wasm-bindgen-cli --version "$version"
fi

cargo build --profile wasm --target wasm32-unknown-unknown -p sudoku-dlx-web
rm -rf "$out"
mkdir -p "$out/pkg"
module="$target_dir/wasm32-unknown-unknown/wasm/sudoku_dlx_web.wasm"
if command -v wasm-opt >/dev/null; then
    # Before wasm-bindgen, not after: Debian 12's binaryen (108) rewrites
    # the externref table that wasm-bindgen adds, and the page then fails
    # to start (WebAssembly.Table.set: "function-typed object"). The
    # features are those rustc's wasm32 target emits by default.
    optimised=$(mktemp -d)
    wasm-opt -Os --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
        --enable-nontrapping-float-to-int --enable-multivalue --enable-reference-types \
        -o "$optimised/sudoku_dlx_web.wasm" "$module"
    module="$optimised/sudoku_dlx_web.wasm"
else
    echo "build.sh: no wasm-opt (Debian's binaryen): the module stays unoptimised" >&2
fi
wasm-bindgen --target web --no-typescript --out-name sudoku_dlx_web --out-dir "$out/pkg" "$module"
[ -z "${optimised:-}" ] || rm -rf "$optimised"
cp web/www/index.html web/www/style.css web/www/app.js web/www/worker.js "$out/"

# What a visitor downloads, compressed as a static host sends it.
total=0
for f in "$out"/*.html "$out"/*.css "$out"/*.js "$out"/pkg/*; do
    total=$((total + $(gzip -9 -c "$f" | wc -c)))
done
echo "build.sh: built $out ($(du -sb "$out" | cut -f1) bytes; $total bytes gzipped)"
