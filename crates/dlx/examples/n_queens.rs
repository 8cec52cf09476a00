//! The n-queens problem as exact cover, as Knuth encodes it.
//!
//! Primary items: every row `r0..` and column `c0..` holds exactly one queen.
//! Secondary items: every diagonal `a0..` and anti-diagonal `b0..` holds at
//! most one. Option `(i, j)`: a queen at row `i`, column `j`.
//!
//! `cargo run --example n_queens -- 8` prints the problem in Knuth's format;
//! `cargo run --release --example n_queens -- 12 --count` counts solutions.

use dlx::{NamedProblem, Problem};

/// The n-queens problem for an `n` x `n` board (`n` >= 1).
pub fn n_queens(n: usize) -> NamedProblem {
    let diagonals = 2 * n - 1;
    let mut names: Vec<String> = (0..n).map(|i| format!("r{i}")).collect();
    names.extend((0..n).map(|j| format!("c{j}")));
    names.extend((0..diagonals).map(|d| format!("a{d}")));
    names.extend((0..diagonals).map(|d| format!("b{d}")));
    let mut builder = Problem::builder(2 * n, 2 * diagonals).expect("n >= 1");
    for i in 0..n {
        for j in 0..n {
            let sum = 2 * n + (i + j);
            let difference = 2 * n + diagonals + (i + n - 1 - j);
            builder
                .add_option(&[i, n + j, sum, difference])
                .expect("valid option");
        }
    }
    NamedProblem::new(builder.build(), names).expect("valid names")
}

#[allow(dead_code)]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n = args
        .first()
        .and_then(|a| a.parse().ok())
        .filter(|&n| n >= 1)
        .unwrap_or(8);
    let problem = n_queens(n);
    if args.iter().any(|a| a == "--count") {
        let count = dlx::Solver::new(problem.problem()).count(None);
        println!("{n}-queens: {} solutions", count.solutions);
    } else {
        print!("| {n}-queens\n{problem}");
    }
}
