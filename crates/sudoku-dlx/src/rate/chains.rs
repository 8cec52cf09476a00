//! The search every chain technique runs on the [implication
//! engine](crate::rate::implications), and Sudoku Explainer's length
//! penalty.
//!
//! Two searches, as in Sudoku Explainer:
//!
//! - **Contradiction** (X-chains, forcing chains, nishio, dynamic forcing
//!   chains): assume a candidate `on`, or `off`; if that leads to a
//!   contradiction, the assumption is false, and the candidate goes (or is
//!   placed). An X-chain or XY-chain eliminating a candidate that sees both
//!   its ends is the case where the assumption `on` derives its own `off`.
//! - **Multiple** (cell and region forcing chains): every candidate of a
//!   cell, or every place of a digit in a unit, is assumed `on` in turn;
//!   one of them holds, so what follows from all of them holds.
//!
//! Among the steps a search finds, the shortest (fewest literals in its
//! chains) are applied, all at once; the step's difficulty is the
//! technique's base plus [`length_penalty`] of that length. The searches
//! run on grids of at most [`CHAIN_MAX_CELLS`] cells: a step costs one
//! propagation per candidate, which on larger grids would take seconds.

use std::sync::Arc;

use smallvec::SmallVec;

use crate::rate::implications::{ChainScratch, Implications, Length, Links, Trace};
use crate::rate::link::Chain;
use crate::rate::pattern::Pattern;
use crate::rate::techniques::LogicSolver;

/// The largest grid (in cells) the chain techniques run on: 12x12.
pub(crate) const CHAIN_MAX_CELLS: usize = 144;

/// Sudoku Explainer's penalty for a chain of `complexity` literals: 0.1
/// for each time the length (complexity - 2) exceeds a ceiling that starts
/// at 4 and grows by 3/2 and 4/3 in turn (4, 6, 8, 12, 16, 24, ...).
///
/// ```text
/// complexity 6 -> 0.0, 7 -> 0.1, 9 -> 0.2, 11 -> 0.3, 15 -> 0.4, 19 -> 0.5
/// ```
#[must_use]
pub(crate) fn length_penalty(complexity: usize) -> f64 {
    let length = complexity.saturating_sub(2);
    let mut ceiling = 4;
    let mut odd = false;
    let mut penalty = 0.0;
    while length > ceiling {
        penalty += 0.1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    penalty
}

/// A deduction of a search: a candidate to remove, or to place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Deduction {
    cell: usize,
    digit: usize,
    place: bool,
}

/// A deduction of a search with what explains it: its premise (the
/// assumed candidate of a contradiction, or the cell or unit whose every
/// branch gives the deduction) and its chain of links.
#[derive(Debug)]
struct Found {
    deduction: Deduction,
    premise: Pattern,
    chain: Chain,
}

/// The shortest deductions found so far and their complexity. All of them
/// are applied in one step, so a step may hold several chains (on several
/// digits, for X-chains), each explained by its own premise and links.
#[derive(Debug, Default)]
struct Best {
    complexity: Length,
    found: Vec<Found>,
}

impl Best {
    /// Keeps `deduction` if it is among the shortest; `chain` makes its
    /// links, only then (the trace it reads is overwritten by the next
    /// propagation).
    fn offer(
        &mut self,
        complexity: Length,
        deduction: Deduction,
        premise: &Pattern,
        chain: impl FnOnce() -> Chain,
    ) {
        if self.found.is_empty() || complexity < self.complexity {
            self.complexity = complexity;
            self.found.clear();
        }
        if complexity == self.complexity && !self.found.iter().any(|f| f.deduction == deduction) {
            self.found.push(Found {
                deduction,
                premise: premise.clone(),
                chain: chain(),
            });
        }
    }
}

impl LogicSolver {
    fn chain_scratch(&mut self) -> Box<ChainScratch> {
        self.chains.take().unwrap_or_else(|| {
            let cells = self.candidates.len();
            Box::new(ChainScratch {
                implications: Implications::new(
                    Arc::clone(&self.geometry),
                    self.intersections
                        .iter()
                        .filter(|(a, b, _)| a < b)
                        .cloned()
                        .collect(),
                ),
                traces: vec![Trace::default(); self.n * cells],
                hits: vec![0; 2 * self.n * cells],
            })
        })
    }

    /// Whether `deduction` changes the pencil marks.
    fn advances(&self, deduction: Deduction) -> bool {
        let Deduction { cell, digit, place } = deduction;
        let marks = self.candidates[cell];
        self.values[cell] == 0 && marks & (1 << digit) != 0 && (!place || marks.count_ones() > 1)
    }

    /// Applies `best`, if it found anything, and records its difficulty;
    /// whether anything changed.
    fn apply_best(&mut self, best: &Best, difficulty: impl Fn(Length) -> f64) -> bool {
        let mut progress = false;
        let mut pattern = Pattern::default();
        for found in &best.found {
            let Deduction { cell, digit, place } = found.deduction;
            let bit = 1u64 << digit;
            if self.values[cell] != 0 || self.candidates[cell] & bit == 0 {
                // An earlier deduction of the step placed or removed it.
                continue;
            }
            let mask = if place { !bit } else { bit };
            if self.remove(cell, mask) {
                progress = true;
                pattern.merge(&found.premise);
                pattern.chains.push(found.chain.clone());
            }
        }
        if progress {
            self.chain_difficulty = difficulty(best.complexity);
            self.pattern = pattern;
        }
        progress
    }

    /// The contradiction search with `links`: one step, applied, whose
    /// difficulty is `difficulty` of its length; whether it found one.
    pub(super) fn contradiction_chain(
        &mut self,
        links: Links,
        difficulty: impl Fn(Length) -> f64,
    ) -> bool {
        self.contradiction_chain_within(links, usize::MAX, difficulty)
    }

    /// [`contradiction_chain`](Self::contradiction_chain) with chains of at
    /// most `most` strong links.
    pub(super) fn contradiction_chain_within(
        &mut self,
        links: Links,
        most: usize,
        difficulty: impl Fn(Length) -> f64,
    ) -> bool {
        if self.candidates.len() > CHAIN_MAX_CELLS {
            return false;
        }
        let mut scratch = self.chain_scratch();
        let ChainScratch {
            implications,
            traces,
            ..
        } = &mut *scratch;
        let trace = &mut traces[0];
        let mut best = Best::default();
        for cell in 0..self.candidates.len() {
            let mut marks = self.candidates[cell];
            while marks != 0 {
                let digit = marks.trailing_zeros() as usize;
                marks &= marks - 1;
                for on in [true, false] {
                    let start = implications.literal(cell, digit, on);
                    implications.propagate(&self.candidates, &self.values, start, links, trace);
                    if let Some(roots) = &trace.contradiction {
                        let deduction = Deduction {
                            cell,
                            digit,
                            place: !on,
                        };
                        let length = trace.complexity(roots);
                        if length.strong <= most && self.advances(deduction) {
                            let mut premise = Pattern::default();
                            premise.note(&[], &[cell], 1 << digit);
                            let candidates = &self.candidates;
                            best.offer(length, deduction, &premise, || {
                                let link = |l| implications.link(l, candidates);
                                Chain {
                                    // The assumption alone is no path
                                    // worth showing (an X-chain ends at
                                    // its own negation).
                                    paths: roots
                                        .iter()
                                        .filter(|&&k| k > 0)
                                        .map(|&k| trace.path(k).into_iter().map(link).collect())
                                        .collect(),
                                    conclusion: link(start ^ 1),
                                }
                            });
                        }
                    }
                }
            }
        }
        self.chains = Some(scratch);
        self.apply_best(&best, difficulty)
    }

    /// The multiple search (cell and region forcing chains) with `links`:
    /// one step applied, of difficulty `base` plus the length penalty;
    /// whether it found one.
    pub(super) fn multiple_chain(&mut self, links: Links, base: f64) -> bool {
        if self.candidates.len() > CHAIN_MAX_CELLS {
            return false;
        }
        let geometry = Arc::clone(&self.geometry);
        let n = self.n;
        let mut scratch = self.chain_scratch();
        // Each candidate `on`, propagated once: a candidate is a branch of
        // its cell and of each of its units.
        for cell in 0..self.candidates.len() {
            let mut marks = self.candidates[cell];
            while marks != 0 {
                let digit = marks.trailing_zeros() as usize;
                marks &= marks - 1;
                let ChainScratch {
                    implications,
                    traces,
                    ..
                } = &mut *scratch;
                let start = implications.literal(cell, digit, true);
                let trace = &mut traces[cell * n + digit];
                implications.propagate(&self.candidates, &self.values, start, links, trace);
            }
        }
        let mut best = Best::default();
        let mut branches: Vec<usize> = Vec::new();
        let mut premise = Pattern::default();
        // Cells: each candidate of the cell is a branch.
        for cell in 0..self.candidates.len() {
            branches.clear();
            let mut marks = self.candidates[cell];
            while marks != 0 {
                branches.push(cell * n + marks.trailing_zeros() as usize);
                marks &= marks - 1;
            }
            premise.note(&[], &[cell], self.candidates[cell]);
            self.branch_out(&mut scratch, &branches, &premise, &mut best);
        }
        // Units: each place of a digit in the unit is a branch.
        for u in 0..geometry.unit_count() {
            for digit in 0..n {
                branches.clear();
                branches.extend(
                    geometry
                        .unit(u)
                        .iter()
                        .filter(|&&j| self.candidates[j] & (1 << digit) != 0)
                        .map(|&j| j * n + digit),
                );
                let cells: SmallVec<[usize; 16]> = branches.iter().map(|&b| b / n).collect();
                premise.note(&[u], &cells, 1 << digit);
                self.branch_out(&mut scratch, &branches, &premise, &mut best);
            }
        }
        self.chains = Some(scratch);
        self.apply_best(&best, |length| base + length_penalty(length.literals))
    }

    /// Given the propagated `branches` (candidates, one of which holds, as
    /// `premise` says), offers `best` every literal that follows from all
    /// of them.
    fn branch_out(
        &self,
        scratch: &mut ChainScratch,
        branches: &[usize],
        premise: &Pattern,
        best: &mut Best,
    ) {
        // One branch is a single, and singles come first.
        if branches.len() < 2 {
            return;
        }
        let ChainScratch {
            implications,
            traces,
            hits,
        } = scratch;
        // A branch that contradicts itself is the contradiction search's,
        // which runs first; here it would prove anything.
        if branches.iter().any(|&b| traces[b].contradiction.is_some()) {
            return;
        }
        let count = u16::try_from(branches.len()).unwrap_or(u16::MAX);
        for &b in branches {
            for &l in &traces[b].literals {
                hits[l as usize] += 1;
            }
        }
        for &l in &traces[branches[0]].literals {
            if hits[l as usize] == count {
                let (cell, digit, place) = implications.parts(l);
                let deduction = Deduction { cell, digit, place };
                if !self.advances(deduction) {
                    continue;
                }
                let complexity = branches
                    .iter()
                    .map(|&b| {
                        let t = &traces[b];
                        t.position(l)
                            .map_or(Length::default(), |k| t.complexity(&[k]))
                    })
                    .fold(Length::default(), |a, b| a + b);
                let candidates = &self.candidates;
                best.offer(complexity, deduction, premise, || {
                    let link = |l| implications.link(l, candidates);
                    Chain {
                        paths: branches
                            .iter()
                            .filter_map(|&b| traces[b].position(l).map(|k| traces[b].path(k)))
                            .map(|path| path.into_iter().map(link).collect())
                            .collect(),
                        conclusion: link(l),
                    }
                });
            }
        }
        for &b in branches {
            for &l in &traces[b].literals {
                hits[l as usize] = 0;
            }
        }
    }
}

/// How many steps of `technique` the solver takes on the classic puzzle
/// `line`, uniqueness assumed (each puzzle of the tests that use it is
/// unique): the tests that each technique fires.
#[cfg(test)]
pub(super) fn uses_on(line: &str, technique: crate::Technique) -> u32 {
    let puzzle: crate::Puzzle = line.parse().unwrap();
    let mut logic = LogicSolver::new(puzzle.rules());
    logic.assume_unique(true);
    logic.solve(&puzzle).uses(technique)
}

#[cfg(test)]
mod tests {
    use super::{length_penalty, uses_on};
    use crate::Technique;

    /// The quads, registered beside the chains, fire too.
    #[test]
    #[ignore = "solves with chains, slow in debug builds; run in release mode (see .ci/run)"]
    fn quads_fire() {
        let naked =
            "000601000100030004000254000008000500040000090360020018801090207630507041000010000";
        assert!(uses_on(naked, Technique::NakedQuad) > 0);
        let hidden =
            "400000009500908002000010000030809020000361000000000000601030204204000703003204800";
        assert!(uses_on(hidden, Technique::HiddenQuad) > 0);
    }

    #[test]
    fn the_length_penalty_follows_sudoku_explainer() {
        let penalties: Vec<f64> = [4, 6, 7, 8, 10, 11, 14, 15, 18, 19, 26, 27]
            .iter()
            .map(|&c| (length_penalty(c) * 10.0).round() / 10.0)
            .collect();
        assert_eq!(
            penalties,
            [0.0, 0.0, 0.1, 0.1, 0.2, 0.3, 0.3, 0.4, 0.4, 0.5, 0.5, 0.6]
        );
    }
}
