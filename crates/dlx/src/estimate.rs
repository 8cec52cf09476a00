//! Knuth's Monte Carlo estimate of the size of the search tree, before
//! (or instead of) searching it.
//!
//! D. E. Knuth, "Estimating the efficiency of backtrack programs" (1975),
//! and TAOCP Vol. 4B, §7.2.2, "Estimating the cost of backtracking": walk
//! one random path down from the root, at each node choosing one of its
//! `d` children uniformly at random. If the nodes on the path have
//! `d_0, d_1, ...` children, then `d_0 d_1 ... d_{l-1}` is an unbiased
//! estimate of the number of nodes at level `l`, their sum one of the whole
//! tree, and the last product, if the path ends at a solution, one of the
//! number of solutions. The mean of many such paths converges on the exact
//! values; their spread gives a standard error.
//!
//! The tree is the search's own, that of the leftmost order. For
//! Algorithms X and C a node's children are the options of the item the
//! search branches on (those it gives up at once are dead ends, counted as
//! [`Stats`] counts them), so a step covers the one chosen, as entering a
//! subproblem does (`Search::random_child`): one covering a level. For
//! Algorithm M, whose children depend on its tweaks and null moves, they
//! are found by the search's own loop (`matrix/frontier.rs`: a floor and a
//! ceiling one level apart), each visited twice (to count them, then to
//! reach the chosen one). This file has no `unsafe` code.

#![deny(unsafe_code)]

use std::ops::ControlFlow;

use crate::matrix::RandomChild;
use crate::outcome::{Budget, Event, Stats};
use crate::problem::Kind;
use crate::random::SplitMix64;
use crate::solver::Dlx;

/// Knuth's estimate of a search tree's size from random paths
/// ([`Dlx::estimate`]): the means over the samples of each path's
/// estimate, with their standard errors.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Estimate {
    samples: u64,
    /// Sum over the samples of each level's estimate.
    profile: Vec<f64>,
    /// Sum over the samples of the estimated nodes, and of their squares.
    nodes: Sums,
    /// Sum over the samples of the estimated solutions, and of their squares.
    solutions: Sums,
    /// Sum over the samples of the estimated updates, and of their squares.
    updates: Sums,
}

/// A sum of values and of their squares, for a mean and its standard error.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Sums {
    sum: f64,
    squares: f64,
}

impl Sums {
    fn add(&mut self, value: f64) {
        self.sum += value;
        self.squares += value * value;
    }

    fn mean(self, n: u64) -> f64 {
        if n == 0 { 0.0 } else { self.sum / n as f64 }
    }

    /// The standard error of the mean of `n` values: the sample standard
    /// deviation over the square root of `n`; 0 for fewer than two.
    fn error(self, n: u64) -> f64 {
        if n < 2 {
            return 0.0;
        }
        let n = n as f64;
        let spread = (self.squares - self.sum * self.sum / n).max(0.0);
        (spread / (n - 1.0) / n).sqrt()
    }
}

impl Estimate {
    /// The number of random paths the estimate is the mean of.
    #[must_use]
    pub fn samples(&self) -> u64 {
        self.samples
    }

    /// The estimated number of search-tree nodes (as [`Stats::nodes`]
    /// counts them); 0 with no sample.
    #[must_use]
    pub fn nodes(&self) -> f64 {
        self.nodes.mean(self.samples)
    }

    /// The standard error of [`nodes`](Self::nodes): 0 when every path
    /// gave the same estimate (as in a tree whose nodes at each level all
    /// have the same number of children, which the estimate finds exactly).
    #[must_use]
    pub fn nodes_error(&self) -> f64 {
        self.nodes.error(self.samples)
    }

    /// The estimated number of solutions.
    #[must_use]
    pub fn solutions(&self) -> f64 {
        self.solutions.mean(self.samples)
    }

    /// The standard error of [`solutions`](Self::solutions).
    #[must_use]
    pub fn solutions_error(&self) -> f64 {
        self.solutions.error(self.samples)
    }

    /// The estimated number of link updates of the search (as
    /// [`Stats::updates`] counts them for a search that visits every node,
    /// as the solution iterator does; a count that adds leaves at once
    /// makes fewer): Knuth's estimate of the cost of backtracking, each
    /// node on a path costed at its item's covering plus its number of
    /// options times the covering of the one picked (for Algorithm M, the
    /// node's own updates, which its children's walk makes). The time a
    /// search takes follows its updates more closely than its nodes: a
    /// node of a problem with long lists makes hundreds.
    #[must_use]
    pub fn updates(&self) -> f64 {
        self.updates.mean(self.samples)
    }

    /// The standard error of [`updates`](Self::updates).
    #[must_use]
    pub fn updates_error(&self) -> f64 {
        self.updates.error(self.samples)
    }

    /// The estimated number of nodes at each level, from the root (level
    /// 0, always 1), as [`Stats::profile`] counts them; it ends at the
    /// deepest level a path reached.
    #[must_use]
    pub fn profile(&self) -> Vec<f64> {
        let n = self.samples.max(1) as f64;
        self.profile.iter().map(|sum| sum / n).collect()
    }

    /// Adds one path, whose nodes at each level had `weights` as Knuth's
    /// estimate, and which ended at a solution if `solved`.
    fn add(&mut self, weights: &[f64], path: Path) {
        let Path { solved, updates } = path;
        self.updates.add(updates);
        if self.profile.len() < weights.len() {
            self.profile.resize(weights.len(), 0.0);
        }
        for (sum, weight) in self.profile.iter_mut().zip(weights) {
            *sum += weight;
        }
        self.nodes.add(weights.iter().sum());
        let last = weights.last().copied().unwrap_or(0.0);
        self.solutions.add(if solved { last } else { 0.0 });
        self.samples += 1;
    }
}

impl Dlx {
    /// Knuth's estimate of the search tree from `samples` random paths,
    /// drawn from `seed`: the same problem, pre-selections, samples and
    /// seed give the same estimate on every platform.
    ///
    /// The tree is that of the leftmost search, as [`count`](Self::count)
    /// walks it without forced-first ([`set_forced_first`](Self::set_forced_first)
    /// is set aside for the estimate) and [`stats`](Self::stats) reports it:
    /// the same item chosen at each node, the same children. Each path costs
    /// a covering per level (for multiplicities, one per child of each node
    /// on it); the solver's budget and seed are not
    /// used, and [`stats`](Self::stats) is left as it was.
    ///
    /// Three items with two options each, every node at a level having as
    /// many children: every path gives the exact tree, 1 + 2 + 4 + 8 nodes.
    ///
    /// ```
    /// use dlx_engine::{Dlx, NamedProblem};
    ///
    /// let named = NamedProblem::parse("a b c\na\na\nb\nb\nc\nc\n")?;
    /// let estimate = Dlx::new(named.problem()).estimate(10, 1);
    /// assert_eq!(estimate.profile(), [1.0, 2.0, 4.0, 8.0]);
    /// assert_eq!((estimate.nodes(), estimate.nodes_error()), (15.0, 0.0));
    /// assert_eq!(estimate.solutions(), 8.0);
    ///
    /// // Eight queens: 2,057 nodes and 92 solutions, estimated.
    /// let mut queens = String::from("r0 r1 r2 r3 r4 r5 r6 r7 c0 c1 c2 c3 c4 c5 c6 c7 |");
    /// for d in 0..15 {
    ///     queens += &format!(" a{d} b{d}");
    /// }
    /// for r in 0..8 {
    ///     for c in 0..8 {
    ///         queens += &format!("\nr{r} c{c} a{} b{}", r + c, r + 7 - c);
    ///     }
    /// }
    /// let named = NamedProblem::parse(&queens)?;
    /// let mut solver = Dlx::new(named.problem());
    /// let estimate = solver.estimate(2_000, 7);
    /// solver.count(None);
    /// let exact = solver.stats().nodes as f64;
    /// assert!((estimate.nodes() - exact).abs() < 4.0 * estimate.nodes_error());
    /// assert!((estimate.solutions() - 92.0).abs() < 4.0 * estimate.solutions_error());
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn estimate(&mut self, samples: u64, seed: u64) -> Estimate {
        self.estimate_while(samples, seed, |_| ControlFlow::Continue(()))
    }

    /// [`estimate`](Self::estimate), calling `watch` with the estimate so
    /// far after each path; it stops early when `watch` returns
    /// [`ControlFlow::Break`] (for progress, or an interrupt), and the
    /// estimate then has the samples drawn so far.
    pub fn estimate_while<F>(&mut self, samples: u64, seed: u64, mut watch: F) -> Estimate
    where
        F: FnMut(&Estimate) -> ControlFlow<()>,
    {
        let forced = self.forced_first();
        self.set_forced_first(false);
        let mut rng = SplitMix64::new(seed);
        let mut estimate = Estimate::default();
        let mut weights = Vec::new();
        for _ in 0..samples {
            let path = self.random_path(&mut |degree| rng.below(degree), &mut weights);
            estimate.add(&weights, path);
            if watch(&estimate).is_break() {
                break;
            }
        }
        self.set_forced_first(forced);
        estimate
    }

    /// Walks one path from the root, choosing among a node's `d` children
    /// the one `pick(d)` (below `d`) says; writes into `weights` each
    /// level's estimate, the product of the numbers of children above it,
    /// and returns whether the path ended at a solution (else at a dead
    /// end) and its estimate of the updates. The links are restored.
    pub(crate) fn random_path(
        &mut self,
        pick: &mut impl FnMut(u32) -> u32,
        weights: &mut Vec<f64>,
    ) -> Path {
        let search = &mut self.search;
        search.start(None);
        weights.clear();
        let mut updates = 0.0;
        if search.kind() != Kind::Multiplicities {
            // A node's children are its item's options: one covering a level.
            let mut weight = 1.0;
            let solved = loop {
                weights.push(weight);
                match search.random_child(pick) {
                    RandomChild::Solution => break true,
                    RandomChild::DeadEnd => break false,
                    RandomChild::Entered(degree, cost) => {
                        updates += weight * cost.estimate(degree);
                        weight *= f64::from(degree);
                    }
                    RandomChild::Doomed(degree, cost) => {
                        updates += weight * cost.estimate(degree);
                        weights.push(weight * f64::from(degree));
                        break false;
                    }
                }
            };
            search.unwind();
            return Path { solved, updates };
        }
        // Algorithm M: a node's children (options, tweaked as the search
        // goes, and the null move) are found by the search's own loop.
        let mut scratch = Stats::default();
        let mut weight = 1.0;
        let solved = loop {
            let level = search.level();
            weights.push(weight);
            // The node's children: those the search enters (each a
            // frontier one level down) and the dead ends it counts without
            // entering.
            search.set_frame(level, level + 1);
            scratch.clear();
            let mut entered = 0u32;
            let solved = loop {
                match search.advance(&mut scratch, Budget::UNLIMITED) {
                    Event::Frontier => {
                        entered += 1;
                        search.skip_frontier();
                    }
                    Event::Solution => break true,
                    Event::Exhausted | Event::BudgetExhausted | Event::Paused => break false,
                }
            };
            // The node's own updates: covering each of its children.
            #[allow(clippy::cast_precision_loss)]
            let own = scratch.updates as f64;
            updates += weight * own;
            if solved {
                break true;
            }
            let dead = scratch
                .profile
                .get(level + 1)
                .map_or(0, |&n| u32::try_from(n).unwrap_or(u32::MAX));
            let degree = entered.saturating_add(dead);
            if degree == 0 {
                break false;
            }
            let choice = pick(degree);
            weight *= f64::from(degree);
            if choice < dead {
                // A child that is a dead end: the path ends there.
                weights.push(weight);
                break false;
            }
            // Back at the node (the search exhausted it at its floor): walk
            // to the chosen child among those it enters.
            search.revisit();
            let mut skip = choice - dead;
            let reached = loop {
                match search.advance(&mut scratch, Budget::UNLIMITED) {
                    Event::Frontier if skip == 0 => break true,
                    Event::Frontier => {
                        skip -= 1;
                        search.skip_frontier();
                    }
                    Event::Solution | Event::Exhausted | Event::BudgetExhausted | Event::Paused => {
                        break false;
                    }
                }
            };
            // The same node tries the same children in the same order.
            debug_assert!(reached, "the node's children changed between walks");
            if !reached {
                break false;
            }
        };
        search.unwind();
        search.set_frame(0, usize::MAX);
        Path { solved, updates }
    }
}

/// How one random path ended ([`Dlx::random_path`]): at a solution or
/// not, and its estimate of the search's updates.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Path {
    pub(crate) solved: bool,
    pub(crate) updates: f64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Problem;
    use crate::split::tests::strip;

    /// `n` queens, rows and columns primary, diagonals secondary.
    fn queens(n: usize) -> Problem {
        let diagonals = 2 * n - 1;
        let mut b = Problem::builder(2 * n, 2 * diagonals).unwrap();
        for r in 0..n {
            for c in 0..n {
                let a = 2 * n + r + c;
                let d = 2 * n + diagonals + r + n - 1 - c;
                b.add_option(&[r, n + c, a, d]).unwrap();
            }
        }
        b.build()
    }

    /// Exact cover of `n` cells by the runs of 1 to 3 cells (plain X, with
    /// dead ends).
    fn runs(n: usize) -> Problem {
        let mut b = Problem::builder(n, 0).unwrap();
        for start in 0..n {
            for len in 1..=3 {
                if start + len <= n {
                    let items: Vec<usize> = (start..start + len).collect();
                    b.add_option(&items).unwrap();
                }
            }
        }
        b.build()
    }

    /// The exact statistics of the leftmost search, on the links (the
    /// solution iterator enters every node, as the estimate does).
    fn exact(problem: &Problem) -> Stats {
        let mut solver = Dlx::new(problem);
        solver.for_each_solution(|_| ControlFlow::Continue(()));
        solver.stats().clone()
    }

    /// Every path, with the probability the walk takes it: the expected
    /// estimate, which must be the exact tree: its profile, solutions and
    /// updates. Paths are enumerated by their choices, each replayed from
    /// the root.
    fn expectation(solver: &mut Dlx) -> (Vec<f64>, f64, f64) {
        let mut profile = Vec::new();
        let mut solutions = 0.0;
        let mut updates = 0.0;
        let mut stack = vec![Vec::<u32>::new()];
        let mut weights = Vec::new();
        while let Some(prefix) = stack.pop() {
            let mut degrees = Vec::new();
            let path = solver.random_path(
                &mut |d| {
                    let choice = prefix.get(degrees.len()).copied().unwrap_or(0);
                    degrees.push(d);
                    choice
                },
                &mut weights,
            );
            // The siblings of every choice past the prefix (those of the
            // prefix are on the stack already).
            for (l, &degree) in degrees.iter().enumerate().skip(prefix.len()) {
                for c in 1..degree {
                    let mut next: Vec<u32> = (0..l)
                        .map(|k| prefix.get(k).copied().unwrap_or(0))
                        .collect();
                    next.push(c);
                    stack.push(next);
                }
            }
            let probability: f64 = degrees.iter().map(|&d| 1.0 / f64::from(d)).product();
            if profile.len() < weights.len() {
                profile.resize(weights.len(), 0.0);
            }
            for (sum, w) in profile.iter_mut().zip(&weights) {
                *sum += probability * w;
            }
            if path.solved {
                solutions += probability * weights.last().unwrap();
            }
            updates += probability * path.updates;
        }
        (profile, solutions, updates)
    }

    fn problems() -> Vec<(&'static str, Problem)> {
        let mut all = vec![("queens 5", queens(5)), ("runs 6", runs(6))];
        for (bounded, colored) in [(false, false), (false, true), (true, false), (true, true)] {
            all.push(("strip", strip(5, bounded, colored)));
        }
        all
    }

    /// The walk is unbiased on the engine's own tree: summed over every
    /// path with the probability of taking it, its estimate is the exact
    /// profile, count and updates, for X, C (colors) and M (bounds).
    #[test]
    fn the_expected_estimate_is_the_exact_tree() {
        for (name, problem) in problems() {
            let stats = exact(&problem);
            let mut solver = Dlx::new(&problem);
            let (profile, solutions, updates) = expectation(&mut solver);
            let exact_updates = stats.updates as f64;
            assert!(
                (updates - exact_updates).abs() < 1e-6 * exact_updates.max(1.0),
                "{name}: updates {updates} against {exact_updates}"
            );
            assert!(solver.links_match(&problem), "{name}");
            let want: Vec<f64> = stats.profile.iter().map(|&n| n as f64).collect();
            assert_eq!(profile.len(), want.len(), "{name}: {profile:?} {want:?}");
            for (got, want) in profile.iter().zip(&want) {
                assert!((got - want).abs() < 1e-9, "{name}: {profile:?} {want:?}");
            }
            assert!((solutions - stats.solutions as f64).abs() < 1e-9, "{name}");
        }
    }

    /// The mean of many random paths is within a few standard errors of
    /// the exact tree, and the same seed draws the same estimate.
    #[test]
    fn samples_converge_on_the_tree_and_seeds_reproduce() {
        // Under Miri (CI runs this test under it) a sample of these small
        // problems takes a quarter of a second, and the convergence is not
        // checked there: a few samples walk the same code.
        let samples = if cfg!(miri) { 4 } else { 4_000 };
        for (name, problem) in problems() {
            let mut solver = Dlx::new(&problem);
            let estimate = solver.estimate(samples, 11);
            assert_eq!(estimate.samples(), samples);
            assert_eq!(estimate, solver.estimate(samples, 11), "{name}");
            assert!(solver.links_match(&problem), "{name}");
            if cfg!(miri) {
                continue;
            }
            let stats = exact(&problem);
            let nodes = stats.nodes as f64;
            let tolerance = 4.0 * estimate.nodes_error() + 1e-9;
            assert!(
                (estimate.nodes() - nodes).abs() <= tolerance,
                "{name}: {} against {nodes}",
                estimate.nodes()
            );
            let found = stats.solutions as f64;
            let tolerance = 4.0 * estimate.solutions_error() + 1e-9;
            assert!(
                (estimate.solutions() - found).abs() <= tolerance,
                "{name}: {} against {found}",
                estimate.solutions()
            );
            let updates = stats.updates as f64;
            let tolerance = 4.0 * estimate.updates_error() + 1e-9;
            assert!(
                (estimate.updates() - updates).abs() <= tolerance,
                "{name}: {} against {updates}",
                estimate.updates()
            );
            assert_eq!(estimate.profile()[0], 1.0);
        }
        let mut solver = Dlx::new(&queens(6));
        let samples = if cfg!(miri) { 10 } else { 50 };
        assert_ne!(solver.estimate(samples, 1), solver.estimate(samples, 2));
    }

    /// A tree whose nodes at each level have the same number of children
    /// is estimated exactly by every path; pre-selections and forced-first
    /// are kept, and a watcher can stop early.
    #[test]
    fn uniform_branching_is_exact_and_settings_are_kept() {
        // Three items with three one-item options each: 1, 3, 9, 27.
        let mut b = Problem::builder(3, 0).unwrap();
        for item in 0..3 {
            for _ in 0..3 {
                b.add_option(&[item]).unwrap();
            }
        }
        let problem = b.build();
        let mut solver = Dlx::new(&problem);
        solver.set_forced_first(true);
        let estimate = solver.estimate(5, 3);
        assert_eq!(estimate.profile(), [1.0, 3.0, 9.0, 27.0]);
        assert_eq!(estimate.nodes(), 40.0);
        assert_eq!(estimate.nodes_error(), 0.0);
        assert_eq!(
            (estimate.solutions(), estimate.solutions_error()),
            (27.0, 0.0)
        );
        assert!(solver.forced_first());
        solver.select(crate::OptionId::from_u32(0)).unwrap();
        assert_eq!(solver.estimate(5, 3).profile(), [1.0, 3.0, 9.0]);
        let stopped = solver.estimate_while(100, 3, |e| {
            if e.samples() == 2 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(stopped.samples(), 2);
        assert_eq!(Estimate::default().nodes(), 0.0);
    }
}
