#!/usr/bin/env bash
# Runs two builds of the `sudoku-dlx` binary on the shipped data sets with
# many flag sets and compares stdout, stderr and exit status byte for byte.
# For changes that must not change behaviour (a refactoring, a speed-up):
#
#   cargo build --release -p sudoku-dlx-cli
#   bash benches/same_output.sh OLD_BINARY target/release/sudoku-dlx
#
# OLD_BINARY is a release build of the commit before the change (for
# instance from `git worktree add /tmp/old <commit>` and a build there).
# Exits 0 when every case is identical; otherwise lists the cases that differ
# and leaves both outputs in the printed directory. Takes a few minutes on
# two cores. Timings in `--stats` lines are masked; everything else counts.
set -euo pipefail

if [ "$#" -ne 2 ]; then
    echo "usage: $0 OLD_BINARY NEW_BINARY" >&2
    exit 2
fi
old="$(realpath "$1")"
new="$(realpath "$2")"
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
echo "same_output: outputs in $work"

d=data/sudoku
t=crates/cli/tests/data
x=data/exact-cover

# Inputs made here: subsets of the large sets, bad bytes, a long line, CRLF.
head -n 300 "$d/tdoku_puzzles5_forum_hardest_1905_11plus.txt" >"$work/hard300.txt"
head -n 2000 "$d/tdoku_puzzles2_17_clue.txt" >"$work/seventeen2000.txt"
head -n 200 "$d/tdoku_puzzles3_magictour_top1465.txt" >"$work/top200.txt"
head -n 30 "$d/janko_16x16.txt" >"$work/sixteen30.txt"
cut -d: -f1 "$d/tdoku_test_puzzles_with_counts.txt" >"$work/counts43.txt"
printf '%s\n' "$(head -n 1 "$d/plb_hard20.txt")" 'garbage line' \
    "$(head -n 1 "$d/emerentius_easy.txt" | sed 's/^./x/')" >"$work/bad.txt"
printf '\xff\xfe\x00binary\n%s\n' "$(head -n 1 "$d/plb_hard20.txt")" >"$work/binary.txt"
{ head -c 70000 /dev/zero | tr '\0' '.'; echo; head -n 1 "$d/plb_hard20.txt"; } >"$work/long.txt"
sed 's/$/\r/' "$d/plb_hard20.txt" >"$work/crlf.txt"
: >"$work/empty.txt"
# Grid-format output of some solutions read back as blocks, and 6x6 numbers.
"$old" solve --format grid "$d/emerentius_medium.txt" >"$work/blocks.txt"
printf '1 2 3 4 5 6\n4 5 6 1 2 3\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n' >"$work/six.txt"

names=()
run() { # run NAME STDIN ARGS...: runs both binaries
    local name="$1" input="$2"
    shift 2
    names+=("$name")
    for side in old new; do
        local bin="$old"
        [ "$side" = new ] && bin="$new"
        local rc=0
        "$bin" "$@" <"$input" >"$work/$side.$name.out" 2>"$work/$side.$name.err" || rc=$?
        echo "$rc" >"$work/$side.$name.rc"
        # Timings are the one thing allowed to differ.
        sed -i -E 's/[0-9]+\.[0-9]+ s(,| \(|\.)/T s\1/; s/[0-9]+ puzzles\/s/N puzzles\/s/' \
            "$work/$side.$name.err"
    done
}
n=/dev/null

# solve: every data set, line format, two threads and one.
for f in "$d"/*.txt "$t"/*.txt; do
    b="$(basename "$f" .txt)"
    case "$b" in
        *_solutions | *_expected) continue ;;
    esac
    args=()
    case "$b" in
        *16x16* | sixteen) args=(--size 16) ;;
        *jigsaw*) args=(--jigsaw) ;;
        x) args=(--x) ;;
    esac
    run "solve-$b-j2" $n solve --jobs 2 "${args[@]}" "$f"
    run "solve-$b-j1-json" $n solve --jobs 1 --format json "${args[@]}" "$f"
done
for f in "$d/plb_hard20.txt" "$d/emerentius_medium.txt" "$t/mixed.txt" "$work/counts43.txt" \
    "$work/bad.txt" "$work/binary.txt" "$work/long.txt" "$work/crlf.txt" "$work/empty.txt" \
    "$work/blocks.txt" "$work/six.txt" "$d/emerentius_invalid_with_reason.txt"; do
    b="$(basename "$f" .txt)"
    for format in line grid json; do
        run "solve-$b-$format" $n solve --jobs 2 --format "$format" "$f"
        run "solve-$b-$format-unique" $n solve --jobs 2 --unique --format "$format" "$f"
        run "solve-$b-$format-limit3" $n solve --jobs 1 --limit 3 --format "$format" "$f"
        run "solve-$b-$format-links" $n solve --method links --format "$format" "$f"
        run "solve-$b-$format-seed" $n solve --seed 7 --format "$format" "$f"
        run "solve-$b-$format-budget" $n solve --max-nodes 3 --format "$format" "$f"
        run "count-$b-$format" $n count --format "$format" "$f"
        run "count-$b-$format-limit2" $n count --limit 2 --jobs 1 --format "$format" "$f"
        run "count-$b-$format-unique" $n count --unique --format "$format" "$f"
        run "count-$b-$format-links-budget" $n count --method links --max-nodes 40 --format "$format" "$f"
    done
    run "solve-$b-stdin-stats" "$f" solve --stats
    run "solve-$b-dash" "$f" solve - --alphabet standard
done
run solve-all-counts $n solve --all --format json "$work/counts43.txt"
run solve-all-grid $n solve --all --format grid "$t/counts.txt"
run solve-big-17 $n solve --jobs 2 "$d/tdoku_puzzles2_17_clue.txt"
run count-serg $n count --limit 2 "$d/tdoku_puzzles7_serg_benchmark.txt"
run count-hard-links $n count --limit 2 --method links "$work/hard300.txt"
run count-16-json $n count --size 16 --limit 2 --format json "$work/sixteen30.txt"
run solve-16-hex $n solve --size 16 --alphabet hex "$work/sixteen30.txt"
run solve-16-box $n solve --box 4x4 --format grid "$t/sixteen.txt"
run solve-jigsaw-x $n solve --jigsaw --x --format json "$d/janko_jigsaw_9x9.txt"
run solve-jigsaw-grid $n solve --jigsaw --format grid "$t/jigsaw.txt"
run solve-variants $n solve --windoku --anti-king --anti-knight --unique "$t/good.txt"
run solve-x-links $n solve --x --method links --format json "$t/x.txt"
run solve-numbers $n solve --alphabet numbers "$work/six.txt"
run solve-size6 $n solve --size 6 "$work/six.txt"
run solve-wrong-size $n solve --size 4 "$d/plb_hard20.txt"
run solve-missing-file $n solve /nonexistent/file.txt
run solve-bad-size $n solve --size 7 "$d/plb_hard20.txt"
run solve-bad-box $n solve --box 1x9 "$d/plb_hard20.txt"
run solve-bad-flag $n solve --limit 0 "$d/plb_hard20.txt"
run solve-conflict $n solve --all --unique "$d/plb_hard20.txt"
run solve-conflict-limit $n solve --limit 2 --unique "$d/plb_hard20.txt"
run solve-conflict-all-limit $n solve --all --limit 2 "$d/plb_hard20.txt"
run count-limit-unique $n count --limit 2 --unique "$d/plb_hard20.txt"
run rate-bad-jobs $n rate --jobs 0 "$d/plb_hard20.txt"
run solve-bad-format $n solve --format xml "$d/plb_hard20.txt"
run solve-help $n solve --help
run count-help $n count --help
run rate-help $n rate --help
run generate-help $n generate --help
run cover-help $n cover --help
run main-help $n --help

# rate: line and JSON, budgets, bad input.
for f in "$d/emerentius_easy.txt" "$d/emerentius_medium.txt" "$work/seventeen2000.txt" \
    "$work/top200.txt" "$work/hard300.txt" "$t/mixed.txt" "$work/counts43.txt" \
    "$d/norvig_top95.txt" "$work/bad.txt"; do
    b="$(basename "$f" .txt)"
    run "rate-$b-j2" $n rate --jobs 2 "$f"
    run "rate-$b-json" $n rate --jobs 1 --format json "$f"
done
run rate-budget $n rate --max-nodes 30 --format json "$work/top200.txt"
run rate-jigsaw $n rate --jigsaw "$d/janko_jigsaw_9x9.txt"
run rate-16 $n rate --size 16 --format json "$t/sixteen.txt"
run rate-x $n rate --x "$t/x.txt"

# generate: symmetries, targets, shapes, variants, jigsaw, formats, threads.
for s in none rot180 rot90 horizontal vertical diagonal antidiagonal; do
    run "gen-$s" $n generate --seed 3 --count 20 --symmetry "$s" --jobs 2
done
run gen-json $n generate --seed 1 --count 30 --format json --with-solution
run gen-j1 $n generate --seed 1 --count 30 --format json --with-solution --jobs 1
run gen-minimal $n generate --seed 5 --count 10 --minimal --format json
run gen-minimal-none $n generate --seed 5 --count 10 --minimal --symmetry none
run gen-clues $n generate --seed 6 --count 10 --clues 26 --format json
run gen-clues-miss $n generate --seed 6 --count 3 --clues 17 --attempts 2
run gen-difficulty $n generate --seed 2 --count 4 --difficulty hard --format json
run gen-easy $n generate --seed 2 --count 4 --difficulty easy --with-solution
run gen-4 $n generate --seed 9 --count 30 --size 4 --format json
run gen-6 $n generate --seed 9 --count 30 --size 6 --with-solution
run gen-8 $n generate --seed 9 --count 10 --box 2x4 --minimal
run gen-10 $n generate --seed 9 --count 10 --size 10
run gen-12 $n generate --seed 9 --count 4 --size 12 --jobs 1
run gen-16 $n generate --seed 9 --count 2 --size 16 --symmetry rot90 --format json
run gen-x $n generate --seed 4 --count 10 --x --minimal
run gen-windoku $n generate --seed 4 --count 10 --windoku --anti-knight
run gen-king $n generate --seed 4 --count 10 --anti-king --format json
run gen-king4 $n generate --seed 4 --size 4 --anti-king
run gen-budget $n generate --seed 4 --count 10 --max-nodes 20 --format json
run gen-jigsaw-map $n generate --seed 8 --count 10 --with-solution --jigsaw \
    iiiiihhhheeeiihhhheeeiihccceeeaaacccbbbaaacccbbbaaadddbbbgffdddggggffdddggggfffff
run gen-jigsaw-bad $n generate --seed 8 --jigsaw aabbcc
run gen-jigsaw-random $n generate --seed 8 --count 6 --jigsaw random --format json
run gen-jigsaw-random6 $n generate --seed 8 --count 10 --jigsaw random --size 6 --x
run gen-jigsaw-random-j1 $n generate --seed 8 --count 6 --jigsaw random --jobs 1

# cover: every problem, with each flag.
for f in "$x"/*.dlx "$t"/*.dlx; do
    b="$(basename "$f" .dlx)"
    case "$b" in
        pentominoes-6x10) run "cover-$b-limit" $n cover --limit 5 "$f" ;;
        *) run "cover-$b" $n cover "$f" ;;
    esac
    run "cover-$b-count-stats" $n cover --count --stats --limit 200 "$f"
    run "cover-$b-seed" $n cover --seed 11 --limit 3 "$f"
    run "cover-$b-prune" $n cover --prune --stats --limit 3 "$f"
    run "cover-$b-budget" $n cover --max-nodes 50 --stats "$f"
    run "cover-$b-stdin" "$f" cover --limit 1 -
done
run cover-missing $n cover /nonexistent.dlx
run cover-binary $n cover "$work/binary.txt"

different=()
for name in "${names[@]}"; do
    for part in out err rc; do
        if ! cmp -s "$work/old.$name.$part" "$work/new.$name.$part"; then
            different+=("$name.$part")
        fi
    done
done
echo "same_output: ${#names[@]} cases, $((${#names[@]} * 3)) files compared"
if [ "${#different[@]}" -gt 0 ]; then
    echo "same_output: DIFFERENT: ${different[*]}"
    exit 1
fi
echo "same_output: every stdout, stderr and exit status is identical"
rm -rf "$work"
