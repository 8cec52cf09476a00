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
use crate::index::OptionId;
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

    /// Whether the count stops at a depth ([`cut`](Self::cut)), handing
    /// each node it reaches there to [`frontier`](Self::frontier) rather
    /// than entering it: the split of a count on threads
    /// ([`Resumable::split`], `job_queue.rs`). A count without a cut has
    /// no test in its loop.
    const CUT: bool = false;

    /// The depth of the cut, with [`CUT`](Self::CUT).
    fn cut(&self) -> usize {
        usize::MAX
    }

    /// Takes a node at the cut, not entered (neither its node nor its
    /// solutions are in the count): the options chosen on the way to it,
    /// from the root down, and its share of the tree (Knuth's).
    fn frontier(&mut self, _prefix: Vec<OptionId>, _share: f64) {}
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

/// The pause of a count in pieces ([`Cells::count_piece`]): stops the count
/// before it enters a node past `pause` nodes, having entered the `left`
/// nodes to it (leaves counted at once add nodes without entering them, so
/// that it can stop past the mark by their number, as the links' pause
/// stops past it by one node's leaves). A solution iterator on bitsets
/// pauses by it too (`bits/count.rs`).
pub(crate) struct PauseAt {
    pause: u64,
    /// Nodes to enter before the first report after the one at the start.
    left: u64,
}

impl PauseAt {
    /// The pause at `pause` nodes of a search that has entered `done`.
    pub(crate) fn new(pause: u64, done: u64) -> PauseAt {
        PauseAt {
            pause,
            left: pause.saturating_sub(done).max(1),
        }
    }
}

impl Report for PauseAt {
    const ON: bool = true;

    fn chunk(&self) -> u64 {
        self.left
    }

    fn report(&mut self, nodes: u64, _: u64, _: f64) -> bool {
        nodes >= self.pause
    }
}

/// A count-only engine [`Dlx::count`](crate::Dlx::count) runs where the
/// chooser sends it (`path.rs`): dancing cells, bitsets (`matrix/bits`).
pub(crate) trait Counter {
    /// Counts the solutions that extend `search`'s pre-selections, at most
    /// `limit` of them (`u64::MAX` for no limit, never 0), under `budget`,
    /// into `stats`, telling `report` as it goes; returns why the count
    /// ended.
    fn count<R: Report>(
        &mut self,
        search: &Search,
        limit: u64,
        budget: Budget,
        stats: &mut Stats,
        report: &mut R,
    ) -> End;
}

/// A count-only search that can stop at a pause and go on from there: what
/// a count in pieces ([`Dlx::counting`](crate::Dlx::counting)) needs of the
/// cells and the bitsets.
pub(crate) trait Resumable {
    /// Where a count stands: its search loop's locals.
    type Place;

    /// The nodes a count at `place` has entered.
    fn nodes_done(place: &Self::Place) -> u64;

    /// Runs the search from `place` to the end, the limit, the budget or
    /// `report`'s stop ([`End::Stopped`]); returns why, and where it stands.
    fn resume<R: Report>(
        &mut self,
        place: Self::Place,
        limit: u64,
        budget: Budget,
        stats: &mut Stats,
        report: &mut R,
    ) -> (End, Self::Place);

    /// Selects `search`'s pre-selections, then the options of `below` (a
    /// subproblem's prefix, each chosen where the search chose it), and
    /// starts the statistics: the place a count begins from, its root at
    /// level 0 of its profile.
    fn begin_count(&mut self, search: &Search, below: &[OptionId]) -> Self::Place;

    /// Undoes what a count left (the search and the pre-selections).
    fn finish_count(&mut self);

    /// [`begin_count`](Self::begin_count) for a thread's next job, the
    /// engine as made or as the last job's count left it when it ended
    /// [`End::Exhausted`] (its search undone, its prefix still selected).
    /// The cells keep the options the two prefixes share selected (a
    /// thread's jobs often share their first: graceful-wheel-7's
    /// selections from the root were some 60 nodes' work a job).
    fn begin_next(&mut self, search: &Search, below: &[OptionId]) -> Self::Place {
        self.finish_count();
        self.begin_count(search, below)
    }

    /// The count stopped at a pause, if there is one.
    fn paused_place(&mut self) -> &mut Option<Box<Self::Place>>;

    /// One piece of a count run in pieces: goes on from the pause the last
    /// piece stopped at, if there is one, else begins as a count does, and
    /// stops before the node that would make more than `pause` nodes in all
    /// (`u64::MAX`: no pause). `None` when it paused there, the state left
    /// as its search left it for the next piece; else why the count ended,
    /// the state restored. `stats` holds the whole count's statistics so
    /// far. The pause is a report that stops the loop (the only one there
    /// is), so that the loop is the plain count's, leaves counted at once
    /// and no budget tested unless the caller has one.
    fn count_piece(
        &mut self,
        search: &Search,
        limit: u64,
        budget: Budget,
        pause: u64,
        stats: &mut Stats,
    ) -> Option<End> {
        let place = match self.paused_place().take() {
            Some(place) => *place,
            None => self.begin_count(search, &[]),
        };
        let (end, place) = if pause == u64::MAX {
            self.resume(place, limit, budget, stats, &mut NoReport)
        } else {
            let mut at = PauseAt::new(pause, Self::nodes_done(&place));
            self.resume(place, limit, budget, stats, &mut at)
        };
        if end == End::Stopped {
            *self.paused_place() = Some(Box::new(place));
            return None;
        }
        self.finish_count();
        Some(end)
    }

    /// Gives up the count paused by [`count_piece`](Self::count_piece), if
    /// there is one: the state as the engine was made.
    fn give_up_paused(&mut self) {
        if self.paused_place().take().is_some() {
            self.finish_count();
        }
    }

    /// The count of `search`'s problem (below its pre-selections) cut at
    /// `depth`, under `budget`: the nodes it reaches there, each as its
    /// prefix and share, in search order, but the dead ends (on the cells
    /// the solutions too), which it enters itself; and the statistics of
    /// the tree above them (its dead ends at the cut and the solutions it
    /// meets included, its leaves counted at once as the count counts
    /// them). The
    /// nodes' counts (each begun by [`begin_count`](Self::begin_count) with
    /// its prefix) add up with these to the count's. `Err` with the
    /// statistics so far if the budget ran out first. The state is as
    /// before, but for a count paused, which is given up.
    fn split(
        &mut self,
        search: &Search,
        depth: usize,
        budget: Budget,
    ) -> Result<(Frontier, Stats), Stats> {
        self.give_up_paused();
        let place = self.begin_count(search, &[]);
        let mut cut = SplitAt {
            depth,
            nodes: Vec::new(),
        };
        let mut stats = Stats::default();
        let (end, _) = self.resume(place, u64::MAX, budget, &mut stats, &mut cut);
        self.finish_count();
        if end == End::Exhausted {
            Ok((cut.nodes, stats))
        } else {
            Err(stats)
        }
    }
}

/// The nodes a split reaches at its depth ([`Resumable::split`]): each
/// node's prefix (the options chosen from the root down) and share of the
/// tree, in search order.
pub(crate) type Frontier = Vec<(Vec<OptionId>, f64)>;

/// The cut of a split: its depth, and the nodes found there.
struct SplitAt {
    depth: usize,
    nodes: Frontier,
}

impl Report for SplitAt {
    const ON: bool = false;
    const CUT: bool = true;

    fn chunk(&self) -> u64 {
        u64::MAX
    }

    fn report(&mut self, _: u64, _: u64, _: f64) -> bool {
        false
    }

    fn cut(&self) -> usize {
        self.depth
    }

    fn frontier(&mut self, prefix: Vec<OptionId>, share: f64) {
        self.nodes.push((prefix, share));
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

/// A count on the cells stopped at a pause ([`Cells::count_piece`]), the
/// sets as its search left them: the search loop's locals, to go on from
/// the node it stopped before.
#[derive(Clone, Debug)]
pub(crate) struct Place {
    /// The marks after the pre-selections, where the search began.
    start: Marks,
    /// Solutions found so far.
    solutions: u64,
    /// Nodes entered so far at each level (`primary + 2` of them).
    profile: Vec<u64>,
    /// The levels on the path to the node the search stopped before.
    levels: Vec<Level>,
    /// Each level's first place in `set` (see `search`).
    firsts: Vec<u32>,
}

impl<I: Width> Cells<I> {
    /// Counts the solutions that extend `search`'s pre-selections, at most
    /// `limit` of them (`u64::MAX` for no limit, never 0), under `budget`,
    /// into `stats` (cleared before), telling `report` as it goes; returns
    /// why the count ended ([`End::Stopped`] when `report` said so). The
    /// sets are as [`Cells::new`] made them before and after (a count
    /// stopped at a pause is given up first).
    pub(crate) fn count<R: Report>(
        &mut self,
        search: &Search,
        limit: u64,
        budget: Budget,
        stats: &mut Stats,
        report: &mut R,
    ) -> End {
        self.give_up_paused();
        let place = self.begin(search, &[]);
        let (end, _) = self.run(place, limit, budget, stats, report);
        self.finish();
        end
    }

    /// Knuth's estimate of the part of the tree done by the count paused
    /// by [`count_piece`](Resumable::count_piece), if there is one: the part
    /// before the node it stopped at, and half of that node's share, as
    /// the links' `Search::progress` gives it.
    pub(crate) fn paused_progress(&self) -> Option<f64> {
        self.paused.as_deref().map(|place| {
            let (done, share) = done_and_share(&place.firsts, &place.levels);
            done + share / 2.0
        })
    }

    /// The options chosen at `levels`, from the root down.
    fn prefix(&self, levels: &[Level]) -> Vec<OptionId> {
        levels
            .iter()
            .map(|level| self.option_of(self.set[level.cursor as usize].at()))
            .collect()
    }

    /// Selects `search`'s pre-selections and starts the statistics: the
    /// place a count begins from.
    fn begin(&mut self, search: &Search, below: &[OptionId]) -> Place {
        debug_assert!(self.marks() == (0, 0, self.primary) && self.paused.is_none());
        for &option in search.selected() {
            self.select_option(search, option);
        }
        self.held = Some(Vec::with_capacity(below.len()));
        self.select_below(search, below);
        self.place()
    }

    /// [`begin`](Self::begin) from the sets as a count below another
    /// prefix left them once it ended (`held`): the options the two
    /// prefixes share from the root stay selected, the rest of the old
    /// one is undone and the rest of `below` selected.
    fn begin_below_held(&mut self, search: &Search, below: &[OptionId]) -> Place {
        let Some(held) = self.held.as_mut() else {
            return self.begin(search, below);
        };
        let shared = held
            .iter()
            .zip(below)
            .take_while(|((option, _), wanted)| option == *wanted)
            .count();
        let undo = held.get(shared).map(|&(_, marks)| marks);
        held.truncate(shared);
        if let Some(marks) = undo {
            self.undo(marks);
        }
        self.select_below(search, &below[shared..]);
        self.place()
    }

    /// Selects `options` below the held prefix, each noted there.
    fn select_below(&mut self, search: &Search, options: &[OptionId]) {
        for &option in options {
            let marks = self.marks();
            if let Some(held) = self.held.as_mut() {
                held.push((option, marks));
            }
            self.select_option(search, option);
        }
    }

    /// Selects `option` as a pre-selection is: from its first primary item.
    fn select_option(&mut self, search: &Search, option: OptionId) {
        let m = &search.matrix;
        let k = option.index();
        let (_, link) = m.first_primary(k);
        let at = link.node() - m.option_first[k].span().first();
        if self.node_color.is_empty() {
            self.select::<false>(k, at);
        } else {
            self.select::<true>(k, at);
        }
    }

    /// The place a count begins from, the sets as selected: the statistics
    /// started.
    fn place(&mut self) -> Place {
        self.clear_counts();
        Place {
            start: self.marks(),
            solutions: 0,
            // Each level covers a primary item, and leaves are counted one
            // level below the deepest: `primary + 2` levels at most.
            profile: vec![0u64; self.primary as usize + 2],
            levels: Vec::with_capacity(self.primary as usize + 1),
            firsts: Vec::new(),
        }
    }

    /// Runs the search from `place` to the end, the limit, the budget or
    /// `report`'s stop; the sets stay as the search left them.
    fn run<R: Report>(
        &mut self,
        place: Place,
        limit: u64,
        budget: Budget,
        stats: &mut Stats,
        report: &mut R,
    ) -> (End, Place) {
        debug_assert!(limit > 0);
        let colored = !self.node_color.is_empty();
        // A budget looks at every node and counts no leaves at once: a
        // search of its own, so the others test nothing for it.
        match (colored, budget == Budget::UNLIMITED) {
            (false, true) => self.search::<false, false, R>(place, limit, budget, stats, report),
            (false, false) => self.search::<false, true, R>(place, limit, budget, stats, report),
            (true, true) => self.search::<true, false, R>(place, limit, budget, stats, report),
            (true, false) => self.search::<true, true, R>(place, limit, budget, stats, report),
        }
    }

    /// Undoes the search and the pre-selections, and forgets the
    /// statistics.
    fn finish(&mut self) {
        self.undo((0, 0, self.primary));
        self.clear_counts();
        self.held = None;
    }

    /// [`count`](Self::count) from `place` on (the pre-selections, or a
    /// pause). `C`: whether the problem has colors; `B`: whether `budget`
    /// limits anything. Without a budget the nodes are only counted in the
    /// profile, and added up at the end (and at each report).
    fn search<const C: bool, const B: bool, R: Report>(
        &mut self,
        place: Place,
        limit: u64,
        budget: Budget,
        stats: &mut Stats,
        report: &mut R,
    ) -> (End, Place) {
        let Place {
            start,
            mut solutions,
            mut profile,
            mut levels,
            mut firsts,
        } = place;
        let mut nodes = if B { profile.iter().sum() } else { 0u64 };
        // Nodes to enter before the next report; the first node reports,
        // so that a count given a stopped progress does no work.
        let mut until_report = 1u64;
        // Each level's first place in `set`, for the estimate of the tree
        // done (`fraction`): kept only for a report, a budget (which a
        // count in pieces pauses at) or a cut (the shares of its nodes), so
        // that a plain count stores nothing more a level.
        let keep_firsts = R::ON || B || R::CUT;
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
            if R::CUT && branch.is_some() && levels.len() == report.cut() {
                // A node of the cut: its job enters it, so it is not counted
                // here. Known for neither a solution nor a dead end only
                // now: a doom needs the choice above it (`doomed`), which
                // the job's root, its prefix selected, does not have.
                profile[levels.len()] -= 1;
                if B {
                    nodes -= 1;
                }
                let share = done_and_share(&firsts, &levels).1;
                report.frontier(self.prefix(&levels), share);
            } else if let Some(item) = branch {
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
                    if keep_firsts {
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
                if keep_firsts {
                    firsts.pop();
                }
            }
            break End::Exhausted;
        };
        let depth = profile.iter().rposition(|&n| n > 0).map_or(0, |l| l + 1);
        *stats = Stats {
            nodes: profile.iter().sum(),
            updates: self.updates(start),
            cleansings: self.cleansings(),
            solutions,
            profile: profile[..depth].to_vec(),
        };
        let place = Place {
            start,
            solutions,
            profile,
            levels,
            firsts,
        };
        (end, place)
    }
}

impl<I: Width> Resumable for Cells<I> {
    type Place = Place;

    fn nodes_done(place: &Place) -> u64 {
        place.profile.iter().sum()
    }

    fn resume<R: Report>(
        &mut self,
        place: Place,
        limit: u64,
        budget: Budget,
        stats: &mut Stats,
        report: &mut R,
    ) -> (End, Place) {
        self.run(place, limit, budget, stats, report)
    }

    fn begin_count(&mut self, search: &Search, below: &[OptionId]) -> Place {
        self.begin(search, below)
    }

    fn finish_count(&mut self) {
        self.finish();
    }

    fn begin_next(&mut self, search: &Search, below: &[OptionId]) -> Place {
        self.begin_below_held(search, below)
    }

    fn paused_place(&mut self) -> &mut Option<Box<Place>> {
        &mut self.paused
    }
}

/// Knuth's estimate of the part of the tree done (DLX1's progress measure):
/// the options tried before the current one at each level (whose options
/// start at `firsts`' place in `set`), each level's worth the share of a
/// choice at the level above.
fn fraction(firsts: &[u32], levels: &[Level]) -> f64 {
    done_and_share(firsts, levels).0
}

/// [`fraction`], and the share of the tree the current node stands for:
/// the product of `1 / d` down its path.
fn done_and_share(firsts: &[u32], levels: &[Level]) -> (f64, f64) {
    debug_assert_eq!(firsts.len(), levels.len());
    let (mut done, mut share) = (0.0, 1.0);
    for (&first, level) in firsts.iter().zip(levels) {
        share /= f64::from(level.end - first);
        done += f64::from(level.cursor - first) * share;
    }
    (done, share)
}
