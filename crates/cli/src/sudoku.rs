//! `sudoku-dlx solve` and `sudoku-dlx count`: batches of Sudoku puzzles.
//!
//! Per chunk of input: lines are grouped into records serially by the
//! library's framer ([`crate::records`]), parsed and solved in parallel with
//! one reusable [`sudoku_dlx::Solver`] per piece of work ([`Workspace`]),
//! and written in input order ([`crate::report`]).

use std::io::Write;
use std::ops::ControlFlow;
use std::time::Instant;

use sudoku_dlx::{
    Alphabet, Budget, End, Error, Grid, Outcome, ParseOptions, Puzzle, Rules, Solver, Uniqueness,
};

use crate::Status;
use crate::args::{AlphabetArg, CountArgs, Format, PuzzleArgs, SearchArgs, SolveArgs};
use crate::batch::{Pool, Progress};
use crate::input::LineError;
use crate::records::{Body, Record, for_each_chunk};
use crate::report::{self, Answer, PuzzleStatus};

/// What to do with each puzzle.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Task {
    /// Find one solution (`unique`: and check it is the only one).
    Solve { unique: bool },
    /// Find up to `limit` solutions (all when `None`).
    Enumerate { limit: Option<u64> },
    /// Count solutions up to `limit`.
    Count { limit: Option<u64>, unique: bool },
}

/// Everything a worker needs to answer a record.
#[derive(Debug)]
pub(crate) struct Config {
    pub(crate) task: Task,
    pub(crate) format: Format,
    pub(crate) parse: ParseOptions,
    pub(crate) budget: Budget,
    pub(crate) seed: Option<u64>,
    pub(crate) method: sudoku_dlx::Method,
}

/// Runs `sudoku-dlx solve`.
pub(crate) fn solve(args: &SolveArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let task = if args.all {
        Task::Enumerate { limit: None }
    } else if args.limit.is_some() {
        Task::Enumerate { limit: args.limit }
    } else {
        Task::Solve {
            unique: args.unique,
        }
    };
    run(&args.puzzles, &args.search, task, args.format, out)
}

/// Runs `sudoku-dlx count`.
pub(crate) fn count(args: &CountArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let task = Task::Count {
        limit: args.limit,
        unique: args.unique,
    };
    run(&args.puzzles, &args.search, task, args.format, out)
}

/// Reads the flags that say how to read puzzles.
pub(crate) fn parse_options(args: &PuzzleArgs) -> anyhow::Result<ParseOptions> {
    Ok(ParseOptions {
        shape: args.shape.shape()?,
        variants: args.variants.variants(),
        alphabet: args.alphabet.map(|a| match a {
            AlphabetArg::Standard => Alphabet::Standard,
            AlphabetArg::Hex => Alphabet::Hex,
            AlphabetArg::Numbers => Alphabet::Numbers,
        }),
        jigsaw: args.jigsaw,
    })
}

/// Tallies for `--stats`.
#[derive(Debug, Default)]
struct Tally {
    puzzles: u64,
    solved: u64,
    unsolvable: u64,
    multiple: u64,
    invalid: u64,
    budget: u64,
}

impl Tally {
    fn add(&mut self, status: PuzzleStatus) {
        self.puzzles += 1;
        match status {
            PuzzleStatus::Solved => self.solved += 1,
            PuzzleStatus::Unsolvable => self.unsolvable += 1,
            PuzzleStatus::Multiple => self.multiple += 1,
            PuzzleStatus::Invalid => self.invalid += 1,
            PuzzleStatus::Budget => self.budget += 1,
        }
    }
}

fn run(
    puzzles: &PuzzleArgs,
    search: &SearchArgs,
    task: Task,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Status> {
    let config = Config {
        task,
        format,
        parse: parse_options(puzzles)?,
        budget: search.max_nodes.map_or(Budget::UNLIMITED, Budget::nodes),
        seed: search.seed,
        method: search.method.into(),
    };
    let jobs = search
        .jobs
        .map(|j| usize::try_from(j).unwrap_or(usize::MAX));
    let pool = Pool::new(jobs)?;
    let progress = Progress::new("puzzles");
    let start = Instant::now();
    let mut tally = Tally::default();
    let mut stderr = std::io::stderr().lock();

    for_each_chunk(&puzzles.files, &config.parse, |name, records| {
        let answers = pool.map(records, Workspace::default, |workspace, record| {
            workspace.answer(&config, name, record)
        });
        progress.advance(answers.len());
        for answer in answers {
            tally.add(answer.status);
            answer.write(out, &mut stderr)?;
        }
        Ok(())
    })?;
    out.flush()?;
    progress.finish();

    if search.stats {
        let secs = start.elapsed().as_secs_f64();
        let rate = if secs > 0.0 {
            tally.puzzles as f64 / secs
        } else {
            0.0
        };
        writeln!(
            stderr,
            "{} puzzles: {} solved, {} unsolvable, {} multiple, {} invalid, {} over budget; {secs:.3} s, {rate:.0} puzzles/s",
            tally.puzzles,
            tally.solved,
            tally.unsolvable,
            tally.multiple,
            tally.invalid,
            tally.budget
        )?;
    }
    Ok(if tally.solved == tally.puzzles {
        Status::Success
    } else {
        Status::Failure
    })
}

/// One worker's solver, kept while the rules stay the same (rebuilt for a
/// new shape, variant or jigsaw region map).
#[derive(Debug, Default)]
pub(crate) struct Workspace {
    solver: Option<Solver>,
}

/// Why a record has no answer: where and what.
#[derive(Debug)]
pub(crate) struct Problem {
    pub(crate) line: u64,
    pub(crate) column: Option<usize>,
    pub(crate) message: String,
}

/// What the search found, before formatting.
#[derive(Debug, Default)]
pub(crate) struct Found {
    pub(crate) status: Option<PuzzleStatus>,
    pub(crate) solutions: Vec<Grid>,
    pub(crate) count: Option<(u64, bool)>,
    pub(crate) nodes: u64,
}

impl Workspace {
    /// Parses, solves and formats one record.
    fn answer(&mut self, config: &Config, name: &str, record: Record) -> Answer {
        let line = record.line;
        let puzzle = match record.body {
            Body::Text(text) => Puzzle::parse(&text, &config.parse),
            Body::Bad(e) => return report::invalid(config.format, name, &line_problem(line, &e)),
        };
        let puzzle = match puzzle {
            Ok(puzzle) => puzzle,
            Err(e) => return report::invalid(config.format, name, &problem(line, &e)),
        };
        match self.search(config, &puzzle) {
            Ok(found) => report::found(config, name, line, &puzzle, &found),
            Err(e) => report::invalid(config.format, name, &problem(line, &e)),
        }
    }

    /// The solver for `rules`, built on first use.
    fn solver(&mut self, config: &Config, rules: &Rules) -> Result<&mut Solver, Error> {
        if self.solver.as_ref().is_none_or(|s| s.rules() != rules) {
            let mut solver = Solver::new(rules)?;
            solver.set_budget(config.budget);
            solver.set_seed(config.seed);
            solver.set_method(config.method);
            self.solver = Some(solver);
        }
        self.solver.as_mut().ok_or(Error::RulesMismatch)
    }

    fn search(&mut self, config: &Config, puzzle: &Puzzle) -> Result<Found, Error> {
        let solver = self.solver(config, puzzle.rules())?;
        let mut found = Found::default();
        let status = match config.task {
            Task::Solve { unique: false } => match solver.solve(puzzle)? {
                Outcome::Solved(grid) => {
                    found.solutions.push(grid);
                    PuzzleStatus::Solved
                }
                Outcome::NoSolution => PuzzleStatus::Unsolvable,
                Outcome::BudgetExhausted => PuzzleStatus::Budget,
            },
            Task::Solve { unique: true } => match solver.uniqueness(puzzle)? {
                Uniqueness::Unique(grid) => {
                    found.solutions.push(grid);
                    PuzzleStatus::Solved
                }
                Uniqueness::Multiple(..) => PuzzleStatus::Multiple,
                Uniqueness::None => PuzzleStatus::Unsolvable,
                Uniqueness::BudgetExhausted => PuzzleStatus::Budget,
            },
            Task::Enumerate { limit } => {
                let solutions = &mut found.solutions;
                let count = solver.for_each_solution(puzzle, |grid| {
                    solutions.push(grid.clone());
                    let len = u64::try_from(solutions.len()).unwrap_or(u64::MAX);
                    if limit.is_some_and(|l| len >= l) {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                })?;
                match count.end {
                    End::BudgetExhausted => PuzzleStatus::Budget,
                    _ if found.solutions.is_empty() => PuzzleStatus::Unsolvable,
                    _ => PuzzleStatus::Solved,
                }
            }
            Task::Count { limit, unique } => {
                let count = solver.count(puzzle, limit)?;
                found.count = Some((count.solutions, count.is_exact()));
                match count.end {
                    End::BudgetExhausted => PuzzleStatus::Budget,
                    _ if count.solutions == 0 => PuzzleStatus::Unsolvable,
                    _ if unique && count.solutions > 1 => PuzzleStatus::Multiple,
                    _ => PuzzleStatus::Solved,
                }
            }
        };
        found.status = Some(status);
        found.nodes = solver.stats().nodes;
        Ok(found)
    }
}

/// Where and what a library error is, with lines counted in the input: the
/// error's position within its record moved to the record's line, and its
/// reason prefixed with the cell.
pub(crate) fn problem(record_line: u64, e: &Error) -> Problem {
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

pub(crate) fn line_problem(line: u64, e: &LineError) -> Problem {
    Problem {
        line,
        column: Some(e.column()),
        message: e.to_string(),
    }
}
