//! The reusable solver: one matrix per rules, many puzzles.

use std::ops::ControlFlow;
use std::sync::Arc;

use dlx::{Budget, Count, End, First, OptionId, SplitMix64, Stats};

use crate::bitwise::{BitRules, Board, Lowest, Order, Shuffled, Start, Stop};
use crate::encoding::Encoding;
use crate::error::Error;
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::rules::Rules;

/// What [`Solver::solve`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A solution (the first in search order).
    Solved(Grid),
    /// The puzzle has no solution.
    NoSolution,
    /// The budget ran out first.
    BudgetExhausted,
}

/// How many solutions a puzzle has, as far as uniqueness is concerned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness {
    /// No solution.
    None,
    /// Exactly one: this.
    Unique(Grid),
    /// At least two: the first two found.
    Multiple(Grid, Grid),
    /// The budget ran out before the question was settled.
    BudgetExhausted,
}

/// How a [`Solver`] searches; both answer every question the same way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Method {
    /// Bitsets where they apply (grids of at most 128 cells, so up to
    /// 10x10 with any variants, searched without a seed or an update
    /// budget), dancing links otherwise.
    #[default]
    Auto,
    /// Always the dancing-links engine, whose statistics are Knuth's
    /// (nodes and link updates).
    DancingLinks,
}

/// A solver for every puzzle of one [`Rules`]: it builds the exact-cover
/// matrix once, and for each puzzle pre-selects the givens, searches, and
/// resets, so nothing on the per-puzzle path rebuilds the matrix or
/// allocates per search node.
///
/// For grids of at most 128 cells it searches the same exact-cover
/// problem on bitsets instead (see [`Method`]): one 128-bit set of cells
/// per digit, every forced move (naked and hidden single) taken before it
/// branches on a cell with fewest candidates. That is several times faster
/// than following links, and the tests hold the two to the same answers.
///
/// ```
/// use sudoku_dlx::{check_solution, Outcome, ParseOptions, Puzzle, Solver};
/// let puzzle = Puzzle::parse(
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
///     &ParseOptions::default(),
/// )?;
/// let mut solver = Solver::new(puzzle.rules())?;
/// let Outcome::Solved(grid) = solver.solve(&puzzle)? else { panic!("solvable") };
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
    encoding: Encoding,
    engine: dlx::Solver,
    /// The bitset form of the rules, if the grid fits in 128 cells.
    bits: Option<Box<BitRules>>,
    method: Method,
    seed: Option<u64>,
    budget: Budget,
    /// The statistics of the last search, if it ran on bitsets; `None`
    /// when the engine's are the current ones.
    bit_stats: Option<Stats>,
    /// The grid handed to `for_each_solution` visitors, reused.
    scratch: Grid,
}

impl Solver {
    /// Builds the matrix for `rules`.
    ///
    /// # Errors
    ///
    /// [`Error::Engine`] if the engine cannot index the matrix (not for any
    /// shape up to 64x64).
    pub fn new(rules: &Rules) -> Result<Solver, Error> {
        let geometry = Arc::new(Geometry::new(rules));
        let encoding = Encoding::new(rules, &geometry)?;
        let engine = dlx::Solver::new(encoding.problem());
        Ok(Solver {
            rules: rules.clone(),
            bits: BitRules::new(&geometry).map(Box::new),
            geometry,
            encoding,
            engine,
            method: Method::Auto,
            seed: None,
            budget: Budget::UNLIMITED,
            bit_stats: None,
            scratch: Grid::empty(rules.shape()),
        })
    }

    /// The rules this solver is built for.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The units and peers of the rules.
    pub(crate) fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// Limits every later search ([`Budget::UNLIMITED`] removes the limit).
    /// A node budget holds on either [`Method`]; an update budget makes the
    /// solver use the engine, which counts link updates.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
        self.engine.set_budget(budget);
    }

    /// With `Some(seed)`, later searches try cells and digits in an order
    /// drawn from `seed` (the same seed gives the same result) on the
    /// engine; with `None`, the deterministic order.
    pub fn set_seed(&mut self, seed: Option<u64>) {
        self.seed = seed;
        self.engine.set_seed(seed);
    }

    /// Chooses how later searches run ([`Method::Auto`] by default).
    pub fn set_method(&mut self, method: Method) {
        self.method = method;
    }

    /// The method the next search of this solver will use:
    /// [`Method::DancingLinks`] unless bitsets apply.
    #[must_use]
    pub fn effective_method(&self) -> Method {
        if self.uses_bitsets() {
            Method::Auto
        } else {
            Method::DancingLinks
        }
    }

    /// Whether the next search runs on bitsets: the method allows it, the
    /// grid fits, and nothing asks for the engine (a seed, an update budget).
    pub(crate) fn uses_bitsets(&self) -> bool {
        self.method == Method::Auto
            && self.seed.is_none()
            && self.budget.max_updates.is_none()
            && self.bits.is_some()
    }

    /// The statistics of the last search: nodes, updates, solutions and the
    /// per-level profile. On dancing links these are Knuth's (nodes entered,
    /// link removals); on bitsets a node is a board branched on or found
    /// complete, after all forced moves, and an update is one digit placed.
    #[must_use]
    pub fn stats(&self) -> &Stats {
        self.bit_stats
            .as_ref()
            .unwrap_or_else(|| self.engine.stats())
    }

    /// Whether the next search of `puzzle` runs on bitsets.
    fn bitwise_applies(&self, puzzle: &Puzzle) -> bool {
        self.uses_bitsets() && puzzle.rules() == &self.rules
    }

    /// The first solution, or why there is none.
    ///
    /// # Errors
    ///
    /// [`Error::RulesMismatch`] for a puzzle of other rules, and
    /// [`Error::ConflictingGivens`] if two givens break a rule.
    pub fn solve(&mut self, puzzle: &Puzzle) -> Result<Outcome, Error> {
        if self.bitwise_applies(puzzle)
            && let Some(outcome) = self.first_on_bitsets(puzzle.givens(), &mut Lowest)
        {
            return Ok(outcome);
        }
        self.with_givens(puzzle, |engine, encoding, _| {
            match engine.first_solution() {
                First::Solution(options) => {
                    Outcome::Solved(grid_of(encoding, puzzle.givens().clone(), &options))
                }
                First::None => Outcome::NoSolution,
                First::BudgetExhausted => Outcome::BudgetExhausted,
            }
        })
    }

    /// A random completion of `givens` (a grid of this solver's rules):
    /// the first solution of a bitset search that branches on a cell drawn
    /// uniformly among those with the fewest candidates and tries its
    /// digits in a random order, both drawn from `rng` (see
    /// [`Shuffled`]). `None` where bitsets do not apply (as for
    /// [`count_on_bitsets`](Self::count_on_bitsets)) or the givens clash.
    pub(crate) fn random_solution_on_bitsets(
        &mut self,
        givens: &Grid,
        rng: &mut SplitMix64,
    ) -> Option<Outcome> {
        if !self.uses_bitsets() {
            return None;
        }
        self.first_on_bitsets(givens, &mut Shuffled(rng))
    }

    /// The first completion of `givens` on bitsets, branching in `order`;
    /// `None` if there are no bitsets or the givens clash.
    fn first_on_bitsets<O: Order>(&mut self, givens: &Grid, order: &mut O) -> Option<Outcome> {
        let bits = self.bits.as_deref()?;
        let mut found = None;
        let (count, stats) =
            run_bitwise_in_order(bits, givens.digits(), self.budget, order, |board| {
                found = Some(*board);
                ControlFlow::Break(())
            })?;
        let outcome = match (found, count.end) {
            (Some(board), _) => {
                let mut grid = givens.clone();
                bits.write_digits(&board, grid.digits_mut());
                Outcome::Solved(grid)
            }
            (None, End::BudgetExhausted) => Outcome::BudgetExhausted,
            (None, _) => Outcome::NoSolution,
        };
        self.bit_stats = Some(stats);
        Some(outcome)
    }

    /// Counts solutions up to `limit`; [`Count::is_exact`] says whether the
    /// count is exact or stopped at the limit or budget.
    ///
    /// # Errors
    ///
    /// As for [`solve`](Self::solve).
    pub fn count(&mut self, puzzle: &Puzzle, limit: Option<u64>) -> Result<Count, Error> {
        if puzzle.rules() == &self.rules
            && let Some(count) = self.count_on_bitsets(puzzle.givens().digits(), limit)
        {
            return Ok(count);
        }
        self.with_givens(puzzle, |engine, _, _| engine.count(limit))
    }

    /// None, unique (with the solution) or multiple (with two solutions);
    /// the search stops at the second solution.
    ///
    /// # Errors
    ///
    /// As for [`solve`](Self::solve).
    pub fn uniqueness(&mut self, puzzle: &Puzzle) -> Result<Uniqueness, Error> {
        let mut found: Vec<Grid> = Vec::with_capacity(2);
        let count = self.for_each_solution(puzzle, |grid| {
            found.push(grid.clone());
            if found.len() == 2 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })?;
        let mut found = found.into_iter();
        Ok(match (found.next(), found.next()) {
            (Some(a), Some(b)) => Uniqueness::Multiple(a, b),
            _ if count.end == dlx::End::BudgetExhausted => Uniqueness::BudgetExhausted,
            (Some(a), None) => Uniqueness::Unique(a),
            (None, _) => Uniqueness::None,
        })
    }

    /// Calls `visit` with each solution until it returns
    /// [`ControlFlow::Break`] or the search ends; the grid is reused, so
    /// nothing is allocated per solution.
    ///
    /// # Errors
    ///
    /// As for [`solve`](Self::solve).
    pub fn for_each_solution<F>(&mut self, puzzle: &Puzzle, mut visit: F) -> Result<Count, Error>
    where
        F: FnMut(&Grid) -> ControlFlow<()>,
    {
        if let (true, Some(bits)) = (self.bitwise_applies(puzzle), self.bits.as_deref()) {
            // A complete board writes every cell, so the scratch grid needs
            // no reset.
            let grid = &mut self.scratch;
            if let Some((count, stats)) =
                run_bitwise(bits, puzzle.givens().digits(), self.budget, |board| {
                    bits.write_digits(board, grid.digits_mut());
                    visit(grid)
                })
            {
                self.bit_stats = Some(stats);
                return Ok(count);
            }
        }
        self.with_givens(puzzle, |engine, encoding, scratch| {
            engine.for_each_solution(|options| {
                fill(encoding, scratch, options);
                visit(scratch)
            })
        })
    }

    /// Counts the completions of `givens` (row-major digits of this
    /// solver's rules, 0 for blank) up to `limit` on bitsets, without
    /// making a [`Puzzle`]; `None` if bitsets do not apply or the givens
    /// clash. For a generator's many checks.
    pub(crate) fn count_on_bitsets(&mut self, givens: &[u8], limit: Option<u64>) -> Option<Count> {
        if !self.uses_bitsets() || limit == Some(0) {
            return None;
        }
        let bits = self.bits.as_deref()?;
        let mut found = 0;
        let (mut count, stats) = run_bitwise(bits, givens, self.budget, |_| {
            found += 1;
            if limit.is_some_and(|l| found >= l) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })?;
        if count.end == End::Stopped {
            count.end = End::LimitReached;
        }
        self.bit_stats = Some(stats);
        Some(count)
    }

    /// Whether `givens` (row-major digits of this solver's rules, 0 for
    /// blank) have `solution` as their only solution, where the givens with
    /// `solution`'s digits put back in `blanked` are known to have no other:
    /// a generator's test of a removal from a unique puzzle. `Some(true)`
    /// unique, `Some(false)` not, `None` if the node budget ran out first,
    /// bitsets do not apply or the givens clash.
    ///
    /// Cheaper than a count to 2, which must walk to `solution` as well:
    /// this searches only for completions that differ from it in `blanked`
    /// ([`BitRules::search_other`]), the only place another can differ.
    pub(crate) fn unique_on_bitsets(
        &mut self,
        givens: &[u8],
        solution: &[u8],
        blanked: &[usize],
    ) -> Option<bool> {
        if !self.uses_bitsets() {
            return None;
        }
        let bits = self.bits.as_deref()?;
        let mut stats = Stats::default();
        let unique = match bits.start(givens, &mut stats) {
            Start::Clash => return None,
            Start::DeadEnd => Some(false),
            Start::Board(board) => {
                let max_nodes = self.budget.max_nodes.unwrap_or(u64::MAX);
                match bits.search_other(&board, solution, blanked, max_nodes, &mut stats) {
                    ControlFlow::Continue(()) => Some(true),
                    ControlFlow::Break(Stop::Visitor) => Some(false),
                    ControlFlow::Break(Stop::Budget) => None,
                }
            }
        };
        self.bit_stats = Some(stats);
        unique
    }

    /// Selects the givens, runs `search`, and resets the engine, however the
    /// search ends.
    fn with_givens<T>(
        &mut self,
        puzzle: &Puzzle,
        search: impl FnOnce(&mut dlx::Solver, &Encoding, &mut Grid) -> T,
    ) -> Result<T, Error> {
        if puzzle.rules() != &self.rules {
            return Err(Error::RulesMismatch);
        }
        self.bit_stats = None;
        let selected = self.select_givens(puzzle);
        let result = selected.map(|()| search(&mut self.engine, &self.encoding, &mut self.scratch));
        self.engine.reset();
        result
    }

    /// Pre-selects one option per given; a clash is reported as the two
    /// givens, their digit, and the unit they share.
    fn select_givens(&mut self, puzzle: &Puzzle) -> Result<(), Error> {
        for (index, &digit) in puzzle.givens().digits().iter().enumerate() {
            if digit != 0 {
                self.select_given(index, digit)?;
            }
        }
        Ok(())
    }

    /// Pre-selects `digit` in the cell at `index`, on top of the engine's
    /// selection stack.
    fn select_given(&mut self, index: usize, digit: u8) -> Result<(), Error> {
        let shape = self.rules.shape();
        let in_range = index < shape.cell_count() && (1..=shape.size()).contains(&digit.into());
        let option = in_range
            .then(|| self.encoding.option(index, digit))
            .flatten();
        let Some(option) = option else {
            return Err(Error::BadGiven {
                index,
                digit,
                size: shape.size(),
            });
        };
        match self.engine.select(option) {
            Ok(()) => Ok(()),
            Err(dlx::Error::SelectConflict {
                item, covered_by, ..
            }) => {
                let (earlier, _) = self.encoding.placement(covered_by);
                Err(Error::ConflictingGivens {
                    first: shape.cell(earlier),
                    second: shape.cell(index),
                    digit,
                    unit: self.encoding.unit(item).unwrap_or(crate::Unit::Box),
                })
            }
            Err(e) => Err(Error::Engine(e)),
        }
    }

    /// An incremental session: givens pushed and popped one at a time, for a
    /// caller that tries many puzzles differing in a few givens (a generator
    /// removing clues). The engine is cleared first and again when the
    /// session is dropped, so the solver's other methods always start from
    /// no givens.
    ///
    /// ```
    /// use sudoku_dlx::{Error, Rules, Solver};
    /// let mut solver = Solver::new(&Rules::classic())?;
    /// let mut session = solver.session();
    /// session.push(0, 5)?;
    /// session.push(1, 3)?;
    /// assert!(session.push(2, 5).is_err()); // two 5s in the top row
    /// assert!(matches!(session.push(81, 1), Err(Error::BadGiven { .. })));
    /// assert_eq!(session.pop(), Some((1, 3)));
    /// assert_eq!(session.givens(), &[(0, 5)]);
    /// assert_eq!(session.count(Some(2)).solutions, 2);
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    pub fn session(&mut self) -> Session<'_> {
        self.engine.reset();
        self.bit_stats = None;
        Session {
            solver: self,
            givens: Vec::new(),
        }
    }
}

/// Givens on a stack, searched with whatever is on it; see [`Solver::session`].
///
/// Each [`push`](Self::push) and [`pop`](Self::pop) costs one engine
/// selection (covering or uncovering a cell's few items), so a test that
/// changes the top few givens costs a few selections rather than one per
/// given of the puzzle.
#[derive(Debug)]
pub struct Session<'s> {
    solver: &'s mut Solver,
    /// The givens selected in the engine, bottom first. Invariant: the
    /// engine's selection stack holds exactly their options, in this order.
    givens: Vec<(usize, u8)>,
}

impl Session<'_> {
    /// Puts `digit` in the cell at row-major `index`, on top of the stack.
    ///
    /// # Errors
    ///
    /// [`Error::BadGiven`] if `index` is off the grid or `digit` is not a
    /// digit of it, and [`Error::ConflictingGivens`] if a given on the stack
    /// breaks a rule with it; the session is then unchanged.
    pub fn push(&mut self, index: usize, digit: u8) -> Result<(), Error> {
        self.solver.select_given(index, digit)?;
        self.givens.push((index, digit));
        Ok(())
    }

    /// Takes the most recently pushed given off the stack and returns it,
    /// or `None` if the stack is empty.
    pub fn pop(&mut self) -> Option<(usize, u8)> {
        let given = self.givens.pop()?;
        self.solver.engine.unselect_last();
        Some(given)
    }

    /// The givens on the stack, bottom first.
    #[must_use]
    pub fn givens(&self) -> &[(usize, u8)] {
        &self.givens
    }

    /// Counts the solutions of the givens on the stack, up to `limit`, under
    /// the solver's budget; as [`Solver::count`].
    pub fn count(&mut self, limit: Option<u64>) -> Count {
        self.solver.engine.count(limit)
    }

    /// The engine's statistics for the last search.
    #[must_use]
    pub fn stats(&self) -> &Stats {
        self.solver.engine.stats()
    }
}

impl Drop for Session<'_> {
    fn drop(&mut self) {
        self.solver.engine.reset();
    }
}

/// Runs the bitset search on `givens` (row-major digits) under `budget`'s node
/// limit, calling `visit` with each solution until it breaks; `None` if the
/// givens clash (the engine then says how).
fn run_bitwise<F>(
    bits: &BitRules,
    givens: &[u8],
    budget: Budget,
    visit: F,
) -> Option<(Count, Stats)>
where
    F: FnMut(&Board) -> ControlFlow<()>,
{
    run_bitwise_in_order(bits, givens, budget, &mut Lowest, visit)
}

/// [`run_bitwise`], branching in `order`.
fn run_bitwise_in_order<O, F>(
    bits: &BitRules,
    givens: &[u8],
    budget: Budget,
    order: &mut O,
    mut visit: F,
) -> Option<(Count, Stats)>
where
    O: Order,
    F: FnMut(&Board) -> ControlFlow<()>,
{
    let mut stats = Stats::default();
    let end = match bits.start(givens, &mut stats) {
        Start::Clash => return None,
        Start::DeadEnd => End::Exhausted,
        Start::Board(board) => {
            let max_nodes = budget.max_nodes.unwrap_or(u64::MAX);
            match bits.search(&board, order, max_nodes, &mut stats, &mut visit) {
                ControlFlow::Continue(()) => End::Exhausted,
                ControlFlow::Break(Stop::Visitor) => End::Stopped,
                ControlFlow::Break(Stop::Budget) => End::BudgetExhausted,
            }
        }
    };
    let count = Count {
        solutions: stats.solutions,
        end,
    };
    Some((count, stats))
}

/// Writes the placements of `options` into `grid`.
fn fill(encoding: &Encoding, grid: &mut Grid, options: &[OptionId]) {
    let digits = grid.digits_mut();
    for &option in options {
        let (index, digit) = encoding.placement(option);
        if let Some(slot) = digits.get_mut(index) {
            *slot = digit;
        }
    }
}

/// `givens` completed by the placements of `options`.
fn grid_of(encoding: &Encoding, mut givens: Grid, options: &[OptionId]) -> Grid {
    fill(encoding, &mut givens, options);
    givens
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GenerateOptions, Generator, Shape, Variants, puzzle_seed};

    /// Along a generator-like pass (orbits of two cells and single cells
    /// blanked while the puzzle stays unique), the search for another
    /// solution answers as a count to 2 does, with and without a node
    /// budget too small to finish.
    #[test]
    fn unique_on_bitsets_agrees_with_a_count_to_two() {
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
            let mut generator = Generator::new(&rules, GenerateOptions::default()).unwrap();
            let mut solver = Solver::new(&rules).unwrap();
            let cells = rules.shape().cell_count();
            for k in 0..3 {
                let solution = generator.complete_grid(puzzle_seed(4, k)).unwrap();
                let mut givens = solution.digits().to_vec();
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
                    let counted = solver.count_on_bitsets(&tried, Some(2)).unwrap().solutions == 1;
                    let answer = solver.unique_on_bitsets(&tried, solution.digits(), orbit);
                    assert_eq!(answer, Some(counted), "{rules}: {tried:?}");
                    solver.set_budget(Budget::nodes(1));
                    let hurried = solver.unique_on_bitsets(&tried, solution.digits(), orbit);
                    assert!(hurried.is_none() || hurried == Some(counted));
                    solver.set_budget(Budget::UNLIMITED);
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
