//! Completing an empty large grid: the first two thirds of the bands seeded
//! from a shuffled pattern grid, the rest searched at random under node
//! budgets that restart and grow (Luby's sequence).
//!
//! Why: on grids above 16x16 a search for *any* completion of an empty grid
//! is heavy-tailed. The fixed-order search finds one for some sizes in a few
//! thousand nodes and runs for minutes on others (56, 57, 60, 64); the
//! randomized one, which the generator needs, almost never finishes from
//! 36x36 up. Seeding rows from a pattern grid (valid by construction, so a
//! completion exists) leaves the search a smaller problem, and a restart
//! with a new draw of seeds and search order cuts off the long tail. With
//! half of the bands seeded, 63x63 still took up to 1.6 M nodes over the
//! restarts; with two thirds, a few thousand (docs/decisions/big-grid-seeding.md). The
//! rows below come from the search; the whole grid is checked like any
//! other solution.

use dlx_engine::SplitMix64;

use crate::model::rules::Rules;
use crate::model::shape::Shape;

/// Grids of at most this many cells (16x16) are completed by the plain
/// search, which settles them quickly; the output of those stays as it was.
pub(crate) const SEEDED_ABOVE: usize = 256;

/// Whether an empty grid of `rules` is completed from seeded rows: a grid
/// above 16x16 with rows, columns and boxes only. A pattern grid keeps
/// those rules; a variant or a jigsaw map could make the seeded rows a
/// dead end, so those grids are searched as they are.
pub(crate) fn seeds_rows(rules: &Rules) -> bool {
    rules.shape().cell_count() > SEEDED_ABOVE
        && rules.variants().is_classic()
        && rules.regions().is_none()
}

/// The digits (row-major, 0 for blank) of an empty grid of `shape` with
/// its first two thirds of the bands (all but `bands / 3`, rounded down,
/// and at least one) filled from a pattern grid, shuffled by
/// `rng`: the digits relabelled, the columns permuted within their stacks
/// and the stacks among themselves, and the rows permuted within each band.
/// Each shuffle maps a valid grid to a valid grid, so the rows are the top
/// of a complete grid.
///
/// The pattern puts `(c * (row % r) + row / r + col) % n` in each cell
/// (boxes of `r` rows by `c` columns, `n = r * c`): a row holds `col`
/// shifted, a column `c * i + b` for every `i < r`, `b < c`, and a box the
/// same plus a constant.
pub(crate) fn seeded_rows(shape: Shape, rng: &mut SplitMix64) -> Vec<u8> {
    let n = shape.size();
    let (r, c) = (shape.box_rows(), shape.box_cols());
    let mut labels: Vec<u8> = (1..=n).filter_map(|d| u8::try_from(d).ok()).collect();
    rng.shuffle(&mut labels);
    let columns = shuffled_blocks(rng, shape.size() / c, c);
    let bands = n / r;
    // At least one band is left to the search, however few there are.
    let seeded_bands = bands - (bands / 3).max(1);
    let seeded_rows = seeded_bands * r;
    let mut digits = vec![0; shape.cell_count()];
    for band in 0..seeded_bands {
        let mut rows: Vec<usize> = (0..r).collect();
        rng.shuffle(&mut rows);
        for (slot, &row_in_band) in rows.iter().enumerate() {
            let row = band * r + row_in_band;
            let target = band * r + slot;
            debug_assert!(target < seeded_rows);
            for (col, &from) in columns.iter().enumerate() {
                let value = (c * (row % r) + row / r + from) % n;
                digits[target * n + col] = labels[value];
            }
        }
    }
    digits
}

/// A permutation of `blocks * width` positions that keeps each block of
/// `width` together: the blocks in a random order, and the positions of
/// each in a random order.
fn shuffled_blocks(rng: &mut SplitMix64, blocks: usize, width: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..blocks).collect();
    rng.shuffle(&mut order);
    let mut out = Vec::with_capacity(blocks * width);
    for block in order {
        let mut inner: Vec<usize> = (0..width).map(|k| block * width + k).collect();
        rng.shuffle(&mut inner);
        out.extend(inner);
    }
    out
}

/// The node budgets of successive tries: Luby's sequence (1, 1, 2, 1, 1,
/// 2, 4, 1, ...) times a unit of four nodes per cell. Luby, Sinclair and
/// Zuckerman showed it is within a log factor of the best fixed restart
/// budget for any run-time distribution, and its budgets grow without
/// bound, so a seeded start with a completion is always finished in the
/// end.
#[derive(Clone, Debug)]
pub(crate) struct Restarts {
    unit: u64,
    /// Tries made so far.
    made: u64,
}

impl Restarts {
    /// The schedule for a grid of `shape`.
    pub(crate) fn new(shape: Shape) -> Restarts {
        let cells = u64::try_from(shape.cell_count()).unwrap_or(u64::MAX);
        Restarts {
            unit: cells.saturating_mul(4),
            made: 0,
        }
    }
}

impl Iterator for Restarts {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        self.made += 1;
        Some(self.unit.saturating_mul(luby(self.made)))
    }
}

/// Term `i` (from 1) of Luby's sequence: `2^(k-1)` when `i = 2^k - 1`,
/// else the term `i - 2^(k-1) + 1` for the `k` with
/// `2^(k-1) <= i < 2^k - 1`.
fn luby(mut i: u64) -> u64 {
    loop {
        let k = u64::BITS - i.leading_zeros(); // 2^(k-1) <= i < 2^k
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Grid, Puzzle};

    #[test]
    fn luby_sequence_starts_as_published() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn seeded_rows_are_the_top_of_a_grid() {
        for (r, c) in [
            (5, 5),
            (3, 4),
            (4, 3),
            (6, 6),
            (7, 8),
            (8, 8),
            (3, 19),
            (8, 2),
            (16, 2),
        ] {
            let shape = Shape::with_boxes(r, c).expect("a shape");
            let mut rng = SplitMix64::new(u64::try_from(r * c).expect("small"));
            let digits = seeded_rows(shape, &mut rng);
            let n = shape.size();
            let bands = n / r;
            let seeded = (bands - (bands / 3).max(1)) * r;
            assert!(digits[..seeded * n].iter().all(|&d| d != 0));
            assert!(digits[seeded * n..].iter().all(|&d| d == 0));
            // The independent checker: no two givens clash.
            let grid = Grid::from_digits(shape, digits).expect("digits in range");
            let puzzle = Puzzle::new(Rules::new(shape), grid).expect("no clash");
            assert_eq!(puzzle.check_givens(), Ok(()), "{r}x{c}");
        }
    }
}
