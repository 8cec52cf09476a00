//! `--killer`: solving the published puzzles, errors with positions, and
//! `generate --killer` read back and counted.

use std::collections::HashMap;

use crate::common::{run, run_with_stdin};

fn data(name: &str) -> String {
    format!("{}/../../data/sudoku/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The first ten published puzzles (all 41 run in the library's tests and
/// the release-mode examples): a debug build solves each in about a second.
#[test]
fn solve_killer_prints_the_published_solutions() {
    let puzzles = std::fs::read_to_string(data("killer_9x9.txt")).unwrap();
    let first: String = puzzles.lines().take(11).map(|l| format!("{l}\n")).collect();
    let solutions = std::fs::read_to_string(data("killer_9x9_solutions.txt")).unwrap();
    let expected: String = solutions
        .lines()
        .take(10)
        .map(|l| format!("{l}\n"))
        .collect();
    let args = ["solve", "--killer", "--unique", "--jobs", "2"];
    let out = run_with_stdin(&args, first.clone().into_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, expected);
    let counted = run_with_stdin(&["count", "--killer", "--limit", "2"], first.into_bytes());
    assert_eq!(counted.stdout, "1\n".repeat(10));
}

#[test]
fn killer_errors_say_where() {
    let input = "................ aabbaabbccddccdd a=10,b=10,c=10\n\
                 ................ aabbaabbccddccdd a=10,b=10,c=10,d=10,e=3\n\
                 ................ abbbcccceeeeddda a=3,b=6,c=10,e=10,d=6\n\
                 ................ aabbaabbccddccdd a=10,b=10,c=10,d=10 # fine\n";
    let out = run_with_stdin(&["solve", "--killer"], input.as_bytes().to_vec());
    assert_eq!(out.code, 1);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", out.stdout);
    assert_eq!(
        lines[0],
        "!invalid: r3c3: cage `d` has no sum; add `d=SUM` to the sums"
    );
    // The position is said once, on stderr, as FILE:LINE:COL (issue 39,
    // item 13); the record on stdout says what is wrong.
    assert!(lines[1].starts_with("!invalid: the sum for `e` names no cage"));
    assert!(
        out.stderr
            .contains("<stdin>:2:55: the sum for `e` names no cage"),
        "{}",
        out.stderr
    );
    assert!(
        lines[2].contains("cage `a` is not joined side to side"),
        "{}",
        lines[2]
    );
    assert!(!lines[3].starts_with('!'));
    assert!(
        out.stderr
            .contains("<stdin>:1:28: r3c3: cage `d` has no sum"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("<stdin>:3:33: r4c4: cage `a`"),
        "{}",
        out.stderr
    );
    // Allowed with the flag: the line has solutions then.
    let apart = "................ abbbcccceeeeddad a=3,b=9,c=10,e=10,d=8\n";
    let out = run_with_stdin(
        &["count", "--killer", "--disjoint-cages"],
        apart.as_bytes().to_vec(),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
}

/// 6x6, so that a debug build makes them in seconds (the library's tests
/// check 9x9 generation against their oracle in release mode).
#[test]
fn generate_killer_makes_unique_puzzles_for_any_jobs() {
    let args = [
        "generate", "--killer", "--size", "6", "--count", "3", "--seed", "4",
    ];
    let one = run(&[&args[..], &["--jobs", "1", "--with-solution"]].concat());
    assert_eq!(one.code, 0, "{}", one.stderr);
    let two = run(&[&args[..], &["--jobs", "2", "--format", "json"]].concat());
    assert_eq!(two.code, 0, "{}", two.stderr);
    let mut puzzles = String::new();
    for (line, record) in one.stdout.lines().zip(two.stdout.lines()) {
        let (puzzle, solution) = line.rsplit_once(' ').unwrap();
        let fields: Vec<&str> = puzzle.split(' ').collect();
        assert_eq!(fields[0], ".".repeat(36));
        assert_killer_solution(6, fields[1], fields[2], solution);
        // The same puzzle for any --jobs, its cages in JSON.
        let cages = format!("\"cages\":\"{} {}\"", fields[1], fields[2]);
        assert!(record.contains(&cages), "{record}");
        assert!(record.contains("\"score\":"), "{record}");
        puzzles.push_str(puzzle);
        puzzles.push('\n');
    }
    let counted = run_with_stdin(&["count", "--killer"], puzzles.into_bytes());
    assert_eq!(counted.stdout, "1\n1\n1\n");
}

/// Checks an n x n killer solution (n = 4, 6 or 9, boxes 2x2, 2x3, 3x3)
/// without the libraries: every row, column and box holds 1 to n, and each
/// cage of `map` distinct digits adding up to its sum in `sums`
/// (`LABEL=SUM,...`).
fn assert_killer_solution(n: usize, map: &str, sums: &str, solution: &str) {
    let digits: Vec<u32> = solution.chars().map(|c| c.to_digit(10).unwrap()).collect();
    assert_eq!(digits.len(), n * n);
    let (rows, cols) = match n {
        4 => (2, 2),
        6 => (2, 3),
        _ => (3, 3),
    };
    let all: Vec<u32> = (1..=u32::try_from(n).unwrap()).collect();
    for k in 0..n {
        let (top, left) = (k / (n / cols) * rows, k % (n / cols) * cols);
        let units = [
            (0..n).map(|j| digits[k * n + j]).collect::<Vec<_>>(),
            (0..n).map(|j| digits[j * n + k]).collect(),
            (0..n)
                .map(|j| digits[(top + j / cols) * n + left + j % cols])
                .collect(),
        ];
        for mut unit in units {
            unit.sort_unstable();
            assert_eq!(unit, all, "{solution}");
        }
    }
    let mut cages: HashMap<char, Vec<u32>> = HashMap::new();
    for (label, &d) in map.chars().zip(&digits) {
        cages.entry(label).or_default().push(d);
    }
    let sums: HashMap<char, u32> = sums
        .split(',')
        .map(|entry| {
            let (label, sum) = entry.split_once('=').unwrap();
            (label.chars().next().unwrap(), sum.parse().unwrap())
        })
        .collect();
    assert_eq!(cages.len(), sums.len());
    for (label, mut cage) in cages {
        assert_eq!(cage.iter().sum::<u32>(), sums[&label], "cage {label}");
        cage.sort_unstable();
        cage.dedup();
        assert_eq!(
            cage.len(),
            map.matches(label).count(),
            "cage {label} repeats"
        );
    }
}

/// `rate --killer` rates by search effort, never by the techniques, which
/// know no cages; a killer puzzle with two solutions is not rated.
#[test]
fn rate_killer_rates_by_search_effort() {
    let input = "................ aaaabbccdbcedffe a=10,b=8,c=7,d=6,e=4,f=5\n\
                 ................ aabbaabbccddccdd a=10,b=10,c=10,d=10\n";
    let out = run_with_stdin(
        &["rate", "--killer", "--format", "json"],
        input.as_bytes().to_vec(),
    );
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert!(lines[0].contains("\"status\":\"rated\""), "{}", lines[0]);
    assert!(
        lines[0].contains("\"solved_by_logic\":false"),
        "{}",
        lines[0]
    );
    assert!(lines[1].contains("\"status\":\"multiple\""), "{}", lines[1]);
    assert_eq!(out.code, 1);
}

/// `check --killer` reads `PUZZLE MAP SUMS SOLUTION` and adds up the cages.
#[test]
fn check_killer_adds_up_the_cages() {
    let puzzle = "................ aaaabbccdbcedffe a=10,b=8,c=7,d=6,e=4,f=5";
    let input = format!("{puzzle} 1234341221434321\n{puzzle} 1234432121433412\n");
    let out = run_with_stdin(&["check", "--killer"], input.into_bytes());
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines[0], "valid");
    assert!(lines[1].starts_with("!broken"), "{}", lines[1]);
    assert_eq!(out.code, 1);
}
