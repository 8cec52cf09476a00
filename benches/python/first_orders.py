"""The first solution on problems outside the benchmark's set: how often
each search order meets one sooner, ours against xcover's.

    target/bench-venv/bin/python benches/python/first_orders.py

Run it in the environment of `cover_bench.py --install` (our wheel and
xcover). The problems are generated here, not read: the twelve pentominoes
on a 3x20, 4x15, 5x12 and 6x10 board, on an 8x8 board with a 2x2 hole in
each of its ten places up to symmetry, and on an 8x8 board without its
corners; each with the pieces in their usual order and in three shuffled
orders (seed 7), which change the order of the items and of the options, so
60 problems of one family. Each is a 0/1 numpy matrix with every column
primary, given to `xcover.covers_bool` and to our `cover.from_matrix`, both
inside the timing (the median of `--runs` calls, after one to warm up);
ours on one thread (`first()`, Knuth's leftmost order) and on two
(`first(jobs=2)`, the race from the tree's two ends). Every solution is
checked to be an exact cover of the matrix, independently of both
libraries.

The first solution depends on the order a search tries things in more than
on its speed a node: the numbers say how often each order is lucky on a
family of problems, which a table of 38 problems cannot (docs/benchmarks.md,
"Why they miss"). Not a test: it checks answers, never times.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from typing import Any, Callable, Optional

import numpy as np

PIECES = {
    "F": [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)],
    "I": [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
    "L": [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)],
    "N": [(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)],
    "P": [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)],
    "T": [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)],
    "U": [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)],
    "V": [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)],
    "W": [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)],
    "X": [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)],
    "Y": [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)],
    "Z": [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)],
}

Cell = tuple[int, int]


def orientations(cells: list[Cell]) -> list[tuple[Cell, ...]]:
    """The distinct rotations and reflections of a piece, each moved to
    touch the top and left edges, in a fixed order."""
    found = set()
    for flip in (False, True):
        shape = [(r, -c) if flip else (r, c) for r, c in cells]
        for _ in range(4):
            shape = [(c, -r) for r, c in shape]
            top, left = min(r for r, _ in shape), min(c for _, c in shape)
            found.add(tuple(sorted((r - top, c - left) for r, c in shape)))
    return sorted(found)


def matrix(board: set[Cell], order: list[str]) -> np.ndarray:
    """The exact-cover matrix of placing the pieces in `order` on `board`:
    a column for each piece, then one for each cell (row by row); a row for
    each placement, piece by piece in `order`, then by orientation and
    position."""
    cells = sorted(board)
    column = {cell: len(order) + k for k, cell in enumerate(cells)}
    rows = []
    for p, name in enumerate(order):
        for shape in orientations(PIECES[name]):
            for r, c in cells:
                placed = [(r + dr, c + dc) for dr, dc in shape]
                if all(cell in column for cell in placed):
                    row = np.zeros(len(order) + len(cells), dtype=bool)
                    row[p] = True
                    row[[column[cell] for cell in placed]] = True
                    rows.append(row)
    return np.array(rows)


def rectangle(height: int, width: int) -> set[Cell]:
    return {(r, c) for r in range(height) for c in range(width)}


def problems() -> list[tuple[str, np.ndarray]]:
    """The 60 problems, named by board and piece order (0: F to Z)."""
    boards = [(f"{h}x{w}", rectangle(h, w)) for h, w in [(3, 20), (4, 15), (5, 12), (6, 10)]]
    for r in range(0, 7, 2):
        for c in range(r, 7, 2):
            hole = {(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)}
            boards.append((f"8x8-hole-{r}{c}", rectangle(8, 8) - hole))
    boards.append(("8x8-corners", rectangle(8, 8) - {(0, 0), (0, 7), (7, 0), (7, 7)}))
    rng = random.Random(7)
    names = sorted(PIECES)
    made = []
    for name, board in boards:
        for k in range(4):
            order = names[:] if k == 0 else rng.sample(names, len(names))
            made.append((f"{name}/{k}", matrix(board, order)))
    return made


def check(m: np.ndarray, rows: Optional[list[int]], name: str) -> None:
    """That `rows` is an exact cover of `m`: every column once."""
    if rows is None:
        raise AssertionError(f"{name}: no solution found, and every board here has one")
    covered = m[list(rows)].sum(axis=0)
    if not (covered == 1).all():
        raise AssertionError(f"{name}: rows {rows} are not an exact cover")


def median_time(call: Callable[[], Any], runs: int) -> tuple[float, Any]:
    """The median wall time of `runs` calls (after one to warm up), and the
    last call's answer."""
    answer = call()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        answer = call()
        times.append(time.perf_counter() - start)
    return statistics.median(times), answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timed calls a cell (their median)")
    args = parser.parse_args()
    import xcover
    from sudoku_dlx import cover

    def ours(m: np.ndarray, jobs: int) -> Optional[list[int]]:
        solution = cover.from_matrix(m).first(jobs=jobs)
        return None if solution is None else list(solution.options)

    def theirs(m: np.ndarray) -> Optional[list[int]]:
        solution = next(xcover.covers_bool(m), None)
        return None if solution is None else [int(i) for i in solution]

    theirs(matrix(rectangle(3, 20), sorted(PIECES)))  # numba's compile, not timed
    print("| problem | xcover | ours, one thread | ours, two threads | xcover / ours (1 / 2) |")
    print("|---|---:|---:|---:|---:|")
    ratios: list[tuple[float, float]] = []
    for name, m in problems():
        t_x, s_x = median_time(lambda: theirs(m), args.runs)
        t_1, s_1 = median_time(lambda: ours(m, 1), args.runs)
        t_2, s_2 = median_time(lambda: ours(m, 2), args.runs)
        for solution in (s_x, s_1, s_2):
            check(m, solution, name)
        ratios.append((t_x / t_1, t_x / t_2))
        print(f"| {name} | {t_x * 1e3:.2f} ms | {t_1 * 1e3:.2f} ms | {t_2 * 1e3:.2f} ms "
              f"| {t_x / t_1:.2f}x / {t_x / t_2:.2f}x |", flush=True)
    for k, label in enumerate(["one thread", "two threads"]):
        column = [r[k] for r in ratios]
        mean = math.exp(sum(map(math.log, column)) / len(column))
        wins = sum(r > 1 for r in column)
        print(f"- ours on {label}: faster than xcover on {wins} of {len(column)}; "
              f"geometric mean {mean:.2f}x, least {min(column):.2f}x, most {max(column):.2f}x")


if __name__ == "__main__":
    main()
