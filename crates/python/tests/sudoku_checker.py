"""An independent Sudoku checker and a tiny counter, in plain Python.

They share nothing with the Rust crates: they walk the rules themselves, so
a wrong answer from the engine (or from the binding's conversions) cannot
pass as right.
"""

from __future__ import annotations

from typing import Any


def _units(puzzle: Any) -> list[list[tuple[int, int]]]:
    """Every house of the puzzle: rows, columns, boxes (or jigsaw regions),
    the two diagonals for X, the windows for windoku."""
    n = puzzle.size
    box_rows, box_cols = puzzle.box
    units = [[(r, c) for c in range(n)] for r in range(n)]
    units += [[(r, c) for r in range(n)] for c in range(n)]
    if puzzle.regions is not None:
        groups: dict[str, list[tuple[int, int]]] = {}
        for i, letter in enumerate(puzzle.regions):
            groups.setdefault(letter, []).append(divmod(i, n))
        assert len(groups) == n, "a jigsaw map has n regions"
        units += list(groups.values())
    else:
        for top in range(0, n, box_rows):
            for left in range(0, n, box_cols):
                units.append([(top + r, left + c) for r in range(box_rows) for c in range(box_cols)])
    if puzzle.x:
        units.append([(i, i) for i in range(n)])
        units.append([(i, n - 1 - i) for i in range(n)])
    if puzzle.windoku:
        tops = [1 + k * (box_rows + 1) for k in range(n) if 1 + k * (box_rows + 1) + box_rows <= n - 1]
        lefts = [1 + k * (box_cols + 1) for k in range(n) if 1 + k * (box_cols + 1) + box_cols <= n - 1]
        for top in tops:
            for left in lefts:
                units.append([(top + r, left + c) for r in range(box_rows) for c in range(box_cols)])
    return units


def _cages(puzzle: Any) -> list[tuple[list[tuple[int, int]], int]]:
    """The killer cages: cells and sum, read from the cage text."""
    if puzzle.cages is None:
        return []
    n = puzzle.size
    cage_map, sums = puzzle.cages.split()[:2]
    total = dict(item.split("=") for item in sums.split(","))
    cells: dict[str, list[tuple[int, int]]] = {}
    for i, label in enumerate(cage_map):
        if label != ".":
            cells.setdefault(label, []).append(divmod(i, n))
    return [(cells[label], int(total[label])) for label in cells]


def problems(puzzle: Any, grid: Any) -> list[str]:
    """Every rule `grid` breaks as a solution of `puzzle` (empty: a solution)."""
    n = puzzle.size
    rows = grid.to_list()
    givens = puzzle.to_list()
    found: list[str] = []
    if len(rows) != n or any(len(row) != n for row in rows):
        return [f"the grid is not {n}x{n}"]
    for r in range(n):
        for c in range(n):
            if not 1 <= rows[r][c] <= n:
                found.append(f"({r}, {c}) holds {rows[r][c]}")
            if givens[r][c] and givens[r][c] != rows[r][c]:
                found.append(f"({r}, {c}) changes the given {givens[r][c]}")
    for unit in _units(puzzle):
        if sorted(rows[r][c] for r, c in unit) != list(range(1, n + 1)):
            found.append(f"a unit at {unit[0]} does not hold 1..{n}")
    moves = []
    if puzzle.anti_king:
        moves += [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
    if puzzle.anti_knight:
        moves += [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
    for r in range(n):
        for c in range(n):
            for dr, dc in moves:
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n and rows[rr][cc] == rows[r][c]:
                    found.append(f"({r}, {c}) and ({rr}, {cc}) hold {rows[r][c]}")
    for cells, total in _cages(puzzle):
        digits = [rows[r][c] for r, c in cells]
        if len(set(digits)) != len(digits) or sum(digits) != total:
            found.append(f"the cage at {cells[0]} holds {digits}, not {total} in distinct digits")
    return found


def assert_solution(puzzle: Any, grid: Any) -> None:
    """Fails naming the broken rules unless `grid` solves `puzzle`."""
    assert grid is not None, "no solution"
    broken = problems(puzzle, grid)
    assert not broken, f"{grid} is not a solution of {puzzle}: {broken[:3]}"


def count_small(puzzle: Any, limit: int = 2) -> int:
    """Solutions of a small classic or jigsaw puzzle (4x4, 6x6), up to
    `limit`, by plain backtracking over its units."""
    n = puzzle.size
    rows = puzzle.to_list()
    units = _units(puzzle)
    peers: dict[tuple[int, int], set[tuple[int, int]]] = {}
    for unit in units:
        for cell in unit:
            peers.setdefault(cell, set()).update(unit)
    blanks = [(r, c) for r in range(n) for c in range(n) if rows[r][c] == 0]
    for r in range(n):
        for c in range(n):
            d = rows[r][c]
            if d and any(rows[pr][pc] == d for pr, pc in peers[(r, c)] if (pr, pc) != (r, c)):
                return 0
    found = 0

    def place(k: int) -> None:
        nonlocal found
        if found >= limit:
            return
        if k == len(blanks):
            found += 1
            return
        r, c = blanks[k]
        used = {rows[pr][pc] for pr, pc in peers[(r, c)]}
        for d in range(1, n + 1):
            if d not in used:
                rows[r][c] = d
                place(k + 1)
                rows[r][c] = 0

    place(0)
    return found
