//! The techniques' second look, for variants: through *common peers* and
//! across variant units.
//!
//! Within a unit, locked candidates and naked subsets eliminate from the
//! rest of the unit. Their reason is wider: a digit that must sit in one of
//! the cells of a group can sit in no cell that sees the whole group. On
//! classic rules the cells seeing a whole group are the rest of the units
//! the group shares, which the first look already covers; under a variant
//! they also include cells on a shared diagonal or window, or a king's or
//! knight's move from every cell of the group. Likewise an X-wing needs two
//! rows and two columns only on classic rules: any two units in which a
//! digit has two cells each, linked pairwise by two other units, make a
//! fish ("unit X-wing"). [`LogicSolver::eliminate`] tries these after the
//! unit-bound form of each technique has found nothing, so on classic rules
//! the steps, and the ratings, are unchanged.

use std::sync::Arc;

use smallvec::SmallVec;

use crate::model::unit::Unit;
use crate::rate::subsets::for_each_combination;
use crate::rate::techniques::{Cells, LogicSolver, Masks};

impl LogicSolver {
    /// The open cells, outside `group`, that are peers of every cell of
    /// `group` (which must not be empty).
    fn common_peers(&mut self, group: &[usize]) -> Cells {
        let geometry = Arc::clone(&self.geometry);
        for &c in group {
            for &j in geometry.peers(c) {
                self.seen_by[j] += 1;
            }
        }
        // A cell of the group is seen by at most the others, so the count
        // leaves it out.
        let all = u32::try_from(group.len()).unwrap_or(u32::MAX);
        let common = geometry
            .peers(group[0])
            .iter()
            .copied()
            .filter(|&j| self.seen_by[j] == all && self.values[j] == 0)
            .collect();
        for &c in group {
            for &j in geometry.peers(c) {
                self.seen_by[j] = 0;
            }
        }
        common
    }

    /// Locked candidates through common peers: a digit whose open cells in
    /// a unit all see a cell cannot go there.
    pub(super) fn pointing_at_common_peers(&mut self) -> bool {
        let geometry = Arc::clone(&self.geometry);
        for u in 0..geometry.unit_count() {
            for d in 0..self.n {
                let bit = 1u64 << d;
                let spots: Cells = geometry
                    .unit(u)
                    .iter()
                    .copied()
                    .filter(|&i| self.candidates[i] & bit != 0)
                    .collect();
                // One spot is a hidden single, which singles place first.
                if spots.len() < 2 {
                    continue;
                }
                let mut progress = false;
                for j in self.common_peers(&spots) {
                    progress |= self.remove(j, bit);
                }
                if progress {
                    self.pattern.note(&[u], &spots, bit);
                    return true;
                }
            }
        }
        false
    }

    /// A naked subset of `size` cells of a unit removes its digits from
    /// every cell that sees all its cells.
    pub(super) fn naked_subset_at_common_peers(&mut self, size: usize) -> bool {
        let geometry = Arc::clone(&self.geometry);
        for u in 0..geometry.unit_count() {
            let open: Cells = geometry
                .unit(u)
                .iter()
                .copied()
                .filter(|&i| self.values[i] == 0)
                .collect();
            let cands: Masks = open.iter().map(|&i| self.candidates[i]).collect();
            let mut subsets: SmallVec<[(Cells, u64); 4]> = SmallVec::new();
            for_each_combination(open.len(), size, |pick| {
                let union = pick.iter().fold(0, |m, &k| m | cands[k]);
                if union.count_ones() as usize == size {
                    subsets.push((pick.iter().map(|&k| open[k]).collect(), union));
                }
                false
            });
            for (cells, union) in subsets {
                let mut progress = false;
                for j in self.common_peers(&cells) {
                    progress |= self.remove(j, union);
                }
                if progress {
                    self.pattern.note(&[u], &cells, union);
                    return true;
                }
            }
        }
        false
    }

    /// A fish of two base units and two cover units of any kind, at least
    /// one of them a diagonal, window or jigsaw region (rows and columns
    /// alone are [`x_wing`](Self::x_wing); boxes with lines alone are the
    /// harder "franken" fish of the classic scale). A digit has exactly two
    /// open cells in each base unit, four cells in all; one cover unit holds
    /// a cell of each base, the other the remaining two. The two bases put
    /// the digit in two of the four cells, never both in one cover, so each
    /// cover has its digit there and loses it everywhere else.
    pub(super) fn unit_x_wing(&mut self) -> bool {
        let geometry = Arc::clone(&self.geometry);
        let variant = |k: usize| {
            matches!(
                geometry.kind(k),
                Unit::Diagonal | Unit::Window | Unit::Region
            )
        };
        for d in 0..self.n {
            let bit = 1u64 << d;
            let pairs: Vec<(usize, [usize; 2])> = (0..geometry.unit_count())
                .filter_map(|u| {
                    let mut spots = geometry
                        .unit(u)
                        .iter()
                        .copied()
                        .filter(|&i| self.candidates[i] & bit != 0);
                    let pair = [spots.next()?, spots.next()?];
                    spots.next().is_none().then_some((u, pair))
                })
                .collect();
            for (k, &(u, [a1, a2])) in pairs.iter().enumerate() {
                for &(v, [b1, b2]) in &pairs[k + 1..] {
                    if [b1, b2].iter().any(|b| *b == a1 || *b == a2) {
                        continue;
                    }
                    for [(p, q), (r, s)] in [[(a1, b1), (a2, b2)], [(a1, b2), (a2, b1)]] {
                        for c1 in shared_units(&geometry, p, q) {
                            for c2 in shared_units(&geometry, r, s) {
                                if c1 == c2 || ![u, v, c1, c2].into_iter().any(variant) {
                                    continue;
                                }
                                let mut progress = false;
                                for &j in geometry.unit(c1).iter().chain(geometry.unit(c2)) {
                                    if ![a1, a2, b1, b2].contains(&j) {
                                        progress |= self.remove(j, bit);
                                    }
                                }
                                if progress {
                                    self.pattern.note(&[u, v, c1, c2], &[a1, a2, b1, b2], bit);
                                    return true;
                                }
                            }
                        }
                    }
                }
            }
        }
        false
    }
}

/// The units that hold both `i` and `j`.
fn shared_units(
    geometry: &crate::model::geometry::Geometry,
    i: usize,
    j: usize,
) -> SmallVec<[usize; 4]> {
    let of_j = geometry.cell_units(j);
    geometry
        .cell_units(i)
        .iter()
        .copied()
        .filter(|k| of_j.contains(k))
        .collect()
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::make::generate_options::GenerateOptions;
    use crate::make::generator::Generator;
    use crate::make::jigsaw::RandomRegions;
    use crate::model::grid::Grid;
    use crate::model::puzzle::Puzzle;
    use crate::model::rules::Rules;
    use crate::model::shape::Shape;
    use crate::model::variants::Variants;
    use crate::rate::technique::Technique;

    /// The variant rules the property runs on, by index.
    fn rules(which: usize, seed: u64) -> (Rules, Grid) {
        let on = |x, windoku, anti_king, anti_knight| Variants {
            x,
            windoku,
            anti_king,
            anti_knight,
        };
        let (size, variants) = [
            (9, on(true, false, false, false)),
            (9, on(false, true, false, false)),
            (9, on(false, false, true, false)),
            (9, on(false, false, false, true)),
            (9, on(true, true, false, false)),
            (6, on(true, false, false, false)),
            (4, on(true, false, false, false)),
            (9, Variants::NONE),
            (6, Variants::NONE),
        ][which];
        let shape = Shape::from_size(size).unwrap();
        if which >= 7 {
            // Jigsaw: a random map and a grid of it.
            let mut maps = RandomRegions::new(shape, variants);
            let (regions, grid) = maps.draw_with_solution(seed).unwrap();
            let rules = Rules::new(shape).with_regions(regions).unwrap();
            return (rules, grid);
        }
        let rules = Rules::new(shape).with_variants(variants);
        let mut generator = Generator::new(&rules, GenerateOptions::default());
        let grid = generator.complete_grid(seed).unwrap();
        (rules, grid)
    }

    /// The planted grid with about `keep`% of its cells kept: a puzzle with
    /// at least that solution (maybe more; soundness holds for each).
    fn planted(rules: &Rules, grid: &Grid, keep: u64, seed: u64) -> Puzzle {
        let mut digits = grid.digits().to_vec();
        let mut x = seed;
        for d in &mut digits {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z ^= z >> 27;
            if z % 100 >= keep {
                *d = 0;
            }
        }
        Puzzle::new(
            rules.clone(),
            Grid::from_digits(grid.shape(), digits).unwrap(),
        )
        .unwrap()
    }

    /// Whether the solver's state still agrees with `grid`: every digit
    /// placed is the grid's, every open cell keeps the grid's digit.
    fn agrees(grid: &[u8], candidates: &[u64], values: &[u8]) -> Result<(), usize> {
        (0..grid.len())
            .find(|&i| {
                let d = grid[i];
                if values[i] == 0 {
                    candidates[i] & (1 << (d - 1)) == 0
                } else {
                    values[i] != d
                }
            })
            .map_or(Ok(()), Err)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        /// Every step of every technique up to [`CHAINS_ALONE`] keeps the
        /// planted grid possible, on every variant and on jigsaw; and each
        /// second-look technique alone, from the givens, does too. The planted
        /// puzzles may have more solutions than the planted one, so the
        /// uniqueness techniques stay off here (see `unique_rectangle`).
        #[test]
        fn every_step_is_sound_on_variants(which in 0..9usize, seed in any::<u64>(), keep in 25..60u64) {
            let (rules, grid) = rules(which, seed);
            let puzzle = planted(&rules, &grid, keep, seed);
            let mut logic = LogicSolver::new(&rules);
            // Up to the X-chains and quads; the heavier chains, alone below.
            logic.set_ceiling(CHAINS_ALONE);
            let mut broken = None;
            logic.solve_watched(&puzzle, |technique, logic| {
                if broken.is_none() {
                    broken = agrees(grid.digits(), &logic.candidates, &logic.values).err().map(|i| (technique, i));
                }
            });
            prop_assert!(broken.is_none(), "{rules}: {technique:?} at cell {cell:?}\n{puzzle}",
                technique = broken.map(|b| b.0), cell = broken.map(|b| b.1));
            type Look = fn(&mut LogicSolver) -> bool;
            let looks: [(&str, Look); 4] = [
                ("pointing", |l| l.pointing_at_common_peers()),
                ("naked pair", |l| l.naked_subset_at_common_peers(2)),
                ("naked triple", |l| l.naked_subset_at_common_peers(3)),
                ("unit x-wing", LogicSolver::unit_x_wing),
            ];
            for (name, look) in looks {
                prop_assert!(logic.load(&puzzle));
                while look(&mut logic) {
                    prop_assert_eq!(agrees(grid.digits(), &logic.candidates, &logic.values), Ok(()), "{} {}", name, rules);
                }
            }
        }
    }

    /// Above this weight the techniques are checked alone
    /// (`every_chain_step_is_sound_on_variants`): in a debug build a whole
    /// solve with them takes seconds.
    const CHAINS_ALONE: f64 = 6.5;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// Each wing and chain technique alone, from the givens of a
        /// planted puzzle of every variant, keeps the planted grid
        /// possible (two steps each: the chains are slow in debug builds).
        #[test]
        #[ignore = "solves with chains, slow in debug builds; run in release mode (see .ci/run)"]
        fn every_chain_step_is_sound_on_variants(which in 0..9usize, seed in any::<u64>(), keep in 25..60u64) {
            let (rules, grid) = rules(which, seed);
            let puzzle = planted(&rules, &grid, keep, seed);
            let mut logic = LogicSolver::new(&rules);
            type Look = fn(&mut LogicSolver) -> bool;
            let beyond: [(&str, Look); 10] = [
                ("xy-wing", LogicSolver::xy_wing),
                ("xyz-wing", LogicSolver::xyz_wing),
                ("wxyz-wing", LogicSolver::wxyz_wing),
                ("vwxyz-wing", LogicSolver::vwxyz_wing),
                ("x-chain", |l| l.x_chain(usize::MAX)),
                ("y-cycle", LogicSolver::y_cycle),
                ("forcing chain", LogicSolver::forcing_chain),
                ("nishio", LogicSolver::nishio),
                ("cell or region forcing chain", LogicSolver::multiple_forcing_chain),
                ("dynamic forcing chain", LogicSolver::dynamic_forcing_chain),
            ];
            for (name, look) in beyond {
                // From where the simpler techniques stall, so that the
                // wings and chains have pencil marks to work on.
                prop_assert!(logic.load(&puzzle));
                logic.set_ceiling(Technique::XyWing.weight());
                logic.run_watched(|_, _| {});
                for _ in 0..2 {
                    if !look(&mut logic) {
                        break;
                    }
                    prop_assert_eq!(agrees(grid.digits(), &logic.candidates, &logic.values), Ok(()), "{} {}", name, rules);
                }
            }
        }
    }

    /// The second looks are not idle: on variant puzzles they remove
    /// candidates that the unit-bound techniques left.
    #[test]
    fn second_looks_find_eliminations_on_variants() {
        let mut fired = [0u32; 3];
        for seed in 0..40 {
            for which in [0, 2, 3, 7] {
                let (rules, grid) = rules(which, seed);
                let puzzle = planted(&rules, &grid, 30, seed);
                let mut logic = LogicSolver::new(&rules);
                // Only the subsets' steps are counted here.
                logic.set_ceiling(0.0);
                let report = logic.solve(&puzzle);
                fired[0] += report.uses(Technique::LockedCandidates);
                assert!(logic.load(&puzzle));
                fired[1] += u32::from(logic.pointing_at_common_peers());
                fired[2] += u32::from(logic.unit_x_wing());
            }
        }
        assert!(fired.iter().all(|&f| f > 0), "{fired:?}");
    }
}
