//! `sudoku-dlx explain` and `sudoku-dlx hint`: the solution path of each
//! puzzle as a person would follow it, and the next step on a player's
//! board.
//!
//! The same reading, framing and ordering as `solve` ([`crate::answers`]);
//! each worker keeps one [`Explainer`] while the rules stay the same. The
//! steps are the library's ([`Step`]), written as text with `r1c1` cells or
//! as JSON with cells numbered in row order.

use std::fmt::Write as _;
use std::io::Write;

use clap::{Args, ValueEnum};
use serde::Serialize;
use sudoku_dlx::{
    Board, Budget, Cell, Error, Explained, Explainer, Explanation, Hint, ParseOptions, Puzzle,
    Shape, Step, Unit,
};

use crate::answers::answer_all;
use crate::args::{Format, JobsArgs, PuzzleArgs};
use crate::records::{Body, Record};
use crate::report::{self, Answer, Problem, PuzzleStatus, Status};

/// Output formats of `explain` and `hint`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ExplainFormat {
    /// Readable text, cells as r1c1.
    Text,
    /// JSON Lines: one object per puzzle.
    Json,
}

impl From<ExplainFormat> for Format {
    fn from(format: ExplainFormat) -> Format {
        match format {
            ExplainFormat::Text => Format::Line,
            ExplainFormat::Json => Format::Json,
        }
    }
}

/// Flags of `sudoku-dlx explain` and `sudoku-dlx hint`.
#[derive(Debug, Args)]
pub(crate) struct ExplainArgs {
    /// Where the puzzles are and how to read them.
    #[command(flatten)]
    pub(crate) puzzles: PuzzleArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ExplainFormat::Text)]
    pub(crate) format: ExplainFormat,
    /// Where the techniques stall, go on with a trial: the solver's digit in
    /// the open cell with the fewest candidates.
    #[arg(long)]
    pub(crate) guess: bool,
    #[command(flatten)]
    pub(crate) jobs: JobsArgs,
    /// Give up on a puzzle after N search-tree nodes of the search that
    /// finds its solution (`!budget`).
    #[arg(long, value_name = "N")]
    pub(crate) max_nodes: Option<u64>,
}

/// Which command runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// The whole path.
    Explain,
    /// The next step.
    Hint,
}

/// Runs `sudoku-dlx explain` or `sudoku-dlx hint`.
pub(crate) fn run(mode: Mode, args: &ExplainArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let parse = args.puzzles.parse_options()?;
    let mut all_done = true;
    answer_all(
        &args.puzzles.files,
        &parse,
        &args.jobs,
        args.format.into(),
        out,
        |workspace: &mut Workspace, name, record| {
            workspace.answer(mode, args, name, record, &parse)
        },
        |status| all_done &= status == PuzzleStatus::Solved,
    )?;
    Ok(if all_done {
        Status::Success
    } else {
        Status::Failure
    })
}

/// One step in JSON: what the issue of `explain` specifies, and the
/// pattern when the technique noted one.
#[derive(Debug, Serialize)]
struct StepRecord {
    technique: &'static str,
    placements: Vec<CellDigit>,
    eliminations: Vec<CellDigit>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cells: Vec<usize>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    digits: Vec<u8>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    houses: Vec<String>,
}

/// A cell and a digit.
#[derive(Debug, Serialize)]
struct CellDigit {
    cell: usize,
    digit: u8,
}

impl StepRecord {
    fn of(step: &Step) -> StepRecord {
        StepRecord {
            technique: step.kind.name(),
            placements: step
                .placements
                .iter()
                .map(|p| CellDigit {
                    cell: p.cell,
                    digit: p.digit,
                })
                .collect(),
            eliminations: step
                .eliminations
                .iter()
                .map(|e| CellDigit {
                    cell: e.cell,
                    digit: e.digit,
                })
                .collect(),
            cells: step.cells.clone(),
            digits: step.digits.clone(),
            houses: step.houses.iter().map(ToString::to_string).collect(),
        }
    }
}

/// The candidates of an open cell.
#[derive(Debug, Serialize)]
struct CellCandidates {
    cell: usize,
    digits: Vec<u8>,
}

/// The open cells' candidates of `board`.
fn candidates(board: &Board) -> Vec<CellCandidates> {
    board
        .candidates
        .iter()
        .enumerate()
        .filter(|&(i, _)| board.digits[i] == 0)
        .map(|(cell, digits)| CellCandidates {
            cell,
            digits: digits.clone(),
        })
        .collect()
}

/// One `explain` or `hint` record in JSON: its fields in sorted order, each
/// absent when it does not apply.
#[derive(Debug, Default, Serialize)]
struct ExplainRecord<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    candidates: Option<Vec<CellCandidates>>,
    /// The wrong cell of a board.
    #[serde(skip_serializing_if = "Option::is_none")]
    cell: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    comment: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    file: &'a str,
    /// The wrong cell's digit.
    #[serde(skip_serializing_if = "Option::is_none")]
    found: Option<u8>,
    line: u64,
    /// The wrong cell's digit in the solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solved: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stalled: Option<bool>,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<Vec<StepRecord>>,
    /// The cells of a board without a solution whose blanking alone
    /// leaves one.
    #[serde(skip_serializing_if = "Option::is_none")]
    suspects: Option<Vec<usize>>,
}

/// One worker's explainer, rebuilt when the rules change.
#[derive(Debug, Default)]
struct Workspace {
    explainer: Option<Explainer>,
}

impl Workspace {
    fn answer(
        &mut self,
        mode: Mode,
        args: &ExplainArgs,
        name: &str,
        record: Record,
        parse: &ParseOptions,
    ) -> Answer {
        let line = record.line;
        let comment = record.comment.clone();
        let comment = comment.as_deref();
        let format = args.format.into();
        let invalid = |problem: Problem| {
            let json = ExplainRecord {
                column: problem.column,
                comment,
                error: Some(problem.message.clone()),
                file: name,
                line: problem.line,
                status: PuzzleStatus::Invalid.name(),
                ..ExplainRecord::default()
            };
            report::invalid(format, name, &problem, &json)
        };
        let json = ExplainRecord {
            comment,
            file: name,
            line,
            ..ExplainRecord::default()
        };
        let mut answer = match (mode, record.body) {
            (_, Body::Bad(e)) => invalid(Problem::of_line(line, &e)),
            (Mode::Explain, Body::Text(text)) => {
                let explained = Puzzle::parse(&text, parse)
                    .map_err(|e| Problem::of_parse_error(line, &e, &text))
                    .and_then(|puzzle| {
                        self.explainer(args, &puzzle)
                            .explain(&puzzle, args.guess)
                            .map(|explained| (puzzle, explained))
                            .map_err(|e| Problem::of_error(line, &e))
                    });
                match explained {
                    Ok((puzzle, explained)) => {
                        explain_answer(args.format, name, line, &puzzle, &explained, json)
                    }
                    Err(problem) => invalid(problem),
                }
            }
            (Mode::Hint, Body::Text(text)) => {
                // A record of a puzzle and a board, as `check` reads a
                // puzzle and a solution.
                match crate::check::read(&text, record.comment.as_deref(), parse) {
                    Err(e) => invalid(Problem::of_parse_error(line, &e, &text)),
                    Ok(crate::check::Pair { puzzle, grid }) => {
                        let pair = *puzzle.givens() != grid;
                        let board = pair.then_some(grid);
                        let hint = self.explainer(args, &puzzle).hint(&puzzle, board.as_ref());
                        match hint {
                            Ok(hint) => hint_answer(args, &puzzle, &hint, json),
                            Err(Error::ConflictingGivens {
                                first,
                                second,
                                digit,
                                unit,
                            }) if !pair => clash_answer(
                                args.format,
                                puzzle.shape(),
                                (first, second, digit, unit),
                                json,
                            ),
                            Err(e) => invalid(Problem::of_error(line, &e)),
                        }
                    }
                }
            }
        };
        if args.puzzles.keep_comments {
            report::keep_comment(&mut answer.stdout, format, comment);
        }
        answer
    }

    /// The explainer for `puzzle`'s rules.
    fn explainer(&mut self, args: &ExplainArgs, puzzle: &Puzzle) -> &mut Explainer {
        let rules = puzzle.rules();
        if self.explainer.as_ref().is_none_or(|e| e.rules() != rules) {
            let mut explainer = Explainer::new(rules);
            if let Some(nodes) = args.max_nodes {
                explainer.set_budget(Budget::nodes(nodes));
            }
            self.explainer = Some(explainer);
        }
        self.explainer.get_or_insert_with(|| Explainer::new(rules))
    }
}

/// The status of a puzzle that has no path: the `!` word and its status.
fn unexplained(explained: &Explained) -> Option<PuzzleStatus> {
    match explained {
        Explained::Explained(_) => None,
        Explained::NoSolution => Some(PuzzleStatus::Unsolvable),
        Explained::Multiple => Some(PuzzleStatus::Multiple),
        Explained::BudgetExhausted => Some(PuzzleStatus::Budget),
    }
}

/// The `explain` record of a puzzle.
fn explain_answer(
    format: ExplainFormat,
    name: &str,
    line: u64,
    puzzle: &Puzzle,
    explained: &Explained,
    json: ExplainRecord<'_>,
) -> Answer {
    let (status, stdout) = match (explained, format) {
        (Explained::Explained(path), ExplainFormat::Text) => (
            PuzzleStatus::Solved,
            explanation_text(name, line, puzzle.shape(), path),
        ),
        (Explained::Explained(path), ExplainFormat::Json) => (
            PuzzleStatus::Solved,
            report::json_line(&ExplainRecord {
                candidates: path.stall.as_ref().map(candidates),
                solved: Some(path.solved),
                stalled: Some(path.stalled),
                status: "explained",
                steps: Some(path.steps.iter().map(StepRecord::of).collect()),
                ..json
            }),
        ),
        (other, format) => {
            let status = unexplained(other).unwrap_or(PuzzleStatus::Invalid);
            (status, pathless(format, status, json))
        }
    };
    Answer {
        status,
        stdout,
        stderr: None,
    }
}

/// The record of a puzzle with no path (no solution, several, a budget
/// run out): `!STATUS`, or JSON without steps.
fn pathless(format: ExplainFormat, status: PuzzleStatus, json: ExplainRecord<'_>) -> String {
    match format {
        ExplainFormat::Text => format!("!{}\n", status.name()),
        ExplainFormat::Json => report::json_line(&ExplainRecord {
            status: status.name(),
            ..json
        }),
    }
}

/// The text of an explanation: a header, the steps, a last line, the
/// candidates where the techniques stalled (without trials), a blank line.
fn explanation_text(name: &str, line: u64, shape: Shape, path: &Explanation) -> String {
    let mut text = format!("# {name}:{line}\n");
    for (k, step) in path.steps.iter().enumerate() {
        let _ = writeln!(text, "{}. {}", k + 1, step.describe(shape));
    }
    let steps = path.steps.len();
    let plural = if steps == 1 { "" } else { "s" };
    if path.solved {
        let _ = writeln!(text, "solved in {steps} step{plural}");
    } else if let Some(board) = &path.stall {
        let open = board.digits.iter().filter(|&&d| d == 0).count();
        let _ = writeln!(
            text,
            "stalled after {steps} step{plural}, {open} cells open"
        );
        text.push_str(&candidates_text(shape, board));
    }
    text.push('\n');
    text
}

/// The candidates of `board`'s open cells, a line per row that has any:
/// `r1: c2 {4 7 8}, c5 {1 2}`.
fn candidates_text(shape: Shape, board: &Board) -> String {
    let n = shape.size();
    let mut text = String::new();
    for row in 0..n {
        let cells: Vec<String> = (0..n)
            .map(|col| row * n + col)
            .filter(|&i| board.digits[i] == 0)
            .map(|i| {
                let digits: Vec<String> = board.candidates[i].iter().map(u8::to_string).collect();
                format!("c{} {{{}}}", i % n + 1, digits.join(" "))
            })
            .collect();
        if !cells.is_empty() {
            let _ = writeln!(text, "r{}: {}", row + 1, cells.join(", "));
        }
    }
    text
}

/// The `hint` record of a board.
fn hint_answer(
    args: &ExplainArgs,
    puzzle: &Puzzle,
    hint: &Hint,
    json: ExplainRecord<'_>,
) -> Answer {
    let shape = puzzle.shape();
    let text = args.format == ExplainFormat::Text;
    let (status, stdout) = match hint {
        Hint::Step(step) => (
            PuzzleStatus::Solved,
            if text {
                format!("{}\n", step.describe(shape))
            } else {
                report::json_line(&ExplainRecord {
                    stalled: Some(false),
                    status: "hint",
                    steps: Some(vec![StepRecord::of(step)]),
                    ..json
                })
            },
        ),
        Hint::Solved => (
            PuzzleStatus::Solved,
            if text {
                "solved\n".to_owned()
            } else {
                report::json_line(&ExplainRecord {
                    stalled: Some(false),
                    status: "solved",
                    steps: Some(Vec::new()),
                    ..json
                })
            },
        ),
        Hint::Stalled { board, trial } => {
            let open = board.digits.iter().filter(|&&d| d == 0).count();
            let stdout = if text {
                let mut line = format!("stalled: {open} cells open");
                if args.guess {
                    let _ = write!(line, "; next, {}", trial.describe(shape));
                }
                line.push('\n');
                line.push_str(&candidates_text(shape, board));
                line
            } else {
                report::json_line(&ExplainRecord {
                    candidates: Some(candidates(board)),
                    stalled: Some(true),
                    status: "stalled",
                    steps: Some(if args.guess {
                        vec![StepRecord::of(trial)]
                    } else {
                        Vec::new()
                    }),
                    ..json
                })
            };
            (PuzzleStatus::Solved, stdout)
        }
        Hint::Wrong {
            cell,
            found,
            solution,
        } => {
            let stdout = if text {
                format!(
                    "!wrong: {} holds {found}, the solution has {solution}\n",
                    shape.cell(*cell)
                )
            } else {
                report::json_line(&ExplainRecord {
                    cell: Some(*cell),
                    found: Some(*found),
                    solution: Some(*solution),
                    status: "wrong",
                    ..json
                })
            };
            (PuzzleStatus::Unsolvable, stdout)
        }
        Hint::NoSolution { suspects } if !suspects.is_empty() => {
            let cells: Vec<String> = suspects
                .iter()
                .map(|&i| shape.cell(i).to_string())
                .collect();
            let stdout = if text {
                format!(
                    "!wrong: no solution; blanking any one of {} leaves one\n",
                    cells.join(" ")
                )
            } else {
                report::json_line(&ExplainRecord {
                    cell: suspects.first().copied(),
                    suspects: Some(suspects.clone()),
                    status: "wrong",
                    ..json
                })
            };
            (PuzzleStatus::Unsolvable, stdout)
        }
        Hint::NoSolution { .. } | Hint::Multiple | Hint::BudgetExhausted => {
            let status = match hint {
                Hint::Multiple => PuzzleStatus::Multiple,
                Hint::BudgetExhausted => PuzzleStatus::Budget,
                _ => PuzzleStatus::Unsolvable,
            };
            (status, pathless(args.format, status, json))
        }
    };
    Answer {
        status,
        stdout,
        stderr: None,
    }
}

/// The `hint` record of a board (read without its puzzle) whose digits
/// `first` and `second` both hold `digit` in one `unit`: the second cell is
/// named, as the one a player wrote later in reading order.
fn clash_answer(
    format: ExplainFormat,
    shape: Shape,
    (first, second, digit, unit): (Cell, Cell, u8, Unit),
    json: ExplainRecord<'_>,
) -> Answer {
    let message = format!("{first} and {second} both hold {digit} in one {unit}");
    let stdout = match format {
        ExplainFormat::Text => format!("!wrong: {message}\n"),
        ExplainFormat::Json => report::json_line(&ExplainRecord {
            cell: Some(shape.index(second)),
            error: Some(message),
            found: Some(digit),
            status: "wrong",
            ..json
        }),
    };
    Answer {
        status: PuzzleStatus::Unsolvable,
        stdout,
        stderr: None,
    }
}
