//! How later searches run: their budget, their random order, the
//! forced-first choice of items and whether a count may leave the links
//! for the next call to restore. Settings only: each is a field of
//! [`Dlx`] that the searches read when they start.

use crate::outcome::Budget;
use crate::solver::Dlx;

impl Dlx {
    /// Limits every later search; [`Budget::UNLIMITED`] removes the limit.
    ///
    /// ```
    /// use dlx_engine::{Budget, End, NamedProblem, Dlx};
    /// let named = NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let mut solver = Dlx::new(named.problem());
    /// solver.set_budget(Budget::nodes(3));
    /// assert_eq!(solver.budget(), Budget::nodes(3));
    /// let count = solver.count(None);
    /// assert_eq!(count.end, End::BudgetExhausted); // "at least", not "exactly"
    /// assert!(!count.is_exact());
    /// solver.set_budget(Budget::UNLIMITED);
    /// assert!(solver.count(None).is_exact());
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// The budget each search runs under (see [`set_budget`](Self::set_budget)'s example).
    #[must_use]
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// With `Some(seed)`, later searches break ties between items at random and
    /// try each item's options in a random order, the same for the same seed;
    /// with `None`, ties go to the leftmost item and options are tried top down.
    ///
    /// Every search restarts the random order from the seed, so two searches
    /// with one seed find the same first solution;
    /// [`random_solutions`](Self::random_solutions) draws a fresh order for
    /// each solution.
    ///
    /// ```
    /// use dlx_engine::{NamedProblem, Dlx};
    /// let named = NamedProblem::parse("a b c\na\nb\nc\na b\nb c\n")?;
    /// let mut solver = Dlx::new(named.problem());
    /// solver.set_seed(Some(7));
    /// assert_eq!(solver.seed(), Some(7));
    /// assert_eq!(solver.first_solution(), solver.first_solution());
    /// assert_eq!(solver.count(None).solutions, 3); // any order, every solution
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn set_seed(&mut self, seed: Option<u64>) {
        self.seed = seed;
    }

    /// The seed of randomized search, if set (see [`set_seed`](Self::set_seed)'s example).
    #[must_use]
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// With `true`, later leftmost searches of Algorithms X and C branch at
    /// once on an item that the last option covered left with a single
    /// option (a forced move: a naked or hidden single in a Sudoku), rather
    /// than scanning every item for the shortest list; off by default.
    ///
    /// Such an item has the fewest options anyway, so the choice is still
    /// Knuth's minimum-remaining-values rule with ties broken another way:
    /// counts and solution sets are those of the default search, but the
    /// tree can take another shape, so statistics and the order of the
    /// solutions may differ. The choice depends only on the path to a node,
    /// so split and parallel searches still add up to the whole search. A
    /// seeded search ([`set_seed`](Self::set_seed)) and Algorithm M (items
    /// with bounds) ignore it. On problems with many forced moves it saves
    /// most scans (the links Sudoku backend turns it on, see
    /// docs/decisions/forced-first.md); on others it costs about nothing.
    ///
    /// ```
    /// use dlx_engine::{NamedProblem, Dlx};
    /// let named = NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let mut solver = Dlx::new(named.problem());
    /// let plain = solver.count(None).solutions;
    /// solver.set_forced_first(true);
    /// assert!(solver.forced_first());
    /// assert_eq!(solver.count(None).solutions, plain);
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn set_forced_first(&mut self, forced: bool) {
        self.search.set_forced(forced);
    }

    /// Whether searches choose forced items first (see
    /// [`set_forced_first`](Self::set_forced_first)).
    #[must_use]
    pub fn forced_first(&self) -> bool {
        self.search.forced()
    }

    /// Sets whether [`count`](Self::count) may return with the links as
    /// its search left them, for the next call that needs them to restore
    /// them first; off by default. Every method restores them when it needs
    /// them (a selection, a search, [`reset`](Self::reset)), and
    /// [`select_all`](Self::select_all), which lays the links out anew for
    /// plain exact cover, need not restore them at all: a caller that counts
    /// instance after instance with `select_all` (the links Sudoku backend)
    /// never pays for undoing a count's last path. A forced-first count
    /// ([`set_forced_first`](Self::set_forced_first)) whose path has no
    /// choice left also stops there rather than backtracking through it
    /// (`matrix/discard.rs`); its counts and statistics are the same.
    /// Only [`check_invariants`](Self::check_invariants) and
    /// [`links_match`](Self::links_match), which read the links as they
    /// are, see the difference.
    ///
    /// ```
    /// use dlx_engine::{NamedProblem, Dlx};
    /// let named = NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let mut solver = Dlx::new(named.problem());
    /// solver.set_forced_first(true);
    /// solver.set_lazy_restore(true);
    /// assert!(solver.lazy_restore());
    /// assert_eq!(solver.count(None).solutions, 5);
    /// solver.reset(); // restores the links
    /// assert!(solver.links_match(named.problem()));
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn set_lazy_restore(&mut self, lazy: bool) {
        self.lazy_restore = lazy;
    }

    /// Whether counts may leave the links for the next call to restore (see
    /// [`set_lazy_restore`](Self::set_lazy_restore)).
    #[must_use]
    pub fn lazy_restore(&self) -> bool {
        self.lazy_restore
    }
}
