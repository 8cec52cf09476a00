#!/usr/bin/env python3
"""Times whole commands interleaved, for before/after comparisons on a noisy,
shared machine: round after round each command runs once, in turn (A B C A B C
...), so a burst of load falls on all of them alike rather than on whichever
hyperfine was timing. Prints each command's median and minimum user+sys CPU
time (from getrusage of the finished child) and median wall time, the
ratio of the first command's median to each one's, and the median over the
rounds of each round's ratio (the first command's time over this one's in
the same round), which a slow drift of the machine's speed moves less. The
order is reversed every other round (A B C, C B A, ...), so that no command
always runs right after another.

    python3 benches/interleaved.py ROUNDS CMD1 CMD2 ...

Each CMD is one shell-quoted string, run without a shell, output discarded.
One warm-up round is run and not counted. A command's exit status is
reported, not treated as an error. Example (docs/benchmarks.md, "Sudoku,
whole process"):

    python3 benches/interleaved.py 21 \\
        "target/release/peer_count data/sudoku/tdoku_puzzles3_magictour_top1465.txt" \\
        "target/release/sudoku-dlx count --limit 2 --jobs 1 --method links data/sudoku/tdoku_puzzles3_magictour_top1465.txt"
"""
import resource
import shlex
import statistics
import subprocess
import sys
import time


def main() -> None:
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    try:
        rounds = int(sys.argv[1])
    except ValueError:
        sys.exit(f"ROUNDS must be a whole number, not {sys.argv[1]!r}\n\n{__doc__}")
    commands = sys.argv[2:]
    cpu = [[] for _ in commands]
    wall = [[] for _ in commands]
    status = [0 for _ in commands]
    for round_ in range(rounds + 1):
        order = range(len(commands)) if round_ % 2 == 0 else reversed(range(len(commands)))
        for i in order:
            command = commands[i]
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            try:
                done = subprocess.run(shlex.split(command), stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL, check=False)
            except (OSError, ValueError) as error:
                sys.exit(f"cannot run {command!r}: {error}")
            end = time.perf_counter()
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            status[i] = done.returncode
            if round_ == 0:
                continue  # warm-up
            cpu[i].append(after.ru_utime - before.ru_utime
                          + after.ru_stime - before.ru_stime)
            wall[i].append(end - start)
    first = statistics.median(cpu[0])
    for i, command in enumerate(commands):
        median = statistics.median(cpu[i])
        print(f"cpu median {median * 1000:9.2f} ms  min {min(cpu[i]) * 1000:9.2f} ms  "
              f"wall median {statistics.median(wall[i]) * 1000:9.2f} ms  "
              f"first/this {first / median:6.3f}  "
              f"round ratio {round_ratio(cpu[0], cpu[i]):6.3f}  "
              f"{command}")
        if status[i] != 0:
            # Not an error: `sudoku-dlx count` exits 1 when a puzzle has no
            # solution. Said so that a command that failed at once is seen.
            print(f"  (exit status {status[i]} in the last round)")


def round_ratio(first: list, this: list) -> float:
    """The median over the rounds of `first`'s time over `this` one's."""
    ratios = [a / b for a, b in zip(first, this) if b > 0]
    return statistics.median(ratios) if ratios else float("nan")


if __name__ == "__main__":
    main()
