//! Property tests against a brute-force oracle on small random problems.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use dlx_engine::{Budget, Dlx, End, OptionId, Problem};
use proptest::prelude::*;

/// A small problem as plain data: item counts and options as item lists.
#[derive(Clone, Debug)]
pub(crate) struct Spec {
    pub(crate) primary: usize,
    pub(crate) secondary: usize,
    pub(crate) options: Vec<Vec<usize>>,
}

impl Spec {
    pub(crate) fn build(&self) -> Problem {
        let mut b = Problem::builder(self.primary, self.secondary).unwrap();
        for option in &self.options {
            b.add_option(option).unwrap();
        }
        b.build()
    }

    /// The options `picks` pick (there must be some options).
    pub(crate) fn options_at(&self, picks: &[prop::sample::Index]) -> Vec<OptionId> {
        picks
            .iter()
            .map(|p| OptionId::new(p.index(self.options.len())).unwrap())
            .collect()
    }
}

/// An option over `primary + secondary` items with at least one primary item
/// and no repeats.
fn option_strategy(primary: usize, secondary: usize) -> impl Strategy<Value = Vec<usize>> {
    (
        0..primary,
        proptest::collection::btree_set(0..primary + secondary, 0..4),
    )
        .prop_map(|(p, mut rest)| {
            rest.insert(p);
            rest.into_iter().collect()
        })
}

pub(crate) fn spec_strategy() -> impl Strategy<Value = Spec> {
    (1usize..=7, 0usize..=3).prop_flat_map(|(primary, secondary)| {
        proptest::collection::vec(option_strategy(primary, secondary), 0..=14).prop_map(
            move |options| Spec {
                primary,
                secondary,
                options,
            },
        )
    })
}

/// A problem built around a planted solution: the primary items are split into
/// random groups that become options, then random extra options are added and
/// everything is shuffled by a permutation.
fn planted_strategy() -> impl Strategy<Value = (Spec, Vec<usize>)> {
    (2usize..=9, 0usize..=2)
        .prop_flat_map(|(primary, secondary)| {
            (
                Just(primary),
                Just(secondary),
                proptest::collection::vec(0..3usize, primary),
                proptest::collection::vec(option_strategy(primary, secondary), 0..=8),
                any::<u64>(),
            )
        })
        .prop_map(|(primary, secondary, group_of, extra, seed)| {
            let mut groups: Vec<Vec<usize>> = vec![Vec::new(); 3];
            for (item, &g) in group_of.iter().enumerate() {
                groups[g].push(item);
            }
            let planted: Vec<Vec<usize>> = groups.into_iter().filter(|g| !g.is_empty()).collect();
            let mut options: Vec<Vec<usize>> = planted.iter().cloned().chain(extra).collect();
            let mut rng = dlx_engine::SplitMix64::new(seed);
            let mut order: Vec<usize> = (0..options.len()).collect();
            rng.shuffle(&mut order);
            let shuffled: Vec<Vec<usize>> = order.iter().map(|&k| options[k].clone()).collect();
            let planted_at: Vec<usize> = (0..planted.len())
                .map(|k| order.iter().position(|&o| o == k).unwrap())
                .collect();
            options = shuffled;
            (
                Spec {
                    primary,
                    secondary,
                    options,
                },
                planted_at,
            )
        })
}

/// Every exact cover, by trying all subsets of options: the oracle.
pub(crate) fn brute_force(spec: &Spec) -> BTreeSet<Vec<usize>> {
    let n = spec.options.len();
    let mut found = BTreeSet::new();
    for mask in 0u32..(1 << n) {
        let mut covered = vec![0; spec.primary + spec.secondary];
        let chosen: Vec<usize> = (0..n).filter(|k| mask & (1 << k) != 0).collect();
        for &k in &chosen {
            for &item in &spec.options[k] {
                covered[item] += 1;
            }
        }
        let exact = covered[..spec.primary].iter().all(|&c| c == 1)
            && covered[spec.primary..].iter().all(|&c| c <= 1);
        if exact {
            found.insert(chosen);
        }
    }
    found
}

/// Every solution of a pruned problem, as sorted lists of the original
/// option numbers.
pub(crate) fn pruned_solutions(pruned: &dlx_engine::Pruned) -> BTreeSet<Vec<usize>> {
    let mut solver = Dlx::new(pruned.problem());
    let mut found = BTreeSet::new();
    solver.for_each_solution(|solution| {
        let options = solution.options();
        let mut key: Vec<usize> = options
            .iter()
            .map(|&o| pruned.original(o).index())
            .collect();
        key.sort_unstable();
        found.insert(key);
        ControlFlow::Continue(())
    });
    found
}

/// Every solution the engine reports, each checked to be an exact cover by
/// counting item coverage directly.
pub(crate) fn engine_solutions(spec: &Spec, solver: &mut Dlx) -> (BTreeSet<Vec<usize>>, u64) {
    let mut found = BTreeSet::new();
    let count = solver.for_each_solution(|solution| {
        let options = solution.options();
        let mut covered = vec![0; spec.primary + spec.secondary];
        for o in options {
            for &item in &spec.options[o.index()] {
                covered[item] += 1;
            }
        }
        assert!(covered[..spec.primary].iter().all(|&c| c == 1));
        assert!(covered[spec.primary..].iter().all(|&c| c <= 1));
        let mut key: Vec<usize> = options.iter().map(|o| o.index()).collect();
        key.sort_unstable();
        assert!(found.insert(key), "a solution reported twice");
        ControlFlow::Continue(())
    });
    assert_eq!(count.end, End::Exhausted);
    (found, count.solutions)
}

/// Counts with `solver` under a node budget of `budget` and checks that it
/// stops exactly when the count's tree (measured by a count without one)
/// is larger, never with more solutions than there are; returns the count.
pub(crate) fn count_under_node_budget(solver: &mut Dlx, budget: u64) -> dlx_engine::Count {
    solver.set_budget(Budget::UNLIMITED);
    let total = solver.count(None).solutions;
    let nodes = solver.stats().nodes;
    solver.set_budget(Budget::nodes(budget));
    let count = solver.count(None);
    if budget >= nodes {
        assert_eq!((count.solutions, count.end), (total, End::Exhausted));
    } else {
        assert_eq!(count.end, End::BudgetExhausted);
        assert!(count.solutions <= total);
    }
    count
}

/// Checks that `solver`, a solver of `spec` built as `problem`, finds the
/// oracle's solutions, once each, and leaves the links as it found them.
/// Returns how many there are.
pub(crate) fn finds_the_oracle_solutions(spec: &Spec, problem: &Problem, solver: &mut Dlx) -> u64 {
    let expected = brute_force(spec);
    let (found, total) = engine_solutions(spec, solver);
    assert_eq!(found, expected);
    assert_eq!(usize::try_from(total).unwrap(), expected.len());
    solver.check_invariants().unwrap();
    assert!(solver.links_match(problem));
    total
}

/// Selects `options` in `bulk` all at once and in `single` one by one
/// (solvers of `spec`), and checks that both take the same ones, then find
/// the oracle's solutions that contain them and count alike, statistics
/// included.
pub(crate) fn selections_agree(
    spec: &Spec,
    bulk: &mut Dlx,
    single: &mut Dlx,
    options: &[OptionId],
) {
    let by_bulk = bulk.select_all(options);
    let by_single = options.iter().try_for_each(|&o| single.select(o));
    assert_eq!(by_bulk, by_single);
    assert_eq!(bulk.selected(), single.selected());
    bulk.check_invariants().unwrap();
    let chosen: Vec<usize> = bulk.selected().iter().map(|o| o.index()).collect();
    let expected: BTreeSet<Vec<usize>> = brute_force(spec)
        .into_iter()
        .filter(|s| chosen.iter().all(|k| s.contains(k)))
        .collect();
    let (found, _) = engine_solutions(spec, bulk);
    assert_eq!(found, expected);
    assert_eq!(bulk.count(None), single.count(None));
    assert_eq!(bulk.stats(), single.stats());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn engine_agrees_with_brute_force(spec in spec_strategy(), seed in any::<u64>(), limit in 0u64..4) {
        let problem = spec.build();
        let expected = brute_force(&spec);
        let mut solver = Dlx::new(&problem);
        let total = finds_the_oracle_solutions(&spec, &problem, &mut solver);

        // A limited count stops exactly where it says.
        let limited = solver.count(Some(limit));
        prop_assert_eq!(limited.solutions, limit.min(total));
        prop_assert_eq!(limited.is_exact(), total < limit);
        prop_assert!(solver.links_match(&problem));

        // Randomized search finds the same set.
        solver.set_seed(Some(seed));
        let (shuffled, _) = engine_solutions(&spec, &mut solver);
        prop_assert_eq!(&shuffled, &expected);
        prop_assert!(solver.links_match(&problem));
    }

    #[test]
    fn the_count_on_bitsets_agrees_with_brute_force_and_the_links(
        spec in spec_strategy(),
        limit in 0u64..4,
        pick in any::<prop::sample::Index>(),
    ) {
        let problem = spec.build();
        let expected = brute_force(&spec);
        let mut solver = Dlx::new(&problem);
        let count = solver.count_on_bits(None);
        prop_assert_eq!(count.solutions, expected.len() as u64);
        let bits = solver.stats().clone();
        solver.count_on_matrix(None);
        let links = solver.stats();
        prop_assert_eq!((bits.nodes, &bits.profile), (links.nodes, &links.profile));
        let limited = solver.count_on_bits(Some(limit));
        prop_assert_eq!(limited.solutions, limit.min(expected.len() as u64));
        // After a pre-selection: the oracle's solutions with the option.
        if !spec.options.is_empty() {
            let option = spec.options_at(&[pick])[0];
            if solver.select(option).is_ok() {
                let with = expected.iter().filter(|s| s.contains(&option.index())).count();
                prop_assert_eq!(solver.count_on_bits(None).solutions, with as u64);
            }
        }
    }

    #[test]
    fn budgets_stop_exactly_when_the_tree_is_larger(spec in spec_strategy(), budget in 1u64..40) {
        let problem = spec.build();
        let mut solver = Dlx::new(&problem);
        count_under_node_budget(&mut solver, budget);
        prop_assert!(solver.links_match(&problem));
    }

    #[test]
    fn preselection_agrees_with_filtering_the_oracle(spec in spec_strategy(), pick in any::<prop::sample::Index>()) {
        prop_assume!(!spec.options.is_empty());
        let problem = spec.build();
        let k = pick.index(spec.options.len());
        let expected: BTreeSet<Vec<usize>> = brute_force(&spec).into_iter().filter(|s| s.contains(&k)).collect();
        let mut solver = Dlx::new(&problem);
        solver.select(OptionId::new(k).unwrap()).unwrap();
        let (found, _) = engine_solutions(&spec, &mut solver);
        prop_assert_eq!(found, expected);
        solver.reset();
        prop_assert!(solver.links_match(&problem));
        let mut fresh = Dlx::new(&problem);
        prop_assert_eq!(solver.count(None), fresh.count(None));
    }

    #[test]
    fn unselecting_the_last_option_is_like_never_selecting_it(
        spec in spec_strategy(),
        first in any::<prop::sample::Index>(),
        second in any::<prop::sample::Index>(),
    ) {
        prop_assume!(!spec.options.is_empty());
        let problem = spec.build();
        let (a, b) = (first.index(spec.options.len()), second.index(spec.options.len()));
        let mut solver = Dlx::new(&problem);
        solver.select(OptionId::new(a).unwrap()).unwrap();
        if solver.select(OptionId::new(b).unwrap()).is_ok() {
            prop_assert_eq!(solver.unselect_last(), OptionId::new(b));
        }
        let expected: BTreeSet<Vec<usize>> = brute_force(&spec).into_iter().filter(|s| s.contains(&a)).collect();
        let (found, _) = engine_solutions(&spec, &mut solver);
        prop_assert_eq!(found, expected);
        prop_assert_eq!(solver.unselect_last(), OptionId::new(a));
        prop_assert!(solver.links_match(&problem));
    }

    /// Selecting in bulk (the links laid out for what the options leave)
    /// against selecting one by one: the same selections and errors, the
    /// same search (solutions against the oracle, statistics), and the
    /// same matrix once undone, whether by `reset` or by `unselect_last`,
    /// with a selection danced on top in between.
    #[test]
    fn selecting_in_bulk_is_selecting_one_by_one(
        spec in spec_strategy(),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..5),
        extra in any::<prop::sample::Index>(),
    ) {
        prop_assume!(!spec.options.is_empty());
        let problem = spec.build();
        let options = spec.options_at(&picks);
        let mut bulk = Dlx::new(&problem);
        let mut single = Dlx::new(&problem);
        // Something selected before, which both must replace.
        bulk.select_all(&options[..options.len() / 2]).ok();
        single.select(OptionId::new(extra.index(spec.options.len())).unwrap()).ok();
        single.reset();
        selections_agree(&spec, &mut bulk, &mut single, &options);
        // One more option on top dances; popping it and then the bulk
        // selections one at a time matches popping them one by one.
        let top = OptionId::new(extra.index(spec.options.len())).unwrap();
        prop_assert_eq!(bulk.select(top), single.select(top));
        prop_assert_eq!(bulk.count(None), single.count(None));
        while let Some(option) = single.unselect_last() {
            prop_assert_eq!(bulk.unselect_last(), Some(option));
            bulk.check_invariants().unwrap();
            prop_assert_eq!(bulk.count(None), single.count(None));
            prop_assert_eq!(bulk.stats(), single.stats());
        }
        prop_assert_eq!(bulk.unselect_last(), None);
        prop_assert!(bulk.links_match(&problem));
        bulk.select_all(&options).ok();
        bulk.reset();
        prop_assert!(bulk.selected().is_empty());
        prop_assert!(bulk.links_match(&problem));
    }

    #[test]
    fn pruning_keeps_exactly_the_solutions(spec in spec_strategy()) {
        let problem = spec.build();
        let pruned = problem.prune();
        let kept = pruned.kept();
        prop_assert!(kept.windows(2).all(|w| w[0] < w[1]), "kept options stay in order");
        prop_assert_eq!(kept.len() + pruned.removed(), spec.options.len());
        for (k, (_, items)) in pruned.problem().options().enumerate() {
            prop_assert_eq!(items, problem.option(kept[k]));
        }
        prop_assert_eq!(pruned_solutions(&pruned), brute_force(&spec));
        prop_assert_eq!(pruned.problem().prune().removed(), 0, "pruning reaches a fixed point");
    }

    #[test]
    fn planted_solutions_are_found((spec, planted) in planted_strategy()) {
        let problem = spec.build();
        let mut solver = Dlx::new(&problem);
        let (found, _) = engine_solutions(&spec, &mut solver);
        let mut planted = planted;
        planted.sort_unstable();
        prop_assert!(found.contains(&planted), "planted {:?} not in {:?}", planted, found);
        prop_assert_eq!(found, brute_force(&spec));
    }
}
