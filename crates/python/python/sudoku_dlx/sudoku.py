"""Sudoku of every shape and variant on the exact-cover engine."""

from __future__ import annotations

__all__: list[str] = []
