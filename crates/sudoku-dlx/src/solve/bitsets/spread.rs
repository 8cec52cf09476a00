//! One count on every core, on bitsets: the search tree shared out to a
//! rayon pool, a busy thread giving part of its tree away whenever no job
//! waits.
//!
//! A job is a board and its level in the tree. It is searched depth first
//! with an explicit stack of the boards branched on and their untried
//! digits, so that between nodes, when no spawned job is waiting to start,
//! the job can give away the untried digits of its shallowest open board:
//! each becomes a child board (the digit and its forced moves) spawned as a
//! job of its own. Nothing is searched twice, so the statistics added up
//! over the jobs are exactly those of the single-threaded search in the
//! fixed order, whatever the number of threads or the timing, and so is an
//! exact count.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use dlx_engine::{Budget, Count, End, Progress, Stats};

use crate::solve::bitsets::bitboard::{BitRules, Board, Frame};

/// Nodes a job takes from the budget at a time.
const BATCH: u64 = 1 << 10;

/// Counts the completions of `board` (the givens after their forced moves,
/// with `start` the statistics of making it) up to `limit`, within
/// `budget`'s nodes over all threads, or until `halt` is stopped (looked at
/// each time a job takes nodes from the budget, `End::Stopped`): on the
/// calling rayon pool if there is
/// one, else on a pool of `threads`. Returns the count and the statistics
/// of the search.
pub(crate) fn count(
    bits: &BitRules,
    board: &Board,
    start: Stats,
    limit: Option<u64>,
    budget: Budget,
    halt: Option<&Progress>,
    threads: usize,
) -> (Count, Stats) {
    let spread = Spread {
        bits,
        halt,
        limit,
        nodes_left: AtomicU64::new(budget.max_nodes.unwrap_or(u64::MAX)),
        found: AtomicU64::new(0),
        waiting: AtomicUsize::new(0),
        stop: AtomicBool::new(limit == Some(0)),
        end: Mutex::new((limit == Some(0)).then_some(End::LimitReached)),
        stats: Mutex::new(start),
    };
    let root = (*board, 0);
    if rayon::current_thread_index().is_some() {
        let spread = &spread;
        rayon::in_place_scope(|scope| spread.job(root, Some(scope)));
    } else if threads <= 1 {
        spread.job(root, None);
    } else {
        let spread = &spread;
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.scope(|scope| spread.job(root, Some(scope))),
            // No threads to be had: the caller's thread alone.
            Err(_) => spread.job(root, None),
        }
    }
    spread.finish()
}

/// The state the threads of one count share.
struct Spread<'b> {
    bits: &'b BitRules,
    /// The caller's stop.
    halt: Option<&'b Progress>,
    limit: Option<u64>,
    /// Nodes the budget still allows, taken [`BATCH`] at a time.
    nodes_left: AtomicU64,
    /// Solutions found (with a limit, as they are found; else as jobs end).
    found: AtomicU64,
    /// Jobs spawned and not yet started.
    waiting: AtomicUsize,
    /// Set when the count is over: the limit is reached or the budget spent.
    stop: AtomicBool,
    /// Why the count stopped early, the first reason given.
    end: Mutex<Option<End>>,
    /// The statistics of the jobs finished.
    stats: Mutex<Stats>,
}

impl<'b> Spread<'b> {
    /// Searches the subtree of `root` (a board and its level), giving work
    /// away on `scope` whenever no job waits (never without a scope).
    fn job<'s>(&'s self, root: (Board, usize), scope: Option<&rayon::Scope<'s>>)
    where
        'b: 's,
    {
        let (board, base) = root;
        let mut stats = Stats::default();
        let mut found = 0;
        let mut reserved = 0;
        // frames[..depth] is the path from the root to the board to look at
        // next, at level base + depth - 1; the slots past it are reused.
        let mut frames = vec![Frame {
            board,
            cell: 0,
            untried: 0,
        }];
        let mut depth = 1;
        'search: loop {
            if reserved == 0 {
                if self.halt.is_some_and(Progress::is_stopped) {
                    self.end(End::Stopped);
                    break;
                }
                reserved = self.reserve(BATCH);
                if reserved == 0 {
                    self.end(End::BudgetExhausted);
                    break;
                }
            }
            if self.stop.load(Ordering::Relaxed) {
                break;
            }
            reserved -= 1;
            let level = base + depth - 1;
            stats.nodes += 1;
            if stats.profile.len() <= level {
                stats.profile.resize(level + 1, 0);
            }
            stats.profile[level] += 1;
            let top = &mut frames[depth - 1];
            if top.board.is_complete() {
                stats.solutions += 1;
                found += 1;
                depth -= 1;
                if let Some(limit) = self.limit
                    && self.found.fetch_add(1, Ordering::Relaxed) + 1 >= limit
                {
                    self.end(End::LimitReached);
                    break;
                }
            } else {
                (top.cell, top.untried) = self.bits.branch(&top.board);
            }
            if let Some(scope) = scope
                && self.waiting.load(Ordering::Relaxed) == 0
            {
                self.give_away(&mut frames[..depth], base, &mut stats, scope);
            }
            // The next board: the next untried digit of the deepest open one.
            loop {
                let Some(parent) = depth.checked_sub(1) else {
                    break 'search;
                };
                let Frame { cell, untried, .. } = frames[parent];
                if untried == 0 {
                    depth -= 1;
                    continue;
                }
                let d = untried.trailing_zeros() as usize;
                frames[parent].untried &= untried - 1;
                if frames.len() == depth {
                    frames.push(frames[parent]);
                } else {
                    frames[depth].board = frames[parent].board;
                }
                if self
                    .bits
                    .place(&mut frames[depth].board, cell, d, &mut stats)
                {
                    depth += 1;
                    break;
                }
            }
        }
        self.nodes_left.fetch_add(reserved, Ordering::Relaxed);
        if self.limit.is_none() {
            self.found.fetch_add(found, Ordering::Relaxed);
        }
        *self.stats.lock().unwrap_or_else(PoisonError::into_inner) += &stats;
    }

    /// Spawns on `scope` a job for each untried digit of the shallowest
    /// board of `path` (boards at levels `base`, `base + 1`, ...) that has
    /// any, so that an idle thread finds work.
    fn give_away<'s>(
        &'s self,
        path: &mut [Frame],
        base: usize,
        stats: &mut Stats,
        scope: &rayon::Scope<'s>,
    ) where
        'b: 's,
    {
        let Some(k) = path.iter().position(|f| f.untried != 0) else {
            return;
        };
        let frame = &mut path[k];
        while frame.untried != 0 {
            let d = frame.untried.trailing_zeros() as usize;
            frame.untried &= frame.untried - 1;
            let mut child = frame.board;
            if self.bits.place(&mut child, frame.cell, d, stats) {
                let job = (child, base + k + 1);
                self.waiting.fetch_add(1, Ordering::Relaxed);
                scope.spawn(move |scope| {
                    self.waiting.fetch_sub(1, Ordering::Relaxed);
                    self.job(job, Some(scope));
                });
            }
        }
    }

    /// Takes up to `wanted` nodes from the budget: how many it had.
    fn reserve(&self, wanted: u64) -> u64 {
        let before = self
            .nodes_left
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                Some(left - left.min(wanted))
            })
            .unwrap_or(0);
        before.min(wanted)
    }

    /// Stops the count for `why`, unless it stopped already.
    fn end(&self, why: End) {
        self.stop.store(true, Ordering::Relaxed);
        self.end
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get_or_insert(why);
    }

    /// The count and statistics of the whole search.
    fn finish(self) -> (Count, Stats) {
        let found = self.found.into_inner();
        let mut stats = self
            .stats
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        let mut end = self
            .end
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
            .unwrap_or(End::Exhausted);
        let solutions = match self.limit {
            Some(limit) if found >= limit => {
                end = End::LimitReached;
                limit
            }
            _ => found,
        };
        stats.solutions = solutions;
        (Count { solutions, end }, stats)
    }
}

#[cfg(test)]
mod tests {
    use dlx_engine::SplitMix64;

    use std::ops::ControlFlow;

    use super::*;
    use crate::model::geometry::Geometry;
    use crate::solve::bitsets::bitboard::Start;
    use crate::solve::bitsets::bitboard::{Limit, Lowest};
    use crate::{GenerateOptions, Generator, Rules, Shape, Variants, puzzle_seed};

    /// The single-threaded search of `board`, never cut.
    fn alone(bits: &BitRules, board: &Board, start: &Stats, limit: Option<u64>) -> (Count, Stats) {
        let mut stats = start.clone();
        if limit == Some(0) {
            let count = Count {
                solutions: 0,
                end: End::LimitReached,
            };
            return (count, stats);
        }
        let mut found = 0;
        let flow = bits.search(
            &mut Vec::new(),
            board,
            &mut Lowest,
            Limit::of(Budget::UNLIMITED),
            &mut stats,
            &mut |_| {
                found += 1;
                if limit.is_some_and(|l| found >= l) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        );
        let end = match flow {
            ControlFlow::Continue(()) => End::Exhausted,
            ControlFlow::Break(_) => End::LimitReached,
        };
        (
            Count {
                solutions: found,
                end,
            },
            stats,
        )
    }

    /// Puzzles with many solutions: complete grids of several shapes and
    /// variants with most cells blanked at random.
    fn puzzles() -> Vec<(Rules, Vec<u8>)> {
        let x = Variants {
            x: true,
            ..Variants::NONE
        };
        let cases = [(4, 14), (6, 28), (9, 57)]
            .map(|(n, blanks)| (Rules::new(Shape::from_size(n).unwrap()), blanks))
            .into_iter()
            .chain([(Rules::classic().with_variants(x), 60)]);
        let mut rng = SplitMix64::new(7);
        let mut puzzles = Vec::new();
        for (rules, blanks) in cases {
            let mut generator = Generator::new(&rules, GenerateOptions::default());
            for k in 0..3 {
                let mut digits = generator
                    .complete_grid(puzzle_seed(11, k))
                    .unwrap()
                    .digits()
                    .to_vec();
                let cells = digits.len();
                let mut blanked = 0;
                while blanked < blanks {
                    let i = usize::try_from(rng.below(u32::try_from(cells).unwrap())).unwrap();
                    if digits[i] != 0 {
                        digits[i] = 0;
                        blanked += 1;
                    }
                }
                puzzles.push((rules.clone(), digits));
            }
        }
        puzzles
    }

    /// On 1, 2 and 8 threads, with and without a pool of the caller's: the
    /// same exact count and statistics as the search alone, and with a
    /// limit, the count the limit allows.
    #[test]
    fn spread_counts_as_the_search_alone() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        let mut many = 0;
        for (rules, digits) in puzzles() {
            let bits = BitRules::new(&Geometry::new(&rules)).unwrap();
            let mut start = Stats::default();
            let Start::Board(board) = bits.start(&digits, &mut start) else {
                panic!("{rules}: a planted grid's givens have a board");
            };
            let (whole, whole_stats) = alone(&bits, &board, &start, None);
            assert!(
                whole.solutions >= 1,
                "{rules}: the planted grid is a solution"
            );
            if whole_stats.nodes > 200 {
                many += 1;
            }
            for threads in [1, 2, 8] {
                let spread = |limit| {
                    count(
                        &bits,
                        &board,
                        start.clone(),
                        limit,
                        Budget::UNLIMITED,
                        None,
                        threads,
                    )
                };
                let context = format!("{rules}, {threads} threads");
                assert_eq!(spread(None), (whole, whole_stats.clone()), "{context}");
                let on_pool = pool.install(|| spread(None));
                assert_eq!(
                    on_pool,
                    (whole, whole_stats.clone()),
                    "{context}, on a pool"
                );
                for limit in [0, 1, 7, whole.solutions, whole.solutions + 1] {
                    let (counted, _) = spread(Some(limit));
                    let (expected, _) = alone(&bits, &board, &start, Some(limit));
                    assert_eq!(counted, expected, "{context}, limit {limit}");
                }
            }
        }
        assert!(many >= 6, "too few puzzles branch much: {many}");
    }

    /// A node budget holds over all threads: the nodes kept stay within
    /// it, a count that ends within it is exact and right, and one that
    /// does not says so and is no more than the whole.
    #[test]
    fn a_node_budget_holds_over_all_threads() {
        let (mut short, mut enough) = (0, 0);
        for (rules, digits) in puzzles() {
            let bits = BitRules::new(&Geometry::new(&rules)).unwrap();
            let mut start = Stats::default();
            let Start::Board(board) = bits.start(&digits, &mut start) else {
                panic!("{rules}: a planted grid's givens have a board");
            };
            let (whole, _) = alone(&bits, &board, &start, None);
            for nodes in [1, 10, 100, 1000, 100_000] {
                for threads in [1, 2, 8] {
                    let (count, stats) = count(
                        &bits,
                        &board,
                        start.clone(),
                        None,
                        Budget::nodes(nodes),
                        None,
                        threads,
                    );
                    assert!(
                        stats.nodes <= nodes,
                        "{rules}: {} nodes kept of {nodes}",
                        stats.nodes
                    );
                    match count.end {
                        End::Exhausted => {
                            enough += 1;
                            assert_eq!(count, whole);
                        }
                        End::BudgetExhausted => {
                            short += 1;
                            assert!(count.solutions <= whole.solutions);
                        }
                        other => panic!("{rules}: ended {other:?}"),
                    }
                }
            }
        }
        assert!(short > 10 && enough > 10, "{short} short, {enough} enough");
    }
}
