//! `sudoku-dlx generate`: puzzles from seeds, in parallel, in index order.
//!
//! Puzzle k of a run comes from [`puzzle_seed`]`(seed, k)` alone (with
//! `--jigsaw random`, its region map too), so the output is the same
//! whatever `--jobs` is. Indices are handed to the pool in chunks
//! ([`crate::batch::Pool::stream`] keeps their order), with one of the
//! library's [`Maker`]s per piece of work: it chooses the generator for the
//! [`Plan`] the flags make and refuses a `--clues` no puzzle can meet.

use std::io::{IsTerminal, Write};

use anyhow::Context;
use sudoku_dlx::json::GenerateRecord;
use sudoku_dlx::{
    GenerateOptions, Generated, Maker, Plan, Regions, Rules, Shape, puzzle_seed, replay_seed,
};

use crate::args::{GenerateArgs, JigsawArg, RecordFormat};
use crate::batch::{Pool, Sink};
use crate::progress::{self, Progress};
use crate::report::{Status, json_line, round2};

/// Puzzles per chunk: enough to keep every thread busy, few to bound memory.
const CHUNK: u64 = 1024;

/// Runs `sudoku-dlx generate`.
pub(crate) fn run(args: &GenerateArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let plan = plan(args)?;
    let options = GenerateOptions {
        symmetry: args.symmetry,
        minimal: args.minimal,
        clues: args.clues,
        difficulty: args.difficulty,
        attempts: args.attempts,
        max_nodes: args.max_nodes,
    };
    // Fail on a bad target or bad rules before starting threads.
    Maker::new(&plan, &options).map_err(|e| match e {
        sudoku_dlx::Error::ClueTarget {
            clues,
            size,
            fewest,
            most,
        } => anyhow::anyhow!(
            "--clues {clues}: a {size}x{size} puzzle with one solution has from {fewest} to {most} clues; ask for a number in that range"
        ),
        e => anyhow::Error::new(e).context("cannot generate for these rules"),
    })?;
    // Not locked for the run: the progress bar is drawn from its own thread.
    let stderr = std::io::stderr();
    let seed = match args.seed {
        Some(seed) => seed,
        None => {
            let seed = clock_seed();
            progress::note(format_args!("sudoku-dlx: generating with --seed {seed}"));
            seed
        }
    };
    let budget = args.max_nodes;
    crate::interrupt::install();
    let pool = Pool::new(args.jobs.threads())?;
    let progress = Progress::new("puzzles");
    progress.set_total(args.count);
    let mut sink = Puzzles {
        args,
        out,
        stderr,
        terminal: std::io::stdout().is_terminal(),
        progress: &progress,
        first: 0,
        written: 0,
        stopped: false,
        status: Status::Success,
    };
    while sink.first < args.count {
        let end = args.count.min(sink.first.saturating_add(CHUNK));
        let mut indices: Vec<u64> = (sink.first..end).collect();
        pool.stream(
            &mut indices,
            || {
                // A signal stops the puzzles being made, which are left out.
                Maker::new(&plan, &options).map(|mut maker| {
                    maker.set_stop(Some(crate::interrupt::stop()));
                    maker
                })
            },
            |maker, k| {
                let seed = puzzle_seed(seed, k);
                let generated = match maker {
                    Ok(g) => match g.generate(seed) {
                        Err(sudoku_dlx::Error::Stopped) => None,
                        made => Some(made.map_err(|e| match e {
                            // The budget is the flag's: say which.
                            sudoku_dlx::Error::GridBudget { .. } => format!(
                                "{e} (--max-nodes {})",
                                budget.map_or_else(
                                    || "not given: 2000 per cell, 8 above 16x16".to_owned(),
                                    |n| n.to_string()
                                )
                            ),
                            e => e.to_string(),
                        })),
                    },
                    Err(e) => Some(Err(e.to_string())),
                };
                (k, seed, generated)
            },
            &progress,
            &mut sink,
        )?;
        sink.first = end;
    }
    sink.out.flush()?;
    progress.finish();
    Ok(sink.status)
}

/// Puzzle k of the run, its seed, and the puzzle or why it could not be
/// made; `None` for one a signal stopped.
type Made = (u64, u64, Option<Result<Generated, String>>);

/// Where the puzzles of a chunk go, in index order.
struct Puzzles<'a> {
    args: &'a GenerateArgs,
    out: &'a mut dyn Write,
    stderr: std::io::Stderr,
    /// Whether stdout is a terminal: then each puzzle is flushed as it comes.
    terminal: bool,
    progress: &'a Progress,
    /// The index of the chunk's first puzzle.
    first: u64,
    /// Puzzles written.
    written: u64,
    /// After a signal, an unfinished puzzle: the ones after it are left out
    /// too, so that the output is the run's first puzzles.
    stopped: bool,
    status: Status,
}

impl Sink<Made> for Puzzles<'_> {
    fn take(&mut self, slot: usize, (k, seed, generated): Made) -> anyhow::Result<()> {
        if self.stopped {
            return Ok(());
        }
        let Some(generated) = generated else {
            return self.unfinished(slot);
        };
        let generated = generated.map_err(|e| anyhow::anyhow!("puzzle {k}: {e}"))?;
        let args = self.args;
        let (out, stderr) = (&mut *self.out, &mut self.stderr);
        let text = record(args, k, seed, &generated);
        if self.terminal {
            self.progress.write(|| {
                out.write_all(text.as_bytes())?;
                out.flush()
            })?;
        } else {
            out.write_all(text.as_bytes())?;
        }
        self.written += 1;
        let missed = missed_targets(args, &generated);
        if !missed.is_empty() {
            self.status = Status::Failure;
            self.progress.write(|| -> std::io::Result<()> {
                out.flush()?;
                writeln!(
                    stderr,
                    "sudoku-dlx: puzzle {k}: {} not met in {} attempts; printed the closest",
                    missed.join(", "),
                    args.attempts
                )
            })?;
        }
        Ok(())
    }

    fn unfinished(&mut self, _k: usize) -> anyhow::Result<()> {
        self.stopped = true;
        Ok(())
    }

    fn interrupted(&mut self) -> anyhow::Result<()> {
        let message = format!(
            "interrupted: wrote the first {} of {} puzzles",
            self.written, self.args.count
        );
        self.progress
            .last_words(self.out, &mut self.stderr, &message)?;
        Ok(())
    }

    fn chunk_done(&mut self) -> anyhow::Result<()> {
        self.out.flush()?;
        Ok(())
    }
}

/// The plan from the shape, variant and jigsaw flags.
fn plan(args: &GenerateArgs) -> anyhow::Result<Plan> {
    let shape = match (args.shape.shape()?, &args.jigsaw) {
        (Some(shape), _) => shape,
        (None, Some(JigsawArg::Map(map))) => {
            let cells = map.chars().filter(|c| !c.is_whitespace()).count();
            Shape::from_cell_count(cells)
                .with_context(|| format!("--jigsaw: a map of {cells} letters fits no grid"))?
        }
        (None, _) => Shape::CLASSIC,
    };
    let variants = args.variants.variants();
    let rules = Rules::new(shape).with_variants(variants);
    Ok(match &args.jigsaw {
        None if args.killer => Plan::Killer(rules, usize::from(args.cage_size)),
        None => Plan::Rules(rules),
        Some(JigsawArg::Random) => Plan::RandomJigsaw(shape, variants),
        Some(JigsawArg::Map(map)) => {
            let regions = Regions::parse(map, shape).context("--jigsaw")?;
            Plan::Rules(rules.with_regions(regions).context("--jigsaw")?)
        }
    })
}

/// The targets asked for and missed.
fn missed_targets(args: &GenerateArgs, g: &Generated) -> Vec<String> {
    let mut missed = Vec::new();
    if args.minimal && !g.minimal.is_minimal() {
        missed.push("--minimal".to_owned());
    }
    if let (Some(n), Some(false)) = (args.clues, g.clues_met) {
        missed.push(format!(
            "--clues {n} (got {})",
            g.puzzle.givens().filled_count()
        ));
    }
    if let (Some(level), Some(false)) = (args.difficulty, g.difficulty_met) {
        let got = g.rating.as_ref().map_or("unrated", |r| r.level.name());
        missed.push(format!("--difficulty {level} (got {got})"));
    }
    missed
}

/// One output record.
fn record(args: &GenerateArgs, index: u64, seed: u64, g: &Generated) -> String {
    let solution = g.puzzle.format_grid(&g.solution);
    match args.output.format {
        RecordFormat::Line if args.with_solution => format!("{} {solution}\n", g.puzzle),
        RecordFormat::Line => format!("{}\n", g.puzzle),
        RecordFormat::Json => json_line(&GenerateRecord {
            attempts: g.attempts,
            cages: g.puzzle.rules().cages().map(ToString::to_string),
            clues: g.puzzle.givens().filled_count(),
            clues_met: g.clues_met,
            difficulty_met: g.difficulty_met,
            index,
            level: g.rating.as_ref().map(|r| r.level.name()),
            minimal: g.minimal.is_minimal(),
            puzzle: g.puzzle.format_grid(g.puzzle.givens()),
            regions: g.puzzle.rules().regions().map(ToString::to_string),
            score: g.rating.as_ref().map(|r| round2(r.score)),
            seed: replay_seed(seed),
            solution: args.with_solution.then_some(solution),
            // A killer puzzle has no givens to be symmetric.
            symmetry: if args.killer {
                "none"
            } else {
                args.symmetry.name()
            },
        }),
    }
}

/// A seed from the clock, for runs without `--seed`.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| {
            u64::try_from(d.as_nanos() & u128::from(u64::MAX)).unwrap_or(0)
        })
}
