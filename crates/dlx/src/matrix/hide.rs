//! Hiding and unhiding an option: the innermost loops of the engine, with
//! unchecked indexing under invariants (A) to (C) of `mod.rs`.
//!
//! [`hide`] and [`unhide`] walk around an option node by node: each step
//! wraps at the option's end with a compare and a conditional move and
//! tests whether it is back at the start, and the walk first decodes both
//! ends of the option from the link (`link.rs`). Every option of an
//! exact-cover Sudoku has four items (its cell, row, column and box), and
//! on a 9x9 count those walks were most of the search. When the width `W`
//! of the options is a constant, the nodes after a node at place `a` are at
//! places `(a + 1) % W`, `(a + 2) % W`, ... of the option: the loops of
//! [`hide_fixed`] and [`unhide_fixed`] have a fixed trip count, which the
//! compiler unrolls, `% W` is a mask for a width that is a power of two,
//! and only the node's place and the option's size are read from the link
//! (docs/decisions/span-links.md). They visit the same nodes in the same order as the general walk,
//! so the search is the same, node for node (docs/decisions/width-4-search.md).
//!
//! The search is made for a width only when every option has it
//! ([`Matrix::search_width`], `forced.rs`), and each walk still tests the
//! width of the option it is given (one compare of the link's size field,
//! the same outcome for every option of such a problem): so the soundness
//! of the walks rests on invariant (C) alone, as the general walk's does,
//! whatever link they are handed. A problem of mixed widths runs the
//! general walk, compiled without the test (`W` = 0).

use super::arrays::Links;
use super::link::Link;
use super::{CLEANSED, Matrix, entry, get};

/// The one width a search is specialised for (see [`Matrix::search_width`]): four
/// items an option, as in the exact-cover Sudoku (cell, row, column, box).
/// Each width made is another copy of the search loop, so only this one is.
pub(super) const SUDOKU_WIDTH: u32 = 4;

impl Matrix {
    /// The width a search on this matrix is made for: [`SUDOKU_WIDTH`] if
    /// every option has that many nodes, else 0 (the general walk).
    pub(super) fn search_width(&self) -> u32 {
        let uniform = self
            .option_first
            .iter()
            .all(|first| first.span().size() == SUDOKU_WIDTH);
        // Below `2^30` nodes every length is below `COVER_BIAS`, which the
        // search made for a width reads (`shortest_item_in_order`).
        let small = self.top.len() < super::COVER_BIAS as usize;
        if uniform && small && self.option_count() > 0 {
            SUDOKU_WIDTH
        } else {
            0
        }
    }
}

/// Unlinks every node of `p`'s option except `p` from its vertical list,
/// going right around the option from `p`. Returns the links removed.
///
/// The walk takes a fixed number of steps and wraps with a conditional move
/// (see `link.rs`), none for a link to a header; it notes in `links.emptied` an item whose list it
/// empties (only primary items can empty: `SECONDARY_BIAS`) and, with `F`
/// (the forced-first search, `forced.rs`), in `links.single` one it leaves
/// with a single option (only a primary item can: the bias again).
///
/// `W` is 0 or the width a search was made for: an option of exactly `W`
/// nodes is then walked by [`hide_fixed`], in the same order; any other
/// link as here. With `W` 0 the test is compiled out.
///
/// # Safety
///
/// `links` are the arrays of a matrix that satisfies (A) and (C), and `p`
/// a link of that matrix.
#[inline(always)]
pub(super) unsafe fn hide<const C: bool, const F: bool, const W: u32>(
    links: &mut Links<'_>,
    p: Link,
) -> u64 {
    if W != 0 && p.option_size() == W {
        // SAFETY: as the caller guarantees; `p`'s option has `W` nodes.
        return unsafe { hide_fixed::<C, F, W>(links, p) };
    }
    // SAFETY: as the caller guarantees.
    unsafe { hide_general::<C, F>(links, p) }
}

/// Whether a walk along item header `i`'s list, now at link `p`, goes on
/// (`p` is an option node) rather than having come back to the header.
/// With `W` 0, whether `p` is not `i`. With a width `W` the search was made
/// for (every option has `W` nodes, [`Matrix::search_width`]), whether `p`
/// links to a node of an option of `W` nodes, which by (C) says both: a
/// link to a header spans one node. The one test then also tells
/// [`hide_listed`] and [`unhide_listed`] the option's width, so they need
/// not test it again, as [`hide`] does: four instructions fewer an option
/// hidden or unhidden (docs/decisions/width-4-search.md).
#[inline(always)]
pub(super) fn in_list<const W: u32>(p: Link, i: u32) -> bool {
    if W == 0 {
        p.node() != i
    } else {
        p.in_option_of(W)
    }
}

/// [`hide`] for a link that [`in_list`] has passed: with a width `W`, the
/// fixed walk without a test of the option's size.
///
/// # Safety
///
/// As for [`hide`], and with `W` not 0, `p.option_size() == W`.
#[inline(always)]
pub(super) unsafe fn hide_listed<const C: bool, const F: bool, const W: u32>(
    links: &mut Links<'_>,
    p: Link,
) -> u64 {
    // SAFETY: as the caller guarantees.
    unsafe {
        if W != 0 {
            hide_fixed::<C, F, W>(links, p)
        } else {
            hide_general::<C, F>(links, p)
        }
    }
}

/// [`unhide`] for a link that [`in_list`] has passed, as [`hide_listed`].
///
/// # Safety
///
/// As for [`hide_listed`].
#[inline(always)]
pub(super) unsafe fn unhide_listed<const C: bool, const W: u32>(links: &mut Links<'_>, p: Link) {
    // SAFETY: as the caller guarantees.
    unsafe {
        if W != 0 {
            unhide_fixed::<C, W>(links, p);
        } else {
            unhide::<C, 0>(links, p);
        }
    }
}

/// [`hide`]'s general walk, any option width. Left for LLVM to inline or
/// not (`#[inline]`), as it was before the width-made walk: forced inline
/// with the node step of `hide_node`, colored searches ran 3-4% more
/// instructions (graceful-wheel-7 1,504 M -> 1,578 M).
///
/// # Safety
///
/// As for [`hide`].
#[inline]
pub(super) unsafe fn hide_general<const C: bool, const F: bool>(
    links: &mut Links<'_>,
    p: Link,
) -> u64 {
    let span = p.span();
    // Around the option from `p` back to `p`: a test of `q` against `p`
    // ends the walk in fewer instructions than a step counter.
    let p = p.node();
    let mut q = p;
    // Cleansed nodes are rare: counting them rather than the updates takes
    // an instruction off every update (docs/decisions/const-generic-colors.md).
    let mut skipped = 0;
    loop {
        q = span.after(q);
        if q == p {
            break;
        }
        // `hide_node`'s step written out, with `continue` for a cleansed
        // node: through `hide_node`'s flag graceful-wheel-7 ran 4.9% more
        // instructions (1,578 M against 1,504 M, docs/decisions/const-generic-colors.md).
        // SAFETY: (C): `q` is a node of `p`'s option; by (A) its top `x`,
        // not cleansed, is a header, and `u`, `d` are nodes of the arena.
        unsafe {
            let x = get(links.top, q);
            if C && x & CLEANSED != 0 {
                // Its item is purified: nothing reads its list until then.
                skipped += 1;
                continue;
            }
            let u = get(links.up, q);
            let d = get(links.down, q);
            *entry(links.down, u.node()) = d;
            *entry(links.up, d.node()) = u;
            let len = get(links.top, x).wrapping_sub(1);
            *entry(links.top, x) = len;
            note_marks::<F>(links, x, len);
        }
    }
    u64::from(span.size() - 1 - skipped)
}

/// Unlinks option node `q` from its item's vertical list, unless it is
/// cleansed (only with colors, `C`): then returns true and changes nothing.
/// Notes an emptied item, and with `F` one left with a single option, as
/// [`hide`] says.
///
/// # Safety
///
/// `links` are the arrays of a matrix that satisfies (A) and (C), and `q`
/// an option node of it.
#[inline(always)]
pub(super) unsafe fn hide_node<const C: bool, const F: bool>(
    links: &mut Links<'_>,
    q: u32,
) -> bool {
    // SAFETY: by (A) the top `x` of option node `q`, not cleansed, is a
    // header, and `u`, `d` are nodes of the arena.
    unsafe {
        let x = get(links.top, q);
        if C && x & CLEANSED != 0 {
            // Its item is purified: nothing reads its list until then.
            return true;
        }
        let u = get(links.up, q);
        let d = get(links.down, q);
        *entry(links.down, u.node()) = d;
        *entry(links.up, d.node()) = u;
        let len = get(links.top, x).wrapping_sub(1);
        *entry(links.top, x) = len;
        note_marks::<F>(links, x, len);
    }
    false
}

/// Notes item `x`, whose list hiding has just taken to `len` options, as
/// emptied if `len` is 0 and, with `F`, as left with one option if `len`
/// is 1. With `F`, conditional moves rather than branches: whether a list
/// reaches one option depends on the data, and in the forced-first search
/// on a Sudoku those branches were the most mispredicted (docs/decisions/forced-moves.md). Without
/// it, the branch the default search always had (a list seldom empties).
#[inline(always)]
fn note_marks<const F: bool>(links: &mut Links<'_>, x: u32, len: u32) {
    if F {
        links.emptied = std::hint::select_unpredictable(len == 0, x, links.emptied);
        links.single = std::hint::select_unpredictable(len == 1, x, links.single);
    } else if len == 0 {
        links.emptied = x;
    }
}

/// Undoes [`hide`]`(p)`, walking left so that links are restored in the
/// reverse order of their removal; `W` as for [`hide`].
///
/// # Safety
///
/// As for [`hide`].
#[inline(always)]
pub(super) unsafe fn unhide<const C: bool, const W: u32>(links: &mut Links<'_>, p: Link) {
    if W != 0 && p.option_size() == W {
        // SAFETY: as the caller guarantees; `p`'s option has `W` nodes.
        unsafe { unhide_fixed::<C, W>(links, p) };
        return;
    }
    let span = p.span();
    let p = p.node();
    let mut q = p;
    loop {
        q = span.before(q);
        if q == p {
            break;
        }
        // SAFETY: (C): `q` is a node of `p`'s option, `span`.
        unsafe { unhide_node::<C>(links, q, span.link_to(q)) };
    }
}

/// Links option node `q` back into its item's vertical list, where
/// [`hide_node`] took it out, unless it is cleansed (only with colors, `C`).
/// `to_q` is the link to `q`.
///
/// # Safety
///
/// `links` are the arrays of a matrix that satisfies (A) and (C), `q` an
/// option node of it and `to_q` made from its span (so (C) holds for it).
#[inline(always)]
pub(super) unsafe fn unhide_node<const C: bool>(links: &mut Links<'_>, q: u32, to_q: Link) {
    // SAFETY: as in `hide_node`.
    unsafe {
        let x = get(links.top, q);
        if C && x & CLEANSED != 0 {
            return;
        }
        let u = get(links.up, q);
        let d = get(links.down, q);
        *entry(links.down, u.node()) = to_q;
        *entry(links.up, d.node()) = to_q;
        let len = entry(links.top, x);
        *len = len.wrapping_add(1);
    }
}

/// [`hide`]`(p)` for an option of exactly `W` nodes:
/// unlinks every node of the option but `p`'s, going right from `p` and
/// wrapping at the end. Returns the links removed.
///
/// # Safety
///
/// As for [`hide`], and `p`'s option has `W > 0` nodes: by (C) they are
/// the `W` nodes from `p.node() - p.position()` on, so each `q` is one.
#[inline(always)]
pub(super) unsafe fn hide_fixed<const C: bool, const F: bool, const W: u32>(
    links: &mut Links<'_>,
    p: Link,
) -> u64 {
    debug_assert_eq!(p.option_size(), W);
    // Made from the link alone, without decoding the option's ends.
    let mut skipped = 0;
    for step in 1..W {
        let q = p.to_after::<W>(step).node();
        // SAFETY: `q` is a node of the option (see above).
        skipped += u32::from(unsafe { hide_node::<C, F>(links, q) });
    }
    u64::from(W - 1 - skipped)
}

/// [`unhide`]`(p)` for an option of exactly `W`
/// nodes: links the nodes [`hide_fixed`] unlinked back in, going left from
/// `p`, the reverse order.
///
/// # Safety
///
/// As for [`hide_fixed`].
#[inline(always)]
pub(super) unsafe fn unhide_fixed<const C: bool, const W: u32>(links: &mut Links<'_>, p: Link) {
    debug_assert_eq!(p.option_size(), W);
    for step in 1..W {
        // The node `step` places before `p`'s, wrapping.
        let to_q = p.to_after::<W>(W - step);
        // SAFETY: `to_q` links to a node of the option, with its true place
        // (C).
        unsafe { unhide_node::<C>(links, to_q.node(), to_q) };
    }
}

#[cfg(test)]
mod tests {
    use super::SUDOKU_WIDTH;
    use crate::index::OptionId;
    use crate::matrix::Matrix;
    use crate::matrix::search::Search;
    use crate::matrix::test_problems::{latin_3, sudoku_4};
    use crate::outcome::{Budget, Event, Stats};
    use crate::problem::Problem;

    /// Counts every solution of `search` with the forced-first search, as
    /// [`crate::Dlx::count`] does, and returns the statistics.
    fn count(search: &mut Search) -> Stats {
        let mut stats = Stats::default();
        search.set_forced(true);
        search.start(None);
        search.set_silent(u64::MAX);
        assert_eq!(
            search.advance(&mut stats, Budget::UNLIMITED),
            Event::Exhausted
        );
        search.unwind();
        stats
    }

    #[test]
    fn only_a_matrix_of_four_node_options_gets_the_width() {
        assert_eq!(Matrix::new(&sudoku_4()).search_width(), SUDOKU_WIDTH);
        assert_eq!(Matrix::new(&latin_3()).search_width(), 0);
        let mut mixed = Problem::builder(4, 0).unwrap();
        mixed.add_option(&[0, 1, 2, 3]).unwrap();
        mixed.add_option(&[0, 1]).unwrap();
        assert_eq!(Matrix::new(&mixed.build()).search_width(), 0);
    }

    /// Runs the unrolled walks (under Miri in CI, which runs only the unit
    /// tests): the same solutions and statistics, node for node, as the
    /// general walk on the same matrix, after pre-selections too, and the
    /// links restored after each search. The 4x4 Sudoku has 288 solutions.
    #[test]
    fn the_fixed_width_walk_searches_as_the_general_walk() {
        let problem = sudoku_4();
        let option = |k: usize| OptionId::new(k).unwrap();
        // Digit 0 at (0,0); then digit 1 at (1,2) too; then a clash-free
        // third, digit 3 at (3,3). Under Miri (CI) the whole grid's 288
        // solutions, searched twice, took 3.7 min: the pre-selected cases
        // run the same walks on smaller trees.
        let all = if cfg!(miri) { vec![] } else { vec![vec![]] };
        for picks in all
            .into_iter()
            .chain([vec![0], vec![0, 25], vec![0, 25, 63]])
        {
            let mut fixed = Search::new(&problem);
            let mut general = Search::new(&problem);
            assert_eq!(fixed.facts.width, SUDOKU_WIDTH);
            general.facts.width = 0;
            for &k in &picks {
                fixed.select(option(k)).unwrap();
                general.select(option(k)).unwrap();
            }
            let stats = count(&mut fixed);
            assert_eq!(stats, count(&mut general), "{picks:?}");
            if picks.is_empty() {
                assert_eq!(stats.solutions, 288);
            }
            fixed.check().unwrap();
            fixed.reset();
            assert!(fixed.links_match(&problem), "{picks:?}");
        }
    }
}
