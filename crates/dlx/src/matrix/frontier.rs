//! The search cut at a level: splitting the tree into subproblems, and
//! searching only below one of them.
//!
//! Two bounds on the ordinary search loop do all of it (`search.rs`,
//! `bounded.rs`): the search pauses with [`Event::Frontier`] instead of
//! entering level `ceiling`, and it never backtracks above level `floor`.
//! A walk with a ceiling of `d` visits the top `d` levels of the tree exactly
//! as the whole search does, so the nodes it pauses at (and the solutions it
//! meets above them) cover the tree exactly once, for Algorithms X, C and M
//! alike: the same item-choice rule, the same doomed options skipped, the
//! same tweaks. A subproblem is entered by the same walk, one level at a
//! time, following its prefix of choices; the search below it is then the
//! ordinary one with the floor at the prefix's length. This file has no
//! `unsafe` code.

#![deny(unsafe_code)]

use super::ROOT;
use super::cover::OptionCover;
use super::hide::SUDOKU_WIDTH;
use super::path::{LinksLoop, SearchPath};
use super::search::{Level, Search, Step};
use crate::branch::Branch;
use crate::index::ItemId;
use crate::outcome::{Budget, Event, Stats};
use crate::problem::Kind;

/// Where one step of Knuth's random path went ([`Search::random_child`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RandomChild {
    /// The node is a solution: no child.
    Solution,
    /// The node is a dead end: an item with no option left, no child.
    DeadEnd,
    /// The node had this many children, and the search is now at the one
    /// picked; the node's updates as the search would make them, estimated
    /// from the one covering made ([`NodeCost`]).
    Entered(u32, NodeCost),
    /// The node had this many children, and the one picked is a dead end
    /// the search counts without entering; the search is still at the node.
    Doomed(u32, NodeCost),
}

/// The updates a step of the random path made at a node: covering its
/// item, and covering (or giving up) the one option picked. The search
/// makes the first and then one covering for each of the node's `d`
/// options, so `item + d * option` is an unbiased estimate of the node's
/// updates, the picked option being uniform among them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NodeCost {
    pub(crate) item: u64,
    pub(crate) option: u64,
}

impl NodeCost {
    /// The estimate of the updates at a node of `degree` options.
    #[allow(clippy::cast_precision_loss)]
    pub(crate) fn estimate(self, degree: u32) -> f64 {
        self.item as f64 + f64::from(degree) * self.option as f64
    }
}

impl Search {
    /// Sets the splitting bounds: the search backtracks no further than
    /// level `floor` and pauses before entering level `ceiling` (where no
    /// leaves are counted at once, `leaves.rs`).
    pub(crate) fn set_frame(&mut self, floor: usize, ceiling: usize) {
        self.frame.set(floor, ceiling);
        self.leaves.set_level(self.selected.len(), ceiling);
    }

    /// Makes the search pause when it enters a node with `nodes` nodes
    /// counted.
    pub(crate) fn pause_at(&mut self, nodes: u64) {
        self.frame.pause_when(nodes);
    }

    /// The node count the search pauses at ([`pause_at`](Self::pause_at)),
    /// which a solution iterator on bitsets pauses at too.
    pub(crate) fn pause_point(&self) -> u64 {
        self.frame.pause_at()
    }

    /// The level the search backtracks no further than.
    pub(crate) fn floor(&self) -> usize {
        self.frame.floor()
    }

    /// The current level: the number of choices on the search's path.
    pub(crate) fn level(&self) -> usize {
        self.level
    }

    /// After [`Event::Frontier`]: leaves the node paused at unsearched, so the
    /// next [`advance`](Self::advance) moves on to its next sibling.
    pub(crate) fn skip_frontier(&mut self) {
        self.step = Step::Backtrack;
    }

    /// After [`Event::Exhausted`] at the floor, whose node the matrix is
    /// then back at: makes the next [`advance`](Self::advance) enter that
    /// node again, trying its choices afresh in the same order (Knuth's
    /// estimate walks a node's children twice: `estimate.rs`).
    pub(crate) fn revisit(&mut self) {
        self.step = Step::Enter;
    }

    /// One step of Knuth's random path (`estimate.rs`) for Algorithms X and
    /// C, in the leftmost search without forced-first (the path `start`
    /// chooses then): at the node the search is at, the item it would
    /// branch on, and of that item's `len` options, each a child of the node
    /// (an option given up at once is a dead end the search counts), the
    /// one `pick(len)` says, entered as [`enter_prefix`](Self::enter_prefix)
    /// enters a choice: one covering a level, not one per child.
    pub(crate) fn random_child(&mut self, pick: &mut impl FnMut(u32) -> u32) -> RandomChild {
        debug_assert!(matches!(self.path.links, LinksLoop::Leftmost));
        if self.path.colors {
            self.random_child_with::<true>(pick)
        } else {
            self.random_child_with::<false>(pick)
        }
    }

    fn random_child_with<const C: bool>(
        &mut self,
        pick: &mut impl FnMut(u32) -> u32,
    ) -> RandomChild {
        if self.matrix.all_primary_covered() {
            return RandomChild::Solution;
        }
        let (i, len) = self.matrix.shortest_item();
        if i.get() == ROOT || len == 0 {
            return RandomChild::DeadEnd;
        }
        let choice = pick(len).min(len - 1);
        let item = self.matrix.cover::<C, 0>(i);
        let mut x = self.matrix.first_option(i);
        for _ in 0..choice {
            x = self.matrix.next_option(x);
        }
        match self.matrix.cover_others_unless_doomed::<C>(x) {
            OptionCover::Covered(option) => {
                let l = self.level;
                self.levels[l].item = i;
                self.levels[l].choice = x;
                self.level = l + 1;
                RandomChild::Entered(len, NodeCost { item, option })
            }
            OptionCover::Doomed(option) => {
                self.matrix.uncover::<C, 0>(i);
                RandomChild::Doomed(len, NodeCost { item, option })
            }
        }
    }

    /// Stops counting cleansings from before now, so that the statistics of
    /// a subproblem are those of its own subtree.
    pub(crate) fn clear_cleansings(&mut self) {
        self.matrix.cleansings = 0;
    }

    /// The choice the current path made at level `l` (below the current
    /// level).
    pub(crate) fn branch(&self, l: usize) -> Branch {
        match self.matrix.option_of(self.levels[l].choice) {
            Some(option) => Branch::Option(option),
            None => Branch::Done(self.levels[l].item.item().unwrap_or(ItemId::from_u32(0))),
        }
    }

    /// Starts a search in the leftmost order below the node `prefix` leads
    /// to from the root, replaying the choices level by level with the
    /// search's own steps; the search then runs with its floor at
    /// `prefix.len()`. Returns, on failure, the
    /// position of the first choice that is not one the search makes there
    /// (the matrix is then restored).
    pub(crate) fn enter_prefix(&mut self, prefix: &[Branch]) -> Result<(), usize> {
        self.start(None);
        // As the search makes its levels (`path.rs`): leaving the item
        // lists alone if it does (invariant (G)).
        let SearchPath { links, colors, .. } = self.path;
        let entered = match (links, colors) {
            (LinksLoop::Multiplicities | LinksLoop::MultiplicitiesRandomized, _) => {
                self.walk_prefix(prefix)
            }
            (LinksLoop::ForcedFirstWidth4, false) => {
                self.jump_prefix::<false, true, SUDOKU_WIDTH>(prefix)
            }
            (LinksLoop::ForcedFirstWidth4, true) => {
                self.jump_prefix::<true, true, SUDOKU_WIDTH>(prefix)
            }
            (LinksLoop::ForcedFirst, false) => self.jump_prefix::<false, true, 0>(prefix),
            (LinksLoop::ForcedFirst, true) => self.jump_prefix::<true, true, 0>(prefix),
            (LinksLoop::Leftmost | LinksLoop::Randomized, false) => {
                self.jump_prefix::<false, false, 0>(prefix)
            }
            (LinksLoop::Leftmost | LinksLoop::Randomized, true) => {
                self.jump_prefix::<true, false, 0>(prefix)
            }
        };
        if entered.is_err() {
            self.unwind();
        }
        self.set_frame(prefix.len(), usize::MAX);
        self.clear_cleansings();
        entered
    }

    /// [`enter_prefix`](Self::enter_prefix) for Algorithms X and C, where a
    /// level's choice is only its option: each level takes the item the
    /// search would (X3) and covers it, finds the wanted option in its list
    /// and covers that option's other items, as X5 does, without trying
    /// the options before it. On the 7,663 jobs of pentominoes at depth 4
    /// this made entering a job about ten times cheaper than walking its
    /// siblings (docs/benchmarks.md). `F` and `W` are those of the search's
    /// loop: forced-first or not, and the width its steps are made for (0:
    /// any).
    fn jump_prefix<const C: bool, const F: bool, const W: u32>(
        &mut self,
        prefix: &[Branch],
    ) -> Result<(), usize> {
        for (l, &wanted) in prefix.iter().enumerate() {
            let Branch::Option(option) = wanted else {
                return Err(l);
            };
            // The choice the search makes (with forced-first, from the
            // hint the level above left: `forced.rs`); the root if no
            // primary item is left (a solution, no choice).
            let (i, len) = if F {
                self.matrix.choose_forced::<W>()
            } else {
                self.matrix.shortest_item()
            };
            if i.get() == ROOT || len == 0 {
                return Err(l);
            }
            if F && !C && len == 1 {
                // A forced move, made as the search makes it (`forced.rs`),
                // so that the levels below see the same hints.
                let x = self.matrix.first_option(i);
                if self.matrix.option_of(x) != Some(option)
                    || !matches!(
                        self.matrix.commit_forced::<W>(i, x),
                        OptionCover::Covered(_)
                    )
                {
                    return Err(l);
                }
                self.levels[l] = Level {
                    choice: x,
                    item: i,
                    plain: true,
                };
                self.level = l + 1;
                continue;
            }
            self.matrix.cover::<C, W>(i);
            let mut x = self.matrix.first_option(i);
            while x.node() != i.get() && self.matrix.option_of(x) != Some(option) {
                x = self.matrix.next_option(x);
            }
            // Not in the item's list, or an option the search gives up at
            // once (it empties another item): no node of the tree.
            let found = x.node() != i.get()
                && matches!(
                    if F {
                        self.matrix.cover_others_forced::<C, W>(x)
                    } else {
                        self.matrix.cover_others_unless_doomed::<C>(x)
                    },
                    OptionCover::Covered(_)
                );
            if !found {
                self.matrix.uncover::<C, W>(i);
                return Err(l);
            }
            self.levels[l].item = i;
            self.levels[l].choice = x;
            self.level = l + 1;
        }
        Ok(())
    }

    /// [`enter_prefix`](Self::enter_prefix) for Algorithm M, by the search's
    /// own steps, since a level's options before the wanted one must be
    /// tweaked out as the search does.
    fn walk_prefix(&mut self, prefix: &[Branch]) -> Result<(), usize> {
        let mut stats = Stats::default();
        for (l, &wanted) in prefix.iter().enumerate() {
            self.set_frame(l, l + 1);
            loop {
                match self.advance(&mut stats, Budget::UNLIMITED) {
                    Event::Frontier if self.branch(l) == wanted => break,
                    Event::Frontier => self.skip_frontier(),
                    // A solution or the end of the node's children before the
                    // wanted choice: the prefix is not a path of this tree.
                    Event::Solution | Event::Exhausted | Event::BudgetExhausted | Event::Paused => {
                        return Err(l);
                    }
                }
            }
        }
        Ok(())
    }

    /// Where the search is in the order of the whole tree: each level's
    /// choice index among its node's choices. Of two disjoint subtrees, the
    /// one the single-threaded search visits first has the smaller path
    /// (compared as sequences).
    pub(crate) fn path(&self) -> Vec<u32> {
        (0..self.level).map(|l| self.place(l).0).collect()
    }

    /// [`path`](Self::path) with each level's number of choices: the
    /// node the search enters next, from the root down, appended to `out`.
    pub(crate) fn places(&self, out: &mut Vec<(u32, u32)>) {
        out.extend((0..self.level).map(|l| self.place(l)));
    }

    /// The shallowest level from `floor` up (below the current one) that
    /// may have choices left to try, with Knuth's estimate of their share of
    /// the subtree below level `from`; `None` if every level is on its last
    /// choice. Giving that level's rest away leaves the search nothing above
    /// it to do. Algorithm M's levels count as having some left unless they
    /// made the null move, always a level's last choice: it may still come.
    pub(crate) fn first_rest(&self, from: usize, floor: usize) -> Option<(usize, f64)> {
        let mut share = 1.0;
        for l in from..self.level {
            let (index, degree) = self.place(l);
            share /= f64::from(degree);
            if l < floor {
                continue;
            }
            let left = degree.saturating_sub(index + 1);
            let more = match self.facts.kind {
                Kind::Multiplicities => matches!(self.branch(l), Branch::Option(_)),
                _ => left > 0,
            };
            if more {
                return Some((l, f64::from(left) * share));
            }
        }
        None
    }

    /// Knuth's measure of progress for the levels from `from` to the current
    /// one: for each level, its choice's index `c` (from 0) among the `d`
    /// choices of its node, giving `sum c / (d_from ... d_l)` plus half the
    /// share of the node the search is in, a fraction of the subtree below
    /// level `from` (DLX1 prints it with `-v`). Algorithm M's levels count
    /// the options tried and left, not the null move.
    pub(crate) fn progress(&self, from: usize) -> f64 {
        let mut done = 0.0;
        let mut share = 1.0;
        for l in from..self.level {
            let (index, degree) = self.place(l);
            share /= f64::from(degree);
            done += f64::from(index) * share;
        }
        done + share / 2.0
    }

    /// The share of the whole tree Knuth's estimate gives the node at the end
    /// of the current path below level `from`: the product of `1 / d`.
    pub(crate) fn share(&self, from: usize) -> f64 {
        (from..self.level)
            .map(|l| 1.0 / f64::from(self.place(l).1))
            .product()
    }

    /// Level `l`'s choice: its index among the node's choices and their
    /// number (at least 1).
    fn place(&self, l: usize) -> (u32, u32) {
        let i = self.levels[l].item;
        let x = self.levels[l].choice;
        let start = if self.facts.kind == Kind::Multiplicities {
            // Tried options are tweaked out of the list but still chained
            // from the level's first node.
            self.tweaks.first(l)
        } else {
            self.matrix.first_option(i)
        };
        let limit = self.matrix.option_count();
        let (mut index, mut degree, mut p, mut seen) = (0, 0, start, false);
        while p.node() != i.get() && (degree as usize) <= limit {
            if p == x {
                seen = true;
            }
            if !seen {
                index += 1;
            }
            degree += 1;
            p = self.matrix.next_option(p);
        }
        (index.min(degree), degree.max(1))
    }
}
