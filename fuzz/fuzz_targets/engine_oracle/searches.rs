//! Every search the engine offers, run on one solver and checked against
//! the oracle: visitor, iterator, first solution, counts with limits,
//! uniqueness and budgets.

use std::ops::ControlFlow;

use dlx_engine::{Budget, Count, Dlx, End, First, OptionId, Problem, Uniqueness};

use crate::case::EngineCase;
use crate::oracle::{Oracle, Solution};

pub(crate) fn indices(options: &[OptionId]) -> Solution {
    options.iter().map(|o| o.index()).collect()
}

pub(crate) fn sorted_set(solutions: &[Solution]) -> Vec<Solution> {
    let mut set: Vec<Solution> = solutions
        .iter()
        .map(|s| {
            let mut s = s.clone();
            s.sort_unstable();
            s
        })
        .collect();
    set.sort();
    set
}

/// Every solution in search order, through the visitor.
pub(crate) fn all_solutions(solver: &mut Dlx) -> (Vec<Solution>, Count) {
    let mut found = Vec::new();
    let count = solver.for_each_solution(|solution| {
        let s = solution.options();
        found.push(indices(s));
        ControlFlow::Continue(())
    });
    (found, count)
}

pub(crate) fn assert_links_intact(solver: &Dlx, problem: &Problem, after: &str) {
    if let Err(e) = solver.check_invariants() {
        panic!("after {after}: broken invariant: {e}");
    }
    assert!(
        solver.links_match(problem),
        "after {after}: links not restored"
    );
}

pub(crate) fn assert_invariants(solver: &Dlx, after: &str) {
    if let Err(e) = solver.check_invariants() {
        panic!("after {after}: broken invariant: {e}");
    }
}

/// What `count(Some(limit))` must say when the search has `total` solutions.
pub(crate) fn expected_limited_count(limit: u64, total: usize) -> Count {
    let total = total as u64;
    if total >= limit {
        Count {
            solutions: limit,
            end: End::LimitReached,
        }
    } else {
        Count {
            solutions: total,
            end: End::Exhausted,
        }
    }
}

/// Runs every search on `solver` (in its current state: pre-selections, seed)
/// and checks each against `expected`, the oracle's solution set for that
/// state. Returns the search order, for the budget checks.
pub(crate) fn check_searches(
    solver: &mut Dlx,
    case: &EngineCase,
    oracle: &Oracle,
    expected: &[Solution],
    selected: &[usize],
    after_search: &dyn Fn(&Dlx, &str),
) -> Vec<Solution> {
    let (order, count) = all_solutions(solver);
    after_search(solver, "for_each_solution");
    assert_eq!(
        count,
        Count {
            solutions: expected.len() as u64,
            end: End::Exhausted
        },
        "for_each_solution's count"
    );
    for solution in &order {
        assert!(
            solution.starts_with(selected),
            "solution {solution:?} does not start with the pre-selected {selected:?}"
        );
    }
    assert_eq!(
        sorted_set(&order),
        expected,
        "the engine's solutions (left) differ from the oracle's (right)"
    );
    let stats = solver.stats();
    assert_eq!(stats.solutions, expected.len() as u64, "stats.solutions");
    assert_eq!(
        stats.profile.iter().sum::<u64>(),
        stats.nodes,
        "profile sums to nodes"
    );

    // The same search again gives the same order (seeded or not).
    let (again, _) = all_solutions(solver);
    assert_eq!(again, order, "a second identical search");

    assert_eq!(solver.count(None), count, "count(None)");
    after_search(solver, "count(None)");
    let limited = solver.count(Some(case.limit));
    after_search(solver, "count(Some(limit))");
    assert_eq!(
        limited,
        expected_limited_count(case.limit, expected.len()),
        "count(Some({}))",
        case.limit
    );

    let first = solver.first_solution();
    after_search(solver, "first_solution");
    match (&first, order.first()) {
        (First::Solution(s), Some(o)) => assert_eq!(&indices(s), o, "first_solution"),
        (First::NoSolution, None) => {}
        _ => panic!("first_solution is {first:?} but the search order starts {order:?}"),
    }

    let unique = solver.uniqueness();
    after_search(solver, "uniqueness");
    match (&unique, order.as_slice()) {
        (Uniqueness::NoSolution, []) => {}
        (Uniqueness::Multiple(a, b), [o, p, ..]) => {
            assert_eq!((&indices(a), &indices(b)), (o, p), "uniqueness")
        }
        (Uniqueness::Unique(s), [o]) => assert_eq!(&indices(s), o, "uniqueness"),
        _ => panic!("uniqueness is {unique:?} but the solutions are {order:?}"),
    }

    // The lending iterator, dropped after `limit` solutions; each solution
    // also reports the colors its options give the secondary items.
    let mut lent = Vec::new();
    {
        let mut solutions = solver.solutions();
        while (lent.len() as u64) < case.limit {
            let Some(s) = solutions.next() else { break };
            let found = indices(s.options());
            let colors: Vec<(usize, u32)> = s
                .colors()
                .map(|(i, c)| (i.index(), u32::try_from(c.index()).expect("a small color")))
                .collect();
            assert_eq!(colors, oracle.colors(&found), "colors of {found:?}");
            lent.push(found);
        }
        if (lent.len() as u64) < case.limit {
            assert_eq!(solutions.end(), Some(End::Exhausted), "solutions().end()");
        }
    }
    after_search(solver, "dropping solutions()");
    assert!(
        order.starts_with(&lent),
        "solutions() gave {lent:?}, not a prefix of {order:?}"
    );
    order
}

/// Under `case.budget`, the search stops with `BudgetExhausted` exactly when
/// the full search (`nodes`, `updates`) goes past it, and finds a prefix of
/// the full search order.
pub(crate) fn check_budget(
    solver: &mut Dlx,
    case: &EngineCase,
    order: &[Solution],
    after_search: &dyn Fn(&Dlx, &str),
) {
    let (full, _) = all_solutions(solver);
    assert_eq!(full, order, "an unlimited search before the budgeted one");
    let (nodes, updates) = (solver.stats().nodes, solver.stats().updates);
    let budget = case.budget;
    let should_stop = budget.max_nodes.is_some_and(|b| nodes > b)
        || budget.max_updates.is_some_and(|b| updates >= b);
    solver.set_budget(budget);
    let (found, count) = all_solutions(solver);
    after_search(solver, "a budgeted search");
    let stats = solver.stats().clone();
    solver.set_budget(Budget::UNLIMITED);
    assert_eq!(
        count.end == End::BudgetExhausted,
        should_stop,
        "budget {budget:?}, full search {nodes} nodes and {updates} updates, got {count:?}"
    );
    assert!(
        order.starts_with(&found),
        "budgeted search gave {found:?}, not a prefix of {order:?}"
    );
    assert_eq!(found.len() as u64, count.solutions);
    if let Some(b) = budget.max_nodes {
        assert!(stats.nodes <= b, "{} nodes under {budget:?}", stats.nodes);
    }
    if count.end == End::BudgetExhausted {
        assert!(
            budget.max_nodes.is_some_and(|b| stats.nodes >= b)
                || budget.max_updates.is_some_and(|b| stats.updates >= b),
            "stopped at {stats:?} under {budget:?}"
        );
    } else {
        assert_eq!(found, order, "a search the budget did not stop");
    }
}
