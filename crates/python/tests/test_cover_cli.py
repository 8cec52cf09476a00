"""Our answers against the command line's (`sudoku-dlx cover`) on every
file of data/exact-cover, each solution also checked by the checker of
conftest.py, which reads Knuth's text on its own."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from conftest import EXACT_COVER, KnuthText, run_cli
from sudoku_dlx import cover

FILES = sorted(EXACT_COVER.glob("*.dlx"))


def test_every_file_is_here() -> None:
    assert len(FILES) >= 11


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_count_matches_cli(path: Path) -> None:
    expected = int(run_cli("cover", "--count", "-q", str(path)).strip())
    problem = cover.Problem.read(path)
    count = problem.count()
    assert count.exact
    assert count.solutions == expected


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_first_solutions_match_cli_and_checker(path: Path) -> None:
    limit = 20
    listed = run_cli("cover", "-q", "-j", "1", "--deterministic", "--limit", str(limit), str(path))
    cli_solutions = [block.splitlines() for block in listed.split("\n\n") if block.strip()]
    problem = cover.Problem.read(path)
    checker = KnuthText(path.read_text())
    ours = list(itertools.islice(problem.solutions(), limit))
    assert [str(s).splitlines() for s in ours] == cli_solutions
    for solution in ours:
        assert checker.is_solution(solution.options)
        # The engine's text of each option is the file's option line, parsed alike.
        for option, items in zip(solution.options, solution.items):
            assert [name for name, _ in checker.options[option]] == items
