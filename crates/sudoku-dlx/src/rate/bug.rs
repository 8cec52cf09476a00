//! Bivalue universal grave, type 1 (Sudoku Explainer 5.6): when every
//! open cell but one has two candidates, and removing one digit from the
//! last cell would leave every digit with two places or none in every
//! unit, that digit must be the cell's. Otherwise the pencil marks would be
//! a *grave*: choosing the other candidate in every cell is again a
//! solution (each unit's digit has its other place), so the puzzle would
//! have two solutions or none.
//!
//! It assumes the puzzle has one solution, so it runs only when the caller
//! says so ([`LogicSolver::assume_unique`]). The swap argument needs every
//! constraint to be a unit; a king's or knight's move is not, so on
//! anti-king and anti-knight it never runs. On diagonals, windows and
//! jigsaw regions it holds as on rows.

use std::sync::Arc;

use crate::rate::techniques::LogicSolver;

impl LogicSolver {
    /// A BUG+1 placement, applied; whether there was one.
    pub(super) fn bivalue_universal_grave(&mut self) -> bool {
        if !self.unique || self.geometry.has_moves() {
            return false;
        }
        let mut odd = None;
        for (i, &c) in self.candidates.iter().enumerate() {
            match (self.values[i], c.count_ones()) {
                (0, 2) => {}
                (0, _) if odd.is_none() => odd = Some(i),
                (0, _) => return false,
                _ => {}
            }
        }
        let Some(cell) = odd else { return false };
        let marks = self.candidates[cell];
        let mut keep = None;
        let mut digits = marks;
        while digits != 0 {
            let bit = digits & digits.wrapping_neg();
            digits &= digits - 1;
            self.candidates[cell] = marks & !bit;
            let grave = self.candidates[cell].count_ones() == 2 && self.is_grave();
            self.candidates[cell] = marks;
            if grave {
                if keep.is_some() {
                    return false;
                }
                keep = Some(bit);
            }
        }
        let placed = keep.is_some_and(|bit| self.remove(cell, !bit));
        if placed {
            self.pattern.note(&[], &[cell], marks);
        }
        placed
    }

    /// Whether every open cell is bivalue and every digit has two places or
    /// none in every unit.
    fn is_grave(&self) -> bool {
        let geometry = Arc::clone(&self.geometry);
        (0..geometry.unit_count()).all(|u| {
            let mut once = 0u64;
            let mut twice = 0u64;
            let mut thrice = 0u64;
            for &i in geometry.unit(u) {
                let c = self.candidates[i];
                thrice |= twice & c;
                twice |= once & c;
                once |= c;
            }
            thrice == 0 && once == twice
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::rate::chains::uses_on;
    use crate::rate::technique::Technique;

    /// A puzzle of the Sudoku Exchange or tdoku unbiased sets where the
    /// solver takes this step.
    #[test]
    #[ignore = "solves with chains, slow in debug builds; run in release mode (see .ci/run)"]
    fn bivalue_universal_grave_fires() {
        let line =
            "108090002003005000009300846090103600500080001002906080385001900000500200900060307";
        assert!(uses_on(line, Technique::BivalueUniversalGrave) > 0);
    }
}
