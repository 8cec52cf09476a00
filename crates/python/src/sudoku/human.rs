//! The human side: rating, the explained solution path and hints, each
//! step as a tuple of its technique, text, cells, digits, placements,
//! eliminations, houses and chains, and the text the CLI prints.
//!
//! On a 4x4 grid the techniques and their searches end within a few
//! milliseconds whatever the puzzle and variant, so they run on the
//! calling thread (the GIL released), without a thread to start (some
//! 50-150 µs, as much as the work). A larger grid runs where Ctrl-C stops
//! it: a minimal 6x6 X puzzle takes some 45 ms to explain, too near the
//! 100 ms within which Ctrl-C must be seen, and a 17-clue 9x9 a third of
//! a second to rate.

use pyo3::prelude::*;
use std::sync::Arc;

use sudoku_dlx::{
    Budget, Error, Explained, Explainer, Hint, OnStall, Progress, Puzzle, Rated, Rater, Step,
};

use crate::errors::BudgetExhausted;
use crate::interrupt::interruptible;
use crate::sudoku::make::{RatingTuple, rating_tuple};
use crate::sudoku::not_unique;
use crate::sudoku::puzzle::NativePuzzle;

/// A step: technique, text, cells, digits, placements (cell, digit, the
/// house that forced it), eliminations (cell, digit), houses, chains.
type StepTuple = (
    String,
    String,
    Vec<usize>,
    Vec<u8>,
    Vec<(usize, u8, Option<String>)>,
    Vec<(usize, u8)>,
    Vec<String>,
    Vec<String>,
);

/// A board where the techniques stall: its digits (0 open) and the
/// candidates of each cell.
type BoardTuple = (Vec<u8>, Vec<Vec<u8>>);

/// `step` of `puzzle` as a [`StepTuple`].
fn step_tuple(puzzle: &Puzzle, step: &Step) -> StepTuple {
    let rules = puzzle.rules();
    let (shape, alphabet) = (puzzle.shape(), puzzle.alphabet());
    (
        step.kind.to_string(),
        step.to_string(),
        step.cells.clone(),
        step.digits.clone(),
        step.placements
            .iter()
            .map(|p| (p.cell, p.digit, p.house.map(|h| h.name(rules))))
            .collect(),
        step.eliminations
            .iter()
            .map(|e| (e.cell, e.digit))
            .collect(),
        step.houses.iter().map(|h| h.name(rules)).collect(),
        step.chains
            .iter()
            .map(|c| c.describe(shape, alphabet))
            .collect(),
    )
}

/// Digits a grid may have for its human side to run on the calling
/// thread: 4x4 grids (the module's docs say why not 6x6).
const SMALL: usize = 4;

/// `work` on `puzzle`: on this thread, the GIL released, for a grid of up
/// to [`SMALL`] digits; else where Ctrl-C stops it ([`interruptible`]).
fn human<T, F>(py: Python<'_>, puzzle: &Puzzle, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(Arc<Progress>) -> T + Send,
{
    if puzzle.shape().size() <= SMALL {
        Ok(py.detach(|| work(Arc::new(Progress::new()))))
    } else {
        interruptible(py, work)
    }
}

/// The rating of a unique puzzle; `NotUniqueError` or `BudgetExhausted`
/// for the others.
#[pyfunction]
#[pyo3(signature = (puzzle, max_nodes))]
pub(crate) fn sudoku_rate(
    py: Python<'_>,
    puzzle: &NativePuzzle,
    max_nodes: Option<u64>,
) -> PyResult<RatingTuple> {
    let owned = &puzzle.puzzle;
    let rated = human(py, owned, move |stop| {
        let mut rater = Rater::new(owned.rules());
        rater.set_stop(Some(stop));
        if let Some(nodes) = max_nodes {
            rater.set_budget(Budget::nodes(nodes));
        }
        rater.rate_puzzle(owned)
    })?
    .map_err(|e| puzzle.error(py, &e))?;
    match rated {
        Rated::Unique(rating) => Ok(rating_tuple(&rating)),
        Rated::NoSolution => Err(not_unique(py, 0)),
        Rated::Multiple => Err(not_unique(py, 2)),
        _ => Err(BudgetExhausted::new_err(
            "the node budget ran out before the rating",
        )),
    }
}

/// An explainer of `puzzle`'s rules with `max_nodes` as its budget.
fn explainer(puzzle: &Puzzle, max_nodes: Option<u64>, stop: Arc<Progress>) -> Explainer {
    let mut explainer = Explainer::new(puzzle.rules());
    explainer.set_stop(Some(stop));
    if let Some(nodes) = max_nodes {
        explainer.set_budget(Budget::nodes(nodes));
    }
    explainer
}

/// The solution path of a unique puzzle: steps, stalled, solved, the board
/// where the techniques first stalled, the solution, and the CLI's text
/// (without its `# FILE:LINE` header and the blank line after).
#[pyfunction]
#[pyo3(signature = (puzzle, guess, max_nodes))]
#[allow(clippy::type_complexity)]
pub(crate) fn sudoku_explain(
    py: Python<'_>,
    puzzle: &NativePuzzle,
    guess: bool,
    max_nodes: Option<u64>,
) -> PyResult<(
    Vec<StepTuple>,
    bool,
    bool,
    Option<BoardTuple>,
    NativePuzzle,
    String,
)> {
    let owned = &puzzle.puzzle;
    let on_stall = if guess { OnStall::Trial } else { OnStall::Stop };
    let explained = human(py, owned, move |stop| {
        explainer(owned, max_nodes, stop).explain(owned, on_stall)
    })?
    .map_err(|e| puzzle.error(py, &e))?;
    let path = match explained {
        Explained::Unique(path) => path,
        Explained::NoSolution => return Err(not_unique(py, 0)),
        Explained::Multiple => return Err(not_unique(py, 2)),
        _ => {
            return Err(BudgetExhausted::new_err(
                "the node budget ran out before uniqueness was settled",
            ));
        }
    };
    let p = &puzzle.puzzle;
    let text = path.text(p);
    Ok((
        path.steps.iter().map(|s| step_tuple(p, s)).collect(),
        path.stalled,
        path.solved,
        path.stall.map(|b| (b.digits, b.candidates)),
        puzzle.grid(path.solution),
        text,
    ))
}

/// A hint: kind (`step`, `stalled`, `solved`, `wrong`), the step (the
/// trial when stalled), the CLI's text, the wrong cell, the digit there,
/// the solution's digit, the suspect cells, the stalled board.
type HintTuple = (
    &'static str,
    Option<StepTuple>,
    String,
    Option<usize>,
    Option<u8>,
    Option<u8>,
    Vec<usize>,
    Option<BoardTuple>,
);

/// The next step on `board` (the player's grid, or the puzzle itself when
/// None), or the digit that is wrong; as `sudoku-dlx hint` answers.
#[pyfunction]
#[pyo3(signature = (puzzle, board, guess, max_nodes))]
pub(crate) fn sudoku_hint(
    py: Python<'_>,
    puzzle: &NativePuzzle,
    board: Option<&NativePuzzle>,
    guess: bool,
    max_nodes: Option<u64>,
) -> PyResult<HintTuple> {
    let owned = &puzzle.puzzle;
    let grid = board.map(|b| b.puzzle.givens().clone());
    let pair = grid.is_some();
    let hint = human(py, owned, move |stop| {
        explainer(owned, max_nodes, stop).hint(owned, grid.as_ref())
    })?;
    let p = &puzzle.puzzle;
    let shape = p.shape();
    let symbol = |digit: u8| p.alphabet().symbol(digit);
    let nothing = |kind, step, text| (kind, step, text, None, None, None, Vec::new(), None);
    let hint = match hint {
        Ok(hint) => hint,
        Err(Error::ConflictingGivens {
            first,
            second,
            digit,
            unit,
        }) if !pair => {
            let text = format!(
                "!wrong: {first} and {second} both hold {} in one {unit}",
                symbol(digit)
            );
            let at = shape.index(second);
            let found = p.givens().digits()[at];
            return Ok((
                "wrong",
                None,
                text,
                Some(at),
                Some(found),
                None,
                Vec::new(),
                None,
            ));
        }
        Err(e) => return Err(puzzle.error(py, &e)),
    };
    // The CLI's text, where the hint has one (the others raise below).
    let text = hint.text(p, guess).unwrap_or_default();
    Ok(match hint {
        Hint::Step(step) => nothing("step", Some(step_tuple(p, &step)), text),
        Hint::Solved => nothing("solved", None, text),
        Hint::Stalled { board, trial } => {
            let step = guess.then(|| step_tuple(p, &trial));
            let board = (board.digits, board.candidates);
            (
                "stalled",
                step,
                text,
                None,
                None,
                None,
                Vec::new(),
                Some(board),
            )
        }
        Hint::Wrong {
            cell,
            found,
            solution,
        } => (
            "wrong",
            None,
            text,
            Some(cell),
            Some(found),
            Some(solution),
            Vec::new(),
            None,
        ),
        Hint::NoSolution { suspects } if !suspects.is_empty() => {
            let first = suspects.first().copied();
            ("wrong", None, text, first, None, None, suspects, None)
        }
        Hint::NoSolution { .. } => return Err(not_unique(py, 0)),
        Hint::Multiple => return Err(not_unique(py, 2)),
        _ => {
            return Err(BudgetExhausted::new_err(
                "the node budget ran out before uniqueness was settled",
            ));
        }
    })
}
