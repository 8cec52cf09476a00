//! Solutions one at a time: the lending iterator and the iterator of
//! random draws, with the [`Dlx`] methods that start them.

use crate::index::OptionId;
use crate::outcome::{End, Event, First, Stats};
use crate::progress::Progress;
use crate::random::SplitMix64;
use crate::solution::Solution;
use crate::solver::{Dlx, WATCH_NODES};

impl Dlx {
    /// The solutions one at a time, as a lending iterator: each call to
    /// [`Solutions::next`] resumes the search where it stopped. Dropping the
    /// iterator ends the search and restores the links.
    ///
    /// ```
    /// let named = dlx_engine::NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let mut solver = dlx_engine::Dlx::new(named.problem());
    /// let mut solutions = solver.solutions();
    /// let mut dominoes = 0;
    /// while let Some(solution) = solutions.next() {
    ///     dominoes += 4 - solution.options().len();
    /// }
    /// assert_eq!(solutions.end(), Some(dlx_engine::End::Exhausted));
    /// assert_eq!(dominoes, 5); // 0 + 1 + 1 + 1 + 2
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn solutions(&mut self) -> Solutions<'_> {
        self.start_iterator();
        Solutions::new(self)
    }

    /// The solutions one at a time, as [`solutions`](Self::solutions)
    /// gives them, from an iterator that owns the solver: for callers that
    /// cannot hold a borrow between two solutions (a Python iterator, an
    /// object kept in a struct). [`IntoSolutions::into_solver`] ends the
    /// search and gives the solver back, its links restored.
    ///
    /// ```
    /// use dlx_engine::{Dlx, End, NamedProblem};
    /// let named = NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let mut solutions = Dlx::new(named.problem()).into_solutions();
    /// let first = solutions.next().expect("a tiling").options().to_vec();
    /// assert!(named.problem().is_solution(&first));
    /// // Abandoned half-way: the solver comes back whole, ready to reuse.
    /// let mut solver = solutions.into_solver();
    /// assert!(solver.links_match(named.problem()));
    /// assert_eq!(solver.count(None).solutions, 5);
    /// let mut solutions = solver.into_solutions();
    /// let mut n = 0;
    /// while solutions.next().is_some() {
    ///     n += 1;
    /// }
    /// assert_eq!((n, solutions.end()), (5, Some(End::Exhausted)));
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    #[must_use]
    pub fn into_solutions(mut self) -> IntoSolutions {
        self.start_iterator();
        IntoSolutions {
            solver: self,
            end: None,
        }
    }

    /// Starts the search of a solution iterator.
    fn start_iterator(&mut self) {
        self.start();
    }

    /// The next solution of an iterator's search, or `None`: with `end`
    /// set when it ends (at the end of the tree, the budget, or, watched,
    /// a [stopped](crate::Progress::stop) progress), or with `end` unset
    /// when `within` nodes went by without a solution (the search paused,
    /// to resume at the next call). The one `next` of [`Solutions`] and
    /// [`IntoSolutions`].
    pub(crate) fn next_of_iterator(
        &mut self,
        end: &mut Option<End>,
        within: Option<u64>,
    ) -> Option<Solution<'_>> {
        if end.is_some() {
            return None;
        }
        let watched = self.watch.is_some();
        // Looked at on every call too: a call that finds its solution
        // within fewer nodes than a pause would never see a stop.
        if self.watch.as_deref().is_some_and(Progress::is_stopped) {
            *end = Some(End::Stopped);
            return None;
        }
        let give_back = within.map_or(u64::MAX, |n| self.stats.nodes.saturating_add(n));
        let on_bits = self.hands_over_on_bits();
        loop {
            let look = if watched {
                self.stats.nodes.saturating_add(WATCH_NODES)
            } else {
                u64::MAX
            };
            self.search.pause_at(look.min(give_back));
            match self.advance_solutions(on_bits) {
                Event::Solution => return Some(self.current()),
                Event::Paused if watched || within.is_some() => {
                    if self.watch.as_deref().is_some_and(Progress::is_stopped) {
                        *end = Some(End::Stopped);
                        return None;
                    }
                    if self.stats.nodes >= give_back {
                        return None;
                    }
                }
                Event::Exhausted | Event::Frontier | Event::Paused => {
                    *end = Some(End::Exhausted);
                    return None;
                }
                Event::BudgetExhausted => {
                    *end = Some(End::BudgetExhausted);
                    return None;
                }
            }
        }
    }

    /// Successive random solutions: each is the first solution of a search
    /// in a random order of its own, drawn from a stream seeded by `seed`,
    /// so the same seed gives the same sequence, without reseeding by hand.
    /// Draws are independent, so a solution may come more than once. The
    /// iterator ends when a search finds no solution or runs out of budget,
    /// which [`RandomSolutions::end`] then tells apart; dropping it puts the
    /// solver's own seed back.
    ///
    /// ```
    /// use dlx_engine::{Dlx, End, NamedProblem};
    /// // Tilings of a strip of four cells: five of them.
    /// let named = NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let mut solver = Dlx::new(named.problem());
    /// let draws: Vec<_> = solver.random_solutions(1).take(20).collect();
    /// assert_eq!(draws.len(), 20);
    /// assert!(draws.iter().all(|s| named.problem().is_solution(s)));
    /// assert!(draws.iter().any(|s| s != &draws[0])); // not one solution twenty times
    /// assert_eq!(solver.random_solutions(1).take(20).collect::<Vec<_>>(), draws);
    /// assert_eq!(solver.seed(), None);
    ///
    /// // No tiling covers `a` twice: the draws end at once, and say why.
    /// let none = NamedProblem::parse("a b\na\n")?;
    /// let mut solver = Dlx::new(none.problem());
    /// let mut draws = solver.random_solutions(1);
    /// assert_eq!(draws.end(), None); // not ended yet
    /// assert_eq!(draws.next(), None);
    /// assert_eq!(draws.end(), Some(End::Exhausted));
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn random_solutions(&mut self, seed: u64) -> RandomSolutions<'_> {
        RandomSolutions::new(self, seed)
    }

    /// The last solution found, and the colors the search gave secondary
    /// items for it.
    pub(crate) fn current(&self) -> Solution<'_> {
        Solution::new(&self.solution, &self.search)
    }
}

/// The solutions of a [`Dlx`], one at a time; see [`Dlx::solutions`].
///
/// This is a lending iterator (each solution borrows the solver), so it has
/// its own `next` rather than implementing [`Iterator`]; nothing is allocated
/// per solution. [`owned`](Self::owned) turns it into an [`Iterator`] of
/// option lists, for `for` loops and adapters.
///
/// ```
/// use dlx_engine::NamedProblem;
///
/// // Knuth's example of color controls (DLX2): one solution.
/// let named = NamedProblem::parse("p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n")?;
/// let mut solver = dlx_engine::Dlx::new(named.problem());
/// let mut solutions = solver.solutions();
/// let solution = solutions.next().expect("a solution");
/// let mut lines: Vec<String> = solution.options().iter().map(|&o| named.option_text(o)).collect();
/// lines.sort();
/// assert_eq!(lines, ["p r x:A y", "q x:A"]);
/// let colors: Vec<String> = solution
///     .colors()
///     .map(|(item, color)| format!("{}:{}", named.item_name(item), named.color_name(color)))
///     .collect();
/// assert_eq!(colors, ["x:A"]);
/// assert!(solutions.next().is_none());
/// # Ok::<(), dlx_engine::DlxError>(())
/// ```
#[derive(Debug)]
pub struct Solutions<'s> {
    solver: &'s mut Dlx,
    end: Option<End>,
}

impl<'s> Solutions<'s> {
    /// The solutions of a search `solver` has just started.
    pub(crate) fn new(solver: &'s mut Dlx) -> Self {
        Solutions { solver, end: None }
    }

    /// The next solution, or `None` when the search has ended;
    /// [`end`](Self::end) then says why.
    #[allow(clippy::should_implement_trait)] // lending: the item borrows `self`
    pub fn next(&mut self) -> Option<Solution<'_>> {
        self.solver.next_of_iterator(&mut self.end, None)
    }

    /// Why the search ended, once [`next`](Self::next) has returned `None`:
    /// [`End::Exhausted`] at the end of the tree, [`End::BudgetExhausted`]
    /// when the solver's [`Budget`](crate::Budget) ran out, and
    /// [`End::Stopped`] when the [`Progress`] of a watched solver
    /// ([`Dlx::set_progress`]) was stopped.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use dlx_engine::{Budget, Dlx, End, NamedProblem, Progress};
    /// let named = NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let mut solver = Dlx::new(named.problem());
    /// solver.set_budget(Budget::nodes(2));
    /// let mut solutions = solver.solutions();
    /// while solutions.next().is_some() {}
    /// assert_eq!(solutions.end(), Some(End::BudgetExhausted));
    /// drop(solutions);
    ///
    /// // Tilings of a 2x30 strip by dominoes: 1,346,269 of them, stopped.
    /// let columns: Vec<String> = (0..30).map(|c| format!("a{c} b{c}")).collect();
    /// let mut text = columns.join(" ") + "\n";
    /// for c in 0..30 {
    ///     text += &format!("a{c} b{c}\n");
    ///     if c < 29 {
    ///         text += &format!("a{c} a{}\nb{c} b{}\n", c + 1, c + 1);
    ///     }
    /// }
    /// let named = NamedProblem::parse(&text)?;
    /// let mut solver = Dlx::new(named.problem());
    /// let progress = Arc::new(Progress::new());
    /// solver.set_progress(Some(Arc::clone(&progress)));
    /// let mut solutions = solver.solutions();
    /// let mut n = 0;
    /// while solutions.next().is_some() {
    ///     n += 1;
    ///     if n == 10 {
    ///         progress.stop(); // another thread's, a Ctrl-C handler's
    ///     }
    /// }
    /// assert_eq!(solutions.end(), Some(End::Stopped));
    /// assert!(n < 1_346_269);
    /// drop(solutions);
    /// assert!(solver.links_match(named.problem()));
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    #[must_use]
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Statistics of the search so far.
    #[must_use]
    pub fn stats(&self) -> &Stats {
        self.solver.stats()
    }

    /// An [`Iterator`] over the same solutions, each as its own
    /// `Vec<OptionId>` (pre-selected options first), so that `for` loops and
    /// iterator adapters work; it allocates one `Vec` per solution.
    ///
    /// ```
    /// use dlx_engine::{NamedProblem, OptionId, Dlx};
    ///
    /// // Tilings of a strip of three cells: 1+1+1, 2+1, 1+2.
    /// let named = NamedProblem::parse("a b c\na\nb\nc\na b\nb c\n")?;
    /// let mut solver = Dlx::new(named.problem());
    /// let all: Vec<Vec<OptionId>> = solver.solutions().owned().collect();
    /// assert_eq!(all.len(), 3);
    /// assert!(all.iter().all(|s| named.problem().is_solution(s)));
    /// let two = solver.solutions().owned().take(2).count();
    /// assert_eq!(two, 2);
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    #[must_use]
    pub fn owned(self) -> OwnedSolutions<'s> {
        OwnedSolutions { solutions: self }
    }
}

/// The solutions of a [`Dlx`] as an [`Iterator`] of owned option lists;
/// see [`Solutions::owned`]. Dropping it ends the search and restores the
/// links.
#[derive(Debug)]
pub struct OwnedSolutions<'s> {
    solutions: Solutions<'s>,
}

impl OwnedSolutions<'_> {
    /// Why the search ended, once the iterator has returned `None`.
    #[must_use]
    pub fn end(&self) -> Option<End> {
        self.solutions.end()
    }
}

impl Iterator for OwnedSolutions<'_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        self.solutions.next().map(|s| s.options().to_vec())
    }
}

impl std::iter::FusedIterator for OwnedSolutions<'_> {}

/// The solutions of a [`Dlx`] it owns, one at a time; see
/// [`Dlx::into_solutions`]. A lending iterator like [`Solutions`].
#[derive(Debug)]
pub struct IntoSolutions {
    solver: Dlx,
    end: Option<End>,
}

impl IntoSolutions {
    /// The next solution, or `None` when the search has ended;
    /// [`end`](Self::end) then says why.
    #[allow(clippy::should_implement_trait)] // lending: the item borrows `self`
    pub fn next(&mut self) -> Option<Solution<'_>> {
        self.solver.next_of_iterator(&mut self.end, None)
    }

    /// The next solution, or `None` when the search has ended
    /// ([`end`](Self::end) is then set) or after `nodes` search-tree nodes
    /// without one ([`end`](Self::end) still `None`: call again to resume
    /// where it paused). A caller that must look at something else now and
    /// then (a signal, a clock) calls this in a loop: the search it runs is
    /// that of [`next`](Self::next), cut into slices.
    ///
    /// ```
    /// use dlx_engine::{Dlx, End, NamedProblem};
    /// // The four queens: two solutions, in a tree of a few dozen nodes.
    /// let named = NamedProblem::parse(
    ///     "r0 r1 r2 r3 c0 c1 c2 c3 | a0 a1 a2 a3 a4 a5 a6 b0 b1 b2 b3 b4 b5 b6\n\
    ///      r0 c0 a0 b3\nr0 c1 a1 b2\nr0 c2 a2 b1\nr0 c3 a3 b0\n\
    ///      r1 c0 a1 b4\nr1 c1 a2 b3\nr1 c2 a3 b2\nr1 c3 a4 b1\n\
    ///      r2 c0 a2 b5\nr2 c1 a3 b4\nr2 c2 a4 b3\nr2 c3 a5 b2\n\
    ///      r3 c0 a3 b6\nr3 c1 a4 b5\nr3 c2 a5 b4\nr3 c3 a6 b3\n",
    /// )?;
    /// let mut solutions = Dlx::new(named.problem()).into_solutions();
    /// let (mut found, mut pauses) = (0, 0);
    /// while solutions.end().is_none() {
    ///     if solutions.next_within(1).is_some() {
    ///         found += 1;
    ///     } else if solutions.end().is_none() {
    ///         pauses += 1;
    ///     }
    /// }
    /// assert_eq!((found, solutions.end()), (2, Some(End::Exhausted)));
    /// assert!(pauses > 2);
    /// assert_eq!(solutions.stats().solutions, 2);
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn next_within(&mut self, nodes: u64) -> Option<Solution<'_>> {
        self.solver.next_of_iterator(&mut self.end, Some(nodes))
    }

    /// Why the search ended, once [`next`](Self::next) has returned `None`.
    #[must_use]
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Statistics of the search so far.
    #[must_use]
    pub fn stats(&self) -> &Stats {
        self.solver.stats()
    }

    /// The solver, to read its settings (the search goes on).
    #[must_use]
    pub fn solver(&self) -> &Dlx {
        &self.solver
    }

    /// Ends the search, restores the links and gives the solver back.
    #[must_use]
    pub fn into_solver(mut self) -> Dlx {
        self.solver.stop();
        self.solver
    }
}

impl Drop for Solutions<'_> {
    fn drop(&mut self) {
        self.solver.stop();
    }
}

/// Successive random solutions; see [`Dlx::random_solutions`].
#[derive(Debug)]
pub struct RandomSolutions<'s> {
    solver: &'s mut Dlx,
    /// The stream the seed of each search is drawn from.
    seeds: SplitMix64,
    /// The solver's own seed, put back when the draws end.
    saved: Option<u64>,
    /// Why the draws ended, once a search found nothing.
    end: Option<End>,
}

impl<'s> RandomSolutions<'s> {
    /// Draws from `solver` with seeds from a stream seeded by `seed`.
    pub(crate) fn new(solver: &'s mut Dlx, seed: u64) -> RandomSolutions<'s> {
        RandomSolutions {
            saved: solver.seed,
            seeds: SplitMix64::new(seed),
            solver,
            end: None,
        }
    }

    /// Why the draws ended, once [`next`](Iterator::next) has returned
    /// `None`: [`End::Exhausted`] when a search found no solution (there is
    /// none), [`End::BudgetExhausted`] when one ran out of budget, as for
    /// [`Solutions::end`]. `None` while the draws go on.
    ///
    /// ```
    /// use dlx_engine::{Budget, Dlx, End, NamedProblem};
    /// let named = NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let mut solver = Dlx::new(named.problem());
    /// solver.set_budget(Budget::nodes(1));
    /// let mut draws = solver.random_solutions(7);
    /// assert_eq!(draws.next(), None);
    /// assert_eq!(draws.end(), Some(End::BudgetExhausted));
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    #[must_use]
    pub fn end(&self) -> Option<End> {
        self.end
    }
}

impl Iterator for RandomSolutions<'_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        if self.end.is_some() {
            return None;
        }
        self.solver.seed = Some(self.seeds.next_u64());
        match self.solver.first_solution() {
            First::Solution(options) => Some(options),
            First::NoSolution => {
                self.end = Some(End::Exhausted);
                None
            }
            First::BudgetExhausted => {
                self.end = Some(End::BudgetExhausted);
                None
            }
        }
    }
}

impl std::iter::FusedIterator for RandomSolutions<'_> {}

impl Drop for RandomSolutions<'_> {
    fn drop(&mut self) {
        self.solver.seed = self.saved;
    }
}
