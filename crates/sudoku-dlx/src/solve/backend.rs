//! The private interface of the two engines that hold a stack of givens,
//! dancing links ([`Links`](crate::solve::links::Links)) and bitsets
//! ([`Bitsets`](crate::solve::bitsets::Bitsets)), and the options a search
//! runs with (the band board of [`classic`](crate::solve::classic) answers
//! its two questions through its own calls).
//!
//! A backend holds a stack of givens (loaded whole, or pushed and popped
//! one at a time) and answers the four questions every caller asks of them:
//! the first solution, each solution, how many, and whether a puzzle known to
//! be unique stays unique with some cells blanked. Once the givens are on
//! it, a search cannot fail. The `Solver` asks
//! [`engine_for`](crate::solve::engine::engine_for) for the backend of
//! each search and loads the givens (each backend's `load`, which is where
//! clashing givens show).

use std::ops::ControlFlow;
use std::sync::Arc;

use dlx_engine::{Budget, Count, First, Parallel, Progress, Stats};

use crate::model::error::Error;
use crate::model::grid::Grid;

/// Which engines a [`Solver`](crate::solve::solver::Solver) may search
/// on: the caller's request. The [`Engine`](crate::Engine) that runs
/// follows from it, the operation, the rules, the seed and the budget, by
/// the table on [`Engine`](crate::Engine). Every engine gives the same
/// answers (the same solutions, counts and errors).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Method {
    /// The fastest engine that has a form of the rules and answers what is
    /// asked in the order asked for: bitsets, or on plain 9x9 the band
    /// board for counts to a limit; links with a seed or an update budget.
    #[default]
    Auto,
    /// Always links, whose statistics are Knuth's (nodes entered and link
    /// updates).
    DancingLinks,
    /// Bitsets wherever the grid has a bitset form, also with a seed,
    /// which then draws the cell to branch on among those with the fewest
    /// candidates and the order of its digits; links elsewhere.
    Bitsets,
}

/// Nodes between two looks of a search at the caller's stop
/// ([`Solver::set_stop`](crate::Solver::set_stop)) on the bitsets and the
/// band board: often enough to stop within a blink, rare enough to cost
/// nothing measurable (the budget's comparison per node does both).
pub(crate) const CHECK_EVERY: u64 = 4096;

/// How one search runs: the method, the budget and the order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SearchOptions {
    /// Which backend may run it.
    pub(crate) method: Method,
    /// Where the search gives up.
    pub(crate) budget: Budget,
    /// A random order drawn from this seed; `None` for the fixed order.
    pub(crate) seed: Option<u64>,
}

/// One way of searching the exact cover of one [`Rules`](crate::Rules).
pub(crate) trait Backend {
    /// Puts `digit` in the cell at `index`, on top of the givens.
    ///
    /// # Errors
    ///
    /// [`Error::IndexOffGrid`] or [`Error::DigitOutOfRange`] off the grid, and on the engine
    /// [`Error::ConflictingGivens`] for a given that breaks a rule with
    /// one below it (the bitsets find no solution for such givens instead).
    fn push(&mut self, index: usize, digit: u8) -> Result<(), Error>;

    /// Takes the most recently pushed given off.
    fn pop(&mut self);

    /// Pushes each of `cells` with its digit in `digits` (row-major), in
    /// order; on an error the cells before the bad one stay pushed.
    ///
    /// # Errors
    ///
    /// As for [`push`](Self::push).
    fn push_cells(&mut self, cells: &[usize], digits: &[u8]) -> Result<(), Error> {
        for &i in cells {
            self.push(i, digits.get(i).copied().unwrap_or(0))?;
        }
        Ok(())
    }

    /// Takes the givens of `cells` off: the most recently pushed ones, in
    /// the order they were pushed.
    fn pop_cells(&mut self, cells: &[usize]) {
        for _ in cells {
            self.pop();
        }
    }

    /// Removes every given.
    fn clear(&mut self);

    /// The first solution of the givens, in the order `options` asks for.
    fn first(&mut self, options: &SearchOptions) -> First<Grid>;

    /// Calls `visit` with each solution until it breaks or the search ends.
    fn for_each(
        &mut self,
        options: &SearchOptions,
        visit: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Count;

    /// Counts the solutions up to `limit`.
    fn count(&mut self, limit: Option<u64>, options: &SearchOptions) -> Count;

    /// Counts the solutions up to `limit` on `parallel`'s threads (on the
    /// caller's rayon pool, for the bitsets, when called from one): the
    /// same count as [`count`](Self::count), and for an exact count the
    /// same statistics, in the fixed order whatever the seed.
    fn count_parallel(
        &mut self,
        limit: Option<u64>,
        options: &SearchOptions,
        parallel: &Parallel,
    ) -> Count;

    /// Whether the givens have `solution` (row-major digits) as their only
    /// solution, when the givens with `solution`'s digits put back in
    /// `blanked` are known to have no other: `None` if the budget ran out
    /// first.
    fn unique_after_blanking(
        &mut self,
        solution: &[u8],
        blanked: &[usize],
        options: &SearchOptions,
    ) -> Option<bool>;

    /// The statistics of the last search.
    fn stats(&self) -> &Stats;

    /// Makes later counts end early, with `End::Stopped` and the
    /// solutions found so far, once `stop` is stopped; `None` removes it.
    fn set_stop(&mut self, stop: Option<Arc<Progress>>);
}
