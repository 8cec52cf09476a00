//! Human solving techniques on pencil marks, for rating.
//!
//! A [`LogicSolver`] keeps candidates as one `u64` bit set per cell (bit
//! `d - 1` for digit d; grids are at most 64x64) and applies the simplest
//! technique that makes progress, starting again from the simplest after
//! each step, as a person would. *Houses* are the sets of n cells that hold
//! every digit once: rows, columns, boxes or jigsaw regions, and the X
//! diagonals and windoku windows when those variants are on. Anti-king and
//! anti-knight add *peers* (cells that cannot share a digit) but no houses.
//! Every house and peer comes from the one geometry the crate builds per
//! [`Rules`]. Each elimination technique takes a second look through common
//! peers and variant units ([`crate::rate::common_peers`]) when the
//! unit-bound look finds nothing.
//!
//! Every technique is sound, so on a puzzle with a unique solution the
//! placements are that solution's digits; the solver never guesses.

use std::sync::Arc;

use smallvec::SmallVec;

use crate::model::geometry::Geometry;
use crate::model::puzzle::Puzzle;
use crate::model::rules::Rules;
use crate::model::unit::Unit;
use crate::rate::implications::ChainScratch;
use crate::rate::pattern::Pattern;
use crate::rate::technique::Technique;

/// What logic alone did with a puzzle.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LogicReport {
    /// Whether every cell was filled.
    pub solved: bool,
    /// The hardest technique used, if any step was needed.
    pub hardest: Option<Technique>,
    /// The difficulty of the hardest step on Sudoku Explainer's scale: its
    /// technique's [`weight`](Technique::weight), plus for a chain the
    /// length penalty of Sudoku Explainer; 0 if no step was needed.
    pub difficulty: f64,
    /// How many steps used each technique, indexed by `Technique::index`;
    /// read with [`uses`](Self::uses).
    uses: [u32; Technique::ALL.len()],
    /// Steps in all.
    pub steps: u32,
    /// Cells left blank when logic got stuck (0 when solved).
    pub blanks_left: usize,
    /// Over the singles steps, the mean of 1 / (singles available): near 0
    /// when many placements are open at once, 1 when the solver is led
    /// through a single narrow path.
    pub narrowness: f64,
    /// Whether the candidates contradicted each other (no solution).
    pub contradiction: bool,
}

impl LogicReport {
    /// How many steps used `technique`; a singles step places every single
    /// available at that moment.
    ///
    /// ```
    /// use sudoku_dlx::{LogicSolver, Puzzle, Technique};
    /// let puzzle: Puzzle =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
    /// let report = LogicSolver::new(puzzle.rules()).solve(&puzzle);
    /// assert!(report.uses(Technique::HiddenSingle) > 0);
    /// assert_eq!(report.uses(Technique::XWing), 0);
    /// let steps: u32 = Technique::ALL.iter().map(|&t| report.uses(t)).sum();
    /// assert_eq!(steps, report.steps);
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    #[must_use]
    pub fn uses(&self, technique: Technique) -> u32 {
        self.uses[technique.index()]
    }
}

/// A human-style solver for every puzzle of one [`Rules`].
///
/// ```
/// use sudoku_dlx::{LogicSolver, ParseOptions, Puzzle, Technique};
/// let puzzle = Puzzle::parse(
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
///     &ParseOptions::default(),
/// )?;
/// let report = LogicSolver::new(puzzle.rules()).solve(&puzzle);
/// assert!(report.solved);
/// assert_eq!(report.hardest, Some(Technique::HiddenSingle));
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct LogicSolver {
    pub(super) n: usize,
    /// The houses are the geometry's units: each a list of n cells. Rows
    /// come first (0..n), then columns (n..2n).
    pub(super) geometry: Arc<Geometry>,
    /// Pairs of houses (a, b) sharing at least two cells, both ways round,
    /// with the shared cells.
    pub(super) intersections: Vec<(usize, usize, Cells)>,
    /// Candidates per cell; 0 once a cell is filled.
    pub(super) candidates: Vec<u64>,
    /// Digits per cell, 0 for blank.
    pub(super) values: Vec<u8>,
    /// Whether the second look can find anything: rules with units other
    /// than rows, columns and boxes, or with moves. On classic rules it
    /// cannot, and costs a third of the rating time of a typical puzzle.
    pub(super) second_look: bool,
    /// Per cell, how many cells of the group at hand see it (scratch for
    /// [`common_peers`](crate::rate::common_peers)).
    pub(super) seen_by: Vec<u32>,
    /// What the last elimination step used, for explanations
    /// ([`crate::rate::step`]); each technique notes it when it succeeds.
    pub(super) pattern: Pattern,
    /// The chain searches' scratch, built on first use.
    pub(super) chains: Option<Box<ChainScratch>>,
    /// The difficulty of the last chain step (a chain's weight depends on
    /// its length); 0 after a step of another technique.
    pub(super) chain_difficulty: f64,
    /// Whether the puzzle is known to have one solution, which the
    /// uniqueness techniques need ([`assume_unique`](Self::assume_unique)).
    pub(super) unique: bool,
    /// Techniques weighing this much or more are not tried
    /// ([`set_ceiling`](Self::set_ceiling)).
    ceiling: f64,
    /// Ends a solve between two steps once stopped
    /// ([`set_stop`](Self::set_stop)).
    stop: Option<Arc<dlx_engine::Progress>>,
}

/// Cells of one house (or of two houses' overlap): at most the side of the
/// grid, so up to 16 stay inline and a technique's scan of a house does not
/// allocate on the common sizes.
pub(super) type Cells = SmallVec<[usize; 16]>;

/// One 64-bit mask per cell, digit or line of a house, inline like [`Cells`].
pub(super) type Masks = SmallVec<[u64; 16]>;

impl LogicSolver {
    /// A solver for `rules`.
    #[must_use]
    pub fn new(rules: &Rules) -> LogicSolver {
        LogicSolver::with_geometry(Arc::new(Geometry::new(rules)))
    }

    /// A solver for the rules `geometry` was built for, sharing it.
    pub(crate) fn with_geometry(geometry: Arc<Geometry>) -> LogicSolver {
        let shape = geometry.shape();
        let n = shape.size();
        let cells = shape.cell_count();
        let houses = geometry.unit_count();
        let mut intersections = Vec::new();
        for a in 0..houses {
            for b in 0..houses {
                if a == b {
                    continue;
                }
                let shared: Cells = geometry
                    .unit(a)
                    .iter()
                    .copied()
                    .filter(|&i| geometry.cell_units(i).contains(&b))
                    .collect();
                // One shared cell is a single; the whole house, a duplicate.
                if shared.len() >= 2 && shared.len() < n {
                    intersections.push((a, b, shared));
                }
            }
        }

        LogicSolver {
            n,
            intersections,
            candidates: vec![0; cells],
            values: vec![0; cells],
            second_look: geometry.has_moves()
                || (0..houses)
                    .any(|k| !matches!(geometry.kind(k), Unit::Row | Unit::Column | Unit::Box)),
            seen_by: vec![0; cells],
            pattern: Pattern::default(),
            chains: None,
            chain_difficulty: 0.0,
            unique: false,
            ceiling: f64::INFINITY,
            stop: None,
            geometry,
        }
    }

    /// Tries only those techniques beyond the subsets whose weight is
    /// below `ceiling` (the generator's bounded passes need no step they
    /// would reject anyway); singles and subsets always run.
    pub(crate) fn set_ceiling(&mut self, ceiling: f64) {
        self.ceiling = ceiling;
    }

    /// Makes later solves end between two steps once `stop` is stopped,
    /// the report then as far as the steps went (the caller, which gave
    /// the stop, knows to discard it).
    pub(crate) fn set_stop(&mut self, stop: Option<Arc<dlx_engine::Progress>>) {
        self.stop = stop;
    }

    /// Lets the uniqueness techniques (unique rectangles, bivalue universal
    /// grave) run on the puzzles solved next: call it with `true` only for
    /// puzzles known to have exactly one solution, since they deduce from
    /// that. Off by default; the [`Rater`](crate::Rater) sets it after its
    /// count has shown the puzzle unique.
    pub fn assume_unique(&mut self, unique: bool) {
        self.unique = unique;
    }

    /// Solves `puzzle` as far as the techniques go. The puzzle must be of
    /// this solver's rules (a puzzle of another shape is reported as a
    /// contradiction).
    pub fn solve(&mut self, puzzle: &Puzzle) -> LogicReport {
        self.solve_watched(puzzle, |_, _| {})
    }

    /// [`solve`](Self::solve), calling `watch` after each step with the
    /// technique and the solver (its candidates, digits and pattern), for
    /// explanations and tests of soundness.
    pub(crate) fn solve_watched(
        &mut self,
        puzzle: &Puzzle,
        watch: impl FnMut(Technique, &LogicSolver),
    ) -> LogicReport {
        if !self.load(puzzle) {
            return LogicReport {
                contradiction: true,
                ..LogicReport::default()
            };
        }
        self.run_watched(watch)
    }

    /// [`solve_watched`](Self::solve_watched) from the candidates and digits
    /// the solver holds now (after a trial placement, say).
    pub(crate) fn run_watched(
        &mut self,
        mut watch: impl FnMut(Technique, &LogicSolver),
    ) -> LogicReport {
        let mut report = LogicReport::default();
        let mut narrow_sum = 0.0;
        let mut single_steps = 0u32;
        let mut singles = Vec::new();
        loop {
            if self.values.iter().all(|&v| v != 0) {
                report.solved = true;
                break;
            }
            if self.stop.as_ref().is_some_and(|stop| stop.is_stopped()) {
                break;
            }
            self.chain_difficulty = 0.0;
            let technique = match self.collect_singles(&mut singles) {
                Err(()) => {
                    report.contradiction = true;
                    break;
                }
                Ok(Some(technique)) => {
                    narrow_sum += 1.0 / singles.len() as f64;
                    single_steps += 1;
                    for &(i, d) in &singles {
                        if self.values[i] == 0 && !self.place(i, d) {
                            report.contradiction = true;
                        }
                    }
                    Some(technique)
                }
                Ok(None) => {
                    self.pattern.clear();
                    self.eliminate()
                }
            };
            if report.contradiction {
                break;
            }
            let Some(technique) = technique else { break };
            watch(technique, self);
            report.steps += 1;
            report.uses[technique.index()] += 1;
            report.hardest = report.hardest.max(Some(technique));
            report.difficulty = report
                .difficulty
                .max(technique.weight().max(self.chain_difficulty));
        }
        report.blanks_left = self.values.iter().filter(|&&v| v == 0).count();
        report.narrowness = if single_steps > 0 {
            narrow_sum / f64::from(single_steps)
        } else {
            0.0
        };
        report
    }

    /// Loads the givens; `false` if they clash or the shape is wrong.
    pub(super) fn load(&mut self, puzzle: &Puzzle) -> bool {
        let digits = puzzle.givens().digits();
        if digits.len() != self.values.len() {
            return false;
        }
        let all = if self.n == 64 {
            u64::MAX
        } else {
            (1u64 << self.n) - 1
        };
        self.candidates.fill(all);
        self.values.fill(0);
        digits
            .iter()
            .enumerate()
            .all(|(i, &d)| d == 0 || self.place(i, d))
    }

    /// Puts `d` in cell `i`; `false` if `d` is not a candidate there or a
    /// peer is left with no candidate.
    pub(super) fn place(&mut self, i: usize, d: u8) -> bool {
        let bit = 1u64 << (d - 1);
        if self.candidates[i] & bit == 0 {
            return false;
        }
        self.values[i] = d;
        self.candidates[i] = 0;
        let mut ok = true;
        for &j in self.geometry.peers(i) {
            if self.values[j] == 0 {
                self.candidates[j] &= !bit;
                ok &= self.candidates[j] != 0;
            } else {
                ok &= self.values[j] != d;
            }
        }
        ok
    }

    /// Every hidden single, or if there is none every naked single, into
    /// `out`; which kind, or `None` if there are neither. `Err` if some
    /// house can no longer hold a digit or some cell has no candidate.
    fn collect_singles(&self, out: &mut Vec<(usize, u8)>) -> Result<Option<Technique>, ()> {
        out.clear();
        for house in (0..self.geometry.unit_count()).map(|k| self.geometry.unit(k)) {
            let mut placed = 0u64;
            let mut once = 0u64;
            let mut twice = 0u64;
            for &i in house {
                let v = self.values[i];
                if v != 0 {
                    placed |= 1 << (v - 1);
                }
                let c = self.candidates[i];
                twice |= once & c;
                once |= c;
            }
            let full = self.full();
            if (placed | once) != full {
                return Err(());
            }
            let mut hidden = once & !twice & !placed;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                if let Some(&i) = house.iter().find(|&&i| self.candidates[i] & bit != 0) {
                    out.push((i, digit_of(bit)));
                }
            }
        }
        if !out.is_empty() {
            out.sort_unstable();
            out.dedup_by_key(|&mut (i, _)| i);
            return Ok(Some(Technique::HiddenSingle));
        }
        for (i, &c) in self.candidates.iter().enumerate() {
            if self.values[i] == 0 {
                if c == 0 {
                    return Err(());
                }
                if c.count_ones() == 1 {
                    out.push((i, digit_of(c)));
                }
            }
        }
        Ok((!out.is_empty()).then_some(Technique::NakedSingle))
    }

    fn full(&self) -> u64 {
        if self.n == 64 {
            u64::MAX
        } else {
            (1u64 << self.n) - 1
        }
    }

    /// The simplest elimination technique that removes a candidate, applied
    /// once; `None` if none does.
    ///
    /// Each technique looks within units first, then through common peers
    /// (a digit's cells in a unit, or a naked subset, eliminate from every
    /// cell that sees all of them) and across variant units (fish with a
    /// diagonal, window or jigsaw region). On classic rules the second look
    /// finds nothing the first did not, so it is skipped there
    /// (`second_look`) and classic ratings do not move.
    fn eliminate(&mut self) -> Option<Technique> {
        let second = self.second_look;
        if self.locked_candidates() || (second && self.pointing_at_common_peers()) {
            return Some(Technique::LockedCandidates);
        }
        if self.naked_subset(2) || (second && self.naked_subset_at_common_peers(2)) {
            return Some(Technique::NakedPair);
        }
        if self.x_wing() || (second && self.unit_x_wing()) {
            return Some(Technique::XWing);
        }
        if self.hidden_subset(2) {
            return Some(Technique::HiddenPair);
        }
        if self.naked_subset(3) || (second && self.naked_subset_at_common_peers(3)) {
            return Some(Technique::NakedTriple);
        }
        if self.hidden_subset(3) {
            return Some(Technique::HiddenTriple);
        }
        // Beyond the subsets, each technique is in a file of its own.
        type Step = fn(&mut LogicSolver) -> bool;
        let beyond: [(Technique, Step); 16] = [
            (Technique::XChain, LogicSolver::short_x_chain),
            (Technique::XyWing, LogicSolver::xy_wing),
            (Technique::XyzWing, LogicSolver::xyz_wing),
            (Technique::UniqueRectangle, |s| s.unique_rectangle(1)),
            (Technique::UniqueRectangleType2, |s| s.unique_rectangle(2)),
            (Technique::NakedQuad, |s| {
                s.naked_subset(4) || (s.second_look && s.naked_subset_at_common_peers(4))
            }),
            (Technique::HiddenQuad, |s| s.hidden_subset(4)),
            (Technique::WxyzWing, LogicSolver::wxyz_wing),
            (
                Technique::BivalueUniversalGrave,
                LogicSolver::bivalue_universal_grave,
            ),
            (Technique::VwxyzWing, LogicSolver::vwxyz_wing),
            (Technique::XChain, |s| s.x_chain(usize::MAX)),
            (Technique::YCycle, LogicSolver::y_cycle),
            (Technique::ForcingChain, LogicSolver::forcing_chain),
            (Technique::Nishio, LogicSolver::nishio),
            (
                Technique::MultipleForcingChain,
                LogicSolver::multiple_forcing_chain,
            ),
            (
                Technique::DynamicForcingChain,
                LogicSolver::dynamic_forcing_chain,
            ),
        ];
        let ceiling = self.ceiling;
        beyond
            .into_iter()
            .filter(|&(technique, _)| technique.weight() < ceiling)
            .find(|&(_, step)| step(self))
            .map(|(technique, _)| technique)
    }

    /// Removes `mask` from cell `i`; whether anything went.
    pub(super) fn remove(&mut self, i: usize, mask: u64) -> bool {
        let before = self.candidates[i];
        self.candidates[i] &= !mask;
        self.candidates[i] != before
    }

    fn locked_candidates(&mut self) -> bool {
        let geometry = Arc::clone(&self.geometry);
        let mut progress = false;
        for k in 0..self.intersections.len() {
            let (a, b) = (self.intersections[k].0, self.intersections[k].1);
            let inside: u64 = self.intersections[k]
                .2
                .iter()
                .fold(0, |m, &i| m | self.candidates[i]);
            let outside_a: u64 = geometry
                .unit(a)
                .iter()
                .filter(|&&i| !geometry.cell_units(i).contains(&b))
                .fold(0, |m, &i| m | self.candidates[i]);
            // Digits of `a` that only `a ∩ b` can hold.
            let locked = inside & !outside_a;
            if locked == 0 {
                continue;
            }
            for &i in geometry.unit(b) {
                if !geometry.cell_units(i).contains(&a) {
                    progress |= self.remove(i, locked);
                }
            }
            if progress {
                let shared = &self.intersections[k].2;
                self.pattern.note(&[a, b], shared, locked);
                return true;
            }
        }
        false
    }

    /// X-wing on rows (base) and columns (cover), then the other way round.
    fn x_wing(&mut self) -> bool {
        let n = self.n;
        for rows_first in [true, false] {
            let at = |line: usize, k: usize| {
                if rows_first {
                    line * n + k
                } else {
                    k * n + line
                }
            };
            for d in 0..n {
                let bit = 1u64 << d;
                let spots: Masks = (0..n)
                    .map(|line| {
                        (0..n)
                            .filter(|&k| self.candidates[at(line, k)] & bit != 0)
                            .fold(0u64, |m, k| m | 1 << k)
                    })
                    .collect();
                for a in 0..n {
                    if spots[a].count_ones() != 2 {
                        continue;
                    }
                    for b in a + 1..n {
                        if spots[b] != spots[a] {
                            continue;
                        }
                        let mut progress = false;
                        for line in (0..n).filter(|&l| l != a && l != b) {
                            for k in (0..n).filter(|&k| spots[a] & (1 << k) != 0) {
                                progress |= self.remove(at(line, k), bit);
                            }
                        }
                        if progress {
                            // Rows are units 0..n, columns n..2n.
                            let (base, cover) = if rows_first { (0, n) } else { (n, 0) };
                            let covers = (0..n).filter(|&k| spots[a] & (1 << k) != 0);
                            let units: Cells = [base + a, base + b]
                                .into_iter()
                                .chain(covers.clone().map(|k| cover + k))
                                .collect();
                            let cells: Cells = [a, b]
                                .into_iter()
                                .flat_map(|line| covers.clone().map(move |k| at(line, k)))
                                .collect();
                            self.pattern.note(&units, &cells, bit);
                            return true;
                        }
                    }
                }
            }
        }
        false
    }
}

/// The digit of a one-bit candidate set.
fn digit_of(bit: u64) -> u8 {
    // trailing_zeros < 64, so the digit is at most 64.
    u8::try_from(bit.trailing_zeros() + 1).unwrap_or(u8::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_options::ParseOptions;

    fn report(line: &str) -> LogicReport {
        let puzzle = Puzzle::parse(line, &ParseOptions::default()).unwrap();
        LogicSolver::new(puzzle.rules()).solve(&puzzle)
    }

    #[test]
    fn easy_puzzles_fall_to_singles_and_hard_ones_do_not() {
        let easy = report(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        assert!(easy.solved);
        assert!(easy.hardest <= Some(Technique::NakedSingle));
        // Arto Inkala's "world's hardest": far beyond these techniques.
        let hard = report(
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        );
        assert!(!hard.solved);
        assert!(hard.blanks_left > 0);
        assert!(!hard.contradiction);
    }

    #[test]
    fn clashing_givens_are_a_contradiction() {
        let mut line = ".".repeat(81);
        line.replace_range(0..2, "11");
        assert!(report(&line).contradiction);
    }
}
