//! The column side of a transformation under construction: which input
//! column lands on which output position, as far as the rows written so far
//! decide it.
//!
//! The arrangements a search may still choose form an *ordered partition*:
//! the output positions are cut into blocks, and the input columns of a
//! block may go to its positions in any order without changing a row
//! already written. Stacks are the same one level up: output slots are cut
//! into stack blocks whose stacks may still be swapped wholesale. Writing a
//! row only ever splits blocks, and only at a block's front (a column or a
//! group of columns moved to the front), so the open arrangements are
//! always a product of permutations inside blocks and are never enumerated.

use crate::model::shape::Shape;

/// The largest grid side (a row's columns fit a `u64`).
pub(super) const MAX_SIDE: usize = 64;

/// The largest number of stacks, and of columns in a stack (boxes have
/// both sides at least 2).
pub(super) const MAX_STACKS: usize = 32;

/// The sizes the search works with, taken from a [`Shape`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Sizes {
    /// Side of the grid.
    pub(super) size: usize,
    /// Rows per band (the box height).
    pub(super) band_rows: usize,
    /// Columns per stack (the box width).
    pub(super) stack_cols: usize,
    /// Number of stacks, `size / stack_cols`.
    pub(super) stacks: usize,
}

impl Sizes {
    /// The geometry of `shape`. A [`Shape`] has sides of at most
    /// [`MAX_SIDE`] and boxes at least 2 wide, so every index fits a `u8`.
    pub(super) fn of(shape: Shape) -> Sizes {
        Sizes {
            size: shape.size(),
            band_rows: shape.box_rows(),
            stack_cols: shape.box_cols(),
            stacks: shape.size() / shape.box_cols(),
        }
    }

    /// The rows of band `band`, as a bit set.
    pub(super) fn band_bits(self, band: usize) -> u64 {
        low_bits(self.band_rows) << (band * self.band_rows)
    }
}

/// An index below [`MAX_SIDE`] (or a label up to it) as a byte.
pub(super) fn small(index: usize) -> u8 {
    debug_assert!(index < 256, "index {index} does not fit a byte");
    u8::try_from(index).unwrap_or(u8::MAX)
}

/// The `count` lowest bits set.
pub(super) fn low_bits(count: usize) -> u64 {
    if count >= 64 {
        u64::MAX
    } else {
        (1u64 << count) - 1
    }
}

/// Bits `0..=p` set (`p` below 64).
fn through(p: usize) -> u64 {
    (2u64 << p).wrapping_sub(1)
}

/// The ordered partition of columns and stacks; see the module docs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Layout {
    /// Output position -> input column. Inside a column block the order is a
    /// placeholder. Invariant: the positions of slot `s` hold exactly the
    /// columns of stack `stacks[s]`.
    pub(super) cols: [u8; MAX_SIDE],
    /// Input column -> output position: the inverse of `cols`.
    pub(super) positions: [u8; MAX_SIDE],
    /// Bit `p`: a column block starts at output position `p`. Every slot's
    /// first position starts a block, so blocks never straddle stacks.
    pub(super) col_starts: u64,
    /// Slot -> input stack; inside a stack block, a placeholder.
    /// Invariant: the stacks of one stack block have the same block
    /// structure (each is a single block, as the search keeps them).
    pub(super) stacks: [u8; MAX_STACKS],
    /// Bit `s`: a stack block starts at slot `s`.
    pub(super) stack_starts: u32,
}

impl Layout {
    /// Nothing decided: one stack block, one column block per stack.
    pub(super) fn new(geo: Sizes) -> Layout {
        let mut layout = Layout {
            cols: [0; MAX_SIDE],
            positions: [0; MAX_SIDE],
            col_starts: 0,
            stacks: [0; MAX_STACKS],
            stack_starts: 1,
        };
        for p in 0..geo.size {
            layout.cols[p] = small(p);
            layout.positions[p] = small(p);
        }
        for (s, stack) in layout.stacks.iter_mut().enumerate().take(geo.stacks) {
            *stack = small(s);
            layout.col_starts |= 1 << (s * geo.stack_cols);
        }
        layout
    }

    /// The first position of the column block holding position `p`.
    pub(super) fn block_start(&self, p: usize) -> usize {
        63 - (self.col_starts & through(p)).leading_zeros() as usize
    }

    /// The end (exclusive) of the column block holding position `p`.
    pub(super) fn block_end(&self, geo: Sizes, p: usize) -> usize {
        match self.col_starts & !through(p) {
            0 => geo.size,
            above => above.trailing_zeros() as usize,
        }
    }

    /// The end (exclusive) of the stack block holding slot `slot`.
    pub(super) fn stack_block_end(&self, geo: Sizes, slot: usize) -> usize {
        match u64::from(self.stack_starts) & !through(slot) {
            0 => geo.stacks,
            above => (above.trailing_zeros() as usize).min(geo.stacks),
        }
    }

    /// Whether the stack in `slot` is decided (its stack block has one slot).
    pub(super) fn slot_is_fixed(&self, geo: Sizes, slot: usize) -> bool {
        self.stack_starts >> slot & 1 != 0 && self.stack_block_end(geo, slot) == slot + 1
    }

    /// Moves column `col` to the front of its block and splits it off;
    /// returns its position.
    pub(super) fn move_to_front(&mut self, geo: Sizes, col: usize) -> usize {
        let p = usize::from(self.positions[col]);
        let front = self.block_start(p);
        self.swap_positions(front, p);
        if front + 1 < self.block_end(geo, front) {
            self.col_starts |= 1 << (front + 1);
        }
        front
    }

    /// Moves the columns of block `start..end` for which `first` holds to
    /// the front, keeping both groups in order, and splits the block
    /// between them. Returns how many moved to the front.
    pub(super) fn split_front(
        &mut self,
        start: usize,
        end: usize,
        first: impl Fn(u8) -> bool,
    ) -> usize {
        // Blocks lie inside one stack, so they hold at most MAX_STACKS columns.
        let mut sorted = [0u8; MAX_STACKS];
        let mut count = 0;
        for &col in &self.cols[start..end] {
            if first(col) {
                sorted[count] = col;
                count += 1;
            }
        }
        let mut next = count;
        for &col in &self.cols[start..end] {
            if !first(col) {
                sorted[next] = col;
                next += 1;
            }
        }
        for (p, &col) in (start..end).zip(&sorted) {
            self.cols[p] = col;
            self.positions[usize::from(col)] = small(p);
        }
        if count > 0 && count < end - start {
            self.col_starts |= 1 << (start + count);
        }
        count
    }

    /// Swaps the contents of two slots of equal block structure.
    pub(super) fn swap_slots(&mut self, geo: Sizes, a: usize, b: usize) {
        let c = geo.stack_cols;
        self.stacks.swap(a, b);
        for k in 0..c {
            self.swap_positions(a * c + k, b * c + k);
        }
    }

    fn swap_positions(&mut self, a: usize, b: usize) {
        self.cols.swap(a, b);
        self.positions[usize::from(self.cols[a])] = small(a);
        self.positions[usize::from(self.cols[b])] = small(b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classic() -> Sizes {
        Sizes::of(Shape::CLASSIC)
    }

    /// `cols` and `positions` are inverse permutations.
    fn consistent(layout: &Layout) -> bool {
        (0..9).all(|p| usize::from(layout.positions[usize::from(layout.cols[p])]) == p)
    }

    #[test]
    fn blocks_are_found_from_the_start_bits() {
        let geo = classic();
        let mut layout = Layout::new(geo);
        assert_eq!((layout.block_start(4), layout.block_end(geo, 4)), (3, 6));
        assert_eq!((layout.block_start(8), layout.block_end(geo, 8)), (6, 9));
        assert_eq!(layout.stack_block_end(geo, 0), 3);
        assert!(!layout.slot_is_fixed(geo, 0));
        layout.stack_starts |= 0b110;
        assert!(layout.slot_is_fixed(geo, 1) && layout.slot_is_fixed(geo, 2));
    }

    #[test]
    fn split_front_keeps_order_and_splits_once() {
        let geo = classic();
        let mut layout = Layout::new(geo);
        // Block 3..6 holds columns 3, 4, 5; 3 and 5 are blank in some row.
        assert_eq!(layout.split_front(3, 6, |col| col != 4), 2);
        assert_eq!(&layout.cols[3..6], &[3, 5, 4]);
        assert_eq!(layout.col_starts, 1 | 1 << 3 | 1 << 5 | 1 << 6);
        assert!(consistent(&layout));
        // All or nothing moved: no split.
        assert_eq!(layout.split_front(6, 9, |_| true), 3);
        assert_eq!(layout.split_front(6, 9, |_| false), 0);
        assert_eq!(layout.col_starts, 1 | 1 << 3 | 1 << 5 | 1 << 6);
    }

    #[test]
    fn move_to_front_splits_off_one_column() {
        let geo = classic();
        let mut layout = Layout::new(geo);
        assert_eq!(layout.move_to_front(geo, 8), 6);
        assert_eq!(&layout.cols[6..9], &[8, 7, 6]);
        assert_eq!(layout.block_end(geo, 6), 7);
        assert_eq!((layout.block_start(8), layout.block_end(geo, 8)), (7, 9));
        assert!(consistent(&layout));
        // A column alone in its block stays where it is.
        assert_eq!(layout.move_to_front(geo, 8), 6);
    }

    #[test]
    fn swapping_slots_swaps_stacks_and_columns() {
        let geo = classic();
        let mut layout = Layout::new(geo);
        layout.swap_slots(geo, 0, 2);
        assert_eq!(&layout.stacks[..3], &[2, 1, 0]);
        assert_eq!(&layout.cols[..9], &[6, 7, 8, 3, 4, 5, 0, 1, 2]);
        assert!(consistent(&layout));
    }
}
