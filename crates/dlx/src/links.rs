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
//! **(A)** Every `up`, `down` and `top` value stored in a header or option
//! node is an index into `nodes`; every option node is followed by another
//! option node or a spacer, and preceded by one or by a spacer.
//! **(B)** Every value in `left` and `right` is an index into them, and
//! `left.len() == right.len() <= nodes.len()`.
//!
//! [`Matrix::new`] establishes both (it links only nodes it has pushed and
//! ends every option with a spacer; headers come first in `nodes`). The
//! functions here preserve them: they store only values read from the arena,
//! or an index they have just read through. The solver calls them in
//! last-in-first-out order, so a list length never wraps. Debug builds assert
//! every index, and CI runs the engine's unit tests under Miri.

#![allow(unsafe_code)]

use crate::matrix::{Matrix, ROOT, SPACER};

/// Entry `x` of one of the arena's arrays, read.
///
/// # Safety
///
/// `x < array.len()`.
#[inline(always)]
unsafe fn get(array: &[u32], x: u32) -> u32 {
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
unsafe fn entry(array: &mut [u32], x: u32) -> &mut u32 {
    debug_assert!((x as usize) < array.len(), "index {x} outside the arena");
    // SAFETY: the caller guarantees `x` is in bounds.
    unsafe { array.get_unchecked_mut(x as usize) }
}

/// The arena's link arrays, borrowed together for the hot loops.
struct Links<'a> {
    up: &'a mut [u32],
    down: &'a mut [u32],
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
        // SAFETY (A), (B): `i` is a header, which indexes the arena and the
        // item lists; `p` walks `i`'s list, whose links are stored values.
        unsafe {
            let mut p = get(links.down, i);
            while p != i {
                updates += hide(&mut links, p);
                p = get(links.down, p);
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
            while p != i {
                unhide(&mut links, p);
                p = get(links.up, p);
            }
        }
    }

    /// Covers every item of `p`'s option except `p`'s own, going right.
    /// `p` must be an option node.
    #[inline]
    pub(crate) fn cover_others(&mut self, p: u32) -> u64 {
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
    pub(crate) fn cover_others_unless_doomed(&mut self, p: u32) -> OptionCover {
        self.cover_others_checking::<true>(p)
    }

    /// [`cover_others`](Self::cover_others) if not `GIVE_UP`, else
    /// [`cover_others_unless_doomed`](Self::cover_others_unless_doomed).
    #[inline(always)]
    fn cover_others_checking<const GIVE_UP: bool>(&mut self, p: u32) -> OptionCover {
        let mut updates = 0;
        let mut q = p + 1;
        while q != p {
            // SAFETY (A): `q` is `p + 1`, the successor of an option node, or
            // a spacer's `up`; all in bounds.
            let x = unsafe { get(&self.top, q) };
            if x == SPACER {
                // SAFETY (A): a spacer's `up` is a stored link.
                q = unsafe { get(&self.up, q) };
                continue;
            }
            if !GIVE_UP {
                updates += self.cover(x);
                q += 1;
                continue;
            }
            let (covered, made) = self.cover_unless_doomed(x, p, q);
            updates += made;
            if !covered {
                // Undo the items before `q`, going left from the one just
                // before it (across the spacer if `q` is first).
                // SAFETY (A): `q - 1` is an option node or a spacer.
                let before = q - 1;
                let last = if unsafe { get(&self.top, before) } == SPACER {
                    // SAFETY (A): a spacer's `down` is a stored link.
                    unsafe { get(&self.down, before) }
                } else {
                    before
                };
                self.uncover_others_from(p, last);
                return OptionCover::Doomed(updates);
            }
            q += 1;
        }
        OptionCover::Covered(updates)
    }

    /// Covers item header `i`, the item of node `at` in the option of node
    /// `p`, unless hiding one of its options empties a primary item that the
    /// option does not cover after `at`; then undoes what it did. Returns
    /// whether it covered `i`, and the updates made.
    #[inline]
    fn cover_unless_doomed(&mut self, i: u32, p: u32, at: u32) -> (bool, u64) {
        let primary = self.primary;
        let mut links = Links::of(self);
        let mut updates = 1;
        // SAFETY (A), (B): as in `cover`; `unhide` walks back up over the
        // options just hidden, in reverse order.
        unsafe {
            let mut o = get(links.down, i);
            while o != i {
                updates += hide(&mut links, o);
                let emptied = links.emptied;
                if emptied != 0 {
                    links.emptied = 0;
                    if emptied <= primary && !option_covers_later(&links, p, at, emptied) {
                        while o != i {
                            unhide(&mut links, o);
                            o = get(links.up, o);
                        }
                        return (false, updates);
                    }
                }
                o = get(links.down, o);
            }
            self.unlink_item(i);
        }
        (true, updates)
    }

    /// Undoes [`cover_others`](Self::cover_others)`(p)`, going left.
    #[inline]
    pub(crate) fn uncover_others(&mut self, p: u32) {
        self.uncover_others_from(p, p - 1);
    }

    /// Uncovers the items of `p`'s option from node `last` leftwards (across
    /// the spacer) until `p`: undoes covering them from `p + 1` up to `last`.
    #[inline]
    fn uncover_others_from(&mut self, p: u32, last: u32) {
        let mut q = last;
        while q != p {
            // SAFETY (A): `q` is `last`, a node of the option, its
            // predecessor, or a spacer's `down`; all in bounds.
            let x = unsafe { get(&self.top, q) };
            if x == SPACER {
                // SAFETY (A): a spacer's `down` is a stored link.
                q = unsafe { get(&self.down, q) };
            } else {
                self.uncover(x);
                q -= 1;
            }
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
/// walking right and wrapping at the spacer. Returns the links removed.
///
/// # Safety
///
/// `p` is an option node of an arena that satisfies (A).
#[inline]
unsafe fn hide(links: &mut Links<'_>, p: u32) -> u64 {
    let mut updates = 0;
    let mut q = p + 1;
    while q != p {
        // SAFETY: `q` is `p + 1`, the successor of an option node, or a
        // spacer's `up`, a stored link: in bounds by (A). So are the stored
        // links `x`, `u` and `d`.
        unsafe {
            let x = get(links.top, q);
            let u = get(links.up, q);
            if x == SPACER {
                q = u;
            } else {
                let d = get(links.down, q);
                *entry(links.down, u) = d;
                *entry(links.up, d) = u;
                let len = get(links.top, x) - 1;
                *entry(links.top, x) = len;
                if len == 0 {
                    links.emptied = x;
                }
                updates += 1;
                q += 1;
            }
        }
    }
    updates
}

/// Undoes [`hide`]`(p)`, walking left so that links are restored in the
/// reverse order of their removal.
///
/// # Safety
///
/// As for [`hide`].
#[inline]
unsafe fn unhide(links: &mut Links<'_>, p: u32) {
    let mut q = p - 1;
    while q != p {
        // SAFETY: `q` is `p - 1`, the predecessor of an option node, or a
        // spacer's `down`, a stored link: in bounds by (A). So are the stored
        // links `x`, `u` and `d`.
        unsafe {
            let x = get(links.top, q);
            let d = get(links.down, q);
            if x == SPACER {
                q = d;
            } else {
                let u = get(links.up, q);
                *entry(links.down, u) = q;
                *entry(links.up, d) = q;
                *entry(links.top, x) += 1;
                q -= 1;
            }
        }
    }
}

/// Whether the option of node `p` has a node of item header `item` after
/// node `at`, going right and across the spacer until `p`. Runs only when a
/// list has emptied, which is rare next to the updates.
#[cold]
#[inline(never)]
fn option_covers_later(links: &Links<'_>, p: u32, at: u32, item: u32) -> bool {
    let mut q = at + 1;
    while q != p {
        let x = links.top[q as usize];
        if x == SPACER {
            q = links.up[q as usize];
        } else if x == item {
            return true;
        } else {
            q += 1;
        }
    }
    false
}
