//! Small problems for the matrix's unit tests, which Miri runs in CI: small
//! enough for it, with forced moves and clashes to reach every loop; and the
//! random helpers the cells', bitsets' and race's tests share.

use crate::Color;
use crate::branch::Branch;
use crate::index::{OptionId, to_u32};
use crate::problem::Problem;
use crate::random::SplitMix64;
use crate::solver::Dlx;

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

/// A random number below `bound` (small in these tests).
pub(super) fn below(rng: &mut SplitMix64, bound: u64) -> u64 {
    u64::from(rng.below(u32::try_from(bound).unwrap()))
}

/// Selects up to two random options of `problem` in `solver` (those that
/// clash are refused, so fewer), one by one or, half the time, with
/// `select_all` (which lays the links out anew for plain problems: the
/// cells and the bitsets, read from the matrix, must not mind).
pub(super) fn select_some(rng: &mut SplitMix64, solver: &mut Dlx, problem: &Problem) {
    if problem.option_count() == 0 {
        return;
    }
    let options: Vec<OptionId> = (0..rng.below(3))
        .map(|_| OptionId::new(rng.below(to_u32(problem.option_count())) as usize).unwrap())
        .collect();
    if rng.below(2) == 0 {
        for &option in &options {
            let _ = solver.select(option);
        }
    } else {
        // Those before a clash stay selected.
        let _ = solver.select_all(&options);
    }
}

/// The subproblems of the links' split of `solver` at `depth` that are at
/// that depth (the links' shallower ones are solutions), each as its
/// options and share, in search order: what a split on the bitsets or the
/// cells (`Resumable::split`) is checked against.
pub(super) fn links_frontier(solver: &mut Dlx, depth: usize) -> Vec<(Vec<OptionId>, f64)> {
    let links = solver.split(depth);
    links
        .subproblems()
        .iter()
        .filter(|s| s.prefix().len() == depth)
        .map(|s| {
            let options = s.prefix().iter().map(|&b| match b {
                Branch::Option(o) => o,
                Branch::Done(_) => unreachable!("exact cover"),
            });
            (options.collect(), s.share())
        })
        .collect()
}

/// The options of Langford pairs of `n` (items: the numbers, then the
/// 2n places), numbering items from `first`.
pub(crate) fn langford_options(n: usize, first: usize) -> Vec<Vec<usize>> {
    let mut options = Vec::new();
    for i in 1..=n {
        for j in 0..2 * n - i - 1 {
            options.push(vec![first + i - 1, first + n + j, first + n + j + i + 1]);
        }
    }
    options
}

/// Langford pairs of 4 to 7 (of 5 and 6: none) with options dropped at
/// random and the rest shuffled, so that solutions and dead subtrees
/// sit anywhere in the tree; with `colors`, two secondary items that
/// some options color at random (Algorithm C).
pub(crate) fn dropped_langford(rng: &mut SplitMix64, colors: bool) -> Problem {
    let n = 4 + rng.below(4) as usize;
    let mut options = langford_options(n, 0);
    let drop = rng.below(4);
    options.retain(|_| rng.below(16) >= drop);
    rng.shuffle(&mut options);
    let secondary = if colors { 2 } else { 0 };
    let mut b = Problem::builder(3 * n, secondary).unwrap();
    for option in &options {
        let mut colored: Vec<(usize, Option<Color>)> = option.iter().map(|&x| (x, None)).collect();
        for s in 0..secondary {
            if rng.below(3) == 0 {
                colored.push((3 * n + s, Color::new(rng.below(2) as usize)));
            }
        }
        b.add_colored_option(&colored).unwrap();
    }
    b.build()
}
