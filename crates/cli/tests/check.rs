//! `sudoku-dlx check`: grids and proposed solutions, the first broken rule
//! with its cell, exit 0 only when every grid is valid.

use crate::common::{arg, data, run, run_with_stdin};

/// A solved classic grid.
const GRID: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// Its puzzle.
const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn check(stdin: &str, flags: &[&str]) -> (String, i32) {
    let mut args = vec!["check"];
    args.extend_from_slice(flags);
    let out = run_with_stdin(&args, stdin.as_bytes().to_vec());
    (out.stdout, out.code)
}

#[test]
fn a_valid_grid_and_a_valid_solution_pass() {
    assert_eq!(check(&format!("{GRID}\n"), &[]), ("valid\n".to_owned(), 0));
    let pair = format!("{PUZZLE} {GRID}\n");
    assert_eq!(check(&pair, &[]), ("valid\n".to_owned(), 0));
    // The published solutions shipped in data/ are all valid.
    let out = run(&["check", arg(&data("good_solutions.txt"))]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.lines().all(|l| l == "valid"), "{}", out.stdout);
}

#[test]
fn the_first_broken_rule_is_named_with_its_cells() {
    // The last two cells swapped: 9 twice in column 8, 7 twice in column 9.
    let swapped = format!("{}97\n", &GRID[..79]);
    let (stdout, code) = check(&swapped, &[]);
    assert_eq!(code, 1);
    assert!(stdout.starts_with("!broken: r"), "{stdout}");
    assert!(stdout.contains("both hold"), "{stdout}");
    assert!(stdout.contains("column"), "{stdout}");

    // A blank cell.
    let blank = format!("{}.\n", &GRID[..80]);
    assert_eq!(
        check(&blank, &[]),
        ("!broken: r9c9 is blank\n".to_owned(), 1)
    );

    // A valid grid that changes a given of its puzzle: 5 given at r1c1.
    let puzzle = format!("4{}", &PUZZLE[1..]);
    let (stdout, code) = check(&format!("{puzzle} {GRID}\n"), &[]);
    assert_eq!(code, 1);
    assert_eq!(stdout, "!broken: r1c1 holds 5 but the puzzle gives 4\n");

    // JSON names the cell.
    let (stdout, _) = check(&blank, &["--format", "json"]);
    let record: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(record["status"], "broken");
    assert_eq!(record["cell"], "r9c9");
    assert_eq!(record["line"], 1);
}

#[test]
fn generated_puzzles_with_their_solutions_check() {
    let generated = run(&[
        "generate",
        "--count",
        "4",
        "--seed",
        "11",
        "--with-solution",
    ]);
    assert_eq!(generated.code, 0);
    let (stdout, code) = check(&generated.stdout, &[]);
    assert_eq!((stdout.as_str(), code), ("valid\n".repeat(4).as_str(), 0));
}

#[test]
fn jigsaw_and_blocks_and_bad_records() {
    let puzzles = std::fs::read_to_string(data("jigsaw.txt")).unwrap();
    let solutions = std::fs::read_to_string(data("jigsaw_solutions.txt")).unwrap();
    let (puzzle, solution) = (
        puzzles.lines().next().unwrap(),
        solutions.lines().next().unwrap(),
    );
    let mut fields = puzzle.split_whitespace();
    let (givens, map) = (fields.next().unwrap(), fields.next().unwrap());
    let line = format!("{givens} {map} {solution}\n");
    assert_eq!(check(&line, &["--jigsaw"]), ("valid\n".to_owned(), 0));
    // The solution is not one of the boxes' rules: without the map it
    // breaks a box.
    let (stdout, code) = check(&format!("{solution}\n"), &[]);
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("box"), "{stdout}");

    // A 4x4 grid written as a block of rows.
    let block = "12|34\n34|12\n--+--\n21|43\n43|21\n";
    assert_eq!(check(block, &[]), ("valid\n".to_owned(), 0));

    // A record that cannot be read.
    let out = run_with_stdin(&["check"], b"12345\n".to_vec());
    assert_eq!(out.code, 1);
    assert!(out.stdout.starts_with("!invalid: "), "{}", out.stdout);
    assert!(out.stderr.starts_with("<stdin>:1"), "{}", out.stderr);
}
