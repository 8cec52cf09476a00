//! The Sudoku solvers compared, each answering the tdoku question for one
//! puzzle: no solution, exactly one (which?), or two or more.
//!
//! `sudoku-dlx` is used through its public API. For the others the
//! exact-cover encoding is the standard one: option `9 * cell + d - 1`
//! puts digit `d` in `cell` and covers four primary items (the cell; digit `d`
//! in its row, its column, its box). The engine row builds it once and
//! pre-selects the givens of each puzzle; the generic DLX peers, which cannot
//! pre-select and reset, get the encoding their own examples use, rebuilt for
//! every puzzle with the givens and every candidate they rule out removed.

use std::ops::ControlFlow;

use dlx_engine::{OptionId, Problem};

use crate::sudoku_sets::Digits;

/// What a solver says about one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// No solution.
    None,
    /// Exactly one solution.
    Unique(Digits),
    /// Two or more solutions.
    Multiple,
}

impl Answer {
    /// 0, 1 or 2 (for two or more).
    #[must_use]
    pub fn class(&self) -> u8 {
        match self {
            Answer::None => 0,
            Answer::Unique(_) => 1,
            Answer::Multiple => 2,
        }
    }
}

/// One of the Sudoku solvers under comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SudokuSolverKind {
    /// This project's `sudoku-dlx` crate: one `Solver` for classic rules,
    /// a `Puzzle` made from the digits, `for_each_solution` stopped at the
    /// second solution. Its default method searches 9x9 on bitsets.
    SudokuDlx,
    /// The same with `Method::DancingLinks`: the crate on our engine.
    SudokuDlxLinks,
    /// Our engine alone (`dlx-engine`) on the encoding above, built once,
    /// with givens pre-selected and reset per puzzle.
    Engine,
    /// The `sudoku` crate 0.8 (a JCZSolve port), `solutions_up_to_buffer(.., 2)`.
    SudokuCrate,
    /// The `dlx` crate 0.8 on the reduced encoding, rebuilt per puzzle.
    KnuthDlx,
    /// The `dlx-rs` crate 1.3 on the reduced encoding, rebuilt per puzzle.
    DlxRs,
}

impl SudokuSolverKind {
    /// The name used in tables.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            SudokuSolverKind::SudokuDlx => "sudoku-dlx (ours)",
            SudokuSolverKind::SudokuDlxLinks => "sudoku-dlx links (ours)",
            SudokuSolverKind::Engine => "dlx-engine (ours)",
            SudokuSolverKind::SudokuCrate => "sudoku 0.8",
            SudokuSolverKind::KnuthDlx => "dlx 0.8",
            SudokuSolverKind::DlxRs => "dlx-rs 1.3",
        }
    }

    /// A solver of this kind, ready for any number of puzzles.
    #[must_use]
    pub fn build(self) -> SudokuSolver {
        let state = match self {
            SudokuSolverKind::SudokuDlx | SudokuSolverKind::SudokuDlxLinks => {
                let rules = sudoku_dlx::Rules::classic();
                let mut solver = sudoku_dlx::Solver::new(&rules);
                if self == SudokuSolverKind::SudokuDlxLinks {
                    solver.set_method(sudoku_dlx::Method::DancingLinks);
                }
                State::SudokuDlx(rules, Box::new(solver))
            }
            SudokuSolverKind::Engine => {
                State::Engine(Box::new(dlx_engine::Dlx::new(&sudoku_problem())))
            }
            SudokuSolverKind::SudokuCrate => State::None,
            SudokuSolverKind::KnuthDlx => State::None,
            SudokuSolverKind::DlxRs => State::None,
        };
        SudokuSolver { kind: self, state }
    }
}

/// A solver with whatever it keeps from one puzzle to the next.
#[derive(Clone, Debug)]
pub struct SudokuSolver {
    kind: SudokuSolverKind,
    state: State,
}

/// What a solver keeps between puzzles: our matrix is built once; the peers
/// keep nothing.
#[derive(Clone, Debug)]
enum State {
    SudokuDlx(sudoku_dlx::Rules, Box<sudoku_dlx::Solver>),
    Engine(Box<dlx_engine::Dlx>),
    None,
}

impl SudokuSolver {
    /// Which solver this is.
    #[must_use]
    pub fn kind(&self) -> SudokuSolverKind {
        self.kind
    }

    /// Counts the solutions of `puzzle` up to two, keeping the first.
    pub fn solve(&mut self, puzzle: &Digits) -> Answer {
        match (self.kind, &mut self.state) {
            (
                SudokuSolverKind::SudokuDlx | SudokuSolverKind::SudokuDlxLinks,
                State::SudokuDlx(rules, solver),
            ) => solve_sudoku_dlx(rules, solver, puzzle),
            (SudokuSolverKind::Engine, State::Engine(engine)) => solve_engine(engine, puzzle),
            (SudokuSolverKind::SudokuCrate, _) => solve_sudoku_crate(puzzle),
            (SudokuSolverKind::KnuthDlx, _) => solve_knuth_dlx(puzzle),
            (SudokuSolverKind::DlxRs, _) => solve_dlx_rs(puzzle),
            (kind, _) => unreachable!("{kind:?} is built with its state"),
        }
    }
}

/// The full 9x9 exact-cover problem: 324 primary items, 729 options.
#[must_use]
pub fn sudoku_problem() -> Problem {
    let mut builder =
        Problem::builder(324, 0).unwrap_or_else(|e| unreachable!("324 items fit: {e}"));
    for cell in 0..81 {
        for d in 0..9 {
            builder
                .add_option(&option_items(cell, d))
                .unwrap_or_else(|e| unreachable!("a valid option: {e}"));
        }
    }
    builder.build()
}

/// The four items of "digit `d + 1` in `cell`" in the full problem.
fn option_items(cell: usize, d: usize) -> [usize; 4] {
    let (row, column) = (cell / 9, cell % 9);
    let boxed = row / 3 * 3 + column / 3;
    [
        cell,
        81 + row * 9 + d,
        162 + column * 9 + d,
        243 + boxed * 9 + d,
    ]
}

/// The option of the full problem that puts digit `d` (1 to 9) in `cell`.
#[must_use]
pub fn given_option(cell: usize, digit: u8) -> OptionId {
    OptionId::new(cell * 9 + usize::from(digit) - 1)
        .unwrap_or_else(|| unreachable!("729 options fit"))
}

/// Writes the digit of each option of the full problem into `grid`.
fn fill_grid(grid: &mut Digits, options: &[OptionId]) {
    for option in options {
        let k = option.index();
        grid[k / 9] = u8::try_from(k % 9 + 1).unwrap_or(0);
    }
}

/// Makes a `Puzzle` of the digits and stops its search at the second solution.
fn solve_sudoku_dlx(
    rules: &sudoku_dlx::Rules,
    solver: &mut sudoku_dlx::Solver,
    puzzle: &Digits,
) -> Answer {
    let givens = sudoku_dlx::Grid::from_digits(rules.shape(), puzzle.to_vec())
        .and_then(|grid| sudoku_dlx::Puzzle::new(rules.clone(), grid))
        .unwrap_or_else(|e| unreachable!("81 digits 0-9 make a classic puzzle: {e}"));
    let mut first = None;
    let count = solver.for_each_solution(&givens, |grid| {
        if first.is_some() {
            return ControlFlow::Break(());
        }
        first = <[u8; 81]>::try_from(grid.digits()).ok();
        ControlFlow::Continue(())
    });
    match (count.map(|c| c.solutions), first) {
        // Clashing givens are an error: no solution.
        (Err(_) | Ok(0), _) => Answer::None,
        (Ok(1), Some(grid)) => Answer::Unique(grid),
        // A 9x9 solution that is not 81 digits would fail the grid checker.
        (Ok(1), None) => Answer::Unique([0; 81]),
        (Ok(_), _) => Answer::Multiple,
    }
}

/// Pre-selects the givens, counts to two and resets.
fn solve_engine(engine: &mut dlx_engine::Dlx, puzzle: &Digits) -> Answer {
    for (cell, &digit) in puzzle.iter().enumerate() {
        if digit != 0 && engine.select(given_option(cell, digit)).is_err() {
            // Two givens clash: no solution.
            engine.reset();
            return Answer::None;
        }
    }
    let mut grid = [0; 81];
    let count = engine.for_each_solution(|solution| {
        let options = solution.options();
        if grid[0] != 0 {
            return ControlFlow::Break(());
        }
        fill_grid(&mut grid, options);
        ControlFlow::Continue(())
    });
    engine.reset();
    match count.solutions {
        0 => Answer::None,
        1 => Answer::Unique(grid),
        _ => Answer::Multiple,
    }
}

fn solve_sudoku_crate(puzzle: &Digits) -> Answer {
    let Ok(sudoku) = sudoku::Sudoku::from_bytes(*puzzle) else {
        return Answer::None;
    };
    let mut first = [[0; 81]];
    match sudoku.solutions_up_to_buffer(&mut first, 2) {
        0 => Answer::None,
        1 => Answer::Unique(first[0]),
        _ => Answer::Multiple,
    }
}

/// The reduced problem of one puzzle: only empty cells, and only the
/// row/column/box-digit pairs and candidates the givens leave open.
struct Reduced {
    /// Number of items (all primary).
    items: usize,
    /// Options as 0-based item indices.
    options: Vec<[usize; 4]>,
    /// The (cell, digit) each option places.
    places: Vec<(usize, u8)>,
}

/// Builds the reduced problem, or says at once that there is no solution
/// (clashing givens) or exactly one (no empty cell).
fn reduce(puzzle: &Digits) -> Result<Reduced, Answer> {
    // Bit d of row_has[r] is set if row r has a given d.
    let (mut row_has, mut column_has, mut box_has) = ([0u16; 9], [0u16; 9], [0u16; 9]);
    for (cell, &digit) in puzzle.iter().enumerate() {
        if digit == 0 {
            continue;
        }
        let (r, c) = (cell / 9, cell % 9);
        let b = r / 3 * 3 + c / 3;
        let bit = 1 << digit;
        if (row_has[r] | column_has[c] | box_has[b]) & bit != 0 {
            return Err(Answer::None);
        }
        row_has[r] |= bit;
        column_has[c] |= bit;
        box_has[b] |= bit;
    }
    // Item numbers, in the full problem's order with the closed items left out.
    let mut item_of = [usize::MAX; 324];
    let mut items = 0;
    for (item, slot) in item_of.iter_mut().enumerate() {
        let open = match item / 81 {
            0 => puzzle[item] == 0,
            kind => {
                let (unit, digit) = (item % 81 / 9, item % 9 + 1);
                let has = [row_has, column_has, box_has][kind - 1][unit];
                has & (1 << digit) == 0
            }
        };
        if open {
            *slot = items;
            items += 1;
        }
    }
    if items == 0 {
        return Err(Answer::Unique(*puzzle));
    }
    let mut options = Vec::new();
    let mut places = Vec::new();
    for cell in (0..81).filter(|&cell| puzzle[cell] == 0) {
        for d in 0..9 {
            let full = option_items(cell, d);
            if full.iter().all(|&i| item_of[i] != usize::MAX) {
                options.push(full.map(|i| item_of[i]));
                places.push((cell, u8::try_from(d + 1).unwrap_or(0)));
            }
        }
    }
    if options.is_empty() {
        return Err(Answer::None);
    }
    Ok(Reduced {
        items,
        options,
        places,
    })
}

impl Reduced {
    /// The puzzle completed by the given options of the reduced problem.
    fn grid(&self, puzzle: &Digits, options: impl IntoIterator<Item = usize>) -> Digits {
        let mut grid = *puzzle;
        for k in options {
            let (cell, digit) = self.places[k];
            grid[cell] = digit;
        }
        grid
    }
}

fn solve_knuth_dlx(puzzle: &Digits) -> Answer {
    use knuth_dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
    let reduced = match reduce(puzzle) {
        Ok(reduced) => reduced,
        Err(answer) => return answer,
    };
    let options: Vec<Vec<knuth_dlx::Uint>> = reduced
        .options
        .iter()
        .map(|o| o.iter().map(|&i| knuth_dlx::Uint(i)).collect())
        .collect();
    let mut problem = knuth_dlx::x::make_problem(
        knuth_dlx::Uint(reduced.items),
        0,
        &options,
        knuth_dlx::OptOrder::Seq,
    );
    let mut solver = knuth_dlx::Solver::new(&mut problem);
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    if !solver.next_solution(&mut chooser) {
        return Answer::None;
    }
    let grid = reduced.grid(
        puzzle,
        solver
            .fmt_solution()
            .iter()
            .map(|&k| usize::try_from(k).unwrap_or(usize::MAX)),
    );
    if solver.next_solution(&mut chooser) {
        Answer::Multiple
    } else {
        Answer::Unique(grid)
    }
}

fn solve_dlx_rs(puzzle: &Digits) -> Answer {
    let reduced = match reduce(puzzle) {
        Ok(reduced) => reduced,
        Err(answer) => return answer,
    };
    // dlx-rs numbers items from 1; each option is named by its index.
    let mut solver = dlx_rs::Solver::new(reduced.items);
    for (k, option) in reduced.options.iter().enumerate() {
        solver.add_option(k, &option.map(|i| i + 1));
    }
    let Some(first) = solver.next() else {
        return Answer::None;
    };
    if solver.next().is_some() {
        Answer::Multiple
    } else {
        Answer::Unique(reduced.grid(puzzle, first))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid_check::check_grid;
    use crate::sudoku_sets::parse_line;

    const ALL: [SudokuSolverKind; 5] = [
        SudokuSolverKind::SudokuDlx,
        SudokuSolverKind::Engine,
        SudokuSolverKind::SudokuCrate,
        SudokuSolverKind::KnuthDlx,
        SudokuSolverKind::DlxRs,
    ];

    fn answers(line: &str) -> Vec<Answer> {
        let puzzle = parse_line(line).unwrap();
        ALL.iter().map(|k| k.build().solve(&puzzle)).collect()
    }

    #[test]
    fn every_solver_agrees_on_each_class() {
        let unique =
            "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";
        for answer in answers(unique) {
            let Answer::Unique(grid) = answer else {
                panic!("{answer:?}")
            };
            assert_eq!(check_grid(&parse_line(unique).unwrap(), &grid), Ok(()));
        }
        let empty = ".".repeat(81);
        assert!(answers(&empty).iter().all(|a| *a == Answer::Multiple));
        // Two 1s in the first row.
        let clash = format!("11{}", ".".repeat(79));
        assert!(answers(&clash).iter().all(|a| *a == Answer::None));
        // Consistent givens but no solution: cell 8 can hold nothing.
        let dead = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
        assert!(
            answers(&dead).iter().all(|a| *a == Answer::None),
            "{:?}",
            answers(&dead)
        );
    }

    #[test]
    fn a_full_grid_is_its_own_solution() {
        let solved =
            "987654321246173985351928746128537694634892157795461832519286473472319568863745219";
        let grid = parse_line(solved).unwrap();
        assert!(answers(solved).iter().all(|a| *a == Answer::Unique(grid)));
    }
}
