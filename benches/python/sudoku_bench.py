"""Sudoku from Python, side by side: count to 2 (none, one or several
solutions) on the 17-clue and top1465 sets, with sudoku-dlx and the PyPI
peers py-sudoku and rustoku, in one process run.

    python benches/python/sudoku_bench.py --install   # installs the peers from PyPI first

What it measures: the wall time of one call per puzzle from a line of text
(parsing included), on one thread (`jobs=1`; neither peer uses more).
Every answer is checked: each puzzle of both sets has exactly one
solution, so every library must say 1 (py-sudoku: "not multiple"), and
sudoku-dlx's solution is verified by a plain-Python checker. py-sudoku
is a pure-Python backtracker that takes seconds a puzzle on these sets,
so it runs on the first puzzles until `--peer-seconds` are spent and its
rate is reported from those. Not a test: it asserts answers, never times.
"""

from __future__ import annotations

import argparse
import pathlib
import signal
import subprocess
import sys
import time
from typing import Callable

ROOT = pathlib.Path(__file__).resolve().parents[2]
SETS = {
    "17-clue": ROOT / "data" / "sudoku" / "tdoku_puzzles2_17_clue.txt",
    "top1465": ROOT / "data" / "sudoku" / "tdoku_puzzles3_magictour_top1465.txt",
}


def puzzles(path: pathlib.Path, limit: int | None) -> list[str]:
    lines = [line.strip()[:81] for line in path.read_text().splitlines() if line.strip() and line[0] != "#"]
    return lines[:limit]


def is_solution(line: str, solution: str) -> bool:
    """Rows, columns and boxes hold 1-9, and the givens are kept."""
    rows = [solution[r * 9:r * 9 + 9] for r in range(9)]
    units = rows + ["".join(row[c] for row in rows) for c in range(9)]
    units += ["".join(rows[r][c] for r in range(br, br + 3) for c in range(bc, bc + 3))
              for br in (0, 3, 6) for bc in (0, 3, 6)]
    kept = all(g in ".0" or g == s for g, s in zip(line, solution))
    return kept and all(sorted(u) == list("123456789") for u in units)


def ours() -> Callable[[str], bool]:
    import sudoku_dlx

    def unique(line: str) -> bool:
        return sudoku_dlx.count(line, limit=2, jobs=1) == 1

    return unique


def rustoku_count() -> Callable[[str], bool]:
    import rustoku

    def unique(line: str) -> bool:
        return int(rustoku.count_solutions(line, 2)) == 1

    return unique


def py_sudoku_count() -> Callable[[str], bool]:
    from sudoku import Sudoku

    def unique(line: str) -> bool:
        board = [[0 if c in ".0" else int(c) for c in line[r * 9:r * 9 + 9]] for r in range(9)]
        # Its uniqueness test: two backtracking solves, cells tried in
        # increasing and in decreasing order, compared.
        return not Sudoku(3, 3, board=board).has_multiple_solutions()

    return unique


class _OutOfTime(Exception):
    """Raised by the alarm inside a peer's call when its seconds are spent."""


def _out_of_time(signum: int, frame: object) -> None:
    raise _OutOfTime


def run(name: str, unique: Callable[[str], bool], lines: list[str], seconds: float | None) -> tuple[int, float]:
    """Puzzles counted and the time they took; with `seconds`, the puzzles
    finished when an alarm ends the run (inside a call if need be: one
    puzzle can take a pure-Python backtracker minutes)."""
    start = time.perf_counter()
    done = 0
    if seconds is not None:
        signal.signal(signal.SIGALRM, _out_of_time)
        signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        for line in lines:
            assert unique(line), f"{name} does not find {line} unique"
            done += 1
    except _OutOfTime:
        pass
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return done, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--install", action="store_true", help="pip install py-sudoku and rustoku first")
    parser.add_argument("--limit", type=int, default=None, help="puzzles per set (default: all)")
    parser.add_argument("--peer-seconds", type=float, default=30.0, help="time for py-sudoku per set")
    parser.add_argument("--sets", nargs="*", default=list(SETS), choices=list(SETS), help="the sets to run")
    parser.add_argument("--libraries", nargs="*", default=["sudoku-dlx", "rustoku", "py-sudoku"],
                        help="the libraries to run (sudoku-dlx, rustoku, py-sudoku)")
    args = parser.parse_args()
    if args.install:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "py-sudoku", "rustoku"], check=True)
    import sudoku_dlx

    libraries: list[tuple[str, Callable[[], Callable[[str], bool]], bool]] = [
        ("sudoku-dlx", ours, False),
        ("rustoku", rustoku_count, False),
        ("py-sudoku", py_sudoku_count, True),
    ]
    print("| set | library | puzzles | seconds | puzzles/s | vs sudoku-dlx |")
    print("|---|---|---:|---:|---:|---:|")
    libraries = [entry for entry in libraries if entry[0] in args.libraries]
    for set_name in args.sets:
        path = SETS[set_name]
        lines = puzzles(path, args.limit)
        for line in lines[:200]:
            solution = sudoku_dlx.solve(line)
            assert solution is not None and is_solution(line, solution)
        rates: dict[str, float] = {}
        for name, make, slow in libraries:
            try:
                unique = make()
            except ImportError:
                print(f"| {set_name} | {name} | not installed (--install) | | | |")
                continue
            if not slow:
                unique(lines[0])  # the first call's setup, outside the timing
            done, seconds = run(name, unique, lines, args.peer_seconds if slow else None)
            if done == 0:
                print(f"| {set_name} | {name} | 0 in {seconds:.0f} s | | | |")
                continue
            rates[name] = done / seconds
            ratio = rates["sudoku-dlx"] / rates[name] if "sudoku-dlx" in rates else 1.0
            rate = f"{rates[name]:,.0f}" if rates[name] >= 10 else f"{rates[name]:.2f}"
            print(f"| {set_name} | {name} | {done} | {seconds:.2f} | {rate} | {ratio:,.1f}x |")


if __name__ == "__main__":
    main()
