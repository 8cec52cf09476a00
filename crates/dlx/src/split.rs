//! Cutting a search into independent subproblems, searching one of them,
//! and the protocol that shares them out across processes and machines.
//!
//! A split of depth `d` ([`Dlx::split`]) walks the top `d` levels of the
//! search tree with the search's own steps and lists the nodes at level
//! `d`, each a [`Subproblem`] named by its prefix of choices ([`Branch`]es),
//! plus any solution met above level `d`. Every solution of the problem
//! lies below exactly one of them, so their counts add up to the problem's
//! count and their solution sets are disjoint, for exact cover, colors and
//! multiplicities alike. Threads share them out in [`Dlx::count_parallel`];
//! this module shares them out between processes:
//!
//! - [`Split::jobs`] numbers the subproblems as [`Job`]s for the problem a
//!   [`Fingerprint`] names;
//! - a [`Worker`] runs jobs on a solver of that problem (anywhere), each to
//!   a [`JobResult`];
//! - [`merge()`] (or [`Merge`], to name where each result came from) sums
//!   the results and checks that nothing was lost or counted twice: every
//!   job of the split has exactly one result, that ran to its end, for the
//!   same problem; each way to fail is a [`MergeProblem`].
//!
//! With the `serde` feature, jobs and results read and write the JSON lines
//! of `docs/distributed.md` (`Job::to_line`, `Job::from_line`,
//! `JobResult::to_line`, `Merge::add_line`, `Worker::count_line`),
//! the format `sudoku-dlx cover --split`, `--job` and `--merge` use, and
//! [`Subproblem`], [`Branch`], [`Fingerprint`], [`Job`], [`JobResult`],
//! [`Count`] and [`Stats`](crate::Stats) implement serde's `Serialize` and
//! `Deserialize`, for programs that want the same values in another format.
//! Without the feature the crate has no serde dependency.
//!
//! ```
//! use dlx_engine::{Dlx, NamedProblem};
//! use dlx_engine::split::{merge, Fingerprint, Worker};
//!
//! let named = NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
//! let fingerprint = Fingerprint::of(&named);
//! let jobs = Dlx::new(named.problem()).split(2).jobs(fingerprint);
//! // Each job anywhere, on a solver of the same problem.
//! let mut solver = Dlx::new(named.problem());
//! let mut worker = Worker::new(&mut solver, fingerprint);
//! let results: Vec<_> = jobs.iter().map(|job| worker.count(job)).collect();
//! assert_eq!(merge(results)?.solutions, 5);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod fingerprint;
mod job;
#[cfg(feature = "serde")]
mod line;
mod merge;

pub use fingerprint::{Fingerprint, FingerprintError};
pub use job::{Job, JobCounting, JobResult, JobStatus, Worker};
#[cfg(feature = "serde")]
pub use line::{JobLineError, ResultLineError};
pub use merge::{Merge, MergeError, MergeProblem, Merged, merge};

/// The Rust example of docs/distributed.md, run as a doctest so it cannot rot.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/distributed.md")]
struct DistributedExamples;

use std::ops::ControlFlow;

use crate::branch::Branch;
use crate::error::DlxError;
use crate::outcome::{Count, End, Event};
use crate::solution::Solution;
use crate::solver::Dlx;

/// One piece of a split search: the node of the search tree that a prefix of
/// choices leads to, with everything below it.
///
/// A subproblem is only meaningful for the problem and pre-selections it was
/// split from (the search checks each choice as it replays the prefix, and
/// reports [`DlxError::NotASubproblem`] for one it never makes).
///
/// ```
/// use dlx_engine::{NamedProblem, Dlx};
///
/// // Four queens as exact cover: 2 solutions.
/// let named = NamedProblem::parse(
///     "r0 r1 r2 r3 c0 c1 c2 c3 | a0 a1 a2 a3 a4 a5 a6 b0 b1 b2 b3 b4 b5 b6\n\
///      r0 c0 a3 b0\nr0 c1 a4 b1\nr0 c2 a5 b2\nr0 c3 a6 b3\n\
///      r1 c0 a2 b1\nr1 c1 a3 b2\nr1 c2 a4 b3\nr1 c3 a5 b4\n\
///      r2 c0 a1 b2\nr2 c1 a2 b3\nr2 c2 a3 b4\nr2 c3 a4 b5\n\
///      r3 c0 a0 b3\nr3 c1 a1 b4\nr3 c2 a2 b5\nr3 c3 a3 b6\n",
/// )?;
/// let mut solver = Dlx::new(named.problem());
/// let split = solver.split(2);
/// assert!(split.is_complete());
/// let mut total = 0;
/// for subproblem in split.subproblems() {
///     total += solver.count_subproblem(subproblem, None)?.solutions;
/// }
/// assert_eq!(total, solver.count(None).solutions);
/// # Ok::<(), dlx_engine::DlxError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Subproblem {
    prefix: Vec<Branch>,
    #[cfg_attr(feature = "serde", serde(default))]
    share: f64,
}

impl Subproblem {
    /// The subproblem `prefix` leads to, from its prefix alone (its
    /// [`share`](Self::share) is then unknown and given as 0; a
    /// [`Job`] read back from its line keeps the share it was split with).
    #[must_use]
    pub fn new(prefix: Vec<Branch>) -> Self {
        Subproblem { prefix, share: 0.0 }
    }

    /// The choices that lead to it from the root, level by level.
    #[must_use]
    pub fn prefix(&self) -> &[Branch] {
        &self.prefix
    }

    /// Knuth's estimate of its share of the search tree, the product of
    /// `1 / d` over the levels of its prefix, where `d` is the number of
    /// choices at that level's node (for multiplicities, the options only):
    /// a guide to the work it holds, not a measurement.
    #[must_use]
    pub fn share(&self) -> f64 {
        self.share
    }

    /// The subproblem the paused search is at, with its share.
    fn here(solver: &Dlx) -> Self {
        let search = &solver.search;
        Subproblem {
            prefix: (0..search.level()).map(|l| search.branch(l)).collect(),
            share: search.share(0),
        }
    }
}

/// The subproblems of a search cut at one depth, in the order the
/// single-threaded search visits them; see [`Dlx::split`].
#[derive(Clone, Debug, PartialEq)]
pub struct Split {
    subproblems: Vec<Subproblem>,
    end: End,
}

impl Split {
    /// The subproblems, in search order.
    #[must_use]
    pub fn subproblems(&self) -> &[Subproblem] {
        &self.subproblems
    }

    /// Takes the subproblems.
    #[must_use]
    pub fn into_subproblems(self) -> Vec<Subproblem> {
        self.subproblems
    }

    /// Whether the split walked all the levels above its depth: false when
    /// the solver's budget stopped it, and the list is then incomplete.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.end == End::Exhausted
    }
}

impl Dlx {
    /// Cuts the search into subproblems at level `depth`: the nodes the
    /// search reaches after `depth` choices, and the solutions (as
    /// subproblems of one solution) it meets before. The same problem,
    /// pre-selections and depth give the same list; every solution lies
    /// below exactly one subproblem. `depth` 0 gives the whole problem.
    ///
    /// The walk runs in the leftmost order (any seed is not used) under the
    /// solver's budget, and [`stats`](Self::stats) then counts the nodes
    /// above the subproblems: the subproblems' own statistics add up with it
    /// to those of the whole search. Options that doom a node at once, and
    /// dead ends, are not subproblems.
    ///
    /// ```
    /// let named = dlx_engine::NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let mut solver = dlx_engine::Dlx::new(named.problem());
    /// let split = solver.split(1);
    /// assert!(split.is_complete());
    /// assert_eq!(split.subproblems().len(), 2); // item a: alone, or with b
    /// let mut total = 0;
    /// for subproblem in split.subproblems() {
    ///     total += solver.count_subproblem(subproblem, None)?.solutions;
    /// }
    /// assert_eq!(total, 5);
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn split(&mut self, depth: usize) -> Split {
        self.search.start(None);
        self.stats.clear();
        self.search.set_frame(0, depth);
        let mut subproblems = Vec::new();
        let end = loop {
            match self.search.advance(&mut self.stats, self.budget) {
                Event::Frontier => {
                    subproblems.push(Subproblem::here(self));
                    self.search.skip_frontier();
                }
                Event::Solution => {
                    subproblems.push(Subproblem::here(self));
                    // The subproblem counts its node and its solution.
                    let level = self.search.level();
                    self.stats.nodes -= 1;
                    self.stats.solutions -= 1;
                    self.stats.profile[level] -= 1;
                }
                Event::Exhausted | Event::Paused => break End::Exhausted,
                Event::BudgetExhausted => break End::BudgetExhausted,
            }
        };
        self.search.unwind();
        self.search.set_frame(0, usize::MAX);
        Split { subproblems, end }
    }

    /// Counts the solutions below `subproblem` (stopping after `limit` if
    /// given; the limit last, as in [`count_parallel`](Self::count_parallel)),
    /// in the leftmost order, under the solver's budget; the
    /// [`stats`](Self::stats) are those of its subtree.
    ///
    /// # Errors
    ///
    /// [`DlxError::NotASubproblem`] if its prefix is not a path of this
    /// problem's search (with the current pre-selections).
    pub fn count_subproblem(
        &mut self,
        subproblem: &Subproblem,
        limit: Option<u64>,
    ) -> Result<Count, DlxError> {
        self.enter(subproblem.prefix())?;
        Ok(self.count_started(limit))
    }

    /// Calls `visit` with each solution below `subproblem` until it returns
    /// [`ControlFlow::Break`] or the search ends, as
    /// [`for_each_solution`](Self::for_each_solution) does (each a
    /// [`Solution`], with its colors).
    ///
    /// # Errors
    ///
    /// [`DlxError::NotASubproblem`] as for
    /// [`count_subproblem`](Self::count_subproblem).
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// let named = dlx_engine::NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let mut solver = dlx_engine::Dlx::new(named.problem());
    /// let split = solver.split(1);
    /// let mut found = Vec::new();
    /// for subproblem in split.subproblems() {
    ///     solver.for_each_solution_in(subproblem, |solution| {
    ///         found.push(solution.options().to_vec());
    ///         ControlFlow::Continue(())
    ///     })?;
    /// }
    /// assert_eq!(found.len(), 5);
    /// assert!(found.iter().all(|s| named.problem().is_solution(s)));
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn for_each_solution_in<F>(
        &mut self,
        subproblem: &Subproblem,
        mut visit: F,
    ) -> Result<Count, DlxError>
    where
        F: FnMut(Solution<'_>) -> ControlFlow<()>,
    {
        self.enter(subproblem.prefix())?;
        let mut solutions = 0;
        let end = loop {
            match self.advance() {
                Event::Solution => {
                    solutions += 1;
                    if visit(self.current()).is_break() {
                        break End::Stopped;
                    }
                }
                Event::Exhausted | Event::Frontier | Event::Paused => break End::Exhausted,
                Event::BudgetExhausted => break End::BudgetExhausted,
            }
        };
        self.stop();
        Ok(Count { solutions, end })
    }

    /// Starts a search below the node `prefix` leads to, with fresh
    /// statistics.
    pub(crate) fn enter(&mut self, prefix: &[Branch]) -> Result<(), DlxError> {
        self.stats.clear();
        self.search
            .enter_prefix(prefix)
            .map_err(|position| DlxError::NotASubproblem {
                position,
                branch: prefix[position],
            })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::{Color, Problem};

    /// Tilings of a strip of `n` cells by monominoes and dominoes, with
    /// cells covered once or (`bounded`) once or twice, and dominoes sharing
    /// a secondary item when (`colored`) they agree on its color (also the
    /// estimate's tests).
    pub(crate) fn strip(n: usize, bounded: bool, colored: bool) -> Problem {
        let mut b = Problem::builder(n, 1).unwrap();
        for i in 0..n {
            if bounded {
                b.set_bounds(i, 1, 2).unwrap();
            }
            b.add_option(&[i]).unwrap();
            if i + 1 < n {
                let color = if colored { Color::new(i % 2) } else { None };
                b.add_colored_option(&[(i, None), (i + 1, None), (n, color)])
                    .unwrap();
            }
        }
        b.build()
    }

    /// Splits of every kind at every depth, each subproblem entered (by
    /// jumping to its options or, with bounds, walking to them) and searched:
    /// small enough to run under Miri, with the links restored every time.
    #[test]
    fn subproblems_add_up_and_restore_the_matrix() {
        for (bounded, colored) in [(false, false), (false, true), (true, false), (true, true)] {
            let p = strip(5, bounded, colored);
            let mut solver = Dlx::new(&p);
            let total = solver.count(None).solutions;
            for depth in 0..4 {
                let split = solver.split(depth);
                assert!(split.is_complete());
                let mut sum = 0;
                for subproblem in split.subproblems() {
                    sum += solver.count_subproblem(subproblem, None).unwrap().solutions;
                    solver.check_invariants().unwrap();
                }
                assert_eq!(
                    sum, total,
                    "depth {depth}, bounds {bounded}, colors {colored}"
                );
                assert!(solver.links_match(&p));
            }
            // A prefix the search never takes fails and leaves nothing behind.
            let wrong = Subproblem::new(vec![Branch::Option(crate::OptionId::from_u32(2))]);
            assert!(solver.count_subproblem(&wrong, None).is_err());
            assert!(solver.links_match(&p));
        }
    }
}
