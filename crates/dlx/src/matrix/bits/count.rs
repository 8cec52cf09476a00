//! The count on bitsets: Algorithm X as a loop over levels, with
//! [`Dlx::count`](crate::Dlx::count)'s limit, budget and statistics, and
//! the pieces of [`Dlx::counting`](crate::Dlx::counting).
//!
//! The loop is the cells' (`cells/count.rs`): enter a node (report, budget,
//! profile), stop at a dead end the links give up, choose the item, count
//! its options as leaves or branch on the first, and on the way back try
//! the next option of the deepest level that has one. A level keeps its
//! options in `options` (listed when the level is made, in option order),
//! and its states in two slots (`mod.rs`), so trying the next option is
//! one [`Bits::clear`] from the level's covered slot, with nothing to undo.

#![deny(unsafe_code)]

use super::super::search::Search;
use super::{Bits, CLOSED, Clear, Close};
use crate::index::{OptionId, to_u32};
use crate::matrix::{Counter, NoReport, PauseAt, Report, Resumable};
use crate::outcome::{Budget, End, Event, Stats};

/// One level of the search: the item it branches on and its options.
#[derive(Clone, Copy, Debug)]
struct Level {
    /// The item branched on.
    item: u32,
    /// Where the item's options start in `options`.
    first: u32,
    /// The place in `options` of the option being tried.
    cursor: u32,
    /// Where they end.
    end: u32,
    /// Open primary items at the level's node.
    open: u32,
}

/// A count stopped at a pause ([`Resumable::count_piece`]), or about to start:
/// the search loop's locals, the slots as it left them.
#[derive(Clone, Debug)]
pub(crate) struct Place {
    solutions: u64,
    updates: u64,
    /// Nodes entered so far at each level (`primary + 2` of them).
    profile: Vec<u64>,
    levels: Vec<Level>,
    /// The options of every level, one level after another.
    options: Vec<u16>,
    /// Open primary items at the node to enter.
    open: u32,
    /// Whether the node to enter is a dead end the links give up.
    doomed: bool,
    /// Whether the node the search stands at is a solution a solution
    /// iterator has handed over ([`Bits::next_solution`]): the search goes
    /// on from its next sibling rather than entering it.
    found: bool,
}

impl Counter for Bits {
    fn count<R: Report>(
        &mut self,
        search: &Search,
        limit: u64,
        budget: Budget,
        stats: &mut Stats,
        report: &mut R,
    ) -> End {
        self.paused = None;
        self.make_conflicts();
        let place = self.begin(search, &[]);
        self.resume(place, limit, budget, stats, report).0
    }
}

impl Resumable for Bits {
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
        debug_assert!(limit > 0);
        if budget == Budget::UNLIMITED {
            self.search::<false, R, false>(place, limit, budget, stats, report)
        } else {
            self.search::<true, R, false>(place, limit, budget, stats, report)
        }
    }

    fn begin_count(&mut self, search: &Search, below: &[OptionId]) -> Place {
        self.make_conflicts();
        self.begin(search, below)
    }

    /// Nothing to undo: every state is a copy.
    fn finish_count(&mut self) {}

    fn paused_place(&mut self) -> &mut Option<Box<Place>> {
        &mut self.paused
    }
}

impl Bits {
    /// The node the paused search enters next, from the root down: each
    /// level's option tried, as its index among the level's options and
    /// their number (the links' `Search::places`), appended to `out`;
    /// `false` if no search is paused.
    pub(crate) fn paused_places(&self, out: &mut Vec<(u32, u32)>) -> bool {
        let Some(place) = self.paused.as_deref() else {
            return false;
        };
        let places = place.levels.iter();
        out.extend(places.map(|level| (level.cursor - level.first, level.end - level.first)));
        true
    }

    /// Knuth's estimate of the part of the tree done by the paused count,
    /// if there is one, as `Cells::paused_progress`.
    pub(crate) fn paused_progress(&self) -> Option<f64> {
        self.paused.as_deref().map(|place| {
            let (done, share) = done_and_share(&place.levels);
            done + share / 2.0
        })
    }

    /// Slot 0 with `search`'s pre-selections chosen, then `below`'s
    /// options: the place a count begins from.
    fn begin(&mut self, search: &Search, below: &[OptionId]) -> Place {
        self.reset_root();
        self.reserve(1);
        let mut open = u32::try_from(self.primary).expect("fewer than 2^16 primary items");
        for option in search.selected().iter().chain(below) {
            let o = option.index();
            let conflicts = self.conflicts::<true>(o);
            self.clear(0, 1, Close::Option(o), conflicts);
            let (w, p) = (self.words, self.primary);
            self.live.copy_within(w..2 * w, 0);
            self.counts.copy_within(p..2 * p, 0);
            open -= u32::try_from(self.primaries_of(o).len()).expect("few items");
        }
        Place {
            solutions: 0,
            updates: 0,
            profile: vec![0u64; self.primary + 2],
            levels: Vec::with_capacity(self.primary + 1),
            options: Vec::new(),
            open,
            doomed: false,
            found: false,
        }
    }

    /// Chooses option `options[cursor]` of `level` (at depth `depth`): its
    /// child's slot made from the level's covered one. Returns the child's
    /// open items, whether the links give it up, and the updates.
    /// `LAZY`: a solution iterator's, which makes conflict rows as it
    /// needs them ([`Bits::conflicts`]).
    #[inline(always)]
    fn try_option<const LAZY: bool>(
        &mut self,
        depth: usize,
        level: &Level,
        o: usize,
    ) -> (u32, bool, u64) {
        let covered = 2 * depth + 1;
        let conflicts = self.conflicts::<LAZY>(o);
        let (hidden, emptied) = self.clear(covered, covered + 1, Close::Option(o), conflicts);
        // A search for solutions may end every emptied node at once
        // (`cut_emptied`); a count's loop (not `LAZY`) is made without it.
        let doomed = emptied
            && ((LAZY && self.cut_emptied) || self.links_give_up(covered, level.item as usize, o));
        let open = level.open - to_u32(self.primaries_of(o).len());
        // Knuth's updates: each other item of `o` covered, each option hidden.
        let covers = u64::from(self.hide_updates[o]);
        (open, doomed, hidden + covers)
    }

    /// The count from `place` on. `B`: whether `budget` limits anything (a
    /// budget looks at every node and counts no leaves at once). `S`: made
    /// for a solution iterator, whose place can stand at a solution it
    /// handed over ([`Place::found`]).
    fn search<const B: bool, R: Report, const S: bool>(
        &mut self,
        place: Place,
        limit: u64,
        budget: Budget,
        stats: &mut Stats,
        report: &mut R,
    ) -> (End, Place) {
        let Place {
            mut solutions,
            mut updates,
            mut profile,
            mut levels,
            mut options,
            mut open,
            mut doomed,
            found,
        } = place;
        let mut nodes = if B { profile.iter().sum() } else { 0u64 };
        let mut until_report = 1u64;
        // After a solution an iterator handed over: on from its next
        // sibling (`S` only: a count's loop is made without it).
        let mut exhausted = false;
        if S && found {
            match self.next_sibling::<S>(&mut levels, &mut options) {
                Some(made) => {
                    let updated;
                    (open, doomed, updated) = made;
                    updates += updated;
                }
                None => exhausted = true,
            }
        }
        let end = 'enter: loop {
            if S && exhausted {
                break End::Exhausted;
            }
            'node: {
                if R::CUT && !doomed && levels.len() == report.cut() {
                    // A node of the cut: its job enters it (and a doomed one is
                    // the split's dead end, entered below).
                    let prefix = levels
                        .iter()
                        .map(|level| OptionId::from_u32(u32::from(options[level.cursor as usize])))
                        .collect();
                    report.frontier(prefix, done_and_share(&levels).1);
                    break 'node;
                }
                if R::ON {
                    until_report -= 1;
                    if until_report == 0 {
                        until_report = report.chunk();
                        let nodes = if B { nodes } else { profile.iter().sum() };
                        if report.report(nodes, solutions, done_and_share(&levels).0) {
                            break 'enter End::Stopped;
                        }
                    }
                }
                if B {
                    if budget.is_exhausted(nodes, updates) {
                        break 'enter End::BudgetExhausted;
                    }
                    nodes += 1;
                }
                let depth = levels.len();
                profile[depth] += 1;
                let branch = if doomed {
                    None
                } else {
                    match self.choose_item(2 * depth) {
                        Some(chosen) => Some(chosen),
                        None => {
                            solutions += 1;
                            if solutions == limit {
                                break 'enter End::LimitReached;
                            }
                            None
                        }
                    }
                };
                if let Some((item, size)) = branch {
                    debug_assert!(size < CLOSED);
                    let leaves = u64::from(size);
                    if size > 0 && open == self.leaf_width && !B && leaves < limit - solutions {
                        // Each live option has every primary item left (as
                        // `leaves.rs` says), so each is a solution.
                        solutions += leaves;
                        profile[depth + 1] += leaves;
                    } else if size > 0 {
                        let first = options.len();
                        let slot = 2 * depth;
                        let w = self.words;
                        let live = &self.live[slot * w..(slot + 1) * w];
                        let of_item = &self.item_options[item * w..(item + 1) * w];
                        for (at, (&l, &m)) in live.iter().zip(of_item).enumerate() {
                            let mut both = l & m;
                            while both != 0 {
                                let o = at * 64 + both.trailing_zeros() as usize;
                                both &= both - 1;
                                // Below `MAX_OPTIONS` (`fits`), so a `u16`.
                                #[allow(clippy::cast_possible_truncation)]
                                options.push(o as u16);
                            }
                        }
                        self.reserve(slot + 2);
                        let (hidden, _) =
                            self.clear(slot, slot + 1, Close::Item(item), Clear::Item(item));
                        updates += 1 + hidden;
                        let level = Level {
                            item: to_u32(item),
                            first: to_u32(first),
                            cursor: to_u32(first),
                            end: to_u32(options.len()),
                            open,
                        };
                        levels.push(level);
                        let made;
                        (open, doomed, made) =
                            self.try_option::<S>(depth, &level, usize::from(options[first]));
                        updates += made;
                        continue 'enter;
                    }
                }
            }
            doomed = false;
            // Backtrack: the next option of the deepest level that has one.
            if let Some(made) = self.next_sibling::<S>(&mut levels, &mut options) {
                let updated;
                (open, doomed, updated) = made;
                updates += updated;
                continue 'enter;
            }
            break End::Exhausted;
        };
        *stats = Stats::of_profile(&profile, updates, solutions);
        let place = Place {
            solutions,
            updates,
            profile,
            levels,
            options,
            open,
            doomed,
            found: false,
        };
        (end, place)
    }

    /// Backtracks to the next option of the deepest level that has one
    /// (levels with none are popped, their options dropped from `options`)
    /// and chooses it ([`try_option`](Self::try_option)); `None` once no
    /// level has one.
    #[inline(always)]
    fn next_sibling<const LAZY: bool>(
        &mut self,
        levels: &mut Vec<Level>,
        options: &mut Vec<u16>,
    ) -> Option<(u32, bool, u64)> {
        while let Some(level) = levels.last_mut() {
            level.cursor += 1;
            if level.cursor < level.end {
                let level = *level;
                let o = usize::from(options[level.cursor as usize]);
                return Some(self.try_option::<LAZY>(levels.len() - 1, &level, o));
            }
            options.truncate(level.first as usize);
            levels.pop();
        }
        None
    }
}

impl Bits {
    /// The search of a solution iterator on bitsets one step on
    /// (`Dlx::advance_solutions`): from where the last step stopped (or
    /// from the start, `search`'s pre-selections chosen) to the next
    /// solution, the node past `pause` nodes ([`Event::Paused`], entered at
    /// the next step; `u64::MAX`: none), the end of the tree or `budget`.
    /// It is the count's loop under a limit of one more solution, so it
    /// walks the count's tree node for node, which is the links' (a leaf is
    /// entered, not counted at once, as under a limit), and `stats` holds
    /// the statistics of the search so far. The search stays where it
    /// stopped (the paused place, as a count in pieces keeps it) until it
    /// ends or is given up ([`Resumable::give_up_paused`]).
    pub(crate) fn next_solution(
        &mut self,
        search: &Search,
        budget: Budget,
        pause: u64,
        stats: &mut Stats,
    ) -> Event {
        let place = match self.paused.take() {
            Some(place) => *place,
            None => self.begin(search, &[]),
        };
        let (end, mut place) = if pause == u64::MAX {
            self.resume_solutions(place, budget, stats, &mut NoReport)
        } else {
            let mut at = PauseAt::new(pause, Self::nodes_done(&place));
            self.resume_solutions(place, budget, stats, &mut at)
        };
        let event = match end {
            End::LimitReached => {
                place.found = true;
                Event::Solution
            }
            End::Stopped => Event::Paused,
            End::Exhausted => return Event::Exhausted,
            End::BudgetExhausted => return Event::BudgetExhausted,
        };
        self.paused = Some(Box::new(place));
        event
    }

    /// [`Resumable::resume`] for a solution iterator, to one more
    /// solution: the loop made with the step on from a solution handed
    /// over (`S`), which a count's loop is made without (it cost a count on
    /// bitsets 1.2% of its instructions, docs/decisions/bitset-count.md).
    fn resume_solutions<R: Report>(
        &mut self,
        place: Place,
        budget: Budget,
        stats: &mut Stats,
        report: &mut R,
    ) -> (End, Place) {
        let limit = place.solutions + 1;
        if budget == Budget::UNLIMITED {
            self.search::<false, R, true>(place, limit, budget, stats, report)
        } else {
            self.search::<true, R, true>(place, limit, budget, stats, report)
        }
    }

    /// The solution the iterator's search stands at
    /// ([`next_solution`](Self::next_solution)), into `out`: `search`'s
    /// pre-selections, then the option chosen at each level, as the links
    /// list them (`Search::solution`).
    pub(crate) fn solution(&self, search: &Search, out: &mut Vec<OptionId>) {
        out.clear();
        let levels = self.paused.as_deref().map_or(0, |place| place.levels.len());
        out.reserve(search.selected().len() + levels);
        out.extend_from_slice(search.selected());
        if let Some(place) = self.paused.as_deref() {
            let chosen = place
                .levels
                .iter()
                .map(|level| OptionId::from_u32(u32::from(place.options[level.cursor as usize])));
            out.extend(chosen);
        }
    }
}

/// Knuth's estimate of the part of the tree done (DLX1's progress
/// measure), and the share of the tree the current node stands for, as
/// the cells' `done_and_share`.
fn done_and_share(levels: &[Level]) -> (f64, f64) {
    let (mut done, mut share) = (0.0, 1.0);
    for level in levels {
        share /= f64::from(level.end - level.first);
        done += f64::from(level.cursor - level.first) * share;
    }
    (done, share)
}
