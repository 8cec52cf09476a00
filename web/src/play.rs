//! The player's questions: solve, check a board (the first wrong cell, never
//! the solution), hint (the next step on a board) and explain (the whole
//! path), with each step given as the page highlights it.

use serde_json::{Value, json};
use sudoku_dlx::{
    Cell, Explained, Explainer, Grid, Hint, House, OnStall, Puzzle, Shape, Solver, Step, StepKind,
    Uniqueness, Unit, windoku_windows,
};
use wasm_bindgen::prelude::wasm_bindgen;

use crate::board::{error, read};

/// The cells of each windoku window, in the order the rules number them.
pub(crate) fn windows(shape: Shape) -> Vec<Vec<usize>> {
    windoku_windows(shape)
        .into_iter()
        .map(|corner| {
            let mut cells = Vec::new();
            for dr in 0..shape.box_rows() {
                for dc in 0..shape.box_cols() {
                    cells.push(shape.index(Cell {
                        row: corner.row + dr,
                        col: corner.col + dc,
                    }));
                }
            }
            cells
        })
        .collect()
}

/// The cells of `house`, as the step that names it means it.
fn house_cells(puzzle: &Puzzle, house: House) -> Vec<usize> {
    let rules = puzzle.rules();
    let shape = puzzle.shape();
    let n = shape.size();
    let k = house.number - 1;
    let all = 0..shape.cell_count();
    match house.kind {
        Unit::Row => all.filter(|&i| shape.cell(i).row == k).collect(),
        Unit::Column => all.filter(|&i| shape.cell(i).col == k).collect(),
        Unit::Box => all.filter(|&i| shape.box_of(shape.cell(i)) == k).collect(),
        Unit::Region => all.filter(|&i| rules.region_of(i) == k).collect(),
        Unit::Diagonal => all
            .filter(|&i| {
                let c = shape.cell(i);
                if k == 0 {
                    c.row == c.col
                } else {
                    c.row + c.col == n - 1
                }
            })
            .collect(),
        Unit::Window => windows(shape).into_iter().nth(k).unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// A step as the page shows it: its words (as `sudoku-dlx explain` writes
/// them), the pattern's cells, houses and digits, and what it places and
/// removes.
fn step_view(puzzle: &Puzzle, step: &Step) -> Value {
    let houses: Vec<Value> = step
        .houses
        .iter()
        .chain(step.placements.iter().filter_map(|p| p.house.as_ref()))
        .map(|&h| json!({ "name": h.name(puzzle.rules()), "cells": house_cells(puzzle, h) }))
        .collect();
    let pairs = |cells: &mut dyn Iterator<Item = (usize, u8)>| -> Vec<Value> {
        cells
            .map(|(cell, digit)| json!({ "cell": cell, "digit": digit }))
            .collect()
    };
    json!({
        "text": step.to_string(),
        "technique": step.kind.name(),
        "trial": step.kind == StepKind::Trial,
        "cells": step.cells,
        "digits": step.digits,
        "houses": houses,
        "placements": pairs(&mut step.placements.iter().map(|p| (p.cell, p.digit))),
        "eliminations": pairs(&mut step.eliminations.iter().map(|e| (e.cell, e.digit))),
    })
}

/// The player's board (givens and their digits, 0 for blank) as a grid of
/// the puzzle's shape.
fn board_grid(puzzle: &Puzzle, board: &[u8]) -> Result<Grid, String> {
    Grid::from_digits(puzzle.shape(), board.to_vec()).map_err(|e| format!("board: {e}"))
}

/// Solves the puzzle: `{"status": "unique"|"multiple"|"none", "solution"}`
/// (one solution of several when `multiple`).
#[wasm_bindgen]
#[must_use]
pub fn solve(text: &str, variants: &str, format: &str) -> String {
    let puzzle = match read(text, variants, format) {
        Ok(p) => p,
        Err(message) => return error(message),
    };
    let mut solver = Solver::new(puzzle.rules());
    match solver.uniqueness(&puzzle) {
        Ok(Uniqueness::Unique(grid)) => {
            json!({ "status": "unique", "solution": grid.digits() }).to_string()
        }
        Ok(Uniqueness::Multiple(grid, _)) => {
            json!({ "status": "multiple", "solution": grid.digits() }).to_string()
        }
        Ok(Uniqueness::NoSolution) => json!({ "status": "none" }).to_string(),
        Ok(Uniqueness::BudgetExhausted) => json!({ "status": "budget" }).to_string(),
        Err(e) => error(e),
    }
}

/// Checks the player's `board`: `{"status": "wrong", "cell"}` for the first
/// cell (row order) whose digit is not the solution's, `solved`, `ok` (no
/// wrong digit yet), or why it cannot say (`none`, `multiple`). Never
/// answers a digit of the solution.
#[wasm_bindgen]
#[must_use]
pub fn check(text: &str, variants: &str, format: &str, board: &[u8]) -> String {
    let puzzle = match read(text, variants, format) {
        Ok(p) => p,
        Err(message) => return error(message),
    };
    let board = match board_grid(&puzzle, board) {
        Ok(b) => b,
        Err(message) => return error(message),
    };
    let mut solver = Solver::new(puzzle.rules());
    let solution = match solver.uniqueness(&puzzle) {
        Ok(Uniqueness::Unique(grid)) => grid,
        Ok(Uniqueness::Multiple(..)) => return json!({ "status": "multiple" }).to_string(),
        Ok(Uniqueness::NoSolution) => return json!({ "status": "none" }).to_string(),
        Ok(Uniqueness::BudgetExhausted) => return json!({ "status": "budget" }).to_string(),
        Err(e) => return error(e),
    };
    let wrong = board
        .digits()
        .iter()
        .zip(solution.digits())
        .position(|(&played, &right)| played != 0 && played != right);
    let status = match wrong {
        Some(cell) => return json!({ "status": "wrong", "cell": cell }).to_string(),
        None if board.is_complete() => "solved",
        None => "ok",
    };
    json!({ "status": status, "filled": board.filled_count() }).to_string()
}

/// The next step on the player's `board`, as `sudoku-dlx hint` finds it:
/// `{"status": "hint", "step"}` (`trial` true where the techniques stall),
/// or `wrong` with the cell, `solved`, `none`, `multiple`.
#[wasm_bindgen]
#[must_use]
pub fn hint(text: &str, variants: &str, format: &str, board: &[u8]) -> String {
    let puzzle = match read(text, variants, format) {
        Ok(p) => p,
        Err(message) => return error(message),
    };
    let board = match board_grid(&puzzle, board) {
        Ok(b) => b,
        Err(message) => return error(message),
    };
    match Explainer::new(puzzle.rules()).hint(&puzzle, Some(&board)) {
        Ok(Hint::Step(step)) => {
            json!({ "status": "hint", "step": step_view(&puzzle, &step) }).to_string()
        }
        Ok(Hint::Stalled { trial, .. }) => {
            json!({ "status": "hint", "step": step_view(&puzzle, &trial) }).to_string()
        }
        Ok(Hint::Solved) => json!({ "status": "solved" }).to_string(),
        Ok(Hint::Wrong { cell, .. }) => json!({ "status": "wrong", "cell": cell }).to_string(),
        Ok(Hint::NoSolution { suspects }) => {
            json!({ "status": "none", "suspects": suspects }).to_string()
        }
        Ok(Hint::Multiple) => json!({ "status": "multiple" }).to_string(),
        Ok(Hint::BudgetExhausted) => json!({ "status": "budget" }).to_string(),
        Err(e) => error(e),
    }
}

/// The whole solution path, as `sudoku-dlx explain --guess` gives it:
/// `{"status": "explained", "steps", "solved"}`, trials where the
/// techniques stall.
#[wasm_bindgen]
#[must_use]
pub fn explain(text: &str, variants: &str, format: &str) -> String {
    let puzzle = match read(text, variants, format) {
        Ok(p) => p,
        Err(message) => return error(message),
    };
    match Explainer::new(puzzle.rules()).explain(&puzzle, OnStall::Trial) {
        Ok(Explained::Unique(path)) => {
            let steps: Vec<Value> = path.steps.iter().map(|s| step_view(&puzzle, s)).collect();
            json!({ "status": "explained", "steps": steps, "solved": path.solved }).to_string()
        }
        Ok(Explained::NoSolution) => json!({ "status": "none" }).to_string(),
        Ok(Explained::Multiple) => json!({ "status": "multiple" }).to_string(),
        Ok(Explained::BudgetExhausted) => json!({ "status": "budget" }).to_string(),
        Err(e) => error(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    const PUZZLE: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    const SOLUTION: &str =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

    fn parsed(answer: &str) -> Value {
        serde_json::from_str(answer).unwrap()
    }

    fn digits(text: &str) -> Vec<u8> {
        text.bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect()
    }

    #[test]
    fn solve_gives_the_unique_solution() {
        let answer = parsed(&solve(PUZZLE, "", "auto"));
        assert_eq!(answer["status"], "unique");
        assert_eq!(answer["solution"], json!(digits(SOLUTION)));
    }

    #[test]
    fn check_names_the_first_wrong_cell_and_nothing_else() {
        let mut board = digits(PUZZLE);
        board[0] = 4; // right
        board[1] = 1; // wrong: the solution has 8
        board[3] = 5; // wrong too, but later
        let answer = parsed(&check(PUZZLE, "", "auto", &board));
        assert_eq!(answer, json!({ "status": "wrong", "cell": 1 }));
        board[1] = 0;
        board[3] = 9;
        assert_eq!(parsed(&check(PUZZLE, "", "auto", &board))["status"], "ok");
        let solved = digits(SOLUTION);
        assert_eq!(
            parsed(&check(PUZZLE, "", "auto", &solved))["status"],
            "solved"
        );
        assert!(parsed(&check(PUZZLE, "", "auto", &board[1..]))["error"].is_string());
    }

    #[test]
    fn hints_follow_the_explained_path() {
        let path = parsed(&explain(PUZZLE, "", "auto"));
        assert_eq!(path["status"], "explained");
        let first = &path["steps"][0];
        let hint = parsed(&hint(PUZZLE, "", "auto", &digits(PUZZLE)));
        assert_eq!(hint["status"], "hint");
        assert_eq!(
            hint["step"]["placements"][0], first["placements"][0],
            "the hint places the path's first digit"
        );
        let house = &hint["step"]["houses"][0];
        let cell = hint["step"]["placements"][0]["cell"].as_u64().unwrap();
        assert!(house["cells"].as_array().unwrap().contains(&json!(cell)));
        assert_eq!(house["cells"].as_array().unwrap().len(), 9);
    }

    #[test]
    fn houses_have_their_cells() {
        let x: Puzzle = sudoku_dlx::Puzzle::parse(
            PUZZLE,
            &sudoku_dlx::ParseOptions {
                variants: sudoku_dlx::Variants {
                    windoku: true,
                    ..sudoku_dlx::Variants::NONE
                },
                ..sudoku_dlx::ParseOptions::default()
            },
        )
        .unwrap();
        let cells = |kind, number| house_cells(&x, House { kind, number });
        assert_eq!(cells(Unit::Row, 2)[0], 9);
        assert_eq!(cells(Unit::Column, 9)[8], 80);
        assert_eq!(cells(Unit::Box, 5), [30, 31, 32, 39, 40, 41, 48, 49, 50]);
        assert_eq!(cells(Unit::Diagonal, 2)[0], 8);
        assert_eq!(cells(Unit::Window, 1), [10, 11, 12, 19, 20, 21, 28, 29, 30]);
    }
}
