//! Ctrl-C during long calls, for exact cover and Sudoku alike.
//!
//! Python runs signal handlers only on its main thread, and only when that
//! thread holds the GIL and asks (`Python::check_signals`). So a long call
//! runs its work on a thread of its own while the calling thread waits in
//! slices of [`POLL`] without the GIL, looking at signals (and, through
//! `look`, at a progress callback) between them. On `KeyboardInterrupt`,
//! or any exception a handler or the callback raises, it stops the work
//! through its [`Progress`] and waits for it to end: every long call of the
//! libraries takes such a stop and ends within a few thousand search nodes
//! or one technique's step, so the thread is gone when the exception
//! reaches Python and the solver it used is left reusable.
//!
//! A call from another Python thread is not interrupted (only the main
//! thread runs signal handlers); it still releases the GIL. Three kinds of
//! work need no thread:
//! - work that can be cut into pieces and resumed (a solution iterator, a
//!   count or a job on one thread: `Dlx::counting`, `Worker::counting`)
//!   runs on the calling thread through [`stepped`] (or, for an iterator,
//!   looks at signals between slices itself, `cover.rs`);
//! - work that calls back between short steps of its own (the paths of an
//!   estimate) runs on the calling thread through [`sliced`], which takes
//!   the GIL back between two steps once every [`POLL`] to look at signals;
//! - a search short enough to end within a first look under a small
//!   budget (most Sudoku searches), or bounded by its size (the human
//!   techniques on a small grid), runs on the calling thread first, and
//!   only a longer one comes here.

use std::ops::ControlFlow;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

use dlx_engine::Progress;
use pyo3::prelude::*;

/// How long the calling thread waits between two looks at signals: well
/// inside the 100 ms in which a KeyboardInterrupt must come.
const POLL: Duration = Duration::from_millis(10);

/// Runs `work` on a thread of its own, the GIL released, while this thread
/// looks at signals every [`POLL`] and then calls `look(false)` (and
/// `look(true)` once at the end, unless something failed before). `work`
/// must stop at `stop`. On an exception from a signal handler or from
/// `look`, stops the work, waits for it, and returns that exception with
/// what the work returned. A panic of the work goes on from here (PyO3
/// makes it a `PanicException`).
pub(crate) fn watched<T, F>(
    py: Python<'_>,
    stop: &Progress,
    mut look: impl FnMut(bool) -> PyResult<()>,
    work: F,
) -> (T, Option<PyErr>)
where
    T: Send,
    F: FnOnce() -> T + Send,
{
    // Set by the work's thread when it ends (or panics: `Finished`'s drop).
    let done = Done::default();
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
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
            if let Err(e) = py.check_signals().and_then(|()| look(false)) {
                stop.stop();
                failure = Some(e);
            }
        }
        let value = match py.detach(|| worker.join()) {
            Ok(value) => value,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        if failure.is_none()
            && let Err(e) = look(true)
        {
            failure = Some(e);
        }
        (value, failure)
    })
}

/// Runs `work` on this thread with the GIL released, giving it `look`,
/// which `work` must call between steps of at most a few milliseconds:
/// once every [`POLL`] it takes the GIL back and looks at signals, and an
/// exception from a handler (KeyboardInterrupt) is its error, after which
/// `work` must end at once. No thread is started, so a short call costs
/// no more than its work.
pub(crate) fn sliced<T, F>(py: Python<'_>, work: F) -> T
where
    T: Send,
    F: FnOnce(&mut dyn FnMut() -> PyResult<()>) -> T + Send,
{
    py.detach(|| {
        let mut last = Instant::now();
        let mut look = || {
            if last.elapsed() < POLL {
                return Ok(());
            }
            last = Instant::now();
            Python::attach(|py| py.check_signals())
        };
        work(&mut look)
    })
}

/// Runs `step` on this thread, the GIL released, until it breaks with the
/// work's value: each call a piece of the work of well under [`POLL`],
/// resumed by the next. Once every [`POLL`] between two pieces it takes
/// the GIL back, looks at signals and calls `look` with what the last
/// piece continued with (how far the work has got); an exception from
/// either is returned at once, the work left where its last piece stopped.
/// No thread is started, so a short call costs no more than its work.
pub(crate) fn stepped<T, P, S>(
    py: Python<'_>,
    mut step: S,
    mut look: impl FnMut(P) -> PyResult<()>,
) -> PyResult<T>
where
    T: Send,
    P: Send,
    S: FnMut() -> ControlFlow<T, P> + Send,
{
    loop {
        let stepped = py.detach(|| {
            let start = Instant::now();
            loop {
                let done = step();
                if done.is_break() || start.elapsed() >= POLL {
                    return done;
                }
            }
        });
        match stepped {
            ControlFlow::Break(value) => return Ok(value),
            ControlFlow::Continue(so_far) => {
                py.check_signals()?;
                look(so_far)?;
            }
        }
    }
}

/// [`watched`] without a progress callback, for work whose partial result
/// is worth nothing: `work` gets a fresh stop to obey, and on a signal its
/// exception is raised once the work has ended.
pub(crate) fn interruptible<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(Arc<Progress>) -> T + Send,
{
    let stop = Arc::new(Progress::new());
    let theirs = Arc::clone(&stop);
    match watched(py, &stop, |_| Ok(()), move || work(theirs)) {
        (_, Some(raised)) => Err(raised),
        (value, None) => Ok(value),
    }
}

/// Whether the work's thread has ended, and a way to wait for it.
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

/// Marks the work's end when dropped, however the work ends.
struct Finished<'a>(&'a Done);

impl Drop for Finished<'_> {
    fn drop(&mut self) {
        *self.0.ended.lock().unwrap_or_else(PoisonError::into_inner) = true;
        self.0.changed.notify_all();
    }
}
