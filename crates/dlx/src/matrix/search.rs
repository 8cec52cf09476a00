//! The search state on one matrix, and Algorithms X and C as a loop over
//! levels that pauses at each solution (Algorithm M is in `bounded.rs`,
//! pre-selection in `select.rs`).
//!
//! Everything that holds a link or a header between two steps lives here,
//! next to the one matrix those came from, so the steps' invariants never
//! depend on a caller outside this module (see `mod.rs`). This file has no
//! `unsafe` code.
//!
//! The search is generic over `C`, whether the problem has colors: plain
//! exact cover runs the loop it ran before colors existed, with every check
//! for a color compiled out (docs/decisions/const-generic-colors.md).

#![deny(unsafe_code)]

use super::cover::OptionCover;
use super::forced_first::ForcedFirst;
use super::frame::Frame;
use super::hide::SUDOKU_WIDTH;
use super::leaves::Leaves;
use super::link::Link;
use super::path::{self, Facts, LinksLoop, SearchPath};
use super::shuffle::Shuffle;
use super::tweak::Tweaks;
use super::{Header, Matrix, ROOT, keeps_item_lists};
use crate::index::{Color, ItemId, OptionId};
use crate::outcome::{Budget, Event, Stats};
use crate::problem::{Kind, Problem};

/// Marks an item that no pre-selection covers.
pub(super) const NOT_SELECTED: u32 = u32::MAX;

/// Where the search loop goes next (Knuth's steps X2, X5 and X8). Between
/// two calls only `Enter`, `Backtrack` or `Finished` is kept; Algorithm M's
/// loop (`bounded.rs`) uses no `Try`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// Enter a new level; report a solution or choose an item.
    Enter,
    /// Leave the current level and move to the next option of the one above.
    Backtrack,
    /// The search tree is exhausted.
    Finished,
}

/// What one level of the search holds. The fields sit together, one entry
/// per level, rather than in a stack each: a step that reads or writes
/// both indexes (and checks the bounds of) one stack once (docs/decisions/search-loop.md). Sixteen
/// bytes, so that indexing is a shift.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Level {
    /// The option node the level is trying, or (Algorithm M's null move) a
    /// link to its item.
    pub(super) choice: Link,
    /// The item the level branches on.
    pub(super) item: Header,
    /// Algorithm M: whether the level covered its item when it chose it
    /// and tries its options as Algorithm X does (its item has no bound
    /// left and no slack, so it never tweaks). In the padding, so free.
    /// Algorithms X and C: whether the forced-first search made the level
    /// as a forced move, committing its one option without hiding it
    /// (`forced.rs`); true only while such a level is below `level`, as
    /// undoing it clears the mark, so the other steps, which never set it,
    /// need not write it.
    pub(super) plain: bool,
}

/// A matrix with its pre-selections and the state of a search on it.
///
/// The state is the stack of levels: for every `l < level`, the item
/// `levels[l].item` is covered (or, in Algorithm M, has what level `l` took
/// from it) and the option node `levels[l].choice` has its other items covered, on top
/// of the pre-selections. A search pauses only when it enters a level, so
/// [`unwind`](Self::unwind) restores the links from `level` alone, however
/// the search ends; and a search could start from any prefix of choices
/// pushed the same way.
#[derive(Clone, Debug)]
pub(crate) struct Search {
    pub(super) matrix: Matrix,
    /// What the choice of path reads from the problem.
    pub(super) facts: Facts,
    /// The path every level on the stack was made by, and the next search
    /// runs: [`path::choose`] of the facts and the settings, chosen again
    /// only with no level on the stack (`start`, `set_forced`).
    pub(super) path: SearchPath,
    /// Pre-selected options, in the order they were selected.
    pub(super) selected: Vec<OptionId>,
    /// For each header, the first pre-selected option still selected that
    /// covers, purifies or counts against it, or [`NOT_SELECTED`].
    pub(super) selected_by: Vec<u32>,
    pub(super) level: usize,
    /// The stack of levels, one [`Level`] for each the search can reach.
    pub(super) levels: Vec<Level>,
    /// Algorithm M: where each level's tweaking starts (`tweak.rs`).
    pub(super) tweaks: Tweaks,
    pub(super) step: Step,
    /// The randomized order of a seeded search (`shuffle.rs`).
    pub(super) shuffle: Shuffle,
    /// Where the search is cut: its floor, ceiling and pause point
    /// (`frontier.rs`).
    pub(super) frame: Frame,
    /// How many more solutions the search counts in `stats` without
    /// pausing: 0 except in [`Dlx::count`](crate::Dlx::count), which reads
    /// its count from the statistics rather than from the events, so that a
    /// solution does not cost a return from the loop and a way back in
    /// (docs/decisions/search-loop.md).
    pub(super) silent: u64,
    /// Whether the search chooses forced items first, and how many levels
    /// of its path have a choice left (`forced_first.rs`).
    pub(super) forced: ForcedFirst,
    /// Counting leaves at once (`leaves.rs`).
    pub(super) leaves: Leaves,
}

impl Search {
    /// The matrix of `problem`, with nothing selected.
    pub(crate) fn new(problem: &Problem) -> Self {
        let matrix = Matrix::new(problem);
        let headers = matrix.headers();
        let width = matrix.search_width();
        let kind = problem.kind();
        let facts = Facts::of(problem, width);
        // Each level of Algorithm X or C covers at least one primary item;
        // each of Algorithm M chooses an option or finishes an item.
        let depth = match kind {
            Kind::Multiplicities => problem.primary_count() + problem.option_count() + 1,
            _ => problem.primary_count() + 1,
        };
        Search {
            matrix,
            facts,
            path: path::choose(facts, false, false),
            selected: Vec::new(),
            selected_by: vec![NOT_SELECTED; headers],
            level: 0,
            levels: vec![Level::default(); depth],
            tweaks: Tweaks::new(kind, depth),
            step: Step::Enter,
            shuffle: Shuffle::new(depth),
            frame: Frame::WHOLE,
            silent: 0,
            forced: ForcedFirst::default(),
            leaves: Leaves::of(problem),
        }
    }

    /// The kind of the problem, which says which algorithm runs.
    pub(crate) fn kind(&self) -> Kind {
        self.facts.kind
    }

    /// The path the levels on the stack were made by, and the started
    /// search runs.
    pub(crate) fn search_path(&self) -> SearchPath {
        self.path
    }

    /// The path the next search runs with a seed or not (`seeded`), as
    /// [`path::choose`] decides it: what `start` will keep.
    pub(crate) fn path_for(&self, seeded: bool) -> SearchPath {
        path::choose(self.facts, seeded, self.forced.on())
    }

    /// The number of options of the problem.
    pub(crate) fn option_count(&self) -> usize {
        self.matrix.option_count()
    }

    /// The number of items of the problem, primary and secondary.
    pub(crate) fn item_count(&self) -> usize {
        self.matrix.headers() - 2
    }

    /// The pre-selected options, in the order they were selected.
    pub(crate) fn selected(&self) -> &[OptionId] {
        &self.selected
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
        self.frame = Frame::WHOLE;
        self.silent = 0;
        self.path = self.path_for(seed.is_some());
        self.shuffle.reseed(seed.unwrap_or(0));
        self.matrix.cleansings = 0;
        self.matrix.single = 0;
        self.leaves
            .set_level(self.selected.len(), self.frame.ceiling());
    }

    /// Runs the problem's algorithm until the next solution, the end of the
    /// tree, or the budget, counting in `stats`. Pauses only when it enters
    /// a level.
    pub(crate) fn advance(&mut self, stats: &mut Stats, budget: Budget) -> Event {
        let SearchPath { links, colors, .. } = self.path;
        if colors {
            let event = match links {
                LinksLoop::Leftmost => self.advance_exact::<true, false, false, 0>(stats, budget),
                LinksLoop::Randomized => self.advance_exact::<true, true, false, 0>(stats, budget),
                LinksLoop::ForcedFirst => self.advance_forced::<true, 0>(stats, budget),
                LinksLoop::ForcedFirstWidth4 => {
                    self.advance_forced::<true, SUDOKU_WIDTH>(stats, budget)
                }
                LinksLoop::Multiplicities => self.advance_bounded::<true, false>(stats, budget),
                LinksLoop::MultiplicitiesRandomized => {
                    self.advance_bounded::<true, true>(stats, budget)
                }
            };
            stats.cleansings = self.matrix.cleansings;
            event
        } else {
            match links {
                LinksLoop::Leftmost => self.advance_exact::<false, false, false, 0>(stats, budget),
                LinksLoop::Randomized => self.advance_exact::<false, true, false, 0>(stats, budget),
                LinksLoop::ForcedFirst => self.advance_forced::<false, 0>(stats, budget),
                LinksLoop::ForcedFirstWidth4 => {
                    self.advance_forced::<false, SUDOKU_WIDTH>(stats, budget)
                }
                LinksLoop::Multiplicities => self.advance_bounded::<false, false>(stats, budget),
                LinksLoop::MultiplicitiesRandomized => {
                    self.advance_bounded::<false, true>(stats, budget)
                }
            }
        }
    }

    /// Algorithm X (without colors) or C (with them).
    ///
    /// Each turn of the loop enters a level (X2 to X4) or backtracks to the
    /// one above (X8), then tries options at that level (X5 to X7) until one
    /// is covered (down a level) or none is left (up). A flag says which way
    /// the next turn starts: cheaper than a jump over a `Step` at every step
    /// (docs/decisions/search-loop.md). `R` is whether the path is randomized
    /// ([`LinksLoop::Randomized`]), a
    /// parameter so that the leftmost search tests it nowhere
    /// (docs/decisions/const-generic-colors.md); `F` is [`forced`](Self::forced) (never with `R`):
    /// the item is chosen by [`choose_forced`](super::Matrix::choose_forced), which needs the hint
    /// that covering with `F` leaves (`forced.rs`, docs/decisions/forced-first.md). `W` is 0 or
    /// the width every option has (`hide.rs`).
    pub(super) fn advance_exact<const C: bool, const R: bool, const F: bool, const W: u32>(
        &mut self,
        stats: &mut Stats,
        budget: Budget,
    ) -> Event {
        let randomized = R;
        let mut entering = match self.step {
            Step::Enter => true,
            Step::Backtrack => false,
            Step::Finished => {
                self.step = Step::Finished;
                return Event::Exhausted;
            }
        };
        let watched = self.watches(budget);
        let leafy = budget == Budget::UNLIMITED;
        // The search made for a width leaves the active-item lists alone
        // (invariant (G)): the choice tells it that no primary item is left.
        let listless = F && !keeps_item_lists(C, W);
        loop {
            if entering {
                let event = if watched {
                    self.enter(stats, budget, listless)
                } else {
                    self.enter_unwatched(stats, listless)
                };
                if let Some(event) = event {
                    if self.counts_silently(event) {
                        entering = false;
                        continue;
                    }
                    return event;
                }
                let (i, len) = if randomized {
                    self.choose_item_randomly()
                } else if F {
                    self.matrix.choose_forced::<W>()
                } else {
                    self.matrix.shortest_item()
                };
                if listless && i.get() == ROOT {
                    // No primary item is left (`choose_forced`).
                    let event = self.solved(stats);
                    if self.counts_silently(event) {
                        entering = false;
                        continue;
                    }
                    return event;
                }
                if len == 0
                    || (!R
                        && !F
                        && leafy
                        && self.leaves.counts::<false>(
                            self.level,
                            len,
                            &mut self.silent,
                            &self.matrix,
                            stats,
                        ))
                {
                    // A dead end, or leaves counted without entering them
                    // (not in the forced-first search, `leaves.rs`):
                    // nothing was covered at this level.
                    entering = false;
                    continue;
                }
                if F && !C && len == 1 {
                    // A forced move, made without hiding its option
                    // (`forced.rs`).
                    entering = self.take_forced::<W>(i, stats, budget);
                    continue;
                }
                stats.updates += self.matrix.cover::<C, W>(i);
                let first = if randomized {
                    self.push_shuffled_options(i);
                    Link::default()
                } else {
                    self.matrix.first_option(i)
                };
                entering = self.try_options::<C, R, F, W>(i, first, stats, budget);
            } else {
                if self.level == self.frame.floor() || (F && !R && self.nothing_left()) {
                    // With nothing left on the path, the levels stay
                    // covered, as at a pause (`discard.rs`).
                    self.step = Step::Finished;
                    return Event::Exhausted;
                }
                self.level -= 1;
                let l = self.level;
                if F && !C && self.levels[l].plain {
                    // A forced move has no other option to try.
                    self.give_forced_back::<W>(l);
                    continue;
                }
                let x = self.levels[l].choice;
                self.matrix.uncover_others::<C, W>(x);
                let next = if randomized {
                    self.shuffle.next(l);
                    Link::default()
                } else {
                    self.matrix.next_option(x)
                };
                if F && !R {
                    self.unnote_choice(self.levels[l].item, next);
                }
                entering = self.try_options::<C, R, F, W>(self.levels[l].item, next, stats, budget);
            }
        }
    }

    /// X5 to X7 at the current level, whose item is `i`, from option node
    /// `x` on (in a randomized search, from the level's cursor on): covers
    /// the other items of an option and moves down a level (returns true),
    /// skipping the options whose covering is doomed; or, with no option
    /// left, uncovers `i` and returns false (backtrack). The option being
    /// tried stays in a local, stored in the level's `choice` only when the
    /// search moves down, with the item (one store for the level, docs/decisions/search-loop.md).
    /// With `F`, covering the option leaves the hint for the level below.
    #[inline(always)]
    fn try_options<const C: bool, const R: bool, const F: bool, const W: u32>(
        &mut self,
        i: Header,
        mut x: Link,
        stats: &mut Stats,
        budget: Budget,
    ) -> bool {
        let randomized = R;
        let l = self.level;
        loop {
            let left = if randomized {
                match self.shuffle.current(l) {
                    Some(y) => {
                        x = y;
                        true
                    }
                    None => false,
                }
            } else {
                x.node() != i.get()
            };
            if !left {
                // X7: every option of `i` has been tried.
                self.matrix.uncover::<C, W>(i);
                if randomized {
                    self.shuffle.pop_level(l);
                }
                return false;
            }
            let covered = if F {
                self.matrix.cover_others_forced::<C, W>(x)
            } else {
                self.matrix.cover_others_unless_doomed::<C>(x)
            };
            match covered {
                OptionCover::Covered(updates) => {
                    stats.updates += updates;
                    let level = &mut self.levels[l];
                    (level.choice, level.item) = (x, i);
                    self.level += 1;
                    if F && !R {
                        self.note_choice(i, x);
                    }
                    return true;
                }
                OptionCover::Doomed(updates) => {
                    stats.updates += updates;
                    if budget.is_exhausted(stats.nodes, stats.updates) {
                        // The budget ends the search at this node: cover
                        // the option after all and stop when entering the
                        // level below, the one place a search pauses.
                        // (With `F`, no hint: the search stops below.)
                        stats.updates += self.matrix.cover_others::<C, W>(x);
                        self.matrix.single = 0;
                        let level = &mut self.levels[l];
                        (level.choice, level.item) = (x, i);
                        self.level += 1;
                        if F && !R {
                            self.note_choice(i, x);
                        }
                        return true;
                    }
                    // The node below is a dead end, counted as Algorithm X
                    // counts it but never entered: X6 at once (the links
                    // are restored).
                    stats.count_node(l + 1);
                    if randomized {
                        self.shuffle.next(l);
                    } else {
                        x = self.matrix.next_option(x);
                    }
                }
            }
        }
    }

    /// The first steps of entering a level (X2, M2): pauses at the splitting
    /// ceiling, stops if the budget is spent, counts the node, and reports a
    /// solution if no primary item is left (unless `listless`: the search
    /// made for a width, which keeps no active-item list, finds that out
    /// when it chooses an item); returns the event the search pauses with,
    /// if it does.
    #[inline(always)]
    pub(super) fn enter(
        &mut self,
        stats: &mut Stats,
        budget: Budget,
        listless: bool,
    ) -> Option<Event> {
        if self.level == self.frame.ceiling() {
            // Splitting: this node is a subproblem, searched elsewhere.
            self.step = Step::Enter;
            return Some(Event::Frontier);
        }
        if stats.nodes >= self.frame.pause_at() {
            self.step = Step::Enter;
            return Some(Event::Paused);
        }
        if budget.is_exhausted(stats.nodes, stats.updates) {
            self.step = Step::Enter;
            return Some(Event::BudgetExhausted);
        }
        self.enter_unwatched(stats, listless)
    }

    /// Whether entering a node must look for a reason to pause before it
    /// counts the node: a splitting ceiling, a pause point or a budget. If
    /// not, [`enter_unwatched`](Self::enter_unwatched) enters it with four
    /// comparisons fewer (docs/decisions/search-loop.md). Fixed for a call of `advance`.
    pub(super) fn watches(&self, budget: Budget) -> bool {
        self.frame.watched() || budget.max_nodes.is_some() || budget.max_updates.is_some()
    }

    /// [`enter`](Self::enter) when nothing is [watched](Self::watches):
    /// counts the node and reports a solution if no primary item is left
    /// (unless `listless`, as for `enter`).
    #[inline(always)]
    pub(super) fn enter_unwatched(&mut self, stats: &mut Stats, listless: bool) -> Option<Event> {
        stats.count_node(self.level);
        if !listless && self.matrix.all_primary_covered() {
            return Some(self.solved(stats));
        }
        None
    }

    /// Counts the solution the search has reached, which it will leave by
    /// backtracking.
    #[inline(always)]
    pub(super) fn solved(&mut self, stats: &mut Stats) -> Event {
        stats.solutions += 1;
        self.step = Step::Backtrack;
        Event::Solution
    }

    /// Whether the search goes on after `event` instead of pausing: a
    /// solution while [`silent`](Self::silent) is not 0 (counted in the
    /// statistics already), which takes one from it.
    #[inline(always)]
    pub(super) fn counts_silently(&mut self, event: Event) -> bool {
        if event == Event::Solution && self.silent != 0 {
            self.silent -= 1;
            true
        } else {
            false
        }
    }

    /// Lets the search count up to `n` solutions in the statistics without
    /// pausing at them (until the next [`start`](Self::start)).
    pub(crate) fn set_silent(&mut self, n: u64) {
        self.silent = n;
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
                if self.shuffle.rng().below(ties) == 0 {
                    best.0 = h;
                }
            }
        }
        best
    }

    /// Stacks the options now in item `i`'s list, shuffled, for the current
    /// level.
    pub(super) fn push_shuffled_options(&mut self, i: Header) {
        let matrix = &self.matrix;
        let mut p = matrix.first_option(i);
        let options = std::iter::from_fn(|| {
            (p.node() != i.get()).then(|| {
                let option = p;
                p = matrix.next_option(p);
                option
            })
        });
        self.shuffle.push_level(self.level, options);
    }

    /// Writes the current solution, pre-selected options first, into `out`.
    pub(crate) fn solution(&self, out: &mut Vec<OptionId>) {
        out.clear();
        // At most one option a level: one allocation for the first solution.
        out.reserve(self.selected.len() + self.level);
        out.extend_from_slice(&self.selected);
        for x in self.levels[..self.level].iter().map(|level| level.choice) {
            // Algorithm M's null moves choose no option: a link to a header.
            if let Some(option) = self.matrix.option_of(x) {
                out.push(option);
            }
        }
    }

    /// The colors of the secondary items in the current solution (or, between
    /// searches, given by the pre-selections): each item some chosen option
    /// colors, in item order.
    pub(crate) fn colors(&self) -> impl Iterator<Item = (ItemId, Color)> + '_ {
        self.matrix.purified_items().map(|(h, color)| {
            (
                ItemId::from_u32(h - 1),
                Color::from_u32(color.saturating_sub(1)),
            )
        })
    }

    /// Knuth's `sanity()` on the matrix, whose active-item lists may be
    /// frozen (invariant (G)).
    pub(crate) fn check(&self) -> Result<(), String> {
        self.matrix.check_lists(self.lists_frozen())
    }

    /// Whether the links are exactly those laid out for `problem`.
    pub(crate) fn links_match(&self, problem: &Problem) -> bool {
        self.matrix.same_links(&Matrix::new(problem))
    }
}
