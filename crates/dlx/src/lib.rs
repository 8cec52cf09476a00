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
//!   same [`Solver`]; plain exact cover runs as fast as it did before colors
//!   and bounds existed.
//! - **No panics on input.** Bad problems and bad text are [`Error`] values
//!   with positions; searches are iterative, so deep problems cannot overflow
//!   the stack.
//! - **Bounded work.** A [`Budget`] of search-tree nodes or updates stops a
//!   hostile problem with [`End::BudgetExhausted`].
//! - **Reuse without rebuilding.** A [`Solver`] pre-selects options, searches
//!   and resets; every search restores the links exactly, however it ends.
//! - **Every core, and many machines.** [`Solver::split`] cuts the search
//!   tree into [`Subproblem`]s, deterministically and covering it exactly
//!   once; [`Solver::count_parallel`] and its siblings search them on a
//!   rayon pool, cutting big subtrees further as they run, with the same
//!   count and statistics for any number of threads ([`Parallel`]).
//! - **Reproducible randomness.** [`Solver::set_seed`] randomizes the search
//!   order; the same seed gives the same result on every platform.
//!
//! # Example
//!
//! Knuth's example problem, which has exactly one solution:
//!
//! ```
//! use dlx::{NamedProblem, Solver, Uniqueness};
//!
//! let named = NamedProblem::parse(
//!     "| A simple example\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n",
//! )?;
//! let mut solver = Solver::new(named.problem());
//! let Uniqueness::Unique(options) = solver.uniqueness() else { panic!("one solution") };
//! let mut lines: Vec<String> = options.iter().map(|&o| named.option_text(o)).collect();
//! lines.sort();
//! assert_eq!(lines, ["A D", "B G", "C E F"]);
//! assert!(named.problem().is_solution(&options));
//! # Ok::<(), dlx::Error>(())
//! ```
//!
//! With colors and bounds (Knuth's example for his DLX3: `C` is covered two
//! or three times, and options that share `X` or `Y` must agree on its
//! color):
//!
//! ```
//! use dlx::{Kind, NamedProblem, Solver, Uniqueness};
//!
//! let named = NamedProblem::parse("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n")?;
//! assert_eq!(named.problem().kind(), Kind::Multiplicities);
//! let Uniqueness::Unique(options) = Solver::new(named.problem()).uniqueness() else { panic!() };
//! let mut lines: Vec<String> = options.iter().map(|&o| named.option_text(o)).collect();
//! lines.sort();
//! assert_eq!(lines, ["A C X:1 Y:1", "B X:1", "C Y:1"]);
//! # Ok::<(), dlx::Error>(())
//! ```
//!
//! # Overview
//!
//! - [`Problem`] and [`ProblemBuilder`]: items (primary, then secondary),
//!   options with optional [`Color`]s on secondary items, and [`Bounds`] on
//!   primary items, validated as they are added; [`ItemId`], [`OptionId`]
//!   and [`Color`] index them.
//! - [`NamedProblem`]: a problem with item and color names, read from and
//!   written to Knuth's text formats ([`Format`]: DLX1, DLX2, DLX3);
//!   [`NamedProblem::parse_with`] ([`ReadOptions`], [`Parsed`]) skips
//!   options without a primary item as Knuth's programs do and bounds the items.
//! - [`Solver`]: pre-selection ([`Solver::select`]), search ([`Solver::count`],
//!   [`Solver::first_solution`], [`Solver::uniqueness`],
//!   [`Solver::for_each_solution`], [`Solver::solutions`], whose
//!   [`Solution`]s also say each secondary item's color) and
//!   [`Solver::reset`]; [`Stats`] as Knuth reports them.
//! - [`Problem::prune`]: the options no solution can contain, dropped before
//!   a search.
//! - [`Solver::split`] and [`Split`]: [`Subproblem`]s named by their prefix
//!   of [`Branch`]es, searched with [`Solver::count_subproblem`] and
//!   [`Solver::for_each_solution_in`] (on other machines, say).
//! - [`Parallel`]: threads for [`Solver::count_parallel`],
//!   [`Solver::for_each_solution_parallel`] and
//!   [`Solver::first_solution_parallel`]; [`Progress`] to watch them.
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

mod builder;
mod error;
mod index;
mod matrix;
mod outcome;
mod parallel;
mod problem;
mod prune;
mod random;
mod solutions;
mod solver;
mod split;
mod text_format;
mod text_parse;

pub use builder::ProblemBuilder;
pub use error::{Error, ParseErrorKind};
pub use index::{Color, ItemId, OptionId};
pub use matrix::Branch;
pub use outcome::{Budget, Count, End, Stats, Uniqueness};
pub use parallel::{Parallel, Progress};
pub use problem::{Bounds, Kind, Problem};
pub use prune::Pruned;
pub use random::SplitMix64;
pub use solutions::{Solution, Solutions};
pub use solver::{First, Solver};
pub use split::{Split, Subproblem};
pub use text_format::{Format, NamedProblem};
pub use text_parse::{Parsed, ReadOptions};
