//! Labels: the output digit each input digit becomes, fixed or pending.
//!
//! Digits are relabelled in order of first appearance. A digit met in a
//! block of columns that are still interchangeable cannot have its label
//! fixed yet: every order of the block reads the same at that row, so the
//! search keeps the block and gives the digit a *pending* label that
//! follows the final position of the column it was met in (its anchor).
//! When a later row needs the digit, its anchor moves to the front of its
//! block, the smallest label it can still get ([`Labels::settle`]).

use crate::canon::layout::{Layout, MAX_SIDE, Sizes, small};

/// `Labels::anchor` of a digit whose label is not pending.
const NO_ANCHOR: u8 = u8::MAX;

/// What a cell can read, smallest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Value {
    /// No given.
    Blank,
    /// A label (fixed, or the smallest a pending digit can still get).
    Label(u8),
    /// A digit not seen yet: it will get the next free label.
    New,
}

/// Labels given so far.
#[derive(Clone, Copy, Debug)]
pub(super) struct Labels {
    /// Input digit -> output digit, once fixed; 0 otherwise.
    of: [u8; MAX_SIDE + 1],
    /// Input digit -> the column it was first met in, while its label
    /// still follows that column's position ([`NO_ANCHOR`] otherwise).
    anchor: [u8; MAX_SIDE + 1],
    /// For a pending digit: its label is `base + position - first`, where
    /// `first` was the first position of its block when it was met.
    base: [u8; MAX_SIDE + 1],
    first: [u8; MAX_SIDE + 1],
    /// Labels handed out (fixed or pending): the next is `count + 1`.
    count: u8,
}

impl Labels {
    /// No digit met yet.
    pub(super) fn new() -> Labels {
        Labels {
            of: [0; MAX_SIDE + 1],
            anchor: [NO_ANCHOR; MAX_SIDE + 1],
            base: [0; MAX_SIDE + 1],
            first: [0; MAX_SIDE + 1],
            count: 0,
        }
    }

    /// What `digit` reads at position `p`, the front of the block being
    /// filled: a pending digit gets the front of its anchor's block (the
    /// position after `p` if that block is this one).
    pub(super) fn value(&self, layout: &Layout, digit: u8, p: usize) -> Value {
        let d = usize::from(digit);
        if d == 0 {
            return Value::Blank;
        }
        if self.of[d] != 0 {
            return Value::Label(self.of[d]);
        }
        let anchor = self.anchor[d];
        if anchor == NO_ANCHOR {
            return Value::New;
        }
        let at = usize::from(layout.positions[usize::from(anchor)]);
        let mut front = layout.block_start(at);
        if front == p {
            front += 1;
        }
        Value::Label(self.base[d] + small(front) - self.first[d])
    }

    /// Fixes the label of `digit` if it is pending: its anchor moves to the
    /// front of its block.
    pub(super) fn settle(&mut self, layout: &mut Layout, geo: Sizes, digit: u8) {
        let d = usize::from(digit);
        let anchor = self.anchor[d];
        if d == 0 || self.of[d] != 0 || anchor == NO_ANCHOR {
            return;
        }
        let front = layout.move_to_front(geo, usize::from(anchor));
        debug_assert!(layout.slot_is_fixed(geo, front / geo.stack_cols));
        self.of[d] = self.base[d] + small(front) - self.first[d];
        self.anchor[d] = NO_ANCHOR;
    }

    /// Gives the digits of the block `first..end` (all met for the first
    /// time) the next labels, in the order of their positions: pending
    /// while the block has several columns. `digit_at` is the digit in
    /// each position's column. Returns the label of each position in turn.
    pub(super) fn meet(
        &mut self,
        layout: &Layout,
        first: usize,
        end: usize,
        digit_at: impl Fn(u8) -> u8,
    ) -> std::ops::RangeInclusive<u8> {
        let base = self.count + 1;
        for p in first..end {
            let col = layout.cols[p];
            let d = usize::from(digit_at(col));
            if end - first == 1 {
                self.of[d] = base;
            } else {
                self.anchor[d] = col;
                self.base[d] = base;
                self.first[d] = small(first);
            }
        }
        self.count += small(end - first);
        base..=self.count
    }

    /// Every digit's final label, pending ones from where their anchors
    /// ended up; 0 for digits never met.
    pub(super) fn finals(&self, layout: &Layout, n: usize) -> [u8; MAX_SIDE + 1] {
        let mut finals = self.of;
        for (d, label) in finals.iter_mut().enumerate().take(n + 1) {
            let anchor = self.anchor[d];
            if anchor != NO_ANCHOR {
                *label = self.base[d] + layout.positions[usize::from(anchor)] - self.first[d];
            }
        }
        finals
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::shape::Shape;

    #[test]
    fn pending_labels_follow_their_columns_until_settled() {
        let geo = Sizes::of(Shape::CLASSIC);
        let mut layout = Layout::new(geo);
        layout.stack_starts = 0b111; // stacks decided, as the search has them
        let mut labels = Labels::new();
        // Row: digits 7, 8, 9 in columns 0, 1, 2 (one block), met first.
        let digit_at = |col: u8| [7, 8, 9][usize::from(col)];
        assert_eq!(
            labels.meet(&layout, 0, 3, digit_at).collect::<Vec<_>>(),
            [1, 2, 3]
        );
        assert_eq!(labels.value(&layout, 9, 3), Value::Label(1));
        assert_eq!(labels.value(&layout, 5, 3), Value::New);
        assert_eq!(labels.value(&layout, 0, 3), Value::Blank);
        // A later row needs 9: its column moves to the front and 9 becomes 1.
        labels.settle(&mut layout, geo, 9);
        assert_eq!(&layout.cols[..3], &[2, 1, 0]);
        assert_eq!(labels.value(&layout, 9, 3), Value::Label(1));
        // 7 and 8 still share a block at positions 1 and 2.
        assert_eq!(labels.value(&layout, 7, 3), Value::Label(2));
        let finals = labels.finals(&layout, 9);
        assert_eq!((finals[9], finals[8], finals[7]), (1, 2, 3));
    }
}
