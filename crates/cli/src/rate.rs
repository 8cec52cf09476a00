//! `sudoku-dlx rate`: a difficulty score and level per puzzle.
//!
//! The same reading, framing and ordering as `solve` ([`crate::records`],
//! [`crate::batch`]); each worker keeps one [`Rater`] while the rules stay
//! the same.

use std::io::Write;

use serde_json::{Map, Value, json};
use sudoku_dlx::{Error, Puzzle, Rated, Rater, Rules};

use crate::Status;
use crate::args::{Format, RateArgs, RateFormat};
use crate::batch::{Pool, Progress};
use crate::records::{Body, Record, for_each_chunk};
use crate::report::{self, Answer, PuzzleStatus};
use crate::sudoku::{line_problem, parse_options, problem};

/// Runs `sudoku-dlx rate`.
pub(crate) fn run(args: &RateArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let parse = parse_options(&args.puzzles)?;
    let jobs = args.jobs.map(|j| usize::try_from(j).unwrap_or(usize::MAX));
    let pool = Pool::new(jobs)?;
    let progress = Progress::new("puzzles");
    let mut stderr = std::io::stderr().lock();
    let mut all_rated = true;
    for_each_chunk(&args.puzzles.files, &parse, |name, records| {
        let answers = pool.map(records, Workspace::default, |workspace, record| {
            workspace.answer(args, name, record, &parse)
        });
        progress.advance(answers.len());
        for answer in answers {
            all_rated &= answer.status == PuzzleStatus::Solved;
            answer.write(out, &mut stderr)?;
        }
        Ok(())
    })?;
    out.flush()?;
    progress.finish();
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
        parse: &sudoku_dlx::ParseOptions,
    ) -> Answer {
        let format = match args.format {
            RateFormat::Line => Format::Line,
            RateFormat::Json => Format::Json,
        };
        let line = record.line;
        let puzzle = match record.body {
            Body::Text(text) => Puzzle::parse(&text, parse),
            Body::Bad(e) => return report::invalid(format, name, &line_problem(line, &e)),
        };
        let rated = puzzle.and_then(|puzzle| self.rate(args, &puzzle));
        match rated {
            Ok(rated) => answer(args.format, name, line, &rated),
            Err(e) => report::invalid(format, name, &problem(line, &e)),
        }
    }

    fn rate(&mut self, args: &RateArgs, puzzle: &Puzzle) -> Result<Rated, Error> {
        let rules: &Rules = puzzle.rules();
        if self.rater.as_ref().is_none_or(|r| r.rules() != rules) {
            let mut rater = Rater::new(rules)?;
            if let Some(nodes) = args.max_nodes {
                rater.set_budget(sudoku_dlx::Budget::nodes(nodes));
            }
            self.rater = Some(rater);
        }
        match self.rater.as_mut() {
            Some(rater) => rater.rate_puzzle(puzzle),
            None => Err(Error::RulesMismatch),
        }
    }
}

/// The record of a rated (or unratable) puzzle.
fn answer(format: RateFormat, name: &str, line: u64, rated: &Rated) -> Answer {
    let status = match rated {
        Rated::Rated(_) => PuzzleStatus::Solved,
        Rated::NoSolution => PuzzleStatus::Unsolvable,
        Rated::Multiple => PuzzleStatus::Multiple,
        Rated::BudgetExhausted => PuzzleStatus::Budget,
    };
    let hardest = |r: &sudoku_dlx::Rating| {
        if r.solved_by_logic {
            r.hardest.map_or("none", |t| t.name()).to_owned()
        } else {
            "beyond techniques".to_owned()
        }
    };
    let stdout = match (format, rated) {
        (RateFormat::Line, Rated::Rated(r)) => {
            format!("{:.2} {} {}\n", r.score, r.level, hardest(r))
        }
        (RateFormat::Line, _) => format!("!{}\n", status.name()),
        (RateFormat::Json, rated) => {
            let mut object = Map::new();
            object.insert("file".into(), name.into());
            object.insert("line".into(), line.into());
            let rated_name = if status == PuzzleStatus::Solved {
                "rated"
            } else {
                status.name()
            };
            object.insert("status".into(), rated_name.into());
            if let Rated::Rated(r) = rated {
                object.insert("score".into(), round2(r.score));
                object.insert("level".into(), r.level.name().into());
                object.insert("hardest".into(), hardest(r).into());
                object.insert("solved_by_logic".into(), r.solved_by_logic.into());
                object.insert("effort".into(), round2(r.effort));
                object.insert("mean_nodes".into(), round2(r.mean_nodes));
            }
            let mut text = json!(object).to_string();
            text.push('\n');
            text
        }
    };
    Answer {
        status,
        stdout,
        stderr: None,
    }
}

fn round2(x: f64) -> Value {
    json!((x * 100.0).round() / 100.0)
}
