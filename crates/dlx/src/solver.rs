//! The reusable solver: the public face of a search (`matrix/search.rs`),
//! with its budget, seed and statistics.

use std::ops::ControlFlow;
use std::sync::Arc;

use crate::error::DlxError;
use crate::index::OptionId;
use crate::matrix::{AnyCells, Bits, BoundedBits, Columns, Report, Resumable, Search, SearchPath};
use crate::outcome::{Budget, Count, End, Event, First, Stats, Uniqueness};
use crate::problem::{Kind, Problem};
use crate::progress::{Progress, ToProgress};
use crate::solution::Solution;

/// How many nodes a watched search ([`Dlx::set_progress`]) runs between
/// two looks at its [`Progress`]: a look costs next to nothing at this
/// spacing, and a stop is seen within a millisecond or so.
pub(crate) const WATCH_NODES: u64 = 4096;

/// A reusable exact-cover solver: Knuth's Algorithm X with dancing links,
/// and for problems with colors or bounds his Algorithms C and M, behind the
/// same methods.
///
/// Build it once per problem, then for each instance: [`select`](Self::select)
/// the forced options, search ([`count`](Self::count),
/// [`first_solution`](Self::first_solution), [`uniqueness`](Self::uniqueness),
/// [`for_each_solution`](Self::for_each_solution), [`solutions`](Self::solutions)),
/// and [`reset`](Self::reset). Every search restores the links it changed
/// when it ends, however it ends (or, for a count that may leave them,
/// [`set_lazy_restore`](Self::set_lazy_restore), the next call that needs
/// them does); `reset` also undoes the pre-selections, so the matrix is
/// never rebuilt.
#[derive(Clone, Debug)]
pub struct Dlx {
    pub(crate) search: Search,
    pub(crate) seed: Option<u64>,
    pub(crate) budget: Budget,
    pub(crate) stats: Stats,
    /// The options of the last solution found: allocated by the first
    /// solution handed over (a count never makes it), then reused.
    pub(crate) solution: Vec<OptionId>,
    /// How many of the selections, from the bottom of the stack, were laid
    /// out by [`select_all`](Self::select_all) rather than covered one by
    /// one: undoing one of those lays the links out again.
    laid_out: usize,
    /// What laying out needs beside the matrix, made on first use.
    columns: Option<Columns>,
    /// Whether [`count`](Self::count) may leave the links for the next
    /// call to restore ([`set_lazy_restore`](Self::set_lazy_restore)).
    pub(crate) lazy_restore: bool,
    /// The dancing-cells sets of the problem, made by the first count
    /// that runs on them.
    pub(crate) cells: Option<Box<AnyCells>>,
    /// The bitsets of the problem, made by the first count or search for
    /// solutions that runs on them.
    pub(crate) bits: Option<Box<Bits>>,
    /// The bitsets of a problem with multiplicities, made by the first
    /// count that runs on them (`matrix/bits/bounded.rs`).
    pub(crate) bounded_bits: Option<Box<BoundedBits>>,
    /// What the searches on the calling thread report into and stop at
    /// ([`set_progress`](Self::set_progress)).
    pub(crate) watch: Option<Arc<Progress>>,
    /// Whether the searches that hand over solutions on bitsets end every
    /// node with an emptied item at once (`Bits::cut_emptied`): set by the
    /// race for its sides, whose statistics are not Knuth's.
    pub(crate) cut_emptied: bool,
    /// For tests: where the searches that hand over solutions run, whatever
    /// the chooser says (`Some(true)`: on bitsets, which the problem must
    /// fit; `Some(false)`: on the links).
    #[cfg(test)]
    pub(crate) hand_over_on_bits: Option<bool>,
}

impl Dlx {
    /// A solver for `problem`, with no budget and the deterministic leftmost order.
    ///
    /// ```
    /// // Tilings of a strip of four cells by monominoes and dominoes.
    /// let named = dlx_engine::NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let mut solver = dlx_engine::Dlx::new(named.problem());
    /// assert_eq!(solver.count(None).solutions, 5);
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    #[must_use]
    pub fn new(problem: &Problem) -> Self {
        Dlx {
            search: Search::new(problem),
            seed: None,
            budget: Budget::UNLIMITED,
            stats: Stats::default(),
            solution: Vec::new(),
            laid_out: 0,
            columns: None,
            lazy_restore: false,
            cells: None,
            bits: None,
            bounded_bits: None,
            watch: None,
            cut_emptied: false,
            #[cfg(test)]
            hand_over_on_bits: None,
        }
    }

    /// Makes [`count`](Self::count) and
    /// [`for_each_solution`](Self::for_each_solution) (and, for stopping
    /// only, the solution iterators [`solutions`](Self::solutions) and
    /// [`into_solutions`](Self::into_solutions)) report into
    /// `progress` as the one thread of a run (nodes, solutions, Knuth's
    /// estimate of the part done) every few thousand nodes, and end early
    /// once it is [stopped](Progress::stop) from another thread, a Ctrl-C
    /// handler's say: with [`End::Stopped`] and what they found so far, as
    /// the parallel searches do. Looking changes nothing in the tree
    /// searched, the solutions or the statistics, with any seed; `None`
    /// (the default) stops looking.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use dlx_engine::{Dlx, End, NamedProblem, Progress};
    /// // Tilings of a 2x40 strip by dominoes: 165,580,141 of them.
    /// let columns: Vec<String> = (0..40).map(|c| format!("a{c} b{c}")).collect();
    /// let mut text = columns.join(" ") + "\n";
    /// for c in 0..40 {
    ///     text += &format!("a{c} b{c}\n");
    ///     if c < 39 {
    ///         text += &format!("a{c} a{}\nb{c} b{}\n", c + 1, c + 1);
    ///     }
    /// }
    /// let named = NamedProblem::parse(&text)?;
    /// let mut solver = Dlx::new(named.problem());
    /// solver.set_seed(Some(7));
    /// let progress = Arc::new(Progress::new());
    /// solver.set_progress(Some(Arc::clone(&progress)));
    /// // Another thread would call this while the search runs.
    /// progress.stop();
    /// let count = solver.count(None);
    /// assert_eq!(count.end, End::Stopped);
    /// assert!(count.solutions < 165_580_141);
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn set_progress(&mut self, progress: Option<Arc<Progress>>) {
        self.watch = progress;
    }

    /// Statistics of the last search.
    ///
    /// ```
    /// let named = dlx_engine::NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let mut solver = dlx_engine::Dlx::new(named.problem());
    /// solver.count(None);
    /// let stats = solver.stats();
    /// assert_eq!(stats.solutions, 5);
    /// assert_eq!(stats.profile.iter().sum::<u64>(), stats.nodes);
    /// assert!(stats.updates > 0);
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    #[must_use]
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Forces `option` into every solution of later searches (a Sudoku given, say).
    ///
    /// # Errors
    ///
    /// [`DlxError::UnknownOption`] if the problem has no such option;
    /// [`DlxError::SelectConflict`] if an earlier selection rules it out: it
    /// covers one of its items already (or, with [`Bounds`](crate::Bounds),
    /// has used up all the item may take), or gives one of its secondary
    /// items another color, or none where `option` gives one, or a color
    /// where `option` gives none. An option selected already covers its
    /// own items, so selecting it again is a [`DlxError::SelectConflict`]
    /// whose `covered_by` is `option` itself; with bounds, where it could
    /// seem to fit twice, it is [`DlxError::AlreadySelected`]. The solver
    /// is then unchanged.
    ///
    /// ```
    /// use dlx_engine::{DlxError, NamedProblem, OptionId, Dlx};
    /// let named = NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let (a, ab) = (OptionId::new(0).unwrap(), OptionId::new(4).unwrap());
    /// let mut solver = Dlx::new(named.problem());
    /// solver.select(ab)?; // the domino on a and b in every solution
    /// assert_eq!(solver.selected(), &[ab]);
    /// assert_eq!(solver.count(None).solutions, 2); // c d, or cd
    /// assert!(matches!(solver.select(a), Err(DlxError::SelectConflict { .. })));
    /// assert!(matches!(
    ///     solver.select(ab),
    ///     Err(DlxError::SelectConflict { option, covered_by, .. }) if option == ab && covered_by == ab
    /// ));
    /// assert_eq!(solver.unselect_last(), Some(ab));
    /// assert_eq!(solver.count(None).solutions, 5);
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn select(&mut self, option: OptionId) -> Result<(), DlxError> {
        self.search.select(option)
    }

    /// The pre-selected options, in the order they were selected (see
    /// [`select`](Self::select)'s example).
    #[must_use]
    pub fn selected(&self) -> &[OptionId] {
        self.search.selected()
    }

    /// Undoes the most recent pre-selection (and any search in progress) and
    /// returns it, or `None` if nothing is selected.
    ///
    /// Selections form a stack: a caller that tries many variations of a set
    /// of forced options (a puzzle generator removing clues, say) can keep the
    /// options it is sure of selected and push and pop the rest, instead of
    /// selecting everything again for each try. [`select`](Self::select)'s
    /// example pops a selection.
    pub fn unselect_last(&mut self) -> Option<OptionId> {
        if self.laid_out > 0 && self.search.selected().len() == self.laid_out {
            // Laid out in bulk, so not uncoverable: lay the rest out again.
            let mut rest = self.search.selected().to_vec();
            let last = rest.pop();
            // They were selected together a moment ago: no conflict now.
            let _ = self.search.select_all_laid_out(&rest, &mut self.columns);
            self.laid_out = rest.len();
            return last;
        }
        self.search.unselect_last()
    }

    /// Replaces every pre-selection (and ends any search in progress) with
    /// `options`, selected in order: the same selections, errors, solutions
    /// and statistics as [`reset`](Self::reset) followed by
    /// [`select`](Self::select) of each, usually much faster.
    ///
    /// For plain exact cover (no colors, no bounds) it does not cover the
    /// options' items one by one: it marks them, then writes the links anew
    /// for what is left, each item's list holding the options that name no
    /// covered item, as Knuth's `sudoku2dlx` writes only what a Sudoku's
    /// givens leave. That costs one pass over the options whatever was
    /// selected before, and no uncovering afterwards; a
    /// [`select`](Self::select) on top dances as usual. Undoing one of these
    /// selections ([`unselect_last`](Self::unselect_last) down to it, or
    /// [`reset`](Self::reset)) lays the links out again, one pass too.
    /// Problems with colors or bounds select one by one.
    ///
    /// # Errors
    ///
    /// As for [`select`](Self::select), for the first option that cannot be
    /// selected after those before it; the options before it stay selected.
    ///
    /// ```
    /// use dlx_engine::{DlxError, NamedProblem, OptionId, Dlx};
    /// let named = NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let option = |k| OptionId::new(k).unwrap();
    /// let mut solver = Dlx::new(named.problem());
    /// solver.select_all(&[option(0), option(6)])?; // a, and the domino c d
    /// assert_eq!(solver.count(None).solutions, 1); // b alone
    /// assert_eq!(solver.selected(), &[option(0), option(6)]);
    /// // Option 4 (a b) clashes with option 0 over item a.
    /// let clash = solver.select_all(&[option(0), option(4)]);
    /// assert!(matches!(clash, Err(DlxError::SelectConflict { .. })));
    /// assert_eq!(solver.selected(), &[option(0)]);
    /// assert_eq!(solver.unselect_last(), Some(option(0)));
    /// assert!(solver.links_match(named.problem()));
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn select_all(&mut self, options: &[OptionId]) -> Result<(), DlxError> {
        if !self.search.lays_out_in_bulk() {
            self.reset();
            return options.iter().try_for_each(|&option| self.select(option));
        }
        let result = self.search.select_all_laid_out(options, &mut self.columns);
        self.laid_out = self.search.selected().len();
        result
    }

    /// Undoes every pre-selection and any search in progress, restoring the
    /// matrix exactly as [`Dlx::new`] built it. Budget and seed are kept.
    ///
    /// ```
    /// let named = dlx_engine::NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let mut solver = dlx_engine::Dlx::new(named.problem());
    /// solver.select(dlx_engine::OptionId::new(5).unwrap())?; // the domino on b and c
    /// assert_eq!(solver.count(None).solutions, 1);
    /// solver.reset();
    /// assert!(solver.selected().is_empty());
    /// assert!(solver.links_match(named.problem()));
    /// assert_eq!(solver.count(None).solutions, 5);
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn reset(&mut self) {
        if self.laid_out > 0 {
            // Laying out from nothing selected rewrites every list, whatever
            // was covered on top of the bulk selections.
            let _ = self.search.select_all_laid_out(&[], &mut self.columns);
            self.laid_out = 0;
        } else {
            self.search.reset();
        }
    }

    /// Counts solutions, stopping after `limit` of them if given.
    ///
    /// A count that stopped early says so in [`Count::end`]: "exactly N" and
    /// "at least N" are never confused.
    ///
    /// For a problem with secondary items (and no bounds), in the leftmost
    /// order ([`set_seed`](Self::set_seed) `None`) without
    /// [forced-first](Self::set_forced_first), the count runs on Knuth's
    /// dancing cells rather than on the links: each item's options a
    /// sparse set, a level undone by restoring sizes from a trail (built
    /// from the matrix by the first such count). It walks the same tree, so
    /// the same solutions, nodes and profile (but for a rare case, see
    /// [`Stats::updates`]); its updates can be more
    /// ([`Stats::updates`]), and a count cut short by a limit or a budget
    /// may stop at another place of that tree, since it tries a node's
    /// options in another order. Which problems run there is measured
    /// (docs/decisions/dancing-cells.md): faster on the queens and
    /// graceful labelings, as fast on de Bruijn, slower without secondary
    /// items.
    ///
    /// ```
    /// use dlx_engine::{End, NamedProblem, Dlx};
    /// let named = NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let mut solver = Dlx::new(named.problem());
    /// let all = solver.count(None);
    /// assert_eq!((all.solutions, all.end), (5, End::Exhausted));
    /// let some = solver.count(Some(2));
    /// assert_eq!((some.solutions, some.end), (2, End::LimitReached));
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn count(&mut self, limit: Option<u64>) -> Count {
        self.start();
        if self.search.search_path().counts_on_cells() {
            return match self.watch.clone() {
                Some(progress) => {
                    self.count_on_cells_reporting(limit, Some((&progress, WATCH_NODES)))
                }
                None => self.count_on_cells(limit),
            };
        }
        if self.search.search_path().counts_on_bits() {
            return match self.watch.clone() {
                Some(progress) => {
                    self.count_on_bits_reporting(limit, Some((&progress, WATCH_NODES)))
                }
                None => self.count_on_bits(limit),
            };
        }
        // Started: the kept path is the next search's.
        if self.search.search_path().counts_on_bounded_bits() && self.counts_on_bounded_bits() {
            let watch = self.watch.clone();
            let progress = watch.as_deref().map(|p| (p, WATCH_NODES));
            return self.count_on_bounded_bits_reporting(limit, progress);
        }
        self.count_started(limit)
    }

    /// [`count`](Self::count) of a search already started (or entered at a
    /// subproblem, `split.rs`).
    pub(crate) fn count_started(&mut self, limit: Option<u64>) -> Count {
        // The search counts solutions in the statistics without pausing at
        // them, all but the one that reaches the limit
        // (docs/decisions/search-loop.md).
        let before = self.stats.solutions;
        let solutions = |stats: &Stats| stats.solutions - before;
        let watch = self.watch.clone();
        let mut report = watch.as_deref().map(|p| ToProgress::start(p, WATCH_NODES));
        self.pause_to_look(report.as_ref());
        let end = loop {
            let found = solutions(&self.stats);
            if limit.is_some_and(|l| found >= l) {
                break End::LimitReached;
            }
            let silent = limit.map_or(u64::MAX, |l| l - found - 1);
            self.search.set_silent(silent);
            if let Some(end) = self.next_solution(report.as_mut(), false) {
                break end;
            }
        };
        self.stop_looking(report, end);
        self.search.set_silent(0);
        if !self.lazy_restore {
            self.search.unwind();
        }
        Count {
            solutions: solutions(&self.stats),
            end,
        }
    }

    /// Calls `visit` with each [`Solution`] (its options, pre-selected ones
    /// first, and the colors it gives secondary items) until it returns
    /// [`ControlFlow::Break`] or the search ends. Nothing is allocated per
    /// solution.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dlx_engine::{End, NamedProblem, Dlx};
    /// let named = NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let mut solver = Dlx::new(named.problem());
    /// let mut sizes = Vec::new();
    /// let count = solver.for_each_solution(|solution| {
    ///     sizes.push(solution.options().len());
    ///     if sizes.len() == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// });
    /// assert_eq!((count.solutions, count.end), (3, End::Stopped));
    /// assert!(sizes.iter().all(|&k| (2..=4).contains(&k)));
    ///
    /// // With colors: Knuth's example for DLX2 has one solution, giving x color A.
    /// let named = NamedProblem::parse("p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n")?;
    /// let mut colors = Vec::new();
    /// Dlx::new(named.problem()).for_each_solution(|solution| {
    ///     for (item, color) in solution.colors() {
    ///         colors.push(format!("{}:{}", named.item_name(item), named.color_name(color)));
    ///     }
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(colors, ["x:A"]);
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn for_each_solution<F>(&mut self, visit: F) -> Count
    where
        F: FnMut(Solution<'_>) -> ControlFlow<()>,
    {
        let watch = self.watch.clone();
        let progress = watch.as_deref().map(|p| (p, WATCH_NODES));
        self.for_each_solution_reporting(None, progress, visit)
    }

    /// [`for_each_solution`](Self::for_each_solution), stopping after
    /// `limit` solutions if given ([`End::LimitReached`]), reporting into
    /// `progress` (if given) every `chunk` nodes as the one thread of a
    /// run and stopping when it is stopped: also
    /// [`Dlx::for_each_solution_parallel`] on one thread.
    pub(crate) fn for_each_solution_reporting<F>(
        &mut self,
        limit: Option<u64>,
        progress: Option<(&Progress, u64)>,
        mut visit: F,
    ) -> Count
    where
        F: FnMut(Solution<'_>) -> ControlFlow<()>,
    {
        self.start();
        let on_bits = self.hands_over_on_bits();
        let mut report = progress.map(|(p, chunk)| ToProgress::start(p, chunk));
        self.pause_to_look(report.as_ref());
        let mut solutions = 0;
        let end = loop {
            if limit.is_some_and(|l| solutions >= l) {
                break End::LimitReached;
            }
            if let Some(end) = self.next_solution(report.as_mut(), on_bits) {
                break end;
            }
            solutions += 1;
            if !on_bits {
                self.search.solution(&mut self.solution);
            }
            if visit(self.current()).is_break() {
                break End::Stopped;
            }
        };
        self.stop_looking(report, end);
        self.stop();
        Count { solutions, end }
    }

    /// Runs the started search to its next solution (`None`) or to its end
    /// (`Some`), looking at its progress at each pause of a watched search
    /// (`report`, [`set_progress`](Self::set_progress)): the one loop of
    /// [`count`](Self::count) and
    /// [`for_each_solution`](Self::for_each_solution).
    fn next_solution(
        &mut self,
        mut report: Option<&mut ToProgress<'_>>,
        on_bits: bool,
    ) -> Option<End> {
        loop {
            let event = if on_bits {
                self.advance_on_bits()
            } else {
                self.search.advance(&mut self.stats, self.budget)
            };
            match event {
                Event::Solution => return None,
                Event::Paused if report.is_some() => {
                    if self.look(report.as_deref_mut(), on_bits) {
                        return Some(End::Stopped);
                    }
                    self.pause_to_look(report.as_deref());
                }
                Event::Exhausted | Event::Frontier | Event::Paused => return Some(End::Exhausted),
                Event::BudgetExhausted => return Some(End::BudgetExhausted),
            }
        }
    }

    /// Ends a watched search's looking (if `report`): no more pauses, and
    /// the last figures reported with the search's `end`.
    fn stop_looking(&mut self, report: Option<ToProgress<'_>>, end: End) {
        if let Some(report) = report {
            self.search.pause_at(u64::MAX);
            report.finish(&self.stats, end);
        }
    }

    /// For a watched search (`report`: [`set_progress`](Self::set_progress),
    /// or a run on one thread), at its start and after each look: makes it
    /// pause the report's chunk of nodes on ([`WATCH_NODES`] for a
    /// watched solver), to look at its progress.
    fn pause_to_look(&mut self, report: Option<&ToProgress<'_>>) {
        if let Some(report) = report {
            self.search
                .pause_at(self.stats.nodes.saturating_add(report.chunk()));
        }
    }

    /// At a watched search's pause: tells `report` the figures so far, and
    /// whether the progress asks the search to stop.
    fn look(&self, report: Option<&mut ToProgress<'_>>, on_bits: bool) -> bool {
        report.is_some_and(|report| {
            let done = self.done_when_paused(on_bits);
            report.report(self.stats.nodes, self.stats.solutions, done)
        })
    }

    /// Knuth's estimate of the part of the tree a paused search has done,
    /// on bitsets (`on_bits`) or on the links.
    fn done_when_paused(&self, on_bits: bool) -> f64 {
        if on_bits {
            let bits = self.bits.as_deref();
            bits.and_then(Bits::paused_progress).unwrap_or(0.0)
        } else {
            self.search.progress(0)
        }
    }

    /// [`done_when_paused`](Self::done_when_paused) for the search of a
    /// solution iterator, paused.
    pub(crate) fn done_so_far(&self) -> f64 {
        self.done_when_paused(self.hands_over_on_bits())
    }

    /// The first solution in search order.
    ///
    /// ```
    /// use dlx_engine::{First, NamedProblem, Dlx};
    /// let named = NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let mut solver = Dlx::new(named.problem());
    /// let First::Solution(options) = solver.first_solution() else { panic!("a tiling") };
    /// assert!(named.problem().is_solution(&options));
    /// // Knuth's leftmost order tries the first option of item `a` first.
    /// assert_eq!(named.display_solution(&options).to_string(), "a\nb\nc\nd\n");
    /// let none = NamedProblem::parse("a b\na\n")?;
    /// assert_eq!(Dlx::new(none.problem()).first_solution(), First::NoSolution);
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn first_solution(&mut self) -> First {
        self.start();
        let on_bits = self.hands_over_on_bits();
        let first = match self.advance_solutions(on_bits) {
            Event::Solution => First::Solution(self.solution.clone()),
            Event::Exhausted | Event::Frontier | Event::Paused => First::NoSolution,
            Event::BudgetExhausted => First::BudgetExhausted,
        };
        self.stop();
        first
    }

    /// Whether there is no solution, exactly one, or several (the first two
    /// found are returned); the search stops at the second solution.
    ///
    /// ```
    /// use dlx_engine::{NamedProblem, Dlx, Uniqueness};
    /// let named = NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let mut solver = Dlx::new(named.problem());
    /// let Uniqueness::Multiple(one, two) = solver.uniqueness() else { panic!("five tilings") };
    /// assert_ne!(one, two);
    /// solver.select(dlx_engine::OptionId::new(5).unwrap())?; // b and c together leave one tiling
    /// assert!(solver.uniqueness().is_unique());
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn uniqueness(&mut self) -> Uniqueness {
        self.start();
        let on_bits = self.hands_over_on_bits();
        let answer = match self.advance_solutions(on_bits) {
            Event::Solution => {
                let first = self.solution.clone();
                match self.advance_solutions(on_bits) {
                    Event::Solution => Uniqueness::Multiple(first, self.solution.clone()),
                    Event::Exhausted | Event::Frontier | Event::Paused => Uniqueness::Unique(first),
                    Event::BudgetExhausted => Uniqueness::BudgetExhausted,
                }
            }
            Event::Exhausted | Event::Frontier | Event::Paused => Uniqueness::NoSolution,
            Event::BudgetExhausted => Uniqueness::BudgetExhausted,
        };
        self.stop();
        answer
    }

    /// Runs the search to its next solution (written into the solution
    /// buffer), the end of the tree, or the budget.
    pub(crate) fn advance(&mut self) -> Event {
        let event = self.search.advance(&mut self.stats, self.budget);
        if event == Event::Solution {
            self.search.solution(&mut self.solution);
        }
        event
    }

    /// Ends a search that was paused: restores the links, and gives up a
    /// search paused on bitsets.
    pub(crate) fn stop(&mut self) {
        self.search.unwind();
        if let Some(bits) = self.bits.as_deref_mut() {
            bits.give_up_paused();
        }
    }

    /// Which of Knuth's algorithms the solver runs: that of the problem's
    /// [`Kind`].
    ///
    /// ```
    /// let named = dlx_engine::NamedProblem::parse("a 2|b | x\na b x:A\nb\n")?;
    /// assert_eq!(dlx_engine::Dlx::new(named.problem()).kind(), dlx_engine::Kind::Multiplicities);
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    #[must_use]
    pub fn kind(&self) -> Kind {
        self.search.kind()
    }

    /// Which search the solver runs with its current settings: the loop on
    /// the links and whether [`count`](Self::count) runs on dancing cells.
    /// A diagnostic (`sudoku-dlx cover --stats` prints it): decided in one
    /// place from the problem's kind, colors and option widths, the
    /// [seed](Self::set_seed) and [forced-first](Self::set_forced_first);
    /// see docs/architecture.md for what each path is.
    ///
    /// ```
    /// use dlx_engine::{Dlx, LinksLoop, NamedProblem};
    /// let named = NamedProblem::parse("a b | x\na x\nb\na b\n")?;
    /// let mut solver = Dlx::new(named.problem());
    /// assert!(solver.path().counts_on_cells()); // secondary items
    /// solver.set_forced_first(true);
    /// assert_eq!(solver.path().links, LinksLoop::ForcedFirst);
    /// assert!(!solver.path().counts_on_cells());
    /// let path = solver.path().to_string();
    /// assert_eq!(path, "Algorithm X, forced-first, on dancing links");
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    #[must_use]
    pub fn path(&self) -> SearchPath {
        self.search.path_for(self.seed.is_some())
    }

    /// Knuth's `sanity()`: checks the invariants of every active link.
    ///
    /// # Errors
    ///
    /// A description of the first broken invariant.
    ///
    /// ```
    /// let named = dlx_engine::NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n")?;
    /// let mut solver = dlx_engine::Dlx::new(named.problem());
    /// let mut solutions = solver.solutions();
    /// solutions.next();
    /// drop(solutions);
    /// assert_eq!(solver.check_invariants(), Ok(()));
    /// assert!(solver.links_match(named.problem()));
    /// # Ok::<(), dlx_engine::DlxError>(())
    /// ```
    pub fn check_invariants(&self) -> Result<(), String> {
        self.search.check()
    }

    /// Whether the links are exactly those [`Dlx::new`] builds for
    /// `problem`: a test that every search and [`reset`](Self::reset)
    /// restored what it changed. Meant for tests and fuzzing; it builds a
    /// fresh matrix to compare with. See [`check_invariants`](Self::check_invariants)'s
    /// example.
    #[must_use]
    pub fn links_match(&self, problem: &Problem) -> bool {
        self.search.links_match(problem)
    }

    /// Prepares a new search from the current pre-selections.
    pub(crate) fn start(&mut self) {
        self.search.start(self.seed);
        if let Some(bits) = self.bits.as_deref_mut() {
            bits.give_up_paused();
        }
        if let Some(bits) = self.bounded_bits.as_deref_mut() {
            bits.give_up_paused();
        }
        self.stats.clear();
    }
}
