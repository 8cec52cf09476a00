//! A cheap uniqueness proof for the generator: blanked cells that singles
//! force back from the givens that remain.
//!
//! If a unique puzzle loses some givens and singles (naked or hidden,
//! reasoning from the remaining givens and from blanked cells already forced
//! back) put every one of them back, every solution of the smaller puzzle
//! agrees with the old one on those cells, so it is a solution of the old
//! puzzle, and there is only one. Early in a removal pass most orbits fall
//! to this, and the engine is asked only about the rest.

use std::sync::Arc;

use crate::model::geometry::Geometry;
use crate::model::grid::Grid;

/// The givens of a puzzle being whittled down, with, for every cell, which
/// digits its given peers hold.
#[derive(Clone, Debug)]
pub(crate) struct Forcing {
    n: usize,
    /// The houses (units) and peers of the rules.
    geometry: Arc<Geometry>,
    /// Digits per cell, 0 for blank.
    values: Vec<u8>,
    /// `seen[i * n + d - 1]`: how many given peers of cell `i` hold `d`.
    seen: Vec<u16>,
    /// Bit `d - 1` of `seen_mask[i]`: whether some given peer of `i` holds `d`.
    /// Invariant: it is set exactly when the matching `seen` count is nonzero.
    seen_mask: Vec<u64>,
    /// Blanked cells of the orbit under test and their digits, reused.
    open: Vec<(usize, u8)>,
}

impl Forcing {
    /// For the rules of `geometry`, with every cell blank.
    pub(crate) fn new(geometry: Arc<Geometry>) -> Forcing {
        let n = geometry.shape().size();
        let cells = geometry.shape().cell_count();
        Forcing {
            n,
            geometry,
            values: vec![0; cells],
            seen: vec![0; cells * n],
            seen_mask: vec![0; cells],
            open: Vec::with_capacity(4),
        }
    }

    /// Loads `grid`'s givens (which must not break a rule).
    pub(crate) fn load(&mut self, grid: &Grid) {
        self.values.fill(0);
        self.seen.fill(0);
        self.seen_mask.fill(0);
        for (i, &d) in grid.digits().iter().enumerate() {
            if d != 0 {
                self.fill(i, d);
            }
        }
    }

    /// Gives `d` to the blank cell `i`.
    pub(crate) fn fill(&mut self, i: usize, d: u8) {
        self.values[i] = d;
        let k = usize::from(d) - 1;
        for &j in self.geometry.peers(i) {
            let count = &mut self.seen[j * self.n + k];
            *count += 1;
            if *count == 1 {
                self.seen_mask[j] |= 1 << k;
            }
        }
    }

    /// Blanks the given cell `i`.
    pub(crate) fn blank(&mut self, i: usize) {
        let k = usize::from(self.values[i]) - 1;
        self.values[i] = 0;
        for &j in self.geometry.peers(i) {
            let count = &mut self.seen[j * self.n + k];
            *count -= 1;
            if *count == 0 {
                self.seen_mask[j] &= !(1 << k);
            }
        }
    }

    /// Whether blanking the given cells `orbit` keeps the puzzle unique by
    /// the argument of the module docs: singles force each back. The givens
    /// are unchanged afterwards. `false` only means "not proven".
    pub(crate) fn singles_restore(&mut self, orbit: &[usize]) -> bool {
        self.open.clear();
        for &i in orbit {
            self.open.push((i, self.values[i]));
            self.blank(i);
        }
        // Fill back whatever is forced until nothing more is.
        let mut progress = true;
        while progress && !self.open.is_empty() {
            progress = false;
            let mut k = 0;
            while k < self.open.len() {
                let (i, d) = self.open[k];
                if self.is_forced(i, d) {
                    self.fill(i, d);
                    self.open.swap_remove(k);
                    progress = true;
                } else {
                    k += 1;
                }
            }
        }
        let proven = self.open.is_empty();
        while let Some((i, d)) = self.open.pop() {
            self.fill(i, d);
        }
        proven
    }

    /// Whether the blank cell `i` must hold `d`: every other digit is held
    /// by a given peer (a naked single), or in some house of `i` every other
    /// blank cell has a given peer holding `d` (a hidden single). Only sound
    /// when `d` is `i`'s digit in a solution, so no given peer holds `d`.
    fn is_forced(&self, i: usize, d: u8) -> bool {
        let bit = 1u64 << (d - 1);
        let full = if self.n == 64 {
            u64::MAX
        } else {
            (1u64 << self.n) - 1
        };
        if self.seen_mask[i] | bit == full {
            return true;
        }
        self.geometry.cell_units(i).iter().any(|&h| {
            self.geometry
                .unit(h)
                .iter()
                .all(|&j| j == i || self.values[j] != 0 || self.seen_mask[j] & bit != 0)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Generator, Puzzle, Rules, Solver, puzzle_seed};

    /// Whenever singles claim a blanked orbit is forced back, the engine
    /// agrees that the smaller puzzle is unique; and the givens are left
    /// as they were.
    #[test]
    fn a_singles_proof_is_never_wrong() {
        let rules = Rules::classic();
        let mut generator = Generator::new(&rules, crate::GenerateOptions::default());
        let mut solver = Solver::new(&rules);
        let mut forcing = Forcing::new(Arc::new(Geometry::new(&rules)));
        let (mut proven, mut refused) = (0, 0);
        for k in 0..4 {
            let grid = generator.complete_grid(puzzle_seed(3, k)).unwrap();
            let mut puzzle = Puzzle::empty(rules.clone());
            puzzle.givens_mut().clone_from(&grid);
            forcing.load(puzzle.givens());
            // Blank cells one by one in a scrambled order while unique.
            for step in 0..81 {
                let i = (step * 37 + usize::try_from(k).unwrap()) % 81;
                if puzzle.givens().digits()[i] == 0 {
                    continue;
                }
                let orbit: &[usize] = if i == 40 { &[40] } else { &[i, 80 - i] };
                let before = forcing.values.clone();
                let claim = forcing.singles_restore(orbit);
                assert_eq!(forcing.values, before);
                let saved: Vec<u8> = orbit.iter().map(|&c| puzzle.givens().digits()[c]).collect();
                for &c in orbit {
                    puzzle.givens_mut().digits_mut()[c] = 0;
                }
                let unique = solver.count(&puzzle, Some(2)).unwrap().solutions == 1;
                if claim {
                    assert!(unique, "orbit {orbit:?}");
                    proven += 1;
                } else {
                    refused += 1;
                }
                for (&c, &d) in orbit.iter().zip(&saved) {
                    if unique {
                        forcing.blank(c);
                    } else {
                        puzzle.givens_mut().digits_mut()[c] = d;
                    }
                }
            }
        }
        assert!(proven > 0 && refused > 0, "{proven} {refused}");
    }
}
