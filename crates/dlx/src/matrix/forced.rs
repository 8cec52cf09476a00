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
//! the scan (docs/decisions/forced-first.md).
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
//! A forced move has no other option to try, so the plain search (no
//! colors) makes it without Algorithm X's covering of the item
//! (`Matrix::commit_forced`): the option stays in its items' lists, the
//! item only leaves the active list, and each other item of the option is
//! covered with the option's node taken out of its list alone (no change
//! of length), put back when it is uncovered. That saves hiding and unhiding the option, the walk of
//! the item's list and a call to uncover it, most of what a forced node cost
//! beyond the covering of its items (docs/decisions/forced-moves.md). The option's items
//! then count one option more while they are covered: none of them empties
//! (none ever doomed the option), and one is noted as left with one option
//! only when covering the others took all but this option from it, where
//! Algorithm X notes it with one other option left. Such a hint can never
//! be taken (the item is covered), and fewer of them leave the scan less
//! to do; the hints, so the tree, may differ from Algorithm X's, with the
//! same solutions by the argument above. Every search of the forced kind
//! makes its forced moves so, with or without a budget or a splitting
//! ceiling, and so does the replay of a path (`frontier.rs`), so all of
//! them see the same hints.
//!
//! The search loop and the general steps are those of Algorithms X and C,
//! made with `F = true` (`search.rs`, `cover.rs`), not copies: a change to
//! hiding or covering applies to both. The steps made for options of four
//! nodes without colors (`fixed.rs`) are the exception: written for the
//! width, in the same order as the general ones, so a change there must be
//! made in both (`hide.rs`'s test compares the two searches node for
//! node). The loop is kept out of line so that the default search's code
//! is what it was. The unchecked look at the hint
//! relies on invariant (F) of `mod.rs`; the forced move's steps index the
//! arena unchecked under (A) to (C), as `cover.rs` does.

use super::arrays::Links;
use super::cover::{OptionCover, put_back};
use super::hide::{in_list, unhide_listed};
use super::link::{Link, OptionSpan};
use super::search::{Level, Search};
use super::{Header, Matrix, entry, get, keeps_item_lists};
use crate::outcome::{Budget, Event, Stats};

impl Search {
    /// Sets whether later searches choose forced items first, and chooses
    /// the path again. A change undoes any search in progress first, with
    /// the steps of the path that made its levels: the forced-first search
    /// made for a width leaves the active-item lists alone (invariant (G),
    /// [`SearchPath::listless`](super::path::SearchPath::listless)), the
    /// others do not.
    pub(crate) fn set_forced(&mut self, forced: bool) {
        if forced != self.forced.on() {
            self.unwind();
        }
        self.forced.set(forced);
        self.path = self.path_for(self.path.randomized());
    }

    /// Whether searches choose forced items first.
    pub(crate) fn forced(&self) -> bool {
        self.forced.on()
    }

    /// Algorithm X (or C, with colors) in the leftmost order, choosing
    /// forced items first ([`Search::forced`]), with the steps made for
    /// options of width `W` (0: any; `hide.rs`). Kept out of line so that
    /// the default search's code is what it was.
    #[inline(never)]
    pub(super) fn advance_forced<const C: bool, const W: u32>(
        &mut self,
        stats: &mut Stats,
        budget: Budget,
    ) -> Event {
        self.advance_exact::<C, false, true, W>(stats, budget)
    }

    /// Branches on item `i`, which has one option left: commits that
    /// option without hiding it ([`Matrix::commit_forced`]) and moves down
    /// a level (true), or, if the option is doomed, counts the dead end
    /// below as [`try_options`](Self::try_options) does and returns false
    /// (backtrack). The level is marked [`Level::plain`] so that
    /// backtracking and unwinding undo it with
    /// [`Matrix::uncommit_forced`]. The updates counted are those of
    /// covering `i` and then the option's other items, as the other steps
    /// count them, though the option's own nodes are never unlinked.
    #[inline(always)]
    pub(super) fn take_forced<const W: u32>(
        &mut self,
        i: Header,
        stats: &mut Stats,
        budget: Budget,
    ) -> bool {
        let o = self.matrix.first_option(i);
        match self.matrix.commit_forced::<W>(i, o) {
            OptionCover::Covered(updates) => {
                stats.updates += updates;
                self.levels[self.level] = Level {
                    choice: o,
                    item: i,
                    plain: true,
                };
                self.level += 1;
                true
            }
            OptionCover::Doomed(updates) => {
                stats.updates += updates;
                if budget.is_exhausted(stats.nodes, stats.updates) {
                    // As `try_options` does: the option covered after all,
                    // here by Algorithm X's steps (whose covering of `i`
                    // is counted already), and the search stops below.
                    self.matrix.cover::<false, W>(i);
                    stats.updates += self.matrix.cover_others::<false, W>(o);
                    self.matrix.single = 0;
                    let level = &mut self.levels[self.level];
                    (level.choice, level.item) = (o, i);
                    self.level += 1;
                    return true;
                }
                stats.count_node(self.level + 1);
                false
            }
        }
    }

    /// Undoes level `l`, a level [`take_forced`](Self::take_forced) made,
    /// and clears its mark, so that only such a level below `level` is
    /// ever marked.
    #[inline(always)]
    pub(super) fn give_forced_back<const W: u32>(&mut self, l: usize) {
        let level = &mut self.levels[l];
        level.plain = false;
        let (i, o) = (level.item, level.choice);
        self.matrix.uncommit_forced::<W>(i, o);
    }
}

impl Matrix {
    /// Covers item `i`, whose list holds only the option of node `o`, and
    /// that option's other items, unless the option is doomed (see
    /// [`dooms`](Self::dooms)); then undoes what it did. Leaves in
    /// [`single`](Self::single) the last item it left with one option.
    ///
    /// Algorithm X would cover `i`, which hides `o`'s option from its other
    /// items' lists (three updates of each list and length), and then cover
    /// those items. Here `i`'s list has nothing else to hide, so `i` is
    /// only taken out of the active items, and each other item is covered
    /// with the option's node only unlinked from its list, its length left
    /// alone ([`cover_but`](Self::cover_but)). No list an active item
    /// reaches differs (a covered item's list and length are read only by
    /// its uncovering), so the search below sees the same links; the
    /// option's items count one option more while they are covered, so none
    /// of them empties, and what empties dooms the option. Saves the
    /// option's other hiding and unhiding, the walk of `i`'s list and a
    /// call to uncover it (docs/decisions/forced-moves.md).
    #[inline(always)]
    pub(super) fn commit_forced<const W: u32>(&mut self, i: Header, o: Link) -> OptionCover {
        if W != 0 && o.in_option_of(W) {
            return self.commit_forced_fixed::<W>(i.get(), o);
        }
        self.single = 0;
        let i = i.get();
        // SAFETY: (B): `i` is a header.
        unsafe { self.take_out_item::<false, W>(i) };
        // Covering `i` would count itself and the option's other nodes.
        let mut updates = u64::from(o.span().size());
        let span = o.span();
        let p = o.node();
        let mut q = p;
        loop {
            q = span.after(q);
            if q == p {
                break;
            }
            // SAFETY: (C): `q` is a node of the option; by (A) its top is a
            // header (no colors: nothing is cleansed).
            let x = unsafe { get(&self.top, q) };
            let (done, made) = self.cover_but::<W>(x, q, o);
            updates += made;
            if !done {
                self.give_up_forced::<W>(i, span, p, q);
                return OptionCover::Doomed(updates);
            }
        }
        OptionCover::Covered(updates)
    }

    /// Undoes [`commit_forced`](Self::commit_forced)`(i, o)`: the option's
    /// other items uncovered going left, then `i` back among the active items.
    #[inline(always)]
    pub(super) fn uncommit_forced<const W: u32>(&mut self, i: Header, o: Link) {
        if W != 0 && o.in_option_of(W) {
            self.uncommit_forced_fixed::<W>(o);
            // SAFETY: (B): `i` is a header.
            unsafe { self.put_back_item::<false, W>(i.get()) };
            return;
        }
        let span = o.span();
        let p = o.node();
        self.uncover_forced_from::<W>(span, p, span.before(p));
        // SAFETY: (B): `i` is a header.
        unsafe { self.put_back_item::<false, W>(i.get()) };
    }

    /// Undoes what [`commit_forced`](Self::commit_forced) did before it
    /// found that covering the item of node `q` dooms the option of node
    /// `p`: the items covered before `q`, going left, then item header `i`
    /// back among the active items. Out of line: the search's code around
    /// the rare doomed move stays small (inlined, it cost the Sudoku count
    /// on dancing links 1% more instructions).
    #[inline(never)]
    pub(super) fn give_up_forced<const W: u32>(
        &mut self,
        i: u32,
        span: OptionSpan,
        p: u32,
        q: u32,
    ) {
        self.uncover_forced_from::<W>(span, p, span.before(q));
        // SAFETY: (B): `i` is a header.
        unsafe { self.put_back_item::<false, W>(i) };
    }

    /// Uncovers, going left from node `last` to the node after `p` (none
    /// if `last` is `p`), the items of `p`'s option that
    /// [`commit_forced`](Self::commit_forced) covered with
    /// [`cover_but`](Self::cover_but), putting the option's node back into
    /// each list: what undoing a whole forced move and giving up on a doomed
    /// one both do. Each item is uncovered as [`uncover`](Self::uncover)
    /// does it (the item back among the active ones, then its list walked
    /// up, unhiding), but with the arrays borrowed once for the whole walk:
    /// through `uncover`, each item's steps read the arrays' places from the
    /// matrix again (docs/decisions/forced-moves.md).
    #[inline(always)]
    fn uncover_forced_from<const W: u32>(&mut self, span: OptionSpan, p: u32, last: u32) {
        let mut q = last;
        let Matrix {
            up,
            down,
            top,
            color,
            left,
            right,
            ..
        } = self;
        let mut links = Links::new(up, down, top, color);
        while q != p {
            // SAFETY: as in `commit_forced`: `q` is a node of the option, so
            // by (A) its top `x` is a header (no colors), which indexes
            // `left` and `right` (B), as do their stored values; the walk
            // of `x`'s list follows stored links (A), (C), as `uncover`'s,
            // and `in_list` passes `unhide_listed` only a link to an option
            // of `W` nodes (with a width).
            unsafe {
                let x = get(links.top, q);
                if keeps_item_lists(false, W) {
                    let (l, r) = (get(left, x), get(right, x));
                    *entry(right, l) = x;
                    *entry(left, r) = x;
                }
                put_back(links.top, x);
                let mut r = get(links.up, x);
                while in_list::<W>(r, x) {
                    unhide_listed::<false, W>(&mut links, r);
                    r = get(links.up, r.node());
                }
                // `q` back into its list (`relink_node`).
                let (u, d) = (get(links.up, q), get(links.down, q));
                let to_q = span.link_to(q);
                *entry(links.down, u.node()) = to_q;
                *entry(links.up, d.node()) = to_q;
            }
            q = span.before(q);
        }
    }

    /// Covers item header `x` but leaves its node `q` (of the option of the
    /// node `o` links to) out of the covering: `q` is unlinked from `x`'s
    /// list alone, without a change of length, and the list is covered as
    /// [`cover_unless_doomed`](Self::cover_unless_doomed) covers one,
    /// giving up (and undoing what it did) when hiding an option dooms
    /// `o`'s option. Returns whether it covered `x`, and the updates made.
    /// A walk that skipped `q` instead took two loop exits a list, one of
    /// them mispredicted about once per item (docs/decisions/forced-moves.md).
    #[inline(always)]
    fn cover_but<const W: u32>(&mut self, x: u32, q: u32, o: Link) -> (bool, u64) {
        // SAFETY: (C): `q` is an option node, in the arena, and the nodes of
        // its stored links are too (A); `x`, read from its `top`, is a
        // header (A).
        let (to_q, x) = unsafe {
            let up = get(&self.up, q);
            let down = get(&self.down, q);
            // The link to `q`, as its neighbour above holds it.
            let to_q = get(&self.down, up.node());
            *entry(&mut self.down, up.node()) = down;
            *entry(&mut self.up, down.node()) = up;
            (to_q, Header::new_unchecked(x))
        };
        let (done, made) = self.cover_unless_doomed_inlined::<false, false, true, W>(x, o, q);
        if !done {
            self.relink_node(q, to_q);
        }
        (done, made)
    }

    /// Puts option node `q` back into its item's list between its own `up`
    /// and `down`; `to_q` is the link to it.
    #[inline(always)]
    pub(super) fn relink_node(&mut self, q: u32, to_q: Link) {
        // SAFETY: (C), (A): `q` is an option node and its links' nodes are
        // in the arena.
        unsafe {
            let up = get(&self.up, q);
            let down = get(&self.down, q);
            *entry(&mut self.down, up.node()) = to_q;
            *entry(&mut self.up, down.node()) = to_q;
        }
    }

    /// [`cover_others_unless_doomed`](Self::cover_others_unless_doomed),
    /// leaving in [`single`](Self::single) the last item the covering left
    /// with one option (0 if none, or if the option is doomed).
    #[inline]
    pub(super) fn cover_others_forced<const C: bool, const W: u32>(
        &mut self,
        p: Link,
    ) -> OptionCover {
        if !C && W != 0 && p.in_option_of(W) {
            // No forced move: the item is not read.
            return self.cover_others_fixed::<W, false>(0, p);
        }
        self.single = 0;
        self.cover_others_checking::<true, C, true, W>(p)
    }

    /// The item to branch on: the hint [`single`](Self::single) if it is
    /// still active with one option, else the shortest list
    /// ([`shortest_item`](Self::shortest_item)); its length with it; the
    /// root and `u32::MAX` if no primary item is active. With a width `W`
    /// (not 0), the search made for it, the shortest list is found by
    /// [`shortest_item_in_order`](Self::shortest_item_in_order), the same
    /// item, from the biases alone: that search leaves the active-item
    /// lists alone (invariant (G)), so this is also its test that every
    /// primary item is covered.
    #[inline(always)]
    pub(super) fn choose_forced<const W: u32>(&self) -> (Header, u32) {
        let s = self.single;
        // SAFETY: (F): `s` is 0 or a header, below `N + 2 <= n`, so it
        // indexes `top` (A), `left` and `right` (B), and a value of `left`
        // indexes `right` (B). `right[left[s]] == s` says that `s` is still
        // active: a covered item's neighbours skip it. With a width the
        // matrix is small (G): a covered item's length is at least
        // `COVER_BIAS`, so a length of 1 says it, without the lists.
        unsafe {
            if s != 0
                && get(&self.top, s) == 1
                && (W != 0 || get(&self.right, get(&self.left, s)) == s)
            {
                return (Header::new_unchecked(s), 1);
            }
        }
        if W != 0 {
            let choice = self.shortest_item_in_order();
            // In debug builds (every test) each choice of the search made
            // for a width is checked against the plain definition.
            debug_assert_eq!(choice, self.shortest_item_by_definition());
            choice
        } else {
            self.shortest_item()
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::index::OptionId;
    use crate::matrix::search::Search;
    use crate::matrix::test_problems::{latin_3, sudoku_4};
    use crate::outcome::{Budget, End, Event, Stats};
    use crate::solver::Dlx;

    /// A search stopped at a solution holds levels that committed a forced
    /// move without hiding its option (`commit_forced`); starting any other
    /// search, forced-first or not, undoes them, clears their marks, and
    /// leaves the links as laid out. Every solution found on the way is an
    /// exact cover, and the counts are the default search's.
    #[test]
    fn a_forced_move_is_undone_by_whatever_search_comes_next() {
        let option = |k: usize| OptionId::new(k).unwrap();
        let cases = [
            (sudoku_4(), vec![0]),
            (sudoku_4(), vec![]),
            (latin_3(), vec![0]),
        ];
        // Under Miri (CI runs the unit tests there) only the cases with a
        // pick: the whole 4x4 Sudoku, 288 solutions searched twice, took
        // minutes of CI's Miri step.
        let under_miri = cfg!(miri);
        for (problem, picks) in cases
            .into_iter()
            .filter(|(_, picks)| !under_miri || !picks.is_empty())
        {
            let mut default = Search::new(&problem);
            for &k in &picks {
                default.select(option(k)).unwrap();
            }
            let mut expected = Stats::default();
            default.start(None);
            while default.advance(&mut expected, Budget::UNLIMITED) == Event::Solution {}
            let mut search = Search::new(&problem);
            for &k in &picks {
                search.select(option(k)).unwrap();
            }
            search.set_forced(true);
            search.start(None);
            let mut stats = Stats::default();
            let mut solution = Vec::new();
            let mut marked = false;
            while search.advance(&mut stats, Budget::UNLIMITED) == Event::Solution {
                marked |= search.levels[..search.level].iter().any(|l| l.plain);
                search.solution(&mut solution);
                assert!(problem.is_solution(&solution), "{solution:?}");
                if stats.solutions == 2 {
                    break;
                }
            }
            assert!(marked, "no forced move was made");
            search.set_forced(false);
            search.start(None);
            assert!(search.levels.iter().all(|l| !l.plain));
            search.check().unwrap();
            let mut again = Stats::default();
            while search.advance(&mut again, Budget::UNLIMITED) == Event::Solution {}
            assert_eq!(again, expected);
            search.reset();
            assert!(search.links_match(&problem));
        }
    }

    /// The forced-first search made for a width (the 4x4 Sudoku's options
    /// have four nodes) leaves the active-item lists alone: paused at a
    /// solution, they are those of its start, covered items and all, and
    /// only the biases say which items are active (invariant (G), which
    /// `check` tests in that form); changing the kind of search undoes
    /// the levels with the steps that made them, which leaves the lists as
    /// they were.
    #[test]
    fn the_search_made_for_a_width_leaves_the_item_lists_alone() {
        let problem = sudoku_4();
        let mut search = Search::new(&problem);
        search.select(OptionId::new(0).unwrap()).unwrap();
        if cfg!(miri) {
            search.select(OptionId::new(25).unwrap()).unwrap();
        }
        search.set_forced(true);
        search.start(None);
        assert!(search.path.listless() && !search.lists_frozen());
        let lists = (search.matrix.left.clone(), search.matrix.right.clone());
        let mut stats = Stats::default();
        for _ in 0..2 {
            assert_eq!(
                search.advance(&mut stats, Budget::UNLIMITED),
                Event::Solution
            );
            assert!(search.lists_frozen());
            assert_eq!(
                (&search.matrix.left, &search.matrix.right),
                (&lists.0, &lists.1)
            );
            search.check().unwrap();
            assert!(
                search.matrix.check_lists(false).is_err(),
                "covered items still in the lists"
            );
        }
        search.set_forced(false);
        assert_eq!(search.level, 0);
        assert!(!search.lists_frozen());
        search.check().unwrap();
        assert_eq!(
            (&search.matrix.left, &search.matrix.right),
            (&lists.0, &lists.1)
        );
        search.reset();
        assert!(search.links_match(&problem));
    }

    /// A forced-first search with a budget of updates or nodes stops with
    /// the links intact wherever the budget runs out, forced moves and
    /// doomed options included, and the next search counts every solution.
    #[test]
    fn a_forced_search_runs_out_of_budget_anywhere_and_restores() {
        let problem = sudoku_4();
        let mut solver = Dlx::new(&problem);
        solver.set_forced_first(true);
        solver.select(OptionId::new(0).unwrap()).unwrap();
        // Every budget natively, a sample under Miri (CI runs the unit
        // tests there, where each count takes a while), on a smaller tree:
        // digit 1 at (1,2) too, as in `hide.rs`'s test.
        if cfg!(miri) {
            solver.select(OptionId::new(25).unwrap()).unwrap();
        }
        let full = solver.count(None);
        let stride = if cfg!(miri) { 197 } else { 1 };
        let updates = (1..400).step_by(stride).map(Budget::updates);
        let nodes = (1..60).step_by(stride / 4 + 1).map(Budget::nodes);
        for budget in updates.chain(nodes) {
            solver.set_budget(budget);
            let count = solver.count(None);
            assert!(
                count.end == End::BudgetExhausted || count == full,
                "{budget:?}"
            );
            solver.check_invariants().unwrap();
            solver.set_budget(Budget::UNLIMITED);
            assert_eq!(solver.count(None), full);
        }
        solver.reset();
        assert!(solver.links_match(&problem));
    }

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
                let solution = solution.options();
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
