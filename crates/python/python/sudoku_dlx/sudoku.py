from __future__ import annotations

"""Sudoku of every shape and variant on the exact-cover engine."""

__all__: list[str] = []
