#!/usr/bin/env bash
# The ZDD of all solutions side by side: ours (`sudoku-dlx cover --count
# --method zdd`), Knuth's DLX6 (built from his CWEB source under /tmp if
# missing) and the Python peers' ZDDs (xcover's covers_zdd, dxz), on n x n
# domino boards (exact cover) and blank n x n slitherlink boards (exact
# cover with colors, Knuth's slitherlink-dlx). Prints one Markdown table:
# each run's count, wall time and peak resident memory (/usr/bin/time),
# every count checked against ours.
#
#   benches/zdd/run.sh                       # the default sizes
#   DOMINOES="8 10 12" SLITHERLINK="4 6" CAP=60 benches/zdd/run.sh
#   PEERS=none benches/zdd/run.sh            # ours and DLX6 only
#
# Knobs: KNUTH (where DLX6 lives or is built; /tmp/zdd-knuth), VENV (a
# Python venv with xcover and dxz, made there with pip if missing;
# /tmp/zdd-peers), WORK (problem files; /tmp/zdd-problems), CAP (seconds a
# run may take; 120), PEERS (`xcover dxz`, or `none`).
set -euo pipefail
cd "$(dirname "$0")/../.."
KNUTH=${KNUTH:-/tmp/zdd-knuth}
VENV=${VENV:-/tmp/zdd-peers}
WORK=${WORK:-/tmp/zdd-problems}
CAP=${CAP:-120}
DOMINOES=${DOMINOES:-8 10 12 14}
SLITHERLINK=${SLITHERLINK:-5 7 9 11}
PEERS=${PEERS:-xcover dxz}
mkdir -p "$KNUTH" "$WORK"

# Knuth's programs, from the public mirror of his CWEB sources.
if [ ! -x "$KNUTH/dlx6" ] || [ ! -x "$KNUTH/slitherlink-dlx" ]; then
  command -v ctangle >/dev/null || { echo "ctangle is missing (Debian: texlive-binaries)" >&2; exit 2; }
  [ -d "$KNUTH/cwebtest" ] || git clone -q --depth 1 https://github.com/ascherer/cwebtest "$KNUTH/cwebtest"
  (cd "$KNUTH" && for w in gb_flip dlx6 slitherlink-dlx; do
     # ctangle's status is not 0 after a harmless warning: the .c file tells.
     cp "cwebtest/$w.w" . && rm -f "$w.c" && { ctangle "./$w" >/dev/null || [ -s "$w.c" ]; }
   done
   gcc -O2 -w -std=gnu89 -o dlx6 dlx6.c gb_flip.c
   gcc -O2 -w -std=gnu89 -o slitherlink-dlx slitherlink-dlx.c)
fi
if [ "$PEERS" != none ] && [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV" && "$VENV/bin/pip" install -q xcover dxz
fi

cargo build -q --release -p sudoku-dlx-cli
cargo build -q --release -p dlx-engine --example polyominoes --example slitherlink
OURS=target/release/sudoku-dlx
problems=()
for n in $DOMINOES; do
  target/release/examples/polyominoes dominoes "$n" "$n" > "$WORK/dominoes-$n.dlx"
  problems+=("dominoes-$n")
done
for n in $SLITHERLINK; do
  # Ours and Knuth's generator must write the same problem.
  target/release/examples/slitherlink "$n" "$n" > "$WORK/slitherlink-$n.dlx"
  for _ in $(seq "$n"); do printf '%*s\n' "$n" '' | tr ' ' .; done > "$WORK/blank.txt"
  "$KNUTH/slitherlink-dlx" < "$WORK/blank.txt" 2>/dev/null > "$WORK/slitherlink-$n.knuth.dlx"
  problems+=("slitherlink-$n")
done

# `SECONDS MB` of a command (its stdout to $WORK/out, stderr to $WORK/err),
# or `timeout` / `failed`.
measure() {
  local status=0
  timeout "$CAP" /usr/bin/time -f '%e %M' -o "$WORK/time" "$@" > "$WORK/out" 2> "$WORK/err" || status=$?
  if [ "$status" = 124 ]; then echo "timeout"; return; fi
  if [ "$status" != 0 ] && [ "$status" != 1 ] && [ "$status" != 3 ]; then echo "failed"; return; fi
  awk '{ printf "%s s, %.1f MB", $1, $2 / 1024 }' "$WORK/time"
}

echo "| problem | solutions | ours | DLX6 | xcover covers_zdd | dxz |"
echo "|---|---|---|---|---|---|"
for p in "${problems[@]}"; do
  file="$WORK/$p.dlx"
  ours=$(measure "$OURS" cover --count --method zdd "$file")
  count=$(cat "$WORK/out")
  knuth_file=$file
  [ -f "$WORK/$p.knuth.dlx" ] && knuth_file="$WORK/$p.knuth.dlx"
  dlx6=$(measure sh -c "'$KNUTH/dlx6' < '$knuth_file'")
  theirs=$(sed -n 's/^Altogether \([0-9]*\) solutions.*/\1/p' "$WORK/err")
  [ "$dlx6" = timeout ] || [ "$theirs" = "$count" ] || dlx6="$dlx6 (count $theirs: wraps past 2^64)"
  cells=()
  for peer in xcover dxz; do
    if [[ " $PEERS " != *" $peer "* ]]; then cells+=("not run"); continue; fi
    cell=$(measure "$VENV/bin/python" benches/zdd/peers.py "$peer" "$file")
    read -r _ got seconds rest < "$WORK/out" || true
    if [ "$got" = unsupported ]; then cell="cannot read it ($seconds $rest)"
    elif [ "$cell" != timeout ] && [ "$cell" != failed ]; then
      cell="$cell (call $seconds s)"
      [ "$got" = "$count" ] || cell="$cell, count $got: WRONG"
    fi
    cells+=("$cell")
  done
  echo "| $p | $count | $ours | $dlx6 | ${cells[0]} | ${cells[1]} |"
done
