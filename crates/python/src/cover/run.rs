//! Long searches from Python: run with the GIL released, stopped by Ctrl-C
//! within a few milliseconds ([`crate::interrupt`]), reporting to a
//! progress callback ([`Reporter`]). A solution iterator needs no thread:
//! it searches a slice of nodes at a time (`IntoSolutions::next_within`)
//! and looks at signals between slices. Nor does a count on one thread, or
//! a job: they run in pieces on the calling thread ([`count_here`],
//! [`in_pieces`]). Only a count on several threads has a thread watch it
//! ([`watched`]).

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::{Duration, Instant};

use dlx_engine::{Count, Counting, Progress, SmallCounting};
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

    /// Whether there is no target to tell.
    pub(crate) fn is_silent(&self) -> bool {
        self.target.is_none()
    }

    /// Tells the target `info`, if its interval has gone by (or `always`,
    /// at the end).
    pub(crate) fn tell(&mut self, info: ProgressInfo, always: bool) -> PyResult<()> {
        let Some(target) = &self.target else {
            return Ok(());
        };
        if !always && self.last.elapsed() < self.every {
            return Ok(());
        }
        self.last = Instant::now();
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

impl ProgressInfo {
    /// What a count on threads has reported.
    fn of_progress(progress: &Progress) -> Self {
        ProgressInfo {
            nodes: progress.nodes(),
            solutions: progress.solutions(),
            fraction: progress.fraction(),
        }
    }

    /// Where a count in pieces has got.
    fn of_counting(counting: &Counting<'_>) -> Self {
        let stats = counting.stats();
        ProgressInfo {
            nodes: stats.nodes,
            solutions: stats.solutions,
            fraction: counting.progress(),
        }
    }
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
    let look = |always| reporter.tell(ProgressInfo::of_progress(progress), always);
    crate::interrupt::watched(py, progress, look, work)
}

/// How long a piece of work on the calling thread is meant to take: well
/// inside the 10 ms between two looks at signals, so that Ctrl-C is seen
/// within one, and long enough that the pause between two pieces (a
/// clock read and a return from the search's loop) is lost in it.
const PIECE_TIME: Duration = Duration::from_millis(1);

/// Nodes of the first piece: a count of a problem solved in microseconds
/// ends within it.
const FIRST_PIECE: u64 = 1 << 10;

/// Runs resumable work on this thread in pieces, the GIL released, through
/// [`crate::interrupt::stepped`]: `piece(nodes)` goes on for about `nodes`
/// search-tree nodes. A piece's nodes are doubled after a piece that took
/// less than half of [`PIECE_TIME`] and halved after one that took more
/// than twice it, so that pieces take about that long however costly a node
/// is (a wide node updates thousands of links). `look` is called between
/// pieces as `stepped` says.
pub(crate) fn in_pieces<T, P>(
    py: Python<'_>,
    mut piece: impl FnMut(u64) -> ControlFlow<T, P> + Send,
    look: impl FnMut(P) -> PyResult<()>,
) -> PyResult<T>
where
    T: Send,
    P: Send,
{
    let mut nodes = FIRST_PIECE;
    let step = || {
        let start = Instant::now();
        let done = piece(nodes);
        let took = start.elapsed();
        if took < PIECE_TIME / 2 {
            nodes = nodes.saturating_mul(2);
        } else if took > PIECE_TIME * 2 {
            nodes = (nodes / 2).max(1);
        }
        done
    };
    crate::interrupt::stepped(py, step, look)
}

/// Counts on `counting` on this thread in pieces ([`in_pieces`]), telling
/// `reporter` between them and at the end: the count, once it has ended;
/// `None` if `look` is given (nodes and updates) and the count reached
/// either first, left there to go on or be dropped. An exception (Ctrl-C's
/// KeyboardInterrupt, or the reporter's) leaves the count where it stopped,
/// its statistics those of the part done.
pub(crate) fn count_here(
    py: Python<'_>,
    counting: &mut Counting<'_>,
    reporter: &mut Reporter<'_>,
    look: Option<(u64, u64)>,
) -> PyResult<Option<Count>> {
    let piece = |nodes: u64| {
        let done = counting.stats().nodes;
        let nodes = look.map_or(nodes, |(most, _)| nodes.min(most.saturating_sub(done)));
        if let Some(count) = counting.run_within(nodes) {
            return ControlFlow::Break(Some(count));
        }
        let stats = counting.stats();
        if look.is_some_and(|(nodes, updates)| stats.nodes >= nodes || stats.updates >= updates) {
            return ControlFlow::Break(None);
        }
        ControlFlow::Continue(ProgressInfo::of_counting(counting))
    };
    let counted = in_pieces(py, piece, |info| reporter.tell(info, false))?;
    if counted.is_some() {
        reporter.tell(ProgressInfo::of_counting(counting), true)?;
    }
    Ok(counted)
}

/// [`count_here`] for a count on masks (`SmallCounting`, a problem too small
/// for links: docs/decisions/small-masks.md) on this thread, the rest of it
/// once its look has not ended it, with no progress target to tell: the
/// count, once it has ended. An exception leaves the count where it stopped.
pub(crate) fn count_small_here(py: Python<'_>, counting: &mut SmallCounting) -> PyResult<Count> {
    let piece = |nodes: u64| match counting.run_within(nodes) {
        Some(count) => ControlFlow::Break(count),
        None => ControlFlow::Continue(()),
    };
    in_pieces(py, piece, |()| Ok(()))
}
