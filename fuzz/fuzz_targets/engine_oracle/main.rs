//! The dlx engine against a brute-force oracle.
//!
//! The input is a small problem (at most 7 primary and 3 secondary items, at
//! most 16 options) with colors on some secondary entries (XCC) and bounds
//! on some primary items (MCC), some of them invalid on purpose so the
//! builder must reject them; a few options to pre-select, a solution limit,
//! a budget and a seed. Every search the engine offers is run and checked
//! against an enumeration of option subsets that shares no code with the
//! engine, and so is the search of the pruned problem; see `check`.
//!
//! A failing input's `Debug` (what `cargo fuzz fmt engine_oracle <file>`
//! prints) is Rust code that rebuilds the problem, ready for a regression test.
//!
//! Files: `case.rs` (the input and what the builder must accept),
//! `oracle.rs` (the enumeration), `searches.rs` (each search checked against
//! it); this one builds the problem and runs them all.

#![no_main]

mod case;
mod oracle;
mod searches;

use dlx_engine::{Color, Dlx, DlxError, OptionId, Problem};
use libfuzzer_sys::{Corpus, fuzz_target};

use case::{
    EngineCase, Entry, accepted_bounds, error_name, reason_to_reject_bounds, reasons_to_reject,
};
use oracle::{Oracle, Solution};
use searches::{
    all_solutions, assert_invariants, assert_links_intact, check_budget, check_searches, indices,
    sorted_set,
};

fn check(case: &EngineCase) -> Corpus {
    let items = case.primary + case.secondary;
    let mut builder = Problem::builder(case.primary, case.secondary).expect("a small problem");
    for &(item, lower, upper) in &case.bounds {
        let reason = reason_to_reject_bounds(case, item, lower, upper);
        match builder.set_bounds(item, lower, upper) {
            Ok(()) => assert_eq!(reason, None, "set_bounds({item}, {lower}, {upper})"),
            Err(e) => assert_eq!(
                reason,
                Some(error_name(&e)),
                "set_bounds({item}, {lower}, {upper}) gave {e:?}"
            ),
        }
    }
    let bounds = accepted_bounds(case);
    let mut options = Vec::new();
    for option in &case.options {
        let reasons = reasons_to_reject(option, case.primary, items);
        let entries: Vec<(usize, Option<Color>)> = option
            .iter()
            .map(|&(i, c)| (i, c.and_then(|c| Color::new(c as usize))))
            .collect();
        match builder.add_colored_option(&entries) {
            Ok(id) => {
                assert!(
                    reasons.is_empty(),
                    "builder accepted {option:?} despite {reasons:?}"
                );
                assert_eq!(id.index(), options.len(), "id of option {option:?}");
                options.push(option.clone());
            }
            Err(e) => assert!(
                reasons.contains(&error_name(&e)),
                "builder rejected {option:?} with {e:?}; applicable: {reasons:?}"
            ),
        }
    }
    assert_eq!(builder.option_count(), options.len());
    let problem = builder.build();
    if options.is_empty() {
        return Corpus::Reject;
    }
    for (id, _) in problem.options() {
        let got: Vec<Entry> = problem
            .entries(id)
            .map(|(i, c)| (i.index(), c.map(|c| c.index() as u32)))
            .collect();
        assert_eq!(got, options[id.index()], "option {id} as stored");
    }
    for (item, &(lower, upper)) in bounds.iter().enumerate() {
        let b = problem.bounds(dlx_engine::ItemId::new(item).unwrap()).unwrap();
        assert_eq!(
            (b.lower(), b.upper()),
            (lower, upper),
            "bounds of item {item}"
        );
    }

    let oracle = Oracle::new(case.primary, case.secondary, &bounds, &options);
    for solution in &oracle.solutions {
        oracle.assert_solution(solution);
        let ids: Vec<OptionId> = solution
            .iter()
            .map(|&o| problem.option_id(o).unwrap())
            .collect();
        assert!(
            problem.is_solution(&ids),
            "Problem::is_solution rejects {solution:?}"
        );
    }

    let intact = |solver: &Dlx, after: &str| assert_links_intact(solver, &problem, after);
    let mut fresh = Dlx::new(&problem);
    intact(&fresh, "Dlx::new");
    let order = check_searches(&mut fresh, case, &oracle, &oracle.solutions, &[], &intact);
    for solution in &order {
        oracle.assert_solution(solution);
    }
    check_budget(&mut fresh, case, &order, &intact);

    // Pruned: the same solutions once mapped back, and nothing left to prune.
    let pruned = problem.prune();
    assert_eq!(pruned.kept().len() + pruned.removed(), options.len());
    let mut pruned_solver = Dlx::new(pruned.problem());
    let (pruned_order, _) = all_solutions(&mut pruned_solver);
    let mapped: Vec<Solution> = pruned_order
        .iter()
        .map(|s| s.iter().map(|&o| pruned.kept()[o].index()).collect())
        .collect();
    assert_eq!(
        sorted_set(&mapped),
        oracle.solutions,
        "the pruned problem's solutions (left) differ from the oracle's (right)"
    );
    assert_eq!(pruned.problem().prune().removed(), 0, "pruning twice");

    // Seeded: the same solution set, perhaps in another order.
    let mut seeded = Dlx::new(&problem);
    seeded.set_seed(Some(case.seed));
    let seeded_order = check_searches(&mut seeded, case, &oracle, &oracle.solutions, &[], &intact);
    check_budget(&mut seeded, case, &seeded_order, &intact);

    // Pre-selection: a half-consumed search first, so `select` must unwind it.
    let mut solver = Dlx::new(&problem);
    solver.set_seed(Some(case.seed));
    {
        let mut solutions = solver.solutions();
        let _ = solutions.next();
    }
    let mut selected: Vec<usize> = Vec::new();
    for &index in &case.preselect {
        let id = OptionId::new(index).expect("a small index");
        let result = solver.select(id);
        let mut with_it = selected.clone();
        with_it.push(index);
        if index >= options.len() {
            assert!(
                matches!(result, Err(DlxError::UnknownOption { option, .. }) if option == index),
                "select({index}) of {} options gave {result:?}",
                options.len()
            );
        } else if oracle.compatible(&with_it) {
            assert_eq!(result, Ok(()), "select({index}) after {selected:?}");
            selected.push(index);
        } else {
            match result {
                Err(DlxError::SelectConflict {
                    option,
                    item,
                    covered_by,
                }) => {
                    assert_eq!(option, id);
                    let names = |o: usize| options[o].iter().any(|&(i, _)| i == item.index());
                    assert!(
                        names(index)
                            && names(covered_by.index())
                            && selected.contains(&covered_by.index()),
                        "conflict names item {item} and option {covered_by}"
                    );
                }
                Err(DlxError::AlreadySelected { option }) => {
                    assert_eq!(option, id);
                    assert!(selected.contains(&index), "{index} is not selected");
                }
                other => {
                    panic!("select({index}) after {selected:?} gave {other:?}, not a conflict")
                }
            }
        }
        assert_invariants(&solver, "select");
    }
    assert_eq!(indices(solver.selected()), selected, "Dlx::selected");
    let expected = oracle.solutions_with(&selected);
    let invariants = |solver: &Dlx, after: &str| assert_invariants(solver, after);
    check_searches(
        &mut solver,
        case,
        &oracle,
        &expected,
        &selected,
        &invariants,
    );
    solver.set_seed(None);
    check_searches(
        &mut solver,
        case,
        &oracle,
        &expected,
        &selected,
        &invariants,
    );

    // Reset: as good as new.
    solver.reset();
    intact(&solver, "reset");
    assert!(solver.selected().is_empty(), "reset keeps selections");
    assert_eq!(
        all_solutions(&mut solver).0,
        order,
        "after reset, a fresh solver's order"
    );
    intact(&solver, "the search after reset");
    Corpus::Keep
}

fuzz_target!(|case: EngineCase| -> Corpus { check(&case) });
