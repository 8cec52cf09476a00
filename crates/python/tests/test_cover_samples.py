"""Our solutions against the canonical answers of the exact-cover-samples
package (PyPI; an optional test extra, `[samples]`): every problem it
ships, read from its numpy matrix. Its data is licensed CC-BY-NC: it is
read from the installed package at test time and never copied here."""

from __future__ import annotations

from typing import Any

import pytest

from sudoku_dlx import cover

samples = pytest.importorskip("exact_cover_samples")
NAMES = sorted(samples.problems)


def test_the_package_ships_problems() -> None:
    assert len(NAMES) >= 20


@pytest.mark.parametrize("name", NAMES)
def test_solutions_are_the_canonical_ones(name: str) -> None:
    sample: dict[str, Any] = samples.problems[name]()
    problem = cover.from_matrix(sample["data"])
    ours = [s.options for s in problem]
    assert samples.canonical(ours) == samples.canonical(sample["solutions"])
    assert len(ours) == len(sample["solutions"])
    assert problem.count(jobs=2).solutions == len(ours)
