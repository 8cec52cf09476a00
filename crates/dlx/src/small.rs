//! Algorithm X on bit masks for small problems: no matrix, no links.
//!
//! A problem of plain exact cover with at most 64 primary items, at most 64
//! options and no secondary items is a [`SmallProblem`]: each item is the
//! mask of its options, each option the mask of its items. The search keeps
//! the options still in some list (`live`) and the uncovered items (`open`)
//! as two words a level, on a stack of fixed size, so a level is undone by
//! going back to the words it kept. Made for problems solved in
//! microseconds, where [`Dlx::new`](crate::Dlx::new)'s links cost more than
//! the search (docs/decisions/small-masks.md).
//!
//! It walks the links' tree node for node, and counts their statistics:
//! the item [`Dlx`](crate::Dlx) branches on (fewest options, ties to the
//! leftmost, the scan stopping at 0 or 1), its options top down, the
//! links' give-up of an option whose covering empties an item it does not
//! cover later (`Matrix::dooms`: each hidden option's walk notes the last
//! item it empties, so the doom a note misses is missed here too), the
//! leaves a silent count adds at once (`matrix/leaves.rs`), and each
//! covering's updates as the links make them, whole or given up. So the
//! solutions in their order, the nodes, the profile and the updates are
//! those of `Dlx`'s count and solution iterator, under the same limits and
//! budgets; a count run in pieces stops before the node it would pass its
//! mark at, as [`Counting`](crate::Counting) does.

#![deny(unsafe_code)]

use crate::index::{OptionId, to_u32};
use crate::matrix::counts_on_bits;
use crate::outcome::{Budget, Count, End, Stats};
use crate::problem::{Kind, Problem};

/// The most options and primary items of a [`SmallProblem`]: one word.
pub const SMALL_MAX: usize = 64;

/// A problem of plain exact cover small enough to search on bit masks,
/// with no matrix and no links ([`SmallProblem::new`] says which): each
/// item the mask of its options, each option the mask of its items.
/// Counting it ([`count`](Self::count), [`into_counting`](Self::into_counting))
/// or finding its solutions ([`into_solutions`](Self::into_solutions))
/// walks the tree [`Dlx`](crate::Dlx) walks on the links, node for node:
/// the same solutions in the same order, and the same statistics (nodes,
/// profile, and updates as the links make them, doomed coverings given up
/// half way included), under the same limits and budgets. For problems
/// solved in microseconds, where making a solver costs more than the
/// search.
///
/// ```
/// use dlx_engine::{Dlx, NamedProblem, SmallProblem};
///
/// let named = NamedProblem::parse("a b c\na\nb\nc\na b\nb c\n")?;
/// let small = SmallProblem::new(named.problem()).expect("small, plain exact cover");
/// let (count, stats) = small.count(None, dlx_engine::Budget::UNLIMITED);
/// let mut solver = Dlx::new(named.problem());
/// assert_eq!(count, solver.count(None));
/// assert_eq!(&stats, solver.stats());
/// # Ok::<(), dlx_engine::DlxError>(())
/// ```
#[derive(Clone, Debug)]
pub struct SmallProblem {
    /// `item_options[x]`: the options of item `x`.
    item_options: [u64; SMALL_MAX],
    /// `option_items[o]`: the items of option `o`.
    option_items: [u64; SMALL_MAX],
    /// Option `o`'s items in the order given (the links' node order):
    /// `nodes[first[o]..first[o + 1]]`.
    nodes: Vec<u8>,
    first: [u16; SMALL_MAX + 1],
    /// Options, and primary items.
    options: u32,
    primary: u32,
    /// How many items every option has, if all have as many, else 0
    /// (`matrix/leaves.rs`'s `width`).
    leaf_width: u32,
}

impl SmallProblem {
    /// The masks of `problem`, if the search on them walks the tree
    /// [`Dlx::count`](crate::Dlx::count) walks on the links, with the
    /// links' statistics: plain exact cover ([`Kind::Exact`]) with no
    /// secondary items, at most [`SMALL_MAX`] primary items and options, and
    /// not a problem whose count runs on bitsets
    /// ([`SearchPath::bits`](crate::SearchPath), whose updates are
    /// whole coverings). `None` otherwise.
    #[must_use]
    pub fn new(problem: &Problem) -> Option<SmallProblem> {
        let options = problem.option_count();
        let primary = problem.primary_count();
        if problem.kind() != Kind::Exact
            || problem.secondary_count() != 0
            || options > SMALL_MAX
            || primary > SMALL_MAX
            || counts_on_bits(problem)
        {
            return None;
        }
        let mut small = SmallProblem {
            item_options: [0; SMALL_MAX],
            option_items: [0; SMALL_MAX],
            nodes: Vec::with_capacity(problem.entry_count()),
            first: [0; SMALL_MAX + 1],
            options: to_u32(options),
            primary: to_u32(primary),
            leaf_width: 0,
        };
        let mut width = None;
        for (o, items) in problem.options() {
            let o = o.index();
            for item in items {
                let x = item.index();
                small.item_options[x] |= 1 << o;
                small.option_items[o] |= 1 << x;
                small.nodes.push(u8::try_from(x).expect("at most 64 items"));
            }
            small.first[o + 1] = u16::try_from(small.nodes.len()).expect("at most 64 * 64 entries");
            width = match width {
                None => Some(items.len()),
                Some(w) if w == items.len() => Some(w),
                Some(_) => Some(0),
            };
        }
        small.leaf_width = to_u32(width.unwrap_or(0));
        Some(small)
    }

    /// Counts the solutions, at most `limit` if given, within `budget`, as
    /// [`Dlx::count`](crate::Dlx::count) with [`Dlx::set_budget`](crate::Dlx::set_budget):
    /// the count and the search's statistics, the links'.
    #[must_use]
    pub fn count(self, limit: Option<u64>, budget: Budget) -> (Count, Stats) {
        let mut counting = self.into_counting(limit, budget);
        let count = counting.run();
        (count, counting.stats())
    }

    /// A count run in pieces, as [`Dlx::counting`](crate::Dlx::counting):
    /// at most `limit` solutions, within `budget`.
    #[must_use]
    pub fn into_counting(self, limit: Option<u64>, budget: Budget) -> SmallCounting {
        SmallCounting {
            end: (limit == Some(0)).then_some(End::LimitReached),
            limit,
            search: Search::new(self, budget),
        }
    }

    /// The solutions one by one, as [`Dlx::into_solutions`](crate::Dlx::into_solutions)
    /// within `budget` finds them: the same solutions in the same order,
    /// and the same statistics at each.
    #[must_use]
    pub fn into_solutions(self, budget: Budget) -> SmallSolutions {
        SmallSolutions {
            search: Search::new(self, budget),
            end: None,
            solution: Vec::new(),
        }
    }

    /// The options of item `x` in `live`.
    #[inline(always)]
    fn live_of(&self, x: u32, live: u64) -> u64 {
        self.item_options[x as usize] & live
    }

    /// Option `o`'s items in node order.
    #[inline(always)]
    fn nodes_of(&self, o: u32) -> &[u8] {
        let o = o as usize;
        &self.nodes[usize::from(self.first[o])..usize::from(self.first[o + 1])]
    }

    /// The item the links branch on among `open` with `live` options, and
    /// its number of options: the first with at most one, else the first
    /// of the fewest (`Matrix::shortest_item`); `None` if none is open.
    #[inline(always)]
    fn shortest_item(&self, open: u64, live: u64) -> Option<(u32, u32)> {
        let mut best = None;
        let mut best_len = u32::MAX;
        let mut rest = open;
        while rest != 0 {
            let x = rest.trailing_zeros();
            rest &= rest - 1;
            let len = self.live_of(x, live).count_ones();
            if len < best_len {
                (best, best_len) = (Some(x), len);
                if len <= 1 {
                    break;
                }
            }
        }
        best.map(|x| (x, best_len))
    }

    /// Covers the items of option `o` other than `i`, going right around
    /// `o` from `i`, hiding each item's options in `live` top down
    /// (`Matrix::cover_others_unless_doomed`); with `give_up`, stops at the
    /// first hidden option whose walk (right from the item being covered)
    /// last empties an item `o` does not cover later. Returns the options
    /// left, the updates (one for each item covered, one for each node of a
    /// hidden option but the one in the covered item's list), and whether
    /// it gave up.
    #[inline(always)]
    fn commit(&self, o: u32, i: u32, mut live: u64, give_up: bool) -> (u64, u64, bool) {
        let nodes = self.nodes_of(o);
        let at_i = nodes
            .iter()
            .position(|&x| u32::from(x) == i)
            .expect("the option covers its item");
        let mut updates = 0;
        for step in 1..nodes.len() {
            let q = nodes[(at_i + step) % nodes.len()];
            updates += 1;
            let mut hidden = self.live_of(u32::from(q), live);
            while hidden != 0 {
                let r = hidden.trailing_zeros();
                hidden &= hidden - 1;
                let walk = self.nodes_of(r);
                updates += walk.len() as u64 - 1;
                if give_up {
                    // The items the hiding empties: those whose only live
                    // option is `r` (seldom any).
                    let mut others = self.option_items[r as usize] & !(1 << q);
                    let mut emptied = 0u64;
                    while others != 0 {
                        let y = others.trailing_zeros();
                        others &= others - 1;
                        if self.live_of(y, live) == 1 << r {
                            emptied |= 1 << y;
                        }
                    }
                    if emptied != 0 && self.dooms(o, step, r, q, emptied) {
                        return (live, updates, true);
                    }
                }
                live &= !(1 << r);
            }
        }
        (live, updates, false)
    }

    /// Whether the links give up option `o` (its items in node order from
    /// the branch item, `step` of them covered) when hiding option `r` from
    /// item `q`'s list empties the items of `emptied`: the last of them in
    /// `r`'s walk (right from `q`), the one the links note, is not one
    /// that `o` covers later (`Matrix::dooms`).
    #[cold]
    #[inline(never)]
    fn dooms(&self, o: u32, step: usize, r: u32, q: u8, emptied: u64) -> bool {
        let walk = self.nodes_of(r);
        let at_q = walk.iter().position(|&x| x == q).expect("r has q");
        let noted = (1..walk.len())
            .rev()
            .map(|k| walk[(at_q + k) % walk.len()])
            .find(|&y| emptied & (1 << y) != 0)
            .expect("an emptied item is in r");
        let nodes = self.nodes_of(o);
        let at_q_in_o = nodes.iter().position(|&x| x == q).expect("o has q");
        debug_assert!(step > 0);
        // `o`'s items after `q`, up to the branch item (which is `o`'s
        // item `step` places before `q`).
        let later = (1..nodes.len() - step).any(|s| nodes[(at_q_in_o + s) % nodes.len()] == noted);
        !later
    }
}

/// One level of the search on masks: the item it branches on, the state
/// with that item covered, and its options.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// The live options once the item is covered.
    live: u64,
    /// The open items once the item is covered.
    open: u64,
    /// The item's options not tried yet.
    rest: u64,
    /// The item.
    item: u8,
    /// The option being tried.
    choice: u8,
    /// The item's options at the node (the level's degree in Knuth's
    /// measure of progress).
    degree: u8,
}

/// Why the search on masks stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Event {
    Solution,
    Exhausted,
    BudgetExhausted,
    Paused,
}

/// The search on masks: Algorithm X as a loop over levels
/// (`matrix/search.rs`'s `advance_exact`, step for step).
#[derive(Clone, Debug)]
struct Search {
    problem: SmallProblem,
    budget: Budget,
    levels: [Level; SMALL_MAX + 1],
    /// Levels on the stack: the level of the node entered or to enter.
    depth: usize,
    /// The state of the node to enter.
    live: u64,
    open: u64,
    /// Whether the next step enters a node (else it backtracks).
    entering: bool,
    /// Whether the tree is done.
    finished: bool,
    nodes: u64,
    updates: u64,
    solutions: u64,
    profile: [u64; SMALL_MAX + 2],
}

impl Search {
    fn new(problem: SmallProblem, budget: Budget) -> Search {
        let live = if problem.options == 64 {
            u64::MAX
        } else {
            (1 << problem.options) - 1
        };
        let open = if problem.primary == 64 {
            u64::MAX
        } else {
            (1 << problem.primary) - 1
        };
        Search {
            problem,
            budget,
            levels: [Level::default(); SMALL_MAX + 1],
            depth: 0,
            live,
            open,
            entering: true,
            finished: false,
            nodes: 0,
            updates: 0,
            solutions: 0,
            profile: [0; SMALL_MAX + 2],
        }
    }

    fn stats(&self) -> Stats {
        let levels = self
            .profile
            .iter()
            .rposition(|&n| n > 0)
            .map_or(0, |l| l + 1);
        Stats {
            nodes: self.nodes,
            updates: self.updates,
            cleansings: 0,
            solutions: self.solutions,
            profile: self.profile[..levels].to_vec(),
        }
    }

    fn count_node(&mut self, level: usize) {
        self.nodes += 1;
        self.profile[level] += 1;
    }

    /// Runs until a solution that `silent` does not take (each taken one
    /// counted and passed), the end of the tree, the budget, or the node
    /// `pause` (not entered). A silent search (`leafy`: no budget) counts
    /// leaves at once where `len <= silent`, as the links' count does.
    fn advance(&mut self, silent: &mut u64, pause: u64) -> Event {
        if self.finished {
            return Event::Exhausted;
        }
        let leafy = self.budget == Budget::UNLIMITED;
        loop {
            if self.entering {
                if self.nodes >= pause {
                    return Event::Paused;
                }
                if self.budget.is_exhausted(self.nodes, self.updates) {
                    return Event::BudgetExhausted;
                }
                let depth = self.depth;
                self.count_node(depth);
                let (live, open) = (self.live, self.open);
                let Some((i, len)) = self.problem.shortest_item(open, live) else {
                    self.solutions += 1;
                    self.entering = false;
                    if *silent != 0 {
                        *silent -= 1;
                        continue;
                    }
                    return Event::Solution;
                };
                let leaves = u64::from(len);
                if len == 0
                    || (leafy && open.count_ones() == self.problem.leaf_width && leaves <= *silent)
                {
                    if len != 0 {
                        // Each option covers every item left: a solution.
                        *silent -= leaves;
                        self.nodes += leaves;
                        self.solutions += leaves;
                        self.profile[depth + 1] += leaves;
                    }
                    self.entering = false;
                    continue;
                }
                // Cover `i`: hide its options from the other items' lists.
                let options = self.problem.live_of(i, live);
                let mut hidden = options;
                let mut updates = 1;
                while hidden != 0 {
                    let r = hidden.trailing_zeros();
                    hidden &= hidden - 1;
                    updates += self.problem.nodes_of(r).len() as u64 - 1;
                }
                self.updates += updates;
                self.levels[depth] = Level {
                    live: live & !options,
                    open: open & !(1 << i),
                    rest: options,
                    item: u8::try_from(i).expect("below 64"),
                    choice: 0,
                    degree: u8::try_from(len).expect("at most 64"),
                };
                self.entering = self.try_options(depth);
            } else {
                if self.depth == 0 {
                    self.finished = true;
                    return Event::Exhausted;
                }
                self.depth -= 1;
                let depth = self.depth;
                self.entering = self.try_options(depth);
            }
        }
    }

    /// Tries the options of level `l` not tried yet, top down: moves down to
    /// the first whose covering is not given up (true), counting each given
    /// up as a node not entered; false when none is left.
    fn try_options(&mut self, l: usize) -> bool {
        loop {
            let level = self.levels[l];
            if level.rest == 0 {
                return false;
            }
            let o = level.rest.trailing_zeros();
            self.levels[l].rest &= level.rest - 1;
            self.levels[l].choice = u8::try_from(o).expect("below 64");
            let item = u32::from(level.item);
            let (mut live, updates, doomed) = self.problem.commit(o, item, level.live, true);
            self.updates += updates;
            if doomed {
                if !self.budget.is_exhausted(self.nodes, self.updates) {
                    self.count_node(l + 1);
                    continue;
                }
                // The budget ends the search at that node: the links cover
                // the option after all and stop as they enter it.
                let (whole, updates, _) = self.problem.commit(o, item, level.live, false);
                self.updates += updates;
                live = whole;
            }
            self.live = live;
            self.open = level.open & !self.problem.option_items[o as usize];
            self.depth = l + 1;
            return true;
        }
    }

    /// Knuth's measure of progress, as the links' (`Frontier::progress`):
    /// for each level on the path, its choice's index `c` (from 0) among
    /// the `d` options of its item, `sum c / (d_0 ... d_l)`, plus half the
    /// share of the node the search stands at.
    fn progress(&self) -> f64 {
        let mut done = 0.0;
        let mut share = 1.0;
        for level in &self.levels[..self.depth] {
            let degree = u32::from(level.degree).max(1);
            let index = degree - 1 - level.rest.count_ones();
            share /= f64::from(degree);
            done += f64::from(index) * share;
        }
        done + share / 2.0
    }

    /// The options chosen on the path to the node the search stands at.
    fn solution(&self, out: &mut Vec<OptionId>) {
        out.clear();
        out.extend(
            self.levels[..self.depth]
                .iter()
                .map(|level| OptionId::from_u32(u32::from(level.choice))),
        );
    }
}

/// A count on masks run in pieces: [`SmallProblem::into_counting`], the
/// form of [`Counting`](crate::Counting).
#[derive(Clone, Debug)]
pub struct SmallCounting {
    search: Search,
    limit: Option<u64>,
    end: Option<End>,
}

impl SmallCounting {
    /// Counts on for at most `nodes` more search-tree nodes (leaves counted
    /// at once can pass the mark): `None` if it stopped there, else the
    /// count, which has ended, as [`Counting::run_within`](crate::Counting::run_within).
    pub fn run_within(&mut self, nodes: u64) -> Option<Count> {
        let pause = self.search.nodes.saturating_add(nodes);
        self.run_to(pause)
    }

    /// Counts on to the end of the tree, the limit or the budget.
    pub fn run(&mut self) -> Count {
        self.run_to(u64::MAX).expect("a count without a pause ends")
    }

    /// Why the count ended, or `None` while it can go on.
    #[must_use]
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// The statistics of the count so far.
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.search.stats()
    }

    /// Knuth's estimate of the part of the tree the count has done, as
    /// [`Counting::progress`](crate::Counting::progress) gives it on the
    /// links at the same pause: 0 before it starts, 1 once it has ended.
    #[must_use]
    pub fn progress(&self) -> f64 {
        if self.end.is_some() {
            return 1.0;
        }
        if self.search.nodes == 0 {
            return 0.0;
        }
        self.search.progress().min(1.0)
    }

    fn run_to(&mut self, pause: u64) -> Option<Count> {
        while self.end.is_none() {
            // As the links' count: every solution but the one that reaches
            // the limit counted silently.
            let found = self.search.solutions;
            if self.limit.is_some_and(|l| found >= l) {
                self.end = Some(End::LimitReached);
                break;
            }
            let mut silent = self.limit.map_or(u64::MAX, |l| l - found - 1);
            match self.search.advance(&mut silent, pause) {
                Event::Solution => {}
                Event::Paused => return None,
                Event::Exhausted => self.end = Some(End::Exhausted),
                Event::BudgetExhausted => self.end = Some(End::BudgetExhausted),
            }
        }
        self.end.map(|end| Count {
            solutions: self.search.solutions,
            end,
        })
    }
}

/// The solutions of a [`SmallProblem`] one by one:
/// [`SmallProblem::into_solutions`].
#[derive(Clone, Debug)]
pub struct SmallSolutions {
    search: Search,
    end: Option<End>,
    solution: Vec<OptionId>,
}

impl SmallSolutions {
    /// The next solution's options (in the order chosen), searching at
    /// most `nodes` more nodes: `None` if the search paused there (and
    /// [`end`](Self::end) is `None`) or ended, as
    /// [`IntoSolutions::next_within`](crate::IntoSolutions::next_within).
    pub fn next_within(&mut self, nodes: u64) -> Option<&[OptionId]> {
        if self.end.is_some() {
            return None;
        }
        let pause = self.search.nodes.saturating_add(nodes);
        match self.search.advance(&mut 0, pause) {
            Event::Solution => {
                self.search.solution(&mut self.solution);
                Some(&self.solution)
            }
            Event::Paused => None,
            Event::Exhausted => {
                self.end = Some(End::Exhausted);
                None
            }
            Event::BudgetExhausted => {
                self.end = Some(End::BudgetExhausted);
                None
            }
        }
    }

    /// Why the search ended (the tree or the budget), or `None` while it
    /// can go on.
    #[must_use]
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// The statistics of the search so far.
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.search.stats()
    }
}

impl Iterator for SmallSolutions {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        self.next_within(u64::MAX).map(<[OptionId]>::to_vec)
    }
}
