"""Exact cover: Knuth's Algorithms X, C and M with dancing links."""

from __future__ import annotations

__all__: list[str] = []
