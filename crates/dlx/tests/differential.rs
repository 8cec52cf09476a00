//! Every tuned entry point of the engine against the reference search
//! (`reference.rs`): counts, the solution iterator, the visitor, parallel
//! counts on one and two threads, split jobs, pre-selection, a seeded
//! random order and budgets, on random X, XCC and MCC problems and the
//! small files of `data/exact-cover`. Solutions are compared for every
//! kind (in order where the order is defined); Knuth's statistics where the
//! engine defines them to agree (`Stats::updates`): for X and C, the nodes,
//! the profile and the solutions always, the updates and cleansings as the
//! path that ran makes them (the dancing cells' whole coverings, or the
//! dancing links' coverings given up at a doom). The checks that are
//! skipped (Algorithm M's statistics; the links' trees where the reference
//! cannot say what the links see) are counted, and bounded.

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::Mutex;

use dlx_engine::{Budget, Dlx, End, Kind, NamedProblem, OptionId, Parallel, Problem, Stats};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use crate::known_answers::{binary_matrices, de_bruijn, zebra};
use crate::known_counts::{langford, latin_squares, n_queens};
use crate::oracle_kinds::{Spec, any_spec, brute_force, spec_strategy};
use crate::reference::{self, Options, Reference};

/// How many problems each check ran on, and how much it compared.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    /// Problems of kinds X and C whose statistics were compared in full.
    pub(crate) full: u64,
    /// Problems of kinds X and C where the links' trees were not compared
    /// ([`Reference::ambiguous`]).
    pub(crate) ambiguous: u64,
    /// Problems of kind M (solutions only).
    pub(crate) multiplicities: u64,
}

/// A solution as sorted option indices.
fn sorted(options: &[OptionId]) -> Vec<usize> {
    let mut key: Vec<usize> = options.iter().map(|o| o.index()).collect();
    key.sort_unstable();
    key
}

/// The reference's solutions as a set of sorted option lists.
pub(crate) fn set(reference: &Reference) -> BTreeSet<Vec<usize>> {
    reference
        .solutions
        .iter()
        .map(|s| {
            let mut s = s.clone();
            s.sort_unstable();
            s
        })
        .collect()
}

/// Asserts that `stats` walked the reference's tree: its solutions, nodes
/// and nodes a level.
pub(crate) fn same_tree(stats: &Stats, reference: &Reference, what: &str) {
    let expected = &reference.stats;
    assert_eq!(stats.solutions, expected.solutions, "{what}: solutions");
    assert_eq!(
        stats.nodes, expected.nodes,
        "{what}: nodes {stats:?} {expected:?}"
    );
    assert_eq!(stats.profile, expected.profile, "{what}: profile");
}

/// Asserts that `stats` are the links' for the reference's tree.
pub(crate) fn links_stats(stats: &Stats, reference: &Reference, what: &str) {
    same_tree(stats, reference, what);
    assert_eq!(
        stats.updates, reference.links_updates,
        "{what}: updates {stats:?} {reference:?}"
    );
    assert_eq!(
        stats.cleansings, reference.links_cleansings,
        "{what}: cleansings"
    );
}

/// Asserts that `stats` are a count's: the cells' or the bitsets' (every
/// field the reference's: whole coverings) where the solver said the count
/// runs on them (`on_cells`, [`whole_coverings`]), else the links'.
pub(crate) fn count_stats(stats: &Stats, reference: &Reference, on_cells: bool, what: &str) {
    if on_cells {
        assert_eq!(stats, &reference.stats, "{what}: the cells' statistics");
    } else {
        links_stats(stats, reference, what);
    }
}

/// Whether `solver`'s count makes whole coverings, as [`Dlx::path`] says:
/// on dancing cells or on bitsets, not on the links.
pub(crate) fn whole_coverings(solver: &Dlx) -> bool {
    let path = solver.path();
    path.counts_on_cells() || path.counts_on_bits()
}

/// Whose statistics a count on threads reports, as the solver's report of
/// its path says ([`Dlx::path`]; the tests copy no rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OnThreads {
    /// The links' work sharing: the tree's statistics, the links' updates.
    Links,
    /// One thread where the count makes whole coverings (dancing cells or
    /// bitsets, Algorithm M's too): `count_parallel` is that count, with
    /// its statistics. On
    /// the cells, more threads too: their queue's split walks the cells'
    /// own tree, so the statistics add up to the one count's.
    Count,
    /// More threads on bitsets: a queue of subproblems, the links' tree
    /// and whole coverings below the split.
    Queue,
}

/// Where a count on `threads` threads runs, as the solver reports it.
pub(crate) fn on_threads(solver: &Dlx, threads: usize) -> OnThreads {
    match (whole_coverings(solver), threads) {
        // Algorithm M's count on bitsets, one thread only.
        (false, 1) if solver.path().counts_on_bounded_bits() => OnThreads::Count,
        (false, _) => OnThreads::Links,
        (true, 1) => OnThreads::Count,
        (true, _) if solver.path().counts_on_cells() => OnThreads::Count,
        (true, _) => OnThreads::Queue,
    }
}

/// Asserts that `stats` are a parallel count's, whatever the threads and
/// the chunks: the cells' count (`leaves.stats`) where it is that count
/// ([`OnThreads::Count`]), else the tree's, with the updates and
/// cleansings between a count's that counts leaves at once (`leaves`) and
/// a search's entering every node (`entering`): the links' of each on the
/// links' threads (the nodes above the first split are entered), and up
/// to the whole coverings' of a search entering every node on a queue
/// (whole coverings below the split).
pub(crate) fn parallel_stats(
    stats: &Stats,
    entering: &Reference,
    leaves: &Reference,
    on: OnThreads,
    what: &str,
) {
    if on == OnThreads::Count {
        assert_eq!(stats, &leaves.stats, "{what}: the cells' statistics");
        return;
    }
    same_tree(stats, entering, what);
    let (most_updates, most_cleansings) = match on {
        OnThreads::Queue => (entering.stats.updates, entering.stats.cleansings),
        _ => (entering.links_updates, entering.links_cleansings),
    };
    assert!(
        (leaves.links_updates..=most_updates).contains(&stats.updates),
        "{what}: updates {stats:?} between {} and {most_updates}",
        leaves.links_updates,
    );
    assert!(
        (leaves.links_cleansings..=most_cleansings).contains(&stats.cleansings),
        "{what}: cleansings {stats:?} between {} and {most_cleansings}",
        leaves.links_cleansings,
    );
}

/// The solutions `solver` delivers through its lending iterator, in order.
fn iterated(solver: &mut Dlx) -> Vec<Vec<usize>> {
    let mut found = Vec::new();
    let mut solutions = solver.solutions();
    while let Some(solution) = solutions.next() {
        found.push(solution.options().iter().map(|o| o.index()).collect());
    }
    assert_eq!(solutions.end(), Some(End::Exhausted));
    found
}

/// The solutions `solver` delivers to its visitor, in order.
fn visited(solver: &mut Dlx) -> (Vec<Vec<usize>>, End) {
    let mut found = Vec::new();
    let count = solver.for_each_solution(|solution| {
        let options = solution.options();
        found.push(options.iter().map(|o| o.index()).collect());
        ControlFlow::Continue(())
    });
    assert_eq!(count.solutions, found.len() as u64);
    (found, count.end)
}

/// Asserts that two lists of solutions are the same: in order where the
/// search order is the reference's (X and C), as sets for M.
fn same_solutions(found: &[Vec<usize>], reference: &Reference, ordered: bool, what: &str) {
    if ordered {
        assert_eq!(found, reference.solutions, "{what}: solutions in order");
    } else {
        let found: BTreeSet<Vec<usize>> = found
            .iter()
            .map(|s| {
                let mut s = s.clone();
                s.sort_unstable();
                s
            })
            .collect();
        assert_eq!(found, set(reference), "{what}: solutions");
    }
}

/// Runs every entry point on `problem` against the reference; `seed`,
/// `budget` (a fraction of the tree, in 0..=4 quarters and more), `depth`
/// and `pick` (an option to pre-select) vary the checks.
fn check(
    problem: &Problem,
    seed: u64,
    quarters: u64,
    depth: usize,
    pick: usize,
    tally: &mut Tally,
) {
    let entering = reference::search(problem, &[], Options { leaves: false });
    let leaves = reference::search(problem, &[], Options { leaves: true });
    let n = entering.stats.solutions;
    for solution in &entering.solutions {
        let options: Vec<OptionId> = solution
            .iter()
            .map(|&o| OptionId::new(o).unwrap())
            .collect();
        assert!(
            problem.is_solution(&options),
            "reference: {solution:?} is no solution"
        );
    }
    assert_eq!(
        set(&entering).len() as u64,
        n,
        "reference: a solution twice"
    );
    assert_eq!(leaves.stats.solutions, n);

    let stats_defined = problem.kind() != Kind::Multiplicities;
    let exact = stats_defined && !entering.ambiguous && !leaves.ambiguous;
    match (stats_defined, exact) {
        (false, _) => tally.multiplicities += 1,
        (true, true) => tally.full += 1,
        (true, false) => tally.ambiguous += 1,
    }
    let ordered = stats_defined;

    // The lending iterator and the visitor enter every node.
    let mut solver = Dlx::new(problem);
    let found = iterated(&mut solver);
    same_solutions(&found, &entering, ordered, "solutions()");
    if exact {
        links_stats(solver.stats(), &entering, "solutions()");
    }
    let (found, end) = visited(&mut solver);
    assert_eq!(end, End::Exhausted);
    same_solutions(&found, &entering, ordered, "for_each_solution");
    // The tree the links walk: the reference's where it is `exact`, else
    // possibly larger (a doom the links miss, `Reference::ambiguous`).
    let tree_nodes = solver.stats().nodes;
    if exact {
        links_stats(solver.stats(), &entering, "for_each_solution");
    }

    // Counts may count leaves at once.
    let count = solver.count(None);
    assert_eq!((count.solutions, count.end), (n, End::Exhausted), "count");
    if stats_defined && !leaves.ambiguous {
        let on_cells = whole_coverings(&solver);
        count_stats(solver.stats(), &leaves, on_cells, "count");
    } else if stats_defined && *solver.stats() != leaves.stats {
        // The links may have entered more of the tree; never less.
        assert!(
            solver.stats().nodes >= leaves.stats.nodes,
            "count: {:?}",
            solver.stats()
        );
    }
    for limit in [0, 1, n.saturating_sub(1), n + 1] {
        let limited = solver.count(Some(limit));
        assert_eq!(limited.solutions, n.min(limit), "count limited to {limit}");
    }

    // The count on bitsets, wherever it can run (exact cover without
    // colors, at most 4,096 options), whatever the chooser says: the
    // reference's statistics of whole coverings, and the links' tree where
    // the reference cannot say what the links see.
    if problem.kind() == Kind::Exact && problem.option_count() <= 4096 {
        let count = solver.count_on_bits(None);
        assert_eq!((count.solutions, count.end), (n, End::Exhausted), "bits");
        let bits = solver.stats().clone();
        if leaves.ambiguous {
            solver.count_on_matrix(None);
            let links = solver.stats();
            assert_eq!(bits.nodes, links.nodes, "bits: the links' nodes");
            assert_eq!(bits.profile, links.profile, "bits: the links' profile");
        } else {
            assert_eq!(bits, leaves.stats, "bits: the reference's statistics");
        }
        for limit in [0, 1, n.saturating_sub(1), n + 1] {
            let limited = solver.count_on_bits(Some(limit));
            assert_eq!(limited.solutions, n.min(limit), "bits limited to {limit}");
        }
    }

    // Threads: the count is the reference's whatever the threads and the
    // chunks; the statistics those of the tree, the updates between a
    // count's leaves counted at once and a search entering every node (the
    // nodes above the first split are entered), or the cells' on one thread.
    for threads in [1, 2] {
        let parallel = Parallel::new()
            .with_threads(threads)
            .with_chunk(2)
            .with_depth(depth);
        let what = format!("count_parallel on {threads} threads");
        let count = solver.count_parallel(&parallel, None);
        assert_eq!((count.solutions, count.end), (n, End::Exhausted), "{what}");
        if exact {
            let on = on_threads(&solver, threads);
            parallel_stats(solver.stats(), &entering, &leaves, on, &what);
        }
        let delivered = Mutex::new(BTreeSet::new());
        let count = solver.for_each_solution_parallel(&parallel, None, |solution| {
            assert!(
                delivered.lock().unwrap().insert(sorted(solution.options())),
                "twice"
            );
            ControlFlow::Continue(())
        });
        assert_eq!(count.solutions, n, "{what}: visited");
        assert_eq!(
            delivered.into_inner().unwrap(),
            set(&entering),
            "{what}: solutions"
        );
        let limited = solver.count_parallel(&parallel, Some(1));
        assert_eq!(limited.solutions, n.min(1), "{what} limited to 1");
    }

    // Split jobs: the subproblems' solutions are the reference's, once
    // each, and their statistics and the split's add up to its tree.
    let split = solver.split(depth);
    let mut total = solver.stats().clone();
    let mut counted = solver.stats().clone();
    let mut union = BTreeSet::new();
    for subproblem in split.subproblems() {
        let count = solver
            .for_each_solution_in(subproblem, |solution| {
                assert!(
                    union.insert(sorted(solution.options())),
                    "in two subproblems"
                );
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(count.end, End::Exhausted);
        total += solver.stats();
        let counted_here = solver.count_subproblem(subproblem, None).unwrap();
        assert_eq!(counted_here.solutions, count.solutions, "count_subproblem");
        counted += solver.stats();
    }
    assert_eq!(union, set(&entering), "split at depth {depth}");
    if exact {
        links_stats(&total, &entering, "split jobs");
        same_tree(&counted, &entering, "split jobs counted");
    }

    // Pre-selection: the reference with the option chosen first.
    if let Some(option) = OptionId::new(pick % problem.option_count().max(1))
        .filter(|o| o.index() < problem.option_count())
    {
        solver.select(option).unwrap();
        let selected = reference::search(problem, &[option], Options { leaves: false });
        let (found, _) = visited(&mut solver);
        same_solutions(&found, &selected, ordered, "after select");
        if stats_defined && !selected.ambiguous {
            links_stats(solver.stats(), &selected, "after select");
        }
        solver.reset();
    }

    // A seeded random order: the same solutions, in an order of its own.
    solver.set_seed(Some(seed));
    let (found, _) = visited(&mut solver);
    same_solutions(&found, &entering, false, "with a seed");
    assert_eq!(solver.count(None).solutions, n, "count with a seed");
    solver.set_seed(None);

    // A budget of nodes: the search delivers the reference's solutions in
    // its order up to where it stops, and stops only short of its tree.
    let budget = (entering.stats.nodes * quarters / 4).max(1);
    solver.set_budget(Budget::nodes(budget));
    let (found, end) = visited(&mut solver);
    if ordered {
        assert_eq!(found, entering.solutions[..found.len()], "under a budget");
    }
    match end {
        End::Exhausted => {
            assert_eq!(
                found.len() as u64,
                n,
                "exhausted under a budget of {budget}"
            );
            if exact {
                links_stats(solver.stats(), &entering, "under a budget");
            }
        }
        End::BudgetExhausted => assert!(
            budget <= tree_nodes,
            "stopped at {budget}, in a tree of {tree_nodes}"
        ),
        other => panic!("no limit was set, nothing stops the search: {other:?}"),
    }
    if budget > tree_nodes {
        assert_eq!(end, End::Exhausted, "a budget of {budget} covers the tree");
    }
    let count = solver.count(None);
    match count.end {
        End::Exhausted => {
            assert_eq!(count.solutions, n, "count under a budget");
            if exact {
                // Under a budget a count enters every node.
                let on_cells = whole_coverings(&solver);
                count_stats(solver.stats(), &entering, on_cells, "count under a budget");
            }
        }
        _ => assert!(count.solutions <= n && budget <= tree_nodes),
    }
    solver.set_budget(Budget::UNLIMITED);
    assert!(solver.links_match(problem), "links restored");
}

/// Runs `check` on `cases` problems drawn from `strategy`, each also
/// against the brute-force oracle, and returns the tally.
fn run(strategy: impl Strategy<Value = Spec>, cases: u32) -> Tally {
    let tally = Mutex::new(Tally::default());
    let mut runner = TestRunner::new(Config {
        source_file: Some(file!()),
        ..Config::with_cases(cases)
    });
    let inputs = (strategy, any::<u64>(), 0u64..6, 0usize..3, any::<usize>());
    runner
        .run(&inputs, |(spec, seed, quarters, depth, pick)| {
            let problem = spec.build();
            let reference = reference::search(&problem, &[], Options::default());
            prop_assert_eq!(set(&reference), brute_force(&spec), "the reference itself");
            check(
                &problem,
                seed,
                quarters,
                depth,
                pick,
                &mut tally
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner),
            );
            Ok(())
        })
        .unwrap();
    tally
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The share of ambiguous problems the checks tolerate: about one random
/// problem in 200 here (the links miss a doom on fewer, `Stats::updates`:
/// [`Reference::ambiguous`] counts every covering where they might), so at
/// most one in 20, and two.
pub(crate) fn few_ambiguous(tally: &Tally) {
    assert!(
        tally.ambiguous <= tally.full / 20 + 2,
        "statistics skipped on too many problems: {tally:?}"
    );
}

#[test]
fn exact_cover_agrees_with_the_reference() {
    let tally = run(spec_strategy(0, false), 400);
    assert_eq!(tally.multiplicities, 0);
    few_ambiguous(&tally);
}

#[test]
fn colors_agree_with_the_reference() {
    let tally = run(spec_strategy(2, false), 400);
    assert_eq!(tally.multiplicities, 0);
    few_ambiguous(&tally);
}

#[test]
fn multiplicities_agree_with_the_reference() {
    let tally = run(any_spec(), 300);
    assert!(tally.multiplicities >= 100, "{tally:?}");
    assert!(tally.full >= 50, "{tally:?}");
    few_ambiguous(&tally);
}

/// The files of `data/exact-cover` small enough for the reference (the
/// others have from 300,000 nodes up: minutes for it), and small instances
/// of the examples' problems, of each kind.
#[test]
fn example_problems_agree_with_the_reference() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/exact-cover");
    let mut problems = Vec::new();
    for file in ["knuth-example.dlx", "knuth-colors.dlx"] {
        let text = std::fs::read_to_string(dir.join(file)).expect("an example file");
        problems.push(NamedProblem::parse(&text).expect("a valid file"));
    }
    problems.push(n_queens::n_queens(6));
    problems.push(langford::langford(7));
    problems.push(latin_squares::latin_squares(3));
    problems.push(de_bruijn::de_bruijn(2, 3));
    problems.push(binary_matrices::binary_matrices(3, 1, 2));
    problems.push(zebra::zebra());
    let mut tally = Tally::default();
    for (k, named) in problems.iter().enumerate() {
        check(named.problem(), k as u64, 3, k % 3, k, &mut tally);
    }
    assert_eq!(tally.full, 7, "{tally:?}");
    assert_eq!(tally.multiplicities, 1, "{tally:?}");
}
