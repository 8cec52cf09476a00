//! The exceptions. Those for bad input are subclasses of `ValueError`, so
//! that code that catches bad input as `ValueError` keeps working.

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    sudoku_dlx,
    ParseError,
    PyValueError,
    "Input that could not be read. `line` and `column` (1-based) locate it, or are None."
);

create_exception!(
    sudoku_dlx.cover,
    ProblemError,
    PyValueError,
    "An exact-cover problem that cannot be built (an unknown item, an item repeated in an \
     option, bad bounds...). `option` is the 0-based index of the option at fault, or None."
);

create_exception!(
    sudoku_dlx.cover,
    MergeError,
    PyValueError,
    "Job results that do not add up to the problem's count: a job missing, run twice, \
     stopped early, failed, or for another problem. `problems` lists each (as text), \
     `partial` is the sum of what was there (a Merged, or None)."
);

create_exception!(
    sudoku_dlx.cover,
    BudgetExhausted,
    PyRuntimeError,
    "The node budget (`budget`, or `max_nodes` in Sudoku) ran out before the search could \
     answer. Not bad input: a bigger budget, or none, answers. One class for exact cover and \
     Sudoku."
);

/// A `ParseError` carrying its position as the attributes `line` and `column`.
pub(crate) fn parse_error(
    py: Python<'_>,
    message: String,
    line: Option<usize>,
    column: Option<usize>,
) -> PyErr {
    let err = ParseError::new_err(message);
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail.
    let _ = value.setattr("line", line);
    let _ = value.setattr("column", column);
    err
}

/// A `ProblemError` naming the option at fault (`option`, 0-based).
pub(crate) fn problem_error(py: Python<'_>, message: String, option: Option<usize>) -> PyErr {
    let err = ProblemError::new_err(message);
    let _ = err.value(py).setattr("option", option);
    err
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("ProblemError", py.get_type::<ProblemError>())?;
    m.add("MergeError", py.get_type::<MergeError>())?;
    m.add("BudgetExhausted", py.get_type::<BudgetExhausted>())?;
    Ok(())
}
