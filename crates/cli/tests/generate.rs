//! `sudoku-dlx generate` and `rate`: unique, symmetric, reproducible puzzles
//! independent of --jobs, and one rating record per input puzzle.

use sudoku_dlx::{
    GenerateOptions, Generator, Level, ParseOptions, Puzzle, Regions, Rules, Shape, Symmetry,
    puzzle_seed,
};

use crate::checker::{self, Extra};
use crate::common::{run, run_with_stdin};

/// Checks a generated `puzzle` and its `solution` (line format) with the
/// tests' own checker and counter, not the library: the solution solves the
/// puzzle and is its only one. Returns the puzzle parsed, for its givens.
fn check_pair(puzzle: &str, solution: &str, options: &ParseOptions, extra: &Extra<'_>) -> Puzzle {
    // A jigsaw puzzle is written with its region map after the cells.
    let cells = puzzle.split_whitespace().next().unwrap();
    checker::check(cells, solution, extra);
    assert_eq!(
        checker::count_solutions(cells, extra, 2),
        1,
        "{puzzle} is not unique"
    );
    Puzzle::parse(puzzle, options).unwrap()
}

#[test]
fn output_is_reproducible_and_independent_of_jobs() {
    let one = run(&["generate", "--seed", "9", "--count", "12", "--jobs", "1"]);
    let two = run(&["generate", "--seed", "9", "--count", "12", "--jobs", "2"]);
    assert_eq!(one.code, 0, "{}", one.stderr);
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.stdout.lines().count(), 12);
    // A longer run starts with the same puzzles.
    let more = run(&["generate", "--seed", "9", "--count", "14", "--jobs", "2"]);
    assert!(more.stdout.starts_with(&one.stdout));
    let other = run(&["generate", "--seed", "10", "--count", "12"]);
    assert_ne!(one.stdout, other.stdout);
}

#[test]
fn puzzles_are_unique_and_symmetric_as_asked() {
    for symmetry in [
        "none",
        "rot180",
        "rot90",
        "horizontal",
        "vertical",
        "diagonal",
        "antidiagonal",
    ] {
        let out = run(&[
            "generate",
            "--seed",
            "3",
            "--count",
            "3",
            "--symmetry",
            symmetry,
            "--with-solution",
        ]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let symmetry: Symmetry = symmetry.parse().unwrap();
        for line in out.stdout.lines() {
            let (puzzle, solution) = line.split_once(' ').unwrap();
            let puzzle = check_pair(
                puzzle,
                solution,
                &ParseOptions::default(),
                &Extra::default(),
            );
            assert!(symmetry.holds_for(puzzle.givens()), "{puzzle}");
        }
    }
}

#[test]
fn shapes_variants_and_jigsaw_generate() {
    let map = "iiiiihhhheeeiihhhheeeiihccceeeaaacccbbbaaacccbbbaaadddbbbgffdddggggffdddggggfffff";
    for flags in [
        &["--size", "4"][..],
        &["--box", "2x3"],
        &["--x"],
        &["--windoku"],
        &["--jigsaw", map],
    ] {
        let mut args = vec![
            "generate",
            "--seed",
            "5",
            "--with-solution",
            "--format",
            "json",
        ];
        args.extend_from_slice(flags);
        let out = run(&args);
        assert_eq!(out.code, 0, "{flags:?}: {}", out.stderr);
        let record: serde_json::Value = serde_json::from_str(out.stdout.trim()).unwrap();
        let solution = record["solution"].as_str().unwrap();
        // A jigsaw puzzle's region map is a field of its own.
        let puzzle = match record["regions"].as_str() {
            Some(regions) => {
                assert_eq!(regions, map);
                format!("{} {regions}", record["puzzle"].as_str().unwrap())
            }
            None => record["puzzle"].as_str().unwrap().to_owned(),
        };
        let puzzle = puzzle.as_str();
        let options = ParseOptions {
            variants: sudoku_dlx::Variants {
                x: flags.contains(&"--x"),
                windoku: flags.contains(&"--windoku"),
                ..sudoku_dlx::Variants::NONE
            },
            jigsaw: flags.contains(&"--jigsaw"),
            ..ParseOptions::default()
        };
        let extra = Extra {
            x: options.variants.x,
            windoku: options.variants.windoku,
            regions: options.jigsaw.then_some(map),
        };
        check_pair(puzzle, solution, &options, &extra);
    }
}

/// 16x16: the tests' plain backtracking counter needs about a minute in a
/// debug build to prove such a puzzle unique, so this runs in release mode
/// with the other slow checks (`.ci/run`).
#[test]
#[ignore = "slow in debug mode: run in release mode (see .ci/run)"]
fn sixteen_by_sixteen_generates_unique_puzzles() {
    let out = run(&[
        "generate",
        "--seed",
        "5",
        "--size",
        "16",
        "--symmetry",
        "rot90",
        "--with-solution",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let (puzzle, solution) = out.stdout.trim_end().split_once(' ').unwrap();
    let options = ParseOptions {
        shape: Some(sudoku_dlx::Shape::from_size(16).unwrap()),
        ..ParseOptions::default()
    };
    let puzzle = check_pair(puzzle, solution, &options, &Extra::default());
    assert!(Symmetry::Rot90.holds_for(puzzle.givens()));
}

#[test]
fn minimal_puzzles_lose_uniqueness_without_any_clue() {
    let out = run(&[
        "generate",
        "--seed",
        "2",
        "--symmetry",
        "none",
        "--minimal",
        "--count",
        "2",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    for line in out.stdout.lines() {
        assert_eq!(
            checker::count_solutions(line, &Extra::default(), 2),
            1,
            "{line}"
        );
        for (k, _) in line.char_indices().filter(|&(_, c)| c != '.') {
            let mut fewer = line.to_owned();
            fewer.replace_range(k..=k, ".");
            assert_eq!(
                checker::count_solutions(&fewer, &Extra::default(), 2),
                2,
                "{line} {k}"
            );
        }
    }
}

#[test]
fn missed_targets_are_reported_with_status_1() {
    let out = run(&[
        "generate",
        "--seed",
        "1",
        "--clues",
        "17",
        "--attempts",
        "2",
    ]);
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout.lines().count(), 1);
    assert!(out.stderr.contains("--clues 17"), "{}", out.stderr);
    let out = run(&[
        "generate", "--seed", "1", "--clues", "30", "--format", "json",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("\"clues\":30"), "{}", out.stdout);
    assert!(out.stdout.contains("\"clues_met\":true"));
}

#[test]
fn a_difficulty_target_is_met_and_rated_so() {
    let out = run(&[
        "generate",
        "--seed",
        "4",
        "--difficulty",
        "medium",
        "--format",
        "json",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let record: serde_json::Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(record["level"], "medium");
    let rated = run_with_stdin(&["rate"], record["puzzle"].as_str().unwrap().into());
    assert!(
        rated.stdout.split(' ').nth(1) == Some("medium"),
        "{}",
        rated.stdout
    );
}

/// How far `score` lies outside `level`, from the thresholds as documented
/// (written out here rather than taken from `Level::score_gap`).
fn gap(level: Level, score: f64) -> f64 {
    let cuts = Level::thresholds();
    let k = Level::ALL.iter().position(|&l| l == level).unwrap();
    let low = if k == 0 {
        f64::NEG_INFINITY
    } else {
        cuts[k - 1]
    };
    let high = cuts.get(k).copied().unwrap_or(f64::INFINITY);
    if score < low {
        low - score
    } else if score >= high {
        score - high
    } else {
        0.0
    }
}

/// A target missed in every attempt: the printed puzzle is the attempt
/// whose score lies nearest the level, and `attempts` says which it was.
/// Every attempt's puzzle comes from the library's `Generator::attempts`
/// and is scored by `rate` in its own process.
#[test]
fn a_missed_difficulty_prints_the_closest_attempt() {
    const ATTEMPTS: usize = 12;
    let out = run(&[
        "generate",
        "--seed",
        "5",
        "--difficulty",
        "extreme",
        "--attempts",
        "12",
        "--format",
        "json",
    ]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stderr.contains("printed the closest"), "{}", out.stderr);
    let record: serde_json::Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(record["difficulty_met"], false);
    let options = GenerateOptions {
        difficulty: Some(Level::Extreme),
        ..GenerateOptions::default()
    };
    let mut generator = Generator::new(&Rules::classic(), options);
    let puzzles: Vec<String> = generator
        .attempts(puzzle_seed(5, 0))
        .take(ATTEMPTS)
        .map(|g| g.unwrap().puzzle.to_string())
        .collect();
    let rated = run_with_stdin(&["rate"], puzzles.join("\n").into_bytes());
    let scores: Vec<f64> = rated
        .stdout
        .lines()
        .map(|line| line.split(' ').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(scores.len(), ATTEMPTS, "{}", rated.stdout);
    let gaps: Vec<f64> = scores.iter().map(|&s| gap(Level::Extreme, s)).collect();
    let best = (0..ATTEMPTS)
        .min_by(|&a, &b| gaps[a].total_cmp(&gaps[b]))
        .unwrap();
    assert!(gaps[best] > 0.0, "the target was met: {scores:?}");
    // Not simply the first attempt: the test would not tell the rules apart.
    assert_ne!(best, 0, "{scores:?}");
    assert_eq!(record["puzzle"], puzzles[best].as_str(), "{scores:?}");
    assert_eq!(record["attempts"], best + 1);
    assert_eq!(record["score"], scores[best]);
}

#[test]
fn bad_flags_are_usage_errors() {
    for args in [
        &["generate", "--symmetry", "spiral"][..],
        &["generate", "--difficulty", "trivial"],
        &["generate", "--size", "7"],
        &["generate", "--jigsaw", "abc"],
    ] {
        let out = run(args);
        assert_eq!(out.code, 2, "{args:?}");
        assert!(!out.stderr.is_empty());
    }
}

#[test]
fn rate_prints_one_record_per_puzzle_in_order() {
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let hardest =
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
    let input = format!("{easy}\n# a comment\n1x3\n{}\n{hardest}\n", ".".repeat(81));
    let out = run_with_stdin(&["rate", "--jobs", "2"], input.clone().into_bytes());
    assert_eq!(out.code, 1);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", out.stdout);
    assert!(lines[0].ends_with("easy hidden single"), "{}", lines[0]);
    assert!(lines[1].starts_with("!invalid: "));
    assert_eq!(lines[2], "!multiple");
    assert!(
        lines[3].contains("extreme beyond techniques"),
        "{}",
        lines[3]
    );
    assert!(out.stderr.contains("<stdin>:3"), "{}", out.stderr);
    let json = run_with_stdin(&["rate", "--format", "json"], input.into_bytes());
    let records: Vec<serde_json::Value> = json
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records[0]["status"], "rated");
    assert_eq!(records[0]["level"], "easy");
    assert_eq!(records[1]["status"], "invalid");
    assert_eq!(records[2]["status"], "multiple");
    assert_eq!(records[3]["line"], 5);
}

#[test]
fn random_jigsaw_puzzles_are_unique_on_their_own_maps_for_any_jobs() {
    let args = [
        "generate", "--jigsaw", "random", "--count", "3", "--seed", "5",
    ];
    let one = run(&[&args[..], &["--jobs", "1"]].concat());
    let two = run(&[&args[..], &["--jobs", "2"]].concat());
    assert_eq!(one.code, 0, "{}", one.stderr);
    assert_eq!(one.stdout, two.stdout);
    let records: Vec<(&str, &str)> = one
        .stdout
        .lines()
        .map(|line| line.split_once(' ').expect("a puzzle and its region map"))
        .collect();
    assert_eq!(records.len(), 3, "{}", one.stdout);
    let boxes = Regions::boxes(Shape::CLASSIC).to_string();
    for (k, &(_, map)) in records.iter().enumerate() {
        assert_ne!(map, boxes, "puzzle {k} is on the boxes");
        assert!(records[..k].iter().all(|&(_, m)| m != map), "{map} twice");
    }
    // `solve --jigsaw` reads the output back; the tests' own checker and
    // counter, not the library, judge its answers.
    let solved = run_with_stdin(
        &["solve", "--jigsaw", "--unique"],
        one.stdout.clone().into_bytes(),
    );
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    let solutions: Vec<&str> = solved.stdout.lines().collect();
    assert_eq!(solutions.len(), 3, "{}", solved.stdout);
    for (&(cells, map), solution) in records.iter().zip(solutions) {
        let extra = Extra {
            regions: Some(map),
            ..Extra::default()
        };
        checker::check(cells, solution, &extra);
        assert_eq!(
            checker::count_solutions(cells, &extra, 2),
            1,
            "{cells} {map}"
        );
    }
}

#[test]
fn random_jigsaw_takes_the_shape_and_variants_and_keeps_the_targets() {
    let flags = "--jigsaw random --size 6 --x --symmetry none --minimal --seed 2";
    let mut args = vec!["generate", "--with-solution", "--format", "json"];
    args.extend(flags.split(' '));
    let out = run(&args);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let record: serde_json::Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(record["minimal"], true);
    let (cells, map) = (
        record["puzzle"].as_str().unwrap(),
        record["regions"].as_str().unwrap(),
    );
    assert_eq!(map.len(), 36);
    let extra = Extra {
        x: true,
        regions: Some(map),
        ..Extra::default()
    };
    checker::check(cells, record["solution"].as_str().unwrap(), &extra);
    assert_eq!(checker::count_solutions(cells, &extra, 2), 1);
    // Minimal: every given is needed.
    for (k, _) in cells.char_indices().filter(|&(_, c)| c != '.') {
        let mut fewer = cells.to_owned();
        fewer.replace_range(k..=k, ".");
        assert_eq!(
            checker::count_solutions(&fewer, &extra, 2),
            2,
            "{cells} {k}"
        );
    }
}

#[test]
fn random_jigsaw_on_rules_without_a_grid_is_an_error() {
    let out = run(&[
        "generate",
        "--jigsaw",
        "random",
        "--size",
        "4",
        "--anti-king",
        "--seed",
        "1",
    ]);
    assert_eq!(out.code, 2);
    assert!(out.stdout.is_empty());
    assert!(out.stderr.contains("no complete grid"), "{}", out.stderr);
}
