//! Where the bitset search branches and in which order it tries digits:
//! the fixed order for solving and counting, a seeded one for the
//! generator's random complete grids.

use dlx_engine::SplitMix64;

use crate::solve::bitsets::bitboard::{BitRules, Board, COUNT_BITS, DigitMask, first_cell};

impl BitRules {
    /// The open cells with the fewest candidates. After
    /// [`propagate`](Self::propagate) every open cell has at least two, so
    /// an open cell with fewer than three has exactly two.
    pub(super) fn fewest_candidates(&self, board: &Board) -> u128 {
        let pairs = bivalue_cells(board);
        if pairs != 0 {
            return pairs;
        }
        // Otherwise count every cell's candidates in binary, one bit plane
        // per bit of the count (a ripple-carry adder on whole sets), then
        // keep the open cells whose count is smallest, top bit first.
        let mut count = [0u128; COUNT_BITS];
        for &set in &board.candidates {
            let mut carry = set;
            for plane in &mut count {
                let sum = *plane ^ carry;
                carry &= *plane;
                *plane = sum;
            }
        }
        let mut fewest = board.open;
        for plane in count.iter().rev() {
            let below = fewest & !plane;
            if below != 0 {
                fewest = below;
            }
        }
        fewest
    }
}

/// Which cell a search branches on, among those with the fewest
/// candidates, and in which order it tries the cell's digits.
pub(crate) trait Order {
    /// The cell to branch on.
    fn branch_cell(&mut self, bits: &BitRules, board: &Board) -> usize;
    /// One digit (bit index) of `digits` (not empty), to try next.
    fn pick_digit(&mut self, digits: DigitMask) -> usize;
}

/// The fixed order: the lowest cell, digits from the smallest.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Lowest;

impl Order for Lowest {
    #[inline]
    fn branch_cell(&mut self, _bits: &BitRules, board: &Board) -> usize {
        let pairs = bivalue_cells(board);
        if pairs != 0 {
            return first_cell(pairs);
        }
        let mut best = (u32::MAX, 0);
        let mut open = board.open;
        while open != 0 {
            let cell = first_cell(open);
            open &= open - 1;
            let count = board.digits[cell].count_ones();
            if count < best.0 {
                best = (count, cell);
            }
        }
        best.1
    }

    #[inline]
    fn pick_digit(&mut self, digits: DigitMask) -> usize {
        digits.trailing_zeros() as usize
    }
}

/// A seeded random order: the cell uniformly among the ties, the digits
/// in a uniformly random order (each next one uniform among those left).
///
/// Every completion of a board is reachable as the first solution found:
/// whatever the completion, the cell branched on has its digit among its
/// candidates, and that digit is tried first with positive probability;
/// forced moves keep every completion. So a random fill of an empty board
/// can give any complete grid, though not every grid with the same
/// probability.
#[derive(Debug)]
pub(crate) struct Shuffled<'r>(pub(crate) &'r mut SplitMix64);

impl Order for Shuffled<'_> {
    fn branch_cell(&mut self, bits: &BitRules, board: &Board) -> usize {
        let ties = bits.fewest_candidates(board);
        nth_bit(ties, self.0.below(ties.count_ones()))
    }

    fn pick_digit(&mut self, digits: DigitMask) -> usize {
        nth_bit(u128::from(digits), self.0.below(digits.count_ones()))
    }
}

/// The index of the `n`th lowest set bit of `mask` (which has more than
/// `n` set bits).
fn nth_bit(mut mask: u128, n: u32) -> usize {
    for _ in 0..n {
        mask &= mask - 1;
    }
    first_cell(mask)
}

/// The open cells with two candidates (after forced moves, fewer than
/// three means two).
#[inline]
fn bivalue_cells(board: &Board) -> u128 {
    let (mut ones, mut twos, mut threes) = (0u128, 0u128, 0u128);
    for &set in &board.candidates {
        threes |= twos & set;
        twos |= ones & set;
        ones |= set;
    }
    board.open & !threes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nth_bit_counts_set_bits_from_the_lowest() {
        let mask: u128 = (1 << 3) | (1 << 64) | (1 << 127);
        assert_eq!([0, 1, 2].map(|n| nth_bit(mask, n)), [3, 64, 127]);
    }
}
