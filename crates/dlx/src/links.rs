//! The hot loops of dancing links, with unchecked indexing.
//!
//! Covering, uncovering and choosing an item do almost all of the engine's
//! work. Bounds checks were a fifth to a quarter of their instructions
//! (`valgrind --tool=callgrind`: the 12-queens count took 591.5 M
//! instructions with checks, 478.9 M without them in `hide`/`unhide`; see
//! docs/benchmarks.md for the rest of the tuning log). This module is the only
//! place the engine uses `unsafe`, and every block relies on one invariant of
//! the [`Matrix`]:
//!
//! **(A)** Every `top` value stored in a header or option node, and the node
//! of every `up` and `down` link, is an index into the arena.
//! **(B)** Every value in `left` and `right` is an index into them, and
//! `left.len() == right.len() <= nodes.len()`.
//! **(C)** Every link to an option node carries that node's true place in
//! its option ([`Link::span`]), so the span's nodes are the option's nodes,
//! all in the arena.
//!
//! [`Matrix::new`] establishes all three (it links only nodes it has pushed,
//! with the places it laid them out at; headers come first in `nodes`). The
//! functions here preserve them: they store only values read from the arena,
//! or a link to a node of the span they are walking ([`OptionSpan::link_to`]).
//! The solver calls them in last-in-first-out order, so a list length never
//! wraps. Debug builds assert every index, and CI runs the engine's unit tests
//! under Miri.

#![allow(unsafe_code)]

use crate::link::{Link, OptionSpan};
use crate::matrix::{Matrix, ROOT};

/// Entry `x` of one of the arena's arrays, read.
///
/// # Safety
///
/// `x < array.len()`.
#[inline(always)]
unsafe fn get<T: Copy>(array: &[T], x: u32) -> T {
    debug_assert!((x as usize) < array.len(), "index {x} outside the arena");
    // SAFETY: the caller guarantees `x` is in bounds.
    unsafe { *array.get_unchecked(x as usize) }
}

/// Entry `x` of one of the arena's arrays, for writing.
///
/// # Safety
///
/// `x < array.len()`.
#[inline(always)]
unsafe fn entry<T>(array: &mut [T], x: u32) -> &mut T {
    debug_assert!((x as usize) < array.len(), "index {x} outside the arena");
    // SAFETY: the caller guarantees `x` is in bounds.
    unsafe { array.get_unchecked_mut(x as usize) }
}

/// The arena's link arrays, borrowed together for the hot loops.
struct Links<'a> {
    up: &'a mut [Link],
    down: &'a mut [Link],
    top: &'a mut [u32],
    /// The header of the last item whose list [`hide`] emptied, or 0.
    emptied: u32,
}

impl<'a> Links<'a> {
    fn of(matrix: &'a mut Matrix) -> Self {
        Links {
            up: &mut matrix.up,
            down: &mut matrix.down,
            top: &mut matrix.top,
            emptied: 0,
        }
    }
}

/// What [`Matrix::cover_others_unless_doomed`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OptionCover {
    /// Every other item of the option is covered, after this many updates.
    Covered(u64),
    /// Covering emptied the list of a primary item that is not in the
    /// option, so no solution contains the option. Every link is restored
    /// already; the number counts the updates made before giving up.
    Doomed(u64),
}

impl Matrix {
    /// Removes the options of item header `i` from every other list they are
    /// in, then removes `i` from the active items. Returns the links removed.
    ///
    /// `i` must be a header: the `top` of an option node, or a value of `right`.
    #[inline]
    pub(crate) fn cover(&mut self, i: u32) -> u64 {
        let mut links = Links::of(self);
        let mut updates = 1;
        // SAFETY (A), (B), (C): `i` is a header, which indexes the arena and
        // the item lists; `p` walks `i`'s list, whose links are stored values
        // to option nodes until the walk is back at `i`.
        unsafe {
            let mut p = get(links.down, i);
            while p.node() != i {
                updates += hide(&mut links, p);
                p = get(links.down, p.node());
            }
            self.unlink_item(i);
        }
        updates
    }

    /// Removes item header `i` from its list of active items.
    ///
    /// # Safety
    ///
    /// `i` is a header, active (linked into its list).
    #[inline(always)]
    unsafe fn unlink_item(&mut self, i: u32) {
        // SAFETY (B): `i` and its stored neighbours index the item lists.
        unsafe {
            let (l, r) = (*entry(&mut self.left, i), *entry(&mut self.right, i));
            *entry(&mut self.right, l) = r;
            *entry(&mut self.left, r) = l;
        }
    }

    /// Undoes [`cover`](Self::cover)`(i)`: the reverse steps in reverse order,
    /// so the list is walked upwards where `cover` walked downwards.
    #[inline]
    pub(crate) fn uncover(&mut self, i: u32) {
        // SAFETY (A), (B): as in `cover`.
        unsafe {
            let (l, r) = (*entry(&mut self.left, i), *entry(&mut self.right, i));
            *entry(&mut self.right, l) = i;
            *entry(&mut self.left, r) = i;
            let mut links = Links::of(self);
            let mut p = get(links.up, i);
            while p.node() != i {
                unhide(&mut links, p);
                p = get(links.up, p.node());
            }
        }
    }

    /// Covers every item of `p`'s option except `p`'s own, going right.
    /// `p` must be a stored link to an option node (or one of
    /// `option_first`).
    #[inline]
    pub(crate) fn cover_others(&mut self, p: Link) -> u64 {
        match self.cover_others_checking::<false>(p) {
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
    pub(crate) fn cover_others_unless_doomed(&mut self, p: Link) -> OptionCover {
        self.cover_others_checking::<true>(p)
    }

    /// [`cover_others`](Self::cover_others) if not `GIVE_UP`, else
    /// [`cover_others_unless_doomed`](Self::cover_others_unless_doomed).
    #[inline(always)]
    fn cover_others_checking<const GIVE_UP: bool>(&mut self, p: Link) -> OptionCover {
        let link = p;
        let span = p.span();
        let p = p.node();
        let mut updates = 0;
        let mut q = p;
        for _ in 1..span.size() {
            q = span.after(q);
            // SAFETY (C): `q` is a node of the option.
            let x = unsafe { get(&self.top, q) };
            if !GIVE_UP {
                updates += self.cover(x);
                continue;
            }
            let (covered, made) = self.cover_unless_doomed(x, link, q);
            updates += made;
            if !covered {
                // Undo the items covered before `q`, going left.
                self.uncover_others_from(span, p, span.before(q));
                return OptionCover::Doomed(updates);
            }
        }
        OptionCover::Covered(updates)
    }

    /// Covers item header `i`, the item of node `at` in the option of the
    /// node `p` links to, unless hiding one of its options empties a primary
    /// item that the option does not cover after `at`; then undoes what it
    /// did. Returns whether it covered `i`, and the updates made.
    #[inline]
    fn cover_unless_doomed(&mut self, i: u32, p: Link, at: u32) -> (bool, u64) {
        let primary = self.primary;
        let mut links = Links::of(self);
        let mut updates = 1;
        // SAFETY (A), (B), (C): as in `cover`; `unhide` walks back up over
        // the options just hidden, in reverse order.
        unsafe {
            let mut o = get(links.down, i);
            while o.node() != i {
                updates += hide(&mut links, o);
                let emptied = links.emptied;
                if emptied != 0 {
                    links.emptied = 0;
                    if emptied <= primary && !option_covers_later(&links, p, at, emptied) {
                        while o.node() != i {
                            unhide(&mut links, o);
                            o = get(links.up, o.node());
                        }
                        return (false, updates);
                    }
                }
                o = get(links.down, o.node());
            }
            self.unlink_item(i);
        }
        (true, updates)
    }

    /// Undoes [`cover_others`](Self::cover_others)`(p)`, going left.
    #[inline]
    pub(crate) fn uncover_others(&mut self, p: Link) {
        let span = p.span();
        let p = p.node();
        self.uncover_others_from(span, p, span.before(p));
    }

    /// Uncovers the items of the option of node `p` (whose nodes are `span`)
    /// from node `last` leftwards, around the option, until `p`: undoes
    /// covering them from the one after `p` up to `last`.
    #[inline]
    fn uncover_others_from(&mut self, span: OptionSpan, p: u32, last: u32) {
        let mut q = last;
        while q != p {
            // SAFETY (C): `q` is a node of the option.
            let x = unsafe { get(&self.top, q) };
            self.uncover(x);
            q = span.before(q);
        }
    }

    /// Whether some active primary item has no option left.
    pub(crate) fn has_empty_primary(&self) -> bool {
        let mut h = self.right[ROOT as usize];
        while h != ROOT {
            if self.top[h as usize] == 0 {
                return true;
            }
            h = self.right[h as usize];
        }
        false
    }

    /// MRV: the active primary item with the fewest options and that number,
    /// ties to the leftmost; a length of 0 or 1 cannot be beaten, so the scan
    /// stops there. Returns `(ROOT, u32::MAX)` when no primary item is active.
    #[inline]
    pub(crate) fn shortest_item(&self) -> (u32, u32) {
        let mut best = ROOT;
        let mut best_len = u32::MAX;
        // SAFETY (B): `h` is always a value of `right`, so it indexes `right`
        // and, as a header, `nodes`.
        unsafe {
            let mut h = *self.right.get_unchecked(ROOT as usize);
            while h != ROOT {
                let len = get(&self.top, h);
                if len < best_len {
                    best = h;
                    best_len = len;
                    if len <= 1 {
                        break;
                    }
                }
                debug_assert!((h as usize) < self.right.len());
                h = *self.right.get_unchecked(h as usize);
            }
        }
        (best, best_len)
    }
}

/// Unlinks every node of `p`'s option except `p` from its vertical list,
/// going right around the option from `p`. Returns the links removed.
///
/// The walk takes a fixed number of steps and wraps with a conditional move
/// (see `link.rs`); it notes in `links.emptied` an item whose list it
/// empties (only primary items can empty: `SECONDARY_BIAS`).
///
/// # Safety
///
/// `p` is a stored link to an option node of an arena that satisfies (A)
/// and (C).
#[inline]
unsafe fn hide(links: &mut Links<'_>, p: Link) -> u64 {
    let span = p.span();
    let p = p.node();
    let mut q = p;
    loop {
        q = span.after(q);
        if q == p {
            break;
        }
        // SAFETY (A), (C): `q` is a node of `p`'s option, and `x`, `u` and
        // `d` are stored values.
        unsafe {
            let x = get(links.top, q);
            let u = get(links.up, q);
            let d = get(links.down, q);
            *entry(links.down, u.node()) = d;
            *entry(links.up, d.node()) = u;
            let len = get(links.top, x).wrapping_sub(1);
            *entry(links.top, x) = len;
            if len == 0 {
                links.emptied = x;
            }
        }
    }
    u64::from(span.size() - 1)
}

/// Undoes [`hide`]`(p)`, walking left so that links are restored in the
/// reverse order of their removal.
///
/// # Safety
///
/// As for [`hide`].
#[inline]
unsafe fn unhide(links: &mut Links<'_>, p: Link) {
    let span = p.span();
    let p = p.node();
    let mut q = p;
    loop {
        q = span.before(q);
        if q == p {
            break;
        }
        let to_q = span.link_to(q);
        // SAFETY: as in `hide`.
        unsafe {
            let x = get(links.top, q);
            let u = get(links.up, q);
            let d = get(links.down, q);
            *entry(links.down, u.node()) = to_q;
            *entry(links.up, d.node()) = to_q;
            let len = entry(links.top, x);
            *len = len.wrapping_add(1);
        }
    }
}

/// Whether the option of the node `p` links to has a node of item header
/// `item` after node `at`, going right around the option until `p`. Runs
/// only when a list has emptied, which is rare next to the updates.
#[cold]
#[inline(never)]
fn option_covers_later(links: &Links<'_>, p: Link, at: u32, item: u32) -> bool {
    let span = p.span();
    let p = p.node();
    let mut q = span.after(at);
    while q != p {
        if links.top[q as usize] == item {
            return true;
        }
        q = span.after(q);
    }
    false
}
