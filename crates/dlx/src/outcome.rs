//! What a search reports: statistics, budgets and outcomes.

use crate::index::OptionId;

/// Knuth's search statistics for the last search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stats {
    /// Search-tree nodes: how many times the search entered a level.
    pub nodes: u64,
    /// Link removals ("updates"), counted as in Knuth's DLX1: one per item
    /// covered and one per node taken out of a list (by hiding, purifying or,
    /// in Algorithm M, tweaking). A count ([`Dlx::count`](crate::Dlx::count),
    /// [`Dlx::count_subproblem`](crate::Dlx::count_subproblem), and
    /// [`Dlx::count_parallel`](crate::Dlx::count_parallel) without a limit)
    /// may count a node's children as solutions without entering them, when
    /// each is one (every option has as many primary items as are left); it
    /// then makes none of their updates, so it can report fewer than a
    /// search that enters them (the solution iterators, a parallel count
    /// with a limit, a count under a budget, a forced-first count, and the
    /// nodes above a parallel count's first split). Nodes, solutions and the
    /// profile are the same either way.
    ///
    /// The links give up covering an option as soon as it empties a
    /// primary item the option does not cover (the node below is then a
    /// dead end, counted but not entered), so those coverings make only
    /// part of their updates, how many depending on the order of the
    /// lists. [`Dlx::count`](crate::Dlx::count) on dancing cells (problems
    /// with secondary items) finds such a dead end the same way but after
    /// the whole covering, as Knuth's programs do: it makes every update,
    /// so it can report more updates (and cleansings) than the links'
    /// count, [`Dlx::count_parallel`](crate::Dlx::count_parallel) on the
    /// links and [`Dlx::count_subproblem`](crate::Dlx::count_subproblem)
    /// for the same tree (`count_parallel` on several threads splits and
    /// counts on the cells or bitsets where the count does, on the cells
    /// with the count's statistics); solutions are theirs, and so are
    /// nodes and profile but where
    /// one hiding empties two primary items at once: the links note only
    /// the last of them and can miss a doom the cells find, entering a few
    /// nodes the cells do not (none on the example files with secondary
    /// items; 438 of langford-11's 440,185 nodes, which the cells do not
    /// count). [`Dlx::count`](crate::Dlx::count) on bitsets (plain exact
    /// cover with long lists, [`Dlx::path`](crate::Dlx::path)) makes whole
    /// coverings too, but walks the links' tree exactly, missed dooms
    /// included: the links' solutions, nodes and profile, Knuth's updates
    /// for whole coverings. So does its count of Algorithm M on bitsets
    /// (multiplicities without colors, [`Dlx::path`](crate::Dlx::path)):
    /// Knuth's DLX3's updates exactly, but for the leaves it adds at once
    /// as the links do.
    pub updates: u64,
    /// Knuth's "cleansings" (DLX2): one for each item purified and one for
    /// each node purifying marks as agreeing with its color. Always 0 for a
    /// problem without colors. As [`updates`](Self::updates), a count on
    /// dancing cells can count more than the links.
    pub cleansings: u64,
    /// Solutions found.
    pub solutions: u64,
    /// `profile[l]` is the number of search-tree nodes at level `l`.
    pub profile: Vec<u64>,
}

impl Stats {
    /// The deepest level the search reached, if it ran at all.
    #[must_use]
    pub fn max_level(&self) -> Option<usize> {
        self.profile.iter().rposition(|&n| n > 0)
    }

    /// Forgets the last search.
    pub(crate) fn clear(&mut self) {
        self.nodes = 0;
        self.updates = 0;
        self.cleansings = 0;
        self.solutions = 0;
        self.profile.clear();
    }

    /// The statistics of a count on bitsets (`matrix/bits`) that ends
    /// with `profile` (nodes entered at each level, trailing zeros
    /// dropped here), `updates` and `solutions`.
    pub(crate) fn of_profile(profile: &[u64], updates: u64, solutions: u64) -> Stats {
        let depth = profile.iter().rposition(|&n| n > 0).map_or(0, |l| l + 1);
        Stats {
            nodes: profile.iter().sum(),
            updates,
            cleansings: 0,
            solutions,
            profile: profile[..depth].to_vec(),
        }
    }

    /// Counts a search-tree node at level `level`.
    #[inline]
    pub(crate) fn count_node(&mut self, level: usize) {
        self.nodes += 1;
        if self.profile.len() <= level {
            self.profile.resize(level + 1, 0);
        }
        self.profile[level] += 1;
    }

    /// Counts `n` solutions found at once at level `level` without entering
    /// them: `n` search-tree nodes there, each a solution (`counts_leaves`
    /// in `matrix/leaves.rs`).
    #[inline]
    pub(crate) fn count_leaves(&mut self, level: usize, n: u64) {
        self.nodes += n;
        self.solutions += n;
        if self.profile.len() <= level {
            self.profile.resize(level + 1, 0);
        }
        self.profile[level] += n;
    }
}

/// Adds the statistics of another search: those of subproblems (or of a
/// parallel search's threads) add up to those of the whole search (its
/// [`updates`](Stats::updates) too when both enter the same nodes).
///
/// ```
/// use dlx_engine::{NamedProblem, Dlx, Stats};
///
/// let named = NamedProblem::parse("a b c\na\nb\nc\na b\nb c\n")?;
/// let mut solver = Dlx::new(named.problem());
/// let split = solver.split(1);
/// let mut total: Stats = solver.stats().clone();
/// for subproblem in split.subproblems() {
///     solver.count_subproblem(subproblem, None)?;
///     total += solver.stats();
/// }
/// solver.count(None);
/// assert_eq!(&total, solver.stats());
/// # Ok::<(), dlx_engine::DlxError>(())
/// ```
impl std::ops::AddAssign<&Stats> for Stats {
    fn add_assign(&mut self, more: &Stats) {
        self.nodes += more.nodes;
        self.updates += more.updates;
        self.cleansings += more.cleansings;
        self.solutions += more.solutions;
        if self.profile.len() < more.profile.len() {
            self.profile.resize(more.profile.len(), 0);
        }
        for (total, more) in self.profile.iter_mut().zip(&more.profile) {
            *total += more;
        }
    }
}

/// Limits on the work one search may do; a search that reaches one stops with
/// [`End::BudgetExhausted`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// At most this many search-tree nodes.
    pub max_nodes: Option<u64>,
    /// At most this many updates (checked at each search-tree node, so the
    /// search may overrun by the updates of one node).
    pub max_updates: Option<u64>,
}

impl Budget {
    /// No limit.
    pub const UNLIMITED: Budget = Budget {
        max_nodes: None,
        max_updates: None,
    };

    /// A limit on search-tree nodes only.
    #[must_use]
    pub fn nodes(max_nodes: u64) -> Self {
        Budget {
            max_nodes: Some(max_nodes),
            max_updates: None,
        }
    }

    /// A limit on updates only.
    #[must_use]
    pub fn updates(max_updates: u64) -> Self {
        Budget {
            max_nodes: None,
            max_updates: Some(max_updates),
        }
    }

    #[inline(always)]
    pub(crate) fn is_exhausted(&self, nodes: u64, updates: u64) -> bool {
        // No limit reads as a limit never reached: one comparison each,
        // with the limits in registers (docs/decisions/search-loop.md).
        nodes >= self.max_nodes.unwrap_or(u64::MAX)
            || updates >= self.max_updates.unwrap_or(u64::MAX)
    }
}

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum End {
    /// The whole search tree was explored: counts are exact.
    Exhausted,
    /// The requested number of solutions was reached; more may exist.
    LimitReached,
    /// The visitor asked to stop, or (on threads) [`Progress::stop`]
    /// was called; more solutions may exist.
    ///
    /// [`Progress::stop`]: crate::Progress::stop
    Stopped,
    /// The [`Budget`] ran out; more solutions may exist.
    BudgetExhausted,
}

/// The result of counting solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Count {
    /// Solutions found.
    pub solutions: u64,
    /// Why the count stopped.
    pub end: End,
}

impl Count {
    /// Whether `solutions` is the exact number of solutions (the search ran to
    /// the end) rather than a lower bound.
    #[must_use]
    pub fn is_exact(&self) -> bool {
        self.end == End::Exhausted
    }
}

/// The first solution a search found, or why there is none.
///
/// One vocabulary for both crates: the engine's solutions are option lists
/// (`S` is `Vec<OptionId>`, the default), Sudoku's are grids
/// (`sudoku_dlx::Solver::solve` returns `First<Grid>`), and
/// [`Uniqueness`] says the same things with the same words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum First<S = Vec<OptionId>> {
    /// A solution, the first in search order; for the engine its options,
    /// pre-selected ones first.
    Solution(S),
    /// The problem has no solution.
    NoSolution,
    /// The budget ran out (or, on threads, [`Progress::stop`] was
    /// called) before a solution was found.
    ///
    /// [`Progress::stop`]: crate::Progress::stop
    BudgetExhausted,
}

impl<S> First<S> {
    /// The solution, if one was found.
    #[must_use]
    pub fn solution(self) -> Option<S> {
        match self {
            First::Solution(s) => Some(s),
            First::NoSolution | First::BudgetExhausted => None,
        }
    }

    /// The same answer with the solution converted by `f`.
    #[must_use]
    pub fn map<T>(self, f: impl FnOnce(S) -> T) -> First<T> {
        match self {
            First::Solution(s) => First::Solution(f(s)),
            First::NoSolution => First::NoSolution,
            First::BudgetExhausted => First::BudgetExhausted,
        }
    }
}

/// How many solutions a problem has, as far as uniqueness is concerned;
/// the words of [`First`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness<S = Vec<OptionId>> {
    /// No solution.
    NoSolution,
    /// Exactly one solution: this.
    Unique(S),
    /// Two or more solutions: the first two found.
    Multiple(S, S),
    /// The budget ran out before the question was settled.
    BudgetExhausted,
}

impl<S> Uniqueness<S> {
    /// Whether there is exactly one solution.
    #[must_use]
    pub fn is_unique(&self) -> bool {
        matches!(self, Uniqueness::Unique(_))
    }

    /// The same answer with the solutions converted by `f`.
    #[must_use]
    pub fn map<T>(self, mut f: impl FnMut(S) -> T) -> Uniqueness<T> {
        match self {
            Uniqueness::NoSolution => Uniqueness::NoSolution,
            Uniqueness::Unique(s) => Uniqueness::Unique(f(s)),
            Uniqueness::Multiple(a, b) => Uniqueness::Multiple(f(a), f(b)),
            Uniqueness::BudgetExhausted => Uniqueness::BudgetExhausted,
        }
    }
}

/// One step of an incremental search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    Solution,
    Exhausted,
    BudgetExhausted,
    /// The search reached its splitting ceiling (`matrix/frontier.rs`); a
    /// search that sets none never reports it.
    Frontier,
    /// The search reached its pause (a chunk of a parallel search's work);
    /// a search that sets none never reports it.
    Paused,
}
