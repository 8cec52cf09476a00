//! Formatting records: line, grid and JSON output, and stderr messages.

use serde_json::{Map, Value, json};
use sudoku_dlx::Puzzle;

use crate::args::Format;
use crate::sudoku::{Config, Found, Problem, Task};

/// The status of one puzzle, as the JSON `status` field and the `!` records name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PuzzleStatus {
    /// Solved (with `--unique`: and the solution is unique).
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

/// The record of a puzzle that could not be read.
pub(crate) fn invalid(format: Format, name: &str, problem: &Problem) -> Answer {
    let position = match problem.column {
        Some(column) => format!("{name}:{}:{column}", problem.line),
        None => format!("{name}:{}", problem.line),
    };
    let stdout = match format {
        Format::Line => format!("!invalid: {}\n", problem.message),
        Format::Grid => format!("!invalid: {}\n\n", problem.message),
        Format::Json => {
            let mut object = base(name, problem.line, PuzzleStatus::Invalid);
            object.insert("error".into(), problem.message.clone().into());
            if let Some(column) = problem.column {
                object.insert("column".into(), column.into());
            }
            json_line(object)
        }
    };
    Answer {
        status: PuzzleStatus::Invalid,
        stdout,
        stderr: Some(format!("{position}: {}", problem.message)),
    }
}

/// The record of a puzzle that was searched.
pub(crate) fn found(
    config: &Config,
    name: &str,
    line: u64,
    puzzle: &Puzzle,
    found: &Found,
) -> Answer {
    let status = found.status.unwrap_or(PuzzleStatus::Invalid);
    let enumerate = matches!(config.task, Task::Enumerate { .. });
    let stdout = match config.format {
        Format::Json => {
            let mut object = base(name, line, status);
            let lines: Vec<Value> = found
                .solutions
                .iter()
                .map(|g| puzzle.format_grid(g).into())
                .collect();
            if let Some(first) = lines.first() {
                object.insert("solution".into(), first.clone());
            }
            if enumerate {
                object.insert("solutions".into(), lines.into());
            }
            if let Some((count, complete)) = found.count {
                object.insert("count".into(), count.into());
                object.insert("complete".into(), complete.into());
            }
            object.insert("nodes".into(), found.nodes.into());
            json_line(object)
        }
        _ if found.count.is_some() => {
            let (count, complete) = found.count.unwrap_or((0, false));
            let plus = if complete { "" } else { "+" };
            match status {
                PuzzleStatus::Budget => format!("!budget {count}+\n"),
                _ => format!("{count}{plus}\n"),
            }
        }
        Format::Line => match status {
            PuzzleStatus::Solved => {
                let lines: Vec<String> = found
                    .solutions
                    .iter()
                    .map(|g| puzzle.format_grid(g))
                    .collect();
                format!("{}\n", lines.join(" "))
            }
            other => format!("!{}\n", other.name()),
        },
        Format::Grid => match status {
            PuzzleStatus::Solved => found
                .solutions
                .iter()
                .map(|g| format!("{}\n", g.pretty_with(puzzle.alphabet())))
                .collect(),
            other => format!("!{}\n\n", other.name()),
        },
    };
    Answer {
        status,
        stdout,
        stderr: None,
    }
}

fn base(name: &str, line: u64, status: PuzzleStatus) -> Map<String, Value> {
    let mut object = Map::new();
    object.insert("file".into(), name.into());
    object.insert("line".into(), line.into());
    object.insert("status".into(), status.name().into());
    object
}

fn json_line(object: Map<String, Value>) -> String {
    let mut text = json!(object).to_string();
    text.push('\n');
    text
}
