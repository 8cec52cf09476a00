//! The extension module `sudoku_dlx._native`: the Python package's Rust half.
//!
//! Python users import `sudoku_dlx` (python/sudoku_dlx), which re-exports
//! what this module defines. Exact cover lives in `cover.rs`, Sudoku in
//! `sudoku/`, the exceptions both raise in `errors.rs`, and the Ctrl-C watch
//! both run their long calls under in `interrupt.rs`. Every function
//! here calls only the public API of `dlx_engine` and `sudoku_dlx`.

use pyo3::prelude::*;

mod cover;
mod errors;
mod interrupt;
mod sudoku;

/// The module's contents, registered by each part in turn.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::register(m)?;
    cover::register(m)?;
    sudoku::register(m)?;
    Ok(())
}
