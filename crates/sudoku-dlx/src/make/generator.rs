//! Puzzle generation: a random complete grid, then clues removed in
//! random symmetric orbits while the puzzle stays unique.

use std::sync::Arc;

use dlx_engine::{First, Progress, SplitMix64};
use smallvec::SmallVec;

use crate::make::forcing::Forcing;
use crate::make::generate_options::{GenerateOptions, default_check_budget};
use crate::make::generated::{Distance, Generated};
use crate::make::repair::{Essential, Minimality, Repair};
use crate::make::symmetry::Symmetry;
use crate::model::error::{Error, check_stop};
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::model::rules::Rules;
use crate::rate::rater::{Level, Rated, Rater};
use crate::solve::backend::{Method, SearchOptions};
use crate::solve::completion::{Restarts, seeds_rows};
use crate::solve::solver::Solver;
use dlx_engine::Budget;

/// Generates puzzles of one [`Rules`]: build it once, call
/// [`generate`](Self::generate) with a seed per puzzle.
///
/// 1. **Grid.** A seeded randomized search completes a random first row:
///    on bitsets for grids of at most 128 cells (a branch cell drawn among
///    those with the fewest candidates, its digits in a random order), on
///    the engine otherwise (random MRV ties and option order). A try that
///    runs out of budget is retried with the next seed. Killer cages are
///    not kept by relabelling the digits, so under them the search starts
///    from the empty grid instead of a random first row.
/// 2. **Removal.** The orbits of the [`Symmetry`] are visited in a random
///    order; an orbit is blanked and kept blank when a check proves the
///    puzzle still unique (on the engine a count to 2; on bitsets a search
///    for a solution that differs from the planted one in the orbit). One
///    pass suffices: blanking cells only
///    adds solutions, so an orbit that could not be removed earlier cannot
///    be removed later. The result is *orbit-minimal*.
/// 3. **Targets.** `minimal` asks for strict minimality (no single given
///    removable, checked clue by clue); `clues` stops removal at a count;
///    `difficulty` rates the puzzle. For [`Level::Easy`] and
///    [`Level::Medium`] the removal pass is bounded instead: an orbit
///    stays blank only while the techniques alone solve the puzzle with a
///    score under the level's top (which also proves it unique). A puzzle that misses a target is
///    discarded and the next attempt starts from a new grid, up to
///    [`GenerateOptions::attempts`]; then the closest attempt (least
///    [`Distance`], the earliest of equals) is returned with the targets it
///    missed, and its [`Generated::attempts`] says which attempt it was.
///
/// Every search runs on one reused [`Solver`] (the matrix is built once
/// per [`Generator`]), which picks the method; the checks go through a
/// stack of the solution's cells that pushes and pops only the givens a
/// check changes. Removals that naked and hidden singles prove unique skip
/// the search altogether.
///
/// ```
/// use sudoku_dlx::{GenerateOptions, Generator, Rules, Solver, Symmetry, Uniqueness};
/// let mut generator = Generator::new(&Rules::classic(), GenerateOptions::default());
/// let generated = generator.generate(7)?;
/// assert!(Symmetry::Rot180.holds_for(generated.puzzle.givens()));
/// let mut solver = Solver::new(&Rules::classic());
/// assert_eq!(solver.uniqueness(&generated.puzzle)?, Uniqueness::Unique(generated.solution.clone()));
/// // The same seed, the same puzzle.
/// assert_eq!(generator.generate(7)?.puzzle, generated.puzzle);
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Debug)]
pub struct Generator {
    rules: Rules,
    options: GenerateOptions,
    solver: Solver,
    orbits: Vec<Vec<usize>>,
    /// Orbit visiting order, reshuffled per attempt.
    order: Vec<usize>,
    /// The puzzle being whittled down, reused across checks.
    work: Puzzle,
    rater: Option<Rater>,
    budget: u64,
    /// The work puzzle's givens, for proofs of uniqueness by singles.
    forcing: Forcing,
    /// Cells of the orbits kept in the current pass, reused.
    kept: Vec<usize>,
    /// Ends a call early ([`set_stop`](Self::set_stop)).
    stop: Option<Arc<Progress>>,
}

/// The attempts of one seed, from [`Generator::attempts`]: each a new
/// complete grid whittled down (an error ends nothing by itself; a caller
/// stops at the first).
#[derive(Debug)]
pub struct Attempts<'g> {
    generator: &'g mut Generator,
    rng: SplitMix64,
    /// Attempts made so far.
    made: u32,
}

impl Iterator for Attempts<'_> {
    type Item = Result<Generated, Error>;

    fn next(&mut self) -> Option<Result<Generated, Error>> {
        self.made = self.made.checked_add(1)?;
        Some(self.generator.attempt(&mut self.rng, self.made))
    }
}

/// How a removal pass ended.
#[derive(Clone, Copy, Debug, Default)]
struct Pass {
    /// Every orbit was tried.
    complete: bool,
    /// Checks that ran out of budget (their orbits were kept).
    undecided: usize,
}

/// Kept cells carried on top of the undecided orbits before they are slid
/// under them: each check pops and re-pushes the pile, a slide pops and
/// re-pushes every undecided orbit. Measured on 9x9 rot180, 4 to 8 cells
/// halve the pushes of sliding every kept orbit at once (0).
const PILE_LIMIT: usize = 6;

/// The node budget of all tries at one complete grid together, in check
/// budgets. The error that reports running out names the tries made.
const GRID_TRIES: u32 = 64;

impl Generator {
    /// A generator for `rules`; like [`Solver::new`], it cannot fail.
    #[must_use]
    pub fn new(rules: &Rules, options: GenerateOptions) -> Generator {
        let mut solver = Solver::new(rules);
        let budget = options
            .max_nodes
            .unwrap_or_else(|| default_check_budget(rules));
        solver.set_budget(Budget::nodes(budget));
        let orbits = options.symmetry.orbits(rules.shape());
        let rater = options.difficulty.map(|_| Rater::new(rules));
        let forcing = Forcing::new(Arc::clone(solver.geometry()));
        Generator {
            rules: rules.clone(),
            order: (0..orbits.len()).collect(),
            orbits,
            work: Puzzle::empty(rules.clone()),
            options,
            solver,
            rater,
            budget,
            forcing,
            kept: Vec::new(),
            stop: None,
        }
    }

    /// Makes later calls end early once `stop` is stopped
    /// ([`Progress::stop`], from any thread: a Ctrl-C handler's, say):
    /// [`generate`](Self::generate), an attempt of
    /// [`attempts`](Self::attempts) and
    /// [`complete_grid`](Self::complete_grid) then return
    /// [`Error::Stopped`], within one uniqueness check (a few thousand
    /// search nodes) or one technique's step. `None` (the default) removes it.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use sudoku_dlx::{Error, GenerateOptions, Generator, Progress, Rules};
    /// let mut generator = Generator::new(&Rules::classic(), GenerateOptions::default());
    /// let stop = Arc::new(Progress::new());
    /// generator.set_stop(Some(Arc::clone(&stop)));
    /// assert!(generator.generate(7).is_ok());
    /// stop.stop(); // as a signal handler would, while the call runs
    /// assert_eq!(generator.generate(7).unwrap_err(), Error::Stopped);
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    pub fn set_stop(&mut self, stop: Option<Arc<Progress>>) {
        self.solver.set_stop(stop.clone());
        if let Some(rater) = &mut self.rater {
            rater.set_stop(stop.clone());
        }
        self.stop = stop;
    }

    /// The options.
    #[must_use]
    pub fn options(&self) -> &GenerateOptions {
        &self.options
    }

    /// One puzzle, determined by `seed`: the first attempt that meets every
    /// target, or after [`GenerateOptions::attempts`] the closest one by
    /// [`Generated::distance`], the earliest of equals (its fields say which
    /// targets it missed).
    ///
    /// # Errors
    ///
    /// [`Error::NoCompleteGrid`] if the rules admit no grid,
    /// [`Error::GridBudget`] if no grid was found within the budget, and
    /// [`Error::Stopped`] once the stop ([`set_stop`](Self::set_stop)) is
    /// stopped.
    pub fn generate(&mut self, seed: u64) -> Result<Generated, Error> {
        let options = self.options.clone();
        let mut best: Option<(Distance, Generated)> = None;
        for generated in self.attempts(seed).take(options.attempts.max(1) as usize) {
            let generated = generated?;
            let distance = generated.distance(&options);
            if distance == Distance::ZERO {
                return Ok(generated);
            }
            // Strictly closer: of equals, the earliest attempt stays.
            if best.as_ref().is_none_or(|(d, _)| distance < *d) {
                best = Some((distance, generated));
            }
        }
        best.map(|(_, g)| g).ok_or(Error::GridBudget { tries: 0 })
    }

    /// Every attempt [`generate`](Self::generate) makes from `seed`, in
    /// order, without end: attempt k is the puzzle `generate` returns when
    /// it keeps attempt k, whether or not it met the targets. For choosing
    /// among the attempts by other rules, or looking at what was passed over.
    pub fn attempts(&mut self, seed: u64) -> Attempts<'_> {
        Attempts {
            generator: self,
            rng: SplitMix64::new(seed),
            made: 0,
        }
    }

    /// A random complete grid of the rules.
    ///
    /// # Errors
    ///
    /// As for [`generate`](Self::generate).
    pub fn complete_grid(&mut self, seed: u64) -> Result<Grid, Error> {
        let mut rng = SplitMix64::new(seed);
        self.random_grid(&mut rng)
    }

    fn attempt(&mut self, rng: &mut SplitMix64, attempt: u32) -> Result<Generated, Error> {
        check_stop(self.stop.as_ref())?;
        let solution = self.random_grid(rng)?;
        self.work.givens_mut().clone_from(&solution);
        // From the identity each time, so a puzzle depends on its seed alone.
        for (k, slot) in self.order.iter_mut().enumerate() {
            *slot = k;
        }
        rng.shuffle(&mut self.order);
        let pass = match self.ceiling() {
            Some(ceiling) => self.remove_orbits_below(ceiling)?,
            None => self.remove_orbits(&solution)?,
        };
        let minimal = if self.options.minimal {
            self.strict_minimality(&solution, pass, rng)?
        } else if self.options.symmetry == Symmetry::None && pass.complete && pass.undecided == 0 {
            // A complete, decided pass over single cells is a proof.
            Minimality::Minimal
        } else {
            Minimality::Unchecked
        };
        // Checks the stop cut short kept their orbits: not the puzzle.
        check_stop(self.stop.as_ref())?;
        let clues = self.work.givens().filled_count();
        let rating = match &mut self.rater {
            Some(rater) => match rater.rate_puzzle(&self.work)? {
                Rated::Unique(rating) => Some(rating),
                _ => None,
            },
            None => None,
        };
        check_stop(self.stop.as_ref())?;
        let clues_met = self.options.clues.map(|n| clues == n);
        let difficulty_met = self
            .options
            .difficulty
            .map(|level| rating.as_ref().is_some_and(|r| r.level == level));
        Ok(Generated {
            puzzle: self.work.clone(),
            solution,
            attempts: attempt,
            targets_met: (!self.options.minimal || minimal.is_minimal())
                && clues_met != Some(false)
                && difficulty_met != Some(false),
            minimal,
            clues_met,
            difficulty_met,
            rating,
        })
    }

    /// A random complete grid. Grids above 16x16 with rows, columns and
    /// boxes only are [`Solver::complete`]d: two thirds of the bands seeded
    /// from a shuffled pattern grid, the rest searched with restarts, all
    /// within [`GRID_TRIES`] check budgets (a plain randomized search does
    /// not finish from 36x36 up). Otherwise it
    /// solves the puzzle whose only givens are a random first row, in a
    /// random order: on bitsets where they apply (a cell drawn uniformly
    /// among those with the fewest candidates, its digits in a random
    /// order), else on the engine with a seed (random MRV ties and option
    /// order). Each try draws its own stream from `rng`, so the rest of the
    /// attempt does not depend on how many draws the search took.
    ///
    /// The tries restart under [`Restarts`]' growing budgets (Luby's
    /// sequence, 4 nodes per cell at first), each at most a check budget
    /// and all together [`GRID_TRIES`] of them: the search is heavy-tailed
    /// on some jigsaw maps, where 64 tries of a whole check budget could
    /// all fail (docs/decisions/grid-restarts.md).
    ///
    /// The first row costs nothing in generality where every rule is "these
    /// cells differ" (rows, columns, boxes, jigsaw regions, X, windoku,
    /// anti-king, anti-knight): relabelling the digits of a grid gives a
    /// grid, and any grid can be relabelled to have any first row. It saves
    /// the search the levels where every cell ties and each tie costs a
    /// random draw. Both searches can reach every completion of that row
    /// (see [`Shuffled`](crate::solve::bitsets::bitboard::Shuffled)), so
    /// every complete grid can be drawn, though not uniformly. Killer cages
    /// break the symmetry (a relabelled grid misses the sums, and a puzzle
    /// may have one grid only), so there the search starts from the empty
    /// grid, its order alone drawn from `rng`, and only then does "no
    /// solution" mean "no grid".
    fn random_grid(&mut self, rng: &mut SplitMix64) -> Result<Grid, Error> {
        let relabels = relabelling_keeps_grids(&self.rules);
        if relabels && seeds_rows(&self.rules) {
            let total = SearchOptions {
                budget: Budget::nodes(self.budget.saturating_mul(u64::from(GRID_TRIES))),
                ..self.solver.options()
            };
            let found = self.solver.complete(&total, rng)?;
            check_stop(self.stop.as_ref())?;
            return match found {
                First::Solution(grid) => Ok(grid),
                First::NoSolution => Err(Error::NoCompleteGrid),
                First::BudgetExhausted => Err(Error::GridBudget { tries: GRID_TRIES }),
            };
        }
        let mut start = Puzzle::empty(self.rules.clone());
        if relabels {
            let n = self.rules.shape().size();
            let mut first_row: Vec<u8> = (1..=n).filter_map(|d| u8::try_from(d).ok()).collect();
            rng.shuffle(&mut first_row);
            start.givens_mut().digits_mut()[..n].copy_from_slice(&first_row);
        }
        let total = self.budget.saturating_mul(u64::from(GRID_TRIES));
        let mut spent: u64 = 0;
        let mut tries: u32 = 0;
        for try_nodes in Restarts::new(self.rules.shape()) {
            let left = total.saturating_sub(spent);
            if left == 0 {
                break;
            }
            check_stop(self.stop.as_ref())?;
            tries = tries.saturating_add(1);
            let random = SearchOptions {
                method: Method::Bitsets,
                seed: Some(rng.next_u64()),
                budget: Budget {
                    max_nodes: Some(try_nodes.min(self.budget).min(left)),
                    ..self.solver.options().budget
                },
            };
            match self.solver.solve_with(&start, &random)? {
                First::Solution(grid) => return Ok(grid),
                First::NoSolution => return Err(Error::NoCompleteGrid),
                First::BudgetExhausted => {
                    spent = spent.saturating_add(self.solver.stats().nodes.max(1));
                }
            }
        }
        Err(Error::GridBudget { tries })
    }

    /// Blanks orbits in `self.order`, keeping each blank while the puzzle
    /// stays unique, until the pass ends or the clue target is reached.
    ///
    /// An orbit that singles force back from the other givens is removable
    /// without a search (see [`Forcing`]); early in the pass most are. For
    /// the others the givens live on one
    /// [`Planted`](crate::solve::session::Planted) stack, filled at the
    /// first such check, so a check pushes and pops only what changed: the
    /// undecided orbits lie in reverse visiting order, the next one to test
    /// on top, so popping it (and the orbits singles removed since the last
    /// check) leaves the puzzle to test. An orbit that must stay goes back
    /// on top, onto a small pile of kept orbits that each check lifts off
    /// and puts back; past [`PILE_LIMIT`] cells the pile is slid under the
    /// undecided orbits, which pops and re-pushes them once. (On the engine
    /// a push is a selection; on bitsets a digit written, and a check starts
    /// from the digits, so the stack costs next to nothing there.)
    fn remove_orbits(&mut self, solution: &Grid) -> Result<Pass, Error> {
        let Generator {
            solver,
            orbits,
            order,
            work,
            options,
            forcing,
            kept,
            stop,
            ..
        } = self;
        let mut pass = Pass::default();
        let target = options.clues.unwrap_or(0);
        let mut clues = work.givens().filled_count();
        forcing.load(work.givens());
        kept.clear();
        let mut planted = solver.planted(solution.digits());
        let mut stacked = false;
        // Once stacked, the stack holds, bottom up: `kept[..bottom]`; the
        // orbits `order[next..]`, last first; then `kept[bottom..piled]`.
        let (mut bottom, mut piled, mut next) = (0, 0, 0);
        for k in 0..order.len() {
            if clues <= target {
                return Ok(pass);
            }
            let orbit = &orbits[order[k]];
            let removable = if clues - orbit.len() < target {
                // Blanking it would go below the target: keep it untested.
                Some(false)
            } else if forcing.singles_restore(orbit) {
                Some(true)
            } else {
                check_stop(stop.as_ref())?;
                if stacked {
                    // Take off the pile and the orbits decided since the
                    // last check, this one included.
                    planted.pop(&kept[bottom..piled]);
                    for &decided in &order[next..=k] {
                        planted.pop(&orbits[decided]);
                    }
                    if kept.len() - bottom > PILE_LIMIT {
                        for &later in &order[k + 1..] {
                            planted.pop(&orbits[later]);
                        }
                        planted.push(&kept[bottom..])?;
                        bottom = kept.len();
                        for &later in order[k + 1..].iter().rev() {
                            planted.push(&orbits[later])?;
                        }
                    } else {
                        planted.push(&kept[bottom..])?;
                    }
                } else {
                    planted.push(kept)?;
                    bottom = kept.len();
                    for &later in order[k + 1..].iter().rev() {
                        planted.push(&orbits[later])?;
                    }
                    stacked = true;
                }
                piled = kept.len();
                next = k + 1;
                let answer = planted.unique_without(orbit);
                if answer.is_none() {
                    pass.undecided += 1;
                }
                if answer != Some(true) {
                    planted.push(orbit)?;
                    piled += orbit.len();
                }
                answer
            };
            if removable == Some(true) {
                let blanks = work.givens_mut().digits_mut();
                for &i in orbit {
                    blanks[i] = 0;
                    forcing.blank(i);
                }
                clues -= orbit.len();
            } else {
                kept.extend_from_slice(orbit);
            }
        }
        pass.complete = true;
        Ok(pass)
    }

    /// The score the removals must stay under: the top of the level asked
    /// for when it is Easy or Medium, levels the techniques reach. Harder
    /// levels come from full removal passes and are rated after.
    /// Killer puzzles have none: the techniques know no cages, so their
    /// score is not the one [`Rater::rate_puzzle`] gives a killer puzzle
    /// (search effort alone).
    fn ceiling(&self) -> Option<f64> {
        if self.rules.cages().is_some() {
            return None;
        }
        match self.options.difficulty {
            Some(level @ (Level::Easy | Level::Medium)) => Some(level.range().1),
            _ => None,
        }
    }

    /// Blanks orbits in `self.order`, keeping each blank while the
    /// techniques alone still solve the puzzle with a score under
    /// `ceiling` ([`Rater::logic_score`]), until the pass ends or the clue
    /// target is reached. A puzzle that logic solves is unique, so no
    /// search is needed; but an orbit kept for its score may be removable,
    /// so the pass proves nothing about minimality.
    fn remove_orbits_below(&mut self, ceiling: f64) -> Result<Pass, Error> {
        let Generator {
            orbits,
            order,
            work,
            options,
            rater,
            forcing,
            stop,
            ..
        } = self;
        // Built whenever a difficulty is asked for, so always there.
        let rater = rater.as_mut().ok_or(Error::GridBudget { tries: 0 })?;
        let target = options.clues.unwrap_or(0);
        let mut clues = work.givens().filled_count();
        let mut saved: SmallVec<[u8; 8]> = SmallVec::new();
        for &k in order.iter() {
            let orbit = &orbits[k];
            if clues <= target {
                break;
            }
            if clues - orbit.len() < target {
                continue;
            }
            check_stop(stop.as_ref())?;
            let digits = work.givens_mut().digits_mut();
            saved.clear();
            for &i in orbit {
                saved.push(digits[i]);
                digits[i] = 0;
            }
            if rater
                .logic_score(work, ceiling)
                .is_some_and(|s| s < ceiling)
            {
                clues -= orbit.len();
            } else {
                let digits = work.givens_mut().digits_mut();
                for (&i, &d) in orbit.iter().zip(&saved) {
                    digits[i] = d;
                }
            }
        }
        forcing.load(work.givens());
        Ok(Pass::default())
    }

    /// Whether no single given of the work puzzle can be blanked, checked
    /// clue by clue; when one can, after a complete removal pass with no
    /// clue target or difficulty ceiling, the puzzle is [`Repair`]ed.
    fn strict_minimality(
        &mut self,
        solution: &Grid,
        pass: Pass,
        rng: &mut SplitMix64,
    ) -> Result<Minimality, Error> {
        let decided = pass.complete && pass.undecided == 0;
        let repairable = pass.complete && self.options.clues.is_none() && self.ceiling().is_none();
        let mut repair = Repair {
            solver: &mut self.solver,
            orbits: &self.orbits,
            forcing: &mut self.forcing,
            work: &mut self.work,
            solution: solution.digits(),
        };
        let found = repair.essential(decided, None)?;
        if repairable && matches!(found, Essential::Removable(_)) {
            repair.run(rng, found)
        } else {
            Ok(found.minimality())
        }
    }

    /// The node budget of each check.
    #[must_use]
    pub fn check_budget(&self) -> u64 {
        self.budget
    }
}

/// Whether relabelling the digits of any grid of `rules` gives a grid of
/// them: true where every rule says "these cells differ" (rows, columns,
/// boxes or jigsaw regions, and every [`Variants`](crate::Variants) rule),
/// false with killer cages, whose sums a relabelling breaks. The searches
/// that fix a random first row, or seed rows from a relabelled pattern,
/// rely on it.
fn relabelling_keeps_grids(rules: &Rules) -> bool {
    rules.cages().is_none()
}
