//! `sudoku-dlx cover`: any problem in Knuth's text formats: exact cover
//! (DLX1), with colors (DLX2) or with multiplicities (DLX3), told apart by
//! what the file holds.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;
use dlx_engine::split::Fingerprint;
use dlx_engine::{
    Budget, Count, Dlx, End, Estimate, First, NamedProblem, ParseErrorKind, Progress, ReadOptions,
    Solution,
};

use crate::args::CoverArgs;
use crate::cover_zdd;
use crate::input::{Input, LineError};
use crate::interrupt;
use crate::jobs::{self, JobSearch};
use crate::progress;
use crate::report::Status;
use crate::threads::{self, Threads};

/// Solves the problem `args.files` (one FILE) describes and prints its solutions.
///
/// Exit status: [`Status::Success`] when at least one solution was found and
/// no budget cut the search short; [`Status::Failure`] when there is no
/// solution or a budget stopped the search; [`Status::Error`] when the
/// problem cannot be read (the message, `FILE:LINE:COLUMN: reason`, is
/// printed here).
pub(crate) fn run(args: &CoverArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    if let Some(merge) = &args.merge {
        // The results files may come after `--merge` or as the FILEs.
        let paths: Vec<PathBuf> = merge.iter().chain(&args.files).cloned().collect();
        if paths.is_empty() {
            eprintln!(
                "--merge needs the results files to merge (`-` for stdin): --merge RESULTS..."
            );
            return Ok(Status::Error);
        }
        return jobs::merge(&paths, args.stats, out);
    }
    let file = match args.files.as_slice() {
        [] => None,
        [file] => Some(file),
        [_, extra, ..] => {
            eprintln!(
                "{}: one problem FILE is read, this is a second (to sum results files, give --merge)",
                extra.display()
            );
            return Ok(Status::Error);
        }
    };
    let from_stdin = file.is_none_or(|f| f.as_os_str() == "-");
    if from_stdin && args.job.as_ref().is_some_and(|j| j.as_os_str() == "-") {
        eprintln!("with --job - the jobs come on stdin: give the problem as a FILE");
        return Ok(Status::Error);
    }
    if args.from_zdd.is_some() && file.is_none() {
        // The ZDD alone, without its problem.
        return cover_zdd::run(None, args, out);
    }
    let input = match file {
        Some(path) => Input::open(path)?,
        None => Input::stdin(),
    };
    let name = input.name().to_owned();
    let mut costs = args.min_weight.then(cover_zdd::Costs::default);
    let Some(named) = read_problem(input, args, costs.as_mut())? else {
        return Ok(Status::Error);
    };

    if cover_zdd::wanted(args) {
        let problem = cover_zdd::Problem {
            named: &named,
            name: &name,
            costs: costs.as_ref(),
        };
        return cover_zdd::run(Some(problem), args, out);
    }
    // `--count`'s automatic method: the ZDD while its memo pays; why it
    // gave up, for `--stats`, when the search counts after all.
    let mut gave_up = None;
    // The search that counted the problem in the automatic count's first
    // look, and its count: the count below is that one.
    let mut looked = None;
    if cover_zdd::auto_wanted(args) {
        if let Some((look, count, why)) = cover_zdd::small_for_the_search(named.problem()) {
            looked = Some((look, count));
            gave_up = Some(why);
        } else {
            let problem = cover_zdd::Problem {
                named: &named,
                name: &name,
                costs: None,
            };
            match cover_zdd::count_auto(&problem, args, out)? {
                Ok(status) => return Ok(status),
                Err(why) => gave_up = Some(why),
            }
        }
    }
    let start = Instant::now();
    let pruned = args.prune.then(|| named.problem().prune());
    if let Some(pruned) = &pruned
        && args.stats
    {
        let passes = pruned.passes();
        eprintln!(
            "Pruned {} of {} options in {passes} pass{}.",
            pruned.removed(),
            named.problem().option_count(),
            if passes == 1 { "" } else { "es" }
        );
    }
    let (mut solver, looked_count) = match looked {
        Some((look, count)) => (look, Some(count)),
        None => (
            Dlx::new(pruned.as_ref().map_or(named.problem(), |p| p.problem())),
            None,
        ),
    };
    solver.set_seed(args.seed);
    solver.set_budget(Budget {
        max_nodes: args.max_nodes,
        max_updates: args.max_updates,
    });

    // Only jobs need it: hashing the problem's text is not free.
    let fingerprint = || {
        if args.prune {
            Fingerprint::of_pruned(&named)
        } else {
            Fingerprint::of(&named)
        }
    };
    if let Some(samples) = args.estimate {
        return estimate(&mut solver, samples, args, &name, out);
    }
    if let Some(depth) = args.split {
        return jobs::split(&mut solver, depth, fingerprint(), out);
    }
    let option_text =
        |option| named.option_text(pruned.as_ref().map_or(option, |p| p.original(option)));
    if let Some(path) = &args.job {
        let lines =
            |solution: Solution<'_>| solution.options().iter().map(|&o| option_text(o)).collect();
        let search = JobSearch {
            count: args.count,
            limit: args.limit,
            fingerprint: fingerprint(),
            lines: &lines,
        };
        return jobs::run(&mut solver, path, &search, out);
    }

    // A seed's order is one thread's; --deterministic asks for search order.
    let threads = args.seed.is_none().then(|| Threads {
        jobs: args.jobs.threads(),
        bar: !progress::quiet(),
    });
    let bar = !progress::quiet();
    let count = if args.count {
        let count = match (looked_count, threads) {
            (Some(count), _) => count,
            (None, Some(threads)) => threads::count(&mut solver, args.limit, threads),
            (None, None) => threads::alone(&mut solver, bar, |solver| solver.count(args.limit)),
        };
        // `N+` when the limit or a budget stopped the count, as `count` writes it.
        let plus = if count.end == End::Exhausted { "" } else { "+" };
        writeln!(out, "{}{plus}", count.solutions)?;
        count
    } else if let Some(threads) = threads.filter(|_| args.limit == Some(1)) {
        // The first solution in search order on threads, or, without
        // --deterministic, whichever the race from the tree's two ends finds.
        let first = if args.deterministic {
            threads::first(&mut solver, threads)
        } else {
            let problem = pruned.as_ref().map_or(named.problem(), |p| p.problem());
            threads::race(&mut solver, problem, threads)
        };
        let mut text = String::new();
        let (solutions, end) = match first {
            First::Solution(options) => {
                for option in options {
                    text.push_str(&option_text(option));
                    text.push('\n');
                }
                text.push('\n');
                (1, End::LimitReached)
            }
            First::NoSolution => (0, End::Exhausted),
            First::BudgetExhausted => (0, End::BudgetExhausted),
        };
        out.write_all(text.as_bytes())?;
        Count { solutions, end }
    } else if let Some(threads) = threads.filter(|_| !args.deterministic) {
        threads::list(&mut solver, args.limit, threads, out, |solution, text| {
            for &option in solution.options() {
                text.push_str(&option_text(option));
                text.push('\n');
            }
            text.push('\n');
        })?
    } else {
        let mut written = Ok(());
        let mut line = String::new();
        let mut found: u64 = 0;
        let count = threads::alone(&mut solver, bar, |solver| {
            solver.for_each_solution(|solution| {
                let options = solution.options();
                line.clear();
                for &option in options {
                    line.push_str(&option_text(option));
                    line.push('\n');
                }
                line.push('\n');
                written = out.write_all(line.as_bytes());
                found += 1;
                let enough = args.limit.is_some_and(|limit| found >= limit);
                if written.is_err() || enough {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
        });
        written?;
        count
    };
    out.flush()?;
    let elapsed = start.elapsed();
    // Ctrl-C stopped the search, on threads or on this one
    // (`interrupt::Watch`): what it found is written above, the count with
    // a `+`.
    let interrupted = interrupt::requested() && count.end != End::Exhausted;

    if args.stats {
        let stats = solver.stats();
        let plural = if stats.solutions == 1 { "" } else { "s" };
        let note = match count.end {
            End::Exhausted => "",
            _ if interrupted => " (interrupted)",
            End::LimitReached | End::Stopped => " (stopped at --limit)",
            End::BudgetExhausted => " (stopped by the budget)",
        };
        eprintln!(
            "Altogether {} solution{plural}, {} nodes, {} updates, {:.3} s{note}.",
            stats.solutions,
            stats.nodes,
            stats.updates,
            elapsed.as_secs_f64()
        );
        match &gave_up {
            Some(why) => eprintln!("Search: {} ({why}).", solver.path()),
            None => eprintln!("Search: {}.", solver.path()),
        }
    }
    if interrupted {
        let stats = solver.stats();
        eprintln!(
            "{name}: interrupted after {} nodes; {} solution{} found so far, there may be more",
            stats.nodes,
            count.solutions,
            if count.solutions == 1 { "" } else { "s" }
        );
        interrupt::exit();
    }
    if count.end == End::BudgetExhausted {
        let stats = solver.stats();
        eprintln!(
            "{name}: the search stopped after {} nodes and {} updates (--max-nodes, \
             --max-updates); there may be more solutions",
            stats.nodes, stats.updates
        );
        return Ok(Status::Failure);
    }
    Ok(if count.solutions > 0 {
        Status::Success
    } else {
        Status::Failure
    })
}

/// `cover --estimate`: Knuth's estimate of the tree the search would walk,
/// from `samples` random paths drawn from `--seed` (0 when absent), on
/// stdout; with `--stats`, the estimated nodes by level and the time on
/// stderr. Ctrl-C stops it after the path it is on, and what the paths so
/// far estimate is printed, marked as interrupted.
fn estimate(
    solver: &mut Dlx,
    samples: u64,
    args: &CoverArgs,
    name: &str,
    out: &mut dyn Write,
) -> anyhow::Result<Status> {
    let start = Instant::now();
    let seed = args.seed.unwrap_or(0);
    let stop = Arc::new(Progress::new());
    let estimate = {
        let _watch = interrupt::Watch::begin(&stop);
        solver.estimate_while(samples, seed, |_| {
            if stop.is_stopped() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
    };
    write_estimate(&estimate, seed, out)?;
    out.flush()?;
    if args.stats {
        eprintln!("Estimated nodes by level:");
        for (level, nodes) in estimate.profile().iter().enumerate() {
            eprintln!("{level:>4} {}", number(*nodes));
        }
        eprintln!(
            "{} random paths in {:.3} s; search: {}.",
            estimate.samples(),
            start.elapsed().as_secs_f64(),
            solver.path()
        );
    }
    if estimate.samples() < samples {
        eprintln!(
            "{name}: interrupted after {} of {samples} random paths; the estimate is theirs",
            estimate.samples()
        );
        interrupt::exit();
    }
    Ok(Status::Success)
}

/// The lines of `cover --estimate` (docs/cli.md).
fn write_estimate(estimate: &Estimate, seed: u64, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(
        out,
        "estimated nodes: {} (standard error {})",
        number(estimate.nodes()),
        number(estimate.nodes_error())
    )?;
    writeln!(
        out,
        "estimated solutions: {} (standard error {})",
        number(estimate.solutions()),
        number(estimate.solutions_error())
    )?;
    writeln!(
        out,
        "estimated updates: {} (standard error {})",
        number(estimate.updates()),
        number(estimate.updates_error())
    )?;
    writeln!(out, "samples: {} (seed {seed})", estimate.samples())
}

/// An estimate as people read it: to one decimal below a million, in
/// scientific notation with four significant digits above.
fn number(value: f64) -> String {
    if value < 1e6 {
        format!("{value:.1}")
    } else {
        format!("{value:.3e}")
    }
}

/// Reads the problem of `input`, within the bounds `args` set: no line
/// (but a comment) over `--max-line-bytes`, no more items than
/// `--max-items`, so that a hostile file (`/dev/zero`) fails at once with
/// bounded memory. An option without a primary item is skipped with a
/// warning naming its line, as Knuth's DLX1 does. `None` when the problem
/// cannot be read: the reason, `FILE:LINE:COLUMN: reason`, is printed here.
/// Reads the problem; with `costs`, first takes Knuth's DLX5 costs (`|N`
/// entries) out of its options into `costs`.
fn read_problem(
    input: Input,
    args: &CoverArgs,
    costs: Option<&mut cover_zdd::Costs>,
) -> anyhow::Result<Option<NamedProblem>> {
    let name = input.name().to_owned();
    let max_line = usize::try_from(args.max_line_bytes).unwrap_or(usize::MAX);
    let mut text = String::new();
    for line in input.lines_bounded(max_line, b'|', true) {
        let line = line.with_context(|| format!("{name}: cannot read"))?;
        match line.text {
            Ok(line) => {
                text.push_str(&line);
                text.push('\n');
            }
            Err(LineError::TooLong { limit, .. } | LineError::Endless { limit, .. }) => {
                eprintln!(
                    "{name}:{}:{}: the line is longer than {limit} bytes, the longest `cover` \
                     reads; give --max-line-bytes to raise the limit",
                    line.number,
                    limit + 1
                );
                return Ok(None);
            }
            Err(LineError::NotUtf8 { column, byte }) => {
                let number = line.number;
                eprintln!("{name}:{number}:{column}: byte 0x{byte:02X} is not UTF-8 text");
                return Ok(None);
            }
        }
    }
    let mut costs = costs;
    if let Some(costs) = costs.as_mut()
        && let Err(error) = costs.take_from(&mut text)
    {
        eprintln!("{name}:{error}");
        return Ok(None);
    }
    let options = ReadOptions {
        skip_secondary_only: true,
        max_items: Some(usize::try_from(args.max_items).unwrap_or(usize::MAX)),
    };
    match NamedProblem::parse_with(&text, &options) {
        Ok(parsed) => {
            if let Some(costs) = costs.as_mut() {
                costs.skip_lines(&parsed.skipped);
            }
            for line in parsed.skipped {
                progress::note(format_args!(
                    "{name}:{line}: option ignored (no primary items)"
                ));
            }
            Ok(Some(parsed.problem))
        }
        Err(dlx_engine::DlxError::Parse { line, column, kind }) => {
            let hint = match kind {
                ParseErrorKind::TooManyItems { .. } => " (--max-items)",
                _ => "",
            };
            eprintln!("{name}:{line}:{column}: {kind}{hint}");
            Ok(None)
        }
        Err(e) => {
            eprintln!("{name}: {e}");
            Ok(None)
        }
    }
}
