//! Ctrl-C (SIGINT) and SIGTERM during a batch: nothing finished is lost.
//!
//! The record commands (`solve`, `count`, `rate`) and `generate` install a
//! handler ([`install`]) before their first chunk. A signal only sets a
//! flag while a chunk is being answered ([`Streaming`]): the thread that
//! writes the output sees it within a tick, writes every record already
//! answered in input order, marks the others, flushes, and ends the process
//! with status [`EXIT_STATUS`] (see [`crate::batch::Pool::stream`]).
//!
//! `cover` on threads registers its search ([`Watch`]): a first signal
//! stops it through the engine's [`Progress::stop`] (its threads notice
//! within a few thousand nodes), and `cover` then writes what it found,
//! the count marked `+` as a lower bound, and ends with [`EXIT_STATUS`].
//!
//! `solve` and `count` give their solvers the stop of [`stop`]: a first
//! signal stops it, the searches running end within a few thousand nodes
//! with what they found, and the writer waits a moment
//! ([`crate::batch::Pool::stream`]) to write them (a count as `N+`, the
//! solutions `--all` listed then `!interrupted`, a solve as
//! `!interrupted`) before it marks the records not started. `rate`,
//! `explain`, `hint` and `generate` give the same stop to their raters,
//! explainers and makers (`sudoku_dlx::Rater::set_stop`...): the work under
//! way ends within a technique's step or a uniqueness check, a record as
//! `!interrupted`, a puzzle left out.
//!
//! `print` gives its solvers the same stop and holds [`Streaming`] while
//! it checks a chunk and while it draws and writes: a signal ends the
//! search under way, and `print` ends saying where, having written
//! nothing (a write under way is finished whole).
//!
//! Between chunks (the next one being read, perhaps from a terminal that
//! waits for a line) everything answered is already written and flushed,
//! so the handler ends the process itself; it does so too on a second
//! signal, in case the writer is stuck on a full pipe.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, LazyLock, Mutex, MutexGuard, Once};

use dlx_engine::Progress;

/// The exit status after an interrupt: 128 + SIGINT, as shells report it.
pub(crate) const EXIT_STATUS: i32 = 130;

/// Whether a signal came; read without the lock on every tick.
static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Whether a chunk is being answered, so that the writer will handle a
/// signal; under a lock so that the handler and the writer agree on who
/// ends the process.
static STREAMING: Mutex<bool> = Mutex::new(false);

/// The search a signal stops, while `cover` runs one on threads.
static SEARCH: Mutex<Option<Arc<Progress>>> = Mutex::new(None);

static INSTALL: Once = Once::new();

/// What a first signal stops: the searches that watch it ([`stop`]).
static STOP: LazyLock<Arc<Progress>> = LazyLock::new(|| Arc::new(Progress::new()));

/// The stop a first signal stops, for a search that ends early with what
/// it found ([`sudoku_dlx::Solver::set_stop`]).
pub(crate) fn stop() -> Arc<Progress> {
    Arc::clone(&STOP)
}

/// Installs the handler of SIGINT, SIGTERM and SIGHUP, once per process.
/// Where a handler cannot be installed, the signals keep their default
/// action (the process ends at once), as before.
pub(crate) fn install() {
    INSTALL.call_once(|| {
        if let Err(e) = ctrlc::set_handler(on_signal) {
            eprintln!("sudoku-dlx: Ctrl-C will not save finished records: {e}");
        }
    });
}

/// Whether a signal asked the run to stop.
pub(crate) fn requested() -> bool {
    REQUESTED.load(Ordering::Relaxed)
}

/// Ends the process with [`EXIT_STATUS`]; the caller has flushed its output.
pub(crate) fn exit() -> ! {
    std::process::exit(EXIT_STATUS)
}

fn streaming() -> MutexGuard<'static, bool> {
    // The flag is a plain bool: a panic while holding it cannot leave it
    // half-written.
    STREAMING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn search() -> MutexGuard<'static, Option<Arc<Progress>>> {
    // Set or cleared whole: a panic cannot leave it half-written.
    SEARCH
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The handler, on ctrlc's own thread.
fn on_signal() {
    let streaming = streaming();
    let again = REQUESTED.swap(true, Ordering::Relaxed);
    STOP.stop();
    if !again && let Some(progress) = search().as_ref() {
        // The search ends within a chunk; `cover` writes what it found.
        progress.stop();
        let _ = writeln!(
            std::io::stderr(),
            "sudoku-dlx: interrupted; stopping the search to write what it found \
             (interrupt again to end at once)"
        );
        return;
    }
    let message = match (*streaming, again) {
        // The writer finishes the job.
        (true, false) => return,
        (true, true) => "interrupted twice; the output may end inside a record",
        (false, _) => {
            "interrupted; every record written is finished, the rest of the input was not read"
        }
    };
    let _ = writeln!(std::io::stderr(), "sudoku-dlx: {message}");
    // Holding the lock, so no chunk starts meanwhile.
    std::process::exit(EXIT_STATUS);
}

/// The time a chunk is being answered, during which a signal is left to
/// the writer. Dropped once the chunk's output is flushed.
#[derive(Debug)]
pub(crate) struct Streaming(());

impl Streaming {
    /// Starts answering a chunk. (Had a signal come before, its handler
    /// would have ended the process already.)
    pub(crate) fn begin() -> Streaming {
        *streaming() = true;
        Streaming(())
    }
}

impl Drop for Streaming {
    fn drop(&mut self) {
        *streaming() = false;
    }
}

/// The time a search on threads runs under `cover`, during which a signal
/// stops it rather than the process. Dropped when the search returns.
#[derive(Debug)]
pub(crate) struct Watch(());

impl Watch {
    /// Installs the handler and registers the search reporting to
    /// `progress`.
    pub(crate) fn begin(progress: &Arc<Progress>) -> Watch {
        install();
        *search() = Some(Arc::clone(progress));
        Watch(())
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        *search() = None;
    }
}
