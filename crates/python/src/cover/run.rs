//! Long searches from Python: run with the GIL released, stopped by Ctrl-C
//! within a few milliseconds ([`crate::interrupt`]), reporting to a
//! progress callback ([`Reporter`]). A solution iterator needs no thread:
//! it searches a slice of nodes at a time (`IntoSolutions::next_within`)
//! and looks at signals between slices. Nor does a small count: it runs
//! on the calling thread under a budget first (`first_look` in cover.rs).

use std::sync::Arc;
use std::time::{Duration, Instant};

use dlx_engine::Progress;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Nodes a solution iterator searches between two looks at signals: a
/// millisecond or so of search on Algorithm X, a few on M (its nodes are
/// slower): Ctrl-C is seen within tens of milliseconds either way.
pub(crate) const SLICE: u64 = 1 << 11;

/// Where a long search reports: a callable, given a [`ProgressInfo`], or a
/// tqdm-like bar (an object with `update(n)`), advanced by nodes searched.
pub(crate) struct Reporter<'py> {
    target: Option<Bound<'py, PyAny>>,
    every: Duration,
    last: Instant,
    nodes: u64,
}

impl<'py> Reporter<'py> {
    pub(crate) fn new(target: Option<Bound<'py, PyAny>>, every: f64) -> PyResult<Self> {
        let every = Duration::try_from_secs_f64(every.max(0.0))
            .map_err(|e| PyRuntimeError::new_err(format!("progress interval: {e}")))?;
        Ok(Reporter {
            target,
            every,
            last: Instant::now(),
            nodes: 0,
        })
    }

    /// Tells the target what `progress` says, if its interval has gone by
    /// (or `always`, at the end).
    fn tell(&mut self, progress: &Progress, always: bool) -> PyResult<()> {
        let Some(target) = &self.target else {
            return Ok(());
        };
        if !always && self.last.elapsed() < self.every {
            return Ok(());
        }
        self.last = Instant::now();
        let info = ProgressInfo {
            nodes: progress.nodes(),
            solutions: progress.solutions(),
            fraction: progress.fraction(),
        };
        if target.hasattr("update")? && !target.is_callable() {
            // A tqdm bar (or alike): nodes as its unit, the rest as postfix.
            let delta = info.nodes.saturating_sub(self.nodes);
            self.nodes = info.nodes;
            target.call_method1("update", (delta,))?;
            if target.hasattr("set_postfix")? {
                let postfix = PyDict::new(target.py());
                postfix.set_item("solutions", info.solutions)?;
                postfix.set_item("done", format!("{:.1}%", 100.0 * info.fraction))?;
                target.call_method("set_postfix", (postfix,), None)?;
            }
        } else {
            target.call1((info,))?;
        }
        Ok(())
    }
}

/// What a long search has done so far, as a progress callback gets it.
#[pyclass(module = "sudoku_dlx.cover", frozen, get_all)]
#[derive(Clone, Copy)]
pub(crate) struct ProgressInfo {
    /// Search-tree nodes visited so far.
    nodes: u64,
    /// Solutions found so far.
    solutions: u64,
    /// Knuth's estimate of the part of the tree searched, 0 to 1.
    fraction: f64,
}

#[pymethods]
impl ProgressInfo {
    fn __repr__(&self) -> String {
        format!(
            "ProgressInfo(nodes={}, solutions={}, fraction={:.4})",
            self.nodes, self.solutions, self.fraction
        )
    }
}

/// Runs `work` as [`crate::interrupt::watched`] does, telling `reporter`
/// how it goes. `work` must report into and stop at `progress`.
pub(crate) fn watched<T, F>(
    py: Python<'_>,
    progress: &Arc<Progress>,
    reporter: &mut Reporter<'_>,
    work: F,
) -> (T, Option<PyErr>)
where
    T: Send,
    F: FnOnce() -> T + Send,
{
    let look = |always| reporter.tell(progress, always);
    crate::interrupt::watched(py, progress, look, work)
}
