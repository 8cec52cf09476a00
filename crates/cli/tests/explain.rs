//! `sudoku-dlx explain` and `sudoku-dlx hint`: every step of the JSON
//! output sound against the published solutions (which the test's own
//! checker accepts), replayed to the full grid; the text form; hints on
//! players' boards, wrong cells and clashes.

use serde_json::Value;

use crate::checker::{Extra, check};
use crate::common::{run, run_with_stdin};

/// A data set of the repository, under data/sudoku.
fn repo_data(name: &str) -> String {
    format!("{}/../../data/sudoku/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The non-comment lines of a repository data set.
fn repo_lines(name: &str) -> Vec<String> {
    std::fs::read_to_string(repo_data(name))
        .unwrap()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// The digit of a solution symbol (1-9, then A-Z as 10 up).
fn digit(symbol: char) -> u64 {
    u64::from(symbol.to_digit(36).expect("a digit symbol"))
}

/// The row-order index of a JSON cell `r1c1` in a grid of `cells` cells.
fn cell_index(cell: &Value, cells: usize) -> usize {
    let side = (1..=cells).find(|s| s * s == cells).expect("a square grid");
    let text = cell.as_str().expect("a cell named r1c1");
    let (row, col) = text
        .strip_prefix('r')
        .and_then(|t| t.split_once('c'))
        .expect("a cell named r1c1");
    (row.parse::<usize>().unwrap() - 1) * side + col.parse::<usize>().unwrap() - 1
}

/// Checks the JSON record of an explanation against `solution`: each
/// placement is its digit, no elimination removes it, every cell is placed
/// once (the givens aside) and the steps fill the grid.
fn check_record(record: &Value, puzzle: &str, solution: &str) {
    let solution: Vec<u64> = solution.chars().map(digit).collect();
    let mut filled: Vec<bool> = puzzle.chars().map(|c| c != '.' && c != '0').collect();
    assert_eq!(record["status"], "explained", "{record}");
    assert_eq!(record["solved"], true, "{record}");
    let steps = record["steps"].as_array().expect("steps");
    let mut trials = 0;
    for step in steps {
        let technique = step["technique"].as_str().expect("a technique");
        trials += usize::from(technique == "trial");
        let placements = step["placements"].as_array().expect("placements");
        let eliminations = step["eliminations"].as_array().expect("eliminations");
        assert!(!placements.is_empty() || !eliminations.is_empty(), "{step}");
        for p in placements {
            let cell = cell_index(&p["cell"], puzzle.len());
            assert_eq!(
                p["value"].as_u64().unwrap(),
                solution[cell],
                "{puzzle}: {step}"
            );
            assert!(!filled[cell], "{puzzle}: {step} fills a filled cell");
            filled[cell] = true;
        }
        for e in eliminations {
            let cell = cell_index(&e["cell"], puzzle.len());
            assert_ne!(
                e["value"].as_u64().unwrap(),
                solution[cell],
                "{puzzle}: {step}"
            );
            assert!(!filled[cell], "{puzzle}: {step} removes from a filled cell");
        }
    }
    assert!(
        filled.iter().all(|&f| f),
        "{puzzle}: the steps leave cells open"
    );
    assert_eq!(record["stalled"], trials > 0, "{record}");
}

/// Explains `take` puzzles of `name` with `flags` and checks every record
/// against the published solutions in `solutions`.
fn check_set(name: &str, solutions: &str, flags: &[&str], regions: bool, take: usize) {
    let puzzles: Vec<String> = repo_lines(name).into_iter().take(take).collect();
    let solutions = repo_lines(solutions);
    let mut args = vec!["explain", "--guess", "--format", "json"];
    args.extend_from_slice(flags);
    let stdin = puzzles.join("\n").into_bytes();
    let out = run_with_stdin(&args, stdin);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let records: Vec<Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), puzzles.len());
    for ((record, line), solution) in records.iter().zip(&puzzles).zip(&solutions) {
        let mut words = line.split_whitespace();
        let puzzle = words.next().unwrap();
        let map = regions.then(|| words.next().unwrap());
        let solution = solution.split_whitespace().next().unwrap();
        let extra = Extra {
            x: false,
            regions: map,
            windoku: false,
        };
        check(puzzle, solution, &extra);
        check_record(record, puzzle, solution);
    }
}

#[test]
fn json_steps_are_sound_on_the_published_sets() {
    check_set(
        "emerentius_easy.txt",
        "emerentius_easy_solutions.txt",
        &[],
        false,
        20,
    );
    check_set("plb_hard20.txt", "plb_hard20_solutions.txt", &[], false, 20);
    check_set(
        "janko_jigsaw_9x9.txt",
        "janko_jigsaw_9x9_solutions.txt",
        &["--jigsaw"],
        true,
        10,
    );
    check_set(
        "janko_16x16.txt",
        "janko_16x16_solutions.txt",
        &["--size", "16"],
        false,
        2,
    );
}

/// Project Euler's first puzzle, solved by hidden singles.
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// Its solution.
const EASY_SOLUTION: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

/// Easter Monster: no technique here finds a first step.
const MONSTER: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

#[test]
fn text_names_each_step_with_r1c1_cells() {
    let out = run_with_stdin(&["explain"], format!("{EASY}\n").into_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines[0], "# <stdin>:1");
    assert!(
        lines[1].starts_with("1. hidden single: r"),
        "{}",
        out.stdout
    );
    let steps = lines.len() - 3;
    assert_eq!(lines[lines.len() - 2], format!("solved in {steps} steps"));
    assert_eq!(lines[lines.len() - 1], "");
    // Every placement, as `rRcC = D`, is the solution's.
    for placed in out.stdout.split(", ").flat_map(|s| s.split(": ")) {
        if let Some((cell, d)) = placed.split_once(" = ") {
            let (r, c) = cell.trim_start_matches('r').split_once('c').unwrap();
            let i = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
            let d = d.split(' ').next().unwrap();
            assert_eq!(&EASY_SOLUTION[i..=i], d, "{placed}");
        }
    }
}

#[test]
fn a_stall_shows_the_candidates_and_guess_goes_on() {
    let out = run_with_stdin(&["explain"], format!("{MONSTER}\n").into_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines[1], "stalled after 0 steps, 60 cells open");
    assert!(lines[2].starts_with("r1: c2 {"), "{}", out.stdout);
    let out = run_with_stdin(&["explain", "--guess"], format!("{MONSTER}\n").into_bytes());
    assert!(
        out.stdout
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("1. trial: r"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("the solver's digit;"), "{}", out.stdout);
    assert!(
        out.stdout.lines().any(|l| l.starts_with("solved in ")),
        "{}",
        out.stdout
    );
    // JSON: stalled, the candidates of the 60 open cells, no steps.
    let out = run_with_stdin(
        &["explain", "--format", "json"],
        format!("{MONSTER}\n").into_bytes(),
    );
    let record: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(record["stalled"], true);
    assert_eq!(record["solved"], false);
    assert_eq!(record["steps"].as_array().unwrap().len(), 0);
    assert_eq!(record["candidates"].as_array().unwrap().len(), 60);
}

#[test]
fn puzzles_without_one_solution_are_reported() {
    let empty = ".".repeat(81);
    // `12` alone would be skipped as a title: a line of five cells is not.
    let out = run_with_stdin(&["explain"], format!("{empty}\n1.2.3\n").into_bytes());
    assert_eq!(out.stdout.lines().next(), Some("!multiple"));
    assert!(
        out.stdout.lines().nth(1).unwrap().starts_with("!invalid: "),
        "{}",
        out.stdout
    );
    assert_eq!(out.code, 1);
    let clash = format!("11{}", &EASY[2..]);
    let out = run_with_stdin(
        &["explain", "--format", "json"],
        format!("{clash}\n").into_bytes(),
    );
    let record: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(record["status"], "invalid");
    assert_eq!(out.code, 1);
}

#[test]
fn hints_give_the_next_step_or_the_wrong_cell() {
    // A puzzle: the first placement of explain's first step.
    let out = run_with_stdin(&["hint"], format!("{EASY}\n").into_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    let explained = run_with_stdin(&["explain"], format!("{EASY}\n").into_bytes());
    let first = explained.stdout.lines().nth(1).unwrap();
    let hint = out.stdout.trim();
    assert!(first.starts_with(&format!("1. {hint}")), "{hint} / {first}");
    // A board after its puzzle with a wrong digit: that cell.
    let mut board: Vec<char> = EASY.chars().collect();
    board[0] = '4'; // right
    board[1] = '9'; // wrong: the solution has 8
    let board: String = board.into_iter().collect();
    let out = run_with_stdin(&["hint"], format!("{EASY} {board}\n").into_bytes());
    assert_eq!(out.stdout, "!wrong: r1c2 holds 9, the solution has 8\n");
    assert_eq!(out.code, 1);
    let out = run_with_stdin(
        &["hint", "--format", "json"],
        format!("{EASY} {board}\n").into_bytes(),
    );
    let record: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(
        (record["status"].as_str(), record["cell"].as_str()),
        (Some("wrong"), Some("r1c2"))
    );
    assert_eq!(
        (record["found"].as_str(), record["solution"].as_str()),
        (Some("9"), Some("8"))
    );
    // The board alone, with a clash: both cells named.
    let clash = format!("33{}", &EASY[2..]);
    let out = run_with_stdin(&["hint"], format!("{clash}\n").into_bytes());
    assert_eq!(out.stdout, "!wrong: r1c1 and r1c2 both hold 3 in one row\n");
    // Right digits on the board: a sound hint for a cell still open.
    let mut right: Vec<char> = EASY.chars().collect();
    right[0] = '4';
    let right: String = right.into_iter().collect();
    let out = run_with_stdin(
        &["hint", "--format", "json"],
        format!("{EASY} {right}\n").into_bytes(),
    );
    let record: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(record["status"], "hint");
    assert_eq!(record["stalled"], false);
    let step = &record["steps"][0];
    let cell = cell_index(&step["placements"][0]["cell"], 81);
    assert_ne!(cell, 0);
    assert_eq!(
        step["placements"][0]["value"].as_u64().unwrap(),
        digit(EASY_SOLUTION.as_bytes()[cell].into())
    );
    // The full grid: solved.
    let out = run_with_stdin(&["hint"], format!("{EASY} {EASY_SOLUTION}\n").into_bytes());
    assert_eq!((out.stdout.as_str(), out.code), ("solved\n", 0));
    // A stall: the candidates, and with --guess the trial.
    let out = run_with_stdin(&["hint", "--guess"], format!("{MONSTER}\n").into_bytes());
    let first = out.stdout.lines().next().unwrap();
    assert!(
        first.starts_with("stalled: 60 cells open; next, trial: r"),
        "{first}"
    );
    assert_eq!(out.code, 0);
}

#[test]
fn the_help_names_the_commands() {
    for command in ["explain", "hint"] {
        let out = run(&[command, "--help"]);
        assert_eq!(out.code, 0);
        assert!(out.stdout.contains("--format <FORMAT>"), "{}", out.stdout);
        assert!(out.stdout.contains("--guess"), "{}", out.stdout);
    }
}

#[test]
fn a_board_alone_without_a_solution_names_the_digits_to_blame() {
    // r1c1 = 5 is not the solution's 4, clashes with nothing, and leaves
    // no solution; blanked, the board has one (so has it with the given
    // r3c4 blanked: a board alone cannot tell givens from entries).
    let board = format!("5{}", &EASY[1..]);
    let out = run_with_stdin(&["hint"], format!("{board}\n").into_bytes());
    assert_eq!(
        out.stdout,
        "!wrong: the board has no solution; the digit at r1c1 or the one at r3c4 is wrong \
         (take out either and the board has a solution)\n"
    );
    assert_eq!(out.code, 1);
    let out = run_with_stdin(
        &["hint", "--format", "json"],
        format!("{board}\n").into_bytes(),
    );
    let record: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(record["status"], "wrong");
    assert_eq!(record["suspects"], serde_json::json!(["r1c1", "r3c4"]));
    // Each blanked, the board has a solution, by `count`.
    for cell in [0, 21] {
        let mut blanked = board.clone();
        blanked.replace_range(cell..=cell, ".");
        let out = run_with_stdin(
            &["count", "--limit", "1"],
            format!("{blanked}\n").into_bytes(),
        );
        assert_eq!(out.stdout, "1+\n");
    }
}
