//! Small problems for the matrix's unit tests, which Miri runs in CI: small
//! enough for it, with forced moves and clashes to reach every loop.

use crate::Problem;

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
