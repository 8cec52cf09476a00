//! The reusable solver: one matrix per rules, many puzzles. Its counts are
//! in `counting`.

mod counting;

pub use counting::Tally;

use std::ops::ControlFlow;
use std::sync::Arc;

use dlx_engine::{Budget, Count, End, First, Progress, SplitMix64, Stats};

use crate::model::error::Error;
use crate::model::geometry::Geometry;
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::model::rules::Rules;
use crate::solve::backend::{Backend, Method, SearchOptions};
use crate::solve::bitsets::Bitsets;
use crate::solve::classic::Classic;
use crate::solve::completion::{Restarts, seeded_rows, seeds_rows};
use crate::solve::engine::{Engine, Forms, Operation, engine_for};
use crate::solve::links::Links;
use crate::solve::session::{Planted, Session};

/// Nodes a parallel count searches on the calling thread before it spreads
/// the search: most puzzles end within them, and then no thread is started
/// and nothing is split.
pub(crate) const FIRST_LOOK: u64 = 1 << 14;

/// A solver for every puzzle of one [`Rules`]: it builds the exact-cover
/// matrix once, and for each puzzle lays out in it only what the givens
/// leave (as Knuth's `sudoku2dlx` does) and searches, so nothing on the
/// per-puzzle path rebuilds the matrix or allocates per search node.
///
/// Each search runs on one of three [`Engine`]s: dancing links on the
/// engine for every grid, bitsets for grids of at most 128 cells (several
/// times faster), and on plain 9x9 a band board for counts to a limit. The
/// table on [`Engine`] says which runs when; the tests hold them to the
/// same answers.
///
/// ```
/// use sudoku_dlx::{check_solution, First, ParseOptions, Puzzle, Solver};
/// let puzzle = Puzzle::parse(
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
///     &ParseOptions::default(),
/// )?;
/// let mut solver = Solver::new(puzzle.rules());
/// let First::Solution(grid) = solver.solve(&puzzle)? else { panic!("solvable") };
/// assert_eq!(check_solution(&puzzle, &grid), Ok(()));
/// assert_eq!(solver.count(&puzzle, Some(2))?.solutions, 1);
/// assert!(solver.stats().nodes > 0);
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    rules: Rules,
    /// The units and peers of the rules, shared with whatever else works on
    /// them beside this solver (a generator's proofs, a rater's techniques).
    geometry: Arc<Geometry>,
    /// The dancing-links backend, built on first use: a grid the bitsets
    /// solve may never need it, and a jigsaw batch builds a solver per map.
    links: Option<Links>,
    /// The statistics before any search.
    no_stats: Stats,
    /// The bitset backend, if the grid has a bitset form.
    bitsets: Option<Bitsets>,
    /// The classic counter on the band board, for plain 9x9 rules.
    classic: Option<Classic>,
    /// The method, budget and seed of searches that do not say otherwise.
    options: SearchOptions,
    /// Which engine ran the last search, for [`stats`](Self::stats);
    /// `None` before the first.
    ran: Option<Engine>,
    /// What ends a count early ([`set_stop`](Self::set_stop)).
    stop: Option<Arc<Progress>>,
    /// The givens of the last search whose givens clashed, and the clash,
    /// so that [`clash`](Self::clash) names it without loading them again.
    last_clash: Option<(Vec<u8>, Error)>,
}

impl Solver {
    /// A solver for `rules`: the bitset form now, the exact-cover matrix
    /// when a search first needs it (so a solver whose puzzles all run on
    /// bitsets never builds it). It cannot fail: every [`Shape`](crate::Shape)
    /// (up to 64x64, with every variant) fits the engine's indices.
    #[must_use]
    pub fn new(rules: &Rules) -> Solver {
        let geometry = Arc::new(Geometry::new(rules));
        // The bitsets know units, not sums: killer cages run on the engine.
        let bitsets = rules
            .cages()
            .map_or_else(|| Bitsets::new(&geometry), |_| None);
        let classic = (rules == &Rules::classic()).then(Classic::new);
        Solver {
            classic,
            rules: rules.clone(),
            links: None,
            no_stats: Stats::default(),
            bitsets,
            geometry,
            options: SearchOptions::default(),
            ran: None,
            stop: None,
            last_clash: None,
        }
    }

    /// The rules this solver is built for.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The engine backend, built now if this is its first use.
    fn links(&mut self) -> &mut Links {
        let Solver {
            rules,
            geometry,
            links,
            stop,
            ..
        } = self;
        links.get_or_insert_with(|| {
            let mut links = Links::new(rules, geometry);
            links.set_stop(stop.clone());
            links
        })
    }

    /// The units and peers of the rules.
    pub(crate) fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// Limits every later search ([`Budget::UNLIMITED`] removes the limit).
    /// A node budget holds on every [`Engine`]; an update budget makes
    /// [`Method::Auto`] use links, which count link updates ([`Engine`]).
    pub fn set_budget(&mut self, budget: Budget) {
        self.options.budget = budget;
    }

    /// Makes later searches stop early once `stop` is stopped
    /// ([`Progress::stop`], from any thread, e.g. a Ctrl-C handler): a count
    /// ([`count`](Self::count), [`tally`](Self::tally),
    /// [`count_parallel`](Self::count_parallel)) then holds the solutions
    /// found so far and ends with [`End::Stopped`],
    /// not exact, as a count a budget ends does;
    /// [`for_each_solution`](Self::for_each_solution) ends with
    /// `End::Stopped` after the solutions it handed out; [`solve`](Self::solve)
    /// and [`uniqueness`](Self::uniqueness) without their answer end as a
    /// budget ends them (`BudgetExhausted`). Every [`Engine`] looks at it
    /// every few thousand nodes, not at each. `None` (the default) removes it. On
    /// [`Engine::Links`] the engine also reports its nodes and solutions
    /// to `stop` as it goes ([`dlx_engine::Dlx::set_progress`]).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use sudoku_dlx::{End, Progress, Puzzle, Rules, Solver};
    /// let empty = Puzzle::empty(Rules::classic());
    /// let mut solver = Solver::new(empty.rules());
    /// let stop = Arc::new(Progress::new());
    /// solver.set_stop(Some(Arc::clone(&stop)));
    /// stop.stop(); // as a signal handler would, while the count runs
    /// let count = solver.count(&empty, None)?;
    /// assert_eq!(count.end, End::Stopped);
    /// assert!(!count.is_exact());
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    pub fn set_stop(&mut self, stop: Option<Arc<Progress>>) {
        if let Some(bitsets) = &mut self.bitsets {
            bitsets.set_stop(stop.clone());
        }
        if let Some(links) = &mut self.links {
            links.set_stop(stop.clone());
        }
        self.stop = stop;
    }

    /// With `Some(seed)`, later searches try cells and digits in an order
    /// drawn from `seed` (the same seed gives the same result): on links,
    /// unless the method is [`Method::Bitsets`] ([`Engine`]). With `None`,
    /// the deterministic order.
    pub fn set_seed(&mut self, seed: Option<u64>) {
        self.options.seed = seed;
    }

    /// Chooses how later searches run ([`Method::Auto`] by default).
    pub fn set_method(&mut self, method: Method) {
        self.options.method = method;
    }

    /// The engine a search of `operation` runs on with this solver's
    /// rules, method, seed and budget, by the table on [`Engine`] (givens
    /// that clash end on [`Engine::Links`], which names the clash).
    ///
    /// ```
    /// use sudoku_dlx::{Engine, Method, Operation, Rules, Shape, Solver};
    /// let mut solver = Solver::new(&Rules::classic());
    /// assert_eq!(solver.engine_for(Operation::Solve), Engine::Bitsets);
    /// assert_eq!(solver.engine_for(Operation::CountToLimit), Engine::Bands);
    /// solver.set_method(Method::DancingLinks);
    /// assert_eq!(solver.engine_for(Operation::CountToLimit), Engine::Links);
    /// let sixteen = Solver::new(&Rules::new(Shape::from_size(16)?));
    /// assert_eq!(sixteen.engine_for(Operation::Solve), Engine::Links);
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    #[must_use]
    pub fn engine_for(&self, operation: Operation) -> Engine {
        self.choose(operation, &self.options)
    }

    /// The engine the last search ran on, which [`stats`](Self::stats)
    /// describe; `None` before the first search.
    ///
    /// ```
    /// use sudoku_dlx::{Engine, Puzzle, Solver};
    /// let puzzle: Puzzle = "1234341221434321".parse()?;
    /// let mut solver = Solver::new(puzzle.rules());
    /// assert_eq!(solver.last_engine(), None);
    /// solver.count(&puzzle, Some(2))?;
    /// assert_eq!(solver.last_engine(), Some(Engine::Bitsets));
    /// let clash: Puzzle = "11..............".parse()?;
    /// assert_eq!(solver.count(&clash, Some(2))?.solutions, 0);
    /// assert_eq!(solver.last_engine(), Some(Engine::Links)); // it finds the clash
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    #[must_use]
    pub fn last_engine(&self) -> Option<Engine> {
        self.ran
    }

    /// The method, budget and seed set on this solver.
    pub(crate) fn options(&self) -> SearchOptions {
        self.options
    }

    /// The engine `operation` runs on under `options`: [`engine_for`] on
    /// the engines that have a form of these rules.
    pub(crate) fn choose(&self, operation: Operation, options: &SearchOptions) -> Engine {
        let forms = Forms {
            bitsets: self.bitsets.is_some(),
            bands: self.classic.is_some(),
        };
        engine_for(operation, forms, options)
    }

    /// The statistics of the last search: nodes, updates, solutions and the
    /// per-level profile, in the terms of the [`Engine`] that ran it
    /// ([`last_engine`](Self::last_engine)). On links these are Knuth's
    /// (nodes entered, link removals); on bitsets and bands a node is a
    /// board branched on or found complete, after all forced moves, and an
    /// update is one digit placed.
    #[must_use]
    pub fn stats(&self) -> &Stats {
        let stats = match self.ran {
            Some(Engine::Bitsets) => self.bitsets.as_ref().map(Bitsets::stats),
            Some(Engine::Bands) => self.classic.as_ref().map(Classic::stats),
            Some(Engine::Links) => self.links.as_ref().map(Links::stats),
            None => None,
        };
        stats.unwrap_or(&self.no_stats)
    }

    /// Runs `search` on the givens of `puzzle` on `engine` (links or
    /// bitsets), handing givens the bitsets find clashing on to links,
    /// which name the clash as the error.
    fn run<T>(
        &mut self,
        puzzle: &Puzzle,
        engine: Engine,
        search: impl FnOnce(&mut dyn Backend) -> T,
    ) -> Result<T, Error> {
        if puzzle.rules() != &self.rules {
            return Err(Error::RulesMismatch);
        }
        let digits = puzzle.givens().digits();
        if engine == Engine::Bitsets
            && let Some(bitsets) = &mut self.bitsets
            && bitsets.load(digits)
        {
            self.ran = Some(Engine::Bitsets);
            return Ok(search(bitsets));
        }
        self.ran = Some(Engine::Links);
        // The givens stay selected after the search: the next `load`
        // replaces them at once, and every other use of the engine (a
        // session, a planted stack) clears it first.
        let links = self.links();
        let loaded = links.load(digits);
        if let Err(clash @ Error::ConflictingGivens { .. }) = &loaded {
            self.last_clash = Some((digits.to_vec(), clash.clone()));
        }
        loaded.map(|()| search(self.links()))
    }

    /// The first solution, or why there is none.
    ///
    /// An empty grid above 16x16 with rows, columns and boxes only is
    /// completed otherwise, from the solver's seed (0 when none is set):
    /// two thirds of the bands from a shuffled pattern grid, the rest by a
    /// randomized search restarted under growing node budgets, which the
    /// solver's budget bounds together. A plain search of those grids is
    /// heavy-tailed and runs for minutes on some sizes (64x64, 60x60).
    /// [`stats`](Self::stats) then describe the last try.
    ///
    /// ```
    /// use sudoku_dlx::{check_solution, First, Puzzle, Rules, Shape, Solver};
    /// let rules = Rules::new(Shape::from_size(36)?);
    /// let empty = Puzzle::empty(rules.clone());
    /// let First::Solution(grid) = Solver::new(&rules).solve(&empty)? else { panic!("a grid") };
    /// assert_eq!(check_solution(&empty, &grid), Ok(()));
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    ///
    /// # No solution
    ///
    /// Every puzzle without a solution answers `Ok(First::NoSolution)`,
    /// givens that break a rule (two 5s in a row) as well as givens that
    /// only the search rules out; so do [`count`](Self::count) (an exact
    /// 0), [`uniqueness`](Self::uniqueness) and
    /// [`for_each_solution`](Self::for_each_solution). An error is never an
    /// answer about the puzzle's solutions. [`clash`](Self::clash) says
    /// which givens clash, for a caller that reports why.
    ///
    /// ```
    /// use sudoku_dlx::{First, Puzzle, Solver};
    /// let mut solver = Solver::new(&sudoku_dlx::Rules::new(sudoku_dlx::Shape::from_size(4)?));
    /// let clash: Puzzle = "11..............".parse()?; // two 1s in the top row
    /// let ruled_out: Puzzle = "12........3...4.".parse()?; // no digit is left for r1c3
    /// assert_eq!(solver.solve(&clash)?, First::NoSolution);
    /// assert_eq!(solver.solve(&ruled_out)?, First::NoSolution);
    /// assert!(solver.clash(&clash)?.is_some());
    /// assert_eq!(solver.clash(&ruled_out)?, None);
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::RulesMismatch`] for a puzzle of other rules.
    pub fn solve(&mut self, puzzle: &Puzzle) -> Result<First<Grid>, Error> {
        no_clash(self.solve_or_clash(puzzle), First::NoSolution)
    }

    /// Why `puzzle` has no solution, when its givens break a rule: the
    /// [`Error::ConflictingGivens`] that names the first given, in
    /// row-major order, that clashes with an earlier one, the earlier one,
    /// their digit and the unit they share; `None` when no two givens
    /// clash (the puzzle may still have no solution).
    ///
    /// ```
    /// use sudoku_dlx::{Error, Puzzle, Solver, Unit};
    /// let clash: Puzzle = "1....1..........".parse()?; // r1c1 and r2c2
    /// let mut solver = Solver::new(clash.rules());
    /// let Some(Error::ConflictingGivens { unit, digit, .. }) = solver.clash(&clash)? else {
    ///     panic!("a clash")
    /// };
    /// assert_eq!((unit, digit), (Unit::Box, 1));
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::RulesMismatch`] for a puzzle of other rules.
    pub fn clash(&mut self, puzzle: &Puzzle) -> Result<Option<Error>, Error> {
        if puzzle.rules() != &self.rules {
            return Err(Error::RulesMismatch);
        }
        let digits = puzzle.givens().digits();
        // The cheap answers first: the clash of the last search, or givens
        // the bitsets load, which therefore do not clash.
        if let Some((givens, clash)) = &self.last_clash
            && givens == digits
        {
            return Ok(Some(clash.clone()));
        }
        if let Some(bitsets) = &mut self.bitsets
            && bitsets.load(digits)
        {
            return Ok(None);
        }
        match self.links().load(digits) {
            Ok(()) => Ok(None),
            Err(clash @ Error::ConflictingGivens { .. }) => Ok(Some(clash)),
            Err(e) => Err(e),
        }
    }

    /// [`solve`](Self::solve), but clashing givens are
    /// [`Error::ConflictingGivens`]: for the rater and explainer, which
    /// refuse such puzzles.
    pub(crate) fn solve_or_clash(&mut self, puzzle: &Puzzle) -> Result<First<Grid>, Error> {
        let options = self.options;
        if puzzle.rules() == &self.rules
            && seeds_rows(&self.rules)
            && puzzle.givens().filled_count() == 0
        {
            let mut rng = SplitMix64::new(options.seed.unwrap_or(0));
            return self.complete(&options, &mut rng);
        }
        self.solve_with(puzzle, &options)
    }

    /// A complete grid of the rules, drawn with `rng`: on grids that
    /// [`seeds_rows`] accepts, two thirds of the bands from a shuffled
    /// pattern grid ([`seeded_rows`]) and the rest from a randomized search,
    /// restarted with a new draw of both whenever a try uses up its budget
    /// ([`Restarts`]); on other grids one randomized search. `options`'
    /// node budget bounds all tries together.
    ///
    /// A seeded start that has no completion (which the checks in
    /// [`seeds_rows`] are there to rule out) is not taken as an answer:
    /// the search then runs once more without seeds, so `NoSolution`
    /// always means the rules admit no grid.
    pub(crate) fn complete(
        &mut self,
        options: &SearchOptions,
        rng: &mut SplitMix64,
    ) -> Result<First<Grid>, Error> {
        let mut start = Puzzle::empty(self.rules.clone());
        let random = |rng: &mut SplitMix64, max_nodes: Option<u64>| SearchOptions {
            budget: Budget {
                max_nodes,
                ..options.budget
            },
            seed: Some(rng.next_u64()),
            ..*options
        };
        if seeds_rows(&self.rules) {
            let shape = self.rules.shape();
            let mut spent: u64 = 0;
            for try_nodes in Restarts::new(shape) {
                let left = options
                    .budget
                    .max_nodes
                    .map(|cap| cap.saturating_sub(spent));
                if left == Some(0) {
                    return Ok(First::BudgetExhausted);
                }
                start
                    .givens_mut()
                    .digits_mut()
                    .copy_from_slice(&seeded_rows(shape, rng));
                let tried = random(rng, Some(left.map_or(try_nodes, |l| l.min(try_nodes))));
                match self.solve_with(&start, &tried)? {
                    First::Solution(grid) => return Ok(First::Solution(grid)),
                    First::BudgetExhausted
                        if self.stop.as_ref().is_some_and(|s| s.is_stopped()) =>
                    {
                        return Ok(First::BudgetExhausted);
                    }
                    First::BudgetExhausted => spent = spent.saturating_add(self.stats().nodes),
                    First::NoSolution => break,
                }
            }
            let left = options
                .budget
                .max_nodes
                .map(|cap| cap.saturating_sub(spent));
            start.givens_mut().digits_mut().fill(0);
            let tried = random(rng, left);
            return self.solve_with(&start, &tried);
        }
        let tried = random(rng, options.budget.max_nodes);
        self.solve_with(&start, &tried)
    }

    /// [`solve`](Self::solve) with `options` instead of the solver's.
    pub(crate) fn solve_with(
        &mut self,
        puzzle: &Puzzle,
        options: &SearchOptions,
    ) -> Result<First<Grid>, Error> {
        let engine = self.choose(Operation::Solve, options);
        self.run(puzzle, engine, |backend| backend.first(options))
    }
    /// Calls `visit` with each solution until it returns
    /// [`ControlFlow::Break`] or the search ends; the grid is reused, so
    /// nothing is allocated per solution.
    ///
    /// # Errors
    ///
    /// As for [`solve`](Self::solve): a puzzle whose givens clash has no
    /// solution, an exact count of 0.
    pub fn for_each_solution<F>(&mut self, puzzle: &Puzzle, visit: F) -> Result<Count, Error>
    where
        F: FnMut(&Grid) -> ControlFlow<()>,
    {
        no_clash(self.for_each_or_clash(puzzle, visit), NO_SOLUTION)
    }

    /// [`for_each_solution`](Self::for_each_solution), but clashing givens
    /// are [`Error::ConflictingGivens`].
    pub(crate) fn for_each_or_clash<F>(
        &mut self,
        puzzle: &Puzzle,
        mut visit: F,
    ) -> Result<Count, Error>
    where
        F: FnMut(&Grid) -> ControlFlow<()>,
    {
        let options = self.options;
        let engine = self.choose(Operation::Solve, &options);
        self.run(puzzle, engine, |backend| {
            backend.for_each(&options, &mut visit)
        })
    }

    /// An incremental session on the dancing-links engine: givens pushed
    /// and popped one at a time, for a caller that tries many puzzles
    /// differing in a few givens (a generator removing clues). The engine
    /// is cleared first and again when the session is dropped, so the
    /// solver's other methods always start from no givens.
    ///
    /// ```
    /// use sudoku_dlx::{Error, Rules, Solver};
    /// let mut solver = Solver::new(&Rules::classic());
    /// let mut session = solver.session();
    /// session.push(0, 5)?;
    /// session.push(1, 3)?;
    /// assert!(session.push(2, 5).is_err()); // two 5s in the top row
    /// assert!(matches!(session.push(81, 1), Err(Error::IndexOffGrid { index: 81, size: 9 })));
    /// assert_eq!(session.pop(), Some((1, 3)));
    /// assert_eq!(session.givens(), &[(0, 5)]);
    /// assert_eq!(session.count(Some(2)).solutions, 2);
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    pub fn session(&mut self) -> Session<'_> {
        let options = self.options;
        self.ran = Some(self.choose(Operation::Session, &options));
        let links = self.links();
        links.clear();
        Session::new(links, options)
    }

    /// A stack of cells of `solution` (row-major digits of a complete grid
    /// of these rules), for a generator that blanks cells of a unique
    /// puzzle and asks whether it stays unique: on the engine the solver's
    /// own options pick for [`Operation::CountToLimit`], with its budget.
    /// Cleared first and when dropped.
    pub(crate) fn planted<'s>(&'s mut self, solution: &'s [u8]) -> Planted<'s> {
        let options = self.options;
        let engine = self.choose(Operation::CountToLimit, &options);
        let Solver {
            rules,
            geometry,
            links,
            bitsets,
            classic,
            ran,
            ..
        } = self;
        match (engine, classic, bitsets) {
            (Engine::Bands, Some(classic), _) => {
                *ran = Some(Engine::Bands);
                Planted::classic(classic, solution, options)
            }
            (Engine::Bitsets, _, Some(bitsets)) => {
                *ran = Some(Engine::Bitsets);
                Planted::new(bitsets, solution, options)
            }
            _ => {
                *ran = Some(Engine::Links);
                let links = links.get_or_insert_with(|| Links::new(rules, geometry));
                Planted::new(links, solution, options)
            }
        }
    }
}

/// The count of a puzzle without a solution.
pub(crate) const NO_SOLUTION: Count = Count {
    solutions: 0,
    end: End::Exhausted,
};

/// `result` with clashing givens read as `none`, the answer for a puzzle
/// without a solution: the one path for "no solution".
pub(crate) fn no_clash<T>(result: Result<T, Error>, none: T) -> Result<T, Error> {
    match result {
        Err(Error::ConflictingGivens { .. }) => Ok(none),
        other => other,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use dlx_engine::{End, Parallel};

    use super::*;
    use crate::{GenerateOptions, Generator, Shape, Variants, puzzle_seed};

    /// A stop stopped from another thread ends a count of the empty grid
    /// (about 6.7e21 solutions) on every engine and on threads, with the
    /// solutions found so far and `End::Stopped`; an unstopped one leaves
    /// a count as it was.
    #[test]
    fn a_stop_ends_every_count_with_what_it_found() {
        let empty = Puzzle::empty(Rules::classic());
        let cases = [
            (Method::Auto, Some(u64::MAX), Engine::Bands, 1),
            (Method::Auto, None, Engine::Bitsets, 1),
            (Method::Auto, None, Engine::Bitsets, 2),
            (Method::DancingLinks, None, Engine::Links, 1),
            (Method::DancingLinks, None, Engine::Links, 2),
        ];
        for (method, limit, engine, threads) in cases {
            let mut solver = Solver::new(empty.rules());
            solver.set_method(method);
            // So that a stop not looked at fails the test, not hangs it: a
            // budget of a minute of this build's nodes. (A fixed 20 M nodes
            // ran out before the stop in an optimised build: the stop comes
            // after up to 3 s, since not every engine publishes its
            // solutions to the progress.)
            solver.set_budget(Budget::nodes(1_000_000));
            let start = std::time::Instant::now();
            let sample = solver.count(&empty, None).unwrap();
            assert_eq!(sample.end, End::BudgetExhausted);
            // 10^6 nodes took this many microseconds: a minute is 6 * 10^13 / it.
            let micros = start.elapsed().as_micros().max(1);
            let minute = u64::try_from(60_000_000_000_000 / micros).unwrap_or(u64::MAX);
            solver.set_budget(Budget::nodes(minute.max(20_000_000)));
            let stop = Arc::new(Progress::new());
            solver.set_stop(Some(Arc::clone(&stop)));
            let puzzle: Puzzle =
                "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                    .parse()
                    .unwrap();
            let unique = solver.count(&puzzle, Some(2)).unwrap();
            assert_eq!((unique.solutions, unique.end), (1, End::Exhausted));
            let count = std::thread::scope(|scope| {
                // Stopped as soon as the count has something to keep (or
                // after 3 s), not after a fixed time: on a loaded machine a
                // thread may not have run at all by then, and an optimised
                // build spends the budget's 20 M nodes in well under 100 ms
                // (a first wait of 100 ms failed this test at opt-level 1).
                scope.spawn(|| {
                    let start = std::time::Instant::now();
                    while stop.solutions() == 0
                        && start.elapsed() < std::time::Duration::from_secs(3)
                    {
                        std::thread::sleep(std::time::Duration::from_millis(1));
                    }
                    stop.stop();
                });
                if threads == 1 {
                    solver.count(&empty, limit)
                } else {
                    solver.count_parallel(&empty, &Parallel::new().with_threads(threads), limit)
                }
            })
            .unwrap();
            let case = format!("{method:?} {limit:?} on {threads} threads: {count:?}");
            assert_eq!(solver.last_engine(), Some(engine), "{case}");
            assert_eq!(count.end, End::Stopped, "{case}");
            assert!(count.solutions > 0 && !count.is_exact(), "{case}");
        }
    }

    /// A regression test for issue 39: a stop ended counts only, so a
    /// Ctrl-C left a running solve to finish. It ends a listing (the
    /// solutions so far, `End::Stopped`), a solve and a uniqueness check
    /// (as a budget does) on every engine that runs them, within a few
    /// thousand nodes; without it, the same solver finds the answer.
    #[test]
    fn a_stop_ends_every_search() {
        use crate::Uniqueness;
        // 14,993 nodes on links to its first solution.
        let hard: Puzzle =
            "..3......4...8..36..8...1...4..6..73...9..........2..5..4.7..686........7..6..5.."
                .parse()
                .unwrap();
        let empty = Puzzle::empty(Rules::classic());
        for method in [Method::Auto, Method::DancingLinks] {
            let mut solver = Solver::new(empty.rules());
            solver.set_method(method);
            // So that a stop not looked at fails the test, not hangs it.
            solver.set_budget(Budget::nodes(20_000_000));
            let stop = Arc::new(Progress::new());
            stop.stop();
            solver.set_stop(Some(Arc::clone(&stop)));
            let listed = solver
                .for_each_solution(&empty, |_| ControlFlow::Continue(()))
                .unwrap();
            assert_eq!(listed.end, End::Stopped, "{method:?}");
            assert!(listed.solutions > 0, "{method:?}");
            if method == Method::DancingLinks {
                // Bitsets solve it in fewer nodes than a look takes.
                assert!(matches!(solver.solve(&hard), Ok(First::BudgetExhausted)));
                assert!(matches!(
                    solver.uniqueness(&hard),
                    Ok(Uniqueness::BudgetExhausted)
                ));
            }
            solver.set_stop(None);
            assert!(matches!(solver.solve(&hard), Ok(First::Solution(_))));
            assert!(matches!(
                solver.uniqueness(&hard),
                Ok(Uniqueness::Unique(_))
            ));
        }
    }

    /// Whether `givens` have `solution` as their only solution, by a
    /// planted stack of `solver`, given that they do with `blanked` filled.
    pub(crate) fn unique_without(
        solver: &mut Solver,
        solution: &[u8],
        givens: &[u8],
        blanked: &[usize],
    ) -> Option<bool> {
        let mut planted = solver.planted(solution);
        let cells: Vec<usize> = (0..givens.len()).filter(|&i| givens[i] != 0).collect();
        planted.push(&cells).unwrap();
        planted.unique_without(blanked)
    }

    /// Puzzles with thousands of solutions, counted on several threads by
    /// either backend, past the first look on one thread (so the engine's
    /// threads start from the givens pre-selected): the count and
    /// statistics of the count alone (its updates at most the threads').
    #[test]
    fn count_parallel_counts_as_count_does() {
        let mut past_first_look = 0;
        for (n, blanks) in [(9, 58), (16, 150)] {
            let rules = Rules::new(Shape::from_size(n).unwrap());
            let mut generator = Generator::new(&rules, GenerateOptions::default());
            for k in 0..2 {
                let mut digits = generator
                    .complete_grid(puzzle_seed(5, k))
                    .unwrap()
                    .digits()
                    .to_vec();
                for step in 0..blanks {
                    digits[(step * 37 + usize::try_from(k).unwrap()) % (n * n)] = 0;
                }
                let givens = Grid::from_digits(rules.shape(), digits).unwrap();
                let text = givens.to_string();
                let puzzle = Puzzle::new(rules.clone(), givens).unwrap();
                for method in [Method::Auto, Method::DancingLinks] {
                    let mut solver = Solver::new(&rules);
                    solver.set_method(method);
                    let alone = solver.count(&puzzle, None).unwrap();
                    let stats = solver.stats().clone();
                    assert!(alone.solutions > 1, "{text}");
                    for threads in [1, 2, 3] {
                        let parallel = Parallel::new().with_threads(threads).with_chunk(64);
                        let spread = solver.count_parallel(&puzzle, &parallel, None).unwrap();
                        assert_eq!(spread, alone, "{text} {method:?} {threads}");
                        // The same tree; the threads enter leaves a count
                        // alone may count at once, without their updates
                        // (docs/decisions/leaves.md).
                        let (threaded, label) = (solver.stats(), (&text, method, threads));
                        assert_eq!(threaded.nodes, stats.nodes, "{label:?}");
                        assert_eq!(threaded.solutions, stats.solutions, "{label:?}");
                        assert_eq!(threaded.profile, stats.profile, "{label:?}");
                        assert!(threaded.updates >= stats.updates, "{label:?}");
                        let limited = solver.count_parallel(&puzzle, &parallel, Some(3)).unwrap();
                        assert_eq!(limited, solver.count(&puzzle, Some(3)).unwrap());
                    }
                    if stats.nodes > FIRST_LOOK {
                        past_first_look += 1;
                    }
                }
            }
        }
        assert!(past_first_look >= 3, "{past_first_look}");
    }

    /// Along a generator-like pass (orbits of two cells and single cells
    /// blanked while the puzzle stays unique), the bitsets' search for
    /// another solution, and on plain 9x9 the classic counter's (the
    /// default method there), answer as the engine's count to 2 does, with
    /// and without a node budget too small to finish.
    #[test]
    fn unique_without_agrees_on_every_backend() {
        let x = Variants {
            x: true,
            ..Variants::NONE
        };
        let cases = [4, 6, 9, 10]
            .map(|n| Rules::new(Shape::from_size(n).unwrap()))
            .into_iter()
            .chain([Rules::classic().with_variants(x)]);
        let (mut unique, mut not_unique) = (0, 0);
        for rules in cases {
            let mut generator = Generator::new(&rules, GenerateOptions::default());
            let mut bits = Solver::new(&rules);
            bits.set_method(Method::Bitsets);
            let mut links = Solver::new(&rules);
            links.set_method(Method::DancingLinks);
            let mut auto = Solver::new(&rules);
            let cells = rules.shape().cell_count();
            for k in 0..3 {
                let solution = generator.complete_grid(puzzle_seed(4, k)).unwrap();
                let solution = solution.digits();
                let mut givens = solution.to_vec();
                for step in 0..cells {
                    let i = (step * 37 + usize::try_from(k).unwrap()) % cells;
                    if givens[i] == 0 {
                        continue;
                    }
                    let pair = [i, cells - 1 - i];
                    let orbit: &[usize] = if step % 3 == 0 || pair[0] == pair[1] {
                        &pair[..1]
                    } else {
                        &pair
                    };
                    let mut tried = givens.clone();
                    for &c in orbit {
                        tried[c] = 0;
                    }
                    let counted = unique_without(&mut links, solution, &tried, orbit).unwrap();
                    for solver in [&mut bits, &mut auto] {
                        let answer = unique_without(solver, solution, &tried, orbit);
                        assert_eq!(answer, Some(counted), "{rules}: {tried:?}");
                        solver.set_budget(Budget::nodes(1));
                        let hurried = unique_without(solver, solution, &tried, orbit);
                        assert!(hurried.is_none() || hurried == Some(counted));
                        solver.set_budget(Budget::UNLIMITED);
                    }
                    if counted {
                        givens = tried;
                        unique += 1;
                    } else {
                        not_unique += 1;
                    }
                }
            }
        }
        assert!(unique > 50 && not_unique > 50, "{unique} / {not_unique}");
    }
}
