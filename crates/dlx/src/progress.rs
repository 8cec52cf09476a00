//! [`Progress`]: how far a parallel search has got, readable from any
//! thread while it runs.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// How far a parallel search has got, updated by its threads between
/// chunks of work and readable from any thread (a progress bar's).
#[derive(Debug, Default)]
pub struct Progress {
    /// Shares of the tree finished, and each thread's estimate for the job
    /// it runs.
    shares: Mutex<Shares>,
    solutions: AtomicU64,
    nodes: AtomicU64,
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
