//! Sudoku on the `dlx` engine (under construction).
