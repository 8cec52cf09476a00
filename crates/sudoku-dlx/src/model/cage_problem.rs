//! What can be wrong with the cages of a killer puzzle: the detail of
//! [`Error::Cage`](crate::Error::Cage), kept apart so that the cages and the
//! error type can both name it without importing each other.

use std::fmt;

use crate::model::cell::Cell;

/// Why the cages of a killer record cannot be read; the detail of
/// [`Error::Cage`](crate::Error::Cage), which adds where it is.
///
/// ```
/// use sudoku_dlx::{CageProblem, Error, ParseOptions, Puzzle};
/// let killer = ParseOptions { killer: true, ..ParseOptions::default() };
/// // Four 1-cell cages... but `d` has no sum.
/// let e = Puzzle::parse("................ aabbaabbccddccdd a=10,b=10,c=10", &killer).unwrap_err();
/// assert!(matches!(e, Error::Cage { problem: CageProblem::MissingSum { label: 'd' }, .. }));
/// assert_eq!(
///     e.to_string(),
///     "line 1, column 28 (r3c3): cage `d` has no sum; add `d=SUM` to the sums"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CageProblem {
    /// The record has no cage map or no sums after the givens.
    MissingCages,
    /// Killer puzzles are read up to 16x16 (the labels and the sums'
    /// combinations are sized for that).
    GridTooLarge {
        /// The grid side.
        size: usize,
    },
    /// The cage map has another number of labels than the grid has cells.
    MapLength {
        /// Labels found.
        found: usize,
        /// Cells in the grid.
        expected: usize,
    },
    /// A character of the cage map that is no label (`0-9`, `A-Z`, `a-z`)
    /// nor `.` (a cell in no cage).
    BadLabel {
        /// The character.
        found: char,
    },
    /// A cage whose label has no `LABEL=SUM` in the sums.
    MissingSum {
        /// The cage's label.
        label: char,
    },
    /// A `LABEL=SUM` whose label marks no cell of the map.
    SumWithoutCells {
        /// The label.
        label: char,
    },
    /// Two sums for one label.
    DuplicateSum {
        /// The label.
        label: char,
    },
    /// A sums entry that is not `LABEL=SUM` with a one-character label and
    /// a whole number.
    BadSum {
        /// The entry as written.
        found: String,
    },
    /// A cage whose digits (distinct, from 1 to the grid side) cannot add
    /// up to its sum: too many cells, or a sum outside the reachable range.
    ImpossibleSum {
        /// The cage's label.
        label: char,
        /// Its cells.
        cells: usize,
        /// Its sum.
        sum: u32,
        /// The least sum of `cells` distinct digits.
        least: u32,
        /// The greatest sum of `cells` distinct digits (0 when the cage has
        /// more cells than there are digits).
        greatest: u32,
    },
    /// More cages than there are labels (62: `0-9`, `A-Z`, `a-z`).
    TooManyCages {
        /// Cages asked for.
        found: usize,
    },
    /// A cell given to two cages, when building cages from groups of cells.
    CellInTwoCages {
        /// The cell's row-major index.
        index: usize,
        /// The place of the other group that holds it, from 0.
        other: usize,
    },
    /// A cell off the grid, when building cages from groups of cells.
    CellOffGrid {
        /// The row-major index given.
        index: usize,
        /// Cells in the grid: indices run from 0 to `cells - 1`.
        cells: usize,
    },
    /// A cell listed twice in one group, when building cages from groups
    /// of cells.
    CellRepeated {
        /// The cell's row-major index.
        index: usize,
    },
    /// A group of no cells, when building cages from groups of cells.
    EmptyCage,
    /// A cage whose cells are not joined side to side, read without
    /// [`ParseOptions::disjoint_cages`](crate::ParseOptions::disjoint_cages).
    Disconnected {
        /// The cage's label.
        label: char,
        /// The first cell (row-major) not joined to the cage's first cell.
        apart: Cell,
    },
}

impl fmt::Display for CageProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CageProblem::MissingCages => f.write_str(
                "a killer record is the givens, a space, one cage label per cell, a space, and the sums as LABEL=SUM,...",
            ),
            CageProblem::GridTooLarge { size } => write!(
                f,
                "killer puzzles are read up to 16x16, this one is {size}x{size}; give a smaller grid"
            ),
            CageProblem::MapLength { found, expected } => write!(
                f,
                "the cage map has {found} labels, expected {expected}; give one label per cell (`.` for a cell in no cage)"
            ),
            CageProblem::BadLabel { found } => write!(
                f,
                "`{}` is no cage label; use 0-9, A-Z or a-z, and `.` for a cell in no cage",
                found.escape_debug()
            ),
            CageProblem::MissingSum { label } => {
                write!(f, "cage `{label}` has no sum; add `{label}=SUM` to the sums")
            }
            CageProblem::SumWithoutCells { label } => write!(
                f,
                "the sum for `{label}` names no cage; remove it or mark the cage's cells `{label}` in the map"
            ),
            CageProblem::DuplicateSum { label } => {
                write!(f, "cage `{label}` has two sums; keep one")
            }
            CageProblem::BadSum { found } => write!(
                f,
                "`{}` is no cage sum; write LABEL=SUM (a label of the map, a whole number), separated by commas",
                found.escape_debug()
            ),
            CageProblem::ImpossibleSum {
                label,
                cells,
                sum,
                least,
                greatest,
            } => {
                if least > greatest {
                    write!(
                        f,
                        "cage `{label}` has {cells} cells, more than there are digits, so its digits cannot all differ; split the cage"
                    )
                } else {
                    write!(
                        f,
                        "cage `{label}` of {cells} cells cannot sum to {sum}: distinct digits there sum to {least}..={greatest}; fix the sum or the cage"
                    )
                }
            }
            CageProblem::TooManyCages { found } => write!(
                f,
                "{found} cages are more than the 62 labels (0-9, A-Z, a-z); merge some cages"
            ),
            CageProblem::CellInTwoCages { index, other } => write!(
                f,
                "cell index {index} is in cage group {other} too; give each cell to one cage at most"
            ),
            CageProblem::CellOffGrid { index, cells } => write!(
                f,
                "cell index {index} is off the grid of {cells} cells; give an index from 0 to {}",
                cells.saturating_sub(1)
            ),
            CageProblem::CellRepeated { index } => write!(
                f,
                "cell index {index} is listed twice; list each cell of a cage once"
            ),
            CageProblem::EmptyCage => f.write_str("the group has no cells; give a cage at least one"),
            CageProblem::Disconnected { label, apart } => write!(
                f,
                "cage `{label}` is not joined side to side ({apart} is apart from its first cell); fix the map, or allow such cages (--disjoint-cages)"
            ),
        }
    }
}
