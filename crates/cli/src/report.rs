//! What commands report: their exit status, and for the record commands
//! (`solve`, `count`, `rate`) what they print for a record: its status,
//! its stdout and stderr text, where in the input a record that cannot be
//! read went wrong, and JSON lines. Each command's JSON schema is a
//! `#[derive(Serialize)]` struct beside the command, with its fields in
//! sorted order, absent when empty.

use std::process::ExitCode;

use serde::Serialize;
use sudoku_dlx::Error;

use crate::args::Format;
use crate::input::LineError;

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
    /// More than one solution, with `--unique`.
    Multiple,
    /// The puzzle could not be read, or its givens clash.
    Invalid,
    /// `--max-nodes` ran out first.
    Budget,
}

impl PuzzleStatus {
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
    /// reason prefixed with the cell.
    pub(crate) fn of_error(record_line: u64, e: &Error) -> Problem {
        match e.position() {
            Some(position) => {
                let offset = u64::try_from(position.line.saturating_sub(1)).unwrap_or(0);
                Problem {
                    line: record_line.saturating_add(offset),
                    column: Some(position.column),
                    message: format!("cell {}: {}", position.cell, e.reason()),
                }
            }
            None => Problem {
                line: record_line,
                column: None,
                message: e.to_string(),
            },
        }
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
