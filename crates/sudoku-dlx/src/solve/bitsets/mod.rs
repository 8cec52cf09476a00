//! The bitset backend ([`Engine::Bitsets`](crate::solve::engine::Engine::Bitsets)):
//! the search of [`bitboard`] on a digits array of givens, for grids of at
//! most 128 cells, and [`spread`] for one count on every core.

pub(crate) mod bitboard;
mod spread;

use std::ops::ControlFlow;
use std::sync::Arc;

use dlx_engine::{Count, End, First, Parallel, Progress, SplitMix64, Stats};

use crate::model::error::Error;
use crate::model::geometry::Geometry;
use crate::model::grid::Grid;
use crate::model::unit::Unit;
use crate::solve::backend::{Backend, SearchOptions};
use crate::solve::bitsets::bitboard::{
    BitRules, Board, Frame, Limit, Lowest, Order, Shuffled, Start, Stop,
};

/// Searches on bitsets; see [`Backend`].
#[derive(Clone, Debug)]
pub(crate) struct Bitsets {
    bits: Box<BitRules>,
    /// The givens, row-major, 0 for blank; a search starts from them all
    /// at once.
    digits: Vec<u8>,
    /// The cells pushed one by one, bottom first, for [`pop`](Backend::pop);
    /// [`push_cells`](Backend::push_cells) leaves them out, as its caller
    /// names the cells it pops.
    pushed: Vec<usize>,
    /// The board of `digits` after its forced moves, made in place by
    /// [`load`](Self::load) or by each search: a board is 2.5 KB, and
    /// moving it in and out of an `Option` cost three copies a search.
    board: Start,
    /// The stack of every search, kept to save an allocation and its
    /// growth per search.
    frames: Vec<Frame>,
    /// The digits the forced moves in `board` placed, when
    /// [`load`](Self::load) has just made it; `None` when the next search
    /// must make it again.
    loaded: Option<u64>,
    stats: Stats,
    /// The grid handed to visitors, reused: a complete board writes every
    /// cell, so it needs no reset.
    scratch: Grid,
    /// What ends a count early when stopped ([`Backend::set_stop`]).
    stop: Option<Arc<Progress>>,
}

impl Bitsets {
    /// The backend for the rules of `geometry`, or `None` if they have no
    /// bitset form (more than 128 cells).
    pub(crate) fn new(geometry: &Geometry) -> Option<Bitsets> {
        let bits = BitRules::new(geometry)?;
        let shape = geometry.shape();
        Some(Bitsets {
            bits: Box::new(bits),
            digits: vec![0; shape.cell_count()],
            pushed: Vec::new(),
            board: Start::DeadEnd,
            frames: Vec::with_capacity(16),
            loaded: None,
            stats: Stats::default(),
            scratch: Grid::empty(shape),
            stop: None,
        })
    }

    /// Replaces the givens with `digits` (row-major, 0 for blank); `false`,
    /// loading nothing, if two of them break a rule, which the bitsets
    /// cannot name: the engine's order of selection defines which two a
    /// clash is reported as.
    pub(crate) fn load(&mut self, digits: &[u8]) -> bool {
        if digits.len() != self.digits.len() {
            return false;
        }
        let mut stats = Stats::default();
        self.board = self.bits.start(digits, &mut stats);
        if matches!(self.board, Start::Clash) {
            self.loaded = None;
            return false;
        }
        self.digits.copy_from_slice(digits);
        self.pushed.clear();
        self.loaded = Some(stats.updates);
        true
    }

    /// Leaves in `board` the board the givens start from, the one
    /// [`load`](Self::load) just made or a new one, and returns its
    /// statistics so far. Givens pushed so that they clash have no solution.
    fn start(&mut self) -> Stats {
        // The last search's profile, emptied, so that its levels need not
        // be allocated again (docs/decisions/bitsets-backend.md).
        let mut profile = std::mem::take(&mut self.stats.profile);
        profile.clear();
        let mut stats = Stats {
            profile,
            ..Stats::default()
        };
        match self.loaded.take() {
            Some(updates) => stats.updates = updates,
            None => {
                self.board = match self.bits.start(&self.digits, &mut stats) {
                    Start::Clash => Start::DeadEnd,
                    start => start,
                };
            }
        }
        stats
    }

    /// Writes `digit` into the blank cell at `index`.
    fn write(&mut self, index: usize, digit: u8) -> Result<(), Error> {
        let shape = self.scratch.shape();
        let size = shape.size();
        self.loaded = None;
        match self.digits.get_mut(index) {
            Some(slot @ 0) if (1..=size).contains(&usize::from(digit)) => {
                *slot = digit;
                Ok(())
            }
            // The cell's item is covered already, as the engine reports it.
            Some(_) if (1..=size).contains(&usize::from(digit)) => Err(Error::ConflictingGivens {
                first: shape.cell(index),
                second: shape.cell(index),
                digit,
                unit: Unit::Box,
            }),
            _ => Err(Error::given(index, digit, size)),
        }
    }

    /// Searches the givens, calling `visit` with each complete board until
    /// it breaks or `stop` is stopped; see [`search`].
    fn search<F>(&mut self, options: &SearchOptions, stop: Option<&Progress>, visit: F) -> Count
    where
        F: FnMut(&BitRules, &Board) -> ControlFlow<()>,
    {
        let stats = self.start();
        let (count, stats) = search(
            &self.bits,
            &mut self.frames,
            &self.board,
            stats,
            (options, stop),
            visit,
        );
        self.stats = stats;
        count
    }
}

/// Searches every completion of `start` on `bits`, calling `visit` with each
/// until it breaks or `stop` (when given) is stopped, in the order `options`
/// asks for: the fixed order, or with a seed the shuffled one. `stats`
/// continue from the start's.
fn search<F>(
    bits: &BitRules,
    frames: &mut Vec<Frame>,
    start: &Start,
    stats: Stats,
    (options, stop): (&SearchOptions, Option<&Progress>),
    mut visit: F,
) -> (Count, Stats)
where
    F: FnMut(&BitRules, &Board) -> ControlFlow<()>,
{
    match options.seed {
        None => search_in_order(
            bits,
            frames,
            start,
            stats,
            (options, stop),
            &mut Lowest,
            &mut visit,
        ),
        Some(seed) => {
            let mut rng = SplitMix64::new(seed);
            let mut order = Shuffled(&mut rng);
            search_in_order(
                bits,
                frames,
                start,
                stats,
                (options, stop),
                &mut order,
                &mut visit,
            )
        }
    }
}

/// [`search`] in `order`.
fn search_in_order<O, F>(
    bits: &BitRules,
    frames: &mut Vec<Frame>,
    start: &Start,
    mut stats: Stats,
    (options, stop): (&SearchOptions, Option<&Progress>),
    order: &mut O,
    visit: &mut F,
) -> (Count, Stats)
where
    O: Order,
    F: FnMut(&BitRules, &Board) -> ControlFlow<()>,
{
    let end = match start {
        Start::Clash | Start::DeadEnd => End::Exhausted,
        Start::Board(board) => {
            let limit = Limit::of(options.budget).with_stop(stop);
            match bits.search(frames, board, order, limit, &mut stats, &mut |b| {
                visit(bits, b)
            }) {
                ControlFlow::Continue(()) => End::Exhausted,
                ControlFlow::Break(Stop::Visitor | Stop::Halted) => End::Stopped,
                ControlFlow::Break(Stop::Budget) => End::BudgetExhausted,
            }
        }
    };
    let count = Count {
        solutions: stats.solutions,
        end,
    };
    (count, stats)
}

impl Backend for Bitsets {
    fn push(&mut self, index: usize, digit: u8) -> Result<(), Error> {
        self.write(index, digit)?;
        self.pushed.push(index);
        Ok(())
    }

    fn pop(&mut self) {
        if let Some(index) = self.pushed.pop() {
            self.digits[index] = 0;
            self.loaded = None;
        }
    }

    /// Writes the digits, without a call per cell or a record of them: the
    /// generator pushes whole orbits and piles of them before every check,
    /// and pops them by name.
    fn push_cells(&mut self, cells: &[usize], digits: &[u8]) -> Result<(), Error> {
        for &index in cells {
            self.write(index, digits.get(index).copied().unwrap_or(0))?;
        }
        Ok(())
    }

    fn pop_cells(&mut self, cells: &[usize]) {
        self.loaded = None;
        for &index in cells {
            if let Some(slot) = self.digits.get_mut(index) {
                *slot = 0;
            }
        }
    }

    fn clear(&mut self) {
        self.digits.fill(0);
        self.pushed.clear();
        self.loaded = None;
    }

    fn first(&mut self, options: &SearchOptions) -> First<Grid> {
        let mut found = None;
        let stop = self.stop.clone();
        let count = self.search(options, stop.as_deref(), |_, board| {
            found = Some(*board);
            ControlFlow::Break(())
        });
        match (found, count.end) {
            (Some(board), _) => {
                let mut grid = self.scratch.clone();
                self.bits.write_digits(&board, grid.digits_mut());
                First::Solution(grid)
            }
            // Cut short by the budget or the stop.
            (None, End::BudgetExhausted | End::Stopped) => First::BudgetExhausted,
            (None, _) => First::NoSolution,
        }
    }

    fn for_each(
        &mut self,
        options: &SearchOptions,
        visit: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Count {
        let stats = self.start();
        let Bitsets {
            bits,
            board,
            frames,
            scratch,
            stop,
            ..
        } = self;
        let (count, stats) = search(
            bits,
            frames,
            board,
            stats,
            (options, stop.as_deref()),
            |bits, board| {
                bits.write_digits(board, scratch.digits_mut());
                visit(scratch)
            },
        );
        self.stats = stats;
        count
    }

    fn count(&mut self, limit: Option<u64>, options: &SearchOptions) -> Count {
        if limit == Some(0) {
            self.loaded = None;
            self.stats = Stats::default();
            return Count {
                solutions: 0,
                end: End::LimitReached,
            };
        }
        let mut found = 0;
        let stop = self.stop.clone();
        let mut count = self.search(options, stop.as_deref(), |_, _| {
            found += 1;
            if limit.is_some_and(|l| found >= l) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if count.end == End::Stopped && limit.is_some_and(|l| count.solutions >= l) {
            count.end = End::LimitReached;
        }
        count
    }

    /// The search of [`spread`], for node budgets; an update budget (an
    /// explicit [`Method::Bitsets`](crate::Method::Bitsets) with one)
    /// counts on this thread alone.
    fn count_parallel(
        &mut self,
        limit: Option<u64>,
        options: &SearchOptions,
        parallel: &Parallel,
    ) -> Count {
        if options.budget.max_updates.is_some() {
            return self.count(limit, options);
        }
        let start = self.start();
        let (count, stats) = match &self.board {
            Start::Board(board) => spread::count(
                &self.bits,
                board,
                start,
                limit,
                options.budget,
                self.stop.as_deref(),
                parallel.threads(),
            ),
            Start::Clash | Start::DeadEnd => {
                let count = Count {
                    solutions: 0,
                    end: if limit == Some(0) {
                        End::LimitReached
                    } else {
                        End::Exhausted
                    },
                };
                (count, start)
            }
        };
        self.stats = stats;
        count
    }

    /// Cheaper than a count to 2, which must walk to `solution` as well:
    /// this searches only for completions that differ from it in
    /// `blanked` ([`BitRules::search_other`]), the only place another can
    /// differ.
    fn unique_after_blanking(
        &mut self,
        solution: &[u8],
        blanked: &[usize],
        options: &SearchOptions,
    ) -> Option<bool> {
        let mut stats = self.start();
        let unique = match &self.board {
            Start::Clash | Start::DeadEnd => Some(false),
            Start::Board(board) => {
                let limit = Limit::of(options.budget);
                match self.bits.search_other(
                    &mut self.frames,
                    board,
                    solution,
                    blanked,
                    limit,
                    &mut stats,
                ) {
                    ControlFlow::Continue(()) => Some(true),
                    ControlFlow::Break(Stop::Visitor) => Some(false),
                    ControlFlow::Break(Stop::Budget | Stop::Halted) => None,
                }
            }
        };
        self.stats = stats;
        unique
    }

    fn stats(&self) -> &Stats {
        &self.stats
    }

    fn set_stop(&mut self, stop: Option<Arc<Progress>>) {
        self.stop = stop;
    }
}
