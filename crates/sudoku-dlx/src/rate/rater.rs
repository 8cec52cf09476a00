//! Difficulty rating: human techniques first, search effort beyond them.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use dlx_engine::SplitMix64;

use crate::model::error::{Error, check_stop};
use crate::model::puzzle::Puzzle;
use crate::model::rules::Rules;
use crate::model::shape::Shape;
use crate::rate::chains::CHAIN_MAX_CELLS;
use crate::rate::technique::Technique;
use crate::rate::techniques::{LogicReport, LogicSolver};
use crate::solve::backend::{Method, SearchOptions};
use crate::solve::solver::Solver;
use dlx_engine::{Budget, End, Progress};

/// Seeded random orders the search effort is averaged over.
pub(crate) const SEEDS: u64 = 8;
/// The score of a puzzle that the techniques cannot finish, before effort.
pub(crate) const BEYOND_LOGIC: f64 = 4.5;
/// Score per doubling of search effort, beyond logic.
pub(crate) const EFFORT_WEIGHT: f64 = 1.0;
/// Score for a grid left entirely blank by logic (scaled by the fraction left).
pub(crate) const STUCK_WEIGHT: f64 = 1.0;
/// Score for a path of singles with one placement open at each step.
pub(crate) const NARROWNESS_WEIGHT: f64 = 0.6;
/// What a puzzle that needs a technique beyond the subsets scores above
/// that technique's difficulty: the work of a typical puzzle (a 9x9 one of
/// 28 givens, 1.6), so that the technique, not the givens, orders such
/// puzzles, as on Sudoku Explainer's scale.
pub(crate) const TYPICAL_WORK: f64 = 1.6;
/// Score per step that needed a forcing chain (or heavier), up to
/// [`MAX_CHAIN_STEPS`]: among puzzles whose hardest step is alike, more
/// such steps is harder.
pub(crate) const CHAIN_STEP_WEIGHT: f64 = 0.02;
/// The most chain steps counted.
pub(crate) const MAX_CHAIN_STEPS: u32 = 20;
/// The techniques whose steps [`CHAIN_STEP_WEIGHT`] counts.
const CHAIN_TECHNIQUES: [Technique; 4] = [
    Technique::ForcingChain,
    Technique::Nishio,
    Technique::MultipleForcingChain,
    Technique::DynamicForcingChain,
];
/// Score per blank beyond [`easy_blanks`] (counted as on a 9x9 grid).
pub(crate) const WORK_PER_BLANK: f64 = 0.2;

/// Blanks, counted as on a 9x9 grid (81 x the blank fraction), that a person
/// fills without noticing the work: 45 on 9x9 (36 givens). Other sizes
/// take theirs from calibration: on every calibrated size it lies 8 (of 81)
/// below the median of orbit-minimal rot180 puzzles of the generator
/// (docs/rating.md), as 45 does on 9x9, so the typical puzzle of every size
/// carries the same work. Sizes between calibrated ones take the nearest
/// smaller one; larger than 16, 16's.
#[must_use]
pub(crate) fn easy_blanks(size: usize) -> f64 {
    // (size, median blanks of 81 minus 8), measured with
    // `sudoku-dlx generate --size N --count 200 --seed 1` (40 for 16).
    const CALIBRATED: [(usize, f64); 7] = [
        (4, 49.75),
        (6, 46.0),
        (8, 45.16),
        (9, 45.0),
        (10, 43.84),
        (12, 43.75),
        (16, 41.36),
    ];
    CALIBRATED
        .iter()
        .rev()
        .find(|&&(n, _)| n <= size)
        .map_or(CALIBRATED[0].1, |&(_, blanks)| blanks)
}

/// A difficulty level, from the score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Score below 3.5: singles on a well-filled grid.
    Easy,
    /// 3.5 to 5.5: singles on a sparse grid, or a simple elimination.
    Medium,
    /// 5.5 to 7.5: subsets or an X-wing, or a little guessing.
    Hard,
    /// 7.5 to 10.5: beyond the techniques, with real search.
    Expert,
    /// 10.5 and up: beyond the techniques, with heavy search.
    Extreme,
}

impl Level {
    /// Every level, from the easiest.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
    ];

    /// The lowest score of Medium, Hard, Expert and Extreme.
    #[must_use]
    pub fn thresholds() -> [f64; 4] {
        [3.5, 5.5, 7.5, 10.5]
    }

    /// The level of `score`.
    #[must_use]
    pub fn of_score(score: f64) -> Level {
        let above = Level::thresholds().iter().filter(|&&t| score >= t).count();
        Level::ALL[above.min(4)]
    }

    /// The scores of this level: from the lower threshold (0 for Easy) up
    /// to, not including, the upper one (infinite for Extreme).
    #[must_use]
    pub fn range(self) -> (f64, f64) {
        let cuts = Level::thresholds();
        let k = self as usize;
        let low = if k == 0 { 0.0 } else { cuts[k - 1] };
        (low, cuts.get(k).copied().unwrap_or(f64::INFINITY))
    }

    /// How far `score` lies outside this level's [`range`](Self::range):
    /// 0 inside, else the distance to the nearer end.
    ///
    /// ```
    /// use sudoku_dlx::Level;
    /// assert_eq!(Level::Medium.score_gap(4.0), 0.0);
    /// assert_eq!(Level::Medium.score_gap(3.0), 0.5);
    /// assert_eq!(Level::Medium.score_gap(6.5), 1.0);
    /// ```
    #[must_use]
    pub fn score_gap(self, score: f64) -> f64 {
        let (low, high) = self.range();
        (low - score).max(score - high).max(0.0)
    }

    /// The name the CLI uses.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one of [`Level::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel {
    /// The name given.
    pub name: String,
}

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level `{}`; use easy, medium, hard, expert or extreme",
            self.name
        )
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(name: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| UnknownLevel {
                name: name.to_owned(),
            })
    }
}

/// The rating of a puzzle with a unique solution.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// The score; see the [`Rater`] docs.
    pub score: f64,
    /// The level of the score.
    pub level: Level,
    /// Whether the techniques alone solve it.
    pub solved_by_logic: bool,
    /// The hardest technique that made progress (placed a digit or removed
    /// a candidate); `None` if none did, as for a puzzle whose first step
    /// is beyond the techniques (Easter Monster, say). Not the technique
    /// logic got stuck on: [`solved_by_logic`](Self::solved_by_logic) says
    /// whether it did.
    pub hardest: Option<Technique>,
    /// Mean search-tree nodes of a count to 2 over the seeded orders.
    pub mean_nodes: f64,
    /// `mean_nodes / (blanks + 1)`: 1.0 when no order ever guesses wrong.
    pub effort: f64,
    /// What logic did.
    pub logic: LogicReport,
}

/// What rating a puzzle found.
#[derive(Clone, Debug, PartialEq)]
pub enum Rated {
    /// A unique puzzle and its rating.
    Unique(Rating),
    /// No solution.
    NoSolution,
    /// More than one solution: a rating would describe no single puzzle.
    Multiple,
    /// The node budget ran out first.
    BudgetExhausted,
}

/// Rates every puzzle of one [`Rules`], reusing one solver.
///
/// A puzzle's **score** is the sum of two parts:
///
/// - **Difficulty.** Solved by logic ([`LogicSolver`]): the weight of the
///   hardest technique needed ([`Technique::weight`], on Sudoku
///   Explainer's scale: 1.5 for hidden singles up to 4.0 for hidden
///   triples), plus up to 0.6 for how narrow the path of singles is (one
///   placement open at a time is harder to find than twenty). Beyond the
///   techniques: 4.5, plus log2 of the search effort, plus up to 1 for the
///   share of the grid logic left blank. Search effort is the engine's
///   search-tree nodes for a count to 2 divided by the nodes a search
///   without a wrong guess needs (blanks + 1), averaged over 8 seeded
///   random orders so that one lucky order does not decide.
/// - **Work.** 0.2 per blank beyond 45 (counted as on 9x9): a 17-clue
///   puzzle has 19 more cells to find than a 36-clue one, which takes a
///   person time even when every step is a single. Other sizes count their
///   blank fraction from their own calibrated start (a 4x4 puzzle with 5
///   givens is as ordinary on 4x4 as 28 givens on 9x9); see docs/rating.md.
///
/// A puzzle that needs a technique beyond the subsets (wings, uniqueness,
/// quads, chains) scores at least that step's difficulty
/// ([`LogicReport::difficulty`], with Sudoku Explainer's length penalty
/// for chains) plus 1.6 (a typical puzzle's work), plus 0.02 per
/// forcing-chain step: there the technique orders puzzles, as on Sudoku
/// Explainer's scale. Where the chains run (up to 12x12), a puzzle they
/// cannot finish is extreme (10.5 or more).
///
/// The **level** cuts the score at [`Level::thresholds`]; docs/rating.md
/// has the calibration on the published data sets.
///
/// **Killer puzzles** are rated by search effort alone: 4.5 plus log2 of
/// the effort, with no work term. The techniques know no cage logic (cage
/// sums, combinations, innies and outies), and a killer puzzle, with few
/// givens or none, would stall at its first step and score as extreme
/// whatever its cages say. These levels are not calibrated against human
/// solvers of killer puzzles. A rater is built for one set of rules, and
/// every killer puzzle has its own cages: rate each with a rater of its
/// rules ([`Rater::new`]`(puzzle.rules())`).
///
/// ```
/// use sudoku_dlx::{Level, ParseOptions, Puzzle, Rated, Rater};
/// let easy = Puzzle::parse(
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
///     &ParseOptions::default(),
/// )?;
/// let mut rater = Rater::new(easy.rules());
/// let Rated::Unique(rating) = rater.rate_puzzle(&easy)? else { panic!("unique") };
/// assert_eq!(rating.level, Level::Easy);
/// assert!(rating.solved_by_logic);
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Debug)]
pub struct Rater {
    solver: Solver,
    logic: LogicSolver,
    /// The budget of each seeded search.
    budget: Budget,
    /// Ends a rating early ([`set_stop`](Self::set_stop)).
    stop: Option<Arc<Progress>>,
}

impl Rater {
    /// A rater for `rules`, without a budget; like [`Solver::new`], it
    /// cannot fail.
    #[must_use]
    pub fn new(rules: &Rules) -> Rater {
        let solver = Solver::new(rules);
        Rater {
            logic: LogicSolver::with_geometry(Arc::clone(solver.geometry())),
            solver,
            budget: Budget::UNLIMITED,
            stop: None,
        }
    }

    /// The method whose search-tree nodes the effort counts, and on which
    /// the levels are calibrated (docs/rating.md): the engine's, where a
    /// node is one choice of Algorithm X. On bitsets a node is a board after
    /// all its forced moves, so the same puzzle would show far less effort.
    pub const METHOD: Method = Method::DancingLinks;

    /// The rules this rater is built for.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        self.solver.rules()
    }

    /// Limits each of the seeded searches.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// Makes later ratings end early once `stop` is stopped
    /// ([`Progress::stop`], from any thread: a Ctrl-C handler's, say):
    /// [`rate_puzzle`](Self::rate_puzzle) then returns [`Error::Stopped`],
    /// within a few thousand search nodes or one technique's step. `None`
    /// (the default) removes it.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use sudoku_dlx::{Error, Progress, Puzzle, Rater, Rules};
    /// let empty = Puzzle::empty(Rules::classic());
    /// let mut rater = Rater::new(empty.rules());
    /// let stop = Arc::new(Progress::new());
    /// rater.set_stop(Some(Arc::clone(&stop)));
    /// stop.stop(); // as a signal handler would, while the rating runs
    /// assert_eq!(rater.rate_puzzle(&empty), Err(Error::Stopped));
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    pub fn set_stop(&mut self, stop: Option<Arc<Progress>>) {
        self.solver.set_stop(stop.clone());
        self.logic.set_stop(stop.clone());
        self.stop = stop;
    }

    /// Rates `puzzle`, or says why it has no rating: by the techniques and
    /// search effort, or for a killer puzzle by search effort alone (see
    /// [`Rater`]).
    ///
    /// ```
    /// use sudoku_dlx::{Level, ParseOptions, Puzzle, Rated, Rater};
    /// let killer = ParseOptions { killer: true, ..ParseOptions::default() };
    /// let p = Puzzle::parse("................ aaaabbccdbcedffe a=10,b=8,c=7,d=6,e=4,f=5", &killer)?;
    /// let Rated::Unique(rating) = Rater::new(p.rules()).rate_puzzle(&p)? else { panic!("unique") };
    /// assert!(!rating.solved_by_logic && rating.hardest.is_none());
    /// assert_eq!(rating.level, Level::Medium);
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::RulesMismatch`] for a puzzle of other rules,
    /// [`Error::ConflictingGivens`] for clashing givens, and
    /// [`Error::Stopped`] once the stop ([`set_stop`](Self::set_stop)) is
    /// stopped.
    pub fn rate_puzzle(&mut self, puzzle: &Puzzle) -> Result<Rated, Error> {
        check_stop(self.stop.as_ref())?;
        let mean_nodes = self.mean_nodes(puzzle)?;
        // A search the stop cut short may have looked unique or not.
        check_stop(self.stop.as_ref())?;
        let mean_nodes = match mean_nodes {
            Ok(mean_nodes) => mean_nodes,
            Err(unrated) => return Ok(unrated),
        };
        let blanks = puzzle.shape().cell_count() - puzzle.givens().filled_count();
        let effort = (mean_nodes / (blanks + 1) as f64).max(1.0);
        if puzzle.rules().cages().is_some() {
            // The techniques know no cages: a killer puzzle, which has
            // few givens or none, would only stall at its first step.
            let score = BEYOND_LOGIC + EFFORT_WEIGHT * effort.log2();
            return Ok(Rated::Unique(Rating {
                score,
                level: Level::of_score(score),
                solved_by_logic: false,
                hardest: None,
                mean_nodes,
                effort,
                logic: LogicReport::default(),
            }));
        }
        // The count showed one solution, which the uniqueness techniques need.
        self.logic.assume_unique(true);
        let logic = self.logic.solve(puzzle);
        self.logic.assume_unique(false);
        // A solve the stop cut short is not the puzzle's.
        check_stop(self.stop.as_ref())?;
        let score = score(&logic, effort, blanks, puzzle.shape());
        Ok(Rated::Unique(Rating {
            score,
            level: Level::of_score(score),
            solved_by_logic: logic.solved,
            hardest: logic.hardest,
            mean_nodes,
            effort,
            logic,
        }))
    }

    /// The mean search-tree nodes of a count to 2 over the [`SEEDS`]
    /// seeded orders, or (as `Err`) why the puzzle has no rating.
    fn mean_nodes(&mut self, puzzle: &Puzzle) -> Result<Result<f64, Rated>, Error> {
        let mut total_nodes = 0u64;
        let mut seeds = SplitMix64::new(0x005E_ED0F_D1FF);
        for _ in 0..SEEDS {
            let options = SearchOptions {
                method: Rater::METHOD,
                budget: self.budget,
                seed: Some(seeds.next_u64()),
            };
            let count = self.solver.count_with(puzzle, Some(2), &options)?;
            match (count.end, count.solutions) {
                (End::Stopped, _) => return Err(Error::Stopped),
                (End::BudgetExhausted, _) => return Ok(Err(Rated::BudgetExhausted)),
                (_, 0) => return Ok(Err(Rated::NoSolution)),
                (_, 1) => {}
                _ => return Ok(Err(Rated::Multiple)),
            }
            total_nodes += self.solver.stats().nodes;
        }
        Ok(Ok(total_nodes as f64 / SEEDS as f64))
    }

    /// The score of `puzzle` if the techniques weighing less than
    /// `ceiling` alone solve it (then it is unique, and the score is what
    /// [`rate_puzzle`](Self::rate_puzzle) gives, without its searches),
    /// else `None`. The generator bounds its removals with it; a puzzle
    /// that needs a technique beyond the subsets whose weight plus
    /// [`TYPICAL_WORK`] reaches `ceiling` would score `ceiling` or more,
    /// so those are not tried.
    pub(crate) fn logic_score(&mut self, puzzle: &Puzzle, ceiling: f64) -> Option<f64> {
        // A step beyond the subsets scores at least its weight plus
        // TYPICAL_WORK, so one that would reach `ceiling` need not be tried.
        self.logic.set_ceiling(ceiling - TYPICAL_WORK);
        let logic = self.logic.solve(puzzle);
        self.logic.set_ceiling(f64::INFINITY);
        let blanks = puzzle.shape().cell_count() - puzzle.givens().filled_count();
        logic
            .solved
            .then(|| score(&logic, 1.0, blanks, puzzle.shape()))
    }
}

/// The score of a puzzle from what logic did and the search effort.
fn score(logic: &LogicReport, effort: f64, blanks: usize, shape: Shape) -> f64 {
    let cells = shape.cell_count();
    let blanks_of_81 = 81.0 * blanks as f64 / cells as f64;
    let work = WORK_PER_BLANK * (blanks_of_81 - easy_blanks(shape.size())).max(0.0);
    let subsets = Technique::HiddenTriple.weight();
    // Singles and subsets: their weight, how narrow the path, the work.
    let simple = logic.difficulty.min(subsets) + NARROWNESS_WEIGHT * logic.narrowness + work;
    let chains_ran = cells <= CHAIN_MAX_CELLS;
    if logic.solved {
        if logic.hardest <= Some(Technique::HiddenTriple) {
            return simple;
        }
        // Beyond the subsets the technique decides, as on Sudoku
        // Explainer's scale: its difficulty plus a typical puzzle's work,
        // and a little for each step that needed a forcing chain.
        let chain_steps = CHAIN_TECHNIQUES
            .iter()
            .map(|&t| logic.uses(t))
            .sum::<u32>()
            .min(MAX_CHAIN_STEPS);
        let technique =
            logic.difficulty + TYPICAL_WORK + CHAIN_STEP_WEIGHT * f64::from(chain_steps);
        return simple.max(technique);
    }
    let stuck = if blanks == 0 {
        0.0
    } else {
        logic.blanks_left as f64 / cells as f64
    };
    let search = work + BEYOND_LOGIC + EFFORT_WEIGHT * effort.log2() + STUCK_WEIGHT * stuck;
    // Beyond dynamic forcing chains is beyond Sudoku Explainer's 9: extreme.
    if chains_ran {
        search.max(Level::thresholds()[3])
    } else {
        search
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_cut_the_score_in_order() {
        assert_eq!(Level::of_score(0.0), Level::Easy);
        assert_eq!(Level::of_score(4.0), Level::Medium);
        assert_eq!(Level::of_score(6.0), Level::Hard);
        assert_eq!(Level::of_score(8.0), Level::Expert);
        assert_eq!(Level::of_score(100.0), Level::Extreme);
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>(), Ok(level));
        }
        assert!("trivial".parse::<Level>().is_err());
    }
}
