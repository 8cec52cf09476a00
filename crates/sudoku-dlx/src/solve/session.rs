//! Stacks of givens on a solver's backend: the public [`Session`] on the
//! engine, and [`Planted`], the generator's removal checks on whichever
//! backend the solver picks.

use dlx::{Count, Stats};

use crate::model::error::Error;
use crate::solve::backend::{Backend, SearchOptions};
use crate::solve::links::Links;

/// Givens on a stack, searched with whatever is on it; see
/// [`Solver::session`](crate::solve::solver::Solver::session).
///
/// It runs on the dancing-links engine, whatever the solver's method: each
/// [`push`](Self::push) and [`pop`](Self::pop) costs one engine selection
/// (covering or uncovering a cell's few items), so a test that changes the
/// top few givens costs a few selections rather than one per given of the
/// puzzle.
#[derive(Debug)]
pub struct Session<'s> {
    links: &'s mut Links,
    /// The solver's budget and seed.
    options: SearchOptions,
    /// The givens selected in the engine, bottom first. Invariant: the
    /// engine's selection stack holds exactly their options, in this order.
    givens: Vec<(usize, u8)>,
}

impl<'s> Session<'s> {
    /// A session on `links`, which holds no givens, searching with `options`.
    pub(crate) fn new(links: &'s mut Links, options: SearchOptions) -> Session<'s> {
        Session {
            links,
            options,
            givens: Vec::new(),
        }
    }
}

impl Session<'_> {
    /// Puts `digit` in the cell at row-major `index`, on top of the stack.
    ///
    /// # Errors
    ///
    /// [`Error::BadGiven`] if `index` is off the grid or `digit` is not a
    /// digit of it, and [`Error::ConflictingGivens`] if a given on the stack
    /// breaks a rule with it; the session is then unchanged.
    pub fn push(&mut self, index: usize, digit: u8) -> Result<(), Error> {
        self.links.push(index, digit)?;
        self.givens.push((index, digit));
        Ok(())
    }

    /// Takes the most recently pushed given off the stack and returns it,
    /// or `None` if the stack is empty.
    pub fn pop(&mut self) -> Option<(usize, u8)> {
        let given = self.givens.pop()?;
        self.links.pop();
        Some(given)
    }

    /// The givens on the stack, bottom first.
    #[must_use]
    pub fn givens(&self) -> &[(usize, u8)] {
        &self.givens
    }

    /// Counts the solutions of the givens on the stack, up to `limit`, under
    /// the solver's budget and seed; as [`Solver::count`](crate::solve::solver::Solver::count).
    pub fn count(&mut self, limit: Option<u64>) -> Count {
        self.links.count(limit, &self.options)
    }

    /// The engine's statistics for the last search.
    #[must_use]
    pub fn stats(&self) -> &Stats {
        self.links.stats()
    }
}

impl Drop for Session<'_> {
    fn drop(&mut self) {
        self.links.clear();
    }
}

/// Cells of a planted solution on a stack of givens, and whether the puzzle
/// they make is unique: the small interface the generator removes clues
/// through, the same on both backends. See
/// [`Solver::planted`](crate::solve::solver::Solver::planted).
pub(crate) struct Planted<'s> {
    backend: &'s mut dyn Backend,
    /// The complete grid the givens come from, row-major.
    solution: &'s [u8],
    options: SearchOptions,
}

impl<'s> Planted<'s> {
    /// A stack on `backend` (cleared first) of cells of `solution`.
    pub(crate) fn new(
        backend: &'s mut dyn Backend,
        solution: &'s [u8],
        options: SearchOptions,
    ) -> Planted<'s> {
        backend.clear();
        Planted {
            backend,
            solution,
            options,
        }
    }
}

impl Planted<'_> {
    /// Puts `cells`, in order, with their digits in the solution on top of
    /// the stack.
    ///
    /// # Errors
    ///
    /// [`Error::BadGiven`] for a cell off the grid; cells of one solution
    /// never clash.
    pub(crate) fn push(&mut self, cells: &[usize]) -> Result<(), Error> {
        self.backend.push_cells(cells, self.solution)
    }

    /// Takes `cells` off the top of the stack: the cells pushed last, named
    /// in the order they were pushed.
    pub(crate) fn pop(&mut self, cells: &[usize]) {
        self.backend.pop_cells(cells);
    }

    /// Whether the cells on the stack make a puzzle whose only solution is
    /// the planted one, given that they do with `blanked` put back too;
    /// `None` if the budget ran out first.
    pub(crate) fn unique_without(&mut self, blanked: &[usize]) -> Option<bool> {
        self.backend
            .unique_after_blanking(self.solution, blanked, &self.options)
    }
}

impl Drop for Planted<'_> {
    fn drop(&mut self) {
        self.backend.clear();
    }
}
