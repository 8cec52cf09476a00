//! Property tests of colors (XCC), multiplicities (MCC) and both, against a
//! brute-force oracle that tries every subset of the options of small random
//! problems. The oracle and the checks here share no code with the engine.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::ControlFlow;

use dlx_engine::{Budget, Color, Dlx, DlxError, End, Kind, OptionId, Problem};

use crate::oracle::{count_under_node_budget, pruned_solutions};
use proptest::prelude::*;

/// A small problem as plain data.
#[derive(Clone, Debug)]
pub(crate) struct Spec {
    primary: usize,
    secondary: usize,
    /// `(lower, upper)` for each primary item.
    bounds: Vec<(u32, u32)>,
    /// Each option: items, with a color number for some secondary ones.
    options: Vec<Vec<(usize, Option<u32>)>>,
}

impl Spec {
    pub(crate) fn build(&self) -> Problem {
        let mut b = Problem::builder(self.primary, self.secondary).unwrap();
        for (item, &(lower, upper)) in self.bounds.iter().enumerate() {
            b.set_bounds(item, lower, upper).unwrap();
        }
        for option in &self.options {
            let entries: Vec<(usize, Option<Color>)> = option
                .iter()
                .map(|&(i, c)| (i, c.and_then(|c| Color::new(c as usize))))
                .collect();
            b.add_colored_option(&entries).unwrap();
        }
        b.build()
    }

    fn has_bounds(&self) -> bool {
        self.bounds.iter().any(|&b| b != (1, 1))
    }

    fn has_colors(&self) -> bool {
        self.options.iter().flatten().any(|(_, c)| c.is_some())
    }

    /// Whether `chosen` (distinct option indices) is a solution: each primary
    /// item covered within its bounds; each secondary item at most once, or
    /// by options that all give it the same color.
    pub(crate) fn is_solution(&self, chosen: &[usize]) -> bool {
        let (count, secondary_ok) = self.usage(chosen);
        secondary_ok
            && (0..self.primary).all(|i| {
                let (lower, upper) = self.bounds[i];
                (lower..=upper).contains(&count[i])
            })
    }

    /// How many of the options `chosen` cover each item, and whether they
    /// use every secondary item at most once or all with one color.
    fn usage(&self, chosen: &[usize]) -> (Vec<u32>, bool) {
        let mut count = vec![0u32; self.primary + self.secondary];
        let mut colors: Vec<BTreeSet<Option<u32>>> =
            vec![BTreeSet::new(); self.primary + self.secondary];
        for &k in chosen {
            for &(item, color) in &self.options[k] {
                count[item] += 1;
                colors[item].insert(color);
            }
        }
        let secondary_ok = (self.primary..self.primary + self.secondary)
            .all(|i| count[i] <= 1 || (colors[i].len() == 1 && !colors[i].contains(&None)));
        (count, secondary_ok)
    }

    /// The colors a solution gives its secondary items.
    fn colors_of(&self, chosen: &[usize]) -> BTreeMap<usize, u32> {
        let mut colors = BTreeMap::new();
        for &k in chosen {
            for &(item, color) in &self.options[k] {
                if let Some(c) = color {
                    colors.insert(item, c);
                }
            }
        }
        colors
    }
}

/// Every solution, by trying all subsets of options: the oracle.
pub(crate) fn brute_force(spec: &Spec) -> BTreeSet<Vec<usize>> {
    let n = spec.options.len();
    (0u32..1 << n)
        .map(|mask| (0..n).filter(|k| mask & (1 << k) != 0).collect::<Vec<_>>())
        .filter(|chosen| spec.is_solution(chosen))
        .collect()
}

/// Options over `primary + secondary` items, with at least one primary item,
/// no repeats, and colors (of `colors` kinds) on some secondary entries.
fn option_strategy(
    primary: usize,
    secondary: usize,
    colors: u32,
) -> impl Strategy<Value = Vec<(usize, Option<u32>)>> {
    (
        0..primary,
        proptest::collection::btree_set(0..primary + secondary, 0..4),
        proptest::collection::vec(0..colors + 1, 4),
    )
        .prop_map(move |(p, mut rest, picks)| {
            rest.insert(p);
            rest.into_iter()
                .zip(picks.into_iter().chain(std::iter::repeat(0)))
                .map(|(item, pick)| {
                    // Pick 0 (or a primary item) is no color.
                    let color = (item >= primary && pick > 0).then(|| pick - 1);
                    (item, color)
                })
                .collect()
        })
}

/// A problem with colors (`colors` kinds; 0 for none) and, if `bounded`,
/// bounds on the primary items.
pub(crate) fn spec_strategy(colors: u32, bounded: bool) -> impl Strategy<Value = Spec> {
    (1usize..=5, 0usize..=3).prop_flat_map(move |(primary, secondary)| {
        let bounds =
            proptest::collection::vec((0u32..=2, 0u32..=2), primary).prop_map(move |raw| {
                raw.into_iter()
                    .map(|(lower, extra)| {
                        if bounded {
                            (lower, (lower + extra).max(1))
                        } else {
                            (1, 1)
                        }
                    })
                    .collect::<Vec<_>>()
            });
        (
            bounds,
            proptest::collection::vec(option_strategy(primary, secondary, colors), 0..=11),
        )
            .prop_map(move |(bounds, options)| Spec {
                primary,
                secondary,
                bounds,
                options,
            })
    })
}

/// Colors, bounds, or both: what the three families of tests run on.
pub(crate) fn any_spec() -> impl Strategy<Value = Spec> {
    prop_oneof![
        spec_strategy(2, false),
        spec_strategy(0, true),
        spec_strategy(2, true),
    ]
}

/// Every solution the engine reports (through the lending iterator), each
/// checked by the oracle's rules and for the colors the engine reports.
fn engine_solutions(spec: &Spec, solver: &mut Dlx) -> (BTreeSet<Vec<usize>>, Vec<Vec<usize>>) {
    let mut set = BTreeSet::new();
    let mut order = Vec::new();
    let mut solutions = solver.solutions();
    while let Some(solution) = solutions.next() {
        let mut key: Vec<usize> = solution.options().iter().map(|o| o.index()).collect();
        order.push(key.clone());
        key.sort_unstable();
        assert!(spec.is_solution(&key), "{key:?} is not a solution");
        let reported: BTreeMap<usize, u32> = solution
            .colors()
            .map(|(item, color)| (item.index(), u32::try_from(color.index()).unwrap()))
            .collect();
        assert_eq!(reported, spec.colors_of(&key), "colors of {key:?}");
        assert!(set.insert(key), "a solution reported twice");
    }
    assert_eq!(solutions.end(), Some(End::Exhausted));
    (set, order)
}

fn check_kind(spec: &Spec, problem: &Problem) {
    let kind = match (spec.has_bounds(), spec.has_colors()) {
        (true, _) => Kind::Multiplicities,
        (false, true) => Kind::Colors,
        (false, false) => Kind::Exact,
    };
    assert_eq!(problem.kind(), kind);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn engine_agrees_with_brute_force(spec in any_spec(), seed in any::<u64>(), limit in 0u64..4) {
        let problem = spec.build();
        check_kind(&spec, &problem);
        let expected = brute_force(&spec);
        for key in &expected {
            let ids: Vec<OptionId> = key.iter().map(|&k| OptionId::new(k).unwrap()).collect();
            prop_assert!(problem.is_solution(&ids), "Problem::is_solution rejects {:?}", key);
        }
        let mut solver = Dlx::new(&problem);
        let (found, _) = engine_solutions(&spec, &mut solver);
        prop_assert_eq!(&found, &expected);
        let stats = solver.stats();
        prop_assert_eq!(stats.profile.iter().sum::<u64>(), stats.nodes);
        solver.check_invariants().unwrap();
        prop_assert!(solver.links_match(&problem));

        let total = expected.len() as u64;
        let count = solver.count(None);
        prop_assert_eq!((count.solutions, count.end), (total, End::Exhausted));
        let limited = solver.count(Some(limit));
        prop_assert_eq!(limited.solutions, limit.min(total));
        prop_assert_eq!(limited.is_exact(), total < limit);
        prop_assert!(solver.links_match(&problem));

        // A visitor that stops after the first solution.
        let stopped = solver.for_each_solution(|_| ControlFlow::Break(()));
        prop_assert_eq!(stopped.solutions, total.min(1));
        prop_assert!(solver.links_match(&problem));

        // Randomized search finds the same set, the same way for the same seed.
        solver.set_seed(Some(seed));
        let (shuffled, order) = engine_solutions(&spec, &mut solver);
        prop_assert_eq!(&shuffled, &expected);
        let (_, again) = engine_solutions(&spec, &mut solver);
        prop_assert_eq!(order, again);
        solver.check_invariants().unwrap();
        prop_assert!(solver.links_match(&problem));
    }

    #[test]
    fn budgets_stop_exactly_when_the_tree_is_larger(spec in any_spec(), budget in 1u64..40, updates in 1u64..200) {
        let problem = spec.build();
        let mut solver = Dlx::new(&problem);
        let total = solver.count(None).solutions;
        let nodes = solver.stats().nodes;
        // A search under a budget enters every node, leaves too, which an
        // unlimited count may count at once without their updates (see
        // docs/decisions/leaves.md). A budget too large to stop it gives the
        // updates the whole tree takes, on the engine the count runs on
        // (dancing cells for problems with secondary items, whose updates
        // are Knuth's and can exceed the links': `Stats::updates`).
        solver.set_budget(Budget::nodes(u64::MAX));
        let whole = solver.count(None);
        prop_assert_eq!((whole.solutions, whole.end), (total, End::Exhausted));
        let made = solver.stats().updates;
        count_under_node_budget(&mut solver, budget);
        if budget < nodes {
            prop_assert_eq!(solver.stats().nodes, budget);
        }
        prop_assert!(solver.links_match(&problem));
        solver.set_budget(Budget::updates(updates));
        let count = solver.count(None);
        prop_assert_eq!(count.end == End::BudgetExhausted, made >= updates);
        prop_assert!(solver.links_match(&problem));
    }

    #[test]
    fn preselection_agrees_with_filtering_the_oracle(
        spec in any_spec(),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 1..4),
        seed in any::<u64>(),
    ) {
        if spec.options.is_empty() {
            return Ok(());
        }
        let problem = spec.build();
        let all = brute_force(&spec);
        let mut solver = Dlx::new(&problem);
        let mut selected: Vec<usize> = Vec::new();
        for pick in picks {
            let k = pick.index(spec.options.len());
            let mut with_k = selected.clone();
            with_k.push(k);
            match solver.select(OptionId::new(k).unwrap()) {
                Ok(()) => {
                    prop_assert!(!selected.contains(&k));
                    prop_assert!(compatible(&spec, &with_k), "selected {:?} though they clash", with_k);
                    selected.push(k);
                }
                Err(DlxError::AlreadySelected { option }) => {
                    prop_assert_eq!(option.index(), k);
                    prop_assert!(selected.contains(&k));
                }
                Err(DlxError::SelectConflict { option, item, covered_by }) => {
                    prop_assert_eq!(option.index(), k);
                    prop_assert!(!compatible(&spec, &with_k), "{:?} rejected though compatible", with_k);
                    prop_assert!(spec.options[k].iter().any(|&(i, _)| i == item.index()));
                    prop_assert!(selected.contains(&covered_by.index()));
                }
                Err(e) => prop_assert!(false, "select({}) gave {:?}", k, e),
            }
            solver.check_invariants().unwrap();
        }
        prop_assert_eq!(
            solver.selected().iter().map(|o| o.index()).collect::<Vec<_>>(),
            selected.clone()
        );
        let expected: BTreeSet<Vec<usize>> = all
            .iter()
            .filter(|s| selected.iter().all(|k| s.contains(k)))
            .cloned()
            .collect();
        let (found, order) = engine_solutions(&spec, &mut solver);
        prop_assert_eq!(&found, &expected);
        for solution in &order {
            prop_assert!(solution.starts_with(&selected), "pre-selected options come first");
        }
        solver.set_seed(Some(seed));
        let (found, _) = engine_solutions(&spec, &mut solver);
        prop_assert_eq!(&found, &expected);

        // Selections form a stack: popping one is as if it was never made.
        if let Some(last) = selected.pop() {
            prop_assert_eq!(solver.unselect_last().map(OptionId::index), Some(last));
            let expected: BTreeSet<Vec<usize>> = all
                .iter()
                .filter(|s| selected.iter().all(|k| s.contains(k)))
                .cloned()
                .collect();
            prop_assert_eq!(engine_solutions(&spec, &mut solver).0, expected);
        }
        solver.reset();
        prop_assert!(solver.selected().is_empty());
        prop_assert!(solver.links_match(&problem));
        prop_assert_eq!(engine_solutions(&spec, &mut solver).0, all);
    }

    #[test]
    fn pruning_keeps_exactly_the_solutions(spec in any_spec()) {
        let problem = spec.build();
        let pruned = problem.prune();
        let kept = pruned.kept();
        prop_assert!(kept.windows(2).all(|w| w[0] < w[1]), "kept options stay in order");
        prop_assert_eq!(kept.len() + pruned.removed(), spec.options.len());
        let kept_spec = Spec {
            options: kept.iter().map(|o| spec.options[o.index()].clone()).collect(),
            ..spec.clone()
        };
        check_kind(&kept_spec, pruned.problem());
        for (k, _) in pruned.problem().options().enumerate() {
            let id = OptionId::new(k).unwrap();
            prop_assert!(pruned.problem().entries(id).eq(problem.entries(kept[k])));
        }
        prop_assert_eq!(pruned_solutions(&pruned), brute_force(&spec));
        prop_assert_eq!(pruned.problem().prune().removed(), 0, "pruning reaches a fixed point");
    }
}

/// Whether the options `chosen` could all be in one solution as far as
/// clashes go: no primary item over its upper bound, no secondary item used
/// twice unless every use gives it the same color, no option twice.
fn compatible(spec: &Spec, chosen: &[usize]) -> bool {
    let distinct: BTreeSet<usize> = chosen.iter().copied().collect();
    let (count, secondary_ok) = spec.usage(chosen);
    distinct.len() == chosen.len()
        && secondary_ok
        && (0..spec.primary).all(|i| count[i] <= spec.bounds[i].1)
}
