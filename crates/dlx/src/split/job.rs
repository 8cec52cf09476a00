//! Jobs and their results: a [`Split`]'s subproblems numbered for a
//! problem, and what running one found.

use std::fmt;
use std::ops::ControlFlow;
use std::time::Instant;

use super::{Fingerprint, Split, Subproblem};
use crate::counting::Counting;
use crate::error::DlxError;
use crate::outcome::{Count, End, Stats};
use crate::solution::Solution;
use crate::solver::Dlx;

/// One subproblem of a split, numbered, for the problem its
/// [`fingerprint`](Self::fingerprint) names: what one machine runs.
///
/// ```
/// use dlx_engine::{Dlx, NamedProblem};
/// use dlx_engine::split::{Fingerprint, JobStatus, Worker};
///
/// let named = NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
/// let fingerprint = Fingerprint::of(&named);
/// let mut solver = Dlx::new(named.problem());
/// let jobs = solver.split(1).jobs(fingerprint);
/// assert_eq!((jobs.len(), jobs[1].id, jobs[1].of), (2, 1, 2));
/// let mut worker = Worker::new(&mut solver, fingerprint);
/// let result = worker.count(&jobs[1]);
/// assert_eq!((result.status, result.solutions), (JobStatus::Done, 2));
/// # Ok::<(), dlx_engine::DlxError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Job {
    /// Its number, from 0.
    pub id: u64,
    /// How many jobs its split has.
    pub of: u64,
    /// The problem it was split from.
    pub fingerprint: Fingerprint,
    /// The part of the search it holds.
    pub subproblem: Subproblem,
}

impl Split {
    /// The subproblems as jobs for the problem `fingerprint` names, numbered
    /// in search order. There is always at least one: when every branch
    /// died above the depth (the problem has no solution) the one job is the
    /// whole problem (an empty prefix, share 1), whose run finds 0, so that
    /// such a problem runs and merges like any other and the merge still
    /// catches its job lost or run twice.
    ///
    /// ```
    /// use dlx_engine::{Dlx, NamedProblem};
    /// use dlx_engine::split::Fingerprint;
    ///
    /// let named = NamedProblem::parse("a b\na\n")?; // b has no option
    /// let mut solver = Dlx::new(named.problem());
    /// let split = solver.split(3);
    /// assert!(split.subproblems().is_empty());
    /// let jobs = split.jobs(Fingerprint::of(&named));
    /// assert_eq!(jobs.len(), 1);
    /// assert!(jobs[0].subproblem.prefix().is_empty());
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    #[must_use]
    pub fn jobs(&self, fingerprint: Fingerprint) -> Vec<Job> {
        if self.subproblems.is_empty() {
            let whole = Subproblem {
                prefix: Vec::new(),
                share: 1.0,
            };
            return vec![Job {
                id: 0,
                of: 1,
                fingerprint,
                subproblem: whole,
            }];
        }
        let of = self.subproblems.len() as u64;
        (0..)
            .zip(&self.subproblems)
            .map(|(id, subproblem)| Job {
                id,
                of,
                fingerprint,
                subproblem: subproblem.clone(),
            })
            .collect()
    }
}

/// How a job ended.
///
/// ```
/// use dlx_engine::split::JobStatus;
/// assert_eq!(JobStatus::Budget.to_string(), "budget");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JobStatus {
    /// It searched its whole subtree: its count is exact.
    Done,
    /// The limit on solutions stopped it: its count is a lower bound.
    Limit,
    /// The solver's budget stopped it: its count is a lower bound.
    Budget,
    /// It did not run: its line could not be read, it is for another
    /// problem, or its prefix does not fit this one; the result's `error`
    /// says which.
    Failed,
}

impl JobStatus {
    /// The word a result line uses for it.
    pub(crate) fn word(self) -> &'static str {
        match self {
            JobStatus::Done => "done",
            JobStatus::Limit => "limit",
            JobStatus::Budget => "budget",
            JobStatus::Failed => "failed",
        }
    }
}

impl fmt::Display for JobStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// What running one job found; [`merge`](super::merge()) sums them.
///
/// `solutions`, `nodes` and `updates` are those of the job's subtree (0
/// for a failed job); `error` says why a failed job failed; `found` holds
/// the solutions a listing run found (each as its options' lines), and is
/// `None` for a count.
///
/// ```
/// use dlx_engine::split::{Fingerprint, JobResult, JobStatus};
///
/// let failed = JobResult::failed(Some(3), Some(8), Fingerprint::from_value(1), "no such file");
/// assert_eq!(failed.status, JobStatus::Failed);
/// assert_eq!(failed.error.as_deref(), Some("no such file"));
/// assert_eq!(failed.solutions, 0);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct JobResult {
    /// The job's number; `None` for a job line without a readable one.
    pub id: Option<u64>,
    /// How many jobs its split has; `None` as for `id`.
    pub of: Option<u64>,
    /// The problem the job was run against.
    pub fingerprint: Fingerprint,
    /// How it ended.
    pub status: JobStatus,
    /// Solutions found (exact when `status` is [`JobStatus::Done`]).
    pub solutions: u64,
    /// Search-tree nodes of its subtree.
    pub nodes: u64,
    /// Link updates of its subtree.
    pub updates: u64,
    /// Why a failed job failed.
    pub error: Option<String>,
    /// The solutions found, when listing: each solution's option lines.
    pub found: Option<Vec<Vec<String>>>,
    /// How long it took, in seconds.
    pub seconds: f64,
}

impl JobResult {
    /// The result of a job that did not run, and why.
    #[must_use]
    pub fn failed(
        id: Option<u64>,
        of: Option<u64>,
        fingerprint: Fingerprint,
        error: impl fmt::Display,
    ) -> Self {
        JobResult {
            id,
            of,
            fingerprint,
            status: JobStatus::Failed,
            solutions: 0,
            nodes: 0,
            updates: 0,
            error: Some(error.to_string()),
            found: None,
            seconds: 0.0,
        }
    }
}

/// Runs jobs on a solver of the problem they were split from, as its
/// [`Fingerprint`] names it: a job for another problem fails instead of
/// counting something else. Each job runs on this thread, in the leftmost
/// order, under the solver's [`Budget`](crate::Budget).
///
/// ```
/// use dlx_engine::{Dlx, NamedProblem};
/// use dlx_engine::split::{Fingerprint, JobStatus, Worker};
///
/// let named = NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
/// let mut solver = Dlx::new(named.problem());
/// let jobs = solver.split(1).jobs(Fingerprint::of(&named));
/// let mut worker = Worker::new(&mut solver, Fingerprint::of(&named)).with_limit(Some(1));
/// let listed = worker.list(&jobs[0], |solution| {
///     solution.options().iter().map(|&o| named.option_text(o)).collect()
/// });
/// assert_eq!(listed.status, JobStatus::Limit);
/// assert_eq!(listed.found, Some(vec![vec!["a".to_owned(), "b".into(), "c".into(), "d".into()]]));
///
/// // A job of another problem fails.
/// let other = Fingerprint::of_pruned(&named);
/// let mut worker = Worker::new(&mut solver, other);
/// assert_eq!(worker.count(&jobs[0]).status, JobStatus::Failed);
/// # Ok::<(), dlx_engine::DlxError>(())
/// ```
#[derive(Debug)]
pub struct Worker<'a> {
    solver: &'a mut Dlx,
    fingerprint: Fingerprint,
    limit: Option<u64>,
}

impl<'a> Worker<'a> {
    /// A worker running jobs on `solver`, the problem `fingerprint` names.
    #[must_use]
    pub fn new(solver: &'a mut Dlx, fingerprint: Fingerprint) -> Self {
        Worker {
            solver,
            fingerprint,
            limit: None,
        }
    }

    /// Stops each job after `limit` solutions, if given (the job then ends
    /// [`JobStatus::Limit`]).
    #[must_use]
    pub fn with_limit(mut self, limit: Option<u64>) -> Self {
        self.limit = limit;
        self
    }

    /// The fingerprint of the problem the worker runs.
    #[must_use]
    pub fn fingerprint(&self) -> Fingerprint {
        self.fingerprint
    }

    /// Counts the solutions below `job`'s subproblem.
    pub fn count(&mut self, job: &Job) -> JobResult {
        let start = Instant::now();
        let limit = self.limit;
        self.run(job, start, None, |solver, subproblem| {
            solver.count_subproblem(subproblem, limit)
        })
    }

    /// The count of [`count`](Self::count) in pieces, as
    /// [`Dlx::counting`] runs one: [`JobCounting::run_within`] counts on
    /// for so many nodes and stops there, and the next call goes on, so
    /// that a caller can look at a signal or a clock between pieces
    /// without a thread of its own. The pieces together make the result
    /// `count` makes: the same status, solutions, nodes and updates, under
    /// the solver's budget and the worker's limit; `seconds` run from this
    /// call to the end. A job of another problem, or whose prefix does not
    /// fit this one, has its failed result at once, as from `count`. The
    /// pieces do not report into the solver's
    /// [progress](Dlx::set_progress); dropping the [`JobCounting`] ends the
    /// count and restores the links.
    ///
    /// ```
    /// use dlx_engine::{Dlx, NamedProblem};
    /// use dlx_engine::split::{Fingerprint, JobStatus, Worker};
    ///
    /// let named = NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let fingerprint = Fingerprint::of(&named);
    /// let mut solver = Dlx::new(named.problem());
    /// let jobs = solver.split(1).jobs(fingerprint);
    /// let whole = Worker::new(&mut solver, fingerprint).count(&jobs[0]);
    ///
    /// let mut worker = Worker::new(&mut solver, fingerprint);
    /// let mut counting = worker.counting(&jobs[0]);
    /// let result = loop {
    ///     if let Some(result) = counting.run_within(1) {
    ///         break result;
    ///     }
    /// };
    /// assert_eq!((result.status, result.solutions), (JobStatus::Done, 3));
    /// assert_eq!((result.nodes, result.updates), (whole.nodes, whole.updates));
    /// drop(counting);
    /// assert!(solver.links_match(named.problem()));
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn counting(&mut self, job: &Job) -> JobCounting<'_> {
        let start = Instant::now();
        let head = JobHead {
            id: job.id,
            of: job.of,
            fingerprint: self.fingerprint,
            start,
        };
        let entered = match self.check(job) {
            Ok(()) => self
                .solver
                .enter(job.subproblem.prefix())
                .map_err(|e| e.to_string()),
            Err(other) => Err(other),
        };
        match entered {
            Ok(()) => JobCounting {
                counting: Some(self.solver.counting_entered(self.limit)),
                result: None,
                head,
            },
            Err(error) => JobCounting {
                counting: None,
                result: Some(head.failed(&error)),
                head,
            },
        }
    }

    /// Lists the solutions below `job`'s subproblem (up to the limit), each
    /// as `lines` gives it, in the result's `found`.
    pub fn list<F>(&mut self, job: &Job, mut lines: F) -> JobResult
    where
        F: FnMut(Solution<'_>) -> Vec<String>,
    {
        let start = Instant::now();
        let limit = self.limit;
        let mut found = Vec::new();
        let mut result = self.run(job, start, Some(Vec::new()), |solver, subproblem| {
            solver.for_each_solution_in(subproblem, |solution| {
                found.push(lines(solution));
                if limit.is_some_and(|l| found.len() as u64 >= l) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
        });
        if result.found.is_some() {
            result.found = Some(found);
        }
        result
    }

    /// Checks the job is for this problem, searches it with `search`, and
    /// makes its result (`found` as given, for a job that ran).
    fn run(
        &mut self,
        job: &Job,
        start: Instant,
        found: Option<Vec<Vec<String>>>,
        search: impl FnOnce(&mut Dlx, &Subproblem) -> Result<Count, DlxError>,
    ) -> JobResult {
        let head = JobHead {
            id: job.id,
            of: job.of,
            fingerprint: self.fingerprint,
            start,
        };
        if let Err(other) = self.check(job) {
            return head.failed(&other);
        }
        match search(self.solver, &job.subproblem) {
            Ok(count) => head.result(count, self.solver.stats(), found),
            Err(error) => head.failed(&error),
        }
    }

    /// Whether the job is for this problem; if not, why it fails.
    fn check(&self, job: &Job) -> Result<(), String> {
        if job.fingerprint == self.fingerprint {
            return Ok(());
        }
        Err(format!(
            "the job is for another problem (fingerprint {}, this one is {}); \
             run it on the problem it was split from, pruned or not as it was",
            job.fingerprint, self.fingerprint
        ))
    }
}

/// What a job's result says of the job, whatever its end.
#[derive(Debug)]
struct JobHead {
    id: u64,
    of: u64,
    fingerprint: Fingerprint,
    /// When the job started to run.
    start: Instant,
}

impl JobHead {
    /// The result of the job that did not run, and why.
    fn failed(&self, error: &dyn fmt::Display) -> JobResult {
        let mut result = JobResult::failed(Some(self.id), Some(self.of), self.fingerprint, error);
        result.seconds = self.start.elapsed().as_secs_f64();
        result
    }

    /// The result of the job that ran to `count`, with the statistics of
    /// its subtree and `found` (the solutions, when listing).
    fn result(&self, count: Count, stats: &Stats, found: Option<Vec<Vec<String>>>) -> JobResult {
        let status = match count.end {
            End::Exhausted => JobStatus::Done,
            End::BudgetExhausted => JobStatus::Budget,
            // Stopped by the limit, either way.
            End::LimitReached | End::Stopped => JobStatus::Limit,
        };
        JobResult {
            id: Some(self.id),
            of: Some(self.of),
            fingerprint: self.fingerprint,
            status,
            solutions: count.solutions,
            nodes: stats.nodes,
            updates: stats.updates,
            error: None,
            found,
            seconds: self.start.elapsed().as_secs_f64(),
        }
    }
}

/// A job's count in pieces: [`Worker::counting`]. Dropping it ends the
/// count and restores the solver's links.
#[derive(Debug)]
pub struct JobCounting<'w> {
    /// The count, unless the job failed before it could start.
    counting: Option<Counting<'w>>,
    /// The result, once the job has ended (or failed).
    result: Option<JobResult>,
    head: JobHead,
}

impl JobCounting<'_> {
    /// Counts on for at most `nodes` more search-tree nodes (about, as
    /// [`Counting::run_within`]). `None` if it stopped there, to go on at
    /// the next call; else the job's result, which every later call
    /// returns too.
    pub fn run_within(&mut self, nodes: u64) -> Option<JobResult> {
        if self.result.is_none() {
            let counting = self
                .counting
                .as_mut()
                .expect("a job without a result counts");
            let count = counting.run_within(nodes)?;
            self.result = Some(self.head.result(count, counting.stats(), None));
        }
        self.result.clone()
    }

    /// Counts on to the end of the job: its result.
    pub fn run(&mut self) -> JobResult {
        self.run_within(u64::MAX)
            .expect("a count without a pause ends")
    }

    /// Search-tree nodes of the job's subtree counted so far (0 for a job
    /// that failed).
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.counting.as_ref().map_or(0, |c| c.stats().nodes)
    }
}
