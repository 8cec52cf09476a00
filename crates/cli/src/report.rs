//! What commands report: their exit status, and for the record commands
//! (`solve`, `count`, `rate`) what they print for a record: its status,
//! its stdout and stderr text, where in the input a record that cannot be
//! read went wrong, and JSON lines. Each command's JSON schema is a type of
//! the library's `sudoku_dlx::json` (its `serde` feature), with its fields
//! in sorted order, absent when empty.

use std::process::ExitCode;

use serde::Serialize;
use sudoku_dlx::{Alphabet, Error, Puzzle, Shape};

use crate::input::LineError;

/// How a record is written: the output formats of `solve` and `count`, the
/// others' mapped onto them. The flags that choose it live in `args`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    /// One line per puzzle.
    Line,
    /// Pretty grids with box separators, each followed by a blank line.
    Grid,
    /// JSON Lines: one object per puzzle.
    Json,
}

/// How a command ended, as an exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Status {
    /// 0: everything asked for was done.
    Success,
    /// 1: some puzzle was invalid, unsolvable, over budget or not unique.
    Failure,
    /// 2: a usage, input-format or I/O error.
    Error,
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> ExitCode {
        match status {
            Status::Success => ExitCode::SUCCESS,
            Status::Failure => ExitCode::from(1),
            Status::Error => ExitCode::from(2),
        }
    }
}

/// The status of one puzzle, as the JSON `status` field and the `!` records name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PuzzleStatus {
    /// Solved (with `--unique`: and the solution is unique); for `rate`, rated.
    Solved,
    /// No solution.
    Unsolvable,
    /// More than one solution (`N+` with N of 2 or more included): a
    /// failure with `--unique`.
    Multiple,
    /// The puzzle could not be read, or its givens clash.
    Invalid,
    /// `--max-nodes` ran out first.
    Budget,
}

impl PuzzleStatus {
    /// The status of a puzzle with `solutions` solutions found, or at
    /// least that many: none is unsolvable, one solved, two or more
    /// multiple, whatever stopped the search.
    pub(crate) fn of_count(solutions: u64) -> PuzzleStatus {
        match solutions {
            0 => PuzzleStatus::Unsolvable,
            1 => PuzzleStatus::Solved,
            _ => PuzzleStatus::Multiple,
        }
    }

    /// The name scripts see.
    pub(crate) fn name(self) -> &'static str {
        match self {
            PuzzleStatus::Solved => "solved",
            PuzzleStatus::Unsolvable => "unsolvable",
            PuzzleStatus::Multiple => "multiple",
            PuzzleStatus::Invalid => "invalid",
            PuzzleStatus::Budget => "budget",
        }
    }
}

/// One formatted record.
#[derive(Debug)]
pub(crate) struct Answer {
    pub(crate) status: PuzzleStatus,
    /// What goes to stdout, line endings included.
    pub(crate) stdout: String,
    /// A message for stderr (`FILE:LINE[:COLUMN]: reason`), without a line ending.
    pub(crate) stderr: Option<String>,
}

impl Answer {
    /// Writes the record to `out` and its message, if any, to `stderr`;
    /// `out` is flushed first, so a terminal shows records and messages in
    /// order.
    pub(crate) fn write(
        &self,
        out: &mut dyn std::io::Write,
        stderr: &mut dyn std::io::Write,
    ) -> std::io::Result<()> {
        out.write_all(self.stdout.as_bytes())?;
        if let Some(message) = &self.stderr {
            out.flush()?;
            writeln!(stderr, "{message}")?;
        }
        Ok(())
    }
}

/// Why a record has no answer: where (lines counted in the input) and what.
#[derive(Debug)]
pub(crate) struct Problem {
    pub(crate) line: u64,
    pub(crate) column: Option<usize>,
    pub(crate) message: String,
}

impl Problem {
    /// A library error of the record starting at `record_line`: the error's
    /// position within its record moved to the input's lines, and its
    /// reason prefixed with the cell it is about (`r2c3`), if any.
    pub(crate) fn of_error(record_line: u64, e: &Error) -> Problem {
        match e.line_column() {
            Some((line, column)) => {
                let offset = u64::try_from(line.saturating_sub(1)).unwrap_or(0);
                let message = match e.cell() {
                    Some(cell) => format!("{cell}: {}", e.reason()),
                    None => e.reason().to_string(),
                };

                Problem {
                    line: record_line.saturating_add(offset),
                    column: Some(column),
                    message,
                }
            }
            None => Problem {
                line: record_line,
                column: None,
                message: e.to_string(),
            },
        }
    }

    /// An error of searching `puzzle`, as [`Problem::of_error`] says it but
    /// with the digits it names (two clashing givens') in the puzzle's
    /// alphabet, the symbols the player wrote.
    pub(crate) fn of_puzzle_error(record_line: u64, e: &Error, puzzle: &Puzzle) -> Problem {
        let mut problem = Problem::of_error(record_line, e);
        if e.position().is_none() {
            problem.message = e.describe(puzzle.alphabet());
        }
        problem
    }

    /// A parse error of the record `text` starting at `record_line`, as
    /// [`Problem::of_error`] says it, with a hint when the record is one
    /// line of n*n cells that reads as a row of a grid of side n*n (a
    /// 16x16 block read without `--size 16`).
    pub(crate) fn of_parse_error(record_line: u64, e: &Error, text: &str) -> Problem {
        let mut problem = Problem::of_error(record_line, e);
        if !text.contains('\n')
            && let Some(side) = row_side(e)
        {
            problem.message.push_str(&format!(
                "; a line of {side} cells is a whole grid, so to read it as a row of a {side}x{side} block give --size {side}"
            ));
        }
        problem
    }

    /// Input line `line`, which is not usable text.
    pub(crate) fn of_line(line: u64, e: &LineError) -> Problem {
        Problem {
            line,
            column: Some(e.column()),
            message: e.to_string(),
        }
    }
}

/// The side m when `e` is a symbol of a grid of side n that would be a
/// digit of a grid of side m = n*n: the line of n*n cells was read as a
/// whole small grid, but is likely a row of a large one (a 16x16 block read
/// without `--size 16`).
fn row_side(e: &Error) -> Option<usize> {
    let (size, value) = match e {
        Error::InvalidSymbol {
            size,
            found,
            alphabet: Alphabet::Standard,
            ..
        } => (*size, found.to_digit(36)?),
        Error::InvalidSymbol {
            size,
            found,
            alphabet: Alphabet::Hex,
            ..
        } => (*size, found.to_digit(16)? + 1),
        Error::InvalidNumber { size, found, .. } => (*size, found.parse().ok()?),
        _ => return None,
    };
    let side = size.checked_mul(size)?;
    let value = usize::try_from(value).ok()?;
    (value > size && value <= side && Shape::from_size(side).is_ok()).then_some(side)
}

/// The record of a puzzle that could not be read, in `format`: `json` is
/// the command's JSON record of it.
pub(crate) fn invalid(
    format: Format,
    name: &str,
    problem: &Problem,
    json: &impl Serialize,
) -> Answer {
    let position = match problem.column {
        Some(column) => format!("{name}:{}:{column}", problem.line),
        None => format!("{name}:{}", problem.line),
    };
    let stdout = match format {
        Format::Line => format!("!invalid: {}\n", problem.message),
        Format::Grid => format!("!invalid: {}\n\n", problem.message),
        Format::Json => json_line(json),
    };
    Answer {
        status: PuzzleStatus::Invalid,
        stdout,
        stderr: Some(format!("{position}: {}", problem.message)),
    }
}

/// `stdout`, the text of one record in `format`, with the comment its
/// puzzle had in the input (`--keep-comments`): after the answer on its
/// line, separated by a space unless the comment starts with its own `;`,
/// `,` or `:` (so `puzzle:count` comes back as `answer:count`); before a
/// grid, as a `#` comment line. JSON carries the comment as a field instead.
pub(crate) fn keep_comment(stdout: &mut String, format: Format, comment: Option<&str>) {
    let Some(comment) = comment else {
        return;
    };
    match format {
        Format::Json => {}
        Format::Grid => {
            let marker = if comment.starts_with('#') { "" } else { "# " };
            stdout.insert_str(0, &format!("{marker}{comment}\n"));
        }
        Format::Line => {
            let end = stdout.find('\n').unwrap_or(stdout.len());
            let space = if comment.starts_with([';', ',', ':']) {
                ""
            } else {
                " "
            };
            stdout.insert_str(end, &format!("{space}{comment}"));
        }
    }
}

/// `record` as one line of JSON. A record of strings, numbers and booleans
/// always serializes; were it not to, the line would say so, so that the
/// output keeps one line per record.
pub(crate) fn json_line(record: &impl Serialize) -> String {
    let mut line = serde_json::to_string(record).unwrap_or_else(|e| {
        serde_json::json!({ "error": format!("cannot write the record: {e}") }).to_string()
    });
    line.push('\n');
    line
}

/// A score, effort or mean rounded to two decimals, as the JSON records
/// print them.
pub(crate) fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// `count` things done in `secs` seconds, per second (0 when no time
/// passed), for `--stats` and the progress bar.
pub(crate) fn per_second(count: u64, secs: f64) -> f64 {
    if secs > 0.0 { count as f64 / secs } else { 0.0 }
}
