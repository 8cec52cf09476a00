//! XY-wing (Sudoku Explainer 4.2): a pivot cell with candidates {x, y}
//! sees two *pincers*, {x, z} and {y, z}. Whichever digit the pivot takes,
//! one pincer is left with z, so z leaves every cell that sees both pincers.
//!
//! "Sees" is the geometry's peer relation, so on variants the wing reaches
//! along diagonals, windows, jigsaw regions and king's or knight's moves:
//! the argument needs only that peers cannot share a digit.

use std::sync::Arc;

use crate::rate::techniques::LogicSolver;

impl LogicSolver {
    /// One XY-wing that removes a candidate, applied; whether one did.
    pub(super) fn xy_wing(&mut self) -> bool {
        let cells = self.candidates.len();
        for pivot in 0..cells {
            let xy = self.candidates[pivot];
            if xy.count_ones() != 2 {
                continue;
            }
            // Bivalue peers sharing exactly one digit with the pivot.
            let wings = self.bivalue_peers(pivot, |c| (c & xy).count_ones() == 1);
            for (k, &a) in wings.iter().enumerate() {
                for &b in &wings[k + 1..] {
                    let (ca, cb) = (self.candidates[a], self.candidates[b]);
                    // The pincers hold different pivot digits and share z,
                    // which the pivot lacks.
                    let z = ca & cb & !xy;
                    if z.count_ones() != 1 || ca & cb & xy != 0 {
                        continue;
                    }
                    if self.remove_from_common_peers(&[a, b], z) {
                        self.pattern.note(&[], &[pivot, a, b], xy | z);
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The bivalue peers of `pivot` whose candidates pass `accept`: the
    /// pincers of a wing.
    pub(super) fn bivalue_peers(&self, pivot: usize, accept: impl Fn(u64) -> bool) -> Vec<usize> {
        self.geometry
            .peers(pivot)
            .iter()
            .copied()
            .filter(|&p| {
                let c = self.candidates[p];
                c.count_ones() == 2 && accept(c)
            })
            .collect()
    }

    /// Removes `mask` from every open cell, outside `group`, that is a
    /// peer of every cell of `group`; whether anything went.
    pub(super) fn remove_from_common_peers(&mut self, group: &[usize], mask: u64) -> bool {
        let geometry = Arc::clone(&self.geometry);
        let mut progress = false;
        for &j in geometry.peers(group[0]) {
            if self.values[j] == 0
                && !group.contains(&j)
                && group[1..].iter().all(|&g| geometry.peers(g).contains(&j))
            {
                progress |= self.remove(j, mask);
            }
        }
        progress
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
    fn xy_wing_fires() {
        let line =
            "801270506700409801002000000070000300000308000009000010000000100504601009207085603";
        assert!(uses_on(line, Technique::XyWing) > 0);
    }
}
