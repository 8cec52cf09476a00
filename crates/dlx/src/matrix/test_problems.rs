//! Small problems for the matrix's unit tests, which Miri runs in CI: small
//! enough for it, with forced moves and clashes to reach every loop.

use crate::problem::Problem;

/// Latin squares of order 3 (12 of them): items cell, row-digit and
/// column-digit, one option per cell and digit (option `9r + 3c + d` puts
/// digit `d` in cell `(r, c)`).
pub(super) fn latin_3() -> Problem {
    let mut builder = Problem::builder(27, 0).unwrap();
    for r in 0..3 {
        for c in 0..3 {
            for d in 0..3 {
                builder
                    .add_option(&[3 * r + c, 9 + 3 * r + d, 18 + 3 * c + d])
                    .unwrap();
            }
        }
    }
    builder.build()
}

/// The 4x4 Sudoku (288 solutions): items cell, row-digit, column-digit
/// and box-digit, so every option has four nodes, the width the search is
/// made for (`hide.rs`); option `16r + 4c + d` puts digit `d` in cell
/// `(r, c)`.
pub(super) fn sudoku_4() -> Problem {
    let mut builder = Problem::builder(64, 0).unwrap();
    for r in 0..4 {
        for c in 0..4 {
            let b = 2 * (r / 2) + c / 2;
            for d in 0..4 {
                builder
                    .add_option(&[4 * r + c, 16 + 4 * r + d, 32 + 4 * c + d, 48 + 4 * b + d])
                    .unwrap();
            }
        }
    }
    builder.build()
}
