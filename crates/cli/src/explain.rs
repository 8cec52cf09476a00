//! `sudoku-dlx explain` and `sudoku-dlx hint`: the solution path of each
//! puzzle as a person would follow it, and the next step on a player's
//! board.
//!
//! The same reading, framing and ordering as `solve` ([`crate::answers`]);
//! each worker keeps one [`Explainer`] while the rules stay the same. The
//! steps are the library's ([`Step`]), written as text or JSON with cells
//! named `r1c1` and digits in the puzzle's alphabet (the symbols it was read
//! with: a player of a hex puzzle is told `0`, never the value 1).

use std::io::Write;

use sudoku_dlx::json::{CellCandidates, ExplainRecord, StepRecord};
use sudoku_dlx::{
    Alphabet, Budget, Cell, CheckRecord, Error, Explained, Explainer, Explanation, Hint, OnStall,
    ParseOptions, Puzzle, Unit,
};

use crate::answers::{answer_all, interrupted_answer};
use crate::args::{ExplainArgs, ExplainFormat};
use crate::records::{Body, Record};
use crate::report::{self, Answer, Problem, PuzzleStatus, Status};

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
                        match self
                            .explainer(args, &puzzle)
                            .explain(&puzzle, on_stall(args.guess))
                        {
                            Err(Error::Stopped) => Ok(None),
                            explained => explained
                                .map_err(|e| Problem::of_puzzle_error(line, &e, &puzzle))
                                .map(|explained| Some((puzzle, explained))),
                        }
                    });
                match explained {
                    Ok(Some((puzzle, explained))) => {
                        explain_answer(args.format, name, line, &puzzle, &explained, json)
                    }
                    Ok(None) => interrupted_answer(format, name, line),
                    Err(problem) => invalid(problem),
                }
            }
            (Mode::Hint, Body::Text(text)) => {
                // A record of a puzzle and a board, as `check` reads a
                // puzzle and a solution.
                match CheckRecord::parse(&text, record.comment.as_deref(), parse) {
                    Err(e) => invalid(Problem::of_parse_error(line, &e, &text)),
                    Ok(CheckRecord {
                        puzzle,
                        grid: board,
                        ..
                    }) => {
                        // A board after its puzzle, even one the player has
                        // not written on yet, is judged against the puzzle:
                        // a puzzle without one solution is no fault of the
                        // player's.
                        let pair = board.is_some();
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
                                puzzle.alphabet(),
                                (first, second, digit, unit),
                                json,
                            ),
                            Err(Error::Stopped) => interrupted_answer(format, name, line),
                            Err(e) => invalid(Problem::of_puzzle_error(line, &e, &puzzle)),
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
            // A signal stops the explanation (`!interrupted`, exit 130).
            explainer.set_stop(Some(crate::interrupt::stop()));
            self.explainer = Some(explainer);
        }
        self.explainer.get_or_insert_with(|| Explainer::new(rules))
    }
}

/// The status of a puzzle that has no path: the `!` word and its status.
fn unexplained(explained: &Explained) -> Option<PuzzleStatus> {
    match explained {
        Explained::Unique(_) => None,
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
        (Explained::Unique(path), ExplainFormat::Text) => (
            PuzzleStatus::Solved,
            explanation_text(name, line, puzzle, path),
        ),
        (Explained::Unique(path), ExplainFormat::Json) => (
            PuzzleStatus::Solved,
            report::json_line(&ExplainRecord {
                candidates: path
                    .stall
                    .as_ref()
                    .map(|b| CellCandidates::of_board(puzzle, b)),
                solved: Some(path.solved),
                stalled: Some(path.stalled),
                status: "explained",
                steps: Some(
                    path.steps
                        .iter()
                        .map(|s| StepRecord::of(puzzle, s))
                        .collect(),
                ),
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

/// The text of an explanation: a header, the path
/// ([`Explanation::text`]), a blank line.
fn explanation_text(name: &str, line: u64, puzzle: &Puzzle, path: &Explanation) -> String {
    format!("# {name}:{line}\n{}\n", path.text(puzzle))
}

/// The `hint` record of a board.
fn hint_answer(
    args: &ExplainArgs,
    puzzle: &Puzzle,
    hint: &Hint,
    json: ExplainRecord<'_>,
) -> Answer {
    let shape = puzzle.shape();
    let symbol = |digit: u8| puzzle.alphabet().symbol(digit);
    let text = args.format == ExplainFormat::Text;
    let (status, stdout) = match hint {
        Hint::Step(step) => (
            PuzzleStatus::Solved,
            if text {
                format!("{step}\n")
            } else {
                report::json_line(&ExplainRecord {
                    stalled: Some(false),
                    status: "hint",
                    steps: Some(vec![StepRecord::of(puzzle, step)]),
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
            let stdout = if text {
                hint.text(puzzle, args.guess).unwrap_or_default()
            } else {
                report::json_line(&ExplainRecord {
                    candidates: Some(CellCandidates::of_board(puzzle, board)),
                    stalled: Some(true),
                    status: "stalled",
                    steps: Some(if args.guess {
                        vec![StepRecord::of(puzzle, trial)]
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
                hint.text(puzzle, args.guess).unwrap_or_default()
            } else {
                report::json_line(&ExplainRecord {
                    cell: Some(shape.cell(*cell).to_string()),
                    found: Some(symbol(*found)),
                    solution: Some(symbol(*solution)),
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
                hint.text(puzzle, args.guess).unwrap_or_default()
            } else {
                report::json_line(&ExplainRecord {
                    cell: cells.first().cloned(),
                    suspects: Some(cells),
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
    alphabet: Alphabet,
    (first, second, digit, unit): (Cell, Cell, u8, Unit),
    json: ExplainRecord<'_>,
) -> Answer {
    let digit = alphabet.symbol(digit);
    let message = format!("{first} and {second} both hold {digit} in one {unit}");
    let stdout = match format {
        ExplainFormat::Text => format!("!wrong: {message}\n"),
        ExplainFormat::Json => report::json_line(&ExplainRecord {
            cell: Some(second.to_string()),
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

/// What `--guess` asks of the explainer where the techniques stall.
fn on_stall(guess: bool) -> OnStall {
    if guess { OnStall::Trial } else { OnStall::Stop }
}
