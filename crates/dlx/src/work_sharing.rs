//! How one search is shared out to every core: the subproblems of a split
//! (`split.rs`) run on a rayon pool, big ones cut further while they run.
//!
//! Each pool thread has its own copy of the solver. A job is a subproblem,
//! or the untried rest of a node's choices that another job gave away; it
//! runs in chunks of a few thousand nodes, and between chunks it publishes
//! its work to the shared budget and progress, stops if the run is over,
//! and, when no job waits in the queue, gives away the untried choices at
//! the level whose rest holds the largest share of its subtree by Knuth's
//! estimate. So a lopsided tree still keeps every thread busy, while the
//! count, the set of solutions and the statistics do not depend on the
//! number of threads or on timing (but for the updates of a tiny problem,
//! whose first split, deeper with more threads, may reach leaves that a
//! count counts at once below it: `matrix/leaves.rs`). A count on one
//! thread of a problem the dancing cells or the bitsets count is not
//! shared out at all, and one on more threads of such a problem runs on
//! them, from a queue (`job_queue.rs`): see [`Dlx::count_parallel`].

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::branch::Branch;
use crate::index::OptionId;
use crate::kept_pools;
use crate::outcome::{Budget, Count, End, Event, Stats};
use crate::parallel::{Goal, Parallel};
use crate::progress::{Progress, lock};
use crate::solution::Solution;
use crate::solver::Dlx;

/// Subproblems per thread the first split aims at.
const JOBS_PER_THREAD: usize = 16;

/// The deepest the first split goes looking for enough subproblems.
pub(crate) const MAX_SPLIT_DEPTH: usize = 8;

/// How many subproblems a first split looks for: the shallowest split with
/// at least `wanted` (or none deeper, or at [`MAX_SPLIT_DEPTH`]); but a
/// split with more than `at_most` is taken only where no shallower one has
/// `keep` or more, and then as soon as it has `keep` (fewer do not share
/// out evenly enough: the split goes on deeper to reach them).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SplitSize {
    pub(crate) wanted: usize,
    pub(crate) at_most: usize,
    pub(crate) keep: usize,
}

/// What the deepening of a first split does with the split it just made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Deepen {
    /// Takes it.
    Take,
    /// Takes the shallower split it kept instead.
    Shallower,
    /// Keeps it if [`SplitSize::keeps`] says so, and splits a level deeper.
    Deeper,
}

impl SplitSize {
    /// As many as `wanted`, however many that makes.
    pub(crate) fn at_least(wanted: usize) -> Self {
        Self {
            wanted,
            at_most: usize::MAX,
            keep: usize::MAX,
        }
    }

    /// The split this size chooses, made by `split(depth)` for depths 1,
    /// 2, ...: each gives the split at `depth`, how many subproblems it has,
    /// and whether none of them is at `depth` (none deeper to split). An
    /// error from `split` ends the deepening.
    pub(crate) fn choose<T, E>(
        self,
        mut split: impl FnMut(usize) -> Result<(T, usize, bool), E>,
    ) -> Result<T, E> {
        let mut kept = None;
        let mut depth = 1;
        loop {
            let (made, jobs, last) = split(depth)?;
            match self.step(jobs, depth, last, kept.is_some()) {
                Deepen::Take => return Ok(made),
                Deepen::Shallower => return Ok(kept.expect("a shallower split kept")),
                Deepen::Deeper => {
                    if self.keeps(jobs) {
                        kept = Some(made);
                    }
                }
            }
            depth += 1;
        }
    }

    /// The step after a split of `jobs` subproblems at `depth`; `last`: none
    /// of them is at `depth` (none deeper to split), `kept`: a shallower
    /// split is kept.
    fn step(self, jobs: usize, depth: usize, last: bool, kept: bool) -> Deepen {
        if jobs > self.at_most {
            if kept {
                return Deepen::Shallower;
            }
            if jobs >= self.keep {
                return Deepen::Take;
            }
        }
        if jobs >= self.wanted || last || depth == MAX_SPLIT_DEPTH {
            Deepen::Take
        } else {
            Deepen::Deeper
        }
    }

    /// Whether a split of `jobs` subproblems is kept while a deeper one is
    /// tried.
    fn keeps(self, jobs: usize) -> bool {
        jobs >= self.keep
    }
}

/// A piece of work: the subtree below `prefix`, or, with `after`, the
/// choices of that node after `after` and everything below them.
#[derive(Debug)]
struct Job {
    prefix: Vec<Branch>,
    after: Option<Branch>,
    /// Knuth's estimate of its share of the whole tree.
    share: f64,
}

/// What a job has added to the run's shared counts so far.
#[derive(Debug, Default)]
struct Published {
    nodes: u64,
    updates: u64,
    /// The job's solutions the progress has been told of.
    solutions: u64,
}

/// The state the threads of one run share.
struct Run<'v, V> {
    goal: Goal,
    limit: Option<u64>,
    budget: Budget,
    chunk: u64,
    deterministic: bool,
    threads: usize,
    visit: &'v V,
    progress: Option<Arc<Progress>>,
    /// One solver per pool thread, locked only by its thread.
    solvers: Vec<Mutex<Dlx>>,
    /// Jobs spawned and not yet started.
    pending: AtomicUsize,
    stop: AtomicBool,
    /// Why the run stopped early, the first reason given.
    end: Mutex<Option<End>>,
    /// Solutions delivered, when a limit counts them as they come.
    delivered: AtomicU64,
    /// Work published against the budget.
    nodes: AtomicU64,
    updates: AtomicU64,
    totals: Mutex<(u64, Stats)>,
    /// The first solution: its path in search order and its options.
    first: Mutex<Option<(Vec<u32>, Vec<OptionId>)>>,
}

impl Dlx {
    pub(crate) fn run_parallel<V>(
        &mut self,
        goal: Goal,
        limit: Option<u64>,
        parallel: &Parallel,
        visit: &V,
    ) -> (Count, Option<Vec<OptionId>>)
    where
        V: Fn(Solution<'_>) -> ControlFlow<()> + Sync,
    {
        let threads = parallel.threads;
        let budget = self.budget;
        let (subproblems, split_stats) = match self.first_split(
            SplitSize::at_least(JOBS_PER_THREAD * threads),
            parallel.depth,
        ) {
            Some(split) => split,
            None => {
                return (
                    Count {
                        solutions: 0,
                        end: End::BudgetExhausted,
                    },
                    None,
                );
            }
        };
        let template = {
            let mut solver = self.clone();
            solver.search.set_frame(0, usize::MAX);
            solver
        };
        let run = Run {
            goal,
            limit,
            budget,
            chunk: parallel.chunk,
            deterministic: parallel.deterministic,
            threads,
            visit,
            progress: parallel.progress.clone(),
            solvers: (0..threads).map(|_| Mutex::new(template.clone())).collect(),
            pending: AtomicUsize::new(subproblems.len()),
            stop: AtomicBool::new(limit == Some(0)),
            end: Mutex::new((limit == Some(0)).then_some(End::LimitReached)),
            delivered: AtomicU64::new(0),
            nodes: AtomicU64::new(split_stats.nodes),
            updates: AtomicU64::new(split_stats.updates),
            totals: Mutex::new((0, split_stats)),
            first: Mutex::new(None),
        };
        if let Some(progress) = &run.progress {
            let unsearched: f64 = subproblems.iter().map(|s| s.share()).sum();
            progress.start(threads, 1.0 - unsearched);
        }
        let jobs = subproblems.into_iter().map(|s| Job {
            share: s.share(),
            prefix: s.prefix().to_vec(),
            after: None,
        });
        // A kept pool of `threads` threads (`kept_pools.rs`: a thread
        // started for the count was often put on a busy core), or, while
        // another count has it, threads started for this one.
        let claim = kept_pools::claim(threads);
        let started;
        let pool = match &claim {
            Some(claim) => Some(claim.pool()),
            None => {
                started = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
                started.as_ref().ok()
            }
        };
        match pool {
            Some(pool) => {
                let run = &run;
                pool.scope(|scope| {
                    for job in jobs {
                        scope.spawn(move |scope| run.job(job, Some(scope)));
                    }
                });
            }
            // No threads to be had: the jobs one after the other, here.
            None => jobs.for_each(|job| run.job(job, None)),
        }
        drop(claim);
        let (found, mut stats) = std::mem::take(&mut *lock(&run.totals));
        let end = lock(&run.end).unwrap_or(End::Exhausted);
        let solutions = match (goal, limit) {
            (Goal::Count | Goal::Visit, Some(limit)) => {
                run.delivered.load(Ordering::Relaxed).min(limit)
            }
            _ => found,
        };
        if limit.is_some() {
            // Solutions found past the limit were not delivered.
            stats.solutions = solutions;
        }
        let first = lock(&run.first).take().map(|(_, options)| options);
        if goal == Goal::First {
            // Other threads' finds were not the answer.
            stats.solutions = u64::from(first.is_some());
        }
        self.stats = stats;
        (Count { solutions, end }, first)
    }

    /// The subproblems of the split at `depth`, or else of the split `size`
    /// chooses, and the statistics of the levels above them; `None` if the
    /// budget stopped the split.
    pub(crate) fn first_split(
        &mut self,
        size: SplitSize,
        depth: Option<usize>,
    ) -> Option<(Vec<crate::split::Subproblem>, Stats)> {
        if let Some(depth) = depth {
            let split = self.split(depth);
            return split
                .is_complete()
                .then(|| (split.into_subproblems(), self.stats.clone()));
        }
        size.choose(|depth| {
            let split = self.split(depth);
            if !split.is_complete() {
                return Err(());
            }
            let deep = split
                .subproblems()
                .iter()
                .filter(|s| s.prefix().len() == depth)
                .count();
            let jobs = split.subproblems().len();
            Ok((
                (split.into_subproblems(), self.stats.clone()),
                jobs,
                deep == 0,
            ))
        })
        .ok()
    }
}

impl<V> Run<'_, V>
where
    V: Fn(Solution<'_>) -> ControlFlow<()> + Sync,
{
    /// Ends the run early for `why` (the first reason given stands).
    fn halt(&self, why: End) {
        self.stop.store(true, Ordering::Relaxed);
        lock(&self.end).get_or_insert(why);
    }

    /// Whether the caller asked the run to end ([`Progress::stop`]); if so,
    /// ends it.
    fn cancelled(&self) -> bool {
        let cancelled = self.progress.as_ref().is_some_and(|p| p.is_stopped());
        if cancelled {
            self.halt(End::Stopped);
        }
        cancelled
    }

    /// Whether a solution at `path` or later in search order can no longer
    /// be the first.
    fn beaten(&self, path: &[u32]) -> bool {
        self.goal == Goal::First
            && lock(&self.first)
                .as_ref()
                .is_some_and(|(best, _)| best.as_slice() < path)
    }

    /// Runs `job` on this thread's solver.
    fn job<'s>(&'s self, job: Job, scope: Option<&rayon::Scope<'s>>) {
        self.pending.fetch_sub(1, Ordering::Relaxed);
        let thread = rayon::current_thread_index().unwrap_or(0) % self.threads;
        let mut solver = lock(&self.solvers[thread]);
        let mut share = job.share;
        if !self.cancelled() && !self.stop.load(Ordering::Relaxed) {
            if self.enter(&mut solver, &job) {
                share = self.search(&mut solver, &job, share, thread, scope);
            } else {
                // The walk to a given-away rest may have met doomed options.
                lock(&self.totals).1 += &solver.stats;
            }
        }
        solver.search.unwind();
        if let Some(progress) = &self.progress {
            progress.finish(thread, share);
        }
    }

    /// Positions `solver` at the start of `job`; false if there is nothing
    /// to search.
    fn enter(&self, solver: &mut Dlx, job: &Job) -> bool {
        // A job's prefix comes from a walk of this very matrix, so it
        // always replays.
        if solver.enter(&job.prefix).is_err() {
            debug_assert!(false, "a job's prefix did not replay");
            return false;
        }
        let Some(after) = job.after else {
            return !self.beaten(&solver.search.path());
        };
        // The choices after `after`: walk the node's children to it, then
        // search on from the next one with the floor at this node.
        let l = job.prefix.len();
        solver.search.set_frame(l, l + 1);
        let mut stats = Stats::default();
        let mut passed = false;
        loop {
            match solver.search.advance(&mut stats, Budget::UNLIMITED) {
                Event::Frontier if passed => break,
                Event::Frontier => {
                    // What the giver searched is counted there.
                    passed = solver.search.branch(l) == after;
                    if passed {
                        solver.stats.clear();
                        solver.search.clear_cleansings();
                        stats = std::mem::take(&mut solver.stats);
                    }
                    solver.search.skip_frontier();
                }
                Event::Solution | Event::Exhausted | Event::BudgetExhausted | Event::Paused => {
                    solver.stats = stats;
                    return false;
                }
            }
        }
        solver.stats = stats;
        solver.search.set_frame(l, usize::MAX);
        !self.beaten(&solver.search.path())
    }

    /// Searches the job `solver` is positioned at, in chunks; returns the
    /// share of the tree it searched (its own less what it gave away).
    fn search<'s>(
        &'s self,
        solver: &mut Dlx,
        job: &Job,
        mut share: f64,
        thread: usize,
        scope: Option<&rayon::Scope<'s>>,
    ) -> f64 {
        let from = job.prefix.len();
        let unit = share / solver.search.share(from).max(f64::MIN_POSITIVE);
        let mut published = Published::default();
        while let Some(budget) = self.slice(solver, &published) {
            solver.budget = budget;
            solver.search.pause_at(solver.stats.nodes + self.chunk);
            // A count needs no solution's options: building each one was
            // 12% of `cover --count` on matrices-7-2 (3.1 M solutions).
            // Without a limit it need not stop at them either: it counts
            // them in the statistics, leaves at once where it can
            // (`matrix/leaves.rs`), and pauses only between chunks.
            let event = if self.goal == Goal::Count {
                if self.limit.is_none() {
                    solver.search.set_silent(u64::MAX);
                }
                solver.search.advance(&mut solver.stats, solver.budget)
            } else {
                solver.advance()
            };
            match event {
                Event::Solution => {
                    // Dense solutions can come before every pause.
                    if !self.solution(solver) || self.cancelled() {
                        break;
                    }
                }
                Event::Exhausted | Event::Frontier => break,
                Event::BudgetExhausted | Event::Paused => {
                    self.publish(&solver.stats, &mut published);
                    if let Some(progress) = &self.progress {
                        let fraction = solver.search.progress(from) * unit;
                        progress.set_running(thread, fraction.min(share));
                    }
                    if self.cancelled()
                        || self.stop.load(Ordering::Relaxed)
                        || self.beaten(&solver.search.path())
                    {
                        break;
                    }
                    if let Some(scope) = scope {
                        share -= self.give_away(solver, from, unit, scope);
                    }
                }
            }
        }
        solver.search.set_silent(0);
        self.publish(&solver.stats, &mut published);
        let mut totals = lock(&self.totals);
        if self.limit.is_none() {
            totals.0 += solver.stats.solutions;
        }
        totals.1 += &solver.stats;
        share
    }

    /// Adds the job's work since the last time to the run's budget and
    /// progress.
    fn publish(&self, stats: &Stats, published: &mut Published) {
        let nodes = stats.nodes - published.nodes;
        self.nodes.fetch_add(nodes, Ordering::Relaxed);
        self.updates
            .fetch_add(stats.updates - published.updates, Ordering::Relaxed);
        if let Some(progress) = &self.progress {
            progress.add_nodes(nodes);
            // With a limit, `solution` reports each one as it is delivered.
            if self.limit.is_none() && self.goal != Goal::First {
                progress.add_solutions(stats.solutions - published.solutions);
            }
        }
        published.nodes = stats.nodes;
        published.updates = stats.updates;
        published.solutions = stats.solutions;
    }

    /// The budget of the next chunk: this thread's slice of what the run's
    /// budget has left, counting the job's work not yet published, or
    /// `None` if nothing is left (the run then stops).
    fn slice(&self, solver: &Dlx, published: &Published) -> Option<Budget> {
        let threads = u64::try_from(self.threads).unwrap_or(u64::MAX);
        let slice = |max: Option<u64>, used: &AtomicU64, own: u64, published: u64| match max {
            None => Some(None),
            Some(max) => {
                let used = used.load(Ordering::Relaxed) + (own - published);
                let left = max.saturating_sub(used);
                (left > 0).then(|| Some(own + (left / threads).max(1)))
            }
        };
        let stats = &solver.stats;
        let nodes = slice(
            self.budget.max_nodes,
            &self.nodes,
            stats.nodes,
            published.nodes,
        );
        let updates = slice(
            self.budget.max_updates,
            &self.updates,
            stats.updates,
            published.updates,
        );
        match (nodes, updates) {
            (Some(max_nodes), Some(max_updates)) => Some(Budget {
                max_nodes,
                max_updates,
            }),
            _ => {
                self.halt(End::BudgetExhausted);
                None
            }
        }
    }

    /// Delivers the solution `solver` has just found; false if the job
    /// should stop.
    fn solution(&self, solver: &Dlx) -> bool {
        match self.goal {
            Goal::First => {
                let path = solver.search.path();
                let mut first = lock(&self.first);
                if first.as_ref().is_none_or(|(best, _)| path < *best) {
                    *first = Some((path, solver.current().options().to_vec()));
                }
                if !self.deterministic {
                    drop(first);
                    self.halt(End::Stopped);
                }
                false
            }
            Goal::Count | Goal::Visit => {
                let mut last = false;
                if let Some(limit) = self.limit {
                    let before = self.delivered.fetch_add(1, Ordering::Relaxed);
                    if before >= limit {
                        return false;
                    }
                    if let Some(progress) = &self.progress {
                        progress.add_solutions(1);
                    }
                    last = before + 1 == limit;
                }
                if self.goal == Goal::Visit && (self.visit)(solver.current()).is_break() {
                    self.halt(End::Stopped);
                    return false;
                }
                if last {
                    self.halt(End::LimitReached);
                    return false;
                }
                !self.stop.load(Ordering::Relaxed)
            }
        }
    }

    /// When no job waits, gives the untried choices of the shallowest level
    /// that has any (by Knuth's estimate the largest part of what is left)
    /// to a new job; returns the share of the whole tree given away.
    fn give_away<'s>(
        &'s self,
        solver: &mut Dlx,
        from: usize,
        unit: f64,
        scope: &rayon::Scope<'s>,
    ) -> f64 {
        if self.threads < 2 || self.pending.load(Ordering::Relaxed) > 0 {
            return 0.0;
        }
        let search = &mut solver.search;
        let Some((l, rest)) = search.first_rest(from, search.floor()) else {
            return 0.0;
        };
        let job = Job {
            prefix: (0..l).map(|k| search.branch(k)).collect(),
            after: Some(search.branch(l)),
            share: rest * unit,
        };
        let share = job.share;
        search.set_frame(l + 1, usize::MAX);
        self.pending.fetch_add(1, Ordering::Relaxed);
        scope.spawn(move |scope| self.job(job, Some(scope)));
        share
    }
}

#[cfg(test)]
mod tests {
    use super::{Deepen, MAX_SPLIT_DEPTH, SplitSize};

    /// The deepening's rule, case by case: enough jobs are taken; too many
    /// give way to a kept shallower split, or are taken if none is kept and
    /// they are enough to keep, or else the split goes deeper; the last
    /// depth is taken; a split of `keep` or more is kept while a deeper one
    /// is tried.
    #[test]
    fn the_split_size_takes_enough_jobs_and_not_too_many() {
        let size = SplitSize {
            wanted: 128,
            at_most: 50,
            keep: 32,
        };
        assert_eq!(size.step(6, 1, false, false), Deepen::Deeper);
        assert_eq!(size.step(40, 2, false, false), Deepen::Deeper);
        assert_eq!(size.step(50, 2, false, true), Deepen::Deeper);
        assert_eq!(size.step(51, 2, false, true), Deepen::Shallower);
        assert_eq!(size.step(51, 2, false, false), Deepen::Take);
        assert_eq!(size.step(31, 2, false, false), Deepen::Deeper);
        assert_eq!(size.step(20, 3, true, true), Deepen::Take);
        assert_eq!(size.step(20, MAX_SPLIT_DEPTH, false, true), Deepen::Take);
        let tiny = SplitSize { at_most: 2, ..size };
        assert_eq!(tiny.step(16, 1, false, false), Deepen::Deeper);
        assert_eq!(tiny.step(16, 1, true, false), Deepen::Take);
        assert!(size.keeps(32) && !size.keeps(31));
        let unbounded = SplitSize::at_least(128);
        assert_eq!(unbounded.step(127, 3, false, false), Deepen::Deeper);
        assert_eq!(unbounded.step(128, 3, false, false), Deepen::Take);
        assert_eq!(unbounded.step(usize::MAX, 3, false, false), Deepen::Take);
        assert!(!unbounded.keeps(usize::MAX - 1));
    }
}
