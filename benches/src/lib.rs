//! Benchmarks of `sudoku-dlx` and its engine side by side with peer crates.
//!
//! # What it guarantees
//!
//! Every measurement checks its answer: solution counts against published
//! values and against every other solver, and solutions with checkers that
//! share no code with the solvers ([`cover_check`]). A fast wrong answer
//! aborts the run instead of entering a table.
//!
//! # Overview
//!
//! - [`problems`]: the Knuth-format exact-cover problems in `data/exact-cover`.
//! - [`cover_solvers`]: our engine and the `dlx` and `dlx-rs` crates behind
//!   one interface, fed the same problem.
//! - [`cover_check`]: an independent exact-cover checker and a fingerprint
//!   of a solution set.
//! - [`sudoku_sets`]: the tdoku Sudoku sets in `data/sudoku`.
//! - [`sudoku_solvers`]: our engine, the `sudoku` crate, and the `dlx` and
//!   `dlx-rs` crates answering "0, 1 or 2+ solutions?" per puzzle.
//! - [`grid_check`]: an independent Sudoku grid checker.
//! - [`scaling`]: the engine's parallel count on 1 and 2 threads against
//!   the plain search.
//! - [`canon_check`]: canonical forms checked by re-applying their
//!   transformation, and equivalence classes compared with the `sudoku`
//!   crate's.
//! - [`canon_peers`]: canonical forms, ours and the `sudoku` crate's, in
//!   interleaved rounds (`compare --only canon`).
//! - [`timing`]: medians of interleaved rounds.
//!
//! The comparison program is `src/bin/compare.rs`; the criterion benches are
//! in `benches/`. `docs/benchmarks.md` says what each measures and how to run
//! it.

pub mod canon_check;
pub mod canon_peers;
pub mod cover_check;
pub mod cover_solvers;
pub mod grid_check;
pub mod problems;
pub mod scaling;
pub mod sudoku_sets;
pub mod sudoku_solvers;
pub mod timing;

/// The workspace README's Rust examples, compiled and run as doctests so
/// they cannot rot. They live here rather than in `sudoku-dlx`, whose
/// package holds only its own folder: this crate, never packaged, depends
/// on both libraries the examples use.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeExamples;
