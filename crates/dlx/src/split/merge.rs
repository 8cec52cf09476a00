//! The merge: results summed, with a check that every job of the split
//! ran to its end exactly once, for one problem.

use std::collections::BTreeMap;
use std::fmt;

use super::{Fingerprint, JobResult, JobStatus};

/// The sum of a split's results, every job counted once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Merged {
    /// The problem the results are for.
    pub fingerprint: Fingerprint,
    /// How many jobs the split has.
    pub jobs: u64,
    /// Solutions of all jobs together: the problem's count when the merge
    /// succeeds.
    pub solutions: u64,
    /// Search-tree nodes of all jobs (the levels above the split are in
    /// none of them).
    pub nodes: u64,
    /// Link updates of all jobs.
    pub updates: u64,
}

/// A merge that lost or repeated something: every problem found, and the
/// sum of what was there (`None` when no result was for any split).
#[derive(Clone, Debug, PartialEq)]
pub struct MergeError {
    /// The sum of the results read, each job once: not the count.
    pub partial: Option<Merged>,
    /// What is wrong, in the order found: lines that are not results first,
    /// then results of another split, then job by job.
    pub problems: Vec<MergeProblem>,
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.problems.len();
        write!(
            f,
            "the merge is incomplete ({n} problem{})",
            if n == 1 { "" } else { "s" }
        )?;
        for problem in &self.problems {
            write!(f, "\n{problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for MergeError {}

/// One thing a merge found wrong. `place` is where the result came from, as
/// given to [`Merge::add`] (a file and line, say).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum MergeProblem {
    /// A line that is not a result (corrupted, truncated, something
    /// else): its job is counted missing unless another result has it.
    Corrupted {
        /// Where it came from.
        place: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A result without a job number (of a job line that could not be
    /// read): its job is counted missing.
    NoJobId {
        /// Where it came from.
        place: String,
        /// The result.
        result: JobResult,
    },
    /// A result of another split: another problem (fingerprint) or another
    /// number of jobs than most results have.
    OtherSplit {
        /// Where it came from.
        place: String,
        /// Its job number.
        id: u64,
        /// Its problem.
        fingerprint: Fingerprint,
        /// Its number of jobs.
        of: u64,
        /// The problem of most results.
        expected_fingerprint: Fingerprint,
        /// The number of jobs of most results.
        expected_of: u64,
    },
    /// A job number outside the split.
    NoSuchJob {
        /// Where it came from.
        place: String,
        /// Its job number.
        id: u64,
        /// The number of jobs of the split.
        of: u64,
    },
    /// A job of the split without a result.
    Missing {
        /// The job.
        id: u64,
    },
    /// A job with more than one result: the first is counted.
    Duplicated {
        /// The job.
        id: u64,
        /// Where each came from.
        places: Vec<String>,
    },
    /// A job that did not run to its end (failed, or stopped by its limit
    /// or budget): its count is missing or a lower bound.
    Unfinished {
        /// Where it came from.
        place: String,
        /// The result.
        result: JobResult,
    },
    /// Nothing was a result of any split.
    NoResults,
}

/// What is wrong with a result that is not [`JobStatus::Done`].
fn describe(result: &JobResult, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match result.status {
        JobStatus::Done => f.write_str("done"),
        JobStatus::Budget => write!(
            f,
            "stopped by its budget after {} nodes; its count ({}) is only a lower bound",
            result.nodes, result.solutions
        ),
        JobStatus::Limit => write!(
            f,
            "stopped at its limit; its count ({}) is only a lower bound",
            result.solutions
        ),
        JobStatus::Failed => write!(
            f,
            "failed: {}",
            result.error.as_deref().unwrap_or("no reason given")
        ),
    }
}

impl fmt::Display for MergeProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeProblem::Corrupted { place, reason } => write!(f, "{place}: {reason}"),
            MergeProblem::NoJobId { place, result } => {
                write!(f, "{place}: a result without a job id (")?;
                describe(result, f)?;
                f.write_str("); its job is counted missing")
            }
            MergeProblem::OtherSplit {
                place,
                id,
                fingerprint,
                of,
                expected_fingerprint,
                expected_of,
            } => write!(
                f,
                "{place}: job {id}: from another split (fingerprint {fingerprint}, {of} jobs; \
                 the others are {expected_fingerprint}, {expected_of} jobs)"
            ),
            MergeProblem::NoSuchJob { place, id, of } => {
                write!(f, "{place}: job {id}: no such job in a split of {of}")
            }
            MergeProblem::Missing { id } => write!(f, "job {id}: no result (missing)"),
            MergeProblem::Duplicated { id, places } => write!(
                f,
                "job {id}: {} results (duplicated): {}; counted once",
                places.len(),
                places.join(", ")
            ),
            MergeProblem::Unfinished { place, result } => {
                write!(f, "{place}: job {}: ", result.id.unwrap_or_default())?;
                describe(result, f)
            }
            MergeProblem::NoResults => f.write_str("no job results to merge"),
        }
    }
}

/// A merge in progress: results (and lines that are not results) added
/// one by one, each with where it came from, then
/// [`finish`](Self::finish)ed. The order of the results does not matter.
///
/// ```
/// use dlx_engine::{Dlx, NamedProblem};
/// use dlx_engine::split::{Fingerprint, Merge, MergeProblem, Worker};
///
/// let named = NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
/// let fingerprint = Fingerprint::of(&named);
/// let mut solver = Dlx::new(named.problem());
/// let jobs = solver.split(2).jobs(fingerprint);
/// let mut worker = Worker::new(&mut solver, fingerprint);
/// let mut merge = Merge::new();
/// for job in &jobs[1..] {
///     merge.add(format!("job file line {}", job.id + 1), worker.count(job));
/// }
/// let error = merge.finish().unwrap_err();
/// assert_eq!(error.problems, [MergeProblem::Missing { id: 0 }]);
/// assert!(error.partial.unwrap().solutions < 5);
/// # Ok::<(), dlx_engine::DlxError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Merge {
    results: Vec<(String, JobResult)>,
    problems: Vec<MergeProblem>,
}

impl Merge {
    /// An empty merge.
    #[must_use]
    pub fn new() -> Self {
        Merge::default()
    }

    /// Adds a result, from `place`.
    pub fn add(&mut self, place: impl Into<String>, result: JobResult) {
        let place = place.into();
        if result.id.is_none() || result.of.is_none() {
            self.problems.push(MergeProblem::NoJobId { place, result });
        } else {
            self.results.push((place, result));
        }
    }

    /// Records that what `place` holds is not a result, and why: a problem
    /// of the merge, and its job counted missing unless another result
    /// has it.
    pub fn add_corrupted(&mut self, place: impl Into<String>, reason: impl fmt::Display) {
        self.problems.push(MergeProblem::Corrupted {
            place: place.into(),
            reason: reason.to_string(),
        });
    }

    /// The sum, if every job of the split has exactly one result, that ran
    /// to its end, for the same problem, and nothing else was added. The
    /// split is the one most results are for (by fingerprint and number of
    /// jobs).
    ///
    /// # Errors
    ///
    /// [`MergeError`] with every problem found and the sum of what was
    /// there (each job counted once).
    pub fn finish(self) -> Result<Merged, MergeError> {
        let Merge {
            results,
            mut problems,
        } = self;
        // The split is the one most results are for.
        let mut votes: BTreeMap<(Fingerprint, u64), usize> = BTreeMap::new();
        for (_, result) in &results {
            *votes.entry(identity(result)).or_default() += 1;
        }
        let Some(((fingerprint, of), _)) = votes.into_iter().max_by_key(|&(_, n)| n) else {
            problems.push(MergeProblem::NoResults);
            return Err(MergeError {
                partial: None,
                problems,
            });
        };
        let mut by_id: BTreeMap<u64, Vec<&(String, JobResult)>> = BTreeMap::new();
        for entry in &results {
            let (place, result) = entry;
            let (f, o) = identity(result);
            let id = result.id.unwrap_or_default();
            if (f, o) != (fingerprint, of) {
                problems.push(MergeProblem::OtherSplit {
                    place: place.clone(),
                    id,
                    fingerprint: f,
                    of: o,
                    expected_fingerprint: fingerprint,
                    expected_of: of,
                });
            } else if id >= of {
                problems.push(MergeProblem::NoSuchJob {
                    place: place.clone(),
                    id,
                    of,
                });
            } else {
                by_id.entry(id).or_default().push(entry);
            }
        }
        let mut merged = Merged {
            fingerprint,
            jobs: of,
            solutions: 0,
            nodes: 0,
            updates: 0,
        };
        for id in 0..of {
            let Some(copies) = by_id.get(&id) else {
                problems.push(MergeProblem::Missing { id });
                continue;
            };
            if copies.len() > 1 {
                problems.push(MergeProblem::Duplicated {
                    id,
                    places: copies.iter().map(|(place, _)| place.clone()).collect(),
                });
            }
            let (place, first) = copies[0];
            if first.status != JobStatus::Done {
                problems.push(MergeProblem::Unfinished {
                    place: place.clone(),
                    result: first.clone(),
                });
            }
            merged.solutions += first.solutions;
            merged.nodes += first.nodes;
            merged.updates += first.updates;
        }
        if problems.is_empty() {
            Ok(merged)
        } else {
            Err(MergeError {
                partial: Some(merged),
                problems,
            })
        }
    }
}

/// A result's problem and number of jobs (`of` is known: `add` keeps only
/// results with one).
fn identity(result: &JobResult) -> (Fingerprint, u64) {
    (result.fingerprint, result.of.unwrap_or_default())
}

/// Merges `results` (from anywhere, in any order): their sum if every job of
/// the split has exactly one result, that ran to its end, for the same
/// problem. Each result's place in a [`MergeProblem`] is `result N`, its
/// position from 1; use [`Merge`] to name places yourself.
///
/// # Errors
///
/// [`MergeError`], as [`Merge::finish`] gives it.
///
/// ```
/// use std::thread;
/// use dlx_engine::{Dlx, NamedProblem};
/// use dlx_engine::split::{merge, Fingerprint, MergeProblem, Worker};
///
/// let named = NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
/// let fingerprint = Fingerprint::of(&named);
/// let jobs = Dlx::new(named.problem()).split(2).jobs(fingerprint);
/// // Each job on its own thread, with its own solver.
/// let results: Vec<_> = thread::scope(|s| {
///     let handles: Vec<_> = jobs.iter().map(|job| s.spawn(|| {
///         let mut solver = Dlx::new(named.problem());
///         Worker::new(&mut solver, fingerprint).count(job)
///     })).collect();
///     handles.into_iter().map(|h| h.join().unwrap()).collect()
/// });
/// assert_eq!(merge(results.clone()).unwrap().solutions, 5);
///
/// // The first job twice: counted once, and reported.
/// let twice = results.iter().chain(&results[..1]).cloned();
/// let error = merge(twice).unwrap_err();
/// assert_eq!(error.partial.unwrap().solutions, 5);
/// assert!(matches!(&error.problems[..], [MergeProblem::Duplicated { id: 0, .. }]));
/// # Ok::<(), dlx_engine::DlxError>(())
/// ```
pub fn merge(results: impl IntoIterator<Item = JobResult>) -> Result<super::Merged, MergeError> {
    let mut merge = Merge::new();
    for (n, result) in (1..).zip(results) {
        merge.add(format!("result {n}"), result);
    }
    merge.finish()
}
