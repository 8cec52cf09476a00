"""What one call of sudoku_dlx.cover costs on problems solved in
microseconds: the fixed cost of count(), first(), uniqueness() and the
first step of an iterator, which is what decides the small problems of
cover_bench.py's table; counts on both sides of the first look (9 and 10
queens: 4,663 and 16,448 nodes), and building from 40,000 names.

    python benches/python/call_cost.py            # the package installed in this Python
    python benches/python/call_cost.py --repeat 9

Each line: the best of `--repeat` timeit runs, per call, in microseconds,
of wall time and of the process's CPU time (all its threads: on a loaded
machine the wall time holds the waits for a core, the CPU time not).
Not a test: it asserts answers, never times.
"""

from __future__ import annotations

import argparse
import os
import time
import timeit

from sudoku_dlx import cover


def queens(n: int) -> cover.Problem:
    """The n queens as options of rows, columns and the two diagonals
    (secondary)."""
    options = [
        [f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n - 1}"]
        for r in range(n)
        for c in range(n)
    ]
    primary = [f"r{i}" for i in range(n)] + [f"c{i}" for i in range(n)]
    secondary = [f"a{i}" for i in range(2 * n - 1)] + [f"b{i}" for i in range(2 * n - 1)]
    return cover.Problem(options, primary, secondary)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    three = cover.Problem([["a", "b"], ["a"], ["b"]])
    q4, q8, q9, q10 = queens(4), queens(8), queens(9), queens(10)
    # 20,000 primary items, each with a secondary one: building from names.
    n = 20_000
    named = [[f"p{k}", f"s{k}"] for k in range(n)]
    primary = [f"p{k}" for k in range(n)]
    assert int(three.count()) == 2 and int(q4.count()) == 2 and int(q8.count()) == 92
    cases = [
        ("3 options: count()", lambda: three.count()),
        ("3 options: count(jobs=1)", lambda: three.count(jobs=1)),
        ("3 options: first()", lambda: three.first()),
        ("3 options: uniqueness()", lambda: three.uniqueness()),
        ("3 options: next(iter(problem))", lambda: next(iter(three))),
        ("4 queens: count()", lambda: q4.count()),
        ("4 queens: first()", lambda: q4.first()),
        ("8 queens: count()", lambda: q8.count()),
        ("8 queens: count(jobs=1)", lambda: q8.count(jobs=1)),
        ("8 queens: first()", lambda: q8.first()),
        ("9 queens: count(jobs=1)", lambda: q9.count(jobs=1)),
        ("10 queens: count(jobs=1)", lambda: q10.count(jobs=1)),
        ("20,000 items: Problem(primary=)", lambda: cover.Problem(named, primary)),
    ]
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    print(f"{'':34} {'wall':>9}    {'CPU':>9}")
    for name, call in cases:
        timer = timeit.Timer(call)
        number, _ = timer.autorange()
        best = min(timer.repeat(repeat=args.repeat, number=number)) / number
        cpu = timeit.Timer(call, timer=time.process_time)
        best_cpu = min(cpu.repeat(repeat=args.repeat, number=number)) / number
        print(f"{name:34} {best * 1e6:9.1f} µs {best_cpu * 1e6:9.1f} µs")


if __name__ == "__main__":
    main()
