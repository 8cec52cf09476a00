//! Sudoku of every common shape and variant, solved as exact cover on the
//! [`dlx_engine`] engine.
//!
//! # What it guarantees
//!
//! - **Exact answers.** Solutions come from an exact-cover search;
//!   [`Solver::count`] says whether a count is exact or stopped at a limit
//!   or budget, and [`check_solution`] verifies any grid without the engine.
//! - **No panics on input.** Bad text, shapes and region maps are
//!   [`Error`] values with positions (line, column, cell index); values
//!   built in code name the argument at fault.
//! - **One answer for "no solution".** Every unsolvable puzzle, clashing
//!   givens included, is `First::NoSolution` (a count of 0);
//!   [`Solver::clash`] names the two givens, their digit and unit.
//! - **One matrix per rules.** A [`Solver`] builds the matrix once for a
//!   [`Rules`] (shape, variants, regions); for each puzzle it pre-selects the
//!   givens, searches and resets. Nothing on that path rebuilds the matrix
//!   or allocates per search node.
//! - **Bitsets where they pay.** Grids of at most 128 cells (4x4 to 10x10,
//!   any variant but killer) are searched by default on bitsets: the same
//!   options and items, one 128-bit cell set per digit, several times
//!   faster than following links; plain 9x9 counts to a limit run on a band
//!   board. [`Method::DancingLinks`] keeps the engine; every [`Engine`]
//!   gives the same answers, and the tests hold them to it. The table on
//!   [`Engine`] says which runs when.
//! - **Variants are items, not code.** X, windoku, jigsaw, anti-king,
//!   anti-knight and killer cages add items and options to the matrix, so
//!   any combination works.
//! - **Round trips.** Every grid and puzzle prints (line and pretty formats)
//!   in a form [`Puzzle::parse`] reads back. The line format of a puzzle
//!   holds its givens and jigsaw map, not its variants or box shape (a
//!   6x6 line reads as 2x3 boxes): [`ParseOptions::for_puzzle`] gives
//!   those, and with it every puzzle's line reads back equal.
//! - **Canonical forms.** [`canonical`] gives the minlex form of a puzzle
//!   of any box shape, equal for equivalent puzzles, with the [`Transform`]
//!   that reaches it; [`equivalence`] says whether two puzzles are one.
//! - **No I/O.** Callers hand in text and get values; [`Framer`] and
//!   [`Records`] split a stream of lines into records.
//!
//! # Example
//!
//! ```
//! use sudoku_dlx::{First, Puzzle, Solver, Uniqueness};
//!
//! let puzzle: Puzzle =
//!     "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9".parse()?;
//! let mut solver = Solver::new(puzzle.rules()); // reuse it for every puzzle of these rules
//! let First::Solution(grid) = solver.solve(&puzzle)? else { panic!("solvable") };
//! assert!(grid.is_solution_of(&puzzle)); // the independent checker, not the engine
//! let Uniqueness::Unique(solution) = solver.uniqueness(&puzzle)? else { panic!("unique") };
//! assert_eq!(
//!     solution.to_string(),
//!     "987654321246173985351928746128537694634892157795461832519286473472319568863745219"
//! );
//! # Ok::<(), sudoku_dlx::Error>(())
//! ```
//!
//! The answers are the engine's words ([`First`], [`Uniqueness`], re-exported
//! from [`dlx_engine`]) with grids for solutions, so code that uses both crates
//! reads one vocabulary. No name of the two crates clashes: the engine's
//! solver and error are [`dlx_engine::Dlx`] and [`dlx_engine::DlxError`], so glob imports of
//! both leave [`Solver`] and [`Error`] to this crate.
//!
//! ```
//! use dlx_engine::*;
//! use sudoku_dlx::*;
//!
//! fn both() -> Result<(), Error> {
//!     let puzzle: Puzzle = "1234341221434321".parse()?;
//!     let mut sudoku = Solver::new(puzzle.rules());
//!     let answer: Uniqueness<Grid> = sudoku.uniqueness(&puzzle)?;
//!     assert!(answer.is_unique());
//!     let named = NamedProblem::parse("a b\na\nb\na b\n")?; // DlxError -> Error
//!     let mut engine = Dlx::new(named.problem());
//!     assert!(matches!(engine.uniqueness(), Uniqueness::Multiple(..)));
//!     assert_eq!(engine.count(None), Count { solutions: 2, end: End::Exhausted });
//!     Ok(())
//! }
//! both()?;
//! let failed: Result<NamedProblem, DlxError> = NamedProblem::parse("a\nb\n");
//! assert!(failed.is_err());
//! # Ok::<(), Error>(())
//! ```
//!
//! # From the `sudoku` crate
//!
//! | `sudoku` 0.8 | this crate |
//! |---|---|
//! | `Sudoku::from_str_line(s)?` | `s.parse::<Puzzle>()?` (any shape; [`Puzzle::parse`] with [`ParseOptions`] for variants, alphabets, a fixed shape) |
//! | `sudoku.some_solution()` | [`Solver::solve`] ([`First`]) |
//! | `sudoku.solution()` (only if unique) | [`Solver::uniqueness`]: `Uniqueness::Unique(grid)` |
//! | `sudoku.is_uniquely_solvable()` | `solver.uniqueness(&p)?.is_unique()` |
//! | `sudoku.solutions_count_up_to(n)` | `solver.count(&p, Some(n))?.solutions` ([`Count::is_exact`] says whether it stopped); clashing givens count 0, and [`Solver::clash`] or [`Solver::tally`] names them |
//! | `sudoku.is_solved()` | [`Grid::is_solution_of`], [`Rules::check`] for a grid alone, [`check_solution`] for the reason |
//! | `sudoku.to_str_line()`, `display_block()` | `puzzle.to_string()`, [`Grid::pretty`] |
//! | `Sudoku::generate()` | [`Generator::generate`] with a seed (180° symmetry by default; [`GenerateOptions`] for minimal, clues, difficulty) |
//! | `sudoku.canonicalized()` | [`canonical`] |
//!
//! The difference: build one [`Solver`] for the rules and reuse it, as the
//! `sudoku` crate has no matrix to build; a `Solver` is built once per
//! [`Rules`] and never fails.
//!
//! ```
//! use sudoku_dlx::{GenerateOptions, Generator, Rules, Solver};
//!
//! let rules = Rules::classic();
//! let mut generator = Generator::new(&rules, GenerateOptions::default());
//! let generated = generator.generate(7)?; // the seed decides the puzzle
//! let mut solver = Solver::new(&rules);
//! assert!(solver.uniqueness(&generated.puzzle)?.is_unique());
//! assert_eq!(solver.count(&generated.puzzle, Some(2))?.solutions, 1);
//! assert!(generated.solution.is_solution_of(&generated.puzzle));
//! # Ok::<(), sudoku_dlx::Error>(())
//! ```
//!
//! # Overview
//!
//! - [`Shape`] (n x n with r x c boxes, 4x4 to 64x64) and [`Cell`].
//! - [`Variants`] (X, windoku, anti-king, anti-knight), [`Regions`]
//!   (jigsaw), [`Cages`] (killer: [`Cage`], [`CageProblem`]), and
//!   [`Rules`], these together: what a solver is built for.
//! - [`Grid`]: digits, complete or partial, read and written by index or
//!   [`Cell`] ([`GridIndex`]); line and pretty display.
//! - [`Puzzle`]: rules and givens; [`Puzzle::parse`] with [`ParseOptions`]
//!   (line, block, numbers and jigsaw formats; [`Alphabet`]s `1-9A-Z`,
//!   `0-9A-F`, numbers); [`Framer`] and [`Records`] for streams;
//!   [`CheckRecord`] for a puzzle and the solution or board after it;
//!   [`Puzzle::drawing`] ([`Drawing`]) for a grid with its boxes or
//!   jigsaw regions drawn.
//! - [`Solver`]: [`solve`](Solver::solve) ([`First`]),
//!   [`set_method`](Solver::set_method) ([`Method`]),
//!   [`engine_for`](Solver::engine_for) ([`Operation`], [`Engine`]),
//!   [`last_engine`](Solver::last_engine),
//!   [`count`](Solver::count) ([`Count`]), [`tally`](Solver::tally) ([`Tally`]),
//!   [`clash`](Solver::clash),
//!   [`uniqueness`](Solver::uniqueness)
//!   ([`Uniqueness`]), [`for_each_solution`](Solver::for_each_solution),
//!   [`set_budget`](Solver::set_budget) ([`Budget`]),
//!   [`set_seed`](Solver::set_seed), [`stats`](Solver::stats) ([`Stats`]).
//! - [`check_solution`], [`Rules::check`], [`Grid::is_solution_of`] and
//!   [`Violation`]: the independent checker.
//! - [`Generator`] ([`GenerateOptions`], [`Generated`], [`Minimality`], [`Symmetry`],
//!   [`puzzle_seed`]): unique puzzles from a seed, symmetric, minimal, or
//!   of a clue count or level. [`Maker`] ([`Plan`]) chooses among the
//!   generators for a run and refuses a clue count no unique puzzle has
//!   ([`Plan::clue_range`]). [`KillerGenerator`]: unique killer puzzles
//!   without givens. [`Rater`] ([`Rating`], [`Level`]) scores
//!   difficulty from human techniques ([`LogicSolver`], [`Technique`]) and
//!   search effort averaged over seeded orders (killer puzzles by search
//!   effort alone: the techniques know no cages). [`Explainer`]
//!   ([`Explanation`], [`Hint`], [`Step`]) gives the rater's steps as a
//!   person would follow them: technique, pattern, placements and
//!   eliminations, trials where the techniques stall, and the next step or
//!   the wrong cell of a player's board (killer puzzles are refused:
//!   [`Error::KillerNotExplained`]).
//! - [`Error`] ([`Error::position`], [`Error::reason`]) and [`Unit`]: what
//!   can be wrong, where in the text, and where givens clash.
//!
//! # Encoding
//!
//! For 9x9 the matrix has 729 options (cell r,c holds digit d) and 324
//! primary items (cell filled; row, column and box have d). Variants add
//! primary items (diagonals, windows; jigsaw regions replace boxes) and
//! secondary items for anti-king (one per 2x2 window and digit) and
//! anti-knight (one per knight pair and digit). Killer cages add, per
//! cage, n primary "cage has digit d" items (covered by its cells' options)
//! and a "chosen" item, and one option per digit set the sum admits,
//! covering "chosen" and the digits not in the set.

#![forbid(unsafe_code)]

// Floors, bottom up; each imports only from the floors below it and from
// itself, and no two files import each other (tests/layers.rs checks this).
mod canon;
#[cfg(feature = "serde")]
pub mod json;
mod make;
mod model;
mod rate;
#[cfg(feature = "render")]
pub mod render;
mod solve;
mod text;

pub use canon::canonicalizer::{
    Canonical, Canonicalizer, DEFAULT_CANON_BUDGET, canonical, equivalence,
};
pub use canon::transform::Transform;
pub use dlx_engine::{Budget, Count, End, First, Parallel, Progress, Stats, Uniqueness};
pub use make::generate_options::{GenerateOptions, default_check_budget};
pub use make::generated::{Distance, Generated};
pub use make::generator::{Attempts, Generator};
pub use make::jigsaw::{RandomJigsaw, RandomRegions, random_regions};
pub use make::killer::KillerGenerator;
pub use make::maker::{Maker, Plan};
pub use make::repair::Minimality;
pub use make::seeds::{puzzle_seed, replay_seed};
pub use make::symmetry::{Symmetry, UnknownSymmetry};
pub use model::cage_problem::CageProblem;
pub use model::cages::{Cage, CageLayout, Cages, MAX_KILLER_SIZE};
pub use model::cell::{Cell, MAX_SIZE};
pub use model::checker::{Violation, check_solution};
pub use model::drawing::Drawing;
pub use model::error::{Error, Position};
pub use model::grid::{Grid, GridIndex, LineDisplay, PrettyDisplay};
pub use model::puzzle::Puzzle;
pub use model::regions::Regions;
pub use model::rules::Rules;
pub use model::shape::Shape;
pub use model::symbols::Alphabet;
pub use model::unit::Unit;
pub use model::variants::{Variants, windoku_windows};
pub use rate::explain::{Board, Explained, Explainer, Explanation, Hint, OnStall};
pub use rate::link::{Chain, Link};
pub use rate::rater::{Level, Rated, Rater, Rating, UnknownLevel};
pub use rate::step::{Elimination, House, Placement, Step, StepKind};
pub use rate::technique::Technique;
pub use rate::techniques::{LogicReport, LogicSolver};
pub use solve::backend::Method;
pub use solve::engine::{Engine, Operation};
pub use solve::session::Session;
pub use solve::solver::{Solver, Tally};
pub use text::check_record::CheckRecord;
pub use text::framer::{Framer, Record, Records, Skipped};
pub use text::parse_options::ParseOptions;

/// The crate README's example, compiled and run as a doctest so it cannot
/// rot (the workspace README's examples run in the `benches` crate, which
/// is never packaged: this crate's package cannot reach that file).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;
