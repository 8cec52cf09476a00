"""Exact cover and Sudoku on a Rust engine (Knuth's Algorithms X, C and M).

`sudoku_dlx.cover` holds the exact-cover engine, `sudoku_dlx.sudoku` the
Sudoku toolkit; the common Sudoku one-liners are re-exported here.
"""

from . import cover, sudoku
from ._native import ParseError, __version__
from .sudoku import *  # noqa: F401,F403  (the Sudoku one-liners)
from .sudoku import __all__ as _sudoku_all

__all__ = ["ParseError", "__version__", "cover", "sudoku", *_sudoku_all]
