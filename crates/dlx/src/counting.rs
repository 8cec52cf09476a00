//! A count run in pieces: [`Dlx::counting`] and [`Counting`], a count
//! that stops after so many nodes and goes on from there at the next call,
//! on the links, on dancing cells or on bitsets, whichever [`Dlx::count`]
//! runs on.
//!
//! On the links the pieces are the search's own pauses (`Search::pause_at`,
//! as [`IntoSolutions::next_within`](crate::IntoSolutions::next_within)
//! pauses): the search stops before entering a node and enters it at the
//! next call. On the cells the count keeps its loop's locals and leaves
//! the sets as they are (`matrix/cells/count.rs`, `Resumable::count_piece`),
//! and so on the bitsets (`matrix/bits/count.rs`, and for multiplicities
//! `matrix/bits/bounded.rs`).
//! Either way the count in pieces walks the tree one count walks, so its
//! solutions, nodes and profile are those of one count.

use crate::matrix::Resumable;
use crate::outcome::{Count, End, Event, Stats};
use crate::solver::Dlx;

impl Dlx {
    /// A count of the solutions (at most `limit` of them, if given) that
    /// runs in pieces: [`Counting::run_within`] counts on for so many
    /// search-tree nodes and stops there, and the next call goes on from
    /// the node it stopped before, so a caller can look at the count now
    /// and then (how far it got, Knuth's estimate of the part done, a
    /// clock, a signal) and decide what to do next without starting over;
    /// [`Counting::run`] counts on to the end.
    ///
    /// The pieces together walk the tree [`count`](Self::count) walks, on
    /// the same path ([`path`](Self::path)): the same solutions, nodes and
    /// profile as one count, under the solver's budget
    /// ([`set_budget`](Self::set_budget)) for the whole count, and its
    /// updates too: the pieces count leaves at once where one count does,
    /// on the links, on dancing cells and on bitsets. The pieces do not
    /// report into a [progress](Self::set_progress): a caller that must be
    /// able to stop runs the count in pieces and looks between them.
    ///
    /// The count starts afresh from the current pre-selections; dropping
    /// the [`Counting`] ends it and restores the links (or sets), so the
    /// solver is ready for anything else, and a new count (another
    /// `counting`, or [`count`](Self::count)) starts from the beginning.
    ///
    /// ```
    /// use dlx_engine::{Dlx, End, NamedProblem};
    /// // The four queens: two solutions in a tree of a few dozen nodes.
    /// let named = NamedProblem::parse(
    ///     "r0 r1 r2 r3 c0 c1 c2 c3 | a0 a1 a2 a3 a4 a5 a6 b0 b1 b2 b3 b4 b5 b6\n\
    ///      r0 c0 a0 b3\nr0 c1 a1 b2\nr0 c2 a2 b1\nr0 c3 a3 b0\n\
    ///      r1 c0 a1 b4\nr1 c1 a2 b3\nr1 c2 a3 b2\nr1 c3 a4 b1\n\
    ///      r2 c0 a2 b5\nr2 c1 a3 b4\nr2 c2 a4 b3\nr2 c3 a5 b2\n\
    ///      r3 c0 a3 b6\nr3 c1 a4 b5\nr3 c2 a5 b4\nr3 c3 a6 b3\n",
    /// )?;
    /// let mut solver = Dlx::new(named.problem());
    /// let whole = solver.count(None);
    /// let stats = solver.stats().clone();
    ///
    /// let mut counting = solver.counting(None);
    /// // A first look of 4 nodes: not done, a part of the tree behind it.
    /// assert_eq!(counting.run_within(4), None);
    /// assert_eq!(counting.stats().nodes, 4);
    /// assert!(counting.progress() > 0.0 && counting.progress() < 1.0);
    /// // Then on, a few nodes at a time, to the end: one count's answer.
    /// let count = loop {
    ///     if let Some(count) = counting.run_within(3) {
    ///         break count;
    ///     }
    /// };
    /// assert_eq!((count, count.end), (whole, End::Exhausted));
    /// let pieces = counting.stats();
    /// assert_eq!((pieces.nodes, &pieces.profile), (stats.nodes, &stats.profile));
    /// drop(counting);
    /// assert!(solver.links_match(named.problem()));
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn counting(&mut self, limit: Option<u64>) -> Counting<'_> {
        self.start();
        if let Some(cells) = self.cells.as_deref_mut() {
            cells.give_up_paused();
        }
        // `start` gives up a search paused on bitsets.
        let path = self.search.search_path();
        let engine = if path.counts_on_cells() {
            Engine::Cells
        } else if path.counts_on_bits() {
            Engine::Bits
        } else if self.counts_on_bounded_bits() {
            Engine::BoundedBits
        } else {
            Engine::Links
        };
        Counting::new(self, limit, engine)
    }

    /// [`counting`](Self::counting) on bitsets, whatever the chooser says
    /// (the problem must fit them): for tests.
    #[cfg(test)]
    pub(crate) fn counting_on_bits(&mut self, limit: Option<u64>) -> Counting<'_> {
        self.start();
        Counting::new(self, limit, Engine::Bits)
    }

    /// [`counting`](Self::counting) below the node a subproblem's prefix
    /// led to (`split.rs`'s `enter`): on the links, as
    /// [`count_subproblem`](Self::count_subproblem) counts.
    pub(crate) fn counting_entered(&mut self, limit: Option<u64>) -> Counting<'_> {
        Counting::new(self, limit, Engine::Links)
    }
}

/// What a [`Counting`] counts on, decided at the start as [`Dlx::count`]
/// decides it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Engine {
    /// The dancing links (the search's own pauses).
    Links,
    /// Dancing cells.
    Cells,
    /// Bitsets.
    Bits,
    /// Algorithm M's bitsets (`matrix/bits/bounded.rs`).
    BoundedBits,
}

/// A count run in pieces; see [`Dlx::counting`]. Dropping it ends the
/// count and restores the solver's links.
#[derive(Debug)]
pub struct Counting<'s> {
    solver: &'s mut Dlx,
    /// The most solutions to count.
    limit: Option<u64>,
    /// What the count runs on.
    engine: Engine,
    /// Why the count ended, once it has.
    end: Option<End>,
}

impl<'s> Counting<'s> {
    /// A count of `solver`, from where it stands, on `engine`.
    fn new(solver: &'s mut Dlx, limit: Option<u64>, engine: Engine) -> Self {
        Counting {
            solver,
            limit,
            engine,
            end: (limit == Some(0)).then_some(End::LimitReached),
        }
    }
}

impl Counting<'_> {
    /// Counts on for at most `nodes` more search-tree nodes (about: leaves
    /// counted at once can pass the mark). `None` if it stopped there, to
    /// go on at the next call; else the count, which has ended
    /// ([`end`](Self::end) says why: the end of the tree, the limit or the
    /// solver's budget), and so does every later call.
    pub fn run_within(&mut self, nodes: u64) -> Option<Count> {
        let pause = self.solver.stats.nodes.saturating_add(nodes);
        self.run_to(pause)
    }

    /// Counts on to the end of the tree, the limit or the solver's budget.
    pub fn run(&mut self) -> Count {
        self.run_to(u64::MAX).expect("a count without a pause ends")
    }

    /// Why the count ended, or `None` while it can go on.
    #[must_use]
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// The statistics of the count so far (the solver's
    /// [`stats`](Dlx::stats)).
    #[must_use]
    pub fn stats(&self) -> &Stats {
        &self.solver.stats
    }

    /// Knuth's estimate of the part of the tree the count has done, from
    /// the place of the node it stopped before among its siblings at each
    /// level (DLX1's progress measure, the figure a [`Progress`](crate::Progress)
    /// reports): 0 before it starts, 1 once it has ended, and in between
    /// at most 1 (Algorithm M's estimate can reach it early). Divided into
    /// the nodes so far, it estimates the nodes of the whole tree.
    #[must_use]
    pub fn progress(&self) -> f64 {
        if self.end.is_some() {
            return 1.0;
        }
        if self.solver.stats.nodes == 0 {
            return 0.0;
        }
        let done = match self.engine {
            Engine::Cells => self
                .solver
                .cells
                .as_deref()
                .and_then(|cells| cells.paused_progress())
                .unwrap_or(0.0),
            Engine::Bits => self
                .solver
                .bits
                .as_deref()
                .and_then(|bits| bits.paused_progress())
                .unwrap_or(0.0),
            Engine::BoundedBits => self
                .solver
                .bounded_bits
                .as_deref()
                .and_then(|bits| bits.paused_progress())
                .unwrap_or(0.0),
            Engine::Links => self.solver.search.progress(0),
        };
        done.min(1.0)
    }

    /// Counts on until the count has `pause` nodes, or it ends.
    fn run_to(&mut self, pause: u64) -> Option<Count> {
        if self.end.is_none() {
            self.end = match self.engine {
                Engine::Cells => self.solver.count_piece_on_cells(self.limit, pause),
                Engine::Bits => self.solver.count_piece_on_bits(self.limit, pause),
                Engine::BoundedBits => self.solver.count_piece_on_bounded_bits(self.limit, pause),
                Engine::Links => self.count_piece_on_links(pause),
            };
        }
        self.end.map(|end| Count {
            solutions: self.solver.stats.solutions,
            end,
        })
    }

    /// One piece on the links: [`Dlx::count`]'s loop, the search pausing
    /// at `pause` nodes (`u64::MAX`: not at all).
    fn count_piece_on_links(&mut self, pause: u64) -> Option<End> {
        let solver = &mut *self.solver;
        solver.search.pause_at(pause);
        let end = loop {
            // The search counts solutions in the statistics without pausing
            // at them, all but the one that reaches the limit
            // (docs/decisions/search-loop.md).
            let found = solver.stats.solutions;
            if self.limit.is_some_and(|l| found >= l) {
                break End::LimitReached;
            }
            solver
                .search
                .set_silent(self.limit.map_or(u64::MAX, |l| l - found - 1));
            match solver.search.advance(&mut solver.stats, solver.budget) {
                Event::Solution => {}
                Event::Paused => {
                    solver.search.pause_at(u64::MAX);
                    return None;
                }
                Event::Exhausted | Event::Frontier => break End::Exhausted,
                Event::BudgetExhausted => break End::BudgetExhausted,
            }
        };
        solver.search.pause_at(u64::MAX);
        solver.search.set_silent(0);
        solver.search.unwind();
        Some(end)
    }
}

impl Drop for Counting<'_> {
    fn drop(&mut self) {
        match self.engine {
            Engine::Cells => {
                if let Some(cells) = self.solver.cells.as_deref_mut() {
                    cells.give_up_paused();
                }
            }
            Engine::Bits => {
                if let Some(bits) = self.solver.bits.as_deref_mut() {
                    bits.give_up_paused();
                }
            }
            Engine::BoundedBits => {
                if let Some(bits) = self.solver.bounded_bits.as_deref_mut() {
                    bits.give_up_paused();
                }
            }
            Engine::Links => {
                self.solver.search.set_silent(0);
                self.solver.stop();
            }
        }
    }
}
