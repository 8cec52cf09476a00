//! The forced-first search's steps for options of a fixed width `W` (four
//! in an exact-cover Sudoku, `hide.rs`), without colors: committing a
//! forced move and undoing it (`forced.rs`), and covering and uncovering a
//! tried option's other items.
//!
//! They take the same steps in the same order as the general ones
//! ([`Matrix::commit_forced`], [`Matrix::cover_others_forced`] and their
//! undoing), so the search visits the same nodes and notes the same hints.
//! What differs is how: the arena's arrays are borrowed once for a whole
//! option, so the hot loops keep their places in registers rather than
//! reloading them from the matrix after every store, the hint and the
//! emptied item are locals stored back once, and the option's other nodes
//! are at fixed steps from the chosen one ([`Link::to_after`]), as the
//! fixed walks of `hide.rs` take them, instead of a walk around the
//! decoded option with a wrap at its end (docs/decisions/width-4-search.md).
//! Through the general steps, each item covered reloaded the arrays,
//! spilled the link to its node and stored the hint back.
//!
//! Items leave and rejoin the active items by their biases alone
//! ([`COVER_BIAS`]): the search made for a width finds the active items in
//! the headers' lengths (`scan.rs`) and leaves the active-item lists as
//! they were when its first level was made (invariant (G) of `mod.rs`,
//! docs/decisions/listless-lists.md), as every step made for a width without colors does
//! ([`Matrix::take_out_item`]).
//!
//! Each step runs only on a link to an option of exactly `W` nodes (its
//! caller tests the link's size field, one compare), so by invariant (C)
//! every node it reaches is one of the option's; the list walks follow
//! stored links (A) and hand the fixed walks only links [`in_list`]
//! passes. Unchecked indexing as in `cover.rs`.

use super::arrays::Links;
use super::cover::{OptionCover, put_back, take_out};
use super::hide::{hide_listed, in_list, unhide_listed};
use super::link::Link;
use super::{COVER_BIAS, Matrix, entry, get};

impl Matrix {
    /// [`commit_forced`](Self::commit_forced) for an option of `W` nodes
    /// (not 0), `o` linking to one of them, whose item header is `i`: `i`
    /// out of the active items, then each other item of the option covered
    /// with the option's node unlinked from its list alone, unless that
    /// dooms the option ([`dooms_fixed`]).
    #[inline(always)]
    pub(super) fn commit_forced_fixed<const W: u32>(&mut self, i: u32, o: Link) -> OptionCover {
        self.cover_others_fixed::<W, true>(i, o)
    }

    /// [`uncommit_forced`](Self::uncommit_forced) for an option of `W`
    /// nodes, as [`commit_forced_fixed`](Self::commit_forced_fixed) made it.
    #[inline(always)]
    pub(super) fn uncommit_forced_fixed<const W: u32>(&mut self, o: Link) {
        self.uncover_others_fixed::<W, true>(o);
    }

    /// Covers the other items of `o`'s option, an option of `W` nodes (not
    /// 0), going right from `o`'s place `a` at the places `(a + 1) % W`,
    /// ..., unless that dooms the option: then undoes what it did. With
    /// `FORCED`, [`commit_forced`](Self::commit_forced)'s move: item header
    /// `i` (`o`'s, whose list holds only `o`'s option) leaves the active
    /// items too, and each other item's list loses the option's node
    /// alone, its length left alone, before it is covered. Without it,
    /// [`cover_others_forced`](Self::cover_others_forced), `i` unused.
    /// Each item leaves the active items once its list is covered (`i` once
    /// every list is), by its bias alone: the search made for a width
    /// leaves the active-item lists alone (invariant (G) of `mod.rs`).
    /// Leaves in [`single`](Self::single) the last item it left with one
    /// option.
    #[inline(always)]
    pub(super) fn cover_others_fixed<const W: u32, const FORCED: bool>(
        &mut self,
        i: u32,
        o: Link,
    ) -> OptionCover {
        debug_assert!(W != 0 && o.option_size() == W);
        let at = o.position();
        let first = o.node() - at;
        let primary = self.primary;
        let Matrix {
            up,
            down,
            top,
            color,
            single,
            ..
        } = self;
        let mut links = Links::new(up, down, top, color);
        // Covering `i` would count itself and the option's other nodes.
        let mut updates = if FORCED { u64::from(W) } else { 0 };
        // The hint as the items covered so far leave it.
        let mut noted = 0;
        for step in 1..W {
            let q = o.to_after::<W>(step).node();
            // SAFETY: (C): `o`'s option has `W` nodes from `first` on, so
            // `q`, `step` places after `o`'s wrapping, is one; by (A) its top
            // `x` is a header (no colors), which indexes `top` (A); the
            // walk of `x`'s list follows stored links (A), and `in_list`
            // passes `hide_listed` only a link to an option of `W` nodes
            // (C).
            unsafe {
                let x = get(links.top, q);
                let mut remaining = list_len::<FORCED>(links.top, x);
                if FORCED {
                    // `q` out of `x`'s list alone, its length left alone.
                    let (u, d) = (get(links.up, q), get(links.down, q));
                    *entry(links.down, u.node()) = d;
                    *entry(links.up, d.node()) = u;
                }
                updates += 1;
                let mut r = get(links.down, x);
                // Counted, with `in_list` a guard that always passes: the
                // exit then waits on a count, not on the chain of `down`
                // loads (see `list_len`).
                while remaining != 0 && in_list::<W>(r, x) {
                    remaining -= 1;
                    updates += hide_listed::<false, true, W>(&mut links, r);
                    let emptied = links.emptied;
                    if emptied != 0 {
                        links.emptied = 0;
                        if dooms_fixed::<W>(links.top, primary, first, at, step, emptied) {
                            *single = noted;
                            self.give_up_fixed::<W, FORCED>(o, step, r);
                            return OptionCover::Doomed(updates);
                        }
                    }
                    r = get(links.down, r.node());
                }
                debug_assert!(
                    remaining == 0 && !in_list::<W>(r, x),
                    "the counted walk of header {x}'s list did not end at the header"
                );
                // `x` out of the active items once its list is covered: no
                // later walk reaches it (every option of its list is hidden).
                take_out(links.top, x);
            }
            noted = links.single;
        }
        *single = noted;
        if FORCED {
            // SAFETY: (A): `i` is a header.
            unsafe { take_out(links.top, i) };
        }
        OptionCover::Covered(updates)
    }

    /// Undoes [`cover_others_fixed`](Self::cover_others_fixed)`::<W,
    /// FORCED>(_, o)`, going left from `o`'s place `a` at the places
    /// `(a + W - 1) % W`, ...: each item back among the active ones, its
    /// list walked up unhiding, and with `FORCED` the option's node put
    /// back into the list (but not `i` among the active items).
    #[inline(always)]
    pub(super) fn uncover_others_fixed<const W: u32, const FORCED: bool>(&mut self, o: Link) {
        self.uncover_before_fixed::<W, FORCED>(o, W);
    }

    /// Undoes the covering of the items of `o`'s option at the `end - 1`
    /// steps right of `o`'s place, going left from the last, each item back
    /// among the active ones and its list walked up unhiding: what undoing
    /// a whole covering (`end` is `W`) and giving up on a doomed one do.
    #[inline(always)]
    fn uncover_before_fixed<const W: u32, const FORCED: bool>(&mut self, o: Link, end: u32) {
        debug_assert!(W != 0 && o.option_size() == W && end <= W);
        let Matrix {
            up,
            down,
            top,
            color,
            ..
        } = self;
        let mut links = Links::new(up, down, top, color);
        for step in (1..end).rev() {
            let to_q = o.to_after::<W>(step);
            let q = to_q.node();
            // SAFETY: as in `cover_others_fixed`; `to_q` is the link to `q`,
            // with its true place (C).
            unsafe {
                let x = get(links.top, q);
                put_back(links.top, x);
                let mut remaining = list_len::<FORCED>(links.top, x);
                let mut r = get(links.up, x);
                while remaining != 0 && in_list::<W>(r, x) {
                    remaining -= 1;
                    unhide_listed::<false, W>(&mut links, r);
                    r = get(links.up, r.node());
                }
                debug_assert!(
                    remaining == 0 && !in_list::<W>(r, x),
                    "the counted walk of header {x}'s list did not end at the header"
                );
                if FORCED {
                    let (u, d) = (get(links.up, q), get(links.down, q));
                    *entry(links.down, u.node()) = to_q;
                    *entry(links.up, d.node()) = to_q;
                }
            }
        }
    }

    /// Undoes what [`cover_others_fixed`](Self::cover_others_fixed) did
    /// before hiding the option of node link `r` from the list of the item
    /// `step` places right of `o`'s doomed the option: the options hidden
    /// from that list, going up from `r`; with `FORCED` the option's node
    /// back into the list; the lists of the items covered before, each back
    /// among the active items (the doomed one never left them).
    #[cold]
    #[inline(never)]
    fn give_up_fixed<const W: u32, const FORCED: bool>(&mut self, o: Link, step: u32, r: Link) {
        let to_q = o.to_after::<W>(step);
        let q = to_q.node();
        // SAFETY: (C): `q` is a node of `o`'s option, so by (A) its top is a
        // header; the walk up its list follows stored links (A) from `r`,
        // one of them, and `in_list` passes `unhide_listed` only links to
        // options of `W` nodes.
        unsafe {
            let mut links = Links::of(self);
            let x = get(links.top, q);
            let mut r = r;
            while in_list::<W>(r, x) {
                unhide_listed::<false, W>(&mut links, r);
                r = get(links.up, r.node());
            }
        }
        if FORCED {
            self.relink_node(q, to_q);
        }
        self.uncover_before_fixed::<W, FORCED>(o, step);
    }
}

/// The number of options in item header `x`'s list as a walk of
/// [`Matrix::cover_others_fixed`] or [`Matrix::uncover_before_fixed`] finds
/// it: its length without the biases (below `2^30` in a matrix a search is
/// made for a width, [`Matrix::search_width`]), less one with `FORCED`,
/// whose option node is out of the list with its length left alone.
///
/// The walks count down from it rather than run until they are back at the
/// header: the exit of a list walk is mispredicted at most calls, and a test
/// of the link the walk has just loaded finds that out only when the chain
/// of `down` (or `up`) loads reaches it, where a count finds it at once.
/// The walks still test each link with [`in_list`] (a branch that always
/// goes one way), so their soundness does not rest on the count.
///
/// # Safety
///
/// `x` is a header of the arena `top` belongs to (invariant (A)).
#[inline(always)]
unsafe fn list_len<const FORCED: bool>(top: &[u32], x: u32) -> u32 {
    // SAFETY: as the caller guarantees.
    let len = unsafe { get(top, x) } & (COVER_BIAS - 1);
    if FORCED { len.wrapping_sub(1) } else { len }
}

/// Whether emptying the list of item header `emptied` while covering the
/// item at place `(at + step) % W` of an option of `W` nodes from `first`
/// on dooms the option, as [`Matrix::dooms`] says for exact cover: the
/// item is primary and none of the option's places after it (going right,
/// up to the option's place `at`) is that item's.
///
/// # Safety
///
/// The `W` nodes from `first` on are option nodes of the arena `top` is
/// part of (so each indexes it).
#[cold]
#[inline(never)]
unsafe fn dooms_fixed<const W: u32>(
    top: &[u32],
    primary: u32,
    first: u32,
    at: u32,
    step: u32,
    emptied: u32,
) -> bool {
    if emptied > primary {
        return false;
    }
    // SAFETY: as the caller guarantees; each place is below `W`.
    !(step + 1..W).any(|later| unsafe { get(top, first + (at + later) % W) } == emptied)
}
