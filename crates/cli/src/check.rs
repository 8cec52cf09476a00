//! `sudoku-dlx check`: is a grid a valid solution, and of this puzzle?
//!
//! A record is a complete grid, or a puzzle and a proposed solution on one
//! line after a space (`PUZZLE SOLUTION`, as `generate --with-solution`
//! prints it; with `--jigsaw`, `PUZZLE MAP SOLUTION`), read as the
//! library's [`CheckRecord`]. Each is checked by the library's checker, which walks the units directly rather than
//! through the exact-cover matrix, and the first broken rule is reported
//! with its cell. The same reading, framing and ordering as `solve`
//! ([`crate::answers`]).

use std::io::Write;

use sudoku_dlx::json::CheckReport;
use sudoku_dlx::{CheckRecord, ParseOptions, Violation};

use crate::answers::answer_all;
use crate::args::{CheckArgs, RecordFormat};
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

/// Checks one record.
fn answer(format: RecordFormat, parse: &ParseOptions, name: &str, record: Record) -> Answer {
    let line = record.line;
    let comment = record.comment.as_deref();
    let invalid = |problem: Problem| {
        let json = CheckReport {
            comment,
            ..CheckReport::invalid(name, problem.line, problem.column, &problem.message)
        };
        report::invalid(format.into(), name, &problem, &json)
    };
    let text = match record.body {
        Body::Text(text) => text,
        Body::Bad(e) => return invalid(Problem::of_line(line, &e)),
    };
    // The framer takes what follows a line's grid as its comment: the
    // proposed solution is in it.
    let checked = match CheckRecord::parse(&text, comment, parse) {
        Ok(checked) => checked,
        Err(e) => return invalid(Problem::of_parse_error(line, &e, &text)),
    };
    let (puzzle, verdict) = (&checked.puzzle, checked.check());
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
            let json = CheckReport {
                cell: verdict
                    .as_ref()
                    .err()
                    .and_then(Violation::cell)
                    .map(|c| c.to_string()),
                comment,
                error: error.as_deref(),
                ..CheckReport::new(name, line, if verdict.is_ok() { "valid" } else { "broken" })
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
