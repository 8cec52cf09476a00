//! Shared helpers: data files and checked solving.

use sudoku_dlx::{First, Puzzle, Solver, check_solution};

/// The text of a data file under data/sudoku.
pub(crate) fn data(name: &str) -> String {
    let path = format!("{}/../../data/sudoku/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The non-empty, non-comment lines of a data file.
pub(crate) fn lines(name: &str) -> Vec<String> {
    data(name)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

pub(crate) fn parse(text: &str) -> Puzzle {
    // `FromStr`: a jigsaw line reads with its map, as the data files hold them.
    text.parse::<Puzzle>()
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Solves `puzzle`, checks the solution with the independent checker, and returns it as a line.
pub(crate) fn solve_checked(solver: &mut Solver, puzzle: &Puzzle) -> String {
    match solver.solve(puzzle) {
        Ok(First::Solution(grid)) => {
            if let Err(v) = check_solution(puzzle, &grid) {
                panic!("{puzzle}: engine solution {grid} fails the checker: {v}");
            }
            puzzle.format_grid(&grid)
        }
        other => panic!("{puzzle}: expected a solution, got {other:?}"),
    }
}

/// Solves every puzzle of `puzzles` (with the matching published
/// `solutions`, if given) with one solver per rules, checking each answer.
pub(crate) fn solve_all(puzzles: &[String], solutions: Option<&[String]>) {
    if let Some(solutions) = solutions {
        assert_eq!(puzzles.len(), solutions.len());
    }
    let mut solver: Option<Solver> = None;
    for (k, line) in puzzles.iter().enumerate() {
        let puzzle = parse(line);
        if solver.as_ref().is_none_or(|s| s.rules() != puzzle.rules()) {
            solver = Some(Solver::new(puzzle.rules()));
        }
        let Some(s) = solver.as_mut() else {
            unreachable!()
        };
        let solved = solve_checked(s, &puzzle);
        if let Some(solutions) = solutions {
            assert_eq!(solved, solutions[k], "puzzle {} ({line})", k + 1);
        }
    }
}
