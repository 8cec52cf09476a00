//! How a search's levels are undone ([`Search::unwind`]), and the last
//! backtrack left undone: a forced-first search whose path has no choice
//! left to try stops at once, with its levels still covered, instead of
//! backtracking through every one of them only to find nothing.
//!
//! A count to 2 of a puzzle with one solution walks to the solution and then
//! back to the root: every level undone, each forced move's covering
//! uncovered and each item put back. From the deepest level whose option was
//! not its item's last, that walk tries nothing more; it only restores the
//! links. On the 17-clue Sudoku set most puzzles are solved by forced moves
//! alone (947 of the first 2,000), so that walk is about as long as the
//! search itself. The search keeps (`ForcedFirst`, `forced_first.rs`) how many levels
//! on its path (from the floor up) chose an option with another after it in
//! its item's list; when it backtracks with none, the tree is exhausted. It
//! then stops as a search paused at a solution stops, with every level
//! below `level` covered, which [`unwind`](Search::unwind) undoes like any
//! other stopped search. Nothing is counted differently: backtracking
//! through a level with no option left counts no node and no update.
//!
//! What it saves comes from whoever would restore the links next. A count
//! that restores them before it returns (the default) does the same work in
//! `unwind` instead; [`Dlx::set_lazy_restore`](crate::Dlx::set_lazy_restore)
//! lets a count leave them, for the next call to restore; and laying out
//! selections in bulk (`bulk.rs`) rewrites every list whatever the search
//! left, so it forgets the levels ([`forget_levels`](Search::forget_levels))
//! rather than undoing them. A Sudoku backend that counts puzzle after
//! puzzle on one engine then never undoes a search's last path.
//!
//! Only the forced-first search keeps the count (the counts of Sudoku and
//! the like), and only a search whose floor is 0 stops early: a subproblem's
//! search (`frontier.rs`) and work sharing, which gives a level's rest away
//! by moving the floor, backtrack as before. This file has no `unsafe` code.

#![deny(unsafe_code)]

use super::Header;
use super::hide::SUDOKU_WIDTH;
use super::link::Link;
use super::path::{LinksLoop, SearchPath};
use super::search::{Search, Step};

impl Search {
    /// Undoes the search stack, level by level from the top, each in the
    /// reverse order of what it did: what makes dancing links restore
    /// exactly.
    pub(crate) fn unwind(&mut self) {
        // By the steps of the path that made the levels (`path.rs`): those
        // that left the item lists alone are undone by steps that leave
        // them alone (invariant (G)).
        let SearchPath { links, colors, .. } = self.path;
        match (links, colors) {
            (LinksLoop::Multiplicities, false) => self.unwind_bounded::<false, false>(),
            (LinksLoop::Multiplicities, true) => self.unwind_bounded::<true, false>(),
            (LinksLoop::MultiplicitiesRandomized, false) => self.unwind_bounded::<false, true>(),
            (LinksLoop::MultiplicitiesRandomized, true) => self.unwind_bounded::<true, true>(),
            (LinksLoop::ForcedFirstWidth4, false) => self.unwind_exact::<false, SUDOKU_WIDTH>(),
            (LinksLoop::ForcedFirstWidth4, true) => self.unwind_exact::<true, SUDOKU_WIDTH>(),
            (LinksLoop::Leftmost | LinksLoop::Randomized | LinksLoop::ForcedFirst, false) => {
                self.unwind_exact::<false, 0>();
            }
            (LinksLoop::Leftmost | LinksLoop::Randomized | LinksLoop::ForcedFirst, true) => {
                self.unwind_exact::<true, 0>();
            }
        }
        self.forced.clear_levels();
        self.shuffle.clear();
        self.step = Step::Enter;
    }

    /// [`unwind`](Self::unwind) for Algorithms X and C: every level below
    /// `level` has its item and its chosen option's other items covered,
    /// by the steps made for width `W` (0: any).
    fn unwind_exact<const C: bool, const W: u32>(&mut self) {
        while self.level > 0 {
            self.level -= 1;
            if self.levels[self.level].plain {
                self.give_forced_back::<W>(self.level);
                continue;
            }
            self.matrix
                .uncover_others::<C, W>(self.levels[self.level].choice);
            self.matrix.uncover::<C, W>(self.levels[self.level].item);
        }
    }

    /// Whether the active-item lists are frozen as invariant (G) says: some
    /// level on the stack left them alone.
    pub(super) fn lists_frozen(&self) -> bool {
        self.level > 0 && self.path.listless()
    }

    /// Notes that the level being entered chose option node `x` of item
    /// `i`: one more level with a choice left if `x` is not the last
    /// option of `i`'s list. The list of a chosen item does not change
    /// below its level (covering it took its options out of every other
    /// list), so the test made again on the way back gives the same answer.
    #[inline(always)]
    pub(super) fn note_choice(&mut self, i: Header, x: Link) {
        self.forced
            .open_level(self.matrix.next_option(x).node() != i.get());
    }

    /// Notes that the search came back to a level whose item is `i` and
    /// whose next option is `next` (a link to `i` if none), undoing
    /// [`note_choice`](Self::note_choice) of the level's choice.
    #[inline(always)]
    pub(super) fn unnote_choice(&mut self, i: Header, next: Link) {
        self.forced.close_level(next.node() != i.get());
    }

    /// Whether no level on the path has a choice left, so that the
    /// forced-first search may stop instead of backtracking: only with the
    /// floor at the root, the one case where the count covers every level.
    #[inline(always)]
    pub(super) fn nothing_left(&self) -> bool {
        let nothing = self.forced.none_open() && self.frame.floor() == 0;
        debug_assert!(!nothing || self.every_level_on_its_last_choice());
        nothing
    }

    /// Whether every level below `level` is a forced move or tries its
    /// item's last option: [`nothing_left`](Self::nothing_left)'s claim,
    /// checked in debug builds.
    fn every_level_on_its_last_choice(&self) -> bool {
        self.levels[..self.level].iter().all(|level| {
            level.plain || self.matrix.next_option(level.choice).node() == level.item.get()
        })
    }

    /// Ends any search in progress without undoing its levels: for laying
    /// the links out anew (`bulk.rs`), which rewrites every list, length
    /// and active-item list whatever the levels covered. The levels' marks
    /// are cleared, as undoing them would clear them (`Level::plain`).
    pub(super) fn forget_levels(&mut self) {
        for level in &mut self.levels[..self.level] {
            level.plain = false;
        }
        self.level = 0;
        self.forced.clear_levels();
        self.shuffle.clear();
        self.step = Step::Enter;
    }
}

#[cfg(test)]
mod tests {
    use crate::index::OptionId;
    use crate::matrix::test_problems::sudoku_4;
    use crate::solver::Dlx;

    /// A count left unrestored (`set_lazy_restore`) stops as soon as its
    /// path has nothing left, and every later call sees the links as if it
    /// had backtracked to the root: another count, a selection on top, a
    /// first solution, laying out in bulk, and a reset. Not under Miri: its
    /// dozen counts of the 4x4 Sudoku took four of CI's minutes there, and
    /// this file has no `unsafe` code; the links' steps it leads to
    /// (unwinding a stopped forced-first search, laying out in bulk) are
    /// the ones the Miri runs of `forced.rs`, `bulk.rs` and `hide.rs` check.
    #[test]
    #[cfg_attr(miri, ignore = "about 4 minutes under Miri; no unsafe code here")]
    fn a_count_left_unrestored_is_restored_by_the_next_call() {
        let problem = sudoku_4();
        let mut eager = Dlx::new(&problem);
        let mut lazy = Dlx::new(&problem);
        for solver in [&mut eager, &mut lazy] {
            solver.set_forced_first(true);
        }
        lazy.set_lazy_restore(true);
        let all = eager.count(None);
        assert_eq!(all.solutions, 288);
        assert_eq!(lazy.count(None), all);
        assert_eq!(lazy.stats(), eager.stats());
        // It stopped on the last solution's path, which it left covered.
        assert!(lazy.search.level > 0);
        assert_eq!(eager.search.level, 0);
        // A second count on top of what the first left.
        assert_eq!(lazy.count(Some(2)), eager.count(Some(2)));
        // A selection on top undoes the levels first.
        let option = OptionId::from_u32(0);
        lazy.select(option).unwrap();
        eager.select(option).unwrap();
        assert_eq!(lazy.count(None), eager.count(None));
        assert_eq!(lazy.stats(), eager.stats());
        assert_eq!(lazy.unselect_last(), Some(option));
        lazy.check_invariants().unwrap();
        assert!(lazy.links_match(&problem));
        // Laid out in bulk after a count: the levels forgotten, not undone.
        let picks = [OptionId::from_u32(0), OptionId::from_u32(7)];
        lazy.count(None);
        lazy.select_all(&picks).unwrap();
        eager.select_all(&picks).unwrap();
        lazy.check_invariants().unwrap();
        assert_eq!(lazy.count(None), eager.count(None));
        assert_eq!(lazy.stats(), eager.stats());
        lazy.set_forced_first(false);
        eager.set_forced_first(false);
        assert_eq!(lazy.first_solution(), eager.first_solution());
        lazy.count(None);
        lazy.reset();
        assert!(lazy.links_match(&problem));
    }
}
