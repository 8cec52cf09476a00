//! `sudoku-dlx canon`: the canonical (minlex) form of each puzzle.
//!
//! The same reading, framing and ordering as `solve` ([`crate::records`],
//! [`crate::batch`]); each worker keeps one [`Canonicalizer`]. `--dedupe`
//! is decided while the records are written, in input order, so the output
//! is the same for any `--jobs`.

use std::collections::HashSet;
use std::io::Write;
use std::time::Instant;

use sudoku_dlx::json::CanonRecord;
use sudoku_dlx::{Canonical, Canonicalizer, Error, Grid, ParseOptions, Puzzle};

use crate::args::{CanonArgs, RecordFormat};
use crate::batch::Pool;
use crate::progress::Progress;
use crate::records::{self, Body, Record, for_each_chunk};
use crate::report::{self, Answer, Problem, PuzzleStatus, Status};

/// Runs `sudoku-dlx canon`.
pub(crate) fn run(args: &CanonArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let parse = args.parse_options()?;
    let pool = Pool::new(args.jobs.threads())?;
    let progress = Progress::new("puzzles");
    progress.count_total(records::counter(&args.files, &parse));
    let start = Instant::now();
    // Not locked for the run: the progress bar is drawn from its own thread.
    let mut stderr = std::io::stderr();
    let mut seen: HashSet<Grid> = HashSet::new();
    let mut tally = Tally::default();
    for_each_chunk(&args.files, &parse, |name, records| {
        let results = pool.map(records, Worker::new_for(args), |worker, record| {
            worker.answer(args, name, record, &parse)
        });
        progress.advance(results.len());
        for (form, answer) in results {
            tally.puzzles += 1;
            let first_of_class = match form {
                None => {
                    tally.failed += 1;
                    true
                }
                Some(form) => !args.dedupe || seen.insert(form),
            };
            if first_of_class {
                progress.write(|| answer.write(out, &mut stderr))?;
            } else {
                tally.duplicates += 1;
            }
        }
        Ok(())
    })?;
    out.flush()?;
    progress.finish();
    if args.stats {
        let secs = start.elapsed().as_secs_f64();
        let rate = report::per_second(tally.puzzles, secs);
        let plural =
            |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        // Without --dedupe no form is compared with another: there are no
        // classes or duplicates to count.
        let classes = if args.dedupe {
            let classes = tally.puzzles - tally.failed - tally.duplicates;
            format!(
                "{}, {} left out, ",
                plural(classes, "class", "classes"),
                plural(tally.duplicates, "duplicate", "duplicates")
            )
        } else {
            String::new()
        };
        writeln!(
            stderr,
            "{}: {classes}{} invalid or over budget; {secs:.3} s, {rate:.0} puzzles/s",
            plural(tally.puzzles, "puzzle", "puzzles"),
            tally.failed
        )?;
    }
    Ok(if tally.failed == 0 {
        Status::Success
    } else {
        Status::Failure
    })
}

/// Counts for `--stats` and the exit status.
#[derive(Debug, Default)]
struct Tally {
    puzzles: u64,
    duplicates: u64,
    failed: u64,
}

/// One worker's canonicalizer.
#[derive(Debug)]
struct Worker {
    canon: Canonicalizer,
}

impl Worker {
    /// A maker of workers with the budget `args` asks for.
    fn new_for(args: &CanonArgs) -> impl Fn() -> Worker + Sync + Send + use<> {
        let budget = args.max_nodes;
        move || {
            let mut canon = Canonicalizer::new();
            if let Some(nodes) = budget {
                canon.set_budget(nodes);
            }
            Worker { canon }
        }
    }

    /// The form (none for a failed record) and the formatted record, with
    /// the puzzle's comment after it with `--keep-comments`.
    fn answer(
        &mut self,
        args: &CanonArgs,
        name: &str,
        record: Record,
        parse: &ParseOptions,
    ) -> (Option<Grid>, Answer) {
        let comment = record.comment.as_deref();
        let (form, mut answer) =
            self.answer_record(args, name, (record.line, record.body), parse, comment);
        if args.keep_comments {
            report::keep_comment(&mut answer.stdout, args.output.format.into(), comment);
        }
        (form, answer)
    }

    /// The form and the record of one puzzle, before `--keep-comments`.
    fn answer_record(
        &mut self,
        args: &CanonArgs,
        name: &str,
        (line, body): (u64, Body),
        parse: &ParseOptions,
        comment: Option<&str>,
    ) -> (Option<Grid>, Answer) {
        let format = args.output.format;
        let invalid = |problem: Problem| {
            report::invalid(
                format.into(),
                name,
                &problem,
                &CanonRecord {
                    comment,
                    ..CanonRecord::invalid(name, problem.line, problem.column, &problem.message)
                },
            )
        };
        let puzzle = match body {
            Body::Text(text) => match Puzzle::parse(&text, parse) {
                Ok(puzzle) => Ok(puzzle),
                Err(e) => return (None, invalid(Problem::of_parse_error(line, &e, &text))),
            },
            Body::Bad(e) => return (None, invalid(Problem::of_line(line, &e))),
        };
        match puzzle.and_then(|p| self.canon.canonical(&p).map(|c| (p, c))) {
            Ok((puzzle, canonical)) => {
                let answer = formatted(args, name, line, &puzzle, &canonical, comment);
                (Some(canonical.into_parts().0), answer)
            }
            Err(Error::CanonBudget { nodes }) => {
                (None, over_budget(format, name, line, nodes, comment))
            }
            Err(e) => (None, invalid(Problem::of_error(line, &e))),
        }
    }
}

/// The record of a puzzle and its form.
fn formatted(
    args: &CanonArgs,
    name: &str,
    line: u64,
    puzzle: &Puzzle,
    canonical: &Canonical,
    comment: Option<&str>,
) -> Answer {
    let form = puzzle.format_grid(canonical.form());
    let transform = canonical.transform().to_string();
    let stdout = match args.output.format {
        RecordFormat::Line if args.with_transform => format!("{form} {transform}\n"),
        RecordFormat::Line => format!("{form}\n"),
        RecordFormat::Json => report::json_line(&CanonRecord {
            canonical: Some(form),
            transform: args.with_transform.then_some(transform),
            comment,
            ..CanonRecord::new(name, line, "canonical")
        }),
    };
    Answer {
        status: PuzzleStatus::Solved,
        stdout,
        stderr: None,
    }
}

/// The record of a puzzle whose search outgrew `--max-nodes`.
fn over_budget(
    format: RecordFormat,
    name: &str,
    line: u64,
    nodes: u64,
    comment: Option<&str>,
) -> Answer {
    let status = PuzzleStatus::Budget;
    let stdout = match format {
        RecordFormat::Line => format!("!{}\n", status.name()),
        RecordFormat::Json => report::json_line(&CanonRecord {
            nodes: Some(nodes),
            comment,
            ..CanonRecord::new(name, line, status.name())
        }),
    };
    Answer {
        status,
        stdout,
        stderr: None,
    }
}
