//! [`Parallel`]: how one search runs on every core, and the searches that
//! run that way ([`Dlx::count_parallel`] and its siblings). How the work is
//! shared out between the threads is in `work_sharing.rs`.

use std::ops::ControlFlow;
use std::sync::{Arc, OnceLock};

use crate::outcome::{Count, End, First};
use crate::progress::Progress;
use crate::solution::Solution;
use crate::solver::Dlx;

/// What a parallel search is after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Goal {
    Count,
    Visit,
    First,
}

/// Nodes a job searches between looks at the shared state, by default.
const CHUNK: u64 = 1 << 13;

/// The machine's cores, asked of the system once a process: each asking
/// took 14 µs on a Linux VM (reading its cgroup's files), ten times a
/// microsecond problem's whole call from Python.
pub(crate) fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, usize::from))
}

/// How a parallel search runs: threads, whether a first solution must be the
/// single-threaded one, and where to report progress.
///
/// ```
/// use dlx_engine::{NamedProblem, Parallel, Dlx};
///
/// // Tilings of a 2x6 strip by dominoes (13 of them).
/// let mut text = String::from("a0 a1 a2 a3 a4 a5 b0 b1 b2 b3 b4 b5\n");
/// for c in 0..6 {
///     text += &format!("a{c} b{c}\n");
///     if c < 5 {
///         text += &format!("a{c} a{}\nb{c} b{}\n", c + 1, c + 1);
///     }
/// }
/// let named = NamedProblem::parse(&text)?;
/// let mut solver = Dlx::new(named.problem());
/// let count = solver.count_parallel(&Parallel::new().with_threads(2), None);
/// assert_eq!(count.solutions, 13);
/// assert!(count.is_exact());
/// # Ok::<(), dlx_engine::DlxError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Parallel {
    pub(crate) threads: usize,
    pub(crate) chunk: u64,
    pub(crate) depth: Option<usize>,
    pub(crate) deterministic: bool,
    pub(crate) progress: Option<Arc<Progress>>,
}

impl Default for Parallel {
    fn default() -> Self {
        Parallel::new()
    }
}

impl Parallel {
    /// One thread per core (asked of the system once a process), the first
    /// solution found first, no progress.
    #[must_use]
    pub fn new() -> Self {
        Parallel {
            threads: cores(),
            chunk: CHUNK,
            depth: None,
            deterministic: false,
            progress: None,
        }
    }

    /// Runs on `threads` threads (at least 1).
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// Each thread searches `nodes` (at least 1; 8192 by default) search-tree
    /// nodes between looks at the shared state: whether the run is over,
    /// the budget, progress, and whether a thread is idle and should be given
    /// part of its work. Smaller reacts sooner, larger costs less.
    #[must_use]
    pub fn with_chunk(mut self, nodes: u64) -> Self {
        self.chunk = nodes.max(1);
        self
    }

    /// Cuts the tree at level `depth` to start with, rather than at the
    /// shallowest level with 16 subproblems a thread (64 for a count on
    /// cells or bitsets); with depth 0 every thread but the first starts
    /// from work the others give away, but in a count on cells or bitsets,
    /// which gives none away, the one job is the whole count.
    #[must_use]
    pub fn with_depth(mut self, depth: usize) -> Self {
        self.depth = Some(depth);
        self
    }

    /// With `true`, [`Dlx::first_solution_parallel`] returns the solution
    /// the single-threaded [`Dlx::first_solution`] (without a seed)
    /// returns, the first in search order, waiting for the threads searching
    /// earlier parts of the tree; with `false` (the default) the first any
    /// thread finds, which is faster but may differ from run to run.
    #[must_use]
    pub fn deterministic(mut self, deterministic: bool) -> Self {
        self.deterministic = deterministic;
        self
    }

    /// Reports the search's progress into `progress`, for another thread to
    /// read while it runs.
    #[must_use]
    pub fn with_progress(mut self, progress: Arc<Progress>) -> Self {
        self.progress = Some(progress);
        self
    }

    /// The number of threads.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }
}

impl Dlx {
    /// Counts solutions on `parallel`'s threads, stopping after `limit` if
    /// given (the limit last, as in every search that takes one:
    /// [`count`](Self::count), [`count_subproblem`](Self::count_subproblem)): the same count as [`count`](Self::count) for any number of
    /// threads, and [`stats`](Self::stats) summed over them (for an exact
    /// count, the single-threaded search's nodes, solutions and profile;
    /// without a limit it counts leaves at once as [`count`](Self::count)
    /// does, but for the nodes above its first split, so its updates lie
    /// between the count's and those of a search entering every node, and
    /// equal the count's when the split stops above the leaves, as on any
    /// problem big enough to need threads). The search runs in
    /// the leftmost order (any seed is not used). A budget bounds the work of
    /// all threads together. On one thread, a problem that
    /// [`count`](Self::count) counts on dancing cells (secondary items, no
    /// multiplicities) or on bitsets is counted as `count` does it, with the
    /// same statistics, reporting to the progress and stopping as the
    /// threads do. On more threads, a problem `count` counts on cells or
    /// bitsets ([`path`](Self::path)) is counted on them on each thread,
    /// the subproblems of a split in a queue: the links' nodes, solutions
    /// and profile (but where the cells find a doom the links miss), and
    /// Knuth's updates and cleansings for whole coverings below the split.
    ///
    /// ```
    /// use dlx_engine::{End, NamedProblem, Parallel, Dlx};
    /// let named = NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let mut solver = Dlx::new(named.problem());
    /// let count = solver.count_parallel(&Parallel::new().with_threads(2), None);
    /// assert_eq!((count.solutions, count.is_exact()), (5, true));
    /// let some = solver.count_parallel(&Parallel::new().with_threads(2), Some(3));
    /// assert_eq!((some.solutions, some.end), (3, End::LimitReached));
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn count_parallel(&mut self, parallel: &Parallel, limit: Option<u64>) -> Count {
        if parallel.threads == 1 && self.path().counts_on_cells() {
            // One thread: the count itself, on the cells where it runs
            // there (as fast as `count`, and with its statistics).
            let progress = parallel.progress.as_deref().map(|p| (p, parallel.chunk));
            return self.count_on_cells_reporting(limit, progress);
        }
        if parallel.threads == 1 && self.path().counts_on_bits() {
            // The same on bitsets.
            let progress = parallel.progress.as_deref().map(|p| (p, parallel.chunk));
            return self.count_on_bits_reporting(limit, progress);
        }
        if parallel.threads == 1 && self.counts_on_bounded_bits() {
            // Algorithm M's count on bitsets, where it runs there.
            self.start();
            let progress = parallel.progress.as_deref().map(|p| (p, parallel.chunk));
            return self.count_on_bounded_bits_reporting(limit, progress);
        }
        // More threads: a queue of subproblems (`job_queue.rs`) on the
        // cells or bitsets where the count runs there.
        if self.path().counts_on_cells() {
            return self.count_parallel_on_cells(parallel, limit);
        }
        if self.path().counts_on_bits() {
            return self.count_parallel_on_bits(parallel, limit);
        }
        let nothing = |_: Solution<'_>| ControlFlow::Continue(());
        self.run_parallel(Goal::Count, limit, parallel, &nothing).0
    }

    /// Calls `visit` with each solution, from any of `parallel`'s threads
    /// and in any order, until it has had `limit` of them (if given), it
    /// returns [`ControlFlow::Break`] (other threads may still deliver a few
    /// solutions meanwhile; `visit` can refuse them by returning `Break`
    /// again) or the search ends. The set of solutions is that of
    /// [`for_each_solution`](Self::for_each_solution); with a limit, which
    /// solutions come depends on timing. The count is of the calls to
    /// `visit`.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// use dlx_engine::{NamedProblem, Parallel, Dlx};
    /// let named = NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let mut solver = Dlx::new(named.problem());
    /// let dominoes = AtomicUsize::new(0);
    /// let count = solver.for_each_solution_parallel(&Parallel::new().with_threads(2), None, |solution| {
    ///     assert!(named.problem().is_solution(solution.options()));
    ///     dominoes.fetch_add(4 - solution.options().len(), Ordering::Relaxed);
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(count.solutions, 5);
    /// assert_eq!(dominoes.into_inner(), 5);
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn for_each_solution_parallel<F>(
        &mut self,
        parallel: &Parallel,
        limit: Option<u64>,
        visit: F,
    ) -> Count
    where
        F: Fn(Solution<'_>) -> ControlFlow<()> + Sync,
    {
        if parallel.threads == 1 && self.path().counts_on_bits() {
            // One thread: the search itself, on bitsets where it runs
            // there (as fast as `for_each_solution`, with its statistics,
            // in search order).
            let progress = parallel.progress.as_deref().map(|p| (p, parallel.chunk));
            return self.for_each_solution_reporting(limit, progress, visit);
        }
        self.run_parallel(Goal::Visit, limit, parallel, &visit).0
    }

    /// A solution found on `parallel`'s threads: with
    /// [`Parallel::deterministic`], the one [`first_solution`](Self::first_solution)
    /// finds; otherwise whichever a thread finds first.
    ///
    /// ```
    /// use dlx_engine::{NamedProblem, Parallel, Dlx};
    /// let named = NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let mut solver = Dlx::new(named.problem());
    /// let parallel = Parallel::new().with_threads(2).deterministic(true);
    /// assert_eq!(solver.first_solution_parallel(&parallel), solver.first_solution());
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn first_solution_parallel(&mut self, parallel: &Parallel) -> First {
        if parallel.threads == 1 && self.path().counts_on_bits() {
            // One thread: the search itself, on bitsets, to its first
            // solution (the one in search order, deterministic or not).
            let progress = parallel.progress.as_deref().map(|p| (p, parallel.chunk));
            let mut first = None;
            let count = self.for_each_solution_reporting(Some(1), progress, |solution| {
                first = Some(solution.options().to_vec());
                ControlFlow::Continue(())
            });
            return match first {
                Some(options) => First::Solution(options),
                None if count.end == End::Exhausted => First::NoSolution,
                None => First::BudgetExhausted,
            };
        }
        let nothing = |_: Solution<'_>| ControlFlow::Continue(());
        let (count, first) = self.run_parallel(Goal::First, None, parallel, &nothing);
        match first {
            Some(options) => First::Solution(options),
            // Stopped through `Progress::stop`: cut short, as by a budget.
            None if matches!(count.end, End::BudgetExhausted | End::Stopped) => {
                First::BudgetExhausted
            }
            None => First::NoSolution,
        }
    }
}
