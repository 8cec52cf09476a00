#!/usr/bin/env bash
# Whole-process Sudoku timing (issue 16, targets 1 and 2): what a user waits
# for, reading, parsing and printing included. For each set, the `sudoku`
# crate's count to 2 (benches/src/bin/peer_count.rs) against
# `sudoku-dlx count --limit 2 --jobs 1` on bitsets (the default) and on
# dancing links, timed by hyperfine in one run; then each of ours' counts is
# checked line by line against the peer's (a different solver, so an
# independent check). Needs hyperfine (apt-get install hyperfine).
#
#   bash benches/whole_process.sh [RUNS [SUDOKU_DLX]]
#
# RUNS defaults to 5; SUDOKU_DLX to target/release/sudoku-dlx (give
# /work/baseline/sudoku-dlx, say, for a before/after). DATA (default
# data/sudoku) is where the sets are.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
ours=${2:-target/release/sudoku-dlx}
data=${DATA:-data/sudoku}
cargo build --release -q -p benches --bin peer_count
[ "$ours" = target/release/sudoku-dlx ] && cargo build --release -q -p sudoku-dlx-cli
peer=target/release/peer_count
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
uptime
for set in tdoku_puzzles2_17_clue tdoku_puzzles3_magictour_top1465 \
    tdoku_puzzles5_forum_hardest_1905_11plus; do
    file=$data/$set.txt
    "$peer" "$file" >"$tmp/peer"
    for method in auto links; do
        "$ours" count --limit 2 --jobs 1 --method "$method" "$file" >"$tmp/$method"
        if ! cmp -s "$tmp/peer" "$tmp/$method"; then
            echo "whole_process: $set: $method counts differ from the peer's" >&2
            exit 1
        fi
    done
    hyperfine -N --warmup 1 --runs "$runs" --export-markdown "$tmp/$set.md" \
        -n peer "$peer $file" \
        -n "auto (bitsets)" "$ours count --limit 2 --jobs 1 $file" \
        -n links "$ours count --limit 2 --jobs 1 --method links $file" >/dev/null
    echo "## $set ($(wc -l <"$file") puzzles)"
    cat "$tmp/$set.md"
done
uptime
