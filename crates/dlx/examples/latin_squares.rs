//! Latin squares as exact cover.
//!
//! Fill an `n` x `n` square with `n` symbols so that each row and each column
//! holds every symbol once. Items: cell `(i, j)` is filled, row `i` has symbol
//! `k`, column `j` has symbol `k`. Option: symbol `k` in cell `(i, j)`. This is
//! Sudoku without the boxes.
//!
//! `cargo run --example latin_squares -- 5` prints the problem in Knuth's format.

use dlx_engine::{NamedProblem, Problem};

// The tests include this file as a module, without `main`.
#[cfg(not(test))]
mod common;

/// All Latin squares of order `n` (`n` >= 1).
pub fn latin_squares(n: usize) -> NamedProblem {
    let square = n * n;
    let mut names = Vec::with_capacity(3 * square);
    for kind in ["p", "r", "c"] {
        for a in 0..n {
            for b in 0..n {
                names.push(format!("{kind}{a}_{b}"));
            }
        }
    }
    let mut builder = Problem::builder(3 * square, 0).expect("n >= 1");
    for i in 0..n {
        for j in 0..n {
            for k in 0..n {
                let cell = i * n + j;
                let row = square + i * n + k;
                let column = 2 * square + j * n + k;
                builder
                    .add_option(&[cell, row, column])
                    .expect("valid option");
            }
        }
    }
    NamedProblem::new(builder.build(), names).expect("valid names")
}

#[cfg(not(test))]
fn main() {
    let args = common::Args::new();
    let n = args.number(0, 4);
    args.print_or_count(&format!("Latin squares of order {n}"), &latin_squares(n));
}
