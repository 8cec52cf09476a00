//! Explanations and hints: the solution path of a puzzle as a person would
//! follow it, and the next step on a player's board.
//!
//! An [`Explainer`] runs the rater's own [`LogicSolver`] and records each of
//! its steps ([`Step`], through [`Recorder`]), so the path is the one the
//! rating is built on, simplest technique first; where the techniques
//! stall it can continue with a trial: the digit of the solution the
//! exact-cover solver found, in the open cell with the fewest candidates.

use std::sync::Arc;

use crate::model::error::{Error, check_stop};
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::model::rules::Rules;
use crate::rate::step::{Naming, Placement, Recorder, Step, StepKind, digits_of};
use crate::rate::technique::Technique;
use crate::rate::techniques::LogicSolver;
use crate::solve::solver::Solver;
use dlx_engine::{Budget, First, Progress, Uniqueness};

/// A grid part way: its digits and the candidates of its open cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Per cell in row order, its digit, or 0 when open.
    pub digits: Vec<u8>,
    /// Per cell in row order, the digits it can still hold (from 1); empty
    /// for a filled cell.
    pub candidates: Vec<Vec<u8>>,
}

/// The solution path of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Explanation {
    /// The steps, from the givens.
    pub steps: Vec<Step>,
    /// Whether the techniques stalled: no technique found a step before
    /// the grid was full. With trials, the steps go on after each stall.
    pub stalled: bool,
    /// Whether the steps fill the grid.
    pub solved: bool,
    /// The grid and candidates where the techniques first stalled.
    pub stall: Option<Board>,
    /// The puzzle's solution, found by the exact-cover solver.
    pub solution: Grid,
}

/// What [`Explainer::explain`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Explained {
    /// A puzzle with one solution, and its path.
    Unique(Explanation),
    /// No solution.
    NoSolution,
    /// More than one solution: no path of sound steps fills the grid.
    Multiple,
    /// The budget ran out before uniqueness was settled.
    BudgetExhausted,
}

/// What [`Explainer::explain`] does where the techniques stall.
///
/// ```
/// use sudoku_dlx::{Explained, Explainer, OnStall, Puzzle, StepKind};
/// let hard: Puzzle =
///     "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..".parse()?;
/// let mut explainer = Explainer::new(hard.rules());
/// let Explained::Unique(stopped) = explainer.explain(&hard, OnStall::Stop)? else { panic!() };
/// assert!(stopped.stalled && !stopped.solved);
/// let Explained::Unique(tried) = explainer.explain(&hard, OnStall::Trial)? else { panic!() };
/// assert!(tried.solved);
/// assert!(tried.steps.iter().any(|s| s.kind == StepKind::Trial));
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OnStall {
    /// Stop: the path ends where the techniques stall, unsolved.
    #[default]
    Stop,
    /// Take a trial (the solution's digit in the open cell with the
    /// fewest candidates) and go on with the techniques, until the grid is
    /// full.
    Trial,
}

/// What [`Explainer::hint`] says about a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The next step. For singles, one placement: the rater's singles step
    /// places every single in sight, a hint names the first of them.
    Step(Step),
    /// No technique finds a step: the board with its candidates, and the
    /// trial that would come next (the solution's digit in the open cell
    /// with the fewest candidates).
    Stalled {
        /// The board where the techniques stall.
        board: Board,
        /// The trial.
        trial: Step,
    },
    /// Every cell is filled, and right.
    Solved,
    /// A cell of the board holds another digit than the solution: the
    /// first such cell in row order.
    Wrong {
        /// The cell, numbered 0..n*n-1 in row order.
        cell: usize,
        /// The digit the board has.
        found: u8,
        /// The solution's digit.
        solution: u8,
    },
    /// The board (or its puzzle) has no solution.
    NoSolution {
        /// The filled cells, in row order, whose digit alone keeps the
        /// board from a solution: left blank, the rest has one. Empty when
        /// no single cell is to blame (or, with a puzzle and a board, when
        /// the puzzle itself has no solution).
        suspects: Vec<usize>,
    },
    /// More than one solution.
    Multiple,
    /// The budget ran out before uniqueness was settled.
    BudgetExhausted,
}

/// Explains every puzzle of one [`Rules`], reusing one logic solver and one
/// exact-cover solver. Killer puzzles are refused
/// ([`Error::KillerNotExplained`]): the techniques know no cage logic yet.
///
/// ```
/// use sudoku_dlx::{Explained, Explainer, Hint, OnStall, Puzzle, StepKind, Technique};
/// let puzzle: Puzzle =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
/// let mut explainer = Explainer::new(puzzle.rules());
/// let Explained::Unique(path) = explainer.explain(&puzzle, OnStall::Stop)? else { panic!("unique") };
/// assert!(path.solved && !path.stalled);
/// for step in &path.steps {
///     for p in &step.placements {
///         assert_eq!(path.solution.digits()[p.cell], p.digit); // sound
///     }
/// }
/// let Hint::Step(next) = explainer.hint(&puzzle, None)? else { panic!("a step") };
/// assert_eq!(next.kind, StepKind::Technique(Technique::HiddenSingle));
/// assert_eq!(next.placements.len(), 1);
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Debug)]
pub struct Explainer {
    logic: LogicSolver,
    solver: Solver,
    /// Ends a call early ([`set_stop`](Self::set_stop)).
    stop: Option<Arc<Progress>>,
}

impl Explainer {
    /// An explainer for `rules`, without a budget.
    #[must_use]
    pub fn new(rules: &Rules) -> Explainer {
        let solver = Solver::new(rules);
        Explainer {
            logic: LogicSolver::with_geometry(std::sync::Arc::clone(solver.geometry())),
            solver,
            stop: None,
        }
    }

    /// The rules this explainer is built for.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        self.solver.rules()
    }

    /// Limits the search that finds the solution and settles uniqueness.
    pub fn set_budget(&mut self, budget: Budget) {
        self.solver.set_budget(budget);
    }

    /// Makes later calls end early once `stop` is stopped
    /// ([`Progress::stop`], from any thread: a Ctrl-C handler's, say):
    /// [`explain`](Self::explain) and [`hint`](Self::hint) then return
    /// [`Error::Stopped`], within a few thousand search nodes or one
    /// technique's step. `None` (the default) removes it.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use sudoku_dlx::{Error, Explainer, OnStall, Progress, Puzzle, Rules, ParseOptions};
    /// let p = Puzzle::parse(&format!("5{}", ".".repeat(80)), &ParseOptions::default())?;
    /// let mut explainer = Explainer::new(p.rules());
    /// let stop = Arc::new(Progress::new());
    /// explainer.set_stop(Some(Arc::clone(&stop)));
    /// stop.stop(); // as a signal handler would, while the call runs
    /// assert_eq!(explainer.explain(&p, OnStall::Trial), Err(Error::Stopped));
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    pub fn set_stop(&mut self, stop: Option<Arc<Progress>>) {
        self.solver.set_stop(stop.clone());
        self.logic.set_stop(stop.clone());
        self.stop = stop;
    }

    /// The solution path of `puzzle`: the rater's steps until the grid is
    /// full or the techniques stall; with [`OnStall::Trial`], a trial at
    /// each stall and the techniques again after it, until the grid is full.
    ///
    /// # Errors
    ///
    /// [`Error::KillerNotExplained`] for a killer puzzle,
    /// [`Error::RulesMismatch`] for a puzzle of other rules,
    /// [`Error::ConflictingGivens`] for givens that clash (no path starts
    /// from them), and [`Error::Stopped`] once the stop
    /// ([`set_stop`](Self::set_stop)) is stopped.
    pub fn explain(&mut self, puzzle: &Puzzle, on_stall: OnStall) -> Result<Explained, Error> {
        refuse_killer(puzzle)?;
        let trials = on_stall == OnStall::Trial;
        let uniqueness = self.solver.uniqueness_or_clash(puzzle)?;
        check_stop(self.stop.as_ref())?;
        let explained = match uniqueness {
            Uniqueness::Unique(solution) => Explained::Unique(self.path(puzzle, solution, trials)),
            Uniqueness::NoSolution => Explained::NoSolution,
            Uniqueness::Multiple(..) => Explained::Multiple,
            Uniqueness::BudgetExhausted => Explained::BudgetExhausted,
        };
        // A path the stop cut short is not the path.
        check_stop(self.stop.as_ref())?;
        Ok(explained)
    }

    /// The next step on a player's board. With `board`, `puzzle` is the
    /// puzzle the player started from and `board` their grid (the givens
    /// may be left blank on it): a digit of the board that is not the
    /// solution's is reported as [`Hint::Wrong`]. Without it, `puzzle` is
    /// the board itself.
    ///
    /// # Errors
    ///
    /// [`Error::KillerNotExplained`] for a killer puzzle,
    /// [`Error::RulesMismatch`] for a puzzle of other rules,
    /// [`Error::ShapeMismatch`] for a board of another shape, and
    /// [`Error::Stopped`] once the stop ([`set_stop`](Self::set_stop)) is
    /// stopped.
    pub fn hint(&mut self, puzzle: &Puzzle, board: Option<&Grid>) -> Result<Hint, Error> {
        refuse_killer(puzzle)?;
        let uniqueness = self.solver.uniqueness_or_clash(puzzle)?;
        check_stop(self.stop.as_ref())?;
        let solution = match uniqueness {
            Uniqueness::Unique(solution) => solution,
            Uniqueness::NoSolution => {
                let suspects = match board {
                    None => self.suspects(puzzle)?,
                    Some(_) => Vec::new(),
                };
                return Ok(Hint::NoSolution { suspects });
            }
            Uniqueness::Multiple(..) => return Ok(Hint::Multiple),
            Uniqueness::BudgetExhausted => return Ok(Hint::BudgetExhausted),
        };
        let state = match board {
            None => puzzle.clone(),
            Some(board) => {
                let shape = puzzle.shape();
                if board.shape() != shape {
                    let boxes = |s: crate::model::shape::Shape| (s.box_rows(), s.box_cols());
                    return Err(Error::ShapeMismatch {
                        expected: boxes(shape),
                        found: boxes(board.shape()),
                    });
                }
                let right = solution.digits();
                if let Some(cell) = (0..right.len())
                    .find(|&i| board.digits()[i] != 0 && board.digits()[i] != right[i])
                {
                    return Ok(Hint::Wrong {
                        cell,
                        found: board.digits()[cell],
                        solution: right[cell],
                    });
                }
                // The givens and the player's digits: all the solution's,
                // so they cannot clash.
                let merged = puzzle
                    .givens()
                    .digits()
                    .iter()
                    .zip(board.digits())
                    .map(|(&given, &entry)| given.max(entry))
                    .collect();
                Puzzle::new(puzzle.rules().clone(), Grid::from_digits(shape, merged)?)?
                    .with_alphabet(puzzle.alphabet())
            }
        };
        let naming = Naming::of(&state);
        let path = self.path(&state, solution, false);
        check_stop(self.stop.as_ref())?;
        Ok(match path.steps.into_iter().next() {
            Some(step) => Hint::Step(first_placement(step)),
            None if path.solved => Hint::Solved,
            None => Hint::Stalled {
                board: path.stall.unwrap_or_else(|| self.board()),
                trial: self.trial(&path.solution, &naming),
            },
        })
    }

    /// The filled cells of `board` (which has no solution) whose blanking
    /// alone gives it a solution.
    fn suspects(&mut self, board: &Puzzle) -> Result<Vec<usize>, Error> {
        let digits = board.givens().digits();
        let mut suspects = Vec::new();
        for cell in (0..digits.len()).filter(|&i| digits[i] != 0) {
            let mut without = digits.to_vec();
            without[cell] = 0;
            let grid = Grid::from_digits(board.shape(), without)?;
            let rest = Puzzle::new(board.rules().clone(), grid)?;
            // Blanking one of two clashing digits may leave the other
            // clash; such a board has no solution either.
            match self.solver.solve(&rest) {
                Ok(First::Solution(_)) => suspects.push(cell),
                Ok(_) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(suspects)
    }

    /// The steps from `puzzle`'s givens, whose unique solution is
    /// `solution`.
    fn path(&mut self, puzzle: &Puzzle, solution: Grid, trials: bool) -> Explanation {
        let mut explanation = Explanation {
            steps: Vec::new(),
            stalled: false,
            solved: false,
            stall: None,
            solution,
        };
        // Givens that clash were ruled out by the unique solution.
        if !self.logic.load(puzzle) {
            return explanation;
        }
        let naming = Naming::of(puzzle);
        loop {
            let mut recorder = Recorder::new(&self.logic, &naming);
            let steps = &mut explanation.steps;
            let report = self
                .logic
                .run_watched(|technique, logic| steps.push(recorder.step(technique, logic)));
            if report.solved || report.contradiction {
                explanation.solved = report.solved;
                return explanation;
            }
            explanation.stalled = true;
            if explanation.stall.is_none() {
                explanation.stall = Some(self.board());
            }
            if !trials || check_stop(self.stop.as_ref()).is_err() {
                return explanation;
            }
            let trial = self.trial(&explanation.solution, &naming);
            explanation.steps.push(trial);
        }
    }

    /// The logic solver's grid and candidates.
    fn board(&self) -> Board {
        Board {
            digits: self.logic.values.clone(),
            candidates: self
                .logic
                .candidates
                .iter()
                .map(|&c| digits_of(c))
                .collect(),
        }
    }

    /// Places the solution's digit in the open cell with the fewest
    /// candidates (the first such in row order) and returns that step.
    fn trial(&mut self, solution: &Grid, naming: &Arc<Naming>) -> Step {
        let open = (0..self.logic.values.len()).filter(|&i| self.logic.values[i] == 0);
        let cell = open
            .min_by_key(|&i| self.logic.candidates[i].count_ones())
            .unwrap_or(0);
        let digit = solution.digits()[cell];
        let candidates = digits_of(self.logic.candidates[cell]);
        // The solution's digit is a candidate (every step is sound), so the
        // placement leaves the board consistent; were it not, the next run
        // of the techniques would find the contradiction and stop.
        let _consistent = self.logic.place(cell, digit);
        Step {
            kind: StepKind::Trial,
            houses: Vec::new(),
            cells: vec![cell],
            digits: candidates,
            placements: vec![Placement {
                cell,
                digit,
                house: None,
            }],
            eliminations: Vec::new(),
            chains: Vec::new(),
            naming: Arc::clone(naming),
        }
    }
}

/// [`Error::KillerNotExplained`] for a killer puzzle. The techniques know
/// no cage logic (cage sums, combinations, innies and outies): on a killer
/// puzzle, with few givens or none, they would stall at once, and a path of
/// trials alone explains nothing.
fn refuse_killer(puzzle: &Puzzle) -> Result<(), Error> {
    match puzzle.rules().cages() {
        Some(_) => Err(Error::KillerNotExplained),
        None => Ok(()),
    }
}

/// `step` with only its first placement, if it is a singles step.
fn first_placement(mut step: Step) -> Step {
    let singles = [
        StepKind::Technique(Technique::HiddenSingle),
        StepKind::Technique(Technique::NakedSingle),
    ];
    if singles.contains(&step.kind) && step.placements.len() > 1 {
        step.placements.truncate(1);
        step.cells.retain(|&i| i == step.placements[0].cell);
    }
    step
}
