"""Sudoku of every shape and variant on the exact-cover engine.

One-liners for the common cases::

    >>> import sudoku_dlx
    >>> sudoku_dlx.solve("1.34" "34.2" "21.3" "4.21")
    '1234341221434321'
    >>> sudoku_dlx.count("1.34" "34.2" "21.3" "4.21", limit=2)
    Count(solutions=1, end='exhausted')

and the toolkit underneath: `Puzzle` (read any format and shape the
`sudoku-dlx` command reads, solve, count, check, rate, explain, hint,
canonical form), `Grid`, `generate`, `read_puzzles` and `dedupe`.

Cells are ``(row, column)`` pairs counted from 0, as in ``grid[row][column]``
and in the lists `Grid.to_list` gives; the text the CLI prints names them
from 1 (``r1c1`` is ``(0, 0)``). Digits are numbers from 1, 0 for a blank.

Every exception raised for bad input is a `ValueError`: `ParseError`
(with ``.line`` and ``.column``) and `NotUniqueError` (a rating or
explanation of a puzzle without exactly one solution). `BudgetExhausted`
(``max_nodes`` ran out) is a `RuntimeError`, shared with `sudoku_dlx.cover`. Long calls release the GIL and answer Ctrl-C with
`KeyboardInterrupt`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Sequence, Union

from . import _native
from ._native import BudgetExhausted, NotUniqueError, ParseError

if TYPE_CHECKING:
    import numpy

__all__ = [
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
]

Rows = Union[Sequence[Sequence[int]], Sequence[int], "numpy.ndarray[Any, Any]"]
"""Digits as a list of rows (0 for blank), a flat list of n*n, or a numpy array."""


def _flat(rows: Any) -> list[int]:
    """The digits of `rows` (rows, a flat list, or an array), row-major."""
    if hasattr(rows, "tolist"):
        rows = rows.tolist()
    if isinstance(rows, (str, bytes)):
        raise TypeError("expected rows of digits, not text; use Puzzle.parse for text")
    rows = list(rows)
    values: list[int] = [v for v in rows if isinstance(v, int) and not isinstance(v, bool)]
    if len(values) == len(rows):
        return values
    n = len(rows)
    flat: list[int] = []
    for r, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or not hasattr(row, "__len__"):
            raise ValueError(f"row {r + 1} is not a list of digits")
        if len(row) != n:
            raise ValueError(f"row {r + 1} has {len(row)} cells, expected {n} (one per row)")
        for c, value in enumerate(row):
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"r{r + 1}c{c + 1}: {value!r} is not a digit; use 1-{n} and 0 for blank")
            flat.append(value)
    return flat


def _box(box: tuple[int, int] | None) -> tuple[int, int] | None:
    if box is None:
        return None
    rows, cols = box
    return (int(rows), int(cols))


def _cell(index: int, size: int) -> tuple[int, int]:
    return (index // size, index % size)


class _Board:
    """What a `Grid` and a `Puzzle` share: the native puzzle they wrap (a
    grid is a puzzle whose givens are the grid, so that it keeps the rules
    and alphabet it prints with), its shape, and its digits (a puzzle's
    givens) as rows, arrays and the drawn grid."""

    __slots__ = ("_native",)

    def __init__(self, native: _native.NativePuzzle) -> None:
        """Wraps a native puzzle; build them with `parse` or `from_list`."""
        self._native = native

    @property
    def size(self) -> int:
        """The side n of the n x n grid."""
        return self._native.size

    @property
    def box(self) -> tuple[int, int]:
        """Rows and columns of a box."""
        return self._native.box_shape

    def _filled(self) -> int:
        return sum(1 for d in self._native.digits if d)

    def to_list(self) -> list[list[int]]:
        """The digits (a puzzle's givens) as lists of rows, 0 for blank."""
        n, digits = self.size, self._native.digits
        return [list(digits[r * n:(r + 1) * n]) for r in range(n)]

    def to_numpy(self) -> numpy.ndarray[Any, Any]:
        """The digits (a puzzle's givens) as an n x n numpy array of uint8
        (numpy is imported here, only when asked for)."""
        import numpy as np

        return np.array(self.to_list(), dtype=np.uint8)

    def pretty(self) -> str:
        """The digits drawn with their box lines (or a jigsaw's region
        borders), as ``sudoku-dlx solve --format grid`` draws a grid."""
        return self._native.drawing().rstrip("\n")


class Grid(_Board):
    """A grid of digits (0 for blank): a solution, or a player's board.

    It prints as the CLI prints grids (`str` is the line format in the
    puzzle's alphabet, `pretty` the drawn grid) and converts to and from
    lists of rows and numpy arrays.
    """

    __slots__ = ()

    @classmethod
    def from_list(cls, rows: Rows, *, box: tuple[int, int] | None = None) -> Grid:
        """A grid of `rows` (lists of digits, 0 for blank; a flat list of
        n*n; or a 2-D numpy array). `box` gives the box shape when the side
        has several (6 is 2x3 unless ``box=(3, 2)``)."""
        flat = _flat(rows)
        return cls(_native.NativePuzzle.from_digits(flat, None, _box(box), False, False, False, False, None))

    @classmethod
    def parse(cls, text: str, *, size: int | None = None, box: tuple[int, int] | None = None,
              alphabet: str | None = None) -> Grid:
        """A grid read from text, in any format `Puzzle.parse` reads."""
        return cls(_native.NativePuzzle.parse(text, {"size": size, "box": _box(box), "alphabet": alphabet}))

    @property
    def digits(self) -> tuple[int, ...]:
        """Every cell's digit, row-major, 0 for blank."""
        return tuple(self._native.digits)

    @property
    def filled(self) -> int:
        """How many cells hold a digit."""
        return self._filled()

    def is_complete(self) -> bool:
        """Whether every cell holds a digit."""
        return all(self._native.digits)

    def __getitem__(self, key: int | tuple[int, int]) -> Any:
        """``grid[row]`` is a row (a list), ``grid[row, column]`` a digit."""
        n = self.size
        if isinstance(key, tuple):
            row, col = key
            if not (0 <= row < n and 0 <= col < n):
                raise IndexError(f"cell ({row}, {col}) is outside the {n}x{n} grid")
            return self._native.digits[row * n + col]
        return self.to_list()[key]

    def __len__(self) -> int:
        """The number of rows."""
        return self.size

    def __str__(self) -> str:
        """The line format, as the CLI writes a solution."""
        return self._native.grid_line()

    def __repr__(self) -> str:
        return f"Grid({self._native.grid_line()!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Grid) and type(other) is type(self) and self.digits == other.digits \
            and self.box == other.box

    def __hash__(self) -> int:
        return hash((self.digits, self.box))


def _reader_options(*, box: tuple[int, int] | None, **options: object) -> dict[str, object]:
    """The reader's keyword arguments as the native reader takes them (one
    dict, shared by `Puzzle.parse` and `read_puzzles`)."""
    return {"box": _box(box), **options}


def _options(x: bool, windoku: bool, anti_king: bool, anti_knight: bool) -> str:
    flags = [("x", x), ("windoku", windoku), ("anti_king", anti_king), ("anti_knight", anti_knight)]
    return "".join(f", {name}=True" for name, on in flags if on)


class Puzzle(_Board):
    """A Sudoku puzzle: its rules (shape, variants, jigsaw regions, killer
    cages) and givens.

    `str` gives the line the CLI prints (givens, then a jigsaw map or the
    killer cages), `pretty` the drawn grid. Read one with `Puzzle.parse`
    or build one with `Puzzle.from_list`; solve, count, check, rate,
    explain, hint and take the canonical form with its methods.
    """

    __slots__ = ()

    @classmethod
    def parse(
        cls,
        text: str,
        *,
        x: bool = False,
        windoku: bool = False,
        jigsaw: bool | str | None = None,
        killer: bool | None = None,
        anti_king: bool = False,
        anti_knight: bool = False,
        size: int | None = None,
        box: tuple[int, int] | None = None,
        alphabet: str | None = None,
        disjoint_cages: bool = False,
    ) -> Puzzle:
        """Reads one puzzle in any format the CLI reads: a line of n*n
        cells (``.`` or ``0`` blank, then ``1-9``, ``A``...), a block of n
        rows (box lines ``|``, ``+``, ``-`` ignored, as `pretty` draws it),
        numbers, a pencilmark grid.

        Variants: `x` (both diagonals), `windoku`, `anti_king`,
        `anti_knight`. ``jigsaw=True`` reads a region map after the puzzle
        (``PUZZLE MAP``), ``jigsaw="MAP"`` puts the puzzle on that map.
        ``killer=True`` reads a killer line (``GIVENS CAGEMAP SUMS``);
        `disjoint_cages` allows a cage in pieces. `size` (a side) or `box`
        (``(rows, columns)``) fixes the shape; `alphabet` is ``"standard"``
        (``1-9A-Z``), ``"hex"`` (``0-9A-F``, 16x16) or ``"numbers"``.

        Raises `ParseError` (a `ValueError`) with ``.line`` and ``.column``
        (1-based, in the text) where the text is wrong.
        """
        native = _native.NativePuzzle.parse(text, _reader_options(
            size=size, box=box, alphabet=alphabet, x=x, windoku=windoku, anti_king=anti_king,
            anti_knight=anti_knight, jigsaw=jigsaw is True, killer=bool(killer), disjoint_cages=disjoint_cages))
        if isinstance(jigsaw, str):
            native = native.with_regions(jigsaw)
        return cls(native)

    @classmethod
    def from_list(
        cls,
        rows: Rows,
        *,
        box: tuple[int, int] | None = None,
        x: bool = False,
        windoku: bool = False,
        jigsaw: str | None = None,
        anti_king: bool = False,
        anti_knight: bool = False,
    ) -> Puzzle:
        """A puzzle whose givens are `rows` (lists of digits, 0 for blank;
        a flat list of n*n; or a 2-D numpy array), with these variants and,
        with `jigsaw`, on that region map (one letter per cell)."""
        flat = _flat(rows)
        return cls(_native.NativePuzzle.from_digits(flat, None, _box(box), x, windoku, anti_king, anti_knight,
                                                    jigsaw))

    from_numpy = from_list

    # --- what it is ---

    @property
    def givens(self) -> Grid:
        """The givens as a grid (0 for blank)."""
        return Grid(self._native)

    @property
    def clues(self) -> int:
        """How many givens the puzzle has."""
        return self._filled()

    @property
    def x(self) -> bool:
        """Whether both main diagonals hold every digit once."""
        return self._native.variants[0]

    @property
    def windoku(self) -> bool:
        """Whether the windoku windows hold every digit once."""
        return self._native.variants[1]

    @property
    def anti_king(self) -> bool:
        """Whether equal digits never touch, even diagonally."""
        return self._native.variants[2]

    @property
    def anti_knight(self) -> bool:
        """Whether equal digits are never a knight's move apart."""
        return self._native.variants[3]

    @property
    def regions(self) -> str | None:
        """The jigsaw region map (a letter per cell), or None."""
        return self._native.regions

    @property
    def cages(self) -> str | None:
        """The killer cages as the killer line writes them (map, sums), or None."""
        return self._native.cages

    @property
    def alphabet(self) -> str:
        """The alphabet it prints in: ``standard``, ``hex`` or ``numbers``."""
        return self._native.alphabet

    def grid(self, value: Grid | str | Rows) -> Grid:
        """`value` (text, rows of digits or an array) as a grid of this
        puzzle's shape and alphabet, as `check` and `hint` read it."""
        if isinstance(value, Grid):
            digits = list(value.digits)
        elif isinstance(value, str):
            b = self.box
            parsed = _native.NativePuzzle.parse(value, {"box": b, "alphabet": self.alphabet})
            digits = list(parsed.digits)
        else:
            digits = _flat(value)
        return Grid(self._native.with_digits(digits))

    def __str__(self) -> str:
        """The line the CLI prints: givens, then the region map or the cages."""
        return self._native.line()

    def __repr__(self) -> str:
        extra = _options(self.x, self.windoku, self.anti_king, self.anti_knight)
        if self.regions is not None:
            extra += ", jigsaw=True"
        if self.cages is not None:
            extra += ", killer=True"
        rows, cols = self.box
        if rows != cols:
            extra += f", box=({rows}, {cols})"
        if self.alphabet == "hex":
            extra += ", alphabet='hex'"
        return f"Puzzle.parse({str(self)!r}{extra})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Puzzle) and self._native == other._native

    def __hash__(self) -> int:
        return hash(self._native)

    # --- solving ---

    def solve(self, *, seed: int | None = None, max_nodes: int | None = None) -> Grid | None:
        """A solution, or None when there is none (clashing givens included).
        With `seed`, a solution found in a random order drawn from it.
        Raises `BudgetExhausted` when `max_nodes` search nodes were not enough."""
        status, grid = _native.sudoku_solve(self._native, seed, max_nodes)
        if status == "budget":
            raise BudgetExhausted(f"no answer within {max_nodes} nodes")
        return None if grid is None else Grid(grid)

    def count(self, limit: int | None = None, *, jobs: int | None = None,
              max_nodes: int | None = None) -> Count:
        """The number of solutions, stopping at `limit`; on `jobs` threads
        (None: every core; a puzzle the first few thousand nodes settle runs
        on one). ``limit=2`` tells one solution from several."""
        if limit is not None and limit < 0:
            raise ValueError("limit must be at least 0")
        if jobs is not None and jobs < 1:
            raise ValueError("jobs must be at least 1 (None: every core)")
        solutions, end = _native.sudoku_count(self._native, limit, jobs, max_nodes)
        return Count(solutions, end)

    def uniqueness(self, *, max_nodes: int | None = None) -> Uniqueness:
        """None, one or several solutions, with the solution or two of them."""
        status, grids = _native.sudoku_uniqueness(self._native, max_nodes)
        return Uniqueness(status, tuple(Grid(g) for g in grids))

    def is_unique(self, *, max_nodes: int | None = None) -> bool:
        """Whether the puzzle has exactly one solution (`BudgetExhausted` if
        `max_nodes` does not settle it)."""
        answer = self.uniqueness(max_nodes=max_nodes)
        if answer.status == "budget":
            raise BudgetExhausted(f"no answer within {max_nodes} nodes")
        return answer.status == "unique"

    def check(self, grid: Grid | str | Rows) -> Violation | None:
        """Why `grid` is not a solution of this puzzle: the first broken
        rule and its cell, as ``sudoku-dlx check`` names them; None when it
        is one. The checker walks the rules itself, not the exact-cover
        matrix."""
        answer = _native.sudoku_check(self._native, self.grid(grid)._native)
        if answer is None:
            return None
        message, index = answer
        return Violation(message, None if index is None else _cell(index, self.size))

    def clash(self) -> str | None:
        """Two givens that share a digit in a unit, in words, or None."""
        return _native.sudoku_clash(self._native)

    # --- people's view ---

    def rate(self, *, max_nodes: int | None = None) -> Rating:
        """The difficulty: score and level, as ``sudoku-dlx rate``.
        Raises `NotUniqueError` for a puzzle without exactly one solution."""
        return Rating(*_native.sudoku_rate(self._native, max_nodes))

    def explain(self, *, guess: bool = False, max_nodes: int | None = None) -> Explanation:
        """The solution path with human techniques, step by step, as
        ``sudoku-dlx explain`` (``guess=True``: trials where they stall).
        Raises `NotUniqueError` for a puzzle without exactly one solution."""
        steps, stalled, solved, stall, solution, text = _native.sudoku_explain(self._native, guess, max_nodes)
        n = self.size
        return Explanation(
            steps=tuple(_step(s, n) for s in steps),
            stalled=stalled,
            solved=solved,
            stall=None if stall is None else _board(stall, n),
            solution=Grid(solution),
            text=text.rstrip("\n"),
        )

    def hint(self, board: Grid | str | Rows | None = None, *, guess: bool = False,
             max_nodes: int | None = None) -> Hint:
        """The next step on `board` (a player's grid; None: the puzzle
        itself), or the first wrong digit, as ``sudoku-dlx hint``."""
        native = None if board is None else self.grid(board)._native
        kind, step, text, cell, found, expected, suspects, stall = _native.sudoku_hint(
            self._native, native, guess, max_nodes)
        n = self.size
        return Hint(
            kind=kind,
            step=None if step is None else _step(step, n),
            text=text.rstrip("\n"),
            cell=None if cell is None else _cell(cell, n),
            found=found,
            expected=expected,
            suspects=tuple(_cell(i, n) for i in suspects),
            board=None if stall is None else _board(stall, n),
        )

    def canonical(self, *, max_nodes: int | None = None) -> Canonical:
        """The canonical (minlex) form, equal for equivalent puzzles, and
        the transformation that reaches it, as ``sudoku-dlx canon
        --with-transform``. Classic rules only."""
        form, transform = _native.sudoku_canonical(self._native, max_nodes)
        return Canonical(Puzzle(form), transform)


@dataclass(frozen=True)
class Count:
    """A count of solutions: `solutions`, and `end`, how it ended:
    ``exhausted`` (exact), ``limit`` (stopped at the limit: there may be
    more), ``budget`` (``max_nodes`` ran out). Compares equal to an int."""

    solutions: int
    end: str

    @property
    def exact(self) -> bool:
        """Whether the count is every solution there is."""
        return self.end == "exhausted"

    def __int__(self) -> int:
        return self.solutions

    def __index__(self) -> int:
        return self.solutions

    def __eq__(self, other: object) -> bool:
        if isinstance(other, int) and not isinstance(other, bool):
            return self.solutions == other
        if isinstance(other, Count):
            return (self.solutions, self.end) == (other.solutions, other.end)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.solutions)

    def __str__(self) -> str:
        """As ``sudoku-dlx count`` prints it: ``N``, or ``N+`` when stopped."""
        return f"{self.solutions}" if self.exact else f"{self.solutions}+"


@dataclass(frozen=True)
class Uniqueness:
    """`status` ``none``, ``unique``, ``multiple`` or ``budget``, and the
    solutions found: one when unique, two when multiple."""

    status: str
    solutions: tuple[Grid, ...]

    @property
    def is_unique(self) -> bool:
        """Whether there is exactly one solution."""
        return self.status == "unique"


@dataclass(frozen=True)
class Violation:
    """Why a grid is not a solution: the rule it breaks, as ``check`` says
    it (``r5c8 and r9c8 both hold 9 in one column``), and the cell it names."""

    message: str
    cell: tuple[int, int] | None

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Rating:
    """A puzzle's difficulty: `score`, `level` (``easy`` to ``extreme``),
    the `hardest` technique needed (``beyond techniques`` when logic alone
    does not solve it), and the search effort behind the score."""

    score: float
    level: str
    hardest: str
    solved_by_logic: bool
    effort: float
    mean_nodes: float

    def __str__(self) -> str:
        """As ``sudoku-dlx rate`` prints it: ``2.37 easy hidden single``."""
        return f"{self.score:.2f} {self.level} {self.hardest}"


@dataclass(frozen=True)
class Placement:
    """A digit a step places, and the house that forced it (hidden singles)."""

    cell: tuple[int, int]
    digit: int
    house: str | None


@dataclass(frozen=True)
class Elimination:
    """A candidate a step removes."""

    cell: tuple[int, int]
    digit: int


@dataclass(frozen=True)
class Step:
    """One step of a solution path: the `technique` (``hidden single``,
    ``x-wing``, ``trial``...), the pattern's `cells`, `digits` and
    `houses`, what it places and removes, its `chains` as the CLI writes
    them, and `text`, the step's line in ``sudoku-dlx explain``."""

    technique: str
    text: str
    cells: tuple[tuple[int, int], ...]
    digits: tuple[int, ...]
    placements: tuple[Placement, ...]
    eliminations: tuple[Elimination, ...]
    houses: tuple[str, ...]
    chains: tuple[str, ...]

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Board:
    """A board where the techniques stall: its rows (0 open) and each open
    cell's candidates."""

    rows: tuple[tuple[int, ...], ...]
    candidates: dict[tuple[int, int], tuple[int, ...]]


@dataclass(frozen=True)
class Explanation:
    """A solution path: the `steps`, whether the techniques `stalled`,
    whether the steps `solved` the grid, the `stall` board, the `solution`,
    and `text`, what ``sudoku-dlx explain`` prints (without its header)."""

    steps: tuple[Step, ...]
    stalled: bool
    solved: bool
    stall: Board | None
    solution: Grid

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Hint:
    """What ``sudoku-dlx hint`` says of a board: `kind` ``step`` (the next
    `step`), ``stalled`` (no technique applies; `board` has the candidates,
    `step` the trial with ``guess=True``), ``solved``, or ``wrong`` (`cell`
    holds `found`, the solution has `expected`; or, for a board without a
    solution, the `suspects`). `text` is the CLI's line."""

    kind: str
    step: Step | None
    text: str
    cell: tuple[int, int] | None
    found: int | None
    expected: int | None
    suspects: tuple[tuple[int, int], ...]
    board: Board | None

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Canonical:
    """A canonical form (`form`, a puzzle) and the `transform` that maps the
    puzzle onto it, in the notation ``sudoku-dlx canon --with-transform``
    writes."""

    form: Puzzle
    transform: str

    def __str__(self) -> str:
        return f"{self.form} {self.transform}"


@dataclass(frozen=True)
class Generated:
    """A generated puzzle with one solution: the `puzzle`, its `solution`,
    the `seed` that makes it again (``generate(seed)``, as the CLI's JSON
    ``seed``), the `attempts` it took, whether every target was met, and
    the `rating` when a difficulty was asked for (always for killer)."""

    puzzle: Puzzle
    solution: Grid
    seed: int
    attempts: int
    targets_met: bool
    minimal: str
    clues_met: bool | None
    difficulty_met: bool | None
    rating: Rating | None

    def __str__(self) -> str:
        """The puzzle's line, as ``sudoku-dlx generate`` prints it."""
        return str(self.puzzle)


@dataclass(frozen=True)
class Record:
    """One record of a file read by `read_puzzles`: the `line` it starts
    on, and either its `puzzle` or its `error` (a `ParseError` whose
    message starts ``NAME:LINE:COLUMN:``), and its `comment` (the text after
    the grid)."""

    line: int
    puzzle: Puzzle | None
    error: ParseError | None
    comment: str | None

    @property
    def ok(self) -> bool:
        """Whether the record holds a puzzle."""
        return self.puzzle is not None


def _step(raw: Any, n: int) -> Step:
    technique, text, cells, digits, placements, eliminations, houses, chains = raw
    return Step(
        technique=technique,
        text=text,
        cells=tuple(_cell(i, n) for i in cells),
        digits=tuple(digits),
        placements=tuple(Placement(_cell(i, n), d, h) for i, d, h in placements),
        eliminations=tuple(Elimination(_cell(i, n), d) for i, d in eliminations),
        houses=tuple(houses),
        chains=tuple(chains),
    )


def _board(raw: Any, n: int) -> Board:
    digits, candidates = raw
    rows = tuple(tuple(digits[r * n:(r + 1) * n]) for r in range(n))
    open_cells = {_cell(i, n): tuple(c) for i, c in enumerate(candidates) if digits[i] == 0}
    return Board(rows, open_cells)


def _puzzle(puzzle: str | Puzzle, options: dict[str, Any]) -> Puzzle:
    return puzzle if isinstance(puzzle, Puzzle) else Puzzle.parse(puzzle, **options)


def solve(puzzle: str | Puzzle, *, seed: int | None = None, max_nodes: int | None = None,
          **options: Any) -> str | None:
    """The solution of `puzzle` as text in the input's form (a line for a
    line, a drawn grid for a block), or None when it has none. `options`
    are those of `Puzzle.parse` (``x=True``, ``jigsaw=True``...)."""
    parsed = _puzzle(puzzle, options)
    grid = parsed.solve(seed=seed, max_nodes=max_nodes)
    if grid is None:
        return None
    if isinstance(puzzle, str) and "\n" in puzzle.strip():
        return grid.pretty()
    return str(grid)


def count(puzzle: str | Puzzle, limit: int | None = None, *, jobs: int | None = None,
          max_nodes: int | None = None, **options: Any) -> Count:
    """The number of solutions of `puzzle`, up to `limit` (``limit=2``:
    none, one or several). Compares equal to an int."""
    return _puzzle(puzzle, options).count(limit, jobs=jobs, max_nodes=max_nodes)


def is_unique(puzzle: str | Puzzle, *, max_nodes: int | None = None, **options: Any) -> bool:
    """Whether `puzzle` has exactly one solution."""
    return _puzzle(puzzle, options).is_unique(max_nodes=max_nodes)


def generate(
    seed: int | None = None,
    *,
    index: int = 0,
    size: int | None = None,
    box: tuple[int, int] | None = None,
    x: bool = False,
    windoku: bool = False,
    anti_king: bool = False,
    anti_knight: bool = False,
    jigsaw: str | None = None,
    killer: bool = False,
    cage_size: int = 5,
    symmetry: str = "rot180",
    minimal: bool = False,
    clues: int | None = None,
    difficulty: str | None = None,
    attempts: int = 100,
    max_nodes: int | None = None,
) -> Generated:
    """A puzzle with exactly one solution, as ``sudoku-dlx generate --seed
    SEED`` makes it (puzzle `index` of that run: the CLI's k-th line).

    `seed` None draws one. `symmetry`: ``none``, ``rot180``, ``rot90``,
    ``horizontal``, ``vertical``, ``diagonal``, ``antidiagonal``.
    `minimal`: no given can go. `clues`: stop at that many givens.
    `difficulty`: ``easy`` ... ``extreme``. `jigsaw`: a region map, or
    ``"random"`` for a map per puzzle. `killer`: cages of up to
    `cage_size` cells, no givens. A target not met within `attempts`
    gives the closest puzzle, with ``targets_met`` False.
    """
    if seed is None:
        # Imported here: it brings hashlib and random, for this line only.
        import secrets

        seed = secrets.randbits(64)
    if not 0 <= seed < 2**64 or not 0 <= index < 2**64:
        raise ValueError("seed and index must be between 0 and 2**64 - 1")
    if not 1 <= cage_size <= 16:
        raise ValueError("cage_size must be between 1 and 16")
    raw = _native.sudoku_generate(seed, index, size, _box(box), x, windoku, anti_king, anti_knight, jigsaw,
                                  killer, cage_size, symmetry, minimal, clues, difficulty, attempts, max_nodes)
    puzzle, solution, replay, tries, met, minimality, clues_met, difficulty_met, rating = raw
    return Generated(
        puzzle=Puzzle(puzzle),
        solution=Grid(solution),
        seed=replay,
        attempts=tries,
        targets_met=met,
        minimal=minimality,
        clues_met=clues_met,
        difficulty_met=difficulty_met,
        rating=None if rating is None else Rating(*rating),
    )


def read_puzzles(
    source: str | bytes | os.PathLike[str],
    *,
    name: str | None = None,
    x: bool = False,
    windoku: bool = False,
    jigsaw: bool = False,
    killer: bool = False,
    anti_king: bool = False,
    anti_knight: bool = False,
    size: int | None = None,
    box: tuple[int, int] | None = None,
    alphabet: str | None = None,
    disjoint_cages: bool = False,
) -> Iterator[Record]:
    """Every record of a file of puzzles, as ``sudoku-dlx solve`` splits it
    (lines, blocks, comments, headers, ``puzzle:count:solution``...), one
    at a time as the file is read: a file of any size reads in the memory
    of a record or two. ``list(read_puzzles(...))`` keeps them all.

    `source` is the text (`str` or `bytes`) or a path (`pathlib.Path` or
    another `os.PathLike`, opened at once, so a missing file raises here).
    No record is dropped: a bad one is a `Record` whose `error` is a
    `ParseError` with its line and column in the file, its message starting
    ``NAME:LINE:COLUMN:`` (`name`: the path, or ``<string>``). The options
    are those of `Puzzle.parse`.
    """
    options = _reader_options(size=size, box=box, alphabet=alphabet, x=x, windoku=windoku, anti_king=anti_king,
                              anti_knight=anti_knight, jigsaw=jigsaw, killer=killer, disjoint_cages=disjoint_cages)
    if isinstance(source, os.PathLike):
        path = os.fspath(source)
        reader = _native.RecordReader(path, None, path if name is None else name, options)
    elif isinstance(source, (str, bytes, bytearray, memoryview)):
        data = source.encode("utf-8", "surrogateescape") if isinstance(source, str) else bytes(source)
        reader = _native.RecordReader(None, data, "<string>" if name is None else name, options)
    else:
        raise TypeError("source must be text (str or bytes) or a path (os.PathLike)")
    return (Record(line, None if p is None else Puzzle(p), error, comment) for line, p, error, comment in reader)


def dedupe(puzzles: Iterable[Puzzle | str], *, max_nodes: int | None = None) -> list[Puzzle]:
    """The first puzzle of each equivalence class, in order, as
    ``sudoku-dlx canon --dedupe`` keeps them (classic rules only)."""
    seen: set[str] = set()
    kept: list[Puzzle] = []
    for item in puzzles:
        puzzle = item if isinstance(item, Puzzle) else Puzzle.parse(item)
        form = str(puzzle.canonical(max_nodes=max_nodes).form)
        if form not in seen:
            seen.add(form)
            kept.append(puzzle)
    return kept
