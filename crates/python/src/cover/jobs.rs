//! Splits for many machines: picklable jobs, their results, and the merge
//! with the command line's loss checks (`dlx_engine::split`).

use dlx_engine::split::{Job as DlxJob, JobResult as DlxResult, JobStatus, Merge};
use pyo3::prelude::*;

use crate::errors::{MergeError, ProblemError};

/// One subproblem of a split, for the problem it was split from: what one
/// process or machine runs (`Problem.run_job`). Pickles as the JSON line
/// of `sudoku-dlx cover --split` (docs/distributed.md).
#[pyclass(module = "sudoku_dlx.cover", frozen)]
pub(crate) struct Job {
    pub(crate) job: DlxJob,
}

#[pymethods]
impl Job {
    /// Its number, from 0.
    #[getter]
    fn id(&self) -> u64 {
        self.job.id
    }

    /// How many jobs its split has.
    #[getter]
    fn of(&self) -> u64 {
        self.job.of
    }

    /// The fingerprint of the problem it belongs to.
    #[getter]
    fn fingerprint(&self) -> String {
        self.job.fingerprint.to_string()
    }

    /// Knuth's estimate of its share of the whole tree.
    #[getter]
    fn share(&self) -> f64 {
        self.job.subproblem.share()
    }

    /// The job as the CLI's JSON line.
    fn to_line(&self) -> String {
        self.job.to_line()
    }

    /// A job from the CLI's JSON line.
    #[staticmethod]
    fn from_line(line: &str) -> PyResult<Job> {
        DlxJob::from_line(line)
            .map(|job| Job { job })
            .map_err(|e| ProblemError::new_err(format!("not a job line: {e}")))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_line = slf.get_type().getattr("from_line")?;
        Ok((from_line, (slf.get().job.to_line(),)))
    }

    fn __repr__(&self) -> String {
        format!(
            "Job(id={}, of={}, fingerprint='{}')",
            self.job.id, self.job.of, self.job.fingerprint
        )
    }
}

/// What running a job found: `status` is "done" (exact), "limit",
/// "budget" or "failed" (with `error`). Pickles as the CLI's JSON line.
#[pyclass(module = "sudoku_dlx.cover", frozen)]
pub(crate) struct JobResult {
    pub(crate) result: DlxResult,
}

#[pymethods]
impl JobResult {
    /// The job's number (None for a job whose line could not be read).
    #[getter]
    fn id(&self) -> Option<u64> {
        self.result.id
    }

    /// How many jobs its split has.
    #[getter]
    fn of(&self) -> Option<u64> {
        self.result.of
    }

    /// "done", "limit", "budget" or "failed".
    #[getter]
    fn status(&self) -> String {
        self.result.status.to_string()
    }

    /// Solutions found (exact when `status` is "done").
    #[getter]
    fn solutions(&self) -> u64 {
        self.result.solutions
    }

    /// Search-tree nodes of the job's subtree.
    #[getter]
    fn nodes(&self) -> u64 {
        self.result.nodes
    }

    /// Why a failed job failed.
    #[getter]
    fn error(&self) -> Option<String> {
        self.result.error.clone()
    }

    /// Seconds it ran.
    #[getter]
    fn seconds(&self) -> f64 {
        self.result.seconds
    }

    /// The result as the CLI's JSON line (what `sudoku-dlx cover --merge` reads).
    fn to_line(&self) -> String {
        self.result.to_line()
    }

    /// A result from the CLI's JSON line.
    #[staticmethod]
    fn from_line(line: &str) -> PyResult<JobResult> {
        DlxResult::from_line(line)
            .map(|result| JobResult { result })
            .map_err(|e| ProblemError::new_err(format!("not a result line: {e}")))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_line = slf.get_type().getattr("from_line")?;
        Ok((from_line, (slf.get().result.to_line(),)))
    }

    fn __repr__(&self) -> String {
        let id = self.result.id.map_or("None".to_owned(), |i| i.to_string());
        let mut repr = format!(
            "JobResult(id={id}, status='{}', solutions={}",
            self.result.status, self.result.solutions
        );
        if self.result.status == JobStatus::Failed {
            repr += &format!(", error={:?}", self.result.error.as_deref().unwrap_or(""));
        }
        repr + ")"
    }
}

/// The sum of a split's results, each job counted once: `solutions` is the
/// problem's count.
#[pyclass(module = "sudoku_dlx.cover", frozen, get_all)]
pub(crate) struct Merged {
    /// The problem's fingerprint.
    fingerprint: String,
    /// How many jobs the split has.
    jobs: u64,
    /// Solutions of all jobs: the count, when the merge succeeded.
    solutions: u64,
    /// Nodes of all jobs (not those above the split).
    nodes: u64,
    /// Link updates of all jobs.
    updates: u64,
}

impl From<dlx_engine::split::Merged> for Merged {
    fn from(m: dlx_engine::split::Merged) -> Self {
        Merged {
            fingerprint: m.fingerprint.to_string(),
            jobs: m.jobs,
            solutions: m.solutions,
            nodes: m.nodes,
            updates: m.updates,
        }
    }
}

#[pymethods]
impl Merged {
    fn __repr__(&self) -> String {
        format!(
            "Merged(solutions={}, jobs={}, fingerprint='{}')",
            self.solutions, self.jobs, self.fingerprint
        )
    }
}

/// Sums job results, checking that every job of the split ran to its end
/// exactly once, for one problem: the checks of `sudoku-dlx cover --merge`.
/// Raises `MergeError` (with `problems` and `partial`) otherwise.
#[pyfunction]
pub(crate) fn merge(py: Python<'_>, results: &Bound<'_, PyAny>) -> PyResult<Merged> {
    let mut merge = Merge::new();
    for (i, result) in results.try_iter()?.enumerate() {
        let result = result?;
        let place = format!("result {i}");
        match result.cast::<JobResult>() {
            Ok(r) => merge.add(place, r.get().result.clone()),
            Err(_) => merge.add_corrupted(place, format!("not a JobResult: {}", result.repr()?)),
        }
    }
    merge.finish().map(Merged::from).map_err(|e| {
        let err = MergeError::new_err(e.to_string());
        let value = err.value(py);
        let problems: Vec<String> = e.problems.iter().map(ToString::to_string).collect();
        let _ = value.setattr("problems", problems);
        let partial = e.partial.map(Merged::from);
        let _ = value.setattr("partial", partial);
        err
    })
}
