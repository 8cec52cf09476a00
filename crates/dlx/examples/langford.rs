//! Langford pairs as exact cover.
//!
//! Place two copies of each of `1..=n` in `2n` slots so that the two copies of
//! `k` have exactly `k` numbers between them. Items: each number `k` (placed
//! once, as a pair) and each slot `s0..` (filled once). Option: `k` in slots
//! `i` and `i + k + 1`. A sequence and its reversal count as two solutions,
//! as in Knuth's counts.
//!
//! `cargo run --example langford -- 11` prints the problem in Knuth's format.

use dlx_engine::{NamedProblem, Problem};

// The tests include this file as a module, without `main`.
#[cfg(not(test))]
mod common;

/// Langford pairs of order `n` (`n` >= 1).
pub fn langford(n: usize) -> NamedProblem {
    let slots = 2 * n;
    let mut names: Vec<String> = (1..=n).map(|k| k.to_string()).collect();
    names.extend((0..slots).map(|s| format!("s{s}")));
    let mut builder = Problem::builder(n + slots, 0).expect("n >= 1");
    for k in 1..=n {
        for i in 0..slots {
            let j = i + k + 1;
            if j < slots {
                builder
                    .add_option(&[k - 1, n + i, n + j])
                    .expect("valid option");
            }
        }
    }
    NamedProblem::new(builder.build(), names).expect("valid names")
}

#[cfg(not(test))]
fn main() {
    let args = common::Args::new();
    let n = args.number(0, 7);
    args.print_or_count(&format!("Langford pairs, n = {n}"), &langford(n));
}
