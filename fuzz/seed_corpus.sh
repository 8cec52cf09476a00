#!/usr/bin/env bash
# Rewrites the text seeds in fuzz/seeds/ from the project's test data, so the
# fuzzers start from real inputs. Run it after the test data changes and
# commit the result; the seeds stay small (a few KiB each) on purpose.
#
#   bash fuzz/seed_corpus.sh
#
# engine_oracle's seeds are binary (its input is decoded by `Arbitrary`), so
# they are picked from a minimized corpus instead: see docs/testing.md.
set -euo pipefail

fuzz="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$fuzz")"
max_bytes=4096

# Copies a file into a seed directory under a name made from its path.
seed() {
    local dir="$fuzz/seeds/$1" file="$2"
    if [ "$(wc -c <"$file")" -le "$max_bytes" ]; then
        mkdir -p "$dir"
        cp "$file" "$dir/$(echo "${file#"$root"/}" | tr '/' '_')"
    fi
}

# Knuth's format: the CLI's test problems and the small benchmark problems.
rm -rf "$fuzz/seeds/knuth_format"
for file in "$root"/crates/cli/tests/data/*.dlx "$root"/data/exact-cover/*.dlx; do
    [ -f "$file" ] && seed knuth_format "$file"
done
# The engine's examples print their problems in Knuth's formats: DLX1,
# DLX2 (de Bruijn cycles, the zebra puzzle) and DLX3 (the partridge puzzle,
# 0-1 matrices with given row and column sums).
for example in "n_queens 4" "langford 3" "latin_squares 2" "de_bruijn 2 3" "zebra" \
    "partridge 2" "binary_matrices 3 2"; do
    set -- $example
    name="$(echo "$example" | tr ' ' '_')"
    out="$fuzz/seeds/knuth_format/example_$name.dlx"
    cargo run --quiet --manifest-path "$root/Cargo.toml" -p dlx-engine --example "$1" -- "${@:2}" >"$out" ||
        rm -f "$out"
done

# Sudoku text: a few lines of each data set, and the CLI's test files.
rm -rf "$fuzz/seeds/sudoku_parse"
mkdir -p "$fuzz/seeds/sudoku_parse"
for file in "$root"/data/sudoku/*.txt; do
    head -n 3 "$file" >"$fuzz/seeds/sudoku_parse/$(basename "$file")"
done
for file in "$root"/crates/cli/tests/data/*.txt; do
    [ -f "$file" ] && seed sudoku_parse "$file"
done

echo "seeds: $(find "$fuzz/seeds" -type f | wc -l) files"
