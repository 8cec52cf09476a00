"""Counts and jobs to run under callgrind: N calls of one of them, so that
the instructions of a call are (N calls - 0 calls) / N, whatever the
machine's load (call_cost.py's clock rows are not, on a shared machine).

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python3 benches/python/count_calls.py 8-count1 100
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python3 benches/python/count_calls.py 8-count1 0
    valgrind ... python3 benches/python/count_calls.py file data/exact-cover/queens-12.dlx 1

`file PATH N`: N one-thread counts of a problem file. Not a test: it
asserts answers, never instructions.
"""

from __future__ import annotations

import sys
from typing import Callable

from sudoku_dlx import cover


def queens(n: int) -> cover.Problem:
    """The n queens: ranks and files primary, diagonals secondary."""
    options = [[f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n - 1}"] for r in range(n) for c in range(n)]
    primary = [f"r{i}" for i in range(n)] + [f"c{i}" for i in range(n)]
    secondary = [f"a{i}" for i in range(2 * n - 1)] + [f"b{i}" for i in range(2 * n - 1)]
    return cover.Problem(options, primary, secondary)


def main() -> None:
    if sys.argv[1] == "file":
        problem = cover.Problem.read(sys.argv[2])
        for _ in range(int(sys.argv[3])):
            assert problem.count(jobs=1).exact
        return
    three, q8, q10 = cover.Problem([["a", "b"], ["a"], ["b"]]), queens(8), queens(10)
    jobs8, jobs10 = q8.split(2), q10.split(0)
    calls: dict[str, Callable[[], int]] = {
        "3-count": lambda: three.count().solutions,
        "3-count1": lambda: three.count(jobs=1).solutions,
        "8-count": lambda: q8.count().solutions,
        "8-count1": lambda: q8.count(jobs=1).solutions,
        "8-progress": lambda: q8.count(progress=lambda info: None).solutions,
        "10-count1": lambda: q10.count(jobs=1).solutions,
        "8-run_job": lambda: q8.run_job(jobs8[7]).solutions,
        "10-run_job": lambda: q10.run_job(jobs10[0]).solutions,
    }
    expected = {"3": 2, "8": 92, "10": 724}
    call = calls[sys.argv[1]]
    for _ in range(int(sys.argv[2])):
        found = call()
        assert sys.argv[1] == "8-run_job" or found == expected[sys.argv[1].split("-")[0]]


if __name__ == "__main__":
    main()
