//! The count on dancing cells: Algorithms X and C as a loop over levels,
//! with [`Dlx::count`](crate::Dlx::count)'s limit, budget and statistics.
//!
//! The loop walks the tree the matrix's count walks (`search.rs` with
//! `leaves.rs`): the same item at each node (`Cells::choose_item`), the
//! same dead ends (but where the matrix misses a doom: `Stats::updates`),
//! and the same leaves counted at once, on the same
//! condition (every option has the problem's `leaf_width` primary items
//! and as many are left, no budget, and fewer leaves than the limit has
//! left to find). Only the order of the options at a node differs (a
//! sparse set keeps none), so a search cut short by a limit or a budget
//! can stop at another place of the same tree.
//!
//! Updates are added up from the trail (each removal is an entry, summed
//! when a segment is undone) and from `covered` (each item covered, less
//! those purified), so the hot loop counts nothing per removal.
//!
//! A count may report as it goes (`Report`, for
//! [`Dlx::count_parallel`](crate::Dlx::count_parallel) on one thread, whose
//! report into the threads' progress is `dispatch.rs`'s): every so many
//! nodes it hands the report its nodes, solutions and Knuth's estimate of
//! the part of the tree done, and stops if told to. A count without one is
//! compiled without the test (`NoReport`).

#![deny(unsafe_code)]

use super::super::search::Search;
use super::{Cells, Marks, Width};
use crate::outcome::{Budget, End, Stats};

/// Where a count reports while it runs.
pub(crate) trait Report {
    /// Whether the count calls [`report`](Self::report) at all: a count
    /// without a report has no test in its loop.
    const ON: bool;

    /// Nodes entered between reports (at least 1).
    fn chunk(&self) -> u64;

    /// Takes the count so far: `nodes` and `solutions` found, and
    /// `fraction`, Knuth's estimate of the part of the tree done. Returns
    /// whether the count is to stop.
    fn report(&mut self, nodes: u64, solutions: u64, fraction: f64) -> bool;
}

/// No report: a count as fast as it goes.
pub(crate) struct NoReport;

impl Report for NoReport {
    const ON: bool = false;

    fn chunk(&self) -> u64 {
        u64::MAX
    }

    fn report(&mut self, _: u64, _: u64, _: f64) -> bool {
        false
    }
}

/// One level of the search: the options of the item it branches on, and
/// the one it is trying.
#[derive(Clone, Copy, Debug)]
struct Level {
    /// The place in `set` of the option being tried.
    cursor: u32,
    /// Where the item's active options end in `set`.
    end: u32,
    /// The marks (`Marks`) before the item was covered.
    outer: Marks,
    /// The marks after it was covered, before an option was.
    inner: Marks,
}

impl<I: Width> Cells<I> {
    /// Counts the solutions that extend `search`'s pre-selections, at most
    /// `limit` of them (`u64::MAX` for no limit, never 0), under `budget`,
    /// into `stats` (cleared before), telling `report` as it goes; returns
    /// why the count ended ([`End::Stopped`] when `report` said so). The
    /// sets are as [`Cells::new`] made them before and after.
    pub(crate) fn count<R: Report>(
        &mut self,
        search: &Search,
        limit: u64,
        budget: Budget,
        stats: &mut Stats,
        report: &mut R,
    ) -> End {
        debug_assert!(limit > 0 && self.marks() == (0, 0, self.primary));
        let colored = !self.node_color.is_empty();
        let m = &search.matrix;
        for option in search.selected() {
            let k = option.index();
            let (_, link) = m.first_primary(k);
            let at = link.node() - m.option_first[k].span().first();
            if colored {
                self.select::<true>(k, at);
            } else {
                self.select::<false>(k, at);
            }
        }
        self.clear_counts();
        // A budget looks at every node and counts no leaves at once: a
        // search of its own, so the others test nothing for it.
        let end = match (colored, budget == Budget::UNLIMITED) {
            (false, true) => self.search::<false, false, R>(limit, budget, stats, report),
            (false, false) => self.search::<false, true, R>(limit, budget, stats, report),
            (true, true) => self.search::<true, false, R>(limit, budget, stats, report),
            (true, false) => self.search::<true, true, R>(limit, budget, stats, report),
        };
        self.undo((0, 0, self.primary));
        self.clear_counts();
        end
    }

    /// [`count`](Self::count) from the pre-selections on.
    /// `C`: whether the problem has colors; `B`: whether `budget` limits
    /// anything. Without a budget the nodes are only counted in the
    /// profile, and added up at the end (and at each report).
    fn search<const C: bool, const B: bool, R: Report>(
        &mut self,
        limit: u64,
        budget: Budget,
        stats: &mut Stats,
        report: &mut R,
    ) -> End {
        let start = self.marks();
        let mut nodes = 0u64;
        let mut solutions = 0u64;
        // Nodes to enter before the next report; the first node reports,
        // so that a count given a stopped progress does no work.
        let mut until_report = 1u64;
        // Each level covers a primary item, and leaves are counted one
        // level below the deepest: `primary + 2` levels at most.
        let mut profile = vec![0u64; self.primary as usize + 2];
        let mut levels: Vec<Level> = Vec::with_capacity(self.primary as usize + 1);
        // Each level's first place in `set`, for the estimate of the tree
        // done (`fraction`): kept only for a report, so that a count without
        // one stores nothing more a level.
        let mut firsts: Vec<u32> = Vec::new();
        // Enter a level: stop for the budget, branch on an item, count a
        // solution (stopping at the limit), or count the item's options as
        // leaves.
        let end = 'enter: loop {
            if R::ON {
                until_report -= 1;
                if until_report == 0 {
                    until_report = report.chunk();
                    let nodes = if B { nodes } else { profile.iter().sum() };
                    if report.report(nodes, solutions, fraction(&firsts, &levels)) {
                        break End::Stopped;
                    }
                }
            }
            if B {
                if budget.is_exhausted(nodes, self.updates(start)) {
                    break End::BudgetExhausted;
                }
                nodes += 1;
            }
            profile[levels.len()] += 1;
            let branch = match self.choose_item() {
                Ok(Some(item)) => Some(item),
                Ok(None) => {
                    solutions += 1;
                    if solutions == limit {
                        break End::LimitReached;
                    }
                    None
                }
                // A dead end, as the matrix counts it. (Pre-selections
                // doom nothing: they cover as the matrix's do.)
                Err(empty)
                    if levels
                        .last()
                        .is_some_and(|level| self.doomed(level.inner.0, empty)) =>
                {
                    None
                }
                Err(_) => Some(self.leftmost_single()),
            };
            if let Some(item) = branch {
                let entry = self.items[item as usize];
                let (base, end, size) = (entry.base, entry.end, entry.size());
                let leaves = u64::from(size);
                if size > 0
                    && self.primary_count == self.leaf_width
                    && !B
                    && leaves < limit - solutions
                {
                    // An option in an active set has all its primary items
                    // active (options with a covered one are hidden) and
                    // agrees with every option chosen; with `leaf_width`
                    // primary items left, it covers them all. Counted as
                    // entering each would count it, as the matrix does.
                    solutions += leaves;
                    profile[levels.len() + 1] += leaves;
                } else if size > 0 {
                    let outer = self.marks();
                    self.cover::<C>(item);
                    if R::ON {
                        firsts.push(base);
                    }
                    levels.push(Level {
                        cursor: base,
                        end,
                        outer,
                        inner: self.marks(),
                    });
                    self.choose::<C>(self.set[base as usize]);
                    continue 'enter;
                }
            }
            // Backtrack: the next option of the deepest level that has one.
            while let Some(level) = levels.last_mut() {
                level.cursor += 1;
                let (cursor, end, inner, outer) =
                    (level.cursor, level.end, level.inner, level.outer);
                self.undo(inner);
                if cursor < end {
                    self.choose::<C>(self.set[cursor as usize]);
                    continue 'enter;
                }
                self.undo(outer);
                levels.pop();
                if R::ON {
                    firsts.pop();
                }
            }
            break End::Exhausted;
        };
        self.undo(start);
        let depth = profile.iter().rposition(|&n| n > 0).map_or(0, |l| l + 1);
        profile.truncate(depth);
        *stats = Stats {
            nodes: profile.iter().sum(),
            updates: self.updates(start),
            cleansings: self.cleansings(),
            solutions,
            profile,
        };
        end
    }
}

/// Knuth's estimate of the part of the tree done (DLX1's progress measure):
/// the options tried before the current one at each level (whose options
/// start at `firsts`' place in `set`), each level's worth the share of a
/// choice at the level above.
fn fraction(firsts: &[u32], levels: &[Level]) -> f64 {
    debug_assert_eq!(firsts.len(), levels.len());
    let (mut done, mut share) = (0.0, 1.0);
    for (&first, level) in firsts.iter().zip(levels) {
        share /= f64::from(level.end - first);
        done += f64::from(level.cursor - first) * share;
    }
    done
}
