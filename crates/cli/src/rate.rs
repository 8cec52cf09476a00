//! `sudoku-dlx rate`: a difficulty score and level per puzzle.
//!
//! The same reading, framing and ordering as `solve` ([`crate::records`],
//! [`crate::batch`]); each worker keeps one [`Rater`] while the rules stay
//! the same.

use std::io::Write;

use sudoku_dlx::json::RateRecord;
use sudoku_dlx::{Budget, Error, ParseOptions, Puzzle, Rated, Rater, Rating};

use crate::answers::{answer_all, interrupted_answer};
use crate::args::{RateArgs, RecordFormat};
use crate::records::{Body, Record};
use crate::report::{self, Answer, Problem, PuzzleStatus, Status, round2};

/// Runs `sudoku-dlx rate`.
pub(crate) fn run(args: &RateArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let parse = args.puzzles.parse_options()?;
    let mut all_rated = true;
    answer_all(
        &args.puzzles.files,
        &parse,
        &args.jobs,
        args.output.format.into(),
        out,
        |workspace: &mut Workspace, name, record| workspace.answer(args, name, record, &parse),
        |status| all_rated &= status == PuzzleStatus::Solved,
    )?;
    Ok(if all_rated {
        Status::Success
    } else {
        Status::Failure
    })
}

/// One worker's rater, rebuilt when the rules change.
#[derive(Debug, Default)]
struct Workspace {
    rater: Option<Rater>,
}

impl Workspace {
    fn answer(
        &mut self,
        args: &RateArgs,
        name: &str,
        record: Record,
        parse: &ParseOptions,
    ) -> Answer {
        let line = record.line;
        let comment = record.comment.as_deref();
        let format = args.output.format.into();
        let invalid = |problem: Problem| {
            let json = RateRecord {
                comment,
                ..RateRecord::invalid(name, problem.line, problem.column, &problem.message)
            };
            report::invalid(format, name, &problem, &json)
        };
        let puzzle = match record.body {
            Body::Text(text) => {
                Puzzle::parse(&text, parse).map_err(|e| Problem::of_parse_error(line, &e, &text))
            }
            Body::Bad(e) => Err(Problem::of_line(line, &e)),
        };
        let rated = puzzle.and_then(|puzzle| match self.rate(args, &puzzle) {
            Err(Error::Stopped) => Ok(None),
            rated => rated
                .map(Some)
                .map_err(|e| Problem::of_puzzle_error(line, &e, &puzzle)),
        });
        let mut answer = match rated {
            Ok(Some(rated)) => answer(args.output.format, name, line, &rated, comment),
            Ok(None) => interrupted_answer(format, name, line),
            Err(problem) => invalid(problem),
        };
        if args.puzzles.keep_comments {
            report::keep_comment(&mut answer.stdout, format, comment);
        }
        answer
    }

    fn rate(&mut self, args: &RateArgs, puzzle: &Puzzle) -> Result<Rated, Error> {
        let rules = puzzle.rules();
        if self.rater.as_ref().is_none_or(|r| r.rules() != rules) {
            let mut rater = Rater::new(rules);
            if let Some(nodes) = args.max_nodes {
                rater.set_budget(Budget::nodes(nodes));
            }
            // A signal stops the rating (`!interrupted`, exit 130).
            rater.set_stop(Some(crate::interrupt::stop()));
            self.rater = Some(rater);
        }
        match self.rater.as_mut() {
            Some(rater) => rater.rate_puzzle(puzzle),
            None => Err(Error::RulesMismatch),
        }
    }
}

/// The record of a rated (or unratable) puzzle.
fn answer(
    format: RecordFormat,
    name: &str,
    line: u64,
    rated: &Rated,
    comment: Option<&str>,
) -> Answer {
    let status = match rated {
        Rated::Unique(_) => PuzzleStatus::Solved,
        Rated::NoSolution => PuzzleStatus::Unsolvable,
        Rated::Multiple => PuzzleStatus::Multiple,
        Rated::BudgetExhausted => PuzzleStatus::Budget,
    };
    let hardest = |r: &Rating| {
        if r.solved_by_logic {
            r.hardest.map_or("none", |t| t.name())
        } else {
            "beyond techniques"
        }
    };
    let stdout = match (format, rated) {
        (RecordFormat::Line, Rated::Unique(r)) => {
            format!("{:.2} {} {}\n", r.score, r.level, hardest(r))
        }
        (RecordFormat::Line, _) => format!("!{}\n", status.name()),
        (RecordFormat::Json, Rated::Unique(r)) => report::json_line(&RateRecord {
            effort: Some(round2(r.effort)),
            hardest: Some(hardest(r)),
            level: Some(r.level.name()),
            mean_nodes: Some(round2(r.mean_nodes)),
            score: Some(round2(r.score)),
            solved_by_logic: Some(r.solved_by_logic),
            comment,
            ..RateRecord::new(name, line, "rated")
        }),
        (RecordFormat::Json, _) => report::json_line(&RateRecord {
            comment,
            ..RateRecord::new(name, line, status.name())
        }),
    };
    Answer {
        status,
        stdout,
        stderr: None,
    }
}
