//! Thread scaling of the parallel counts (`dlx_engine::Dlx::count_parallel` on
//! exact-cover problems, `sudoku_dlx::Solver::count_parallel` on a Sudoku
//! puzzle with many solutions): the plain single-threaded search, the
//! parallel path on one thread (its overhead) and on two threads, timed in
//! interleaved rounds, every count checked against the published one (for
//! the puzzle, the dancing-links engine's count) and every statistic against
//! the plain search's, or, for threads sharing out a problem that the plain
//! search counts on dancing cells, against the count on the links (whose
//! updates can differ: `dlx_engine::Stats::updates`).

use std::time::Duration;

use dlx_engine::{Dlx, Parallel, Stats};
use sudoku_dlx::{Method, ParseOptions, Puzzle};

use crate::problems::CoverProblem;
use crate::timing::{median, time};

/// How the count runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// `Dlx::count`.
    Plain,
    /// `Dlx::count_parallel` on this many threads.
    Threads(usize),
}

impl Setting {
    /// The settings compared, in table order.
    pub const ALL: [Setting; 3] = [Setting::Plain, Setting::Threads(1), Setting::Threads(2)];

    /// A column heading.
    #[must_use]
    pub fn name(self) -> String {
        match self {
            Setting::Plain => "plain".to_owned(),
            Setting::Threads(1) => "parallel, 1 thread".to_owned(),
            Setting::Threads(n) => format!("parallel, {n} threads"),
        }
    }

    /// Counts the solutions of `solver`'s problem this way: the count and the
    /// statistics.
    fn count(self, solver: &mut Dlx) -> (u64, Stats) {
        let count = match self {
            Setting::Plain => solver.count(None),
            Setting::Threads(n) => solver.count_parallel(&Parallel::new().with_threads(n), None),
        };
        (count.solutions, solver.stats().clone())
    }

    /// Counts the solutions of `puzzle` with `solver` this way.
    fn count_puzzle(self, solver: &mut sudoku_dlx::Solver, puzzle: &Puzzle) -> (u64, Stats) {
        let count = match self {
            Setting::Plain => solver.count(puzzle, None),
            Setting::Threads(n) => {
                solver.count_parallel(puzzle, &Parallel::new().with_threads(n), None)
            }
        };
        let solutions = count.map_or(u64::MAX, |c| c.solutions);
        (solutions, solver.stats().clone())
    }
}

/// The Sudoku puzzle of the scaling table: the first puzzle of
/// `data/sudoku/tdoku_puzzles2_17_clue.txt` with its first two clues
/// blanked, which leaves 910,776 solutions.
pub const SUDOKU_PUZZLE: &str =
    ".........................3......3.2...1.4......5....6..3......4.7..8...962...7...";

/// The median time of each setting on one problem.
#[derive(Clone, Debug)]
pub struct Scaling {
    /// The problem's name.
    pub name: String,
    /// Its solutions.
    pub solutions: u64,
    /// Median seconds per count, in the order of [`Setting::ALL`].
    pub medians: Vec<Duration>,
}

impl Scaling {
    /// Times `rounds` interleaved rounds of every setting on `problem`.
    ///
    /// # Errors
    ///
    /// The problem cannot be loaded, or a count or its statistics differ from
    /// the published count or the plain search's.
    pub fn measure(problem: CoverProblem, rounds: usize) -> Result<Scaling, String> {
        let named = problem.load()?;
        let mut solver = Dlx::new(named.problem());
        let (_, plain) = Setting::Plain.count(&mut solver);
        let on_links = links_count(&mut solver)?;
        // One thread is the plain count itself (on the cells where it runs
        // there); more share out the count on the links.
        let reference = |setting| match setting {
            Setting::Plain | Setting::Threads(1) => &plain,
            Setting::Threads(_) => &on_links,
        };
        let medians = interleave(
            problem.name,
            problem.solutions,
            reference,
            rounds,
            |setting| setting.count(&mut solver),
        )?;
        Ok(Scaling {
            name: problem.name.to_owned(),
            solutions: problem.solutions,
            medians,
        })
    }

    /// Times `rounds` interleaved rounds of every setting on
    /// [`SUDOKU_PUZZLE`] (on bitsets), each count checked against the
    /// dancing-links engine's.
    ///
    /// # Errors
    ///
    /// A count or its statistics differ from the engine's count or the
    /// plain search's.
    pub fn measure_sudoku(rounds: usize) -> Result<Scaling, String> {
        let puzzle =
            Puzzle::parse(SUDOKU_PUZZLE, &ParseOptions::default()).map_err(|e| e.to_string())?;
        let mut links = sudoku_dlx::Solver::new(puzzle.rules());
        links.set_method(Method::DancingLinks);
        let (solutions, _) = Setting::Plain.count_puzzle(&mut links, &puzzle);
        let mut solver = sudoku_dlx::Solver::new(puzzle.rules());
        let (_, reference) = Setting::Plain.count_puzzle(&mut solver, &puzzle);
        let name = "sudoku (17-clue, 2 blanked)";
        let medians = interleave(
            name,
            solutions,
            |_| &reference,
            rounds,
            |setting| setting.count_puzzle(&mut solver, &puzzle),
        )?;
        Ok(Scaling {
            name: name.to_owned(),
            solutions,
            medians,
        })
    }

    /// The median of `setting`.
    #[must_use]
    pub fn median(&self, setting: Setting) -> Duration {
        let k = Setting::ALL.iter().position(|&s| s == setting).unwrap_or(0);
        self.medians[k]
    }
}

/// The statistics of the count on dancing links, whatever `Dlx::count`
/// runs on: the whole problem as the one subproblem of a split at depth 0.
fn links_count(solver: &mut Dlx) -> Result<Stats, String> {
    let split = solver.split(0);
    let mut total = solver.stats().clone();
    for subproblem in split.subproblems() {
        solver
            .count_subproblem(subproblem, None)
            .map_err(|e| e.to_string())?;
        total += solver.stats();
    }
    Ok(total)
}

/// The median time of each setting of `count` over `rounds` interleaved
/// rounds, each count checked against `solutions` and its statistics
/// against `reference`'s for its setting.
fn interleave<'r>(
    name: &str,
    solutions: u64,
    reference: impl Fn(Setting) -> &'r Stats,
    rounds: usize,
    mut count: impl FnMut(Setting) -> (u64, Stats),
) -> Result<Vec<Duration>, String> {
    let mut samples = vec![Vec::new(); Setting::ALL.len()];
    for round in 0..rounds {
        for k in 0..Setting::ALL.len() {
            // Rotate the order each round so no setting always runs first.
            let s = (k + round) % Setting::ALL.len();
            let setting = Setting::ALL[s];
            let ((counted, stats), elapsed) = time(|| count(setting));
            if counted != solutions {
                return Err(format!(
                    "{name}: {} counted {counted} solutions, not {solutions}",
                    setting.name(),
                ));
            }
            if &stats != reference(setting) {
                return Err(format!(
                    "{name}: {} reports other statistics than the plain search (threads: the count on the links)",
                    setting.name()
                ));
            }
            samples[s].push(elapsed);
        }
    }
    samples
        .iter()
        .map(|s| median(s).ok_or_else(|| "no rounds were run".to_owned()))
        .collect()
}
