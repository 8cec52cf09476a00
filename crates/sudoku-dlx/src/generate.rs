//! Puzzle generation: a random complete grid, then clues removed in

use dlx::SplitMix64;

use crate::error::Error;
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::rate::{Level, Rated, Rater, Rating};
use crate::rules::Rules;
use crate::solver::{Outcome, Solver};
use crate::symmetry::Symmetry;
use crate::{Budget, Count, End};

/// What to generate; see the [`Generator`] docs for how each is met.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    /// The symmetry of the pattern of givens ([`Symmetry::Rot180`] by default).
    pub symmetry: Symmetry,
    /// Ask for strictly minimal puzzles: no given can be blanked, alone,
    /// without a second solution appearing.
    pub minimal: bool,
    /// Stop removing clues at this many givens (best effort).
    pub clues: Option<usize>,
    /// Generate until the rating has this level (best effort).
    pub difficulty: Option<Level>,
    /// Attempts (complete grids) per puzzle before giving up on a target.
    pub attempts: u32,
    /// The node budget of each search; `None` picks one from the grid size
    /// ([`default_check_budget`]). A check over budget keeps its orbit, so
    /// uniqueness is never in doubt, only minimality.
    pub max_nodes: Option<u64>,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        GenerateOptions {
            symmetry: Symmetry::Rot180,
            minimal: false,
            clues: None,
            difficulty: None,
            attempts: 100,
            max_nodes: None,
        }
    }
}

/// The node budget of each uniqueness check when none is given: ample for
/// 9x9 (whose checks take hundreds of nodes), a guard against the rare
/// explosive search on large grids.
#[must_use]
pub fn default_check_budget(rules: &Rules) -> u64 {
    let cells = u64::try_from(rules.shape().cell_count()).unwrap_or(u64::MAX);
    cells.saturating_mul(2_000)
}

/// A generated puzzle, with its solution and how well it met the targets.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// The puzzle: unique, and symmetric as asked.
    pub puzzle: Puzzle,
    /// Its one solution.
    pub solution: Grid,
    /// The attempt (from 1) that produced it.
    pub attempts: u32,
    /// Whether it is verified strictly minimal. Only checked when asked for,
    /// or with [`Symmetry::None`], where a complete pass proves it.
    pub minimal: bool,
    /// With a clue target: whether the puzzle has exactly that many givens.
    pub clues_met: Option<bool>,
    /// The rating, when a difficulty was asked for.
    pub rating: Option<Rating>,
    /// With a difficulty target: whether the rating's level matches.
    pub difficulty_met: Option<bool>,
}

impl Generated {
    /// Whether every target asked for was met.
    #[must_use]
    pub fn met_targets(&self, options: &GenerateOptions) -> bool {
        (!options.minimal || self.minimal)
            && self.clues_met != Some(false)
            && self.difficulty_met != Some(false)
    }

    /// How far it is from the targets, for keeping the closest attempt:
    /// missed targets first, then the distance to the clue count.
    fn miss(&self, options: &GenerateOptions) -> (u32, usize) {
        let missed = u32::from(options.minimal && !self.minimal)
            + u32::from(self.clues_met == Some(false))
            + u32::from(self.difficulty_met == Some(false));
        let distance = options
            .clues
            .map_or(0, |n| self.puzzle.givens().filled_count().abs_diff(n));
        (missed, distance)
    }
}

/// The seed of puzzle `index` of a run with seed `seed`: each puzzle's
/// seed depends only on the pair, so a batch gives the same puzzles
/// however it is split across threads.
#[must_use]
pub fn puzzle_seed(seed: u64, index: u64) -> u64 {
    let mut mix = SplitMix64::new(seed);
    let base = mix.next_u64();
    SplitMix64::new(base ^ index.wrapping_mul(0xD605_BBB5_8C8A_BBB3)).next_u64()
}

/// Generates puzzles of one [`Rules`]: build it once, call
///
///
/// 1. **Grid.** The engine's seeded randomized search (random MRV ties and
///    option order) solves the empty puzzle of the rules; a try that runs
///    out of budget is retried with the next seed.
/// 2. **Removal.** The orbits of the [`Symmetry`] are visited in a random
///    order; an orbit is blanked and kept blank when a count with limit 2
///    proves the puzzle still unique. One pass suffices: blanking cells only
///    adds solutions, so an orbit that could not be removed earlier cannot
///    be removed later. The result is *orbit-minimal*.
/// 3. **Targets.** `minimal` asks for strict minimality (no single given
///    removable, checked clue by clue); `clues` stops removal at a count;
///    `difficulty` rates the puzzle. A puzzle that misses a target is
///    discarded and the next attempt starts from a new grid, up to
///    [`GenerateOptions::attempts`]; then the closest puzzle is returned
///    with the targets it missed.
///
/// Every uniqueness check runs on one reused [`Solver`]: the matrix is
/// built once per [`Generator`].
///
/// [`generate`](Self::generate) with a seed per puzzle.
///
/// ```
/// use sudoku_dlx::{GenerateOptions, Generator, Rules, Solver, Symmetry, Uniqueness};
/// let mut generator = Generator::new(&Rules::classic(), GenerateOptions::default())?;
/// let generated = generator.generate(7)?;
/// assert!(Symmetry::Rot180.holds_for(generated.puzzle.givens()));
/// let mut solver = Solver::new(&Rules::classic())?;
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
}

/// How a removal pass ended.
#[derive(Clone, Copy, Debug, Default)]
struct Pass {
    /// Every orbit was tried.
    complete: bool,
    /// Checks that ran out of budget (their orbits were kept).
    undecided: usize,
}

/// Tries at a complete grid before giving up.
const GRID_TRIES: u32 = 64;

impl Generator {
    /// A generator for `rules`.
    ///
    /// # Errors
    ///
    /// [`Error::Engine`] if the matrix cannot be built.
    pub fn new(rules: &Rules, options: GenerateOptions) -> Result<Generator, Error> {
        let mut solver = Solver::new(rules)?;
        let budget = options
            .max_nodes
            .unwrap_or_else(|| default_check_budget(rules));
        solver.set_budget(Budget::nodes(budget));
        let orbits = options.symmetry.orbits(rules.shape());
        let rater = match options.difficulty {
            Some(_) => Some(Rater::new(rules)?),
            None => None,
        };
        Ok(Generator {
            rules: rules.clone(),
            order: (0..orbits.len()).collect(),
            orbits,
            work: Puzzle::empty(rules.clone()),
            options,
            solver,
            rater,
            budget,
        })
    }

    /// The options.
    #[must_use]
    pub fn options(&self) -> &GenerateOptions {
        &self.options
    }

    /// One puzzle, determined by `seed`: the first attempt that meets every
    /// target, or after [`GenerateOptions::attempts`] the closest one (its
    /// fields say which targets it missed).
    ///
    /// # Errors
    ///
    /// [`Error::NoCompleteGrid`] if the rules admit no grid, and
    /// [`Error::GridBudget`] if no grid was found within the budget.
    pub fn generate(&mut self, seed: u64) -> Result<Generated, Error> {
        let mut rng = SplitMix64::new(seed);
        let mut best: Option<Generated> = None;
        for attempt in 1..=self.options.attempts.max(1) {
            let generated = self.attempt(&mut rng, attempt)?;
            if generated.met_targets(&self.options) {
                return Ok(generated);
            }
            if best
                .as_ref()
                .is_none_or(|b| generated.miss(&self.options) < b.miss(&self.options))
            {
                best = Some(generated);
            }
        }
        best.ok_or(Error::GridBudget { tries: 0 })
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
        let solution = self.random_grid(rng)?;
        self.work.givens_mut().clone_from(&solution);
        // From the identity each time, so a puzzle depends on its seed alone.
        for (k, slot) in self.order.iter_mut().enumerate() {
            *slot = k;
        }
        rng.shuffle(&mut self.order);
        let pass = self.remove_orbits()?;
        let minimal = if self.options.minimal {
            self.verify_minimal(pass)?
        } else {
            // A complete, decided pass over single cells is a proof.
            self.options.symmetry == Symmetry::None && pass.complete && pass.undecided == 0
        };
        let clues = self.work.givens().filled_count();
        let rating = match &mut self.rater {
            Some(rater) => match rater.rate_puzzle(&self.work)? {
                Rated::Rated(rating) => Some(rating),
                _ => None,
            },
            None => None,
        };
        Ok(Generated {
            puzzle: self.work.clone(),
            solution,
            attempts: attempt,
            minimal,
            clues_met: self.options.clues.map(|n| clues == n),
            difficulty_met: self
                .options
                .difficulty
                .map(|level| rating.as_ref().is_some_and(|r| r.level == level)),
            rating,
        })
    }

    /// Solves the empty puzzle in a random order, retrying over budget.
    fn random_grid(&mut self, rng: &mut SplitMix64) -> Result<Grid, Error> {
        let empty = Puzzle::empty(self.rules.clone());
        let mut tries = 0;
        while tries < GRID_TRIES {
            tries += 1;
            self.solver.set_seed(Some(rng.next_u64()));
            let outcome = self.solver.solve(&empty);
            self.solver.set_seed(None);
            match outcome? {
                Outcome::Solved(grid) => return Ok(grid),
                Outcome::NoSolution => return Err(Error::NoCompleteGrid),
                Outcome::BudgetExhausted => {}
            }
        }
        Err(Error::GridBudget { tries })
    }

    /// Blanks orbits in `self.order`, keeping each blank while the puzzle
    /// stays unique, until the pass ends or the clue target is reached.
    fn remove_orbits(&mut self) -> Result<Pass, Error> {
        let mut pass = Pass::default();
        let target = self.options.clues.unwrap_or(0);
        let mut clues = self.work.givens().filled_count();
        let mut saved = Vec::with_capacity(4);
        for k in 0..self.order.len() {
            if clues <= target {
                return Ok(pass);
            }
            let orbit = std::mem::take(&mut self.orbits[self.order[k]]);
            let answer = self.try_blank(&orbit, clues, target, &mut saved);
            self.orbits[self.order[k]] = orbit;
            let Some(removed) = answer? else {
                pass.undecided += 1;
                continue;
            };
            clues -= removed;
        }
        pass.complete = true;
        Ok(pass)
    }

    /// Blanks `orbit` unless that goes below `target` clues, and keeps it
    /// blank if the puzzle stays unique: the cells removed, or `None` if the
    /// check ran out of budget.
    fn try_blank(
        &mut self,
        orbit: &[usize],
        clues: usize,
        target: usize,
        saved: &mut Vec<u8>,
    ) -> Result<Option<usize>, Error> {
        if clues - orbit.len() < target {
            return Ok(Some(0));
        }
        saved.clear();
        let digits = self.work.givens_mut().digits_mut();
        for &i in orbit {
            saved.push(digits[i]);
            digits[i] = 0;
        }
        let answer = self.check_unique()?;
        if answer != Some(true) {
            let digits = self.work.givens_mut().digits_mut();
            for (&i, &d) in orbit.iter().zip(saved.iter()) {
                digits[i] = d;
            }
        }
        Ok(match answer {
            Some(true) => Some(orbit.len()),
            Some(false) => Some(0),
            None => None,
        })
    }

    /// Whether no single given of the work puzzle can be blanked. After a
    /// complete, decided pass, givens that are orbits of their own were
    /// already tried; the others are tried one by one.
    fn verify_minimal(&mut self, pass: Pass) -> Result<bool, Error> {
        let proven_orbits = pass.complete && pass.undecided == 0;
        for orbit in 0..self.orbits.len() {
            let cells = self.orbits[orbit].len();
            if proven_orbits && cells == 1 {
                continue;
            }
            for k in 0..cells {
                let i = self.orbits[orbit][k];
                let digit = self.work.givens().digits()[i];
                if digit == 0 {
                    continue;
                }
                self.work.givens_mut().digits_mut()[i] = 0;
                let answer = self.check_unique();
                self.work.givens_mut().digits_mut()[i] = digit;
                if answer? != Some(false) {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// `Some(true)` if the work puzzle has exactly one solution, `Some(false)`
    /// if it has two or more (or none), `None` if the budget ran out.
    fn check_unique(&mut self) -> Result<Option<bool>, Error> {
        let Count { solutions, end } = self.solver.count(&self.work, Some(2))?;
        Ok(match end {
            End::BudgetExhausted if solutions < 2 => None,
            _ => Some(solutions == 1),
        })
    }

    /// The node budget of each check.
    #[must_use]
    pub fn check_budget(&self) -> u64 {
        self.budget
    }
}
