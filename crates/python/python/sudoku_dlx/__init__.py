"""Exact cover and Sudoku on a Rust engine (Knuth's Algorithms X, C and M).

`sudoku_dlx.cover` holds the exact-cover engine, `sudoku_dlx.sudoku` the
Sudoku toolkit; the common Sudoku one-liners are re-exported here.

The Sudoku half is imported when first used (PEP 562 `__getattr__`): a
program that only covers does not pay for it (docs/python.md, "What a call
costs").
"""

from __future__ import annotations

from . import cover
from ._native import ParseError, __version__

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from . import sudoku
    from .sudoku import *  # noqa: F401,F403  (the Sudoku one-liners)

# sudoku.__all__, named here so that the Sudoku half is not imported to
# list them (a test checks that the two agree).
_SUDOKU = (
    "solve",
    "count",
    "is_unique",
    "Puzzle",
    "Grid",
    "generate",
    "read_puzzles",
    "dedupe",
    "BudgetExhausted",
    "NotUniqueError",
)

__all__ = ["ParseError", "__version__", "cover", "sudoku", *_SUDOKU]


def __getattr__(name: str) -> Any:
    """`sudoku` and its one-liners, importing the Sudoku half on first use."""
    if name == "sudoku" or name in _SUDOKU:
        # Not `from . import sudoku`: that asks this module for `sudoku`
        # first, which comes back here.
        from importlib import import_module

        sudoku = import_module(".sudoku", __name__)
        value = sudoku if name == "sudoku" else getattr(sudoku, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
