#!/usr/bin/env bash
# Builds the web page into one static folder (web/dist, or the folder
# given): index.html, style.css, app.js, worker.js, pkg/ (the engine as
# WebAssembly with its wasm-bindgen glue) and pdf/ (the PDF module, the
# same way). Any static host serves that
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

# Two modules: the engine (pkg/, loaded with the page) and the PDF writer
# (pdf/, svg2pdf and its font, loaded by the worker on the first download).
cargo build --profile wasm --target wasm32-unknown-unknown -p sudoku-dlx-web -p sudoku-dlx-web-pdf
rm -rf "$out"
mkdir -p "$out/pkg" "$out/pdf"
if ! command -v wasm-opt >/dev/null; then
    echo "build.sh: no wasm-opt (Debian's binaryen): the modules stay unoptimised" >&2
fi
# bind NAME DIR: target/.../NAME.wasm, optimised, with its glue into $out/DIR.
bind() {
    local module="$target_dir/wasm32-unknown-unknown/wasm/$1.wasm" optimised=""
    if command -v wasm-opt >/dev/null; then
        # Before wasm-bindgen, not after: Debian 12's binaryen (108) rewrites
        # the externref table that wasm-bindgen adds, and the page then fails
        # to start (WebAssembly.Table.set: "function-typed object"). The
        # features are those rustc's wasm32 target emits by default.
        optimised=$(mktemp -d)
        wasm-opt -Os --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
            --enable-nontrapping-float-to-int --enable-multivalue --enable-reference-types \
            -o "$optimised/$1.wasm" "$module"
        module="$optimised/$1.wasm"
    fi
    wasm-bindgen --target web --no-typescript --out-name "$1" --out-dir "$out/$2" "$module"
    [ -z "$optimised" ] || rm -rf "$optimised"
}
bind sudoku_dlx_web pkg
bind sudoku_dlx_web_pdf pdf
cp web/www/index.html web/www/style.css web/www/app.js web/www/worker.js "$out/"

# What a visitor downloads, compressed as a static host sends it: the page
# at its start, and the PDF module on the first download.
gzipped() {
    local total=0 f
    for f in "$@"; do total=$((total + $(gzip -9 -c "$f" | wc -c))); done
    echo "$total"
}
start=$(gzipped "$out"/*.html "$out"/*.css "$out"/*.js "$out"/pkg/*)
pdf=$(gzipped "$out"/pdf/*)
echo "build.sh: built $out ($(du -sb "$out" | cut -f1) bytes; gzipped: $start at the start, $pdf more for the PDF module, $((start + pdf)) in all)"
