//! Killer puzzles: cages drawn around a random grid, split until the
//! puzzle is unique, then merged while it stays unique; no givens.
//!
//! Cages start as random connected groups of up to `largest_cage` cells
//! whose digits in the grid differ, so the grid is always a solution. A
//! second solution shows where the cages say too little: a cell where it
//! differs from the grid is cut out of its cage with a random connected
//! part of it (the rest, if it falls apart, becomes one cage per piece),
//! which adds a sum. Once unique, neighbouring cages are merged, one try
//! per cage, wherever the merged puzzle stays unique, which removes sums
//! the puzzle does not need.
//!
//! Rating: by the [`Rater`], which rates a killer puzzle by search effort
//! alone (its techniques know no cage logic); see its docs.

use std::ops::ControlFlow;
use std::sync::Arc;

use dlx_engine::{Budget, End, Progress, SplitMix64};

use crate::make::generate_options::{GenerateOptions, default_check_budget};
use crate::make::generated::Generated;
use crate::make::generator::Generator;
use crate::make::repair::Minimality;
use crate::model::cage_problem::CageProblem;
use crate::model::cages::{CAGE_LABELS, Cages, MAX_KILLER_SIZE};
use crate::model::error::{Error, check_stop};
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::model::rules::Rules;
use crate::rate::rater::{Rated, Rater, Rating};
use crate::solve::solver::Solver;

/// Attempts (each around a fresh grid) before giving up.
const ATTEMPTS: u32 = 16;

/// Makes unique killer puzzles (no givens) of one set of rules.
///
/// ```
/// use sudoku_dlx::{KillerGenerator, Rules, Solver, Uniqueness};
/// let mut generator = KillerGenerator::new(&Rules::classic(), 5)?;
/// let made = generator.generate(3)?;
/// assert_eq!(made.puzzle.givens().filled_count(), 0);
/// let mut solver = Solver::new(made.puzzle.rules());
/// assert_eq!(solver.uniqueness(&made.puzzle)?, Uniqueness::Unique(made.solution.clone()));
/// assert!(made.rating.is_some());
/// // The same seed, the same puzzle.
/// assert_eq!(generator.generate(3)?.puzzle, made.puzzle);
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Debug)]
pub struct KillerGenerator {
    rules: Rules,
    grids: Generator,
    largest_cage: usize,
    budget: u64,
    /// Ends a call early ([`set_stop`](Self::set_stop)).
    stop: Option<Arc<Progress>>,
}

impl KillerGenerator {
    /// Killer puzzles of `rules` (any shape up to 16x16, variants and
    /// jigsaw regions too), with cages of at most `largest_cage` cells at
    /// the start (merging may make larger ones, never above the grid side).
    ///
    /// # Errors
    ///
    /// [`Error::Cage`] ([`GridTooLarge`](crate::CageProblem::GridTooLarge))
    /// above 16x16.
    pub fn new(rules: &Rules, largest_cage: usize) -> Result<KillerGenerator, Error> {
        let size = rules.shape().size();
        if size > MAX_KILLER_SIZE {
            return Err(Error::Cage {
                line: 1,
                column: 1,
                cell: None,
                size,
                problem: CageProblem::GridTooLarge { size },
            });
        }
        Ok(KillerGenerator {
            rules: rules.clone(),
            grids: Generator::new(rules, GenerateOptions::default()),
            largest_cage: largest_cage.clamp(1, size),
            budget: default_check_budget(rules),
            stop: None,
        })
    }

    /// Makes later calls end early once `stop` is stopped: as
    /// [`Generator::set_stop`], [`generate`](Self::generate) then returns
    /// [`Error::Stopped`].
    pub fn set_stop(&mut self, stop: Option<Arc<Progress>>) {
        self.grids.set_stop(stop.clone());
        self.stop = stop;
    }

    /// Limits each uniqueness check and each rating search to `nodes`
    /// search-tree nodes (by default 2000 per cell, as the
    /// [`Generator`]'s checks).
    pub fn set_check_budget(&mut self, nodes: u64) {
        self.budget = nodes;
    }

    /// One unique killer puzzle, determined by `seed`, with its solution and
    /// rating ([`Generated::rating`]; see the module docs for how it is
    /// formed). [`Generated::minimal`] is unchecked: merging stops at one
    /// try per cage.
    ///
    /// # Errors
    ///
    /// [`Error::NoCompleteGrid`] or [`Error::GridBudget`] if the rules have
    /// no grid, and [`Error::GridBudget`] if no attempt ended unique within
    /// the checks' budgets and the 62 cage labels.
    pub fn generate(&mut self, seed: u64) -> Result<Generated, Error> {
        let mut rng = SplitMix64::new(seed);
        for attempt in 1..=ATTEMPTS {
            check_stop(self.stop.as_ref())?;
            let grid = self.grids.complete_grid(rng.next_u64())?;
            if let Some(puzzle) = self.attempt(&grid, &mut rng)? {
                let rating = self.rate(&puzzle)?;
                return Ok(Generated {
                    puzzle,
                    solution: grid,
                    attempts: attempt,
                    minimal: Minimality::Unchecked,
                    clues_met: None,
                    rating,
                    difficulty_met: None,
                    // A killer puzzle has no targets to miss.
                    targets_met: true,
                });
            }
        }
        Err(Error::GridBudget { tries: ATTEMPTS })
    }

    /// Cages around `grid`, split until unique and merged while unique;
    /// `None` if a check ran out of budget too often or the cages
    /// outnumbered the labels.
    fn attempt(&self, grid: &Grid, rng: &mut SplitMix64) -> Result<Option<Puzzle>, Error> {
        let mut cages = Layout::draw(grid, self.largest_cage, rng);
        let cells = grid.shape().cell_count();
        let mut unique = false;
        for _ in 0..cells {
            check_stop(self.stop.as_ref())?;
            if cages.groups.len() > CAGE_LABELS.len() {
                return Ok(None);
            }
            match self.check(&cages)? {
                Check::Unique => {
                    unique = true;
                    break;
                }
                Check::Other(other) => {
                    let apart: Vec<usize> = (0..cells)
                        .filter(|&i| other.digits()[i] != grid.digits()[i])
                        .collect();
                    let x = apart[below(rng, apart.len())];
                    cages.split(x, rng);
                }
                Check::Unknown => {
                    let largest = cages.groups.iter().map(Vec::len).max().unwrap_or(1);
                    let big: Vec<usize> = (0..cages.groups.len())
                        .filter(|&k| cages.groups[k].len() == largest && largest > 1)
                        .collect();
                    if big.is_empty() {
                        return Ok(None);
                    }
                    let k = big[below(rng, big.len())];
                    let x = cages.groups[k][below(rng, largest)];
                    cages.split(x, rng);
                }
            }
        }
        if !unique {
            return Ok(None);
        }
        for _ in 0..cages.groups.len() {
            check_stop(self.stop.as_ref())?;
            let Some(merged) = cages.merged(rng) else {
                continue;
            };
            if matches!(self.check(&merged)?, Check::Unique) {
                cages = merged;
            }
        }
        Ok(Some(self.puzzle(&cages)?))
    }

    /// The puzzle of `layout`'s cages, no givens.
    fn puzzle(&self, layout: &Layout) -> Result<Puzzle, Error> {
        let groups: Vec<(Vec<usize>, u32)> = layout
            .groups
            .iter()
            .map(|cells| {
                let sum = cells.iter().map(|&i| u32::from(layout.digits[i])).sum();
                (cells.clone(), sum)
            })
            .collect();
        let cages = Cages::from_groups(self.rules.shape(), &groups)?;
        Ok(Puzzle::empty(self.rules.clone().with_cages(cages)?))
    }

    /// Whether `layout`'s puzzle is unique, within the budget.
    fn check(&self, layout: &Layout) -> Result<Check, Error> {
        let puzzle = self.puzzle(layout)?;
        let mut solver = Solver::new(puzzle.rules());
        solver.set_budget(Budget::nodes(self.budget));
        solver.set_stop(self.stop.clone());
        let mut other = None;
        let mut found = 0;
        let count = solver.for_each_solution(&puzzle, |solution| {
            found += 1;
            if solution.digits() != layout.digits.as_slice() {
                other = Some(solution.clone());
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })?;
        Ok(match other {
            Some(grid) => Check::Other(grid),
            None if count.end == End::Exhausted && found == 1 => Check::Unique,
            None => Check::Unknown,
        })
    }

    /// The search-effort rating (see the module docs); `None` if a seeded
    /// search ran out of budget.
    fn rate(&self, puzzle: &Puzzle) -> Result<Option<Rating>, Error> {
        let mut rater = Rater::new(puzzle.rules());
        rater.set_budget(Budget::nodes(self.budget));
        rater.set_stop(self.stop.clone());
        Ok(match rater.rate_puzzle(puzzle)? {
            Rated::Unique(rating) => Some(rating),
            _ => None,
        })
    }
}

/// What a uniqueness check found.
enum Check {
    Unique,
    /// A solution other than the planted grid.
    Other(Grid),
    /// The budget ran out before either.
    Unknown,
}

/// A number below `bound` (at least 1).
fn below(rng: &mut SplitMix64, bound: usize) -> usize {
    let bound = u32::try_from(bound.max(1)).unwrap_or(u32::MAX);
    usize::try_from(rng.below(bound)).unwrap_or(0)
}

/// Cages as groups of cells around a grid.
#[derive(Clone, Debug)]
struct Layout {
    n: usize,
    /// The grid's digits, row-major.
    digits: Vec<u8>,
    /// Invariant: disjoint, covering every cell, each orthogonally
    /// connected and holding distinct digits of `digits`.
    groups: Vec<Vec<usize>>,
}

impl Layout {
    /// Random cages of up to `largest` cells around `grid`: each grown from
    /// a random free cell by random free neighbours whose digit it lacks.
    fn draw(grid: &Grid, largest: usize, rng: &mut SplitMix64) -> Layout {
        let n = grid.shape().size();
        let digits = grid.digits().to_vec();
        let cells = digits.len();
        let mut free = vec![true; cells];
        let mut order: Vec<usize> = (0..cells).collect();
        rng.shuffle(&mut order);
        let mut groups = Vec::new();
        for start in order {
            if !free[start] {
                continue;
            }
            free[start] = false;
            let target = 1 + below(rng, largest);
            let mut group = vec![start];
            while group.len() < target {
                let options: Vec<usize> = group
                    .iter()
                    .flat_map(|&c| neighbours(n, c))
                    .filter(|&x| free[x] && group.iter().all(|&g| digits[g] != digits[x]))
                    .collect();
                if options.is_empty() {
                    break;
                }
                let x = options[below(rng, options.len())];
                free[x] = false;
                group.push(x);
            }
            groups.push(group);
        }
        Layout { n, digits, groups }
    }

    /// Cuts the cage of cell `x` in two or more: a random connected part
    /// grown from `x`, and each connected piece of the rest.
    fn split(&mut self, x: usize, rng: &mut SplitMix64) {
        let Some(k) = self.groups.iter().position(|g| g.contains(&x)) else {
            return;
        };
        let cage = self.groups.swap_remove(k);
        if cage.len() < 2 {
            self.groups.push(cage);
            return;
        }
        let target = 1 + below(rng, cage.len() - 1);
        let mut part = vec![x];
        while part.len() < target {
            let options: Vec<usize> = part
                .iter()
                .flat_map(|&c| neighbours(self.n, c))
                .filter(|x| cage.contains(x) && !part.contains(x))
                .collect();
            if options.is_empty() {
                break;
            }
            part.push(options[below(rng, options.len())]);
        }
        let rest: Vec<usize> = cage.into_iter().filter(|c| !part.contains(c)).collect();
        self.groups.push(part);
        self.groups.extend(pieces(self.n, &rest));
    }

    /// A copy with one random cage merged into a random neighbouring cage,
    /// if the two together hold distinct digits and at most n cells.
    fn merged(&self, rng: &mut SplitMix64) -> Option<Layout> {
        let k = below(rng, self.groups.len());
        let near: Vec<usize> = self.groups[k]
            .iter()
            .flat_map(|&c| neighbours(self.n, c))
            .filter_map(|x| self.groups.iter().position(|g| g.contains(&x)))
            .filter(|&j| j != k)
            .collect();
        if near.is_empty() {
            return None;
        }
        let j = near[below(rng, near.len())];
        let (a, b) = (&self.groups[k], &self.groups[j]);
        let clash = a
            .iter()
            .any(|&x| b.iter().any(|&y| self.digits[x] == self.digits[y]));
        if clash || a.len() + b.len() > self.n {
            return None;
        }
        let mut merged = self.clone();
        let taken = merged.groups[j].clone();
        merged.groups[k].extend(taken);
        merged.groups.swap_remove(j);
        Some(merged)
    }
}

/// The orthogonal neighbours of cell `c` on an `n` x `n` grid.
fn neighbours(n: usize, c: usize) -> impl Iterator<Item = usize> {
    let (r, col) = (c / n, c % n);
    [
        (r > 0).then(|| c - n),
        (r + 1 < n).then(|| c + n),
        (col > 0).then(|| c - 1),
        (col + 1 < n).then(|| c + 1),
    ]
    .into_iter()
    .flatten()
}

/// The orthogonally connected pieces of `cells`.
fn pieces(n: usize, cells: &[usize]) -> Vec<Vec<usize>> {
    let mut left: Vec<usize> = cells.to_vec();
    let mut found = Vec::new();
    while let Some(start) = left.pop() {
        let mut piece = vec![start];
        let mut k = 0;
        while k < piece.len() {
            let at = piece[k];
            for x in neighbours(n, at) {
                if let Some(p) = left.iter().position(|&c| c == x) {
                    piece.push(left.swap_remove(p));
                }
            }
            k += 1;
        }
        found.push(piece);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::shape::Shape;

    #[test]
    fn splits_keep_cages_connected_and_covering() {
        let rules = Rules::new(Shape::from_size(6).unwrap());
        let grid = Generator::new(&rules, GenerateOptions::default())
            .complete_grid(1)
            .unwrap();
        let mut rng = SplitMix64::new(7);
        let mut layout = Layout::draw(&grid, 6, &mut rng);
        for x in 0..36 {
            layout.split(x, &mut rng);
            let mut all: Vec<usize> = layout.groups.concat();
            all.sort_unstable();
            assert_eq!(all, (0..36).collect::<Vec<_>>());
            for group in &layout.groups {
                assert_eq!(pieces(6, group).len(), 1, "{group:?}");
            }
        }
        assert_eq!(pieces(6, &[0, 1, 7, 35]).len(), 2);
    }
}
