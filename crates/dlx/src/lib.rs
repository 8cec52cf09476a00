//! A generic exact-cover engine: Knuth's Algorithms X, C and M with dancing
//! links, for exact cover, exact cover with colors (XCC) and multiple cover
//! with colors (MCC).
//!
//! # What it guarantees
//!
//! - **Exact answers.** Every solution reported covers each primary item
//!   exactly once (or within its [`Bounds`]) and each secondary item at most
//!   once, or by options that all give it the same [`Color`]; counts say
//!   whether they are exact or stopped at a limit or budget
//!   ([`Count::is_exact`]).
//! - **One solver for three kinds.** A problem's [`Kind`] (what it uses:
//!   nothing, colors, bounds) picks Knuth's Algorithm X, C or M behind the
//!   same [`Dlx`]; plain exact cover runs as fast as it did before colors
//!   and bounds existed.
//! - **No panics on input.** Bad problems and bad text are [`DlxError`] values
//!   with positions; searches are iterative, so deep problems cannot overflow
//!   the stack.
//! - **Bounded work.** A [`Budget`] of search-tree nodes or updates stops a
//!   hostile problem with [`End::BudgetExhausted`].
//! - **Reuse without rebuilding.** A [`Dlx`] pre-selects options, searches
//!   and resets; every search restores the links exactly, however it ends.
//! - **Every core, and many machines.** [`Dlx::split`] cuts the search
//!   tree into [`Subproblem`]s, deterministically and covering it exactly
//!   once; [`Dlx::count_parallel`] and its siblings search them on a
//!   rayon pool, cutting big subtrees further as they run, with the same
//!   count and statistics for any number of threads ([`Parallel`]); a
//!   count on dancing cells or bitsets takes them from a queue, cut deeper
//!   to start with (the same count; updates by the split's depth).
//! - **Reproducible randomness.** [`Dlx::set_seed`] randomizes the search
//!   order; the same seed gives the same result on every platform.
//!
//! # Example
//!
//! Knuth's example problem, which has exactly one solution:
//!
//! ```
//! use dlx_engine::{NamedProblem, Dlx, Uniqueness};
//!
//! let named = NamedProblem::parse(
//!     "| A simple example\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n",
//! )?;
//! let mut solver = Dlx::new(named.problem());
//! let Uniqueness::Unique(options) = solver.uniqueness() else { panic!("one solution") };
//! let mut lines: Vec<String> = options.iter().map(|&o| named.option_text(o)).collect();
//! lines.sort();
//! assert_eq!(lines, ["A D", "B G", "C E F"]);
//! assert!(named.problem().is_solution(&options));
//! # Ok::<(), dlx_engine::DlxError>(())
//! ```
//!
//! With colors and bounds (Knuth's example for his DLX3: `C` is covered two
//! or three times, and options that share `X` or `Y` must agree on its
//! color):
//!
//! ```
//! use dlx_engine::{Kind, NamedProblem, Dlx, Uniqueness};
//!
//! let named = NamedProblem::parse("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n")?;
//! assert_eq!(named.problem().kind(), Kind::Multiplicities);
//! let Uniqueness::Unique(options) = Dlx::new(named.problem()).uniqueness() else { panic!() };
//! let mut lines: Vec<String> = options.iter().map(|&o| named.option_text(o)).collect();
//! lines.sort();
//! assert_eq!(lines, ["A C X:1 Y:1", "B X:1", "C Y:1"]);
//! # Ok::<(), dlx_engine::DlxError>(())
//! ```
//!
//! Built in code, by index with [`ProblemBuilder`] (the engine's own
//! numbering: primary items first, then secondary ones) or by name with
//! [`NamedBuilder`]; here the eight queens, counted both ways:
//!
//! ```
//! use dlx_engine::{NamedBuilder, Problem, Dlx};
//!
//! let n = 8;
//! let diagonals = 2 * n - 1;
//! // By index: rows 0..n and columns n..2n are primary; the diagonals,
//! // covered at most once, are secondary items after them.
//! let mut builder = Problem::builder(2 * n, 2 * diagonals)?;
//! for row in 0..n {
//!     for col in 0..n {
//!         let diagonal = 2 * n + row + col;
//!         let anti = 2 * n + diagonals + row + n - 1 - col;
//!         builder.add_option(&[row, n + col, diagonal, anti])?;
//!     }
//! }
//! let by_index = builder.build();
//! assert_eq!(Dlx::new(&by_index).count(None).solutions, 92);
//!
//! // By name: the same problem, written as Knuth's format would.
//! let mut named = NamedBuilder::new();
//! for row in 0..n {
//!     named.primary(format!("r{row}"))?;
//! }
//! for col in 0..n {
//!     named.primary(format!("c{col}"))?;
//! }
//! for d in 0..diagonals {
//!     named.secondary(format!("a{d}"))?;
//! }
//! for d in 0..diagonals {
//!     named.secondary(format!("b{d}"))?;
//! }
//! for row in 0..n {
//!     for col in 0..n {
//!         let (a, b) = (row + col, row + n - 1 - col);
//!         named.option([format!("r{row}"), format!("c{col}"), format!("a{a}"), format!("b{b}")])?;
//!     }
//! }
//! let named = named.build()?;
//! assert_eq!(named.problem(), &by_index);
//! let first = Dlx::new(named.problem()).first_solution().solution().expect("a solution");
//! assert_eq!(named.display_option(first[0]).to_string(), "r0 c0 a0 b7");
//! # Ok::<(), dlx_engine::DlxError>(())
//! ```
//!
//! # From Knuth's programs
//!
//! The same problems, the same text, the same statistics, from code:
//!
//! | Knuth's DLX1, DLX2, DLX3 | this crate |
//! |---|---|
//! | `dlx1 < file` (`dlx2`, `dlx3` for colors and bounds) | [`NamedProblem::parse`], then [`Dlx::new`]; one solver runs X, C or M by the problem's [`Kind`] |
//! | the item line `A B 2:3\|C \| X Y`, options `A X:0` | [`NamedBuilder::primary`], [`bounded`](NamedBuilder::bounded), [`secondary`](NamedBuilder::secondary), [`option`](NamedBuilder::option)`(["A", "X:0"])` |
//! | printing every solution | [`Dlx::for_each_solution`] or [`Dlx::solutions`], with [`NamedProblem::display_solution`] |
//! | the count of solutions, and stopping after some | [`Dlx::count`]`(None)`, `count(Some(limit))` ([`Count::end`] says which) |
//! | `s<seed>`: a random order | [`Dlx::set_seed`] (each search restarts it; [`Dlx::random_solutions`] draws afresh) |
//! | a timeout in mems | a [`Budget`] of nodes or updates ([`End::BudgetExhausted`]) |
//! | nodes and updates reported at the end, level by level | [`Dlx::stats`] ([`Stats::profile`]) |
//! | DLX-PRE | [`Problem::prune`] |
//! | estimating the cost of backtracking (random paths, Knuth 1975) | [`Dlx::estimate`] ([`Estimate`]) |
//!
//! Unlike Knuth's programs, which warn and drop an option without primary
//! items, the parser rejects it, so option `k` is always the `k`-th option
//! line; `sudoku-dlx cover` is the command-line equivalent.
//!
//! # Overview
//!
//! - [`Problem`] and [`ProblemBuilder`]: items (primary, then secondary),
//!   options with optional [`Color`]s on secondary items, and [`Bounds`] on
//!   primary items, validated as they are added; [`ItemId`], [`OptionId`]
//!   and [`Color`] index them.
//! - [`NamedBuilder`]: a problem built by item names (`"r0"`, `"x:A"`),
//!   looked up in a hash map, as Knuth's format writes it, or by the
//!   [`ItemId`]s its declarations return ([`OptionEntry`], [`EntryRef`]).
//! - [`Labeled`] and [`LabeledBuilder`]: options that carry a label of the
//!   caller's (what each means), kept beside the problem and read back
//!   with each solution ([`Solution::labels`]).
//! - [`NamedProblem`]: a problem with item and color names, read from and
//!   written to Knuth's text formats ([`Format`]: DLX1, DLX2, DLX3);
//!   [`NamedProblem::display_option`] and [`NamedProblem::display_solution`]
//!   print options and solutions by name.
//!   [`NamedProblem::parse_with`] ([`ReadOptions`], [`Parsed`]) skips
//!   options without a primary item as Knuth's programs do and bounds the items.
//! - [`Dlx`]: pre-selection ([`Dlx::select`]), search ([`Dlx::count`],
//!   [`Dlx::first_solution`], [`Dlx::uniqueness`],
//!   [`Dlx::for_each_solution`], [`Dlx::solutions`] (or
//!   [`Dlx::into_solutions`], which owns the solver), whose
//!   [`Solution`]s also say each secondary item's color;
//!   [`Dlx::random_solutions`]) and
//!   [`Dlx::reset`]; [`Stats`] as Knuth reports them.
//! - [`Dlx::estimate`]: Knuth's Monte Carlo estimate of the search tree
//!   (nodes, profile, solutions, with standard errors) from random paths.
//! - [`Problem::prune`]: the options no solution can contain, dropped before
//!   a search.
//! - [`Dlx::split`] and [`Split`]: [`Subproblem`]s named by their prefix
//!   of [`Branch`]es, searched with [`Dlx::count_subproblem`] and
//!   [`Dlx::for_each_solution_in`] (on other machines, say).
//! - A search with a limit takes it as its last argument, before a
//!   visitor: `count(limit)`, `count_parallel(&parallel, limit)`,
//!   `count_subproblem(&subproblem, limit)`,
//!   `for_each_solution_parallel(&parallel, limit, visit)`.
//! - [`Parallel`]: threads for [`Dlx::count_parallel`],
//!   [`Dlx::for_each_solution_parallel`] and
//!   [`Dlx::first_solution_parallel`]; [`Progress`] to watch them.
//!
//! # Algorithms
//!
//! D. E. Knuth, *The Art of Computer Programming*, Vol. 4B, §7.2.2.1
//! (Algorithms X, C and M), "Dancing Links", arXiv:cs/0011047, and his
//! programs DLX1, DLX2 and DLX3. The arena follows DLX1: item headers,
//! option nodes and spacers share one array of `u32`-linked nodes (see
//! `docs/architecture.md`). Exact cover branches on the item with the fewest
//! remaining options (MRV), ties to the leftmost; multiple cover on the item
//! with the smallest branching degree, by Knuth's rule for Algorithm M.

#![deny(unsafe_code)]

mod branch;
mod builder;
mod counting;
mod dispatch;
mod error;
mod estimate;
mod index;
mod job_queue;
mod kept_pools;
mod labeled;
mod matrix;
mod named_builder;
mod outcome;
mod parallel;
mod problem;
mod progress;
mod prune;
mod race;
mod random;
#[cfg(test)]
mod restore_tests;
mod settings;
mod small;
mod solution;
mod solutions;
mod solver;
pub mod split;
mod text_format;
mod text_parse;
mod work_sharing;
mod zdd;

pub use branch::Branch;
pub use builder::ProblemBuilder;
pub use counting::Counting;
pub use error::{DlxError, ParseErrorKind};
pub use estimate::Estimate;
pub use index::{Color, ItemId, OptionId};
pub use labeled::{Labeled, LabeledBuilder};
pub use matrix::{CellsWidth, LinksLoop, SearchPath};
pub use named_builder::{EntryRef, NamedBuilder, OptionEntry};
pub use outcome::{Budget, Count, End, First, Stats, Uniqueness};
pub use parallel::Parallel;
pub use problem::{Bounds, Kind, Problem};
pub use progress::Progress;
pub use prune::Pruned;
pub use random::SplitMix64;
pub use small::{SMALL_MAX, SmallCounting, SmallProblem, SmallSolutions};
pub use solution::Solution;
pub use solutions::RandomSolutions;
pub use solutions::{IntoSolutions, OwnedSolutions, Solutions};
pub use solver::Dlx;
pub use split::{Split, Subproblem};
pub use text_format::{Format, NamedProblem, OptionDisplay, SolutionDisplay};
pub use text_parse::{Parsed, ReadOptions};
pub use zdd::{
    MemoMustPay, Natural, Zdd, ZddBuild, ZddLimits, ZddSamples, ZddSolutions, ZddStats, ZddText,
};

/// The crate README's example, compiled and run as a doctest so it cannot rot.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;

/// Counts the solutions of `problem` on dancing cells (`matrix/cells`:
/// sparse sets and a trail of sizes, Knuth's SSXC) whatever its items, or
/// `None` if it has multiplicities, which cells do not handle. For
/// benchmarks only: [`Dlx::count`] runs on cells where they are measured
/// faster (problems with secondary items), this on any problem, so that
/// the rule can be measured again (docs/decisions/dancing-cells.md).
#[doc(hidden)]
#[must_use]
pub fn count_cells(problem: &Problem) -> Option<u64> {
    let mut solver = Dlx::new(problem);
    (solver.kind() != Kind::Multiplicities).then(|| solver.count_on_cells(None).solutions)
}
