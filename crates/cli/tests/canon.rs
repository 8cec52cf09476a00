//! `sudoku-dlx canon`: forms, the printed transformation, `--dedupe`,
//! formats and exit codes.
//!
//! The transformation notation is read and applied here from its
//! documentation, without the library, and the shuffles that make
//! equivalent puzzles are written here too.

use std::fs;

use crate::common::{arg, data, run, run_with_stdin};

/// The number a symbol stands for (`1`-`9`, then `A`=10 ...), 0 for a blank.
fn value(symbol: char) -> u32 {
    match symbol {
        '.' | '0' => 0,
        _ => symbol.to_digit(36).expect("a symbol"),
    }
}

fn symbol(value: u32) -> char {
    match value {
        0 => '.',
        v => char::from_digit(v, 36)
            .expect("a digit")
            .to_ascii_uppercase(),
    }
}

/// A grid line's side and box shape (the squarest boxes, fewer rows).
fn shape(cells: usize) -> (usize, usize, usize) {
    let n = (1..=64).find(|n| n * n == cells).expect("a square grid");
    let box_rows = (1..=n).rfind(|r| r * r <= n && n % r == 0).unwrap();
    (n, box_rows, n / box_rows)
}

/// `[transpose,]rows=R,cols=C,digits=D`, every list 1-based, one symbol per entry.
struct Notation {
    transpose: bool,
    rows: Vec<usize>,
    cols: Vec<usize>,
    digits: Vec<u32>,
}

fn read_notation(text: &str) -> Notation {
    let mut notation = Notation {
        transpose: false,
        rows: Vec::new(),
        cols: Vec::new(),
        digits: Vec::new(),
    };
    for part in text.split(',') {
        let list = |l: &str| l.chars().map(value).collect::<Vec<u32>>();
        match part.split_once('=') {
            None => {
                assert_eq!(part, "transpose");
                notation.transpose = true;
            }
            Some(("rows", l)) => notation.rows = list(l).iter().map(|&v| v as usize - 1).collect(),
            Some(("cols", l)) => notation.cols = list(l).iter().map(|&v| v as usize - 1).collect(),
            Some(("digits", l)) => notation.digits = list(l),
            Some(other) => panic!("unknown part {other:?} in {text}"),
        }
    }
    notation
}

/// Checks that `t` keeps bands, stacks and the digit set, and applies it.
fn apply(t: &Notation, puzzle: &str) -> String {
    let cells: Vec<u32> = puzzle.chars().map(value).collect();
    let (n, box_rows, box_cols) = shape(cells.len());
    assert!(
        !t.transpose || box_rows == box_cols,
        "transposed a non-square shape"
    );
    for (lines, group) in [(&t.rows, box_rows), (&t.cols, box_cols)] {
        let mut sorted = lines.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..n).collect::<Vec<_>>());
        for chunk in lines.chunks(group) {
            assert!(
                chunk.iter().all(|&l| l / group == chunk[0] / group),
                "{lines:?}"
            );
        }
    }
    let mut digits = t.digits.clone();
    digits.sort_unstable();
    assert_eq!(digits, (1..=u32::try_from(n).unwrap()).collect::<Vec<_>>());
    let mut out = String::new();
    for &r in &t.rows {
        for &c in &t.cols {
            let d = if t.transpose {
                cells[c * n + r]
            } else {
                cells[r * n + c]
            };
            out.push(symbol(if d == 0 { 0 } else { t.digits[d as usize - 1] }));
        }
    }
    out
}

/// An equivalent 9x9 puzzle: bands rotated, rows of the first band and
/// columns of the last stack reversed, digits shifted by `seed`, and
/// transposed for odd seeds.
fn shuffle(puzzle: &str, seed: u32) -> String {
    let cells: Vec<u32> = puzzle.chars().map(value).collect();
    let rows = [2, 1, 0, 3, 4, 5, 6, 7, 8];
    let rows: Vec<usize> = (0..9).map(|i| rows[(i + 3 * seed as usize) % 9]).collect();
    let cols = [0, 1, 2, 3, 4, 5, 8, 7, 6];
    let mut out = String::new();
    for &r in &rows {
        for &c in &cols {
            let d = if seed % 2 == 1 {
                cells[c * 9 + r]
            } else {
                cells[r * 9 + c]
            };
            out.push(symbol(if d == 0 { 0 } else { (d + seed - 1) % 9 + 1 }));
        }
    }
    out
}

fn puzzles(name: &str) -> Vec<String> {
    fs::read_to_string(data(name))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(str::to_owned)
        .collect()
}

#[test]
fn forms_are_what_the_printed_transformations_make() {
    for name in ["good.txt", "sixteen.txt"] {
        let out = run(&["canon", "--with-transform", arg(&data(name))]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert_eq!(out.stderr, "");
        let inputs = puzzles(name);
        let records: Vec<&str> = out.stdout.lines().collect();
        assert_eq!(records.len(), inputs.len());
        for (puzzle, record) in inputs.iter().zip(records) {
            let (form, transform) = record.split_once(' ').expect("form and transformation");
            assert_eq!(apply(&read_notation(transform), puzzle), form, "{puzzle}");
            // Blanks first: the form starts with at least as many as the puzzle.
            let lead = |s: &str| s.chars().take_while(|&c| c == '.').count();
            assert!(lead(form) >= lead(puzzle), "{form}");
        }
    }
}

#[test]
fn equivalent_puzzles_share_a_form_and_dedupe_keeps_the_first() {
    let good = puzzles("good.txt");
    let (a, b) = (&good[0], &good[1]);
    let input = [
        a.clone(),
        shuffle(a, 1),
        b.clone(),
        shuffle(a, 2),
        shuffle(b, 3),
    ]
    .join("\n");
    let all = run_with_stdin(&["canon"], input.clone().into_bytes());
    assert_eq!(all.code, 0, "{}", all.stderr);
    let forms: Vec<&str> = all.stdout.lines().collect();
    assert_eq!(forms.len(), 5);
    assert_ne!(forms[0], forms[2]);
    assert_eq!(
        forms,
        [forms[0], forms[0], forms[2], forms[0], forms[2]],
        "{input}"
    );
    for jobs in ["1", "2"] {
        let deduped = run_with_stdin(
            &["canon", "--dedupe", "--stats", "--jobs", jobs],
            input.clone().into_bytes(),
        );
        assert_eq!(deduped.code, 0);
        assert_eq!(deduped.stdout, format!("{}\n{}\n", forms[0], forms[2]));
        assert!(
            deduped
                .stderr
                .starts_with("5 puzzles: 2 classes, 3 duplicates left out, 0 invalid"),
            "{}",
            deduped.stderr
        );
    }
}

#[test]
fn json_records_bad_lines_and_budgets() {
    let out = run(&[
        "canon",
        "--format",
        "json",
        "--with-transform",
        arg(&data("mixed.txt")),
    ]);
    assert_eq!(out.code, 1, "an invalid record makes the status 1");
    let records: Vec<serde_json::Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let statuses: Vec<&str> = records
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert!(
        statuses.contains(&"invalid") && statuses.contains(&"canonical"),
        "{statuses:?}"
    );
    for record in &records {
        if record["status"] == "canonical" {
            let form = record["canonical"].as_str().unwrap();
            let t = read_notation(record["transform"].as_str().unwrap());
            assert_eq!(form.len(), 81);
            assert!(t.rows.len() == 9 && t.cols.len() == 9);
        } else {
            assert!(record["error"].as_str().is_some(), "{record}");
        }
    }
    assert!(out.stderr.contains("mixed.txt:3:12:"), "{}", out.stderr);

    let grid = "987654321246173985351928746128537694634892157795461832519286473472319568863745219";
    let out = run_with_stdin(&["canon", "--max-nodes", "1"], grid.as_bytes().to_vec());
    assert_eq!((out.stdout.as_str(), out.code), ("!budget\n", 1));
    let out = run_with_stdin(&["canon"], grid.as_bytes().to_vec());
    assert!(out.stdout.starts_with("123456789"), "{}", out.stdout);
}

#[test]
fn hex_puzzles_print_in_hex_and_variants_are_refused() {
    let sixteen = &puzzles("sixteen.txt")[0];
    // The same puzzle in the hex alphabet (0-F for 1-16).
    let hex: String = sixteen
        .chars()
        .map(|c| match value(c) {
            0 => '.',
            v => char::from_digit(v - 1, 16).unwrap().to_ascii_uppercase(),
        })
        .collect();
    let standard = run_with_stdin(&["canon"], sixteen.as_bytes().to_vec());
    let in_hex = run_with_stdin(&["canon", "--alphabet", "hex"], hex.into_bytes());
    assert_eq!(in_hex.code, 0, "{}", in_hex.stderr);
    let back: String = in_hex
        .stdout
        .trim_end()
        .chars()
        .map(|c| match c {
            '.' => '.',
            c => symbol(c.to_digit(16).unwrap() + 1),
        })
        .collect();
    assert_eq!(back, standard.stdout.trim_end());

    // No variant flags: the transformations do not keep their rules.
    let out = run_with_stdin(&["canon", "--x"], sixteen.as_bytes().to_vec());
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("unexpected argument '--x'"),
        "{}",
        out.stderr
    );
    let out = run_with_stdin(&["canon"], Vec::new());
    assert_eq!((out.stdout.as_str(), out.code), ("", 0));
}

#[test]
fn the_documented_example() {
    // docs/cli.md and the README show this run: Easter Monster and a shuffle of it.
    let input = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1\n\
                 .5..3..7......2..4...8..6.....6....27...1..9......48..1...9.....76......93.....5.\n";
    let out = run_with_stdin(&["canon", "--with-transform"], input.as_bytes().to_vec());
    assert_eq!(
        out.stdout,
        "........1.....2.34..4...56...5..36...1..7....8..9.......6..4.2..9.8.....7...1.... rows=564879213,cols=312978645,digits=985247136\n\
         ........1.....2.34..4...56...5..36...1..7....8..9.......6..4.2..9.8.....7...1.... transpose,rows=321546897,cols=645231798,digits=593821476\n"
    );
    let out = run_with_stdin(&["canon", "--dedupe"], input.as_bytes().to_vec());
    assert_eq!(out.stdout.lines().count(), 1);
}
