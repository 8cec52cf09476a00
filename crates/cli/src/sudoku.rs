//! `sudoku-dlx solve` and `sudoku-dlx count`: batches of Sudoku puzzles.
//!
//! Per chunk of input: lines are grouped into records serially by the
//! library's framer ([`crate::records`]), parsed and solved in parallel with
//! one reusable [`sudoku_dlx::Solver`] per piece of work ([`Workspace`]),
//! and written in input order ([`crate::report`]).

use std::fmt::Write as _;
use std::io::Write;
use std::ops::ControlFlow;
use std::time::Instant;

use smallvec::SmallVec;
use sudoku_dlx::json::SolveRecord;
use sudoku_dlx::{
    Budget, End, Error, First, Grid, Parallel, ParseOptions, Puzzle, Rules, Solver, Uniqueness,
};

use crate::answers::{Reply, Streamed, answer_all, interrupted_record};
use crate::args::{AnswerArgs, CountArgs, PuzzleArgs, SearchArgs, SolveArgs};
use crate::interrupt;
use crate::records::{Body, Record};
use crate::report::{self, Answer, Format, Problem, PuzzleStatus, Status};

/// What to do with each puzzle.
#[derive(Clone, Copy, Debug)]
enum Task {
    /// Find one solution (`unique`: and check it is the only one).
    Solve { unique: bool },
    /// Find up to `limit` solutions (all when `None`).
    Enumerate { limit: Option<u64> },
    /// Count solutions up to `limit`.
    Count { limit: Option<u64> },
}

/// Everything a worker needs to answer a record.
#[derive(Clone, Debug)]
struct Config {
    task: Task,
    format: Format,
    parse: ParseOptions,
    budget: Budget,
    seed: Option<u64>,
    method: sudoku_dlx::Method,
    /// The threads of one count without a limit (the workers' pool, on
    /// bitsets).
    parallel: Parallel,
    /// `--keep-comments`: print each puzzle's comment after its answer.
    keep_comments: bool,
}

/// Runs `sudoku-dlx solve`.
pub(crate) fn solve(args: &SolveArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let limit = args.answer.limit;
    let task = if args.all || limit.is_some() {
        Task::Enumerate { limit }
    } else {
        Task::Solve {
            unique: args.answer.unique,
        }
    };
    run(&args.puzzles, &args.answer, &args.search, task, out)
}

/// Runs `sudoku-dlx count`.
pub(crate) fn count(args: &CountArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    // A count stopped at 1 is `1+`: it cannot tell one solution from several.
    if args.answer.unique && args.answer.limit == Some(1) {
        anyhow::bail!(
            "--unique needs a count of at least 2 to tell a unique puzzle: use --limit 2, or no --limit"
        );
    }
    let task = Task::Count {
        limit: args.answer.limit,
    };
    run(&args.puzzles, &args.answer, &args.search, task, out)
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
    answer: &AnswerArgs,
    search: &SearchArgs,
    task: Task,
    out: &mut dyn Write,
) -> anyhow::Result<Status> {
    let config = Config {
        task,
        format: answer.format,
        parse: puzzles.parse_options()?,
        budget: search.max_nodes.map_or(Budget::UNLIMITED, Budget::nodes),
        seed: search.seed,
        method: search.method.into(),
        parallel: search.jobs.threads().map_or_else(Parallel::new, |threads| {
            Parallel::new().with_threads(threads)
        }),
        keep_comments: puzzles.keep_comments,
    };
    let start = Instant::now();
    let mut tally = Tally::default();
    answer_all(
        &puzzles.files,
        &config.parse,
        &search.jobs,
        answer.format,
        out,
        |workspace: &mut Workspace, name, record| workspace.answer(&config, name, record),
        |status| tally.add(status),
    )?;

    if search.stats {
        let secs = start.elapsed().as_secs_f64();
        let rate = report::per_second(tally.puzzles, secs);
        writeln!(
            std::io::stderr().lock(),
            "{} puzzles: {} solved, {} unsolvable, {} multiple, {} invalid, {} over budget; {secs:.3} s, {rate:.0} puzzles/s",
            tally.puzzles,
            tally.solved,
            tally.unsolvable,
            tally.multiple,
            tally.invalid,
            tally.budget
        )?;
    }
    // Several solutions are a failure only where uniqueness was asked for.
    let multiple_ok = if answer.unique { 0 } else { tally.multiple };
    Ok(if tally.solved + multiple_ok == tally.puzzles {
        Status::Success
    } else {
        Status::Failure
    })
}

/// One worker's solver, kept while the rules stay the same (rebuilt for a
/// new shape, variant or jigsaw region map), and from one piece of work to
/// the next on its thread ([`SPARE_SOLVER`]).
#[derive(Debug)]
struct Workspace {
    solver: Option<Solver>,
}

thread_local! {
    /// The solver of the last piece of work done on this worker thread,
    /// for its next piece. Building one was most of the cost of a piece of
    /// easy puzzles, and there are many pieces when a pipe's chunks end
    /// where its reads do (2.6% more instructions than a file on the
    /// 17-clue puzzles).
    static SPARE_SOLVER: std::cell::Cell<Option<Solver>> = const { std::cell::Cell::new(None) };
}

impl Default for Workspace {
    fn default() -> Workspace {
        Workspace {
            solver: SPARE_SOLVER.take(),
        }
    }
}

impl Drop for Workspace {
    fn drop(&mut self) {
        if let Some(solver) = self.solver.take() {
            SPARE_SOLVER.set(Some(solver));
        }
    }
}

/// A solver for `rules` whose searches `budget` bounds and a signal stops
/// ([`interrupt::stop`]), each ending with what it found: a count its
/// solutions so far (`N+`), an enumeration the solutions it listed, a solve
/// nothing (`!interrupted`); `print` refuses or stops with it.
pub(crate) fn stoppable_solver(rules: &Rules, budget: Budget) -> Solver {
    let mut solver = Solver::new(rules);
    solver.set_budget(budget);
    solver.set_stop(Some(interrupt::stop()));
    solver
}

/// What the search found, before formatting.
#[derive(Debug)]
struct Found {
    status: PuzzleStatus,
    /// Usually the one solution of a puzzle, kept without an allocation.
    solutions: SmallVec<[Grid; 1]>,
    count: Option<(u64, bool)>,
    /// A search a signal stopped ([`interrupt::stop`]): a count's count is
    /// the solutions found so far, an enumeration's solutions those it
    /// listed, a solve has none; its JSON status is `interrupted`.
    interrupted: bool,
    nodes: u64,
    /// `--all` or `--limit`: the puzzle has more solutions than a worker
    /// holds ([`held_solutions`]); the writer searches it again, writing
    /// them as found ([`StreamedSolutions`]).
    overflow: bool,
}

/// How many solutions of an `--all` or `--limit` search a worker holds in
/// memory (about 4,096 cells' worth, at least one: 50 of a 9x9). A puzzle
/// with more is written as its solutions are found, by the writer, so that
/// an empty grid's billions stream out in bounded memory; the held ones
/// are dropped, the search being run again.
fn held_solutions(puzzle: &Puzzle) -> usize {
    (4096 / puzzle.shape().cell_count().max(1)).max(1)
}

impl Workspace {
    /// Parses, solves and formats one record.
    fn answer(&mut self, config: &Config, name: &str, record: Record) -> Reply {
        let mut answer = match self.answer_record(
            config,
            name,
            record.line,
            record.body,
            record.comment.as_deref(),
        ) {
            Ok(answer) => answer,
            Err(puzzle) => {
                return Reply::Streamed(Box::new(StreamedSolutions {
                    config: config.clone(),
                    name: name.to_owned(),
                    line: record.line,
                    puzzle,
                    comment: record.comment,
                }));
            }
        };
        if config.keep_comments {
            report::keep_comment(&mut answer.stdout, config.format, record.comment.as_deref());
        }
        Reply::Whole(answer)
    }

    /// The answer to one record, before `--keep-comments`; or the puzzle,
    /// when its solutions are too many to hold and are to be written as
    /// found.
    fn answer_record(
        &mut self,
        config: &Config,
        name: &str,
        line: u64,
        body: Body,
        comment: Option<&str>,
    ) -> Result<Answer, Puzzle> {
        let invalid = |problem: Problem| {
            let mut answer = report::invalid(
                config.format,
                name,
                &problem,
                &SolveRecord {
                    comment,
                    ..SolveRecord::invalid(name, problem.line, problem.column, &problem.message)
                },
            );
            answer
                .stdout
                .insert_str(0, &grid_header(config, name, line, 0));
            answer
        };
        let puzzle = match body {
            Body::Text(text) => Puzzle::parse(&text, &config.parse)
                .map_err(|e| Problem::of_parse_error(line, &e, &text)),
            Body::Bad(e) => return Ok(invalid(Problem::of_line(line, &e))),
        };
        let puzzle = match puzzle {
            Ok(puzzle) => puzzle,
            Err(problem) => return Ok(invalid(problem)),
        };
        match self.search(config, &puzzle) {
            Ok(found) if found.overflow => Err(puzzle),
            Ok(found) => Ok(found.answer(config, name, line, &puzzle, comment)),
            Err(e) => Ok(invalid(Problem::of_puzzle_error(line, &e, &puzzle))),
        }
    }

    /// The solver for `rules`, built on first use.
    fn solver(&mut self, config: &Config, rules: &Rules) -> Result<&mut Solver, Error> {
        if self.solver.as_ref().is_none_or(|s| s.rules() != rules) {
            let mut solver = stoppable_solver(rules, config.budget);
            solver.set_seed(config.seed);
            solver.set_method(config.method);
            self.solver = Some(solver);
        }
        self.solver.as_mut().ok_or(Error::RulesMismatch)
    }

    fn search(&mut self, config: &Config, puzzle: &Puzzle) -> Result<Found, Error> {
        let solver = self.solver(config, puzzle.rules())?;
        let mut found = Found {
            status: PuzzleStatus::Solved,
            solutions: SmallVec::new(),
            count: None,
            interrupted: false,
            nodes: 0,
            overflow: false,
        };
        found.status = match config.task {
            Task::Solve { unique: false } => match solver.solve(puzzle)? {
                First::Solution(grid) => {
                    found.solutions.push(grid);
                    PuzzleStatus::Solved
                }
                First::NoSolution => PuzzleStatus::Unsolvable,
                First::BudgetExhausted => PuzzleStatus::Budget,
            },
            Task::Solve { unique: true } => match solver.uniqueness(puzzle)? {
                Uniqueness::Unique(grid) => {
                    found.solutions.push(grid);
                    PuzzleStatus::Solved
                }
                Uniqueness::Multiple(..) => PuzzleStatus::Multiple,
                Uniqueness::NoSolution => PuzzleStatus::Unsolvable,
                Uniqueness::BudgetExhausted => PuzzleStatus::Budget,
            },
            Task::Enumerate { limit } => {
                let solutions = &mut found.solutions;
                let overflow = &mut found.overflow;
                let held = held_solutions(puzzle);
                let count = solver.for_each_solution(puzzle, |grid| {
                    if solutions.len() == held {
                        *overflow = true;
                        return ControlFlow::Break(());
                    }
                    solutions.push(grid.clone());
                    let len = u64::try_from(solutions.len()).unwrap_or(u64::MAX);
                    if limit.is_some_and(|l| len >= l) {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                })?;
                let listed = found.solutions.len() as u64;
                // The visitor's own stops (the limit, the solutions held)
                // end the search as a signal does: only a search it left
                // to go on was interrupted.
                found.interrupted = count.end == End::Stopped
                    && !found.overflow
                    && limit.is_none_or(|l| listed < l)
                    && interrupt::requested();
                match count.end {
                    End::BudgetExhausted => PuzzleStatus::Budget,
                    _ => PuzzleStatus::of_count(listed),
                }
            }
            Task::Count { limit } => {
                // A count of every solution spreads over the threads: one
                // puzzle with very many solutions keeps them all busy. With
                // a limit, the nodes searched would depend on timing.
                let count = match limit {
                    None if config.parallel.threads() > 1 => {
                        solver.count_parallel(puzzle, &config.parallel, None)?
                    }
                    _ => solver.count(puzzle, limit)?,
                };
                found.count = Some((count.solutions, count.is_exact()));
                found.interrupted = count.end == End::Stopped;
                match count.end {
                    End::BudgetExhausted => PuzzleStatus::Budget,
                    _ => PuzzleStatus::of_count(count.solutions),
                }
            }
        };
        // A solve a signal stopped ends as one a budget stops.
        if matches!(config.task, Task::Solve { .. })
            && found.status == PuzzleStatus::Budget
            && interrupt::requested()
        {
            found.interrupted = true;
        }
        found.nodes = solver.stats().nodes;
        // Givens that break a rule are an invalid record that names them,
        // not an unsolvable puzzle.
        if found.status == PuzzleStatus::Unsolvable
            && let Some(clash) = solver.clash(puzzle)?
        {
            return Err(clash);
        }
        Ok(found)
    }
}

impl Found {
    /// The record of a puzzle that was searched.
    fn answer(
        &self,
        config: &Config,
        name: &str,
        line: u64,
        puzzle: &Puzzle,
        comment: Option<&str>,
    ) -> Answer {
        let status = self.status;
        let lines = || -> Vec<String> {
            self.solutions
                .iter()
                .map(|g| puzzle.format_grid(g))
                .collect()
        };
        let stdout = match config.format {
            Format::Json => {
                let lines = lines();
                let enumerate = matches!(config.task, Task::Enumerate { .. });
                report::json_line(&SolveRecord {
                    column: None,
                    comment,
                    complete: self.count.map(|(_, complete)| complete),
                    count: self.count.map(|(count, _)| count),
                    error: None,
                    file: name,
                    line,
                    nodes: Some(self.nodes),
                    solution: lines.first().cloned(),
                    solutions: enumerate.then_some(lines),
                    status: if self.interrupted {
                        "interrupted"
                    } else {
                        status.name()
                    },
                })
            }
            _ if self.count.is_some() => {
                let (count, complete) = self.count.unwrap_or((0, false));
                let plus = if complete { "" } else { "+" };
                match status {
                    PuzzleStatus::Budget => format!("!budget {count}+\n"),
                    _ => count_line(count, plus),
                }
            }
            // A solve or enumeration a signal stopped: the solutions
            // listed, then the mark, as a streamed one ends.
            Format::Line if self.interrupted => {
                let mut line = solutions_line("", puzzle, &self.solutions);
                line.pop();
                let mark = if self.solutions.is_empty() {
                    "!interrupted\n"
                } else {
                    " !interrupted\n"
                };
                line.push_str(mark);
                line
            }
            // `solve --all` or `--limit` stopped by the budget keeps the
            // solutions it found, after the status.
            Format::Line => match status {
                // `--unique` finds no solutions to list for `multiple`.
                PuzzleStatus::Solved | PuzzleStatus::Multiple if !self.solutions.is_empty() => {
                    solutions_line("", puzzle, &self.solutions)
                }
                PuzzleStatus::Budget if !self.solutions.is_empty() => {
                    solutions_line("!budget ", puzzle, &self.solutions)
                }
                other => format!("!{}\n", other.name()),
            },
            Format::Grid => {
                let grids = || -> String {
                    self.solutions
                        .iter()
                        .map(|g| format!("{}\n", puzzle.drawing(g)))
                        .collect()
                };
                let header = grid_header(config, name, line, self.solutions.len());
                match status {
                    _ if self.interrupted && self.solutions.is_empty() => {
                        format!("{header}!interrupted\n\n")
                    }
                    _ if self.interrupted => format!("{header}!interrupted\n{}", grids()),
                    PuzzleStatus::Solved | PuzzleStatus::Multiple if !self.solutions.is_empty() => {
                        format!("{header}{}", grids())
                    }
                    PuzzleStatus::Budget if !self.solutions.is_empty() => {
                        format!("{header}!budget\n{}", grids())
                    }
                    other => format!("{header}!{}\n\n", other.name()),
                }
            }
        };
        Answer {
            status,
            stdout,
            stderr: None,
        }
    }
}

/// The line of `solve` in the line format: `prefix`, the solutions in the
/// line format of `puzzle`'s alphabet separated by spaces, and a line
/// ending, made in one string (docs/decisions/plain-line-io.md).
fn solutions_line(prefix: &str, puzzle: &Puzzle, solutions: &[Grid]) -> String {
    let cells = puzzle.shape().cell_count();
    let mut line = String::with_capacity(prefix.len() + solutions.len() * (cells + 1));
    line.push_str(prefix);
    for (k, grid) in solutions.iter().enumerate() {
        if k > 0 {
            line.push(' ');
        }
        // Writing to a `String` cannot fail; the grid's `Display` writes a
        // usual grid in one piece.
        let _ = write!(line, "{}", grid.display_with(puzzle.alphabet()));
    }
    line.push('\n');
    line
}

/// The line of a count: the number, `plus` (`+` when it is a lower
/// bound) and a line ending, without the formatting machinery, which cost
/// more than the rest of the line's making (docs/decisions/plain-line-io.md).
fn count_line(count: u64, plus: &str) -> String {
    let mut digits = itoa::Buffer::new();
    let digits = digits.format(count);
    let mut line = String::with_capacity(digits.len() + plus.len() + 1);
    line.push_str(digits);
    line.push_str(plus);
    line.push('\n');
    line
}

/// With `--all` or `--limit` in the grid format, where a puzzle's grids
/// start: a comment line naming it, which the reader skips.
fn grid_header(config: &Config, name: &str, line: u64, found: usize) -> String {
    match (config.format, config.task) {
        (Format::Grid, Task::Enumerate { .. }) => {
            let plural = if found == 1 { "" } else { "s" };
            format!("# {name}:{line}: {found} solution{plural}\n")
        }
        _ => String::new(),
    }
}

/// An `--all` or `--limit` record with more solutions than a worker holds:
/// the writer searches the puzzle again (the same order, so the same
/// solutions) and writes each solution as it is found, in bounded memory.
///
/// What cannot be known before the search ends comes after the solutions:
/// in the line format the line ends with ` !budget` or ` !interrupted` when
/// the budget or a signal cut the list short; in the grid format a comment
/// line closes the record with the count; in JSON, `status` and `nodes`
/// come after `solutions`.
#[derive(Debug)]
struct StreamedSolutions {
    config: Config,
    name: String,
    line: u64,
    puzzle: Puzzle,
    comment: Option<String>,
}

/// How a streamed search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StreamEnd {
    /// Every solution, or `--limit` of them.
    Complete,
    /// `--max-nodes` ran out.
    Budget,
    /// A signal came.
    Interrupted,
}

impl Streamed for StreamedSolutions {
    fn write(
        self: Box<Self>,
        out: &mut dyn Write,
        flush_each: bool,
    ) -> anyhow::Result<PuzzleStatus> {
        let StreamedSolutions {
            config,
            name,
            line,
            puzzle,
            comment,
        } = *self;
        let comment = comment.as_deref();
        if interrupt::requested() {
            // The signal came before the writer reached this record.
            out.write_all(interrupted_record(config.format, &name, line).as_bytes())?;
            return Ok(PuzzleStatus::Solved);
        }
        let Task::Enumerate { limit } = config.task else {
            anyhow::bail!("only `--all` and `--limit` searches are written as found");
        };
        let mut solver = Solver::new(puzzle.rules());
        solver.set_budget(config.budget);
        solver.set_seed(config.seed);
        solver.set_method(config.method);
        // A signal ends the search at once, not at its next solution.
        solver.set_stop(Some(interrupt::stop()));

        let mut piece = String::new();
        if config.format == Format::Grid {
            piece = format!("# {name}:{line}: solutions as they are found\n");
            if config.keep_comments {
                report::keep_comment(&mut piece, config.format, comment);
            }
        }
        let mut found: u64 = 0;
        let mut written = Ok(());
        let count = solver.for_each_solution(&puzzle, |grid| {
            let text = puzzle.format_grid(grid);
            match config.format {
                Format::Line => {
                    if found > 0 {
                        piece.push(' ');
                    }
                    piece.push_str(&text);
                }
                Format::Grid => {
                    // Each grid and a blank line, as in a whole record.
                    let _ = writeln!(piece, "{}", puzzle.drawing(grid));
                }
                Format::Json => {
                    let text = serde_json::Value::String(text);
                    if found == 0 {
                        piece.push('{');
                        if let Some(comment) = comment {
                            let _ =
                                write!(piece, "\"comment\":{},", serde_json::Value::from(comment));
                        }
                        let _ = write!(
                            piece,
                            "\"file\":{},\"line\":{line},\"solution\":{text},\"solutions\":[{text}",
                            serde_json::Value::from(name.as_str())
                        );
                    } else {
                        let _ = write!(piece, ",{text}");
                    }
                }
            }
            found += 1;
            written = out.write_all(piece.as_bytes());
            if written.is_ok() && flush_each {
                written = out.flush();
            }
            piece.clear();
            if written.is_err() || interrupt::requested() || limit.is_some_and(|l| found >= l) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })?;
        written?;
        let end = match count.end {
            End::BudgetExhausted => StreamEnd::Budget,
            _ if limit.is_some_and(|l| found >= l) => StreamEnd::Complete,
            End::Stopped => StreamEnd::Interrupted,
            _ => StreamEnd::Complete,
        };
        let nodes = solver.stats().nodes;
        let mut last = match config.format {
            Format::Line => match end {
                StreamEnd::Complete => "\n".to_owned(),
                StreamEnd::Budget => " !budget\n".to_owned(),
                StreamEnd::Interrupted => " !interrupted\n".to_owned(),
            },
            Format::Grid => {
                let plural = if found == 1 { "" } else { "s" };
                let why = match end {
                    StreamEnd::Complete => "",
                    StreamEnd::Budget => ", cut short by --max-nodes",
                    StreamEnd::Interrupted => ", interrupted",
                };
                format!("# {name}:{line}: {found} solution{plural}{why}\n")
            }
            Format::Json => {
                let status = match end {
                    StreamEnd::Complete => "solved",
                    StreamEnd::Budget => "budget",
                    StreamEnd::Interrupted => "interrupted",
                };
                format!("],\"status\":\"{status}\",\"nodes\":{nodes}}}\n")
            }
        };
        if config.keep_comments && config.format == Format::Line {
            report::keep_comment(&mut last, config.format, comment);
        }
        out.write_all(last.as_bytes())?;
        Ok(match end {
            StreamEnd::Budget => PuzzleStatus::Budget,
            _ => PuzzleStatus::Solved,
        })
    }
}
