//! Stacks of givens on a solver's backend: the public [`Session`] on the
//! engine, and [`Planted`], the generator's removal checks on whichever
//! backend the solver picks (or, on plain 9x9, the classic counter's band
//! board).

use dlx_engine::{Count, Stats};

use crate::model::error::Error;
use crate::solve::backend::{Backend, SearchOptions};
use crate::solve::classic::Classic;
use crate::solve::classic::check::BandGivens;
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
    /// [`Error::IndexOffGrid`] if `index` is off the grid, else
    /// [`Error::DigitOutOfRange`] if `digit` is not from 1 to the side, and [`Error::ConflictingGivens`] if a given on the stack
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
/// through, the same on every backend. See
/// [`Solver::planted`](crate::solve::solver::Solver::planted).
pub(crate) struct Planted<'s> {
    stack: Stack<'s>,
    /// The complete grid the givens come from, row-major.
    solution: &'s [u8],
    options: SearchOptions,
}

/// Where a [`Planted`] stack lives and is checked.
enum Stack<'s> {
    /// On a backend, which holds the givens.
    Backend(&'s mut dyn Backend),
    /// On plain 9x9 rules, where the bitsets would run: the givens as band
    /// words here (pushing a cell sets a bit), checked on the classic
    /// counter's band board; see [`classic_check`](crate::solve::classic::check).
    Classic {
        /// The counter that checks.
        classic: &'s mut Classic,
        /// The givens.
        givens: BandGivens,
    },
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
            stack: Stack::Backend(backend),
            solution,
            options,
        }
    }

    /// A stack of cells of `solution`, a plain 9x9 grid, checked by
    /// `classic`; empty at first.
    pub(crate) fn classic(
        classic: &'s mut Classic,
        solution: &'s [u8],
        options: SearchOptions,
    ) -> Planted<'s> {
        Planted {
            stack: Stack::Classic {
                classic,
                givens: BandGivens::new(),
            },
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
    /// [`Error::IndexOffGrid`] for a cell off the grid; cells of one solution
    /// never clash.
    pub(crate) fn push(&mut self, cells: &[usize]) -> Result<(), Error> {
        match &mut self.stack {
            Stack::Backend(backend) => backend.push_cells(cells, self.solution),
            Stack::Classic { givens, .. } => {
                for &index in cells {
                    let digit = self.solution.get(index).copied().unwrap_or(0);
                    if !givens.put(index, digit) {
                        return Err(Error::given(index, digit, 9));
                    }
                }
                Ok(())
            }
        }
    }

    /// Takes `cells` off the top of the stack: the cells pushed last, named
    /// in the order they were pushed.
    pub(crate) fn pop(&mut self, cells: &[usize]) {
        match &mut self.stack {
            Stack::Backend(backend) => backend.pop_cells(cells),
            Stack::Classic { givens, .. } => {
                for &index in cells {
                    givens.take(index, self.solution.get(index).copied().unwrap_or(0));
                }
            }
        }
    }

    /// Whether the cells on the stack make a puzzle whose only solution is
    /// the planted one, given that they do with `blanked` put back too;
    /// `None` if the budget ran out first.
    pub(crate) fn unique_without(&mut self, blanked: &[usize]) -> Option<bool> {
        match &mut self.stack {
            Stack::Backend(backend) => {
                backend.unique_after_blanking(self.solution, blanked, &self.options)
            }
            Stack::Classic { classic, givens } => {
                classic.unique_after_blanking(givens, self.solution, blanked, self.options.budget)
            }
        }
    }
}

impl Drop for Planted<'_> {
    fn drop(&mut self) {
        if let Stack::Backend(backend) = &mut self.stack {
            backend.clear();
        }
    }
}
