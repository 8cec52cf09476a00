# Type stubs of the extension module (crates/python/src). Both halves,
# exact cover and Sudoku, keep their declarations in their own section.

__version__: str

class ParseError(ValueError):
    line: int | None
    column: int | None

# --- exact cover (src/cover.rs) ---

# --- Sudoku (src/sudoku.rs) ---
