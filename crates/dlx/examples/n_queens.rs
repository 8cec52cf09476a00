//! The n-queens problem as exact cover, as Knuth encodes it.
//!
//! Primary items: every row `r0..` and column `c0..` holds exactly one queen.
//! Secondary items: every diagonal `a0..` and anti-diagonal `b0..` holds at
//! most one. Option `(i, j)`: a queen at row `i`, column `j`.
//!
//! `cargo run --example n_queens -- 8` prints the problem in Knuth's format;
//! `cargo run --release --example n_queens -- 12 --count` counts solutions.

use dlx_engine::{NamedBuilder, NamedProblem};

// The tests include this file as a module, without `main`.
#[cfg(not(test))]
mod common;

/// The n-queens problem for an `n` x `n` board (`n` >= 1).
pub fn n_queens(n: usize) -> NamedProblem {
    build(n).expect("distinct names and declared items")
}

/// Builds it by name: a queen at row `i`, column `j` covers `ri`, `cj`,
/// diagonal `a(i+j)` and anti-diagonal `b(i-j+n-1)`.
fn build(n: usize) -> Result<NamedProblem, dlx_engine::DlxError> {
    let diagonals = 2 * n - 1;
    let mut builder = NamedBuilder::new();
    for i in 0..n {
        builder.primary(format!("r{i}"))?;
    }
    for j in 0..n {
        builder.primary(format!("c{j}"))?;
    }
    for d in 0..diagonals {
        builder.secondary(format!("a{d}"))?;
    }
    for d in 0..diagonals {
        builder.secondary(format!("b{d}"))?;
    }
    for i in 0..n {
        for j in 0..n {
            let diagonal = i + j;
            let anti = i + n - 1 - j;
            builder.option([
                format!("r{i}"),
                format!("c{j}"),
                format!("a{diagonal}"),
                format!("b{anti}"),
            ])?;
        }
    }
    builder.build()
}

#[cfg(not(test))]
fn main() {
    let args = common::Args::new();
    let n = args.number(0, 8);
    args.print_or_count(&format!("{n}-queens"), &n_queens(n));
}
