//! Long searches from Python: run with the GIL released, stopped by Ctrl-C
//! within a few milliseconds, reporting to a progress callback.
//!
//! Python runs signal handlers only on its main thread, and only when that
//! thread holds the GIL and asks (`Python::check_signals`). So a search that
//! cannot be cut into slices (a count, on one thread or many) runs on a
//! thread of its own while the calling thread waits in slices of
//! [`POLL`] without the GIL, looking at signals and the clock between them;
//! on `KeyboardInterrupt` (or an exception from the callback) it stops the
//! search through its [`Progress`] and waits for it to end. A solution
//! iterator needs no thread: it searches a slice of nodes at a time
//! (`IntoSolutions::next_within`) and looks at signals between slices.

use std::sync::Arc;
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

use dlx_engine::Progress;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// How long the calling thread waits between two looks at signals.
const POLL: Duration = Duration::from_millis(10);

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

/// Runs `work` on a thread of its own, the GIL released, while this thread
/// looks at signals every [`POLL`] and tells `reporter` how it goes.
/// `work` must report into and stop at `progress`. On a signal's exception
/// (KeyboardInterrupt) or the callback's, stops the search, waits for it,
/// and returns that exception with what the search returned.
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
    // Set by the search's thread when it ends (or panics: `Done`'s drop).
    let done = Done::default();
    std::thread::scope(|scope| {
        let search = scope.spawn(|| {
            let _finished = Finished(&done);
            work()
        });
        let mut failure: Option<PyErr> = None;
        loop {
            if py.detach(|| done.wait(POLL)) {
                break;
            }
            if failure.is_some() {
                continue;
            }
            let looked = py
                .check_signals()
                .and_then(|()| reporter.tell(progress, false));
            if let Err(e) = looked {
                progress.stop();
                failure = Some(e);
            }
        }
        let value = match py.detach(|| search.join()) {
            Ok(value) => value,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        if failure.is_none()
            && let Err(e) = reporter.tell(progress, true)
        {
            failure = Some(e);
        }
        (value, failure)
    })
}

/// Whether the search's thread has ended, and a way to wait for it.
#[derive(Default)]
struct Done {
    ended: Mutex<bool>,
    changed: Condvar,
}

impl Done {
    /// Waits up to `timeout` for the end; whether it came.
    fn wait(&self, timeout: Duration) -> bool {
        let ended = self.ended.lock().unwrap_or_else(PoisonError::into_inner);
        let (ended, _) = self
            .changed
            .wait_timeout_while(ended, timeout, |ended| !*ended)
            .unwrap_or_else(PoisonError::into_inner);
        *ended
    }
}

/// Marks the search's end when dropped, however the search ends.
struct Finished<'a>(&'a Done);

impl Drop for Finished<'_> {
    fn drop(&mut self) {
        *self.0.ended.lock().unwrap_or_else(PoisonError::into_inner) = true;
        self.0.changed.notify_all();
    }
}
