//! The exceptions: every one a subclass of `ValueError`, so that code that
//! catches bad input as `ValueError` keeps working.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    _native,
    ParseError,
    PyValueError,
    "Input that could not be read. `line` and `column` (1-based) locate it, or are None."
);

/// A `ParseError` carrying its position as the attributes `line` and `column`.
#[allow(dead_code)] // used by the parsers in cover.rs and sudoku.rs
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

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ParseError", m.py().get_type::<ParseError>())?;
    Ok(())
}
