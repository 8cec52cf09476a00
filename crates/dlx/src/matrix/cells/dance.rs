//! The steps of a covering: removing a node from its item's set, hiding an
//! option from its other items, and purifying a list by color, over the
//! arrays a covering changes borrowed apart from the cells ([`Dance`]).

use super::{COVERED, Cells, Item, Node, SPACER, Width};

/// The arrays a covering changes, and the trail's length.
pub(super) struct Dance<'a, I> {
    /// `Cells::nodes`.
    pub(super) nodes: &'a mut [Node],
    /// `Cells::items`.
    pub(super) items: &'a mut [Item],
    /// `Cells::set`.
    pub(super) set: &'a mut [I],
    /// `Cells::trail`.
    pub(super) trail: &'a mut [I],
    /// `Cells::trail_len`.
    pub(super) trail_len: usize,
}

impl<I: Width> Dance<'_, I> {
    /// Removes node `q`, at `place` in `set`, from its active item `item`,
    /// whose entry is `entry`.
    #[inline(always)]
    #[allow(clippy::cast_possible_truncation)] // `q` is a node, a `u32` (N)
    fn remove(&mut self, q: usize, place: u32, item: u32, entry: Item) {
        debug_assert!(entry.end > entry.base && place < entry.end);
        let last = entry.end - 1;
        // SAFETY: every trailed removal takes a distinct node out of a set
        // until it is undone, so fewer than `set.len()` are pending (T).
        unsafe { *self.trail.get_unchecked_mut(self.trail_len) = I::of(item) };
        self.trail_len += 1;
        // SAFETY: `item` is read from node `q` (N); `q` is at `place` in
        // its range and active, so `last` is in the range too (I), and
        // `other`, read from `set`, is a node (S).
        unsafe {
            self.items.get_unchecked_mut(item as usize).end = last;
            let other = *self.set.get_unchecked(last as usize);
            *self.set.get_unchecked_mut(last as usize) = I::of(q as u32);
            *self.set.get_unchecked_mut(place as usize) = other;
            self.nodes.get_unchecked_mut(q).loc = last;
            self.nodes.get_unchecked_mut(other.at()).loc = place;
        }
    }

    /// Purifies a list of one item for all its colors for `color`, whose
    /// active places are `base..end`: hides each option whose node's color
    /// in `colors` (`node_color` or `byte_color`) differs; returns how
    /// many agree (kept).
    #[inline(always)]
    pub(super) fn purify_one<T: Copy + Eq>(
        &mut self,
        colors: &[T],
        color: T,
        base: usize,
        end: usize,
    ) -> u64 {
        let mut kept = 0;
        for place in base..end {
            // SAFETY: the list's active places are in `set` (I) and
            // hold nodes (S), each with a color in `colors` (S).
            let node = unsafe { *self.set.get_unchecked(place) };
            // SAFETY: as above.
            if unsafe { *colors.get_unchecked(node.at()) } == color {
                kept += 1;
            } else {
                self.hide::<true>(node);
            }
        }
        kept
    }

    /// Hides every active option of list `list` (`hide`).
    #[inline(always)]
    pub(super) fn hide_list<const C: bool>(&mut self, list: u32) {
        // SAFETY: callers pass a list (N), (G).
        let entry = unsafe { *self.items.get_unchecked(list as usize) };
        let base = entry.base as usize;
        for place in base..(entry.end & !COVERED) as usize {
            // SAFETY: the list's active places are in `set` (I).
            self.hide::<C>(unsafe { *self.set.get_unchecked(place) });
        }
    }

    /// Removes `node`'s option from the sets of its other active items
    /// (`node`'s own item is covered). `C`: whether the problem has colors
    /// (else every other item is active, (A)).
    #[inline(always)]
    fn hide<const C: bool>(&mut self, node: I) {
        // Right to the spacer, then from the option's first node back to
        // `node`: two loops, so neither tests for `node` nor reloads the
        // first node after the spacer (tuning log #164). Indices as
        // `usize`, so no zero extension before each load (tuning log #207).
        let node = node.at();
        let mut q = node + 1;
        loop {
            // SAFETY: `node` is an option node (read from `set`, (S)), so
            // every `q` up to its option's spacer is a node (N).
            let item = unsafe { self.nodes.get_unchecked(q) }.item;
            if item == SPACER {
                // SAFETY: as above.
                q = unsafe { self.nodes.get_unchecked(q) }.loc as usize;
                break;
            }
            self.hide_node::<C>(q, item);
            q += 1;
        }
        while q != node {
            // SAFETY: from the option's first node (the spacer's `loc`) up
            // to `node` every `q` is a node of the option (N).
            let item = unsafe { self.nodes.get_unchecked(q) }.item;
            self.hide_node::<C>(q, item);
            q += 1;
        }
    }

    /// Removes option node `q`, whose item is `item`, from its item's set
    /// if that item is active. Without colors (`C` false) it is (A): no
    /// test, so no branch (tuning log #200). The node's place is read only
    /// for a removal: the walks load the item alone, which is all a
    /// covered item's node needs (graceful-wheel-7: 24 M of 54 M), and no
    /// shift splits an 8-byte load (tuning log #233).
    #[inline(always)]
    fn hide_node<const C: bool>(&mut self, q: usize, item: u32) {
        // SAFETY: an option node's item is an item (N).
        let entry = unsafe { *self.items.get_unchecked(item as usize) };
        debug_assert!(C || entry.end & COVERED == 0, "(A) broken");
        if !C || entry.end & COVERED == 0 {
            // SAFETY: `q` is a node (callers).
            let place = unsafe { self.nodes.get_unchecked(q) }.loc;
            self.remove(q, place, item, entry);
        }
    }
}

impl<I: Width> Cells<I> {
    /// The arrays a covering changes, borrowed apart so that the hot loop
    /// keeps their addresses and the trail's length in registers rather
    /// than reloading them from `self` after every store (tuning log #163).
    pub(super) fn dance(&mut self) -> Dance<'_, I> {
        Dance {
            nodes: &mut self.nodes,
            items: &mut self.items,
            set: &mut self.set,
            trail: &mut self.trail,
            trail_len: self.trail_len,
        }
    }
}
