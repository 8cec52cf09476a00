//! Algorithm M (Knuth's DLX3) as a loop over levels: multiple cover, where
//! primary items have bounds on how many chosen options cover them, with
//! colors as in Algorithm C.
//!
//! Each level chooses an item by Knuth's branching rule
//! ([`Matrix::branch_item`](super::Matrix::branch_item)) and takes one from its
//! bound. If that leaves the item no slack and nothing more to take, the level
//! is Algorithm X's:
//! cover the item and try its options in turn. Otherwise the level tweaks:
//! each option it tries is taken out of the item's list for good (for the
//! rest of the level), so that the levels below can only add options further
//! down the list; and when the options left are too few to matter, or all
//! are tried, the level makes the null move (the item takes no more options
//! and leaves the active list) if the item's lower bound allows it. This
//! file has no `unsafe` code.

#![deny(unsafe_code)]

use super::Header;
use super::cover::OptionCover;
use super::link::Link;
use super::search::{Level, Search, Step};
use crate::outcome::{Budget, Event, Stats};

impl Search {
    /// Algorithm M, without colors or (`C`) with them, until the next
    /// solution, the end of the tree, or the budget. Pauses only when it
    /// enters a level. `R` is whether the path is randomized, a parameter
    /// as in the loop of Algorithms X and C, so that the leftmost search
    /// tests it nowhere (docs/decisions/const-generic-colors.md,
    /// docs/decisions/algorithm-m-loop.md).
    // Never inlined into `Search::advance`, where it would share a function
    // (and its register allocation) with the loop of Algorithms X and C:
    // changes here then moved the plain search's instructions (docs/decisions/algorithm-m-loop.md).
    // One call per pause costs nothing.
    #[inline(never)]
    pub(super) fn advance_bounded<const C: bool, const R: bool>(
        &mut self,
        stats: &mut Stats,
        budget: Budget,
    ) -> Event {
        // The loop's steps as nested loops rather than a `match` on a step
        // variable (docs/decisions/algorithm-m-loop.md): a search pauses only when it enters a
        // level, so it comes back in entering one or backtracking.
        let mut descend = match self.step {
            Step::Enter => true,
            Step::Finished => return Event::Exhausted,
            Step::Backtrack => false,
        };
        let watched = self.watches(budget);
        let leafy = budget == Budget::UNLIMITED;
        // The pause point and the node budget in one comparison, the nearer
        // of the two (nothing moves either while the loop runs): the loop
        // stops at the node `Search::enter` stops at, with the same event,
        // one comparison a node fewer (docs/decisions/algorithm-m-components.md).
        let pause_at = self.frame.pause_at();
        let node_stop = pause_at.min(budget.max_nodes.unwrap_or(u64::MAX));
        let update_stop = budget.max_updates.unwrap_or(u64::MAX);
        loop {
            // Whether the current level has an option (or null move) to try.
            let mut ready = false;
            if descend {
                // M2: `Search::enter`'s checks in its order (ceiling, pause,
                // budget).
                let event = if !watched {
                    self.enter_unwatched(stats, false)
                } else if self.level == self.frame.ceiling() {
                    // Splitting: this node is a subproblem, searched elsewhere.
                    self.step = Step::Enter;
                    Some(Event::Frontier)
                } else if stats.nodes >= node_stop || stats.updates >= update_stop {
                    self.step = Step::Enter;
                    Some(if stats.nodes >= pause_at {
                        Event::Paused
                    } else {
                        Event::BudgetExhausted
                    })
                } else {
                    self.enter_unwatched(stats, false)
                };
                if let Some(event) = event {
                    if !self.counts_silently(event) {
                        return event;
                    }
                } else {
                    ready = self.choose_bounded::<C, R>(stats, leafy);
                }
            }
            if !ready {
                // M8 and M9: back up to a level with another choice to try.
                loop {
                    if self.level == self.frame.floor() {
                        self.step = Step::Finished;
                        return Event::Exhausted;
                    }
                    self.level -= 1;
                    let l = self.level;
                    let Level {
                        item: i, choice: x, ..
                    } = self.bounded_level();
                    if self.undo_choice::<C>(i, x) {
                        self.next_choice::<R>(l, x);
                        break;
                    }
                    // The null move was the level's last choice: M7.
                    self.restore_level::<C, R>(l, i, false);
                }
            }
            // One place tries options, so the steps inline once.
            descend = self.try_bounded::<C, R>(stats, budget);
        }
    }

    /// M3 and M4: chooses the item of a new level by Knuth's rule and takes
    /// one from its bound, covering it if that was the last. Returns false
    /// at a dead end (an item with too few options left), with nothing done;
    /// also when each option of the item completes a solution, counted
    /// then by [`Leaves::counts`](super::leaves::Leaves::counts). `leafy` says the
    /// search has no budget, which would have to see each leaf.
    #[inline(always)]
    fn choose_bounded<const C: bool, const R: bool>(
        &mut self,
        stats: &mut Stats,
        leafy: bool,
    ) -> bool {
        // M3.
        let rng = R.then_some(self.shuffle.rng());
        let (i, degree) = self.matrix.branch_item(rng);
        if degree <= 0 {
            return false;
        }
        // Each option in the list completes a solution: count them.
        if !R
            && leafy
            && self.leaves.counts::<true>(
                self.level,
                // Chosen from the active list.
                self.matrix.branch_len(i, false),
                &mut self.silent,
                &self.matrix,
                stats,
            )
        {
            return false;
        }
        // M4.
        self.matrix.take_bound(i);
        let bound = self.matrix.bound(i);
        if bound == 0 {
            stats.updates += self.matrix.cover::<C, 0>(i);
        }
        let first = self.matrix.first_option(i);
        // The whole level in one store (docs/decisions/search-loop.md); a randomized
        // search tries `shuffled` instead of `choice`.
        *self.bounded_level_mut() = Level {
            choice: first,
            item: i,
            plain: bound == 0 && self.matrix.slack(i) == 0,
        };
        self.set_first_tweak(first);
        if R {
            self.push_shuffled_options(i);
        }
        true
    }

    /// M5 and M6: tries the current option of the current level (or its
    /// null move), going on to the next while an option is doomed. Returns
    /// true when it has moved down a level; false when the level has no
    /// choice left, after giving its item back what it took (M7).
    #[inline(always)]
    fn try_bounded<const C: bool, const R: bool>(
        &mut self,
        stats: &mut Stats,
        budget: Budget,
    ) -> bool {
        loop {
            // M5.
            let l = self.level;
            let Level {
                item: i,
                choice,
                plain,
            } = self.bounded_level();
            let x = if R {
                let next = self.shuffle.current(l);
                next.unwrap_or(self.matrix.end_of_list(i))
            } else {
                choice
            };
            let is_option = x.node() != i.get();
            if plain {
                // Bound and slack 0: the level is Algorithm X's, the flag
                // saving the loads of both at every try (docs/decisions/algorithm-m-loop.md).
                if !is_option {
                    self.restore_level::<C, R>(l, i, true);
                    return false;
                }
            } else {
                let (bound, slack) = (self.matrix.bound(i), self.matrix.slack(i));
                // The level covered its item if it took the last of its
                // bound; otherwise the item is active until its null move.
                let len = self.matrix.branch_len(i, bound == 0);
                if u64::from(len) + u64::from(slack) <= u64::from(bound) {
                    // Fewer options left than the item still needs.
                    self.restore_level::<C, R>(l, i, false);
                    return false;
                } else if is_option {
                    stats.updates += self.matrix.tweak::<C>(x, bound != 0);
                } else if bound != 0 {
                    // The null move: no more options for `i`.
                    self.matrix.deactivate(i);
                }
            }
            if R {
                // The leftmost search tried the option `choice` holds.
                self.bounded_level_mut().choice = x;
            }
            if is_option {
                // M6.
                match self.matrix.commit_others_bounded::<true, C>(x) {
                    OptionCover::Covered(updates) => stats.updates += updates,
                    OptionCover::Doomed(updates) => {
                        stats.updates += updates;
                        if !budget.is_exhausted(stats.nodes, stats.updates) {
                            // The node below is a dead end, counted but
                            // never entered (as in `search.rs`): on to the
                            // next option, this one kept tweaked out like
                            // any tried one.
                            stats.count_node(l + 1);
                            self.next_choice::<R>(l, x);
                            continue;
                        }
                        // The budget ends the search at this node: commit
                        // the option after all and stop when entering the
                        // level below.
                        stats.updates += match self.matrix.commit_others_bounded::<false, C>(x) {
                            OptionCover::Covered(u) | OptionCover::Doomed(u) => u,
                        };
                    }
                }
            }
            self.level += 1;
            return true;
        }
    }

    /// Undoes the choice `x` of a level on item `i`: uncommits its option
    /// (returning true), or reactivates the item a null move took out
    /// (returning false).
    #[inline(always)]
    fn undo_choice<const C: bool>(&mut self, i: Header, x: Link) -> bool {
        if x.node() == i.get() {
            if self.matrix.bound(i) != 0 {
                self.matrix.reactivate(i);
            }
            false
        } else {
            self.matrix.uncommit_others_bounded::<C>(x);
            true
        }
    }

    /// Gives the item `i` of level `l`, the current one, back what the
    /// level took from it: its options (untweaking, or uncovering) and one
    /// of its bound.
    /// `plain` is the level's [`Level::plain`]: then there is only the
    /// item to uncover, and neither its bound nor its slack is read.
    #[inline(always)]
    fn restore_level<const C: bool, const R: bool>(&mut self, l: usize, i: Header, plain: bool) {
        debug_assert_eq!(l, self.level);
        if plain {
            self.matrix.uncover::<C, 0>(i);
            if R {
                self.shuffle.pop_level(l);
            }
            self.matrix.give_bound(i);
            return;
        }
        let (bound, slack) = (self.matrix.bound(i), self.matrix.slack(i));
        if bound != 0 || slack != 0 {
            if R {
                for &x in self.shuffle.tried(l).iter().rev() {
                    self.matrix.untweak_one::<C>(x, bound != 0);
                }
            } else {
                self.matrix
                    .untweak_chain::<C>(i, self.first_tweak(), bound != 0);
            }
        }
        if bound == 0 {
            self.matrix.uncover::<C, 0>(i);
        }
        if R {
            self.shuffle.pop_level(l);
        }
        self.matrix.give_bound(i);
    }

    /// [`unwind`](Self::unwind) for Algorithm M: undoes each level's choice,
    /// then gives its item back what the level took, in the order `R` says.
    pub(super) fn unwind_bounded<const C: bool, const R: bool>(&mut self) {
        while self.level > 0 {
            self.level -= 1;
            let l = self.level;
            let Level {
                item: i, choice: x, ..
            } = self.bounded_level();
            if self.undo_choice::<C>(i, x) && R {
                // The option tried is tweaked: count it with the others.
                self.shuffle.next(l);
            }
            // Not `plain`: reading the bound and slack is right for any level.
            self.restore_level::<C, R>(l, i, false);
        }
    }

    /// Moves level `l`, the current one, on from option node `x`, its
    /// choice, to the next option of its item (M6 after a doomed option,
    /// M8).
    #[inline(always)]
    fn next_choice<const R: bool>(&mut self, l: usize, x: Link) {
        debug_assert_eq!(l, self.level);
        if R {
            self.shuffle.next(l);
        } else {
            self.bounded_level_mut().choice = self.matrix.next_option(x);
        }
    }
}
