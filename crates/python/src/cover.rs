//! Exact cover from Python: problems, solutions, counts, budgets, splits.

use pyo3::prelude::*;

pub(crate) fn register(_m: &Bound<'_, PyModule>) -> PyResult<()> {
    Ok(())
}
