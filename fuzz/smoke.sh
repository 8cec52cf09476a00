#!/usr/bin/env bash
# The fuzz smoke run that CI calls: build every cargo-fuzz target, then run
# each one for a bounded time, seeded from fuzz/seeds/<target>/. Exits
# non-zero if any target crashes, fails an assertion, times out or runs out
# of memory; the failing input is left in fuzz/artifacts/<target>/.
#
#   bash fuzz/smoke.sh                 # every target, 60 s each, two at a time
#   FUZZ_SECONDS=300 bash fuzz/smoke.sh engine_oracle
#
# A minute per target is what a short campaign needs to find a shallow bug
# (a 20-60 s run of sudoku_parse found one that 40 s missed); the targets run
# FUZZ_JOBS at a time (2: CI's cores) so the step stays near two minutes.
#
# Long campaigns: see "Fuzzing" in docs/testing.md.
set -euo pipefail

cd "$(dirname "$0")"
seconds="${FUZZ_SECONDS:-60}"
jobs="${FUZZ_JOBS:-2}"

# cargo-fuzz needs nightly for -Zsanitizer. Where this machine has no nightly
# toolchain (none can be downloaded here), the stable compiler is told to
# accept nightly flags instead.
if cargo +nightly --version >/dev/null 2>&1; then
    cargo=(cargo +nightly)
else
    echo "fuzz: no nightly toolchain; using $(rustc --version) with RUSTC_BOOTSTRAP=1"
    export RUSTC_BOOTSTRAP=1
    cargo=(cargo)
fi

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "fuzz: installing cargo-fuzz"
    cargo install cargo-fuzz --locked
fi

if [ "$#" -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <("${cargo[@]}" fuzz list)
fi

echo "fuzz: building ${targets[*]}"
"${cargo[@]}" fuzz build

logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
# Runs one target for the time, its log in $logs/<target>.log; its status
# is the run's.
run_target() {
    local target="$1"
    mkdir -p "corpus/$target" "seeds/$target"
    # corpus/ collects what this run finds; seeds/ is read only.
    "${cargo[@]}" fuzz run "$target" "corpus/$target" "seeds/$target" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 >"$logs/$target.log" 2>&1
}

failed=()
pids=()
names=()
# Waits for the oldest running target and reports it.
reap() {
    local target="${names[0]}"
    if wait "${pids[0]}"; then
        grep -E '^#[0-9]+[[:space:]]+DONE' "$logs/$target.log" | sed "s/^/fuzz: $target /" || true
    else
        echo "fuzz: $target FAILED; the end of its log:"
        tail -n 80 "$logs/$target.log"
        failed+=("$target")
    fi
    pids=("${pids[@]:1}")
    names=("${names[@]:1}")
}
for target in "${targets[@]}"; do
    if [ "${#pids[@]}" -ge "$jobs" ]; then
        reap
    fi
    echo "fuzz: $target for ${seconds}s"
    run_target "$target" &
    pids+=("$!")
    names+=("$target")
done
while [ "${#pids[@]}" -gt 0 ]; do
    reap
done

if [ "${#failed[@]}" -gt 0 ]; then
    echo "fuzz: failing targets: ${failed[*]} (inputs in fuzz/artifacts/)"
    exit 1
fi
echo "fuzz: ${#targets[@]} targets ran clean"
