# Type stubs of the extension module (crates/python/src). Both halves,
# exact cover and Sudoku, keep their declarations in their own section.

__version__: str

class ParseError(ValueError):
    line: int | None
    column: int | None

# --- exact cover (src/cover.rs) ---

# --- Sudoku (src/sudoku.rs) ---

class BudgetExhausted(ValueError):
    """The node budget (`max_nodes`) ran out before the answer was known."""

class NotUniqueError(ValueError):
    """A puzzle without exactly one solution, asked for a rating or an explanation."""

    solutions: int

class NativePuzzle:
    """A puzzle, or a grid of a puzzle (wrapped by sudoku.Puzzle and sudoku.Grid)."""

    @staticmethod
    def parse(
        text: str,
        size: int | None,
        box_shape: tuple[int, int] | None,
        alphabet: str | None,
        x: bool,
        windoku: bool,
        anti_king: bool,
        anti_knight: bool,
        jigsaw: bool,
        killer: bool,
        disjoint_cages: bool,
    ) -> NativePuzzle: ...
    @staticmethod
    def from_digits(
        digits: list[int],
        size: int | None,
        box_shape: tuple[int, int] | None,
        x: bool,
        windoku: bool,
        anti_king: bool,
        anti_knight: bool,
        regions: str | None,
    ) -> NativePuzzle: ...
    def with_digits(self, digits: list[int]) -> NativePuzzle: ...
    def with_regions(self, map: str) -> NativePuzzle: ...
    @property
    def size(self) -> int: ...
    @property
    def box_shape(self) -> tuple[int, int]: ...
    @property
    def digits(self) -> list[int]: ...
    @property
    def variants(self) -> tuple[bool, bool, bool, bool]: ...
    @property
    def regions(self) -> str | None: ...
    @property
    def cages(self) -> str | None: ...
    @property
    def alphabet(self) -> str: ...
    def line(self) -> str: ...
    def grid_line(self) -> str: ...
    def drawing(self) -> str: ...
    def same_rules(self, other: NativePuzzle) -> bool: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

_StepTuple = tuple[
    str,
    str,
    list[int],
    list[int],
    list[tuple[int, int, str | None]],
    list[tuple[int, int]],
    list[str],
    list[str],
]
_BoardTuple = tuple[list[int], list[list[int]]]
_RatingTuple = tuple[float, str, str, bool, float, float]

def sudoku_read(
    data: bytes,
    name: str,
    size: int | None,
    box_shape: tuple[int, int] | None,
    alphabet: str | None,
    x: bool,
    windoku: bool,
    anti_king: bool,
    anti_knight: bool,
    jigsaw: bool,
    killer: bool,
    disjoint_cages: bool,
) -> list[tuple[int, NativePuzzle | None, ParseError | None, str | None]]: ...
def sudoku_solve(
    puzzle: NativePuzzle, seed: int | None, max_nodes: int | None
) -> tuple[str, NativePuzzle | None]: ...
def sudoku_count(
    puzzle: NativePuzzle, limit: int | None, jobs: int | None, max_nodes: int | None
) -> tuple[int, str]: ...
def sudoku_uniqueness(
    puzzle: NativePuzzle, max_nodes: int | None
) -> tuple[str, list[NativePuzzle]]: ...
def sudoku_check(
    puzzle: NativePuzzle, grid: NativePuzzle
) -> tuple[str, int | None] | None: ...
def sudoku_clash(puzzle: NativePuzzle) -> str | None: ...
def sudoku_generate(
    seed: int,
    index: int,
    size: int | None,
    box_shape: tuple[int, int] | None,
    x: bool,
    windoku: bool,
    anti_king: bool,
    anti_knight: bool,
    jigsaw: str | None,
    killer: bool,
    cage_size: int,
    symmetry: str,
    minimal: bool,
    clues: int | None,
    difficulty: str | None,
    attempts: int,
    max_nodes: int | None,
) -> tuple[
    NativePuzzle,
    NativePuzzle,
    int,
    int,
    bool,
    str,
    bool | None,
    bool | None,
    _RatingTuple | None,
]: ...
def sudoku_rate(puzzle: NativePuzzle, max_nodes: int | None) -> _RatingTuple: ...
def sudoku_explain(
    puzzle: NativePuzzle, guess: bool, max_nodes: int | None
) -> tuple[list[_StepTuple], bool, bool, _BoardTuple | None, NativePuzzle, str]: ...
def sudoku_hint(
    puzzle: NativePuzzle, board: NativePuzzle | None, guess: bool, max_nodes: int | None
) -> tuple[
    str,
    _StepTuple | None,
    str,
    int | None,
    int | None,
    int | None,
    list[int],
    _BoardTuple | None,
]: ...
def sudoku_canonical(
    puzzle: NativePuzzle, max_nodes: int | None
) -> tuple[NativePuzzle, str]: ...
