//! Forced-first item choice: when covering the last option left some item
//! with a single option (a forced move; in a Sudoku a naked or hidden
//! single), the search branches on that item at once instead of scanning
//! every active item for the shortest list.
//!
//! The item with one option is a minimum-remaining-values choice anyway
//! (Knuth's MRV, `Matrix::shortest_item`), so only the tie-breaking differs
//! from the leftmost rule: the search tree may take another shape and count
//! other nodes, but it has the same solutions. On a 9x9 Sudoku most nodes of
//! the tree are such forced moves and the scan walks up to 324 item headers
//! for each; the hint costs one test in the rare branch of `hide` that
//! notices a list shrinking to one option, and one look at the item before
//! the scan (tuning log #64-#65).
//!
//! The hint is the last item the option's covering left with one option
//! (`Matrix::single`): it is cleared before each option is covered, so the
//! choice at a node depends only on the node's path, and replaying a path
//! (`frontier.rs`, `jump_prefix`) makes the same choices as the search. It
//! is tested before it is used (the item may have been covered after its
//! list shrank, by a later item of the same option), so nothing rests on
//! it: a wrong hint could only cost a scan. An item whose list some covering
//! emptied while another has one option left may be chosen after that one:
//! a longer walk to the same dead end, never another count.
//!
//! The search loop and the steps are those of Algorithm X and C, made with
//! `F = true` (`search.rs`, `cover.rs`), not copies: any change to hiding
//! or covering applies to both. The loop is kept out of line so that the
//! default search's code is what it was. The one unchecked look, at the
//! hint, relies on invariant (F) of `mod.rs`.

use super::cover::OptionCover;
use super::hide::SUDOKU_WIDTH;
use super::link::Link;
use super::search::Search;
use super::{Header, Matrix, get};
use crate::outcome::{Budget, Event, Stats};

impl Search {
    /// Sets [`forced`](Self::forced) for later searches.
    pub(crate) fn set_forced(&mut self, forced: bool) {
        self.forced = forced;
    }

    /// Whether searches choose forced items first.
    pub(crate) fn forced(&self) -> bool {
        self.forced
    }

    /// Algorithm X (or C, with colors) in the leftmost order, choosing
    /// forced items first ([`Search::forced`]); made for options of four
    /// nodes when every option has four (`hide.rs`).
    pub(super) fn advance_forced<const C: bool>(
        &mut self,
        stats: &mut Stats,
        budget: Budget,
    ) -> Event {
        if self.width == SUDOKU_WIDTH {
            self.advance_forced_width::<C, SUDOKU_WIDTH>(stats, budget)
        } else {
            self.advance_forced_width::<C, 0>(stats, budget)
        }
    }

    /// [`advance_forced`](Self::advance_forced) for options of width `W`
    /// (0: any), kept out of line so that the default search's code is
    /// what it was.
    #[inline(never)]
    fn advance_forced_width<const C: bool, const W: u32>(
        &mut self,
        stats: &mut Stats,
        budget: Budget,
    ) -> Event {
        self.advance_exact::<C, false, true, W>(stats, budget)
    }
}

impl Matrix {
    /// [`cover_others_unless_doomed`](Self::cover_others_unless_doomed),
    /// leaving in [`single`](Self::single) the last item the covering left
    /// with one option (0 if none, or if the option is doomed).
    #[inline]
    pub(super) fn cover_others_forced<const C: bool, const W: u32>(
        &mut self,
        p: Link,
    ) -> OptionCover {
        self.single = 0;
        self.cover_others_checking::<true, C, true, W>(p)
    }

    /// The item to branch on: the hint [`single`](Self::single) if it is
    /// still active with one option, else the shortest list
    /// ([`shortest_item`](Self::shortest_item)); its length with it.
    #[inline]
    pub(super) fn choose_forced(&self) -> (Header, u32) {
        let s = self.single;
        // SAFETY: (F): `s` is 0 or a header, below `N + 2 <= n`, so it
        // indexes `top` (A), `left` and `right` (B), and a value of `left`
        // indexes `right` (B). `right[left[s]] == s` says that `s` is still
        // active: a covered item's neighbours skip it.
        unsafe {
            if s != 0 && get(&self.top, s) == 1 && get(&self.right, get(&self.left, s)) == s {
                return (Header::new_unchecked(s), 1);
            }
        }
        self.shortest_item()
    }
}

#[cfg(test)]
mod tests {
    use crate::matrix::test_problems::latin_3;
    use crate::{Dlx, OptionId};

    /// Runs the forced-first loop and the steps made for it (under Miri in
    /// CI, which runs only the unit tests): the same counts as the default
    /// search, with and without pre-selections, every solution an exact
    /// cover, fewer or as many nodes, and the links restored after each.
    #[test]
    fn forced_first_counts_as_the_default_search() {
        let problem = latin_3();
        let option = |k: usize| OptionId::new(k).unwrap();
        for picks in [vec![], vec![0], vec![0, 13]] {
            let options: Vec<OptionId> = picks.iter().map(|&k| option(k)).collect();
            let mut plain = Dlx::new(&problem);
            let mut forced = Dlx::new(&problem);
            forced.set_forced_first(true);
            assert!(forced.forced_first() && !plain.forced_first());
            plain.select_all(&options).unwrap();
            forced.select_all(&options).unwrap();
            let expected = plain.count(None);
            assert_eq!(forced.count(None), expected, "{picks:?}");
            forced.check_invariants().unwrap();
            assert!(forced.stats().nodes <= plain.stats().nodes, "{picks:?}");
            let mut seen = 0;
            forced.for_each_solution(|solution| {
                let mut covered = [0_u32; 27];
                for &o in solution {
                    for &item in problem.option(o) {
                        covered[item.index()] += 1;
                    }
                }
                assert!(covered.iter().all(|&n| n == 1), "{solution:?}");
                seen += 1;
                std::ops::ControlFlow::Continue(())
            });
            assert_eq!(seen, expected.solutions);
            for limit in 1..4 {
                assert_eq!(forced.count(Some(limit)), plain.count(Some(limit)));
            }
            forced.reset();
            assert!(forced.links_match(&problem));
        }
    }
}
