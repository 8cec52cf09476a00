//! The classic counter ([`Engine::Bands`](crate::solve::engine::Engine::Bands)):
//! counts to a limit on plain 9x9 Sudoku (3x3 boxes, no variant, no
//! jigsaw, no cages) with the band board of [`bands`], JCZSolve's
//! representation (credit there), instead of the general bitsets of
//! [`bitboard`](crate::solve::bitsets::bitboard); [`check`] holds the
//! generator's uniqueness checks on it.
//!
//! It answers only what does not depend on the order of the search: how
//! many solutions, up to a limit. A search here branches on the first cell
//! with two digits (else the first with the fewest), copies the board per
//! level, and takes each digit tried out of the cell before the next (the
//! last one is then forced). A node is, as on the bitsets, a board after
//! its forced moves that is branched on or found complete, and an update
//! one digit placed; the forced moves differ (those of
//! [`bands`], not the general board's), and so does the
//! cell branched on, so the nodes and updates of a search are not those of
//! the bitsets, while the counts are. A node budget stops it as it stops
//! the bitsets, at that many nodes, with `End::BudgetExhausted`, and a
//! stopped [`Progress`] (the solver's stop) within [`CHECK_EVERY`] nodes,
//! with `End::Stopped`.

pub(crate) mod bands;
pub(crate) mod check;

use std::ops::ControlFlow;

use dlx_engine::{Budget, Count, End, Progress, Stats};

use crate::solve::backend::CHECK_EVERY;
use crate::solve::classic::bands::{Board, Branch};

/// Why a search stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The visitor asked to stop (the limit was reached).
    Visitor,
    /// The node budget ran out.
    Budget,
    /// The caller's [`Progress`] was stopped.
    Halted,
}

/// The counter, with the statistics of its last search.
#[derive(Clone, Debug, Default)]
pub(crate) struct Classic {
    stats: Stats,
}

/// One search: its node limit, statistics and visitor.
pub(crate) struct Search<'a, F> {
    /// The node count at which [`descend`](Self::descend) next looks at
    /// the budget and the stop (the budget itself when there is no stop):
    /// one comparison per node either way.
    pub(crate) max_nodes: u64,
    /// The node budget: the search stops before entering a node past it.
    budget: u64,
    /// The caller's stop, looked at every [`CHECK_EVERY`] nodes.
    stop: Option<&'a Progress>,
    /// The statistics, which the search adds its nodes and updates to.
    pub(crate) stats: &'a mut Stats,
    /// Called with each completion; breaking stops the search.
    pub(crate) visit: F,
}

impl<'a, F> Search<'a, F>
where
    F: FnMut(&Board) -> ControlFlow<()>,
{
    /// A search within `budget`'s nodes that `stop` (when given) halts,
    /// adding to `stats` and calling `visit` with each completion.
    pub(crate) fn new(
        budget: Budget,
        stop: Option<&'a Progress>,
        stats: &'a mut Stats,
        visit: F,
    ) -> Self {
        let budget = budget.max_nodes.unwrap_or(u64::MAX);
        Search {
            max_nodes: if stop.is_some() {
                budget.min(CHECK_EVERY)
            } else {
                budget
            },
            budget,
            stop,
            stats,
            visit,
        }
    }

    /// Why the search stops at `max_nodes`, if it does; else the next node
    /// count at which to look again.
    #[cold]
    fn halt(&mut self) -> Option<Stop> {
        let nodes = self.stats.nodes;
        if nodes >= self.budget {
            return Some(Stop::Budget);
        }
        if self.stop.is_some_and(Progress::is_stopped) {
            return Some(Stop::Halted);
        }
        self.max_nodes = self.budget.min(nodes.saturating_add(CHECK_EVERY));
        None
    }

    /// Searches the settled `board` at `level`: each completion goes to
    /// the visitor, in the order of the branches.
    /// The board is the caller's to reuse: the last branch is searched on
    /// it in place, with no copy.
    pub(crate) fn descend(&mut self, board: &mut Board, level: usize) -> ControlFlow<Stop> {
        if self.stats.nodes >= self.max_nodes
            && let Some(stop) = self.halt()
        {
            return ControlFlow::Break(stop);
        }
        self.stats.nodes += 1;
        if self.stats.profile.len() <= level {
            self.stats.profile.resize(level + 1, 0);
        }
        self.stats.profile[level] += 1;
        if board.is_solved() {
            self.stats.solutions += 1;
            return match (self.visit)(board) {
                ControlFlow::Continue(()) => ControlFlow::Continue(()),
                ControlFlow::Break(()) => ControlFlow::Break(Stop::Visitor),
            };
        }
        let Branch {
            band,
            bit,
            mut digits,
        } = board.branch();
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            if digits == 0 {
                // The last digit: the others are out of the cell.
                board.place(d, band, bit);
                if board.settle(&mut self.stats.updates) {
                    return self.descend(board, level + 1);
                }
                return ControlFlow::Continue(());
            }
            let mut child = *board;
            child.place(d, band, bit);
            if child.settle(&mut self.stats.updates) {
                self.descend(&mut child, level + 1)?;
            }
            // Every completion with d here has been visited: the later
            // branches start without it.
            board.exclude(d, band, bit);
        }
        ControlFlow::Continue(())
    }
}

impl Classic {
    /// A counter with no search behind it.
    pub(crate) fn new() -> Classic {
        Classic::default()
    }

    /// Calls `visit` with each solution of `digits` (81 row-major digits,
    /// 0 for blank) until it breaks, within `budget`'s nodes or until
    /// `stop` is stopped: `None` if two givens clash (the general path
    /// names them), else the count with `End::Stopped` if the visitor
    /// broke or `stop` halted it.
    fn search<F>(
        &mut self,
        digits: &[u8],
        budget: Budget,
        stop: Option<&Progress>,
        visit: F,
    ) -> Option<Count>
    where
        F: FnMut(&Board) -> ControlFlow<()>,
    {
        let mut board = Board::new(digits)?;
        self.reset_stats();
        let end = if board.settle_givens(&mut self.stats.updates) {
            let mut search = Search::new(budget, stop, &mut self.stats, visit);
            match search.descend(&mut board, 0) {
                ControlFlow::Continue(()) => End::Exhausted,
                ControlFlow::Break(Stop::Visitor | Stop::Halted) => End::Stopped,
                ControlFlow::Break(Stop::Budget) => End::BudgetExhausted,
            }
        } else {
            End::Exhausted
        };
        Some(Count {
            solutions: self.stats.solutions,
            end,
        })
    }

    /// Empties the statistics for a new search, keeping the profile's
    /// allocation (as the bitsets do, docs/decisions/bitsets-backend.md), and returns them.
    pub(crate) fn reset_stats(&mut self) -> &mut Stats {
        let mut profile = std::mem::take(&mut self.stats.profile);
        profile.clear();
        self.stats = Stats {
            profile,
            ..Stats::default()
        };
        &mut self.stats
    }

    /// Counts the solutions of `digits` (81 row-major digits, 0 for blank)
    /// up to `limit`, within `budget`'s nodes (its update budget is not
    /// looked at: the solver sends such searches elsewhere), or until
    /// `stop` is stopped (then `End::Stopped`, the count so far). `None`
    /// if two givens clash.
    pub(crate) fn count(
        &mut self,
        digits: &[u8],
        limit: Option<u64>,
        budget: Budget,
        stop: Option<&Progress>,
    ) -> Option<Count> {
        if limit == Some(0) {
            Board::new(digits)?;
            self.stats = Stats::default();
            return Some(Count {
                solutions: 0,
                end: End::LimitReached,
            });
        }
        let limit = limit.unwrap_or(u64::MAX);
        let mut found = 0;
        let mut count = self.search(digits, budget, stop, |_| {
            found += 1;
            if found >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })?;
        if count.end == End::Stopped && count.solutions >= limit {
            count.end = End::LimitReached;
        }
        Some(count)
    }

    /// The statistics of the last search.
    pub(crate) fn stats(&self) -> &Stats {
        &self.stats
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::solve::backend::SearchOptions;
    use crate::{
        Error, GenerateOptions, Generator, Grid, Method, Puzzle, Rules, Shape, Solver,
        check_solution,
    };

    /// Every solution of `digits`, up to `limit`, with the count.
    fn solutions(digits: &[u8], limit: usize) -> Option<(Count, Vec<Vec<u8>>)> {
        let mut found = Vec::new();
        let count = Classic::new().search(digits, Budget::UNLIMITED, None, |board| {
            let mut out = vec![0; 81];
            board.write_digits(&mut out);
            found.push(out);
            if found.len() >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })?;
        Some((count, found))
    }

    /// A puzzle of the Solver's example: one solution, which the checker
    /// accepts.
    #[test]
    fn one_solution_checked() {
        let text =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let puzzle: Puzzle = text.parse().unwrap();
        let (count, found) = solutions(puzzle.givens().digits(), 10).unwrap();
        assert_eq!((count.solutions, count.end), (1, End::Exhausted));
        let grid = Grid::from_digits(Shape::CLASSIC, found[0].clone()).unwrap();
        assert_eq!(check_solution(&puzzle, &grid), Ok(()));
        assert_eq!(puzzle.rules(), &Rules::classic());
    }

    /// Two equal givens in a row, a column or a box are a clash; a given
    /// out of range too.
    #[test]
    fn clashing_givens() {
        for (a, b) in [(0, 8), (0, 72), (0, 20)] {
            let mut digits = vec![0; 81];
            digits[a] = 5;
            digits[b] = 5;
            assert_eq!(
                Classic::new().count(&digits, Some(2), Budget::UNLIMITED, None),
                None
            );
        }
        let mut digits = vec![0; 81];
        digits[3] = 10;
        assert_eq!(
            Classic::new().count(&digits, None, Budget::UNLIMITED, None),
            None
        );
    }

    /// The empty grid: the limit stops it, and so does a budget.
    #[test]
    fn limits_and_budgets() {
        let empty = vec![0; 81];
        let mut classic = Classic::new();
        let count = classic
            .count(&empty, Some(1000), Budget::UNLIMITED, None)
            .unwrap();
        assert_eq!((count.solutions, count.end), (1000, End::LimitReached));
        let budget = Budget {
            max_nodes: Some(50),
            ..Budget::UNLIMITED
        };
        let count = classic.count(&empty, None, budget, None).unwrap();
        assert_eq!(count.end, End::BudgetExhausted);
        assert_eq!(classic.stats().nodes, 50);
        let count = classic
            .count(&empty, Some(0), Budget::UNLIMITED, None)
            .unwrap();
        assert_eq!((count.solutions, count.end), (0, End::LimitReached));
    }

    /// A random plain 9x9 puzzle: a random complete grid with each cell
    /// kept with probability `density` in 100, then `extra` random digits
    /// written into random cells, which may clash with the givens or leave
    /// no solution.
    fn random_puzzle(seed: u64, density: u32, extra: usize) -> Puzzle {
        let rules = Rules::classic();
        let grid = Generator::new(&rules, GenerateOptions::default())
            .complete_grid(seed)
            .unwrap();
        let mut rng = dlx_engine::SplitMix64::new(seed ^ 0x5eed);
        let mut digits: Vec<u8> = grid
            .digits()
            .iter()
            .map(|&d| if rng.below(100) < density { d } else { 0 })
            .collect();
        for _ in 0..extra {
            let cell = rng.below(81) as usize;
            digits[cell] = 1 + u8::try_from(rng.below(9)).unwrap();
        }
        Puzzle::new(rules, Grid::from_digits(Shape::CLASSIC, digits).unwrap()).unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        /// The classic counter counts as the general bitsets do, to limits
        /// 1, 2 and 300, and calls the same givens a clash; every solution
        /// it finds passes the checker, and none twice.
        #[test]
        fn counts_agree_with_the_bitsets(
            seed in any::<u64>(),
            density in 0u32..60,
            extra in 0usize..4,
        ) {
            let puzzle = random_puzzle(seed, density, extra);
            let digits = puzzle.givens().digits();
            let mut bitsets = Solver::new(puzzle.rules());
            bitsets.set_method(Method::Bitsets);
            let mut auto = Solver::new(puzzle.rules());
            // The solver's own counts read a clash as 0; the crate's own
            // entry keeps the engine's error, which names the clash.
            let by_bits = SearchOptions { method: Method::Bitsets, ..SearchOptions::default() };
            for limit in [1, 2, 300] {
                let ours = Classic::new().count(digits, Some(limit), Budget::UNLIMITED, None);
                let general = bitsets.count_with(&puzzle, Some(limit), &by_bits);
                match (ours, general) {
                    (None, Err(Error::ConflictingGivens { .. })) => {
                        // The solver passes a clash on to the engine, which names it.
                        let auto = auto.count_with(&puzzle, Some(limit), &SearchOptions::default());
                        let named = matches!(auto, Err(Error::ConflictingGivens { .. }));
                        prop_assert!(named, "{auto:?}");
                    }
                    (Some(ours), Ok(general)) => {
                        prop_assert_eq!(ours, general, "{}", puzzle.givens());
                        prop_assert_eq!(auto.count(&puzzle, Some(limit)).unwrap(), general);
                    }
                    (ours, general) => {
                        prop_assert!(false, "{}: {ours:?} against {general:?}", puzzle.givens());
                    }
                }
            }
            if let Some((count, found)) = solutions(digits, 300) {
                prop_assert_eq!(count.solutions, u64::try_from(found.len()).unwrap());
                let mut sorted = found.clone();
                sorted.sort();
                sorted.dedup();
                prop_assert_eq!(sorted.len(), found.len());
                for solution in found {
                    let grid = Grid::from_digits(Shape::CLASSIC, solution).unwrap();
                    prop_assert_eq!(check_solution(&puzzle, &grid), Ok(()));
                }
            }
        }
    }
}
