//! Output that goes back in: every format keeps what was found, a jigsaw
//! grid keeps its regions, and a generated puzzle's seed makes it again.

use crate::checker::{self, Extra};
use crate::common::{arg, data, run, run_with_stdin};

fn empty_grid() -> Vec<u8> {
    format!("{}\n", ".".repeat(81)).into_bytes()
}

/// The answers `solve` gives to `grids` (its records read back), without
/// the lines of records it could not solve.
fn solved_back(grids: String) -> Vec<String> {
    let read = run_with_stdin(&["solve"], grids.into_bytes());
    read.stdout
        .lines()
        .filter(|l| !l.starts_with('!'))
        .map(str::to_string)
        .collect()
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
    assert_eq!(solved_back(grid.stdout), found);
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
        format!("{}\n{}\n12345\n", ".".repeat(16), ".".repeat(16)).into_bytes(),
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
    let solved = solved_back(out.stdout);
    assert_eq!(solved.len(), 4, "{solved:?}");
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

/// Puzzles and their solutions, as a producer printed them, and the flags
/// that read them (`--jigsaw`, `--killer`, a shape).
struct Printed {
    /// What it is, for messages.
    name: String,
    /// The producer's output.
    text: String,
    /// The givens of each puzzle, in the line format, in order.
    puzzles: Vec<String>,
    /// The solution of each puzzle, in order.
    solutions: Vec<String>,
    /// The flags that read it.
    flags: Vec<&'static str>,
    /// Whether the output holds each puzzle's solution after it.
    with_solution: bool,
}

/// The givens and solutions of `generate --format json` with `flags`.
fn generated(flags: &[&str]) -> (Vec<String>, Vec<String>) {
    let args = [
        &[
            "generate",
            "--seed",
            "1",
            "--count",
            "2",
            "--with-solution",
            "--format",
            "json",
        ],
        flags,
    ]
    .concat();
    let out = run(&args);
    assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
    out.stdout
        .lines()
        .map(|l| {
            let record: serde_json::Value = serde_json::from_str(l).unwrap();
            let puzzle = record["puzzle"].as_str().unwrap().to_owned();
            (puzzle, record["solution"].as_str().unwrap().to_owned())
        })
        .unzip()
}

/// Every producer's output: generate with and without solutions for
/// shapes 4x4 to 12x12 (larger ones take too long to generate here, so
/// 16x16 and 25x25 lines are made from known grids), `solve --format grid`,
/// a jigsaw and a killer puzzle.
fn printed() -> Vec<Printed> {
    let mut all = Vec::new();
    for shape in [
        &["--size", "4"][..],
        &["--size", "6"],
        &[],
        &["--box", "3x4"],
    ] {
        let (puzzles, solutions) = generated(shape);
        // What was printed under `name`: `puzzles`, each with its solution
        // if `with_solution`, for this shape's flags.
        let mut add = |name: String, text: String, puzzles: &[String], with_solution: bool| {
            all.push(Printed {
                name,
                text,
                puzzles: puzzles.to_vec(),
                solutions: solutions.clone(),
                flags: shape.to_vec(),
                with_solution,
            });
        };
        for with_solution in [false, true] {
            let extra: &[&str] = if with_solution {
                &["--with-solution"]
            } else {
                &[]
            };
            let args = [&["generate", "--seed", "1", "--count", "2"], shape, extra].concat();
            let out = run(&args);
            assert_eq!(out.code, 0, "{}", out.stderr);
            add(format!("{args:?}"), out.stdout, &puzzles, with_solution);
        }
        // With a tab between the puzzle and its solution.
        let text: String = puzzles
            .iter()
            .zip(&solutions)
            .map(|(p, s)| format!("{p}\t{s}\n"))
            .collect();
        add(format!("{shape:?} with a tab"), text, &puzzles, true);
        // Their solutions drawn as grids: each reads back as itself.
        let out = run_with_stdin(
            &[&["solve", "--format", "grid"], shape].concat(),
            puzzles
                .iter()
                .map(|p| format!("{p}\n"))
                .collect::<String>()
                .into_bytes(),
        );
        assert_eq!(out.code, 0, "{}", out.stderr);
        add(
            format!("solve --format grid {shape:?}"),
            out.stdout,
            &solutions,
            false,
        );
    }
    // 16x16 and 25x25: a known solution, every third cell blanked.
    let sixteen = std::fs::read_to_string(data("sixteen_solutions.txt")).unwrap();
    let empty = ".".repeat(625);
    let solved = run_with_stdin(
        &["solve", "--size", "25"],
        format!("{empty}\n").into_bytes(),
    );
    for (solution, size) in [
        (sixteen.lines().next().unwrap().to_owned(), "16"),
        (solved.stdout.trim().to_owned(), "25"),
    ] {
        let puzzle: String = solution
            .chars()
            .enumerate()
            .map(|(k, c)| if k % 3 == 0 { '.' } else { c })
            .collect();
        all.push(Printed {
            name: format!("{size}x{size} with a solution"),
            text: format!("{puzzle} {solution}\n"),
            puzzles: vec![puzzle.clone()],
            solutions: vec![solution.clone()],
            flags: vec!["--size", size],
            with_solution: true,
        });
        let out = run_with_stdin(
            &["solve", "--format", "grid", "--size", size],
            format!("{puzzle}\n").into_bytes(),
        );
        all.push(Printed {
            name: format!("solve --format grid --size {size}"),
            text: out.stdout,
            puzzles: vec![solution.clone()],
            solutions: vec![solution.clone()],
            flags: vec!["--size", size],
            with_solution: false,
        });
    }
    // Jigsaw: generated with and without solutions, and drawn as a grid.
    let (puzzles, solutions) = generated(&["--jigsaw", "random"]);
    for with_solution in [false, true] {
        let extra: &[&str] = if with_solution {
            &["--with-solution"]
        } else {
            &[]
        };
        let args = [
            &[
                "generate", "--seed", "1", "--count", "2", "--jigsaw", "random",
            ],
            extra,
        ]
        .concat();
        let out = run(&args);
        all.push(Printed {
            name: format!("{args:?}"),
            puzzles: puzzles.clone(),
            solutions: solutions.clone(),
            flags: vec!["--jigsaw"],
            with_solution,
            text: out.stdout,
        });
    }
    let lines = run(&[
        "generate", "--seed", "1", "--count", "2", "--jigsaw", "random",
    ])
    .stdout;
    let drawn = run_with_stdin(
        &["solve", "--jigsaw", "--format", "grid"],
        lines.clone().into_bytes(),
    );
    assert_eq!(drawn.code, 0, "{}", drawn.stderr);
    all.push(Printed {
        name: "solve --jigsaw --format grid".to_owned(),
        text: drawn.stdout,
        puzzles: solutions.clone(),
        solutions: solutions.clone(),
        flags: vec!["--jigsaw"],
        with_solution: false,
    });
    // Killer: as `generate --killer --with-solution` prints it (generating
    // one takes long here, so from the killer test data).
    let repo = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/sudoku");
    let killer = std::fs::read_to_string(repo.join("killer_9x9.txt")).unwrap();
    let killer_solutions = std::fs::read_to_string(repo.join("killer_9x9_solutions.txt")).unwrap();
    let puzzles = killer.lines().filter(|l| !l.starts_with('#'));
    let pairs: Vec<(&str, &str)> = puzzles.zip(killer_solutions.lines()).take(2).collect();
    all.push(Printed {
        name: "killer with solutions".to_owned(),
        text: pairs.iter().map(|(p, s)| format!("{p} {s}\n")).collect(),
        puzzles: pairs
            .iter()
            .map(|(p, _)| p.split_whitespace().next().unwrap().to_owned())
            .collect(),
        solutions: pairs.iter().map(|(_, s)| (*s).to_owned()).collect(),
        flags: vec!["--killer"],
        with_solution: true,
    });
    all
}

/// A regression test for issue 39: the tool did not read its own output.
/// `generate --with-solution | solve` read each solution as a region map
/// (`!invalid: givens at r1c7 and r2c5 both hold 3 in the same region`),
/// and `solve --jigsaw --format grid | check --jigsaw` gave 13 invalid
/// records per grid. Every printed form now reads back into every command
/// that reads puzzles, as the same puzzles.
#[test]
fn every_printed_puzzle_reads_back_into_every_reader() {
    for printed in printed() {
        let name = &printed.name;
        let n = printed.puzzles.len();
        let read = |command: &[&str]| {
            let args = [command, &printed.flags[..]].concat();
            let out = run_with_stdin(&args, printed.text.clone().into_bytes());
            assert!(
                !out.stdout.contains("invalid") && !out.stderr.contains("invalid"),
                "{name} | {args:?}:\n{}{}\n--- input:\n{}",
                out.stdout,
                out.stderr,
                printed.text
            );
            out
        };
        // solve: each puzzle's solution, in order.
        let solved = read(&["solve"]);
        let lines: Vec<&str> = solved.stdout.lines().collect();
        assert_eq!(lines, printed.solutions, "{name} | solve");
        // count: one solution each.
        let counted = read(&["count"]);
        assert_eq!(counted.stdout, "1\n".repeat(n), "{name} | count");
        // check: the solution after each puzzle is valid; a grid alone is
        // valid when it is a solution.
        let checked = read(&["check"]);
        let valid = printed.with_solution || printed.puzzles == printed.solutions;
        if valid {
            assert_eq!(checked.stdout, "valid\n".repeat(n), "{name} | check");
        } else {
            assert_eq!(checked.stdout.lines().count(), n, "{name} | check");
        }
        for command in [
            &["rate", "--format", "json"][..],
            &["explain", "--format", "json"],
            &["hint", "--format", "json"],
        ] {
            let refused = printed.flags.contains(&"--killer") && command[0] != "rate";
            let out = if refused {
                // Killer puzzles are refused by explain and hint, each
                // where it stands, until they know cage logic.
                let args = [command, &printed.flags[..]].concat();
                run_with_stdin(&args, printed.text.clone().into_bytes())
            } else {
                read(command)
            };
            let records: Vec<serde_json::Value> = out
                .stdout
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect();
            assert_eq!(records.len(), n, "{name} | {command:?}: {}", out.stdout);
            if refused {
                assert_eq!(out.code, 1, "{name} | {command:?}: {}", out.stderr);
                for record in &records {
                    assert_eq!(record["status"], "invalid", "{name} | {command:?}");
                    let error = record["error"].as_str().unwrap_or_default();
                    assert!(error.contains("cannot be explained yet"), "{error}");
                }
            }
        }
        // canon: classic puzzles only, up to 16x16 (a debug build takes
        // minutes over 25x25 forms); the same forms as their givens'.
        let classic = printed
            .flags
            .iter()
            .all(|f| !matches!(*f, "--jigsaw" | "--killer"));
        if classic && printed.puzzles[0].len() <= 256 {
            let canon = read(&["canon"]);
            let givens: String = printed.puzzles.iter().map(|p| format!("{p}\n")).collect();
            let expected = run_with_stdin(
                &[&["canon"], &printed.flags[..]].concat(),
                givens.into_bytes(),
            );
            assert_eq!(canon.stdout, expected.stdout, "{name} | canon");
        }
    }
}
