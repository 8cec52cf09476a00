//! [`Progress`]: how far a parallel search has got, readable from any
//! thread while it runs, and the one way to stop it from another thread.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::matrix::Report;
use crate::outcome::{End, Stats};

/// How far a parallel search has got, updated by its threads between
/// chunks of work and readable from any thread (a progress bar's); and a
/// way for that thread to end the search early ([`stop`](Self::stop)).
///
/// ```
/// use std::sync::Arc;
/// use dlx_engine::{Dlx, End, NamedProblem, Parallel, Progress};
///
/// // Tilings of a 2x20 strip by dominoes: 10,946 of them.
/// let columns: Vec<String> = (0..20).map(|c| format!("a{c} b{c}")).collect();
/// let mut text = columns.join(" ") + "\n";
/// for c in 0..20 {
///     text += &format!("a{c} b{c}\n");
///     if c < 19 {
///         text += &format!("a{c} a{}\nb{c} b{}\n", c + 1, c + 1);
///     }
/// }
/// let named = NamedProblem::parse(&text)?;
/// let progress = Arc::new(Progress::new());
/// // A Ctrl-C handler would call this while the search runs.
/// progress.stop();
/// let parallel = Parallel::new().with_threads(2).with_progress(Arc::clone(&progress));
/// let count = Dlx::new(named.problem()).count_parallel(&parallel, None);
/// assert_eq!(count.end, End::Stopped);
/// assert!(!count.is_exact() && count.solutions < 10_946);
/// # Ok::<(), dlx_engine::DlxError>(())
/// ```
#[derive(Debug, Default)]
pub struct Progress {
    /// Shares of the tree finished, and each thread's estimate for the job
    /// it runs.
    shares: Mutex<Shares>,
    solutions: AtomicU64,
    nodes: AtomicU64,
    /// Set by [`Progress::stop`]; never cleared.
    stopped: AtomicBool,
}

#[derive(Debug, Default)]
struct Shares {
    finished: f64,
    running: Vec<f64>,
}

impl Progress {
    /// A progress report with nothing done.
    #[must_use]
    pub fn new() -> Self {
        Progress::default()
    }

    /// Knuth's estimate of the fraction of the search tree explored so far,
    /// between 0 and 1: each subproblem's share (see
    /// [`Subproblem::share`](crate::Subproblem::share)) once finished, and
    /// for those running, their share times DLX1's measure of progress
    /// within them. An estimate: it can move unevenly on a lopsided tree.
    #[must_use]
    pub fn fraction(&self) -> f64 {
        let shares = lock(&self.shares);
        (shares.finished + shares.running.iter().sum::<f64>()).clamp(0.0, 1.0)
    }

    /// Solutions found so far (for a count with a limit, at most the limit).
    #[must_use]
    pub fn solutions(&self) -> u64 {
        self.solutions.load(Ordering::Relaxed)
    }

    /// Search-tree nodes visited so far.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Asks the search reporting here to end early, from any thread (a
    /// Ctrl-C handler's, say). Its threads see it between chunks of work
    /// (see [`Parallel::with_chunk`](crate::Parallel::with_chunk)), so it
    /// ends within a few thousand nodes a thread, with what it found so
    /// far: [`End::Stopped`] for a count or a visit
    /// (the count then a lower bound), and
    /// [`First::BudgetExhausted`](crate::First::BudgetExhausted) for a first
    /// solution not yet found. A stopped `Progress` stops every search it is
    /// given later too: use a new one for the next.
    pub fn stop(&self) {
        self.stopped.store(true, Ordering::Relaxed);
    }

    /// Whether [`stop`](Self::stop) was called.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.stopped.load(Ordering::Relaxed)
    }

    /// Adds `nodes` searched by a thread.
    pub(crate) fn add_nodes(&self, nodes: u64) {
        self.nodes.fetch_add(nodes, Ordering::Relaxed);
    }

    /// Adds `solutions` found (or delivered, under a limit).
    pub(crate) fn add_solutions(&self, solutions: u64) {
        self.solutions.fetch_add(solutions, Ordering::Relaxed);
    }

    pub(crate) fn start(&self, threads: usize, finished: f64) {
        let mut shares = lock(&self.shares);
        shares.finished = finished;
        shares.running = vec![0.0; threads];
        self.solutions.store(0, Ordering::Relaxed);
        self.nodes.store(0, Ordering::Relaxed);
    }

    pub(crate) fn set_running(&self, thread: usize, share: f64) {
        if let Some(slot) = lock(&self.shares).running.get_mut(thread) {
            *slot = share;
        }
    }

    pub(crate) fn finish(&self, thread: usize, share: f64) {
        let mut shares = lock(&self.shares);
        shares.finished += share;
        if let Some(slot) = shares.running.get_mut(thread) {
            *slot = 0.0;
        }
    }
}

/// Locks `mutex`, taking over the data of a thread that panicked holding it.
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Reports into a [`Progress`] as the one thread of a run, every `chunk`
/// nodes, and stops when it is stopped.
pub(crate) struct ToProgress<'p> {
    progress: &'p Progress,
    chunk: u64,
    /// What the progress has been told of so far.
    nodes: u64,
    solutions: u64,
}

impl<'p> ToProgress<'p> {
    /// Starts `progress` as a run of one thread that has done nothing, to
    /// be told every `chunk` nodes (at least 1).
    pub(crate) fn start(progress: &'p Progress, chunk: u64) -> Self {
        progress.start(1, 0.0);
        ToProgress {
            progress,
            chunk: chunk.max(1),
            nodes: 0,
            solutions: 0,
        }
    }

    /// Tells the progress the count's last figures and that it ended:
    /// the whole tree done if it ran out (`Exhausted`).
    pub(crate) fn finish(mut self, stats: &Stats, end: End) {
        self.publish(stats.nodes, stats.solutions);
        if end == End::Exhausted {
            self.progress.finish(0, 1.0);
        }
    }

    /// Adds to the progress the nodes and solutions not yet told of.
    fn publish(&mut self, nodes: u64, solutions: u64) {
        self.progress.add_nodes(nodes - self.nodes);
        self.progress.add_solutions(solutions - self.solutions);
        (self.nodes, self.solutions) = (nodes, solutions);
    }
}

impl Report for ToProgress<'_> {
    const ON: bool = true;

    fn chunk(&self) -> u64 {
        self.chunk
    }

    fn report(&mut self, nodes: u64, solutions: u64, fraction: f64) -> bool {
        self.publish(nodes, solutions);
        self.progress.set_running(0, fraction);
        self.progress.is_stopped()
    }
}
