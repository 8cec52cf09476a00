"""Shared helpers of the Python package's tests: where the repository's data
and the command-line tool are, and an exact-cover checker of our own."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections import Counter
from pathlib import Path
from typing import Sequence

import pytest

REPO = Path(__file__).resolve().parents[3]
EXACT_COVER = REPO / "data" / "exact-cover"


def cli_path() -> str:
    """The `sudoku-dlx` binary the answers are checked against:
    $SUDOKU_DLX_BIN, else a build in target/, else one on PATH. Missing is a
    failure, not a skip: the cross-check must run."""
    env = os.environ.get("SUDOKU_DLX_BIN")
    if env:
        return env
    for profile in ("ci", "release", "debug"):
        candidate = REPO / "target" / profile / "sudoku-dlx"
        if candidate.exists():
            return str(candidate)
    found = shutil.which("sudoku-dlx")
    if found is None:
        pytest.fail("no sudoku-dlx binary: build it (cargo build --release) or set SUDOKU_DLX_BIN")
    return found


def run_cli(*args: str) -> str:
    result = subprocess.run(
        [cli_path(), *args], capture_output=True, text=True, check=False
    )
    if result.returncode not in (0, 1):
        raise AssertionError(f"sudoku-dlx {' '.join(args)}: {result.stderr}")
    return result.stdout


class KnuthText:
    """A problem in Knuth's text, read here independently of the engine:
    items with their bounds, options as (item, color) pairs."""

    def __init__(self, text: str) -> None:
        lines = [
            line.strip()
            for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith("|")
        ]
        self.bounds: dict[str, tuple[int, int]] = {}
        self.secondary: set[str] = set()
        secondary = False
        for token in lines[0].split():
            if token == "|":
                secondary = True
            elif secondary:
                self.secondary.add(token)
            elif "|" in token:
                spec, name = token.split("|")
                low, _, high = spec.partition(":")
                self.bounds[name] = (int(low), int(high)) if high else (int(low), int(low))
            else:
                self.bounds[token] = (1, 1)
        self.options: list[list[tuple[str, str | None]]] = []
        for line in lines[1:]:
            entries = []
            for token in line.split():
                name, _, color = token.partition(":")
                entries.append((name, color or None))
            self.options.append(entries)

    def is_solution(self, chosen: Sequence[int]) -> bool:
        """Every primary item within its bounds, every secondary item at
        most once or always with one color."""
        if len(set(chosen)) != len(chosen):
            return False
        covered: Counter[str] = Counter()
        colors: dict[str, set[str | None]] = {}
        for index in chosen:
            for name, color in self.options[index]:
                covered[name] += 1
                colors.setdefault(name, set()).add(color)
        for name, (low, high) in self.bounds.items():
            if not low <= covered[name] <= high:
                return False
        for name in self.secondary:
            seen = colors.get(name, set())
            if None in seen and covered[name] > 1:
                return False
            if len(seen) > 1:
                return False
        return True
