"""What a call costs, as far as a test can see it without a clock: a call
that ends within its first look on the calling thread starts no thread
(the calling thread never blocks, waiting for one), a longer one still
runs watched, and budgets read the same on either side of the look; and
`from sudoku_dlx import cover` imports neither the Sudoku half nor
`typing`."""

from __future__ import annotations

import resource
import subprocess
import sys
import textwrap
from typing import Callable

import pytest

import sudoku_dlx
from sudoku_dlx import cover
from test_cover import queens

# The look's nodes (cover.rs, FIRST_LOOK): budgets on both sides of it.
LOOK = 1 << 13
PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


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
    # The same measure sees the watched thread of a long count.
    ten = queens(10)
    assert blocked(lambda: ten.count(jobs=1), 20) >= 20


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
