//! Algorithm M's current level, read and written without a bounds check.
//!
//! Algorithm M's loop (`bounded.rs`) reads or writes the level it is at four
//! to six times a node: `Search::levels[level]` and the level's first tweak
//! (`Tweaks`). Checked, each is a load of the length, a compare and a
//! branch, and the lengths are read again after the stores into the arena
//! (docs/decisions/unchecked-levels.md). The accessors here index at the
//! search's own `level`, which the stack's depth bounds:
//!
//! (L) In a search of multiplicities, `level < levels.len()` and
//! `tweaks.depth() == levels.len()`. Both stacks are made
//! `primaries + options + 1` deep by `Search::new` and never resized. Each
//! level below `level` either commits an option, which is then in no list
//! the levels below it search (tweaked out of its item's list, and out of
//! every other list by the tweak's block or by its item's cover), or takes
//! its item out of the active list (its null move, or its cover when it
//! took the last of its bound), and no level below chooses an inactive
//! item. So no option and no item accounts for two levels of one path, and
//! `level <= primaries + options`.
//!
//! Debug builds assert (L) at every access, so every debug test that
//! searches with multiplicities checks it at every node; Miri runs the
//! engine's unit tests.

#![allow(unsafe_code)]

use super::link::Link;
use super::search::{Level, Search};

impl Search {
    /// Algorithm M's current level.
    #[inline(always)]
    pub(super) fn bounded_level(&self) -> Level {
        self.assert_bounded_depth();
        // SAFETY: (L): `level < levels.len()`.
        unsafe { *self.levels.get_unchecked(self.level) }
    }

    /// Algorithm M's current level, for writing.
    #[inline(always)]
    pub(super) fn bounded_level_mut(&mut self) -> &mut Level {
        self.assert_bounded_depth();
        // SAFETY: (L): `level < levels.len()`.
        unsafe { self.levels.get_unchecked_mut(self.level) }
    }

    /// The node Algorithm M's current level started tweaking at: the
    /// options it has tried are chained from it, tweaked out of the item's
    /// list or not.
    #[inline(always)]
    pub(super) fn first_tweak(&self) -> Link {
        self.assert_bounded_depth();
        // SAFETY: (L): `level < levels.len() == tweaks.depth()`.
        unsafe { self.tweaks.first_unchecked(self.level) }
    }

    /// Notes that Algorithm M's current level starts tweaking at `first`.
    #[inline(always)]
    pub(super) fn set_first_tweak(&mut self, first: Link) {
        self.assert_bounded_depth();
        // SAFETY: (L): `level < levels.len() == tweaks.depth()`.
        unsafe { self.tweaks.set_first_unchecked(self.level, first) };
    }

    /// Invariant (L), asserted in debug builds.
    #[inline(always)]
    fn assert_bounded_depth(&self) {
        debug_assert!(
            self.level < self.levels.len(),
            "level {} past Algorithm M's stack of {}",
            self.level,
            self.levels.len()
        );
        debug_assert_eq!(self.tweaks.depth(), self.levels.len());
    }
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use crate::problem::Problem;
    use crate::solver::Dlx;

    /// The deepest path invariant (L) allows: two items `0:k+1` and
    /// `0:m+1`, with `k` and `m` options naming only them. The path that
    /// takes every option, then the null move or cover of each item, has a
    /// level for each option and each item: its last choice is made at
    /// level `primaries + options - 1` through the unchecked accessors, and
    /// its solution entered at `primaries + options`, the stack's last
    /// level (which no accessor reads). A stack two levels shorter fails
    /// the debug assertion here.
    #[test]
    fn algorithm_m_reaches_the_last_level_of_its_stack() {
        // Under Miri, two small ones (the three take 8 s there).
        let sizes: &[(u32, u32)] = if cfg!(miri) {
            &[(1, 1), (2, 1)]
        } else {
            &[(1, 1), (3, 2), (4, 4)]
        };
        for &(k, m) in sizes {
            let mut b = Problem::builder(2, 0).unwrap();
            b.set_bounds(0, 0, k + 1).unwrap();
            b.set_bounds(1, 0, m + 1).unwrap();
            for _ in 0..k {
                b.add_option(&[0]).unwrap();
            }
            for _ in 0..m {
                b.add_option(&[1]).unwrap();
            }
            let problem = b.build();
            let depth = 2 + (k + m) as usize + 1;
            let mut dlx = Dlx::new(&problem);
            let count = dlx.for_each_solution(|_| ControlFlow::Continue(()));
            // Any set of the options is a solution.
            assert_eq!(count.solutions, 1 << (k + m));
            assert_eq!(dlx.stats().max_level(), Some(depth - 1), "k {k}, m {m}");
            assert_eq!(dlx.search.levels.len(), depth);
            assert_eq!(dlx.search.level, 0);
        }
    }
}
