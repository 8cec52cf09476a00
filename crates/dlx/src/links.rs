//! The two innermost loops of dancing links, with unchecked indexing.
//!
//! `hide` and `unhide` do almost all of the engine's work (over 80% of the
//! instructions when counting pentomino tilings). Bounds checks cost a fifth
//! of their instructions: `valgrind --tool=callgrind` on the 12-queens count
//! gives 591.5 M instructions with checks and 478.9 M without (see
//! docs/benchmarks.md). This module is the only place the engine uses
//! `unsafe`, and each block relies on one invariant of the arena:
//!
//! **Every `up`, `down` and `top` value stored in an option node or header is
//! a valid index into `nodes`, and every option node is followed by another
//! option node or a spacer.**
//!
//! [`Matrix::new`](crate::matrix::Matrix::new) establishes it (it links only
//! nodes it has pushed, and ends every option with a spacer). `hide` and
//! `unhide` preserve it: they store only values read from the arena or the
//! index `q` they have just read through. The solver calls them only through
//! `cover`/`uncover` in last-in-first-out order, so a header's length never
//! wraps. Debug builds assert every index, and CI runs the engine's unit tests
//! under Miri.

#![allow(unsafe_code)]

use crate::matrix::{Node, SPACER};

/// Reads node `x`.
///
/// # Safety
///
/// `x < nodes.len()`.
#[inline(always)]
unsafe fn node(nodes: &[Node], x: u32) -> Node {
    debug_assert!((x as usize) < nodes.len(), "node {x} outside the arena");
    // SAFETY: the caller guarantees `x` is in bounds.
    unsafe { *nodes.get_unchecked(x as usize) }
}

/// Node `x`, for writing.
///
/// # Safety
///
/// `x < nodes.len()`.
#[inline(always)]
unsafe fn node_mut(nodes: &mut [Node], x: u32) -> &mut Node {
    debug_assert!((x as usize) < nodes.len(), "node {x} outside the arena");
    // SAFETY: the caller guarantees `x` is in bounds.
    unsafe { nodes.get_unchecked_mut(x as usize) }
}

/// Unlinks every node of `p`'s option except `p` from its vertical list,
/// walking right and wrapping at the spacer. Returns the links removed.
///
/// `p` must be an option node; the caller (`Matrix::cover`) passes the nodes of
/// a header's vertical list, which holds only option nodes.
#[inline]
pub(crate) fn hide(nodes: &mut [Node], p: u32) -> u64 {
    debug_assert!(nodes[p as usize].top != SPACER, "hide of a spacer");
    let mut updates = 0;
    let mut q = p + 1;
    while q != p {
        // SAFETY: `q` is `p + 1` or the successor of an option node, which the
        // arena invariant puts in bounds, or a spacer's `up`, a stored link.
        let x = unsafe { node(nodes, q) };
        if x.top == SPACER {
            q = x.up;
        } else {
            // SAFETY: `up`, `down` and `top` of an option node are stored links.
            unsafe {
                node_mut(nodes, x.up).down = x.down;
                node_mut(nodes, x.down).up = x.up;
                node_mut(nodes, x.top).top -= 1;
            }
            updates += 1;
            q += 1;
        }
    }
    updates
}

/// Undoes [`hide`]`(p)`, walking left so that links are restored in the
/// reverse order of their removal.
#[inline]
pub(crate) fn unhide(nodes: &mut [Node], p: u32) {
    debug_assert!(nodes[p as usize].top != SPACER, "unhide of a spacer");
    let mut q = p - 1;
    while q != p {
        // SAFETY: `q` is `p - 1` (an option node or the spacer before the
        // option, both in bounds as `p` is), the predecessor of an option node
        // that is not its option's first, or a spacer's `down`, a stored link.
        let x = unsafe { node(nodes, q) };
        if x.top == SPACER {
            q = x.down;
        } else {
            // SAFETY: `up`, `down` and `top` of an option node are stored links.
            unsafe {
                node_mut(nodes, x.up).down = q;
                node_mut(nodes, x.down).up = q;
                node_mut(nodes, x.top).top += 1;
            }
            q -= 1;
        }
    }
}
