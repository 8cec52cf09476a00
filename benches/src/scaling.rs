//! Thread scaling of the engine's parallel count (`Solver::count_parallel`):
//! the plain single-threaded search, the parallel path on one thread (its
//! overhead: splitting, replaying prefixes, pausing every chunk) and on two
//! threads, timed in interleaved rounds, every count checked against the
//! published one and every statistic against the plain search's.

use std::time::Duration;

use dlx::{Parallel, Solver, Stats};

use crate::problems::CoverProblem;
use crate::timing::{median, time};

/// How the count runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// `Solver::count`.
    Plain,
    /// `Solver::count_parallel` on this many threads.
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
    fn count(self, solver: &mut Solver) -> (u64, Stats) {
        let count = match self {
            Setting::Plain => solver.count(None),
            Setting::Threads(n) => solver.count_parallel(None, &Parallel::new().with_threads(n)),
        };
        (count.solutions, solver.stats().clone())
    }
}

/// The median time of each setting on one problem.
#[derive(Clone, Debug)]
pub struct Scaling {
    /// The problem.
    pub problem: CoverProblem,
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
        let mut solver = Solver::new(named.problem());
        let (_, reference) = Setting::Plain.count(&mut solver);
        let mut samples = vec![Vec::new(); Setting::ALL.len()];
        for round in 0..rounds {
            for k in 0..Setting::ALL.len() {
                // Rotate the order each round so no setting always runs first.
                let s = (k + round) % Setting::ALL.len();
                let setting = Setting::ALL[s];
                let ((solutions, stats), elapsed) = time(|| setting.count(&mut solver));
                if solutions != problem.solutions {
                    return Err(format!(
                        "{}: {} counted {solutions} solutions, not {}",
                        problem.name,
                        setting.name(),
                        problem.solutions
                    ));
                }
                if stats != reference {
                    return Err(format!(
                        "{}: {} reports other statistics than the plain search",
                        problem.name,
                        setting.name()
                    ));
                }
                samples[s].push(elapsed);
            }
        }
        let medians = samples
            .iter()
            .map(|s| median(s).ok_or_else(|| "no rounds were run".to_owned()))
            .collect::<Result<_, _>>()?;
        Ok(Scaling { problem, medians })
    }

    /// The median of `setting`.
    #[must_use]
    pub fn median(&self, setting: Setting) -> Duration {
        let k = Setting::ALL.iter().position(|&s| s == setting).unwrap_or(0);
        self.medians[k]
    }
}
