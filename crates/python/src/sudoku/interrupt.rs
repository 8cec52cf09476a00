//! Long calls off the interpreter: the work runs on a thread of its own
//! while the calling thread, the GIL released, waits for it and every
//! [`POLL`] takes the GIL back to run Python's signal handlers. A Ctrl-C
//! (or any handler that raises) then stops the work through its
//! [`Progress`], when it has one, and waits for it to end, so the solver is
//! left reusable; work without a stop (generation, rating) is abandoned to
//! finish on its own, its result dropped.
//!
//! Only the main thread of the interpreter runs signal handlers, so a call
//! from another Python thread is not interrupted; it still releases the GIL.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::panic::PanicException;
use pyo3::prelude::*;
use sudoku_dlx::Progress;

/// How often the waiting thread looks for signals: well inside the 100 ms
/// in which a KeyboardInterrupt must come.
const POLL: Duration = Duration::from_millis(20);

/// The slot the worker leaves its result in.
type Slot<T> = Arc<(Mutex<Option<thread::Result<T>>>, Condvar)>;

/// Runs `work` on its own thread and returns its result, raising
/// `KeyboardInterrupt` (or whatever a signal handler raised) when a signal
/// comes first. `stop` is the work's stop: stopped on a signal, and then
/// waited for.
pub(crate) fn interruptible<T, W>(
    py: Python<'_>,
    stop: Option<Arc<Progress>>,
    work: W,
) -> PyResult<T>
where
    T: Send + 'static,
    W: FnOnce() -> T + Send + 'static,
{
    let slot: Slot<T> = Arc::new((Mutex::new(None), Condvar::new()));
    let theirs = Arc::clone(&slot);
    thread::Builder::new()
        .name("sudoku-dlx".to_owned())
        .spawn(move || {
            let result = catch_unwind(AssertUnwindSafe(work));
            let (lock, ready) = &*theirs;
            *lock.lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
            ready.notify_all();
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
    loop {
        if let Some(result) = py.detach(|| wait(&slot, Some(POLL))) {
            return finish(result);
        }
        if let Err(raised) = py.check_signals() {
            if let Some(stop) = &stop {
                stop.stop();
                // The search looks at its stop every few thousand nodes.
                let _ = py.detach(|| wait(&slot, None));
            }
            return Err(raised);
        }
    }
}

/// The worker's result once it is there, waiting at most `timeout` (or
/// for good).
fn wait<T>(slot: &Slot<T>, timeout: Option<Duration>) -> Option<thread::Result<T>> {
    let (lock, ready) = &**slot;
    let mut guard = lock.lock().unwrap_or_else(|e| e.into_inner());
    if guard.is_none() {
        guard = match timeout {
            Some(timeout) => {
                ready
                    .wait_timeout(guard, timeout)
                    .unwrap_or_else(|e| e.into_inner())
                    .0
            }
            None => ready
                .wait_while(guard, |r| r.is_none())
                .unwrap_or_else(|e| e.into_inner()),
        };
    }
    guard.take()
}

/// The worker's value, or its panic as a `PanicException` (never a crash).
fn finish<T>(result: thread::Result<T>) -> PyResult<T> {
    result.map_err(|panic| {
        let message = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "the search panicked".to_owned());
        PanicException::new_err(message)
    })
}
