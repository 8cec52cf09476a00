//! `cover --split`, `--job` and `--merge`: one search cut into jobs that
//! other tools (GNU parallel, Slurm) run anywhere, and the results summed
//! with a check that nothing was lost or counted twice.
//!
//! The protocol is the engine's (`dlx_engine::split`): the job and result
//! lines, running a job, and the merge with its loss checks. This module
//! reads the files, writes the lines, and words what went wrong with the
//! flags that caused it. docs/distributed.md has the format and recipes.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use dlx_engine::Dlx;
use dlx_engine::Solution;
use dlx_engine::split::{Fingerprint, JobResult, JobStatus, Merge, MergeProblem, Worker};

use crate::input::{Input, TextError};
use crate::report::Status;

/// `cover --split DEPTH`: prints the subproblems at `depth` as job lines;
/// at least one, so that a problem with no solution is run and merged like
/// any other (to a count of 0).
///
/// # Errors
///
/// Writing to `out`.
pub(crate) fn split(
    solver: &mut Dlx,
    depth: usize,
    fingerprint: Fingerprint,
    out: &mut dyn Write,
) -> anyhow::Result<Status> {
    let split = solver.split(depth);
    if !split.is_complete() {
        eprintln!(
            "the split stopped after {} nodes (--max-nodes) before listing every job; \
             raise the budget or split less deep",
            solver.stats().nodes
        );
        return Ok(Status::Failure);
    }
    for job in split.jobs(fingerprint) {
        writeln!(out, "{}", job.to_line())?;
    }
    Ok(Status::Success)
}

/// What a run of jobs searches for.
pub(crate) struct JobSearch<'a> {
    /// Only count.
    pub(crate) count: bool,
    /// At most this many solutions per job.
    pub(crate) limit: Option<u64>,
    /// The fingerprint of the problem as searched.
    pub(crate) fingerprint: Fingerprint,
    /// A solution's option lines, when listing.
    pub(crate) lines: &'a dyn Fn(Solution<'_>) -> Vec<String>,
}

/// `cover --job JOBS`: runs each job of `jobs` (a file, or `-` for stdin)
/// and prints one result line for each, failed ones included.
///
/// Exit status: success if every job ran to its end; failure if one failed
/// or stopped at its budget or limit.
///
/// # Errors
///
/// Reading `jobs` or writing to `out`.
pub(crate) fn run(
    solver: &mut Dlx,
    jobs: &Path,
    search: &JobSearch<'_>,
    out: &mut dyn Write,
) -> anyhow::Result<Status> {
    let input = Input::open(jobs)?;
    let name = input.name().to_owned();
    let text = read(input)?;
    let mut worker = Worker::new(solver, search.fingerprint).with_limit(search.limit);
    let mut status = Status::Success;
    for (number, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let result = if search.count {
            worker.count_line(line)
        } else {
            worker.list_line(line, search.lines)
        };
        if result.status != JobStatus::Done {
            status = Status::Failure;
            let id = result
                .id
                .map_or_else(|| "without an id".to_owned(), |id| id.to_string());
            eprintln!("{name}:{}: job {id}: {}", number + 1, describe(&result));
        }
        writeln!(out, "{}", result.to_line())?;
        out.flush()?;
    }
    Ok(status)
}

/// What is wrong with a result that is not `done`, in terms of the flags
/// that stopped it.
fn describe(result: &JobResult) -> String {
    match result.status {
        JobStatus::Done => "done".to_owned(),
        JobStatus::Budget => format!(
            "stopped by --max-nodes after {} nodes; its count ({}) is only a lower bound",
            result.nodes, result.solutions
        ),
        JobStatus::Limit => format!(
            "stopped at --limit; its count ({}) is only a lower bound",
            result.solutions
        ),
        JobStatus::Failed => format!(
            "failed: {}",
            result.error.as_deref().unwrap_or("no reason given")
        ),
    }
}

/// Reads a whole input as text.
fn read(input: Input) -> anyhow::Result<String> {
    let name = input.name().to_owned();
    match input.read_text() {
        Ok(text) => Ok(text),
        Err(TextError::Io(e)) => Err(e).with_context(|| format!("{name}: cannot read")),
        Err(TextError::NotUtf8 { line, column, byte }) => Err(anyhow::anyhow!(
            "{name}:{line}:{column}: byte 0x{byte:02X} is not UTF-8 text"
        )),
    }
}

/// `cover --merge RESULTS...`: sums the results' counts and checks that
/// every job of the split has exactly one result, that ran to its end, for
/// the same problem. Prints the sum; every problem is reported on stderr
/// by job id and makes the exit status a failure.
///
/// # Errors
///
/// Reading a results file, or writing to `out`.
pub(crate) fn merge(paths: &[PathBuf], stats: bool, out: &mut dyn Write) -> anyhow::Result<Status> {
    let mut merge = Merge::new();
    for path in paths {
        let input = Input::open(path)?;
        let name = input.name().to_owned();
        for (number, line) in read(input)?.lines().enumerate() {
            if !line.trim().is_empty() {
                merge.add_line(format!("{name}:{}", number + 1), line);
            }
        }
    }
    let (merged, problems) = match merge.finish() {
        Ok(merged) => (Some(merged), Vec::new()),
        Err(error) => (error.partial, error.problems),
    };
    let Some(merged) = merged else {
        for problem in &problems {
            eprintln!("{}", word(problem));
        }
        return Ok(Status::Failure);
    };
    let solutions = merged.solutions;
    writeln!(out, "{solutions}")?;
    out.flush()?;
    if stats {
        eprintln!(
            "Altogether {solutions} solution{}, {} nodes, {} updates in {} jobs \
             (the levels above the split not included).",
            if solutions == 1 { "" } else { "s" },
            merged.nodes,
            merged.updates,
            merged.jobs
        );
    }
    if problems.is_empty() {
        return Ok(Status::Success);
    }
    for problem in &problems {
        eprintln!("{}", word(problem));
    }
    eprintln!(
        "the merge is incomplete ({} problem{}): the sum above is not the count",
        problems.len(),
        if problems.len() == 1 { "" } else { "s" }
    );
    Ok(Status::Failure)
}

/// A merge problem in the CLI's words: a job stopped early names the flag
/// that stopped it.
fn word(problem: &MergeProblem) -> String {
    match problem {
        MergeProblem::Unfinished { place, result } => format!(
            "{place}: job {}: {}",
            result.id.unwrap_or_default(),
            describe(result)
        ),
        MergeProblem::NoJobId { place, result } => format!(
            "{place}: a result without a job id ({}); its job is counted missing",
            describe(result)
        ),
        other => other.to_string(),
    }
}
