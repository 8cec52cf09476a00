"""What a call costs, as far as a test can see it without a clock: a call
that runs on the calling thread (a count or a job on one thread, in pieces;
a count on more that ends within its first look; an estimate; the human side
of a small grid) starts no thread (the calling thread never blocks, waiting
for one), a count on threads or a 9x9's human steps still run watched, and
budgets read the same on either side of the look; and `from sudoku_dlx
import cover` imports neither the Sudoku half nor `typing`."""

from __future__ import annotations

import resource
import subprocess
import sys
import textwrap
from typing import Callable

import pytest

import sudoku_dlx
from sudoku_dlx import cover
from conftest import EXACT_COVER, cli_path
from test_cover import langford, queens

# The look's nodes (cover.rs, FIRST_LOOK): budgets on both sides of it.
LOOK = 1 << 13
PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
# An easy unique 9x9 (singles only).
EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def blocked(call: Callable[[], object], times: int) -> int:
    """How often the calling thread waited (voluntary context switches,
    this thread only) while making `call` `times` times. Waiting for a
    search thread is one such wait at least; a search on this thread,
    the GIL released and taken back uncontended, is none."""
    if not hasattr(resource, "RUSAGE_THREAD"):
        pytest.skip("RUSAGE_THREAD is Linux's")
    before = resource.getrusage(resource.RUSAGE_THREAD).ru_nvcsw
    for _ in range(times):
        call()
    return resource.getrusage(resource.RUSAGE_THREAD).ru_nvcsw - before


def test_short_calls_start_no_thread() -> None:
    three = cover.Problem([["a", "b"], ["a"], ["b"]])
    eight = queens(8)
    # A stray wait (a page of the allocator, the scheduler) is allowed:
    # a thread per call would be 200 at least.
    calls: dict[str, Callable[[], object]] = {
        "count": lambda: three.count(),
        "count jobs=2": lambda: three.count(jobs=2),
        "8 queens count": lambda: eight.count(jobs=1),
        "8 queens budget": lambda: eight.count(budget=100),
        "first": lambda: three.first(),
        "uniqueness": lambda: three.uniqueness(),
        "next": lambda: next(iter(three)),
        "sudoku count": lambda: sudoku_dlx.count(PUZZLE, limit=2),
    }
    for name, call in calls.items():
        assert blocked(call, 200) < 20, name
    # The same measure sees the threads of a long count on two.
    ten = queens(10)
    assert blocked(lambda: ten.count(jobs=2), 20) >= 20


def test_estimates_jobs_progress_and_small_human_steps_start_no_thread() -> None:
    """The calls that started a thread each time until the estimate ran on
    the calling thread, a path at a time, a job and a count with a
    progress callback got the first look, and the human side of a small
    grid (4x4) ran on the calling thread. Seen failing on the wheel before:
    every one of them blocked 200 times or more in 200 calls."""
    eight = queens(8)
    jobs = eight.split(2)
    seen: list[cover.ProgressInfo] = []
    small = sudoku_dlx.Puzzle.parse("1.34" "34.2" "21.3" "4.21")
    calls: dict[str, Callable[[], object]] = {
        "estimate": lambda: eight.estimate(),
        "run_job": lambda: eight.run_job(jobs[7]),
        "run_job limit": lambda: eight.run_job(jobs[7], limit=1),
        "count progress": lambda: eight.count(jobs=1, progress=seen.append),
        "count progress jobs=2": lambda: eight.count(jobs=2, progress=seen.append),
        "rate": lambda: small.rate(),
        "explain": lambda: small.explain(),
        "hint": lambda: small.hint(),
        "explain guess": lambda: small.explain(guess=True),
        "hint board": lambda: small.hint("1234" "34.2" "21.3" "4.21"),
    }
    for name, call in calls.items():
        assert blocked(call, 200) < 20, name
    # The progress callback heard of each count once, at its end.
    assert len(seen) == 400 and all((info.solutions, info.fraction) == (92, 1.0) for info in seen)
    assert {info.nodes for info in seen} == {eight.count().nodes}
    # A job or a one-thread count past the look runs here too, in pieces
    # (each of these started a thread until they did).
    ten = queens(10)
    whole = ten.split(0)[0]
    assert blocked(lambda: ten.run_job(whole), 20) < 20
    assert blocked(lambda: ten.count(jobs=1, progress=seen.append), 20) < 20
    # The human side of a 9x9 still runs watched.
    nine = sudoku_dlx.Puzzle.parse(EASY)
    assert blocked(lambda: nine.rate(), 20) >= 20
    assert eight._links_intact() and ten._links_intact()


def lopsided_langford() -> cover.Problem:
    """Langford pairs of 9 (no pairing, 11,189 nodes) below a first item
    `r` of four options: `["r"]` third, and three that leave digit 9 no
    place (dead ends at once). Knuth's estimate on 4 paths (seed 0, as the
    count's) misses the third option, so it puts the tree at a few nodes;
    the count's look then spends its nodes in that option's subtree, after
    the two dead ones, and has done over half the tree by the estimate's
    measure when it stops."""
    n = 9
    options = [
        [str(k), f"s{i}", f"s{i + k + 1}"] for k in range(1, n + 1) for i in range(2 * n - k - 1)
    ]
    # Digit 9's pairs start at s0..s7: an option covering them all is a dead end.
    dead = [["r"] + [f"s{i}" for i in range(n - 1)] + ([f"s{2 * n - j}"] if j else []) for j in range(3)]
    return cover.Problem(options + dead[:2] + [["r"]] + dead[2:])


def test_a_count_its_look_has_half_done_goes_on_here() -> None:
    """A count on two threads that its look has not ended, but has done at
    least half of by Knuth's estimate, goes on on the calling thread
    (cover.rs, `half_done`) instead of starting again from the root on
    threads. Seen failing with `half_done` always false: blocked 20 times
    in 20 calls. Its count and nodes are the one-thread count's."""
    problem = lopsided_langford()
    # The look is taken (the estimate within cover.rs's LOOK_ESTIMATE)...
    assert problem.estimate(4, seed=0).nodes <= LOOK / 2
    one = problem.count(jobs=1)
    # ...and does not end the count.
    assert one.nodes > LOOK and one.solutions == 0
    counts: list[cover.Count] = []
    assert blocked(lambda: counts.append(problem.count(jobs=2)), 20) < 20
    assert len(counts) == 20
    assert all((c.solutions, c.nodes, c.end) == (0, one.nodes, "exhausted") for c in counts)
    assert problem._links_intact()


def test_a_job_past_the_look_counts_whole() -> None:
    """A job of more nodes than the look counts whole, in pieces: its
    count and nodes are the whole job's."""
    ten = queens(10)
    result = ten.run_job(ten.split(0)[0])
    assert (result.status, result.solutions, result.nodes) == ("done", 724, ten.count(jobs=1).nodes)
    assert result.nodes > LOOK
    limited = ten.run_job(ten.split(0)[0], limit=700)
    assert (limited.status, limited.solutions) == ("limit", 700)


def cli_count(path: str, *options: str) -> tuple[int, int]:
    """The CLI's one-thread count by the search (`Dlx::count`) of `path`:
    solutions and nodes, from its --stats line."""
    args = ["cover", "--count", "--stats", "--method", "search", "-j", "1", *options, path]
    done = subprocess.run([cli_path(), *args], capture_output=True, text=True, check=False)
    assert done.returncode in (0, 1), done.stderr
    words = next(line for line in done.stderr.splitlines() if line.startswith("Altogether")).split()
    return int(words[1]), int(words[3])


@pytest.mark.parametrize(
    ("name", "budget"),
    [
        ("queens-12.dlx", None),  # 327,813 nodes, on dancing cells
        ("langford-11.dlx", None),  # 440,185 nodes, on the links
        # Algorithm M: a tree of 420,593 nodes, estimated at 762 by the
        # count's 4 paths (and first counted within the look, then again
        # on a thread, until the count ran in pieces).
        ("partridge-6.dlx", 30_000),
    ],
)
def test_a_one_thread_count_runs_here_once_past_the_look(name: str, budget: int | None) -> None:
    """A count on one thread runs on the calling thread, in pieces, however
    large: no thread started (seen failing on the wheel before, which
    blocked 10 to 200 times on each of these), each node searched once, its
    count and nodes those of the CLI's `Dlx::count`."""
    problem = cover.Problem.read(EXACT_COVER / name)
    counts: list[cover.Count] = []
    assert blocked(lambda: counts.append(problem.count(jobs=1, budget=budget)), 1) < 3
    (count,) = counts
    options = () if budget is None else ("--max-nodes", str(budget))
    assert (count.solutions, count.nodes) == cli_count(str(EXACT_COVER / name), *options)
    assert count.nodes > LOOK and count.end == ("exhausted" if budget is None else "budget")
    assert problem.stats.nodes == count.nodes
    assert problem._links_intact()


@pytest.mark.parametrize("budget", [LOOK + 1, 20_000, 100_003])
def test_a_budget_on_a_one_thread_count_stops_where_dlx_count_stops(budget: int) -> None:
    """A budget stops a count in pieces where it stops one count (on the
    dancing cells, whose order of options differs from the links'): the
    CLI's partial count and nodes, "budget"."""
    path = EXACT_COVER / "queens-12.dlx"
    problem = cover.Problem.read(path)
    count = problem.count(jobs=1, budget=budget)
    assert count.end == "budget" and not count.exact
    assert (count.solutions, count.nodes) == cli_count(str(path), "--max-nodes", str(budget))
    assert problem._links_intact()


def test_a_long_one_thread_count_reports_as_it_goes() -> None:
    """The progress of a count in pieces: told between pieces, with the
    nodes, solutions and fraction so far rising, and once at the end with
    the whole count's figures; a tqdm-like bar advanced to its nodes."""
    problem = cover.Problem.read(EXACT_COVER / "queens-12.dlx")
    seen: list[cover.ProgressInfo] = []
    count = problem.count(jobs=1, progress=seen.append, interval=0.0)
    assert len(seen) >= 3, seen
    *during, last = seen
    assert all(0 < info.nodes < count.nodes and 0.0 < info.fraction < 1.0 for info in during)
    for before, after in zip(seen, seen[1:]):
        assert before.nodes < after.nodes and before.solutions <= after.solutions
    assert (last.nodes, last.solutions, last.fraction) == (count.nodes, 14200, 1.0)

    class Bar:
        n = 0
        updates = 0

        def update(self, n: int) -> None:
            self.n += n
            self.updates += 1

    bar = Bar()
    assert problem.count(jobs=1, progress=bar, interval=0.0).nodes == bar.n == count.nodes
    assert bar.updates >= 3


@pytest.mark.parametrize("jobs", [1, 2])
def test_budgets_on_both_sides_of_the_first_look(jobs: int) -> None:
    problem = queens(10)  # 16,448 nodes: more than the look
    for budget in (LOOK - 1, LOOK, LOOK + 1, 10_000):
        count = problem.count(budget=budget, jobs=jobs)
        assert count.end == "budget" and count.solutions < 724
    assert problem.count(jobs=1, budget=LOOK + 1).nodes == LOOK + 1
    whole = problem.count(budget=20_000, jobs=jobs)
    assert (whole.solutions, whole.end) == (724, "exhausted")
    assert problem.count(limit=700, jobs=jobs).end == "limit"
    assert problem._links_intact()


def test_cover_alone_imports_no_sudoku_and_no_typing() -> None:
    code = textwrap.dedent(
        """
        import sys
        before = set(sys.modules)
        from sudoku_dlx import cover
        assert cover.Problem([["a"]]).first() is not None
        print(" ".join(sorted(set(sys.modules) - before)))
        """
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    modules = loaded.stdout.split()
    assert "sudoku_dlx.cover" in modules and "sudoku_dlx._native" in modules
    assert not {"sudoku_dlx.sudoku", "typing", "dataclasses"} & set(modules)


def test_from_matrix_without_numpy_loads_no_numpy() -> None:
    # from_matrix is one native call, which takes numpy.ndarray from
    # sys.modules once numpy is there and never imports it: with numpy
    # loaded later, the native path is taken (no Python frame of
    # cover.py's in between); with numpy barred, a list of rows gets
    # Python's ImportError, not a panic from numpy's C API.
    code = textwrap.dedent(
        """
        import sys
        sys.modules["numpy"] = None
        from sudoku_dlx import cover
        try:
            cover.from_matrix([[1, 0], [0, 1]])
        except ImportError as error:
            print("ImportError", "numpy" in str(error))
        del sys.modules["numpy"]
        assert cover.from_matrix([[1, 0], [0, 1]]).count().solutions == 1
        import numpy as np
        m = np.eye(3, dtype=bool)
        def trace(frame, event, arg):
            name = frame.f_code.co_name
            if event == "call" and frame.f_code.co_filename.endswith("cover.py") and name[0] != "<":
                print("python", name)
        sys.setprofile(trace)
        problem = cover.from_matrix(m)
        cover.from_matrix(m, primary=2)
        cover.from_matrix(m, 3)
        sys.setprofile(None)
        print("native", problem.count().solutions, type(problem).__name__)
        sys.setprofile(trace)
        cover.from_matrix(m, names="abc")
        cover.from_matrix(m.astype(int))
        cover.from_matrix(m, primary=True)
        sys.setprofile(None)
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[:-1] == [
        "ImportError True",
        "native 1 Problem",
        "python _from_matrix_any",
        "python _from_matrix_any",
        "python _is_scipy_sparse",
        "python _numpy",
        "python _from_matrix_any",
        "python _is_scipy_sparse",
        "python _numpy",
    ], done.stdout


def test_the_sudoku_half_comes_when_asked() -> None:
    code = textwrap.dedent(
        """
        import sys
        import sudoku_dlx
        assert "sudoku_dlx.sudoku" not in sys.modules
        print(sudoku_dlx.solve("1.34" "34.2" "21.3" "4.21"))
        assert "sudoku_dlx.sudoku" in sys.modules
        from sudoku_dlx import *
        print(Puzzle.__module__, sudoku.__name__)
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["1234341221434321", "sudoku_dlx.sudoku", "sudoku_dlx.sudoku"]
    from sudoku_dlx import sudoku

    assert sudoku_dlx._SUDOKU == tuple(sudoku.__all__)
    assert sudoku_dlx.__all__ == ["ParseError", "__version__", "cover", "sudoku", *sudoku.__all__]
    for name in sudoku_dlx.__all__:
        assert getattr(sudoku_dlx, name) is not None
    assert set(sudoku_dlx.__all__) <= set(dir(sudoku_dlx))
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        sudoku_dlx.nothing  # noqa: B018
