//! A generic exact-cover engine: Knuth's Algorithm X with dancing links.
//!
//! # What it guarantees
//!
//! - **Exact answers.** Every solution reported covers each primary item
//!   exactly once and each secondary item at most once; counts say whether
//!   they are exact or stopped at a limit or budget ([`Count::is_exact`]).
//! - **No panics on input.** Bad problems and bad text are [`Error`] values
//!   with positions; searches are iterative, so deep problems cannot overflow
//!   the stack.
//! - **Bounded work.** A [`Budget`] of search-tree nodes or updates stops a
//!   hostile problem with [`End::BudgetExhausted`].
//! - **Reuse without rebuilding.** A [`Solver`] pre-selects options, searches
//!   and resets; every search restores the links exactly, however it ends.
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
//! # Overview
//!
//! - [`Problem`] and [`ProblemBuilder`]: items (primary, then secondary) and
//!   options, validated as they are added; [`ItemId`] and [`OptionId`] index them.
//! - [`NamedProblem`]: a problem with item names, read from and written to
//!   Knuth's text format.
//! - [`Solver`]: pre-selection ([`Solver::select`]), search ([`Solver::count`],
//!   [`Solver::first_solution`], [`Solver::uniqueness`],
//!   [`Solver::for_each_solution`], [`Solver::solutions`]) and
//!   [`Solver::reset`]; [`Stats`] as Knuth reports them.
//!
//! # Algorithm
//!
//! D. E. Knuth, *The Art of Computer Programming*, Vol. 4B, §7.2.2.1
//! (Algorithm X), and "Dancing Links", arXiv:cs/0011047. The arena follows
//! his program DLX1: item headers, option nodes and spacers share one array
//! of `u32`-linked nodes (see `docs/architecture.md`). The item to branch on
//! is chosen by the MRV heuristic: fewest remaining options, ties to the
//! leftmost.

#![deny(unsafe_code)]

mod error;
mod index;
mod matrix;
mod outcome;
mod problem;
mod prune;
mod random;
mod solver;
mod text_format;

pub use error::{Error, ParseErrorKind};
pub use index::{ItemId, OptionId};
pub use outcome::{Budget, Count, End, Stats, Uniqueness};
pub use problem::{Problem, ProblemBuilder};
pub use prune::Pruned;
pub use random::SplitMix64;
pub use solver::{First, Solutions, Solver};
pub use text_format::NamedProblem;
