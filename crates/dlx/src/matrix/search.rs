//! The search state on one matrix: pre-selections, the stack of levels, and
//! Algorithm X as a loop over levels that pauses at each solution.
//!
//! Everything that holds a link or a header between two steps lives here,
//! next to the one matrix those came from, so the steps' invariants never
//! depend on a caller outside this module (see `mod.rs`). This file has no
//! `unsafe` code.

#![deny(unsafe_code)]

use super::cover::OptionCover;
use super::link::Link;
use super::{Header, Matrix};
use crate::error::Error;
use crate::index::to_u32;
use crate::outcome::{Budget, Event, Stats};
use crate::random::SplitMix64;
use crate::{ItemId, OptionId, Problem};

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

/// A matrix with its pre-selections and the state of a search on it.
///
/// The state is the stack of levels: invariant, for every `l < level`, the
/// item `item_at[l]` and the other items of the option node `choice[l]`
/// links to are covered, on top of the pre-selections. A search can pause
/// only at step X2 (between levels), so [`unwind`](Self::unwind) restores the
/// links from `level` alone, however the search ends.
#[derive(Clone, Debug)]
pub(crate) struct Search {
    matrix: Matrix,
    /// Pre-selected options, in the order they were selected.
    selected: Vec<OptionId>,
    /// For each header, the pre-selected option covering it, or [`NOT_SELECTED`].
    selected_by: Vec<u32>,
    level: usize,
    item_at: Vec<Header>,
    choice: Vec<Link>,
    step: Step,
    /// Randomized search: the options of each level's item, shuffled, stacked
    /// level after level; `cursor[l]` indexes the option level `l` is trying.
    randomized: bool,
    rng: SplitMix64,
    shuffled: Vec<Link>,
    cursor: Vec<u32>,
}

impl Search {
    /// The matrix of `problem`, with nothing selected.
    pub(crate) fn new(problem: &Problem) -> Self {
        let matrix = Matrix::new(problem);
        let headers = matrix.headers();
        // Each level covers at least one primary item.
        let depth = problem.primary_count() + 1;
        Search {
            matrix,
            selected: Vec::new(),
            selected_by: vec![NOT_SELECTED; headers],
            level: 0,
            item_at: vec![Header::default(); depth],
            choice: vec![Link::default(); depth],
            step: Step::Enter,
            randomized: false,
            rng: SplitMix64::new(0),
            shuffled: Vec::new(),
            cursor: vec![0; depth],
        }
    }

    /// Forces `option` into every solution of later searches.
    ///
    /// # Errors
    ///
    /// [`Error::UnknownOption`] if the problem has no such option, and
    /// [`Error::SelectConflict`] if an earlier selection already covers one of
    /// its items; nothing changes then.
    pub(crate) fn select(&mut self, option: OptionId) -> Result<(), Error> {
        if option.index() >= self.matrix.option_count() {
            return Err(Error::UnknownOption {
                option: option.index(),
                options: self.matrix.option_count(),
            });
        }
        self.unwind();
        let Search {
            matrix,
            selected_by,
            ..
        } = self;
        let conflict = (matrix.option_headers(option.index()).into_iter().flatten())
            .find(|&h| !matrix.is_active(h));
        if let Some(h) = conflict {
            return Err(Error::SelectConflict {
                option,
                item: h.item().unwrap_or(ItemId::from_u32(0)),
                covered_by: OptionId::from_u32(selected_by[h.get() as usize]),
            });
        }
        let mut first_item = None;
        for h in matrix.option_headers(option.index()).into_iter().flatten() {
            selected_by[h.get() as usize] = option.as_u32();
            first_item.get_or_insert(h);
        }
        let first = matrix.option_first[option.index()];
        if let Some(i) = first_item {
            matrix.cover(i);
            matrix.cover_others(first);
        }
        self.selected.push(option);
        Ok(())
    }

    /// The pre-selected options, in the order they were selected.
    pub(crate) fn selected(&self) -> &[OptionId] {
        &self.selected
    }

    /// Undoes the most recent pre-selection (and any search in progress) and
    /// returns it, or `None` if nothing is selected.
    pub(crate) fn unselect_last(&mut self) -> Option<OptionId> {
        self.unwind();
        let option = self.selected.pop()?;
        let Search {
            matrix,
            selected_by,
            ..
        } = self;
        let mut first_item = None;
        for h in matrix.option_headers(option.index()).into_iter().flatten() {
            selected_by[h.get() as usize] = NOT_SELECTED;
            first_item.get_or_insert(h);
        }
        let first = matrix.option_first[option.index()];
        matrix.uncover_others(first);
        if let Some(i) = first_item {
            matrix.uncover(i);
        }
        Some(option)
    }

    /// Undoes every pre-selection and any search in progress.
    pub(crate) fn reset(&mut self) {
        while self.unselect_last().is_some() {}
        self.unwind();
    }

    /// Prepares a new search from the current pre-selections, in the
    /// leftmost order or, with a seed, in the random order it gives.
    pub(crate) fn start(&mut self, seed: Option<u64>) {
        self.unwind();
        self.randomized = seed.is_some();
        self.rng = SplitMix64::new(seed.unwrap_or(0));
    }

    /// Undoes the search stack: every level below `level` has its item and its
    /// chosen option's other items covered. Uncovering runs in the reverse
    /// order of covering, which is what makes dancing links restore exactly.
    pub(crate) fn unwind(&mut self) {
        while self.level > 0 {
            self.level -= 1;
            self.matrix.uncover_others(self.choice[self.level]);
            self.matrix.uncover(self.item_at[self.level]);
        }
        self.shuffled.clear();
        self.step = Step::Enter;
    }

    /// Runs Algorithm X until the next solution, the end of the tree, or the
    /// budget, counting in `stats`. Pauses only at step X2.
    pub(crate) fn advance(&mut self, stats: &mut Stats, budget: Budget) -> Event {
        let randomized = self.randomized;
        let mut step = self.step;
        loop {
            match step {
                Step::Enter => {
                    if budget.is_exhausted(stats.nodes, stats.updates) {
                        self.step = Step::Enter;
                        return Event::BudgetExhausted;
                    }
                    stats.count_node(self.level);
                    if self.matrix.all_primary_covered() {
                        stats.solutions += 1;
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
                    stats.updates += self.matrix.cover(i);
                    self.item_at[self.level] = i;
                    if randomized {
                        self.push_shuffled_options(i);
                    } else {
                        self.choice[self.level] = self.matrix.first_option(i);
                    }
                    step = Step::Try;
                }
                Step::Try => {
                    let l = self.level;
                    let i = self.item_at[l];
                    let x = if randomized {
                        self.shuffled.get(self.cursor[l] as usize).copied()
                    } else {
                        Some(self.choice[l]).filter(|x| x.node() != i.get())
                    };
                    let Some(x) = x else {
                        // X7: every option of `i` has been tried.
                        self.matrix.uncover(i);
                        if randomized {
                            self.pop_shuffled_options(i);
                        }
                        step = Step::Backtrack;
                        continue;
                    };
                    self.choice[l] = x;
                    match self.matrix.cover_others_unless_doomed(x) {
                        OptionCover::Covered(updates) => {
                            stats.updates += updates;
                            self.level += 1;
                            step = Step::Enter;
                        }
                        OptionCover::Doomed(updates) => {
                            stats.updates += updates;
                            if budget.is_exhausted(stats.nodes, stats.updates) {
                                // The budget ends the search at this node:
                                // cover the option after all and stop at X2
                                // below, the one place a search pauses.
                                stats.updates += self.matrix.cover_others(x);
                                self.level += 1;
                                step = Step::Enter;
                            } else {
                                // The node below is a dead end, counted as
                                // Algorithm X counts it but never entered:
                                // X6 at once (the links are restored).
                                stats.count_node(l + 1);
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

    /// Moves level `l` on from option node `x`, its current choice, to the
    /// next option of its item (X6).
    fn next_option(&mut self, l: usize, x: Link) {
        if self.randomized {
            self.cursor[l] += 1;
        } else {
            self.choice[l] = self.matrix.next_option(x);
        }
    }

    /// MRV with ties broken uniformly at random (reservoir sampling).
    fn choose_item_randomly(&mut self) -> (Header, u32) {
        let mut best = (Header::default(), u32::MAX);
        let mut ties = 0;
        for (h, len) in self.matrix.active_primaries() {
            if len < best.1 {
                best = (h, len);
                ties = 1;
                if len == 0 {
                    break;
                }
            } else if len == best.1 {
                ties += 1;
                if self.rng.below(ties) == 0 {
                    best.0 = h;
                }
            }
        }
        best
    }

    /// Stacks the options of item `i`, shuffled, for the current level.
    fn push_shuffled_options(&mut self, i: Header) {
        let start = self.shuffled.len();
        self.cursor[self.level] = to_u32(start);
        let mut p = self.matrix.first_option(i);
        while p.node() != i.get() {
            self.shuffled.push(p);
            p = self.matrix.next_option(p);
        }
        self.rng.shuffle(&mut self.shuffled[start..]);
    }

    /// Drops the current level's shuffled options of item `i`.
    fn pop_shuffled_options(&mut self, i: Header) {
        let len = self.matrix.len(i) as usize;
        self.shuffled.truncate(self.shuffled.len() - len);
    }

    /// Writes the current solution, pre-selected options first, into `out`.
    pub(crate) fn solution(&self, out: &mut Vec<OptionId>) {
        out.clear();
        out.extend_from_slice(&self.selected);
        for &x in &self.choice[..self.level] {
            out.push(self.matrix.option_of(x));
        }
    }

    /// Knuth's `sanity()` on the matrix.
    pub(crate) fn check(&self) -> Result<(), String> {
        self.matrix.check()
    }

    /// Whether the links are exactly those laid out for `problem`.
    pub(crate) fn links_match(&self, problem: &Problem) -> bool {
        self.matrix == Matrix::new(problem)
    }

    /// Whether some primary item still to be covered has no option left.
    fn dead_end(&self) -> bool {
        self.matrix.has_empty_primary()
    }
}

/// For each option of `problem`, whether it is blocked: whether choosing it
/// leaves some other primary item no option (see `prune.rs`).
pub(crate) fn blocked_options(problem: &Problem) -> Vec<bool> {
    let mut search = Search::new(problem);
    (0..problem.option_count())
        .map(|k| {
            let option = OptionId::from_u32(to_u32(k));
            // A fresh matrix has nothing selected, so no option conflicts.
            let blocked = search.select(option).is_ok() && search.dead_end();
            search.unselect_last();
            blocked
        })
        .collect()
}
