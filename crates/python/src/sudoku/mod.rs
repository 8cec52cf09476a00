//! Sudoku from Python: puzzles and grids ([`puzzle`]), reading files of
//! records ([`records`]), solving and counting ([`search`]), generating
//! ([`make`]), rating, explaining and hints ([`human`]), canonical forms
//! ([`canon`]). Long calls run off the interpreter and answer Ctrl-C
//! ([`crate::interrupt`]).
//!
//! The Python classes of `sudoku_dlx.sudoku` (python/sudoku_dlx/sudoku.py)
//! wrap the one class defined here, [`puzzle::NativePuzzle`]: a puzzle, or
//! a grid (a puzzle whose givens are the grid, so that it keeps the rules
//! and alphabet it prints with). Answers come back as tuples that the
//! Python side turns into its result classes.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudoku_dlx::{Alphabet, Error};

use crate::errors::{ParseError, parse_error};

mod canon;
mod human;
mod make;
mod puzzle;
mod records;
mod search;
mod solvers;

create_exception!(
    _native,
    NotUniqueError,
    PyValueError,
    "A puzzle without exactly one solution, asked for what only such a puzzle has (a rating, an explanation). `solutions` is 0, or 2 for several."
);

/// A library error raised as a Python exception: a [`ParseError`] with the
/// error's line and column (None when it has no single place) when it came
/// from reading text, a `ValueError` otherwise. Digits in the message are
/// written in `alphabet`.
pub(crate) fn to_py(py: Python<'_>, error: &Error, alphabet: Alphabet, parsing: bool) -> PyErr {
    let message = error.describe(alphabet);
    if parsing {
        let (line, column) = error.line_column().unzip();
        parse_error(py, message, line, column)
    } else {
        PyValueError::new_err(message)
    }
}

/// A [`NotUniqueError`] for a puzzle with `solutions` solutions (0 or 2+).
pub(crate) fn not_unique(py: Python<'_>, solutions: u64) -> PyErr {
    let message = if solutions == 0 {
        "the puzzle has no solution"
    } else {
        "the puzzle has more than one solution"
    };
    let err = NotUniqueError::new_err(message);
    // Setting an attribute on a fresh exception instance cannot fail.
    let _ = err.value(py).setattr("solutions", solutions);
    err
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("NotUniqueError", py.get_type::<NotUniqueError>())?;
    m.add_class::<puzzle::NativePuzzle>()?;
    m.add_class::<records::RecordReader>()?;
    m.add_function(wrap_pyfunction!(search::sudoku_solve, m)?)?;
    m.add_function(wrap_pyfunction!(search::sudoku_count, m)?)?;
    m.add_function(wrap_pyfunction!(search::sudoku_uniqueness, m)?)?;
    m.add_function(wrap_pyfunction!(search::sudoku_check, m)?)?;
    m.add_function(wrap_pyfunction!(search::sudoku_clash, m)?)?;
    m.add_function(wrap_pyfunction!(make::sudoku_generate, m)?)?;
    m.add_function(wrap_pyfunction!(human::sudoku_rate, m)?)?;
    m.add_function(wrap_pyfunction!(human::sudoku_explain, m)?)?;
    m.add_function(wrap_pyfunction!(human::sudoku_hint, m)?)?;
    m.add_function(wrap_pyfunction!(canon::sudoku_canonical, m)?)?;
    // ParseError is registered by errors.rs; it is named here so that the
    // docs of this module link to it.
    let _ = py.get_type::<ParseError>();
    Ok(())
}
