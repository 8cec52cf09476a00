//! A readable reference search: Knuth's Algorithms X, C and M (TAOCP Vol.
//! 4B, 7.2.2.1) on plain vectors, with no links, no sets, no trail and no
//! tuning, and his statistics counted as the engine defines them
//! ([`Stats`]). Every tuned entry point of the engine is tested against it
//! (`differential.rs`); it shares no code with the engine but the
//! [`Problem`] it reads.
//!
//! The state is three vectors: which items are still active, which options
//! are hidden, and (Algorithm M) how many chosen options cover each primary
//! item. An item's list is the options that name it and are not hidden,
//! in option order, as the engine builds its lists. Cloning the state for
//! each node stands in for undoing, so nothing is ever restored.
//!
//! What the statistics mean (`Stats::updates`): a node is an entry to the
//! item choice (X2), or an option given up as doomed before it (the
//! covering emptied a primary item the option does not cover: the node
//! below is a dead end, counted but not entered). An update is an item
//! covered or an option taken out of an active item's list; a cleansing is
//! an item purified or an option kept for its color. The search may count
//! a node's children as solutions at once, as the engine's counts do
//! (`Options::leaves`). Two tallies of updates are kept, because the
//! engine's two searches differ there: the dancing cells make a doomed
//! covering whole and then give it up ([`Reference::stats`]); the dancing
//! links give it up as soon as one hiding empties such an item, noting only
//! the last item a hiding empties ([`Reference::links_updates`]). Where
//! noting only the last misses a doom the whole covering finds, the links
//! enter a tree the reference does not follow: [`Reference::ambiguous`].
//!
//! For Algorithm M the reference finds the solutions (the tests compare
//! those); its statistics follow its own plain branching rule and are not
//! the engine's, which tweaks lists and counts null moves its own way.

use dlx_engine::{Kind, OptionId, Problem, Stats};

/// What to count as the engine's searches do.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Options {
    /// Count a node's children as solutions without entering them when each
    /// is one: every option has the same number of primary items and that
    /// many are left (`matrix/leaves.rs`; the engine's counts).
    pub(crate) leaves: bool,
}

/// What the reference search found.
#[derive(Clone, Debug, Default)]
pub(crate) struct Reference {
    /// Every solution in the order found, as option indices: pre-selected
    /// ones first, then in the order chosen.
    pub(crate) solutions: Vec<Vec<usize>>,
    /// Knuth's statistics, each covering made whole (the dancing cells').
    pub(crate) stats: Stats,
    /// The updates of the dancing links, which give up a doomed covering
    /// as soon as they see it.
    pub(crate) links_updates: u64,
    /// The cleansings of the dancing links, likewise.
    pub(crate) links_cleansings: u64,
    /// Whether some covering dooms its option only by an item that a
    /// hiding emptied beside another, later one: the links, which note the
    /// last, may not see it, and enter nodes the reference does not.
    pub(crate) ambiguous: bool,
}

/// The problem as the search reads it.
struct Tables {
    primary: usize,
    kind: Kind,
    /// Each option's entries: item and color.
    entries: Vec<Vec<(usize, Option<u32>)>>,
    /// Each item's options, in option order.
    lists: Vec<Vec<usize>>,
    /// Each primary item's bounds.
    bounds: Vec<(u32, u32)>,
    /// How many primary items every option has, if all have as many, else 0.
    width: usize,
}

/// The state of the search at one node.
#[derive(Clone)]
struct State {
    active: Vec<bool>,
    hidden: Vec<bool>,
    /// Algorithm M: how many chosen options cover each primary item.
    count: Vec<u32>,
}

/// What committing one option (all its items but the one chosen) did.
#[derive(Default)]
struct Commit {
    updates: u64,
    cleansings: u64,
    /// The updates and cleansings up to the hiding the links stop at.
    links_updates: u64,
    links_cleansings: u64,
    /// Whether the links see a doom.
    links_doomed: bool,
}

/// The search under way: tables, options and tallies.
struct Search<'t> {
    tables: &'t Tables,
    options: Options,
    path: Vec<usize>,
    found: Reference,
}

/// Searches `problem` with the options `selected` chosen first (as
/// [`Dlx::select`](dlx_engine::Dlx::select) does), counting as `options` says.
pub(crate) fn search(problem: &Problem, selected: &[OptionId], options: Options) -> Reference {
    let tables = Tables::of(problem);
    let mut state = State {
        active: vec![true; problem.item_count()],
        hidden: vec![false; problem.option_count()],
        count: vec![0; tables.primary],
    };
    let mut search = Search {
        tables: &tables,
        options,
        path: selected.iter().map(|o| o.index()).collect(),
        found: Reference::default(),
    };
    for option in selected {
        // As `select` does: cover the option's first primary item, then
        // commit the rest; the statistics start after.
        let k = option.index();
        let first = tables.entries[k]
            .iter()
            .find(|e| e.0 < tables.primary)
            .expect("an option has a primary item")
            .0;
        if tables.kind == Kind::Multiplicities {
            state.hidden[k] = true;
            tables.take(&mut state, k);
        } else {
            tables.commit(&mut state, first, None, &[]);
            tables.choose(&mut state, k, first);
        }
    }
    if tables.kind == Kind::Multiplicities {
        search.algorithm_m(&state, 0);
    } else {
        search.algorithm_x(&state, 0);
    }
    search.found
}

impl Tables {
    fn of(problem: &Problem) -> Tables {
        let primary = problem.primary_count();
        let entries: Vec<Vec<(usize, Option<u32>)>> = problem
            .options()
            .map(|(option, _)| {
                problem
                    .entries(option)
                    .map(|(item, color)| {
                        (
                            item.index(),
                            color.map(|c| u32::try_from(c.index()).expect("a color")),
                        )
                    })
                    .collect()
            })
            .collect();
        let mut lists = vec![Vec::new(); problem.item_count()];
        for (k, option) in entries.iter().enumerate() {
            for &(item, _) in option {
                lists[item].push(k);
            }
        }
        let bounds = (0..primary)
            .map(|i| {
                let item = dlx_engine::ItemId::new(i).expect("an item");
                problem
                    .bounds(item)
                    .map_or((1, 1), |b| (b.lower(), b.upper()))
            })
            .collect();
        let widths: Vec<usize> = entries
            .iter()
            .map(|option| option.iter().filter(|e| e.0 < primary).count())
            .collect();
        let width = match widths.first() {
            Some(&w) if widths.iter().all(|&x| x == w) => w,
            _ => 0,
        };
        Tables {
            primary,
            kind: problem.kind(),
            entries,
            lists,
            bounds,
            width,
        }
    }

    /// The options left in item `i`'s list.
    fn list(&self, state: &State, i: usize) -> Vec<usize> {
        self.lists[i]
            .iter()
            .copied()
            .filter(|&k| !state.hidden[k])
            .collect()
    }

    /// Option `k`'s color on item `i`.
    fn color(&self, k: usize, i: usize) -> Option<u32> {
        self.entries[k].iter().find(|e| e.0 == i).and_then(|e| e.1)
    }

    /// Hides option `k`, met in the list of item `from`: takes it out of
    /// every other active item's list, going right round the option from
    /// its entry in `from`. Returns the updates (one per list) and the
    /// primary items whose lists it emptied, in that order.
    fn hide(&self, state: &mut State, k: usize, from: usize) -> (u64, Vec<usize>) {
        state.hidden[k] = true;
        let option = &self.entries[k];
        let at = option.iter().position(|e| e.0 == from).unwrap_or(0);
        let mut updates = 0;
        let mut emptied = Vec::new();
        for step in 1..=option.len() {
            let (item, _) = option[(at + step) % option.len()];
            if item == from || !state.active[item] {
                continue;
            }
            updates += 1;
            if item < self.primary && self.list(state, item).is_empty() {
                emptied.push(item);
            }
        }
        (updates, emptied)
    }

    /// Covers item `i` (`color` `None`: hides every option of its list) or
    /// purifies it for `color` (keeps the options of that color, hides the
    /// others), for an option whose items `later` are still to come.
    /// Counts into `commit`, which stops counting for the links at the
    /// first hiding whose last emptied item is primary and not `later`.
    fn commit(&self, state: &mut State, i: usize, color: Option<u32>, later: &[usize]) -> Commit {
        let mut commit = Commit::default();
        state.active[i] = false;
        let tally = |commit: &mut Commit, updates: u64, cleansings: u64, stop: bool| {
            commit.updates += updates;
            commit.cleansings += cleansings;
            if !commit.links_doomed {
                commit.links_updates += updates;
                commit.links_cleansings += cleansings;
                commit.links_doomed = stop;
            }
        };
        match color {
            None => tally(&mut commit, 1, 0, false),
            Some(_) => tally(&mut commit, 0, 1, false),
        }
        for k in self.list(state, i) {
            if color.is_some() && self.color(k, i) == color {
                tally(&mut commit, 0, 1, false);
            } else {
                let (updates, emptied) = self.hide(state, k, i);
                let stop = emptied.last().is_some_and(|e| !later.contains(e));
                tally(&mut commit, updates, 0, stop);
            }
        }
        commit
    }

    /// Commits option `k`, chosen in the list of item `i`: its other
    /// active items, going right round the option from `i` (Knuth's X5).
    fn choose(&self, state: &mut State, k: usize, i: usize) -> Commit {
        let option = &self.entries[k];
        let at = option.iter().position(|e| e.0 == i).unwrap_or(0);
        let order: Vec<(usize, Option<u32>)> = (1..option.len())
            .map(|s| option[(at + s) % option.len()])
            .collect();
        let mut total = Commit::default();
        for (step, &(j, color)) in order.iter().enumerate() {
            if !state.active[j] {
                continue; // Purified before, with this option's color.
            }
            let later: Vec<usize> = order[step + 1..].iter().map(|e| e.0).collect();
            let commit = self.commit(state, j, color, &later);
            total.updates += commit.updates;
            total.cleansings += commit.cleansings;
            if !total.links_doomed {
                total.links_updates += commit.links_updates;
                total.links_cleansings += commit.links_cleansings;
                total.links_doomed = commit.links_doomed;
            }
        }
        total
    }

    /// Algorithm M: takes chosen option `k` (already hidden): counts it on
    /// its primary items, closing those at their upper bound, and covers or
    /// purifies its secondary items.
    fn take(&self, state: &mut State, k: usize) {
        for &(j, color) in &self.entries[k] {
            if j < self.primary {
                state.count[j] += 1;
                if state.count[j] == self.bounds[j].1 {
                    self.commit(state, j, None, &[]);
                }
            } else if state.active[j] {
                self.commit(state, j, color, &[]);
            }
        }
    }
}

impl Search<'_> {
    /// Counts `n` nodes at `level`.
    fn node(&mut self, level: usize, n: u64) {
        let stats = &mut self.found.stats;
        stats.nodes += n;
        if stats.profile.len() <= level {
            stats.profile.resize(level + 1, 0);
        }
        stats.profile[level] += n;
    }

    /// A solution: the options on the path, and `last` if given.
    fn solution(&mut self, last: Option<usize>) {
        let mut options = self.path.clone();
        options.extend(last);
        self.found.solutions.push(options);
        self.found.stats.solutions += 1;
    }

    /// Algorithms X and C: the subtree at `state`, a node at `level`.
    fn algorithm_x(&mut self, state: &State, level: usize) {
        let t = self.tables;
        self.node(level, 1);
        // X3: the leftmost active primary item with at most one option,
        // else the leftmost with the fewest (the engine's MRV rule).
        let left: Vec<usize> = (0..t.primary).filter(|&i| state.active[i]).collect();
        let sizes: Vec<usize> = left.iter().map(|&i| t.list(state, i).len()).collect();
        let Some(pick) = sizes
            .iter()
            .position(|&s| s <= 1)
            .or_else(|| (0..sizes.len()).min_by_key(|&p| sizes[p]))
        else {
            self.solution(None);
            return;
        };
        let i = left[pick];
        let options = t.list(state, i);
        if options.is_empty() {
            return; // A dead end.
        }
        if self.options.leaves && left.len() == t.width {
            // Each option completes a solution: counted, not entered.
            self.node(level + 1, options.len() as u64);
            for &k in &options {
                self.solution(Some(k));
            }
            return;
        }
        // X4: cover the item.
        let mut below = state.clone();
        let cover = t.commit(&mut below, i, None, &[]);
        self.found.stats.updates += cover.updates;
        self.found.links_updates += cover.updates;
        for k in options {
            // X5: try option k.
            let mut next = below.clone();
            let commit = t.choose(&mut next, k, i);
            self.found.stats.updates += commit.updates;
            self.found.stats.cleansings += commit.cleansings;
            self.found.links_updates += commit.links_updates;
            self.found.links_cleansings += commit.links_cleansings;
            let doomed = (0..t.primary).any(|j| {
                next.active[j] && t.list(&next, j).is_empty() && !t.list(&below, j).is_empty()
            });
            if doomed != commit.links_doomed {
                self.found.ambiguous = true;
            }
            if doomed {
                self.node(level + 1, 1);
            } else {
                self.path.push(k);
                self.algorithm_x(&next, level + 1);
                self.path.pop();
            }
        }
    }

    /// Algorithm M: the subtree at `state`, a node at `level`. It branches
    /// on the active primary item with the fewest branches (ties to the
    /// leftmost): each option of its list, as the first of the item's
    /// options still to choose (the ones before it leave the list), and,
    /// once the item has its lower bound, no more options for it.
    fn algorithm_m(&mut self, state: &State, level: usize) {
        let t = self.tables;
        self.node(level, 1);
        let branches = |i: usize| {
            let done = usize::from(state.count[i] >= t.bounds[i].0);
            t.list(state, i).len() + done
        };
        let Some(i) = (0..t.primary)
            .filter(|&i| state.active[i])
            .min_by_key(|&i| branches(i))
        else {
            self.solution(None);
            return;
        };
        let options = t.list(state, i);
        for (n, &k) in options.iter().enumerate() {
            let mut next = state.clone();
            for &before in &options[..=n] {
                next.hidden[before] = true;
            }
            t.take(&mut next, k);
            self.path.push(k);
            self.algorithm_m(&next, level + 1);
            self.path.pop();
        }
        if state.count[i] >= t.bounds[i].0 {
            let mut next = state.clone();
            t.commit(&mut next, i, None, &[]);
            self.algorithm_m(&next, level + 1);
        }
    }
}
