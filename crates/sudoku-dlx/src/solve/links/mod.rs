//! The dancing-links backend ([`Engine::Links`](crate::solve::engine::Engine::Links)):
//! the `dlx` engine on the exact-cover [`encoding`], with the givens as the
//! engine's pre-selected options.

mod encoding;

use std::ops::ControlFlow;
use std::sync::Arc;

use dlx_engine::{Count, End, First, OptionId, Parallel, Progress, Stats};

use crate::model::error::Error;
use crate::model::geometry::Geometry;
use crate::model::grid::Grid;
use crate::model::rules::Rules;
use crate::model::shape::Shape;
use crate::model::unit::Unit;
use crate::solve::backend::{Backend, SearchOptions};
use crate::solve::links::encoding::Encoding;

/// Searches with the engine; see [`Backend`].
#[derive(Clone, Debug)]
pub(crate) struct Links {
    shape: Shape,
    encoding: Encoding,
    /// Invariant: its selection stack holds exactly the givens, one option
    /// each, in the order they were loaded or pushed.
    engine: dlx_engine::Dlx,
    /// The grid handed to visitors, reused: a solution's options cover
    /// every cell, so it needs no reset.
    scratch: Grid,
    /// The options of the givens [`load`](Self::load) selects, reused.
    givens: Vec<OptionId>,
    /// Whether a stop is set ([`Backend::set_stop`]): the first solution is
    /// then looked for by the engine's watched search, which sees it.
    watched: bool,
}

impl Links {
    /// The backend for `rules`, whose units are `geometry`'s.
    pub(crate) fn new(rules: &Rules, geometry: &Geometry) -> Links {
        let encoding = Encoding::new(rules, geometry);
        let mut engine = dlx_engine::Dlx::new(encoding.problem());
        // Every search of this engine either lays the links out anew
        // (`load`) or restores them first: a count need not undo its last
        // path (docs/decisions/lazy-restore.md).
        engine.set_lazy_restore(true);
        Links {
            shape: rules.shape(),
            encoding,
            engine,
            scratch: Grid::empty(rules.shape()),
            givens: Vec::new(),
            watched: false,
        }
    }

    /// Sets the engine's budget and seed for the next search, and whether
    /// it chooses forced items first. Counts do: most nodes of a Sudoku
    /// search are naked or hidden singles, and taking them without a scan
    /// of every item (docs/decisions/forced-first.md) leaves every
    /// count as it was. Searches that hand out solutions do not, so that
    /// the first solution of a puzzle with several, and their order, stay
    /// those of the default search.
    fn prepare(&mut self, options: &SearchOptions, counting: bool) {
        self.engine.set_budget(options.budget);
        self.engine.set_seed(options.seed);
        self.engine.set_forced_first(counting);
    }

    /// The option that puts `digit` in the cell at `index`, or
    /// [`Error::IndexOffGrid`] or [`Error::DigitOutOfRange`] if either is off the grid.
    fn given(&self, index: usize, digit: u8) -> Result<OptionId, Error> {
        let shape = self.shape;
        let in_range = index < shape.cell_count() && (1..=shape.size()).contains(&digit.into());
        let option = in_range
            .then(|| self.encoding.option(index, digit))
            .flatten();
        option.ok_or_else(|| Error::given(index, digit, shape.size()))
    }

    /// The engine's error for a given that cannot be selected, as the
    /// crate's: a clash is reported as the two givens, their digit, and the
    /// unit they share.
    fn clash(&self, e: dlx_engine::DlxError) -> Error {
        match e {
            dlx_engine::DlxError::SelectConflict {
                option,
                item,
                covered_by,
            } => {
                let (earlier, _) = self.encoding.placement(covered_by);
                let (index, digit) = self.encoding.placement(option);
                Error::ConflictingGivens {
                    first: self.shape.cell(earlier),
                    second: self.shape.cell(index),
                    digit,
                    unit: self.encoding.unit(item).unwrap_or(Unit::Box),
                }
            }
            e => Error::Engine(e),
        }
    }

    /// Pre-selects `digit` in the cell at `index`, on top of the engine's
    /// selection stack.
    fn select(&mut self, index: usize, digit: u8) -> Result<(), Error> {
        let option = self.given(index, digit)?;
        self.engine.select(option).map_err(|e| self.clash(e))
    }

    /// Replaces the givens with `digits` (row-major, 0 for blank),
    /// selected in row-major order, so that a clash names the earlier given
    /// first. They go to the engine at once ([`dlx_engine::Dlx::select_all`]),
    /// which lays out only what they leave of the matrix rather than
    /// covering each given and uncovering it after the search.
    ///
    /// # Errors
    ///
    /// As for [`push`](Backend::push); the givens are then a part of `digits`.
    pub(crate) fn load(&mut self, digits: &[u8]) -> Result<(), Error> {
        let mut givens = std::mem::take(&mut self.givens);
        givens.clear();
        let mut result = Ok(());
        for (index, &digit) in digits.iter().enumerate() {
            if digit != 0 {
                match self.given(index, digit) {
                    Ok(option) => givens.push(option),
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            }
        }
        // A clash among the givens before a bad one comes first in
        // row-major order, as when they were selected one by one.
        let selected = self.engine.select_all(&givens);
        self.givens = givens;
        selected.map_err(|e| self.clash(e))?;
        result
    }
}

impl Backend for Links {
    fn push(&mut self, index: usize, digit: u8) -> Result<(), Error> {
        self.select(index, digit)
    }

    fn pop(&mut self) {
        self.engine.unselect_last();
    }

    fn clear(&mut self) {
        self.engine.reset();
    }

    fn first(&mut self, options: &SearchOptions) -> First<Grid> {
        if self.watched {
            // The same search, in the same order, ended by its stop too.
            let mut first = None;
            let count = self.for_each(options, &mut |grid| {
                first = Some(grid.clone());
                ControlFlow::Break(())
            });
            return match (first, count.end) {
                (Some(grid), _) => First::Solution(grid),
                (None, End::Exhausted) => First::NoSolution,
                (None, _) => First::BudgetExhausted,
            };
        }
        self.prepare(options, false);
        self.engine.first_solution().map(|found| {
            let mut grid = Grid::empty(self.shape);
            fill(&self.encoding, &mut grid, &found);
            grid
        })
    }

    fn for_each(
        &mut self,
        options: &SearchOptions,
        visit: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Count {
        self.prepare(options, false);
        let Links {
            encoding,
            engine,
            scratch,
            ..
        } = self;
        engine.for_each_solution(|solution| {
            let found = solution.options();
            fill(encoding, scratch, found);
            visit(scratch)
        })
    }

    fn count(&mut self, limit: Option<u64>, options: &SearchOptions) -> Count {
        self.prepare(options, true);
        self.engine.count(limit)
    }

    /// The engine's [`dlx_engine::Dlx::count_parallel`], whose statistics are
    /// the single-threaded search's for an exact count.
    fn count_parallel(
        &mut self,
        limit: Option<u64>,
        options: &SearchOptions,
        parallel: &Parallel,
    ) -> Count {
        self.prepare(options, true);
        self.engine.count_parallel(parallel, limit)
    }

    /// A count to 2: one solution, `solution`, means unique.
    fn unique_after_blanking(
        &mut self,
        _solution: &[u8],
        _blanked: &[usize],
        options: &SearchOptions,
    ) -> Option<bool> {
        let count = self.count(Some(2), options);
        match count.end {
            End::BudgetExhausted if count.solutions < 2 => None,
            _ => Some(count.solutions == 1),
        }
    }

    fn stats(&self) -> &Stats {
        self.engine.stats()
    }

    /// The engine's own stop: a watched search ([`dlx_engine::Dlx::set_progress`])
    /// ends with `End::Stopped` within a few thousand nodes of it.
    fn set_stop(&mut self, stop: Option<Arc<Progress>>) {
        self.watched = stop.is_some();
        self.engine.set_progress(stop);
    }
}

/// Writes the placements of `options` into `grid`.
fn fill(encoding: &Encoding, grid: &mut Grid, options: &[OptionId]) {
    let digits = grid.digits_mut();
    for &option in options {
        let (index, digit) = encoding.placement(option);
        if let Some(slot) = digits.get_mut(index) {
            *slot = digit;
        }
    }
}
