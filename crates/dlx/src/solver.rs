//! The reusable solver: pre-selection, the search loop, and reset.

use std::ops::ControlFlow;

use crate::error::Error;
use crate::index::to_u32;
use crate::link::Link;
use crate::links::OptionCover;
use crate::matrix::{Matrix, ROOT};
use crate::outcome::{Budget, Count, End, Event, Stats, Uniqueness};
use crate::random::SplitMix64;
use crate::{OptionId, Problem};

/// Marks an item that no pre-selection covers.
const NOT_SELECTED: u32 = u32::MAX;

/// Where the search loop goes next (Knuth's steps X2, X5 and X8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// X2: enter a new level; report a solution or choose an item.
    Enter,
    /// X5: try the current option of the current level.
    Try,
    /// X8: leave the current level and move to the next option of the one above.
    Backtrack,
    /// The search tree is exhausted.
    Finished,
}

/// The first solution of a problem, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum First {
    /// A solution: its options, pre-selected ones first.
    Solution(Vec<OptionId>),
    /// The problem has no solution.
    None,
    /// The budget ran out before a solution was found.
    BudgetExhausted,
}

/// A reusable exact-cover solver: Knuth's Algorithm X with dancing links.
///
/// Build it once per problem, then for each instance: [`select`](Self::select)
/// the forced options, search ([`count`](Self::count),
/// [`first_solution`](Self::first_solution), [`uniqueness`](Self::uniqueness),
/// [`for_each_solution`](Self::for_each_solution), [`solutions`](Self::solutions)),
/// and [`reset`](Self::reset). Every search restores the links it changed
/// when it ends, however it ends; `reset` also undoes the pre-selections, so
/// the matrix is never rebuilt.
#[derive(Clone, Debug)]
pub struct Solver {
    matrix: Matrix,
    /// Pre-selected options, in the order they were selected.
    selected: Vec<OptionId>,
    /// For each item header, the pre-selected option covering it, or [`NOT_SELECTED`].
    selected_by: Vec<u32>,
    /// The search stack. Invariant: for every `l < level`, the item
    /// `item_at[l]` and the other items of the option node `choice[l]` links
    /// to are covered.
    level: usize,
    item_at: Vec<u32>,
    choice: Vec<Link>,
    step: Step,
    /// Randomized search: the options of each level's item, shuffled, stacked
    /// level after level; `cursor[l]` indexes the option level `l` is trying.
    seed: Option<u64>,
    rng: SplitMix64,
    shuffled: Vec<Link>,
    cursor: Vec<u32>,
    budget: Budget,
    stats: Stats,
    /// The options of the last solution found; reused, never reallocated.
    solution: Vec<OptionId>,
}

impl Solver {
    /// A solver for `problem`, with no budget and the deterministic leftmost order.
    #[must_use]
    pub fn new(problem: &Problem) -> Self {
        let matrix = Matrix::new(problem);
        let headers = matrix.left.len();
        // Each level covers at least one primary item.
        let depth = problem.primary_count() + 1;
        Solver {
            matrix,
            selected: Vec::new(),
            selected_by: vec![NOT_SELECTED; headers],
            level: 0,
            item_at: vec![0; depth],
            choice: vec![Link::to_header(ROOT); depth],
            step: Step::Enter,
            seed: None,
            rng: SplitMix64::new(0),
            shuffled: Vec::new(),
            cursor: vec![0; depth],
            budget: Budget::UNLIMITED,
            stats: Stats::default(),
            solution: Vec::with_capacity(depth),
        }
    }

    /// Limits every later search; [`Budget::UNLIMITED`] removes the limit.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// The budget each search runs under.
    #[must_use]
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// With `Some(seed)`, later searches break ties between items at random and
    /// try each item's options in a random order, the same for the same seed;
    /// with `None`, ties go to the leftmost item and options are tried top down.
    pub fn set_seed(&mut self, seed: Option<u64>) {
        self.seed = seed;
    }

    /// The seed of randomized search, if set.
    #[must_use]
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Statistics of the last search.
    #[must_use]
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Forces `option` into every solution of later searches (a Sudoku given, say).
    ///
    /// # Errors
    ///
    /// [`Error::UnknownOption`] if the problem has no such option, and
    /// [`Error::SelectConflict`] if an earlier selection already covers one of
    /// its items; the solver is then unchanged.
    pub fn select(&mut self, option: OptionId) -> Result<(), Error> {
        let options = self.matrix.option_first.len();
        let Some(&first) = self.matrix.option_first.get(option.index()) else {
            return Err(Error::UnknownOption {
                option: option.index(),
                options,
            });
        };
        self.unwind();
        for node in Self::option_nodes(first) {
            let h = self.matrix.top[node as usize];
            if !self.matrix.is_active(h) {
                return Err(Error::SelectConflict {
                    option,
                    item: crate::ItemId::from_u32(h - 1),
                    covered_by: OptionId::from_u32(self.selected_by[h as usize]),
                });
            }
        }
        for node in Self::option_nodes(first) {
            let h = self.matrix.top[node as usize];
            self.selected_by[h as usize] = option.as_u32();
        }
        self.matrix.cover(self.matrix.top[first.node() as usize]);
        self.matrix.cover_others(first);
        self.selected.push(option);
        Ok(())
    }

    /// The pre-selected options, in the order they were selected.
    #[must_use]
    pub fn selected(&self) -> &[OptionId] {
        &self.selected
    }

    /// Undoes the most recent pre-selection (and any search in progress) and
    /// returns it, or `None` if nothing is selected.
    ///
    /// Selections form a stack: a caller that tries many variations of a set
    /// of forced options (a puzzle generator removing clues, say) can keep the
    /// options it is sure of selected and push and pop the rest, instead of
    /// selecting everything again for each try.
    pub fn unselect_last(&mut self) -> Option<OptionId> {
        self.unwind();
        let option = self.selected.pop()?;
        let first = self.matrix.option_first[option.index()];
        self.matrix.uncover_others(first);
        self.matrix.uncover(self.matrix.top[first.node() as usize]);
        for node in Self::option_nodes(first) {
            let h = self.matrix.top[node as usize];
            self.selected_by[h as usize] = NOT_SELECTED;
        }
        Some(option)
    }

    /// Undoes every pre-selection and any search in progress, restoring the
    /// matrix exactly as [`Solver::new`] built it. Budget and seed are kept.
    pub fn reset(&mut self) {
        while self.unselect_last().is_some() {}
        self.unwind();
    }

    /// Counts solutions, stopping after `limit` of them if given.
    ///
    /// A count that stopped early says so in [`Count::end`]: "exactly N" and
    /// "at least N" are never confused.
    pub fn count(&mut self, limit: Option<u64>) -> Count {
        self.start();
        let mut solutions = 0;
        let end = loop {
            if limit.is_some_and(|l| solutions >= l) {
                break End::LimitReached;
            }
            match self.advance() {
                Event::Solution => solutions += 1,
                Event::Exhausted => break End::Exhausted,
                Event::BudgetExhausted => break End::BudgetExhausted,
            }
        };
        self.unwind();
        Count { solutions, end }
    }

    /// Calls `visit` with each solution's options (pre-selected ones first)
    /// until it returns [`ControlFlow::Break`] or the search ends. Nothing is
    /// allocated per solution.
    pub fn for_each_solution<F>(&mut self, mut visit: F) -> Count
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        self.start();
        let mut solutions = 0;
        let end = loop {
            match self.advance() {
                Event::Solution => {
                    solutions += 1;
                    self.fill_solution();
                    if visit(&self.solution).is_break() {
                        break End::Stopped;
                    }
                }
                Event::Exhausted => break End::Exhausted,
                Event::BudgetExhausted => break End::BudgetExhausted,
            }
        };
        self.unwind();
        Count { solutions, end }
    }

    /// The first solution in search order.
    pub fn first_solution(&mut self) -> First {
        self.start();
        let first = match self.advance() {
            Event::Solution => {
                self.fill_solution();
                First::Solution(self.solution.clone())
            }
            Event::Exhausted => First::None,
            Event::BudgetExhausted => First::BudgetExhausted,
        };
        self.unwind();
        first
    }

    /// Whether there is no solution, exactly one (returned), or several; the
    /// search stops at the second solution.
    pub fn uniqueness(&mut self) -> Uniqueness {
        self.start();
        let answer = match self.advance() {
            Event::Solution => {
                self.fill_solution();
                match self.advance() {
                    Event::Solution => Uniqueness::Multiple,
                    Event::Exhausted => Uniqueness::Unique(self.solution.clone()),
                    Event::BudgetExhausted => Uniqueness::BudgetExhausted,
                }
            }
            Event::Exhausted => Uniqueness::None,
            Event::BudgetExhausted => Uniqueness::BudgetExhausted,
        };
        self.unwind();
        answer
    }

    /// The solutions one at a time, as a lending iterator: each call to
    /// [`Solutions::next`] resumes the search where it stopped. Dropping the
    /// iterator ends the search and restores the links.
    pub fn solutions(&mut self) -> Solutions<'_> {
        self.start();
        Solutions {
            solver: self,
            end: None,
        }
    }

    /// Knuth's `sanity()`: checks the invariants of every active link.
    ///
    /// # Errors
    ///
    /// A description of the first broken invariant.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.matrix.check()
    }

    /// Whether the links are exactly those [`Solver::new`] builds for
    /// `problem`: a test that every search and [`reset`](Self::reset)
    /// restored what it changed. Meant for tests and fuzzing; it builds a
    /// fresh matrix to compare with.
    #[must_use]
    pub fn links_match(&self, problem: &Problem) -> bool {
        self.matrix == Matrix::new(problem)
    }

    /// Prepares a new search from the current pre-selections.
    fn start(&mut self) {
        self.unwind();
        self.stats.nodes = 0;
        self.stats.updates = 0;
        self.stats.solutions = 0;
        self.stats.profile.clear();
        if let Some(seed) = self.seed {
            self.rng = SplitMix64::new(seed);
        }
    }

    /// Undoes the search stack: every level below `level` has its item and its
    /// chosen option's other items covered. Uncovering runs in the reverse
    /// order of covering, which is what makes dancing links restore exactly.
    fn unwind(&mut self) {
        while self.level > 0 {
            self.level -= 1;
            self.matrix.uncover_others(self.choice[self.level]);
            self.matrix.uncover(self.item_at[self.level]);
        }
        self.shuffled.clear();
        self.step = Step::Enter;
    }

    /// Runs Algorithm X until the next solution, the end of the tree, or the
    /// budget. Pauses only at step X2, so [`unwind`](Self::unwind) can always
    /// restore the links from `level` alone.
    fn advance(&mut self) -> Event {
        let randomized = self.seed.is_some();
        let mut step = self.step;
        loop {
            match step {
                Step::Enter => {
                    if self
                        .budget
                        .is_exhausted(self.stats.nodes, self.stats.updates)
                    {
                        self.step = Step::Enter;
                        return Event::BudgetExhausted;
                    }
                    self.count_node(self.level);
                    if self.matrix.right[ROOT as usize] == ROOT {
                        self.stats.solutions += 1;
                        self.step = Step::Backtrack;
                        return Event::Solution;
                    }
                    let (i, len) = if randomized {
                        self.choose_item_randomly()
                    } else {
                        self.matrix.shortest_item()
                    };
                    if len == 0 {
                        // A dead end: nothing was covered at this level.
                        step = Step::Backtrack;
                        continue;
                    }
                    self.stats.updates += self.matrix.cover(i);
                    self.item_at[self.level] = i;
                    if randomized {
                        self.push_shuffled_options(i);
                    } else {
                        self.choice[self.level] = self.matrix.down[i as usize];
                    }
                    step = Step::Try;
                }
                Step::Try => {
                    let l = self.level;
                    let i = self.item_at[l];
                    let x = if randomized {
                        self.shuffled
                            .get(self.cursor[l] as usize)
                            .copied()
                            .unwrap_or(Link::to_header(i))
                    } else {
                        self.choice[l]
                    };
                    if x.node() == i {
                        // X7: every option of `i` has been tried.
                        self.matrix.uncover(i);
                        if randomized {
                            self.pop_shuffled_options(i);
                        }
                        step = Step::Backtrack;
                        continue;
                    }
                    self.choice[l] = x;
                    match self.matrix.cover_others_unless_doomed(x) {
                        OptionCover::Covered(updates) => {
                            self.stats.updates += updates;
                            self.level += 1;
                            step = Step::Enter;
                        }
                        OptionCover::Doomed(updates) => {
                            self.stats.updates += updates;
                            if self
                                .budget
                                .is_exhausted(self.stats.nodes, self.stats.updates)
                            {
                                // The budget ends the search at this node:
                                // cover the option after all and stop at X2
                                // below, the one place a search pauses.
                                self.stats.updates += self.matrix.cover_others(x);
                                self.level += 1;
                                step = Step::Enter;
                            } else {
                                // The node below is a dead end, counted as
                                // Algorithm X counts it but never entered:
                                // X6 at once (the links are restored).
                                self.count_node(l + 1);
                                self.next_option(l, x);
                            }
                        }
                    }
                }
                Step::Backtrack => {
                    if self.level == 0 {
                        self.step = Step::Finished;
                        return Event::Exhausted;
                    }
                    self.level -= 1;
                    let x = self.choice[self.level];
                    self.matrix.uncover_others(x);
                    self.next_option(self.level, x);
                    step = Step::Try;
                }
                Step::Finished => return Event::Exhausted,
            }
        }
    }

    /// Counts a search-tree node at level `level`.
    fn count_node(&mut self, level: usize) {
        self.stats.nodes += 1;
        if self.stats.profile.len() <= level {
            self.stats.profile.resize(level + 1, 0);
        }
        self.stats.profile[level] += 1;
    }

    /// Moves level `l` on from option node `x`, its current choice, to the
    /// next option of its item (X6).
    fn next_option(&mut self, l: usize, x: Link) {
        if self.seed.is_some() {
            self.cursor[l] += 1;
        } else {
            self.choice[l] = self.matrix.down[x.node() as usize];
        }
    }

    /// MRV with ties broken uniformly at random (reservoir sampling).
    fn choose_item_randomly(&mut self) -> (u32, u32) {
        let m = &self.matrix;
        let mut best = ROOT;
        let mut best_len = u32::MAX;
        let mut ties = 0;
        let mut h = m.right[ROOT as usize];
        while h != ROOT {
            let len = m.top[h as usize];
            if len < best_len {
                best = h;
                best_len = len;
                ties = 1;
                if len == 0 {
                    break;
                }
            } else if len == best_len {
                ties += 1;
                if self.rng.below(ties) == 0 {
                    best = h;
                }
            }
            h = m.right[h as usize];
        }
        (best, best_len)
    }

    /// Stacks the options of item `i`, shuffled, for the current level.
    fn push_shuffled_options(&mut self, i: u32) {
        let start = self.shuffled.len();
        self.cursor[self.level] = to_u32(start);
        let mut p = self.matrix.down[i as usize];
        while p.node() != i {
            self.shuffled.push(p);
            p = self.matrix.down[p.node() as usize];
        }
        self.rng.shuffle(&mut self.shuffled[start..]);
    }

    /// Drops the current level's shuffled options of item `i`.
    fn pop_shuffled_options(&mut self, i: u32) {
        let len = self.matrix.top[i as usize] as usize;
        self.shuffled.truncate(self.shuffled.len() - len);
    }

    /// The nodes of the option whose first node `first` links to.
    fn option_nodes(first: Link) -> std::ops::Range<u32> {
        first.node()..first.node() + first.span().size()
    }

    /// Writes the current solution into `self.solution`.
    fn fill_solution(&mut self) {
        self.solution.clear();
        self.solution.extend_from_slice(&self.selected);
        for &x in &self.choice[..self.level] {
            self.solution
                .push(OptionId::from_u32(self.matrix.option_of[x.node() as usize]));
        }
    }
}

/// The solutions of a [`Solver`], one at a time; see [`Solver::solutions`].
///
/// This is a lending iterator (each solution borrows the solver), so it has
/// its own `next` rather than implementing [`Iterator`]; nothing is allocated
/// per solution.
#[derive(Debug)]
pub struct Solutions<'s> {
    solver: &'s mut Solver,
    end: Option<End>,
}

impl Solutions<'_> {
    /// The next solution's options (pre-selected ones first), or `None` when
    /// the search has ended; [`end`](Self::end) then says why.
    #[allow(clippy::should_implement_trait)] // lending: the item borrows `self`
    pub fn next(&mut self) -> Option<&[OptionId]> {
        if self.end.is_some() {
            return None;
        }
        match self.solver.advance() {
            Event::Solution => {
                self.solver.fill_solution();
                Some(&self.solver.solution)
            }
            Event::Exhausted => {
                self.end = Some(End::Exhausted);
                None
            }
            Event::BudgetExhausted => {
                self.end = Some(End::BudgetExhausted);
                None
            }
        }
    }

    /// Why the search ended, once [`next`](Self::next) has returned `None`.
    #[must_use]
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Statistics of the search so far.
    #[must_use]
    pub fn stats(&self) -> &Stats {
        &self.solver.stats
    }
}

impl Drop for Solutions<'_> {
    fn drop(&mut self) {
        self.solver.unwind();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tilings of a strip of `n` cells by monominoes and dominoes (Fibonacci).
    fn strip(n: usize) -> Problem {
        let mut b = Problem::builder(n, 1).unwrap();
        for i in 0..n {
            b.add_option(&[i]).unwrap();
            if i + 1 < n {
                b.add_option(&[i, i + 1, n]).unwrap();
            }
        }
        b.build()
    }

    /// Every way in and out of a search, small enough to run under Miri.
    #[test]
    fn searches_of_every_kind_restore_the_matrix() {
        let p = strip(7);
        let mut solver = Solver::new(&p);
        // At most one domino (the secondary item): 1 + 6 tilings.
        assert_eq!(
            solver.count(None),
            Count {
                solutions: 7,
                end: End::Exhausted
            }
        );
        assert!(solver.links_match(&p));
        solver.set_seed(Some(3));
        assert_eq!(solver.count(None).solutions, 7);
        solver.set_budget(Budget::nodes(3));
        assert_eq!(solver.count(None).end, End::BudgetExhausted);
        solver.set_budget(Budget::UNLIMITED);
        solver.select(OptionId::from_u32(1)).unwrap();
        // The domino on cells 0-1 leaves monominoes (the even options) for the rest.
        let Uniqueness::Unique(mut options) = solver.uniqueness() else {
            panic!("unique")
        };
        options.sort();
        let expected: Vec<OptionId> = [1, 4, 6, 8, 10, 12].map(OptionId::from_u32).to_vec();
        assert_eq!(options, expected);
        {
            let mut solutions = solver.solutions();
            assert!(solutions.next().is_some());
        }
        solver.matrix.check().unwrap();
        solver.reset();
        assert!(solver.links_match(&p));
    }
}
