//! Sudoku from Python: puzzles, grids, solving, generation, rating, explaining.

use pyo3::prelude::*;

pub(crate) fn register(_m: &Bound<'_, PyModule>) -> PyResult<()> {
    Ok(())
}
