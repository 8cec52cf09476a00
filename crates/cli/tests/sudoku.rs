//! `sudoku-dlx solve` and `count`: records, formats, variants, exit codes.

use std::collections::BTreeSet;
use std::fs;
use std::io::Write;

use crate::checker::{Extra, check};
use crate::common::{arg, data, run, run_with_stdin};

fn lines(name: &str) -> Vec<String> {
    fs::read_to_string(data(name))
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Solves `puzzles` with `flags` and checks every line against the
/// published solutions and the independent checker.
fn solves_to_published(
    puzzles: &str,
    solutions: &str,
    flags: &[&str],
    extra: impl Fn(&str) -> Extra<'_>,
) {
    let mut args = vec!["solve"];
    args.extend_from_slice(flags);
    args.push(arg(&data(puzzles)).to_owned().leak());
    let out = run(&args);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stderr, "");
    let published = lines(solutions);
    let found: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(found, published);
    for (puzzle, solution) in lines(puzzles).iter().zip(&found) {
        let grid = puzzle.split_whitespace().next().unwrap();
        check(grid, solution, &extra(puzzle));
    }
}

#[test]
fn classic_puzzles_match_their_published_solutions() {
    solves_to_published("good.txt", "good_solutions.txt", &[], |_| Extra::default());
}

#[test]
fn sixteen_by_sixteen_puzzles_solve() {
    solves_to_published("sixteen.txt", "sixteen_solutions.txt", &[], |_| {
        Extra::default()
    });
    solves_to_published(
        "sixteen.txt",
        "sixteen_solutions.txt",
        &["--size", "16"],
        |_| Extra::default(),
    );
}

#[test]
fn jigsaw_puzzles_solve_with_their_regions() {
    solves_to_published(
        "jigsaw.txt",
        "jigsaw_solutions.txt",
        &["--jigsaw"],
        |line| Extra {
            regions: line.split_whitespace().nth(1),
            ..Extra::default()
        },
    );
}

#[test]
fn x_puzzles_keep_their_diagonals() {
    let puzzle = lines("x.txt").remove(0);
    let out = run(&["solve", "--x", "--unique", arg(&data("x.txt"))]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let solution = out.stdout.trim_end();
    check(
        &puzzle,
        solution,
        &Extra {
            x: true,
            ..Extra::default()
        },
    );
    // Without the X rule the same givens have many solutions.
    let out = run(&["count", arg(&data("x.txt"))]);
    assert_eq!((out.code, out.stdout.as_str()), (0, "173\n"));
    let out = run(&["count", "--x", arg(&data("x.txt"))]);
    assert_eq!(out.stdout, "1\n");
}

/// The records of mixed.txt, by input line: what each one is.
const MIXED: [(usize, &str); 8] = [
    (1, "solved"),
    (3, "invalid"),    // a bad symbol at column 12
    (4, "unsolvable"), // valid givens, no solution
    (5, "invalid"),    // two givens clash in a box
    (6, "solved"),     // three solutions; the first is printed
    (7, "invalid"),    // 80 cells
    (8, "solved"),     // CRLF line ending
    (9, "solved"),     // a 9-line block with separators, CRLF
];

#[test]
fn every_puzzle_gets_a_record_in_order_and_stderr_says_where() {
    let file = data("mixed.txt");
    let out = run(&["solve", arg(&file)]);
    assert_eq!(out.code, 1);
    let records: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(records.len(), MIXED.len());
    let puzzles = fs::read_to_string(&file).unwrap();
    let puzzles: Vec<&str> = puzzles.lines().collect();
    for (record, (line, status)) in records.iter().zip(MIXED) {
        match status {
            "solved" if line == 9 => {
                let block: String = puzzles[8..19]
                    .iter()
                    .flat_map(|l| l.chars())
                    .filter(|c| *c == '.' || c.is_ascii_digit())
                    .collect();
                check(&block, record, &Extra::default());
            }
            "solved" => check(puzzles[line - 1].trim_end(), record, &Extra::default()),
            "invalid" => assert!(record.starts_with("!invalid: "), "{record}"),
            other => assert_eq!(*record, format!("!{other}")),
        }
    }
    let name = arg(&file);
    let stderr: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(stderr.len(), 3, "{}", out.stderr);
    assert!(
        stderr[0].starts_with(&format!("{name}:3:12: r2c3: `x` is not a digit")),
        "{}",
        stderr[0]
    );
    assert!(
        stderr[1].starts_with(&format!("{name}:5: givens at ")),
        "{}",
        stderr[1]
    );
    assert!(
        stderr[2].starts_with(&format!(
            "{name}:7: found 80 cells, and no grid has that many"
        )),
        "{}",
        stderr[2]
    );
}

#[test]
fn json_records_carry_the_documented_fields() {
    let out = run(&["solve", "--format", "json", arg(&data("mixed.txt"))]);
    assert_eq!(out.code, 1);
    let records: Vec<serde_json::Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(records.len(), MIXED.len());
    for (record, (line, status)) in records.iter().zip(MIXED) {
        assert_eq!(record["line"], line);
        assert_eq!(record["status"], status);
        match status {
            "solved" => {
                assert_eq!(record["solution"].as_str().map(str::len), Some(81));
                assert!(record["nodes"].as_u64().is_some());
            }
            "invalid" => assert!(record["error"].as_str().is_some()),
            _ => assert!(record.get("solution").is_none()),
        }
    }
    assert_eq!(records[1]["column"], 12);
}

#[test]
fn unique_makes_several_solutions_an_error() {
    let out = run(&["solve", "--unique", arg(&data("mixed.txt"))]);
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout.lines().nth(4), Some("!multiple"));
    let out = run(&["solve", "--unique", arg(&data("good.txt"))]);
    assert_eq!(out.code, 0);
}

#[test]
fn all_prints_every_solution_on_the_record_line() {
    let puzzle =
        "8.........95.......67.........472968...913245...856137....9.716...6.8492......583";
    let out = run_with_stdin(&["solve", "--all"], format!("{puzzle}\n").into_bytes());
    assert_eq!(out.code, 0);
    assert_eq!(out.stdout.lines().count(), 1);
    let mut solutions: Vec<&str> = out.stdout.split_whitespace().collect();
    assert_eq!(solutions.len(), 3);
    for s in &solutions {
        check(puzzle, s, &Extra::default());
    }
    solutions.dedup();
    assert_eq!(solutions.len(), 3);

    let out = run_with_stdin(
        &["solve", "--limit", "2", "--format", "grid"],
        format!("{puzzle}\n").into_bytes(),
    );
    assert_eq!(out.stdout.matches("\n\n").count(), 2);
}

#[test]
fn count_gives_published_counts_and_marks_limits() {
    let out = run(&["count", arg(&data("counts.txt"))]);
    assert_eq!(out.code, 1, "one puzzle has no solution");
    assert_eq!(
        out.stdout,
        fs::read_to_string(data("counts_expected.txt")).unwrap()
    );

    let out = run(&["count", "--limit", "2", arg(&data("counts.txt"))]);
    assert_eq!(out.stdout, "0\n1\n2+\n2+\n2+\n");

    let out = run(&[
        "count",
        "--format",
        "json",
        "--limit",
        "2",
        arg(&data("counts.txt")),
    ]);
    let records: Vec<serde_json::Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records[0]["status"], "unsolvable");
    assert_eq!(
        (
            records[1]["count"].as_u64(),
            records[1]["complete"].as_bool()
        ),
        (Some(1), Some(true))
    );
    assert_eq!(
        (
            records[2]["count"].as_u64(),
            records[2]["complete"].as_bool()
        ),
        (Some(2), Some(false))
    );

    let out = run(&["count", "--unique", arg(&data("good.txt"))]);
    assert_eq!((out.code, out.stdout.as_str()), (0, "1\n1\n1\n1\n1\n"));
}

#[test]
fn a_node_budget_gives_budget_records() {
    // Dancing links count a node per forced move, so two nodes solve none.
    let links = ["solve", "--method", "links", "--max-nodes", "2"];
    let good = data("good.txt");
    let out = run(&[&links[..], &["--format", "json", arg(&good)]].concat());
    assert_eq!(out.code, 1);
    for line in out.stdout.lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(record["status"], "budget");
    }
    let out = run(&[&links[..], &[arg(&good)]].concat());
    assert_eq!(out.stdout, "!budget\n".repeat(5));
}

#[test]
fn a_node_budget_holds_on_bitsets_too() {
    // Bitsets take every forced move inside one node: one node solves a
    // puzzle that singles finish, and stops one that needs a guess.
    let singles =
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";
    let guess = ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...";
    let out = run_with_stdin(
        &["solve", "--max-nodes", "1", "-"],
        format!("{singles}\n{guess}\n").into_bytes(),
    );
    assert_eq!(out.code, 1);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1], "!budget");
    check(singles, lines[0], &Extra::default());
}

#[test]
fn stats_summarize_on_stderr() {
    let out = run(&["solve", "--stats", arg(&data("mixed.txt"))]);
    let summary = out.stderr.lines().last().unwrap();
    assert!(
        summary.starts_with(
            "8 puzzles: 4 solved, 1 unsolvable, 0 multiple, 3 invalid, 0 over budget; "
        ) && summary.ends_with(" puzzles/s"),
        "{summary}"
    );
}

#[test]
fn jobs_1_and_2_give_byte_identical_output_across_chunks() {
    // More lines than one chunk holds, mixing every kind of record.
    let mixed = fs::read(data("mixed.txt")).unwrap();
    let mut file = tempfile::NamedTempFile::new().unwrap();
    for _ in 0..300 {
        file.write_all(&mixed).unwrap();
    }
    file.flush().unwrap();
    let path = arg(file.path()).to_owned();
    for format in ["line", "json"] {
        let one = run(&["solve", "--jobs", "1", "--format", format, &path]);
        let two = run(&["solve", "--jobs", "2", "--format", format, &path]);
        assert_eq!(one.code, 1);
        assert_eq!(one.stdout.lines().count(), 300 * MIXED.len());
        assert_eq!(one.stdout, two.stdout);
        assert_eq!(one.stderr, two.stderr);
    }
}

#[test]
fn binary_garbage_long_lines_and_empty_input_never_crash() {
    let good = lines("good.txt").remove(0);
    let solution = lines("good_solutions.txt").remove(0);

    let mut garbage: Vec<u8> = (0..4000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13).to_le_bytes()[0])
        .collect();
    garbage.extend_from_slice(format!("\n{good}\n").as_bytes());
    let out = run_with_stdin(&["solve"], garbage);
    assert_eq!(out.code, 1);
    let records: Vec<&str> = out.stdout.lines().collect();
    assert!(
        records[..records.len() - 1]
            .iter()
            .all(|r| r.starts_with("!invalid: ")),
        "{records:?}"
    );
    assert_eq!(records.last(), Some(&solution.as_str()));

    let mut long = vec![b'1'; 1 << 20];
    long.extend_from_slice(format!("\n{good}\n").as_bytes());
    let out = run_with_stdin(&["solve"], long);
    assert_eq!(out.code, 1);
    assert_eq!(
        out.stdout,
        format!(
            "!invalid: line is 1048576 bytes long, more than the 65536 a puzzle can take\n{solution}\n"
        )
    );
    assert!(
        out.stderr
            .starts_with("<stdin>:1:65537: line is 1048576 bytes long"),
        "{}",
        out.stderr
    );

    let out = run_with_stdin(&["solve", "-"], b"\xFF\xFE\n".to_vec());
    assert_eq!(
        out.stderr,
        "<stdin>:1:1: byte 0xFF is not UTF-8 text; puzzles are text\n"
    );

    let empty = tempfile::NamedTempFile::new().unwrap();
    let out = run(&["solve", arg(empty.path())]);
    assert_eq!(
        (out.code, out.stdout.as_str(), out.stderr.as_str()),
        (0, "", "")
    );
    let out = run_with_stdin(&["count"], Vec::new());
    assert_eq!((out.code, out.stdout.as_str()), (0, ""));
}

#[test]
fn usage_and_io_errors_exit_2() {
    let out = run(&["solve", "/nonexistent/puzzles.txt"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("/nonexistent/puzzles.txt"),
        "{}",
        out.stderr
    );
    assert_eq!(run(&["solve", "--size", "7"]).code, 2);
    assert_eq!(run(&["solve", "--box", "3by3"]).code, 2);
    assert_eq!(run(&["solve", "--all", "--unique"]).code, 2);
    assert_eq!(run(&["solve", "--jobs", "1025"]).code, 2);
    assert_eq!(run(&["frobnicate"]).code, 2);
}

#[test]
fn help_shows_examples_for_every_subcommand() {
    for command in ["solve", "count", "cover"] {
        let out = run(&[command, "--help"]);
        assert_eq!(out.code, 0);
        assert!(
            out.stdout.contains("Examples:"),
            "{command}: {}",
            out.stdout
        );
        assert!(
            out.stdout.contains(&format!("sudoku-dlx {command}")),
            "{command}"
        );
    }
    let out = run(&["solve", "--help"]);
    assert!(out.stdout.contains("!invalid"));
}

#[test]
fn every_command_s_help_opens_with_its_line_in_the_command_list() {
    // The commands' flags are built only when one runs (clap's `defer`):
    // a doc comment on a flag struct would then replace the command's
    // description, in its `--help` but not in the list.
    let main = run(&["--help"]);
    assert_eq!(main.code, 0);
    let list = main
        .stdout
        .split("Commands:\n")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").next())
        .expect("a list of commands");
    let mut checked = 0;
    for line in list.lines() {
        let (name, about) = line.trim().split_once(' ').expect("NAME  DESCRIPTION");
        if name == "help" {
            continue;
        }
        let help = run(&[name, "--help"]);
        assert_eq!(help.code, 0, "{name}");
        assert_eq!(help.stdout.lines().next(), Some(about.trim()), "{name}");
        assert_eq!(run(&["help", name]).stdout, help.stdout, "{name}");
        checked += 1;
    }
    assert_eq!(checked, 12, "{list}");
}

#[test]
fn a_count_without_limit_spreads_one_puzzle_over_the_jobs() {
    // Puzzles whose counts take more than the first look on one thread
    // (tens of thousands of nodes), on bitsets (9x9) and on the engine
    // (--method links): the same counts and nodes on 1, 2 and 3 threads, and
    // the counts the other method finds.
    let puzzles = "\
......8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
";
    let counts = |method: &str, jobs: &str| {
        let out = run_with_stdin(
            &[
                "count", "--method", method, "--jobs", jobs, "--format", "json",
            ],
            puzzles.as_bytes().to_vec(),
        );
        assert_eq!(out.code, 0, "{}", out.stderr);
        out.stdout
    };
    let bitsets = counts("auto", "1");
    let links = counts("links", "1");
    for jobs in ["2", "3"] {
        assert_eq!(counts("auto", jobs), bitsets);
        assert_eq!(counts("links", jobs), links);
    }
    let numbers = |out: &str| -> Vec<u64> {
        out.lines()
            .map(|line| {
                let record: serde_json::Value = serde_json::from_str(line).unwrap();
                record["count"].as_u64().unwrap()
            })
            .collect()
    };
    let found = numbers(&bitsets);
    assert!(found[0] > 10_000, "{found:?}");
    assert_eq!(found[1], 1, "a published 17-clue puzzle is unique");
    assert_eq!(numbers(&links), found);
}

/// A puzzle with more solutions than a worker holds (an empty 4x4 has
/// 288) is written as its solutions are found: in the line format the same
/// line as ever, in the grid format with its count in a closing comment,
/// in JSON with `status` and `nodes` after the solutions; the record after
/// it keeps its place. A budget that cuts such a list short says so at the
/// end of the line, after the solutions found.
#[test]
fn solutions_too_many_to_hold_are_written_as_found() {
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), "................\n.234341221434321\n").unwrap();
    let path = arg(file.path());
    let empty = ".".repeat(16);
    let check_all = |solutions: &[&str]| {
        let distinct: BTreeSet<&&str> = solutions.iter().collect();
        assert_eq!((solutions.len(), distinct.len()), (288, 288));
        for solution in solutions {
            check(&empty, solution, &Extra::default());
        }
    };

    let out = run(&["solve", "--all", path]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", out.stdout);
    check_all(&lines[0].split(' ').collect::<Vec<_>>());
    assert_eq!(lines[1], "1234341221434321");

    let out = run(&["solve", "--all", "--format", "json", path]);
    let records: Vec<serde_json::Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["status"], "solved");
    assert!(records[0]["nodes"].as_u64().unwrap() > 0);
    let solutions: Vec<&str> = records[0]["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    check_all(&solutions);
    assert_eq!(records[0]["solution"], solutions[0]);
    assert_eq!(records[1]["solution"], "1234341221434321");

    let out = run(&["solve", "--all", "--format", "grid", path]);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines[0], format!("# {path}:1: solutions as they are found"));
    let end = format!("# {path}:1: 288 solutions");
    let last = lines
        .iter()
        .position(|&l| l == end)
        .expect("the count at the end");
    assert_eq!(lines[..last].iter().filter(|l| l.is_empty()).count(), 288);
    assert_eq!(lines[last + 1], format!("# {path}:2: 1 solution"));

    let nine = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(nine.path(), ".".repeat(81) + "\n").unwrap();
    let out = run(&["solve", "--all", "--max-nodes", "5000", arg(nine.path())]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let words: Vec<&str> = out.stdout.split_whitespace().collect();
    assert_eq!(words.last(), Some(&"!budget"), "{}", out.stdout);
    assert!(words.len() > 100, "{} solutions", words.len() - 1);
    for solution in &words[..words.len() - 1] {
        check(&".".repeat(81), solution, &Extra::default());
    }
}
