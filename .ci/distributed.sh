#!/usr/bin/env bash
# The recipes of docs/distributed.md, run as written there: GNU parallel on
# this machine, GNU parallel over --sshlogin (through .ci/local-ssh, as CI
# has no sshd), and the Slurm array script (each task run as Slurm would run
# it, without Slurm). Each merged count must equal the single-process count,
# and a dropped or duplicated result must make the merge fail.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

if ! command -v parallel >/dev/null; then
    # The Debian package; as root in CI containers, else through sudo.
    sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get install -y parallel >/dev/null 2>&1 ||
        { $sudo apt-get update >/dev/null && $sudo apt-get install -y parallel >/dev/null; }
fi
parallel --version | head -n 1

# CI passes the directory of the binary its release-mode tests already built;
# run alone, this script builds the release binary itself.
if [ -n "${SUDOKU_DLX_BIN_DIR:-}" ]; then
    bin_dir=$(cd "$SUDOKU_DLX_BIN_DIR" && pwd)
else
    cargo build --release -p sudoku-dlx-cli
    bin_dir="${CARGO_TARGET_DIR:-$repo/target}/release"
fi
[ -x "$bin_dir/sudoku-dlx" ] || { echo "no sudoku-dlx binary in $bin_dir" >&2; exit 1; }
export PATH="$bin_dir:$PATH"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp data/exact-cover/pentominoes-6x10.dlx "$work/problem.dlx"
cp docs/distributed/cover.sbatch "$work/"
cd "$work"

check() { # what, merged, expected
    if [ "$2" != "$3" ]; then
        echo "$1: merged count $2, single process $3" >&2
        exit 1
    fi
    echo "$1: $2 solutions, as in one process"
}

expected=$(sudoku-dlx cover --count --quiet problem.dlx)

# GNU parallel on this machine.
sudoku-dlx cover --split 3 problem.dlx > jobs.jsonl
parallel --pipe -N 16 sudoku-dlx cover --count --quiet --job - problem.dlx \
    < jobs.jsonl > results.jsonl
check "parallel" "$(sudoku-dlx cover --merge results.jsonl)" "$expected"

# GNU parallel over ssh (two "hosts", two job slots each).
parallel --ssh "$repo/.ci/local-ssh" --sshlogin 2/node1,2/node2 --pipe -N 16 \
    sudoku-dlx cover --count --quiet --job - problem.dlx \
    < jobs.jsonl > ssh-results.jsonl
check "parallel --sshlogin" "$(sudoku-dlx cover --merge ssh-results.jsonl)" "$expected"

# The Slurm array, one task per job line of a shallower split.
sudoku-dlx cover --split 2 problem.dlx > jobs.jsonl
for task in $(seq 1 "$(wc -l < jobs.jsonl)"); do
    SLURM_ARRAY_TASK_ID=$task bash cover.sbatch
done
check "slurm array" "$(sudoku-dlx cover --merge results/*.jsonl)" "$expected"

# Lost and repeated results are caught.
rm results/7.jsonl
if sudoku-dlx cover --merge results/*.jsonl >/dev/null 2>&1; then
    echo "a merge without job 6 succeeded" >&2
    exit 1
fi
if sudoku-dlx cover --merge results.jsonl results.jsonl >/dev/null 2>&1; then
    echo "a merge of every job twice succeeded" >&2
    exit 1
fi
echo "missing and duplicated jobs: the merge fails"
