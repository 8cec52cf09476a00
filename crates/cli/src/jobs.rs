//! `cover --split`, `--job` and `--merge`: one search cut into jobs that
//! other tools (GNU parallel, Slurm) run anywhere, and the results summed
//! with a check that nothing was lost or counted twice.
//!
//! A job is one JSON line: `{"id":7,"of":120,"fingerprint":"…","prefix":[…]}`.
//! `prefix` is the subproblem's choices from the root, each an option's
//! number (0 for the first option line of the file) or `{"done":ITEM}` for
//! Algorithm M's null move on item number ITEM; `fingerprint` is a hash of
//! the problem as searched, so a job run against another file (or without
//! the same `--prune`) fails instead of counting something else. A result is
//! one JSON line too, with the job's id, `of` and fingerprint, a `status`
//! (`done`, `limit`, `budget` or `failed`), `solutions`, `nodes`, `updates`
//! and `seconds`, and `error` for a failed job or `found` (each solution's
//! option lines) when listing. docs/distributed.md has the recipes.

use std::collections::BTreeMap;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Context;
use dlx_engine::{Branch, Dlx, End, ItemId, NamedProblem, OptionId, Solution, Subproblem};
use serde_json::{Value, json};

use crate::input::{Input, TextError};
use crate::report::Status;

/// A hash of the problem as searched: its text in Knuth's format and whether
/// it was pruned (FNV-1a, 64 bits, in hex). Stable across platforms and
/// versions of this program as long as the format is.
pub(crate) fn fingerprint(named: &NamedProblem, pruned: bool) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let text = format!("{named}{}", if pruned { "|pruned\n" } else { "" });
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// `cover --split DEPTH`: prints the subproblems at `depth` as jobs; at
/// least one, so that a problem with no solution is run and merged like
/// any other (to a count of 0).
///
/// # Errors
///
/// Writing to `out`.
pub(crate) fn split(
    solver: &mut Dlx,
    depth: usize,
    fingerprint: &str,
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
    let subproblems = split.subproblems();
    if subproblems.is_empty() {
        // Every branch died above the depth: the problem has no solution.
        // One job, the whole problem, keeps the protocol whole (its run
        // repeats the split's walk and finds 0, and the merge of its result
        // prints 0); no jobs at all would leave nothing to merge.
        let line = json!({
            "id": 0,
            "of": 1,
            "fingerprint": fingerprint,
            "prefix": [],
            "share": 1.0,
        });
        writeln!(out, "{line}")?;
        return Ok(Status::Success);
    }
    let of = subproblems.len();
    for (id, subproblem) in subproblems.iter().enumerate() {
        let prefix: Vec<Value> = subproblem.prefix().iter().map(branch_json).collect();
        let line = json!({
            "id": id,
            "of": of,
            "fingerprint": fingerprint,
            "prefix": prefix,
            "share": subproblem.share(),
        });
        writeln!(out, "{line}")?;
    }
    Ok(Status::Success)
}

fn branch_json(branch: &Branch) -> Value {
    match branch {
        Branch::Option(option) => json!(option.index()),
        Branch::Done(item) => json!({ "done": item.index() }),
    }
}

/// What a run of jobs searches for.
pub(crate) struct JobSearch<'a> {
    /// Only count.
    pub(crate) count: bool,
    /// At most this many solutions per job.
    pub(crate) limit: Option<u64>,
    /// The fingerprint of the problem as searched.
    pub(crate) fingerprint: &'a str,
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
    let mut status = Status::Success;
    for (number, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let start = Instant::now();
        let result = match parse_job(line, search.fingerprint) {
            Ok(job) => run_job(solver, &job, search),
            Err((id, of, error)) => json!({
                "id": id,
                "of": of,
                "fingerprint": search.fingerprint,
                "status": "failed",
                "error": error,
            }),
        };
        let mut result = result;
        result["seconds"] = json!(start.elapsed().as_secs_f64());
        if result["status"] != "done" {
            status = Status::Failure;
            let id = result["id"]
                .as_u64()
                .map_or_else(|| "without an id".to_owned(), |id| id.to_string());
            eprintln!("{name}:{}: job {id}: {}", number + 1, describe(&result));
        }
        writeln!(out, "{result}")?;
        out.flush()?;
    }
    Ok(status)
}

/// A job read from a line.
struct Job {
    id: u64,
    of: u64,
    subproblem: Subproblem,
}

/// Parses a job line and checks it is for the problem `fingerprint` names;
/// on failure, whatever id and `of` it has, and why.
fn parse_job(line: &str, fingerprint: &str) -> Result<Job, (Value, Value, String)> {
    let value: Value = serde_json::from_str(line).map_err(|e| {
        (
            Value::Null,
            Value::Null,
            format!("not a JSON job line: {e}"),
        )
    })?;
    let (id_value, of_value) = (value["id"].clone(), value["of"].clone());
    let fail = |why: String| (id_value.clone(), of_value.clone(), why);
    let (Some(id), Some(of)) = (value["id"].as_u64(), value["of"].as_u64()) else {
        return Err(fail(
            "a job needs a whole-number \"id\" and \"of\"; use the lines `cover --split` prints"
                .into(),
        ));
    };
    match value["fingerprint"].as_str() {
        Some(f) if f == fingerprint => {}
        Some(f) => {
            return Err(fail(format!(
                "the job is for another problem (fingerprint {f}, this one is {fingerprint}); \
                 run it with the file and --prune setting it was split from"
            )));
        }
        None => return Err(fail("a job needs a \"fingerprint\"".into())),
    }
    let Some(prefix) = value["prefix"].as_array() else {
        return Err(fail("a job needs a \"prefix\" array".into()));
    };
    let prefix = prefix
        .iter()
        .map(parse_branch)
        .collect::<Option<Vec<Branch>>>()
        .ok_or_else(|| {
            fail("each choice of a prefix is an option number or {\"done\":ITEM}".into())
        })?;
    Ok(Job {
        id,
        of,
        subproblem: Subproblem::new(prefix),
    })
}

fn parse_branch(value: &Value) -> Option<Branch> {
    if let Some(option) = value.as_u64() {
        return OptionId::new(usize::try_from(option).ok()?).map(Branch::Option);
    }
    let item = value.as_object()?.get("done")?.as_u64()?;
    ItemId::new(usize::try_from(item).ok()?).map(Branch::Done)
}

/// Runs one job: its result line.
fn run_job(solver: &mut Dlx, job: &Job, search: &JobSearch<'_>) -> Value {
    let mut found = Vec::new();
    let outcome = if search.count {
        solver.count_subproblem(&job.subproblem, search.limit)
    } else {
        let limit = search.limit;
        solver.for_each_solution_in(&job.subproblem, |solution| {
            found.push((search.lines)(solution));
            if limit.is_some_and(|l| found.len() as u64 >= l) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
    };
    let mut result = json!({
        "id": job.id,
        "of": job.of,
        "fingerprint": search.fingerprint,
    });
    match outcome {
        Err(e) => {
            result["status"] = json!("failed");
            result["error"] = json!(e.to_string());
        }
        Ok(count) => {
            let status = match count.end {
                End::Exhausted => "done",
                End::BudgetExhausted => "budget",
                // Stopped by the limit, either way.
                _ => "limit",
            };
            let stats = solver.stats();
            result["status"] = json!(status);
            result["solutions"] = json!(count.solutions);
            result["nodes"] = json!(stats.nodes);
            result["updates"] = json!(stats.updates);
            if !search.count {
                result["found"] = json!(found);
            }
        }
    }
    result
}

/// What is wrong with a result that is not `done`.
fn describe(result: &Value) -> String {
    match result["status"].as_str() {
        Some("budget") => format!(
            "stopped by --max-nodes after {} nodes; its count ({}) is only a lower bound",
            result["nodes"], result["solutions"]
        ),
        Some("limit") => format!(
            "stopped at --limit; its count ({}) is only a lower bound",
            result["solutions"]
        ),
        Some("failed") => format!(
            "failed: {}",
            result["error"].as_str().unwrap_or("no reason given")
        ),
        _ => format!("has an unknown status {}", result["status"]),
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

/// One result line, where it came from.
struct Reported {
    place: String,
    value: Value,
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
    let mut results = Vec::new();
    let mut problems = Vec::new();
    for path in paths {
        let input = Input::open(path)?;
        let name = input.name().to_owned();
        for (number, line) in read(input)?.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let place = format!("{name}:{}", number + 1);
            match serde_json::from_str::<Value>(line) {
                Ok(value) if value["id"].is_u64() && value["of"].is_u64() => {
                    results.push(Reported { place, value });
                }
                Ok(value) => problems.push(format!(
                    "{place}: a result without a job id ({}); its job is counted missing",
                    describe(&value)
                )),
                Err(e) => problems.push(format!("{place}: not a JSON result line: {e}")),
            }
        }
    }
    // The problem is the one most results are for.
    let mut votes: BTreeMap<(String, u64), usize> = BTreeMap::new();
    for result in &results {
        let key = identity(&result.value);
        *votes.entry(key).or_default() += 1;
    }
    let Some(((fingerprint, of), _)) = votes.into_iter().max_by_key(|&(_, n)| n) else {
        for problem in &problems {
            eprintln!("{problem}");
        }
        eprintln!("no job results to merge");
        return Ok(Status::Failure);
    };
    let mut by_id: BTreeMap<u64, Vec<&Reported>> = BTreeMap::new();
    for result in &results {
        let (f, o) = identity(&result.value);
        let id = result.value["id"].as_u64().unwrap_or(u64::MAX);
        if f != fingerprint || o != of {
            problems.push(format!(
                "{}: job {id}: from another split (fingerprint {f}, {o} jobs; \
                 the others are {fingerprint}, {of} jobs)",
                result.place
            ));
        } else if id >= of {
            problems.push(format!(
                "{}: job {id}: no such job in a split of {of}",
                result.place
            ));
        } else {
            by_id.entry(id).or_default().push(result);
        }
    }
    let (mut solutions, mut nodes, mut updates) = (0u64, 0u64, 0u64);
    for id in 0..of {
        let Some(copies) = by_id.get(&id) else {
            problems.push(format!("job {id}: no result (missing)"));
            continue;
        };
        if copies.len() > 1 {
            let places: Vec<&str> = copies.iter().map(|r| r.place.as_str()).collect();
            problems.push(format!(
                "job {id}: {} results (duplicated): {}; counted once",
                copies.len(),
                places.join(", ")
            ));
        }
        let first = &copies[0];
        if first.value["status"] != "done" {
            problems.push(format!(
                "{}: job {id}: {}",
                first.place,
                describe(&first.value)
            ));
        }
        solutions += first.value["solutions"].as_u64().unwrap_or(0);
        nodes += first.value["nodes"].as_u64().unwrap_or(0);
        updates += first.value["updates"].as_u64().unwrap_or(0);
    }
    writeln!(out, "{solutions}")?;
    out.flush()?;
    if stats {
        eprintln!(
            "Altogether {solutions} solution{}, {nodes} nodes, {updates} updates in {of} jobs \
             (the levels above the split not included).",
            if solutions == 1 { "" } else { "s" }
        );
    }
    if problems.is_empty() {
        return Ok(Status::Success);
    }
    for problem in &problems {
        eprintln!("{problem}");
    }
    eprintln!(
        "the merge is incomplete ({} problem{}): the sum above is not the count",
        problems.len(),
        if problems.len() == 1 { "" } else { "s" }
    );
    Ok(Status::Failure)
}

/// A result's problem fingerprint and number of jobs in its split.
fn identity(value: &Value) -> (String, u64) {
    (
        value["fingerprint"].as_str().unwrap_or("").to_owned(),
        value["of"].as_u64().unwrap_or(0),
    )
}
