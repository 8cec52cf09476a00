//! Unique rectangle, types 1 and 2 (Sudoku Explainer 4.5 and 4.6): four
//! open cells on two rows, two columns and two regions, all holding the
//! digits a and b, would let a solution swap a and b among them and stay a
//! solution. A puzzle with one solution cannot end so, hence:
//!
//! - **Type 1**: three of the cells hold exactly {a, b}; the fourth cannot
//!   be a or b.
//! - **Type 2**: two cells hold exactly {a, b} and the other two {a, b, c};
//!   one of those two holds c, so c leaves every cell that sees both.
//!
//! It assumes the puzzle has one solution, so it runs only when the caller
//! says so ([`LogicSolver::assume_unique`]). The swap keeps a solution only
//! if every unit holding a cell of the rectangle holds exactly two of them,
//! on a row or a column (never a diagonal pair, which would hold one digit
//! twice), and no king's or knight's move constrains the cells: so on X,
//! windoku and jigsaw rules a rectangle is used only where the diagonals,
//! windows and regions allow the swap, and on anti-king and anti-knight
//! never.

use std::sync::Arc;

use crate::rate::techniques::LogicSolver;

impl LogicSolver {
    /// One unique rectangle of type 1 or 2 (as `kind`) that removes a
    /// candidate, applied; whether one did.
    pub(super) fn unique_rectangle(&mut self, kind: u8) -> bool {
        if !self.unique || self.geometry.has_moves() {
            return false;
        }
        let n = self.n;
        for r1 in 0..n {
            for r2 in r1 + 1..n {
                for c1 in 0..n {
                    for c2 in c1 + 1..n {
                        let corners = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                        if let Some(pair) = self.rectangle_step(corners, kind) {
                            self.pattern.note(&[], &corners, pair);
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// Type `kind` on the rectangle `corners` (top-left, top-right,
    /// bottom-left, bottom-right): the rectangle's two digits if it
    /// removed a candidate.
    fn rectangle_step(&mut self, corners: [usize; 4], kind: u8) -> Option<u64> {
        let marks = corners.map(|i| self.candidates[i]);
        let pair = marks.iter().fold(u64::MAX, |m, &c| m & c);
        if pair.count_ones() != 2 || marks.contains(&0) {
            return None;
        }
        let exact = marks.iter().filter(|&&c| c == pair).count();
        match kind {
            1 if exact == 3 => {
                if !self.swappable(corners) {
                    return None;
                }
                let k = marks.iter().position(|&c| c != pair).unwrap_or(0);
                self.remove(corners[k], pair).then_some(pair)
            }
            2 if exact == 2 => {
                let extra: Vec<usize> = (0..4).filter(|&k| marks[k] != pair).collect();
                let c = marks[extra[0]] & !pair;
                if c.count_ones() != 1 || marks[extra[1]] != marks[extra[0]] {
                    return None;
                }
                // The two cells with c must not be diagonal opposites (a
                // row or column pair); the sum of opposite indices is 3.
                if extra[0] + extra[1] == 3 || !self.swappable(corners) {
                    return None;
                }
                let group = [corners[extra[0]], corners[extra[1]]];
                self.remove_from_common_peers(&group, c).then_some(pair | c)
            }
            _ => None,
        }
    }

    /// Whether swapping two digits around `corners` keeps every unit
    /// valid: each unit holding a corner holds exactly two, and not two
    /// opposite ones; and the rectangle spans exactly two regions.
    fn swappable(&self, corners: [usize; 4]) -> bool {
        let geometry = Arc::clone(&self.geometry);
        let mut units: Vec<usize> = corners
            .iter()
            .flat_map(|&i| geometry.cell_units(i).iter().copied())
            .collect();
        units.sort_unstable();
        let mut k = 0;
        while k < units.len() {
            let run = units[k..].iter().take_while(|&&u| u == units[k]).count();
            if run != 2 {
                return false;
            }
            let inside: Vec<usize> = (0..4)
                .filter(|&j| geometry.cell_units(corners[j]).contains(&units[k]))
                .collect();
            if inside[0] + inside[1] == 3 {
                return false;
            }
            k += run;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::rate::chains::uses_on;

    /// A puzzle of the Sudoku Exchange or tdoku unbiased sets where the
    /// solver takes this step.
    #[test]
    #[ignore = "solves with chains, slow in debug builds; run in release mode (see .ci/run)"]
    fn unique_rectangle_fires() {
        let line =
            "891003000600000000500000632000208403002050900708301000219000005000000009000900271";
        assert!(uses_on(line, Technique::UniqueRectangle) > 0);
    }

    /// A puzzle of the Sudoku Exchange or tdoku unbiased sets where the
    /// solver takes this step.
    #[test]
    #[ignore = "solves with chains, slow in debug builds; run in release mode (see .ci/run)"]
    fn unique_rectangle_type2_fires() {
        let line =
            "090000010005070900201000403500090008604000205020040030400106009002709500000000000";
        assert!(uses_on(line, Technique::UniqueRectangleType2) > 0);
    }
    use crate::make::generate_options::GenerateOptions;
    use crate::make::generator::Generator;
    use crate::make::jigsaw::RandomJigsaw;
    use crate::model::rules::Rules;
    use crate::model::shape::Shape;
    use crate::model::variants::Variants;
    use crate::rate::technique::Technique;
    use crate::rate::techniques::LogicSolver;

    /// With uniqueness assumed, on generated puzzles (each unique) of
    /// classic, X, windoku, 6x6 and jigsaw rules, every step of every
    /// technique keeps the generator's solution: each placement is its
    /// digit, and its digit stays a candidate of every open cell.
    #[test]
    #[ignore = "solves with chains, slow in debug builds; run in release mode (see .ci/run)"]
    fn uniqueness_steps_keep_the_solution_of_unique_puzzles() {
        let on = |x, windoku| Variants {
            x,
            windoku,
            ..Variants::NONE
        };
        let nine = Shape::from_size(9).unwrap();
        let cases = [
            (Rules::classic(), false),
            (Rules::new(nine).with_variants(on(true, false)), false),
            (Rules::new(nine).with_variants(on(false, true)), false),
            (Rules::new(Shape::from_size(6).unwrap()), false),
            (Rules::classic(), true),
        ];
        let mut used = [0u32; 3];
        for (rules, jigsaw) in cases {
            let options = GenerateOptions::default();
            let mut fixed = Generator::new(&rules, options.clone());
            let mut maps = RandomJigsaw::new(rules.shape(), rules.variants(), options);
            for seed in 0..6 {
                let generated = if jigsaw {
                    maps.generate(seed)
                } else {
                    fixed.generate(seed)
                }
                .unwrap();
                let solution = generated.solution.digits();
                let mut logic = LogicSolver::new(generated.puzzle.rules());
                logic.assume_unique(true);
                let mut broken = None;
                let report = logic.solve_watched(&generated.puzzle, |technique, logic| {
                    let (candidates, values) = (&logic.candidates, &logic.values);
                    let wrong = (0..solution.len()).find(|&i| {
                        let d = solution[i];
                        if values[i] == 0 {
                            candidates[i] & (1 << (d - 1)) == 0
                        } else {
                            values[i] != d
                        }
                    });
                    if broken.is_none() {
                        broken = wrong.map(|i| (technique, i));
                    }
                });
                assert_eq!(broken, None, "{}", generated.puzzle);
                used[0] += report.uses(Technique::UniqueRectangle);
                used[1] += report.uses(Technique::UniqueRectangleType2);
                used[2] += report.uses(Technique::BivalueUniversalGrave);
            }
        }
        println!("unique rectangle 1, 2, bug steps: {used:?}");
    }
}
