//! The dancing-cells count against the matrix's count and against a naive
//! recursive oracle of Knuth's statistics, on small problems (Miri runs
//! these in CI).

use super::count::{Counter, Report};
use super::width::Width;
use super::{AnyCells, Cells, SPLIT_COLORS};
use crate::index::Color;
use crate::index::to_u32;
use crate::matrix::test_problems::{below, latin_3, select_some, sudoku_4};
use crate::outcome::{Budget, Count, End, Stats};
use crate::problem::Problem;
use crate::random::SplitMix64;
use crate::solver::Dlx;

/// The cells count of `solver` (whatever the dispatch rule says), its
/// statistics, and the sets restored.
fn on_cells(solver: &mut Dlx, limit: Option<u64>) -> (Count, Stats) {
    let count = solver.count_on_cells(limit);
    (count, solver.stats().clone())
}

/// The matrix's count of `solver` and its statistics.
fn on_matrix(solver: &mut Dlx, limit: Option<u64>) -> (Count, Stats) {
    let count = solver.count_on_matrix(limit);
    (count, solver.stats().clone())
}

#[test]
fn counts_latin_squares_and_the_4x4_sudoku() {
    assert_eq!(crate::count_cells(&latin_3()), Some(12));
    // Under Miri the 4x4 Sudoku's 288 solutions take most of CI's
    // Miri step (as in `forced.rs`); natively it runs.
    if !cfg!(miri) {
        assert_eq!(crate::count_cells(&sudoku_4()), Some(288));
    }
}

#[test]
fn declines_multiplicities() {
    let mut builder = Problem::builder(1, 0).unwrap();
    builder.set_bounds(0, 1, 2).unwrap();
    builder.add_option(&[0]).unwrap();
    assert_eq!(crate::count_cells(&builder.build()), None);
}

/// A random problem: `primary` primary and `secondary` secondary items,
/// options of one to four distinct items (one of them primary), some
/// secondary ones colored with one of `palette` colors (none if 0);
/// sometimes every option with two primary items (so that leaves are
/// counted at once). With more colors than the cells split into lists
/// (`SPLIT_COLORS`), one or two secondary items and up to 40 options, so
/// that an item can have that many.
fn random_problem(rng: &mut SplitMix64, palette: u32) -> Problem {
    let many = palette as usize > SPLIT_COLORS;
    let primary = 1 + rng.below(7);
    let secondary = if many { 1 + rng.below(2) } else { rng.below(4) };
    let items = primary + secondary;
    let two = primary >= 2 && rng.below(3) == 0;
    let mut builder = Problem::builder(primary as usize, secondary as usize).unwrap();
    for _ in 0..rng.below(if many { 40 } else { 24 }) {
        // Every option needs a primary item: put one first (two, for
        // `two`), then secondary ones.
        let mut order: Vec<usize> = (0..primary as usize).collect();
        rng.shuffle(&mut order);
        let mut rest: Vec<usize> = (primary as usize..items as usize).collect();
        rng.shuffle(&mut rest);
        let wanted = if two {
            2
        } else {
            1 + rng.below(primary.min(3)) as usize
        };
        order.truncate(wanted);
        let extra = rng.below(to_u32(rest.len()) + 1) as usize;
        order.extend_from_slice(&rest[..extra]);
        let entries: Vec<(usize, Option<Color>)> = order
            .iter()
            .map(|&i| {
                let color = (palette > 0 && i >= primary as usize && rng.below(3) > 0)
                    .then(|| Color::new(rng.below(palette) as usize))
                    .flatten();
                (i, color)
            })
            .collect();
        builder.add_colored_option(&entries).unwrap();
    }
    builder.build()
}

/// The colors of round `round`'s random problem: none, two, none, six,
/// none, sixteen. With sixteen, an item can have more colors than the
/// cells split into lists (`SPLIT_COLORS`), so both ways of purifying are
/// tried.
fn palette(round: usize) -> u32 {
    [0, 2, 0, 6, 0, 16][round % 6]
}

#[test]
fn counts_random_problems_with_the_matrixs_tree_and_the_oracles_updates() {
    let mut rng = SplitMix64::new(170);
    let mut nonzero = 0;
    let mut leafy = 0;
    let mut same = 0;
    // Problems with an item split into lists by color, and with a list of
    // more than one color (an item of too many to split).
    let (mut split, mut whole) = (0, 0);
    // Counts with colors as `u32`s rather than bytes.
    let mut wide = 0;
    // Miri (CI runs this module's tests under it) takes 6: the oracle is
    // slow there.
    let rounds = if cfg!(miri) { 6 } else { 600 };
    for round in 0..rounds {
        let problem = random_problem(&mut rng, palette(round));
        let mut solver = Dlx::new(&problem);
        select_some(&mut rng, &mut solver, &problem);
        let oracle = oracle::count(&problem, solver.selected());
        let (count, cells) = on_cells(&mut solver, None);
        let (_, matrix) = on_matrix(&mut solver, None);
        let case = format!("{problem:?} selected {:?}", solver.selected());
        // Problems this small fit in `u16` entries.
        let Some(AnyCells::Narrow(lists)) = solver.cells.as_deref() else {
            panic!("not counted on narrow cells: {case}");
        };
        split += usize::from(lists.group.iter().any(|&(first, end)| end - first > 1));
        whole += usize::from(
            !lists.node_color.is_empty()
                && lists.items.iter().any(|list| {
                    let colors: std::collections::BTreeSet<u32> = (list.base..list.end)
                        .map(|place| lists.node_color[lists.set[place as usize].at()])
                        .collect();
                    colors.len() > 1
                }),
        );
        assert_eq!(count.end, End::Exhausted, "{case}");
        assert_eq!(count.solutions, cells.solutions, "{case}");
        // Knuth's statistics, all of them, as the oracle counts them.
        assert_eq!(cells, oracle, "{case}");
        // Colors of more than a byte purify from `node_color`: the same
        // count, with the bytes forgotten (the cells are kept for the next
        // count).
        if let Some(AnyCells::Narrow(lists)) = solver.cells.as_deref_mut()
            && round % 8 == 3
            && !lists.byte_color.is_empty()
        {
            lists.byte_color.clear();
            let (wide_count, wide_stats) = on_cells(&mut solver, None);
            assert_eq!(wide_count.solutions, count.solutions, "{case}");
            assert_eq!(wide_stats, oracle, "{case}");
            wide += 1;
        }
        // The same count on `u32` entries, which only problems too big for
        // this test use (`counts_large_problems_on_wide_sets`).
        if round % 4 == 1 {
            let sets = Cells::<u32>::new(&solver.search);
            solver.cells = Some(Box::new(AnyCells::Wide(sets)));
            let (wide_count, wide_stats) = on_cells(&mut solver, None);
            assert_eq!(wide_count.solutions, count.solutions, "{case}");
            assert_eq!(wide_stats, oracle, "{case}");
        }
        // The matrix walks the same tree, but where one hiding empties two
        // primary items (it notes only the last, so may miss a doom); it
        // makes fewer updates only where it gives up a doomed covering.
        assert_eq!(cells.solutions, matrix.solutions, "{case}");
        assert!(cells.nodes <= matrix.nodes, "{case}");
        if cells.nodes == matrix.nodes {
            assert_eq!(cells.profile, matrix.profile, "{case}");
            assert!(matrix.updates <= cells.updates, "{case}");
            assert!(matrix.cleansings <= cells.cleansings, "{case}");
            same += 1;
        }
        nonzero += usize::from(cells.solutions > 0);
        leafy += usize::from(oracle.nodes > oracle.entered);
    }
    // The cases reach what they are meant to (natively: Miri's few may not).
    if !cfg!(miri) {
        assert!(nonzero > rounds / 6, "too few with solutions: {nonzero}");
        assert!(leafy > rounds / 20, "too few leaves at once: {leafy}");
        assert!(
            same > rounds * 9 / 10,
            "too few trees as the matrix's: {same}"
        );
        assert!(split > rounds / 10, "too few items split: {split}");
        assert!(whole > rounds / 20, "too few lists of colors: {whole}");
        assert!(
            wide > rounds / 20,
            "too few counts with wide colors: {wide}"
        );
    }
}

/// A problem of more nodes than `u16` entries hold counts on `u32` ones:
/// item 0 primary, item 1 secondary, and `n` options `0 1:c` for colors
/// `c` from 0 to 6 in turn, each a solution alone.
#[test]
fn counts_large_problems_on_wide_sets() {
    // The oracle-free count is quick natively, slow under Miri.
    let n: usize = if cfg!(miri) { 10 } else { 30_000 };
    let mut builder = Problem::builder(1, 1).unwrap();
    for k in 0..n {
        builder
            .add_colored_option(&[(0, None), (1, Color::new(k % 7))])
            .unwrap();
    }
    let mut solver = Dlx::new(&builder.build());
    let (count, stats) = on_cells(&mut solver, None);
    let n = u64::try_from(n).unwrap();
    assert_eq!(count.solutions, n);
    assert_eq!(stats.solutions, n);
    let wide = matches!(solver.cells.as_deref(), Some(AnyCells::Wide(_)));
    assert_eq!(wide, !cfg!(miri), "30,000 options: 90,001 nodes");
}

#[test]
fn limits_and_budgets_end_counts_as_on_the_matrix() {
    let mut rng = SplitMix64::new(171);
    let rounds = if cfg!(miri) { 4 } else { 400 };
    let mut cut = [0; 3];
    for round in 0..rounds {
        let problem = random_problem(&mut rng, palette(round));
        let mut solver = Dlx::new(&problem);
        select_some(&mut rng, &mut solver, &problem);
        let (all, full) = on_matrix(&mut solver, None);
        let case = format!("{problem:?} selected {:?}", solver.selected());
        // A limit: never an overshoot; above the count, the whole count.
        let limit = below(&mut rng, all.solutions + 2);
        let (count, stats) = on_cells(&mut solver, Some(limit));
        assert_eq!(
            count.solutions,
            limit.min(all.solutions),
            "{case} limit {limit}"
        );
        assert_eq!(count.solutions, stats.solutions, "{case}");
        if limit > all.solutions {
            assert_eq!(count.end, End::Exhausted, "{case}");
            assert_eq!(stats.nodes, full.nodes, "{case}");
        } else {
            assert_eq!(count.end, End::LimitReached, "{case}");
            cut[0] += 1;
        }
        // A node budget: it runs out exactly when the tree has more nodes
        // (entered: under a budget no leaves are counted at once), with
        // exactly that many counted.
        let (_, entered) = {
            solver.set_budget(Budget::nodes(u64::MAX));
            on_cells(&mut solver, None)
        };
        let max = below(&mut rng, entered.nodes + 2);
        solver.set_budget(Budget::nodes(max));
        let (count, stats) = on_cells(&mut solver, None);
        assert!(count.solutions <= all.solutions, "{case}");
        if max >= entered.nodes {
            assert_eq!(count.end, End::Exhausted, "{case} nodes {max}");
            assert_eq!(stats, entered, "{case}");
            assert_eq!(count.solutions, all.solutions, "{case}");
        } else {
            assert_eq!(count.end, End::BudgetExhausted, "{case} nodes {max}");
            assert_eq!(stats.nodes, max, "{case}");
            cut[1] += 1;
        }
        // An update budget: stops at the first node with that many made.
        let max = below(&mut rng, entered.updates + 2);
        solver.set_budget(Budget::updates(max));
        let (count, stats) = on_cells(&mut solver, None);
        if count.end == End::BudgetExhausted {
            assert!(stats.updates >= max, "{case} updates {max}");
            cut[2] += 1;
        } else {
            assert_eq!(count.solutions, all.solutions, "{case} updates {max}");
        }
        solver.set_budget(Budget::UNLIMITED);
        // And the sets are as they were: a whole count again.
        assert_eq!(on_cells(&mut solver, None).0, all, "{case}");
    }
    if !cfg!(miri) {
        assert!(cut.iter().all(|&n| n > rounds / 10), "too few cut: {cut:?}");
    }
}

/// A naive recursive count with Knuth's statistics, on the problem as
/// given: no links, no sets, no trail. It chooses items as the engine's
/// documented rule says (the leftmost primary item with at most one
/// option, else the leftmost with the fewest), gives up doomed options,
/// counts leaves at once as
/// `Stats::updates` says, and makes Knuth's updates (an item covered, or an
/// option leaving an active item's list) and cleansings (an item purified,
/// or an option kept for its color).
mod oracle {
    use crate::index::OptionId;
    use crate::outcome::Stats;
    use crate::problem::Problem;

    /// The search state: which items are covered (or purified) and which
    /// options are still active.
    #[derive(Clone)]
    struct State<'a> {
        problem: &'a Problem,
        covered: Vec<bool>,
        active: Vec<bool>,
    }

    /// The statistics of a count, and how many nodes were entered.
    pub(super) struct Oracle {
        pub(super) stats: Stats,
        pub(super) entered: u64,
    }

    impl PartialEq<Oracle> for Stats {
        fn eq(&self, other: &Oracle) -> bool {
            *self == other.stats
        }
    }

    impl std::fmt::Debug for Oracle {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            self.stats.fmt(f)
        }
    }

    impl std::ops::Deref for Oracle {
        type Target = Stats;
        fn deref(&self) -> &Stats {
            &self.stats
        }
    }

    /// Every option's items and colors.
    fn entries(problem: &Problem, k: usize) -> Vec<(usize, Option<u32>)> {
        let option = OptionId::new(k).unwrap();
        problem
            .entries(option)
            .map(|(i, c)| (i.index(), c.map(|c| c.as_u32())))
            .collect()
    }

    impl State<'_> {
        /// Hides option `k`: the updates of taking it out of its items'
        /// lists that are still active.
        fn hide(&mut self, k: usize) -> u64 {
            self.active[k] = false;
            let items = entries(self.problem, k);
            items.iter().filter(|&&(i, _)| !self.covered[i]).count() as u64
        }

        /// Covers item `i` (`color` `None`) or purifies it for `color`;
        /// returns (updates, cleansings).
        fn commit(&mut self, i: usize, color: Option<u32>) -> (u64, u64) {
            self.covered[i] = true;
            let (mut updates, mut cleansings) = match color {
                None => (1, 0),
                Some(_) => (0, 1),
            };
            for k in 0..self.problem.option_count() {
                if !self.active[k] {
                    continue;
                }
                let Some(&(_, c)) = entries(self.problem, k).iter().find(|e| e.0 == i) else {
                    continue;
                };
                if color.is_some() && c == color {
                    cleansings += 1;
                } else {
                    updates += self.hide(k);
                }
            }
            (updates, cleansings)
        }

        /// Chooses option `k` through its node on item `i`: commits its
        /// other active items, from `i` on round the option.
        fn choose(&mut self, k: usize, i: usize, stats: &mut Stats) {
            let items = entries(self.problem, k);
            let at = items.iter().position(|e| e.0 == i).unwrap();
            for step in 1..items.len() {
                let (j, color) = items[(at + step) % items.len()];
                if !self.covered[j] {
                    let (u, c) = self.commit(j, color);
                    stats.updates += u;
                    stats.cleansings += c;
                }
            }
        }

        /// The active options of item `i`.
        fn options_of(&self, i: usize) -> Vec<usize> {
            (0..self.problem.option_count())
                .filter(|&k| self.active[k] && entries(self.problem, k).iter().any(|e| e.0 == i))
                .collect()
        }
    }

    /// How many primary items every option has, if all have as many (and
    /// at least one), else 0.
    fn leaf_width(problem: &Problem) -> usize {
        let primary = problem.primary_count();
        let widths: Vec<usize> = (0..problem.option_count())
            .map(|k| entries(problem, k).iter().filter(|e| e.0 < primary).count())
            .collect();
        match widths.first() {
            Some(&w) if w > 0 && widths.iter().all(|&x| x == w) => w,
            _ => 0,
        }
    }

    /// The whole count of `problem` with `selected` chosen first.
    pub(super) fn count(problem: &Problem, selected: &[OptionId]) -> Oracle {
        let mut state = State {
            problem,
            covered: vec![false; problem.item_count()],
            active: vec![true; problem.option_count()],
        };
        let mut ignored = Stats::default();
        for option in selected {
            let k = option.index();
            // The option's first primary item, as `select` covers.
            let first = entries(problem, k)
                .iter()
                .find(|e| e.0 < problem.primary_count())
                .unwrap()
                .0;
            state.commit(first, None);
            state.choose(k, first, &mut ignored);
        }
        let mut oracle = Oracle {
            stats: Stats::default(),
            entered: 0,
        };
        search(&state, 0, leaf_width(problem), &mut oracle);
        oracle
    }

    /// Counts a node at `level`.
    fn node(stats: &mut Stats, level: usize, n: u64) {
        stats.nodes += n;
        if stats.profile.len() <= level {
            stats.profile.resize(level + 1, 0);
        }
        stats.profile[level] += n;
    }

    /// The subtree at `state`, a node at `level`.
    fn search(state: &State<'_>, level: usize, width: usize, oracle: &mut Oracle) {
        node(&mut oracle.stats, level, 1);
        oracle.entered += 1;
        let primary = state.problem.primary_count();
        let left: Vec<usize> = (0..primary).filter(|&i| !state.covered[i]).collect();
        let sizes: Vec<usize> = left.iter().map(|&i| state.options_of(i).len()).collect();
        let Some(pick) = sizes
            .iter()
            .position(|&s| s <= 1)
            .or_else(|| (0..sizes.len()).min_by_key(|&p| sizes[p]))
        else {
            oracle.stats.solutions += 1;
            return;
        };
        let (i, size) = (left[pick], sizes[pick]);
        if size == 0 {
            return; // A dead end.
        }
        if left.len() == width {
            // Leaves counted at once: each option completes a solution.
            node(&mut oracle.stats, level + 1, size as u64);
            oracle.stats.solutions += size as u64;
            return;
        }
        let options = state.options_of(i);
        let mut below = state.clone();
        let (u, c) = below.commit(i, None);
        oracle.stats.updates += u;
        oracle.stats.cleansings += c;
        for k in options {
            let mut next = below.clone();
            next.choose(k, i, &mut oracle.stats);
            // An option whose covering empties a primary item it does not
            // cover is doomed: the node below is a dead end, never entered.
            let doomed = (0..primary).any(|j| {
                !next.covered[j] && next.options_of(j).is_empty() && !below.options_of(j).is_empty()
            });
            if doomed {
                node(&mut oracle.stats, level + 1, 1);
                oracle.entered += 1;
            } else {
                search(&next, level + 1, width, oracle);
            }
        }
    }
}

/// A report that keeps what it is told, and stops the count at its
/// `stop_at`-th report.
struct Recorder {
    chunk: u64,
    told: Vec<(u64, u64, f64)>,
    stop_at: usize,
}

impl Report for Recorder {
    const ON: bool = true;

    fn chunk(&self) -> u64 {
        self.chunk
    }

    fn report(&mut self, nodes: u64, solutions: u64, fraction: f64) -> bool {
        self.told.push((nodes, solutions, fraction));
        self.told.len() >= self.stop_at
    }
}

/// A count that reports as it goes counts as the count does (the same end
/// and statistics), tells growing nodes, solutions and estimates of the
/// tree done, and when told to stop, stops with a lower bound and the sets
/// restored.
#[test]
fn a_reporting_count_counts_as_the_count_and_stops_when_told() {
    let mut rng = SplitMix64::new(172);
    let mut stopped = 0;
    let rounds = if cfg!(miri) { 4 } else { 300 };
    for round in 0..rounds {
        let problem = random_problem(&mut rng, palette(round));
        let mut solver = Dlx::new(&problem);
        select_some(&mut rng, &mut solver, &problem);
        let limit = [u64::MAX, 1 + below(&mut rng, 4)][rng.below(2) as usize];
        let budget = if rng.below(4) == 0 {
            Budget::nodes(1 + below(&mut rng, 30))
        } else {
            Budget::UNLIMITED
        };
        solver.set_budget(budget);
        let (count, stats) = on_cells(&mut solver, Some(limit));
        let case = format!("{problem:?} selected {:?}", solver.selected());
        let cells = solver.cells.as_deref_mut().expect("counted on cells");
        let mut recorder = Recorder {
            chunk: 1 + below(&mut rng, 4),
            told: Vec::new(),
            stop_at: usize::MAX,
        };
        let mut reported = Stats::default();
        let end = cells.count(&solver.search, limit, budget, &mut reported, &mut recorder);
        assert_eq!((end, &reported), (count.end, &stats), "{case}");
        // The first node reports, and each report grows.
        assert_eq!(recorder.told.first(), Some(&(0, 0, 0.0)), "{case}");
        for pair in recorder.told.windows(2) {
            let ((n0, s0, f0), (n1, s1, f1)) = (pair[0], pair[1]);
            assert!(n0 < n1 && s0 <= s1, "{case}: {pair:?}");
            assert!(
                f0 <= f1 + 1e-12 && (0.0..=1.0).contains(&f1),
                "{case}: {pair:?}"
            );
        }
        let &(nodes, solutions, _) = recorder.told.last().unwrap();
        assert!(
            nodes <= stats.nodes && solutions <= stats.solutions,
            "{case}"
        );
        // Stopped at one of the reports: a lower bound, the sets restored.
        if recorder.told.len() > 1 {
            let stop_at = 1 + rng.below(to_u32(recorder.told.len() - 1)) as usize;
            recorder = Recorder {
                told: Vec::new(),
                stop_at,
                ..recorder
            };
            let mut cut = Stats::default();
            let end = cells.count(&solver.search, limit, budget, &mut cut, &mut recorder);
            assert_eq!(end, End::Stopped, "{case}");
            assert_eq!(recorder.told.len(), stop_at, "{case}");
            assert!(cut.solutions <= stats.solutions, "{case}");
            assert_eq!(on_cells(&mut solver, Some(limit)), (count, stats), "{case}");
            stopped += 1;
        }
    }
    if !cfg!(miri) {
        assert!(stopped > rounds / 10, "too few counts stopped: {stopped}");
    }
}

/// A split on the cells (`Resumable::split`, the jobs of a count on
/// threads) adds up with the counts of its nodes, each begun below its
/// prefix, to the cells' whole count: the same solutions, nodes, updates,
/// cleansings and profile. Its nodes are among the links' at the depth,
/// with their shares, each once (in the cells' order; the cells enter the
/// solutions and dead ends there themselves, and count some as leaves one
/// level up); a
/// budget one node short of the split's ends it; the sets are as before.
/// The jobs counted one after another on one copy, each begun from the
/// last one's prefix (`Resumable::begin_next`), count as each alone.
#[test]
fn a_split_on_cells_adds_up_to_the_count() {
    use super::count::{NoReport, Resumable};
    use crate::index::OptionId;
    use crate::matrix::test_problems::links_frontier;
    use std::collections::{BTreeMap, BTreeSet};
    let mut rng = SplitMix64::new(424);
    // Miri (CI runs this module's tests under it) takes 2: 9.3 s there at
    // load 4 (6 took 17 s).
    let rounds = if cfg!(miri) { 2 } else { 600 };
    let (mut jobs, mut entered_at_cut) = (0, 0);
    for round in 0..rounds {
        let problem = random_problem(&mut rng, palette(round));
        let mut solver = Dlx::new(&problem);
        select_some(&mut rng, &mut solver, &problem);
        let case = format!("{problem:?} selected {:?}", solver.selected());
        let (all, whole) = on_cells(&mut solver, None);
        let depth = rng.below(5) as usize;
        let mut cells = AnyCells::new(&solver.search);
        let (nodes, split) = cells
            .split(&solver.search, depth, Budget::UNLIMITED)
            .expect("no budget");
        let deep: BTreeMap<Vec<OptionId>, f64> =
            links_frontier(&mut solver, depth).into_iter().collect();
        for (prefix, share) in &nodes {
            let links_share = deep
                .get(prefix)
                .unwrap_or_else(|| panic!("{case} depth {depth}: {prefix:?} not the links'"));
            assert!((share - links_share).abs() <= 1e-12 * links_share, "{case}");
        }
        let distinct: BTreeSet<_> = nodes.iter().map(|(p, _)| p).collect();
        assert_eq!(distinct.len(), nodes.len(), "{case}: a node twice");
        entered_at_cut += usize::from(deep.len() > nodes.len());
        jobs += nodes.len();
        let mut total = split.clone();
        // A thread's jobs one after another, each begun where the last
        // left its prefix (`begin_next`), in the queue's order or any.
        let mut thread = AnyCells::new(&solver.search);
        let mut order: Vec<usize> = (0..nodes.len()).collect();
        if round % 2 == 1 {
            rng.shuffle(&mut order);
        }
        let mut next = Vec::new();
        for &i in &order {
            let place = thread.begin_next(&solver.search, &nodes[i].0);
            let mut job = Stats::default();
            let (end, _) =
                thread.resume(place, u64::MAX, Budget::UNLIMITED, &mut job, &mut NoReport);
            assert_eq!(end, End::Exhausted, "{case}");
            next.push((i, job));
        }
        next.sort_by_key(|&(i, _)| i);
        for ((prefix, _), (_, after_another)) in nodes.iter().zip(&next) {
            let place = cells.begin_count(&solver.search, prefix);
            let mut job = Stats::default();
            let (end, _) =
                cells.resume(place, u64::MAX, Budget::UNLIMITED, &mut job, &mut NoReport);
            cells.finish_count();
            assert_eq!(end, End::Exhausted, "{case}");
            assert_eq!(&job, after_another, "{case} {prefix:?} after another job");
            total.solutions += job.solutions;
            total.nodes += job.nodes;
            total.updates += job.updates;
            total.cleansings += job.cleansings;
            // The job's root is at the depth of its prefix.
            let at = prefix.len();
            if total.profile.len() < at + job.profile.len() {
                total.profile.resize(at + job.profile.len(), 0);
            }
            for (sum, more) in total.profile[at..].iter_mut().zip(&job.profile) {
                *sum += more;
            }
        }
        assert_eq!(
            (total.solutions, &total),
            (all.solutions, &whole),
            "{case} depth {depth}"
        );
        // A budget one node short of the split's nodes ends it.
        let (_, budgeted) = cells
            .split(&solver.search, depth, Budget::nodes(u64::MAX))
            .expect("budget enough");
        if budgeted.nodes > 0 {
            let short = Budget::nodes(budgeted.nodes - 1);
            assert!(cells.split(&solver.search, depth, short).is_err(), "{case}");
        }
        // The sets as they were: the whole count on them again.
        let mut again = Stats::default();
        let end = cells.count(
            &solver.search,
            u64::MAX,
            Budget::UNLIMITED,
            &mut again,
            &mut NoReport,
        );
        assert_eq!((end, &again), (End::Exhausted, &whole), "{case}");
    }
    if !cfg!(miri) {
        assert!(
            jobs > rounds / 4 && entered_at_cut > rounds / 20,
            "{jobs} {entered_at_cut}"
        );
    }
}
