//! Algorithm M (Knuth's DLX3) as a loop over levels: multiple cover, where
//! primary items have bounds on how many chosen options cover them, with
//! colors as in Algorithm C.
//!
//! Each level chooses an item by Knuth's branching rule
//! ([`Matrix::branch_item`]) and takes one from its bound. If that leaves
//! the item no slack and nothing more to take, the level is Algorithm X's:
//! cover the item and try its options in turn. Otherwise the level tweaks:
//! each option it tries is taken out of the item's list for good (for the
//! rest of the level), so that the levels below can only add options further
//! down the list; and when the options left are too few to matter, or all
//! are tried, the level makes the null move (the item takes no more options
//! and leaves the active list) if the item's lower bound allows it. This
//! file has no `unsafe` code.

#![deny(unsafe_code)]

use super::cover::OptionCover;
use super::search::{Search, Step};
use crate::outcome::{Budget, Event, Stats};

impl Search {
    /// Algorithm M, without colors or (`C`) with them, until the next
    /// solution, the end of the tree, or the budget. Pauses only when it
    /// enters a level.
    // Never inlined into `Search::advance`, where it would share a function
    // (and its register allocation) with the loop of Algorithms X and C:
    // changes here then moved the plain search's instructions (tuning log
    // #55). One call per pause costs nothing.
    #[inline(never)]
    pub(super) fn advance_bounded<const C: bool>(
        &mut self,
        stats: &mut Stats,
        budget: Budget,
    ) -> Event {
        // The loop's steps as nested loops rather than a `match` on a step
        // variable (tuning log #52): a search pauses only when it enters a
        // level, so it comes back in entering one or backtracking.
        let mut descend = match self.step {
            Step::Enter => true,
            Step::Finished => return Event::Exhausted,
            Step::Backtrack => false,
        };
        loop {
            // Whether the current level has an option (or null move) to try.
            let mut ready = false;
            if descend {
                // M2.
                if let Some(event) = self.enter(stats, budget) {
                    if !self.counts_silently(event) {
                        return event;
                    }
                } else {
                    ready = self.choose_bounded::<C>(stats);
                }
            }
            if !ready {
                // M8 and M9: back up to a level with another choice to try.
                loop {
                    if self.level == self.floor {
                        self.step = Step::Finished;
                        return Event::Exhausted;
                    }
                    self.level -= 1;
                    let l = self.level;
                    let x = self.choice[l];
                    if self.undo_choice::<C>(l) {
                        self.next_option(l, x);
                        break;
                    }
                    // The null move was the level's last choice: M7.
                    self.restore_level::<C>(l);
                }
            }
            // One place tries options, so the steps inline once.
            descend = self.try_bounded::<C>(stats, budget);
        }
    }

    /// M3 and M4: chooses the item of a new level by Knuth's rule and takes
    /// one from its bound, covering it if that was the last. Returns false
    /// at a dead end (an item with too few options left), with nothing done.
    #[inline(always)]
    fn choose_bounded<const C: bool>(&mut self, stats: &mut Stats) -> bool {
        // M3.
        let rng = self.randomized.then_some(&mut self.rng);
        let (i, degree) = self.matrix.branch_item(rng);
        if degree <= 0 {
            return false;
        }
        // M4.
        let l = self.level;
        self.item_at[l] = i;
        self.matrix.take_bound(i);
        if self.matrix.bound(i) == 0 {
            stats.updates += self.matrix.cover::<C, 0>(i);
        }
        self.first_tweak[l] = self.matrix.first_option(i);
        if self.randomized {
            self.push_shuffled_options(i);
        } else {
            self.choice[l] = self.matrix.first_option(i);
        }
        true
    }

    /// M5 and M6: tries the current option of the current level (or its
    /// null move), going on to the next while an option is doomed. Returns
    /// true when it has moved down a level; false when the level has no
    /// choice left, after giving its item back what it took (M7).
    #[inline(always)]
    fn try_bounded<const C: bool>(&mut self, stats: &mut Stats, budget: Budget) -> bool {
        loop {
            // M5.
            let l = self.level;
            let i = self.item_at[l];
            let (bound, slack) = (self.matrix.bound(i), self.matrix.slack(i));
            let x = if self.randomized {
                let next = self.shuffled.get(self.cursor[l] as usize).copied();
                next.unwrap_or(self.matrix.end_of_list(i))
            } else {
                self.choice[l]
            };
            let is_option = x.node() != i.get();
            if bound == 0 && slack == 0 {
                if !is_option {
                    self.restore_level::<C>(l);
                    return false;
                }
            } else if u64::from(self.matrix.len(i)) + u64::from(slack) <= u64::from(bound) {
                // Fewer options left than the item still needs.
                self.restore_level::<C>(l);
                return false;
            } else if is_option {
                stats.updates += self.matrix.tweak::<C>(x, bound != 0);
            } else if bound != 0 {
                // The null move: no more options for `i`.
                self.matrix.deactivate(i);
            }
            self.choice[l] = x;
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
                            self.next_option(l, x);
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

    /// Undoes the choice of level `l`: uncommits its option (returning
    /// true), or reactivates the item a null move took out (returning false).
    #[inline(always)]
    fn undo_choice<const C: bool>(&mut self, l: usize) -> bool {
        let (i, x) = (self.item_at[l], self.choice[l]);
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

    /// Gives the item of level `l` back what the level took from it: its
    /// options (untweaking, or uncovering) and one of its bound.
    #[inline(always)]
    fn restore_level<const C: bool>(&mut self, l: usize) {
        let i = self.item_at[l];
        let (bound, slack) = (self.matrix.bound(i), self.matrix.slack(i));
        if bound != 0 || slack != 0 {
            if self.randomized {
                let tried = self.segment[l] as usize..self.cursor[l] as usize;
                for k in tried.rev() {
                    self.matrix.untweak_one::<C>(self.shuffled[k], bound != 0);
                }
            } else {
                self.matrix
                    .untweak_chain::<C>(i, self.first_tweak[l], bound != 0);
            }
        }
        if bound == 0 {
            self.matrix.uncover::<C, 0>(i);
        }
        if self.randomized {
            self.shuffled.truncate(self.segment[l] as usize);
        }
        self.matrix.give_bound(i);
    }

    /// [`unwind`](Self::unwind) for Algorithm M: undoes each level's choice,
    /// then gives its item back what the level took.
    pub(super) fn unwind_bounded<const C: bool>(&mut self) {
        while self.level > 0 {
            self.level -= 1;
            let l = self.level;
            if self.undo_choice::<C>(l) && self.randomized {
                // The option tried is tweaked: count it with the others.
                self.cursor[l] += 1;
            }
            self.restore_level::<C>(l);
        }
    }
}
