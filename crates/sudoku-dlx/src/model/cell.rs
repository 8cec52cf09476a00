//! A cell of a grid, and the largest side a grid may have: the leaf that
//! shapes, grids and errors all name, so that none of them needs another
//! to say where something is.

use std::fmt;

/// The largest side a grid may have.
pub const MAX_SIZE: usize = 64;

/// A cell of a grid: 0-based row and column, displayed 1-based as `r1c1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// The row, from 0 at the top.
    pub row: usize,
    /// The column, from 0 at the left.
    pub col: usize,
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}
