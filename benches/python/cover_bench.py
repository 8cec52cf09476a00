"""Exact cover from Python, side by side: sudoku-dlx against the PyPI
libraries xcover, exact_cover, exact-cover-py and MiniExact, in one run.

    python benches/python/cover_bench.py --install   # its own venv: our wheel and the peers
    python benches/python/cover_bench.py --quick     # the small problems, short limits

`--install` makes a virtual environment (target/bench-venv), builds our
wheel there with maturin (release profile, as `pip install ./crates/python`
does), installs it with the peers and exact-cover-samples from PyPI, and
runs this script again inside it with the other arguments.

The problems: every problem of the exact-cover-samples package (its data is
CC-BY-NC: read from the installed package at run time, never copied into
this repository) and every file of data/exact-cover. The tasks: the first
solution, the first 50, and all of them counted; ours on one thread and,
for the first solution and the count, on every core (`first(jobs=...)`,
the race from the tree's two ends; `count(jobs=...)`). Each library gets the problem in the form it
reads (option lists of names, item numbers, or a 0/1 numpy matrix), built
inside the timing from the same prepared Python data, except the 0/1
matrix of a data file, which is made once beforehand. So a library that
reads a matrix is compared with ours reading that same matrix: for a data
file without secondary items ours is timed both from the names and from
the matrix ("sudoku-dlx (matrix)"), and the matrix libraries' ratios are
taken against the second. A library that cannot read a problem's kind
(secondary items, colors, multiplicities) is listed as such, never left out.

Each library runs in a worker process of its own, so that a call that
outruns `--timeout` is ended (C code cannot be interrupted otherwise) and
reported as "> T s". The numba peers compile when first called: the
workers do it before any timing, and the compile is reported on its own.

Every answer is checked: each peer's count must equal ours (and the
package's own count for its problems); every first solution and every one
of the first 50 is checked to be an exact cover (with colors and
multiplicities) by the small checker below, independent of all libraries.

Two more measurements: the first call (import, build, first solution of
pentominoes 6x10) in fresh processes, median of `--first-call-runs`; and
peak memory while iterating a million solutions of a problem with more.
Not a test: it asserts answers, never times.
"""

from __future__ import annotations

import argparse
import atexit
import itertools
import multiprocessing
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from typing import Any, Callable, Optional

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / "data" / "exact-cover"
VENV = ROOT / "target" / "bench-venv"
PEERS = ["xcover", "exact_cover", "exact-cover-py", "miniexact", "exact-cover-samples"]
LIBRARIES = ["sudoku-dlx", "xcover", "exact_cover", "exact-cover-py", "MiniExact"]
# The peers that read only a 0/1 matrix, made before the timing: their
# ratios are taken against ours built from the same matrix.
MATRIX_PEERS = {"exact_cover", "exact-cover-py"}
# Ours from the matrix where the problem came as names (a data file).
OURS_MATRIX = "sudoku-dlx (matrix)"
FIFTY = 50
# The problems `--quick` runs: every sample, and the data files whose count
# takes well under a second.
QUICK_FILES = ["knuth-example", "knuth-colors", "langford-11", "queens-12"]

# --- problems: a small DLX reader, independent of every library ----------

Problem = dict[str, Any]


def read_dlx(path: pathlib.Path) -> Problem:
    """Knuth's DLX1/2/3 text as plain Python data: `u:v|name` and `v|name`
    bound primary items, `|` alone separates primary from secondary, lines
    starting with `|` are comments, `item:color` colors a secondary item."""
    lines = [line.split() for line in path.read_text().splitlines() if line.strip() and not line.startswith("|")]
    primary: list[str] = []
    secondary: list[str] = []
    bounds: dict[str, tuple[int, int]] = {}
    side = primary
    for word in lines[0]:
        if word == "|":
            side = secondary
            continue
        if "|" in word:
            bound, word = word.split("|", 1)
            low, _, high = bound.partition(":")
            bounds[word] = (int(low), int(high)) if high else (int(low), int(low))
        side.append(word)
    return {
        "name": path.stem,
        "source": "data/exact-cover",
        "primary": primary,
        "secondary": secondary,
        "bounds": bounds,
        "options": lines[1:],
        "form": "names",
        "expected": None,
    }


def from_samples(name: str, sample: dict[str, Any]) -> Problem:
    """A problem of exact-cover-samples: a 0/1 matrix, every column primary."""
    import numpy as np

    matrix = np.asarray(sample["data"]) != 0
    columns = [f"c{j}" for j in range(matrix.shape[1])]
    options = [[columns[j] for j in np.flatnonzero(row)] for row in matrix]
    return {
        "name": name,
        "source": "exact-cover-samples",
        "primary": columns,
        "secondary": [],
        "bounds": {},
        "options": options,
        "matrix": matrix,
        "form": "matrix",
        "expected": len(sample["solutions"]),
    }


def colored(problem: Problem) -> bool:
    return any(":" in item for option in problem["options"] for item in option)


def kind(problem: Problem) -> str:
    if problem["bounds"]:
        return "MCC"
    if colored(problem):
        return "XCC"
    return "X, secondary" if problem["secondary"] else "X"


def matrix_of(problem: Problem) -> Any:
    """The 0/1 matrix of a problem without secondary items (None otherwise)."""
    import numpy as np

    if problem.get("matrix") is not None or problem["secondary"] or problem["bounds"]:
        return problem.get("matrix")
    column = {item: j for j, item in enumerate(problem["primary"])}
    matrix = np.zeros((len(problem["options"]), len(column)), dtype=bool)
    for i, option in enumerate(problem["options"]):
        matrix[i, [column[item] for item in option]] = True
    return matrix


def check(problem: Problem, solution: list[int]) -> None:
    """Raises unless `solution` (option numbers from 0) is an exact cover:
    every primary item covered within its bounds (once by default), every
    secondary item at most once, or only by options that give it one color."""
    covered: dict[str, int] = {}
    colors: dict[str, Optional[str]] = {}
    assert len(set(solution)) == len(solution), f"an option twice in {solution}"
    for index in solution:
        for word in problem["options"][index]:
            item, _, color = word.partition(":")
            if item in covered and (not color or colors[item] != color):
                if item not in problem["bounds"]:
                    raise AssertionError(f"{problem['name']}: {item} covered twice in {solution}")
            covered[item] = covered.get(item, 0) + 1
            colors[item] = color or None
    for item in problem["primary"]:
        low, high = problem["bounds"].get(item, (1, 1))
        assert low <= covered.get(item, 0) <= high, f"{problem['name']}: {item} covered {covered.get(item, 0)} times"


# --- the libraries, each behind the same three calls ---------------------


class Library:
    """One library: `cannot` says why it cannot read a problem (None if it
    can); `first`, `fifty` and `count` build the problem from the prepared
    data and solve it. Solutions are lists of option numbers from 0."""

    name = ""

    def cannot(self, problem: Problem) -> Optional[str]:
        return None

    def first(self, problem: Problem, jobs: int = 1) -> Optional[list[int]]:
        raise NotImplementedError

    def fifty(self, problem: Problem) -> list[list[int]]:
        raise NotImplementedError

    def count(self, problem: Problem, jobs: int = 1) -> int:
        raise NotImplementedError


class Ours(Library):
    name = "sudoku-dlx"

    def __init__(self) -> None:
        from sudoku_dlx import cover

        self.cover = cover

    def build(self, problem: Problem) -> Any:
        if problem["form"] == "matrix":
            return self.cover.from_matrix(problem["matrix"])
        return self.cover.Problem(
            problem["options"], problem["primary"], problem["secondary"], bounds=problem["bounds"] or None
        )

    def first(self, problem: Problem, jobs: int = 1) -> Optional[list[int]]:
        # On threads, the race from the tree's two ends (Problem.first).
        solution = self.build(problem).first(jobs=jobs)
        return None if solution is None else list(solution.options)

    def fifty(self, problem: Problem) -> list[list[int]]:
        return [list(s.options) for s in itertools.islice(self.build(problem), FIFTY)]

    def count(self, problem: Problem, jobs: int = 1) -> int:
        return int(self.build(problem).count(jobs=jobs).solutions)


class XCover(Library):
    """xcover: numba's Algorithm C; colors, no multiplicities; a generator."""

    name = "xcover"

    def __init__(self) -> None:
        import xcover

        self.xcover = xcover

    def cannot(self, problem: Problem) -> Optional[str]:
        return "no multiplicities" if problem["bounds"] else None

    def solutions(self, problem: Problem) -> Any:
        if problem["form"] == "matrix":
            return self.xcover.covers_bool(problem["matrix"])
        return self.xcover.covers(
            problem["options"], problem["primary"], problem["secondary"], colored=colored(problem)
        )

    def first(self, problem: Problem, jobs: int = 1) -> Optional[list[int]]:
        solution = next(self.solutions(problem), None)
        return None if solution is None else [int(i) for i in solution]

    def fifty(self, problem: Problem) -> list[list[int]]:
        return [[int(i) for i in s] for s in itertools.islice(self.solutions(problem), FIFTY)]

    def count(self, problem: Problem, jobs: int = 1) -> int:
        return sum(1 for _ in self.solutions(problem))


class ExactCover(Library):
    """exact_cover: a C extension on a dense boolean matrix, every column
    primary; a count, one solution, or a set of up to `max_count`."""

    name = "exact_cover"

    def __init__(self) -> None:
        import exact_cover

        self.ec = exact_cover

    def cannot(self, problem: Problem) -> Optional[str]:
        if problem["bounds"]:
            return "no multiplicities"
        if colored(problem):
            return "no colors"
        return "no secondary items" if problem["secondary"] else None

    def first(self, problem: Problem, jobs: int = 1) -> Optional[list[int]]:
        try:
            return [int(i) for i in self.ec.get_exact_cover(problem["matrix"])]
        except self.ec.error.NoSolution:
            return None

    def fifty(self, problem: Problem) -> list[list[int]]:
        try:
            found = self.ec.get_all_solutions(problem["matrix"], max_count=FIFTY)
        except self.ec.error.NoSolution:
            return []
        return [[int(i) for i in s] for s in found]

    def count(self, problem: Problem, jobs: int = 1) -> int:
        return int(self.ec.get_solution_count(problem["matrix"]))


class ExactCoverPy(Library):
    """exact-cover-py: numba's Algorithm X on a dense matrix, every column
    primary, node numbers in 16 bits; a generator."""

    name = "exact-cover-py"

    def __init__(self) -> None:
        import exact_cover_py

        self.ecp = exact_cover_py

    def cannot(self, problem: Problem) -> Optional[str]:
        reason = ExactCover.cannot(self, problem)  # type: ignore[arg-type]
        if reason:
            return reason
        rows, columns = problem["matrix"].shape
        nodes = 2 + columns + int(problem["matrix"].sum()) + rows
        return f"{nodes:,} nodes (its int16 links hold 32,767)" if nodes > 32767 else None

    def first(self, problem: Problem, jobs: int = 1) -> Optional[list[int]]:
        solution = next(self.ecp.exact_covers(problem["matrix"]), None)
        return None if solution is None else [int(i) for i in solution]

    def fifty(self, problem: Problem) -> list[list[int]]:
        return [[int(i) for i in s] for s in itertools.islice(self.ecp.exact_covers(problem["matrix"]), FIFTY)]

    def count(self, problem: Problem, jobs: int = 1) -> int:
        return sum(1 for _ in self.ecp.exact_covers(problem["matrix"]))


class MiniExact(Library):
    """MiniExact: C (SWIG); Algorithms X, C and M; items and options added
    one call at a time, `solve()` returns 10 for each further solution."""

    name = "MiniExact"

    def __init__(self) -> None:
        import miniexact

        self.me = miniexact

    def build(self, problem: Problem) -> Any:
        if problem["bounds"]:
            solver = self.me.miniexacts_m()
        elif colored(problem):
            solver = self.me.miniexacts_c()
        else:
            solver = self.me.miniexacts_x()
        ids = {}
        for item in problem["primary"]:
            low, high = problem["bounds"].get(item, (1, 1))
            ids[item] = solver.primary(item, low, high)
        for item in problem["secondary"]:
            ids[item] = solver.secondary(item)
        colors: dict[str, int] = {}
        # Option k of MiniExact (numbered from 1) is option rows[k - 1] here:
        # an empty option (a zero row of a matrix) would end its input, and
        # is left out as Knuth's programs and ours leave it.
        self.rows = [i for i, option in enumerate(problem["options"]) if option]
        for option in problem["options"]:
            if not option:
                continue
            if any(":" in word for word in option):
                for word in option:
                    item, _, color = word.partition(":")
                    if color:
                        if color not in colors:
                            colors[color] = solver.color(color)
                        solver.add(ids[item], colors[color])
                    else:
                        solver.add(ids[item])
                solver.add(0)
            else:
                solver.add([ids[item] for item in option])
        return solver

    def chosen(self, solver: Any) -> list[int]:
        return [self.rows[int(i) - 1] for i in solver.selected_options()]

    def first(self, problem: Problem, jobs: int = 1) -> Optional[list[int]]:
        solver = self.build(problem)
        return self.chosen(solver) if solver.solve() == 10 else None

    def fifty(self, problem: Problem) -> list[list[int]]:
        solver = self.build(problem)
        found: list[list[int]] = []
        while len(found) < FIFTY and solver.solve() == 10:
            found.append(self.chosen(solver))
        return found

    def count(self, problem: Problem, jobs: int = 1) -> int:
        solver = self.build(problem)
        count = 0
        while solver.solve() == 10:
            count += 1
        return count


ADAPTERS: dict[str, type[Library]] = {
    "sudoku-dlx": Ours,
    "xcover": XCover,
    "exact_cover": ExactCover,
    "exact-cover-py": ExactCoverPy,
    "MiniExact": MiniExact,
}
WARM_UP: Problem = {
    "name": "warm-up",
    "primary": ["a", "b", "c"],
    "secondary": [],
    "bounds": {},
    "options": [["a", "b"], ["c"], ["a"], ["b", "c"]],
    "form": "names",
}


# --- the worker: one library in a process of its own ---------------------


# A timed run lasts at least this long. Reading the two clocks costs about
# 0.6 µs (`process_time` is a system call), which timing each call of a few
# microseconds alone would add to every library's cell, pulling the ratios
# of the microsecond problems towards 1; so short calls are timed in
# batches, as `timeit` does.
BATCH = 1e-3


def timed(call: Callable[[], Any], n: int) -> tuple[Any, float, float]:
    """The answer of the last of `n` calls of `call`, and their wall and CPU
    seconds together."""
    answer = None
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(n):
        answer = call()
    return answer, time.perf_counter() - wall, time.process_time() - cpu


def measure(call: Callable[[], Any], min_time: float) -> tuple[Any, float, float, int]:
    """The answer of `call`, its median wall and CPU seconds a call over as
    many runs as fill `min_time` (one run if the first takes longer), and
    the number of calls. A run is one call, or a batch of calls lasting at
    least `BATCH` where one call is shorter: its size doubles from 1 until
    a batch lasts that long, and only batches of that size are kept."""
    n = 1
    answer, wall, cpu = timed(call, n)
    while wall < BATCH and wall < min_time and n < 1 << 20:
        n *= 2
        answer, wall, cpu = timed(call, n)
    walls, cpus = [wall / n], [cpu / n]
    while sum(walls) * n < min_time and len(walls) < 2000:
        answer, wall, cpu = timed(call, n)
        walls.append(wall / n)
        cpus.append(cpu / n)
    return answer, statistics.median(walls), statistics.median(cpus), len(walls) * n


def serve(name: str, cache: str, connection: Any) -> None:
    """Imports the library (the numba peers compile into `cache`, empty at
    the first start, so that the compile is real, and read it back after a
    restart), warms it up on a tiny problem, says how long that took, then
    measures what it is sent until told to stop."""
    os.environ["NUMBA_CACHE_DIR"] = cache
    try:
        start = time.perf_counter()
        library = ADAPTERS[name]()
        warm = dict(WARM_UP, matrix=matrix_of(WARM_UP))
        if not library.cannot(warm):
            library.count(warm)
            library.first(warm)
        connection.send(("ready", time.perf_counter() - start))
    except Exception:  # reported in the table, never a crash of the run
        connection.send(("error", traceback.format_exc(limit=2)))
        return
    while True:
        request = connection.recv()
        if request is None:
            return
        task, problem, jobs, min_time = request
        try:
            if task == "first":
                result = measure(lambda: library.first(problem, jobs), min_time)
            elif task == "fifty":
                result = measure(lambda: library.fifty(problem), min_time)
            else:
                result = measure(lambda: library.count(problem, jobs), min_time)
            connection.send(("ok", result))
        except Exception:
            connection.send(("error", traceback.format_exc(limit=3)))


class Worker:
    """The parent's handle on one library's worker: restarted after a timeout."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.process: Any = None
        self.connection: Any = None
        self.startup: Optional[float] = None
        self.broken: Optional[str] = None
        self.cache = tempfile.mkdtemp(prefix="cover-bench-numba-")
        # Removed when the run ends, however it ends: 179 of them had piled
        # up in /tmp on the machine that ran this script most.
        atexit.register(shutil.rmtree, self.cache, True)

    def start(self) -> None:
        context = multiprocessing.get_context("spawn")
        self.connection, child = context.Pipe()
        self.process = context.Process(target=serve, args=(self.name, self.cache, child), daemon=True)
        self.process.start()
        status, value = self.connection.recv()
        if status == "ready":
            self.startup = value if self.startup is None else self.startup
        else:
            self.broken = value.strip().splitlines()[-1]

    def run(self, task: str, problem: Problem, jobs: int, min_time: float, timeout: float) -> tuple[str, Any]:
        if self.process is None:
            self.start()
        if self.broken:
            return "error", self.broken
        self.connection.send((task, problem, jobs, min_time))
        if not self.connection.poll(timeout):
            self.stop(kill=True)
            return "timeout", timeout
        received: tuple[str, Any] = self.connection.recv()
        return received

    def stop(self, kill: bool = False) -> None:
        if self.process is None:
            return
        if kill:
            self.process.kill()
        else:
            self.connection.send(None)
        self.process.join()
        self.process = None


# --- the side-by-side run -------------------------------------------------


def load_problems(quick: bool, only: Optional[list[str]]) -> list[Problem]:
    import exact_cover_samples

    problems = [from_samples(n, exact_cover_samples.problems[n]()) for n in sorted(exact_cover_samples.problems)]
    files = sorted(DATA.glob("*.dlx"))
    problems += [read_dlx(path) for path in files if not quick or path.stem in QUICK_FILES]
    if only:
        problems = [p for p in problems if p["name"] in only]
    for problem in problems:
        if problem.get("matrix") is None:
            problem["matrix"] = matrix_of(problem)
    return problems


def seconds(value: float) -> str:
    if value >= 100:
        return f"{value:.0f} s"
    if value >= 1:
        return f"{value:.2f} s"
    if value >= 1e-3:
        return f"{value * 1e3:.3g} ms"
    return f"{value * 1e6:.3g} µs"


TASKS = [("first", "first solution"), ("fifty", f"first {FIFTY}"), ("count", "count all")]


def side_by_side(args: argparse.Namespace) -> list[str]:
    problems = load_problems(args.quick, args.problems)
    cores = os.cpu_count() or 1
    workers = {name: Worker(name) for name in args.libraries}
    tasks = [(t, title) for t, title in TASKS if t in args.tasks]
    # results[task][problem][column] = ("ok", answer, wall, cpu, runs) or (reason,)
    results: dict[str, dict[str, dict[str, tuple[Any, ...]]]] = {t: {} for t, _ in tasks}
    adapters = {name: ADAPTERS[name].__new__(ADAPTERS[name]) for name in args.libraries}
    for problem in problems:
        for task, _ in tasks:
            row = results[task].setdefault(problem["name"], {})
            columns = [(name, 1) for name in args.libraries]
            if task in ("count", "first") and "sudoku-dlx" in args.libraries:
                columns.insert(1, ("sudoku-dlx*", cores))
            if as_matrix(problem) is not None and MATRIX_PEERS & set(args.libraries):
                columns.insert(1, (OURS_MATRIX, 1))
            for column, jobs in columns:
                name = library_of(column)
                reason = adapters[name].cannot(problem)
                if reason:
                    row[column] = ("cannot", reason)
                    continue
                given = as_matrix(problem) if column == OURS_MATRIX else problem
                assert given is not None, "a matrix column only where the problem has one"
                status, value = workers[name].run(task, given, jobs, args.min_time, args.timeout)
                if status == "ok":
                    answer, wall, cpu, runs = value
                    row[column] = ("ok", answer, wall, cpu, runs)
                elif status == "timeout":
                    row[column] = ("timeout", value)
                else:
                    row[column] = ("error", value.strip().splitlines()[-1])
            verify(problem, task, row)
            print(f"  {problem['name']}: {task} done", file=sys.stderr, flush=True)
    startups = {name: w.startup for name, w in workers.items()}
    for worker in workers.values():
        worker.stop()
    return report(problems, tasks, results, startups, cores, args)


def library_of(column: str) -> str:
    """The library a column of the table times."""
    return "sudoku-dlx" if column == OURS_MATRIX else column.rstrip("*")


def as_matrix(problem: Problem) -> Optional[Problem]:
    """A data file's problem as its 0/1 matrix (the one the matrix peers
    read), for ours to build from; None for a problem that came as a
    matrix or has none (secondary items, multiplicities)."""
    if problem["form"] != "names" or problem.get("matrix") is None:
        return None
    return dict(problem, form="matrix")


def verify(problem: Problem, task: str, row: dict[str, tuple[Any, ...]]) -> None:
    """Every answer checked: solutions are exact covers, counts agree with
    ours and with the package's own count. A peer's wrong answer is marked
    in its cell ("wrong: ..."); ours must be right, or the run stops."""
    answers = {column: entry[1] for column, entry in row.items() if entry[0] == "ok"}
    for column, answer in answers.items():
        try:
            solutions = [answer] if task == "first" and answer is not None else answer if task == "fifty" else []
            assert len({tuple(sorted(s)) for s in solutions}) == len(solutions), "a solution twice"
            for solution in solutions:
                check(problem, solution)
            ours = answers.get("sudoku-dlx")
            if task == "count":
                expected = problem["expected"] if problem["expected"] is not None else ours
                assert expected is None or answer == expected, f"counts {answer:,}, not {expected:,}"
            elif "sudoku-dlx" not in answers:
                pass  # ours outran the limit: nothing to compare with
            elif task == "first":
                assert (answer is None) == (ours is None), "says " + ("none" if answer is None else "one")
            else:
                assert ours is not None and len(answer) == len(ours), (
                    f"{len(answer)} solutions, not {len(ours) if ours is not None else 'none'}"
                )
        except AssertionError as error:
            if column.startswith("sudoku-dlx"):
                raise AssertionError(f"{problem['name']} {task}: ours: {error}") from None
            row[column] = ("wrong", str(error))


def report(
    problems: list[Problem],
    tasks: list[tuple[str, str]],
    results: dict[str, dict[str, dict[str, tuple[Any, ...]]]],
    startups: dict[str, Optional[float]],
    cores: int,
    args: argparse.Namespace,
) -> list[str]:
    """Markdown tables: per task, CPU seconds of a call (wall for ours on
    every core), and each peer's time over ours; then the targets."""
    lines: list[str] = []
    peers = [name for name in args.libraries if name != "sudoku-dlx"]
    misses: dict[str, list[str]] = {"first": [], "first*": [], "fifty": [], "count": [], "count*": []}
    for task, title in tasks:
        matrix_column = any(OURS_MATRIX in results[task][p["name"]] for p in problems)
        columns = (
            ["sudoku-dlx"]
            + ([OURS_MATRIX] if matrix_column else [])
            + (["sudoku-dlx*"] if task in ("count", "first") else [])
            + peers
        )
        heads = [f"sudoku-dlx ({cores} threads, wall)" if c == "sudoku-dlx*" else c for c in columns]
        if task == "first" and "xcover" in peers:
            heads.append("xcover + compile")
        lines += ["", f"#### {title}", ""]
        lines.append("| problem | kind | solutions | " + " | ".join(heads) + " | closest peer / ours |")
        lines.append("|---|---|---:|" + "---:|" * (len(heads) + 1))
        for problem in problems:
            row = results[task][problem["name"]]
            count_entry = results.get("count", {}).get(problem["name"], {}).get("sudoku-dlx", ())
            count = count_entry[1] if count_entry and count_entry[0] == "ok" else problem["expected"]
            ours = time_of(row.get("sudoku-dlx"), wall=False)
            ours_matrix = time_of(row.get(OURS_MATRIX), wall=False)

            def ours_for(peer: str) -> Optional[float]:
                """Ours in the form `peer` reads: the same matrix, or names."""
                return ours_matrix if peer in MATRIX_PEERS and ours_matrix is not None else ours

            cells = []
            for column in columns:
                entry = row.get(column)
                value = time_of(entry, wall=column == "sudoku-dlx*")
                mine = ours_for(column)
                if value is None:
                    cells.append(why(entry))
                elif column == "sudoku-dlx*":
                    cells.append(f"{seconds(value)} (CPU {seconds(time_of(entry, wall=False) or 0)})")
                elif column.startswith("sudoku-dlx") or mine is None:
                    cells.append(seconds(value))
                else:
                    cells.append(f"{seconds(value)} ({value / mine:.2f}x)")
            if task == "first" and "xcover" in peers:
                value = time_of(row.get("xcover"), wall=False)
                compile_seconds = startups.get("xcover")
                cells.append("" if value is None or compile_seconds is None else seconds(value + compile_seconds))
            peer_times = [(time_of(row.get(p), wall=False), p) for p in peers]
            timed = [(t, p) for t, p in peer_times if t is not None]
            outrun = [p for p in peers if row.get(p, ("",))[0] == "timeout"]
            verdict = ""
            if ours is not None and timed:
                # Each peer against ours in the form it reads; the verdict
                # is the peer that comes closest.
                ratio, best_name = min((t / (ours_for(p) or ours), p) for t, p in timed)
                best = min(timed)[0]
                verdict = f"{ratio:.2f}x ({best_name})"
                need = 1.5 if task == "count" else 1.0
                if ratio < need:
                    misses[task].append(f"{problem['name']} ({ratio:.2f}x, {best_name})")
                if task == "count":
                    everyone = time_of(row.get("sudoku-dlx*"), wall=True)
                    cpu = time_of(row.get("sudoku-dlx*"), wall=False)
                    if everyone is not None and cpu is not None:
                        # On a loaded machine the threads do not get every
                        # core, and the wall time says little: the CPU time
                        # spread over the cores is what an idle machine's
                        # wall time would be, if the threads share the work
                        # evenly.
                        idle = cpu / cores
                        verdict += f"; {best / everyone:.2f}x on {cores} threads ({best / idle:.2f}x CPU/{cores})"
                        if best / everyone < 3:
                            misses["count*"].append(f"{problem['name']} ({best / everyone:.2f}x; {best / idle:.2f}x CPU/{cores})")
                if task == "first":
                    everyone = time_of(row.get("sudoku-dlx*"), wall=True)
                    # The race is timed from the problem's own form; the
                    # matrix peers, who read a matrix made before the
                    # timing, are held to ours from that matrix in the
                    # one-thread verdict only.
                    same_form = [t for t, p in timed if not (p in MATRIX_PEERS and ours_matrix is not None)]
                    if everyone is not None and same_form:
                        # The race's wall time: a peer on one thread against
                        # ours on every core, as for the count.
                        closest = min(same_form)
                        verdict += f"; {closest / everyone:.2f}x on {cores} threads"
                        if closest / everyone < 1:
                            misses["first*"].append(f"{problem['name']} ({closest / everyone:.2f}x)")
            elif outrun:
                verdict = "every peer that reads it outran the limit"
            shown = f"{count:,}" if isinstance(count, int) else "?"
            lines.append(f"| {problem['name']} | {kind(problem)} | {shown} | " + " | ".join(cells) + f" | {verdict} |")
    lines += ["", "Start-up of each worker (import, and the numba peers' compile into an empty cache, and a tiny warm-up):"]
    lines += [f"- {name}: {'failed' if t is None else seconds(t)}" for name, t in startups.items()]
    lines += ["", "Targets (a peer that outran the limit counts as slower):"]
    goals = [
        ("count", "count all at least 1.5x faster than the fastest peer, one thread"),
        ("count*", f"count all at least 3x faster, every core ({cores}; wall time, and CPU time / {cores})"),
        ("first", "first solution faster than every peer, one thread"),
        ("first*", f"first solution faster than every peer, every core ({cores}; wall time)"),
        ("fifty", f"first {FIFTY} faster than every peer"),
    ]
    for key, goal in goals:
        if key.rstrip("*") not in results:
            continue
        held = "held on every problem" if not misses[key] else "missed on " + ", ".join(misses[key])
        lines.append(f"- {goal}: {held}")
    return lines


def time_of(entry: Optional[tuple[Any, ...]], wall: bool) -> Optional[float]:
    if not entry or entry[0] != "ok":
        return None
    return float(entry[2] if wall else entry[3])


def why(entry: Optional[tuple[Any, ...]]) -> str:
    if entry is None:
        return ""
    if entry[0] == "cannot":
        return f"n/a: {entry[1]}"
    if entry[0] == "timeout":
        return f"> {entry[1]:.0f} s"
    if entry[0] == "wrong":
        return f"wrong: {entry[1]}"
    return f"error: {entry[1]}"


# --- the first call and flat memory, in fresh processes ------------------

FIRST_CALL = """
import time
start, cpu = time.perf_counter(), time.process_time()
from sudoku_dlx import cover
solution = cover.Problem.read({path!r}).first()
elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
assert solution is not None and len(solution) == 12
print(elapsed, cpu)
"""


def first_call(runs: int) -> list[str]:
    """Import, build and first solution of pentominoes 6x10, each in a fresh
    interpreter (its own start-up not counted), median of `runs`."""
    code = FIRST_CALL.format(path=str(DATA / "pentominoes-6x10.dlx"))
    times, cpus = [], []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
        wall, cpu = done.stdout.split()
        times.append(float(wall))
        cpus.append(float(cpu))
    median, median_cpu = statistics.median(times), statistics.median(cpus)
    return [
        "",
        f"First call (import, read pentominoes-6x10.dlx, first solution), {runs} fresh processes: "
        f"median {seconds(median)} wall (fastest {seconds(min(times))}, slowest {seconds(max(times))}), "
        f"median {seconds(median_cpu)} CPU; the 50 ms target "
        f"{'held' if median < 0.05 else 'missed'} in wall time, {'held' if median_cpu < 0.05 else 'missed'} in CPU time.",
    ]


MEMORY = """
import itertools, resource
from sudoku_dlx import cover
def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize() / 2**20
problem = cover.Problem.read({path!r})
marks = {{}}
for n, solution in enumerate(itertools.islice(problem, {count}), 1):
    if n in (1, 1_000, 10_000, 100_000, {count}):
        marks[n] = rss()
# VmHWM, not ru_maxrss: the latter keeps the parent's peak across exec.
with open("/proc/self/status") as f:
    peak = next(int(line.split()[1]) for line in f if line.startswith("VmHWM")) / 1024
print(n, peak, marks)
"""


def memory(count: int) -> list[str]:
    """Peak RSS while iterating `count` solutions of matrices-7-2 (3,110,940
    solutions) in Python, with the RSS seen on the way."""
    path = DATA / "matrices-7-2.dlx"
    start = time.perf_counter()
    code = MEMORY.format(path=str(path), count=count)
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    seen, peak, marks = done.stdout.split(" ", 2)
    assert int(seen) == count, f"{seen} solutions, not {count}"
    marks_text = ", ".join(f"{int(n):,}: {mb:.1f} MB" for n, mb in eval(marks).items())
    return [
        "",
        f"Memory: {count:,} solutions of {path.name} iterated in Python in {elapsed:.1f} s wall; "
        f"peak RSS {float(peak):.1f} MB; RSS after solution {marks_text}.",
    ]


# --- setup and main -------------------------------------------------------


def install(venv: pathlib.Path) -> None:
    """A fresh venv with maturin, our wheel (release profile) and the peers."""
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet"]
    subprocess.run(pip + ["--upgrade", "pip"], check=True)
    subprocess.run(pip + ["maturin>=1.8,<2"], check=True)
    wheels = ROOT / "target" / "bench-wheels"
    for old in wheels.glob("sudoku_dlx-*.whl"):
        old.unlink()
    subprocess.run(
        [str(venv / "bin" / "maturin"), "build", "--release", "-m", str(ROOT / "crates" / "python" / "Cargo.toml"),
         "--out", str(wheels)],
        check=True,
    )
    wheel = next(wheels.glob("sudoku_dlx-*.whl"))
    # Each peer on its own, so that one that cannot be installed is reported
    # by the run ("not installed") rather than stopping the others.
    subprocess.run(pip + [str(wheel)], check=True)
    for peer in PEERS:
        if subprocess.run(pip + [peer]).returncode != 0:
            print(f"{peer}: could not be installed; the run reports it", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--install", action="store_true", help="set up target/bench-venv (or --venv), then run there")
    parser.add_argument("--venv", type=pathlib.Path, default=VENV, help="the virtual environment of --install")
    parser.add_argument("--quick", action="store_true", help="the samples and small data files, short limits")
    parser.add_argument("--problems", nargs="*", help="only these problems (sample names or file stems)")
    parser.add_argument("--libraries", nargs="*", default=LIBRARIES, choices=LIBRARIES)
    parser.add_argument("--timeout", type=float, default=None, help="seconds a call may take (default 120; quick 10)")
    parser.add_argument("--min-time", type=float, default=None, help="repeat a call until this many seconds")
    parser.add_argument("--first-call-runs", type=int, default=9)
    parser.add_argument("--memory-solutions", type=int, default=1_000_000)
    parser.add_argument("--tasks", nargs="*", default=[t for t, _ in TASKS], choices=[t for t, _ in TASKS])
    parser.add_argument("--skip", nargs="*", default=[], choices=["table", "first-call", "memory"])
    args = parser.parse_args()
    if args.install:
        install(args.venv)
        argv = [a for a in sys.argv[1:] if a != "--install"]
        os.execv(str(args.venv / "bin" / "python"), [str(args.venv / "bin" / "python"), __file__] + argv)
    args.timeout = args.timeout or (10.0 if args.quick else 120.0)
    args.min_time = args.min_time if args.min_time is not None else (0.05 if args.quick else 0.3)
    if "sudoku-dlx" not in args.libraries:
        args.libraries.insert(0, "sudoku-dlx")
    lines = [f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start"]
    if "table" not in args.skip:
        lines += side_by_side(args)
    if "first-call" not in args.skip:
        lines += first_call(3 if args.quick else args.first_call_runs)
    if "memory" not in args.skip:
        lines += memory(100_000 if args.quick else args.memory_solutions)
    lines.append(f"load average {os.getloadavg()[0]:.1f} at the end")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
