//! The print screen: puzzles laid out as sheets by the library's
//! [`sudoku_dlx::render`], the same drawing as `sudoku-dlx print`. The
//! page shows the SVG pages; the PDF is made from them by the second
//! module, web/pdf (the library's `pdf` feature), which the worker loads
//! on the first download so that the page's start stays light.

use serde::Deserialize;
use serde_json::json;
use sudoku_dlx::render::{self, Item, Layout, Paper};
use sudoku_dlx::{Grid, Puzzle, Solver, Uniqueness};
use wasm_bindgen::prelude::wasm_bindgen;

use crate::board::{error, read_all};

/// The most puzzles one sheet takes in the page (the command line takes
/// any number).
const MAX_PUZZLES: usize = 200;

/// The layout choices of the print screen, as the page sends them.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Choices {
    per_page: usize,
    paper: String,
    landscape: bool,
    title: String,
    solutions: bool,
}

/// Lays out every puzzle of `text` (read as [`describe`] reads a puzzle:
/// one record after another, comments skipped) with the `choices` (JSON
/// `{perPage, paper: "a4"|"letter", landscape, title, solutions}`) and
/// answers `{"pages": [svg...], "puzzles"}`, or `{"error"}` naming the
/// line of a puzzle that has no solution or more than one: a sheet must
/// not print a broken puzzle.
///
/// [`describe`]: crate::describe
#[wasm_bindgen]
#[must_use]
pub fn print_pages(text: &str, variants: &str, format: &str, choices: &str) -> String {
    match pages(text, variants, format, choices) {
        Ok((pages, puzzles)) => json!({ "pages": pages, "puzzles": puzzles }).to_string(),
        Err(message) => error(message),
    }
}

fn pages(
    text: &str,
    variants: &str,
    format: &str,
    choices: &str,
) -> Result<(Vec<String>, usize), String> {
    let choices: Choices =
        serde_json::from_str(choices).map_err(|e| format!("bad layout choices: {e}"))?;
    if !(1..=64).contains(&choices.per_page) {
        return Err(format!("{} puzzles a page: 1 to 64", choices.per_page));
    }
    let paper = match choices.paper.as_str() {
        "a4" => Paper::A4,
        "letter" => Paper::Letter,
        other => return Err(format!("unknown paper {other:?}: a4 or letter")),
    };
    let title = choices.title.trim();
    let layout = Layout {
        paper,
        landscape: choices.landscape,
        per_page: choices.per_page,
        solutions_per_page: Layout::solutions_for(choices.per_page),
        title: (!title.is_empty()).then(|| title.to_owned()),
        // The command line's default --margin, 15 mm: the same sheet.
        margin: 15.0 * 72.0 / 25.4,
        ..Layout::default()
    };
    let puzzles = read_all(text, variants, format, MAX_PUZZLES)?;
    let mut solutions: Vec<Grid> = Vec::with_capacity(puzzles.len());
    for (line, puzzle) in &puzzles {
        let mut solver = Solver::new(puzzle.rules());
        let refused = |why: &str| format!("line {line}: {why}: a sheet must not print it");
        match solver
            .uniqueness(puzzle)
            .map_err(|e| format!("line {line}: {}", e.describe(puzzle.alphabet())))?
        {
            Uniqueness::Unique(grid) => solutions.push(grid),
            Uniqueness::NoSolution => return Err(refused("the puzzle has no solution")),
            _ => return Err(refused("the puzzle has more than one solution")),
        }
    }
    let puzzles: Vec<&Puzzle> = puzzles.iter().map(|(_, p)| p).collect();
    let items: Vec<Item<'_>> = puzzles
        .iter()
        .enumerate()
        .map(|(k, puzzle)| Item {
            caption: render::caption(k + 1, None, puzzle),
            ..Item::new(puzzle)
        })
        .collect();
    let answers: Vec<Item<'_>> = if choices.solutions {
        puzzles
            .iter()
            .zip(&solutions)
            .enumerate()
            .map(|(k, (puzzle, grid))| Item {
                grid,
                caption: (k + 1).to_string(),
                cages: false,
                ..Item::new(puzzle)
            })
            .collect()
    } else {
        Vec::new()
    };
    let pages = render::pages(&layout, &items, &answers)
        .into_iter()
        .map(render::Page::into_svg)
        .collect();
    Ok((pages, puzzles.len()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    const CLASSIC: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    fn print(text: &str, choices: &str) -> Value {
        serde_json::from_str(&print_pages(text, "", "auto", choices)).unwrap()
    }

    const FOUR: &str =
        r#"{"perPage": 4, "paper": "a4", "landscape": false, "title": "", "solutions": true}"#;

    #[test]
    fn pages_hold_puzzles_then_solutions_as_the_library_draws_them() {
        let text = format!("# two\n{CLASSIC}\n\n{CLASSIC}\n");
        let answer = print(&text, FOUR);
        assert_eq!(answer["puzzles"], 2);
        let pages = answer["pages"].as_array().unwrap();
        assert_eq!(pages.len(), 2, "one page of puzzles, one of solutions");
        let puzzle: Puzzle = CLASSIC.parse().unwrap();
        let layout = Layout {
            per_page: 4,
            solutions_per_page: Layout::solutions_for(4),
            margin: 15.0 * 72.0 / 25.4,
            ..Layout::default()
        };
        let items = [
            Item {
                caption: render::caption(1, None, &puzzle),
                ..Item::new(&puzzle)
            },
            Item {
                caption: render::caption(2, None, &puzzle),
                ..Item::new(&puzzle)
            },
        ];
        let Uniqueness::Unique(grid) = Solver::new(puzzle.rules()).uniqueness(&puzzle).unwrap()
        else {
            panic!("the puzzle has one solution");
        };
        let answers: Vec<Item<'_>> = (1..=2)
            .map(|k| Item {
                grid: &grid,
                caption: k.to_string(),
                cages: false,
                ..Item::new(&puzzle)
            })
            .collect();
        let expected = render::pages(&layout, &items, &answers);
        // Not assert_eq!: a page is kilobytes of SVG.
        assert!(pages[0] == expected[0].svg(), "the puzzles' page");
        assert!(pages[1] == expected[1].svg(), "the solutions' page");
        assert!(pages[1].as_str().unwrap().contains(">Solutions</text>"));
    }

    #[test]
    fn a_broken_puzzle_is_refused_with_its_line() {
        let two = "# a comment\n1...............\n";
        let answer = print(two, FOUR);
        assert_eq!(
            answer["error"],
            "line 2: the puzzle has more than one solution: a sheet must not print it"
        );
        let none = format!("{CLASSIC}\n{}", CLASSIC.replacen("..3", "3.3", 1));
        assert!(answer_line(&print(&none, FOUR)).starts_with("line 2"));
        let bad =
            r#"{"perPage": 0, "paper": "a4", "landscape": false, "title": "", "solutions": false}"#;
        assert!(print(CLASSIC, bad)["error"].is_string());
        assert!(print("", FOUR)["error"].is_string());
    }

    fn answer_line(answer: &Value) -> &str {
        answer["error"].as_str().unwrap()
    }
}
