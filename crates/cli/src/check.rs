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
use sudoku_dlx::{Cell, ParseOptions, Puzzle, Shape, Violation, check_solution};

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
        |(): &mut (), name, record| answer(format, &parse, name, record),
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
    let invalid = |problem: Problem| {
        let json = CheckRecord {
            cell: None,
            column: problem.column,
            error: Some(&problem.message),
            file: name,
            line: problem.line,
            status: PuzzleStatus::Invalid.name(),
        };
        report::invalid(format.into(), name, &problem, &json)
    };
    let text = match record.body {
        // The framer takes what follows a line's grid as its comment: here
        // that is the proposed solution.
        Body::Text(text) => match record.comment {
            Some(rest) => format!("{text} {rest}"),
            None => text,
        },
        Body::Bad(e) => return invalid(Problem::of_line(line, &e)),
    };
    let (puzzle, solution) = match read(&text, parse) {
        Ok(pair) => pair,
        Err(e) => return invalid(Problem::of_error(line, &e)),
    };
    let grid = solution.as_ref().unwrap_or(&puzzle);
    let verdict = check_solution(&puzzle, grid.givens());
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

/// The puzzle and the grid to check against it: a record of one grid is
/// the puzzle alone, `None` for the grid (the grid is checked against
/// itself: only the rules and blanks); `PUZZLE SOLUTION` (with
/// `--jigsaw`, `PUZZLE MAP SOLUTION`; with `--killer`, `PUZZLE MAP SUMS
/// SOLUTION`) is split at its spaces. A block of
/// lines is always one grid.
pub(crate) fn read(
    text: &str,
    parse: &ParseOptions,
) -> Result<(Puzzle, Option<Puzzle>), sudoku_dlx::Error> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let one_line = text.trim().lines().count() == 1;
    let numbers = parse.alphabet == Some(AlphabetArg::Numbers.alphabet());
    if let (true, true, &[puzzle, map, sums, solution]) =
        (parse.killer, one_line, tokens.as_slice())
    {
        // The solution takes the puzzle's cages, whose sums it must make.
        return Ok((
            Puzzle::parse(&format!("{puzzle} {map} {sums}"), parse)?,
            Some(Puzzle::parse(&format!("{solution} {map} {sums}"), parse)?),
        ));
    }
    let pair = match (one_line, numbers, parse.jigsaw, tokens.as_slice()) {
        (true, false, false, &[puzzle, solution]) => Some((puzzle.to_owned(), solution.to_owned())),
        (true, false, true, &[puzzle, map, solution]) => {
            Some((format!("{puzzle} {map}"), format!("{solution} {map}")))
        }
        // Numbers: a puzzle and a solution are two halves of equal length.
        (true, true, false, _)
            if Shape::from_cell_count(tokens.len()).is_none()
                && tokens.len().is_multiple_of(2)
                && Shape::from_cell_count(tokens.len() / 2).is_some() =>
        {
            let (puzzle, solution) = tokens.split_at(tokens.len() / 2);
            Some((puzzle.join(" "), solution.join(" ")))
        }
        _ => None,
    };
    match pair {
        Some((puzzle, solution)) => Ok((
            Puzzle::parse(&puzzle, parse)?,
            Some(Puzzle::parse(&solution, parse)?),
        )),
        None => Ok((Puzzle::parse(text, parse)?, None)),
    }
}
