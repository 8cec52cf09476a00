//! 0-1 matrices with given row and column sums, as multiple cover (MCC,
//! Algorithm M).
//!
//! Items: each row and each column, primary, with bounds `lower:upper`: how
//! many 1s it may hold. Option: a 1 at row `r`, column `c`, naming both. A
//! solution is the set of cells that hold 1s.
//!
//! Known answers: `n` x `n` matrices with exactly two 1s in every row and
//! column (OEIS A001499): 1, 6, 90, 2,040, 67,950 for `n = 2..6`; with
//! exactly three (OEIS A008300): 1, 24, 2,040, 297,200 for `n = 3..6`.
//!
//! `cargo run --example binary_matrices -- 5 2` prints the problem for two
//! 1s per row and column of a 5 x 5 matrix in Knuth's DLX3 format; `--count`
//! counts them.

use dlx_engine::{NamedProblem, Problem};

// The tests include this file as a module, without `main`.
#[cfg(not(test))]
mod common;

/// The `n` x `n` 0-1 matrices whose rows and columns each hold between
/// `lower` and `upper` 1s (`n >= 1`, `1 <= upper`, `lower <= upper`).
pub fn binary_matrices(n: usize, lower: u32, upper: u32) -> NamedProblem {
    let mut names: Vec<String> = (0..n).map(|r| format!("r{r}")).collect();
    names.extend((0..n).map(|c| format!("c{c}")));
    let mut builder = Problem::builder(2 * n, 0).expect("n >= 1");
    for item in 0..2 * n {
        builder
            .set_bounds(item, lower, upper)
            .expect("valid bounds");
    }
    for r in 0..n {
        for c in 0..n {
            builder.add_option(&[r, n + c]).expect("valid option");
        }
    }
    NamedProblem::new(builder.build(), names).expect("valid names")
}

#[cfg(not(test))]
fn main() {
    let args = common::Args::new();
    let (n, ones) = (args.number(0, 4), args.number(1, 2));
    let bound = u32::try_from(ones).expect("a number of ones that fits");
    let title = format!("{n} x {n} 0-1 matrices, {ones} ones per row and column");
    args.print_or_count(&title, &binary_matrices(n, bound, bound));
}
