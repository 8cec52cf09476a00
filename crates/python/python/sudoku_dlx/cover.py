from __future__ import annotations

"""Exact cover: Knuth's Algorithms X, C and M with dancing links."""

__all__: list[str] = []
