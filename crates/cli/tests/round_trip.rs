//! Output that goes back in: every format keeps what was found, a jigsaw
//! grid keeps its regions, and a generated puzzle's seed makes it again.

use crate::checker::{self, Extra};
use crate::common::{arg, data, run, run_with_stdin};

fn empty_grid() -> Vec<u8> {
    format!("{}\n", ".".repeat(81)).into_bytes()
}

#[test]
fn solutions_found_before_the_budget_are_kept_in_every_format() {
    let flags = ["solve", "--all", "--max-nodes", "300"];
    let json = run_with_stdin(&[&flags[..], &["--format", "json"]].concat(), empty_grid());
    let record: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert_eq!(record["status"], "budget");
    let found: Vec<&str> = record["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert!(found.len() > 1, "{}", json.stdout);

    let line = run_with_stdin(&flags, empty_grid());
    assert_eq!(line.code, 1);
    // More solutions than a worker holds: written as found, so the word
    // saying the budget cut the list comes after it.
    let fields: Vec<&str> = line.stdout.trim_end().split(' ').collect();
    assert_eq!(fields.last(), Some(&"!budget"));
    assert_eq!(fields[..fields.len() - 1], found[..]);
    for solution in &found {
        checker::check(&".".repeat(81), solution, &Extra::default());
    }

    let grid = run_with_stdin(&[&flags[..], &["--format", "grid"]].concat(), empty_grid());
    assert_eq!(grid.code, 1);
    assert!(
        grid.stdout
            .contains("solutions, cut short by --max-nodes\n"),
        "{}",
        grid.stdout
    );
    // Each solution's grid, read back by `solve`, is that solution.
    let read = run_with_stdin(&["solve"], grid.stdout.into_bytes());
    let solved: Vec<&str> = read
        .stdout
        .lines()
        .filter(|l| !l.starts_with('!'))
        .collect();
    assert_eq!(solved, found);
}

#[test]
fn a_jigsaw_grid_draws_its_regions_and_reads_back() {
    let puzzles = data("jigsaw.txt");
    let out = run(&["solve", "--jigsaw", "--format", "grid", arg(&puzzles)]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let text = std::fs::read_to_string(&puzzles).unwrap();
    let solutions = std::fs::read_to_string(data("jigsaw_solutions.txt")).unwrap();
    let grids: Vec<&str> = out.stdout.split("\n\n").filter(|g| !g.is_empty()).collect();
    assert_eq!(grids.len(), text.lines().count());
    for ((grid, puzzle), solution) in grids.iter().zip(text.lines()).zip(solutions.lines()) {
        let map = puzzle.split_whitespace().nth(1).unwrap();
        let rows: Vec<&str> = grid
            .lines()
            .filter(|l| l.chars().any(|c| c.is_ascii_digit()))
            .collect();
        // No box lines: the borders are where the regions change.
        assert!(rows.iter().all(|row| !row.contains(" | ")), "{grid}");
        let last = rows.last().unwrap();
        assert_eq!(*last, format!("{solution} {map}"));
        for (r, row) in rows[..9].iter().enumerate() {
            let cells: Vec<char> = row.chars().filter(|c| c.is_ascii_digit()).collect();
            assert_eq!(cells.len(), 9, "{row}");
            // A `|` exactly where two neighbours lie in different regions.
            let bars: Vec<bool> = row.chars().skip(1).step_by(2).map(|c| c == '|').collect();
            for (c, &bar) in bars.iter().enumerate() {
                let differ = map.as_bytes()[r * 9 + c] != map.as_bytes()[r * 9 + c + 1];
                assert_eq!(bar, differ, "row {r}, column {c}: {row}");
            }
        }
        // The last line is what `solve --jigsaw` reads: a solved puzzle.
        let again = run_with_stdin(&["solve", "--jigsaw"], format!("{last}\n").into_bytes());
        assert_eq!(again.stdout.trim(), solution);
    }
}

#[test]
fn grids_of_several_puzzles_are_told_apart() {
    let puzzles = data("jigsaw.txt");
    let out = run(&[
        "solve",
        "--jigsaw",
        "--format",
        "grid",
        "--limit",
        "2",
        arg(&puzzles),
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let headers: Vec<&str> = out.stdout.lines().filter(|l| l.starts_with("# ")).collect();
    let count = std::fs::read_to_string(&puzzles).unwrap().lines().count();
    assert_eq!(headers.len(), count, "{}", out.stdout);
    assert!(headers[0].ends_with(":1: 1 solution"), "{}", headers[0]);
    assert!(headers[1].ends_with(":2: 1 solution"), "{}", headers[1]);

    let out = run_with_stdin(
        &["solve", "--limit", "2", "--format", "grid"],
        format!("{}\n{}\n123\n", ".".repeat(16), ".".repeat(16)).into_bytes(),
    );
    let headers: Vec<&str> = out.stdout.lines().filter(|l| l.starts_with("# ")).collect();
    // An invalid record has its line too.
    assert_eq!(
        headers,
        [
            "# <stdin>:1: 2 solutions",
            "# <stdin>:2: 2 solutions",
            "# <stdin>:3: 0 solutions"
        ]
    );
    // Read back, the grids are the four solutions in order.
    let read = run_with_stdin(&["solve"], out.stdout.into_bytes());
    let solved: Vec<&str> = read
        .stdout
        .lines()
        .filter(|l| !l.starts_with('!'))
        .collect();
    assert_eq!(solved.len(), 4, "{}", read.stdout);
}

#[test]
fn jigsaw_json_gives_the_puzzle_and_its_regions_apart() {
    let out = run(&[
        "generate", "--jigsaw", "random", "--seed", "3", "--format", "json",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let record: serde_json::Value = serde_json::from_str(out.stdout.trim()).unwrap();
    let puzzle = record["puzzle"].as_str().unwrap();
    let regions = record["regions"].as_str().unwrap();
    assert_eq!((puzzle.len(), regions.len()), (81, 81));
    assert!(!puzzle.contains(' '));
    let line = run(&["generate", "--jigsaw", "random", "--seed", "3"]);
    assert_eq!(line.stdout, format!("{puzzle} {regions}\n"));
}

#[test]
fn a_generated_puzzles_seed_makes_it_again() {
    for flags in [
        &[][..],
        &["--jigsaw", "random"],
        &["--size", "6", "--minimal"],
    ] {
        let mut args = vec![
            "generate", "--count", "4", "--seed", "77", "--format", "json",
        ];
        args.extend_from_slice(flags);
        let out = run(&args);
        assert_eq!(out.code, 0, "{}", out.stderr);
        for (k, line) in out.stdout.lines().enumerate() {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            let seed = record["seed"].as_u64().unwrap().to_string();
            if k == 0 {
                assert_eq!(seed, "77");
            }
            let mut again = vec!["generate", "--seed", &seed, "--format", "json"];
            again.extend_from_slice(flags);
            let again = run(&again);
            let made: serde_json::Value = serde_json::from_str(again.stdout.trim()).unwrap();
            assert_eq!(made["puzzle"], record["puzzle"], "{flags:?} puzzle {k}");
            assert_eq!(made["regions"], record["regions"]);
            assert_eq!(made["seed"], record["seed"]);
        }
    }
}
