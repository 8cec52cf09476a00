//! XYZ-wing (Sudoku Explainer 4.4): a pivot cell with candidates {x, y, z}
//! sees two pincers, {x, z} and {y, z}. Whichever digit the pivot takes,
//! z is in the pivot or in a pincer, so z leaves every cell that sees all
//! three. As for the XY-wing, "sees" is the geometry's peer relation, so
//! the wing holds on every variant.

use crate::rate::techniques::LogicSolver;

impl LogicSolver {
    /// One XYZ-wing that removes a candidate, applied; whether one did.
    pub(super) fn xyz_wing(&mut self) -> bool {
        let cells = self.candidates.len();
        for pivot in 0..cells {
            let xyz = self.candidates[pivot];
            if xyz.count_ones() != 3 {
                continue;
            }
            // Bivalue peers whose two digits are the pivot's.
            let wings = self.bivalue_peers(pivot, |c| c & !xyz == 0);
            for (k, &a) in wings.iter().enumerate() {
                for &b in &wings[k + 1..] {
                    let (ca, cb) = (self.candidates[a], self.candidates[b]);
                    // Two different pairs of the triple share exactly z.
                    if ca == cb {
                        continue;
                    }
                    let z = ca & cb;
                    if self.remove_from_common_peers(&[pivot, a, b], z) {
                        self.pattern.note(&[], &[pivot, a, b], xyz);
                        return true;
                    }
                }
            }
        }
        false
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
    fn xyz_wing_fires() {
        let line =
            "000060000089000240706000809090010080850602017600809005040507060005080700900000004";
        assert!(uses_on(line, Technique::XyzWing) > 0);
    }
}
