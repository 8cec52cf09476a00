//! A count on every core on bitsets (`matrix/bits`) or dancing cells
//! (`matrix/cells`): the subproblems of a split in a queue that the
//! threads take from, each counted on the thread's own copy of the engine
//! with its prefix chosen as selections are. [`Dlx::count_parallel`] runs
//! it where [`Dlx::count`] counts on one of them
//! (docs/decisions/bitset-threads.md).
//!
//! The links' threads (`work_sharing.rs`) cut a big subtree further while
//! it runs; these counts have no such cut, so the split goes deeper
//! instead: [`JOBS_PER_THREAD`] subproblems a thread at least, handed out
//! largest share first (Knuth's estimate), so the last jobs to start are
//! small ones. The split is walked on the engine itself
//! (`Resumable::split`: the count's loop, cut at a depth). The jobs'
//! counts and statistics add up with the split's as the subproblems' do
//! (`split.rs`): on bitsets the solutions, nodes and profile of the links'
//! tree and the engine's updates (whole coverings); on the cells the
//! one-thread count's statistics (the cells' tree, which is the links'
//! but where the links miss a doom the cells find).

use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use crate::index::OptionId;
use crate::kept_pools;
use crate::matrix::{AnyCells, Bits, Frontier, Report, Resumable, Search};
use crate::outcome::{Budget, Count, End, Stats};
use crate::parallel::Parallel;
use crate::problem::Kind;
use crate::progress::{Progress, lock};
use crate::solver::Dlx;
use crate::work_sharing::SplitSize;

/// Subproblems a thread the split for a count on bitsets aims at, at
/// least: enough that the jobs still running when the queue is empty are a
/// small part of the count.
const JOBS_PER_THREAD: usize = 64;

/// Nodes of the tree a job stands for, at least, by Knuth's estimate, where
/// that leaves [`MIN_JOBS_PER_THREAD`]. A job's start chooses its prefix's
/// options from the root, which costs about 5-10 nodes of its count on
/// bitsets (each choice clears the conflicts of an option among many live
/// ones) and up to 60 on the cells (graceful-wheel-7); so jobs of this many
/// nodes spend a few percent on their starts. Small trees only: the wanted
/// split of two threads is held back on trees under about 33,000 nodes
/// (docs/decisions/bitset-threads.md, "Small trees").
const MIN_JOB_NODES: f64 = 256.0;

/// Jobs a thread a split bounded by [`MIN_JOB_NODES`] still has, at least
/// (the links' threads aim at as many, with their cuts while running): the
/// largest jobs, taken first, then still share out evenly where Knuth's
/// estimate is too low (pentominoes 3x20: 640 nodes by 8 paths, 33,083
/// counted; its 16 jobs at depth 1 left the longest thread 1.076 of the
/// ideal, its 93 at depth 2 1.014).
const MIN_JOBS_PER_THREAD: usize = 16;

/// Random paths of Knuth's estimate that bounds the jobs: a few dozen
/// nodes' worth of work.
const ESTIMATE_PATHS: u64 = 8;

/// One subproblem to count: the options of its prefix, and its share.
struct Job {
    options: Vec<OptionId>,
    share: f64,
}

/// The state the threads of one count share.
struct Queue<'a> {
    search: &'a Search,
    jobs: Vec<Job>,
    /// The next job to take.
    next: AtomicUsize,
    limit: Option<u64>,
    budget: Budget,
    threads: u64,
    chunk: u64,
    progress: Option<&'a Progress>,
    /// Set when the count is to end early.
    stop: AtomicBool,
    /// Why it ended early, the first reason given.
    end: Mutex<Option<End>>,
    /// Solutions, nodes and updates the jobs have published so far.
    found: AtomicU64,
    nodes: AtomicU64,
    updates: AtomicU64,
    /// The statistics of the jobs done, below the split's.
    totals: Mutex<Stats>,
}

/// The engine a queued count runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Engine {
    Bits,
    Cells,
}

impl Dlx {
    /// [`count_parallel`](Self::count_parallel) on bitsets, on more than one
    /// thread: the same count and end as the links' threads, the links'
    /// nodes, solutions and profile (Knuth's updates for whole coverings
    /// below the split). Hidden: for tests of the dispatch rule, on
    /// problems it does not send there.
    ///
    /// # Panics
    ///
    /// For a problem the bitsets do not fit (colors, multiplicities, more
    /// than 4,096 options), as [`count_on_bits`](Self::count_on_bits).
    #[doc(hidden)]
    pub fn count_parallel_on_bits(&mut self, parallel: &Parallel, limit: Option<u64>) -> Count {
        self.count_queued(parallel, limit, Engine::Bits)
    }

    /// [`count_parallel`](Self::count_parallel) on dancing cells, on more
    /// than one thread: the same count and end as the links' threads, and
    /// counted to the end the statistics of
    /// [`count_on_cells`](Self::count_on_cells) (their
    /// updates and cleansings, and nodes but where the links miss a doom:
    /// [`Stats::updates`]). Hidden: for tests of the dispatch rule.
    ///
    /// # Panics
    ///
    /// For a problem with multiplicities, as
    /// [`count_on_cells`](Self::count_on_cells).
    #[doc(hidden)]
    pub fn count_parallel_on_cells(&mut self, parallel: &Parallel, limit: Option<u64>) -> Count {
        assert!(
            self.search.kind() != Kind::Multiplicities,
            "no cells for multiplicities"
        );
        self.count_queued(parallel, limit, Engine::Cells)
    }

    /// How many jobs the split of a count on `parallel`'s threads looks
    /// for: [`JOBS_PER_THREAD`] a thread, but where that leaves
    /// [`MIN_JOBS_PER_THREAD`], not more than one for every [`MIN_JOB_NODES`]
    /// nodes of Knuth's estimate of the tree (up to [`ESTIMATE_PATHS`]
    /// paths, seed 0, so that the same problem splits the same way every
    /// time). Once the estimate is past what the wanted jobs need, it
    /// stops (after one path on most big trees) and bounds nothing; nor is
    /// a split at a given depth bounded.
    fn split_size(&mut self, parallel: &Parallel) -> SplitSize {
        let threads = parallel.threads;
        let wanted = JOBS_PER_THREAD * threads;
        let at_most = if parallel.depth.is_some() {
            usize::MAX
        } else {
            #[allow(clippy::cast_precision_loss)]
            let enough = MIN_JOB_NODES * wanted as f64;
            let estimate = self.estimate_while(ESTIMATE_PATHS, 0, |so_far| {
                if so_far.nodes() > enough {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            if estimate.nodes() > enough {
                // A tree big enough for the wanted jobs.
                usize::MAX
            } else {
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                let jobs = (estimate.nodes() / MIN_JOB_NODES) as usize;
                jobs
            }
        };
        SplitSize {
            wanted,
            at_most,
            keep: MIN_JOBS_PER_THREAD.saturating_mul(threads),
        }
    }

    /// The count of a split's subproblems from a queue on `parallel`'s
    /// threads, each on the thread's copy of `engine`.
    fn count_queued(&mut self, parallel: &Parallel, limit: Option<u64>, engine: Engine) -> Count {
        if limit == Some(0) {
            self.stats.clear();
            return Count {
                solutions: 0,
                end: End::LimitReached,
            };
        }
        let threads = parallel.threads;
        let size = self.split_size(parallel);
        let (search, depth, budget) = (&self.search, parallel.depth, self.budget);
        let split = match engine {
            Engine::Bits => {
                let bits = self.bits.get_or_insert_with(|| Box::new(Bits::new(search)));
                split_on(&mut **bits, search, size, depth, budget)
            }
            Engine::Cells => {
                let cells = self
                    .cells
                    .get_or_insert_with(|| Box::new(AnyCells::new(search)));
                split_on(&mut **cells, search, size, depth, budget)
            }
        };
        let (mut jobs, split_stats) = match split {
            Ok(split) => split,
            Err(stats) => {
                // The budget ran out in the split: what it walked.
                self.stats = stats;
                return Count {
                    solutions: 0,
                    end: End::BudgetExhausted,
                };
            }
        };
        let (split_nodes, split_solutions) = (split_stats.nodes, split_stats.solutions);
        // Largest first, ties in search order (the sort is stable).
        jobs.sort_by(|a, b| b.share.total_cmp(&a.share));
        let search = &self.search;
        let queue = Queue {
            search,
            next: AtomicUsize::new(0),
            limit,
            budget: self.budget,
            threads: u64::try_from(threads).unwrap_or(u64::MAX),
            chunk: parallel.chunk,
            progress: parallel.progress.as_deref(),
            stop: AtomicBool::new(false),
            end: Mutex::new(None),
            // The split's own solutions, met above its depth on bitsets.
            found: AtomicU64::new(split_solutions),
            nodes: AtomicU64::new(split_stats.nodes),
            updates: AtomicU64::new(split_stats.updates),
            totals: Mutex::new(split_stats),
            jobs,
        };
        if let Some(progress) = queue.progress {
            let queued: f64 = queue.jobs.iter().map(|job| job.share).sum();
            progress.start(threads, 1.0 - queued);
            progress.add_nodes(split_nodes);
            progress.add_solutions(split_solutions.min(limit.unwrap_or(u64::MAX)));
        }
        if limit.is_some_and(|limit| split_solutions >= limit) {
            queue.halt(End::LimitReached);
        }
        match engine {
            Engine::Bits => {
                let bits = self.bits.get_or_insert_with(|| Box::new(Bits::new(search)));
                queue.run(&mut **bits, threads);
            }
            Engine::Cells => {
                let cells = self
                    .cells
                    .get_or_insert_with(|| Box::new(AnyCells::new(search)));
                queue.run(&mut **cells, threads);
            }
        }
        let mut stats = std::mem::take(&mut *lock(&queue.totals));
        let end = lock(&queue.end).unwrap_or(End::Exhausted);
        let count = match limit {
            Some(limit) if stats.solutions >= limit => {
                // Solutions past the limit were found, not counted.
                stats.solutions = limit;
                Count {
                    solutions: limit,
                    end: if end == End::Exhausted {
                        End::LimitReached
                    } else {
                        end
                    },
                }
            }
            _ => Count {
                solutions: stats.solutions,
                end,
            },
        };
        self.stats = stats;
        count
    }
}

/// The jobs of a count on `engine` (bitsets or cells), and the statistics
/// above them: the split at `depth` if given, else the split `size`
/// chooses, as the links' first split chooses, but walked on the engine
/// itself (a tenth of the links' work on the tilings, 0.57 of it on
/// graceful-wheel-7: docs/decisions/bitset-threads.md). `Err` with the
/// last split's statistics if `budget` ran out first.
fn split_on<E: Resumable>(
    engine: &mut E,
    search: &Search,
    size: SplitSize,
    depth: Option<usize>,
    budget: Budget,
) -> Result<(Vec<Job>, Stats), Stats> {
    let to_jobs = |(nodes, stats): (Frontier, Stats)| {
        let jobs = nodes
            .into_iter()
            .map(|(options, share)| Job { options, share })
            .collect();
        (jobs, stats)
    };
    if let Some(depth) = depth {
        return engine.split(search, depth, budget).map(to_jobs);
    }
    size.choose(|depth| {
        let (nodes, stats) = engine.split(search, depth, budget)?;
        let (jobs, last) = (nodes.len(), nodes.is_empty());
        Ok((to_jobs((nodes, stats)), jobs, last))
    })
}

impl Queue<'_> {
    /// Runs the queue on `threads` threads (fewer if there are fewer jobs),
    /// this one on `engine` and each other on a copy of it.
    fn run<E: Resumable + Clone + Send + Sync>(&self, engine: &mut E, threads: usize) {
        // A count in pieces given up half way leaves nothing to undo here.
        engine.give_up_paused();
        if self.stop.load(Ordering::Relaxed) {
            return;
        }
        let helpers = threads.min(self.jobs.len()).saturating_sub(1);
        // Every thread counts on a copy it makes itself, so that the copy's
        // arrays come from that thread's allocator arena. With the copies
        // made here, next to each other and to the engine, a count on two
        // threads took twice its time and CPU in about one run in four from
        // Python (queens-15: 4.6-6.5 s against 2.0 s), most likely small
        // arrays of two threads sharing cache lines; with the copies made
        // on their threads, none in 20 (docs/decisions/bitset-threads.md).
        let original: &E = engine;
        // The helpers from a kept pool of one thread fewer than the cores
        // (`kept_pools.rs`: a thread started for the count was often put on
        // the calling thread's core).
        let cores = crate::parallel::cores();
        if helpers > 0
            && helpers < cores
            && let Some(claim) = kept_pools::claim(cores - 1)
        {
            claim.pool().in_place_scope(|scope| {
                for thread in 1..=helpers {
                    scope.spawn(move |_| {
                        let mut copy = original.clone();
                        self.work(thread, &mut copy);
                    });
                }
                let mut mine = original.clone();
                self.work(0, &mut mine);
            });
            return;
        }
        // More threads than the pool has, or the pool busy with another
        // count: threads started for this one.
        std::thread::scope(|scope| {
            for thread in 1..=helpers {
                // A thread the system refuses leaves its jobs to the others.
                let _ = std::thread::Builder::new().spawn_scoped(scope, move || {
                    let mut copy = original.clone();
                    self.work(thread, &mut copy);
                });
            }
            let mut mine = original.clone();
            self.work(0, &mut mine);
        });
    }

    /// Ends the count early for `why` (the first reason given stands).
    fn halt(&self, why: End) {
        self.stop.store(true, Ordering::Relaxed);
        lock(&self.end).get_or_insert(why);
    }

    /// Whether the count is to end: halted, or stopped by the caller
    /// ([`Progress::stop`]).
    fn over(&self) -> bool {
        if self.progress.is_some_and(Progress::is_stopped) {
            self.halt(End::Stopped);
        }
        self.stop.load(Ordering::Relaxed)
    }

    /// Takes jobs and counts them on `engine` until none is left or the
    /// count is over; `thread` numbers this thread for the progress.
    fn work<E: Resumable>(&self, thread: usize, engine: &mut E) {
        while !self.over() {
            let next = self.next.fetch_add(1, Ordering::Relaxed);
            let Some(job) = self.jobs.get(next) else {
                break;
            };
            self.count(thread, job, engine);
            if let Some(progress) = self.progress {
                progress.finish(thread, job.share);
            }
        }
    }

    /// Counts `job` on `engine`, in pieces as long as the run's budget
    /// allows, and adds its statistics to the totals.
    fn count<E: Resumable>(&self, thread: usize, job: &Job, engine: &mut E) {
        // The last job's prefix, where it shares the options, kept.
        let mut place = engine.begin_next(self.search, &job.options);
        let mut stats = Stats::default();
        let mut report = JobReport {
            queue: self,
            thread,
            share: job.share,
            nodes: 0,
            solutions: 0,
            updates: 0,
        };
        let mut end = End::Stopped;
        while !self.over() {
            let Some(budget) = self.slice(&stats) else {
                self.halt(End::BudgetExhausted);
                break;
            };
            let Some(limit) = self.job_limit(&report) else {
                self.halt(End::LimitReached);
                break;
            };
            let next;
            (end, next) = engine.resume(place, limit, budget, &mut stats, &mut report);
            place = next;
            report.publish(stats.nodes, stats.solutions);
            report.publish_updates(stats.updates);
            match end {
                // This thread's slice of the budget: another, if any is left.
                End::BudgetExhausted => {}
                End::LimitReached => {
                    self.halt(End::LimitReached);
                    break;
                }
                // Stopped: the run is over (`report` said so).
                _ => break,
            }
        }
        if end != End::Exhausted {
            // Its search left where it stopped: nothing kept for the next.
            engine.finish_count();
        }
        let depth = job.options.len();
        let mut totals = lock(&self.totals);
        totals.nodes += stats.nodes;
        totals.updates += stats.updates;
        totals.cleansings += stats.cleansings;
        totals.solutions += stats.solutions;
        // The job's root is at the level of its prefix's length.
        if totals.profile.len() < depth + stats.profile.len() {
            totals.profile.resize(depth + stats.profile.len(), 0);
        }
        for (total, more) in totals.profile[depth..].iter_mut().zip(&stats.profile) {
            *total += more;
        }
    }

    /// The budget of a job's next piece, whose statistics so far are
    /// `stats` (all published), under a run with a budget: its own work
    /// plus its thread's share of what the run's budget has left, and at
    /// most a chunk of nodes (so that what the threads have taken and not
    /// yet published is at most a chunk each, as on the links); `None` if
    /// nothing is left. Without a budget, none.
    fn slice(&self, stats: &Stats) -> Option<Budget> {
        if self.budget == Budget::UNLIMITED {
            return Some(Budget::UNLIMITED);
        }
        let left = |max: u64, used: &AtomicU64| {
            let left = max.saturating_sub(used.load(Ordering::Relaxed));
            (left > 0).then(|| (left / self.threads).max(1))
        };
        let nodes = match self.budget.max_nodes {
            Some(max) => left(max, &self.nodes)?.min(self.chunk),
            None => self.chunk,
        };
        let max_updates = match self.budget.max_updates {
            Some(max) => Some(stats.updates + left(max, &self.updates)?),
            None => None,
        };
        Some(Budget {
            max_nodes: Some(stats.nodes + nodes),
            max_updates,
        })
    }

    /// The limit of a job's next piece: the run's, less what the other
    /// jobs have found (`u64::MAX` without one); `None` if they have found
    /// it all. Above the job's own solutions while the run goes on (its
    /// solutions are published, and the run halts at the limit).
    fn job_limit(&self, report: &JobReport<'_>) -> Option<u64> {
        let Some(limit) = self.limit else {
            return Some(u64::MAX);
        };
        let others = self.found.load(Ordering::Relaxed) - report.solutions;
        (others + report.solutions < limit).then(|| limit - others)
    }
}

/// What a job reports to the run every chunk of nodes: its work, to the
/// shared counts and the progress; it stops when the run is over.
struct JobReport<'q> {
    queue: &'q Queue<'q>,
    thread: usize,
    share: f64,
    /// What the job has published so far.
    nodes: u64,
    solutions: u64,
    updates: u64,
}

impl JobReport<'_> {
    /// Adds the job's nodes and solutions since the last time to the run's,
    /// and halts the run if they make its limit.
    fn publish(&mut self, nodes: u64, solutions: u64) {
        let queue = self.queue;
        let (new_nodes, new_solutions) = (nodes - self.nodes, solutions - self.solutions);
        (self.nodes, self.solutions) = (nodes, solutions);
        queue.nodes.fetch_add(new_nodes, Ordering::Relaxed);
        let before = queue.found.fetch_add(new_solutions, Ordering::Relaxed);
        let limit = queue.limit.unwrap_or(u64::MAX);
        if let Some(progress) = queue.progress {
            progress.add_nodes(new_nodes);
            progress.add_solutions(new_solutions.min(limit.saturating_sub(before)));
        }
        if before + new_solutions >= limit {
            queue.halt(End::LimitReached);
        }
    }

    /// Adds the job's updates since the last time to the run's.
    fn publish_updates(&mut self, updates: u64) {
        let new = updates - self.updates;
        self.updates = updates;
        self.queue.updates.fetch_add(new, Ordering::Relaxed);
    }
}

impl Report for JobReport<'_> {
    const ON: bool = true;

    fn chunk(&self) -> u64 {
        self.queue.chunk
    }

    fn report(&mut self, nodes: u64, solutions: u64, fraction: f64) -> bool {
        self.publish(nodes, solutions);
        if let Some(progress) = self.queue.progress {
            progress.set_running(self.thread, self.share * fraction);
        }
        self.queue.over()
    }
}

#[cfg(test)]
mod tests {
    use super::{MIN_JOB_NODES, split_on};
    use crate::matrix::Bits;
    use crate::outcome::Budget;
    use crate::parallel::Parallel;
    use crate::problem::Problem;
    use crate::solver::Dlx;
    use crate::work_sharing::SplitSize;

    /// Langford pairs of 1..=n: values then positions, all primary.
    fn langford(n: usize) -> Problem {
        let mut builder = Problem::builder(3 * n, 0).unwrap();
        for k in 1..=n {
            for i in 0..2 * n - k - 1 {
                builder.add_option(&[k - 1, n + i, n + i + k + 1]).unwrap();
            }
        }
        builder.build()
    }

    /// On a tree of a few thousand nodes (Langford pairs of 8) two threads'
    /// split is bounded by Knuth's estimate: the bitsets' split stops at
    /// depth 2, the first with 32 jobs, instead of going on to 128; a split
    /// at a given depth is not bounded; and a split over the bound gives way
    /// to a shallower one that has enough jobs to keep.
    #[test]
    #[cfg_attr(
        miri,
        ignore = "22 s under Miri; no unsafe code here (the bitsets' and the estimate's own tests run there)"
    )]
    fn a_small_tree_is_split_no_finer_than_its_estimate_allows() {
        let problem = langford(8);
        let mut solver = Dlx::new(&problem);
        let size = solver.split_size(&Parallel::new().with_threads(2));
        assert_eq!((size.wanted, size.keep), (128, 32));
        let estimate = solver.estimate(8, 0).nodes();
        assert!((1_000.0..10_000.0).contains(&estimate), "{estimate}");
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let bound = (estimate / MIN_JOB_NODES) as usize;
        assert_eq!(size.at_most, bound);
        let given = solver.split_size(&Parallel::new().with_threads(2).with_depth(3));
        assert_eq!(given.at_most, usize::MAX);

        let mut bits = Bits::new(&solver.search);
        let mut split = |size: SplitSize| {
            let (jobs, _) = split_on(&mut bits, &solver.search, size, None, Budget::UNLIMITED)
                .unwrap_or_else(|_| unreachable!("no budget"));
            let depth = jobs[0].options.len();
            assert!(jobs.iter().all(|job| job.options.len() == depth));
            (jobs.len(), depth)
        };
        let (bounded, depth) = split(size);
        assert!(bounded > bound && (32..128).contains(&bounded), "{bounded}");
        assert_eq!(depth, 2);
        let (unbounded, deeper) = split(given);
        assert!(unbounded >= 128 && deeper > 2, "{unbounded} at {deeper}");
        // Over the bound at depth 2, with depth 1 kept: depth 1.
        let (first, _) = split(SplitSize::at_least(1));
        let shallower = SplitSize {
            wanted: 128,
            at_most: bounded - 1,
            keep: first,
        };
        assert_eq!(split(shallower), (first, 1));
    }
}
