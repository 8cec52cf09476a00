//! Counting with the solver: how many solutions (to a limit), on one
//! thread or spread over several, a batch's tally that adds why clashing
//! givens have no solution, and uniqueness.

use std::ops::ControlFlow;

use dlx_engine::{Count, End, Parallel, Uniqueness};

use dlx_engine::Budget;

use crate::model::error::Error;
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::solve::backend::SearchOptions;
use crate::solve::engine::{Engine, Operation};
use crate::solve::solver::{FIRST_LOOK, NO_SOLUTION, Solver, no_clash};

/// What [`Solver::tally`] counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// The count: 0 and exact when the givens clash.
    pub count: Count,
    /// Why there is no solution, when two givens break a rule: an
    /// [`Error::ConflictingGivens`].
    pub clash: Option<Error>,
}

impl Solver {
    /// Counts solutions up to `limit`; [`Count::is_exact`] says whether the
    /// count is exact or stopped at the limit or budget.
    ///
    /// Givens that break a rule have no solution, an exact count of 0, as
    /// every puzzle without one (see [`solve`](Self::solve));
    /// [`tally`](Self::tally) adds the clash as the reason.
    ///
    /// # Errors
    ///
    /// As for [`solve`](Self::solve).
    pub fn count(&mut self, puzzle: &Puzzle, limit: Option<u64>) -> Result<Count, Error> {
        let options = self.options;
        no_clash(self.count_with(puzzle, limit, &options), NO_SOLUTION)
    }

    /// [`count`](Self::count) with the reason for a count of 0 when two
    /// givens clash: [`clash`](Self::clash) in one call, for a batch.
    ///
    /// ```
    /// use sudoku_dlx::{Error, Puzzle, Solver};
    /// let clash: Puzzle = "11..............".parse()?;
    /// let mut solver = Solver::new(clash.rules());
    /// assert_eq!(solver.count(&clash, None)?.solutions, 0);
    /// let tally = solver.tally(&clash, None)?;
    /// assert_eq!((tally.count.solutions, tally.count.is_exact()), (0, true));
    /// assert!(matches!(tally.clash, Some(Error::ConflictingGivens { digit: 1, .. })));
    /// let fine: Puzzle = "12..............".parse()?;
    /// assert_eq!(solver.tally(&fine, None)?.clash, None);
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::RulesMismatch`] for a puzzle of other rules.
    pub fn tally(&mut self, puzzle: &Puzzle, limit: Option<u64>) -> Result<Tally, Error> {
        let options = self.options;
        match self.count_with(puzzle, limit, &options) {
            Ok(count) => Ok(Tally { count, clash: None }),
            Err(clash @ Error::ConflictingGivens { .. }) => Ok(Tally {
                count: Count {
                    solutions: 0,
                    end: End::Exhausted,
                },
                clash: Some(clash),
            }),
            Err(e) => Err(e),
        }
    }

    /// [`count`](Self::count) with `options` instead of the solver's.
    pub(crate) fn count_with(
        &mut self,
        puzzle: &Puzzle,
        limit: Option<u64>,
        options: &SearchOptions,
    ) -> Result<Count, Error> {
        let operation = if limit.is_some() {
            Operation::CountToLimit
        } else {
            Operation::CountAll
        };
        let mut engine = self.choose(operation, options);
        if engine == Engine::Bands {
            if puzzle.rules() == &self.rules
                && let Some(classic) = &mut self.classic
                && let Some(count) = classic.count(
                    puzzle.givens().digits(),
                    limit,
                    options.budget,
                    self.stop.as_deref(),
                )
            {
                self.ran = Some(Engine::Bands);
                return Ok(count);
            }
            // The givens clash: the band board cannot say where.
            engine = engine.on_clash();
        }
        self.run(puzzle, engine, |backend| backend.count(limit, options))
    }

    /// [`count`](Self::count) on every thread `parallel` names, for one
    /// puzzle with very many solutions: the same count, and for an exact
    /// count the same [`stats`](Self::stats), for any number of threads
    /// (with a limit, the first look is an
    /// [`Operation::CountToLimit`] and the spread search an
    /// [`Operation::CountAll`], which on plain 9x9 run on different
    /// engines, so the statistics depend on which one ended it).
    ///
    /// The threads share the search tree, a busy one giving part of its
    /// tree away whenever another has nothing to do, so a lopsided tree
    /// keeps every thread busy; a puzzle that 16,384 nodes settle (most
    /// do) is counted on the calling thread alone, and only if they do not
    /// is the search started again, spread. On bitsets (see
    /// [`Engine`]) it runs on the caller's rayon pool when called from one
    /// (sharing its threads with the caller's other work), else on a pool
    /// of [`Parallel::threads`]; on links it is
    /// [`dlx_engine::Dlx::count_parallel`] with `parallel` as given. The
    /// budget bounds the work of all threads together; a seed does not
    /// change a count, and the parallel search does not use it.
    ///
    /// ```
    /// use sudoku_dlx::{ParseOptions, Parallel, Puzzle, Solver};
    /// // The puzzle of the Solver example without its first clue: 21,786
    /// // solutions, more than the first look on one thread settles.
    /// let puzzle = Puzzle::parse(
    ///     "......8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ///     &ParseOptions::default(),
    /// )?;
    /// let mut solver = Solver::new(puzzle.rules());
    /// let alone = solver.count(&puzzle, None)?;
    /// let spread = solver.count_parallel(&puzzle, &Parallel::new().with_threads(2), None)?;
    /// assert_eq!(spread, alone);
    /// assert!(spread.is_exact() && spread.solutions == 21_786);
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As for [`solve`](Self::solve).
    pub fn count_parallel(
        &mut self,
        puzzle: &Puzzle,
        parallel: &Parallel,
        limit: Option<u64>,
    ) -> Result<Count, Error> {
        no_clash(
            self.count_parallel_or_clash(puzzle, limit, parallel),
            NO_SOLUTION,
        )
    }

    /// [`count_parallel`](Self::count_parallel), but clashing givens are
    /// [`Error::ConflictingGivens`].
    fn count_parallel_or_clash(
        &mut self,
        puzzle: &Puzzle,
        limit: Option<u64>,
        parallel: &Parallel,
    ) -> Result<Count, Error> {
        let options = self.options;
        let first_look = SearchOptions {
            budget: Budget {
                max_nodes: Some(
                    options
                        .budget
                        .max_nodes
                        .map_or(FIRST_LOOK, |n| n.min(FIRST_LOOK)),
                ),
                ..options.budget
            },
            ..options
        };
        let count = self.count_with(puzzle, limit, &first_look)?;
        if count.end != End::BudgetExhausted
            || options.budget.max_nodes.is_some_and(|n| n <= FIRST_LOOK)
        {
            return Ok(count);
        }
        let engine = self.choose(Operation::CountAll, &options);
        self.run(puzzle, engine, |backend| {
            backend.count_parallel(limit, &options, parallel)
        })
    }

    /// None, unique (with the solution) or multiple (with two solutions);
    /// the search stops at the second solution.
    ///
    /// # Errors
    ///
    /// As for [`solve`](Self::solve).
    pub fn uniqueness(&mut self, puzzle: &Puzzle) -> Result<Uniqueness<Grid>, Error> {
        no_clash(self.uniqueness_or_clash(puzzle), Uniqueness::NoSolution)
    }

    /// [`uniqueness`](Self::uniqueness), but clashing givens are
    /// [`Error::ConflictingGivens`]: for the explainer, which refuses such
    /// puzzles.
    pub(crate) fn uniqueness_or_clash(
        &mut self,
        puzzle: &Puzzle,
    ) -> Result<Uniqueness<Grid>, Error> {
        let mut found: Vec<Grid> = Vec::with_capacity(2);
        let count = self.for_each_or_clash(puzzle, |grid| {
            found.push(grid.clone());
            if found.len() == 2 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })?;
        let mut found = found.into_iter();
        Ok(match (found.next(), found.next()) {
            (Some(a), Some(b)) => Uniqueness::Multiple(a, b),
            // Cut short by the budget or the stop before a second solution.
            _ if matches!(count.end, End::BudgetExhausted | End::Stopped) => {
                Uniqueness::BudgetExhausted
            }
            (Some(a), None) => Uniqueness::Unique(a),
            (None, _) => Uniqueness::NoSolution,
        })
    }
}
