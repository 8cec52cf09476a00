"""Exact cover and Sudoku on a Rust engine (Knuth's Algorithms X, C and M)."""

from ._native import ParseError, __version__

__all__ = ["ParseError", "__version__"]
