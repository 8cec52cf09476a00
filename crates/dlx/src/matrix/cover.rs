//! Algorithm X's steps on the arena, with unchecked indexing: covering and
//! uncovering an item, covering the other items of a chosen option, and
//! choosing an item (hiding and unhiding an option, the innermost loops,
//! are in `hide.rs`).
//!
//! Covering, uncovering and choosing do almost all of the engine's work.
//! Bounds checks were a fifth to a quarter of their instructions
//! (`valgrind --tool=callgrind`: the 12-queens count took 591.5 M
//! instructions with checks, 478.9 M without them in `hide`/`unhide`; see
//! docs/decisions/arena-layout.md). Every unchecked access
//! here relies on invariants (A) to (D) of `mod.rs`, which these steps keep
//! whatever order they are called in; the search (`search.rs`) calls them in
//! last-in-first-out order, which is what restores the lists exactly.
//!
//! Every step that hides options takes `C`, whether the problem has colors
//! (Algorithm C, `color.rs`): then `hide` leaves alone the nodes that
//! purifying has cleansed, as Knuth's DLX2 does, and covering an option's
//! other items purifies those it colors. For a problem without colors `C` is
//! false and the check is compiled out: plain exact cover runs the code it
//! ran before colors existed (docs/decisions/const-generic-colors.md).

use super::arrays::Links;
use super::hide::{hide_listed, in_list, unhide_listed};
use super::link::{Link, OptionSpan};
use super::{COVER_BIAS, Header, Matrix, PURIFIED, ROOT, entry, get, keeps_item_lists};

/// What [`Matrix::cover_others_unless_doomed`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum OptionCover {
    /// Every other item of the option is covered, after this many updates.
    Covered(u64),
    /// Covering emptied the list of a primary item that is not in the
    /// option, so no solution contains the option. Every link is restored
    /// already; the number counts the updates made before giving up.
    Doomed(u64),
}

/// The body of [`Matrix::cover_unless_doomed`] and of its always-inlined
/// twin, on `$matrix` (a `&mut Matrix`) with its arguments; the generic
/// `C`, `M`, `F` and `W` are the calling function's.
macro_rules! cover_unless_doomed {
    ($matrix:ident, $i:ident, $p:ident, $at:ident) => {{
        let i = $i.get();
        let mut links = Links::of($matrix);
        let mut updates = 1;
        // SAFETY: as in `cover`; `unhide` walks back up over the options just
        // hidden, in reverse order.
        unsafe {
            let mut o = get(links.down, i);
            while in_list::<W>(o, i) {
                updates += hide_listed::<C, F, W>(&mut links, o);
                let emptied = links.emptied;
                if emptied != 0 {
                    // The test is rare and reads the whole matrix: the
                    // arrays are borrowed again after it, so the loop holds
                    // only the four it writes (docs/decisions/doomed-options.md).
                    let single = links.single;
                    if $matrix.dooms::<M>($p, $at, emptied) {
                        let mut links = Links::of($matrix);
                        while in_list::<W>(o, i) {
                            unhide_listed::<C, W>(&mut links, o);
                            o = get(links.up, o.node());
                        }
                        return (false, updates);
                    }
                    links = Links::of($matrix);
                    links.single = single;
                }
                o = get(links.down, o.node());
            }
            if F && links.single != 0 {
                $matrix.single = links.single;
            }
            $matrix.take_out_item::<C, W>(i);
        }
        (true, updates)
    }};
}

/// Marks item header `x` inactive: [`COVER_BIAS`] added to its length
/// (invariant (G) of `mod.rs`). [`Matrix::unlink_item`] does it beside
/// taking `x` out of its active-item list; the steps made for a width
/// without colors do it alone (`fixed.rs`, [`Matrix::take_out_item`]).
///
/// # Safety
///
/// `x` is a header of the arena `top` belongs to (invariant (A)).
#[inline(always)]
pub(super) unsafe fn take_out(top: &mut [u32], x: u32) {
    // SAFETY: as the caller guarantees.
    let len = unsafe { entry(top, x) };
    *len = len.wrapping_add(COVER_BIAS);
}

/// Marks item header `x` active again, undoing [`take_out`].
///
/// # Safety
///
/// As for [`take_out`].
#[inline(always)]
pub(super) unsafe fn put_back(top: &mut [u32], x: u32) {
    // SAFETY: as the caller guarantees.
    let len = unsafe { entry(top, x) };
    *len = len.wrapping_sub(COVER_BIAS);
}

impl Matrix {
    /// Removes the options of item `i` from every other list they are in,
    /// then removes `i` from the active items. Returns the links removed.
    /// `W` is 0, or the width the search was made for (see [`hide`](super::hide::hide)).
    #[inline]
    pub(super) fn cover<const C: bool, const W: u32>(&mut self, i: Header) -> u64 {
        let i = i.get();
        let mut links = Links::of(self);
        let mut updates = 1;
        // SAFETY: `i` is a header (`Header`), so below `N + 2 <= n` (B); `p`
        // walks `i`'s list, whose links are stored values: (A) and (C); with
        // a width `W`, `in_list` passes only a link to an option of `W`
        // nodes, as `hide_listed` needs.
        unsafe {
            let mut p = get(links.down, i);
            while in_list::<W>(p, i) {
                updates += hide_listed::<C, false, W>(&mut links, p);
                p = get(links.down, p.node());
            }
            self.take_out_item::<C, W>(i);
        }
        updates
    }

    /// Takes item header `i` out of the active items as the steps made with
    /// `C` and `W` keep them: out of its active-item list with
    /// [`COVER_BIAS`] added ([`unlink_item`](Self::unlink_item)), or, in
    /// the search made for a width without colors, which leaves the lists
    /// alone (invariant (G) of `mod.rs`), the bias alone.
    ///
    /// # Safety
    ///
    /// `i` is below the number of headers (invariant (B)).
    #[inline(always)]
    pub(super) unsafe fn take_out_item<const C: bool, const W: u32>(&mut self, i: u32) {
        // SAFETY: as the caller guarantees; `i` indexes `top` (A).
        unsafe {
            if keeps_item_lists(C, W) {
                self.unlink_item(i);
            } else {
                take_out(&mut self.top, i);
            }
        }
    }

    /// Undoes [`take_out_item`](Self::take_out_item)`::<C, W>(i)`.
    ///
    /// # Safety
    ///
    /// As for [`take_out_item`](Self::take_out_item).
    #[inline(always)]
    pub(super) unsafe fn put_back_item<const C: bool, const W: u32>(&mut self, i: u32) {
        // SAFETY: as in `take_out_item`.
        unsafe {
            if keeps_item_lists(C, W) {
                self.relink_item(i);
            } else {
                put_back(&mut self.top, i);
            }
        }
    }

    /// Removes header `i` from its list of active items, adding
    /// [`COVER_BIAS`] to its length.
    ///
    /// # Safety
    ///
    /// `i` is below the number of headers (invariant (B)).
    #[inline(always)]
    pub(super) unsafe fn unlink_item(&mut self, i: u32) {
        // SAFETY: (B): `i` and its stored neighbours index the item lists,
        // and `i`, below `N + 2 <= n`, indexes `top` (A).
        unsafe {
            let (l, r) = (*entry(&mut self.left, i), *entry(&mut self.right, i));
            *entry(&mut self.right, l) = r;
            *entry(&mut self.left, r) = l;
            take_out(&mut self.top, i);
        }
    }

    /// Undoes [`cover`](Self::cover)`(i)`: the reverse steps in reverse order,
    /// so the list is walked upwards where `cover` walked downwards.
    #[inline]
    pub(super) fn uncover<const C: bool, const W: u32>(&mut self, i: Header) {
        let i = i.get();
        // SAFETY: as in `cover`.
        unsafe {
            self.put_back_item::<C, W>(i);
            let mut links = Links::of(self);
            let mut p = get(links.up, i);
            while in_list::<W>(p, i) {
                unhide_listed::<C, W>(&mut links, p);
                p = get(links.up, p.node());
            }
        }
    }

    /// Puts header `i` back into its list of active items, taking
    /// [`COVER_BIAS`] off its length.
    ///
    /// # Safety
    ///
    /// `i` is below the number of headers (invariant (B)).
    #[inline(always)]
    pub(super) unsafe fn relink_item(&mut self, i: u32) {
        // SAFETY: as in `unlink_item`.
        unsafe {
            let (l, r) = (*entry(&mut self.left, i), *entry(&mut self.right, i));
            *entry(&mut self.right, l) = i;
            *entry(&mut self.left, r) = i;
            put_back(&mut self.top, i);
        }
    }

    /// Covers every item of `p`'s option except `p`'s own, going right; with
    /// colors, purifies each item the option colors instead (and leaves
    /// alone those already purified with its color). Knuth's "commit". `W`
    /// is as for [`cover`](Self::cover).
    #[inline]
    pub(super) fn cover_others<const C: bool, const W: u32>(&mut self, p: Link) -> u64 {
        match self.cover_others_checking::<false, C, false, W>(p) {
            OptionCover::Covered(updates) | OptionCover::Doomed(updates) => updates,
        }
    }

    /// [`cover_others`](Self::cover_others)`(p)`, except that it gives up as
    /// soon as a primary item outside `p`'s option has no option left: that
    /// item can no longer be covered, so no solution contains the option.
    /// Knuth's Algorithm X finds such an item only at the next level, after
    /// covering every item of the option and scanning for the shortest list
    /// (and only if no list of length 1 comes first in the scan); stopping
    /// here saves the rest of the covering and all of its undoing.
    #[inline]
    pub(super) fn cover_others_unless_doomed<const C: bool>(&mut self, p: Link) -> OptionCover {
        self.cover_others_checking::<true, C, false, 0>(p)
    }

    /// [`cover_others`](Self::cover_others) if not `GIVE_UP`, else
    /// [`cover_others_unless_doomed`](Self::cover_others_unless_doomed);
    /// with `F` (the forced-first search, `forced.rs`, which only gives up)
    /// it also notes in [`Matrix::single`] the last item it leaves with one
    /// option. `W` is as for [`cover`](Self::cover).
    #[inline(always)]
    pub(super) fn cover_others_checking<
        const GIVE_UP: bool,
        const C: bool,
        const F: bool,
        const W: u32,
    >(
        &mut self,
        p: Link,
    ) -> OptionCover {
        let span = p.span();
        let mut updates = 0;
        let mut q = p.node();
        // Around the option until back at `p`: cheaper than a step counter
        // (docs/decisions/search-loop.md).
        loop {
            q = span.after(q);
            if q == p.node() {
                break;
            }
            // SAFETY: (C): `q` is a node of the option.
            let (x, color) = unsafe { self.node_entry::<C>(q) };
            if color == PURIFIED {
                // Purified already, with this option's color.
                continue;
            }
            let (done, made) = match (GIVE_UP, color) {
                (false, 0) => (true, self.cover::<C, W>(x)),
                (true, 0) if W != 0 => self.cover_unless_doomed_inlined::<C, false, F, W>(x, p, q),
                (true, 0) => self.cover_unless_doomed::<C, false, F, W>(x, p, q),
                _ => self.purify_checking::<GIVE_UP, false>(p, q),
            };
            updates += made;
            if !done {
                // Undo the items committed before `q`, going left.
                self.uncover_others_from::<C, W>(span, p.node(), span.before(q));
                return OptionCover::Doomed(updates);
            }
        }
        OptionCover::Covered(updates)
    }

    /// Covers item `i`, the item of node `at` in the option of the node `p`
    /// links to, unless hiding one of its options dooms the option (see
    /// [`dooms`](Self::dooms)); then undoes what it did. Returns whether it
    /// covered `i`, and the updates made. `M` says whether items have bounds (Algorithm
    /// M), which changes what dooms an option. With `F` it notes in
    /// [`Matrix::single`] the last item it leaves with one option, if any.
    /// `W` is as for [`cover`](Self::cover).
    #[inline]
    pub(super) fn cover_unless_doomed<const C: bool, const M: bool, const F: bool, const W: u32>(
        &mut self,
        i: Header,
        p: Link,
        at: u32,
    ) -> (bool, u64) {
        cover_unless_doomed!(self, i, p, at)
    }

    /// [`cover_unless_doomed`](Self::cover_unless_doomed), always inlined:
    /// what the search made for a width calls. Left to itself, the compiler
    /// put the covering out of line there, a call per item covered (17-clue
    /// slice 351.4 M -> 365.0 M instructions); forcing it inline in every
    /// search made the general one 1-2% slower on the queens, Langford and
    /// Latin-square counts (docs/decisions/width-4-search.md). So the two share one body, a
    /// macro, and differ in the attribute alone.
    #[inline(always)]
    pub(super) fn cover_unless_doomed_inlined<
        const C: bool,
        const M: bool,
        const F: bool,
        const W: u32,
    >(
        &mut self,
        i: Header,
        p: Link,
        at: u32,
    ) -> (bool, u64) {
        cover_unless_doomed!(self, i, p, at)
    }

    /// Undoes [`cover_others`](Self::cover_others)`(p)`, going left; `W` as
    /// for [`cover`](Self::cover).
    #[inline]
    pub(super) fn uncover_others<const C: bool, const W: u32>(&mut self, p: Link) {
        if !C && W != 0 && p.in_option_of(W) {
            self.uncover_others_fixed::<W, false>(p);
            return;
        }
        let span = p.span();
        self.uncover_others_from::<C, W>(span, p.node(), span.before(p.node()));
    }

    /// Uncovers the items of the option `span` of node `p`, from node `last`
    /// leftwards around the option until `p`: undoes covering them from the
    /// one after `p` up to `last`.
    #[inline]
    fn uncover_others_from<const C: bool, const W: u32>(
        &mut self,
        span: OptionSpan,
        p: u32,
        last: u32,
    ) {
        let mut q = last;
        while q != p {
            // SAFETY: (C): the walk stays on the option's nodes other than
            // `p` (none for a link to a header) until it is back at `p`.
            let (x, color) = unsafe { self.node_entry::<C>(q) };
            match color {
                0 => self.uncover::<C, W>(x),
                PURIFIED => {}
                _ => self.unpurify(q),
            }
            q = span.before(q);
        }
    }

    /// Whether some active primary item has no option left.
    pub(super) fn has_empty_primary(&self) -> bool {
        let mut h = self.right[ROOT as usize];
        while h != ROOT {
            if self.top[h as usize] == 0 {
                return true;
            }
            h = self.right[h as usize];
        }
        false
    }

    /// Whether no primary item is left to cover.
    #[inline]
    pub(super) fn all_primary_covered(&self) -> bool {
        // SAFETY: (B): `right` has `N + 2 >= 2` entries, the root's among them.
        unsafe { get(&self.right, ROOT) == ROOT }
    }

    /// MRV: the active primary item with the fewest options and that number,
    /// ties to the leftmost; a length of 0 or 1 cannot be beaten, so the scan
    /// stops there. Returns the root and `u32::MAX` when no primary item is
    /// active.
    ///
    /// The root's `top` is 0 (no option names it, and no step writes it:
    /// [`Matrix::check_lists`] tests it), less than any length the scan can hold
    /// when it comes back to the root, since it stops at a length of 1 or
    /// less. So the end of the list is found in the rare branch of a new
    /// best rather than by a test of every item (docs/decisions/mrv-scan.md).
    #[inline]
    pub(super) fn shortest_item(&self) -> (Header, u32) {
        let mut best = ROOT;
        let mut best_len = u32::MAX;
        // SAFETY: (B): `h` is always a value of `right`, so it indexes `right`
        // and, being below `N + 2 <= n`, `top`.
        unsafe {
            let mut h = get(&self.right, ROOT);
            loop {
                // The walk to the next shorter list in a loop of its own,
                // a load, a load and a compare a step: as one loop with the
                // new best's branch in it, the compiler shuffled registers
                // at every step (docs/decisions/mrv-scan.md).
                let mut len = get(&self.top, h);
                while len >= best_len {
                    // Two steps a turn: one loop step kept a copy of the
                    // previous item in a register, an instruction a step
                    // (docs/decisions/mrv-scan.md).
                    let next = get(&self.right, h);
                    let next_len = get(&self.top, next);
                    if next_len < best_len {
                        (h, len) = (next, next_len);
                        break;
                    }
                    h = get(&self.right, next);
                    len = get(&self.top, h);
                }
                if h == ROOT {
                    break;
                }
                best = h;
                best_len = len;
                if len <= 1 {
                    break;
                }
                h = get(&self.right, h);
            }
            (Header::new_unchecked(best), best_len)
        }
    }

    /// The active primary items and their lengths, leftmost first.
    pub(super) fn active_primaries(&self) -> impl Iterator<Item = (Header, u32)> + '_ {
        let mut h = self.right[ROOT as usize];
        std::iter::from_fn(move || {
            (h != ROOT).then(|| {
                // SAFETY: (B): a value of `right` is a header.
                let item = unsafe { Header::new_unchecked(h) };
                let len = self.top[h as usize];
                h = self.right[h as usize];
                (item, len)
            })
        })
    }

    /// The first option node in `i`'s list, or a link to `i` if it is empty.
    #[inline]
    pub(super) fn first_option(&self, i: Header) -> Link {
        // SAFETY: (A), (B): a header is below `N + 2 <= n`, the length of `down`.
        unsafe { get(&self.down, i.get()) }
    }

    /// A link to header `i` itself: the end of its list, and Algorithm M's
    /// null move.
    #[inline]
    pub(super) fn end_of_list(&self, i: Header) -> Link {
        // SAFETY: (B): a header is a node of the arena.
        unsafe { Link::to_header(i.get()) }
    }

    /// The node after `p` in its item's list (a link to the header after the last).
    #[inline]
    pub(super) fn next_option(&self, p: Link) -> Link {
        // SAFETY: (A): the node of every link is below `n`, the length of `down`.
        unsafe { get(&self.down, p.node()) }
    }

    /// The number of options in `i`'s list (plus [`super::SECONDARY_BIAS`]
    /// for a secondary item), active or not (Algorithm M reads the item it
    /// branches on after covering it). In an arena of fewer than `2^30`
    /// nodes a `top` below [`COVER_BIAS`] is an active item's length, taken
    /// without the test of the item lists (Algorithm M ran 3.3% more
    /// instructions with the test first, 1.9% so); in a larger one a
    /// covered item's biased length may wrap below it, so the lists tell.
    #[inline]
    pub(super) fn len(&self, i: Header) -> u32 {
        let top = self.top[i.get() as usize];
        let small = self.top.len() < COVER_BIAS as usize;
        if (top < COVER_BIAS && small) || self.is_active(i) {
            top
        } else {
            top.wrapping_sub(COVER_BIAS)
        }
    }
}

impl Matrix {
    /// Whether emptying the list of item header `emptied`, while committing
    /// the option of the node `p` links to (at its node `at`), dooms the
    /// option: no solution contains it. For exact cover (not `M`), the item
    /// is primary and the option does not cover it after `at`; Knuth's
    /// Algorithm X would find it with no option only at the next level. With
    /// bounds (`M`), the item is also still active and needs more options
    /// than the option will give it after `at`: Algorithm M would find its
    /// branching degree 0 or less there. Runs only when a list has emptied,
    /// which is rare next to the updates.
    #[cold]
    #[inline(never)]
    pub(super) fn dooms<const M: bool>(&self, p: Link, at: u32, emptied: u32) -> bool {
        if emptied > self.primary {
            return false;
        }
        let later = self.option_covers_later(p, at, emptied);
        if !M {
            return !later;
        }
        let h = emptied as usize;
        let active = self.right[self.left[h] as usize] == emptied;
        let need = i64::from(self.bound[h]) - i64::from(later) - i64::from(self.slack[h]);
        active && need > 0
    }

    /// Whether the option of the node `p` links to has a node of item header
    /// `item` after node `at`, going right around the option until `p`.
    fn option_covers_later(&self, p: Link, at: u32, item: u32) -> bool {
        let span = p.span();
        let mut q = at;
        loop {
            q = span.after(q);
            if q == p.node() {
                return false;
            }
            if self.top[q as usize] == item {
                return true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::layout::tests::knuth_example;
    use super::*;

    /// Every header of a fresh matrix for Knuth's example.
    fn headers(m: &Matrix) -> Vec<Header> {
        (1..=7).map(|h| m.header(h).unwrap()).collect()
    }

    #[test]
    fn every_cover_uncover_pair_restores_the_links() {
        let original = Matrix::new(&knuth_example());
        for i in headers(&original) {
            let mut m = original.clone();
            m.cover::<false, 0>(i);
            m.check().unwrap();
            assert!(!m.is_active(i));
            for j in headers(&original) {
                if m.is_active(j) {
                    m.cover::<false, 0>(j);
                    m.check().unwrap();
                    m.uncover::<false, 0>(j);
                    m.check().unwrap();
                }
            }
            m.uncover::<false, 0>(i);
            m.check().unwrap();
            assert!(m.same_links(&original), "cover/uncover of {i:?}");
        }
    }

    #[test]
    fn every_option_covers_and_uncovers_exactly() {
        let original = Matrix::new(&knuth_example());
        let mut m = original.clone();
        for k in 0..m.option_count() {
            let (i, first) = m.first_primary(k);
            m.cover::<false, 0>(i);
            m.cover_others::<false, 0>(first);
            m.check().unwrap();
            m.uncover_others::<false, 0>(first);
            m.uncover::<false, 0>(i);
            m.check().unwrap();
            assert!(m.same_links(&original), "option {k}");
        }
    }

    #[test]
    fn cover_counts_updates_as_knuth_does() {
        let mut m = Matrix::new(&knuth_example());
        // Covering a hides options 1 (d, g) and 3 (d, f): 4 links, plus a itself.
        let a = m.header(1).unwrap();
        assert_eq!(m.cover::<false, 0>(a), 5);
        assert_eq!(m.top[4], 1, "d keeps only option 5");
    }

    /// Covers, level after level, the item [`Matrix::shortest_item`]
    /// chooses and the other items of its first option (the lengths fall
    /// unevenly, lists reach one option and empty), and checks at every
    /// level that the pass over the lengths chooses the same item: on the
    /// 4x4 Sudoku (64 primary items: whole blocks) and the Latin squares of
    /// order 3 (27: a block and a remainder), from every first option.
    /// Then every covering undone: the biases come off with it. Under Miri
    /// (CI) from every ninth first option only.
    #[test]
    fn the_pass_over_the_lengths_chooses_as_the_list_scan() {
        use super::super::test_problems::{latin_3, sudoku_4};
        let step = if cfg!(miri) { 9 } else { 1 };
        for problem in [sudoku_4(), latin_3()] {
            let original = Matrix::new(&problem);
            for start in (0..original.option_count()).step_by(step) {
                let mut m = original.clone();
                let mut done = Vec::new();
                let (i, first) = m.first_primary(start);
                loop {
                    let (i, p) = if done.is_empty() {
                        (i, first)
                    } else {
                        let (i, len) = m.shortest_item();
                        assert_eq!(m.shortest_item_in_order(), (i, len), "after {done:?}");
                        if i.get() == ROOT || len == 0 {
                            break;
                        }
                        (i, m.first_option(i))
                    };
                    m.cover::<false, 0>(i);
                    m.cover_others::<false, 0>(p);
                    m.check().unwrap();
                    done.push((i, p));
                }
                for &(i, p) in done.iter().rev() {
                    m.uncover_others::<false, 0>(p);
                    m.uncover::<false, 0>(i);
                }
                m.check().unwrap();
                assert!(m.same_links(&original), "from option {start}");
            }
        }
    }

    #[test]
    fn check_reports_a_broken_link() {
        let mut m = Matrix::new(&knuth_example());
        m.misdirect_up(12, 3);
        assert!(m.check().is_err());
    }

    #[test]
    fn header_links_are_harmless_to_every_step() {
        // A link to a header spans only its node: not a single update.
        let original = Matrix::new(&knuth_example());
        let mut m = original.clone();
        let root = m.first_option(m.header(0).unwrap());
        assert_eq!(m.cover_others::<false, 0>(root), 0);
        m.uncover_others::<false, 0>(root);
        assert!(m.same_links(&original));
    }
}
