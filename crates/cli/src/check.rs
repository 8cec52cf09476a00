//! `sudoku-dlx check`: is a grid a valid solution, and of this puzzle?
//!
//! A record is a complete grid, or a puzzle and a proposed solution on one
//! line after a space (`PUZZLE SOLUTION`, as `generate --with-solution`
//! prints it; with `--jigsaw`, `PUZZLE MAP SOLUTION`). Each is checked by
//! the library's checker, which walks the units directly rather than
//! through the exact-cover matrix, and the first broken rule is reported
//! with its cell. The same reading, framing and ordering as `solve`
//! ([`crate::answers`]).

use std::io::Write;

use serde::Serialize;
use sudoku_dlx::{Cell, Grid, ParseOptions, Puzzle, Shape, Violation, check_solution};

use crate::answers::answer_all;
use crate::args::{AlphabetArg, CheckArgs, RecordFormat};
use crate::records::{Body, Record};
use crate::report::{self, Answer, Problem, PuzzleStatus, Status};

/// Runs `sudoku-dlx check`.
pub(crate) fn run(args: &CheckArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let parse = args.puzzles.parse_options()?;
    let format = args.output.format;
    let mut all_valid = true;
    answer_all(
        &args.puzzles.files,
        &parse,
        &args.jobs,
        format.into(),
        out,
        |(): &mut (), name, record| {
            let keep_comments = args.puzzles.keep_comments;
            let comment = record.comment.clone();
            let mut answer = answer(format, &parse, name, record);
            if keep_comments {
                report::keep_comment(&mut answer.stdout, format.into(), comment.as_deref());
            }
            answer
        },
        |status| all_valid &= status == PuzzleStatus::Solved,
    )?;
    Ok(if all_valid {
        Status::Success
    } else {
        Status::Failure
    })
}

/// One `check` record in JSON: its fields in sorted order, each absent when
/// it does not apply.
#[derive(Debug, Serialize)]
struct CheckRecord<'a> {
    /// The first cell the broken rule names, as `r2c5`.
    #[serde(skip_serializing_if = "Option::is_none")]
    cell: Option<String>,
    /// Where an invalid record went wrong, when one column says it.
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
    /// The text after the puzzle on its line (the proposed solution among it).
    #[serde(skip_serializing_if = "Option::is_none")]
    comment: Option<&'a str>,
    /// The broken rule, or why the record could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
    file: &'a str,
    line: u64,
    /// `valid`, `broken` or `invalid`.
    status: &'static str,
}

/// Checks one record.
fn answer(format: RecordFormat, parse: &ParseOptions, name: &str, record: Record) -> Answer {
    let line = record.line;
    let comment = record.comment.as_deref();
    let invalid = |problem: Problem| {
        let json = CheckRecord {
            cell: None,
            column: problem.column,
            comment,
            error: Some(&problem.message),
            file: name,
            line: problem.line,
            status: PuzzleStatus::Invalid.name(),
        };
        report::invalid(format.into(), name, &problem, &json)
    };
    let text = match record.body {
        Body::Text(text) => text,
        Body::Bad(e) => return invalid(Problem::of_line(line, &e)),
    };
    // The framer takes what follows a line's grid as its comment: the
    // proposed solution is in it.
    let Pair { puzzle, grid, .. } = match read(&text, comment, parse) {
        Ok(pair) => pair,
        Err(e) => return invalid(Problem::of_parse_error(line, &e, &text)),
    };
    let verdict = check_solution(&puzzle, &grid);
    let (status, stdout) = match (&verdict, format) {
        (Ok(()), RecordFormat::Line) => (PuzzleStatus::Solved, "valid\n".to_owned()),
        (Err(broken), RecordFormat::Line) => {
            // A grid that breaks a rule solves nothing.
            (
                PuzzleStatus::Unsolvable,
                format!("!broken: {}\n", broken.describe(puzzle.alphabet())),
            )
        }
        (_, RecordFormat::Json) => {
            let error = verdict
                .as_ref()
                .err()
                .map(|broken| broken.describe(puzzle.alphabet()));
            let json = CheckRecord {
                cell: verdict.as_ref().err().and_then(cell).map(|c| c.to_string()),
                column: None,
                comment,
                error: error.as_deref(),
                file: name,
                line,
                status: if verdict.is_ok() { "valid" } else { "broken" },
            };
            let status = if verdict.is_ok() {
                PuzzleStatus::Solved
            } else {
                PuzzleStatus::Unsolvable
            };
            (status, report::json_line(&json))
        }
    };
    Answer {
        status,
        stdout,
        stderr: None,
    }
}

/// The first cell a broken rule names.
fn cell(violation: &Violation) -> Option<Cell> {
    match violation {
        Violation::Blank { cell } | Violation::GivenChanged { cell, .. } => Some(*cell),
        Violation::Repeat { first, .. } => Some(*first),
        _ => None,
    }
}

/// A record of `check` (or `hint`) read: the puzzle, and the grid to check
/// against it.
pub(crate) struct Pair {
    /// The puzzle (for a record of one grid, that grid).
    pub(crate) puzzle: Puzzle,
    /// The proposed solution (or the player's board); the puzzle itself
    /// when the record is one grid, whose rules and blanks alone are checked.
    pub(crate) grid: Grid,
    /// Whether the record held a grid after the puzzle, even one that
    /// equals it (a board the player has not written on yet): `hint` then
    /// judges the puzzle before the player.
    pub(crate) proposed: bool,
}

/// The puzzle and the grid to check against it, from a record as `solve`
/// frames it: the record's text is the puzzle (with `--jigsaw` its map,
/// with `--killer` its cages and sums), and the proposed solution is the
/// first field of its comment (fields split at whitespace, `,`, `;` and
/// `:`) that reads as a grid of the puzzle's shape, so `PUZZLE SOLUTION`,
/// `PUZZLE MAP SOLUTION`, tdoku's `PUZZLE:1:SOLUTION` and `PUZZLE SOLUTION
/// # name` all read. Without such a field the record is one grid, checked
/// on its own. In numbers, `PUZZLE SOLUTION` is one line of twice a grid's
/// numbers, split in halves.
pub(crate) fn read(
    text: &str,
    comment: Option<&str>,
    parse: &ParseOptions,
) -> Result<Pair, sudoku_dlx::Error> {
    let numbers = parse.alphabet == Some(AlphabetArg::Numbers.alphabet());
    let tokens: Vec<&str> = text.split_whitespace().collect();
    if numbers
        && comment.is_none()
        && !parse.jigsaw
        && !parse.killer
        && text.trim().lines().count() == 1
        && Shape::from_cell_count(tokens.len()).is_none()
        && tokens.len().is_multiple_of(2)
        && Shape::from_cell_count(tokens.len() / 2).is_some()
    {
        let (puzzle, solution) = tokens.split_at(tokens.len() / 2);
        return Ok(Pair {
            puzzle: Puzzle::parse(&puzzle.join(" "), parse)?,
            grid: Puzzle::parse(&solution.join(" "), parse)?.givens().clone(),
            proposed: true,
        });
    }
    let puzzle = Puzzle::parse(text, parse)?;
    let grid_options = ParseOptions {
        shape: Some(puzzle.shape()),
        alphabet: Some(puzzle.alphabet()),
        ..ParseOptions::default()
    };
    let solution = comment
        .into_iter()
        .flat_map(fields)
        .find_map(|field| Puzzle::parse(field, &grid_options).ok());
    let grid = solution.as_ref().unwrap_or(&puzzle).givens().clone();
    Ok(Pair {
        puzzle,
        grid,
        proposed: solution.is_some(),
    })
}

/// The fields of a comment: split at whitespace, `,`, `;` and `:`.
fn fields(comment: &str) -> impl Iterator<Item = &str> {
    comment
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':'))
        .filter(|field| !field.is_empty())
}
