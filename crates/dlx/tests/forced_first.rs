//! Forced-first item choice (`Dlx::set_forced_first`) against the
//! brute-force oracle and against the default search, on small random
//! problems: the same solution sets and counts, with limits, budgets,
//! pre-selections (one by one and in bulk), splits and threads.

use dlx_engine::{Budget, Dlx, End, Parallel};
use proptest::prelude::*;

use super::oracle::{
    Spec, brute_force, count_under_node_budget, engine_solutions, finds_the_oracle_solutions,
    selections_agree, spec_strategy,
};
use super::split_parallel::same_tree;

/// A solver for `problem` with forced-first on.
fn forced(problem: &dlx_engine::Problem) -> Dlx {
    let mut solver = Dlx::new(problem);
    solver.set_forced_first(true);
    solver
}

/// Problems whose options all have four items, as the exact-cover
/// Sudoku's, so that the forced-first search is the one made for that width
/// (which keeps the active items by their lengths' biases alone, invariant
/// (G) of `matrix/mod.rs`): `4k` primary items partitioned into `k`
/// planted options, up to two secondary items, and random extra options of
/// four items (so at least two primary ones), in a shuffled order.
fn four_item_spec_strategy() -> impl Strategy<Value = Spec> {
    (1usize..=3, 0usize..=2)
        .prop_flat_map(|(groups, secondary)| {
            let primary = 4 * groups;
            let items: Vec<usize> = (0..primary + secondary).collect();
            (
                Just(primary),
                Just(secondary),
                Just((0..primary).collect::<Vec<usize>>()).prop_shuffle(),
                proptest::collection::vec(proptest::sample::subsequence(items, 4), 0..=9),
            )
        })
        .prop_flat_map(|(primary, secondary, planted, extra)| {
            let mut options: Vec<Vec<usize>> = planted.chunks(4).map(<[usize]>::to_vec).collect();
            options.extend(extra);
            Just(options).prop_shuffle().prop_map(move |options| Spec {
                primary,
                secondary,
                options,
            })
        })
}

/// Counts with `solver` (the links as `problem` lays them out), then checks
/// that the subproblems of a split at `depth` add up to that count,
/// statistics included, and so does a parallel count, with the links
/// restored; returns the count.
fn splits_add_up(
    solver: &mut Dlx,
    problem: &dlx_engine::Problem,
    depth: usize,
) -> Result<dlx_engine::Count, TestCaseError> {
    let whole = solver.count(None);
    let stats = solver.stats().clone();
    let split = solver.split(depth);
    let mut total = solver.stats().clone();
    let mut solutions = 0;
    for subproblem in split.subproblems() {
        solutions += solver.count_subproblem(subproblem, None).unwrap().solutions;
        total += solver.stats();
    }
    prop_assert_eq!(solutions, whole.solutions);
    // The split enters the nodes above its subproblems, leaves too, which
    // the whole count may count at once (docs/decisions/leaves.md).
    same_tree(&stats, &total);
    let parallel = Parallel::new().with_threads(2).with_chunk(4);
    prop_assert_eq!(solver.count_parallel(&parallel, None), whole);
    same_tree(&stats, solver.stats());
    prop_assert!(solver.links_match(problem));
    Ok(whole)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The search made for a width, which leaves the active-item lists
    /// alone while its levels are on the stack: the oracle's solutions,
    /// limited counts, pre-selections in bulk and one by one, a count left
    /// unrestored (its frozen lists checked, then restored by whatever
    /// comes next: another count, a selection, the default search, a
    /// reset), budgets, splits and threads, all as the default search has
    /// them.
    #[test]
    fn forced_first_on_options_of_four_items(
        spec in four_item_spec_strategy(),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..3),
        limit in 0u64..4,
        budget in 1u64..30,
        depth in 0usize..4,
    ) {
        let problem = spec.build();
        let mut solver = forced(&problem);
        let mut plain = Dlx::new(&problem);
        finds_the_oracle_solutions(&spec, &problem, &mut solver);
        prop_assert_eq!(solver.count(Some(limit)), plain.count(Some(limit)));
        // Left unrestored: the links as the search left them pass the
        // checks, and each next call starts from the restored links.
        solver.set_lazy_restore(true);
        let whole = plain.count(None);
        prop_assert_eq!(solver.count(None), whole);
        solver.check_invariants().unwrap();
        prop_assert_eq!(solver.count(None), whole);
        let options = spec.options_at(&picks);
        let by_single = options.iter().try_for_each(|&o| solver.select(o));
        let mut bulk = forced(&problem);
        bulk.set_lazy_restore(true);
        bulk.count(None);
        prop_assert_eq!(bulk.select_all(&options), by_single);
        bulk.check_invariants().unwrap();
        let selected = solver.count(None);
        solver.check_invariants().unwrap();
        prop_assert_eq!(bulk.count(None), selected);
        prop_assert_eq!(bulk.stats(), solver.stats());
        bulk.reset();
        prop_assert!(bulk.links_match(&problem));
        // Another search kind after a count left unrestored.
        solver.set_forced_first(false);
        solver.check_invariants().unwrap();
        prop_assert_eq!(solver.first_solution(), {
            for &o in solver.selected() {
                plain.select(o).unwrap();
            }
            plain.first_solution()
        });
        solver.set_forced_first(true);
        solver.count(None);
        solver.reset();
        plain.reset();
        prop_assert!(solver.links_match(&problem));
        // Budgets, splits and threads, as for every problem.
        solver.set_lazy_restore(false);
        solver.set_budget(Budget::nodes(budget));
        let count = solver.count(None);
        prop_assert!(count.end == End::BudgetExhausted || count == whole);
        solver.check_invariants().unwrap();
        prop_assert!(solver.links_match(&problem));
        solver.set_budget(Budget::UNLIMITED);
        prop_assert_eq!(splits_add_up(&mut solver, &problem, depth)?, whole);
    }

    /// The oracle's solutions, each an exact cover (checked by counting
    /// coverage in `engine_solutions`), limited counts as the default
    /// search's, and the links restored.
    #[test]
    fn forced_first_agrees_with_brute_force(spec in spec_strategy(), limit in 0u64..4) {
        let problem = spec.build();
        let expected = brute_force(&spec);
        let mut solver = forced(&problem);
        let (found, total) = engine_solutions(&spec, &mut solver);
        prop_assert_eq!(&found, &expected);
        prop_assert_eq!(usize::try_from(total).unwrap(), expected.len());
        solver.check_invariants().unwrap();
        prop_assert!(solver.links_match(&problem));
        let mut plain = Dlx::new(&problem);
        prop_assert_eq!(solver.count(None), plain.count(None));
        let limited = solver.count(Some(limit));
        prop_assert_eq!(limited, plain.count(Some(limit)));
        prop_assert_eq!(limited.solutions, limit.min(total));
        prop_assert!(solver.links_match(&problem));
        // Off again, the search is the default one, statistics and all.
        solver.set_forced_first(false);
        prop_assert_eq!(solver.count(None), plain.count(None));
        prop_assert_eq!(solver.stats(), plain.stats());
    }

    /// A node budget stops the search exactly when its own tree is larger,
    /// never with more solutions than there are.
    #[test]
    fn forced_first_budgets_stop_when_the_tree_is_larger(spec in spec_strategy(), budget in 1u64..40) {
        let problem = spec.build();
        let total = brute_force(&spec).len() as u64;
        let mut solver = forced(&problem);
        prop_assert_eq!(solver.count(None).solutions, total);
        count_under_node_budget(&mut solver, budget);
        prop_assert!(solver.links_match(&problem));
    }

    /// Pre-selected options, in bulk and one by one: the oracle's solutions
    /// that contain them, and the same statistics either way.
    #[test]
    fn forced_first_with_preselections(
        spec in spec_strategy(),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..4),
    ) {
        prop_assume!(!spec.options.is_empty());
        let problem = spec.build();
        let options = spec.options_at(&picks);
        let mut bulk = forced(&problem);
        let mut single = forced(&problem);
        selections_agree(&spec, &mut bulk, &mut single, &options);
        bulk.reset();
        single.reset();
        prop_assert!(bulk.links_match(&problem) && single.links_match(&problem));
    }

    /// The choice depends only on the path: subproblems of a split add up
    /// to the whole search, statistics included, and so does a parallel
    /// count.
    #[test]
    fn forced_first_splits_add_up(spec in spec_strategy(), depth in 0usize..4) {
        let problem = spec.build();
        splits_add_up(&mut forced(&problem), &problem, depth)?;
    }
}
