//! Reading the files people have: text after a grid, headers, blocks that
//! are short or of numbers, hex without its flag, long comments, missing
//! files, Knuth files with options of secondary items only, and bounds on
//! what `cover` reads.

use std::fs;
use std::io::Write;
use std::path::PathBuf;

use serde_json::Value;

use crate::checker::{Extra, check, count_solutions};
use crate::common::{arg, run, run_with_stdin};

/// A file of the repository's `data/sudoku/`.
fn repo_data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/sudoku")
        .join(name)
}

/// The JSON records of a run's stdout.
fn json_records(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

const GOOD: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn classic() -> Extra<'static> {
    Extra::default()
}

#[test]
fn text_after_a_grid_is_its_comment_and_a_header_is_skipped() {
    let input = format!(
        "puzzle\tname\n{GOOD} # Platinum Blonde\n{GOOD}\t12.3\n{GOOD};source\n{GOOD},x\nGrid 01\n{GOOD}\n"
    );
    let out = run_with_stdin(&["solve", "--format", "json"], input.clone().into_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    // Each header is named on stderr, never dropped without a word.
    assert_eq!(
        out.stderr,
        "<stdin>:1: note: skipped `puzzle\tname`: a title or header, no puzzle\n\
         <stdin>:6: note: skipped `Grid 01`: a title or header, no puzzle\n"
    );
    let records = json_records(&out.stdout);
    let found: Vec<(u64, Option<&str>)> = records
        .iter()
        .map(|r| (r["line"].as_u64().unwrap(), r["comment"].as_str()))
        .collect();
    assert_eq!(
        found,
        [
            (2, Some("# Platinum Blonde")),
            (3, Some("12.3")),
            (4, Some(";source")),
            (5, Some(",x")),
            (7, None),
        ]
    );
    for record in &records {
        check(GOOD, record["solution"].as_str().unwrap(), &classic());
    }

    // --keep-comments prints the comment back after the answer, in a form
    // that reads again as the same records.
    let out = run_with_stdin(&["solve", "--keep-comments"], input.into_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    let solution = lines[4];
    assert_eq!(
        lines,
        [
            format!("{solution} # Platinum Blonde"),
            format!("{solution} 12.3"),
            format!("{solution};source"),
            format!("{solution},x"),
            solution.to_owned(),
        ]
    );
    let again = run_with_stdin(&["count", "--format", "json"], out.stdout.into_bytes());
    let counts: Vec<(u64, Option<String>)> = json_records(&again.stdout)
        .iter()
        .map(|r| {
            (
                r["count"].as_u64().unwrap(),
                r["comment"].as_str().map(str::to_owned),
            )
        })
        .collect();
    assert_eq!(counts[2], (1, Some(";source".to_owned())));
    assert_eq!(counts.len(), 5);
}

#[test]
fn the_repository_files_with_text_after_the_grid_read_every_line() {
    // Puzzles with the reason they are bad after them.
    let file = repo_data("emerentius_invalid_with_reason.txt");
    let text = fs::read_to_string(&file).unwrap();
    let out = run(&["solve", "--format", "json", arg(&file)]);
    assert_eq!(out.code, 1);
    let records = json_records(&out.stdout);
    assert_eq!(records.len(), text.lines().count());
    for (record, line) in records.iter().zip(text.lines()) {
        let (puzzle, reason) = line.split_once(' ').unwrap();
        assert_eq!(record["comment"].as_str(), Some(reason));
        match reason.split_once(' ').unwrap() {
            (unit, "duplicate") => {
                assert_eq!(record["status"], "invalid", "{line}");
                let error = record["error"].as_str().unwrap();
                assert!(error.contains(&format!("same {unit}")), "{error}");
            }
            ("unsolvable", _) => {
                assert_eq!(record["status"], "unsolvable", "{line}");
                assert_eq!(count_solutions(puzzle, &classic(), 1), 0);
            }
            _ => panic!("an unknown reason: {line}"),
        }
    }

    // tdoku's `puzzle:count[:solution]`: our counts against tdoku's.
    let file = repo_data("tdoku_test_puzzles_with_counts.txt");
    let text = fs::read_to_string(&file).unwrap();
    let out = run(&["count", "--format", "json", arg(&file)]);
    assert_eq!(out.stderr, "");
    let records = json_records(&out.stdout);
    assert_eq!(records.len(), text.lines().count());
    for (record, line) in records.iter().zip(text.lines()) {
        let mut fields = line.split(':');
        let puzzle = fields.next().unwrap();
        let count: u64 = fields.next().unwrap().parse().unwrap();
        assert_eq!(record["count"].as_u64(), Some(count), "{line}");
        assert_eq!(record["complete"], true);
        if let Some(solution) = fields.next() {
            check(puzzle, solution, &classic());
        }
    }
    let out = run(&["solve", "--keep-comments", arg(&file)]);
    for (answer, line) in out.stdout.lines().zip(text.lines()) {
        let (puzzle, comment) = line.split_once(':').unwrap();
        if comment == "0" {
            assert_eq!(answer, "!unsolvable:0");
        } else {
            let (solution, kept) = answer.split_once(':').unwrap();
            assert_eq!(kept, comment);
            check(puzzle, solution, &classic());
        }
    }

    // A TSV with a header line: puzzle, name, source, solutions (capped at 2).
    let file = repo_data("named_puzzles.tsv");
    let text = fs::read_to_string(&file).unwrap();
    let out = run(&["count", "--limit", "2", "--format", "json", arg(&file)]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let records = json_records(&out.stdout);
    assert_eq!(records.len(), text.lines().count() - 1);
    for (record, line) in records.iter().zip(text.lines().skip(1)) {
        let fields: Vec<&str> = line.split('\t').collect();
        let solutions: u64 = fields[3].parse().unwrap();
        assert_eq!(record["count"].as_u64(), Some(solutions), "{line}");
        // The comment is trimmed: a row without a name loses its first tab.
        assert_eq!(
            record["comment"].as_str(),
            Some(fields[1..].join("\t").trim())
        );
    }
}

#[test]
fn an_incomplete_block_is_one_record_naming_what_is_missing() {
    // Four rows and a blank line: one record, not a 6x6 puzzle.
    let rows = "..3.2.6..\n9..3.5..1\n..18.64..\n..81.29..\n\n";
    let out = run_with_stdin(&["solve"], rows.as_bytes().to_vec());
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout.lines().count(), 1);
    assert!(
        out.stdout
            .starts_with("!invalid: the block has 4 of its 9 rows")
    );
    assert!(
        out.stderr
            .starts_with("<stdin>:1: the block has 4 of its 9 rows")
    );

    // A 9x9 block with one row of 8 cells: one record, naming the row.
    let mut rows: Vec<String> = (0..9).map(|r| GOOD[r * 9..r * 9 + 9].to_owned()).collect();
    rows[4].pop();
    let out = run_with_stdin(&["solve"], (rows.join("\n") + "\n").into_bytes());
    assert_eq!(out.code, 1);
    assert_eq!(
        out.stdout,
        "!invalid: row 5 of the block has 8 cells, expected 9; check the row for missing or extra symbols\n"
    );
    assert!(out.stderr.starts_with("<stdin>:5:1: row 5 of the block"));

    // Two short lines among line-format puzzles: two bad records.
    let short = &GOOD[..21];
    let input = format!("{GOOD}\n{short}\n{short}\n{GOOD}\n");
    let out = run_with_stdin(&["solve"], input.into_bytes());
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 4);
    assert!(lines[1].starts_with("!invalid: found 21 cells"));
    assert!(lines[2].starts_with("!invalid: found 21 cells"));
}

/// The first puzzle of `janko_16x16.txt` whose first row has a number of
/// two digits and some other row none, as rows of numbers.
fn sixteen_as_numbers() -> (String, String) {
    let text = fs::read_to_string(repo_data("janko_16x16.txt")).unwrap();
    for line in text.lines() {
        let puzzle = line.split_whitespace().next().unwrap();
        let values: Vec<u32> = puzzle
            .chars()
            .map(|c| if c == '.' { 0 } else { c.to_digit(36).unwrap() })
            .collect();
        let rows: Vec<&[u32]> = values.chunks(16).collect();
        let wide = |row: &[u32]| row.iter().any(|&v| v >= 10);
        if wide(rows[0]) && !rows.iter().all(|r| wide(r)) {
            let block = rows
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|&v| if v == 0 { ".".into() } else { v.to_string() })
                        .collect::<Vec<String>>()
                        .join(" ")
                })
                .collect::<Vec<_>>()
                .join("\n");
            return (block + "\n", puzzle.to_owned());
        }
    }
    panic!("no such puzzle in janko_16x16.txt")
}

#[test]
fn a_block_of_numbers_counts_two_digit_numbers_in_every_row() {
    let (block, puzzle) = sixteen_as_numbers();
    let out = run_with_stdin(&["solve"], block.into_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    let solutions: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(solutions.len(), 1);
    let letters: String = solutions[0]
        .split(' ')
        .map(|n| {
            char::from_digit(n.parse().unwrap(), 36)
                .unwrap()
                .to_ascii_uppercase()
        })
        .collect();
    check(&puzzle, &letters, &classic());
}

/// `puzzle` (standard alphabet, 1-9A-G) written in hex, 0-9A-F.
fn to_hex(puzzle: &str) -> String {
    puzzle
        .chars()
        .map(|c| match c.to_digit(36) {
            Some(v) if v > 0 => char::from_digit(v - 1, 16).unwrap().to_ascii_uppercase(),
            _ => '.',
        })
        .collect()
}

#[test]
fn hex_without_its_flag_warns_and_hints_follow_the_alphabet() {
    let text = fs::read_to_string(repo_data("janko_16x16.txt")).unwrap();
    let puzzles: Vec<&str> = text
        .lines()
        .take(5)
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    let hex: String = puzzles.iter().map(|p| to_hex(p) + "\n").collect();
    assert!(hex.contains('0') && !hex.contains('G'));
    let out = run_with_stdin(&["solve"], hex.clone().into_bytes());
    assert!(
        out.stderr.contains("hold `0` and no `G`") && out.stderr.contains("--alphabet hex"),
        "{}",
        out.stderr
    );
    let out = run_with_stdin(&["solve", "--alphabet", "hex"], hex.into_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stderr, "");
    for (puzzle, solution) in puzzles.iter().zip(out.stdout.lines()) {
        let solution: String = solution
            .chars()
            .map(|c| char::from_digit(c.to_digit(16).unwrap() + 1, 36).unwrap())
            .collect();
        check(puzzle, &solution.to_ascii_uppercase(), &classic());
    }
    // A file in the standard alphabet has no warning.
    let standard: String = puzzles.iter().map(|p| p.replace('.', "0") + "\n").collect();
    let out = run_with_stdin(&["solve"], standard.into_bytes());
    assert_eq!(out.code, 0);
    assert_eq!(out.stderr, "");

    // The hint of a bad symbol names the alphabet's digits.
    let bad = format!("G{}\n", &to_hex(puzzles[0])[1..]);
    let out = run_with_stdin(&["solve", "--alphabet", "hex"], bad.into_bytes());
    assert!(
        out.stdout
            .contains("use 0-9 and A-F for digits 1 to 16 (the hex alphabet)"),
        "{}",
        out.stdout
    );
}

#[test]
fn sixteen_by_sixteen_blocks_without_the_size_hint_at_it() {
    let text = fs::read_to_string(repo_data("janko_16x16.txt")).unwrap();
    let puzzle = text
        .lines()
        .next()
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    let block: String = (0..16)
        .map(|r| format!("{}\n", &puzzle[r * 16..r * 16 + 16]))
        .collect();
    let out = run_with_stdin(&["solve"], block.clone().into_bytes());
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains("give --size 16"),
        "the hint names the flag: {}",
        out.stderr
    );
    let out = run_with_stdin(&["solve", "--size", "16"], block.into_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    check(puzzle, out.stdout.trim(), &classic());
}

#[test]
fn positions_name_the_cell_as_r_c_and_the_column_from_1() {
    let mut line = GOOD.to_owned();
    line.replace_range(10..11, "x");
    let out = run_with_stdin(&["solve"], format!("{line}\n").into_bytes());
    assert_eq!(
        out.stderr,
        "<stdin>:1:11: r2c2: `x` is not a digit of a 9x9 grid; use 1-9 for digits and `.` for blanks\n"
    );
    let out = run_with_stdin(
        &["solve", "--format", "json"],
        format!("{line}\n").into_bytes(),
    );
    let record = &json_records(&out.stdout)[0];
    assert_eq!(record["column"], 11);
    assert!(record["error"].as_str().unwrap().starts_with("r2c2: "));
}

#[test]
fn a_comment_line_of_any_length_is_never_a_record() {
    let input = format!("#{}\n{GOOD}\n", "x".repeat(100_000));
    let out = run_with_stdin(&["solve"], input.into_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout.lines().count(), 1);
    check(GOOD, out.stdout.trim(), &classic());
}

#[test]
fn every_file_is_checked_before_the_first_record() {
    let dir = tempfile_dir("missing");
    let good = dir.join("good.txt");
    fs::write(&good, format!("{GOOD}\n")).unwrap();
    let missing = dir.join("no-such-file.txt");
    for args in [
        ["solve", arg(&missing), arg(&good)],
        ["solve", arg(&good), arg(&missing)],
        ["count", arg(&good), arg(&missing)],
        ["rate", arg(&good), arg(&missing)],
    ] {
        let out = run(&args);
        assert_eq!(out.code, 2, "{args:?}");
        assert_eq!(out.stdout, "", "no record before the error: {args:?}");
        assert!(
            out.stderr.contains("no-such-file.txt: cannot open"),
            "{}",
            out.stderr
        );
    }
    let out = run(&["solve", arg(&good), arg(&dir)]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("is a directory"), "{}", out.stderr);
}

/// A fresh directory under the target directory for one test's files.
fn tempfile_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("reading-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn cover_skips_an_option_of_secondary_items_as_knuth_does() {
    // DLX1 on this file: "Option ignored (no primary items)", one solution.
    let out = run_with_stdin(&["cover"], b"A B | x\nA B\nx\nA x\n".to_vec());
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "A B\n\n");
    assert_eq!(out.stderr, "<stdin>:3: option ignored (no primary items)\n");
}

/// Runs `args`, which must fail to read their input (status 2) saying `expected`.
fn cannot_read(args: &[&str], expected: &str) {
    let out = run(args);
    assert_eq!(out.code, 2, "{args:?}");
    assert!(out.stderr.contains(expected), "{}", out.stderr);
}

#[test]
fn cover_bounds_its_lines_and_items() {
    // An endless line fails at once, with bounded memory.
    cannot_read(
        &["cover", "/dev/zero"],
        "/dev/zero:1:1048577: the line is longer than 1048576 bytes, the longest `cover` reads; give --max-line-bytes to raise the limit",
    );

    // 150,000 items: over both default limits, read when both are raised.
    let dir = tempfile_dir("cover-bounds");
    let path = dir.join("many-items.dlx");
    let mut file = fs::File::create(&path).unwrap();
    let items: Vec<String> = (0..150_000).map(|k| format!("i{k}")).collect();
    let comment = "x".repeat(2 << 20);
    writeln!(file, "| a comment longer than any limit {comment}").unwrap();
    writeln!(file, "{}", items.join(" ")).unwrap();
    for item in &items {
        writeln!(file, "{item}").unwrap();
    }
    drop(file);
    cannot_read(&["cover", arg(&path)], ":2:1048577: the line is longer");
    cannot_read(
        &["cover", "--max-line-bytes", "2000000", arg(&path)],
        ":2:688891: the item line declares more than 100000 items, the reader's limit; raise the limit if the problem is meant to be this large (--max-items)",
    );
    let out = run(&[
        "cover",
        "--count",
        "--max-line-bytes",
        "2000000",
        "--max-items",
        "200000",
        arg(&path),
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "1\n");
}

#[test]
fn project_euler_grids_read_with_their_headers() {
    // Project Euler's problem 96 file: `Grid NN`, then nine rows of nine.
    let grids = [
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
        "200080300060070084030500209000105408000000000402706000301007040720040060004010003",
    ];
    let mut input = String::new();
    for (k, grid) in grids.iter().enumerate() {
        input.push_str(&format!("Grid {:02}\n", k + 1));
        for row in 0..9 {
            input.push_str(&grid[row * 9..row * 9 + 9]);
            input.push('\n');
        }
    }
    let out = run_with_stdin(&["solve", "--format", "json"], input.into_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    let records = json_records(&out.stdout);
    let lines: Vec<u64> = records
        .iter()
        .map(|r| r["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [2, 12]);
    for (record, grid) in records.iter().zip(grids) {
        check(grid, record["solution"].as_str().unwrap(), &classic());
    }
}

#[test]
fn rate_and_canon_keep_comments_too() {
    let input = format!("{GOOD} # name\n");
    let out = run_with_stdin(&["rate", "--format", "json"], input.clone().into_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(json_records(&out.stdout)[0]["comment"], "# name");
    let out = run_with_stdin(&["rate", "--keep-comments"], input.clone().into_bytes());
    assert!(out.stdout.ends_with(" # name\n"), "{}", out.stdout);
    let out = run_with_stdin(&["canon", "--format", "json"], input.clone().into_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(json_records(&out.stdout)[0]["comment"], "# name");
    let out = run_with_stdin(&["canon", "--keep-comments"], input.into_bytes());
    let (form, comment) = out.stdout.trim_end().split_once(' ').unwrap();
    assert_eq!(comment, "# name");
    assert_eq!(form.len(), 81);
}

/// `GOOD`'s nine rows, each drawn by `row`.
fn good_rows(row: impl Fn(&str) -> String) -> Vec<String> {
    (0..9).map(|r| row(&GOOD[r * 9..r * 9 + 9])).collect()
}

/// A regression test for issue 39: decoration and titles were bogus
/// `!invalid` records ("found 2 cells, expected 16" for a `.ss` border), a
/// SadMan `[Puzzle]` header lost its puzzle, and `Puzzle <81 cells>` was
/// dropped with no word. Now the formats read, and every skipped line is
/// named on stderr.
#[test]
fn the_files_people_have_read_and_skipped_lines_are_noted() {
    let solution = run_with_stdin(&["solve"], format!("{GOOD}\n").into_bytes()).stdout;
    let ss = good_rows(|r| format!("|{}|{}|{}|", &r[..3], &r[3..6], &r[6..]));
    let ss = format!(
        "*-----------*\n{}\n|---+---+---|\n{}\n|---+---+---|\n{}\n*-----------*\n",
        ss[..3].join("\n"),
        ss[3..6].join("\n"),
        ss[6..].join("\n")
    );
    let plain = good_rows(str::to_owned);
    let sdk = format!("[Puzzle]\n{}\n", plain.join("\n"));
    let banded = format!(
        "{}\n\n{}\n\n{}\n",
        plain[..3].join("\n"),
        plain[3..6].join("\n"),
        plain[6..].join("\n")
    );
    let hodoku = good_rows(|r| {
        let cells: Vec<String> = r.chars().map(String::from).collect();
        format!(
            "| {} | {} | {} |",
            cells[..3].join(" "),
            cells[3..6].join(" "),
            cells[6..].join(" ")
        )
    });
    let hodoku = format!(
        ".-------.-------.-------.\n{}\n:-------+-------+-------:\n{}\n:-------+-------+-------:\n{}\n'-------'-------'-------'\n",
        hodoku[..3].join("\n"),
        hodoku[3..6].join("\n"),
        hodoku[6..].join("\n")
    );
    let stars = GOOD.replace('.', "*");
    let underscores = GOOD.replace('.', "_");
    let text = format!(
        "{ss}{hodoku}{sdk}=== Puzzle 2 ===\n{GOOD}\n-- hard --\n{stars}\n1) Hard\n{underscores}\n12\n{banded}Puzzle {GOOD}\nid,puzzle,solution\n7,{GOOD},{}\n",
        solution.trim()
    );
    let out = run_with_stdin(&["solve"], text.clone().into_bytes());
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert_eq!(out.stdout, solution.repeat(9), "{text}");
    // Each title or header named with its line, and nothing else.
    let notes: Vec<&str> = out.stderr.lines().collect();
    let skipped: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| {
            [
                "[Puzzle]",
                "=== Puzzle 2 ===",
                "-- hard --",
                "1) Hard",
                "12",
                "id,puzzle,solution",
            ]
            .contains(l)
        })
        .map(|(k, _)| k + 1)
        .collect();
    assert_eq!(notes.len(), skipped.len(), "{}", out.stderr);
    for (note, line) in notes.iter().zip(skipped) {
        assert!(
            note.starts_with(&format!("<stdin>:{line}: note: skipped")),
            "{note}"
        );
    }
    // The name before a grid is its comment.
    let out = run_with_stdin(
        &["solve", "--keep-comments"],
        format!("Platinum Blonde\t{GOOD}\n").into_bytes(),
    );
    assert_eq!(out.stdout, format!("{} Platinum Blonde\n", solution.trim()));
}

/// A regression test for issue 39: `check` rejoined a record's comment to
/// its puzzle, so `# name`, tdoku's `P:1:S` and a jigsaw line with text
/// after it were invalid; and it ignored `--keep-comments`. It reads what
/// `solve` reads now, and keeps comments as the help says.
#[test]
fn check_reads_what_solve_reads() {
    let solution = run_with_stdin(&["solve"], format!("{GOOD}\n").into_bytes()).stdout;
    let solution = solution.trim();
    let text = format!(
        "{GOOD} {solution} # name\n{GOOD}:1:{solution}\n{solution} # alone\n{GOOD},{solution}\n"
    );
    let out = run_with_stdin(&["check"], text.clone().into_bytes());
    assert_eq!(out.stdout, "valid\n".repeat(4), "{}", out.stderr);
    let out = run_with_stdin(&["check", "--keep-comments"], text.clone().into_bytes());
    assert_eq!(
        out.stdout,
        format!("valid {solution} # name\nvalid:1:{solution}\nvalid # alone\nvalid,{solution}\n")
    );
    let out = run_with_stdin(&["check", "--format", "json"], text.into_bytes());
    let records = json_records(&out.stdout);
    assert_eq!(records[2]["comment"], "# alone");
    // A jigsaw line whose map is bad: the error names the map's column,
    // as solve's does.
    let jigsaw = "1.3............. aabbaabbccddccda 1234341221434321\n";
    let solve = run_with_stdin(&["solve", "--jigsaw"], jigsaw.as_bytes().to_vec());
    let check = run_with_stdin(&["check", "--jigsaw"], jigsaw.as_bytes().to_vec());
    assert_eq!(solve.stderr, check.stderr);
    assert!(solve.stderr.starts_with("<stdin>:1"), "{}", solve.stderr);
}

/// A regression test for issue 39: with `--alphabet numbers`, a row of 16
/// numbers was a whole 4x4 grid, so a 16x16 block that solves without the
/// flag broke with it.
#[test]
fn a_block_of_numbers_reads_with_the_numbers_alphabet() {
    let puzzle = fs::read_to_string(repo_data("janko_16x16.txt")).unwrap();
    let puzzle = puzzle.lines().find(|l| !l.starts_with('#')).unwrap();
    let symbols = ".123456789ABCDEFG";
    let block: String = (0..16)
        .map(|r| {
            let row: Vec<String> = puzzle[r * 16..r * 16 + 16]
                .chars()
                .map(|c| match symbols.find(c) {
                    Some(0) | None => ".".to_owned(),
                    Some(k) => k.to_string(),
                })
                .collect();
            row.join(" ") + "\n"
        })
        .collect();
    let without = run_with_stdin(&["solve"], block.clone().into_bytes());
    assert_eq!(without.code, 0, "{}", without.stderr);
    let with = run_with_stdin(&["solve", "--alphabet", "numbers"], block.into_bytes());
    assert_eq!(with.code, 0, "{}", with.stderr);
    assert_eq!(with.stdout.split_whitespace().count(), 256);
}

/// A regression test for issue 39's misleading messages: a killer line
/// without `--killer` ("found 56 cells"), a jigsaw map without
/// `--jigsaw`, `--size` answered with "or give the size", and a killer sum
/// error placed twice (`FILE:3: line 1, column 60`) with no column in JSON.
#[test]
fn messages_say_what_to_do() {
    let killer = "................ aaaabbccdbcedffe a=10,b=8,c=7,d=6,e=4,f=5\n";
    let out = run_with_stdin(&["solve"], killer.as_bytes().to_vec());
    assert!(out.stderr.contains("--killer"), "{}", out.stderr);
    // Where the cage map starts (issue 41).
    assert!(out.stderr.starts_with("<stdin>:1:18: "), "{}", out.stderr);
    let jigsaw = "1.3............. aabbaabbccddccdd\n";
    let out = run_with_stdin(&["solve"], jigsaw.as_bytes().to_vec());
    assert!(out.stderr.contains("--jigsaw"), "{}", out.stderr);
    let out = run_with_stdin(
        &["solve", "--size", "6"],
        format!("{}\n", ".".repeat(35)).into_bytes(),
    );
    assert!(!out.stderr.contains("give the size"), "{}", out.stderr);
    assert!(out.stderr.contains("expected 36"), "{}", out.stderr);
    let bad_sum = "................ aaaabbccdbcedffe a=10,b=8,c=7,d=6,e=4,f=x\n";
    let out = run_with_stdin(&["solve", "--killer"], bad_sum.as_bytes().to_vec());
    let column = bad_sum.find("f=x").unwrap() + 1;
    assert!(
        out.stderr.starts_with(&format!("<stdin>:1:{column}: ")),
        "{}",
        out.stderr
    );
    assert!(!out.stderr.contains("line 1, column"), "{}", out.stderr);
    let out = run_with_stdin(
        &["solve", "--killer", "--format", "json"],
        bad_sum.as_bytes().to_vec(),
    );
    assert_eq!(json_records(&out.stdout)[0]["column"], column);
}

/// A regression test for issue 39: `solve /dev/zero` read on forever (one
/// line without an end); it stops at the line bound with an error, as
/// `cover` does.
#[cfg(unix)]
#[test]
fn an_endless_input_stops_at_the_line_bound() {
    let out = run(&["solve", "/dev/zero"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stderr.contains("/dev/zero:1:"), "{}", out.stderr);
    assert!(out.stderr.contains("stopped"), "{}", out.stderr);
}

/// The placed values of the pencilmark grid of Sudopedia's article
/// "Pencilmark" (`data/sudoku/sudopedia_pencilmark_grid.txt`, in the layout
/// HoDoKu prints as its "PM grid"), in the line format.
const SUDOPEDIA_GIVENS: &str =
    ".7.2.3.8.3457981262.8.4....4..5.98.2.5.8.4.9.8.......1........8.8.....7.62..87.15";

/// A regression test for issue 39, item 10: a HoDoKu or Sudoku Explainer
/// pencilmark grid was a bogus `!invalid` record (a block of 20-cell
/// rows). Every command that takes puzzles reads it as the puzzle of its
/// placed values: the same answer as that puzzle on a line, at the same
/// line (the grid's first row, after its border).
#[test]
fn a_pencilmark_grid_reads_in_every_command() {
    let sudopedia = fs::read_to_string(repo_data("sudopedia_pencilmark_grid.txt")).unwrap();
    let grid = format!("{sudopedia}{GOOD}\n");
    // The same lines: a comment for each line of the grid but its first row.
    let line = format!("#\n{SUDOPEDIA_GIVENS}\n{}{GOOD}\n", "#\n".repeat(11));
    for command in [
        &["solve"][..],
        &["solve", "--format", "json"],
        &["count", "--limit", "2"],
        &["check"],
        &["rate"],
        &["explain"],
        &["hint"],
        &["canon"],
    ] {
        let from_grid = run_with_stdin(command, grid.clone().into_bytes());
        let from_line = run_with_stdin(command, line.clone().into_bytes());
        assert_eq!(
            (from_grid.code, &from_grid.stdout, &from_grid.stderr),
            (from_line.code, &from_line.stdout, &from_line.stderr),
            "{command:?}"
        );
        assert!(
            !from_grid.stdout.contains("invalid"),
            "{command:?}: {}",
            from_grid.stdout
        );
    }
    let out = run_with_stdin(&["solve"], grid.into_bytes());
    let (pm, good) = out.stdout.split_once('\n').unwrap();
    check(SUDOPEDIA_GIVENS, pm, &classic());
    check(GOOD, good.trim(), &classic());
    // A candidate that is no digit of the grid (`5` in a 4x4): an error at
    // its line and column.
    let bad = "| 1 34 | 2 34 |\n| 234 2 | 1 4 |\n| 23 1 | 4 253 |\n| 4 23 | 3 1 |\n";
    let out = run_with_stdin(&["solve"], bad.as_bytes().to_vec());
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stderr.starts_with("<stdin>:3:13: "), "{}", out.stderr);
}

/// A regression test for issue 39, item 2: a player's board after a
/// puzzle was read as a region map when its blanks "contradicted" the
/// givens (a board of two digits), so `hint` and `solve` asked for
/// `--jigsaw`. A board, whatever it holds, and a solution are the
/// puzzle's comment; only a map of connected regions of digits that
/// contradicts the givens asks for `--jigsaw`.
#[test]
fn a_board_after_a_puzzle_is_never_a_region_map() {
    let solution = run_with_stdin(&["solve"], format!("{GOOD}\n").into_bytes()).stdout;
    let solution = solution.trim();
    // The README's hint example: the givens and two more digits.
    let readme = format!("49{}", &GOOD[2..]);
    let two = format!("49{}", ".".repeat(79));
    let one = format!("4{}", ".".repeat(80));
    for board in [readme.as_str(), &two, &one, solution] {
        let input = format!("{GOOD} {board}\n");
        for command in ["solve", "count", "rate", "hint", "explain", "canon"] {
            let out = run_with_stdin(&[command], input.clone().into_bytes());
            assert!(
                !out.stderr.contains("jigsaw") && !out.stdout.contains("jigsaw"),
                "{command} {board}: {}{}",
                out.stdout,
                out.stderr
            );
            assert!(
                !out.stdout.contains("!invalid"),
                "{command} {board}: {}",
                out.stdout
            );
        }
        let out = run_with_stdin(&["solve"], input.into_bytes());
        assert_eq!(out.stdout.trim(), solution);
    }
    let out = run_with_stdin(&["hint"], format!("{GOOD} {readme}\n").into_bytes());
    assert_eq!(out.stdout, "!wrong: r1c2 holds 9, the solution has 8\n");
    // A map of nine row regions in digits asks for `--jigsaw`.
    let rows: String = (1..=9).map(|d| d.to_string().repeat(9)).collect();
    let out = run_with_stdin(&["solve"], format!("{GOOD} {rows}\n").into_bytes());
    assert!(out.stderr.contains("--jigsaw"), "{}", out.stderr);
}
