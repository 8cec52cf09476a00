//! Solving, counting, uniqueness and checking of one puzzle.
//!
//! Each search first runs on the calling thread (the GIL released) under a
//! small node budget, [`FIRST_LOOK`], which settles almost every puzzle in
//! well under a millisecond without a thread to start (a count on several
//! threads too); a search that needs more runs again, whole, off the
//! interpreter ([`interruptible`]), where Ctrl-C can stop it.

use pyo3::prelude::*;
use sudoku_dlx::{End, Error, First, Parallel, Puzzle, Solver, Uniqueness, check_solution};

use crate::interrupt::interruptible;
use crate::sudoku::puzzle::NativePuzzle;
use crate::sudoku::solvers;

/// Nodes of the first look on the calling thread: a millisecond or two at
/// most, and enough for nearly every published puzzle.
const FIRST_LOOK: u64 = 20_000;

/// Runs `op` on `puzzle` with a solver of its rules: first on this thread
/// under [`FIRST_LOOK`] nodes, then, if the answer is not `settled` then,
/// with the caller's whole budget on a thread that Ctrl-C can stop.
fn run<T, Op>(
    py: Python<'_>,
    native: &NativePuzzle,
    max_nodes: Option<u64>,
    seed: Option<u64>,
    settled: fn(&T) -> bool,
    op: Op,
) -> PyResult<T>
where
    T: Send + 'static,
    Op: Fn(&mut Solver, &Puzzle) -> Result<T, Error> + Send + Sync + Copy + 'static,
{
    if let Some(first) = first_look(py, native, max_nodes, seed, settled, op)? {
        return Ok(first);
    }
    let owned = native.puzzle.clone();
    let answer = interruptible(py, move |stop| {
        let mut solver = solvers::take(owned.rules(), max_nodes, seed, Some(stop));
        let answer = op(&mut solver, &owned);
        solvers::give_back(solver);
        answer
    })?;
    answer.map_err(|e| native.error(py, &e))
}

/// `op` on `puzzle` on this thread, the GIL released, under [`FIRST_LOOK`]
/// nodes: its answer if `settled` (or if the caller's budget was no more
/// than the look's), else `None`.
fn first_look<T, Op>(
    py: Python<'_>,
    native: &NativePuzzle,
    max_nodes: Option<u64>,
    seed: Option<u64>,
    settled: fn(&T) -> bool,
    op: Op,
) -> PyResult<Option<T>>
where
    T: Send,
    Op: Fn(&mut Solver, &Puzzle) -> Result<T, Error> + Send + Sync,
{
    let puzzle = &native.puzzle;
    let look = max_nodes.map_or(FIRST_LOOK, |n| n.min(FIRST_LOOK));
    let first = py.detach(|| {
        let mut solver = solvers::take(puzzle.rules(), Some(look), seed, None);
        let answer = op(&mut solver, puzzle);
        solvers::give_back(solver);
        answer
    });
    let first = first.map_err(|e| native.error(py, &e))?;
    let ended = settled(&first) || max_nodes.is_some_and(|n| n <= FIRST_LOOK);
    Ok(ended.then_some(first))
}

/// The name of how a count ended.
pub(crate) fn end_name(end: End) -> &'static str {
    match end {
        End::Exhausted => "exhausted",
        End::LimitReached => "limit",
        End::BudgetExhausted => "budget",
        _ => "stopped",
    }
}

/// A solution: `("solved", grid)`, `("none", None)` or `("budget", None)`.
#[pyfunction]
#[pyo3(signature = (puzzle, seed, max_nodes))]
pub(crate) fn sudoku_solve(
    py: Python<'_>,
    puzzle: &NativePuzzle,
    seed: Option<u64>,
    max_nodes: Option<u64>,
) -> PyResult<(&'static str, Option<NativePuzzle>)> {
    let first = run(
        py,
        puzzle,
        max_nodes,
        seed,
        |f| !matches!(f, First::BudgetExhausted),
        |solver, p| solver.solve(p),
    )?;
    Ok(match first {
        First::Solution(grid) => ("solved", Some(puzzle.grid(grid))),
        First::NoSolution => ("none", None),
        _ => ("budget", None),
    })
}

/// The number of solutions, up to `limit`, and how the count ended
/// (`exhausted`, `limit`, `budget`), on `jobs` threads (None: every core).
#[pyfunction]
#[pyo3(signature = (puzzle, limit, jobs, max_nodes))]
pub(crate) fn sudoku_count(
    py: Python<'_>,
    puzzle: &NativePuzzle,
    limit: Option<u64>,
    jobs: Option<usize>,
    max_nodes: Option<u64>,
) -> PyResult<(u64, &'static str)> {
    let settled = |c: &sudoku_dlx::Count| c.end != End::BudgetExhausted;
    let count_op = move |solver: &mut Solver, p: &Puzzle| solver.count(p, limit);
    let count = if jobs == Some(1) {
        run(py, puzzle, max_nodes, None, settled, count_op)?
    } else if let Some(first) = first_look(py, puzzle, max_nodes, None, settled, count_op)? {
        // Settled by one thread, without starting any (or the watch).
        first
    } else {
        // count_parallel makes its own first look and spreads the rest.
        let parallel = jobs.map_or_else(Parallel::new, |n| Parallel::new().with_threads(n));
        let owned = puzzle.puzzle.clone();
        let answer = interruptible(py, move |stop| {
            let mut solver = solvers::take(owned.rules(), max_nodes, None, Some(stop));
            let answer = solver.count_parallel(&owned, &parallel, limit);
            solvers::give_back(solver);
            answer
        })?;
        answer.map_err(|e| puzzle.error(py, &e))?
    };
    Ok((count.solutions, end_name(count.end)))
}

/// None, one or several solutions: `("none", [])`, `("unique", [grid])`,
/// `("multiple", [grid, grid])` or `("budget", [])`.
#[pyfunction]
#[pyo3(signature = (puzzle, max_nodes))]
pub(crate) fn sudoku_uniqueness(
    py: Python<'_>,
    puzzle: &NativePuzzle,
    max_nodes: Option<u64>,
) -> PyResult<(&'static str, Vec<NativePuzzle>)> {
    let answer = run(
        py,
        puzzle,
        max_nodes,
        None,
        |u| !matches!(u, Uniqueness::BudgetExhausted),
        |solver, p| solver.uniqueness(p),
    )?;
    Ok(match answer {
        Uniqueness::NoSolution => ("none", Vec::new()),
        Uniqueness::Unique(grid) => ("unique", vec![puzzle.grid(grid)]),
        Uniqueness::Multiple(a, b) => ("multiple", vec![puzzle.grid(a), puzzle.grid(b)]),
        _ => ("budget", Vec::new()),
    })
}

/// Why `grid` is not a solution of `puzzle`, as `check` says it, with the
/// cell (row-major index) it names; None when it is one.
#[pyfunction]
pub(crate) fn sudoku_check(
    puzzle: &NativePuzzle,
    grid: &NativePuzzle,
) -> Option<(String, Option<usize>)> {
    let shape = puzzle.puzzle.shape();
    check_solution(&puzzle.puzzle, grid.puzzle.givens())
        .err()
        .map(|violation| {
            (
                violation.describe(puzzle.puzzle.alphabet()),
                violation.cell().map(|cell| shape.index(cell)),
            )
        })
}

/// The two givens that clash, in words, if any.
#[pyfunction]
pub(crate) fn sudoku_clash(py: Python<'_>, puzzle: &NativePuzzle) -> PyResult<Option<String>> {
    let mut solver = solvers::take(puzzle.puzzle.rules(), None, None, None);
    let clash = solver.clash(&puzzle.puzzle);
    solvers::give_back(solver);
    Ok(clash
        .map_err(|e| puzzle.error(py, &e))?
        .map(|e| e.describe(puzzle.puzzle.alphabet())))
}
